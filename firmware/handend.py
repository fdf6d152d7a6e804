"""The end of a hand in words and pictures, for the summary screen: every seat's
tiles and pips (:class:`Reveal`), how the hand ended (:func:`hand_story`) and why a
match starts over (:func:`restart_story`).

Imported by ``scenes.Summary`` only while a summary is shown, and dropped from
``sys.modules`` when it is left, so its code takes no RAM during play.
"""

import sys

from domino import tiles
from scenes import seat_name, side_name


def describe(se, text):
    """A hand result's ``summary`` with this table's names: each ``@n`` is seat
    ``n`` ("You", "Seat 3") and each ``#n`` side ``n`` ("Us", "2+4")."""
    out = ""
    i = 0
    while i < len(text):
        c = text[i]
        if c in "@#" and i + 1 < len(text) and "0" <= text[i + 1] <= "9":
            n = ord(text[i + 1]) - 48
            out += seat_name(se, n) if c == "@" else side_name(se, n)
            i += 2
        else:
            out += c
            i += 1
    return out


def hand_story(se, r):
    """How the hand ended in plain words (the game's summary), beside the game's
    call: "krose: blocked, 2+4 had fewer pips"."""
    how = describe(se, r.summary)
    return (r.call + ": " + how) if r.call else how[:1].upper() + how[1:]


def restart_story(se, r):
    """Why the match starts over (Seychelles: the leader reached the target while
    another side had 10 or more), or "" if this hand did not restart it."""
    m = se.match
    snap = se.rec.snap
    if m is None or m.restarts <= (snap[1] if snap else 0):
        return ""
    before = snap[4:] if snap else [0] * len(m.scores)
    tot = [before[s] + r.points[s] for s in range(len(m.scores))]
    w = tot.index(max(tot))
    o = 0 if w else 1
    for s in range(len(tot)):
        if s != w and tot[s] > tot[o]:
            o = s
    return ("%s reached %d but %s had %d (10 or more): no winner, the match starts "
            "over from 0." % (side_name(se, w), tot[w], side_name(se, o), tot[o]))


class Reveal:
    """The hands at the end of a hand: every seat's tiles and pips, in the small
    font, paged by 8 rows (never cut), or the board view's own title and rows
    (its ``reveal(se, r)``, e.g. the Devil's hand); in a game without pips (``pips`` None)
    the tiles still held, and ``empty`` when no seat holds any; a hand the game
    keeps ``face_down`` (a Loo hand thrown up) is named, its tiles not shown."""

    def __init__(self, se, r):
        g = se.game
        rows = []
        held = False
        self.title = "HANDS AT THE END"
        view = sys.modules.get("views." + g.LAYOUT)  # the board view may tell the end its own way
        tell = getattr(view, "reveal", None)
        if tell is not None:
            self.title, rows = tell(se, r)
            held = True
        down = getattr(g, "face_down", None)  # hands the rules keep hidden even now
        for s in range(g.players if tell is None else 0):
            name = seat_name(se, s)
            if name.startswith("Seat "):
                name = "S" + name[5:]
            if down is not None and down(s):
                rows.append(name + " FACE DOWN")
                continue
            hand = g.hand(s) if hasattr(g, "hand") else g.observation(s).hand
            held = held or bool(hand)
            if r.pips is None:  # a game that counts no pips (tricks): the tiles held
                line = name + (":" if hand else " NO TILES LEFT")
            else:
                line = "%s %d PIPS:" % (name, r.pips[s]) if hand else "%s WENT OUT" % name
            for t in hand:
                nm = " " + str(tiles.HI[t]) + "-" + str(tiles.LO[t])
                if len(line) + len(nm) > 31:
                    rows.append(line)
                    line = "  "
                line += nm
            rows.append(line)
        self.rows = rows
        self.empty = r.pips is None and not held  # nothing to show: the summary skips it
        self.page = 0
        self.pages = (len(rows) + 7) // 8

    def draw(self, scr):
        scr.clear()
        scr.title(self.title)
        pg = "%d/%d" % (self.page + 1, self.pages)
        scr.small(127 - 4 * len(pg), 1, pg, 0)
        n = 0
        for i in range(8):
            j = self.page * 8 + i
            if j < len(self.rows):
                scr.small(1, 9 + 7 * i, self.rows[j])
                n += 1
        if n < 8:  # room for the key
            scr.small(1, 58, "A: MORE" if self.page + 1 < self.pages else "A: SUMMARY")
