"""Hard's part of the Loo family's interface (:mod:`domino.lineai` documents it), imported by Hard only.

Deals are weighed by a replay (:meth:`.know.Knowledge.replay` with
:func:`.policy.loglik`): no block model, no guided draws; endings are solved by
the contract's :class:`domino.ai.endgame.Solver` (no faster solver here).
"""

from .policy import exp_table, loglik, rollout  # noqa: F401  (the interface)

BlockModel = None
FastSolver = None
guide = None


def model_applies(K):
    """No block model in this family: False."""
    return False


def fast_applies(g):
    """No faster solver in this family: False."""
    return False
