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
per-seat suit counts. Used only where the game makes moves as
:class:`~domino.line.LineGame` does (two arms, any tile leads).

Styles of play: besides the general model, a seat may play by pips alone
(heaviest tile first, the "bota gorda" of casual players: a softmax
``sharp`` times sharper) or at random. With a prior ``mix`` of
the three (percent), each seat's plays are explained by the mix, so a seat
whose plays fit one style is soon read by that style (:func:`.plays.mixed`);
the mix is the same for every seat and opponent (not tuned to one).
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from .. import tiles
from ..line import LineGame
from . import policy
from .plays import read_plays, mixed, ilog

_HI = tiles.HI
_LO = tiles.LO
_DMAX = const(47)
_FIRST = const(255)  # "ends" of the lead (as in .plays)
_NONE = const(255)  # a tile in no other seat's hand
_SUIT = tiles.SUIT
_ROW = const(13)


def applies(K, scoring):
    """True when :class:`BlockModel` gives the likelihood for this knowledge."""
    return K.block and not scoring and type(K.game).legal_moves is LineGame.legal_moves


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
        self.lnt = [ilog(x) for x in etab]

    def loglik(self, owner):
        """Log-likelihood of the other seats' seen plays when the hidden tiles
        lie as ``owner`` says (parallel to the pool: a seat, or the boneyard):
        with the default mix, the sum of :func:`.policy.loglik` over them.
        A play with one option adds nothing and costs no scan; else only the
        seat's tiles of the two ends' suits are looked at."""
        n = self.n
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
                b = s * w + _HI[t]
                cnt[b] += 1
                if _LO[t] != _HI[t]:
                    cnt[b + _LO[t] - _HI[t]] += 1
        w0, w1, w2, w3 = policy.SCORE_W
        sc = self.sc
        sp = self.sp
        etab = self.etab
        lnt = self.lnt
        acc = self.acc
        for i in range(len(acc)):
            acc[i] = 0
        styles = self.mix[1] or self.mix[2]
        sharp = self.sharp
        ev = self.ev
        k = len(ev)
        while k > 0:  # latest play first: each seat's hand grows back
            k -= 5
            s = ev[k]
            t = ev[k + 1]
            a = ev[k + 2]
            e0 = ev[k + 3]
            e1 = ev[k + 4]
            own[t] = s  # the played tile was in the hand before
            cb = s * w
            cnt[cb + _HI[t]] += 1
            if _LO[t] != _HI[t]:
                cnt[cb + _LO[t]] += 1
            if e1 == e0:
                e1 = _FIRST  # one distinct end: only arm 0 is offered
            if e0 != _FIRST and cnt[cb + e0] + (cnt[cb + e1] if e1 != _FIRST else 0) < 2:
                continue  # one option: nothing learned
            m = 0
            top = top1 = -1000
            mine = 0
            for arm in range(2):  # each distinct end: the seat's tiles of its suit
                e = e0 if arm == 0 else e1
                if e == _FIRST and arm:
                    break
                lead = e == _FIRST  # the lead: every tile of the hand, arm 0
                base = e * _ROW
                for j in range(len(own) if lead else w):
                    u = j if lead else _SUIT[base + j]
                    if own[u] != s:
                        continue
                    hi = _HI[u]
                    lo = _LO[u]
                    pu = (hi + lo) * w0
                    x = cnt[cb + (hi if lead else hi + lo - e)] - 1
                    x = pu + (w1 if hi == lo else 0) + (w2 + w3 * x if x else 0)
                    sc[m] = x
                    sp[m] = pu
                    m += 1
                    if u == t and arm == a:
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
            b = 3 * s  # log-likelihoods of the seat's plays per style, x1024
            d = top - mine
            acc[b] += lnt[d if d < _DMAX else _DMAX] - ilog(tot)
            if styles:  # the other styles: pips alone (sharp times sharper), uniform
                tot = 0
                for j in range(m):
                    d = (top1 - sp[j]) * sharp
                    tot += etab[d if d < _DMAX else _DMAX]
                d = (top1 - (_HI[t] + _LO[t]) * w0) * sharp
                acc[b + 1] += lnt[d if d < _DMAX else _DMAX] - ilog(tot)
                acc[b + 2] -= ilog(m)
        return mixed(acc, self.mix, n)
