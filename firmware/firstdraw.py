"""The draw before a match's first hand, for games that draw (``match.draw``).

Shown once a session, before the first move of the first hand: who drew which tile,
what it decided ("S3 6-6 LEADS"; in Domino Whist the seats and partners, and where
you sit), "A: PLAY". A screen module (``scenes.SCREENS``).
"""

from domino import tiles
from scenes import Scene, seat_name

_TITLE = {"seats": "THE DRAW FOR SEATS", "lead": "THE DRAW FOR THE FIRST LEAD",
          "deal": "THE DRAW FOR THE FIRST DEAL"}
_RULE = {"seats": "TOP TWO ARE PARTNERS, SEATS 1+3", "lead": "THE HEAVIEST TILE LEADS HAND 1",
         "deal": "THE HEAVIEST TILE DEALS HAND 1"}


def rows(session):
    """A row per seat in seat order: its name, the tile it drew, and what that decided."""
    m = session.match
    out = []
    for seat in range(m.players):
        p = m.seat_of.index(seat)
        row = "%s %s" % (seat_name(session, seat, True), tiles.name(m.draw[p]))
        if m.drawn_for == "seats" and seat == 0:
            row += " LEADS"  # the highest sits at seat 1 and opens game 1
        elif m.drawn_for != "seats" and p == m.first:
            row += " LEADS" if m.drawn_for == "lead" else " DEALS"
        out.append(row)
    return out


class FirstDraw(Scene):
    """The match's draw; A goes on to the table (``App.resume_table``), B to the title."""

    def __init__(self, app):
        Scene.__init__(self, app)
        se = app.session
        self.what = se.match.drawn_for
        self.rows = rows(se)
        self.you = None
        if self.what == "seats" and len(se.humans) == 1:
            self.you = "YOU SIT AT SEAT %d" % (se.humans[0] + 1)

    def on(self, act):
        if act == "A":
            self.app.session.drew = True
            self.app.resume_table()
        elif act == "B":
            self.app.to_title()

    def draw(self, scr):
        scr.clear()
        scr.title(_TITLE[self.what])
        scr.small(2, 10, _RULE[self.what])
        n = len(self.rows)
        per = 4 if n > 4 else n  # two columns from five seats
        for i in range(n):
            scr.small(2 + 64 * (i // per), 19 + 7 * (i % per), self.rows[i])
        if self.you:
            scr.small(2, 49, self.you)
        scr.small(2, 57, "A: PLAY")
