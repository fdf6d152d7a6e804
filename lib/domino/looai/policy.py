"""The fast policy of Loo play on a full hand state, and the model of play built on it.

:func:`scores` rates every legal move of the seat to act as Medium
(:mod:`.medium`) plays, made cheap for playouts: keep, exchange or take miss
by Medium's fitted hand model (the tables are here); after a miss keep trumps
and doubles by worth and, of the plain pieces, discard the one with fewest
mates; in play lead or win with the piece of least worth that no seat still
to play beats, else play the least useful piece. Where Medium reckons the
chance that a piece wins from what its seat has seen, the playout reads the
other hands of the deal it plays (:func:`_tops`: each other seat's pieces,
found by its byte in ``loc``, once a lead or a follow with seats still to
play). Hard's playouts (:func:`rollout`) take the best score for every seat; the model of play
(:func:`loglik`) is a softmax of the same scores and weighs sampled deals by
how likely the other seats' seen plays, keeps and misses were (a seat that
kept likely holds a hand the model would keep). Reads the search game's state
in place (``loc``, ``trump``, ``phase``, the trick) and allocates nothing per move
but the pair :func:`pieces_worth` (Medium's hand model) returns when a seat keeps
or misses."""

import math
from .. import tiles
from ..ai import exp_table, softmax_loglik  # noqa: F401  (exp_table: the interface)
from ..loo import (PIECES, FOLLOW, DISCARD, EXCHANGE, KEEP, MISS, DECIDE, PLAY, DISCARDING, PASSED,
                   POOLED, KEPT, MISSED, SEAT_B, trick_rank)

_HI = tiles.HI
_LO = tiles.LO
_SB = [0] * 64  # the rollout's scores (MAX_MOVES slots)
_PTS = [0] * 4  # points() per seat
# Medium's model (:mod:`.medium`, which reads it from here): a hand's worth kept
# and the miss's, in tenths of a point against the mean of the others at the
# table (tricks, and loos as play turns out), one model per table size (2, 3, 4
# players): a trump by rank (its other end 0..6, the double 7), each other
# double, holding 1 / 2 / 3 or more trumps, the dealer, the base; then the miss:
# not dealing, dealing, per seat that kept before, per seat that took a miss
# before. Fitted by least squares to the points of keeping and of the miss played
# out from the same deals (Medium against the club player; deal seeds apart from
# the tuning and report sets).
_MODEL2 = (4, 8, 14, 21, 25, 34, 40, 61, 11, 4, 30, 44, 7, -89, -21, -14, -14, 0)
_MODEL3 = (11, 13, 12, 15, 21, 25, 33, 60, 7, -5, 17, 32, 7, -65, -15, -4, -10, 4)
_MODEL4 = (13, 12, 13, 16, 20, 23, 29, 63, 6, -9, 10, 27, 8, -52, 3, 7, -9, 0)
DECIDE_T = 10  # the model of a keep or a miss: tenths of a point a factor e (docs/ai-measured.md)
POOL_LOO = 0  # points() of a loo in pool play: its cost depends on the pool, not observed


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


_ALL = range(PIECES)


def pieces_worth(tiles, trump, m, loc=None, seat=0):
    """The worth of the pieces ``tiles`` (given ``loc``, those of them at ``seat``)
    by the hand model ``m`` (each trump by its rank, another double), tenths of
    a point, and how many trumps they hold."""
    v = 0
    k = 0
    for t in tiles:
        if loc is not None and loc[t] != seat:
            continue
        hi = _HI[t]
        lo = _LO[t]
        if hi == trump or lo == trump:
            v += m[7 if hi == lo else hi + lo - trump]
            k += 1
        elif hi == lo:
            v += m[8]
    return v, k


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

_MX = bytearray(32)  # per seat and suit (0..6, trump 7): the best rank it holds + 1 (0: void)
_MX0 = bytes(32)  # (_tops clears _MX from it)


def _tops(g, seat):
    """Fill ``_MX`` from the hands of the seats other than ``seat`` as this deal
    has them (the playout's world: every seat plays as if it saw them)."""
    mx = _MX
    mx[:] = _MX0
    loc = g.loc
    trump = g.trump
    for s in range(g.players):
        if s == seat:
            continue
        b = s << 3
        sb = SEAT_B[s]
        t = loc.find(sb)
        while t >= 0:
            hi = _HI[t]
            lo = _LO[t]
            if hi == trump or lo == trump:
                r = 24 if hi == lo else 17 + hi + lo - trump
                if r > mx[b + 7]:
                    mx[b + 7] = r
            else:
                r = 8 if hi == lo else lo + 1
                if r > mx[b + hi]:
                    mx[b + hi] = r
                r = 8 if hi == lo else hi + 1
                if r > mx[b + lo]:
                    mx[b + lo] = r
            t = loc.find(sb, t + 1)


def _beaten(g, seat, suit, rank, later):
    """Whether one of the ``later`` seats to play after ``seat`` beats ``rank``
    in a trick of ``suit`` (:func:`_tops` filled): a higher piece of the suit,
    or void in it, a higher trump."""
    mx = _MX
    P = g.players
    st = g.status
    s = seat
    rank += 1
    while later > 0:
        s = s + 1 if s + 1 < P else 0
        if st[s] == PASSED:
            continue
        later -= 1
        b = s << 3
        if mx[b + suit] > rank or (not mx[b + suit] and mx[b + 7] > rank):
            return True
    return False


def scores(g, buf, n, sbuf):
    """Write into ``sbuf[0:n]`` the policy's score of each legal move ``buf[0:n]``
    of the seat to act at ``g`` (module doc); higher is better."""
    trump = g.trump
    seat = g.turn
    ph = g.phase
    if ph == PLAY:
        # lead or win with the piece of least worth that no later seat beats,
        # else play the least useful piece
        lead = g.nplayed == g.ntricks * g.nactive
        later = g.nactive - 1 - (g.nplayed - g.ntricks * g.nactive)
        if later:
            _tops(g, seat)
        if not lead:
            suit = g.tsuit[g.ntricks]
            best = trick_best(g)
        for i in range(n):  # (keepval and trick_rank inline: a trump's worth is its rank)
            mv = buf[i]
            if lead:
                t = mv >> 3
                suit = mv & 7
                best = -1
            else:
                t = mv - FOLLOW
            hi = _HI[t]
            lo = _LO[t]
            if hi == trump or lo == trump:
                kv = r = 23 if hi == lo else 16 + hi + lo - trump
            else:
                kv = 8 + hi if hi == lo else hi
                r = (7 if hi == lo else hi + lo - suit) if hi == suit or lo == suit else -1
            if r > best and not (later and _beaten(g, seat, suit, r, later)):
                sbuf[i] = 64 - kv
            else:
                sbuf[i] = 8 - kv // 2
        return
    loc = g.loc
    if ph == DISCARDING:  # trumps and doubles kept by worth; of plain pieces the fewest mates go
        for i in range(n):
            t = buf[i] - DISCARD
            kv = keepval(t, trump)
            hi = _HI[t]
            lo = _LO[t]
            k = 0
            if kv <= 6:
                for j in range(n):
                    u = buf[j] - DISCARD
                    if u != t and _HI[u] != trump and _LO[u] != trump and (
                            _HI[u] == hi or _LO[u] == hi or _HI[u] == lo or _LO[u] == lo):
                        k += 1
            sbuf[i] = (24 - (kv if kv > 6 else 3)) * 4 - (k if k < 3 else 3)
        return
    # DECIDE: Medium's hand model, in its units (medium.VUNIT 3 a tenth of a point)
    m = _MODEL2 if g.players == 2 else _MODEL3 if g.players == 3 else _MODEL4
    dl = 1 if seat == g.dealer else 0
    v, k = pieces_worth(_ALL, trump, m, loc, seat)
    v += m[13] + m[12] * dl  # the hand kept, less its trumps' count
    u = g.turnup
    up = m[7 if _HI[u] == _LO[u] else _HI[u] + _LO[u] - trump]
    st = g.status
    for i in range(n):
        mv = buf[i]
        if mv == KEEP:
            sc = (v + (0 if not k else m[8 + k] if k < 3 else m[11])) * 3
        elif mv == MISS:
            sc = m[14 + dl]
            for s in range(g.players):
                if st[s] == KEPT:
                    sc += m[16]
                elif st[s] == MISSED:
                    sc += m[17]
            sc *= 3
        elif EXCHANGE <= mv < KEEP:  # the turn-up (a trump) for the piece; of equals the lowest
            t = mv - EXCHANGE
            hi = _HI[t]
            lo = _LO[t]
            k2 = k + 1
            sc = v + up
            if hi == trump or lo == trump:
                sc -= m[7 if hi == lo else hi + lo - trump]
                k2 -= 1
            elif hi == lo:
                sc -= m[8]
            kv = keepval(t, trump)
            sc = (sc + (m[8 + k2] if k2 < 3 else m[11])) * 3 + (2 if kv < 5 else 1 if kv < 6 else 0)
        else:  # pool play: keep or take miss rather than pass
            sc = -30000
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
    :func:`scores`: before play (keep, miss, exchange) by the hand model's
    worths, :data:`DECIDE_T` tenths of a point a factor e; else with the
    weights ``etab``, mixed with a uniform choice of weight ``eps``
    (:func:`domino.ai.softmax_loglik`). ``buf``/``sbuf`` scratch lists of MAX_MOVES slots."""
    n = g.legal_moves(buf)
    if n < 2:
        return 0.0
    scores(g, buf, n, sbuf)
    if g.phase != DECIDE:
        return softmax_loglik(buf, sbuf, n, mv, etab, eps)
    top = sbuf[0]
    for i in range(1, n):
        if sbuf[i] > top:
            top = sbuf[i]
    tot = 0.0
    mine = 0.0
    for i in range(n):
        e = (sbuf[i] - top) / (3.0 * DECIDE_T)  # the scores: 3 a tenth of a point
        tot += math.exp(e)
        if buf[i] == mv:
            mine = e
    return mine - math.log(tot)


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
