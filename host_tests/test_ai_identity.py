"""The AI chooses exactly the moves of the stored reference (``tools/ai_identity.py``):
Easy, Medium and Hard on seeded positions of every game and seat count."""

import ai_identity


def test_moves_as_the_reference():
    with open(ai_identity.REF) as f:
        want = f.read().split("\n")[:-1]
    got = list(ai_identity.lines())
    assert len(got) == len(want)
    diff = [(w, g) for w, g in zip(want, got) if w != g]
    assert not diff, "%d of %d positions differ, first: %r" % (len(diff), len(got), diff[:3])
