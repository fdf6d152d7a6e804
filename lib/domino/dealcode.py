"""Short printable deal codes: a hand's game, options, starter and seed.

A code is 9 characters of Crockford base 32 (``0-9 A-Z`` without I, L, O, U),
shown as ``XXX-XXX-XXX``. The first 8 carry 40 bits::

    game (3) | players-1 (3) | starter (3) | options (7) | seed (24)

and the last is a check character (a weighted sum mod 32 with the odd weights
1, 3, ... 15: an odd weight is invertible mod 32, so every single mistyped
character changes the sum) so that a mistyped code is refused rather than
dealing something else. Decoding accepts lower case, missing dashes, ``O`` for
``0`` and ``I``/``L`` for ``1``.
"""

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
SEED_BITS = 24
SEED_MASK = (1 << SEED_BITS) - 1


class BadDealCode(ValueError):
    """A deal code that is malformed, mistyped or names no valid deal."""


def _check(vals):
    s = 0
    for i, v in enumerate(vals):
        s += (2 * i + 1) * v
    return s % 32


def encode(game, players, starter, options, seed):
    """Deal code for the given fields (each must fit its bit width)."""
    if not 0 <= game < 8:
        raise ValueError("game id out of range: %d" % game)
    if not 1 <= players <= 8:
        raise ValueError("players out of range: %d" % players)
    if not 0 <= starter < 8:
        raise ValueError("starter out of range: %d" % starter)
    if not 0 <= options < 128:
        raise ValueError("options out of range: %d" % options)
    if not 0 <= seed <= SEED_MASK:
        raise ValueError("seed out of range: %d" % seed)
    hi = (game << 13) | ((players - 1) << 10) | (starter << 7) | options  # 16 bits
    vals = []
    for shift in (11, 6, 1):
        vals.append((hi >> shift) & 31)
    vals.append(((hi & 1) << 4) | (seed >> 20))
    for shift in (15, 10, 5, 0):
        vals.append((seed >> shift) & 31)
    vals.append(_check(vals))
    s = "".join(ALPHABET[v] for v in vals)
    return s[0:3] + "-" + s[3:6] + "-" + s[6:9]


def decode(code):
    """``(game, players, starter, options, seed)`` from a code; BadDealCode if malformed."""
    if not isinstance(code, str):
        raise BadDealCode("deal code must be text")
    s = code.strip().upper().replace("-", "").replace(" ", "")
    s = s.replace("O", "0").replace("I", "1").replace("L", "1")
    if len(s) != 9:
        raise BadDealCode("deal code needs 9 characters, got %d" % len(s))
    vals = []
    for ch in s:
        i = ALPHABET.find(ch)
        if i < 0:
            raise BadDealCode("deal code has a bad character: %r" % ch)
        vals.append(i)
    if _check(vals[:8]) != vals[8]:
        raise BadDealCode("deal code check character does not match (mistyped?)")
    hi = (vals[0] << 11) | (vals[1] << 6) | (vals[2] << 1) | (vals[3] >> 4)
    seed = ((vals[3] & 15) << 20) | (vals[4] << 15) | (vals[5] << 10) | (vals[6] << 5) | vals[7]
    return (hi >> 13, ((hi >> 10) & 7) + 1, (hi >> 7) & 7, hi & 127, seed)
