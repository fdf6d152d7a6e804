"""Hard's part of the line family's interface (:mod:`domino.lineai`), imported by Hard only."""

from .policy import exp_table, loglik  # noqa: F401  (the interface)
from .playout import rollout  # noqa: F401
from .likely import BlockModel, guide, applies as model_applies  # noqa: F401
from .blockend import BlockSolver as FastSolver, applies as fast_applies  # noqa: F401
