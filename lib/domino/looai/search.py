"""Hard's part of the Loo family's interface (:class:`LooSearch`), imported by Hard only.

Hard searches the play only (:meth:`LooSearch.searches`; before it, Medium's
choice), valuing Medium's best moves by the playouts alone. Deals are weighed
by a replay (:meth:`.know.Knowledge.replay` with
:func:`.policy.loglik`): no block model, no guided draws, no exact endings
(:meth:`LooSearch.exact_at`); playouts by :func:`.policy.rollout`, valued by
:func:`.policy.points`, in a match by the chance to win it
(:meth:`LooSearch.match_odds`).
"""

from ..ai.interface import Costs, Search
from ..looscore import rounds
from . import policy


class LooSearch(Search):
    """The Loo family's part of Hard (module doc)."""

    # Hard's cost weights for this family, fitted to its decisions on the emulated
    # Pico (tools/hard_cost.py --family=loo, docs/ai.md): a hidden piece dealt 0.12 ms,
    # an event replayed and weighed 0.69 ms (parted by their times there), a playout
    # move 0.98 ms; no exact endings (node: unused)
    COSTS = Costs(deal=3, replay=5, weigh=9, move=20, node=28)
    # In play the playouts alone value Medium's best TOP moves: Medium's score beside
    # them cost matches against the club players (docs/ai-measured.md)
    PRIOR_SCALE = 0

    rollout = staticmethod(policy.rollout)
    loglik = staticmethod(policy.loglik)
    points = staticmethod(policy.points)

    # per table size (2, 3, 4 players): a hand's pace and spread, tenths of a point
    # (ai/odds.py; tools/match_length.py --game 3 --players N --player club --matches 300
    # --seed 99 measures them)
    PACE = ((25, 63), (11, 59), (10, 58))

    def top(self, K, top):
        """One fewer of Medium's best moves than Hard's ``TOP`` (2 of 3) with 4
        players, and with 3 once a trick is done: the search gains most in the
        first trick, and with 4 the cost leaves each move few deals (docs/ai-measured.md)."""
        n = K.obs.players
        return top - 1 if top > 1 and (n == 4 or n == 3 and sum(K.obs.public.tricks)) else top

    def searches(self, K):
        """In play (``K.closed``) only: keep, miss, exchange, discards and passing
        are Medium's choice (its hand model, fitted to play against the club
        player). Playouts in which every seat sees every hand value them badly:
        searched, Hard lost to the club players (docs/ai-measured.md)."""
        return K.closed

    def match_odds(self, K):
        """In a match of plain scoring (not pool play), the race model's figures
        (:mod:`domino.ai.odds`): the pace and spread by table size, and with four
        players the hands left before the match's whole rounds are played."""
        st = K.obs.standing
        g = K.game
        if st is None or g.pool:
            return None
        n = g.players
        pace, sd = self.PACE[n - 2]
        return pace, sd, rounds(st[0], n) - st[1] - 1 if n == 4 else -1

    def close_cost(self, K, cost_close):
        """With 4 players, half of ``cost_close`` (1,000 ms): a close decision then
        goes on to about 930 ms on the emulated Pico; with 2 or 3 players the time
        bought gains nothing measurable (docs/ai-measured.md): 0."""
        return cost_close // 2 if K.obs.players == 4 else 0

    def exact_at(self, K):
        """No exact endings in Loo (0): on the device a solve of even the last two
        tricks costs several playouts' time and, through ``result()`` at every
        leaf, more heap than a decision may take; the playouts value them."""
        return 0


PARTS = LooSearch()
