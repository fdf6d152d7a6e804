"""A match between hands as a few small ints, for saves.

With the game, players, seed, target and options a :class:`domino.match.Match`
was made with, :func:`snapshot` (hand number, restarts, PRNG state, scores) is
enough to deal the next hand and score on exactly as the match would, so a save
holds this and the moves of the hand in play instead of every move since the
match began. A module of its own so that a match costs no RAM for it unless
the program saves.
"""


def snapshot(match):
    """``[hand_no, restarts, rng s0, rng s1, scores...]``: each 0..65535."""
    return [match.hand_no, match.restarts, match.rng.s0, match.rng.s1] + list(match.scores)


def restore(match, snap):
    """Continue ``match`` (fresh, made with the same arguments) from ``snap``;
    ValueError and no change if ``snap`` does not fit it."""
    if len(snap) != 4 + len(match.scores):
        raise ValueError("snapshot: %d fields, this match needs %d" % (len(snap), 4 + len(match.scores)))
    for v in snap:
        if type(v) is not int or not 0 <= v <= 0xFFFF:
            raise ValueError("snapshot: field out of range: %r" % (v,))
    if snap[2] == 0 and snap[3] == 0:
        raise ValueError("snapshot: PRNG state cannot be zero")
    match.hand_no = snap[0]
    match.restarts = snap[1]
    match.rng.s0 = snap[2]
    match.rng.s1 = snap[3]
    for i in range(len(match.scores)):
        match.scores[i] = snap[4 + i]
    match.game = None
