"""Hard's part of the Loo family's interface (:mod:`domino.lineai` documents it), imported by Hard only.

Deals are weighed by a replay (:meth:`.know.Knowledge.replay` with
:func:`.policy.loglik`): no block model, no guided draws, no exact endings
(:func:`exact_at`); Hard's cost weights for this family's code (``COSTS``);
playouts valued by :func:`.policy.points`.
"""

from .policy import exp_table, loglik, points, rollout  # noqa: F401  (the interface)

# Hard's cost weights for this family (1/20 ms of an RP2040, ``Hard`` class doc):
# a hidden piece placed in a deal, an event replayed, weighed, a playout move, a
# solver node. Measured under MicroPython as tools/ai_cost.py estimates (6, 17,
# 8, 22, 23), then scaled by 1.2 to the emulated Pico (Hard's time there: docs/device.md)
COSTS = (7, 20, 10, 26, 28)

PRIOR_SCALE = 0.05  # Medium's score as a tie-break only (docs/ai.md)

BlockModel = None
FastSolver = None
guide = None


def model_applies(K):
    """No block model in this family: False."""
    return False


def close_applies(K):
    """Whether a close decision may go on past Hard's ``COST``: no (``COST``
    stops nearly every decision here; going on would take nearly all there)."""
    return False


def fast_applies(g):
    """No faster solver in this family: False."""
    return False


def exact_at(K):
    """No exact endings in Loo (0): on the device a solve of even the last two
    tricks costs several playouts' time and, through ``result()`` at every
    leaf, more heap than a decision may take; the playouts value them."""
    return 0


def fast_playout(game_cls):
    """No playouts on a faster state in this family: None."""
    return None
