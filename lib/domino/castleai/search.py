"""Hard's part of the Castle Rock family's interface (:mod:`domino.ai.interface` documents it), imported by Hard only.

Deals are stood at the position directly (:meth:`.know.Knowledge.reweigh`;
nothing weighs them: no block model, no guided draws); playouts by the turn
planner (:func:`.policy.rollout`: the turn being decided searched exactly
over every order of captures), valued by :func:`.policy.points`; Hard's cost
weights for this family's code (:func:`costs`); the end of a hand searched on each
deal (:mod:`.ending`, the ``FastSolver``) from :data:`EXACT` tiles left.
"""

from ..ai.hard import costs as _record
from ..ai.interface import BlockModel, guide, model_applies, close_applies, fast_playout  # noqa: F401
from .ending import EndSolver as FastSolver  # noqa: F401  (the interface)
from .policy import exp_table, forget, loglik, points, rollout, work  # noqa: F401

# Hard's cost weights for this family: a hidden tile placed in a deal, a playout
# move, a node of the end search (4 units of work, the planner's included), a unit
# of the planner's work (policy.work: a node is its row's length + 2); nothing is
# replayed or weighed; fitted to tools/ai_cost.py's estimates (docs/ai.md)
_COSTS = _record(deal=3, replay=0, weigh=0, move=6, node=8, node_fast=8, work=2)

EXACT = 6  # tiles left in all hands at or below which endings are searched (boneyard empty)

PRIOR_SCALE = 1.0  # Medium's score (4 a tile) whole: Medium's look past the turn outweighs a playout's tile (set on deal set 7)


def costs(game_cls):
    """Hard's cost record for this family (:func:`domino.ai.hard.costs`)."""
    return _COSTS


def fast_applies(g):
    """The end search (:mod:`.ending`) applies to every Castle Rock hand: True."""
    return True


def exact_at(K):
    """:data:`EXACT`: from there, with the boneyard empty, the rest of the
    hand is searched (:mod:`.ending`) on each sampled deal."""
    return EXACT
