"""Button scripts for the emulated Pico, worked out on the simulator.

A device run cannot look at the screen before it presses, so the keys that set up a
match are found by pressing them on the simulator (the same screens, the same
menus), where each screen can be read::

    keys = new_game_keys(2, ["Players: 8", "P1: AI hard", ..., "Set: double-12"])

gives the keys from the title's first row to a started match of game 2 whose
options screen showed those rows. Scripts use ``tools/sim.py``'s syntax (``L R U D
A B``, ``w500``, ``s:name``), as ``tools/pico.py`` runs them.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
import sim  # noqa: E402  (sets up lib/ and firmware/ on sys.path)

ACT = {"LEFT": "L", "RIGHT": "R", "UP": "U", "DOWN": "D", "A": "A", "B": "B"}
# Title > Settings, AI pace: fast (the menu wraps: UP twice from the first row reaches the
# pace row, with or without the device's Sound row), back to the title.
FAST = "D D D D A U U L B"


class _Recorder:
    """A simulator harness whose taps are written down as script keys."""

    def __init__(self, h):
        self.h = h
        self.keys = []

    def tap(self, act):
        self.h.tap(act)
        self.keys.append(ACT[act])

    def scene(self):
        return self.h.app.scene

    def goto(self, row):
        """Move the menu's selection to ``row`` (a row index) with UP/DOWN."""
        sc = self.scene()
        while sc.sel != row:
            self.tap("DOWN" if sc.sel < row else "UP")

    def row_index(self, text):
        """Index of the row that is ``text`` or starts with ``text``'s label (before ':')."""
        rows = self.scene().rows()
        if text in rows:
            return rows.index(text)
        label = text.split(":")[0] + ":"
        for i, r in enumerate(rows):
            if r.startswith(label):
                return i
        raise ValueError("no row %r on %s: %r" % (text, type(self.scene()).__name__, rows))


def new_game_keys(gid, rows, resumable=False):
    """Keys from the title's first row to the start of a match of game ``gid``, with
    the options screen's rows set to ``rows`` (as shown: "Players: 6", "P3: AI hard",
    "Set: double-12"), then Start; and the simulator's session, to check. ``resumable``:
    the device's title has a match to continue (a Continue row first)."""
    from domino import games
    h = sim.Harness(6, settings_speed=None)
    r = _Recorder(h)
    if resumable:
        r.keys.append("D")  # past Continue
    r.goto(r.scene().rows().index("New game"))
    r.tap("A")
    r.goto(r.scene().rows().index([g[3] for g in games.GAMES if g[0] == gid][0]))
    r.tap("A")
    for want in rows:
        r.goto(r.row_index(want))
        for _ in range(40):
            if r.scene().rows()[r.row_index(want)] == want:
                break
            r.tap("RIGHT")
        else:
            raise ValueError("row %r never reads so: %r" % (want, r.scene().rows()))
    r.goto(len(r.scene().rows()) - 1)
    r.tap("A")
    if type(r.scene()).__name__ not in ("Table", "Privacy"):
        raise ValueError("the match did not start: %s" % type(r.scene()).__name__)
    return " ".join(r.keys), h.app.session


def scenes_at(script, h=None):
    """Play ``script`` on a simulator harness (default: a fresh 6-button one at default
    settings); the scene's name and its message row (a table's) at each ``s:name``."""
    h = h or sim.Harness(6, settings_speed=None)
    out = {}
    for tok in sim.script_tokens(script):
        if tok.startswith("s:"):
            sc = h.app.scene
            msg = sc.message() if hasattr(sc, "message") and h.app.session is not None else ""
            out[tok[2:]] = (type(sc).__name__, msg)
        else:
            h.run_script(tok)
    return out


# A blind soak's presses and their weights: A most (it plays and moves on), the arrows,
# B (menus), left and right together (the move log) and long presses now and then.
SOAK_KEYS = (("A", 40), ("L", 12), ("R", 12), ("U", 8), ("D", 8), ("B", 7), ("L+R", 3), ("~A", 3),
             ("~B", 2), ("w2000", 5))


def soak_keys(rng, presses):
    """``presses`` random presses (``rng``: a ``random.Random``), each followed by a short
    random wait, as a script."""
    total = sum(w for _, w in SOAK_KEYS)
    out = []
    for _ in range(presses):
        x = rng.randrange(total)
        for k, w in SOAK_KEYS:
            x -= w
            if x < 0:
                break
        out.append(k)
        out.append("w%d" % rng.choice((100, 200, 400, 800, 1500)))
    return " ".join(out)
