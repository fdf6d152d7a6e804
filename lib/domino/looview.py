"""Domino Loo's names, options and the rest of its hand beside the play: :class:`LooView`.

:class:`domino.loo.Loo` is ``LooView`` plus the play (deal, ``legal_moves``,
``apply``, ``undo``); the rules and the state are written in :mod:`domino.loo`.
Two modules, not one, because deploy's ``.py`` fallback has the board compile
each module from source, in a heap that grows with the module's length, and
Domino Loo in one module is more than a Pico's heap compiles (``devscript.py
--py ram_tricks``). ``LooView`` has no state of its own and is never used alone.

It holds the move codes, places, phases and decisions (``domino.loo``
re-exports them), the options (:data:`OPTIONS`, :func:`config`,
:func:`options_for`), the ranking of a piece in a trick (:func:`trick_rank`),
and what a screen, a player or a test reads: ``observation``, ``board``,
``move_name``, ``move_kind``, ``move_tile``, ``move_group``, ``why_illegal``,
``result``, ``hand``, ``moves``, ``redeal`` (a scripted deal), and the match
rules (``match_start``, ``next_starter``, ``settle``).
"""

from micropython import const

from .game import (Board, Observation, HandResult, PLAYS, PASSES, DISCARDS, DECIDES, MOVE_MASK)
from .rng import Rng
from . import tiles

# moves (see :mod:`domino.loo`)
TRUMP = const(7)
LEADS = const(224)  # the leads, t << 3 | suit, are the moves below this
FOLLOW = const(256)
DISCARD = const(320)
HIDDEN_DISCARD = const(360)
EXCHANGE = const(384)
HIDDEN_EXCHANGE = const(424)
KEEP = const(1000)
MISS = const(1001)
FOR_POOL = const(1002)
THROW_UP = const(1003)  # pass: throw up the hand (pool play)

# where a piece is (``loc[t]``), besides a seat number
REJECTED = const(0x10)
DISCARDED = const(0x20)
MISS_AT = const(0x30)
TURNUP = const(0x40)
TABLE = const(0x50)
UNUSED = const(0xFF)

# phases
DECIDE = const(0)
DISCARDING = const(1)
PLAY = const(2)
ENDED = const(3)

# each seat's decision (``status[seat]``)
UNDECIDED = const(0)
KEPT = const(1)
MISSED = const(2)
EXCHANGED = const(3)
PASSED = const(4)
POOLED = const(5)

# how a hand ended (``HandResult.end``) and its call
END_TRICKS = "tricks"
END_TAKEN = "taken"  # every seat before the dealer passed: he takes the pool
CALL_LOO = "loo"

LOO_POINTS = const(5)  # plain scoring: a loo sets a player back five

OPTIONS = (("Scoring", "plain", ("pool",)), ("Stake", "5", ("10", "15", "20")))
STAKES = (5, 10, 15, 20)

_HI = tiles.HI
_LO = tiles.LO
PIECES = const(28)  # a double-six set
NTRICKS = const(5)


def config(players, options=0):
    """``(pool, stake)`` for ``players`` and an options code; ValueError if
    they make no game (pool play takes 3 or 4 players; a stake only with it).
    The code is :data:`OPTIONS` packed by :func:`domino.options.pack`
    (scoring in bit 0, stake in bits 1-2), read here without that module so
    that a hand is made without loading it."""
    if type(players) is not int or players not in (2, 3, 4):
        raise ValueError("players: Domino Loo is played by 2, 3 or 4, not %r" % (players,))
    if type(options) is not int or not 0 <= options < 128:
        raise ValueError("options: a 7-bit options code, not %r" % (options,))
    if options >> 3:
        raise ValueError("options: bits set that no option uses")
    pool = options & 1 == 1
    k = options >> 1
    if pool and players == 2:
        raise ValueError("pool play needs 3 or 4 players")
    if k and not pool:
        raise ValueError("stake: only in pool play")
    return pool, STAKES[k]


def options_for(pool=False, stake=5):
    """The options code for pool play (or not) and a stake."""
    from .options import pack

    if stake not in STAKES:
        raise ValueError("stake: 5, 10, 15 or 20, not %r" % (stake,))
    return pack(OPTIONS, [1 if pool else 0, STAKES.index(stake)])


def lead(t, suit):
    """The move leading piece ``t`` announcing ``suit`` (0..6, or :data:`TRUMP`)."""
    return (t << 3) | suit


def trick_rank(t, suit, trump):
    """How ``t`` ranks in a trick of suit led ``suit`` (0..6, or :data:`TRUMP`)
    with trumps ``trump``: 16..23 a trump (the double 23, else 16 + its other
    end), 0..7 a piece of the suit led (the double 7, else its other end), -1 a
    piece that cannot win. Allocates nothing."""
    hi = _HI[t]
    lo = _LO[t]
    if hi == trump or lo == trump:
        return 23 if hi == lo else 16 + hi + lo - trump
    if suit != TRUMP and (hi == suit or lo == suit):
        return 7 if hi == lo else hi + lo - suit
    return -1


def _rounds(target, players):
    """Hands in a match of ``target`` hands: rounded up to whole rounds of the deal."""
    return (target + players - 1) // players * players


def _suit_name(a):
    return "trump" if a == TRUMP else str(a)


# a seat's decision (``status``) in a word, for screens
_DECISIONS = ("", "keep", "miss", "exchange", "pass", "pool")


HAND = const(5)


class LooView:
    """Methods of :class:`domino.loo.Loo` beside the play (module doc)."""

    OPTIONS = OPTIONS
    config = staticmethod(config)

    @staticmethod
    def target_unit(players, options=0):
        """Pool play has no score to reach: its target counts hands."""
        return "hands" if config(players, options)[0] else "points"

    @staticmethod
    def match_note(match):
        """Pool play: the pool ("POOL 20"); plain scoring: none."""
        return "POOL %d" % match.extra[0] if match.extra else ""

    def options_code(self):
        """The options code: scoring (bit 0: 1 pool play), stake (bits 1-2)."""
        return (1 if self.pool else 0) | STAKES.index(self.stake) << 1

    def moves(self):
        """The moves applied so far, in order (with the deal, enough to rebuild the hand)."""
        return [self.hist[i] & MOVE_MASK for i in range(self.nhist)]

    def hand(self, seat):
        """Sorted list of the pieces in ``seat``'s hand."""
        loc = self.loc
        return [t for t in range(PIECES) if loc[t] == seat]

    def face_down(self, seat):
        """True for a hand thrown up (pool play): its pieces stay face down."""
        return self.status[seat] == PASSED

    def hand_scores(self):
        """Points scored in this hand so far: plain scoring, a point a trick; pool
        play, none (the pool is shared out when the hand ends)."""
        if self.pool:
            return [0] * self.players
        return list(self.tricks)

    def is_trump(self, t):
        """True if piece ``t`` is a trump in this hand (it bears the trump number)."""
        return _HI[t] == self.trump or _LO[t] == self.trump

    def misses_left(self):
        """Misses not yet taken."""
        return self.nmisses - self.mtaken

    def trick(self):
        """``(leader, suit, plays)`` of the trick in progress: ``plays`` a list per
        seat of the piece played to it (-1 none); leader -1 and suit -1 before
        play or before the lead."""
        plays = [-1] * self.players
        if self.phase < PLAY:
            return -1, -1, plays
        start = self.ntricks * self.nactive
        if self.nplayed == start:
            return (-1 if self.over else self.turn), -1, plays
        for i in range(start, self.nplayed):
            plays[self.pseat[i]] = self.played[i]
        return self.pseat[start], self.tsuit[self.ntricks], plays

    def last_trick(self):
        """``(winner, plays)`` of the last finished trick (-1 and all -1 if none)."""
        plays = [-1] * self.players
        if self.ntricks == 0:
            return -1, plays
        k = self.ntricks - 1
        start = k * self.nactive
        for i in range(start, start + self.nactive):
            plays[self.pseat[i]] = self.played[i]
        return self.twin[k], plays

    def public(self):
        """The public state (``Observation.public``; layout in :mod:`domino.loo`)."""
        leader, suit, plays = self.trick()
        winner, last = self.last_trick()
        return (self.trump, self.turnup, self.dealer, self.phase, leader, suit, tuple(plays),
                tuple(self.tricks), tuple(self.status), self.nmisses - self.mtaken, winner,
                tuple(last))

    def observation(self, seat):
        """What ``seat`` may see: its hand, the turn-up, the tricks, the public moves
        (others' discards and the dealer's exchanged piece masked)."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError("seat: 0..%d, not %r" % (self.players - 1, seat))
        events = []
        for i in range(self.nhist):
            h = self.hist[i]
            s = (h >> 10) & 3
            m = h & MOVE_MASK
            if s != seat:
                if DISCARD <= m < EXCHANGE:
                    m = HIDDEN_DISCARD
                elif EXCHANGE <= m < KEEP:
                    m = HIDDEN_EXCHANGE
            events.append((s, m))
        legal = []
        if seat == self.turn and not self.over:
            buf = self._buf
            legal = [buf[i] for i in range(self.legal_moves(buf))]
        counts = [0] * self.players
        loc = self.loc
        for t in range(PIECES):
            if loc[t] < 4:
                counts[loc[t]] += 1
        return Observation(seat, self.players, self.turn, self.nset, self.hand(seat), counts,
                           (self.nmisses - self.mtaken) * self.miss_size, self.public(), events,
                           self.hand_scores(), self.starter, legal, self.options_code(), self.board())

    def board(self):
        """The table: a :class:`~domino.game.Board` of the tricks kind."""
        leader, suit, plays = self.trick()
        winner, last = self.last_trick()
        phase = self.phase
        deciding = phase < PLAY
        turnup = self.turnup if deciding and self.status[self.dealer] != EXCHANGED else -1
        discards = len(self.hand(self.turn)) - HAND if phase == DISCARDING else 0
        return Board(trump=self.trump, turnup=turnup, dealer=self.dealer, deciding=deciding,
                     playing=phase == PLAY, decisions=tuple(_DECISIONS[k] for k in self.status),
                     misses=self.nmisses - self.mtaken, led="" if suit < 0 else _suit_name(suit),
                     trick=tuple(plays), tricks=tuple(self.tricks), last_winner=winner,
                     last_trick=tuple(last), discards=discards)

    def move_kind(self, move):
        """A pass (throwing up the hand), a decision (keep, take a miss, for the pool),
        a discard or exchange, else a play of a piece."""
        if move == THROW_UP:
            return PASSES
        if move == KEEP or move == MISS or move == FOR_POOL:
            return DECIDES
        if DISCARD <= move < KEEP:
            return DISCARDS
        return PLAYS

    def move_tile(self, move):
        """The piece of the hand ``move`` uses (led, played, discarded, given for
        the turn-up), or -1."""
        if type(move) is not int or move < 0:
            return -1
        if move < LEADS:
            return move >> 3
        if FOLLOW <= move < FOLLOW + PIECES:
            return move - FOLLOW
        if DISCARD <= move < DISCARD + PIECES:
            return move - DISCARD
        if EXCHANGE <= move < EXCHANGE + PIECES:
            return move - EXCHANGE
        return -1

    def move_group(self, move):
        """Leads of one piece (its announcements) share a group; every other move
        is a choice of its own."""
        if type(move) is int and 0 <= move < LEADS:
            return move & ~7
        return move

    def move_name(self, move):
        """Short text: "lead 6-5 as 5", "lead 5-3 as trump", "6-5", "take miss"."""
        if move == THROW_UP:
            return "pass"
        if move == KEEP:
            return "keep"
        if move == MISS:
            return "take miss"
        if move == FOR_POOL:
            return "for the pool"
        if move == HIDDEN_DISCARD:
            return "discard"
        if move == HIDDEN_EXCHANGE:
            return "exchange"
        t = self.move_tile(move)
        if t < 0:
            return "move %r" % (move,)
        nm = tiles.name(t)
        if move < LEADS:
            a = move & 7
            if a != TRUMP and _HI[t] == _LO[t]:
                return "lead " + nm
            return "lead %s as %s" % (nm, _suit_name(a))
        if move < DISCARD:
            return nm
        if move < EXCHANGE:
            return "discard " + nm
        return "exchange " + nm

    def why_illegal(self, move):
        """The specific reason ``move`` is not legal for the seat to act."""
        if self.over:
            return "the hand is over"
        seat = self.turn
        if type(move) is not int or move < 0 or move > MOVE_MASK:
            return "not a move: %r" % (move,)
        t = self.move_tile(move)
        if t < 0 and move not in (KEEP, MISS, FOR_POOL, THROW_UP):
            return "not a move: %r" % (move,)
        ph = self.phase
        loc = self.loc
        nm = tiles.name(t) if t >= 0 else ""
        if ph == PLAY:
            if t < 0 or DISCARD <= move:
                return "the hand is being played: seat %d must %s" % (
                    seat, "lead" if self.nplayed == self.ntricks * self.nactive else "follow")
            if loc[t] != seat:
                return "%s is not in seat %d's hand" % (nm, seat)
            start = self.ntricks * self.nactive
            trump = self.trump
            if move < LEADS:
                if self.nplayed != start:
                    return "seat %d follows: a lead's announcement is not asked" % seat
                a = move & 7
                if self.is_trump(t):
                    if a != TRUMP:
                        return "%s is a trump: it is led as trump" % nm
                elif a == TRUMP:
                    return "%s is not a trump (trumps are %d)" % (nm, trump)
                elif a != _HI[t] and a != _LO[t]:
                    return "%s cannot be announced as %d: only as %d or %d" % (nm, a, _HI[t], _LO[t])
                if not self.is_trump(t):
                    k = 0
                    for u in range(PIECES):
                        if loc[u] == seat and self.is_trump(u):
                            k += 1
                    if self.ntricks and k:
                        return "after winning a trick seat %d must lead a trump" % seat
                    if k >= 2:
                        return "with two trumps in hand seat %d must lead a trump" % seat
            else:
                if self.nplayed == start:
                    return "seat %d leads: announce the suit (a lead move)" % seat
                s = self.tsuit[self.ntricks]
                for u in range(PIECES):
                    if loc[u] == seat and trick_rank(u, s, trump) >= 0 and (
                            (s == TRUMP) == self.is_trump(u)):
                        return "seat %d must follow %s: it holds %s" % (
                            seat, "trumps" if s == TRUMP else "the %d suit" % s, tiles.name(u))
        elif ph == DISCARDING:
            if not DISCARD <= move < EXCHANGE:
                return "seat %d must first discard %d" % (seat, self.owed)
            if loc[t] != seat:
                return "%s is not in seat %d's hand" % (nm, seat)
        else:  # DECIDE
            if move < EXCHANGE:
                return "the hand is not being played yet: seat %d keeps or takes miss" % seat
            if move == MISS and self.mtaken >= self.nmisses:
                return "no miss remains"
            if move == THROW_UP:
                if not self.pool:
                    return "passing (throwing up the hand) is only in pool play"
                if seat == self.dealer:
                    return "with all but one passed the dealer may not pass: he plays for himself or the pool"
            if move == FOR_POOL:
                if seat != self.dealer or not self.pool:
                    return "only the dealer in pool play may play for the pool"
                return "the dealer plays for the pool only when all but one have passed"
            if t >= 0:
                if seat != self.dealer:
                    return "only the dealer (seat %d) may exchange for the turn-up" % self.dealer
                if loc[t] != seat:
                    return "%s is not in seat %d's hand" % (nm, seat)
        return "move %r is not legal now" % (move,)

    def redeal(self, hands, stock=None, starter=None, turnup=None):
        """Replace the deal before any move, as the line games' ``redeal``:
        ``hands`` (five pieces per seat), ``stock`` (the face-down pieces: the
        misses' pieces in order, miss 0 first, then any out of play; None: every
        free piece in index order), ``starter`` (None: unchanged; the dealer is
        the seat to its right) and the ``turnup`` (None: unchanged). For scripted
        hands and for search; ValueError and nothing changed if they do not fit."""
        if self.nhist:
            raise ValueError("redeal: moves have been made")
        if len(hands) != self.players:
            raise ValueError("redeal: need %d hands, got %d" % (self.players, len(hands)))
        if starter is None:
            starter = self.starter
        if type(starter) is not int or not 0 <= starter < self.players:
            raise ValueError("redeal: the starter must be a seat 0..%d, not %r" % (self.players - 1, starter))
        if turnup is None:
            turnup = self.turnup
        loc = bytearray(b"\xff" * PIECES)
        for s in range(self.players):
            if len(hands[s]) != 5:
                raise ValueError("redeal: a hand is five pieces")
            for t in hands[s]:
                self._free(loc, t)
                loc[t] = s
        self._free(loc, turnup)
        loc[turnup] = TURNUP
        if stock is None:
            stock = [t for t in range(PIECES) if loc[t] == UNUSED]
        for t in stock:
            self._free(loc, t)
            loc[t] = TABLE  # (a mark for this check only)
        if len(stock) < self.nmisses * self.miss_size:
            raise ValueError("redeal: the misses need %d pieces" % (self.nmisses * self.miss_size))
        for t in range(PIECES):
            if loc[t] == TABLE or loc[t] == TURNUP:
                loc[t] = UNUSED
        self.starter = starter
        self.dealer = (starter - 1) % self.players
        self._setup(loc, turnup, stock)

    @staticmethod
    def _free(loc, t):
        if type(t) is not int or not 0 <= t < PIECES or loc[t] != UNUSED:
            raise ValueError("redeal: piece %r is not free" % (t,))

    def result(self):
        """Tricks, loos and points of the ended hand (plain scoring: a point a
        trick, a loo -5; pool play: the tricks taken for oneself, which
        :meth:`settle` turns into money). Besides the contract's fields:
        ``tricks`` (per seat), ``looed``, ``passed`` (lists of seats),
        ``for_pool`` (the dealer playing for the pool, or -1), ``dealer``, ``pool``,
        ``last`` (the winner of the last trick, -1 if none was played)."""
        if not self.over:
            raise ValueError("the hand is not over")
        n = self.players
        st = self.status
        d = self.dealer
        tricks = list(self.tricks)
        passed = [s for s in range(n) if st[s] == PASSED]
        for_pool = d if st[d] == POOLED else -1
        points = [0] * n
        looed = []
        if self.ntricks == 0:
            end = END_TAKEN
            winner = d
            text = "all passed: @%d takes the pool" % d
        else:
            end = END_TRICKS
            parts = []
            for s in range(n):
                if st[s] == PASSED:
                    parts.append("@%d passed" % s)
                elif s == for_pool:
                    parts.append("@%d took %d for the pool" % (s, tricks[s]))
                elif tricks[s] == 0:
                    looed.append(s)
                    parts.append("@%d took none" % s)
                    points[s] = 0 if self.pool else -LOO_POINTS
                else:
                    parts.append("@%d took %d" % (s, tricks[s]))
                    points[s] = tricks[s]
            text = "tricks: " + ", ".join(parts)
            best = max(points)
            winner = points.index(best) if points.count(best) == 1 and best > 0 else -1
        r = HandResult(end, winner, winner, None, points, CALL_LOO if looed else "", text)
        r.tricks = tricks
        r.looed = looed
        r.passed = passed
        r.for_pool = for_pool
        r.dealer = d
        r.pool = self.pool
        r.last = self.twin[NTRICKS - 1] if self.ntricks == NTRICKS else -1
        return r

    @classmethod
    def match_start(cls, match):
        """Each player draws a piece (``match.lead_draw``, from the match's seed):
        the lowest has the first lead (``match.first_leader``). In pool play the
        first hand's stakes go into the pool (``match.extra[0]``)."""
        n = match.players
        deck = bytearray(range(PIECES))
        Rng(match.seed ^ 0x1005).shuffle(deck)
        drawn = list(deck[:n])
        low = 0
        for s in range(1, n):
            if tiles.rank_key(drawn[s]) < tiles.rank_key(drawn[low]):
                low = s
        match.lead_draw = drawn
        match.first_leader = low
        pool, stake = config(n, match.options)
        if pool:
            d = (low - 1) % n
            for s in range(n):
                match.scores[s] -= stake * 2 if s == d else stake
            match.extra = [stake * (n + 1)]
        else:
            match.extra = []

    @classmethod
    def next_starter(cls, match):
        """The drawn leader starts hand 1; the deal (and so the lead) passes to the left."""
        return (match.first_leader + match.hand_no) % match.players

    @classmethod
    def settle(cls, match, result):
        """Plain: add the points; the match ends when the highest score has
        reached the target (with four players, or the hands of a pool match
        are played) and is not shared. Pool play: pay each trick a fifth
        of the pool, take the loos, stake the next pool (``match.extra[0]``);
        ``result.points`` becomes each player's winnings less his loo, and the
        pool's movements are added to ``result.summary``."""
        scores = match.scores
        n = match.players
        if not result.pool:
            for s in range(n):
                scores[s] += result.points[s]
            best = max(scores)
            if scores.count(best) == 1 and (best >= match.target or n == 4 and match.hand_no + 1 >= _rounds(match.target, n)):
                match.over = True
                match.winner = scores.index(best)
            return
        stake = config(n, match.options)[1]
        pot = match.extra[0]
        fifth = pot // 5
        delta = [0] * n
        if result.end == END_TAKEN:
            delta[result.dealer] = pot
        else:
            for s in range(n):
                if s != result.for_pool:
                    delta[s] = result.tricks[s] * fifth
            if result.last != result.for_pool:  # the odd units go with the last trick
                delta[result.last] += pot - fifth * 5
        left = pot
        for s in range(n):
            left -= delta[s]
        loo = pot if pot < stake * (n + 1) else stake * (n + 1)
        for s in result.looed:
            delta[s] -= loo
        parts = []
        for s in range(n):
            if delta[s]:
                parts.append("@%d %s%d" % (s, "+" if delta[s] > 0 else "", delta[s]))
        text = "; pool %d: %s" % (pot, ", ".join(parts) if parts else "nobody takes")
        if left:
            text += "; %d stays" % left
        for s in range(n):
            scores[s] += delta[s]
        result.points = delta
        best = max(scores)
        if left == 0 and not result.looed and match.hand_no + 1 >= _rounds(match.target, n) and scores.count(best) == 1:
            match.over = True
            match.winner = scores.index(best)
            match.extra[0] = 0
            result.summary += text
            return
        nd = (result.dealer + 1) % n
        pot = left + loo * len(result.looed)
        for s in range(n):
            if result.looed:
                k = stake if s == nd else 0
            else:
                k = stake * 2 if s == nd else stake
            scores[s] -= k
            pot += k
        match.extra[0] = pot
        result.summary += text + "; next pool %d" % pot
