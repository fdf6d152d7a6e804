"""Domino Whist (``../shared/rules/domino-whist.txt``).

Four players in two partnerships (seats 0+2 and 1+3), double-six set, all 28
stones dealt, 7 each. Seating is drawn: each player draws a stone, ranked by
total pips with ties broken by the higher end; the highest is forehand
(seat 0), the second sits opposite as partner (seat 2), the third to the
forehand's left (seat 1, next to play) and the fourth to the right (seat 3).

Forehand opens the first game with any stone; the opener then moves
clockwise each game (seat 1, then 2, ...). Block play: a player must lay a
stone if able, otherwise passes. A game ends when a player lays his last
stone (domino) or all four pass in turn (blocked). Each team's remaining
pips are its bad points; the match ends after the game in which a team
reaches 100 or more, and the team with fewer bad points wins (equal: drawn).
There are no tricks, trumps or honours in this game.
"""

from .line import LineGame
from .game import DOMINO, BLOCK, HandResult
from .rng import Rng
from .matchdraw import draw_for
from . import tiles


class Whist(LineGame):
    """One game (hand) of Domino Whist."""

    GAME_ID = 1
    NAME = "Domino Whist"
    PLAYERS = (4,)
    TARGET = 100
    TARGETS = (50, 100, 200, 300)
    BAD_POINTS = True

    def __init__(self, players=4, seed=0, starter=0):
        if type(players) is not int or players != 4:
            raise ValueError("players: Domino Whist is played by 4, not %r" % (players,))
        self.nsides = 2
        LineGame.__init__(self, 4, seed, 6, 7, 0 if starter is None else starter)

    @staticmethod
    def sides_for(players, options=0):
        """Two partnerships."""
        return 2

    def result(self):
        """Each team's remaining pips, as bad points."""
        if not self.over:
            raise ValueError("the hand is not over")
        pips = [self.pips(s) for s in range(4)]
        points = [0, 0]
        side = self.points_from(pips, self.winner, points)
        if self.winner >= 0:
            return HandResult(DOMINO, self.winner, side, pips, points, "",
                              "@%d went out" % self.winner)
        how = "blocked, #%d had fewer pips" % side if side >= 0 else "blocked, pips tied"
        return HandResult(BLOCK, -1, side, pips, points, "", how)

    def points_from(self, pips, winner, out):
        """Each team's bad points (its pips left) into ``out[0:2]`` for an ended
        hand with ``pips[seat]`` left in each hand (``winner`` does not change
        them); returns the team with fewer (-1: equal). Allocates nothing."""
        out[0] = pips[0] + pips[2]
        out[1] = pips[1] + pips[3]
        if out[0] == out[1]:
            return -1
        return 0 if out[0] < out[1] else 1

    # -- match rules --------------------------------------------------------

    @classmethod
    def match_start(cls, match):
        """Draw stones for seats (``match.draw``): ``match.seat_of[player]``."""
        drawn = draw_for(match, "seats", 6, Rng(match.seed ^ 0x5EA7))
        order = sorted(range(4), key=lambda p: -tiles.rank_key(drawn[p]))
        seat_of = [0] * 4
        for rank, seat in zip(range(4), (0, 2, 1, 3)):
            seat_of[order[rank]] = seat
        match.seat_of = seat_of

    @classmethod
    def next_starter(cls, match):
        """Forehand (seat 0) opens game 1; the opener moves clockwise after each game."""
        return match.hand_no % 4

    @classmethod
    def settle(cls, match, result):
        """Add bad points; the match ends when a team has 100 or more."""
        scores = match.scores
        scores[0] += result.points[0]
        scores[1] += result.points[1]
        if max(scores) >= match.target:
            match.over = True
            if scores[0] == scores[1]:
                match.winner = -1
            else:
                match.winner = 0 if scores[0] < scores[1] else 1
