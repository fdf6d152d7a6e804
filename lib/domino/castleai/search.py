"""Hard's part of the Castle Rock family (:class:`domino.ai.interface.Search`), imported by Hard only.

Deals are stood at the position directly (:meth:`.know.Knowledge.reweigh`;
nothing weighs them); playouts by the turn planner (:func:`.policy.rollout`:
the turn being decided searched exactly over every order of captures), valued
by :func:`.policy.points`; the end of a hand searched on each deal
(:mod:`.ending`, the ``FastSolver``) from :data:`EXACT` tiles left.
"""

from ..ai.interface import Costs, Search
from .ending import EndSolver
from .policy import loglik, points, rollout, work

EXACT = 6  # tiles left in all hands at or below which endings are searched (boneyard empty)


class CastleSearch(Search):
    """A capture game."""

    # a node of the end search is 4 units of work, the planner's included; a
    # unit of the planner's work (policy.work) is a node of its row's length + 2;
    # fitted to tools/ai_cost.py's estimates (docs/ai.md)
    COSTS = Costs(deal=3, replay=0, weigh=0, move=6, node=8, work=2)
    PRIOR_SCALE = 0.25  # Medium's score (4 a tile) as a quarter: a tile a tile
    FastSolver = EndSolver

    rollout = staticmethod(rollout)
    loglik = staticmethod(loglik)
    points = staticmethod(points)
    work = staticmethod(work)

    def fast_applies(self, g):
        """The end search (:mod:`.ending`) applies to every Castle Rock hand: True."""
        return True

    def exact_at(self, K):
        """:data:`EXACT`: from there, with the boneyard empty, the rest of the
        hand is searched on each sampled deal."""
        return EXACT


SEARCH = CastleSearch()
