"""The title, the game picker and a game's rules. A screen module
(``scenes.SCREENS``): not in RAM during play.
"""

from domino import games, __version__
from domino.modules import forget
from listmenu import Menu
from scenes import Scene, wrap
from session import LAYOUTS


class Title(Menu):
    """Title with version and the main menu."""

    TITLE = "POCKET DOMINOES " + __version__
    TITLE_SCREEN = True  # App.go: a match in play is set aside

    def _keys(self):
        k = ["continue"] if self.app.resumable() else []
        return k + ["new", "code", "stats", "rules", "settings"]

    def rows(self):
        names = {"continue": "Continue", "new": "New game", "code": "Deal by code",
                 "stats": "Statistics", "rules": "Rules", "settings": "Settings"}
        return [names[k] for k in self._keys()]

    def pick(self, i):
        k = self._keys()[i]
        app = self.app
        if k == "continue":
            app.resume_table()
        elif k in ("new", "rules"):
            app.go(Picker(app, rules=k == "rules"))
        elif k == "code":
            from codeentry import CodeEntry
            app.go(CodeEntry(app))
        else:
            import titlescreens
            app.go((titlescreens.StatsScene if k == "stats" else titlescreens.SettingsMenu)(app))

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
        import rules_text  # its words take RAM only while a rules page is built
        self.lines = wrap(rules_text.text(gid, self._target(app, gid)), 20)
        rules_text = None
        forget(["rules_text"])
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
