"""A titled list of rows (:class:`Menu`), the base of every menu screen. A screen
module (``scenes.SCREENS``): not in RAM during play.

With UP/DOWN buttons the rows move and LEFT/RIGHT change a value; with only
LEFT/RIGHT/A the arrows move and A changes or opens.
"""

from scenes import Scene


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
