"""Hard's part of the Castle Rock family's interface (:class:`CastleSearch`), imported by Hard only.

Deals are stood at the position directly (:meth:`.know.Knowledge.reweigh`;
nothing weighs them: no block model, no guided draws); playouts by the turn
planner (:func:`.policy.rollout`: the turn being decided searched exactly
over every order of captures), valued by :func:`.policy.points`; the end of a
hand searched on each deal (:mod:`.ending`, the ``FastSolver``) from
:data:`EXACT` tiles left.
"""

from ..ai.interface import Costs, Search
from .ending import EndSolver
from . import policy

EXACT = 6  # tiles left in all hands at or below which endings are searched (boneyard empty)


class CastleSearch(Search):
    """The Castle Rock family's part of Hard (module doc)."""

    # Hard's cost weights for this family: a hidden tile placed in a deal, a playout
    # move, a node of the end search (4 units of work, the planner's included), a unit
    # of the planner's work (policy.work: a node is its row's length + 2); nothing is
    # replayed or weighed; fitted to tools/ai_cost.py's estimates (docs/ai.md)
    COSTS = Costs(deal=3, replay=0, weigh=0, move=6, node=8, node_fast=8, work=2)
    # Medium's score (4 a tile) whole: Medium's look past the turn outweighs a
    # playout's tile (set on deal set 7)
    PRIOR_SCALE = 1.0
    FastSolver = EndSolver

    rollout = staticmethod(policy.rollout)
    loglik = staticmethod(policy.loglik)
    points = staticmethod(policy.points)
    work = staticmethod(policy.work)

    def fast_applies(self, g):
        """The end search (:mod:`.ending`) applies to every Castle Rock hand: True."""
        return True

    def exact_at(self, K):
        """:data:`EXACT`: from there, with the boneyard empty, the rest of the
        hand is searched (:mod:`.ending`) on each sampled deal."""
        return EXACT


PARTS = CastleSearch()
