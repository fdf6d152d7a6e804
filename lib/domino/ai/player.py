"""The three AI levels behind :func:`domino.ai.new_player`, gathered in one place.

A player sees one observation and the game's class (its rules), never the
game: ``begin(game_cls, obs)`` then ``step(budget)`` until it returns a move.
Every random choice comes from the core's :class:`~domino.rng.Rng`, seeded
from the player's seed and the position, so the same seed and observation
give the same move (the fairness test relies on it).

The code lives in :mod:`domino.ai.anytime` (the :class:`Player` base),
:mod:`domino.ai.heuristic` (:class:`Easy`, :class:`Medium` and Medium's
:func:`medium_scores`) and :mod:`domino.ai.hard` (:class:`Hard`); this module
re-exports them so ``from domino.ai.player import Hard`` keeps working.
"""

from .anytime import Player  # noqa: F401  (re-exported)
from .heuristic import Easy, Medium, MEDIUM_W, medium_scores, _scores_in_play  # noqa: F401
from .hard import Hard  # noqa: F401  (re-exported)
