"""Domino Loo's scoring and money: a hand's result, and what it does to the match.

Plain scoring: a point a trick, a loo five back, to a target. Pool play: the
stakes, the pool shared a fifth a trick, the loos paid into the next pool
(the readings: :mod:`domino.loo`'s docstring). :class:`domino.loo.Loo`'s
``result``, ``match_start`` and ``settle`` call these, importing this module
when a hand ends or a match starts: play does not hold it.
"""

from .game import HandResult
from .rng import Rng
from . import tiles
from .loo import (PASSED, POOLED, PIECES, NTRICKS, END_TRICKS, END_TAKEN, CALL_LOO, LOO_POINTS,
                  config)


def rounds(target, players):
    """Hands in a match of ``target`` hands: rounded up to whole rounds of the deal."""
    return (target + players - 1) // players * players


def result(g):
    """Tricks, loos and points of the ended hand (plain scoring: a point a
    trick, a loo -5; pool play: the tricks taken for oneself, which
    :func:`settle` turns into money). Besides the contract's fields:
    ``tricks`` (per seat), ``looed``, ``passed`` (lists of seats),
    ``for_pool`` (the dealer playing for the pool, or -1), ``dealer``, ``pool``,
    ``last`` (the winner of the last trick, -1 if none was played)."""
    if not g.over:
        raise ValueError("the hand is not over")
    n = g.players
    st = g.status
    d = g.dealer
    tricks = list(g.tricks)
    passed = [s for s in range(n) if st[s] == PASSED]
    for_pool = d if st[d] == POOLED else -1
    points = [0] * n
    looed = []
    if g.ntricks == 0:
        end = END_TAKEN
        winner = d
        text = "all passed: @%d takes the pool" % d
    else:
        end = END_TRICKS
        parts = []
        for s in range(n):
            if st[s] == PASSED:
                parts.append("@%d passed" % s)
            elif s == for_pool:
                parts.append("@%d took %d for the pool" % (s, tricks[s]))
            elif tricks[s] == 0:
                looed.append(s)
                parts.append("@%d took none" % s)
                points[s] = 0 if g.pool else -LOO_POINTS
            else:
                parts.append("@%d took %d" % (s, tricks[s]))
                points[s] = tricks[s]
        text = "tricks: " + ", ".join(parts)
        best = max(points)
        winner = points.index(best) if points.count(best) == 1 and best > 0 else -1
    r = HandResult(end, winner, winner, None, points, CALL_LOO if looed else "", text)
    r.tricks = tricks
    r.looed = looed
    r.passed = passed
    r.for_pool = for_pool
    r.dealer = d
    r.pool = g.pool
    r.last = g.twin[NTRICKS - 1] if g.ntricks == NTRICKS else -1
    return r


def match_start(match):
    """Each player draws a piece (``match.lead_draw``, from the match's seed):
    the lowest has the first lead (``match.first_leader``). In pool play the
    first hand's stakes go into the pool (``match.extra[0]``)."""
    n = match.players
    deck = bytearray(range(PIECES))
    Rng(match.seed ^ 0x1005).shuffle(deck)
    drawn = list(deck[:n])
    low = 0
    for s in range(1, n):
        if tiles.rank_key(drawn[s]) < tiles.rank_key(drawn[low]):
            low = s
    match.lead_draw = drawn
    match.first_leader = low
    pool, stake = config(n, match.options)
    if pool:
        d = (low - 1) % n
        for s in range(n):
            match.scores[s] -= stake * 2 if s == d else stake
        match.extra = [stake * (n + 1)]
    else:
        match.extra = []

def settle(match, result):
    """Plain: add the points; the match ends when the highest score has
    reached the target (with four players, or the hands of a pool match
    are played) and is not shared. Pool play: pay each trick a fifth
    of the pool, take the loos, stake the next pool (``match.extra[0]``);
    ``result.points`` becomes each player's winnings less his loo, and the
    pool's movements are added to ``result.summary``."""
    scores = match.scores
    n = match.players
    if not result.pool:
        for s in range(n):
            scores[s] += result.points[s]
        best = max(scores)
        if scores.count(best) == 1 and (best >= match.target
                                        or n == 4 and match.hand_no + 1 >= rounds(match.target, n)):
            match.over = True
            match.winner = scores.index(best)
        return
    stake = config(n, match.options)[1]
    pot = match.extra[0]
    fifth = pot // 5
    delta = [0] * n
    if result.end == END_TAKEN:
        delta[result.dealer] = pot
    else:
        for s in range(n):
            if s != result.for_pool:
                delta[s] = result.tricks[s] * fifth
        if result.last != result.for_pool:  # the odd units go with the last trick
            delta[result.last] += pot - fifth * 5
    left = pot
    for s in range(n):
        left -= delta[s]
    loo = pot if pot < stake * (n + 1) else stake * (n + 1)
    for s in result.looed:
        delta[s] -= loo
    parts = []
    for s in range(n):
        if delta[s]:
            parts.append("@%d %s%d" % (s, "+" if delta[s] > 0 else "", delta[s]))
    text = "; pool %d: %s" % (pot, ", ".join(parts) if parts else "nobody takes")
    if left:
        text += "; %d stays" % left
    for s in range(n):
        scores[s] += delta[s]
    result.points = delta
    best = max(scores)
    if left == 0 and not result.looed and match.hand_no + 1 >= rounds(match.target, n) \
            and scores.count(best) == 1:
        match.over = True
        match.winner = scores.index(best)
        match.extra[0] = 0
        result.summary += text
        return
    nd = (result.dealer + 1) % n
    pot = left + loo * len(result.looed)
    for s in range(n):
        if result.looed:
            k = stake if s == nd else 0
        else:
            k = stake * 2 if s == nd else stake
        scores[s] -= k
        pot += k
    match.extra[0] = pot
    result.summary += text + "; next pool %d" % pot
