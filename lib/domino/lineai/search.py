"""Hard's part of the line family's interface (:mod:`domino.ai.interface`), imported by Hard only.

The block model (:mod:`.likely`, with :mod:`.plays`) and the bitmask solver
(:mod:`.blockend`) serve block play only (no scoring in play): they are imported
for such a game (:func:`fast_playout`, at a match's start through ``Player.prepare``,
or a decision's first :func:`model_applies` / :func:`fast_applies`), and
``BlockModel``, ``guide`` and ``FastSolver`` are None until then, so All Fives
keeps their code off the heap.
"""

from ..ai.hard import costs as _record
from .policy import exp_table, loglik  # noqa: F401  (the interface)
from .playout import rollout  # noqa: F401

BlockModel = None
guide = None
FastSolver = None


def _block_parts():
    """Import the block-play parts (the interface's ``BlockModel``, ``guide``, ``FastSolver``)."""
    global BlockModel, guide, FastSolver
    if FastSolver is None:
        from .likely import BlockModel, guide
        from .blockend import BlockSolver as FastSolver


def model_applies(K):
    """True when the block model gives the likelihood (:func:`.likely.applies`)."""
    if K.scoring:
        return False
    _block_parts()
    from .likely import applies
    return applies(K)


def fast_applies(g):
    """True if the bitmask solver can search ``g`` from here (:func:`.blockend.applies`)."""
    if g.SCORES_IN_PLAY:
        return False
    _block_parts()
    from .blockend import applies
    return applies(g)


def points(g):
    """Points per side of the ended hand ``g``: its result's (Hard's playouts value them)."""
    return g.result().points


# Hard's cost weights for this family, fitted to the emulated Pico's decision times
# by tools/hard_cost.py (docs/ai.md): block play (bitmask endings and playouts,
# guided draws, the block model), and games scoring in play (dearer moves)
_BLOCK = _record(deal=3, replay=15, weigh=11, move=13, node=23, deal_guided=7, loglik=2, node_fast=5,
                 move_fast=5, playout_fast=33)
_SCORING = _record(deal=3, replay=15, weigh=11, move=33, node=23)

PRIOR_SCALE = 4  # Medium's score weighs 4 beside the playouts' mean (docs/ai.md)


def costs(game_cls):
    """Hard's cost record for ``game_cls`` (:func:`domino.ai.hard.costs`)."""
    return _SCORING if game_cls.SCORES_IN_PLAY else _BLOCK


def exact_at(K):
    """Hard's own thresholds of exact endings (EXACT, EXACT_GENERIC): None."""
    return None


def close_applies(K):
    """Whether a close decision may go on past Hard's ``COST`` (to ``COST_CLOSE``):
    in block play (not ``SCORES_IN_PLAY``), whose decisions mostly reach their
    target of playouts within about that. All Fives' decisions are stopped by
    ``COST`` (dearer playouts and replays, thinned with many seats): going on
    would take most of them there."""
    return not K.scoring


def fast_playout(game_cls):
    """The playouts on the fast solver's state for ``game_cls``'s hands: in
    block play (not ``SCORES_IN_PLAY``), :func:`.blockplay.playout` (imported
    here, with the other block-play parts: other games keep their code off the
    heap); else None."""
    if game_cls.SCORES_IN_PLAY:
        return None
    _block_parts()
    from .blockplay import playout
    return playout
