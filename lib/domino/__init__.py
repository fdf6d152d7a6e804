"""Pocket dominoes core: tiles, rules of the games, match scoring and AI.

Pure Python: runs unchanged on CPython 3.11, MicroPython and CircuitPython 9/10.
Nothing runs on import; import a game's module only when that game is chosen
(see :mod:`domino.games`).
"""

__version__ = "0.1.0"
