"""The board of a line game (``LAYOUT`` "line"), for :class:`table.Table`.

The board (y 12-42) shows the centre (the spinner once laid, framed, else the
first tile) with the two ends of the line and "(n)" for the tiles between. Once
the spinner's side arms open it stands left of centre, its up and down arms
two rows right of it (each its end tile across, open end outward, "(n)" for the
tiles behind; a dotted slot while empty), the line's right end beyond them.
Where the open ends score: the ends as they count and their total
("8+5+2=15") at the top left; a bar marks the last play. It reads
the game's board (:class:`~domino.game.Board`, the line kind's fields) and
the contract's move queries.

A view module gives the table ``board(t, scr, g)`` (draws the board),
``said(g, ev, i, short)`` (a move in words, for row 1 and the moves so far)
and ``refused(g, tile)`` (why a tile does not play now); optionally
``named(g, move)`` (a legal move in words now, for the hint and the choice
box; else ``move_name``), ``prompt(t, se, g)`` (row 1 when a person is to
act) and ``arrange(g, items, by)`` (reorders the hand's moves with no tile,
e.g. along a row).
"""

from domino import tiles

from micropython import const


_MID_Y = const(22)
_SPIN_X = const(48)  # the spinner's x once its side arms are open


def said(g, ev, i, short):
    """Event ``i`` of ``ev`` in words, with its points where plays score: "6-4 LEFT
    +10", or ``short`` "6-4L+10"; the lead is its tile alone ("5-5")."""
    m = ev[i][1]
    k = 0  # the tiles laid before it
    for j in range(i):
        if g.move_tile(ev[j][1]) >= 0:
            k += 1
    t = g.move_tile(m)
    nm = tiles.name(t) if k == 0 and t >= 0 else g.move_name(m).upper()
    j = nm.find(" ")
    if short and j >= 0:
        nm = nm[:j] + nm[j + 1]
    gains = g.board().gains
    if t >= 0 and k < len(gains) and gains[k]:
        nm += ("+%d" if short else " +%d") % gains[k]
    return nm


def named(g, move):
    """A legal move in words now: the lead is its tile alone."""
    t = g.move_tile(move)
    if t >= 0 and g.board().first < 0:
        return tiles.name(t)
    return g.move_name(move)


def refused(g, tile):
    """Why ``tile`` does not play now."""
    return tiles.name(tile) + " DOES NOT FIT AN END"


def board(t, scr, g):
    """The line as it lies (see the module doc)."""
    b = g.board()
    if b.first < 0:
        scr.small(34, 25, "LEAD ANY TILE")
        return
    HI = tiles.HI
    LO = tiles.LO
    last_t = b.last
    spin = b.spinner
    arms = b.arms
    n0 = len(arms[0])
    n1 = len(arms[1])
    k = 0  # the spinner's place from the first tile (- on the left, + on the right)
    for a in (0, 1):
        for j in range(len(arms[a])):
            if arms[a][j] == spin:
                k = j + 1 if a else -(j + 1)
    c = n0 + k  # the centre's place in the line, 0 = the left end
    last = n0 + n1
    ctr = spin if spin >= 0 else b.first
    ends = b.ends
    four = len(ends) > 2  # the spinner's side arms are open: it stands left of centre
    # the two ends of the line, and "(n)" for the tiles between them and the centre
    for a in (0, 1):
        if c == (0 if a == 0 else last):
            continue  # the centre is this end
        e = arms[a][-1] if arms[a] else b.first
        v = ends[a]
        sel = _armsel(t, g, a)
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
        if n > 0:  # "(n)": tiles, not points
            h = "(%d)" % n
            scr.small((105 - 4 * len(h) if four else 84) if a else (24 if four else 30), 25, h)
    # the centre (the spinner framed), and the spinner's side arms once open
    sel = (c == 0 and _armsel(t, g, 0)) or (c == last and _armsel(t, g, 1))
    if four:
        _side(t, scr, g, b, 2, 14)
        _side(t, scr, g, b, 3, 31)
        x = _SPIN_X
    else:
        x = 58
    if HI[ctr] == LO[ctr]:
        scr.tile(x, 17, HI[ctr], LO[ctr], True, sel)
        if ctr == spin:  # framed, its bar at its left
            scr.rect(x - 2, 15, 15, 25, 1)
            _bar(scr, ctr == last_t, x - 5, 25, True)
        else:
            _bar(scr, ctr == last_t, x + 5, 39)
    else:
        scr.tile(53, _MID_Y, HI[ctr], LO[ctr], False, sel)
        _bar(scr, ctr == last_t, 63, 34)
    if t.choice is not None:
        d = HI[ctr] == LO[ctr]
        if c == 0 and _armsel(t, g, 0):
            scr.small(53 if d else 48, 25, "<")
        if c == last and _armsel(t, g, 1):
            scr.small(71 if d else 76, 25, ">")
    if b.counts is not None:
        scr.small(0, 12, ends_text(b))


def ends_text(b):
    """The open ends as they count and their total: "4+6+2=12" ("=96" if long: the
    top left corner is 11 characters wide beside the spinner's frame)."""
    s = ""
    for v in b.counts:
        if v is not None:
            s += ("+" if s else "") + str(v)
    s += "=%d" % b.total
    return s if len(s) <= 11 else s[s.index("="):]


def _side(t, scr, g, b, a, y):
    """Side arm ``a`` of the spinner (2 up, 3 down: the upper and lower of two
    rows right of it, at ``y``): its end tile across, the open end outward, and
    "(n)" for the tiles behind it; a dotted slot while no tile is on it."""
    arm = b.arms[a]
    n = len(arm)
    sel = _armsel(t, g, a)
    x = _SPIN_X + 14
    if n == 0:
        if sel:
            scr.fill(x, y, 21, 11, 1)
        else:
            scr.rect(x, y, 21, 11, 1, True)
        return
    e = arm[-1]
    v = b.ends[a]
    scr.tile(x, y, tiles.HI[e] + tiles.LO[e] - v, v, False, sel)
    _bar(scr, e == b.last, x + 23, y + 3, True)
    if n > 1:
        scr.small(x + 27, y + 3, "(%d)" % (n - 1))


def _bar(scr, on, x, y, side=False):
    """The last play's bar: under a tile centred on ``x``, or beside a square at ``x``."""
    if on:
        if side:
            scr.fill(x, y, 2, 5)
        else:
            scr.fill(x - 2, y, 5, 2)


def _armsel(t, g, a):
    """True if the choice in progress is the move onto arm ``a``."""
    return t.choice is not None and g.move_end(t.choice[t.ci]) == a
