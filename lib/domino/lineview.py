"""The rarely-called half of a line game's hand: :class:`LineView`.

:class:`domino.line.LineGame` is ``LineView`` plus the hot path (deal,
``legal_moves``, ``apply``, ``undo``). The split is for the device's RAM, not
for the reader: CircuitPython compiles each module's source on import, and the
compiler needs a transient heap that grows with the module's length. Use
``LineGame``; this class has no state of its own and is never used alone.

It holds what a screen, a player or a test reads (``hand``, ``pips``,
``open_ends``, ``moves``, ``observation``, ``move_tile``, ``move_group``,
``move_name``), setting up a scripted deal (``redeal``), the reason a move is
refused (``why_illegal``) and the hook ``first_seat``. It also owns the names of the places a tile can be
(:data:`STOCK`, :data:`TABLE`, :data:`OUT`; ``domino.line`` re-exports them)
and of the arms (:data:`ARM_NAMES`).
"""

from micropython import const


from .game import Observation, PASS, DRAW
from . import tiles

# where a tile is (``loc[t]``), besides a seat number
STOCK = const(0xFE)
TABLE = const(0xFD)
OUT = const(0xFF)

_HI = tiles.HI
_LO = tiles.LO


def passes_after(h):
    """Passes in a row right after the history entry ``h`` (``LineGame.hist``): a draw
    leaves the count as it was, a play ends the run."""
    return h >> 13 if h & 1023 == DRAW else 0


ARM_NAMES = ("left", "right", "up", "down")


class LineView:
    """Methods of :class:`domino.line.LineGame` off the make/unmake path."""

    def redeal(self, hands, stock=(), starter=None):
        """Replace the deal with explicit ``hands`` (one tile list per seat) and
        ``stock`` (boneyard, drawn first to last) before any move; tiles in
        neither are out of play. For scripted deals and for search."""
        if self.nhist:
            raise ValueError("redeal: moves have been made")
        if len(hands) != self.players:
            raise ValueError("redeal: need %d hands, got %d" % (self.players, len(hands)))
        ntiles = len(self.loc)
        loc = bytearray([OUT] * ntiles)
        for seat in range(self.players):
            for t in hands[seat]:
                if not 0 <= t < ntiles or loc[t] != OUT:
                    raise ValueError("redeal: tile %r is not free in this set" % (t,))
                loc[t] = seat
        for t in stock:
            if not 0 <= t < ntiles or loc[t] != OUT:
                raise ValueError("redeal: tile %r is not free in this set" % (t,))
            loc[t] = STOCK
        # nothing changes until the whole deal (starter included) is known good
        old = self.loc
        self.loc = loc
        if starter is None:
            starter = self.first_seat()
        if not (type(starter) is int and 0 <= starter < self.players):
            self.loc = old
            raise ValueError("redeal: the starter must be a seat 0..%d, not %r" % (self.players - 1, starter))
        for seat in range(self.players):
            self.count[seat] = len(hands[seat])
        self.stock = bytes(stock)
        self.top = 0
        self.starter = starter
        self.turn = starter

    def first_seat(self):
        """Seat that leads when no starter is given (games override)."""
        return 0

    def moves(self):
        """The moves applied so far, in order (with a deal, enough to rebuild the hand)."""
        return [m for _, m in self.events()]

    def events(self):
        """The moves so far, in order, as ``(seat, move)`` pairs, passes included."""
        out = []
        hist = self.hist
        after = 0
        for i in range(self.nhist):
            h = hist[i]
            seat = (h >> 10) & 7
            self._passes(out, seat, (h >> 13) - after)
            out.append((seat, h & 1023))
            after = passes_after(h)
        # the passes since the last entry: the one that ends a hand leaves the turn with its seat
        nxt = self.turn + 1 if self.over and self.passes >= self.players else self.turn
        self._passes(out, nxt, self.passes - after)
        return out

    def _passes(self, out, seat, run):
        """Append the ``run`` passes made by the seats just before ``seat``."""
        for k in range(run, 0, -1):
            out.append(((seat - k) % self.players, PASS))

    def hand(self, seat):
        """Sorted list of the tiles in ``seat``'s hand."""
        loc = self.loc
        return [t for t in range(len(loc)) if loc[t] == seat]

    def pips(self, seat):
        """Pips left in ``seat``'s hand."""
        loc = self.loc
        n = 0
        for t in range(len(loc)):
            if loc[t] == seat:
                n += _HI[t] + _LO[t]
        return n

    def open_ends(self):
        """Values of the open arms, in arm order (empty before the first play)."""
        if self.nplayed == 0:
            return []
        return [self.ends[a] for a in range(self.narms)]

    def observation(self, seat):
        """What ``seat`` may see: own hand, counts, the table and public moves;
        ValueError if ``seat`` is not a seat of this hand."""
        if not (type(seat) is int and 0 <= seat < self.players):
            raise ValueError("no seat %r" % (seat,))
        events = self.events()
        legal = []
        if seat == self.turn and not self.over:
            buf = self._buf
            legal = [buf[i] for i in range(self.legal_moves(buf))]
        return Observation(seat, self.players, self.turn, self.nset, self.hand(seat),
                           list(self.count), len(self.stock) - self.top, tuple(self.open_ends()),
                           events, self.hand_scores(), self.starter, legal, self.options_code())

    def move_tile(self, move):
        """The tile ``move`` lays, or -1 (pass, draw)."""
        return move >> 2 if move < 1000 else -1

    def move_group(self, move):
        """Moves laying the same tile (on different ends) are one choice."""
        return move >> 2 if move < 1000 else move

    def move_name(self, move):
        """Short text for a move: "6-5 left", "pass", "draw"."""
        if move == PASS:
            return "pass"
        if move == DRAW:
            return "draw"
        t = move >> 2
        if self.nplayed == 0:
            return tiles.name(t)
        return tiles.name(t) + " " + ARM_NAMES[move & 3]

    def why_illegal(self, move):
        """The specific reason ``move`` is not legal for the seat to act."""
        seat = self.turn
        if not isinstance(move, int) or move < 0 or (move >= len(self.loc) * 4 and move not in (PASS, DRAW)):
            return "not a move: %r" % (move,)
        buf = self._buf
        n = self.legal_moves(buf)
        can_play = buf[0] not in (PASS, DRAW)
        if move == PASS:
            if can_play:
                return "seat %d cannot pass: it has a tile that plays" % seat
            return "seat %d cannot pass: it must draw from the boneyard" % seat
        if move == DRAW:
            if not self.BONEYARD:
                return "this game has no boneyard to draw from"
            if can_play:
                return "seat %d cannot draw: it has a tile that plays" % seat
            return "the boneyard is empty"
        t = move >> 2
        a = move & 3
        nm = tiles.name(t)
        if self.loc[t] != seat:
            return "%s is not in seat %d's hand" % (nm, seat)
        if self.nplayed == 0:
            return "the first tile goes on the left arm"
        if a >= self.narms:
            return "the %s arm is not open" % ARM_NAMES[a]
        e = self.ends[a]
        if not tiles.has(t, e):
            return "%s does not match the %s end (%d)" % (nm, ARM_NAMES[a], e)
        b = 0
        while self.ends[b] != e:
            b += 1
        return "%s on the %s end is the same play as on the %s end" % (nm, ARM_NAMES[a], ARM_NAMES[b])
