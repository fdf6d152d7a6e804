"""The line games' AI family (Seychelles, Domino Whist, All Fives).

:class:`domino.line.LineGame` names this package in ``AI``; it gives the
general layer (:mod:`domino.ai`) the interface written down in
:mod:`domino.ai.interface`: ``weight`` (Easy: the tile's pips times 4, and 8
more for a double: a beginner sheds heavy tiles), ``Knowledge`` (:mod:`.know`:
voids from passes and draws, deals consistent with them, the replay),
``medium_scores`` (:mod:`.medium`) and ``search_parts`` (:mod:`.search`: the
playout policy, the model of play, and in block play the block model, guided
draws, the bitmask solver and its playouts; Hard's cost records).

Exact endings value hands by the contract (:func:`domino.ai.endgame.value`). The line
family's modules read line moves (``tile << 2 | arm``) and ``LineGame`` state,
and the class flags ``BONEYARD`` and ``SCORES_IN_PLAY``: block play (neither)
is on :class:`~domino.line.LineGame`'s two arms, and only there do the
playouts' fast path, ``BlockModel`` and ``FastSolver`` (and its playouts) apply.
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
    from . import search
    return search.PARTS
