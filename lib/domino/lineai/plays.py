"""The other seats' seen plays, read for the block-play model, and its arithmetic.

:func:`read_plays` reads the observation once per decision into 5 bytes per
play of another seat (seat, tile, arm, the two ends before it) for
:class:`~.likely.BlockModel`. The model sums log-likelihoods in fixed point
(:func:`ilog`: 1024 * ln, no float made per play, so a deal's weighing
leaves little garbage on the heap) and :func:`mixed` combines each seat's
sums over the styles of play at the end.
"""

from micropython import const
from array import array
import math

from ..game import SPECIAL
from .. import tiles

_HI = tiles.HI
_LO = tiles.LO
_FIRST = const(255)  # "ends" of the lead: any tile, the new end is its high half

_LT = array("H", [int(1024 * math.log(128 + i) + 0.5) for i in range(128)])  # 1024 ln(128..255): 4968..5674


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
