"""The board of a trick game (``LAYOUT`` "tricks"), for :class:`table.Table`.

It reads the game's board (:class:`~domino.game.Board`, the tricks kind's
fields) and the contract's move queries.

Board (y 12-42): on the left "TRUMP" over the trump's pips (always shown),
below it the turn-up while the hands are decided, else the suit led ("LED
5", "LED TRUMP") or "LAST" when the last trick is shown. Then a
column per seat: its name (inverted when it is to act; "D" after the
dealer's while deciding), the piece it played to the trick in progress (a
dotted slot while it is still to play; the last trick, its winner's piece
inverted, until the next lead), or while deciding its decision ("KEEP",
"MISS", "SWAP", "PASS", "POOL", "?"); the tricks it won as a pile of bars
to the piece's right.
A finished trick stays on the board ``_HOLD_MS`` longer than the AI's pace
before an AI seat leads the next (:func:`hold`).
Row 1 on your turn says what A does ("A: LEAD 6-5 AS 6 OR 5"; after a miss
first how many pieces are still to discard: "DISCARD 2  A: DISCARD 6-5",
"DISCARD 1 MORE  ..."); while a lead's
suit is chosen the piece shows, inverted, in your column.
"""

from domino import tiles
from domino.game import DISCARDS
from scenes import seat_name

from micropython import const


_X0 = const(26)  # the seats' columns start here
_HOLD_MS = const(1600)  # a finished trick's extra time on the board before the next lead
# a move's words made short (SWAP: the rules text's word)
_SHORT = (("LEAD ", ""), ("TAKE ", ""), ("FOR THE ", ""), ("EXCHANGE", "SWAP"))


def said(g, ev, i, short):
    """Event ``i`` of ``ev`` in words: "LEAD 6-5 AS 5", "TAKE MISS", "6-4", or
    ``short`` ("6-5 AS 5", "MISS", "POOL", "SWAP")."""
    nm = g.move_name(ev[i][1]).upper()
    return _said_short(nm) if short else nm


def _said_short(nm):
    """A move's or decision's words made short ("EXCHANGE" "SWAP", "TAKE MISS" "MISS")."""
    for a, b in _SHORT:
        nm = nm.replace(a, b)
    return nm


def refused(g, tile):
    """Why ``tile`` does not play now."""
    return tiles.name(tile) + " CANNOT BE PLAYED NOW"


def prompt(t, se, g):
    """Row 1 on your turn: what A does with the item selected ("A: PLAY 6-4",
    "A: TAKE MISS"; for a choice its names' common start and their ends, "A:
    LEAD 6-5 AS 6 OR 5"), after a miss the discards to go first."""
    moves = t.by_item[t.sel] if t.items else ()
    pre = ""
    left = g.board().discards
    if left:  # how many are still to go: "DISCARD 2", "DISCARD 1 MORE"
        ev = g.observation(t.viewer).events
        more = ev and ev[-1][0] == t.viewer and g.move_kind(ev[-1][1]) == DISCARDS
        pre = "DISCARD %d%s  " % (left, " MORE" if more else "")
    if not moves:
        return pre + "YOUR TURN"
    names = [g.move_name(m).upper() for m in moves]
    nm = names[0]
    k = len(nm)
    for o in names:  # the names' common start
        j = 0
        while j < k and j < len(o) and o[j] == nm[j]:
            j += 1
        k = j
    if len(names) > 1:
        nm = nm[:k] + " OR ".join(o[k:] for o in names)
    t = g.move_tile(moves[0])
    return pre + "A: " + ("PLAY " + nm if t >= 0 and nm.startswith(tiles.name(t)) else nm)


def hold(g):
    """Extra ms before an AI seat moves now: a finished trick is on the board."""
    b = g.board()
    return _HOLD_MS if not b.deciding and not b.led and b.last_winner >= 0 else 0


def board(t, scr, g):
    """Trump, turn-up or suit led, and a column per seat (see the module doc)."""
    b = g.board()
    n = g.players
    scr.small(0, 13, "TRUMP")
    scr.square(4, 19, b.trump)
    shown = b.trick
    lw = -1
    if b.deciding:
        if b.turnup >= 0:  # still turned up
            scr.tile(0, 31, tiles.HI[b.turnup], tiles.LO[b.turnup], False)
    elif len(b.led) > 2:  # a word: "LED" over it
        scr.small(0, 31, "LED")
        scr.small(0, 37, b.led.upper())
    elif b.led:
        scr.small(0, 34, "LED " + b.led)
    elif b.last_winner >= 0:
        scr.small(0, 34, "LAST")
        shown = b.last_trick
        lw = b.last_winner
    cw = (128 - _X0) // n
    se = t.app.session
    turn = g.turn if se.result is None else -1
    for s in range(n):
        cx = _X0 + s * cw + cw // 2
        nm = seat_name(se, s, True)
        if b.deciding and s == b.dealer:
            nm += " D"
        w = len(nm) * 4 - 1
        if s == turn:
            scr.fill(cx - w // 2 - 1, 12, w + 2, 7, 1)
        scr.small(cx - w // 2, 13, nm, 0 if s == turn else 1)
        for i in range(b.tricks[s]):  # the tricks won, a pile of bars beside the piece
            scr.fill(cx + 8, 39 - 3 * i, 3, 2)
        if b.deciding:
            txt = _said_short(b.decisions[s].upper()) if b.decisions[s] else "?"
            scr.small(cx - (len(txt) * 4 - 1) // 2, 25, txt)
            continue
        p = shown[s]
        sel = s == lw
        if p < 0 and s == t.viewer and t.choice is not None:  # the lead being announced
            p = t.items[t.sel]
            sel = True
        if p >= 0:
            scr.tile(cx - 5, 20, tiles.HI[p], tiles.LO[p], True, sel)
        elif b.decisions[s] == "pass":
            scr.small(cx - 7, 28, "PASS")
        elif b.playing and shown is b.trick:  # still to play to this trick
            scr.rect(cx - 5, 20, 11, 21, 1, True)
    if b.deciding and b.misses:
        txt = "%d MISS%s LEFT" % (b.misses, "ES" if b.misses > 1 else "")
        scr.small(_X0 + (128 - _X0 - len(txt) * 4) // 2, 35, txt)
