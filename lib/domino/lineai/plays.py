"""The other seats' seen plays, read for the block-play model, and its arithmetic.

:func:`read_plays` reads the observation once per decision into 5 bytes per
play of another seat (seat, tile, arm, the two ends before it) for
:class:`~.likely.BlockModel` and :func:`weights` (what the plays say of each
seat's hidden tiles: Hard's guided draws, Medium's chances of an answer). The
model sums log-likelihoods in fixed point (:func:`ilog`: 1024 * ln, no float
made per play, so a deal's weighing leaves little garbage on the heap) and
:func:`mixed` combines each seat's sums over the styles of play at the end.
"""

from micropython import const
from array import array
import math

from ..game import SPECIAL
from .. import tiles
from .policy import SCORE_W

_HI = tiles.HI
_LO = tiles.LO
_FIRST = const(255)  # "ends" of the lead: any tile, the new end is its high half
_DMAX = const(47)  # (as in ..ai: the last gap of an exp_table)

# 1024 ln(128..255): 4968..5674
_LT = array("H", [int(1024 * math.log(128 + i) + 0.5) for i in range(128)])


def ilog(v):
    """1024 * ln(v) for an int v >= 1, within 8 (no float made)."""
    e = 0
    if v >= 32768:
        v >>= 8
        e = 8
    while v >= 256:
        v >>= 1
        e += 1
    while v < 128:
        v <<= 1
        e -= 1
    return _LT[v - 128] + e * 710


def read_plays(K):
    """(``ev``, ``plays``): 5 bytes per other seat's play in order (seat, tile,
    arm, ends before it; 255 for the lead) and the count of plays per seat."""
    obs = K.obs
    me = K.me
    events = obs.events
    k = 0
    for seat, mv in events:
        if seat != me and mv < SPECIAL:
            k += 1
    ev = bytearray(5 * k)  # one allocation (the heap of a decision is counted)
    plays = bytearray(K.players)
    e0 = e1 = _FIRST
    k = 0
    for seat, mv in events:
        if mv >= SPECIAL:
            continue
        t = mv >> 2
        a = mv & 3
        if seat != me:
            ev[k] = seat
            ev[k + 1] = t
            ev[k + 2] = a
            ev[k + 3] = e0
            ev[k + 4] = e1
            k += 5
            plays[seat] += 1
        if e0 == _FIRST:
            e0 = _HI[t]
            e1 = _LO[t]
        elif a == 0:
            e0 = _HI[t] + _LO[t] - e0
        else:
            e1 = _HI[t] + _LO[t] - e1
    return ev, plays


def weights(ev, pool, n, etab, sharp=1, floor=1):
    """How likely each seat holds each hidden tile, by its seen plays ``ev``
    (:func:`read_plays`): per seat s and pool tile i, at ``s * len(pool) + i``,
    255 * ``etab``'s exp(-beta * d) (at least ``floor``), d summed over the
    seat's seen plays of how much more the model of play would have liked that
    tile (pips, doubles) than the tile played, where it matched an end then;
    with ``sharp`` > 1, of how many more pips, times ``sharp`` (the pips style
    of play: a heavier playable tile is nearly ruled out). Hard's guided draws
    (:func:`.likely.guide`) and Medium's chances of an answer read them."""
    npool = len(pool)
    w0 = SCORE_W[0]
    w1 = SCORE_W[1] if sharp == 1 else 0  # the pips style: no bonus for doubles
    wt = bytearray(n * npool)  # the sums first, then the weights
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
    for j in range(len(wt)):
        d = wt[j]
        wt[j] = max(floor, min(255, etab[d if d < _DMAX else _DMAX] >> 8))
    return wt


def mixed(acc, mix, n):
    """Sum over ``n`` seats of ln(sum over styles j of mix[j] / 100 *
    exp(acc[3 * seat + j] / 1024)): each seat's plays explained by a prior mix
    of styles (a seat's style is its own; ``mix`` in percent)."""
    ll = 0.0
    for s in range(n):
        b = 3 * s
        if not mix[1] and not mix[2]:
            ll += acc[b] / 1024
            continue
        top = -1 << 28
        for j in range(3):
            if mix[j] and acc[b + j] > top:
                top = acc[b + j]
        p = 0.0
        for j in range(3):
            if mix[j]:
                p += mix[j] * math.exp((acc[b + j] - top) / 1024)
        ll += top / 1024 + math.log(p / 100)
    return ll
