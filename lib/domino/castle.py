"""Castle Rock (``../shared/rules/castle-rock.txt``). Readings of the text, as a bar
table plays them.

Deal: 2-6 players, each for himself, on double-six (options: double-nine,
double-twelve). Every player is dealt two tiles; the next tiles, in the order
dealt, are turned face up as the tableau, a row with one open end (the end on
the dealer's right; the row is kept blocked end first, open end last). The
rest is the boneyard, drawn in order. The tableau is four tiles, three if four
leaves a boneyard that does not share out evenly and three does (the text's
five players on double-six), otherwise the fewest above four that do: every
player then has the same number of tiles pass through his hand. On double-six
that is 4/3 with 5 players; on the larger sets, by players 2..6: double-nine
3, 4, 3, 5, 7 (26, 17, 13, 10, 8 tiles each), double-twelve 3, 4, 3, 6, 7
(44, 29, 22, 17, 14 each). Hands stay two tiles on every set; the seat counts
stay 2-6 (the handheld's tables seat six).

Before the first hand each player draws a tile: the highest (most pips, then
the heavier end) deals first. A hand's ``starter`` is the dealer's left (the
next seat), the eldest hand, who plays first; the deal passes clockwise (to
the next seat) each hand; play goes to the left (the next seat).

A turn is a sequence of moves by one seat (``turn`` stays on it): first it
places one tile from its hand at the open end (any tile: nothing matches);
then any number of captures, one move each; then it ends the turn (an explicit
move), drawing the boneyard's next tile while there is one. A capture takes a
tile whose two neighbours in the row share a suit (alone), or, when it has that
suit too, the three together; the row closes up and the next capture is looked
for in the new row, anywhere. Two tiles share at most one suit, so each place
offers at most these two captures. A capture missed is lost when the turn ends
(the next seat may take it after placing). Captured tiles are public, kept per
seat. A seat whose hand is empty while others still hold tiles is passed over
(with every tile shared evenly this happens only in scripted deals). The hand
ends when every hand is empty (the boneyard is then empty too).

Scoring: a point per tile captured, less a point per tile left in the tableau
(the Devil's hand), for every player: scores can go below zero. A match is 50
(the text's "The game is 50 points"; a menu may offer 25 or 100), tallied at
the end of each hand: the players at or over the target are in; the highest
score among them wins; equal highest scores go to the youngest hand, the last
dealt (the text: "the youngest (last dealt) hand wins"). The deal goes round
from the dealer's left and ends with the dealer, so the youngest hand of a
hand is the seat that played last in it: of the tied seats, the one furthest
from that hand's starter in playing order (the dealer himself if he is tied).
The text sets no end for a match nobody wins, and with five or six players,
or on the larger sets, the Devil's hand can outgrow the captures so that
every score falls hand after hand (docs/rules.md has the figures). A table
stops at some point; here a match also ends after half the target in hands,
rounded up to whole rounds of the deal (25 hands at 50: 26 with 2 players,
27 with 3, 28 with 4, 25 with 5, 30 with 6): the highest score then wins,
at or over the target or not, a tie again going to the youngest hand.
At two to four players on double-six a match nearly always ends before it.
Option "drinks" (the text's round of drinks): a match is a single hand with no
match score; the hand's best tally wins it, a tie going to the youngest hand in
the same way; the summary names the winner.

Legal moves are listed at most :data:`~domino.game.MAX_MOVES` (64), the
contract's buffer: the end of the turn and up to 63 captures, nearest the open
end first. On double-six a row holds at most 28 tiles, 26 places and 53 moves,
so every capture is always listed; on the larger sets a row of 34 tiles or more
with over 31 capturable places, all declined so far, would list only the 63
nearest the open end (the others come back once some are taken).
"""

# State (bytearrays and small ints; ``apply``/``undo`` allocate nothing):
# ``loc[t]`` where tile t is: a seat (in hand), ROW, TAKEN + seat, STOCK, OUT (not in play);
# ``row[0:rlen]`` the tableau, blocked end first, open end last;
# ``took[0:ntook]`` the tiles captured, in the order taken (a triplet: left, middle, right);
# ``ncap[seat]`` tiles captured per seat; ``held[seat]`` tiles in hand per seat;
# ``stock`` the boneyard in drawing order (``top`` tiles drawn); ``step`` PLACING or TAKING;
# ``hist`` one entry per move (move | seat << 10) and ``hpos`` beside it: a capture's place
# in the row (the middle tile's index before it), for the end of a turn 1 if it drew.
#
# Moves (opaque to the UI and AI; all below 1024):
#   PLACE + t  (0..90)     place tile t of the hand at the open end
#   TAKE + t   (128..218)  capture tile t alone (its neighbours share a suit)
#   TRIPLE + t (256..346)  capture t with its two neighbours (all three of one suit)
#   END 1000               end the turn (drawing while the boneyard lasts)
# move_group: TAKE + t for both captures at t (the "which one?" of one place), else the move.
# move_tile: t for a placing, -1 for the rest (a capture uses no tile of the hand).
#
# Observation.public is the tuple (what Observation.key compares; players read the named
# Observation.board, which holds the same)
#   (row, open, dealer, captured, devil, step)
# row: the tableau's tiles, blocked end first, open end last; open: the tile at the open
# end (-1 when the row is empty); dealer: the dealer's seat (the open end is on his right);
# captured: per seat, the tiles it has captured in the order taken (a triplet left, middle,
# right); devil: the Devil's count, the tiles in the tableau; step: PLACING (0, the seat to
# act places a tile) or TAKING (1, it captures or ends its turn).

from micropython import const
from array import array

from .game import (Board, Game, IllegalMove, Observation, HandResult, TABLEAU, PLAYS, TAKES,
                   ENDS_TURN, MOVE_MASK, new_move_buffer, place)
from .rng import Rng
from .matchdraw import draw_for
from . import tiles

# moves (see above)
PLACE = const(0)
TAKE = const(128)
TRIPLE = const(256)
END = const(1000)

# where a tile is (``loc[t]``), besides a seat number
ROW = const(0x10)
TAKEN = const(0x20)  # + the seat that captured it
STOCK = const(0x30)
OUT = const(0xFF)

# the step of a turn
PLACING = const(0)
TAKING = const(1)

END_EMPTY = "empty"  # how every hand ends: all hands empty

OPTIONS = (("Set", "double-6", ("double-9", "double-12")), ("Play", "match", ("drinks",)))
SETS = (6, 9, 12)

_HI = tiles.HI
_LO = tiles.LO


def config(players, options=0):
    """``(nset, drinks)`` for ``players`` and an options code; ValueError if they
    make no game. The code is :data:`OPTIONS` packed by :func:`domino.options.pack`
    (set in bits 0-1, play in bit 2), read here without that module so that a
    hand is made without loading it."""
    if type(players) is not int or not 2 <= players <= 6:
        raise ValueError("players: Castle Rock is played by 2 to 6, not %r" % (players,))
    if type(options) is not int or not 0 <= options < 128:
        raise ValueError("options: a 7-bit options code, not %r" % (options,))
    if options >> 3:
        raise ValueError("options: bits set that no option uses")
    k = options & 3
    if k == 3:
        raise ValueError("set: no choice 3")
    return SETS[k], options & 4 == 4


def options_for(nset=6, drinks=False):
    """The options code for a set (6, 9 or 12) and drinks play (or a match)."""
    from .options import pack

    if nset not in SETS:
        raise ValueError("nset: 6, 9 or 12, not %r" % (nset,))
    return pack(OPTIONS, [SETS.index(nset), 1 if drinks else 0])


def tableau_size(players, nset):
    """Tiles turned up as the tableau: four, three if only three shares the rest
    out evenly, else the fewest above four that do (see :mod:`domino.castle`)."""
    n = tiles.count(nset)
    if (n - 4) % players == 0:
        return 4
    if (n - 3) % players == 0:
        return 3
    t = 5
    while (n - t) % players:
        t += 1
    return t


def hand_limit(target, players):
    """The hands after which a match ends if nobody reached ``target``: half
    the target, rounded up to whole rounds of the deal."""
    return ((target + 1) // 2 + players - 1) // players * players


def youngest(seats, starter, players):
    """Of ``seats``, the youngest hand of a hand begun by ``starter``: the one
    dealt last, furthest from the starter in playing order."""
    best = -1
    for s in seats:
        if best < 0 or (s - starter) % players > (best - starter) % players:
            best = s
    return best


_LIMIT = const(63)  # captures listed at most: MAX_MOVES less the end of the turn


class CastleRock(Game):
    """One hand of Castle Rock; ``CastleRock(players, seed, starter, nset, drinks)``."""

    GAME_ID = 4
    NAME = "Castle Rock"
    PLAYERS = (2, 3, 4, 5, 6)
    TARGET = 50
    TARGETS = (25, 50, 100)
    LAYOUT = TABLEAU
    AI = "castleai"
    OPTIONS = OPTIONS
    config = staticmethod(config)

    def __init__(self, players=4, seed=0, starter=None, nset=6, drinks=False):
        if type(players) is not int or not 2 <= players <= 6:
            raise ValueError("players: Castle Rock is played by 2 to 6, not %r" % (players,))
        if starter is None:
            starter = 0
        if type(starter) is not int or not 0 <= starter < players:
            raise ValueError("starter: must be a seat 0..%d, not %r" % (players - 1, starter))
        if type(seed) is not int or seed < 0:
            raise ValueError("seed: must be a non-negative whole number, not %r" % (seed,))
        if type(nset) is not int or nset not in (6, 9, 12):
            raise ValueError("nset: double-6, -9 or -12, not %r" % (nset,))
        if drinks is not False and drinks is not True:
            raise ValueError("drinks: True or False, not %r" % (drinks,))
        self.players = players
        self.nsides = players
        self.seed = seed
        self.nset = nset
        self.drinks = drinks
        self.starter = starter
        self.dealer = (starter - 1) % players
        n = tiles.count(nset)
        self.row = bytearray(n)
        self.took = bytearray(n)
        self.ncap = bytearray(players)
        self.held = bytearray(players)
        self.hist = array("H", bytes(2 * (3 * n + 8)))
        self.hpos = bytearray(3 * n + 8)
        self._buf = array("H", new_move_buffer())  # legal moves (all below 1024)
        deck = bytearray(range(n))
        Rng(seed).shuffle(deck)
        loc = bytearray(b"\xff" * n)
        k = 2 * players
        for i in range(k):
            loc[deck[i]] = i >> 1
        t = tableau_size(players, nset)
        self._setup(loc, deck[k:k + t], deck[k + t:])

    def _setup(self, loc, tableau, stock):
        """Lay out a deal: ``loc`` holds the hands (seats) and nothing else that
        counts; ``tableau`` the row in order, ``stock`` the boneyard in order."""
        n = len(loc)
        for t in range(n):
            if loc[t] >= self.players:
                loc[t] = OUT
        for t in tableau:
            loc[t] = ROW
        for t in stock:
            loc[t] = STOCK
        for s in range(self.players):
            self.held[s] = 0
            self.ncap[s] = 0
        for t in range(n):
            if loc[t] < self.players:
                self.held[loc[t]] += 1
        self.loc = loc
        self.rlen = len(tableau)
        for i in range(self.rlen):
            self.row[i] = tableau[i]
        self.stock = bytes(stock)
        self.top = 0
        self.ntook = 0
        self.step = PLACING
        self.turn = self.starter
        self.over = False
        self.nhist = 0

    @classmethod
    def from_options(cls, players, seed, starter, options):
        """A hand from a deal code's fields (see :data:`OPTIONS`)."""
        nset, drinks = config(players, options)
        return cls(players, seed, starter, nset, drinks)

    # -- the contract: legal moves, make, unmake ------------------------------

    def legal_moves(self, buf):
        """Write the legal moves of the seat to act into ``buf``; return how many.
        Allocates nothing."""
        if self.over:
            return 0
        n = 0
        if self.step == PLACING:
            seat = self.turn
            loc = self.loc
            for t in range(len(loc)):
                if loc[t] == seat:
                    buf[n] = PLACE + t
                    n += 1
            return n
        row = self.row
        i = self.rlen - 2
        while i >= 1 and n < _LIMIT:
            a = row[i - 1]
            b = row[i + 1]
            ah = _HI[a]
            al = _LO[a]
            bh = _HI[b]
            bl = _LO[b]
            if ah == bh or ah == bl:
                s = ah
            elif al == bh or al == bl:
                s = al
            else:
                i -= 1
                continue
            m = row[i]
            buf[n] = TAKE + m
            n += 1
            if (_HI[m] == s or _LO[m] == s) and n < _LIMIT:
                buf[n] = TRIPLE + m
                n += 1
            i -= 1
        buf[n] = END
        return n + 1

    def apply(self, move):
        """Apply a legal move without checking it (search uses this)."""
        seat = self.turn
        k = self.nhist
        self.hist[k] = move | (seat << 10)
        self.nhist = k + 1
        if move < TAKE:  # place a tile at the open end
            self.loc[move] = ROW
            self.row[self.rlen] = move
            self.rlen += 1
            self.held[seat] -= 1
            self.step = TAKING
            self.hpos[k] = 0
            return
        if move < END:
            t = move & 127
            row = self.row
            n = self.rlen
            i = 0
            while row[i] != t:
                i += 1
            self.hpos[k] = i
            if move < TRIPLE:
                self._take(seat, t)
                j = i
                n -= 1
            else:
                self._take(seat, row[i - 1])
                self._take(seat, t)
                self._take(seat, row[i + 1])
                j = i - 1
                n -= 3
            w = self.rlen - n
            while j < n:
                row[j] = row[j + w]
                j += 1
            self.rlen = n
            return
        # END: draw while the boneyard lasts; the next seat holding tiles plays
        self.hpos[k] = 0
        if self.top < len(self.stock):
            t = self.stock[self.top]
            self.top += 1
            self.loc[t] = seat
            self.held[seat] += 1
            self.hpos[k] = 1
        self.step = PLACING
        held = self.held
        np = self.players
        s = seat
        for _ in range(np):
            s = s + 1 if s + 1 < np else 0
            if held[s]:
                self.turn = s
                return
        self.over = True

    def _take(self, seat, t):
        self.loc[t] = TAKEN + seat
        self.took[self.ntook] = t
        self.ntook += 1
        self.ncap[seat] += 1

    def undo(self):
        """Take back the last move, restoring the exact previous state."""
        if self.nhist == 0:
            raise IllegalMove("no move to undo")
        k = self.nhist - 1
        self.nhist = k
        h = self.hist[k]
        move = h & MOVE_MASK
        seat = h >> 10
        self.turn = seat
        if move < TAKE:
            self.rlen -= 1
            self.loc[move] = seat
            self.held[seat] += 1
            self.step = PLACING
            return
        if move < END:
            i = self.hpos[k]
            row = self.row
            w = 1 if move < TRIPLE else 3
            first = i if w == 1 else i - 1
            j = self.rlen - 1
            while j >= first:
                row[j + w] = row[j]
                j -= 1
            self.rlen += w
            self.ntook -= w
            self.ncap[seat] -= w
            took = self.took
            for x in range(w):
                t = took[self.ntook + x]
                row[first + x] = t
                self.loc[t] = ROW
            return
        self.over = False
        self.step = TAKING
        if self.hpos[k]:
            self.top -= 1
            t = self.stock[self.top]
            self.loc[t] = STOCK
            self.held[seat] -= 1

    @staticmethod
    def target_unit(players, options=0):
        """Drinks play is a single hand with no match score: no target."""
        return "" if config(players, options)[1] else "points"

    def options_code(self):
        """The options code: set (bits 0-1), drinks (bit 2)."""
        return SETS.index(self.nset) | (4 if self.drinks else 0)

    def moves(self):
        """The moves applied so far, in order (with the deal, enough to rebuild the hand)."""
        return [self.hist[i] & MOVE_MASK for i in range(self.nhist)]

    def hand(self, seat):
        """Sorted list of the tiles in ``seat``'s hand."""
        loc = self.loc
        return [t for t in range(len(loc)) if loc[t] == seat]

    def hand_scores(self):
        """Tiles captured per seat so far (the Devil's hand is counted at the end)."""
        return list(self.ncap)

    def tableau(self):
        """The tableau's tiles, blocked end first, open end last."""
        return [self.row[i] for i in range(self.rlen)]

    def captured(self, seat):
        """The tiles ``seat`` has captured, in the order taken."""
        k = TAKEN + seat
        return [t for t in self.took[:self.ntook] if self.loc[t] == k]

    def public(self):
        """The public state (``Observation.public``; layout in :mod:`domino.castle`)."""
        row = tuple(self.tableau())
        return (row, row[-1] if row else -1, self.dealer,
                tuple(tuple(self.captured(s)) for s in range(self.players)), self.rlen, self.step)

    def observation(self, seat):
        """What ``seat`` may see: its hand, the tableau, the captures, every move
        (a move never shows the tile drawn at the end of a turn)."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError("seat: 0..%d, not %r" % (self.players - 1, seat))
        events = [(self.hist[i] >> 10, self.hist[i] & MOVE_MASK) for i in range(self.nhist)]
        legal = []
        if seat == self.turn and not self.over:
            buf = self._buf
            legal = [buf[i] for i in range(self.legal_moves(buf))]
        return Observation(seat, self.players, self.turn, self.nset, self.hand(seat),
                           list(self.held), len(self.stock) - self.top, self.public(), events,
                           self.hand_scores(), self.starter, legal, self.options_code(),
                           self.board(), self.standing)

    def board(self):
        """The table: a :class:`~domino.game.Board` of the tableau kind (the Devil's
        count is the row's length)."""
        return Board(row=tuple(self.tableau()), dealer=self.dealer,
                     captured=tuple(tuple(self.captured(s)) for s in range(self.players)),
                     placing=self.step == PLACING, stock=len(self.stock) - self.top,
                     devil=self.rlen)

    def move_tile(self, move):
        """The tile of the hand ``move`` places, or -1 (captures and the end of a
        turn use none)."""
        if type(move) is int and PLACE <= move < PLACE + len(self.loc):
            return move - PLACE
        return -1

    def move_group(self, move):
        """The two captures at one place (the middle alone, the three) share a
        group; every other move is a choice of its own."""
        if type(move) is int and TRIPLE <= move < TRIPLE + len(self.loc):
            return move - TRIPLE + TAKE
        return move

    def move_name(self, move):
        """Short text: "place 6-5", "take 6-3", "take 3 at 6-3", "end turn"."""
        if move == END:
            return "end turn"
        n = len(self.loc)
        if type(move) is int and 0 <= move < 1024:
            t = move & 127
            if t < n:
                if move < TAKE:
                    return "place " + tiles.name(t)
                if TAKE <= move < TAKE + n:
                    return "take " + tiles.name(t)
                if TRIPLE <= move < TRIPLE + n:
                    return "take 3 at " + tiles.name(t)
        return "move %r" % (move,)

    def move_kind(self, move):
        """A placing, a capture or the end of the turn."""
        if move == END:
            return ENDS_TURN
        return TAKES if self.move_takes(move) else PLAYS

    def move_takes(self, move):
        """1 for a capture of one tile, 3 for all three, else 0."""
        n = len(self.loc)
        if type(move) is int and (TAKE <= move < TAKE + n):
            return 1
        return 3 if type(move) is int and TRIPLE <= move < TRIPLE + n else 0

    def move_span(self, move):
        """``(first, count)``: the places in the row a capture would take now
        (count 1 or 3), or ``(-1, 0)`` if ``move`` is no capture of a tile in the
        row with a neighbour on each side (for a screen to show a choice)."""
        n = len(self.loc)
        if type(move) is not int or not TAKE <= move < TRIPLE + n or TAKE + n <= move < TRIPLE:
            return -1, 0
        t = move & 127
        for i in range(1, self.rlen - 1):
            if self.row[i] == t:
                return (i, 1) if move < TRIPLE else (i - 1, 3)
        return -1, 0

    def why_illegal(self, move):
        """The specific reason ``move`` is not legal for the seat to act."""
        if self.over:
            return "the hand is over"
        seat = self.turn
        n = len(self.loc)
        if type(move) is not int or move < 0 or move > MOVE_MASK \
                or (move != END and (move & 127) >= n) or TRIPLE + 128 <= move < END or move > END:
            return "not a move: %r" % (move,)
        nm = tiles.name(move & 127) if move != END else ""
        if self.step == PLACING:
            if move >= TAKE:
                return "seat %d must first place a tile from its hand" % seat
            if self.loc[move] != seat:
                return "%s is not in seat %d's hand" % (nm, seat)
            return "move %r is not legal now" % (move,)
        if move < TAKE:
            return "seat %d has placed its tile: it captures or ends its turn" % seat
        if move == END:
            return "move %r is not legal now" % (move,)
        t = move & 127
        if self.loc[t] != ROW:
            return "%s is not in the tableau" % nm
        i, _ = self.move_span(TAKE + t)
        if i < 0:
            return "%s is at an end of the row: it has no neighbour on one side" % nm
        a = self.row[i - 1]
        b = self.row[i + 1]
        s = -1
        for v in (_HI[a], _LO[a]):
            if v == _HI[b] or v == _LO[b]:
                s = v
        if s < 0:
            return "%s lies between %s and %s, which share no suit" % (
                nm, tiles.name(a), tiles.name(b))
        if move >= TRIPLE and _HI[t] != s and _LO[t] != s:
            return "%s is not of the %d suit of %s and %s: only it can be taken" % (
                nm, s, tiles.name(a), tiles.name(b))
        return "move %r is not legal now: more captures than the list holds" % (move,)

    def redeal(self, hands, stock=None, starter=None, tableau=None):
        """Replace the deal before any move: ``hands`` (one or two tiles per
        seat), ``stock`` (the boneyard, drawn first to last; None: every free
        tile in index order), ``starter`` (None: unchanged; the dealer sits to
        its right) and ``tableau`` (the row, blocked end first; None:
        unchanged); tiles in none of them are out of play. For scripted hands
        and for search; ValueError and nothing changed if they do not fit."""
        if starter is None:
            starter = self.starter
        self._redeal_check(hands, starter)
        if tableau is None:
            tableau = self.tableau()
        n = len(self.loc)
        loc = bytearray(b"\xff" * n)
        for s in range(self.players):
            if not 1 <= len(hands[s]) <= 2:
                raise ValueError("redeal: a hand is one or two tiles")
            place(loc, hands[s], s)
        place(loc, tableau, ROW)
        if stock is None:
            stock = [t for t in range(n) if loc[t] == OUT]
        place(loc, stock, STOCK)
        self.starter = starter
        self.dealer = (starter - 1) % self.players
        self._setup(loc, tableau, stock)

    def result(self):
        """The ended hand's tally: per seat its captures less the Devil's hand.
        Besides the contract's fields: ``captured`` (tiles per seat), ``devil``
        (tiles left in the tableau), ``starter``, ``dealer``, ``drinks``.
        ``winner`` is the best tally (a tie: -1 in a match, the youngest of the
        tied hands in drinks play, where the hand must have a winner)."""
        if not self.over:
            raise ValueError("the hand is not over")
        n = self.players
        devil = self.rlen
        cap = list(self.ncap)
        points = [c - devil for c in cap]
        best = max(points)
        top = [s for s in range(n) if points[s] == best]
        if len(top) == 1:
            winner = top[0]
        elif self.drinks:
            winner = youngest(top, self.starter, n)
        else:
            winner = -1
        if winner < 0:  # a tie in a match: "@0 and @2 tie"
            who = ", ".join("@%d" % s for s in top[:-1]) + " and @%d tie" % top[-1]
        else:
            how = (" (youngest hand)" if len(top) > 1 else "") if self.drinks else " the hand"
            who = "@%d wins%s" % (winner, how)
        text = "%s: took %d, Devil %d" % (who, cap[top[-1]], devil)
        r = HandResult(END_EMPTY, winner, winner, None, points, "", text)
        r.captured = cap
        r.devil = devil
        r.starter = self.starter
        r.dealer = self.dealer
        r.drinks = self.drinks
        return r

    @classmethod
    def match_start(cls, match):
        """Each player draws a tile of the set in play (``match.draw``, from the
        match's seed): the highest (``match.first``) deals the first hand."""
        draw_for(match, "deal", config(match.players, match.options)[0], Rng(match.seed ^ 0xCA57))
        match.extra = []

    @classmethod
    def next_starter(cls, match):
        """The dealer's left begins; the deal passes clockwise, one seat a hand."""
        return (match.first + 1 + match.hand_no) % match.players

    @classmethod
    def settle(cls, match, result):
        """A match: add the tallies; the players at or over the target are in, the
        highest of them wins, equal highest the youngest hand; after
        :func:`hand_limit` hands the highest score wins wherever it stands. Drinks: the hand
        is the whole match, its winner the winner; no score is kept."""
        if result.drinks:
            match.over = True
            match.winner = result.winner
            return
        scores = match.scores
        n = match.players
        for s in range(n):
            scores[s] += result.points[s]
        best = max(scores)
        if best >= match.target or match.hand_no + 1 >= hand_limit(match.target, n):
            match.over = True
            match.winner = youngest([s for s in range(n) if scores[s] == best], result.starter, n)
