"""Domino Loo (``../shared/rules/domino-loo.txt``): tricks, trumps, the miss, the loo, pool play.

Readings of the text, chosen as a Loo table plays them (the text wins over
everything else; where it is silent the choice is written here):

The deal. 2, 3 or 4 players, double-six, five pieces each. Before the first
hand every player draws a piece (:meth:`Loo.match_start`, from the match's
seed): the lowest number of pips has the first lead (equal pips: the lower
heavier end, 2-1 before 3-0, so no redraw is needed). The dealer is the seat
to the right of the leader (in two-handed play the leader's opponent, as the
text says); the hand's ``starter`` is the seat to the dealer's left, the first
to decide and to lead. The deal passes to the left each hand. The dealer turns
up the next piece of the shuffled set: the trump suit is its heavier end's
number, or the number of a double (``tiles.HI`` either way). Then come the
misses, face down: two players, one miss of six; three, two misses of six
(the whole set is then in use); four, one miss of seven. In two-handed play
the eleven pieces left are out of play.

Trumps. The trumps are the seven pieces bearing the trump number, ranked
double first, then by the other end (6 down to blank). A trump belongs to the
trump suit only, as a trump card does at Loo (and as at 42 and the other
domino trick games): with fives trumps, 6-5 is a trump and never a six. So
when six is led, 6-5 neither follows nor has to be played: a seat holding 6-5
and no other six is void in sixes and may trump with it or play anything
else; when trumps are led, 6-5 follows. The same piece led is announced as
trump. Why: the text ranks the "Trump suit (which wins other suits)" apart
from the plain suits, and a piece that could be both would beat the suit it
followed the moment it was played, so a follower could trump while following;
a player expects a trump to be a trump.

The suits. A plain suit ``v`` is every piece bearing ``v`` and not the trump
number; the double ``v-v`` is its highest, then the piece whose other end has
more pips. The text's order "Trump suit; Six suit; Five suit; ... Blank suit"
lists the suits; it decides nothing in play, because a trick is won by the
highest trump in it, or if there is none by the highest piece of the suit led:
a piece of another plain suit never wins, whatever its numbers.

The lead. The leader announces the suit led: a non-trump non-double one of
its two numbers (6-5 announced "six" or "five": two moves of one group), a
double its number, a trump "trump". Rules of leading: holding two or more
trumps, lead a trump; after winning a trick (every lead but the first, since
the winner of a trick leads to the next) lead a trump if able. Otherwise any
piece.

Following. Play goes to the left of the leader (skipping seats that threw
up their hand in pool play). A seat must follow the suit led if able (a
piece of that plain suit; trumps when trumps are led); otherwise it plays
any piece, a trump or not. Nobody is obliged to head (win) the trick.

The miss. In turn from the dealer's left each seat keeps its hand
(:data:`KEEP`) or, while a miss remains, takes one (:data:`MISS`): its five
pieces go out of play face down, it takes the miss's six (four players:
seven) pieces and then discards one (two) by :data:`DISCARD` moves, one
piece each, face down. The dealer decides last and may instead exchange one
piece for the turn-up (``EXCHANGE + t``): the turn-up goes into his hand,
``t`` out of play face down (the trump suit stays the turn-up's). He may
take a miss or exchange, not both: taking a miss rejects the turn-up too.
Nobody else may exchange. Misses are taken in order (miss 0 first).

Scoring (plain, the default). A point a trick; a player who takes no trick
is looed, set back five (from 0 he owes five: scores go below zero; from 3
to -2). The match is "fifteen up" (``TARGET`` 15): it is checked at the end
of each hand, and ends when a player has reached the target and the highest
score is not shared (the highest wins; with the top shared, another hand is
played).

Pool play (the ``scoring`` option, 3 or 4 players; ``stake`` 5 by default,
10, 15 or 20). Balances are ``match.scores``, one per player, and may go
below zero; the pool is ``match.extra[0]``. Before a hand each player stakes
the stake, the dealer twice it. A trick takes a fifth of the pool; when the
pool does not divide by five (after tricks left in it, below), a fifth is
rounded down and the odd units go with the last trick, so a pool is emptied
by every hand but one played for the pool. A player who
takes no trick is looed: he pays into the next pool what this pool held,
capped at 20 with three players and 25 with four (the figures of the text
at the default stake: the cap is four or five stakes, 40 / 50 at a stake of
10, so that a loo never costs less than a pool's normal stakes); when there
is a loo, nobody else stakes for the next pool but its dealer, who stakes a
single (also when he is the looed player). In turn, instead of keeping or
taking miss, a seat may throw up its hand (:data:`~domino.game.PASS`): it
loses only its stake and cannot be looed; its pieces stay face down in front
of it. Whoever takes miss must play. When every seat before the dealer has
passed, the dealer takes the pool and the hand ends. When all but one have
passed, the dealer may not pass: he plays for himself (keep, miss or
exchange, the default: any of these moves is playing for himself) or
declares for the pool (:data:`FOR_POOL`, before looking at a miss): he then
takes the miss unseen if one remains, else plays his hand as it is (no
exchange); the tricks he wins stay in the pool and he cannot be looed. With
two or more in, the dealer may pass like anyone. A pool match has no points
to reach: ``target`` counts hands, rounded up to whole rounds (every player
deals equally often: 15 with three players, 16 with four); the match ends
at the end of the first hand after that with nothing left in the pool (no
loo to pay, no trick left in it) and one balance above the others, which
wins.

State (all small ints and bytearrays; :meth:`Loo.apply` / :meth:`Loo.undo`
allocate nothing): ``loc[t]`` where piece ``t`` is (a seat, or one of
:data:`TURNUP`, :data:`TABLE`, :data:`UNUSED`, ``MISS_AT + k`` (miss ``k``),
``REJECTED + seat`` (a hand rejected for a miss), ``DISCARDED + seat``
(discarded or exchanged away)); ``status[seat]`` (:data:`UNDECIDED`,
:data:`KEPT`, :data:`MISSED`, :data:`EXCHANGED`, :data:`PASSED`,
:data:`POOLED`); ``phase`` (:data:`DECIDE`, :data:`DISCARDING`,
:data:`PLAY`, :data:`ENDED`); the plays in order (``played``, ``pseat``),
the suit led (``tsuit``) and winner (``twin``) of each trick, ``tricks`` per
seat; ``hist`` one int per move for undo.

Moves (opaque small ints below 1024):

* ``t << 3 | a`` (0..223): lead piece ``t`` announcing suit ``a`` (0..6; 7 =
  :data:`TRUMP`); group ``t << 3`` (one group per piece).
* ``FOLLOW + t`` (256..283): play ``t`` to a trick led by another seat.
* ``DISCARD + t`` (320..347): discard ``t`` after taking a miss;
  :data:`HIDDEN_DISCARD` (360) is how other seats see it.
* ``EXCHANGE + t`` (384..411): the dealer gives ``t`` for the turn-up;
  :data:`HIDDEN_EXCHANGE` (424) is how other seats see it.
* :data:`KEEP` (1000), :data:`MISS` (1001), :data:`FOR_POOL` (1002),
  :data:`~domino.game.PASS` (1023: throw up the hand, pool play only).

``Observation.public`` is the tuple ``(trump, turnup, dealer, phase, leader,
suit, trick, tricks, status, misses, last_winner, last_trick)``: the trump
number; the turn-up piece; the dealer's seat; the phase; the seat leading
the trick in progress (-1 before play); its suit led (0..6, 7 trump, -1 none
yet); ``trick`` a tuple per seat of the piece it played to that trick (-1
none); ``tricks`` a tuple per seat of tricks won; ``status`` a tuple per seat
(see above); the number of misses left; the winner of the last finished
trick (-1) and that trick as a tuple per seat (-1 none).

This module holds the make/unmake path; the rest (observation, names,
reasons, scripted deals, the result, options and the match rules) is
:class:`domino.looview.LooView`, a module of its own for the device's
compile-time RAM, like :mod:`domino.line` and :mod:`domino.lineview`.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from .game import Game, IllegalMove, PASS, TRICKS, new_move_buffer
from .looview import (LooView, config, TRUMP, FOLLOW, DISCARD, HIDDEN_DISCARD,  # noqa: F401
                      EXCHANGE, HIDDEN_EXCHANGE, KEEP, MISS, FOR_POOL, REJECTED, DISCARDED,
                      MISS_AT, TURNUP, TABLE, UNUSED, DECIDE, DISCARDING, PLAY, ENDED,
                      UNDECIDED, KEPT, MISSED, EXCHANGED, PASSED, POOLED, NTRICKS, lead, trick_rank)
from .rng import Rng
from . import tiles

HAND = const(5)
_N = const(28)

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
        deck = bytearray(range(_N))
        Rng(seed).shuffle(deck)
        loc = bytearray(b"\xff" * _N)
        k = players * HAND
        for i in range(k):
            loc[deck[i]] = i // HAND
        turnup = deck[k]
        k += 1
        for m in range(self.nmisses):
            for i in range(self.miss_size):
                loc[deck[k]] = MISS_AT + m
                k += 1
        self._setup(loc, turnup)

    def _setup(self, loc, turnup):
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

    # -- the contract: legal moves, make, unmake ------------------------------

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
                for t in range(_N):
                    if loc[t] == seat and (_HI[t] == trump or _LO[t] == trump):
                        k += 1
                need = k >= 2 or (k and self.ntricks)
                for t in range(_N):
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
            for t in range(_N):
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
                for t in range(_N):
                    if loc[t] == seat:
                        buf[n] = FOLLOW + t
                        n += 1
            return n
        if ph == DISCARDING:
            for t in range(_N):
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
            for t in range(_N):
                if loc[t] == seat:
                    buf[n] = EXCHANGE + t
                    n += 1
            if self.pool:
                if self._others_in() == 1:
                    buf[n] = FOR_POOL
                else:
                    buf[n] = PASS
                n += 1
        elif self.pool:
            buf[n] = PASS
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
        else:  # PASS: throw up the hand
            self.status[seat] = PASSED
            self._next(seat)
        self.hist[self.nhist] = h
        self.nhist += 1

    def _take_miss(self, seat):
        k = MISS_AT + self.mtaken
        self.mtaken += 1
        loc = self.loc
        for t in range(_N):
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
        for t in range(_N):
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
        move = h & 1023
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
