"""The base of every AI level: the anytime protocol.

A player sees one observation and the game's class (its rules), never the
game: ``begin(game_cls, obs)`` then ``step(budget)`` until it returns a move.
Every random choice comes from the core's :class:`~domino.rng.Rng`, seeded
from the player's seed and the position, so the same seed and observation
give the same move (the fairness test relies on it). The levels are in
:mod:`domino.ai.heuristic` (Easy, Medium) and :mod:`domino.ai.hard` (Hard).
"""

from ..rng import Rng
from . import family


def new_game(game_cls, obs):
    """A game object of ``game_cls`` for search, made with the observation's
    options code (set, hand size, sides); its own deal is replaced later."""
    if obs.options:
        return game_cls.from_options(obs.players, 0, None, obs.options)
    return game_cls(obs.players, 0)


class Player:
    """Base: the anytime protocol. Subclasses implement ``_start`` and ``_work``."""

    LEVEL = -1
    SEARCH = False  # keeps a search game between decisions (see prepare)

    def __init__(self, seed=0):
        self.seed = seed
        self.rng = Rng(seed)
        self.move = None
        self.work = 0
        self.obs = None
        self.game = None  # the search game, kept between decisions (no reallocation)

    def prepare(self, game_cls, obs):
        """Import now the game family's modules the level uses and make the
        search game that the first decision on hands like ``obs``'s would make:
        on a device, at a match's start the heap is whole, mid-match it may be
        too broken up for the game's largest block."""
        if self.SEARCH:  # the game's largest block first, while the heap is whole
            self.game = new_game(game_cls, obs)
        self._family(game_cls)

    def begin(self, game_cls, obs):
        """Start deciding a move for ``obs`` (the seat to act) of a ``game_cls`` hand."""
        if not obs.legal:
            raise ValueError("begin: seat %d has no move to make now" % obs.seat)
        self.cls = game_cls
        self.obs = obs
        self.work = 0
        self.move = None
        self.rng.seed((self.seed * 7919 + len(obs.events) * 31 + obs.seat) & 0xFFFFFFFFFFFF)
        if len(obs.legal) == 1:
            self.move = obs.legal[0]
            return
        self._start()

    def step(self, budget=64):
        """Think for up to ``budget`` work units; the move when done, else None."""
        if self.move is None:
            if self.obs is None:
                raise ValueError("step: call begin first")
            self._work(budget)
        return self.move

    def choose(self, game_cls, obs):
        """begin + step until done: the move for ``obs``."""
        self.begin(game_cls, obs)
        while True:
            m = self.step(64)
            if m is not None:
                return m

    def _family(self, game_cls):
        """The family module of ``game_cls`` (:func:`domino.ai.family`), with the
        parts this level uses imported."""
        return family(game_cls)

    def _start(self):
        pass

    def _work(self, budget):
        self.work += 1
        self.move = self.obs.legal[0]
