"""Seychelles straight dominoes (``../shared/rules/seychelles-straight-dominoes.txt``).

Double-six set, block play. 4 players in two partnerships (partners opposite,
seats 0+2 and 1+3), 7 tiles each; 3 players individually with the double
blank removed, 9 each; 2 players, 14 each. The holder of the double six leads
every hand (the text: "the player who picks double-six after the shuffling
... starts the game") and may lead any tile. A seat that can play must;
otherwise it passes (pase).

A hand ends when a seat plays its last tile (tape): its side scores the pips
left in the opposing sides' hands. It is blocked (krose) when every seat has
passed in turn: the side with the fewest pips scores the pips of the other
sides; if the fewest is shared, it is zete and nothing scores.

Match (to 50 by default). Readings of the text's end rules, chosen as a
Seychellois table plays them:

* A side that reaches the target wins only if every other side has fewer
  than 10 points: ``kapot`` if the best of them has 0, ``kapot bef`` if it
  has 1-9.
* If another side has 10 or more at that moment, there is no winner: all
  scores go back to 0 and the match starts over (the text: "there is no
  winner and the games starts all over again"); ``Match.restarts`` counts it.
* With 3 players the rule is applied to the best-placed opponent.
* Zete throws the hand's points out; the next hand is dealt as usual.

Creole calls for the UI are the ``CALL_*`` constants; :func:`calls` tells
which of ``bwi`` (a double that can no longer be played) and ``lakle`` (the
last tile of a suit showing at an end) a seat has.
"""

from .line import LineGame, TABLE, OUT
from .game import DOMINO, BLOCK, HandResult
from . import tiles

CALL_TAPE = "tape"
CALL_PASE = "pase"
CALL_KROSE = "krose"
CALL_ZETE = "zete"
CALL_KAPOT = "kapot"
CALL_KAPOT_BEF = "kapot bef"
CALL_BWI = "bwi"
CALL_LAKLE = "lakle"

_HANDS = {2: 14, 3: 9, 4: 7}
_DOUBLE_SIX = 27
_DOUBLE_BLANK = 0


class Seychelles(LineGame):
    """One hand of Seychelles straight dominoes for 2, 3 or 4 players."""

    GAME_ID = 0
    NAME = "Seychelles"
    PLAYERS = (2, 3, 4)
    TARGET = 50
    TARGETS = (25, 50, 100, 150)

    def __init__(self, players=4, seed=0, starter=None):
        if type(players) is not int or players not in _HANDS:
            raise ValueError("players: Seychelles is played by 2, 3 or 4, not %r" % (players,))
        self.nsides = self.sides_for(players)
        removed = (_DOUBLE_BLANK,) if players == 3 else ()
        LineGame.__init__(self, players, seed, 6, _HANDS[players], None, removed)
        if starter is not None and (type(starter) is not int or starter != self.starter):
            raise ValueError("starter: the double six is with seat %d, not %r"
                             % (self.starter, starter))

    @staticmethod
    def sides_for(players, options=0):
        """Scoring sides: two partnerships with 4 players, else one per player."""
        return 2 if players == 4 else players

    def first_seat(self):
        """The holder of the double six leads."""
        return self.loc[_DOUBLE_SIX]

    def result(self):
        """Scores of the ended hand: tape, krose or zete."""
        if not self.over:
            raise ValueError("the hand is not over")
        pips = [self.pips(s) for s in range(self.players)]
        points = [0] * self.nsides
        w = self.points_from(pips, self.winner, points)
        if self.winner >= 0:
            return HandResult(DOMINO, self.winner, w, pips, points, CALL_TAPE,
                              "@%d went out" % self.winner)
        if w < 0:
            return HandResult(BLOCK, -1, -1, pips, points, CALL_ZETE,
                              "blocked, fewest pips tied: no points")
        return HandResult(BLOCK, -1, w, pips, points, CALL_KROSE,
                          "blocked, #%d had fewer pips" % w)

    def points_from(self, pips, winner, out):
        """Each side's points into ``out[0:nsides]`` for an ended hand with
        ``pips[seat]`` left in each hand, ``winner`` the seat that went out (-1:
        blocked); returns the scoring side (-1: zete). Allocates nothing (the
        exact search calls it, :mod:`domino.lineai.blockend`)."""
        ns = self.nsides
        for s in range(ns):
            out[s] = 0
        total = 0
        for s in range(self.players):
            out[s % ns] += pips[s]  # each side's pips first
            total += pips[s]
        if winner >= 0:
            w = winner % ns
        else:
            w = 0
            tie = False
            for s in range(1, ns):
                if out[s] < out[w]:
                    w = s
                    tie = False
                elif out[s] == out[w]:
                    tie = True
            if tie:
                w = -1
        v = 0 if w < 0 else total - out[w]
        for s in range(ns):
            out[s] = 0
        if w >= 0:
            out[w] = v
        return w

    # -- match rules --------------------------------------------------------

    @classmethod
    def next_starter(cls, match):
        """Every hand is led by the double six's holder."""
        return None

    @classmethod
    def settle(cls, match, result):
        """Add a hand to the match; decide kapot, kapot bef or a restart (and say
        which in ``match.story``: "#1 on 0: kapot")."""
        scores = match.scores
        for s in range(len(scores)):
            scores[s] += result.points[s]
        best = max(scores)
        if best < match.target:
            return
        w = scores.index(best)
        rest = max(scores[s] for s in range(len(scores)) if s != w)
        o = [s for s in range(len(scores)) if s != w and scores[s] == rest][0]  # the next best
        if rest >= 10:
            match.story = ("#%d reached %d but #%d had %d (10 or more): no winner, the match "
                           "starts over from 0." % (w, best, o, rest))
            for s in range(len(scores)):
                scores[s] = 0
            match.restarts += 1
            match.call = ""
            return
        match.over = True
        match.winner = w
        match.call = CALL_KAPOT if rest == 0 else CALL_KAPOT_BEF
        match.story = "#%d on %d: %s" % (o, rest, match.call)


def calls(game, seat):
    """Calls that describe ``seat``'s hand now: a list from ``bwi``, ``lakle``."""
    out = []
    loc = game.loc
    ends = game.open_ends()
    # tiles of each suit not yet on the table (removed tiles count as gone)
    left = [0] * 7
    for t in range(len(loc)):
        if loc[t] != TABLE and loc[t] != OUT:
            left[tiles.HI[t]] += 1
            if tiles.HI[t] != tiles.LO[t]:
                left[tiles.LO[t]] += 1
    for v in range(7):
        d = tiles.tile(v, v)
        if loc[d] == seat and left[v] == 1 and v not in ends and game.nplayed:
            out.append(CALL_BWI)
            break
    for v in ends:
        if left[v] == 1:
            for k in range(7):
                t = tiles.tile(v, k)
                if loc[t] == seat:
                    out.append(CALL_LAKLE)
                    return out
    return out
