"""The board of a line game (``LAYOUT`` "line"), for :class:`table.Table`.

The board (y 12-42) shows the centre (the spinner once laid, else the first
tile) with the two ends of the line and "+n" for the tiles between, the
spinner's open side arms above and below it (an open arm with no tile as a
dotted slot, a double crosswise), in All Fives the ends as they count and
their total ("8+5+2=15"), and a bar at the last play. It reads the line
family's layout attributes (``placed``, ``placed_arm``, ``nplayed``,
``ends``, ``narms``, and All Fives' ``spinner``, ``gain``, ``end_points``)
and its moves' arm (``move & 3``, :mod:`domino.line`).

A view module gives the table ``board(t, scr, g)`` (draws the board),
``said(g, ev, i, short)`` (a move in words, for row 1 and the moves so far)
and ``refused(g, tile)`` (why a tile does not play now); optionally
``prompt(t, se, g)`` (row 1 when a person is to act) and ``arrange(g,
items, by)`` (reorders the hand's moves with no tile, e.g. along a row).
"""

from domino import tiles

from micropython import const


_SPECIAL = const(1000)  # moves from here up are not tiles (pass, draw)
_MID_Y = const(22)


def said(g, ev, i, short):
    """Event ``i`` of ``ev`` in words, with its points in All Fives: "6-4 LEFT +10",
    or ``short`` "6-4L+10"; the lead is its tile alone ("5-5")."""
    m = ev[i][1]
    k = 0  # the tiles laid before it
    for j in range(i):
        if ev[j][1] < _SPECIAL:
            k += 1
    nm = tiles.name(m >> 2) if k == 0 and m < _SPECIAL else g.move_name(m).upper()
    j = nm.find(" ")
    if short and j >= 0:
        nm = nm[:j] + nm[j + 1]
    gain = getattr(g, "gain", None)
    if gain is not None and m < _SPECIAL and gain[k]:
        nm += ("+%d" if short else " +%d") % gain[k]
    return nm


def refused(g, tile):
    """Why ``tile`` does not play now."""
    return tiles.name(tile) + " DOES NOT FIT AN END"


def board(t, scr, g):
    """The line as it lies: its two ends, the centre (the spinner once laid,
    else the first tile) with "+n" for the tiles between, the spinner's open
    side arms above and below it, and in All Fives the ends as they count
    ("4+6+2=12") at the top left; a bar marks the last play."""
    np_ = g.nplayed
    if np_ == 0:
        scr.small(34, 25, "LEAD ANY TILE")
        return
    HI = tiles.HI
    LO = tiles.LO
    placed = g.placed
    arm = g.placed_arm
    last_t = placed[np_ - 1]
    first = placed[0]
    spin = getattr(g, "spinner", -1)
    n0 = 0
    n1 = 0
    k = 0  # the spinner's place from the first tile (- on the left, + on the right)
    for i in range(1, np_):
        a = arm[i]
        if a == 0:
            n0 += 1
            if placed[i] == spin:
                k = -n0
        elif a == 1:
            n1 += 1
            if placed[i] == spin:
                k = n1
    c = n0 + k  # the centre's place in the line, 0 = the left end
    last = n0 + n1
    ctr = spin if spin >= 0 else first
    ends = g.ends
    # the two ends of the line, and "+n" for the tiles between them and the centre
    for a in (0, 1):
        if c == (0 if a == 0 else last):
            continue  # the centre is this end
        e = _end_tile(g, a)
        v = ends[a]
        sel = _armsel(t, a)
        if HI[e] == LO[e]:
            x = 112 if a else 5
            scr.tile(x, 17, v, v, True, sel)
            _bar(scr, e == last_t, x + 5, 39)
        else:
            x = 107 if a else 0
            o = HI[e] + LO[e] - v
            scr.tile(x, _MID_Y, o if a else v, v if a else o, False, sel)
            _bar(scr, e == last_t, x + 10, 34)
        n = last - c - 1 if a else c - 1
        if n > 0:
            scr.small(84 if a else 30, 25, "+%d" % n)
    # the centre, and the spinner's side arms once open
    sel = (c == 0 and _armsel(t, 0)) or (c == last and _armsel(t, 1))
    if getattr(g, "narms", 2) > 2:
        _side(t, scr, g, 2, 12, last_t)
        _side(t, scr, g, 3, 32, last_t)
        scr.square(58, 22, HI[ctr], sel)
        _bar(scr, ctr == last_t, 73, 26, True)
    elif HI[ctr] == LO[ctr]:
        scr.tile(58, 17, HI[ctr], LO[ctr], True, sel)
        _bar(scr, ctr == last_t, 63, 39)
    else:
        scr.tile(53, _MID_Y, HI[ctr], LO[ctr], False, sel)
        _bar(scr, ctr == last_t, 63, 34)
    if t.choice is not None:
        d = HI[ctr] == LO[ctr]
        if c == 0 and _armsel(t, 0):
            scr.small(53 if d else 48, 25, "<")
        if c == last and _armsel(t, 1):
            scr.small(71 if d else 76, 25, ">")
    if hasattr(g, "end_points"):
        scr.small(0, 12, ends_text(g))


def ends_text(g):
    """The open ends as they count and their total: "4+6+2=12" ("=96" if long)."""
    s = ""
    for a in range(g.narms):
        if a == 1 and g.kind[1] == 2 and g.kind[0] == 2:
            continue  # the spinner alone is one end
        if a >= 2 and not g.side_played(a):
            continue  # an open side arm with no tile counts nothing
        s += ("+" if s else "") + str(g.end_points(a))
    s += "=%d" % g.end_sum()
    return s if len(s) <= 12 else s[s.index("="):]


def _end_tile(g, a):
    """The tile at the end of in-line arm ``a`` (the first tile if none is on it)."""
    p = g.placed
    arm = g.placed_arm
    for i in range(g.nplayed - 1, 0, -1):
        if arm[i] == a:
            return p[i]
    return p[0]


def _side(t, scr, g, a, y, last_t):
    """Side arm ``a`` of the spinner at ``y``: an empty dotted square while no
    tile is on it, else its end (a double crosswise, both halves shown)."""
    n = 0
    e = -1
    for i in range(1, g.nplayed):
        if g.placed_arm[i] == a:
            n += 1
            e = g.placed[i]
    sel = _armsel(t, a)
    if n == 0:
        scr.square(58, y, 0, sel)
        if not sel:
            scr.rect(58, y, 11, 11, 0)
            scr.rect(58, y, 11, 11, 1, True)
        return
    v = g.ends[a]
    x = 70
    if tiles.HI[e] == tiles.LO[e]:
        scr.tile(53, y, v, v, False, sel)
        x = 75
    else:
        scr.square(58, y, v, sel)
    _bar(scr, e == last_t, x, y + 3, True)
    if n > 1:
        scr.small(x + 3, y + 3, "+%d" % (n - 1))


def _bar(scr, on, x, y, side=False):
    """The last play's bar: under a tile centred on ``x``, or beside a square at ``x``."""
    if on:
        if side:
            scr.fill(x, y, 2, 5)
        else:
            scr.fill(x - 2, y, 5, 2)


def _armsel(t, a):
    """True if the choice in progress is the move onto arm ``a``."""
    return t.choice is not None and t.choice[t.ci] & 3 == a
