"""Hard's deals: how many are drawn, what each piece of work costs, and the draw itself
(:class:`Sampling`).

Each deal of the hidden tiles is drawn by the family's ``Knowledge``, weighed by
how likely the other seats' seen plays were on it under the model of play (the
family's ``BlockModel`` where it applies, else a weighed replay), and one of
every ``SIR`` draws is kept in a weighted reservoir
(sampling-importance-resampling), so the playouts go to deals that explain the
table. docs/ai.md ("How Hard plays") walks through it.
"""

import math

from . import one_deal


def find(owner, hashes, deals, cap):
    """Where deal ``owner`` is among ``deals`` (``hashes`` holds their hashes): its
    index, else -1 when ``cap`` deals are there, else it is added there at
    index k and -2 - k is returned. Only a deal added allocates (one bytes)."""
    h = 0
    for x in owner:
        h = ((h << 5) ^ (h >> 19) ^ x) & 0xFFFFFF
    n = len(deals)
    for j in range(n):
        if hashes[j] == h:
            d = deals[j]
            k = len(owner) - 1
            while k >= 0 and d[k] == owner[k]:
                k -= 1
            if k < 0:
                return j
    if n >= cap:
        return -1
    hashes[n] = h
    deals.append(bytes(owner))
    return -2 - n


class Sampling:
    """The deals part of :class:`~.hard.Hard` (module doc): its parameters, the
    plan of a decision's deals and costs (:meth:`_deals`) and one unit of deal
    work (:meth:`_draw`). It reads the decision's state that Hard keeps."""

    SIR = 4         # block play: deals drawn per playout deal; one is kept by its likelihood
    SIR_REPLAY = 4  # the same where deals are weighed by a replay (All Fives)
    FEW = 6         # block play: with fewer moves of the other seats seen than this,
    SIR_FEW = 2     # ... this many draws per kept deal
    GUIDE = 1       # block play: 1 guides draws by the seen plays (0: blind draws)
    MIX_PIPS = 50   # block play: prior % that a seat plays heaviest tile first ...
    MIX_RANDOM = 0  # ... or at random (the rest: the general model); see lineai.likely
    SHARP = 6       # the pips style's softmax is this many times sharper than BETA's
    FLOOR = 32      # guided draws: the least weight (of 255) of a tile in a hand
    CACHE = 8       # deals whose likelihood / values a decision remembers (repeats cost nothing)
    MIN_DEALS = 8   # deals the cost must afford: else fewer draws per kept deal

    def _deals(self, S, K, obs, fast):
        """How deals are drawn and what they cost: ``forced`` (one deal only),
        ``use_model`` (weighed by the block model), ``sir`` (draws per kept
        deal), the ``target`` of playouts and the cost of each piece of work
        (the family's ``Costs``); where the cost would not afford ``MIN_DEALS``
        kept deals, fewer draws per kept deal, then fewer candidates."""
        cand = self.cand
        w = self.cw
        self.c_move = w.move
        # one deal only is possible (no boneyard, one other hand holds every hidden
        # tile: two players once the boneyard is empty): every deal drawn would be
        # that one and every playout or solve on it would give the same value, so
        # one deal, drawn once, chooses the same move
        forced = one_deal(K)
        model = not forced and S.model_applies(K)
        sir = 1 if forced else self.SIR if model else self.SIR_REPLAY
        if model and self.FEW:
            seen = 0  # the other seats' moves seen: little evidence, fewer draws
            for e in obs.events:
                if e[0] != obs.seat:
                    seen += 1
            if seen < self.FEW:
                sir = min(sir, self.SIR_FEW)
        self.use_model = sir > 1 and model
        # at least a few deals even with many legal moves
        self.target = max(self.PLAYOUTS_SCORING if self.scoring else self.PLAYOUTS, 6 * len(cand))
        if forced:
            self.target = len(cand)
        # costs of this decision: a deal drawn, replayed, weighed; a node
        ne = len(obs.events)
        self.c_deal = (w.deal_guided if self.use_model and self.GUIDE else w.deal) * len(K.pool)
        self.c_replay = w.replay * ne
        self.c_weigh = w.weigh * ne
        self.c_node = w.node_fast if fast else w.node
        if not self.use_model:
            # deals weighed by replays: when the cost would not afford MIN_DEALS
            # kept deals (many seats, long hands), fewer draws per kept deal, then
            # fewer candidates (down to two)
            play = self.c_move * sum(obs.counts)
            draw = self.c_deal + self.c_replay + self.c_weigh
            while sir > 1 and self.MIN_DEALS * (sir * draw + len(cand) * play) > self.COST:
                sir -= 1
            while (self.prior is not None and len(cand) > 2
                   and self.MIN_DEALS * (sir * draw + len(cand) * play) > self.COST):
                cand = cand[:-1]
            self.cand = cand
        self.sir = sir
        self.forced = forced

    def _weigh(self, g, seat, mv):
        return self.parts.loglik(g, self.buf2, self.buf3, seat, mv, self.etab, self.scoring,
                                 self.EPS)

    def _draw(self, K, rng):
        """One unit of deal work: draw a deal and weigh it by the model of play
        (kept in a weighted reservoir of ``SIR`` draws), or, after the last
        draw, stand the game at the kept deal. True once the game stands there."""
        if self.drawn < self.sir:
            if self._ck is None:
                c = self.CACHE
                if self.use_model:
                    self._lk = [0] * c  # deals weighed by the model (hashes, deals),
                    self._ld = []  # their log-likelihoods
                    self._lv = []
                self._ck = [0] * c  # kept deals (hashes, deals), the value of each
                self._cd = []  # candidate on them
                self._cv = [0] * (c * len(self.cand))
            if self.use_model and self.model is None:
                mix = (100 - self.MIX_PIPS - self.MIX_RANDOM, self.MIX_PIPS, self.MIX_RANDOM)
                self.model = self.parts.BlockModel(K, self.etab, mix, self.SHARP)
                if self.GUIDE:
                    self.guide = self.parts.guide(self.model, self.SHARP, self.FLOOR)
            owner = K.deal(rng, 20, self.guide)
            self.cost += self.c_deal
            if self.model is not None:
                j = find(owner, self._lk, self._ld, self.CACHE)
                if j >= 0:
                    ll = self._lv[j]
                else:
                    ll = self.model.loglik(owner)  # the game stays where it was
                    self.cost += self.cw.loglik * self.model.work
                    if j < -1:
                        self._lv.append(ll)
                if self.guide is not None:
                    ll -= K.logq  # a guided draw: over its chance of being drawn
            else:
                weigh = self._weigh if self.sir > 1 else None
                ll = K.reweigh(owner, weigh)
                if ll is None:
                    ll = K.replay(owner, weigh)
                    self.cost += self.c_replay
                if weigh is not None:
                    self.cost += self.c_weigh
            if self.drawn == 0 or ll > self.top:
                self.tot = self.tot * math.exp(self.top - ll) if self.drawn else 0.0
                self.top = ll
            w = math.exp(ll - self.top)
            self.tot += w
            self.drawn += 1
            keep = self._keep
            self.last = rng.next16() * self.tot < w * 65536
            if self.last:  # the game stands at this deal, unless weighed by the model
                self.last = self.model is None
                for i in range(len(owner)):
                    keep[i] = owner[i]
            if not self.last or self.drawn < self.sir:
                return False
        elif not self.last and K.reweigh(self._keep) is None:
            K.replay(self._keep)
            self.cost += self.c_replay
        self.drawn = 0
        self.deals += 1
        return True
