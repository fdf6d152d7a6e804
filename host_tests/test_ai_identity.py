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


UNLOAD = """
import sys
from domino import ai, games
cls = games.load(0)
for rnd in range(2):
    for seed in range(3):
        g = cls(4, seed + 60)
        p = ai.new_player(2, 5)
        p.prepare(cls, g.observation(g.turn))
        for _ in range(5):
            mv = p.choose(cls, g.observation(g.turn))
            print("M", rnd, seed, mv)
            g.play(mv)
    p = None
    ai.unload()
    left = [k for k in sys.modules if k.startswith("domino.") and k.split(".")[1].endswith("ai")
            and k != "domino.ai"]
    print("M left", rnd, len(left), "lineai" in dir(sys.modules["domino"]))
"""


def test_forgetting_the_ai_modules_changes_no_move(modules_restored):
    """ai.unload forgets the levels' and families' modules (the device does it on
    the title) and the next player, imported again, plays the same moves, under
    MicroPython as under CPython (there the other tests keep the modules they imported:
    ``modules_restored``)."""
    import pytest
    import mpwasm as mp
    try:
        mp.check_available()
    except mp.MicroPythonUnavailable as e:
        pytest.fail(str(e))
    got = [ln for ln in mp.run(setup=UNLOAD, measure=False, timeout=600).stdout.splitlines()
           if ln.startswith("M ")]
    lines = []
    exec(UNLOAD, {"print": lambda *a: lines.append(" ".join(str(x) for x in a))})
    assert got == lines
    moves = [ln.split(" ", 2)[2] for ln in lines if not ln.startswith("M left")]
    assert len(moves) == 30 and moves[:15] == moves[15:]
    assert [ln for ln in lines if ln.startswith("M left")] == ["M left 0 0 False", "M left 1 0 False"]
