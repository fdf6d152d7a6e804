"""Hard's part of the Loo family (:class:`domino.ai.interface.Search`), imported by Hard only.

Deals are weighed by a replay (:meth:`.know.Knowledge.replay` with
:func:`.policy.loglik`); playouts by :func:`.policy.rollout`, valued by
:func:`.policy.points`; no exact endings.
"""

from ..ai.interface import Costs, Search
from .policy import loglik, points, rollout


class LooSearch(Search):
    """Trick play."""

    # measured under MicroPython as tools/ai_cost.py estimates (6, 17, 8, 22, 23), then
    # scaled by 1.2 to the emulated Pico (Hard's time there: docs/device.md)
    COSTS = Costs(deal=7, replay=20, weigh=10, move=26, node=28)
    PRIOR_SCALE = 0.05  # Medium's score as a tie-break only (docs/ai.md)

    rollout = staticmethod(rollout)
    loglik = staticmethod(loglik)
    points = staticmethod(points)

    def exact_at(self, K):
        """No exact endings in Loo (0): on the device a solve of even the last two
        tricks costs several playouts' time and, through ``result()`` at every
        leaf, more heap than a decision may take; the playouts value them."""
        return 0


SEARCH = LooSearch()
