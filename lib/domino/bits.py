"""Int bitsets of tiles: bit ``t`` set means tile ``t`` is in the set.

A double-six set needs 28 bits, so its hands and "seen" sets fit in one
MicroPython small int (30 bits on a 32-bit port): no allocation on any
operation. Double-nine (55 bits) and double-twelve (91 bits) sets would be
heap-allocated long ints there, and every ``&``/``|`` would allocate, so the
game state never keeps sets as ints: it keeps one byte per tile saying where
the tile is (``LineGame.loc``, updated in place) and scans a suit's row of
:data:`domino.tiles.SUIT`. Bitsets are built only where a decision needs one
(observations, inference), and there the helpers below work for any size.

MicroPython's int has no ``bit_length``/``bit_count``, so scans use a table.
"""

_POP8 = bytes(bin(i).count("1") for i in range(256))


def popcount(b):
    """Number of tiles in bitset ``b``."""
    n = 0
    while b:
        n += _POP8[b & 255]
        b >>= 8
    return n


def of(tiles):
    """Bitset of an iterable of tile indices."""
    b = 0
    for t in tiles:
        b |= 1 << t
    return b


def tiles(b):
    """List of tile indices in bitset ``b``, ascending."""
    out = []
    t = 0
    while b:
        if b & 1:
            out.append(t)
        b >>= 1
        t += 1
    return out


def contains(b, t):
    """True if tile ``t`` is in bitset ``b``."""
    return (b >> t) & 1 == 1


def full(n):
    """Bitset of tiles 0..n-1."""
    return (1 << n) - 1
