"""Medium's move features for line games: what the table shows about each play.

:func:`medium_scores` is the line family's feature score (``medium_scores``
of the family interface, :mod:`domino.ai.interface`): Medium takes the best of it,
Hard picks and ranks its candidates by it.
"""

from ..game import SPECIAL
from .. import tiles
from .know import end_mask
from . import policy

_HI = tiles.HI
_LO = tiles.LO


# Medium's weights: going out, the next seat must pass, another opponent
# would pass, the partner would pass (minus), a key end, the partner's shown
# suit, an opponent's shown suit (minus), a block when our pips are lower
# (higher: minus), points scored in play (per point)
MEDIUM_W = [60, 10, 4, 10, 10, 4, 4, 40, 6]


def medium_scores(K, rng):
    """A score per legal move of ``K.obs`` (``K`` a :class:`~.know.Knowledge`):
    the fast policy score plus what the table shows: blocks on seats known to
    lack the new ends (not on the partner), ends only we can follow (lakle), a
    block when our pips are lower, going out, the partner's suits and points
    scored in play. ``rng`` deals the hidden tiles if the game does not stand
    at the position yet (only public facts and our own hand are read)."""
    obs = K.obs
    me = obs.seat
    n = obs.players
    nsides = K.nsides
    scoring = K.scoring
    g = K.game
    if not K.at_position:
        K.replay(K.deal(rng))
    # the game stands at the position with some deal of the hidden tiles:
    # only public facts and our own hand are read below
    unseen = [0] * (obs.nset + 1)
    pool_pips = 0
    for t in K.pool:
        unseen[_HI[t]] += 1
        if _HI[t] != _LO[t]:
            unseen[_LO[t]] += 1
        pool_pips += _HI[t] + _LO[t]
    hidden = len(K.pool)
    my_pips = 0
    for t in obs.hand:
        my_pips += _HI[t] + _LO[t]
    nxt = (me + 1) % n
    partner = (me + 2) % n if nsides == 2 and n == 4 else -1
    void = K.void
    W = MEDIUM_W
    out = []
    for mv in obs.legal:
        if mv >= SPECIAL:
            out.append(0)
            continue
        t = mv >> 2
        sc = policy.score(g, me, mv)
        if scoring:
            sc += W[8] * g.play_points(mv)  # what the play scores for our side
        g.apply(mv)
        ends = g.open_ends()
        m = end_mask(ends)
        if g.over:
            sc += W[0]
        else:
            if m and void[nxt] & m == m and nxt != partner:
                sc += W[1]  # the next seat must pass
            for s in range(n):
                if s == me or s == nxt or not m:
                    continue
                if void[s] & m == m:
                    sc += -W[3] if s == partner else W[2]
            dead = True
            for v in ends:
                mine_v = 0
                for u in obs.hand:
                    if u != t and (_HI[u] == v or _LO[u] == v):
                        mine_v += 1
                if unseen[v]:
                    dead = False
                elif mine_v:
                    sc += W[4]  # only we hold that suit: a key end
                    dead = False
                if partner >= 0 and (K.shown[partner] >> v) & 1 and not (void[partner] >> v) & 1:
                    sc += W[5]
                for s in range(n):
                    if s != me and s != partner and (K.shown[s] >> v) & 1:
                        sc -= W[6]
            if dead:
                # the line is blocked: lowest pips wins
                ours = my_pips - _HI[t] - _LO[t]
                others = 0
                for s in range(n):
                    if s == me:
                        continue
                    est = pool_pips * obs.counts[s] // max(hidden, 1)
                    if s == partner:
                        ours += est
                    else:
                        others += est
                if nsides > 2:
                    others //= nsides - 1
                sc += W[7] if ours < others else -W[7]
        g.undo()
        out.append(sc)
    return out
