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

This module holds the make/unmake path (deal, ``legal_moves``, ``apply``,
``undo``); the rest of ``LineGame`` (observation, move names, reasons for
refusing a move, scripted deals, hand helpers) is inherited from
:class:`domino.lineview.LineView`. The device compiles each module from source
in RAM, with a transient heap that grows with the module's length, so the class
is split in two modules rather than one long one.
"""

from micropython import const


from array import array

from .game import Game, IllegalMove, PASS, DRAW, new_move_buffer
from .lineview import LineView, STOCK, TABLE, OUT, passes_after  # noqa: F401  (re-exported)
from .rng import Rng
from . import tiles

_SUIT = tiles.SUIT
_ROW = const(13)
_HI = tiles.HI
_LO = tiles.LO


def shuffled(nset, seed, removed=()):
    """The tiles of a double-``nset`` set minus ``removed``, shuffled from ``seed``."""
    deck = bytearray(t for t in range(tiles.count(nset)) if t not in removed)
    Rng(seed).shuffle(deck)
    return deck


class LineGame(LineView, Game):
    """One hand of a line game; see the module docstring.

    Class flags: ``BONEYARD`` (a seat with no play draws from the stock
    instead of passing), ``SCORES_IN_PLAY`` (plays score points during the
    hand, ``play_points(move)`` says how many; else the game values an ended
    hand by ``points_from(pips, winner, out)`` and plays on two arms as here).
    ``AI``: the AI's family module, :mod:`domino.lineai`.
    Subclasses set ``nsides`` and implement ``result``.
    The methods off the make/unmake path (``observation``, ``why_illegal``,
    ``redeal``, ``hand``, ``pips``, ...) come from
    :class:`domino.lineview.LineView`.
    """

    BONEYARD = False
    SCORES_IN_PLAY = False
    AI = "lineai"

    def __init__(self, players, seed, nset, hand_size, starter=None, removed=()):
        ntiles = tiles.count(nset)
        if players * hand_size > ntiles - len(removed):
            raise ValueError("%d hands of %d do not fit in a double-%d set" % (players, hand_size, nset))
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
        self._buf = new_move_buffer()
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
        move = h & 1023
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

