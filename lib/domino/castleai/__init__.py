"""The Castle Rock AI family: a capture game, with the interface of :mod:`domino.ai.interface`.

:class:`domino.castle.CastleRock` names this package in ``AI``. What it gives
the general layer (:mod:`domino.ai`), as the interface written down in
:mod:`domino.ai.interface` asks: ``weight`` (Easy), ``Knowledge`` (:mod:`.know`:
the other hands and the boneyard, nothing proven about them, deals stood at
the position), ``medium_scores`` (:mod:`.medium`: the own turn searched
exactly over every order of captures, what the turn leaves the next seat)
and ``search_parts`` (:mod:`.search`: the playout policy, the turn planner
of :mod:`.policy`, and the end of a hand searched by :mod:`.ending`). Hard takes
one move at a time: each capture of its turn is a decision whose playouts
plan the rest of the turn exactly, so the order of captures is searched.
It reads Castle Rock's moves (:mod:`domino.castle`) and ``Observation.board``.
"""

from .. import tiles
from ..castle import END, TAKE, TRIPLE
from ..modules import forget
from .know import Knowledge  # noqa: F401  (the interface)

_HI = tiles.HI
_LO = tiles.LO


def weight(move):
    """Easy's liking for ``move``: a beginner takes what he sees (three
    tiles before one), often ends the turn anyway, places heavy tiles."""
    if move == END:
        return 20
    if move >= TRIPLE:
        return 34
    if move >= TAKE:
        return 28
    return _HI[move] + _LO[move]


def medium_scores(K, rng):
    """The interface's Medium score (:func:`.medium.medium_scores`). Its module
    is imported for the call and forgotten after it: on a device its code (2.6 KB
    of .mpy) leaves the heap to Hard's playouts, which follow the call."""
    from . import medium
    try:
        return medium.medium_scores(K, rng)
    finally:
        forget([__name__ + ".medium"])


def search_parts():
    """Hard's part of the interface (:mod:`.search`). Hard asks for it at the
    start of each decision: the turn planner's remembered plans
    (:func:`.policy.forget`) are then forgotten, so that a decision's counted
    work, hence where its cost stops it, does not depend on the decisions
    before it (a plan remembered from one costs the next nothing)."""
    from . import search
    search.policy.forget()
    return search.PARTS
