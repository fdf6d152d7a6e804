"""The title, the game picker and a game's rules. A screen module
(``scenes.SCREENS``): not in RAM during play.
"""

import gc

from domino import games, __version__
from domino.modules import forget
from listmenu import Menu
from scenes import Message, Scene, wrap
from session import LAYOUTS


def game_name(gid):
    """Game ``gid``'s title as the menus show it ("Domino Loo"); "" for an unknown id."""
    try:
        return games.entry(gid)[3]
    except ValueError:
        return ""


class Title(Menu):
    """Title with version and the main menu."""

    TITLE = "POCKET DOMINOES " + __version__
    TITLE_SCREEN = True  # App.go: a match in play is set aside
    KEY = "title"

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
        self.KEY = "rules" if rules else "games"
        Menu.__init__(self, app)
        self.rules = rules
        self.TITLE = "RULES" if rules else "CHOOSE A GAME"

    def rows(self):
        return [g[3] for g in games.shown(LAYOUTS)]

    def pick(self, i):
        self.open(games.shown(LAYOUTS)[i][0])

    def open(self, gid, again=False):
        """Show game ``gid``'s options (or its rules). Building them loads code (the game's
        module, the rules' text), which a device running ``.py`` sources compiles on the
        heap the match before left broken up: on MemoryError the device starts again and
        opens them on a fresh heap (:meth:`App.reopen`); where it cannot, or ``again``
        (this run is that fresh start), a message says RAM ran out."""
        app = self.app
        try:
            if self.rules:
                scene = Rules(app, gid)
            else:
                from newgame import Options

                scene = Options(app, gid)
        except MemoryError:
            gc.collect()
            if not again:
                app.reopen(gid + (REOPEN_RULES if self.rules else 0))  # returns if it cannot
            scene = Message(app, "OUT OF RAM",
                            wrap("%s did not fit in RAM." % game_name(gid)) + ["A: ok"], self)
        app.go(scene)


REOPEN_RULES = 8  # App.reopen's code for a game's rules: this plus its id (options: the id)


def reopen(app, what):
    """Open the screen a restart was asked for (code ``what`` of :meth:`Picker.open`), the
    menus behind it with their cursors on the rows that led there."""
    rules, gid = what >= REOPEN_RULES, what % REOPEN_RULES
    p = Picker(app, rules=rules)
    app.cursor[Title.KEY] = "Rules" if rules else "New game"
    app.cursor[p.KEY] = game_name(gid)
    p.open(gid, again=True)


def pages(text, width=20, rows=5):
    """``text`` as pages of at most ``rows`` lines of ``width`` characters. A line
    "#Heading" becomes the heading row "#HEADING", kept with the words after it;
    an empty line ends the page; a paragraph's sentences run on, and a page ends
    at a sentence's end (a sentence longer than a page goes on over the next)."""
    out = []
    page = []
    head = None
    for para in text.split("\n"):
        if not para:
            if page:
                out.append(page)
                page = []
            continue
        if para[:1] == "#":
            head = "#" + para[1:].upper()
            continue
        words = para.split(" ")
        ends = [i + 1 for i in range(len(words)) if words[i][-1:] in ".?!" or i == len(words) - 1]
        start = 0
        while start < len(words):
            fit = None
            for e in ends:  # as many whole sentences as fit on this page
                if e > start:
                    lines = ([head] if head else []) + wrap(" ".join(words[start:e]), width)
                    if len(page) + len(lines) > rows:
                        break
                    fit = (e, lines)
            if fit is None and page:  # the next sentence starts a page
                out.append(page)
                page = []
                continue
            if fit is None:  # a sentence longer than a page: on over the next
                e = [e for e in ends if e > start][0]
                fit = (e, ([head] if head else []) + wrap(" ".join(words[start:e]), width))
            start = fit[0]
            page.extend(fit[1])
            head = None
            while len(page) >= rows:
                out.append(page[:rows])
                page = page[rows:]
    if page:
        out.append(page)
    return out


class Rules(Scene):
    """A game's rules, paraphrased, a page at a time: headings inverted, pages
    ending at a sentence's end."""

    def __init__(self, app, gid):
        Scene.__init__(self, app)
        self.gid = gid
        import rules_text  # its words take RAM only while a rules page is built
        self.pages = pages(rules_text.text(gid, self._target(app, gid)))
        self.lines = [ln for p in self.pages for ln in p]
        rules_text = None
        forget(["rules_text"])
        self.top = 0  # the page shown
        self.back_to = None

    @staticmethod
    def _target(app, gid):
        """The target of the match of game ``gid`` in play, else the last one chosen, else None."""
        se = app.session
        if se is not None and se.rec.gid == gid and se.match is not None:
            return se.match.target
        from choices import last
        prev = last(app.settings, gid)
        return prev[2] if prev else None

    def _leave(self):
        self.app.go(self.back_to or Picker(self.app, rules=True))

    def on(self, act):
        if act in ("RIGHT", "DOWN", "A"):
            if self.top + 1 < len(self.pages):
                self.top += 1
            elif act == "A":
                self._leave()
        elif act in ("LEFT", "UP"):
            self.top = max(0, self.top - 1)
        elif act == "B":
            self._leave()

    def draw(self, scr):
        scr.clear()
        scr.title(("RULES " + game_name(self.gid)).upper()[:30])
        page = self.pages[self.top]
        for i in range(5):
            ln = page[i] if i < len(page) else ""
            if ln[:1] == "#":
                scr.row_bar(i)
                scr.text(i, ln[1:], True)
            else:
                scr.text(i, ln)
        pg = "%d/%d" % self.page()
        scr.small(127 - 4 * len(pg), 1, pg, 0)

    def page(self):
        """(this page, pages)."""
        return self.top + 1, len(self.pages)
