"""Each side's chance to win the match, for Hard's playouts in a match.

A race model, from the match's standing (``Observation.standing``) and a
hand's points: over the hands still to come each side's score moves about
``sd`` (the spread of two sides' difference in one hand) times the square
root of their number; that number is what the leader needs at ``pace`` a
hand, at most the hands ``left`` before a limit, at least half a hand. A
side's chance is a softmax of how many such spreads it trails the leader
(two sides: a logistic near the normal's); a side alone ahead at or past the
target, or when no hand is left, has won. ``pace`` and ``sd`` are the
family's, in tenths of a point, measured in club players' matches
(``tools/match_length.py --player club``). All in integers: the device and
the host agree.
"""

# exp(-k / 10) per mille, k = 0..76 (0 beyond)
_EXPN = (1000, 905, 819, 741, 670, 607, 549, 497, 449, 407, 368, 333, 301, 273, 247, 223,
         202, 183, 165, 150, 135, 122, 111, 100, 91, 82, 74, 67, 61, 55, 50, 45, 41, 37, 33,
         30, 27, 25, 22, 20, 18, 17, 15, 14, 12, 11, 10, 9, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3,
         3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
_FAR = 1 << 20  # hands to go (hundredths) with no pace


def _isqrt(n):
    """The integer square root of ``n`` >= 0."""
    if n < 2:
        return n
    x = n
    y = (x + 1) >> 1
    while y < x:
        x = y
        y = (x + n // x) >> 1
    return x


def chances(pts, standing, pace, sd, left, out):
    """Per mille, into ``out`` (one slot a side; returned): each side's chance
    to win the match once the hand's points ``pts`` (per side) are added to the
    scores of ``standing`` (``(target, hands played, scores)``), with ``left``
    hands at most after this one (-1: no limit)."""
    target = standing[0]
    scores = standing[2]
    n = len(scores)
    top = -_FAR
    k = 0
    for i in range(n):
        s = scores[i] + pts[i]
        out[i] = s
        if s > top:
            top = s
            k = 1
        elif s == top:
            k += 1
    if k == 1 and (top >= target or left == 0):
        for i in range(n):
            out[i] = 1000 if out[i] == top else 0
        return out
    if top >= target:  # a tie at the top: the next hand decides
        h = 0
    else:  # hundredths of a hand
        h = (target - top) * 1000 // pace if pace > 0 else _FAR
    if 0 <= left and h > left * 100:
        h = left * 100
    if h < 50:
        h = 50
    c = sd * _isqrt(h * 100)  # the spread still to come, thousandths of a point
    tot = 0
    for i in range(n):
        x = 17000 * (top - out[i]) // c  # tenths of 1.7 spreads behind the leader
        w = _EXPN[x] if x < 77 else 0
        out[i] = w
        tot += w
    for i in range(n):
        out[i] = out[i] * 1000 // tot
    return out
