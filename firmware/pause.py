"""The table's pause menu (B), the hand's moves so far, and the plays since a seat
last moved (for the pass-the-device screen, ``scenes.Privacy``).

A screen module (``scenes.SCREENS``), imported when B is pressed (or UP for a
hint, DOWN to undo, or a person passes the device): not in RAM while the AI thinks.
"""

from domino.game import DRAW, LINE
from listmenu import Menu
from scenes import Scene, seat_name
from session import has_ai
from table import fit, said_by

from micropython import const


_LOG_ROWS = const(8)


def _resume(app):
    """Back to the table."""
    app.go(app.table)


def seen_events(viewer, g):
    """The hand's moves as seat ``viewer`` sees them; with no viewer (the hand
    hidden between people passing the device), each move as a seat other than
    its own saw it, so that no seat's hidden moves are shown."""
    if viewer is not None:
        return g.observation(viewer).events
    ev0 = g.observation(0).events
    ev1 = g.observation(1).events
    return [ev1[i] if ev0[i][0] == 0 else ev0[i] for i in range(len(ev0))]


def hint(t):
    """Ask the Medium AI for a move for the person to act at table ``t`` (its
    answer comes in ``t.update``)."""
    se = t.app.session
    if t.dirty_model:
        t.sync()
    if not t.to_act:
        return
    if not has_ai(se.cls):
        t.note = "NO HINT: NO AI PLAYS THIS GAME"
        return
    t.note = "HINT..."
    try:
        t.hint = se.player(t.viewer, 1, se.rec.seed + len(se.rec.moves))
        t.hint.begin(type(se.game), se.game.observation(t.viewer))
    except MemoryError:
        t._no_hint()


def undo(t):
    """Take back the person's last move at table ``t`` (only against AI seats)."""
    if t.app.session.undo():
        t.reset()
        t.note = "UNDONE"
        t.app.save_match()


class TableMenu(Menu):
    """B on the table: resume, the moves so far, the whole board and the tiles played
    (line games), hint, undo, rules, quit to the title."""

    TITLE = "PAUSED"

    def _keys(self):
        se = self.app.session
        k = ["resume", "moves"]
        if se is not None and se.game.LAYOUT == LINE:
            k.append("board")
        if se is not None and has_ai(se.cls):
            k.append("hint")
        if se is not None and se.can_undo():
            k.append("undo")
        return k + ["rules", "quit"]

    def rows(self):
        names = {"resume": "Resume", "moves": "Moves so far (L+R)", "board": "Board, tiles played",
                 "hint": "Hint", "undo": "Undo my move",
                 "rules": "Rules", "quit": "Quit to title"}
        return [names[k] for k in self._keys()]

    def pick(self, i):
        k = self._keys()[i]
        t = self.app.table
        if k == "quit":
            self.app.to_title()
            return
        if k == "moves":
            self.app.go(MoveLog(self.app))
            return
        if k == "board":
            from boardpage import BoardPage
            self.app.go(BoardPage(self.app))
            return
        if k == "rules":
            from menus import Rules
            r = Rules(self.app, self.app.session.rec.gid)
            r.back_to = self
            self.app.go(r)
            return
        _resume(self.app)
        if k == "hint":
            hint(t)
        elif k == "undo":
            undo(t)

    def back(self):
        _resume(self.app)


def since(app, seat):
    """The plays since ``seat`` last moved this hand (all of them if it has not),
    oldest first, in row 1's words (``table.said_by``; draws left out), as rows of
    whole plays two spaces apart in the small font (``table.fit``): the newest three."""
    se = app.session
    g = se.game
    said = app.table.board_view(g).said
    ev = g.observation(seat).events
    j = len(ev)
    while j and ev[j - 1][0] != seat:
        j -= 1
    plays = [said_by(se, said, g, ev, i) for i in range(j, len(ev)) if ev[i][1] != DRAW]
    rows = []
    i = 0
    while i < len(plays):
        row, k = fit(plays, i, 31)
        rows.append(row or plays[i])  # a play longer than a row: a row of its own
        i = max(k, i + 1)
    return rows[-3:]


class MoveLog(Scene):
    """The hand's moves so far, newest at the bottom ("7 S2 6-4 LEFT +10"), from
    the game's own history (nothing kept for it) in the words of the table's
    board view (``log``); arrows scroll, A, B or left and right together (which
    open it from the table) go back."""

    def __init__(self, app):
        Scene.__init__(self, app)
        se = app.session
        g = se.game
        t = app.table
        said = t.board_view(g).said
        ev = seen_events(t.viewer, g)
        self.lines = ["%d %s %s" % (i + 1, seat_name(se, ev[i][0], True), said(g, ev, i, False))
                      for i in range(len(ev))] or ["NO MOVES YET"]
        self.top = max(0, len(self.lines) - _LOG_ROWS)

    def on(self, act):
        if act in ("UP", "LEFT"):
            self.top = max(0, self.top - (1 if act == "UP" else _LOG_ROWS))
        elif act in ("DOWN", "RIGHT"):
            step = 1 if act == "DOWN" else _LOG_ROWS
            self.top = max(0, min(len(self.lines) - _LOG_ROWS, self.top + step))
        elif act in ("A", "B", "LR"):
            _resume(self.app)

    def draw(self, scr):
        scr.clear()
        scr.title("MOVES SO FAR")
        for i in range(_LOG_ROWS):
            j = self.top + i
            if j < len(self.lines):
                scr.small(2, 9 + i * 7, self.lines[j][:31])
        if self.top > 0:
            scr.small(122, 1, "<", 0)
        if self.top + _LOG_ROWS < len(self.lines):
            scr.small(122, 58, ">")
