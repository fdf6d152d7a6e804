"""What a seat knows from its observation of a Domino Loo hand, and deals consistent with it.

:class:`Knowledge` reads an :class:`~domino.game.Observation` only (never the
game). Seen pieces: the seat's hand, every piece played to a trick, the
turn-up, the seat's own discards and exchanged piece. Hidden: the rest, each
in one of the other seats' hands (``counts`` of them, less the turn-up when
another dealer took it in exchange: it is known to be there until played) or
"elsewhere": misses not taken, pieces out of play, hands rejected for a miss
(the seat's own too: the observation does not show it), other seats'
discards and exchanged piece. Proofs (``void[s]``: bit ``v`` a plain suit,
bit 7 trumps): a seat that does not follow the suit led lacks it (trumps
when trumps were led); a seat leading a plain piece after the first trick
has no trump (it must lead one if able). Hands only shrink during play, so
a proof lasts to the end of the hand. A reading of play, not a proof
(``lacks[s]``, a bit per piece; Medium's chances read it, the sampled deals do
not): a seat last to a trick that did not take it holds no piece that would
have taken it (a sensible player takes a trick it can when last), of the suit
led only when it followed suit.

:meth:`Knowledge.deal` samples where the hidden pieces are (voids and counts
respected), :meth:`Knowledge.replay` stands the search game at the observed
position with that deal: ``Loo.restart`` with each seat's hand as dealt,
the misses and the turn-up, then every seen event, the hidden discards and
exchange replaced by pieces from "elsewhere". Reads Loo's moves
(:mod:`domino.loo`) and ``Observation.public``.
"""

from micropython import const
from .. import tiles
from ..ai.anytime import new_game
from ..loo import (PIECES, FOLLOW, DISCARD, EXCHANGE, HIDDEN_DISCARD, HIDDEN_EXCHANGE, KEEP, MISS,
                   FOR_POOL, THROW_UP, TRUMP, HAND, MISS_AT, TURNUP, trick_rank)

_HI = tiles.HI
_LO = tiles.LO
ELSE = const(254)  # a hidden piece in no hand: ``owner`` value
_TBIT = const(128)  # void in trumps


def suit_bits(t, trump):
    """The void bits that forbid ``t``: the trump bit for a trump, else its plain suits."""
    if _HI[t] == trump or _LO[t] == trump:
        return _TBIT
    return (1 << _HI[t]) | (1 << _LO[t])


def follows(t, suit, trump):
    """True if ``t`` follows suit ``suit`` led (0..6, or TRUMP) with trumps ``trump``."""
    if _HI[t] == trump or _LO[t] == trump:
        return suit == TRUMP
    return suit != TRUMP and (_HI[t] == suit or _LO[t] == suit)


class Knowledge:
    """Everything a seat can infer from one observation of a Loo hand (module
    doc): the family interface's ``Knowledge`` (:mod:`domino.ai.interface`), plus
    what Medium reads: ``void`` and ``lacks`` (per seat), ``trump``, ``room`` (per
    other seat the hidden pieces in its hand; last, those elsewhere) and ``allowed``."""

    def __init__(self, game_cls, obs, game=None):
        self.cls = game_cls
        self.obs = obs
        n = obs.players
        me = obs.seat
        self.me = me
        self.players = n
        self.nsides = len(obs.scores)
        self.scoring = False
        pub = obs.public
        trump = pub.trump
        self.trump = trump
        self.turnup = pub.turnup
        self.dealer = pub.dealer
        self.closed = pub.phase >= 2  # in play (or ended) no piece comes into a hand
        g = game
        if g is None or type(g) is not game_cls or g.players != n \
                or g.options_code() != obs.options:
            g = new_game(game_cls, obs)
        while g.nhist:
            g.undo()
        self.game = g
        self.nmisses = g.nmisses
        self.miss_size = g.miss_size
        seen = bytearray(PIECES)
        played = bytearray(b"\xff" * PIECES)
        for t in obs.hand:
            seen[t] = 1
        seen[self.turnup] = 1
        void = [0] * n
        took = [-1] * n  # the miss each seat took
        exch = [-1] * n  # the piece the dealer gave (-2: hidden)
        ndisc = [0] * n  # hidden discards per seat
        mydisc = []
        mtaken = 0
        nactive = n
        for s, m in obs.events:
            if m == THROW_UP:
                nactive -= 1
        k = 0  # plays so far
        suit = 0
        cap_seat = -1  # the first leader, when it led a plain piece: at most one trump
        cap = 1
        lacks = [0] * n  # pieces each seat shows it lacks: last to a trick, it did not win
        best = -1
        for s, m in obs.events:
            if m < FOLLOW:  # a lead
                t = m >> 3
                suit = m & 7
                if k and suit != TRUMP:
                    void[s] |= _TBIT  # after a trick, a trump is led if able
                elif not k and suit != TRUMP:
                    cap_seat = s
                elif s == cap_seat:
                    cap -= 1  # a trump it held at the first lead
                k += 1
                seen[t] = 1
                played[t] = s
                best = trick_rank(t, suit, trump)
            elif m < DISCARD:
                t = m - FOLLOW
                f = follows(t, suit, trump)
                r = trick_rank(t, suit, trump)
                if r > best:
                    best = r
                elif k % nactive == nactive - 1:  # last to the trick and lost it: no winner
                    for q in range(PIECES):  # (following, it could not trump)
                        if trick_rank(q, suit, trump) > best and (not f or follows(q, suit, trump)):
                            lacks[s] |= 1 << q
                if s == cap_seat and suit_bits(t, trump) == _TBIT:
                    cap -= 1  # a trump it held at the first lead
                if not f:
                    void[s] |= _TBIT if suit == TRUMP else 1 << suit
                k += 1
                seen[t] = 1
                played[t] = s
            elif m < HIDDEN_DISCARD:
                seen[m - DISCARD] = 1
                mydisc.append(m - DISCARD)
            elif m == HIDDEN_DISCARD:
                ndisc[s] += 1
            elif m < HIDDEN_EXCHANGE:
                seen[m - EXCHANGE] = 1
                exch[s] = m - EXCHANGE
            elif m == HIDDEN_EXCHANGE:
                exch[s] = -2
            elif m == MISS or (m == FOR_POOL and mtaken < self.nmisses):
                took[s] = mtaken
                mtaken += 1
        self.nactive = nactive
        void[me] = 0
        self.void = void
        lacks[me] = 0
        self.lacks = lacks
        self.played = played
        self.took = took
        self.exch = exch
        self.ndisc = ndisc
        self.mydisc = mydisc
        # the turn-up in another dealer's hand (exchanged, not played yet)
        d = self.dealer
        self.known = -1
        if d != me and exch[d] != -1 and played[self.turnup] == 255:
            self.known = self.turnup
            if d == cap_seat:
                cap -= 1
        if cap_seat == me or cap < 0:  # (nothing to infer; or a contradiction)
            cap_seat = -1
        self.cap_seat = cap_seat
        self.cap = cap
        pool = []
        for t in range(PIECES):
            if not seen[t]:
                pool.append(t)
        self.pool = pool
        room = bytearray(n + 1)
        tot = 0
        for s in range(n):
            if s != me:
                room[s] = obs.counts[s] - (1 if s == d and self.known >= 0 else 0)
                tot += room[s]
        room[n] = len(pool) - tot
        self.room = room
        self._owner = bytearray(len(pool))
        self._order = bytearray(len(pool))
        self._left = bytearray(n + 1)
        self._groups = None  # deal(): where each group of equally constrained pieces ends
        self._loc = None  # replay(): its layout (_layout)
        self.at_position = False
        self.logq = 0.0

    def allowed(self, s, t):
        """True if the proofs allow hidden piece ``t`` in seat ``s``'s hand."""
        return not self.void[s] & suit_bits(t, self.trump)

    # -- sampled deals and their replay (the determinization) ---------------

    def deal(self, rng, tries=20, wt=None):
        """Sample where the hidden pieces are: a bytearray ``owner`` parallel
        to ``pool`` (a seat, or :data:`ELSE`), counts and voids respected (the
        same buffer each call). Pieces are placed most constrained first, each
        into a place it may be in, chosen in proportion to the room left there;
        last the free pieces (any place with room may hold them), shuffled,
        fill the room left in order of place: the same chances, one random
        number a piece. After ``tries`` failures the voids are ignored. ``wt``
        is not used (no guided draws in this family)."""
        npool = len(self.pool)
        n = self.players
        void = self.void
        owner = self._owner
        order = self._order
        left = self._left
        room = self.room
        if self._groups is None:
            self._group()
        bits = self._bits
        free = self._groups[-2]
        for attempt in range(tries + 1):
            strict = attempt < tries
            for s in range(n + 1):
                left[s] = room[s]
            a = 0
            for b in self._groups:  # a random order of placement within each group
                i = b - 1
                while i > a:
                    j = a + rng.below(i - a + 1)
                    order[i], order[j] = order[j], order[i]
                    i -= 1
                a = b
            ok = True
            cs = self.cap_seat
            cap = self.cap
            for k in range(free):
                i = order[k]
                b = bits[i]
                full = strict and b == _TBIT and not cap  # cs may hold no more trumps
                tot = left[n]
                for s in range(n):
                    if left[s] and (not strict or not void[s] & b and not (full and s == cs)):
                        tot += left[s]
                if tot == 0:
                    ok = False
                    break
                r = rng.below(tot)
                s = n
                for q in range(n):
                    if left[q] and (not strict or not void[q] & b and not (full and q == cs)):
                        if r < left[q]:
                            s = q
                            break
                        r -= left[q]
                if s == cs and b == _TBIT:
                    cap -= 1
                left[s] -= 1
                owner[i] = ELSE if s == n else s
            if ok:
                s = 0
                for k in range(free, npool):
                    while not left[s]:
                        s += 1
                    left[s] -= 1
                    owner[order[k]] = ELSE if s == n else s
                return owner
        return owner

    def _group(self):
        """deal()'s order of placement: ``_bits`` (each pool piece's void
        bits), ``_order`` grouped by how many seats may hold a piece (fewest
        first), the free pieces last; ``_groups`` where each group ends."""
        pool = self.pool
        npool = len(pool)
        n = self.players
        void = self.void
        room = self.room
        cs = self.cap_seat
        bits = bytearray(npool)
        fit = bytearray(npool)
        seats = 0  # the other seats with room
        for s in range(n):
            if s != self.me and room[s]:
                seats += 1
        for i in range(npool):
            b = bits[i] = suit_bits(pool[i], self.trump)
            for s in range(n):
                if s != self.me and room[s] and not void[s] & b:
                    fit[i] += 1
            if fit[i] == seats and not (cs >= 0 and b == _TBIT):
                fit[i] = n  # free: no void or cap limits where it goes
        order = self._order
        ends = []
        k = 0
        for c in range(n + 1):
            for i in range(npool):
                if fit[i] == c:
                    order[k] = i
                    k += 1
            ends.append(k)
        self._bits = bits
        self._groups = ends

    def _layout(self):
        """What :meth:`replay` lays out each deal from (made by its first call):
        ``_base``, each seen piece's place as dealt (the turn-up's, what a seat
        holds or played: its own or, when it took a miss, the miss's; the
        dealer's exchanged piece); ``_dest``, per seat, the place as dealt of a
        piece the deal puts in its hand; ``_slots``, the places as dealt of the
        pieces the deal puts elsewhere, in order: per seat that took a miss (by
        seat), its hidden discards (in the miss) then the hand it rejected; the
        dealer's hidden exchanged piece; the misses not taken; out of play. The
        hidden discards of seat ``s`` are the ``_doff[s]``-th pieces elsewhere on,
        the hidden exchanged piece the ``_xoff``-th."""
        obs = self.obs
        n = self.players
        d = self.dealer
        took = self.took
        dest = bytearray(n)
        for s in range(n):
            dest[s] = MISS_AT + took[s] if took[s] >= 0 else s
        base = bytearray(b"\xff" * PIECES)
        for t in obs.hand:
            base[t] = dest[self.me]
        for t in self.mydisc:
            base[t] = dest[self.me]
        for t in range(PIECES):
            if self.played[t] != 255:
                base[t] = dest[self.played[t]]
        slots = bytearray(b"\xff" * len(self.pool))
        doff = bytearray(n)
        k = 0
        for s in range(n):
            if took[s] >= 0:
                doff[s] = k
                for _ in range(self.ndisc[s]):  # (none of the seat's own: it saw them)
                    slots[k] = dest[s]
                    k += 1
                for _ in range(HAND):
                    slots[k] = s
                    k += 1
        x = self.exch[d]
        self._xoff = k
        if x == -2:
            slots[k] = d
            k += 1
        elif x >= 0:
            base[x] = d
        for j in range(self.nmisses):
            if j not in took:
                for _ in range(self.miss_size):
                    slots[k] = MISS_AT + j
                    k += 1
        base[self.turnup] = TURNUP
        self._base = base
        self._dest = dest
        self._slots = slots
        self._doff = doff
        self._hid = bytearray(len(self.pool))  # the pieces of a deal elsewhere, in order
        self._loc = bytearray(PIECES)
        self._nd = bytearray(n)

    def replay(self, owner, weigh=None):
        """Stand ``game`` at the observed position with the deal ``owner``:
        the hand laid out as dealt (:meth:`_layout`), then every seen event,
        the hidden discards and exchange those the deal puts elsewhere; with
        ``weigh(game, seat, move)`` return its sum over the other seats' plays
        to tricks, keeps and misses, else 0.0. Allocates nothing past the first call."""
        if self._loc is None:
            self._layout()
        pool = self.pool
        loc = self._loc
        loc[:] = self._base
        dest = self._dest
        slots = self._slots
        hid = self._hid
        k = 0
        for i in range(len(pool)):
            s = owner[i]
            t = pool[i]
            if s == ELSE:
                loc[t] = slots[k]
                hid[k] = t
                k += 1
            else:
                loc[t] = dest[s]
        g = self.game
        g.restart(loc, self.obs.starter)
        me = self.me
        doff = self._doff
        nd = self._nd
        for s in range(self.players):
            nd[s] = doff[s]
        ll = 0.0
        for s, m in self.obs.events:
            if m == HIDDEN_DISCARD:
                m = DISCARD + hid[nd[s]]
                nd[s] += 1
            elif m == HIDDEN_EXCHANGE:
                m = EXCHANGE + hid[self._xoff]
            elif weigh is not None and s != me and (m < DISCARD or m == KEEP or m == MISS):
                ll += weigh(g, s, m)
            g.apply(m)
        self.at_position = True
        return ll

    def reweigh(self, owner, weigh=None):
        """No cheaper way than :meth:`replay` in this family: None."""
        return None

