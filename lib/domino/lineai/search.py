"""Hard's part of the line family's interface (:class:`LineSearch`), imported by Hard only.

The block model (:mod:`.likely`, with :mod:`.plays`) and the bitmask solver
(:mod:`.blockend`) serve block play only (no scoring in play): they are imported
for such a game (:meth:`LineSearch.fast_playout`, at a match's start through
``Player.prepare``, or a decision's first ``model_applies`` / ``fast_applies``),
and ``BlockModel``, ``guide`` and ``FastSolver`` are None until then, so All
Fives keeps their code off the heap.
"""

from ..ai.interface import Costs, Search
from . import policy
from .playout import rollout


class LineSearch(Search):
    """The line family's part of Hard: playouts by :func:`.playout.rollout`, the
    model of play of :mod:`.policy`; in block play (not ``SCORES_IN_PLAY``) the
    block model, guided draws, the bitmask solver and its playouts, and a close
    decision may go on to Hard's ``COST_CLOSE``."""

    # Hard's cost weights for this family, fitted to the emulated Pico's decision times
    # by tools/hard_cost.py (docs/ai.md): block play (bitmask endings and playouts,
    # guided draws, the block model), and games scoring in play (dearer moves)
    BLOCK = Costs(deal=3, replay=15, weigh=11, move=13, node=23, deal_guided=7, loglik=2,
                  node_fast=5, move_fast=5, playout_fast=33)
    SCORING = Costs(deal=3, replay=15, weigh=11, move=33, node=23)
    PRIOR_SCALE = 4  # Medium's score beside the playouts' mean, 4 players or more ...
    PRIOR_SCALE_BAD = 1  # ... but in a game of bad points (Domino Whist), as with 2 or 3
    PRIOR_SCALE_SCORING = 8  # ... and twice in a game scoring in play (All Fives)

    rollout = staticmethod(rollout)
    loglik = staticmethod(policy.loglik)

    def costs(self, game_cls):
        """``SCORING`` for a game scoring in play, else ``BLOCK``."""
        return self.SCORING if game_cls.SCORES_IN_PLAY else self.BLOCK

    def prior_scale(self, K):
        """``PRIOR_SCALE`` with 4 players or more (``PRIOR_SCALE_BAD`` in Domino
        Whist, ``PRIOR_SCALE_SCORING`` in All Fives), 1 with 2 or 3 (docs/ai-measured.md)."""
        if K.obs.players < 4:
            return 1
        if K.cls.BAD_POINTS:
            return self.PRIOR_SCALE_BAD
        return self.PRIOR_SCALE_SCORING if K.scoring else self.PRIOR_SCALE

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

    def close_cost(self, K, cost_close):
        """In block play (not ``SCORES_IN_PLAY``), whose decisions mostly reach their
        target of playouts within about ``COST``: ``cost_close``. All Fives' decisions
        are stopped by ``COST`` (dearer playouts and replays, thinned with many
        seats): going on would take most of them there (0)."""
        return 0 if K.scoring else cost_close

    def fast_playout(self, game_cls):
        """In block play, :func:`.blockplay.playout` (imported here, with the other
        block-play parts: other games keep their code off the heap); else None."""
        if game_cls.SCORES_IN_PLAY:
            return None
        self._block_parts()
        from .blockplay import playout
        return playout

    def _block_parts(self):
        """Import the block-play parts (``BlockModel``, ``guide``, ``FastSolver``)."""
        if self.FastSolver is None:
            from .likely import BlockModel, guide
            from .blockend import BlockSolver
            self.BlockModel = BlockModel
            self.guide = guide
            self.FastSolver = BlockSolver


PARTS = LineSearch()
