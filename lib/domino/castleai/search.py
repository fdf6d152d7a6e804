"""Hard's part of the Castle Rock family's interface (:mod:`domino.lineai` documents it), imported by Hard only.

Deals are stood at the position directly (:meth:`.know.Knowledge.reweigh`;
nothing weighs them: no block model, no guided draws); playouts by the turn
planner (:func:`.policy.rollout`: the turn being decided searched exactly
over every order of captures), valued by :func:`.policy.points`; Hard's cost
weights for this family's code (``COSTS``); the end of a hand searched on each
deal (:mod:`.ending`, the ``FastSolver``) from :data:`EXACT` tiles left.
"""

from .ending import EndSolver as FastSolver  # noqa: F401  (the interface)
from .policy import exp_table, forget, loglik, points, rollout, work  # noqa: F401

# Hard's cost weights for this family (1/20 ms of an RP2040, ``Hard`` class doc):
# a hidden tile placed in a deal, an event replayed, weighed, a playout move,
# a node of the end search (4 units of work, the planner's included), a unit of
# the planner's work (policy.work: a node is its row's length + 2); fitted to
# tools/ai_cost.py's estimates (docs/ai.md)
COSTS = (3, 0, 0, 6, 8, 2)

EXACT = 6  # tiles left in all hands at or below which endings are searched (boneyard empty)

PRIOR_SCALE = 1.0  # Medium's score (4 a tile) whole: Medium's look past the turn outweighs a playout's tile (set on deal set 7)

BlockModel = None
guide = None


def model_applies(K):
    """No block model in this family: False."""
    return False


def close_applies(K):
    """Whether a close decision may go on past Hard's ``COST``: no (``COST``
    stops nearly every decision here; going on would take nearly all there)."""
    return False


def fast_applies(g):
    """The end search (:mod:`.ending`) applies to every Castle Rock hand: True."""
    return True


def exact_at(K):
    """:data:`EXACT`: from there, with the boneyard empty, the rest of the
    hand is searched (:mod:`.ending`) on each sampled deal."""
    return EXACT


def fast_playout(game_cls):
    """No playouts on a faster state in this family: None."""
    return None
