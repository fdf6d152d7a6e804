"""Hard's playouts of a block-play hand on the bitmask solver's state.

The same playout as :func:`.playout.rollout` (every seat as :func:`.policy.score`
says, plus :data:`.policy.W_BLOCK` for a play that blocks the next seat and, with
three sides, :data:`.policy.W_AFTER` for one that blocks the seat after it; ties to
the first move in ``legal_moves``' order: the same moves and the
same value, tested), without the game's ``apply``/``undo``: the hands are copied
once into a :class:`~.blockend.BlockSolver`'s masks and played there, at under
half the time a move (the emulated Pico: 0.21 to 0.24 ms against 0.50). Imported
only for block-play games (:meth:`.search.LineSearch.fast_playout`), so that the others
keep its code off the heap.
"""

from ..ai.endgame import value, spread
from .blockend import BIT_INDEX
from .policy import SCORE_W, W_BLOCK, W_AFTER


def playout(sv, g, side, nsides, bad, cnt):
    """The value of ``g`` for ``side`` (:func:`~domino.ai.endgame.value`) once
    the hand is played to its end by the playouts' fast policy (module doc) on
    the masks of ``sv``, a :class:`~.blockend.BlockSolver`; None if the hands
    hold more tiles than the masks. ``g`` is not changed; ``sv.nodes`` is the
    number of moves made (passes included). ``cnt``: scratch of at least
    ``players * 13`` bytes."""
    sv.nodes = 0
    if g.over:
        return value(g, side, nsides, bad)
    if sv.load(g, side, cnt) < 0:
        return None
    sums = sv.sums
    lo = sv.stack  # (the lower pips, by load: a playout pushes no moves)
    suit = sv.suit
    hand = sv.hand
    pips = sv.pips
    log = BIT_INDEX
    w0, w1, w2, w3 = SCORE_W
    wb = W_BLOCK
    players = g.players
    wa = W_AFTER if nsides > 2 else 0  # (each for himself)
    seat = g.turn
    passes = g.passes
    e0 = g.ends[0]
    e1 = g.ends[1]
    won = -1
    moves = 0
    while True:
        moves += 1
        h = hand[seat]
        c = seat * 13
        nc = c + 13 if seat + 1 < players else 0
        na = nc + 13 if nc + 13 < players * 13 else 0  # the seat after the next's counts
        best = -1
        bt = ba = 0
        # arm 1 then arm 0, heaviest tile first, the last best kept: the first
        # best in legal_moves' order (arm 0 then 1, lightest tile first)
        a = 0 if e0 == e1 else 1
        while a >= 0:
            e = e1 if a else e0
            m = h & suit[e]
            while m:
                b = m & -m
                m ^= b
                t = log[b % 37]
                s = sums[t]
                sc = s * w0
                if s == lo[t] << 1:
                    sc += w1
                k = cnt[c + s - e] - 1
                if k:
                    sc += w2 + w3 * k
                oe = e0 if a else e1
                if not cnt[nc + s - e] and not cnt[nc + oe]:
                    sc += wb
                if wa and not cnt[na + s - e] and not cnt[na + oe]:
                    sc += wa
                if sc >= best:
                    best = sc
                    bt = t
                    ba = a
            a -= 1
        if best < 0:
            passes += 1
            if passes >= players:
                break
        else:
            h ^= 1 << bt
            hand[seat] = h
            s = sums[bt]
            pips[seat] -= s
            k = lo[bt]
            cnt[c + k] -= 1
            if s != k << 1:
                cnt[c + s - k] -= 1
            if ba:
                e1 = s - e1
            else:
                e0 = s - e0
            passes = 0
            if not h:
                won = seat
                break
        seat = seat + 1 if seat + 1 < players else 0
    sv.nodes = moves
    g.points_from(pips, won, sv.pts)
    return spread(sv.pts, side, nsides, bad)
