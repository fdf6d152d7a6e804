"""The three AI levels behind :func:`domino.ai.new_player`.

A player sees one observation and the game's class (its rules), never the
game: ``begin(game_cls, obs)`` then ``step(budget)`` until it returns a move.
Every random choice comes from the core's :class:`~domino.rng.Rng`, seeded
from the player's seed and the position, so the same seed and observation
give the same move (the fairness test relies on it).
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


import math

from ..rng import Rng
from ..game import new_move_buffer
from .. import tiles
from .know import Knowledge, end_mask
from . import policy

_HI = tiles.HI
_LO = tiles.LO
_SPECIAL = const(1000)


def _scores_in_play(game_cls):
    """True if the game scores points during play (All Fives)."""
    try:
        from ..line import LineGame
        return game_cls.hand_scores is not LineGame.hand_scores
    except AttributeError:
        return False


class Player:
    """Base: the anytime protocol. Subclasses implement ``_start`` and ``_work``."""

    LEVEL = -1

    def __init__(self, seed=0):
        self.seed = seed
        self.rng = Rng(seed)
        self.move = None
        self.work = 0
        self.obs = None
        self.game = None  # the search game, kept between decisions (no reallocation)

    def begin(self, game_cls, obs):
        """Start deciding a move for ``obs`` (the seat to act) of a ``game_cls`` hand."""
        if not obs.legal:
            raise ValueError("begin: seat %d has no move to make now" % obs.seat)
        self.cls = game_cls
        self.obs = obs
        self.work = 0
        self.move = None
        self.rng.seed((self.seed * 7919 + len(obs.events) * 31 + obs.seat) & 0xFFFFFFFFFFFF)
        if len(obs.legal) == 1:
            self.move = obs.legal[0]
            return
        self._start()

    def step(self, budget=64):
        """Think for up to ``budget`` work units; the move when done, else None."""
        if self.move is None:
            if self.obs is None:
                raise ValueError("step: call begin first")
            self._work(budget)
        return self.move

    def choose(self, game_cls, obs):
        """begin + step until done: the move for ``obs``."""
        self.begin(game_cls, obs)
        while True:
            m = self.step(64)
            if m is not None:
                return m

    def _start(self):
        pass

    def _work(self, budget):
        self.work += 1
        self.move = self.obs.legal[0]


class Easy(Player):
    """A beginner: drops heavy tiles and doubles, often on a whim, and notices
    nothing about the other hands."""

    LEVEL = 0

    def _work(self, budget):
        self.work += 1
        legal = self.obs.legal
        rng = self.rng
        if rng.below(3) == 0:
            self.move = legal[rng.below(len(legal))]
            return
        best = -1
        for mv in legal:
            t = mv >> 2
            sc = (_HI[t] + _LO[t]) * 4 + (8 if _HI[t] == _LO[t] else 0) + rng.below(16)
            if sc > best:
                best = sc
                self.move = mv


class Medium(Player):
    """Heuristics of good players (see :meth:`scores`)."""

    LEVEL = 1

    def _start(self):
        self.know = Knowledge(self.cls, self.obs, self.game)
        self.game = self.know.game

    def _work(self, budget):
        self.work += 1
        sc = self.scores()
        legal = self.obs.legal
        best = 0
        for i in range(len(legal)):
            s = sc[i] * 4 + self.rng.below(3)
            if i == 0 or s > best:
                best = s
                self.move = legal[i]

    def scores(self):
        return medium_scores(self.know, self.obs, self.cls, self.rng)


# Medium's weights: going out, the next seat must pass, another opponent
# would pass, the partner would pass (minus), a key end, the partner's shown
# suit, an opponent's shown suit (minus), a block when our pips are lower
# (higher: minus), points scored in play (per point)
MEDIUM_W = [60, 10, 4, 10, 10, 4, 4, 40, 6]


def medium_scores(K, obs, cls, rng):
    """A score per legal move: the fast policy score plus what the table
    shows: blocks on seats known to lack the new ends (not on the partner),
    ends only we can follow (lakle), a block when our pips are lower,
    going out, the partner's suits and points scored in play."""
    me = obs.seat
    n = obs.players
    nsides = K.nsides
    side = K.game.side(me)
    bad = getattr(cls, "BAD_POINTS", False)
    scoring = _scores_in_play(cls)
    g = K.game
    if not K.at_position:
        K.replay(K.deal(rng))
    # the game stands at the position with some deal of the hidden tiles:
    # only public facts and our own hand are read below
    unseen = [0] * (obs.nset + 1)
    pool_pips = 0
    for t in K.pool:
        unseen[_HI[t]] += 1
        if _HI[t] != _LO[t]:
            unseen[_LO[t]] += 1
        pool_pips += _HI[t] + _LO[t]
    hidden = len(K.pool)
    my_pips = 0
    for t in obs.hand:
        my_pips += _HI[t] + _LO[t]
    nxt = (me + 1) % n
    partner = (me + 2) % n if nsides == 2 and n == 4 else -1
    void = K.void
    W = MEDIUM_W
    out = []
    for mv in obs.legal:
        if mv >= _SPECIAL:
            out.append(0)
            continue
        t = mv >> 2
        sc = policy.score(g, me, mv)
        if scoring:
            sc += W[8] * policy.play_gain(g, mv, side)
        g.apply(mv)
        ends = g.open_ends()
        m = end_mask(ends)
        if g.over:
            sc += W[0]
        else:
            if m and void[nxt] & m == m and nxt != partner:
                sc += W[1]  # the next seat must pass
            for s in range(n):
                if s == me or s == nxt or not m:
                    continue
                if void[s] & m == m:
                    sc += -W[3] if s == partner else W[2]
            dead = True
            for v in ends:
                mine_v = 0
                for u in obs.hand:
                    if u != t and (_HI[u] == v or _LO[u] == v):
                        mine_v += 1
                if unseen[v]:
                    dead = False
                elif mine_v:
                    sc += W[4]  # only we hold that suit: a key end
                    dead = False
                if partner >= 0 and (K.shown[partner] >> v) & 1 and not (void[partner] >> v) & 1:
                    sc += W[5]
                for s in range(n):
                    if s != me and s != partner and (K.shown[s] >> v) & 1:
                        sc -= W[6]
            if dead:
                # the line is blocked: lowest pips wins
                ours = my_pips - _HI[t] - _LO[t]
                others = 0
                for s in range(n):
                    if s == me:
                        continue
                    est = pool_pips * obs.counts[s] // max(hidden, 1)
                    if s == partner:
                        ours += est
                    else:
                        others += est
                if nsides > 2:
                    others //= nsides - 1
                sc += W[7] if ours < others else -W[7]
        g.undo()
        out.append(sc)
    return out


class Hard(Player):
    """Determinized Monte Carlo over deals consistent with the observation.

    ``begin`` builds the :class:`~.know.Knowledge` (voids from passes and
    draws) and Medium's score of each legal move; the ``TOP`` best by that
    score are searched. Each deal of the hidden tiles is sampled respecting
    the voids, rebuilt by replaying the seen moves, and weighted by how likely
    the other seats' seen plays were under the general model of play
    (softmax, sharpness ``BETA``, of :func:`.policy.score`). On every deal
    each candidate is played out to the end of the hand with the fast policy
    (all seats), so the candidates are compared on the same deals. After
    ``PLAYOUTS`` playouts (whole deals only) the move with the best weighted
    mean result plus ``PRIOR`` times Medium's score is chosen. Work unit: one
    playout (about 12 ms on an RP2040 for a 4-player block game).
    """

    LEVEL = 2
    PLAYOUTS = 64   # per decision (spread over the candidates): ~0.9 s on an RP2040
    PLAYOUTS_SCORING = 40  # games scoring in play (All Fives): costlier playouts
    BETA = 0.25     # softmax sharpness of the model of play
    PRIOR = 1.0     # weight of Medium's score added to the mean playout value
    TOP = 3         # moves searched: the best TOP by Medium's score (0: all)

    def __init__(self, seed=0, playouts=None):
        Player.__init__(self, seed)
        if playouts is not None:
            self.PLAYOUTS = playouts
            self.PLAYOUTS_SCORING = playouts
        self.buf = new_move_buffer()
        self.buf2 = new_move_buffer()
        self.buf3 = new_move_buffer()

    def _start(self):
        cls = self.cls
        obs = self.obs
        K = Knowledge(cls, obs, self.game)
        self.know = K
        self.game = K.game
        nl = len(obs.legal)
        self.sums = [0.0] * nl
        self.cursor = 0
        self.ref = None
        self.wt = 1.0
        self.deals = 0
        self.sumw = 0.0
        self.prior = medium_scores(K, obs, cls, self.rng) if (self.PRIOR or self.TOP) else None
        # candidates: indices of legal moves, best prior first
        cand = list(range(nl))
        if self.prior is not None:
            pr = self.prior
            for i in range(1, nl):  # insertion sort, best first (stable)
                x = cand[i]
                j = i - 1
                while j >= 0 and pr[cand[j]] < pr[x]:
                    cand[j + 1] = cand[j]
                    j -= 1
                cand[j + 1] = x
            if self.TOP and nl > self.TOP:
                cand = cand[:self.TOP]
        self.cand = cand
        self.scoring = _scores_in_play(cls)
        self.bad = getattr(cls, "BAD_POINTS", False)
        self.side = K.game.side(obs.seat)
        # at least a few deals even with many legal moves
        self.target = max(self.PLAYOUTS_SCORING if self.scoring else self.PLAYOUTS, 6 * len(cand))

    def _weigh(self, g, seat, mv):
        return policy.loglik(g, self.buf2, self.buf3, seat, mv, self.BETA, self.scoring)

    def _work(self, budget):
        K = self.know
        g = K.game
        legal = self.obs.legal
        nl = len(legal)
        cand = self.cand
        nc = len(cand)
        rng = self.rng
        buf = self.buf
        while budget > 0:
            if self.cursor == 0:
                if self.work >= self.target:
                    break
                ll = K.replay(K.deal(rng), self._weigh)
                self.deals += 1
                if self.ref is None:
                    self.ref = ll
                elif ll > self.ref + 20.0:
                    # rescale what was summed to the new reference
                    f = math.exp(self.ref - ll)
                    for i in range(nl):
                        self.sums[i] *= f
                    self.sumw *= f
                    self.ref = ll
                d = ll - self.ref
                self.wt = math.exp(d) if d > -60.0 else 0.0
                self.sumw += self.wt
            i = cand[self.cursor]
            g.apply(legal[i])
            depth = 1 + policy.rollout(g, buf, rng, self.scoring)
            v = policy.value(g, self.side, K.nsides, self.bad)
            for _ in range(depth):
                g.undo()
            self.sums[i] += self.wt * v
            self.work += 1
            budget -= 1
            self.cursor = (self.cursor + 1) % nc
        if self.work >= self.target and self.cursor == 0:
            sumw = self.sumw if self.sumw > 0 else 1.0
            best = cand[0]
            top = 0.0
            for k in range(nc):
                i = cand[k]
                v = self.sums[i] / sumw
                if self.prior is not None:
                    v += self.PRIOR * self.prior[i]
                if k == 0 or v > top:
                    best = i
                    top = v
            self.move = legal[best]
