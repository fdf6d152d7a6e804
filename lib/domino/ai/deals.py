"""The deals Hard plays out: drawn consistent with the observation, weighed, one in ``SIR`` kept.

Each unit of deal work draws a deal of the hidden tiles (``Knowledge.deal``),
weighs it by how likely the other seats' seen plays were under the model of
play (the family's ``BlockModel`` where it applies, else a weighed replay)
and keeps one of every ``SIR`` draws in a weighted reservoir
(sampling-importance-resampling). With a block model and ``GUIDE``, draws are
guided by the seen plays (the family's ``guide``) and weighed by likelihood
over their chance of being drawn, so the kept deal still follows the model.
"""

import math


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


class Deals:
    """Hard's sampling of deals (module doc); its parameters are Hard's (docs/ai.md)."""

    SIR = 4         # block play: deals drawn per kept deal, one kept by its likelihood
    SIR_REPLAY = 4  # the same where deals are weighed by a replay
    FEW = 6         # block play: with fewer moves of the other seats seen than this,
    SIR_FEW = 2     # ... this many draws per kept deal
    GUIDE = 1       # block play: 1 guides draws by the seen plays (0: blind draws)
    MIX_PIPS = 50   # block play: prior % that a seat plays heaviest tile first ...
    MIX_RANDOM = 0  # ... or at random (the rest: the general model); see lineai.likely
    SHARP = 6       # the pips style's softmax is this many times sharper than BETA's
    FLOOR = 32      # guided draws: the least weight (of 255) of a tile in a hand
    CACHE = 8       # deals whose likelihood / values a decision remembers

    def _plan_deals(self, S, K):
        """Set how a decision's deals are drawn: ``forced`` (one deal only is
        possible), ``use_model`` (weighed by the family's block model) and
        ``sir`` (draws per kept deal); empty the reservoir and the caches."""
        obs = self.obs
        # one deal only is possible (no boneyard, one other hand holds every hidden
        # tile: two players once the boneyard is empty): every deal drawn would be
        # that one and every playout or solve on it would give the same value, so
        # one deal, drawn once, chooses the same move
        others = 0
        for s in range(obs.players):
            if s != obs.seat and obs.counts[s]:
                others += 1
        forced = K.closed and others <= 1 and sum(obs.counts) - len(obs.hand) == len(K.pool)
        model = not forced and S.model_applies(K)
        sir = 1 if forced else self.SIR if model else self.SIR_REPLAY
        if model and self.FEW:
            seen = 0  # the other seats' moves seen: little evidence, fewer draws
            for e in obs.events:
                if e[0] != obs.seat:
                    seen += 1
            if seen < self.FEW:
                sir = min(sir, self.SIR_FEW)
        self.forced = forced
        self.use_model = sir > 1 and model
        self.sir = sir
        # the model is made by the first draw (begin is the heaviest call on the heap)
        self.model = None
        self.guide = None
        self.deals = 0
        self.drawn = 0  # deals drawn for the next kept deal
        self.top = self.tot = 0.0
        self.last = False
        if self._keep is None or len(self._keep) != len(K.pool):
            self._keep = bytearray(len(K.pool))
        # deals drawn again (few hidden tiles, sharp inference): a deal's likelihood
        # and its candidates' values (exact solves and playouts choose without
        # random numbers) are functions of the deal, so a repeat reuses them
        # (made by the first draw, as the model)
        self._lk = self._ld = self._lv = self._ck = self._cd = self._cv = None

    def _weigh(self, g, seat, mv):
        return self._loglik(g, self.buf2, self.buf3, seat, mv, self.etab, self.scoring, self.EPS)

    def _draw(self, K, rng):
        """One unit of deal work: draw a deal and weigh it by the model of play
        (kept in a weighted reservoir of ``sir`` draws), or, after the last
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
                    self.cost += self.c_model * self.model.work
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
