"""The table's pause menu (B) and the hand's moves so far.

Its own module, imported when B is pressed and dropped again on the way back
to the table, so its code takes no RAM while the AI thinks.
"""

import sys

from scenes import Scene, Menu, Title, Rules
from table import who, move_name, SPECIAL

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_LOG_ROWS = const(8)


def _resume(app):
    """Back to the table, this module forgotten (its RAM comes back once unused)."""
    sys.modules.pop("pause", None)
    app.go(app.table)


class TableMenu(Menu):
    """B on the table: resume, the moves so far, hint, undo, rules, quit to the title."""

    TITLE = "PAUSED"

    def _keys(self):
        se = self.app.session
        k = ["resume", "moves", "hint"]
        if se is not None and se.can_undo():
            k.append("undo")
        return k + ["rules", "quit"]

    def rows(self):
        names = {"resume": "Resume", "moves": "Moves so far (L+R)", "hint": "Hint", "undo": "Undo my move",
                 "rules": "Rules", "quit": "Quit to title"}
        return [names[k] for k in self._keys()]

    def pick(self, i):
        k = self._keys()[i]
        t = self.app.table
        if k == "quit":
            sys.modules.pop("pause", None)
            self.app.go(Title(self.app))
            return
        if k == "moves":
            self.app.go(MoveLog(self.app))
            return
        if k == "rules":
            r = Rules(self.app, self.app.session.rec.gid)
            r.back_to = self
            self.app.go(r)
            return
        _resume(self.app)
        if k == "hint":
            t.start_hint()
        elif k == "undo":
            t.undo()

    def back(self):
        _resume(self.app)


class MoveLog(Scene):
    """The hand's moves so far, newest at the bottom ("7 S2 6-4 LEFT +10"), from
    the game's own history (nothing kept for it); arrows scroll, A, B or left and
    right together (which open it from the table) go back."""

    def __init__(self, app):
        Scene.__init__(self, app)
        se = app.session
        g = se.game
        ev = g.observation(0).events
        gain = getattr(g, "gain", None)
        lines = []
        k = 0
        for i in range(len(ev)):
            seat, m = ev[i]
            ln = "%d %s %s" % (i + 1, who(se, seat), move_name(g, m, k == 0))
            if m < SPECIAL:
                if gain is not None and gain[k]:
                    ln += " +%d" % gain[k]
                k += 1
            lines.append(ln)
        self.lines = lines or ["NO MOVES YET"]
        self.top = max(0, len(self.lines) - _LOG_ROWS)

    def on(self, act):
        if act in ("UP", "LEFT"):
            self.top = max(0, self.top - (1 if act == "UP" else _LOG_ROWS))
        elif act in ("DOWN", "RIGHT"):
            self.top = max(0, min(len(self.lines) - _LOG_ROWS, self.top + (1 if act == "DOWN" else _LOG_ROWS)))
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
