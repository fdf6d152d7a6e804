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
from domino import dealcode, games  # noqa: E402

ACT = {"LEFT": "L", "RIGHT": "R", "UP": "U", "DOWN": "D", "A": "A", "B": "B"}
# Title > Settings, AI pace: fast (the menu wraps: UP twice from the first row reaches the
# pace row, with or without the device's Sound row), back to the title, whose cursor
# comes back on Settings, its last row: DOWN wraps to the first.
FAST = "D D D D A U U L B D"
A_GAP = "w2500"  # between the A presses that play your tiles: the AI seats move meanwhile


def valid_code(gid, players, seed):
    """The deal code of that deal (its starter is the one the rules give)."""
    for starter in range(players):
        code = dealcode.encode(gid, players, starter, 0, seed)
        try:
            games.from_code(code)
            return code
        except ValueError:
            pass
    raise AssertionError("no valid code for %r" % ((gid, players, seed),))


def code_keys(code):
    """Title to a dealt table by *Deal by code* on the 6-button board: the keys."""
    keys = ["D", "A"]  # Deal by code; entry starts at 000-000-000
    for c in code.replace("-", ""):
        k = dealcode.ALPHABET.find(c)
        keys += ["U"] * k if k <= 16 else ["D"] * (32 - k)
        keys.append("A")
    keys.append("A")  # on OK: play it
    return keys


# A save kept over a power cut: a Seychelles hand dealt by code, two of your tiles played
# (w3000: the deal starts the program again, about a second, and the AI seats lead);
# then, powered on again, the title offers Continue first (which starts the program
# again) and the hand resumes where it stood.
POWER_HEAD = (FAST + " " + " ".join(code_keys(valid_code(0, 4, 777)))
              + " w3000 A %s A %s s:before" % (A_GAP, A_GAP))
POWER_RESUME = "w500 s:title A w2500 s:after"


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


# Deployed as .py sources, a game chosen after a match may not fit beside the menus: the
# program starts again and opens its options on a fresh heap (``App.reopen``), about 5 s
# with the modules compiled again; the keys after the choice wait for it.
REOPEN_WAIT = "w8000"
# Start a match: the device saves it and starts its program again (about a second) before
# the draw before the first hand shows (games that draw).
DRAW_WAIT = "w2500"


def new_game_keys(gid, rows, resumable=False, wait=""):
    """Keys from the title's first row to the start of a match of game ``gid``, with
    the options screen's rows set to ``rows`` (as shown: "Players: 6", "P3: AI hard",
    "Set: double-12"), then Start, and past the draw before the first hand where the
    game draws; and the simulator's session, to check. ``resumable``:
    the device's title has a match to continue (a Continue row first); ``wait``: a
    wait after the game is chosen (:data:`REOPEN_WAIT`)."""
    from domino import games
    h = sim.Harness(6, settings_speed=None)
    r = _Recorder(h)
    if resumable:
        r.keys.append("D")  # past Continue
    r.goto(r.scene().rows().index("New game"))
    r.tap("A")
    r.goto(r.scene().rows().index(games.entry(gid)[3]))
    r.tap("A")
    if wait:
        r.keys.append(wait)
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
    if type(r.scene()).__name__ == "FirstDraw":  # the draw before the first hand: A, once
        h.run_script(DRAW_WAIT)  # on a device the program has started again meanwhile
        r.keys.append(DRAW_WAIT)
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


def ram_script(name, py=False):
    """The script of RAM run ``name``, from the title, fast pace, every seat Hard
    (``py``: for ``.py`` sources, :data:`REOPEN_WAIT` after the second game's choice). Each
    ends on a game played over a hand's end and the next deal, where :func:`ram_stop`
    stops it (its presses are a ceiling); ``ram_quit`` and ``ram_tricks`` first quit a
    match in its first hand (fixed presses, :data:`FIRST_ON` of them, far from the hand's
    end), so no run hangs on the firmware's timing:

    - ``ram_quit``: 6-player Castle Rock on double-six, its first moves, quit; then
      4-player Seychelles over a hand's end and the next deal;
    - ``ram_tricks``: 4-player Domino Whist, its first moves, quit; then 4-player Domino
      Loo in pool play over a hand's end and the next deal;
    - ``ram_castle12``: 6-player Castle Rock on double-twelve over a hand's end and the next deal.
    """
    wait = REOPEN_WAIT if py else ""
    if name == "ram_quit":
        return (FAST + " " + new_game_keys(4, hard_seats(4, 6))[0] + ON * FIRST_ON + QUIT + " "
                + new_game_keys(0, hard_seats(0, 4), True, wait)[0] + ON * 30)
    if name == "ram_tricks":
        return (FAST + " " + new_game_keys(1, hard_seats(1, 4))[0] + ON * FIRST_ON + QUIT + " "
                + new_game_keys(3, hard_seats(3, 4, "Scoring: pool"), True, wait)[0] + ON * 40)
    if name == "ram_castle12":
        return FAST + " " + new_game_keys(4, hard_seats(4, 6, "Set: double-12"))[0] + ON * 140
    raise ValueError("no RAM run %r from the title (ram_quit, ram_tricks, ram_castle12)" % name)


def quit_late(gid, rows, left):
    """A match of game ``gid`` whose options screen shows ``rows``, started on the simulator
    at the fast pace, played on until ``left`` moves before its first hand's end, then quit
    to the title from the pause menu (which saves it). Returns the simulator's save region
    (4,096 bytes laid out as ``microcontroller.nvm``: ``pico.nvm_flash`` makes a device
    powered off with it) and the number of the hand's moves the save holds."""
    keys = FAST + " " + new_game_keys(gid, rows)[0]
    h = sim.Harness(6, settings_speed=None, restarts=True)  # as the device: a match restarts it
    h.run_script(keys)
    for _ in range(200):
        if type(h.app.scene).__name__ == "Summary":
            break
        h.run_script(ON)
    else:
        raise ValueError("the first hand never ended")
    n = len(h.app.session.rec.moves) - left
    h = sim.Harness(6, settings_speed=None, restarts=True)
    h.run_script(keys)  # the same presses at the same times: the same deal
    frames = 0
    while len(h.app.session.rec.moves) < n:
        h.step()
        frames += 1
        if frames % (3000 // sim.FRAME_MS) == 0:
            h.tap("A")  # as the RAM runs press: the screen stays awake
    h.run_script(QUIT)
    if type(h.app.scene).__name__ != "Title" or not h.app.resumable():
        raise ValueError("the match was not quit to the title: %s" % type(h.app.scene).__name__)
    return bytes(h.storage.backend.buf), n


# A hand at a large table takes minutes of emulated time (Castle Rock on double-twelve about
# 220 s, 20 minutes on this machine), so CI continues such a hand from a save this many moves
# before its end (``ram_castle12_late``, ``ram_fives_late``); ``ram_castle12`` plays it from the deal.
LATE_MOVES = 25
# ram_again's hand for drinks (about 63 moves) is continued this many moves before its end
DRINKS_LATE = 20


def ram_late(name):
    """RAM run ``name`` that starts from a save (:func:`quit_late`): (its save region, its
    script from power-on), else None. The save holds the fast pace its match was set up
    with, so the scripts do not set it again:

    - ``ram_castle12_late``: 6-player Castle Rock on double-twelve, continued
      :data:`LATE_MOVES` moves before its first hand's end: Continue, then A every 3 s;
    - ``ram_fives_late``: 8-player All Fives on double-twelve, the same;
    - ``ram_again``: a single hand of 6-player Castle Rock played for drinks (a match of one
      hand), continued :data:`DRINKS_LATE` moves before its end: its result shown (A turns
      the summary's pages and leaves the result, the spare presses end in the title's
      menus, which B leaves); then 8-player All Fives on double-twelve, its first moves: a
      match started after one finished.
    """
    if name == "ram_castle12_late":
        nvm, _ = quit_late(4, hard_seats(4, 6, "Set: double-12"), LATE_MOVES)
        return nvm, "w500 A" + ON * 40
    if name == "ram_fives_late":
        nvm, _ = quit_late(2, hard_seats(2, 8, "Set: double-12"), LATE_MOVES)
        return nvm, "w500 A" + ON * 40
    if name == "ram_again":
        nvm, _ = quit_late(4, hard_seats(4, 6, "Play: drinks"), DRINKS_LATE)
        # its last moves take about 20 emulated seconds (the deal is the save's)
        return nvm, ("w500 A w30000" + " A w1500" * 8 + " B w500" * 4 + " "
                     + new_game_keys(2, hard_seats(2, 8, "Set: double-12"))[0] + ON * 20)
    return None


# How each RAM run stops (the scripts' presses are a ceiling): ("end", game) once that
# game has been over a hand's end and NEXT_DEAL readings into the next deal (or to the
# match's result), ("first", game) once it has given FIRST readings at its table. Castle
# Rock's hand's end is read by ram_again and, at its largest table, by ram_castle12_late;
# a line game's at four players by ram_quit's Seychelles, at eight by ram_fives_late.
RAM_STOP = {"ram_again": ("first", 2), "ram_fives_late": ("end", 2), "ram_quit": ("end", 0),
            "ram_tricks": ("end", 3), "ram_castle12": ("end", 4), "ram_castle12_late": ("end", 4)}
NEXT_DEAL = 4
FIRST = 8
# The game of the match a run quits before the one it stops on: within FIRST_ON presses
# (3 s apart), well before its first hand's end, it gives FIRST readings at its table.
QUITS = {"ram_quit": 4, "ram_tricks": 1}
FIRST_ON = 6


def mem_line(ln):
    """(scene, free, game id, largest whole block, fill test, scene of the lowest, ms) of
    an ``@@MEM`` console line, else None; free is the lowest of every frame since the line
    before (``firmware/probe.py``), seen on that scene."""
    k = ln.find("@@MEM ")
    if k < 0:
        return None
    w = ln[k + 6:].split()
    return (w[0], int(w[2]), int(w[4]), int(w[5]), int(w[6]), w[3], int(w[7]))


def per_game(mem):
    """A line per game id of the readings ``mem`` (:func:`mem_lines`): its lowest free RAM
    and where, its smallest largest block and where, its lowest fill test, its readings."""
    out = []
    for gid in sorted(set(m[2] for m in mem)):
        rows = [m for m in mem if m[2] == gid]
        low = min(rows, key=lambda m: m[1])
        blk = min(rows, key=lambda m: m[3])
        out.append("game %d: lowest free %d B (%s at %.1f s), smallest block %d B (%s at %.1f s), "
                   "lowest fill %d B, %d readings" % (gid, low[1], low[5], low[6] / 1000.0, blk[3], blk[0],
                                                      blk[6] / 1000.0, min(m[4] for m in rows), len(rows)))
    return out


def mem_lines(console):
    """:func:`mem_line` of each probe line of a console."""
    return [m for m in map(mem_line, console.splitlines()) if m]


def phases(mem, gid):
    """The scenes game ``gid``'s readings pass through, runs of one scene as one entry
    (``["Table", "Summary", "Table"]``: a hand's end and the next deal)."""
    out = []
    for m in mem:
        if m[2] == gid and (not out or out[-1] != m[0]):
            out.append(m[0])
    return out


def over_a_hands_end(mem, gid, after=1):
    """True if game ``gid`` was seen at its table, at a hand's summary, then at the
    match's result (a match one hand can end) or at the table again (the next deal)
    for ``after`` readings."""
    seen = []  # [scene, readings]
    for m in mem:
        scene = m[0]
        if m[2] == gid or scene == "Result":
            if seen and seen[-1][0] == scene:
                seen[-1][1] += 1
            else:
                seen.append([scene, 1])
    for i in range(len(seen) - 2):
        if seen[i][0] == "Table" and seen[i + 1][0] == "Summary" and (
                seen[i + 2][0] == "Result" or seen[i + 2][0] == "Table" and seen[i + 2][1] >= after):
            return True
    return False


def ram_stop(name):
    """The stop rule of RAM run ``name`` for ``pico.run`` (:data:`RAM_STOP`)."""
    how, gid = RAM_STOP[name]
    if how == "first":
        return reading_stop(lambda mem: first_moves(mem, gid) >= FIRST)
    return reading_stop(lambda mem: over_a_hands_end(mem, gid, NEXT_DEAL))


def reading_stop(enough):
    """A stop rule for ``pico.run``: true at the probe line once ``enough(readings so far)``."""
    mem = []

    def done(line):
        m = mem_line(line)
        if m is None:
            return False
        mem.append(m)
        return enough(mem)
    return done


def first_moves(mem, gid):
    """How many of the readings ``mem`` show game ``gid`` at its table."""
    return sum(1 for m in mem if m[2] == gid and m[0] == "Table")


def scenes_at(script, h=None):
    """Play ``script`` on a simulator harness (default: a fresh 6-button one at default
    settings); the scene's name and its message row (a table's) at each ``s:name``."""
    h = h or sim.Harness(6, settings_speed=None, restarts=True)  # as the device
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


def ram_start(name, py=False):
    """How RAM run ``name`` starts, worked out on the simulator: (the save region it is
    powered on with, or None to boot with no save; its script), :func:`ram_late`'s or
    :func:`ram_script`'s (``py``: for ``.py`` sources). Simulator harnesses are for one
    thread at a time: build every start before running them side by side."""
    return ram_late(name) or (None, ram_script(name, py))


def ram_run(name, image, start, flash, timeout_s, stop=None):
    """RAM run ``name`` on the emulated Pico from the probe ``image`` and its ``start``
    (:func:`ram_start`): booted, or powered off holding the save (its flash written at
    ``flash``) and booted, then its script; it stops by ``stop`` (default
    :func:`ram_stop`), or after ``timeout_s`` of wall time. Returns the ``pico.Run``."""
    import pico
    nvm, script = start
    stop = stop or ram_stop(name)
    if nvm is None:
        return pico.run(image, script=script, timeout_s=timeout_s, stop=stop)
    pico.nvm_flash(image, nvm, flash)
    return pico.run(flash=flash, script=script, timeout_s=timeout_s, stop=stop)


def main(argv=None):
    """Run the RAM runs named on the command line (:data:`RAM_STOP`) on the emulated Pico,
    the probe on (``--py``: deployed as ``.py`` sources); print each game's lowest free RAM, smallest
    largest block and lowest fill test, and the screens passed through with their
    emulated time."""
    import argparse
    ap = argparse.ArgumentParser(description="RAM runs on the emulated Pico, the probe on: "
                                 "each game's lowest free RAM, smallest block and fill test.")
    ap.add_argument("names", nargs="+", metavar="RUN", choices=sorted(RAM_STOP),
                    help="RAM runs: " + ", ".join(sorted(RAM_STOP)))
    ap.add_argument("--py", action="store_true",
                    help="deploy .py sources, as deploy does without a compiler")
    args = ap.parse_args(argv)
    import pico
    import tempfile
    names, mpy = args.names, not args.py
    with tempfile.TemporaryDirectory() as d:
        img = pico.probe_image(os.path.join(d, "probe.img"), mpy=mpy)
        for name in names:
            r = ram_run(name, img, ram_start(name, args.py), os.path.join(d, "flash.bin"), 4000)
            mem = mem_lines(r.console)
            print("%s: %s, %.0f s emulated at the last reading, %d readings" % (
                name, "traceback" if r.traceback() else "no traceback", mem[-1][6] / 1000.0 if mem else 0,
                len(mem)))
            for ln in per_game(mem):
                print("  " + ln)
            prev = None
            for m in mem:
                if (m[0], m[2]) != prev:
                    prev = (m[0], m[2])
                    print("    %7.1f s  %s (game %d)" % (m[6] / 1000.0, m[0], m[2]))
            if r.traceback():
                print(r.traceback())
    return 0


if __name__ == "__main__":
    sys.exit(main())
