"""Hard: determinized Monte Carlo search over deals consistent with the observation.

:class:`Hard` draws deals of the hidden tiles with the family's ``Knowledge``,
keeps one in ``SIR`` by how likely the other seats' seen plays were on it
(sampling-importance-resampling), values each candidate on the kept deals by a
playout (the family's ``rollout``) or an exact solve of the ending, and picks
the best mean value plus Medium's score; in a match, where the family gives
the figures (``match_odds``), a playout's value is the chance to win the
match it leaves (:mod:`.odds`), not its points. It counts its cost in device time
(the family's :class:`~.interface.Costs`) and stops within ``COST``. What it
asks of a family: :mod:`domino.ai.interface`; each step and every parameter:
docs/ai.md ("How Hard plays", "Hard's parameters").
"""

from array import array

from ..game import new_move_buffer
from . import family
from .anytime import Player
from .endgame import Solver, spread
from .sampling import Sampling, find


class Hard(Sampling, Player):
    """Determinized Monte Carlo over deals consistent with the observation (module doc).

    A decision: :meth:`_start` builds the family's ``Knowledge``, Medium's
    scores (the ``TOP`` candidates, and a prior of weight ``PRIOR`` times the
    family's ``PRIOR_SCALE``) and the decision's costs; each :meth:`_work` unit
    draws a deal (:meth:`_draw`) or values a candidate on the kept deal. The
    values are paired over deals; the decision stops at its target of
    playouts, once a leader is clear (:meth:`_clear`) or before its counted
    cost would pass ``COST`` (:meth:`_enough`). The cost is counted, not
    timed, so the same observation and seed give the same move on any machine.
    """

    LEVEL = 2
    SEARCH = True
    PLAYOUTS = 48   # per decision (spread over the candidates), unless COST stops it first
    PLAYOUTS_SCORING = 24  # games scoring in play (All Fives): costlier playouts
    BETA = 0.5      # softmax sharpness of the model of play
    EPS = 0.0       # weight of a uniform choice mixed into the model of play (replays)
    PRIOR = 1.0     # weight of Medium's score added to the mean playout value
    TOP = 3         # moves searched: the best TOP by Medium's score (0: all)
    EXACT = 14      # tiles left in all hands at or below which block endings are solved exactly
    EXACT_GENERIC = 10  # the same for other endings (the contract's solver, 4x dearer nodes)
    NODES = 1000    # node limit of one exact solve (past it: a playout); ~150 typical at 14
    COST = 17000    # what a decision may spend, in 1/20 ms of an RP2040 (Costs) ...
    RACE_MIN = 8    # kept deals after which a clear leader stops the decision (0: never)
    RACE_Z = 2.5    # clear: ahead of each other candidate by this many standard errors
    COST_CLOSE = 40000  # ... with RACE_MIN deals kept and no clear leader: the most
    MATCH = 10      # in a match: points a match won from an even standing is worth (0: none)

    def __init__(self, seed=0, playouts=None):
        Player.__init__(self, seed)
        if playouts is not None:
            self.PLAYOUTS = playouts
            self.PLAYOUTS_SCORING = playouts
        self.buf = new_move_buffer()  # moves; a fast solver's masks
        self.buf2 = array("H", new_move_buffer())  # moves; a fast solver's pips per seat
        self.buf3 = new_move_buffer()  # the model of play's scores; a fast solver's points
        # the rollout's scratch (line games: suit counts, 8 seats, double-12)
        self.cnt = bytearray(8 * 13)
        self._keep = None
        self._solver = None
        self.parts = None  # the family's search parts (search_parts())
        self._beta = None  # BETA of self.etab
        self._ch = None  # each side's chance to win the match (odds.chances)
        self.chances = None

    def _forget(self):
        """Drop what one decision built (the search game and buffers stay), so
        that an engine between decisions, or starting the next, holds no more
        than it must: the AI seats of a level share one engine on the device."""
        self.know = self.model = self.guide = self.prior = None
        self.sums = self.cand = self.vals = self.sq = None
        self._lk = self._ld = self._lv = self._ck = self._cd = self._cv = None

    def _family(self, game_cls):
        F = family(game_cls)
        F.search_parts().fast_playout(game_cls)  # (imports what the game's playouts use)
        return F

    def _start(self):
        cls = self.cls
        obs = self.obs
        self._forget()
        F = family(cls)
        S = F.search_parts()
        K = F.Knowledge(cls, obs, self.game)
        self.know = K
        self.game = K.game
        nl = len(obs.legal)
        self.sums = [0] * nl  # each candidate's values summed (ints)
        self.cursor = 0
        self.deals = 0
        self.cost = 0  # (counted from the setup on: below)
        self.drawn = 0  # deals drawn for the next kept deal
        self.top = self.tot = 0.0
        self.last = False
        # few tiles left, no boneyard: every move, valued by exact play (no prior)
        fast = S.fast_applies(K.game)  # the family's faster solver (line games: bitmasks)
        left = S.exact_at(K)  # the family's own threshold, if it has one
        if left is None:
            left = self.EXACT if fast else self.EXACT_GENERIC
        self.exact = K.closed and sum(obs.counts) <= left
        # the family's cost record (Costs); its policy's work counted from here,
        # Medium's scores' included
        self.cw = S.costs(cls)
        self.c_work = self.cw.work
        if self.c_work:
            S.work()
        self.cand = self._candidates(F, K, nl, S.searches(K), S.top(K, self.TOP))
        if len(self.cand) == 1:  # Medium's choice: where the family does not search (or TOP 1)
            self.move = obs.legal[self.cand[0]]
            self._forget()
            return
        if self._keep is None or len(self._keep) != len(K.pool):
            self._keep = bytearray(len(K.pool))
        # the family's playouts on the fast solver's state, where it has them
        self.fastplay = S.fast_playout(cls) if fast else None
        if self.exact or self.fastplay:
            if fast and type(self._solver) is not S.FastSolver:
                # scratch: the move buffers, idle during a solve
                self._solver = S.FastSolver((self.buf, self.buf2, self.buf3))
            elif not fast and type(self._solver) is not Solver:
                self._solver = Solver(self.buf2)  # buf2: loglik's scratch, free here
        self.scoring = K.scoring
        self.bad = cls.BAD_POINTS
        self.side = K.game.side(obs.seat)
        if self._beta != self.BETA or self.parts is not S:
            self._beta = self.BETA
            self.etab = S.exp_table(self.BETA)
        self.parts = S
        # block play: deals weighed from the seen plays alone (no replay); the
        # model is made by the first step (begin is the heaviest call on the heap)
        self.model = None
        self.guide = None
        self._deals(S, K, obs, fast)
        # counted from the decision's start: the Knowledge standing the game at the
        # position (a replay of the seen events) and the policy's work so far
        self.cost = self.c_replay + (S.work() * self.c_work if self.c_work else 0)
        # deals drawn again (few hidden tiles, sharp inference): a deal's likelihood
        # and its candidates' values (exact solves and playouts choose without
        # random numbers) are functions of the deal, so a repeat reuses them
        # (made by the first step, as the model: begin is the heaviest call on the heap)
        self._lk = self._ld = self._lv = self._ck = self._cd = self._cv = None
        self.hit = self.slot = -1
        self.best = 0  # the best value on the kept deal so far
        self.vals = [0] * len(self.cand)  # each candidate's value on the kept deal
        self.sq = [0] * (len(self.cand) ** 2)  # sums of products of two candidates' values
        # the most the decision may spend: COST, or (RACE_MIN deals, no clear
        # leader: _enough) the family's close_cost, which an exact solve may count on
        self.cap = self.COST
        if self.RACE_MIN and not self.forced:
            self.cap = max(self.COST, S.close_cost(K, self.COST_CLOSE))
        self.pw = self.PRIOR * S.prior_scale(K)  # the weight of Medium's score
        # in a match, playouts valued by the chance to win it, in tenths of a point
        self.odds = None
        if obs.standing is not None and self.MATCH and not self.exact:
            self.odds = S.match_odds(K)
            if self.odds is not None:
                from .odds import chances  # (only in a match: the line games never load it)
                self.chances = chances
                self.pw *= 10
                if self._ch is None or len(self._ch) != K.nsides:
                    self._ch = [0] * K.nsides
        self.done = False

    def _candidates(self, F, K, nl, search, top):
        """The legal moves searched (indices, best first): the ``top`` best by
        Medium's score (0: all), which is kept in ``prior`` (none in exact
        endings); not ``search``: Medium's best alone."""
        self.prior = None
        if not search or not self.exact and (self.PRIOR or top):
            self.prior = F.medium_scores(K, self.rng)
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
            if not search:
                cand = cand[:1]
            elif top and nl > top:
                cand = cand[:top]
        return cand

    def _work(self, budget):
        K = self.know
        g = K.game
        legal = self.obs.legal
        cand = self.cand
        nc = len(cand)
        rng = self.rng
        buf = self.buf
        parts = self.parts  # (its methods called on it: a bound method taken out would allocate)
        rollout = parts.rollout
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
                self.cost += self.cw.playout_fast + self._solver.nodes * self.cw.move_fast
            if v is None:
                depth = rollout(g, buf, rng, self.scoring, self.cnt)
                self.cost += depth * self.c_move
                if self.c_work:
                    self.cost += parts.work() * self.c_work
                v = parts.points(g)  # the family's points
                odds = self.odds
                if odds is None:
                    v = spread(v, self.side, K.nsides, self.bad)
                else:
                    v = self.chances(v, self.obs.standing, odds[0], odds[1], odds[2], self._ch)
                    v = spread(v, self.side, K.nsides, False) * self.MATCH // 100
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

    def _add(self, i, v):
        """Count value ``v`` of candidate ``i`` on the kept deal; after the last
        candidate, the deal's products of values (``sq``, for :meth:`_clear`)."""
        self.sums[i] += v
        self.work += 1
        k = self.cursor
        vals = self.vals
        vals[k] = v
        nc = len(vals)
        if k == nc - 1:
            sq = self.sq
            for a in range(nc):
                va = vals[a]
                for b in range(a, nc):
                    sq[a * nc + b] += va * vals[b]
            k = -1
        self.cursor = k + 1

    def _lead(self):
        """The candidate (its place in ``cand``) of the best score, its mean value
        so far plus ``PRIOR`` times Medium's score; ties to the first."""
        cand = self.cand
        prior = self.prior
        n = self.deals if self.deals else 1
        best = 0
        top = 0.0
        for k in range(len(cand)):
            v = self.sums[cand[k]] / n
            if prior is not None:
                v += self.pw * prior[cand[k]]
            if k == 0 or v > top:
                best = k
                top = v
        return best

    def _clear(self):
        """Whether the leader is ahead of every other candidate by ``RACE_Z``
        standard errors of their difference, paired over the kept deals (a
        difference that never varied: ahead). In integers where it can be:
        ``v`` is n (n - 1) times the variance of the per-deal difference."""
        n = self.deals
        cand = self.cand
        nc = len(cand)
        sq = self.sq
        sums = self.sums
        L = self._lead()
        for c in range(nc):
            if c == L:
                continue
            a = L if L < c else c
            b = L + c - a
            ds = sums[cand[L]] - sums[cand[c]]
            v = n * (sq[a * nc + a] + sq[b * nc + b] - 2 * sq[a * nc + b]) - ds * ds
            if v <= 0:
                continue
            if self.prior is not None:  # n times the difference of the scores
                ds += n * self.pw * (self.prior[cand[L]] - self.prior[cand[c]])
            if ds * ds * (n - 1) < self.RACE_Z * self.RACE_Z * v:
                return False
        return True

    def _enough(self):
        """Whether the decision stops before the next kept deal: at the target
        of playouts; with ``RACE_MIN`` kept deals, once the leader is clear
        (:meth:`_clear`); else when the next deal (costing as the mean one so
        far) would take the cost past ``COST``, or, for a decision with
        ``RACE_MIN`` kept deals and no clear leader, past ``cap`` (the family's
        ``close_cost``, up to ``COST_CLOSE``)."""
        n = self.deals
        if not n:
            return False
        if self.work >= self.target:
            return True
        race = self.RACE_MIN and n >= self.RACE_MIN and not self.forced
        if race and self._clear():
            return True
        return self.cost + self.cost // n > (self.cap if race else self.COST)
