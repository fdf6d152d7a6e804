"""The rarely-called half of a Castle Rock hand: :class:`CastleView`, and Castle Rock's names.

:class:`domino.castle.CastleRock` is ``CastleView`` plus the hot path (deal,
``legal_moves``, ``apply``, ``undo``); the rules and readings are written in
:mod:`domino.castle`. The split is for the device's RAM, as with
:mod:`domino.looview`. ``CastleView`` has no state of its own and is never used
alone.

It holds the move codes, places and steps (``domino.castle`` re-exports them),
the options (:data:`OPTIONS`, :func:`config`, :func:`options_for`), the size of
the tableau (:func:`tableau_size`), and what a screen, a player or a test
reads: ``observation``, ``move_name``, ``move_tile``, ``move_group``,
``capture_span``, ``why_illegal``, ``result``, ``hand``, ``moves``, ``redeal``
(a scripted deal), and the match rules (``match_start``, ``next_starter``,
``settle``).
"""

from micropython import const


from .game import Observation, HandResult
from .rng import Rng
from . import tiles

# moves (see :mod:`domino.castle`)
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

OPTIONS = (("set", "double-6", ("double-9", "double-12")), ("play", "match", ("drinks",)))
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


class CastleView:
    """Methods of :class:`domino.castle.CastleRock` off the make/unmake path."""

    OPTIONS = OPTIONS

    # -- options --------------------------------------------------------------

    config = staticmethod(config)

    @staticmethod
    def target_unit(players, options=0):
        """Drinks play is a single hand with no match score: no target."""
        return "" if config(players, options)[1] else "points"

    def options_code(self):
        """The options code: set (bits 0-1), drinks (bit 2)."""
        return SETS.index(self.nset) | (4 if self.drinks else 0)

    # -- reading the hand -----------------------------------------------------

    def moves(self):
        """The moves applied so far, in order (with the deal, enough to rebuild the hand)."""
        return [self.hist[i] & 1023 for i in range(self.nhist)]

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
        events = [(self.hist[i] >> 10, self.hist[i] & 1023) for i in range(self.nhist)]
        legal = []
        if seat == self.turn and not self.over:
            buf = self._buf
            legal = [buf[i] for i in range(self.legal_moves(buf))]
        return Observation(seat, self.players, self.turn, self.nset, self.hand(seat),
                           list(self.held), len(self.stock) - self.top, self.public(), events,
                           self.hand_scores(), self.starter, legal, self.options_code())

    # -- moves in words -------------------------------------------------------

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

    def capture_span(self, move):
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
        if type(move) is not int or move < 0 or move > 1023 or (move != END and (move & 127) >= n) \
                or TRIPLE + 128 <= move < END or move > END:
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
        i, _ = self.capture_span(TAKE + t)
        if i < 0:
            return "%s is at an end of the row: it has no neighbour on one side" % nm
        a = self.row[i - 1]
        b = self.row[i + 1]
        s = -1
        for v in (_HI[a], _LO[a]):
            if v == _HI[b] or v == _LO[b]:
                s = v
        if s < 0:
            return "%s lies between %s and %s, which share no suit" % (nm, tiles.name(a), tiles.name(b))
        if move >= TRIPLE and _HI[t] != s and _LO[t] != s:
            return "%s is not of the %d suit of %s and %s: only it can be taken" % (
                nm, s, tiles.name(a), tiles.name(b))
        return "move %r is not legal now: more captures than the list holds" % (move,)

    # -- scripted deals ---------------------------------------------------------

    def redeal(self, hands, stock=None, starter=None, tableau=None):
        """Replace the deal before any move: ``hands`` (one or two tiles per
        seat), ``stock`` (the boneyard, drawn first to last; None: every free
        tile in index order), ``starter`` (None: unchanged; the dealer sits to
        its right) and ``tableau`` (the row, blocked end first; None:
        unchanged); tiles in none of them are out of play. For scripted hands
        and for search; ValueError and nothing changed if they do not fit."""
        if self.nhist:
            raise ValueError("redeal: moves have been made")
        if len(hands) != self.players:
            raise ValueError("redeal: need %d hands, got %d" % (self.players, len(hands)))
        if starter is None:
            starter = self.starter
        if type(starter) is not int or not 0 <= starter < self.players:
            raise ValueError("redeal: the starter must be a seat 0..%d, not %r" % (
                self.players - 1, starter))
        if tableau is None:
            tableau = self.tableau()
        n = len(self.loc)
        loc = bytearray(b"\xff" * n)
        for s in range(self.players):
            if not 1 <= len(hands[s]) <= 2:
                raise ValueError("redeal: a hand is one or two tiles")
            for t in hands[s]:
                self._free(loc, t)
                loc[t] = s
        for t in tableau:
            self._free(loc, t)
            loc[t] = ROW
        if stock is None:
            stock = [t for t in range(n) if loc[t] == OUT]
        for t in stock:
            self._free(loc, t)
            loc[t] = STOCK
        self.starter = starter
        self.dealer = (starter - 1) % self.players
        self._setup(loc, tableau, stock)

    def _free(self, loc, t):
        if type(t) is not int or not 0 <= t < len(loc) or loc[t] != OUT:
            raise ValueError("redeal: tile %r is not free in this set" % (t,))

    # -- the result -------------------------------------------------------------

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
            who = "@%d wins%s" % (winner, (" (youngest hand)" if len(top) > 1 else "") if self.drinks
                                  else " the hand")
        text = "%s: took %d, Devil %d" % (who, cap[top[-1]], devil)
        r = HandResult(END_EMPTY, winner, winner, None, points, "", text)
        r.captured = cap
        r.devil = devil
        r.starter = self.starter
        r.dealer = self.dealer
        r.drinks = self.drinks
        return r

    # -- match rules --------------------------------------------------------------

    @classmethod
    def match_start(cls, match):
        """Each player draws a tile of the set in play (``match.dealer_draw``, from
        the match's seed): the highest deals the first hand (``match.first_dealer``)."""
        n = match.players
        nset, _ = config(n, match.options)
        deck = bytearray(range(tiles.count(nset)))
        Rng(match.seed ^ 0xCA57).shuffle(deck)
        drawn = list(deck[:n])
        high = 0
        for s in range(1, n):
            if tiles.rank_key(drawn[s]) > tiles.rank_key(drawn[high]):
                high = s
        match.dealer_draw = drawn
        match.first_dealer = high
        match.extra = []

    @classmethod
    def next_starter(cls, match):
        """The dealer's left begins; the deal passes clockwise, one seat a hand."""
        return (match.first_dealer + 1 + match.hand_no) % match.players

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
