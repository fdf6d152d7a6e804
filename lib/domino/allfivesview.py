"""All Fives off the make/unmake path: :class:`AllFivesView`, and the options.

:class:`domino.allfives.AllFives` is ``AllFivesView`` plus the hot path (deal,
``legal_moves``, ``apply``, ``undo``), as :class:`domino.line.LineGame` is
:class:`domino.lineview.LineView` plus its own. The split is for the device's
RAM: CircuitPython compiles each module's source on import, with a transient
heap that grows with the module's length, so no core module may be long
(``host_tests/test_mpy_cross.py`` caps it). Use ``AllFives`` (and import these
names from :mod:`domino.allfives`, which re-exports them); this class has no
state of its own and is never used alone.

Here: the options code (:func:`config`, :func:`options_for`, :data:`SETS`,
:data:`TARGETS`), the kinds of end (:data:`PLAIN`, :data:`DOUBLE`,
:data:`SPIN`), what the open ends count (``end_sum``, ``end_points``), the
layout for a screen (``arm_tiles``, ``end_double``, ``side_played``), the
reason a move is refused, the hand's result (:func:`round_five`) and the match
rules (``match_start``, ``next_starter``, ``settle``). The rules themselves are
written out in :mod:`domino.allfives`.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from .lineview import LineView, ARM_NAMES
from .game import DOMINO, BLOCK, HandResult
from . import tiles

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
        nset = 6 if players <= 4 else (9 if players <= 6 else 12)
    most = nset * 2 // 3  # 4, 6, 8 players on double-six, -nine, -twelve
    if players > most:
        raise ValueError("players: a double-%d set takes at most %d players" % (nset, most))
    hand = (options >> 2) & 15
    if hand == 0:
        hand = 5 if players * 7 >= tiles.count(nset) else 7
    if players * hand > tiles.count(nset):
        raise ValueError("hand size: %d hands of %d do not fit in a double-%d set" % (players, hand, nset))
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


class AllFivesView:
    """Methods of :class:`domino.allfives.AllFives` off the make/unmake path."""

    @classmethod
    def from_options(cls, players, seed, starter, options):
        """A hand from a deal code's fields (see :meth:`options_code`)."""
        nset, hand, partners = config(players, options)
        return cls(players, seed, starter, nset, hand, partners)

    def options_code(self):
        """7 bits: set (bits 0-1: 0 default, 1/2/3 = double-6/9/12), hand size
        (bits 2-5: 0 default, else 1..15), partnership (bit 6); defaults are 0."""
        code = 0
        if self.nset != config(self.players, 0)[0]:
            code = SETS.index(self.nset) + 1
        if self.hand_size != config(self.players, code)[1]:
            code |= self.hand_size << 2
        if self.partners:
            code |= 64
        return code

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
            return HandResult(DOMINO, self.winner, w, pips, points, "")
        return HandResult(BLOCK, -1, -1, pips, points, "")

    # -- layout for a screen ------------------------------------------------

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

    def end_double(self, a):
        """True if the tile at the end of arm ``a`` is a double (laid crosswise)."""
        return self.kind[a] != PLAIN

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
                        "both its in-line sides are played" % (ARM_NAMES[a], tiles.name(self.spinner)))
            e = self.ends[a]
            if tiles.has(t, e):
                for b in range(a):
                    if self.ends[b] == e and self.kind[b] == self.kind[a]:
                        return "%s on the %s end is the same play as on the %s end" % (
                            nm, ARM_NAMES[a], ARM_NAMES[b])
        return LineView.why_illegal(self, move)

    # -- match rules --------------------------------------------------------

    @classmethod
    def match_start(cls, match):
        """Draw for the first starter: ``match.starter_draw[seat]`` (a tile each)
        and ``match.first_starter`` (the heaviest bone)."""
        players = match.players
        nset = config(players, getattr(match, "options", 0))[0]
        deck = bytearray(range(tiles.count(nset)))
        match.rng.shuffle(deck)
        drawn = list(deck[:players])
        best = 0
        for s in range(1, players):
            if tiles.rank_key(drawn[s]) > tiles.rank_key(drawn[best]):
                best = s
        match.starter_draw = drawn
        match.first_starter = best

    @classmethod
    def next_starter(cls, match):
        """The drawn starter leads hand 1; then the next seat clockwise each hand."""
        return (match.first_starter + match.hand_no) % match.players

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
