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
# Observation.public is the tuple
#   (trump, turnup, dealer, phase, leader, suit, trick, tricks, status, misses,
#    last_winner, last_trick)
# trump: the trump number; turnup: the turned-up piece; dealer: a seat; phase (above);
# leader: the seat leading the trick in progress (-1 before play); suit: its suit led
# (0..6, 7 trump, -1 before the lead); trick: per seat the piece it played to that trick
# (-1 none); tricks: per seat, tricks won; status: per seat (above); misses: misses not
# taken; last_winner / last_trick: the last finished trick's winner (-1) and its pieces
# per seat (-1 none).

from .game import Game, IllegalMove, TRICKS, MOVE_MASK, new_move_buffer
from .looview import (LooView, TRUMP, LEADS, FOLLOW, DISCARD, HIDDEN_DISCARD, EXCHANGE,  # noqa: F401
                      HIDDEN_EXCHANGE, KEEP, MISS, FOR_POOL, THROW_UP, REJECTED, DISCARDED,
                      MISS_AT, TURNUP, TABLE, UNUSED, DECIDE, DISCARDING, PLAY, ENDED, UNDECIDED,
                      KEPT, MISSED, EXCHANGED, PASSED, POOLED, END_TRICKS, END_TAKEN, CALL_LOO,
                      LOO_POINTS, OPTIONS, STAKES, PIECES, NTRICKS, config, options_for, lead,
                      trick_rank, HAND)
from .rng import Rng
from . import tiles

_HI = tiles.HI
_LO = tiles.LO


class Loo(LooView, Game):
    """One hand of Domino Loo; ``Loo(players, seed, starter, pool, stake)``."""

    GAME_ID = 3
    NAME = "Domino Loo"
    PLAYERS = (2, 3, 4)
    TARGET = 15
    TARGETS = (10, 15, 20)
    LAYOUT = TRICKS
    AI = "looai"

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
        if stake not in (5, 10, 15, 20) or type(stake) is not int:
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
        self._buf = new_move_buffer()
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
        if ph == PLAY:
            trump = self.trump
            if self.nplayed == self.ntricks * self.nactive:  # a lead
                k = 0
                for t in range(PIECES):
                    if loc[t] == seat and (_HI[t] == trump or _LO[t] == trump):
                        k += 1
                need = k >= 2 or (k and self.ntricks)
                for t in range(PIECES):
                    if loc[t] != seat:
                        continue
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
                return n
            s = self.tsuit[self.ntricks]
            for t in range(PIECES):
                if loc[t] == seat:
                    hi = _HI[t]
                    lo = _LO[t]
                    if hi == trump or lo == trump:
                        if s == TRUMP:
                            buf[n] = FOLLOW + t
                            n += 1
                    elif s != TRUMP and (hi == s or lo == s):
                        buf[n] = FOLLOW + t
                        n += 1
            if n == 0:
                for t in range(PIECES):
                    if loc[t] == seat:
                        buf[n] = FOLLOW + t
                        n += 1
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
