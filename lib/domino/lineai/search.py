"""Hard's part of the line family's interface (:mod:`domino.lineai`), imported by Hard only."""

from .policy import exp_table, loglik  # noqa: F401  (the interface)
from .playout import rollout  # noqa: F401
from .likely import BlockModel, guide, applies as model_applies  # noqa: F401
from .blockend import BlockSolver as FastSolver, applies as fast_applies  # noqa: F401

def points(g):
    """Points per side of the ended hand ``g``: its result's (Hard's playouts value them)."""
    return g.result().points


COSTS = None  # Hard's own cost weights were fitted to this family's code
PRIOR_SCALE = 1  # Hard's PRIOR was tuned on this family


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
    here: other games keep its code off the heap); else None."""
    if game_cls.SCORES_IN_PLAY:
        return None
    from .blockplay import playout
    return playout
