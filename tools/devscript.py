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


def hard_seats(gid, players, *more):
    """The options screen's rows for ``players`` seats all played by Hard, then ``more``."""
    from domino import games
    rows = ["Players: %d" % players] if len(games.load(gid).PLAYERS) > 1 else []
    return rows + ["P%d: AI hard" % (p + 1) for p in range(players)] + list(more)


# A every 3 s: while only AI seats play it is refused (not your turn); at a hand's summary
# it turns the pages, then deals the next hand.
ON = " A w3000"
# B at a table opens the pause menu, whose last row (UP from the first) quits to the title.
QUIT = " B w500 U A w1000"


def ram_script(name):
    """The script of RAM run ``name``, from the title, fast pace, every seat Hard:

    - ``ram_again``: a single hand of 6-player Castle Rock played for drinks (a match of
      one hand: its result shown; A turns the summary's pages and leaves the result, the
      spare presses end in the title's menus, which B leaves), then 8-player All Fives on
      double-twelve over a hand's end (a match one hand can end): a match after one finished;
    - ``ram_quit``: 4-player Seychelles over a hand's end and into the next, quit mid-hand,
      then 6-player Castle Rock on double-six over a hand's end and the next deal;
    - ``ram_tricks``: 4-player Domino Loo in pool play over a hand's end and the next
      deal, quit, then Domino Whist likewise;
    - ``ram_castle12``: 6-player Castle Rock on double-twelve over a hand's end and the next deal.
    """
    if name == "ram_again":
        return (FAST + " " + new_game_keys(4, hard_seats(4, 6, "play: drinks"))[0]
                + " w90000" + " A w1500" * 8 + " B w500" * 4 + " "
                + new_game_keys(2, hard_seats(2, 8, "Set: double-12"))[0] + ON * 28)
    if name == "ram_quit":
        return (FAST + " " + new_game_keys(0, hard_seats(0, 4))[0] + ON * 22 + QUIT + " "
                + new_game_keys(4, hard_seats(4, 6), resumable=True)[0] + ON * 32)
    if name == "ram_tricks":
        return (FAST + " " + new_game_keys(3, hard_seats(3, 4, "scoring: pool"))[0] + ON * 18
                + QUIT + " " + new_game_keys(1, hard_seats(1, 4), resumable=True)[0] + ON * 21)
    if name == "ram_castle12":
        return FAST + " " + new_game_keys(4, hard_seats(4, 6, "set: double-12"))[0] + ON * 100
    raise ValueError("no RAM run %r (ram_again, ram_quit, ram_tricks, ram_castle12)" % name)


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


def main(argv=None):
    """Run the RAM runs named on the command line on the emulated Pico, the probe on
    (``--py``: deployed as ``.py`` sources); print each game's lowest free RAM, smallest
    largest block and lowest fill test, and the screens passed through with their
    emulated time."""
    import pico
    import tempfile
    names = list(sys.argv[1:] if argv is None else argv)
    mpy = "--py" not in names  # --py: the .py sources deploy writes without a compiler
    names = [n for n in names if n != "--py"]
    with tempfile.TemporaryDirectory() as d:
        img = pico.probe_image(os.path.join(d, "probe.img"), mpy=mpy)
        for name in names:
            r = pico.run(img, script=ram_script(name), timeout_s=4000)
            mem = r.lines("@@MEM ")
            print("%s: %s, %.0f s emulated, %d readings" % (
                name, "traceback" if r.traceback() else "no traceback", (r.emu_ms() or 0) / 1000, len(mem)))
            for gid in sorted(set(int(w[4]) for w in mem)):
                rows = [w for w in mem if int(w[4]) == gid]
                low = min(rows, key=lambda w: int(w[2]))  # every frame's (firmware/probe.py)
                print("  game %d: lowest free %d B (%s at %.1f s), smallest block %d B, lowest fill %d B" % (
                    gid, int(low[2]), low[3], int(low[7]) / 1000.0, min(int(w[5]) for w in rows),
                    min(int(w[6]) for w in rows)))
            prev = None
            for w in mem:
                if (w[0], w[4]) != prev:
                    prev = (w[0], w[4])
                    print("    %7.1f s  %s (game %s)" % (int(w[7]) / 1000.0, w[0], w[4]))
            if r.traceback():
                print(r.traceback())
    return 0


if __name__ == "__main__":
    sys.exit(main())
