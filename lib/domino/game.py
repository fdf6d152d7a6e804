"""The one game contract every game implements, documented in one place.

Match play, the UI, the AI, saves and deal codes use of a game only what is
written here; nothing else. Seats are numbered 0..players-1 clockwise; play
passes to the next seat unless the game says otherwise.

Declared by each game's class (read before a hand exists)
    ``GAME_ID`` (0..7, in deal codes and saves), ``NAME``, ``PLAYERS`` (the
    seat counts it takes), ``TARGET`` (the match's default target) and
    ``TARGETS`` (the targets a menu offers), ``LAYOUT`` (how a screen draws
    the table: :data:`LINE`, :data:`TRICKS` or :data:`TABLEAU`), ``OPTIONS``
    (the game's options, see below), ``BAD_POINTS`` (True when the lowest
    score wins), ``AI`` (the name of the AI's family module under ``domino``,
    e.g. ``"lineai"``; its interface is in :mod:`domino.ai.interface`). Class
    methods: ``refuses(players, options)`` (None if they
    make a game, else why not, for option screens; by default the game's
    optional static ``config(players, options)`` answers, raising ValueError
    with the reason), ``from_options(players, seed, starter, options)`` (a
    new hand; ``options`` 0 is every default), ``sides_for(players,
    options)`` (how many scoring sides; by default one per player). Optional class
    methods (screens ask with ``getattr``): ``target_unit(players, options)``
    (what the match's target counts, a plural word for screens, e.g. "hands";
    "" when the match has no score to reach: a single hand, no match score;
    without it, points), ``legacy_options(players, options)`` (the options code
    as deal codes and saves written before a default changed meant it; without
    it, as it is), ``match_note(match)`` (a short text of the match's
    own state the table shows beside the scores, e.g. "POOL 20"; "" for none)
    and ``default_value(players, options, i)`` (what option ``i``'s default
    gives with these choices, e.g. "double-9", shown after its label).

Rules page (optional)
    A module ``domino.<the game's module>_rules`` whose ``TEXT`` is the game's rules
    in short paragraphs under headings (a line "#How to play", then the goal, a
    turn and how it scores in three sentences; then "#The deal" and so on; ``@T``
    stands for the match's target), shown by the rules screen a page a heading
    or a few whole sentences. It is a module of its own, not an attribute of the game, because the
    game's module stays in RAM throughout a match on the device and the page (up to
    1 KB) would stay with it; this one is imported only while a rules page is built.
    Without it the page is a line made from the class (name, players, target).

Match hooks (class methods, used by :mod:`domino.match`)
    ``match_start(match)`` (before the first hand: a draw for seats, the
    first lead or the first deal goes through :func:`domino.matchdraw.draw_for`,
    which screens show from ``match.draw``; may set ``match.extra``, a list
    of signed 16-bit ints saved with the match), ``next_starter(match)`` (the seat to begin the next
    hand, or None when the deal decides), ``settle(match, result)`` (add a
    hand's :class:`HandResult` to ``match.scores``; set ``match.over``,
    ``match.winner``, ``match.call``, ``match.restarts`` and, in words for the
    summary, ``match.story``).

A hand
    ``players``, ``nsides``, ``side(seat)``, ``turn`` (the seat to act),
    ``over``, ``seed`` and ``starter`` (with ``options_code()``, what a deal
    code holds: :func:`domino.match.deal_code`), ``BONEYARD`` (class flag:
    a seat with no play draws from a face-down stock a screen shows).
    ``legal_moves(buf) -> n`` writes the legal moves of ``turn`` as small ints
    into ``buf[0:n]`` (a caller's list of :data:`MAX_MOVES` slots) and returns
    ``n``; it allocates nothing. A forced pass is the single move :data:`PASS`.
    ``play(move, seat=None)`` checks and applies a move; an illegal move (a
    move out of turn, after the end, or not an int) raises :class:`IllegalMove`
    with the reason (``why_illegal(move)``) and changes nothing.
    ``apply(move)`` / ``undo()``: unchecked make/unmake for search; ``undo``
    restores the exact state. ``moves()``: the moves applied so far; the same
    deal with these applied is the same hand (saves resume a hand this way).
    ``result()``: the :class:`HandResult` of an ended hand (ValueError before).
    ``observation(seat)``: an :class:`Observation`, what that seat may see
    (ValueError for a seat the hand does not have); its ``standing`` is the
    hand's ``standing`` attribute, which :meth:`domino.match.Match.deal` sets.
    ``hand(seat)``: the sorted tiles a seat holds (for the end-of-hand reveal;
    optional ``face_down(seat)``: True when they stay hidden even then).
    ``board()``: what lies on the table, the same for every seat (the
    observation's ``board``).
    ``hand_scores()``: points per side scored during this hand so far.

A move is an opaque small int
    The UI and the AI never decode one; the game says what they need, the
    same whenever it is asked: ``move_name(move)`` (a short text: "6-5 left",
    "pass", "lead 6-5 as 5"), ``move_tile(move)`` (the tile of the seat's hand
    it uses, or -1), ``move_group(move)`` (moves of one group are the
    alternatives of one choice: the ends a tile fits, the suit a lead
    announces; a screen offers "which one?" among the legal moves sharing a
    group, named by ``move_name``), ``move_kind(move)`` (what it does:
    :data:`PLAYS`, :data:`PASSES`, :data:`DRAWS`, :data:`TAKES`,
    :data:`ENDS_TURN`, :data:`DISCARDS` or :data:`DECIDES`), ``move_end(move)``
    (the open end, by its index in the line board's ``ends``, a line play goes on;
    else -1) and ``move_takes(move)`` (how many tiles a capture takes; else 0);
    for a legal move now, ``move_span(move)`` (``(first, count)``: the places
    of the tableau board's ``row`` a capture takes; else ``(-1, 0)``).
    A turn with several steps (draw until you can play; take a miss, then
    discard) is a sequence of moves by the same seat: ``turn`` stays on it.
    :data:`PASS` and :data:`DRAW` are the shared specials; moves from
    :data:`SPECIAL` up use no tile.

Options
    ``OPTIONS`` is a tuple of ``(name, default label, values)``, ``values`` a
    tuple or a range: option ``i`` is its default (index 0, shown as the
    label, e.g. "auto") or one of ``values`` (index ``k`` for
    ``values[k - 1]``). :func:`domino.options.pack` packs the indices, each
    in the fewest bits, first option lowest, into the 7-bit options code of
    deal codes and saves (0: every default); :func:`domino.options.unpack`
    reads them back. ``refuses`` says which combinations the game does not
    make, so a screen never offers them.
"""

from micropython import const


PASS = const(1023)
DRAW = const(1022)
SPECIAL = const(1000)  # moves from here up use no tile
MOVE_MASK = const(1023)  # every move fits in 10 bits: packed histories keep it in their low bits
MAX_MOVES = const(64)

# what a move does (``move_kind``)
PLAYS = const(0)  # a tile of the hand goes to the table (a line, a trick, a row)
PASSES = const(1)
DRAWS = const(2)
TAKES = const(3)  # captures tiles from the table
ENDS_TURN = const(4)
DISCARDS = const(5)  # a tile of the hand goes face down (a discard, an exchange)
DECIDES = const(6)  # a decision with no tile (keep, take a miss, ...)

# how a hand ended (``HandResult.end``; a game may name others)
DOMINO = "domino"
BLOCK = "block"

# layout kinds (``LAYOUT``): how a screen draws the table
LINE = "line"
TRICKS = "tricks"
TABLEAU = "tableau"


class IllegalMove(ValueError):
    """A move the rules do not allow; the message says why."""


def new_move_buffer():
    """A list with room for any position's legal moves."""
    return [0] * MAX_MOVES


def place(loc, tiles, where):
    """A ``redeal``'s step: mark each of ``tiles`` in ``loc`` (the new deal's
    place of every tile, 0xFF while out of play) as ``where``; ValueError if
    one is not a tile of the set or is placed already."""
    for t in tiles:
        if type(t) is not int or not 0 <= t < len(loc) or loc[t] != 0xFF:
            raise ValueError("redeal: tile %r is not free in this set" % (t,))
        loc[t] = where


class HandResult:
    """How a hand ended and what it scored.

    ``points`` is what each side scores this hand (bad points where
    ``BAD_POINTS``); ``side`` the side that won it (-1 for none, e.g. a tie);
    ``call`` the traditional call if the game has one ("tape", "krose");
    ``summary`` one line in plain words for the summary screen, seats written
    ``@n`` and sides ``#n`` (one digit: a screen puts its own names in): "@1 went out", "@2 looed".
    ``end`` names how it ended (:data:`DOMINO`, :data:`BLOCK`, or a game's
    own word); ``winner`` the seat that went out or took the hand (-1 for
    none); ``pips`` the pips left in each seat's hand, or None.
    """

    def __init__(self, end, winner, side, pips, points, call="", summary=""):
        self.end = end
        self.winner = winner
        self.side = side
        self.pips = pips
        self.points = points
        self.call = call
        self.summary = summary


class Observation:
    """What one seat may see of a hand.

    ``seat``, ``players``, ``turn``, ``nset`` (the set's top pip), ``hand``
    (sorted list of own tiles), ``counts`` (tiles held per seat), ``stock``
    (tiles left face down), ``public`` (the game's own public state, a tuple
    of ints and tuples documented in its module: a line game's open ends;
    Loo's is a named tuple, its trump, phase, trick in progress and the
    seats' decisions by name; players read names, here or in ``board``), ``events``
    (every move so far as ``(seat, move)``; a move the seat could not see is shown as the game
    says, e.g. another seat's draw as :data:`DRAW` with no tile), ``scores``
    (points per side scored in this hand so far), ``starter`` (the seat that
    began), ``legal`` (the seat's legal moves when it is to act, else empty),
    ``options`` (the options code: table rules are public, so a player
    can make the same game with ``from_options``) and ``board`` (what lies on
    the table, named: a :class:`Board` with the layout kind's fields; screens
    draw from it, and it is made from the rest, so ``key`` leaves it out) and
    ``standing`` (the match as this hand began, public: ``(target, hands played,
    scores per side)``; None for a hand outside a match).
    It holds no reference to the game.
    """

    def __init__(self, seat, players, turn, nset, hand, counts, stock, public, events, scores,
                 starter, legal, options=0, board=None, standing=None):
        self.seat = seat
        self.players = players
        self.turn = turn
        self.nset = nset
        self.hand = hand
        self.counts = counts
        self.stock = stock
        self.public = public
        self.events = events
        self.scores = scores
        self.starter = starter
        self.legal = legal
        self.options = options
        self.board = board
        self.standing = standing

    def key(self):
        """A tuple equal for two observations exactly when they are the same."""
        return (self.seat, self.players, self.turn, self.nset, tuple(self.hand),
                tuple(self.counts), self.stock, tuple(self.public), tuple(self.events),
                tuple(self.scores), self.starter, tuple(self.legal), self.options, self.standing)


class Board:
    """What lies on the table, in named fields (``Observation.board``, ``board()``);
    the fields are the layout kind's:

    :data:`LINE`: ``first`` the first tile laid (-1 before it); ``arms`` per open arm
    (0 left, 1 right, then 2 up and 3 down once a spinner opens them) the tiles laid on
    it from the centre outwards; ``ends`` the pip value open on each arm; ``spinner``
    the spinner (a double every arm plays on; -1 for none); ``last`` the tile laid last
    (-1); ``gains`` the points each play scored, in the order laid (empty where plays
    score nothing); ``counts`` what each open end counts now where the open ends score
    (None for an end that counts nothing), else None; ``total`` their sum (0 where they
    do not score).

    :data:`TRICKS`: ``trump`` the trump number; ``turnup`` the turned-up piece while it
    lies face up (else -1); ``dealer`` a seat; ``deciding`` True while the seats decide
    whether to play the hand, ``playing`` True while tricks are played; ``decisions``
    per seat its decision in a word ("keep", "miss", "exchange", "pass", "pool"; "" not
    yet); ``misses`` the misses not taken; ``led`` the suit led to the trick in
    progress ("trump", "5"; "" before the lead); ``trick`` per seat the piece it played
    to that trick (-1 none); ``tricks`` per seat the tricks won; ``last_winner`` and
    ``last_trick`` the last finished trick's winner (-1) and pieces per seat (-1 none);
    ``discards`` the pieces the seat to act must still discard (0 but after a miss).

    :data:`TABLEAU`: ``row`` the tableau's tiles, blocked end first, open end last;
    ``dealer`` a seat; ``captured`` per seat the tiles it captured this hand, in the
    order taken; ``placing`` True when the seat to act places a tile (else it captures
    or ends its turn); ``stock`` the tiles left face down; ``devil`` the Devil's count
    (the game's own tally of the row, shown as it is). The game's ``move_span(move)``
    says which places of ``row`` a legal capture takes now.

    One class serves every kind, so that a device holds no other kind's record class.
    """

    def __init__(self, **fields):
        for k in fields:
            setattr(self, k, fields[k])


class Game:
    """Base of every game's hand; see the module docstring for the contract."""

    GAME_ID = -1
    NAME = ""
    PLAYERS = ()
    TARGET = 0
    TARGETS = ()
    LAYOUT = LINE
    OPTIONS = ()
    BAD_POINTS = False
    BONEYARD = False
    standing = None  # a hand's match standing (Observation.standing), set by the match

    @classmethod
    def refuses(cls, players, options=0):
        """Why ``players`` with options code ``options`` make no game of this class
        (a short text), or None if they make one; screens ask before offering.
        A game with a ``config`` check (ValueError: why not) is answered by it."""
        from .options import refusal

        return refusal(cls, players, options)

    @classmethod
    def sides_for(cls, players, options=0):
        """Scoring sides: one per player (ValueError if ``refuses``)."""
        why = cls.refuses(players, options)
        if why:
            raise ValueError(why)
        return players

    @classmethod
    def from_options(cls, players, seed, starter, options):
        """A new hand of ``players`` dealt from ``seed`` with options code
        ``options`` (games with options override this)."""
        if options:
            raise ValueError("%s has no options" % cls.NAME)
        return cls(players, seed, starter)

    @classmethod
    def match_start(cls, match):
        """Set up a match before its first hand (nothing by default)."""

    def options_code(self):
        """The hand's options packed for a deal code (0: none or the defaults)."""
        return 0

    def side(self, seat):
        """The scoring side of ``seat`` (partners share a side)."""
        return seat % self.nsides

    def hand_scores(self):
        """Points per side scored during this hand so far (none by default)."""
        return [0] * self.nsides

    def play(self, move, seat=None):
        """Check ``move`` for the seat to act and apply it; IllegalMove if not allowed."""
        if self.over:
            raise IllegalMove("the hand is over")
        if seat is not None and (type(seat) is not int or seat != self.turn):  # not True, 1.0
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

    def move_kind(self, move):
        """What ``move`` does: :data:`PASSES`, :data:`DRAWS`, :data:`PLAYS` for a
        move with a tile of the hand, else :data:`DECIDES` (games refine this)."""
        if move == PASS:
            return PASSES
        if move == DRAW:
            return DRAWS
        return PLAYS if self.move_tile(move) >= 0 else DECIDES

    def move_end(self, move):
        """The open end a line play goes on (none here: -1)."""
        return -1

    def move_takes(self, move):
        """The tiles a capture takes (none here: 0)."""
        return 0

    def move_span(self, move):
        """``(first, count)``: the places of the row a legal capture takes now (none here)."""
        return -1, 0

    def why_illegal(self, move):
        """The reason ``move`` is not legal now (games refine this)."""
        return "move %r is not legal now" % (move,)

    def _redeal_check(self, hands, starter=0):
        """What every ``redeal`` checks before it changes anything: no move
        made yet, one hand per seat, ``starter`` a seat; ValueError if not."""
        if self.nhist:
            raise ValueError("redeal: moves have been made")
        if len(hands) != self.players:
            raise ValueError("redeal: need %d hands, got %d" % (self.players, len(hands)))
        if type(starter) is not int or not 0 <= starter < self.players:
            raise ValueError("redeal: the starter must be a seat 0..%d, not %r" % (
                self.players - 1, starter))
