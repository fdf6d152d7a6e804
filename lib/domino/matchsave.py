"""A match between hands as a few small ints, for saves.

With the game, players, seed, target and options a :class:`domino.match.Match`
was made with, :func:`snapshot` (hand number, restarts, PRNG state, scores,
the game's carried ``extra``) is enough to deal the next hand and score on
exactly as the match would, so a save holds this and the moves of the hand in
play instead of every move since the match began. A module of its own so that
a match costs no RAM for it unless the program saves.

Every field is stored as 0..65535. Scores and ``extra`` are signed 16-bit
ints (Loo's scores go below zero), stored in two's complement: a line game's
scores (never negative, far below 32768) are stored exactly as before, and a
line game has no ``extra``, so its old snapshots restore as they always did.
"""


def _unsigned(v):
    if type(v) is not int or not -32768 <= v <= 32767:
        raise ValueError("snapshot: %r does not fit a signed 16-bit field" % (v,))
    return v & 0xFFFF


def snapshot(match):
    """``[hand_no, restarts, rng s0, rng s1, scores..., extra...]``: each 0..65535
    (scores and extra in two's complement); ValueError if a score or extra
    value does not fit 16 signed bits."""
    out = [match.hand_no, match.restarts, match.rng.s0, match.rng.s1]
    for v in match.scores:
        out.append(_unsigned(v))
    for v in getattr(match, "extra", ()):
        out.append(_unsigned(v))
    return out


def restore(match, snap):
    """Continue ``match`` (fresh, made with the same arguments) from ``snap``;
    ValueError and no change if ``snap`` does not fit it."""
    ns = len(match.scores)
    extra = getattr(match, "extra", [])
    need = 4 + ns + len(extra)
    if len(snap) != need:
        raise ValueError("snapshot: %d fields, this match needs %d" % (len(snap), need))
    for v in snap:
        if type(v) is not int or not 0 <= v <= 0xFFFF:
            raise ValueError("snapshot: field out of range: %r" % (v,))
    if snap[2] == 0 and snap[3] == 0:
        raise ValueError("snapshot: PRNG state cannot be zero")
    match.hand_no = snap[0]
    match.restarts = snap[1]
    match.rng.s0 = snap[2]
    match.rng.s1 = snap[3]
    for i in range(ns):
        v = snap[4 + i]
        match.scores[i] = v - 65536 if v >= 32768 else v
    for i in range(len(extra)):
        v = snap[4 + ns + i]
        extra[i] = v - 65536 if v >= 32768 else v
    match.game = None
