"""Line games: tiles laid end to end, doubles crosswise, block or draw play.

:class:`LineGame` holds one hand of any game played on a line of dominoes and
implements the contract of :mod:`domino.game` for it. Games (Seychelles, Domino
Whist, All Fives) subclass it and add their scoring and who starts.

State is a handful of bytearrays updated in place, so make/undo allocates
nothing on MicroPython for any set size:

* ``loc[t]``: where tile ``t`` is: a seat number, :data:`STOCK` (boneyard),
  :data:`TABLE` (played) or :data:`OUT` (not used in this game). Every tile is
  in exactly one place by construction.
* ``ends[a]``: the pip value open on arm ``a`` (arms 0 and 1 are the left and
  right ends of the line); ``placed``/``placed_arm``: tiles in the order laid
  and the arm each went on, which is all a screen needs to draw the line
  (a double is drawn crosswise; ``placed[nplayed - 1]`` is the last play).
* ``hist``: 16 bits per play or draw (``move | seat << 10 | passes << 13``,
  ``passes`` the passes in a row just before it), with ``prev[i]``, the value
  the ``i``-th play covered, so that :meth:`LineGame.undo` restores the state
  exactly (a draw's tile is the stock's, in order). A pass has no entry: the
  next entry's ``passes`` (or ``passes`` itself, after the last one) says
  where it was, so the history holds at most two entries a tile.

Moves are ``tile << 2 | arm``. The first tile of a hand goes on arm 0 and
opens both ends: ``ends[0]`` is its high end, ``ends[1]`` its low end. When
two arms show the same value, only the first is offered (the plays are the
same position).
"""

from micropython import const
from array import array

from .game import (Board, Game, IllegalMove, Observation, PASS, DRAW, SPECIAL, MOVE_MASK,
                   new_move_buffer, place)
from .rng import Rng
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
    return h >> 13 if h & MOVE_MASK == DRAW else 0


ARM_NAMES = ("left", "right", "up", "down")

_SUIT = tiles.SUIT
_ROW = tiles.SUIT_ROW


def shuffled(nset, seed, removed=()):
    """The tiles of a double-``nset`` set minus ``removed``, shuffled from ``seed``."""
    deck = bytearray(t for t in range(tiles.count(nset)) if t not in removed)
    Rng(seed).shuffle(deck)
    return deck


class LineGame(Game):
    """One hand of a line game; see the module docstring.

    Class flags: ``BONEYARD`` (a seat with no play draws from the stock
    instead of passing), ``SCORES_IN_PLAY`` (plays score points during the
    hand, ``play_points(move)`` says how many; else the game values an ended
    hand by ``points_from(pips, winner, out)`` and plays on two arms as here).
    ``AI``: the AI's family module, :mod:`domino.lineai`.
    Subclasses set ``nsides`` and implement ``result``.
    """

    BONEYARD = False
    SCORES_IN_PLAY = False
    AI = "lineai"

    def __init__(self, players, seed, nset, hand_size, starter=None, removed=()):
        ntiles = tiles.count(nset)
        if players * hand_size > ntiles - len(removed):
            raise ValueError("%d hands of %d do not fit in a double-%d set"
                             % (players, hand_size, nset))
        self.players = players
        self.seed = seed
        self.nset = nset
        self.hand_size = hand_size
        deck = shuffled(nset, seed, removed)
        loc = bytearray(ntiles)
        dealt = players * hand_size
        for i in range(len(deck)):
            loc[deck[i]] = i // hand_size if i < dealt else STOCK
        for t in removed:
            loc[t] = OUT
        self.loc = loc
        self.stock = bytes(deck[dealt:])
        self.top = 0
        self.count = bytearray([hand_size] * players)
        self.narms = 2
        self.ends = bytearray(4)
        self.nplayed = 0
        self.placed = bytearray(ntiles)
        self.placed_arm = bytearray(ntiles)
        self.prev = bytearray(ntiles)
        self.hist = array("H", bytes(4 * ntiles))
        self.nhist = 0
        self.passes = 0
        self.over = False
        self.winner = -1
        self._buf = array("H", new_move_buffer())  # legal moves (all below 1024)
        if starter is None:
            starter = self.first_seat()
        elif not (type(starter) is int and 0 <= starter < players):  # not True, not 1.5
            raise ValueError("starter must be a seat 0..%d" % (players - 1))
        self.starter = starter
        self.turn = starter

    # -- the contract -------------------------------------------------------

    def legal_moves(self, buf):
        """Write the legal moves of the seat to act into ``buf``; return how many."""
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
        width = self.nset + 1
        for a in range(self.narms):
            e = ends[a]
            b = 0
            while b < a and ends[b] != e:
                b += 1
            if b < a:
                continue
            base = e * _ROW
            for k in range(width):
                t = _SUIT[base + k]
                if loc[t] == seat:
                    buf[n] = (t << 2) | a
                    n += 1
        if n == 0:
            buf[0] = DRAW if self.BONEYARD and self.top < len(self.stock) else PASS
            n = 1
        return n

    def apply(self, move):
        """Apply a legal move without checking it (search uses this)."""
        seat = self.turn
        h = (seat << 10) | (self.passes << 13)
        if move == PASS:
            self.passes += 1
            if self.passes >= self.players:
                self.over = True
            else:
                self.turn = (seat + 1) % self.players
            return
        if move == DRAW:
            t = self.stock[self.top]
            self.top += 1
            self.loc[t] = seat
            self.count[seat] += 1
            self._push(h | move)
            return
        t = move >> 2
        a = move & 3
        ends = self.ends
        prev = ends[a]
        self.loc[t] = TABLE
        self.count[seat] -= 1
        i = self.nplayed
        self.prev[i] = prev
        self.placed[i] = t
        self.placed_arm[i] = a
        self.nplayed = i + 1
        if i == 0:
            ends[0] = _HI[t]
            ends[1] = _LO[t]
        else:
            ends[a] = _HI[t] + _LO[t] - prev
        self._push(h | move)
        self.passes = 0
        if self.count[seat] == 0:
            self.over = True
            self.winner = seat
        else:
            self.turn = (seat + 1) % self.players

    def _push(self, h):
        self.hist[self.nhist] = h
        self.nhist += 1

    def _passed_last(self):
        """Whether the last move was a pass: more passes in a row now than
        after the last play or draw."""
        n = self.nhist
        if n == 0:
            return self.passes > 0
        return self.passes > passes_after(self.hist[n - 1])

    def undo(self):
        """Take back the last move, restoring the exact previous state."""
        if self._passed_last():
            if not self.over:  # the pass that ends a hand leaves the turn where it is
                self.turn = (self.turn - 1) % self.players
            self.passes -= 1
            self.over = False
            return
        if self.nhist == 0:
            raise IllegalMove("no move to undo")
        self.nhist -= 1
        h = self.hist[self.nhist]
        move = h & MOVE_MASK
        seat = (h >> 10) & 7
        self.turn = seat
        self.passes = h >> 13
        self.over = False
        self.winner = -1
        if move == DRAW:
            self.top -= 1
            self.loc[self.stock[self.top]] = STOCK
            self.count[seat] -= 1
            return
        t = move >> 2
        self.nplayed -= 1
        self.loc[t] = seat
        self.count[seat] += 1
        if self.nplayed == 0:
            self.ends[0] = 0
            self.ends[1] = 0
        else:
            self.ends[move & 3] = self.prev[self.nplayed]

    def redeal(self, hands, stock=(), starter=None):
        """Replace the deal with explicit ``hands`` (one tile list per seat) and
        ``stock`` (boneyard, drawn first to last) before any move; tiles in
        neither are out of play. For scripted deals and for search."""
        self._redeal_check(hands, 0 if starter is None else starter)
        loc = bytearray([OUT] * len(self.loc))
        for seat in range(self.players):
            place(loc, hands[seat], seat)
        place(loc, stock, STOCK)
        if starter is None:  # first_seat reads the new deal (and may find no seat to lead)
            old = self.loc
            self.loc = loc
            starter = self.first_seat()
            self.loc = old
            self._redeal_check(hands, starter)
        self.loc = loc  # nothing changed before this
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
            out.append((seat, h & MOVE_MASK))
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
                           events, self.hand_scores(), self.starter, legal, self.options_code(),
                           self.board(), self.standing)

    def board(self):
        """The line as it lies: a :class:`~domino.game.Board` of the line kind."""
        n = self.nplayed
        placed = self.placed
        arm = self.placed_arm
        arms = tuple(tuple(placed[i] for i in range(1, n) if arm[i] == a)
                     for a in range(self.narms))
        return Board(first=placed[0] if n else -1, arms=arms, ends=tuple(self.open_ends()),
                     spinner=-1, last=placed[n - 1] if n else -1, gains=(), counts=None, total=0)

    def move_tile(self, move):
        """The tile ``move`` lays, or -1 (pass, draw)."""
        return move >> 2 if move < SPECIAL else -1

    def move_group(self, move):
        """Moves laying the same tile (on different ends) are one choice."""
        return move >> 2 if move < SPECIAL else move

    def move_end(self, move):
        """The arm ``move`` lays its tile on (an index of the board's ``ends``), or -1."""
        return move & 3 if move < SPECIAL else -1

    def move_name(self, move):
        """Short text for a move: "6-5 left", "pass", "draw"."""
        if move == PASS:
            return "pass"
        if move == DRAW:
            return "draw"
        return tiles.name(move >> 2) + " " + ARM_NAMES[move & 3]

    def why_illegal(self, move):
        """The specific reason ``move`` is not legal for the seat to act."""
        seat = self.turn
        if not isinstance(move, int) or move < 0 \
                or (move >= len(self.loc) * 4 and move not in (PASS, DRAW)):
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
        return "%s on the %s end is the same play as on the %s end" % (
            nm, ARM_NAMES[a], ARM_NAMES[b])
