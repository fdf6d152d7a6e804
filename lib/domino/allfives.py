"""All Fives with a spinner and a boneyard (``../shared/rules/all-fives-with-spinner.txt``).

Sets and players (the text: "Double Sixes with two or three players, Double
Nines or Double Twelves if there are more players"):

* double-six for 2-4 players, double-nine for 2-6, double-twelve for 2-8;
  the default set is double-six for 2-3, double-nine for 4-6 and
  double-twelve for 7-8 players (double-nine takes at most 6);
* 7 tiles each by default (the text's "seven tiles"), except 4 players on
  double-six (an option), where 7 each would leave no boneyard: 5 each there
  (the usual All Fives deal). Any hand size from 1 to 15 that fits the set
  can be chosen; the rest of the set is the boneyard, drawn in shuffled order.
* A 4-player hand's :meth:`AllFives.options_code` always names its set; a
  4-player options code that does not (set bits 0: deal codes and saves made
  when double-six with 5 each was the 4-player default) is read as double-six,
  so such a code keeps its meaning (:func:`domino.games.from_code`,
  ``savegame.MatchRecord.decode``).
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
``match.draw``); the heaviest (most pips, ties by the higher end)
starts, and each later hand is started by the player to the left of the
previous starter (the next seat clockwise).

Layout for a screen: arms 0/1 are the left and right of the line, arms 2/3
the spinner's up and down arms (open when ``narms == 4``). ``ends[a]`` is the
value open on arm ``a``, ``end_tile[a]`` the tile at that end (for an unplayed
side arm, the spinner), ``kind[a]`` one of :data:`PLAIN`, :data:`DOUBLE`,
:data:`SPIN` (the end tile is the spinner), ``spinner`` the spinner tile (or
-1), ``placed``/``placed_arm`` the tiles in the order laid with their arm,
``gain[i]`` what the ``i``-th play scored; see :meth:`AllFives.arm_tiles`.
"""

from micropython import const
from .line import ARM_NAMES, LineGame
from .game import DOMINO, BLOCK, DRAW, PASS, MOVE_MASK, HandResult
from . import tiles
from .matchdraw import draw_for

# the kind of tile at an open end (``kind[a]``)
PLAIN = const(0)
DOUBLE = const(1)
SPIN = const(2)

# what an end counts per value, by kind: in line (arms 0/1), and on a side arm
_W_LINE = b"\x01\x02\x02"
_W_SIDE = b"\x01\x02\x00"

SETS = (6, 9, 12)
TARGETS = (100, 150, 200, 250)


def config(players, options=0):
    """``(nset, hand_size, partners)`` for ``players`` and an options code;
    ValueError if they do not make a valid game."""
    if type(players) is not int or not 2 <= players <= 8:
        raise ValueError("players: All Fives is played by 2 to 8, not %r" % (players,))
    if type(options) is not int or not 0 <= options < 128:
        raise ValueError("options: a 7-bit options code, not %r" % (options,))
    code = options & 3
    if code:
        nset = SETS[code - 1]
    else:
        nset = 6 if players <= 3 else (9 if players <= 6 else 12)
    most = nset * 2 // 3  # 4, 6, 8 players on double-six, -nine, -twelve
    if players > most:
        raise ValueError("players: a double-%d set takes at most %d players" % (nset, most))
    hand = (options >> 2) & 15
    if hand == 0:
        hand = 5 if players * 7 >= tiles.count(nset) else 7
    if players * hand > tiles.count(nset):
        raise ValueError("hand size: %d hands of %d do not fit in a double-%d set"
                         % (players, hand, nset))
    partners = (options >> 6) & 1 == 1
    if partners and players != 4:
        raise ValueError("partnership play needs 4 players, not %d" % players)
    return nset, hand, partners


def options_for(nset=None, hand_size=None, partners=False):
    """The options code for explicit settings (None: the default)."""
    code = 0
    if hand_size is not None and type(hand_size) is not int:
        raise ValueError("hand size: a whole number of tiles, not %r" % (hand_size,))
    if nset is not None:
        if nset not in SETS:
            raise ValueError("set: double-6, double-9 or double-12, not %r" % (nset,))
        code = SETS.index(nset) + 1
    if hand_size is not None:
        if not 1 <= hand_size <= 15:
            raise ValueError("hand size: 1 to 15 tiles, not %r" % (hand_size,))
        code |= hand_size << 2
    if partners:
        code |= 64
    return code


def round_five(p):
    """``p`` pips to the nearest multiple of five (remainder 3 and 4 round up)."""
    return (p + 2) // 5 * 5


_HI = tiles.HI
_LO = tiles.LO
_ROW = tiles.SUIT_ROW


class AllFives(LineGame):
    """One hand of All Fives; ``AllFives(players, seed, starter, nset, hand_size, partners)``."""

    GAME_ID = 2
    NAME = "All Fives"
    PLAYERS = (2, 3, 4, 5, 6, 7, 8)
    TARGET = 250
    TARGETS = TARGETS
    # packed by domino.game.pack_options exactly as config / options_for read them
    OPTIONS = (("Set", "auto", ("double-6", "double-9", "double-12")),
               ("Tiles", "auto", range(1, 16)), ("Partners", "no", ("yes",)))
    BONEYARD = True
    SCORES_IN_PLAY = True

    def __init__(self, players=2, seed=0, starter=None, nset=None, hand_size=None, partners=False):
        nset, hand_size, partners = config(players, options_for(nset, hand_size, partners))
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

    @staticmethod
    def default_value(players, options, i):
        """What "auto" gives for option ``i`` (set, tiles) with these choices:
        "double-9", "7" ("" for partners, or for choices that make no game)."""
        try:
            nset, hand, _ = config(players, options)
        except ValueError:
            return ""
        return "double-%d" % nset if i == 0 else str(hand) if i == 1 else ""

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
            base = e * _ROW
            for j in range(width):
                t = suit[base + j]
                if loc[t] == seat:
                    buf[n] = (t << 2) | a
                    n += 1
        if n == 0:
            buf[0] = DRAW if self.top < len(self.stock) else PASS
            n = 1
        return n

    def apply(self, move):
        """Apply a legal move without checking it; scores a play's fives."""
        if move >= DRAW:
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
        if n and not self._passed_last():
            h = self.hist[n - 1]
            move = h & MOVE_MASK
            if move < DRAW:
                i = self.nplayed - 1
                t = move >> 2
                a = move & 3
                self.score[((h >> 10) & 7) % self.nsides] -= self.gain[i]
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
                    kind[a] = SPIN if p == self.spinner else DOUBLE if _HI[p] == _LO[p] else PLAIN
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

    def play_points(self, move):
        """What the play ``move`` would score for the seat to act (what
        :meth:`apply` would add to its side), found without applying it: the
        playouts' hot path. The same rules as :meth:`apply` and :meth:`end_sum`."""
        if move >= DRAW:
            return 0
        t = move >> 2
        a = move & 3
        hi = _HI[t]
        lo = _LO[t]
        if self.nplayed == 0:
            s = hi * 2 if hi == lo else hi + lo
        else:
            ends = self.ends
            kind = self.kind
            spinner = self.spinner
            if hi != lo:
                k = PLAIN
            elif spinner < 0:
                k = SPIN
                spinner = t
            else:
                k = DOUBLE
            v = hi + lo - ends[a]
            e0 = v if a == 0 else ends[0]
            e1 = v if a == 1 else ends[1]
            k0 = k if a == 0 else kind[0]
            k1 = k if a == 1 else kind[1]
            if k0 == SPIN and k1 == SPIN:
                s = e0 * 2
            else:
                s = e0 * _W_LINE[k0] + e1 * _W_LINE[k1]
                if self.narms == 4:  # (side arms opened by this play count 0: spinner kind)
                    s += ((v if a == 2 else ends[2]) * _W_SIDE[k if a == 2 else kind[2]]
                          + (v if a == 3 else ends[3]) * _W_SIDE[k if a == 3 else kind[3]])
        return s if s % 5 == 0 and s else 0

    # -- options, scoring of the open ends, the result --------------------

    @classmethod
    def from_options(cls, players, seed, starter, options):
        """A hand from a deal code's fields (see :meth:`options_code`)."""
        nset, hand, partners = config(players, options)
        return cls(players, seed, starter, nset, hand, partners)

    @staticmethod
    def legacy_options(players, options):
        """Options as a deal code or a version 2 save meant them: set bits 0 with 4
        players are the old default, double-six (code 1)."""
        return options | 1 if players == 4 and options & 3 == 0 else options

    def options_code(self):
        """7 bits: set (bits 0-1: 0 default, 1/2/3 = double-6/9/12), hand size
        (bits 2-5: 0 default, else 1..15), partnership (bit 6); defaults are 0,
        except that a 4-player hand always names its set (see the module doc:
        set bits 0 with 4 players are read as the old default, double-six)."""
        p = self.players
        nset = self.nset
        code = 0
        if p == 4 or nset != config(p, 0)[0]:
            code = SETS.index(nset) + 1
        if self.hand_size != config(p, code)[1]:
            code |= self.hand_size << 2
        if self.partners:
            code |= 64
        return code

    config = staticmethod(config)

    @staticmethod
    def sides_for(players, options=0):
        """Scoring sides: two partnerships if chosen, else one per player."""
        return 2 if config(players, options)[2] else players

    def end_sum(self):
        """The open ends added up as the rules count them (0 before the first play)."""
        if self.nplayed == 0:
            return 0
        ends = self.ends
        kind = self.kind
        k0 = kind[0]
        k1 = kind[1]
        if k0 == SPIN and k1 == SPIN:
            return ends[0] * 2  # the spinner alone, counted once
        s = ends[0] * _W_LINE[k0] + ends[1] * _W_LINE[k1]
        if self.narms == 4:
            s += ends[2] * _W_SIDE[kind[2]] + ends[3] * _W_SIDE[kind[3]]
        return s

    def hand_scores(self):
        """Points per side scored by plays in this hand so far."""
        return list(self.score)

    def result(self):
        """Play points, plus the opponents' pips rounded to five for going out."""
        if not self.over:
            raise ValueError("the hand is not over")
        players = self.players
        ns = self.nsides
        pips = [self.pips(s) for s in range(players)]
        points = list(self.score)
        if self.winner >= 0:
            w = self.winner % ns
            opp = 0
            for s in range(players):
                if s % ns != w:
                    opp += pips[s]
            points[w] += round_five(opp)
            return HandResult(DOMINO, self.winner, w, pips, points, "",
                              "@%d went out" % self.winner)
        return HandResult(BLOCK, -1, -1, pips, points, "", "blocked: nobody could play")

    # -- layout for a screen ------------------------------------------------

    def board(self):
        """The line as it lies (:class:`~domino.game.Board`), with the spinner,
        each play's points and what each open end counts: an end counts nothing
        while it is the spinner's second in-line side (the spinner alone counts
        once) or an open side arm with no tile."""
        b = LineGame.board(self)
        b.spinner = self.spinner
        b.gains = bytes(self.gain[:self.nplayed])
        if self.nplayed:
            spin_alone = self.kind[0] == SPIN and self.kind[1] == SPIN
            b.counts = tuple(None if (a == 1 and spin_alone) or (a >= 2 and not self.side_played(a))
                             else self.end_points(a) for a in range(self.narms))
        else:
            b.counts = ()
        b.total = self.end_sum()
        return b

    def arm_tiles(self, a):
        """Tiles laid on arm ``a`` from the centre outwards (the first tile of
        the hand is ``placed[0]`` and belongs to no arm)."""
        return [self.placed[i] for i in range(1, self.nplayed) if self.placed_arm[i] == a]

    def end_points(self, a):
        """What the end of arm ``a`` counts now (the spinner alone counts on arm 0)."""
        if self.nplayed == 0 or a >= self.narms:
            return 0
        k = self.kind[a]
        if a == 1 and k == SPIN and self.kind[0] == SPIN:
            return 0
        return self.ends[a] * (_W_LINE[k] if a < 2 else _W_SIDE[k])

    def side_played(self, a):
        """True if side arm ``a`` (2 or 3) has a tile on it."""
        return self.narms == 4 and self.kind[a] != SPIN

    def why_illegal(self, move):
        """The specific reason ``move`` is not legal for the seat to act."""
        if (isinstance(move, int) and 0 <= move < len(self.loc) * 4 and self.nplayed
                and self.loc[move >> 2] == self.turn):
            t = move >> 2
            a = move & 3
            nm = tiles.name(t)
            if a >= self.narms:
                if self.spinner < 0:
                    return "the %s arm is not open: no spinner has been laid" % ARM_NAMES[a]
                return ("the %s arm is not open: the spinner %s opens its sides only after "
                        "both its in-line sides are played"
                        % (ARM_NAMES[a], tiles.name(self.spinner)))
            e = self.ends[a]
            if tiles.has(t, e):
                for b in range(a):
                    if self.ends[b] == e and self.kind[b] == self.kind[a]:
                        return "%s on the %s end is the same play as on the %s end" % (
                            nm, ARM_NAMES[a], ARM_NAMES[b])
        return LineGame.why_illegal(self, move)

    # -- match rules --------------------------------------------------------

    @classmethod
    def match_start(cls, match):
        """Draw for the first starter: ``match.draw[seat]`` (a tile each), the
        heaviest bone's seat ``match.first``."""
        draw_for(match, "lead", config(match.players, match.options)[0], match.rng)

    @classmethod
    def next_starter(cls, match):
        """The drawn starter leads hand 1; then the next seat clockwise each hand."""
        return (match.first + match.hand_no) % match.players

    @classmethod
    def settle(cls, match, result):
        """Add the hand's points; the match ends once a side has reached the
        target and the highest total is not shared."""
        scores = match.scores
        for s in range(len(scores)):
            scores[s] += result.points[s]
        best = max(scores)
        if best >= match.target and scores.count(best) == 1:
            match.over = True
            match.winner = scores.index(best)
