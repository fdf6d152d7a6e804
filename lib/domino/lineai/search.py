"""Hard's part of the line family's interface (:class:`Parts`), imported by Hard only.

The block model (:mod:`.likely`, with :mod:`.plays`) and the bitmask solver
(:mod:`.blockend`) serve block play only (no scoring in play): they are imported
for such a game (``fast_playout``, at a match's start through ``Player.prepare``,
or a decision's first ``model_applies`` / ``fast_applies``), and
``BlockModel``, ``guide`` and ``FastSolver`` are None until then, so All Fives
keeps their code off the heap.
"""

from ..ai.searchparts import SearchParts, Costs
from .policy import exp_table, loglik
from .playout import rollout


class Parts(SearchParts):
    """The line family's search parts: playouts by :func:`.playout.rollout`, the
    model of play of :mod:`.policy`; in block play (not ``SCORES_IN_PLAY``) the
    block model, guided draws, the bitmask solver and its playouts, and a close
    decision may go on to Hard's ``COST_CLOSE``."""

    # Hard's cost weights for this family's code (``Costs``; fitted by tools/hard_cost.py)
    W_DEAL = 3      # a hidden tile placed in a deal drawn,
    W_DEAL_GUIDED = 7    # ... in a guided draw (Hard's GUIDE),
    W_LOGLIK = 2    # a unit of the block likelihood's work (BlockModel.work),
    W_REPLAY = 15   # an event replayed,
    W_WEIGH = 11    # ... and weighed,
    W_MOVE_BLOCK = 13    # a playout move in block play,
    W_MOVE_SCORING = 33  # ... in games scoring in play,
    W_NODE_BLOCK = 5     # a node of the bitmask solver,
    W_NODE_OTHER = 23    # ... of the contract's,
    W_MOVE_FAST = 5      # a move of the playouts on the fast solver's state,
    W_PLAYOUT_FAST = 33  # ... and each such playout (the load of its state)

    rollout = staticmethod(rollout)
    exp_table = staticmethod(exp_table)
    loglik = staticmethod(loglik)

    @classmethod
    def costs(cls, K, guided, fast):
        """The weights above for a decision on ``K``."""
        return Costs(cls.W_DEAL_GUIDED if guided else cls.W_DEAL, cls.W_REPLAY, cls.W_WEIGH,
                     cls.W_MOVE_SCORING if K.scoring else cls.W_MOVE_BLOCK,
                     cls.W_NODE_BLOCK if fast else cls.W_NODE_OTHER, 0,
                     cls.W_LOGLIK, cls.W_MOVE_FAST, cls.W_PLAYOUT_FAST)

    @staticmethod
    def model_applies(K):
        """True when the block model gives the likelihood (:func:`.likely.applies`)."""
        if K.scoring:
            return False
        _block_parts()
        from .likely import applies
        return applies(K)

    @staticmethod
    def fast_applies(g):
        """True if the bitmask solver can search ``g`` from here (:func:`.blockend.applies`)."""
        if g.SCORES_IN_PLAY:
            return False
        _block_parts()
        from .blockend import applies
        return applies(g)

    @staticmethod
    def close_applies(K):
        """In block play, whose decisions mostly reach their target of playouts
        within about ``COST``. All Fives' decisions are stopped by ``COST``
        (dearer playouts and replays, thinned with many seats): going on would
        take most of them there."""
        return not K.scoring

    @staticmethod
    def fast_playout(game_cls):
        """In block play, :func:`.blockplay.playout` (imported here, with the other
        block-play parts: other games keep their code off the heap); else None."""
        if game_cls.SCORES_IN_PLAY:
            return None
        _block_parts()
        from .blockplay import playout
        return playout


def _block_parts():
    """Import the block-play parts (``Parts.BlockModel``, ``guide``, ``FastSolver``)."""
    if Parts.FastSolver is None:
        from .likely import BlockModel, guide
        from .blockend import BlockSolver
        Parts.BlockModel = BlockModel
        Parts.guide = staticmethod(guide)
        Parts.FastSolver = BlockSolver
