"""What a seat knows from its observation of a line game.

:class:`Knowledge` reads an :class:`~domino.game.Observation` only (never the
game): tiles each seat played, the hidden pool (tiles in other hands or the
boneyard), and per seat a mask of suits it is proven to lack. Proofs: a PASS
shows the seat held no tile of any open end; a DRAW shows the same for the
hand at that time, and the tiles drawn in that run did not match either (so
a new run of draws replaces the older proof, which no longer covers newly
drawn tiles).

It also samples deals of the hidden tiles consistent with that knowledge and
replays them (the determinization). :meth:`Knowledge.deal` samples hidden
hands respecting the voids (most constrained tiles first, random place
weighted by free room, with retries) and :meth:`Knowledge.replay` rebuilds a
full hand state in a game object of the same class: ``redeal`` with each
seat's ORIGINAL hand (sampled current hand + the tiles it played, minus the
tiles it drew) and the boneyard in draw order, then ``apply`` of every seen
event. Line-game knowledge: it reads line moves (``tile << 2 | arm``, codes
from 1000 up are specials) and the search game's ``loc``.
"""

from micropython import const
import math

from ..game import PASS, DRAW, SPECIAL
from .. import tiles
from ..ai.anytime import new_game

_HI = tiles.HI
_LO = tiles.LO
_NOWHERE = const(255)
_STOCKSEAT = const(254)
_OUT = const(255)  # as domino.line.OUT: a tile not in play
_LN2 = 0.6931471805599453


def end_mask(ends):
    """Bit mask of the suit values in ``ends``."""
    m = 0
    for v in ends:
        m |= 1 << v
    return m


class Knowledge:
    """Everything a seat can infer from one observation (see module doc): the
    family interface's ``Knowledge`` (:mod:`domino.ai.interface`), plus what Medium's
    features read (``void``, ``shown``, ``block``)."""

    def __init__(self, game_cls, obs, game=None):
        self.cls = game_cls
        self.obs = obs
        me = obs.seat
        n = obs.players
        self.me = me
        self.players = n
        self.nsides = len(obs.scores)
        self.scoring = game_cls.SCORES_IN_PLAY
        self.closed = not obs.stock  # no tile can come into a hand (empty boneyard)
        ntiles = tiles.count(obs.nset)
        self.ntiles = ntiles
        events = obs.events
        # where each known tile is: a seat that played it (or me for my hand)
        played = bytearray([_NOWHERE] * ntiles)
        nplays = 0
        drew = obs.stock > 0  # a boneyard, or a draw seen: a deal's drawn tiles go back to it
        for seat, mv in events:
            if mv < SPECIAL:
                played[mv >> 2] = seat
                nplays += 1
            elif mv == DRAW:
                drew = True
        self.drew = drew
        self.played = played
        self.nplays = nplays
        mine = bytearray(ntiles)
        for t in obs.hand:
            mine[t] = 1
        self.mine = mine
        # a game object for replays; its fresh deal tells which tiles are out of play
        g = game
        if (g is None or type(g) is not game_cls or g.players != n or g.nset != obs.nset
                or g.nsides != len(obs.scores)):
            g = new_game(game_cls, obs)
        while g.nhist:
            g.undo()
        self.game = g
        # tiles in play: a fresh deal's hands and boneyard (the tiles a game
        # removes, e.g. Seychelles for 3, are out of play in ``loc``)
        loc = g.loc
        pool = []
        for t in range(ntiles):
            if loc[t] != _OUT and not mine[t] and played[t] == _NOWHERE:
                pool.append(t)
        self.pool = pool
        self.void = [0] * n
        self.shown = [0] * n  # suits a seat chose to expose (its likely strength)
        self.drawseq = []  # per event index: ends mask when it is a draw, else -1
        self._owner = None  # deal() buffers, made on first use
        self._wt = None  # the weights they were made for
        self.at_position = False  # self.game stands at the observed position
        self._history(events)

    def _history(self, events):
        """Replay the public moves to learn the open ends at every pass and draw."""
        obs = self.obs
        n = self.players
        g = self.game
        ne = len(events)
        # skeleton deal: the hidden tiles handed out in pool order (no inference yet)
        self.drawseq = [-1] * ne
        owner = bytearray(len(self.pool))
        k = 0
        for s in range(n):
            if s != self.me:
                for _ in range(obs.counts[s]):
                    if k < len(owner):
                        owner[k] = s
                        k += 1
        while k < len(owner):
            owner[k] = _STOCKSEAT
            k += 1
        hands, stock = self._build(owner)
        void = self.void
        shown = self.shown
        drawmask = [-1] * ne
        try:
            g.redeal(hands, stock, obs.starter)
            prev = -1
            for i in range(ne):
                seat, mv = events[i]
                ends = g.open_ends()
                m = end_mask(ends)
                if mv == PASS:
                    void[seat] |= m
                elif mv == DRAW:
                    drawmask[i] = m
                    if prev == i - 1 and i > 0 and events[i - 1] == (seat, DRAW):
                        void[seat] |= m
                    else:
                        void[seat] = m
                    prev = i
                elif mv < SPECIAL and ends:
                    t = mv >> 2
                    e = ends[mv & 3] if (mv & 3) < len(ends) else _HI[t]
                    shown[seat] |= 1 << (_HI[t] + _LO[t] - e)
                g.apply(mv)
            # the skeleton now stands at the observed position (hidden tiles
            # dealt without inference): good enough for reading public facts
            self.at_position = True
        except ValueError:
            # redeal refuses the skeleton deal (a tile in two places: an
            # observation no deal explains): no inference. Any other fault (a
            # MemoryError for the caller's level fallback, a bug) is raised
            for s in range(n):
                void[s] = 0
            while g.nhist:
                g.undo()
        self.drawseq = drawmask
        self.void[self.me] = 0
        # block play so far (no boneyard, no draw): deals differ only in ``loc``
        self.block = self.at_position and not self.drew

    # -- sampled deals and their replay (the determinization) ---------------

    def deal(self, rng, tries=20, wt=None):
        """Sample hidden hands: a bytearray ``owner`` parallel to ``self.pool``
        (seat, or 254 for the boneyard) respecting counts and voids. The
        same buffer is returned each time (no allocation per deal). With
        ``wt`` (a bytearray, ``wt[s * len(pool) + i]`` in 1..255: how likely
        seat s holds pool tile i, the boneyard 255) places are drawn in
        proportion to room times weight, and ``self.logq`` is the log of the
        chance of the deal drawn. The random numbers are ``rng``'s stream
        (:meth:`~domino.rng.Rng.below`), drawn inline: the hot loop of Hard."""
        obs = self.obs
        pool = self.pool
        n = self.players
        me = self.me
        void = self.void
        npool = len(pool)
        if self._owner is None or self._wt is not wt:
            self._wt = wt
            self._owner = bytearray(npool)
            self._room = bytearray(n + 1)
            # per hidden tile i, from i * (2n + 3): how many places the voids allow
            # it, then each (seats in order, then the boneyard) and its weight
            stride = 2 * n + 3
            places = bytearray(npool * stride)
            # per hidden tile: the places the voids allow it (``m``: bit s for seat s,
            # bit n for the boneyard); how many places each may go; tiles are placed most
            # constrained first, in random order among equals (groups of equal
            # key: twice the fit, plus one for a tile weighted 255 everywhere)
            key = bytearray(npool)
            for i in range(npool):
                t = pool[i]
                bit = (1 << _HI[t]) | (1 << _LO[t])
                c = 1 if obs.stock else 0
                plain = 1
                m = 1 << n
                for s in range(n):
                    if s != me:
                        if not (void[s] & bit):
                            c += 1
                            m |= 1 << s
                        if wt is not None and wt[s * npool + i] < 255:
                            plain = 0
                key[i] = 2 * c + plain
                q = i * stride + 1
                for s in range(n + 1):
                    if (m >> s) & 1 and (obs.counts[s] if s < n else obs.stock) and s != me:
                        places[q] = s
                        places[q + 1] = (wt[s * npool + i] if s < n else 255) if wt else 1
                        q += 2
                places[i * stride] = (q - i * stride) >> 1
            self._places = places
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
        owner, room, order, places = self._owner, self._room, self._order, self._places
        stride = 2 * n + 3
        counts = obs.counts
        s0 = rng.s0  # the generator's state, stepped here as Rng.next16 does
        s1 = rng.s1
        for attempt in range(tries + 1):
            strict = attempt < tries
            for s in range(n):
                room[s] = counts[s] if s != me else 0
            room[n] = obs.stock
            a = 0
            for b in self._groups:  # Fisher-Yates inside each group
                i = b - 1
                while i > a:
                    c = i - a + 1  # j = a + rng.below(c)
                    lim = 65536 - 65536 % c
                    while True:
                        r = (s0 + s1) & 0xFFFF
                        r = ((((r << 9) | (r >> 7)) & 0xFFFF) + s0) & 0xFFFF
                        s1 ^= s0
                        s0 = (((s0 << 13) | (s0 >> 3)) & 0xFFFF) ^ s1 ^ ((s1 << 5) & 0xFFFF)
                        s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
                        if r < lim:
                            break
                    j = a + r % c
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
                    tot = 0
                    q = i * stride
                    if strict:  # the allowed places only (in order; any other weighs 0)
                        for q in range(q + 1, q + 1 + 2 * places[q], 2):
                            tot += room[places[q]] * places[q + 1]
                    else:
                        for s in range(n + 1):
                            x = room[s]
                            if x and wt:
                                x *= wt[s * npool + i] if s < n else 255
                            tot += x
                    if tot == 0:
                        ok = False
                        break
                    lim = 65536 - 65536 % tot  # r = rng.below(tot)
                    while True:
                        r = (s0 + s1) & 0xFFFF
                        r = ((((r << 9) | (r >> 7)) & 0xFFFF) + s0) & 0xFFFF
                        s1 ^= s0
                        s0 = (((s0 << 13) | (s0 >> 3)) & 0xFFFF) ^ s1 ^ ((s1 << 5) & 0xFFFF)
                        s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
                        if r < lim:
                            break
                    r %= tot
                    if strict:
                        q = i * stride
                        for q in range(q + 1, q + 1 + 2 * places[q], 2):
                            s = places[q]
                            x = room[s] * places[q + 1]
                            if r < x:
                                break
                            r -= x
                    else:
                        for s in range(n + 1):
                            x = room[s]
                            if x and wt:
                                x *= wt[s * npool + i] if s < n else 255
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
                rng.s0 = s0
                rng.s1 = s1
                self.logq = math.log(nq / dq) + eq * _LN2 if wt else 0.0
                return owner
        rng.s0 = s0
        rng.s1 = s1
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
        stock = []
        if self.drew:
            from .draws import unplay_draws  # (games with a boneyard only: off block play's heap)
            unplay_draws(obs.events, self.drawseq, hands, stock)
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
            if weigh is not None and seat != me and mv < SPECIAL:
                ll += weigh(g, seat, mv)
            g.apply(mv)
        self.at_position = True
        return ll

    def reweigh(self, owner, weigh=None):
        """:meth:`replay` for block play, without a redeal.

        With no boneyard and no draws seen, deals differ only in where the
        hidden tiles are now: put them where ``owner`` says, then undo every
        seen move (each ``undo`` gives a played tile back to its seat, so the
        hands before each play are those of this deal) summing ``weigh`` over
        the other seats' plays, and redo them (without ``weigh``, placing the
        tiles is all). Returns the sum (0.0 without ``weigh``); None when this
        shortcut does not apply (then replay)."""
        if not self.block or not self.at_position:
            return None
        g = self.game
        loc = g.loc
        pool = self.pool
        for i in range(len(pool)):
            loc[pool[i]] = owner[i]
        if weigh is None:
            return 0.0  # the position of this deal: nothing more to do
        events = self.obs.events
        me = self.me
        ll = 0.0
        k = len(events)
        while k > 0:
            k -= 1
            g.undo()
            seat, mv = events[k]
            if seat != me and mv < SPECIAL:
                ll += weigh(g, seat, mv)
        for seat, mv in events:
            g.apply(mv)
        return ll

    def unseen(self, v):
        """How many tiles of suit ``v`` are hidden from this seat."""
        c = 0
        for t in self.pool:
            if _HI[t] == v or _LO[t] == v:
                c += 1
        return c
