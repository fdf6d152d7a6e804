"""Hard's part of the Loo family's interface (:mod:`domino.ai.interface` documents it), imported by Hard only.

Deals are weighed by a replay (:meth:`.know.Knowledge.replay` with
:func:`.policy.loglik`): no block model, no guided draws, no exact endings
(:func:`exact_at`); Hard's cost weights for this family's code (:func:`costs`);
playouts valued by :func:`.policy.points`.
"""

from ..ai.hard import costs as _record
from ..ai.interface import (BlockModel, FastSolver, guide, model_applies, close_applies,  # noqa: F401
                            fast_applies, fast_playout)
from .policy import exp_table, loglik, points, rollout  # noqa: F401  (the interface)

# Hard's cost weights for this family: measured under MicroPython as
# tools/ai_cost.py estimates (6, 17, 8, 22, 23), then scaled by 1.2 to the emulated
# Pico (Hard's time there: docs/device.md); a playout move 35, not 26, since the
# policy plays as Medium (about 1.35x the time a move on the host)
_COSTS = _record(deal=7, replay=20, weigh=10, move=35, node=28)

PRIOR_SCALE = 0.15  # Medium's score beside the playouts (docs/ai.md)


def costs(game_cls):
    """Hard's cost record for this family (:func:`domino.ai.hard.costs`)."""
    return _COSTS


def exact_at(K):
    """No exact endings in Loo (0): on the device a solve of even the last two
    tricks costs several playouts' time and, through ``result()`` at every
    leaf, more heap than a decision may take; the playouts value them."""
    return 0
