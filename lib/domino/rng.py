"""Deterministic PRNG with the same stream on CPython, MicroPython and CircuitPython.

xoroshiro32++ (Blackman and Vigna's xoroshiro on two 16-bit words, the ``++``
scrambler with the constants 13, 5, 10, 9 used by the Parallax Propeller 2).
Every intermediate value stays below 2**17, so on a 32-bit MicroPython no
step allocates a long int. Period 2**32 - 1.
"""

from micropython import const


_M16 = const(0xFFFF)


class Rng:
    """A seeded stream of 16-bit numbers; ``below(n)`` is unbiased."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        """Restart the stream from a non-negative int seed (any size; 0 is allowed)."""
        if type(seed) is not int or seed < 0:
            raise ValueError("seed: must be a non-negative whole number, not %r" % (seed,))
        s0 = (seed & _M16) ^ 0x9E37
        s1 = ((seed >> 16) & _M16) ^ 0x79B9
        # fold in higher bits so that distinct seeds up to 48 bits differ
        s0 ^= (seed >> 32) & _M16
        if s0 == 0 and s1 == 0:
            s1 = 1
        self.s0 = s0
        self.s1 = s1
        for _ in range(8):
            self.next16()

    def next16(self):
        """Next number in 0..65535."""
        s0 = self.s0
        s1 = self.s1
        r = (s0 + s1) & _M16
        r = (((r << 9) | (r >> 7)) & _M16) + s0
        s1 ^= s0
        self.s0 = (((s0 << 13) | (s0 >> 3)) & _M16) ^ s1 ^ ((s1 << 5) & _M16)
        self.s1 = ((s1 << 10) | (s1 >> 6)) & _M16
        return r & _M16

    def below(self, n):
        """Uniform int in 0..n-1 for 1 <= n <= 65536 (rejection sampling)."""
        limit = 65536 - 65536 % n
        r = self.next16()
        while r >= limit:
            r = self.next16()
        return r % n

    def shuffle(self, seq):
        """Fisher-Yates shuffle of a list or bytearray in place."""
        i = len(seq) - 1
        while i > 0:
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1
