"""The Domino Loo AI family: trick play (interface: :mod:`domino.ai.interface`).

:class:`domino.loo.Loo` names this package in ``AI``. It gives ``weight``
(Easy), ``Knowledge`` (:mod:`.know`: voids proven by failures to follow and
by plain leads after a trick, deals consistent with them, the replay),
``medium_scores`` (:mod:`.medium`: sure and cheap wins, keeping trumps,
following low, keep or miss by hand strength) and Hard's part in
:mod:`.search` (the playout policy and the model of play of :mod:`.policy`;
no exact endings). It reads Loo's moves (:mod:`domino.loo`) and
``Observation.public``.
"""

from .. import tiles
from ..loo import FOLLOW, DISCARD, EXCHANGE, KEEP
from .know import Knowledge  # noqa: F401  (the interface)
from .medium import medium_scores  # noqa: F401

_HI = tiles.HI
_LO = tiles.LO


def weight(move):
    """Easy's liking for ``move``: a beginner plays and discards heavy pieces
    and doubles, keeps his hand, gives the dealer's heaviest piece away."""
    if move >= KEEP:
        return 40 if move == KEEP else 0
    if move < FOLLOW:
        t = move >> 3
    elif move < DISCARD:
        t = move - FOLLOW
    elif move < EXCHANGE:
        t = move - DISCARD
    else:
        t = move - EXCHANGE
    return (_HI[t] + _LO[t]) * 4 + (8 if _HI[t] == _LO[t] else 0)
