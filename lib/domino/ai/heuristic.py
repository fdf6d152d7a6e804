"""Easy and Medium: one-look players that score each legal move and take the best.

Easy weighs only its own tiles (the family's ``weight``); Medium takes the
family's ``medium_scores``, which also read what the table shows (for line
games voids proven by passes and draws, suits shown, blocks, points scored in
play: :mod:`domino.lineai.medium`). Hard (:mod:`domino.ai.hard`) uses
Medium's scores to pick the moves it searches and as a prior.
"""

from . import family
from .anytime import Player


class Easy(Player):
    """A beginner: drops heavy tiles and doubles, often on a whim, and notices
    nothing about the other hands."""

    LEVEL = 0

    def _work(self, budget):
        self.work += 1
        legal = self.obs.legal
        rng = self.rng
        if rng.below(3) == 0:
            self.move = legal[rng.below(len(legal))]
            return
        weight = family(self.cls).weight
        best = -1
        for mv in legal:
            sc = weight(mv) + rng.below(16)
            if sc > best:
                best = sc
                self.move = mv


class Medium(Player):
    """Heuristics of good players: the family's ``medium_scores``."""

    LEVEL = 1
    SEARCH = True

    def _start(self):
        self.fam = family(self.cls)
        self.know = self.fam.Knowledge(self.cls, self.obs, self.game)
        self.game = self.know.game

    def _work(self, budget):
        self.work += 1
        sc = self.scores()
        legal = self.obs.legal
        best = 0
        for i in range(len(legal)):
            s = sc[i] * 4 + self.rng.below(3)
            if i == 0 or s > best:
                best = s
                self.move = legal[i]

    def scores(self):
        return self.fam.medium_scores(self.know, self.rng)
