"""A game's declared options (``OPTIONS`` in :mod:`domino.game`) in and out of
the 7-bit options code of deal codes and saves.

A module of its own: option screens and a game's ``refuses`` import it when asked.
"""


def _width(n):
    """Bits for ``n`` values of an option plus its default."""
    w = 0
    while (1 << w) < n + 1:
        w += 1
    return w


def pack(decl, idx):
    """The options code for option indices ``idx`` (0: default) of ``decl``
    (a game's ``OPTIONS``); ValueError if an index or the code is out of range."""
    if len(idx) != len(decl):
        raise ValueError("options: %d values for %d options" % (len(idx), len(decl)))
    code = 0
    shift = 0
    for i in range(len(decl)):
        k = idx[i]
        if type(k) is not int or not 0 <= k <= len(decl[i][2]):
            raise ValueError("%s: no choice %r" % (decl[i][0], k))
        code |= k << shift
        shift += _width(len(decl[i][2]))
    if code >= 128:
        raise ValueError("options: code %d does not fit in 7 bits" % code)
    return code


def unpack(decl, code):
    """The option indices (0: default) in options code ``code`` of ``decl``;
    ValueError if the code holds a choice ``decl`` does not have."""
    if type(code) is not int or not 0 <= code < 128:
        raise ValueError("options: a 7-bit options code, not %r" % (code,))
    out = []
    for name, _, vals in decl:
        w = _width(len(vals))
        k = code & ((1 << w) - 1)
        if k > len(vals):
            raise ValueError("%s: no choice %d" % (name, k))
        out.append(k)
        code >>= w
    if code:
        raise ValueError("options: bits set that no option uses")
    return out


def refusal(cls, players, options):
    """Why game class ``cls`` makes no game of ``players`` with ``options``, or None:
    its ``config(players, options)`` check if it has one, else its ``PLAYERS`` and
    ``OPTIONS`` (:meth:`domino.game.Game.refuses`)."""
    check = getattr(cls, "config", None)
    try:
        if check:
            check(players, options)
        elif players not in cls.PLAYERS:
            return "%s takes %s players" % (cls.NAME, "/".join(str(p) for p in cls.PLAYERS))
        elif options and not cls.OPTIONS:
            return "%s has no options" % cls.NAME
        elif options:
            unpack(cls.OPTIONS, options)
    except ValueError as e:
        return str(e)
    return None
