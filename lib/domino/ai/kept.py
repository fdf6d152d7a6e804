"""The deals Hard plays out: drawn, weighed, one in ``SIR`` kept.

:class:`Sampler` is the base of :class:`~.hard.Hard` that owns its deal work:
each unit draws a deal of the hidden tiles consistent with the voids
(:meth:`~.deals.Deals.deal`), weighs it by how likely the other seats' seen
plays were under the model of play (:mod:`.likely` in block play, else a
weighed replay), and keeps one of every ``SIR`` draws in a weighted
reservoir (sampling-importance-resampling). In block play with ``GUIDE``,
draws are guided by the seen plays (:func:`guide`: a
tile heavier than one a seat chose to play on the same end is unlikely in
its hand) and weighed by likelihood over the probability of being drawn,
so the kept deal still follows the model.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


import math

from . import policy
from . import likely
from .anytime import Player
from .. import tiles

_HI = tiles.HI
_LO = tiles.LO
_FIRST = const(255)  # as in .likely: the "ends" before the lead
_DMAX = const(47)  # as in .policy: the last entry of the softmax table


def guide(model, sharp=1, floor=1):
    """Draw weights for :meth:`~.deals.Deals.deal` from a
    :class:`~.likely.BlockModel`'s seen plays (module doc): per
    seat and hidden tile, 255 * exp(-beta * d) (at least ``floor``), d summed
    over the seat's seen plays of how much more the model would have liked
    that tile (pips, doubles) than the tile played, where it matched an end
    then; with ``sharp`` > 1, of how many more pips, times ``sharp`` (the
    pips style of play: a heavier playable tile is nearly ruled out)."""
    pool = model.pool
    npool = len(pool)
    w0 = policy.SCORE_W[0]
    w1 = policy.SCORE_W[1] if sharp == 1 else 0  # the pips style: no bonus for doubles
    wt = bytearray(model.n * npool)  # the sums first, then the weights
    ev = model.ev
    for k in range(0, len(ev), 5):
        b = ev[k] * npool
        t = ev[k + 1]
        e0 = ev[k + 3]
        e1 = ev[k + 4]
        bt = (_HI[t] + _LO[t]) * w0 + (w1 if _HI[t] == _LO[t] else 0)
        for i in range(npool):
            u = pool[i]
            hi = _HI[u]
            lo = _LO[u]
            if e0 == _FIRST or hi == e0 or lo == e0 or hi == e1 or lo == e1:
                d = ((hi + lo) * w0 + (w1 if hi == lo else 0) - bt) * sharp
                if d > 0:
                    wt[b + i] = min(255, wt[b + i] + d)
    etab = model.etab
    for j in range(len(wt)):
        d = wt[j]
        wt[j] = max(floor, min(255, etab[d if d < _DMAX else _DMAX] >> 8))
    return wt


class Sampler(Player):
    """Deal drawing and keeping for Hard (module doc); reads Hard's settings."""

    def _weigh(self, g, seat, mv):
        return policy.loglik(g, self.buf2, self.buf3, seat, mv, self.etab, self.scoring, self.EPS)

    def _draw(self, K, rng):
        """One unit of deal work: draw a deal and weigh it by the model of play
        (kept in a weighted reservoir of ``SIR`` draws), or, after the last
        draw, stand the game at the kept deal. True once the game stands there."""
        if self.drawn < self.SIR:
            if self.use_model and self.model is None:
                mix = (100 - self.MIX_PIPS - self.MIX_RANDOM, self.MIX_PIPS, self.MIX_RANDOM)
                self.model = likely.BlockModel(K, self.etab, mix, self.SHARP)
                if self.GUIDE:
                    self.guide = guide(self.model, self.SHARP, self.FLOOR)
            owner = K.deal(rng, 20, self.guide)
            if self.model is not None:
                ll = self.model.loglik(owner)  # the game stays where it was
                if self.guide is not None:
                    ll -= K.logq  # a guided draw: over its chance of being drawn
            else:
                weigh = self._weigh if self.SIR > 1 else None
                ll = K.reweigh(owner, weigh)
                if ll is None:
                    ll = K.replay(owner, weigh)
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
            if not self.last or self.drawn < self.SIR:
                return False
        elif not self.last and K.reweigh(self._keep) is None:
            K.replay(self._keep)
        self.drawn = 0
        self.deals += 1
        return True
