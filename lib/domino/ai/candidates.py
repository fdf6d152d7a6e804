"""The moves Hard compares: the best by Medium's score, valued on the same deals.

Each kept deal values every candidate (:meth:`Candidates._add`), so their
values are paired: the leader is the best mean plus ``PRIOR`` times Medium's
score (:meth:`Candidates._lead`), and it is clear once ahead of every other
candidate by ``RACE_Z`` standard errors of their paired difference
(:meth:`Candidates._clear`).
"""


class Candidates:
    """Hard's candidates (module doc); its parameters are Hard's (docs/ai.md)."""

    PRIOR = 1.0     # weight of Medium's score added to the mean playout value
    TOP = 3         # moves searched: the best TOP by Medium's score (0: all)
    RACE_MIN = 8    # kept deals after which a clear leader stops the decision (0: never)
    RACE_Z = 2.5    # clear: ahead of each other candidate by this many standard errors

    def _pick(self, nl):
        """The candidates ``cand``: indices of the ``nl`` legal moves, best
        ``prior`` (Medium's score, or None) first, the best ``TOP``."""
        self.sums = [0] * nl  # each candidate's values summed (ints)
        self.cursor = 0  # the next candidate to value on the kept deal
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

    def _race(self):
        """Start the values on kept deals, once ``cand`` is final."""
        self.best = 0  # the best value on the kept deal so far
        self.vals = [0] * len(self.cand)  # each candidate's value on the kept deal
        self.sq = [0] * (len(self.cand) ** 2)  # sums of products of two candidates' values
        self.pw = self.PRIOR * self.parts.PRIOR_SCALE  # the weight of Medium's score

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
