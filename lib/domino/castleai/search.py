"""Hard's part of the Castle Rock family's interface (:mod:`domino.lineai` documents it), imported by Hard only.

Deals are stood at the position directly (:meth:`.know.Knowledge.reweigh`;
nothing weighs them: no block model, no guided draws); playouts by the turn
planner (:func:`.policy.rollout`: the turn being decided searched exactly
over every order of captures), valued by :func:`.policy.points`; Hard's cost
weights for this family's code (``COSTS``); exact endings of the last turns
(:func:`exact_at`).
"""

from .policy import exp_table, loglik, points, rollout  # noqa: F401  (the interface)

# Hard's cost weights for this family (1/20 ms of an RP2040, ``Hard`` class doc):
# a hidden tile placed in a deal, an event replayed, weighed, a playout move
# (with its planning), a solver node; tools/ai_cost.py estimates (docs/ai.md)
COSTS = (3, 0, 0, 22, 30)

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
    """Once the boneyard is empty, the last turns are solved by the contract's
    solver when at most this many tiles are left in all hands."""
    return K.players
