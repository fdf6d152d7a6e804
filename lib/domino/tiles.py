"""Tiles as small ints, with tables for pips, ends, suits and names.

A tile (hi, lo) with hi >= lo has the index ``hi * (hi + 1) // 2 + lo``. The
index does not depend on the set: the double-six set is tiles 0..27, the
double-nine set 0..54, the double-twelve set 0..90, so one table serves all.
"""

from micropython import const


MAX_PIP = const(12)
_W = const(13)  # row width of the suit table


def count(nset):
    """Number of tiles in a double-``nset`` set (28, 55, 91)."""
    return (nset + 1) * (nset + 2) // 2


def _hi_lo():
    hi = bytearray(count(MAX_PIP))
    lo = bytearray(count(MAX_PIP))
    t = 0
    for h in range(MAX_PIP + 1):
        for low in range(h + 1):
            hi[t] = h
            lo[t] = low
            t += 1
    return bytes(hi), bytes(lo)


HI, LO = _hi_lo()
"""``HI[t]``, ``LO[t]``: the higher and lower end of tile ``t``."""


def tile(a, b):
    """Index of the tile with ends ``a`` and ``b`` (either order)."""
    if a < b:
        a, b = b, a
    return a * (a + 1) // 2 + b


def _suits():
    s = bytearray(_W * _W)
    for e in range(_W):
        for k in range(_W):
            s[e * _W + k] = tile(e, k)
    return bytes(s)


SUIT = _suits()
"""``SUIT[e * 13 + k]`` is the tile (e, k): the members of suit ``e`` in a
double-N set are ``SUIT[e*13 : e*13 + N + 1]``."""

SUIT_ROW = _W


def pips(t):
    """Total pips on tile ``t``."""
    return HI[t] + LO[t]


def has(t, v):
    """True if tile ``t`` belongs to suit ``v``."""
    return HI[t] == v or LO[t] == v


def name(t):
    """Short name: ``"6-5"``, ``"6-6"``."""
    return str(HI[t]) + "-" + str(LO[t])


def rank_key(t):
    """Ranking for drawing stones: total pips, ties broken by the higher end."""
    return (HI[t] + LO[t]) * 16 + HI[t]
