"""A titled list of rows (:class:`Menu`), the base of every menu screen. A screen
module (``scenes.SCREENS``): not in RAM during play.

With UP/DOWN buttons the rows move and LEFT/RIGHT change a value; with only
LEFT/RIGHT/A the arrows move and A changes or opens. A menu with a ``KEY``
keeps its cursor in ``App.cursor`` (by the row's label): made again after a
screen it opened, it shows the row that opened it.
"""

from scenes import Scene


class Menu(Scene):
    """A titled list of rows; subclasses give ``rows()``, ``pick(i)``, ``change(i, d)``."""

    TITLE = ""
    KEY = None  # set: the cursor comes back to its row when the menu is made again

    def __init__(self, app):
        Scene.__init__(self, app)
        self.sel = -1 if self.KEY else 0  # -1: look up the remembered row at the first draw
        self.top = 0

    def rows(self):
        """Texts of the rows."""
        return []

    def pick(self, i):
        """A pressed on row ``i`` (default: change the value forward)."""
        self.change(i, 1)

    def change(self, i, d):
        """Change the value of row ``i`` by ``d`` (rows without a value ignore it)."""

    def _place(self, rows):
        """The first time: the cursor on the remembered row (else the first)."""
        if self.sel < 0:
            self.sel = 0
            want = self.app.cursor.get(self.KEY)
            for i in range(len(rows)):
                if rows[i].split(":")[0] == want:
                    self.sel = i

    def on(self, act):
        rows = self.rows()
        n = len(rows)
        self._place(rows)
        ud = self.app.inp.has_updown
        if act == ("UP" if ud else "LEFT"):
            self.sel = (self.sel - 1) % n
        elif act == ("DOWN" if ud else "RIGHT"):
            self.sel = (self.sel + 1) % n
        elif ud and act in ("LEFT", "RIGHT"):
            self.change(self.sel, -1 if act == "LEFT" else 1)
        elif act == "A":
            if self.KEY:
                self.app.cursor[self.KEY] = rows[self.sel].split(":")[0]
            self.pick(self.sel)
        elif act == "B":
            self.back()

    def back(self):
        """B: leave the menu."""
        self.app.to_title()

    def draw(self, scr):
        rows = self.rows()
        n = len(rows)
        self._place(rows)
        if self.sel >= n:
            self.sel = n - 1
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + 5:
            self.top = self.sel - 4
        scr.clear()
        scr.title(self.TITLE)
        if not self.app.inp.has_b and not getattr(self, "TITLE_SCREEN", False) \
                and len(self.TITLE) < 16:
            scr.small(71, 1, "HOLD A: BACK", 0)  # the 3-button build's back
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
