"""The fast policy of Loo play on a full hand state, and the model of play built on it.

:func:`scores` rates every legal move of the seat to act (the way a plain
good player plays): keep or take miss by the hand's trumps and doubles, the
dealer gives his weakest piece for the turn-up (a trump), discard the
weakest; lead the strongest piece (a plain piece announced by its lower end,
where it ranks highest); follow by winning with the cheapest piece that
wins, else playing the least useful piece. Hard's playouts
(:func:`rollout`) take the best score for every seat; the model of play
(:func:`loglik`) is a softmax of the same scores and weighs sampled deals by
how likely the other seats' seen plays were. Reads the search game's state
in place (``loc``, ``trump``, ``phase``, the trick) and allocates nothing per move.
"""

from .. import tiles
from ..ai import exp_table, softmax_loglik  # noqa: F401  (exp_table: the interface)
from ..loo import (PIECES, FOLLOW, DISCARD, EXCHANGE, KEEP, MISS, PLAY, DISCARDING, PASSED, POOLED,
                   trick_rank)

_HI = tiles.HI
_LO = tiles.LO
_SB = [0] * 64  # the rollout's scores (MAX_MOVES slots)
_PTS = [0] * 4  # points() per seat
POOL_LOO = 0  # points() of a loo in pool play: its cost depends on the pool, which no observation holds


def keepval(t, trump):
    """How much a piece is worth keeping: a trump 16..23 (by rank), a double
    8 + its number, else its higher end."""
    hi = _HI[t]
    lo = _LO[t]
    if hi == trump or lo == trump:
        return 23 if hi == lo else 16 + hi + lo - trump
    if hi == lo:
        return 8 + hi
    return hi


def trick_best(g):
    """The rank of the best piece in the trick in progress (-1 if none)."""
    start = g.ntricks * g.nactive
    suit = g.tsuit[g.ntricks]
    best = -1
    for j in range(start, g.nplayed):
        r = trick_rank(g.played[j], suit, g.trump)
        if r > best:
            best = r
    return best


def scores(g, buf, n, sbuf):
    """Write into ``sbuf[0:n]`` the policy's score of each legal move ``buf[0:n]``
    of the seat to act at ``g`` (module doc); higher is better."""
    trump = g.trump
    seat = g.turn
    ph = g.phase
    if ph == PLAY:
        if g.nplayed == g.ntricks * g.nactive:  # a lead: the strongest piece
            for i in range(n):
                mv = buf[i]
                sbuf[i] = 2 * trick_rank(mv >> 3, mv & 7, trump)
            return
        suit = g.tsuit[g.ntricks]
        best = trick_best(g)
        for i in range(n):
            t = buf[i] - FOLLOW
            r = trick_rank(t, suit, trump)
            if r > best:  # wins for now: the cheapest that wins
                sbuf[i] = 44 - (r - best)
            else:  # the least useful piece
                sbuf[i] = 20 - keepval(t, trump)
        return
    loc = g.loc
    if ph == DISCARDING:
        for i in range(n):
            sbuf[i] = 30 - keepval(buf[i] - DISCARD, trump)
        return
    # DECIDE: keep unless no trump and no double; the dealer's exchange
    good = 0
    for t in range(PIECES):
        if loc[t] == seat and (_HI[t] == trump or _LO[t] == trump or _HI[t] == _LO[t]):
            good += 1
    up = keepval(g.turnup, trump)
    for i in range(n):
        mv = buf[i]
        if mv == KEEP:
            sc = 20
        elif mv == MISS:
            sc = 30 if good == 0 else 10
        elif EXCHANGE <= mv < KEEP:
            sc = 20 + up - keepval(mv - EXCHANGE, trump)
        else:  # pool play: pass or play for the pool
            sc = 0
        sbuf[i] = sc


def rollout(g, buf, rng, scoring, cnt):
    """Play ``g`` to the end of the hand, every seat by the best of
    :func:`scores` (first among equals); return the number of moves made.
    ``rng``, ``scoring`` and ``cnt`` (the interface's) are not needed."""
    depth = 0
    sbuf = _SB
    while not g.over:
        n = g.legal_moves(buf)
        mv = buf[0]
        if n > 1:
            scores(g, buf, n, sbuf)
            top = sbuf[0]
            for i in range(1, n):
                if sbuf[i] > top:
                    top = sbuf[i]
                    mv = buf[i]
        g.apply(mv)
        depth += 1
    return depth


def loglik(g, buf, sbuf, seat, mv, etab, scoring, eps=0.0):
    """Log-probability that ``seat`` chose ``mv`` at ``g`` under a softmax of
    :func:`scores` (weights ``etab``), mixed with a uniform choice of weight
    ``eps`` (:func:`domino.ai.softmax_loglik`); ``buf``/``sbuf`` scratch lists
    of MAX_MOVES slots."""
    n = g.legal_moves(buf)
    if n < 2:
        return 0.0
    scores(g, buf, n, sbuf)
    return softmax_loglik(buf, sbuf, n, mv, etab, eps)


def points(g):
    """Each seat's points of the ended hand ``g`` for search, without building
    its result: its tricks, or -5 when looed (it played and took none), as the
    result's points; in pool play a loo :data:`POOL_LOO` (what a loo costs there
    depends on the pool, which the observation does not show), a seat that
    passed or played for the pool 0, and the dealer 5 when every seat before
    him passed (he takes the pool: five tricks' worth). The same list each call."""
    pts = _PTS
    st = g.status
    for s in range(g.players):
        k = g.tricks[s]
        if st[s] == PASSED or st[s] == POOLED:
            k = 0
        elif k == 0:
            k = (POOL_LOO if g.pool else -5) if g.ntricks else (5 if s == g.dealer else 0)
        pts[s] = k
    return pts
