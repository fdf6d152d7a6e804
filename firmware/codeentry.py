"""The deal-code entry screen (:class:`CodeEntry`), from the title's *Deal by code*.

A screen module (``scenes.SCREENS``): not in RAM during play.
"""

from domino import dealcode
from scenes import Scene, Message, wrap


class CodeEntry(Scene):
    """Enter a 9-character deal code; A on OK plays it, back (B, or hold A) leaves at once.

    With UP/DOWN: they change the character, LEFT/RIGHT move. Without: LEFT/RIGHT
    change it, A moves to the next one (on OK, LEFT/RIGHT go to the last/first).
    """

    def __init__(self, app):
        Scene.__init__(self, app)
        chars = [dealcode.ALPHABET.find(c) for c in app.last_code.replace("-", "")]
        if len(chars) != 9 or min(chars) < 0:  # none yet, or not a code: start from zeros
            chars = ()
        self.chars = bytearray(chars or 9)
        self.pos = 0

    def on(self, act):
        ud = self.app.inp.has_updown
        if ud and act in ("UP", "DOWN"):
            self._bump(1 if act == "UP" else -1)
        elif ud and act in ("LEFT", "RIGHT"):
            self.pos = (self.pos + (1 if act == "RIGHT" else -1)) % 10
        elif not ud and act in ("LEFT", "RIGHT"):
            if self.pos == 9:
                self.pos = 0 if act == "RIGHT" else 8
            else:
                self._bump(1 if act == "RIGHT" else -1)
        elif act == "A":
            if self.pos == 9:
                self.submit()
            else:
                self.pos += 1
        elif act == "B":
            self.app.to_title()

    def hints(self):
        """The three help rows, true for this board's buttons."""
        inp = self.app.inp
        return ("UP/DN change, <> move" if inp.has_updown else "<> change, A next",
                "A on OK: play",
                "B: back" if inp.has_b else "hold A: back")

    def _bump(self, d):
        if self.pos < 9:
            self.chars[self.pos] = (self.chars[self.pos] + d) % 32

    def code(self):
        """The code as entered, ``XXX-XXX-XXX``."""
        s = "".join(dealcode.ALPHABET[c] for c in self.chars)
        return s[0:3] + "-" + s[3:6] + "-" + s[6:9]

    def submit(self):
        """Play the deal, or say why the code is refused (whole words, then back here)."""
        try:
            self.app.start_deal(self.code())
        except ValueError as e:
            self.app.go(Message(self.app, "CODE REFUSED", wrap(str(e))[:4] + ["A: back"], self))

    def draw(self, scr):
        scr.clear()
        scr.title("PLAY A DEAL BY CODE")
        scr.text(0, self.code() + "  OK", False, 14)
        # cursor under the character (label font is 6 px wide)
        col = self.pos + self.pos // 3 if self.pos < 9 else 13
        scr.fill(14 + col * 6, 19, 12 if self.pos == 9 else 6, 2, 1)  # under row 0's text
        h = self.hints()
        for i in range(3):
            scr.text(2 + i, h[i])
