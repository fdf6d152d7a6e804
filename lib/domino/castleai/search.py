"""Hard's part of the Castle Rock family's interface (:class:`Parts`), imported by Hard only.

Deals are stood at the position directly (:meth:`.know.Knowledge.reweigh`;
nothing weighs them: no block model, no guided draws); playouts by the turn
planner (:func:`.policy.rollout`: the turn being decided searched exactly
over every order of captures), valued by :func:`.policy.points`; the end of a
hand searched on each deal (:mod:`.ending`, the ``FastSolver``) from
:data:`EXACT` tiles left.
"""

from ..ai.searchparts import SearchParts, Costs
from .ending import EndSolver
from .policy import exp_table, loglik, points, rollout, work

EXACT = 6  # tiles left in all hands at or below which endings are searched (boneyard empty)


class Parts(SearchParts):
    """The Castle Rock family's search parts (module doc)."""

    # a hidden tile placed in a deal, an event replayed, weighed, a playout move, a
    # node of the end search (4 units of work, the planner's included), a unit of
    # the planner's work (policy.work: a node is its row's length + 2); fitted to
    # tools/ai_cost.py's estimates (docs/ai.md)
    COSTS = Costs(3, 0, 0, 6, 8, 2)
    PRIOR_SCALE = 0.25  # Medium's score (4 a tile) as a quarter: a tile a tile
    FastSolver = EndSolver

    rollout = staticmethod(rollout)
    exp_table = staticmethod(exp_table)
    loglik = staticmethod(loglik)
    points = staticmethod(points)
    work = staticmethod(work)

    @staticmethod
    def fast_applies(g):
        """The end search (:mod:`.ending`) applies to every Castle Rock hand: True."""
        return True

    @staticmethod
    def exact_at(K):
        """:data:`EXACT`: from there, with the boneyard empty, the rest of the
        hand is searched (:mod:`.ending`) on each sampled deal."""
        return EXACT
