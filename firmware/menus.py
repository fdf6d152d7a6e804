"""The menus: :class:`Menu` (a list of rows), the title, the game picker and a
game's rules. A screen module (``scenes.SCREENS``): not in RAM during play.

:class:`Menu` is a list of rows on the five label rows: with UP/DOWN buttons they
move and LEFT/RIGHT change a value; with only LEFT/RIGHT/A the arrows move and A
changes or opens.
"""

import sys

from domino import games, __version__
from scenes import Scene, wrap
from session import LAYOUTS


class Menu(Scene):
    """A titled list of rows; subclasses give ``rows()``, ``pick(i)``, ``change(i, d)``."""

    TITLE = ""

    def __init__(self, app):
        Scene.__init__(self, app)
        self.sel = 0
        self.top = 0

    def rows(self):
        """Texts of the rows."""
        return []

    def pick(self, i):
        """A pressed on row ``i`` (default: change the value forward)."""
        self.change(i, 1)

    def change(self, i, d):
        """Change the value of row ``i`` by ``d`` (rows without a value ignore it)."""

    def on(self, act):
        n = len(self.rows())
        ud = self.app.inp.has_updown
        if act == ("UP" if ud else "LEFT"):
            self.sel = (self.sel - 1) % n
        elif act == ("DOWN" if ud else "RIGHT"):
            self.sel = (self.sel + 1) % n
        elif ud and act in ("LEFT", "RIGHT"):
            self.change(self.sel, -1 if act == "LEFT" else 1)
        elif act == "A":
            self.pick(self.sel)
        elif act == "B":
            self.back()

    def back(self):
        """B: leave the menu."""
        self.app.to_title()

    def draw(self, scr):
        rows = self.rows()
        n = len(rows)
        if self.sel >= n:
            self.sel = n - 1
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + 5:
            self.top = self.sel - 4
        scr.clear()
        scr.title(self.TITLE)
        for i in range(5):
            j = self.top + i
            if j < n:
                if j == self.sel:
                    scr.row_bar(i)
                scr.text(i, rows[j], j == self.sel)
            else:
                scr.text(i, "")
        if self.top > 0:
            scr.small(122, 1, "<", 0)
        if self.top + 5 < n:  # black inside the selection's bar when it is the last row shown
            if self.sel == self.top + 4:
                scr.small(122, 57, ">", 0)
            else:
                scr.small(122, 58, ">", 1)


class Title(Menu):
    """Title with version and the main menu."""

    TITLE = "POCKET DOMINOES " + __version__
    TITLE_SCREEN = True  # App.go: a match in play is set aside

    def items(self):
        out = []
        if self.app.resumable():
            out.append(("Continue", self.app.resume_table))
        out.append(("New game", lambda: self.app.go(Picker(self.app))))
        out.append(("Deal by code", self._code))
        out.append(("Statistics", lambda: self._screen("StatsScene")))
        out.append(("Rules", lambda: self.app.go(Picker(self.app, rules=True))))
        out.append(("Settings", lambda: self._screen("SettingsMenu")))
        return out

    def rows(self):
        return [t for t, _ in self.items()]

    def _screen(self, name):
        import titlescreens

        self.app.go(getattr(titlescreens, name)(self.app))

    def _code(self):
        from codeentry import CodeEntry

        self.app.go(CodeEntry(self.app))

    def pick(self, i):
        self.items()[i][1]()

    def back(self):
        self.sel = 0


class Picker(Menu):
    """Choose a game (to play, or to read its rules)."""

    def __init__(self, app, rules=False):
        Menu.__init__(self, app)
        self.rules = rules
        self.TITLE = "RULES" if rules else "CHOOSE A GAME"

    def rows(self):
        return [g[3] for g in games.shown(LAYOUTS)]

    def pick(self, i):
        gid = games.shown(LAYOUTS)[i][0]
        if self.rules:
            self.app.go(Rules(self.app, gid))
        else:
            from newgame import Options

            self.app.go(Options(self.app, gid))


class Rules(Scene):
    """A game's rules, paraphrased, scrolled by rows."""

    def __init__(self, app, gid):
        Scene.__init__(self, app)
        self.gid = gid
        import rules_text  # its texts take RAM only while a rules page is built
        self.lines = wrap(rules_text.text(gid, self._target(app, gid)), 20)
        rules_text = None
        sys.modules.pop("rules_text", None)
        self.top = 0
        self.back_to = None

    @staticmethod
    def _target(app, gid):
        """The target of the match of game ``gid`` in play, else the last one chosen, else None."""
        se = app.session
        if se is not None and se.rec.gid == gid and se.match is not None:
            return se.match.target
        prev = app.options.get(gid)
        return prev[2] if prev else None

    def _leave(self):
        self.app.go(self.back_to or Picker(self.app, rules=True))

    def on(self, act):
        if act in ("RIGHT", "DOWN", "A"):
            if self.top + 5 < len(self.lines):
                self.top += 4
            elif act == "A":
                self._leave()
        elif act in ("LEFT", "UP"):
            self.top = max(0, self.top - 4)
        elif act == "B":
            self._leave()

    def draw(self, scr):
        scr.clear()
        name = [g[3] for g in games.GAMES if g[0] == self.gid]
        scr.title(("RULES " + (name[0] if name else "")).upper()[:30])
        for i in range(5):
            j = self.top + i
            scr.text(i, self.lines[j] if j < len(self.lines) else "")
        pg = "%d/%d" % self.page()
        scr.small(127 - 4 * len(pg), 1, pg, 0)

    def page(self):
        """(this page, pages): pages show 5 rows and step by 4 (one row repeated)."""
        return self.top // 4 + 1, 1 + (max(0, len(self.lines) - 5) + 3) // 4
