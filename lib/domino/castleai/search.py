"""Hard's part of the Castle Rock family's interface (:mod:`domino.lineai` documents it), imported by Hard only.

Deals are stood at the position directly (:meth:`.know.Knowledge.reweigh`;
nothing weighs them: no block model, no guided draws); playouts by the turn
planner (:func:`.policy.rollout`: the turn being decided searched exactly
over every order of captures), valued by :func:`.policy.points`; Hard's cost
weights for this family's code (``COSTS``); no exact endings (:func:`exact_at`).
"""

from .policy import exp_table, loglik, points, rollout, work  # noqa: F401  (the interface)

# Hard's cost weights for this family (1/20 ms of an RP2040, ``Hard`` class doc):
# a hidden tile placed in a deal, an event replayed, weighed, a playout move,
# a solver node, a unit of the planner's work (policy.work: a node is its row's
# length + 2); fitted to tools/ai_cost.py's estimates (docs/ai.md)
COSTS = (3, 0, 0, 6, 30, 2)

PRIOR_SCALE = 0.25  # Medium's score (4 a tile) as a quarter: a tile a tile

BlockModel = None
FastSolver = None
guide = None


def model_applies(K):
    """No block model in this family: False."""
    return False


def fast_applies(g):
    """No faster solver in this family: False."""
    return False


def exact_at(K):
    """No exact endings (0): the contract's solver builds a ``result()`` at
    every leaf, and on the last turns' positions that took a decision's heap
    to 16 KB (the target is 12 KB, docs/ai.md). The playouts plan the turn
    being decided exactly on every sampled deal, and the last hands hold few
    hidden tiles, so they value the ending (to clear the tableau or not)."""
    return 0
