"""Playouts: the hand played to its end by the fast policy, for Hard's search.

Every seat chooses as :func:`.policy.score` says (heaviest tile, doubles,
keeping a tile to follow the end it opens; plus points scored in play where
the game scores as it goes; in block play, past the lead, plus
:data:`.policy.W_BLOCK` if the next seat then holds no tile of either end, and
with three sides or more :data:`.policy.W_AFTER` if the seat after it holds
none: in the deal played out every hand is known), from per-seat suit counts kept in a
scratch ``cnt`` instead of a scan of the hand per move: the played tile holds
the new end's suit, so the tiles kept to follow it are that suit's count less
one, and the next seat's counts tell whether it can follow.
In block play (neither ``BONEYARD`` nor ``SCORES_IN_PLAY``, the game's class
flags: two arms, see :mod:`domino.lineai`) the moves are found from the counts too: a seat
with no tile of either end passes without a scan, else only its tiles of
those suits are looked at. Both paths choose exactly as the policy's score
over ``legal_moves`` would (tested).
"""

from ..game import SPECIAL, DRAW, PASS
from .. import tiles
from . import policy

_HI = tiles.HI
_LO = tiles.LO
_SUIT = tiles.SUIT
_ROW = tiles.SUIT_ROW


def _count(cnt, b, t, d):
    # tile t joins (d = 1) or leaves (d = -1) the suit counts at cnt[b:]
    cnt[b + _HI[t]] += d
    if _LO[t] != _HI[t]:
        cnt[b + _LO[t]] += d


def rollout(g, buf, rng, scoring, cnt):
    """Play the hand out with the fast policy (module doc); return the number
    of moves made. ``cnt``: scratch of at least ``players * (nset + 1)`` bytes."""
    w = g.nset + 1
    players = g.players
    loc = g.loc
    HI = _HI  # (locals: the module's tables, looked up once)
    LO = _LO
    SUIT = _SUIT
    for i in range(players * w):
        cnt[i] = 0
    for t in range(len(loc)):
        s = loc[t]
        if s < players:
            b = s * w + HI[t]
            cnt[b] += 1
            if LO[t] != HI[t]:
                cnt[b + LO[t] - HI[t]] += 1
    block = not scoring and not g.BONEYARD
    w0, w1, w2, w3 = policy.SCORE_W
    wb = policy.W_BLOCK
    wa = policy.W_AFTER if block and g.nsides > 2 else 0  # (each for himself)
    ends = g.ends
    gain = g.play_points if scoring else None
    depth = 0
    while not g.over:
        seat = g.turn
        b = seat * w
        if block and g.nplayed:  # moves from the counts (module doc), in legal_moves' order
            nb = b + w if seat + 1 < players else 0  # the next seat's counts: can it follow?
            na = nb + w if nb + w < players * w else 0  # ... and the seat after it's
            n = 0
            for a in range(2):
                e = ends[a]
                m = cnt[b + e]
                if not m or (a and e == ends[0]):
                    continue
                base = e * _ROW
                for j in range(w):
                    t = SUIT[base + j]
                    if loc[t] == seat:
                        buf[n] = (t << 2) | a
                        n += 1
                        m -= 1
                        if not m:
                            break
            if not n:
                buf[0] = PASS
                n = 1
        else:
            n = g.legal_moves(buf)
        mv = buf[0]
        if n > 1:
            best = -1000
            first = g.nplayed == 0
            for i in range(n):
                m = buf[i]
                t = m >> 2
                hi = HI[t]
                lo = LO[t]
                sc = (hi + lo) * w0
                if hi == lo:
                    sc += w1
                k = cnt[b + (hi if first else hi + lo - ends[m & 3])] - 1
                if k:
                    sc += w2 + w3 * k
                if gain is not None:
                    sc += 4 * gain(m)
                elif block and not first:  # (nb set above)
                    ne = hi + lo - ends[m & 3]
                    oe = ends[1 - (m & 3)]
                    if not cnt[nb + ne] and not cnt[nb + oe]:
                        sc += wb
                    if wa and not cnt[na + ne] and not cnt[na + oe]:
                        sc += wa
                if sc > best:
                    best = sc
                    mv = m
        g.apply(mv)
        depth += 1
        if mv < SPECIAL:  # the tile leaves the seat's suit counts
            t = mv >> 2
            cnt[b + HI[t]] -= 1
            if LO[t] != HI[t]:
                cnt[b + LO[t]] -= 1
        elif mv == DRAW:
            _count(cnt, b, g.stock[g.top - 1], 1)
    return depth
