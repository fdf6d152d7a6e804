"""The board of a tableau game (``LAYOUT`` "tableau": Castle Rock), for :class:`table.Table`.

It reads the game's board (:class:`~domino.game.Board`, the tableau kind's
fields), and asks the game which places of the row a capture takes
(``move_span``) and how many tiles a move captures (``move_takes``).

Row 0's cells count the tiles each seat took this hand, after the word
"TOOK" (:func:`cells`: every hand holds two tiles, nothing to count).
Board (y 12-42): a line "DEVIL 5  B12" (the Devil's count: the tiles in the
tableau; the boneyard); under it the row, upright
tiles 12 px apart, a wall at the blocked end (left), the open end on the
right. A row too long for the screen shows "(n)" for the tiles left out: the
open end always shows, and so does the capture in question with its
neighbours. The tile selected for placing shows dotted beyond the open
end. On your turn a tick marks each middle tile you may take, and the
capture selected, or chosen in the "which one?" choice, is inverted: exactly
the tiles it takes. The captures are ordered along the row (:func:`arrange`)
so the arrows move over it, left to right, then END TURN. The summary's
first page is the Devil's hand and each seat's tally (:func:`reveal`).
"""

from domino import tiles
from domino.game import ENDS_TURN
from table import MOVE_ITEM

from micropython import const


_SLOTS = const(10)  # places across the screen, a tile or a "(n)" each
_PITCH = const(12)
_TILE_Y = const(19)
_TEXT_Y = const(13)


def said(g, ev, i, short):
    """Event ``i`` of ``ev`` in words: "PLACE 6-4", "TAKE 6-3", "TAKE 3 AT 6-3",
    "END TURN"; ``short`` tells the seat's turn up to it: the tile placed and
    the tiles taken since ("6-4+3")."""
    seat, m = ev[i]
    if not short:
        return g.move_name(m).upper()
    k = 0
    j = i
    while j >= 0 and ev[j][0] == seat:
        t = g.move_tile(ev[j][1])
        if t >= 0:
            return tiles.name(t) + ("+%d" % k if k else "")
        if j < i and g.move_kind(ev[j][1]) == ENDS_TURN:
            break
        k += g.move_takes(ev[j][1])
        j -= 1
    return "TOOK %d" % k if k else g.move_name(m).upper()


def cells(g):
    """Row 0's word and count per seat: the tiles each seat took this hand."""
    return "TOOK", [len(c) for c in g.board().captured]


def refused(g, tile):
    """Why ``tile`` does not play now (a tile is placed once a turn)."""
    return "PLACED: TAKE OR END TURN"


def arrange(g, items, by):
    """Order the moves with no tile along the row: the captures left to right,
    then the rest (the end of the turn); ``items`` and ``by`` in step."""
    k = 0
    while k < len(items) and items[k] < MOVE_ITEM:
        k += 1
    tail = sorted(range(k, len(items)), key=lambda i: _at(g, by[i][0]))
    items[k:] = [items[i] for i in tail]
    by[k:] = [by[i] for i in tail]


def _at(g, m):
    """Where capture ``m`` is in the row (a move that takes nothing: after it)."""
    f, c = g.move_span(m)
    return f + (c > 1) if c else 999


def prompt(t, se, g):
    """Row 1 on your turn: what A does ("A: PLACE 6-4", "A: TAKE 6-3 OR ALL 3",
    "A: END TURN AND DRAW")."""
    moves = t.by_item[t.sel] if t.items else ()
    if not moves:
        return "YOUR TURN"
    nm = g.move_name(moves[0]).upper()
    if len(moves) > 1:
        nm += " OR ALL 3"
    elif g.move_kind(moves[0]) == ENDS_TURN and g.board().stock:
        nm += " AND DRAW"
    return "A: " + nm


def _focus(t, g):
    """``(first, count)`` of the capture in question: the choice's move, else
    the selected item's middle tile (``(-1, 0)``: none)."""
    if t.choice is not None:
        return g.move_span(t.choice[t.ci])
    if t.to_act and t.items and t.by_item[t.sel]:
        f, c = g.move_span(t.by_item[t.sel][0])
        if c:
            return (f + 1, 1) if c > 1 else (f, c)
    return -1, 0


def _places(n, f, c):
    """The row as shown: a list of places, a tile's index or ``-k - 1`` for the
    ``k`` tiles left out there (the open end and ``f``..``f+c-1`` with a
    neighbour each side always shown)."""
    if n <= _SLOTS:
        return list(range(n))
    lo = f - 1
    if c == 0 or lo >= n - _SLOTS + 1:  # the open end's part of the row
        return [-(n - _SLOTS + 1) - 1] + list(range(n - _SLOTS + 1, n))
    s = max(0, lo - 1)
    if s <= 1:  # from the blocked end, a gap, the open end
        return list(range(_SLOTS - 2)) + [-(n - _SLOTS + 1) - 1, n - 1]
    w = _SLOTS - 3
    return [-s - 1] + list(range(s, s + w)) + [-(n - 1 - s - w) - 1, n - 1]


def board(t, scr, g):
    """The counts line and the row (see the module doc)."""
    bd = g.board()
    row = bd.row
    n = len(row)
    scr.small(0, _TEXT_Y, "DEVIL %d  B%d" % (bd.devil, bd.stock))
    f, c = _focus(t, g)
    new = -1  # the tile to place, shown dotted at the open end
    if t.to_act and t.items and t.items[t.sel] < MOVE_ITEM and t.by_item[t.sel]:
        new = t.items[t.sel]
        row = row + (new,)
        n += 1
    if not n:
        scr.small(32, 27, "THE ROW IS EMPTY")
        return
    marks = []  # places of the middle tiles you may take
    if t.to_act:
        for i in range(len(t.items)):
            if t.items[i] >= MOVE_ITEM and t.by_item[i]:
                s, k = g.move_span(t.by_item[i][0])
                if k:
                    marks.append(s + (k > 1))
    places = _places(n, f, c)
    x = (128 - (len(places) * _PITCH - 1)) // 2
    nxt = 0  # the first tile not yet shown
    for p in places:
        if p < 0:
            s = "(%d)" % (-p - 1)
            scr.small(x + (11 - 4 * len(s)) // 2 + 1, _TILE_Y + 8, s)
            hid = False
            for m in marks:  # a capture among the tiles left out: ticked too
                hid = hid or nxt <= m < nxt - p - 1
            nxt -= p + 1
        else:
            if p == 0:  # the blocked end's wall
                scr.fill(x - 3, _TILE_Y - 1, 2, 23)
            v = row[p]
            scr.tile(x, _TILE_Y, tiles.HI[v], tiles.LO[v], True, f <= p < f + c, v == new)
            hid = p in marks
            nxt = p + 1
        if hid:
            scr.fill(x + 2, _TILE_Y + 22, 7, 1)
        x += _PITCH


def reveal(se, r):
    """The end of a hand for the summary's first page: the Devil's hand (the
    tiles left in the row) and each seat's tally, its captures less the Devil's
    hand ("S2 TOOK 9, SCORES 5"), a row each."""
    from scenes import seat_name

    g = se.game
    bd = g.board()
    row = bd.row
    devil = bd.devil
    captured = bd.captured
    rows = []
    line = "DEVIL'S HAND %d:" % devil if devil else "NO DEVIL'S HAND: ROW CLEARED"
    for v in row:
        nm = " " + tiles.name(v)
        if len(line) + len(nm) > 31:
            rows.append(line)
            line = " "
        line += nm
    rows.append(line)
    for s in range(g.players):  # a seat a row, in words
        rows.append("%s TOOK %d, SCORES %d"
                    % (seat_name(se, s, True), len(captured[s]), r.points[s]))
    return "THE DEVIL'S HAND", rows
