"""Hard's part of the line family (:class:`domino.ai.interface.Search`), imported by Hard only.

The block model (:mod:`.likely`, with :mod:`.plays`), the bitmask solver
(:mod:`.blockend`) and its playouts (:mod:`.blockplay`) serve block play only
(no scoring in play): they are imported for such a game (``fast_playout``, at a
match's start through ``Player.prepare``, or a decision's first
``model_applies`` / ``fast_applies``), and ``BlockModel``, ``guide`` and
``FastSolver`` are None until then, so All Fives keeps their code off the heap.
"""

from ..ai.interface import Costs, Search
from .policy import loglik
from .playout import rollout


class LineSearch(Search):
    """Block play (Seychelles, Domino Whist) and All Fives, which scores in play."""

    # cost weights fitted to this family's code by tools/hard_cost.py (docs/ai.md):
    # block play, with the bitmask solver, its playouts and the block model ...
    COSTS = Costs(deal=3, replay=15, weigh=11, move=13, node=23, guided=7, fast_node=5,
                  model=2, fast_move=5, fast_load=33)
    # ... and games scoring in play (dearer playout moves)
    SCORING_COSTS = Costs(deal=3, replay=15, weigh=11, move=33, node=23)

    rollout = staticmethod(rollout)
    loglik = staticmethod(loglik)

    def scratch(self):
        """The rollout's suit counts: 8 seats, double-12."""
        return bytearray(8 * 13)

    def costs(self, K):
        """``SCORING_COSTS`` in games scoring in play, else ``COSTS``."""
        return self.SCORING_COSTS if K.scoring else self.COSTS

    def _block_parts(self):
        """Import the block-play parts (``BlockModel``, ``guide``, ``FastSolver``)."""
        if self.FastSolver is None:
            from .likely import BlockModel, guide
            from .blockend import BlockSolver
            self.BlockModel = BlockModel
            self.guide = guide
            self.FastSolver = BlockSolver

    def model_applies(self, K):
        """True when the block model gives the likelihood (:func:`.likely.applies`)."""
        if K.scoring:
            return False
        self._block_parts()
        from .likely import applies
        return applies(K)

    def fast_applies(self, g):
        """True if the bitmask solver can search ``g`` from here (:func:`.blockend.applies`)."""
        if g.SCORES_IN_PLAY:
            return False
        self._block_parts()
        from .blockend import applies
        return applies(g)

    def fast_playout(self, game_cls):
        """In block play (not ``SCORES_IN_PLAY``), :func:`.blockplay.playout`; else None."""
        if game_cls.SCORES_IN_PLAY:
            return None
        self._block_parts()
        from .blockplay import playout
        return playout

    def close_applies(self, K):
        """In block play, whose decisions mostly reach their target of playouts
        within about ``COST``. All Fives' decisions are stopped by ``COST``
        (dearer playouts and replays, thinned with many seats)."""
        return not K.scoring


SEARCH = LineSearch()
