"""Deals of the hidden tiles consistent with what a seat knows, and their replay.

The determinization half of :class:`~.know.Knowledge`, which inherits
:class:`Deals` and sets the attributes it reads (``obs``, ``pool``, ``played``,
``void``, ``drawseq``, ``game``, ...): :meth:`Deals.deal` samples hidden hands
respecting the voids (most constrained tiles first, random place weighted by
free room, with retries) and :meth:`Deals.replay` rebuilds a full hand state
in a game object of the same class: ``redeal`` with each seat's ORIGINAL hand
(sampled current hand + the tiles it played, minus the tiles it drew) and the
boneyard in draw order, then ``apply`` of every seen event. Move codes are the
line games' (``tile << 2 | arm``, codes from 1000 up are specials), documented
in :mod:`domino.game`.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


import math

from ..game import DRAW
from .. import tiles
from .draws import unplay_draws

_HI = tiles.HI
_LO = tiles.LO
_SPECIAL = const(1000)
_NOWHERE = const(255)
_STOCKSEAT = const(254)
_LN2 = 0.6931471805599453


class Deals:
    """Sampling and replay of consistent deals; a base of :class:`~.know.Knowledge`."""

    def deal(self, rng, tries=20, wt=None):
        """Sample hidden hands: a bytearray ``owner`` parallel to ``self.pool``
        (seat, or 254 for the boneyard) respecting counts and voids. The
        same buffer is returned each time (no allocation per deal). With
        ``wt`` (a bytearray, ``wt[s * len(pool) + i]`` in 1..255: how likely
        seat s holds pool tile i, the boneyard 255) places are drawn in
        proportion to room times weight, and ``self.logq`` is the log of the
        chance of the deal drawn."""
        obs, pool, n, me, void = self.obs, self.pool, self.players, self.me, self.void
        npool = len(pool)
        if self._owner is None or self._wt is not wt:
            self._wt = wt
            self._owner = bytearray(npool)
            self._room = bytearray(n + 1)
            # how many places each hidden tile may go; tiles are placed most
            # constrained first, in random order among equals (groups of equal
            # key: twice the fit, plus one for a tile weighted 255 everywhere)
            key = bytearray(npool)
            for i in range(npool):
                t = pool[i]
                bit = (1 << _HI[t]) | (1 << _LO[t])
                c = 1 if obs.stock else 0
                plain = 1
                for s in range(n):
                    if s != me:
                        if not (void[s] & bit):
                            c += 1
                        if wt is not None and wt[s * npool + i] < 255:
                            plain = 0
                key[i] = 2 * c + plain
            order = bytearray(npool)  # by key, stable (MicroPython's sort is not)
            ends = []
            k = 0
            for f in range(2 * n + 4):
                for i in range(npool):
                    if key[i] == f:
                        order[k] = i
                        k += 1
                ends.append(k)  # an empty group shuffles nothing
            self._order, self._groups = order, bytes(ends)
            # tiles no seat is void in and weighted alike everywhere (the last
            # group) take the free places in order
            top = (n - 1) + (1 if obs.stock else 0)
            self._free = ends[2 * top] if top >= 1 else npool
        owner, room, order = self._owner, self._room, self._order
        for attempt in range(tries + 1):
            strict = attempt < tries
            for s in range(n):
                room[s] = obs.counts[s] if s != me else 0
            room[n] = obs.stock
            a = 0
            for b in self._groups:  # Fisher-Yates inside each group
                i = b - 1
                while i > a:
                    j = a + rng.below(i - a + 1)
                    order[i], order[j] = order[j], order[i]
                    i -= 1
                a = b
            ok = True
            free = self._free
            nq = dq = 1  # chance of the draw: nq / dq * 2 ** eq, in small ints
            eq = 0
            for k in range(npool):
                i = order[k]
                if k < free:
                    t = pool[i]
                    bit = (1 << _HI[t]) | (1 << _LO[t])
                    tot = 0
                    for s in range(n + 1):
                        if room[s] and (s == n or not (strict and void[s] & bit)):
                            tot += room[s] * ((wt[s * npool + i] if s < n else 255) if wt else 1)
                    if tot == 0:
                        ok = False
                        break
                    r = rng.below(tot)
                    for s in range(n + 1):
                        if room[s] and (s == n or not (strict and void[s] & bit)):
                            x = room[s] * ((wt[s * npool + i] if s < n else 255) if wt else 1)
                            if r < x:
                                break
                            r -= x
                else:
                    # the rest, shuffled above, into the places left in order:
                    # all such placements stay equally likely, as drawn one by one
                    if k == free:
                        s = 0
                    while s < n and not room[s]:
                        s += 1
                    x = room[s]
                    tot = npool - k  # the places left
                if wt and x:
                    nq *= x
                    dq *= tot
                    while nq >= 65536:
                        nq >>= 1
                        eq += 1
                    while dq >= 65536:
                        dq >>= 1
                        eq -= 1
                if room[s]:
                    room[s] -= 1
                owner[i] = _STOCKSEAT if s == n else s
            if ok:
                self.logq = math.log(nq / dq) + eq * _LN2 if wt else 0.0
                return owner
        return owner

    def _build(self, owner):
        """Original hands and boneyard (in draw order) for the sampled ``owner``."""
        obs = self.obs
        n = self.players
        pool = self.pool
        hands = [[] for _ in range(n)]
        rest = []
        for i in range(len(pool)):
            s = owner[i]
            if s == _STOCKSEAT:
                rest.append(pool[i])
            else:
                hands[s].append(pool[i])
        for t in obs.hand:
            hands[self.me].append(t)
        played = self.played
        for t in range(self.ntiles):
            if played[t] != _NOWHERE:
                hands[played[t]].append(t)
        events = obs.events
        stock = []
        drew = obs.stock > 0
        for _, mv in events:
            if mv == DRAW:
                drew = True
                break
        if drew:
            unplay_draws(events, self.drawseq, hands, stock)
        for t in rest:
            stock.append(t)
        return hands, stock

    def replay(self, owner, weigh=None):
        """Set ``self.game`` to the current position of the sampled deal ``owner``.

        With ``weigh(game, seat, move)`` (a log-probability of a seen play),
        return the sum of it over the other seats' plays, else 0."""
        obs = self.obs
        g = self.game
        while g.nhist:
            g.undo()
        self.at_position = False
        hands, stock = self._build(owner)
        g.redeal(hands, stock, obs.starter)
        me = self.me
        ll = 0.0
        for seat, mv in obs.events:
            if weigh is not None and seat != me and mv < _SPECIAL:
                ll += weigh(g, seat, mv)
            g.apply(mv)
        self.at_position = True
        return ll
