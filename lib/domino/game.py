"""The one game contract every game implements, documented in one place.

A hand of any game is a :class:`Game`. Seats are numbered 0..players-1
clockwise; play passes to ``(seat + 1) % players``. The UI and the AI use only
this interface and know no game's rules:

``players``, ``turn``, ``over``
    seat count, the seat to act, and whether the hand has ended.
``nsides``, ``side(seat)``
    scoring sides (partnerships or single players) and a seat's side.
``legal_moves(buf) -> n``
    writes the legal moves of ``turn`` as small ints into ``buf[0:n]``
    (a caller's list of :data:`MAX_MOVES` slots) and returns ``n``; it
    allocates nothing. A forced pass is the single move :data:`PASS`.
``play(move, seat=None)``
    checks and applies a move; an illegal move (or a move out of turn, or
    after the end) raises :class:`IllegalMove` with the reason and changes
    nothing.
``apply(move)`` / ``undo()``
    unchecked make/unmake for search; ``undo`` restores the exact state.
``result()``
    the :class:`HandResult` of an ended hand.
``observation(seat)``
    an :class:`Observation`: what that seat may see, nothing more.
``move_name(move)``
    a short text for a move ("6-5 left", "pass", "draw").
``refuses(players, options)`` (class method)
    None if the class makes a game of them, else why not (for option screens).

A turn with several steps (draw until you can play) is a sequence of moves by
the same seat: ``turn`` simply stays on that seat.

Optional, for block-play line games (no points scored during play; Seychelles,
Domino Whist): ``points_from(pips, winner, out)`` writes each side's points
of an ended hand into ``out`` from the pips left per seat and the seat that
went out (-1: blocked), allocating nothing; ``result`` uses it too. The AI's
fast exact search (:mod:`domino.ai.blockend`) needs it.

Moves of line games are ``tile << 2 | arm``; the codes from 1000 up are
shared specials (:data:`PASS`, :data:`DRAW`).
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


PASS = const(1023)
DRAW = const(1022)
MAX_MOVES = const(64)

# how a hand ended
DOMINO = "domino"
BLOCK = "block"


class IllegalMove(ValueError):
    """A move the rules do not allow; the message says why."""


def new_move_buffer():
    """A list with room for any position's legal moves."""
    return [0] * MAX_MOVES


class HandResult:
    """How a hand ended and what it scored.

    ``end`` is :data:`DOMINO` or :data:`BLOCK`; ``winner`` the seat that went
    out (or -1); ``side`` the winning side (-1 for none, e.g. a tie);
    ``pips`` the pips left in each seat's hand; ``points`` what each side
    scores this hand (bad points in Domino Whist); ``call`` the traditional
    call if the game has one ("tape", "krose", "zete").
    """

    def __init__(self, end, winner, side, pips, points, call=""):
        self.end = end
        self.winner = winner
        self.side = side
        self.pips = pips
        self.points = points
        self.call = call

    def __repr__(self):
        return "HandResult(%s, winner=%d, side=%d, pips=%r, points=%r, call=%r)" % (
            self.end, self.winner, self.side, self.pips, self.points, self.call)


class Observation:
    """What one seat may see of a hand.

    ``seat``, ``players``, ``turn``, ``nset`` (the set's top pip), ``hand``
    (sorted list of own tiles), ``counts`` (tiles held per seat), ``stock``
    (tiles left in the boneyard), ``ends`` (open end values, in arm order),
    ``events`` (every move so far as ``(seat, move)``; another seat's draw
    shows as :data:`DRAW` with no tile), ``scores`` (points per side scored in
    this hand so far), ``starter`` (the seat that led), ``legal`` (the
    seat's legal moves when it is to act, else empty) and ``options`` (the
    game's options code: set, hand size, partnership are public table rules,
    so a player can make the same game with ``from_options`` when it is not 0).
    It holds no reference to the game.
    """

    def __init__(self, seat, players, turn, nset, hand, counts, stock, ends, events, scores,
                 starter, legal, options=0):
        self.seat = seat
        self.players = players
        self.turn = turn
        self.nset = nset
        self.hand = hand
        self.counts = counts
        self.stock = stock
        self.ends = ends
        self.events = events
        self.scores = scores
        self.starter = starter
        self.legal = legal
        self.options = options

    def key(self):
        """A tuple equal for two observations exactly when they are the same."""
        return (self.seat, self.players, self.turn, self.nset, tuple(self.hand),
                tuple(self.counts), self.stock, tuple(self.ends), tuple(self.events),
                tuple(self.scores), self.starter, tuple(self.legal), self.options)


class Game:
    """Base of every game's hand; see the module docstring for the contract."""

    GAME_ID = -1
    NAME = ""

    @classmethod
    def refuses(cls, players, options=0):
        """Why ``players`` with options code ``options`` make no game of this class
        (a short text), or None if they make one; screens ask before offering."""
        if players not in cls.PLAYERS:
            return "%s takes %s players" % (cls.NAME, "/".join(str(p) for p in cls.PLAYERS))
        if options and not hasattr(cls, "from_options"):
            return "%s has no options" % cls.NAME
        return None

    def side(self, seat):
        """The scoring side of ``seat`` (partners share a side)."""
        return seat % self.nsides

    def play(self, move, seat=None):
        """Check ``move`` for the seat to act and apply it; IllegalMove if not allowed."""
        if self.over:
            raise IllegalMove("the hand is over")
        if seat is not None and seat != self.turn:
            raise IllegalMove("not seat %r's turn: seat %d is to play" % (seat, self.turn))
        if type(move) is not int:  # a float or bool would compare equal to a move
            raise IllegalMove("not a move: %r" % (move,))
        buf = self._buf
        n = self.legal_moves(buf)
        for i in range(n):
            if buf[i] == move:
                self.apply(move)
                return
        raise IllegalMove(self.why_illegal(move))

    def why_illegal(self, move):
        """The reason ``move`` is not legal now (games refine this)."""
        return "move %r is not legal now" % (move,)
