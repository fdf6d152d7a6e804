"""The line games' AI family (interface: :mod:`domino.ai.interface`).

Line games (:class:`domino.line.LineGame`: Seychelles, Domino Whist, All Fives)
name this package in ``AI``. It gives ``weight`` (Easy: heavy tiles and doubles
first), ``Knowledge`` (:mod:`.know`: voids proven by passes and draws, deals
consistent with them, the replay), ``medium_scores`` (:mod:`.medium`) and
Hard's part in :mod:`.search`: the playout policy and model of play
(:mod:`.playout`, :mod:`.policy`) and, in block play (neither ``BONEYARD``
draws nor ``SCORES_IN_PLAY``, on a line of two arms), the block model
(:mod:`.likely`), the bitmask solver of endings (:mod:`.blockend`) and its
playouts (:mod:`.blockplay`). Its modules read line moves (``tile << 2 |
arm``) and ``LineGame`` state.
"""

from .. import tiles
from .know import Knowledge  # noqa: F401  (the interface)
from .medium import medium_scores  # noqa: F401

_HI = tiles.HI
_LO = tiles.LO


def weight(move):
    """Easy's liking for ``move``: the tile's pips times 4, and 8 more for a double."""
    t = move >> 2
    return (_HI[t] + _LO[t]) * 4 + (8 if _HI[t] == _LO[t] else 0)
