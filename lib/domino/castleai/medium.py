"""Medium's move features for Castle Rock: what the turn can take, and what it leaves.

:func:`medium_scores` is the family's feature score (``medium_scores`` of the
family interface, :mod:`domino.ai.interface`): Medium takes the best, Hard picks and
ranks its candidates by it and adds it as a prior. Each legal move is valued
on a deal consistent with the observation (the hidden tiles' places do not
change the tableau, so any deal serves) by the turn planner searching the
rest of the own turn exactly (:func:`.policy.values`: tiles captured, less the
places left for the next seat to capture at), plus what a placing offers the
next seat: a placed tile sharing a suit with the open end's tile is taken
with it as a triplet by whoever places a third of that suit, so such a
placing is charged up to :data:`W_OPEN` tiles by how many unseen tiles have
the suit (twice their share of the unseen).
"""

from .. import tiles
from ..castle import TAKE
from .policy import values

_HI = tiles.HI
_LO = tiles.LO
W_OPEN = 2  # tiles a placing may be charged for the triplet it offers the next seat
NODES = 600  # the planner's work limit per move (policy; the strategy example's turn takes 147)


def _shared(a, b):
    """The suit tiles ``a`` and ``b`` share, or -1."""
    if _HI[a] == _HI[b] or _HI[a] == _LO[b]:
        return _HI[a]
    if _LO[a] == _HI[b] or _LO[a] == _LO[b]:
        return _LO[a]
    return -1


def _suit(K, s):
    """Unseen tiles of suit ``s``."""
    k = 0
    for q in K.pool:
        if _HI[q] == s or _LO[q] == s:
            k += 1
    return k


def medium_scores(K, rng):
    """A score per legal move of ``K.obs`` (module doc), 4 a tile. ``rng`` is
    used for the deal the moves are valued on."""
    obs = K.obs
    g = K.game
    K.replay(K.deal(rng))
    legal = obs.legal
    n = len(legal)
    buf = [0] * 64
    for i in range(n):
        buf[i] = legal[i]
    out = [0] * n
    values(g, buf, n, out, NODES)
    row = K.row
    npool = len(K.pool)
    if row and npool and obs.stock + sum(obs.counts) > len(obs.hand):  # a next seat will place
        a = row[-1]
        for i in range(n):
            mv = legal[i]
            if mv >= TAKE:
                continue
            s = _shared(a, mv)
            if s >= 0:  # the next seat takes a, mv and its tile of suit s together
                k = _suit(K, s)
                out[i] -= min(W_OPEN * 4, W_OPEN * 4 * 2 * k // npool)
    return out
