"""Domino Loo (``../shared/rules/domino-loo.txt``). Readings of the text, as a Loo table plays them.

Deal: 2-4 players, double-six, five pieces each. Before the first hand each
player draws a piece: fewest pips leads first (equal pips: the lower heavier
end, so no redraw). The dealer sits to the leader's right (two-handed: the
leader's opponent); a hand's ``starter`` is the dealer's left, first to decide
and to lead; the deal passes to the left. The dealer turns up a piece: trumps
are its heavier end's number (a double's number). Misses: one of six (2p;
the 11 pieces left are out of play), two of six (3p), one of seven (4p).

Trumps are the seven pieces bearing the trump number, double highest, then by
the other end. A trump belongs to the trump suit only (as a trump card does,
and as at 42): with fives trumps, 6-5 is never a six. When six is led, 6-5
does not follow and need not be played: holding no other six, the seat is
void and may trump with it or play anything; when trumps are led, 6-5
follows. Why: the text puts "Trump suit (which wins other suits)" apart from
the plain suits; a piece counted in both would let a follower trump while
following suit. A plain suit ``v`` is every non-trump piece bearing ``v``:
its double highest, then by the other end. The text's order "Six suit; Five
suit; ... Blank" decides nothing: the highest trump in a trick wins it, else
the highest piece of the suit led; a piece of another plain suit never wins.

The lead: a non-trump non-double is announced as either number (two moves
of one group), a double as its number, a trump as trump. Holding two or more
trumps, lead a trump; after winning a trick (every lead but the first) lead
a trump if able. Play goes left (past seats that threw up their hand);
follow the suit led if able (trumps if trumps are led), else play anything;
nobody must head the trick.

The miss: in turn from the dealer's left each seat keeps its hand or, while
a miss remains (taken in order), takes one: its hand goes out face down, it
takes the miss unseen and discards one piece (4p: two), one move each, face
down. The dealer decides last and may instead give one piece for the turn-up
(trumps do not change; nobody else may exchange): miss or exchange, not both;
a dealer taking miss rejects the turn-up too.

Plain scoring: a point a trick; no trick is a loo, five back (0 -> -5,
3 -> -2). Fifteen up, checked at the end of each hand: the highest score at
or over the target wins; a tie at the top plays another hand. With four
players the five tricks of a hand rarely outpace the loos (a hand adds five
points among four, a loo takes five back) and scores drift: played to
fifteen alone, most matches would never end (docs/rules.md has the figures).
The text offers the pool as "a better plan"; a four-handed table playing for
points also stops after as many hands as a pool match (the target rounded up
to whole rounds: 16 for fifteen), where the highest score wins if it is not
shared (a tie at the top plays another hand).

Pool play (option, 3-4 players; stake 5, 10, 15 or 20): balances are
``match.scores`` (may go below zero), the pool ``match.extra[0]``. Everyone
stakes, the dealer double. A trick takes a fifth of the pool; a pool not
divisible by five (after tricks left in it) gives fifths rounded down and
the odd units to the last trick. A looed player pays into the next pool what
this one held, capped at 20 (3p) / 25 (4p), i.e. four / five stakes (40 / 50
at a stake of 10: a loo never costs less than a pool's stakes); after a loo
only the next dealer stakes, a single (even if he was looed). Instead of
keep or miss a seat may throw up its hand (pass, :data:`THROW_UP`): it loses its stake only,
cannot be looed, its pieces stay face down. Whoever takes miss plays. If
every seat before the dealer passes, he takes the pool. If all but one pass,
the dealer may not pass: he plays for himself (keep, miss or exchange: the
default) or declares for the pool first: then he takes the miss unseen if
one remains, else plays his hand as dealt (no exchange); his tricks stay in
the pool and he cannot be looed. With two or more in, the dealer may pass.
A pool match has no score to reach: ``target`` counts hands, rounded up to
whole rounds (15 -> 15 with 3, 16 with 4); it ends after the first hand past
that which leaves the pool empty (no loo, no trick kept) with one balance
alone at the top, which wins.

The scoring and the money are in :mod:`domino.looscore`.
"""

# State (bytearrays and small ints; ``apply``/``undo`` allocate nothing):
# ``stock`` the face-down pieces as dealt: the misses in order (miss 0 first), then
# the pieces out of play (two players: eleven);
# ``loc[t]`` where piece t is: a seat, TURNUP, TABLE, UNUSED, MISS_AT + k (miss k),
# REJECTED + seat (a hand rejected for a miss), DISCARDED + seat (discarded or
# exchanged away); ``status[seat]``: UNDECIDED, KEPT, MISSED, EXCHANGED, PASSED,
# POOLED (the dealer for the pool); ``phase``: DECIDE, DISCARDING, PLAY, ENDED;
# ``played``/``pseat`` the plays in order (trick k is plays k*nactive ..);
# ``tsuit``/``twin`` each trick's suit led and winner; ``tricks`` per seat;
# ``hist`` one int per move (move | seat << 10 | phase << 12 | owed << 14 | took miss << 16).
#
# Moves (opaque to the UI and AI; all below 1024):
#   t << 3 | a        (0..223)  lead piece t announcing suit a (0..6; 7 = TRUMP);
#                               move_group t << 3: one group per piece
#   FOLLOW + t        (256..283) play t to a trick another seat led
#   DISCARD + t       (320..347) discard t after a miss; others see HIDDEN_DISCARD (360)
#   EXCHANGE + t      (384..411) the dealer gives t for the turn-up; others see
#                               HIDDEN_EXCHANGE (424)
#   KEEP 1000, MISS 1001 (take a miss), FOR_POOL 1002 (the dealer for the pool),
#   THROW_UP 1003 (pass: throw up the hand, pool play only; the shared PASS, a forced
#   pass, never occurs in Loo)
#
# Observation.public is a LooPublic, a named tuple
#   (trump, turnup, dealer, phase, leader, suit, trick, tricks, status, misses,
#    last_winner, last_trick)
# trump: the trump number; turnup: the turned-up piece; dealer: a seat; phase (above);
# leader: the seat leading the trick in progress (-1 before play); suit: its suit led
# (0..6, 7 trump, -1 before the lead); trick: per seat the piece it played to that trick
# (-1 none); tricks: per seat, tricks won; status: per seat (above); misses: misses not
# taken; last_winner / last_trick: the last finished trick's winner (-1) and its pieces
# per seat (-1 none).

from micropython import const
from array import array
from collections import namedtuple

from .game import (Game, IllegalMove, Board, Observation, TRICKS, PLAYS, PASSES, DISCARDS, DECIDES,
                   MOVE_MASK, new_move_buffer, place)
from .rng import Rng
from . import tiles

# moves (see above)
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
HAND = const(5)  # pieces in a hand


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


def _suit_name(a):
    return "trump" if a == TRUMP else str(a)


_TURNUP_B = bytes((TURNUP,))  # (restart finds the turn-up in ``loc``)
# a seat's byte in ``loc``: its pieces are found by ``loc.find(SEAT_B[seat], start)``
SEAT_B = (b"\x00", b"\x01", b"\x02", b"\x03")

# a seat's decision (``status``) in a word, for screens
_DECISIONS = ("", "keep", "miss", "exchange", "pass", "pool")



LooPublic = namedtuple("LooPublic", ("trump", "turnup", "dealer", "phase", "leader", "suit",
                                     "trick", "tricks", "status", "misses", "last_winner",
                                     "last_trick"))


class Loo(Game):
    """One hand of Domino Loo; ``Loo(players, seed, starter, pool, stake)``."""

    GAME_ID = 3
    NAME = "Domino Loo"
    PLAYERS = (2, 3, 4)
    TARGET = 15
    TARGETS = (10, 15, 20)
    LAYOUT = TRICKS
    AI = "looai"
    OPTIONS = OPTIONS
    config = staticmethod(config)

    def __init__(self, players=2, seed=0, starter=None, pool=False, stake=5):
        if type(players) is not int or players not in (2, 3, 4):
            raise ValueError("players: Domino Loo is played by 2, 3 or 4, not %r" % (players,))
        if starter is None:
            starter = 0
        if type(starter) is not int or not 0 <= starter < players:
            raise ValueError("starter: must be a seat 0..%d, not %r" % (players - 1, starter))
        if type(seed) is not int or seed < 0:
            raise ValueError("seed: must be a non-negative whole number, not %r" % (seed,))
        if pool is not False and pool is not True:
            raise ValueError("pool: True or False, not %r" % (pool,))
        if pool and players == 2:
            raise ValueError("pool play needs 3 or 4 players")
        if stake not in STAKES or type(stake) is not int:
            raise ValueError("stake: 5, 10, 15 or 20, not %r" % (stake,))
        if stake != 5 and not pool:
            raise ValueError("stake: only in pool play")
        self.players = players
        self.nsides = players
        self.seed = seed
        self.nset = 6
        self.pool = pool
        self.stake = stake
        self.starter = starter
        self.dealer = (starter - 1) % players
        self.nmisses = 2 if players == 3 else 1
        self.miss_size = 7 if players == 4 else 6
        self.status = bytearray(players)
        self.tricks = bytearray(players)
        self.played = bytearray(players * NTRICKS)
        self.pseat = bytearray(players * NTRICKS)
        self.tsuit = bytearray(NTRICKS)
        self.twin = bytearray(NTRICKS)
        self.hist = [0] * (players * (NTRICKS + 3) + 8)
        self._buf = array("H", new_move_buffer())  # legal moves (all below 1024)
        deck = bytearray(range(PIECES))
        Rng(seed).shuffle(deck)
        loc = bytearray(b"\xff" * PIECES)
        k = players * HAND
        for i in range(k):
            loc[deck[i]] = i // HAND
        self._setup(loc, deck[k], deck[k + 1:])

    def _setup(self, loc, turnup, stock):
        """Lay out a deal: ``loc`` holds the hands; the misses are ``stock``'s
        first pieces in order, the rest of it is out of play."""
        self.stock = bytes(stock)
        k = 0
        for m in range(self.nmisses):
            for i in range(self.miss_size):
                loc[stock[k]] = MISS_AT + m
                k += 1
        loc[turnup] = TURNUP
        self.loc = loc
        self._begin_hand(turnup)

    def restart(self, loc, starter):
        """Stand at the start of the hand dealt as ``loc`` holds (each piece's
        place as dealt: a seat, ``MISS_AT + k``, ``TURNUP`` or ``UNUSED``), copied
        into this game's ``loc``; ``starter`` leads, the seat to its right deals.
        For search (:meth:`domino.looai.know.Knowledge.replay`): unchecked, it
        allocates nothing and keeps no ``stock`` (None); ``redeal`` checks."""
        self.loc[:] = loc
        self.stock = None
        self.starter = starter
        self.dealer = (starter - 1) % self.players
        self._begin_hand(loc.find(_TURNUP_B))

    def _begin_hand(self, turnup):
        """The state of a hand before its first move, the pieces laid out."""
        self.turnup = turnup
        self.trump = _HI[turnup]
        for s in range(self.players):
            self.status[s] = UNDECIDED
            self.tricks[s] = 0
        self.phase = DECIDE
        self.turn = self.starter
        self.over = False
        self.owed = 0
        self.mtaken = 0
        self.nactive = self.players
        self.nplayed = 0
        self.ntricks = 0
        self.nhist = 0

    @classmethod
    def from_options(cls, players, seed, starter, options):
        """A hand from a deal code's fields (see :data:`OPTIONS`)."""
        pool, stake = config(players, options)
        return cls(players, seed, starter, pool, stake)

    def legal_moves(self, buf):
        """Write the legal moves of the seat to act into ``buf``; return how many.
        Allocates nothing."""
        if self.over:
            return 0
        seat = self.turn
        loc = self.loc
        n = 0
        ph = self.phase
        if ph == PLAY:  # (the seat's pieces found in ``loc`` by its byte: SEAT_B)
            trump = self.trump
            sb = SEAT_B[seat]
            if self.nplayed == self.ntricks * self.nactive:  # a lead
                k = 0
                t = loc.find(sb)
                while t >= 0:
                    if _HI[t] == trump or _LO[t] == trump:
                        k += 1
                    t = loc.find(sb, t + 1)
                need = k >= 2 or (k and self.ntricks)
                t = loc.find(sb)
                while t >= 0:
                    hi = _HI[t]
                    lo = _LO[t]
                    if hi == trump or lo == trump:
                        buf[n] = (t << 3) | TRUMP
                        n += 1
                    elif not need:
                        buf[n] = (t << 3) | hi
                        n += 1
                        if lo != hi:
                            buf[n] = (t << 3) | lo
                            n += 1
                    t = loc.find(sb, t + 1)
                return n
            s = self.tsuit[self.ntricks]
            t = loc.find(sb)
            while t >= 0:
                hi = _HI[t]
                lo = _LO[t]
                if hi == trump or lo == trump:
                    if s == TRUMP:
                        buf[n] = FOLLOW + t
                        n += 1
                elif s != TRUMP and (hi == s or lo == s):
                    buf[n] = FOLLOW + t
                    n += 1
                t = loc.find(sb, t + 1)
            if n == 0:
                t = loc.find(sb)
                while t >= 0:
                    buf[n] = FOLLOW + t
                    n += 1
                    t = loc.find(sb, t + 1)
            return n
        if ph == DISCARDING:
            for t in range(PIECES):
                if loc[t] == seat:
                    buf[n] = DISCARD + t
                    n += 1
            return n
        buf[0] = KEEP
        n = 1
        if self.mtaken < self.nmisses:
            buf[1] = MISS
            n = 2
        if seat == self.dealer:
            for t in range(PIECES):
                if loc[t] == seat:
                    buf[n] = EXCHANGE + t
                    n += 1
            if self.pool:
                if self._others_in() == 1:
                    buf[n] = FOR_POOL
                else:
                    buf[n] = THROW_UP
                n += 1
        elif self.pool:
            buf[n] = THROW_UP
            n += 1
        return n

    def _others_in(self):
        """Seats other than the dealer that have not passed."""
        k = 0
        st = self.status
        for s in range(self.players):
            if s != self.dealer and st[s] != PASSED:
                k += 1
        return k

    def apply(self, move):
        """Apply a legal move without checking it (search uses this)."""
        seat = self.turn
        h = move | (seat << 10) | (self.phase << 12) | (self.owed << 14)
        if move < FOLLOW:  # a lead
            self.tsuit[self.ntricks] = move & 7
            self._play(seat, move >> 3)
        elif move < DISCARD:
            self._play(seat, move - FOLLOW)
        elif move < EXCHANGE:
            self.loc[move - DISCARD] = DISCARDED + seat
            self.owed -= 1
            if self.owed == 0:
                self.phase = DECIDE
                self._next(seat)
        elif move < KEEP:
            self.loc[self.turnup] = seat
            self.loc[move - EXCHANGE] = DISCARDED + seat
            self.status[seat] = EXCHANGED
            self._next(seat)
        elif move == KEEP:
            self.status[seat] = KEPT
            self._next(seat)
        elif move == MISS:
            self.status[seat] = MISSED
            self._take_miss(seat)
        elif move == FOR_POOL:
            self.status[seat] = POOLED
            if self.mtaken < self.nmisses:
                h |= 1 << 16
                self._take_miss(seat)
            else:
                self._next(seat)
        else:  # THROW_UP: pass, throwing up the hand
            self.status[seat] = PASSED
            self._next(seat)
        self.hist[self.nhist] = h
        self.nhist += 1

    def _take_miss(self, seat):
        k = MISS_AT + self.mtaken
        self.mtaken += 1
        loc = self.loc
        for t in range(PIECES):
            if loc[t] == seat:
                loc[t] = REJECTED + seat
            elif loc[t] == k:
                loc[t] = seat
        self.phase = DISCARDING
        self.owed = self.miss_size - HAND

    def _give_back(self, seat):
        self.mtaken -= 1
        k = MISS_AT + self.mtaken
        loc = self.loc
        for t in range(PIECES):
            if loc[t] == seat:
                loc[t] = k
            elif loc[t] == REJECTED + seat:
                loc[t] = seat

    def _next(self, seat):
        """The seat after ``seat`` decides; after the dealer, play begins."""
        d = self.dealer
        if seat == d:
            st = self.status
            k = 0
            s = d
            lead = -1
            for _ in range(self.players):
                s = s + 1 if s + 1 < self.players else 0
                if st[s] != PASSED:
                    k += 1
                    if lead < 0:
                        lead = s
            self.nactive = k
            self.phase = PLAY
            self.turn = lead
            return
        s = seat + 1 if seat + 1 < self.players else 0
        if s == d and self.pool and self._others_in() == 0:
            self.over = True  # all passed up to the dealer: he takes the pool
            self.phase = ENDED
            return
        self.turn = s

    def _play(self, seat, t):
        i = self.nplayed
        self.played[i] = t
        self.pseat[i] = seat
        self.loc[t] = TABLE
        i += 1
        self.nplayed = i
        na = self.nactive
        k = self.ntricks
        start = k * na
        if i - start < na:
            st = self.status
            s = seat
            while True:
                s = s + 1 if s + 1 < self.players else 0
                if st[s] != PASSED:
                    break
            self.turn = s
            return
        suit = self.tsuit[k]
        trump = self.trump
        best = -1
        w = 0
        for j in range(start, i):
            r = trick_rank(self.played[j], suit, trump)
            if r > best:
                best = r
                w = self.pseat[j]
        self.twin[k] = w
        self.tricks[w] += 1
        self.ntricks = k + 1
        if k + 1 == NTRICKS:
            self.over = True
            self.phase = ENDED
        else:
            self.turn = w

    def undo(self):
        """Take back the last move, restoring the exact previous state."""
        if self.nhist == 0:
            raise IllegalMove("no move to undo")
        self.nhist -= 1
        h = self.hist[self.nhist]
        move = h & MOVE_MASK
        seat = (h >> 10) & 3
        self.turn = seat
        self.over = False
        if move < DISCARD:  # a lead or a follow
            if self.nplayed == self.ntricks * self.nactive:  # it finished a trick
                self.ntricks -= 1
                self.tricks[self.twin[self.ntricks]] -= 1
            self.nplayed -= 1
            self.loc[self.played[self.nplayed]] = seat
        elif move < EXCHANGE:
            self.loc[move - DISCARD] = seat
        elif move < KEEP:
            self.loc[move - EXCHANGE] = seat
            self.loc[self.turnup] = TURNUP
            self.status[seat] = UNDECIDED
        else:
            self.status[seat] = UNDECIDED
            if move == MISS or (move == FOR_POOL and (h >> 16) & 1):
                self._give_back(seat)
        self.phase = (h >> 12) & 3
        self.owed = (h >> 14) & 3

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
        return LooPublic(self.trump, self.turnup, self.dealer, self.phase, leader, suit,
                         tuple(plays), tuple(self.tricks), tuple(self.status),
                         self.nmisses - self.mtaken, winner, tuple(last))

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
                           self.hand_scores(), self.starter, legal, self.options_code(),
                           self.board(), self.standing)

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
                    return "%s cannot be announced as %d: only as %d or %d" % (
                        nm, a, _HI[t], _LO[t])
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
                    return ("with all but one passed the dealer may not pass: he plays for "
                            "himself or the pool")
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
        hands (search lays its deals out by :meth:`restart`); ValueError and
        nothing changed if they do not fit."""
        if starter is None:
            starter = self.starter
        self._redeal_check(hands, starter)
        if turnup is None:
            turnup = self.turnup
        loc = bytearray(b"\xff" * PIECES)
        for s in range(self.players):
            if len(hands[s]) != 5:
                raise ValueError("redeal: a hand is five pieces")
            place(loc, hands[s], s)
        place(loc, (turnup,), TURNUP)
        if stock is None:
            stock = [t for t in range(PIECES) if loc[t] == UNUSED]
        place(loc, stock, TABLE)  # (a mark for this check only)
        if len(stock) < self.nmisses * self.miss_size:
            raise ValueError("redeal: the misses need %d pieces" % (self.nmisses * self.miss_size))
        for t in range(PIECES):
            if loc[t] == TABLE or loc[t] == TURNUP:
                loc[t] = UNUSED
        self.starter = starter
        self.dealer = (starter - 1) % self.players
        self._setup(loc, turnup, stock)

    def result(self):
        """Tricks, loos and points of the ended hand (:func:`domino.looscore.result`)."""
        from .looscore import result
        return result(self)

    @classmethod
    def match_start(cls, match):
        """The draw for the first lead; pool play's first stakes
        (:func:`domino.looscore.match_start`)."""
        from .looscore import match_start
        match_start(match)

    @classmethod
    def next_starter(cls, match):
        """The drawn leader starts hand 1; the deal (and so the lead) passes to the left."""
        return (match.first_leader + match.hand_no) % match.players

    @classmethod
    def settle(cls, match, result):
        """Adds the hand to the match: points, or pool play's money
        (:func:`domino.looscore.settle`)."""
        from .looscore import settle
        settle(match, result)
