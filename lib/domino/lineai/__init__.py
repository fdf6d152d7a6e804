"""The line games' AI family (Seychelles, Domino Whist, All Fives: :class:`domino.line.LineGame`).

The interface every family gives (:mod:`domino.ai` lists it): ``weight``
(Easy: a tile's pips times 4, and 8 more for a double: a beginner sheds heavy
tiles), ``Knowledge`` (:mod:`.know`: voids proven by passes and draws, deals
consistent with them, the replay; ``closed`` once the boneyard is empty),
``medium_scores`` (:mod:`.medium`) and ``search_parts`` (:class:`.search.Parts`).
The family's modules read line moves (``tile << 2 | arm``), ``LineGame`` state
and the class flags ``BONEYARD`` and ``SCORES_IN_PLAY``: block play (neither) is
on :class:`~domino.line.LineGame`'s two arms, and only there do the playouts'
fast path, the block model and the bitmask solver (and its playouts) apply.
"""

from .. import tiles
from .know import Knowledge  # noqa: F401  (the interface)
from .medium import medium_scores  # noqa: F401

_HI = tiles.HI
_LO = tiles.LO


def weight(move):
    """Easy's liking for ``move`` (module doc)."""
    t = move >> 2
    return (_HI[t] + _LO[t]) * 4 + (8 if _HI[t] == _LO[t] else 0)


def search_parts():
    """Hard's part of the interface (module doc)."""
    from .search import Parts
    return Parts
