"""Fast move scores on a full line-game state and the model of play.

Used inside search, so nothing here allocates per move: scores read the
line-game state in place (``loc``, ``ends``, ``nplayed``, ``turn``) and the
tile tables. The same score serves three purposes: the playout policy of
Hard (:mod:`.playout`, which computes it from suit counts and, in block play,
adds :data:`W_BLOCK` for a play that blocks the next seat and, with three
sides, :data:`W_AFTER` for one that blocks the seat after it), the model of how
other players choose (the likelihood of a seen play, which weights sampled
deals) and the base of Medium's score (:mod:`.medium`). Hands are valued by
:func:`domino.ai.endgame.value`.
"""

from ..game import SPECIAL
from .. import tiles
from ..ai import exp_table, softmax_loglik  # noqa: F401  (exp_table: the interface)

_HI = tiles.HI
_LO = tiles.LO
_SUIT = tiles.SUIT
_ROW = tiles.SUIT_ROW


# weights: per pip, a double, keeping a tile of the new end, per such tile
SCORE_W = [2, 7, 5, 1]
# playouts in block play, past the lead: a play after which the next seat holds
# no tile of either end (docs/ai-measured.md)
W_BLOCK = 25
# ... and with three sides or more (each for himself: every other seat an
# opponent), a play after which the seat after the next holds none (docs/ai-measured.md)
W_AFTER = 6


def score(g, seat, mv, W=SCORE_W):
    """How much a generic good player likes move ``mv`` for ``seat``: shed heavy
    tiles and doubles, and keep a tile to follow the end this play opens
    (weights ``W``: :data:`SCORE_W`'s order)."""
    if mv >= SPECIAL:
        return 0
    t = mv >> 2
    hi = _HI[t]
    lo = _LO[t]
    sc = (hi + lo) * W[0]
    if hi == lo:
        sc += W[1]
    if g.nplayed:
        v = hi + lo - g.ends[mv & 3]
    else:
        v = hi
    loc = g.loc
    base = v * _ROW
    k = 0
    for j in range(g.nset + 1):
        u = _SUIT[base + j]
        if loc[u] == seat and u != t:
            k += 1
    if k:
        sc += W[2] + W[3] * k
    return sc


def play_gain(g, mv, side):
    """Points ``side`` scores during play by ``mv`` (games that score as they go)."""
    before = g.hand_scores()[side]
    g.apply(mv)
    after = g.hand_scores()[side]
    g.undo()
    return after - before


def loglik(g, buf, sbuf, seat, mv, etab, scoring, eps=0.0):
    """Log-probability that ``seat`` chose ``mv`` here under a softmax of
    :func:`score` (the general model of play) with the weights ``etab``
    (:func:`domino.ai.exp_table`), mixed with a uniform choice of weight
    ``eps`` (a player may follow none of the model's reasons;
    :func:`domino.ai.softmax_loglik`). ``buf``/``sbuf``: scratch lists of
    :data:`~domino.game.MAX_MOVES` slots for the moves and scores."""
    n = g.legal_moves(buf)
    if n < 2:
        return 0.0
    side = g.side(seat) if scoring else 0
    gain = g.play_points if scoring and seat == g.turn else None
    for i in range(n):
        sc = score(g, seat, buf[i])
        if gain is not None:
            sc += 4 * gain(buf[i])
        elif scoring:
            sc += 4 * play_gain(g, buf[i], side)
        sbuf[i] = sc
    return softmax_loglik(buf, sbuf, n, mv, etab, eps)
