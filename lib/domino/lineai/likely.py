"""Likelihood of the other seats' seen plays for a sampled deal, in block play.

Hard keeps one of several sampled deals by how well each explains the table
(:func:`.policy.loglik` summed over the other seats' plays). In block play
(line games without a boneyard, no draws seen) a seat's hand before each of
its plays is its hidden hand in the deal plus the tiles it played from then
on, and the ends before each play follow from the seen moves alone. So
:class:`BlockModel` gets the same sum as weighing a replay of the deal
(:meth:`~.know.Knowledge.reweigh`; equal within the fixed point of
:func:`.plays.ilog`, tested) without touching a game: the seen plays are read
once per decision, and each deal costs one backward pass over them with
per-seat suit counts. Used only in block play so far (no stock, no draw seen)
of a game not ``SCORES_IN_PLAY`` (two arms). :func:`guide` turns the seen plays into draw
weights for :meth:`~.know.Knowledge.deal`.

Styles of play: besides the general model, a seat may play by pips alone
(heaviest tile first, the "bota gorda" of casual players: a softmax
``sharp`` times sharper) or at random. With a prior ``mix`` of
the three (percent), each seat's plays are explained by the mix, so a seat
whose plays fit one style is soon read by that style (:func:`.plays.mixed`);
the mix is the same for every seat and opponent (not tuned to one).
"""

from micropython import const
from array import array

from .. import tiles
from . import policy
from .plays import read_plays, mixed, ilog, weights, _LT

_HI = tiles.HI
_LO = tiles.LO
_DMAX = const(47)
_FIRST = const(255)  # "ends" of the lead (as in .plays)
_NONE = const(255)  # a tile in no other seat's hand
_SUIT = tiles.SUIT
_ROW = const(13)


def applies(K):
    """True when :class:`BlockModel` gives the likelihood for this knowledge."""
    return K.block and not K.scoring


def guide(model, sharp=1, floor=1):
    """Draw weights for :meth:`~.know.Knowledge.deal` from a
    :class:`BlockModel`'s seen plays (:func:`.plays.weights`)."""
    return weights(model.ev, model.pool, model.n, model.etab, sharp, floor)


class BlockModel:
    """The seen plays of the other seats, read for fast likelihoods (module doc)."""

    def __init__(self, K, etab, mix=(100, 0, 0), sharp=1):
        obs = K.obs
        n = K.players
        me = K.me
        self.n = n
        self.etab = etab
        self.width = w = obs.nset + 1
        ev, plays = read_plays(K)
        self.ev = ev
        cap = 1
        for s in range(n):
            if s != me and obs.counts[s] + plays[s] > cap:
                cap = obs.counts[s] + plays[s]
        self.own = bytearray(len(K.game.loc))  # seat of each tile at the play being read
        self.none = bytes([_NONE]) * len(self.own)
        self.cnt = bytearray(n * w)
        self.zero = bytes(n * w)
        self.sc = [0] * (2 * cap)
        self.sp = [0] * (2 * cap)
        self.pool = K.pool
        self.acc = [0] * (3 * n)
        self.mix = mix
        self.sharp = sharp
        self.lnt = array("h", [ilog(x) for x in etab])  # (-2..11357)
        self._options(K)

    def _options(self, K):
        """Per seen play, the moves the seat may have had then, read once: the
        tiles of the ends' suits that may have been in its hand (hidden ones,
        and those it played from then on; any other tile was elsewhere), 5
        bytes each (tile, arm, score without the follow term, pips score, the
        suit it would open), from ``self.at[play]`` to ``self.at[play + 1]``."""
        ev = self.ev
        w0, w1 = policy.SCORE_W[0], policy.SCORE_W[1]
        may = self.own  # scratch here: 1 for a tile the seat may hold
        pool = self.pool
        nt = len(may)
        nplay = len(ev) // 5
        at = array("H", range(nplay + 1))  # (2 bytes an entry; each is set below)
        size = 0
        for rep in range(2):  # count, then fill
            k = 0
            for p in range(nplay):
                at[p] = k
                s = ev[5 * p]
                e0 = ev[5 * p + 3]
                e1 = ev[5 * p + 4]
                for u in range(nt):
                    may[u] = 0
                for t in pool:
                    may[t] = 1
                for q in range(5 * p, len(ev), 5):
                    if ev[q] == s:
                        may[ev[q + 1]] = 1
                for arm in range(2):
                    e = e0 if arm == 0 else e1
                    if arm and (e == _FIRST or e == e0):
                        break
                    for u in range(nt):
                        if not may[u]:
                            continue
                        hi = _HI[u]
                        lo = _LO[u]
                        if e == _FIRST:
                            v = hi
                        elif hi == e or lo == e:
                            v = hi + lo - e
                        else:
                            continue
                        if rep:
                            pu = (hi + lo) * w0
                            opt[k] = u
                            opt[k + 1] = arm
                            opt[k + 2] = pu + (w1 if hi == lo else 0)
                            opt[k + 3] = pu
                            opt[k + 4] = v
                        k += 5
            at[nplay] = k
            if not rep:
                opt = bytearray(k)
        self.at = at
        self.opt = opt
        self.work = len(opt) // 5 + nplay  # loglik's work per deal (Hard counts its cost)

    def loglik(self, owner):
        """Log-likelihood of the other seats' seen plays when the hidden tiles
        lie as ``owner`` says (parallel to the pool: a seat, or the boneyard):
        with the default mix, the sum of :func:`.policy.loglik` over them.
        A play with one option adds nothing and costs no scan; else only the
        seat's tiles of the two ends' suits that it may have held are looked at."""
        n = self.n
        HI = _HI  # (locals: the module's tables, looked up once)
        LO = _LO
        own = self.own
        cnt = self.cnt
        own[:] = self.none  # copies in one call
        cnt[:] = self.zero
        pool = self.pool
        w = self.width
        for i in range(len(pool)):  # the hidden hands (adds inlined: the hot loop)
            s = owner[i]
            if s < n:
                t = pool[i]
                own[t] = s
                b = s * w + HI[t]
                cnt[b] += 1
                if LO[t] != HI[t]:
                    cnt[b + LO[t] - HI[t]] += 1
        w0, w1, w2, w3 = policy.SCORE_W
        sc = self.sc
        sp = self.sp
        etab = self.etab
        lnt = self.lnt
        lt = _LT
        acc = self.acc
        for i in range(len(acc)):
            acc[i] = 0
        styles = self.mix[1] or self.mix[2]
        sharp = self.sharp
        ev = self.ev
        at = self.at
        opt = self.opt
        p = len(ev) // 5
        while p > 0:  # latest play first: each seat's hand grows back
            p -= 1
            k = 5 * p
            s = ev[k]
            t = ev[k + 1]
            a = ev[k + 2]
            e0 = ev[k + 3]
            e1 = ev[k + 4]
            own[t] = s  # the played tile was in the hand before
            cb = s * w
            cnt[cb + HI[t]] += 1
            if LO[t] != HI[t]:
                cnt[cb + LO[t]] += 1
            if e0 != _FIRST and cnt[cb + e0] + (cnt[cb + e1] if e1 != e0 else 0) < 2:
                continue  # one option: nothing learned
            m = 0
            top = top1 = -1000
            mine = 0
            for c in range(at[p], at[p + 1], 5):
                u = opt[c]
                if own[u] != s:
                    continue
                x = cnt[cb + opt[c + 4]] - 1
                x = opt[c + 2] + (w2 + w3 * x if x else 0)
                pu = opt[c + 3]
                sc[m] = x
                sp[m] = pu
                m += 1
                if u == t and opt[c + 1] == a:
                    mine = x
                if x > top:
                    top = x
                if pu > top1:
                    top1 = pu
            if m < 2:
                continue
            tot = 0
            for j in range(m):
                d = top - sc[j]
                tot += etab[d if d < _DMAX else _DMAX]
            e = 0  # ilog(tot), inlined
            if tot >= 32768:
                tot >>= 8
                e = 8
            while tot >= 256:
                tot >>= 1
                e += 1
            while tot < 128:
                tot <<= 1
                e -= 1
            b = 3 * s  # log-likelihoods of the seat's plays per style, x1024
            d = top - mine
            acc[b] += lnt[d if d < _DMAX else _DMAX] - lt[tot - 128] - e * 710
            if styles:  # the other styles: pips alone (sharp times sharper), uniform
                tot = 0
                for j in range(m):
                    d = (top1 - sp[j]) * sharp
                    tot += etab[d if d < _DMAX else _DMAX]
                e = 0
                if tot >= 32768:
                    tot >>= 8
                    e = 8
                while tot >= 256:
                    tot >>= 1
                    e += 1
                while tot < 128:
                    tot <<= 1
                    e -= 1
                d = (top1 - (HI[t] + LO[t]) * w0) * sharp
                acc[b + 1] += lnt[d if d < _DMAX else _DMAX] - lt[tot - 128] - e * 710
                acc[b + 2] -= ilog(m)
        return mixed(acc, self.mix, n)
