"""All Fives with a spinner and a boneyard (``../shared/rules/all-fives-with-spinner.txt``).

Sets and players (the text plays double-six with two or three and the bigger
sets "if there are more players"; the issue asks for 2-4 on double-six):

* double-six for 2-4 players, double-nine for 2-6, double-twelve for 2-8;
  the default set is double-six for 2-4, double-nine for 5-6 and
  double-twelve for 7-8 players;
* 7 tiles each by default (the text's "seven tiles"), except 4 players on
  double-six, where 7 each would leave no boneyard: 5 each there (the usual
  All Fives deal). Any hand size from 1 to 15 that fits the set can be chosen;
  the rest of the set is the boneyard, drawn in shuffled order.
* Partnership play is an option for 4 players: partners sit opposite (seats
  0+2 and 1+3) and score together.

Play. The starter lays any bone. Doubles lie crosswise and count both halves
while they are an open end. The first double of the hand is the spinner: it
is played off in line on both sides first (the side already joined to the
line counts, so a spinner laid on an end of the line needs one more tile on
its outer side), and only then do its two side arms (``up``, ``down``) open.
Only the spinner branches. An unplayed side arm counts nothing (the text's
last play scores 4 + 3 + 4 + 4). After each play, if the open ends add up to
a multiple of five the player's side scores that many points (5-5 or 6-4 led
score 10). A seat with no playable tile draws (move :data:`DRAW`, its turn
goes on) until it can play; with the boneyard empty it passes. A seat that
can play may not draw. The hand ends when a seat goes out (its side scores
the opponents' remaining pips rounded to the nearest five: whole pips never
tie, a remainder of 1-2 rounds down and 3-4 up, i.e. 12 -> 10, 13 -> 15;
a half would round up) or when every seat passes in turn (blocked: nobody
scores the pips left in hands).

Match: to 250 by default (100, 150, 200 are options); it ends at the end of
the hand in which a side reaches the target, and the highest total wins. If
the highest total is shared, another hand is played until one side leads
(the text has no rule for a tie). Before the first hand every player draws a
bone from the shuffled set (the match's PRNG, recorded as
``match.starter_draw``); the heaviest (most pips, ties by the higher end)
starts, and each later hand is started by the player to the left of the
previous starter (the next seat clockwise).

Layout for a screen: arms 0/1 are the left and right of the line, arms 2/3
the spinner's up and down arms (open when ``narms == 4``). ``ends[a]`` is the
value open on arm ``a``, ``end_tile[a]`` the tile at that end (for an unplayed
side arm, the spinner), ``kind[a]`` one of :data:`PLAIN`, :data:`DOUBLE`,
:data:`SPIN` (the end tile is the spinner), ``spinner`` the spinner tile (or
-1), ``placed``/``placed_arm`` the tiles in the order laid with their arm,
``gain[i]`` what the ``i``-th play scored; see :meth:`AllFives.arm_tiles`.

Modules: this one holds the deal and the make/unmake path (``legal_moves``,
``apply``, ``undo``); the rest of :class:`AllFives` and the options helpers
(:func:`config`, :func:`options_for`, :func:`round_five`, the ``PLAIN``/
``DOUBLE``/``SPIN`` kinds; all importable from here) live in
:mod:`domino.allfivesview`, because the device compiles each module from source
in RAM and a long module needs a long transient heap.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from .allfivesview import (AllFivesView, PLAIN, DOUBLE, SPIN,  # noqa: F401  (re-exported)
                           SETS, TARGETS, config, options_for, round_five)
from .line import LineGame
from .game import DRAW
from . import tiles

_DRAW = const(1022)
_HI = tiles.HI
_LO = tiles.LO


class AllFives(AllFivesView, LineGame):
    """One hand of All Fives; ``AllFives(players, seed, starter, nset, hand_size, partners)``.

    The make/unmake path is here; options, scoring of the open ends, the
    layout for a screen, the result and the match rules come from
    :class:`domino.allfivesview.AllFivesView`."""

    GAME_ID = 2
    NAME = "All Fives"
    PLAYERS = (2, 3, 4, 5, 6, 7, 8)
    TARGET = 250
    TARGETS = TARGETS
    BONEYARD = True

    def __init__(self, players=2, seed=0, starter=None, nset=None, hand_size=None, partners=False):
        nset, hand_size, partners = config(players, options_for(nset, hand_size, partners))
        if starter is not None and type(starter) is not int:
            raise ValueError("starter: must be a seat 0..%d, not %r" % (players - 1, starter))
        self.partners = partners
        self.nsides = 2 if partners else players
        LineGame.__init__(self, players, seed, nset, hand_size, starter)
        n = len(self.loc)
        self.end_tile = bytearray(4)
        self.kind = bytearray(4)
        self.spinner = -1
        self.gain = bytearray(n)
        self.prev_end = bytearray(n)
        self.score = [0] * self.nsides

    # -- the contract -------------------------------------------------------

    def legal_moves(self, buf):
        """Write the legal moves of the seat to act into ``buf``; return how many.

        Two arms offer the same plays when they show the same value and the
        same kind of end; only the first is offered. Allocates nothing."""
        if self.over:
            return 0
        seat = self.turn
        loc = self.loc
        n = 0
        if self.nplayed == 0:
            for t in range(len(loc)):
                if loc[t] == seat:
                    buf[n] = t << 2
                    n += 1
            return n
        ends = self.ends
        kind = self.kind
        width = self.nset + 1
        suit = tiles.SUIT
        for a in range(self.narms):
            e = ends[a]
            k = kind[a]
            b = 0
            while b < a and (ends[b] != e or kind[b] != k):
                b += 1
            if b < a:
                continue
            base = e * 13
            for j in range(width):
                t = suit[base + j]
                if loc[t] == seat:
                    buf[n] = (t << 2) | a
                    n += 1
        if n == 0:
            buf[0] = DRAW if self.top < len(self.stock) else 1023
            n = 1
        return n

    def apply(self, move):
        """Apply a legal move without checking it; scores a play's fives."""
        if move >= _DRAW:
            LineGame.apply(self, move)
            return
        seat = self.turn
        t = move >> 2
        a = move & 3
        i = self.nplayed
        end_tile = self.end_tile
        kind = self.kind
        self.prev_end[i] = end_tile[a]
        LineGame.apply(self, move)
        d = _HI[t] == _LO[t]
        if i == 0:
            end_tile[0] = t
            end_tile[1] = t
            if d:
                self.spinner = t
                kind[0] = SPIN
                kind[1] = SPIN
            else:
                kind[0] = PLAIN
                kind[1] = PLAIN
        else:
            end_tile[a] = t
            if not d:
                kind[a] = PLAIN
            elif self.spinner < 0:
                self.spinner = t
                kind[a] = SPIN
            else:
                kind[a] = DOUBLE
            if self.narms == 2 and self.spinner >= 0 and kind[0] != SPIN and kind[1] != SPIN:
                # both in-line sides of the spinner are played: open its side arms
                v = _HI[self.spinner]
                self.ends[2] = v
                self.ends[3] = v
                end_tile[2] = self.spinner
                end_tile[3] = self.spinner
                kind[2] = SPIN
                kind[3] = SPIN
                self.narms = 4
        s = self.end_sum()
        if s % 5 == 0 and s:
            self.gain[i] = s
            self.score[seat % self.nsides] += s

    def undo(self):
        """Take back the last move, restoring the exact previous state."""
        n = self.nhist
        if n:
            h = self.hist[n - 1]
            move = h & 1023
            if move < _DRAW:
                i = self.nplayed - 1
                t = move >> 2
                a = move & 3
                self.score[((h >> 14) & 7) % self.nsides] -= self.gain[i]
                self.gain[i] = 0
                if t == self.spinner:
                    self.spinner = -1
                end_tile = self.end_tile
                kind = self.kind
                if i == 0:
                    end_tile[0] = 0
                    end_tile[1] = 0
                    kind[0] = PLAIN
                    kind[1] = PLAIN
                else:
                    p = self.prev_end[i]
                    end_tile[a] = p
                    kind[a] = self._kind_of(p)
                    if self.narms == 4 and (kind[0] == SPIN or kind[1] == SPIN):
                        self.narms = 2
                        ends = self.ends
                        ends[2] = 0
                        ends[3] = 0
                        end_tile[2] = 0
                        end_tile[3] = 0
                        kind[2] = PLAIN
                        kind[3] = PLAIN
                self.prev_end[i] = 0
        LineGame.undo(self)

    def _kind_of(self, t):
        if t == self.spinner:
            return SPIN
        return DOUBLE if _HI[t] == _LO[t] else PLAIN
