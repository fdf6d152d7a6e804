"""Hard's part of the Loo family's interface (:class:`Parts`), imported by Hard only.

Deals are weighed by a replay (:meth:`.know.Knowledge.replay` with
:func:`.policy.loglik`): no block model, no guided draws, no exact endings;
playouts valued by :func:`.policy.points`.
"""

from ..ai.searchparts import SearchParts, Costs
from .policy import exp_table, loglik, points, rollout


class Parts(SearchParts):
    """The Loo family's search parts (module doc)."""

    # a hidden piece placed in a deal, an event replayed, weighed, a playout move, a
    # solver node. Measured under MicroPython as tools/ai_cost.py estimates (6, 17,
    # 8, 22, 23), then scaled by 1.2 to the emulated Pico (Hard's time there: docs/device.md)
    COSTS = Costs(7, 20, 10, 26, 28)
    PRIOR_SCALE = 0.05  # Medium's score as a tie-break only (docs/ai.md)

    rollout = staticmethod(rollout)
    exp_table = staticmethod(exp_table)
    loglik = staticmethod(loglik)
    points = staticmethod(points)

    @staticmethod
    def exact_at(K):
        """No exact endings in Loo (0): on the device a solve of even the last two
        tricks costs several playouts' time and, through ``result()`` at every
        leaf, more heap than a decision may take; the playouts value them."""
        return 0
