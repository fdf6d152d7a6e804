"""What a Hard decision may spend, counted, not timed, and when it stops.

A decision counts its cost in 1/20 ms of CircuitPython on an RP2040 by the
family's cost weights (:class:`domino.ai.interface.Costs`), so the same
observation and seed give the same move on any machine. It stops at its
target of playouts, once its leader is clear (:mod:`.candidates`), or before
the kept deal that would take its cost past ``COST`` (``COST_CLOSE`` for a
decision with ``RACE_MIN`` kept deals and no clear leader, where the family's
``close_applies``). Where deals are weighed by a replay and ``MIN_DEALS`` kept
deals would cost more than ``COST``, fewer draws are weighed per kept deal
(down to one), then fewer candidates are searched (down to two).
"""


class CostModel:
    """Hard's cost model (module doc); its parameters are Hard's (docs/ai.md)."""

    COST = 17000    # what a decision may spend, in 1/20 ms of an RP2040 ...
    COST_CLOSE = 40000  # ... with RACE_MIN deals kept and no clear leader: the most
    MIN_DEALS = 8   # deals the cost must afford: else fewer draws per kept deal

    def _budget(self, c, S, K, fast):
        """The decision's weights from the family's :class:`~.interface.Costs`
        ``c`` (``fast``: its ``FastSolver`` solves the endings), the draws and
        candidates the cost affords, the cost so far and the most it may
        reach (``cap``)."""
        obs = self.obs
        ne = len(obs.events)
        self.c_deal = (c.guided if self.use_model and self.GUIDE else c.deal) * len(K.pool)
        self.c_replay = c.replay * ne
        self.c_weigh = c.weigh * ne
        self.c_move = c.move
        self.c_node = c.fast_node if fast else c.node
        self.c_model = c.model
        self.c_fast_move = c.fast_move
        self.c_fast_load = c.fast_load
        if not self.use_model:
            # deals weighed by replays: when the cost would not afford MIN_DEALS
            # kept deals (many seats, long hands), fewer draws per kept deal, then
            # fewer candidates (down to two)
            sir = self.sir
            cand = self.cand
            play = self.c_move * sum(obs.counts)
            draw = self.c_deal + self.c_replay + self.c_weigh
            while sir > 1 and self.MIN_DEALS * (sir * draw + len(cand) * play) > self.COST:
                sir -= 1
            while (self.prior is not None and len(cand) > 2
                   and self.MIN_DEALS * (sir * draw + len(cand) * play) > self.COST):
                cand = cand[:-1]
            self.sir = sir
            self.cand = cand
        self.cost = S.work() * self.c_work if self.c_work else 0
        # the most the decision may spend: COST, or (RACE_MIN deals, no clear
        # leader: _enough) COST_CLOSE, which an exact solve may count on
        self.cap = self.COST
        if self.RACE_MIN and not self.forced and S.close_applies(K):
            self.cap = max(self.COST, self.COST_CLOSE)

    def _enough(self):
        """Whether the decision stops before the next kept deal: at the target
        of playouts; with ``RACE_MIN`` kept deals, once the leader is clear;
        else when the next deal (costing as the mean one so far) would take the
        cost past ``COST``, or, for a decision with ``RACE_MIN`` kept deals and
        no clear leader, past ``cap``."""
        n = self.deals
        if not n:
            return False
        if self.work >= self.target:
            return True
        race = self.RACE_MIN and n >= self.RACE_MIN and not self.forced
        if race and self._clear():
            return True
        return self.cost + self.cost // n > (self.cap if race else self.COST)
