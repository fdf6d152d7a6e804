"""The Domino Loo AI family: trick play, with the interface of :mod:`domino.ai.interface`.

:class:`domino.loo.Loo` names this package in ``AI``. What it gives the
general layer (:mod:`domino.ai`), as the interface written down in
:mod:`domino.ai.interface` asks: ``weight`` (Easy), ``Knowledge`` (:mod:`.know`:
voids proven by failures to follow and by plain leads after a trick, deals
consistent with them, the replay), ``medium_scores`` (:mod:`.medium`: each
piece's chance to win the trick, keep or miss by the hand's worth less the
loo's risk) and ``search_parts`` (:mod:`.search`: the playout policy and the
model of play of :mod:`.policy`; no exact endings). It
reads Loo's moves (:mod:`domino.loo`) and ``Observation.public`` (a
:class:`~domino.loo.LooPublic`, read by name).
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


def search_parts():
    """Hard's part of the interface (:mod:`.search`)."""
    from . import search
    return search.PARTS
