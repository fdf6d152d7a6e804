"""Hard: determinized Monte Carlo search over deals consistent with the observation.

Written against the game contract and the family's interface
(:mod:`domino.ai.interface`): :class:`Hard` plays its candidates
(:mod:`.candidates`) out on deals drawn and weighed by :mod:`.deals`, or
solves the ending of each deal exactly, until its cost model (:mod:`.costs`)
stops it.
"""

from ..game import new_move_buffer
from . import family, search
from .anytime import Player
from .candidates import Candidates
from .costs import CostModel
from .deals import Deals, find
from .endgame import Solver, spread


class Hard(Candidates, CostModel, Deals, Player):
    """Determinized Monte Carlo over deals consistent with the observation:
    each kept deal values every candidate by a playout of the family's fast
    policy, or, once few tiles are left and the boneyard is empty, by exact
    play; the best mean value plus a prior of Medium's score is chosen. A work
    unit is one deal drawn, one playout or 16 nodes of exact search. The
    parameters, these class attributes and those of the mixins, are described
    in docs/ai.md ("Hard's parameters")."""

    LEVEL = 2
    SEARCH = True
    PLAYOUTS = 48   # per decision (spread over the candidates), unless the cost stops it first
    PLAYOUTS_SCORING = 24  # games scoring in play (All Fives): costlier playouts
    BETA = 0.5      # softmax sharpness of the model of play
    EPS = 0.0       # weight of a uniform choice mixed into the model of play (replays)
    EXACT = 14      # tiles left in all hands at or below which endings are solved exactly
    EXACT_GENERIC = 10  # ... where the family's FastSolver does not apply (the contract's)
    NODES = 1000    # node limit of one exact solve (past it: a playout)

    def __init__(self, seed=0, playouts=None):
        Player.__init__(self, seed)
        if playouts is not None:
            self.PLAYOUTS = playouts
            self.PLAYOUTS_SCORING = playouts
        self.buf = new_move_buffer()
        self.buf2 = new_move_buffer()
        self.buf3 = new_move_buffer()
        self.cnt = None  # the family's scratch (Search.scratch)
        self._keep = None
        self._solver = None
        self.parts = None  # the family's search part (domino.ai.search)
        self._beta = None  # BETA of self.etab

    def _forget(self):
        """Drop what one decision built (the search game and buffers stay), so
        that an engine between decisions, or starting the next, holds no more
        than it must: the AI seats of a level share one engine on the device."""
        self.know = self.model = self.guide = self.prior = None
        self.sums = self.cand = self.vals = self.sq = None
        self._lk = self._ld = self._lv = self._ck = self._cd = self._cv = None

    def _family(self, game_cls):
        F = family(game_cls)
        search(game_cls).fast_playout(game_cls)  # (imports what the game's playouts use)
        return F

    def _start(self):
        cls = self.cls
        obs = self.obs
        self._forget()
        F = family(cls)
        S = search(cls)
        K = F.Knowledge(cls, obs, self.game)
        self.know = K
        self.game = K.game
        if self.parts is not S:
            self.cnt = S.scratch()
        if self._beta != self.BETA or self.parts is not S:
            self._beta = self.BETA
            self.etab = S.exp_table(self.BETA)
        self.parts = S
        self._rollout = S.rollout  # the family's functions, fetched once a decision
        self._points = S.points
        self._loglik = S.loglik
        self._policy_work = S.work
        self.scoring = K.scoring
        self.bad = cls.BAD_POINTS
        self.side = K.game.side(obs.seat)
        fast = self._endings(S, K)
        c = S.costs(K)
        self.c_work = c.work  # the family's policy's work, from here Medium's scores' included
        if self.c_work:
            S.work()
        self.prior = None
        if not self.exact and (self.PRIOR or self.TOP):
            self.prior = F.medium_scores(K, self.rng)
        self._pick(len(obs.legal))
        self._plan_deals(S, K)
        # at least a few deals even with many legal moves
        self.target = max(self.PLAYOUTS_SCORING if self.scoring else self.PLAYOUTS, 6 * len(self.cand))
        if self.forced:
            self.target = len(self.cand)
        self._budget(c, S, K, fast)
        self._race()
        self.hit = self.slot = -1
        self.done = False

    def _endings(self, S, K):
        """Whether the family's ``FastSolver`` applies; set ``exact`` (few tiles
        left, no boneyard: every move valued by exact play, no prior),
        ``fastplay`` (the family's playouts on that solver's state) and the
        solver either needs."""
        fast = S.fast_applies(K.game)
        left = S.exact_at(K)
        if left is None:
            left = self.EXACT if fast else self.EXACT_GENERIC
        self.exact = K.closed and sum(self.obs.counts) <= left
        self.fastplay = S.fast_playout(self.cls) if fast else None
        if self.exact or self.fastplay:
            if fast and type(self._solver) is not S.FastSolver:
                # scratch: the move buffers, idle during a solve
                self._solver = S.FastSolver((self.buf, self.buf2, self.buf3))
            elif not fast and type(self._solver) is not Solver:
                self._solver = Solver(self.buf2)  # buf2: loglik's scratch, free here
        return fast

    def _work(self, budget):
        K = self.know
        g = K.game
        legal = self.obs.legal
        cand = self.cand
        nc = len(cand)
        rng = self.rng
        buf = self.buf
        rollout = self._rollout
        points = self._points
        while budget > 0:
            budget -= 1
            if self.cursor == 0 and not self.drawn and self._enough():
                self.done = True
                break
            if self.cursor == 0:
                if not self._draw(K, rng):
                    continue
                j = find(self._keep, self._ck, self._cd, self.CACHE)  # seen before?
                self.hit = j
                self.slot = -2 - j if j < -1 else -1
            i = cand[self.cursor]
            if self.hit >= 0:
                self._add(i, self._cv[self.hit * nc + self.cursor])
                continue
            g.apply(legal[i])
            v = None
            if self.exact:
                # the one possible deal: only the best candidate's value matters (no
                # prior here, ties to the first), so each next one is searched with the
                # best so far as a lower bound (it comes back exact only if it beats it)
                lo = self.best if self.forced and self.cursor else -32767
                # a solve may spend the cost left for it and the candidates after it
                left = (self.cap - self.cost) // (self.c_node * (nc - self.cursor))
                limit = min(self.NODES, max(64, left))
                v = self._solver.solve(g, self.side, K.nsides, self.bad, limit, lo)
                budget -= self._solver.nodes >> self._solver.UNIT  # a unit per 2**UNIT nodes
                self.cost += self._solver.nodes * self.c_node
            if v is None and self.fastplay:
                v = self.fastplay(self._solver, g, self.side, K.nsides, self.bad, self.cnt)
                self.cost += self.c_fast_load + self._solver.nodes * self.c_fast_move
            if v is None:
                depth = rollout(g, buf, rng, self.scoring, self.cnt)
                self.cost += depth * self.c_move
                if self.c_work:
                    self.cost += self._policy_work() * self.c_work
                v = spread(points(g), self.side, K.nsides, self.bad)
                for _ in range(depth):
                    g.undo()
            g.undo()
            if self.slot >= 0:
                self._cv[self.slot * nc + self.cursor] = v
            if self.cursor == 0 or v > self.best:
                self.best = v
            self._add(i, v)
        if self.done:
            self.move = legal[cand[self._lead()]]
            self._forget()
