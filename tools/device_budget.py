"""Device figures of the AI and the firmware, taken on the emulated Pico (``tools/pico.py``).

    .venv/bin/python tools/budget.py --device [--quick|--full] [--raw=FILE]   # budget.py's format
    .venv/bin/python tools/device_budget.py [--quick|--full] [--part=time,ram,gc,stack] [--raw=FILE]
    .venv/bin/python tools/device_budget.py --part=time --games=loo       # one game's positions (loo, castle, ...)
    .venv/bin/python tools/device_budget.py --part=time --games=seychelles_4p --per-phase=15  # one table, more positions
    .venv/bin/python tools/device_budget.py --part=fwstack1536,fwstack1280   # the firmware at a stack size
    .venv/bin/python tools/device_budget.py --calibrate-wasm                  # tools/ai_cost.py's constant

Everything here is *emulated* CircuitPython 10 on an RP2040 at 125 MHz (rp2040js,
cycle-exact: the same image gives the same figures on any host, however busy);
``time.monotonic_ns()`` on the device is emulated time. One measurement deploys one
commit (:class:`Snapshot`: ``git archive HEAD``, so others' uncommitted edits are not
measured) and makes every image from it; the host side runs on the same core. The
default runs 132 positions (3 per phase and table, 2 for the many-player All Fives;
``--full``: 6 and 3; ``--per-phase=N``: N; ``--quick``: 1, two games) in two
emulators at once, the firmware match and the stack bisection: about 240 s emulated,
10 to 20 minutes of wall time on two shared cores. Parts:

``time``
    Hard's and Medium's time per decision (``begin``, ``step(4)``, then ``step(64)``
    until a move, timed with ``time.monotonic_ns``) over positions from every phase of
    a hand of every game (:data:`CONFIGS`). The positions are made on the host with the
    core: a hand dealt by seed, played by a fixed-seed random policy (the core's Rng)
    to the phase: ``early`` one of the first decisions with a choice (the
    ``seed % players``-th), ``late`` the
    first decision with a choice once 14 or fewer tiles are in the hands and the
    boneyard is empty (where Hard's exact endings cost most), ``end`` (Seychelles,
    Domino Whist) the next one with 12 or fewer (where Medium's look at block play's
    end costs most), ``middle`` the decision half-way between early and late. A
    position is written as ``game id, players, options, seed, move indices`` into a
    small file on the image; the device deals the hand again and
    replays the moves. One engine per level is kept per game, as the firmware keeps
    one per level, seeded per position, and prepared (``Player.prepare``: the game
    family's modules imported, Hard's search game made) before the first position, as
    the firmware does at a match's start. Hard's moves are checked against the host's.
``ram``
    Free RAM (``gc.mem_free()`` after ``gc.collect()``) at boot, after importing the
    core, all three games, and every AI level (an Easy, Medium and Hard player made),
    and the lowest free RAM the real firmware reports (``POCKET_DOMINO_PROBE``) over
    a 4-player Seychelles hand with three Hard seats (:data:`MATCH_SCRIPT`), played
    through the measuring code.py below; what that code.py costs is the plain
    firmware's free RAM at the title minus its own there. Then (not with ``--quick``)
    the plain firmware's lowest free RAM and smallest largest block over a hand of
    each game of :data:`FIRMWARE_MATCHES` (Domino Loo, Castle Rock), to its summary.
``gc``
    The longest ``gc.collect()`` pause: timed at boot, after the imports,
    mid-decision (after Hard's ``begin`` and first ``step(4)``) on every timed
    position, and in the firmware match (its probe collects after every frame;
    :data:`FIRMWARE_CODE` times those collections by wrapping ``probe.Probe.tick``).
``stack``
    The smallest ``CIRCUITPY_PYSTACK_SIZE`` (multiples of 256 bytes, bisected) at which
    the deepest decisions still run, against the 3072 bytes ``tools/deploy.py`` sets.
    The AI has no recursion (the exact solvers keep an explicit stack), so the deepest
    Python stack is the deepest call chain: the positions are picked on the host by
    the most frame slots live at once (a CPython profile hook summing each open frame's
    ``co_nlocals + co_stacksize``). The device also counts how many frames of a tiny
    function still fit on the Python stack (at top level, and where the code calls
    the AI's ``step``, in the timing program and in the firmware): two stack sizes
    give the bytes per frame, hence the bytes in use at those points, and the
    firmware's need is estimated as the bisected size plus what its frames hold
    beyond the timing program's at the AI call.
``fwstack<N>`` (not in the default)
    The firmware itself (its own code.py), a short Hard match, at ``N`` bytes of Python
    stack: 1 if it plays with no error.

Each device run's settings.toml is written whole (``files``) so that the stack size
replaces deploy's line.
"""

import argparse
import os
import sys
import time

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
# the core the host side uses: a snapshot's (see Snapshot) when it runs in a subprocess
LIB = os.environ.get("DEVICE_BUDGET_LIB") or os.path.join(ROOT, "lib")
for _p in (TOOLS, LIB):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import deploy  # noqa: E402
from domino import games  # noqa: E402
from domino.game import new_move_buffer  # noqa: E402
from domino.lineai.medium import ENDING  # noqa: E402
from domino.rng import Rng  # noqa: E402

PHASES = ("early", "middle", "late", "end")
LATE_LEFT = 14  # late: at most this many tiles in the hands, boneyard empty
END_LEFT = ENDING  # end: at most this many, after late (where Medium looks exactly)
END_GAMES = ("seychelles", "whist")  # the games timed at the end too (block play)
PER_PHASE = 6   # positions per phase and game
PER_PHASE_HEAVY = 3  # for the many-player double-nine / double-twelve All Fives
LEVELS = ((1, "medium"), (2, "hard"))
STEP = 64  # step(budget) per call on the device, until a move


def _opts(nset):
    from domino.allfives import options_for
    return options_for(nset)


# The tables timed, per game module: (name suffix, players, options, heavy). A game not
# named here is timed at its largest table with its default options.
TABLES = {
    "seychelles": (("2p", 2, 0, False), ("3p", 3, 0, False), ("4p", 4, 0, False)),
    "whist": (("4p", 4, 0, False),),
    "allfives": (("2p", 2, 0, False),
                 ("4p", 4, _opts(6), False),  # double-six, 5 each (an option)
                 ("6p_d9", 6, _opts(9), True),
                 ("8p_d12", 8, _opts(12), True)),
    "loo": (("2p", 2, 0, False), ("3p", 3, 0, False), ("4p", 4, 0, False)),
    "castle": (("2p", 2, 0, False), ("3p", 3, 0, False), ("6p", 6, 0, False)),
}


def configs():
    """``(name, game id, players, options, heavy)`` for every game of ``games.GAMES``:
    its :data:`TABLES`, else its largest table."""
    out = []
    for gid, mod, _, _, _ in games.GAMES:
        tables = TABLES.get(mod)
        if tables is None:
            n = games.load(gid).PLAYERS[-1]
            tables = (("%dp" % n, n, 0, False),)
        out += [(mod + "_" + name, gid, n, opts, heavy) for name, n, opts, heavy in tables]
    return tuple(out)


CONFIGS = configs()

TARGET_HARD_MEDIAN_MS = 1000
TARGET_HARD_MAX_MS = 3000
TARGET_MEDIUM_MAX_MS = 150  # issue 31: Medium at most 150 ms a decision
PYSTACK_DEPLOY = deploy.PYSTACK_BYTES


def deal(gid, players, options, seed):
    """A new hand as the device deals it for a position."""
    cls = games.load(gid)
    if options:
        return cls.from_options(players, seed, None, options)
    return cls(players, seed)


def play_out(gid, players, options, seed):
    """Play the hand of ``seed`` to its end with the fixed-seed random policy; return the
    move indices and, per decision with a choice, ``(ply, tiles in hands, stock left)``."""
    g = deal(gid, players, options, seed)
    buf = new_move_buffer()
    pick = Rng(seed * 3 + 1)
    idx = []
    choices = []
    while not g.over:
        n = g.legal_moves(buf)
        if n > 1:
            obs = g.observation(g.turn)
            choices.append((len(idx), sum(obs.counts), obs.stock))
        i = pick.below(n)
        idx.append(i)
        g.apply(buf[i])
    return idx, choices


def phase_plies(choices, seed_turn=0):
    """``{phase: ply}`` of one played hand (a phase it lacks is left out); ``early`` is
    decision ``seed_turn`` with a choice (0: the lead), so the early positions spread
    over the first round."""
    if not choices:
        return {}
    out = {"early": choices[min(seed_turn, len(choices) - 1)][0]}
    late = [c for c in choices if c[1] <= LATE_LEFT and c[2] == 0]
    end = len(choices) - 1
    if late:
        out["late"] = late[0][0]
        end = choices.index(late[0])
        last = [c for c in late[1:] if c[1] <= END_LEFT]
        if last:
            out["end"] = last[0][0]
    mid = end // 2
    if 0 < mid < end:
        out["middle"] = choices[mid][0]
    return out


def positions(gid, players, options, count, first_seed=1000, phases=PHASES):
    """``{phase: [(seed, move indices), ...]}``, ``count`` per phase of ``phases``:
    hands dealt from ``first_seed`` up (a hand that lacks a phase gives that phase
    nothing)."""
    out = {p: [] for p in phases}
    seed = first_seed
    while any(len(v) < count for v in out.values()):
        if seed > first_seed + 1000:
            raise RuntimeError("game %d, %d players: too few positions" % (gid, players))
        idx, choices = play_out(gid, players, options, seed)
        for phase, ply in phase_plies(choices, seed % players).items():
            if phase in out and len(out[phase]) < count:
                out[phase].append((seed, idx[:ply]))
        seed += 1
    return out


def rebuild(gid, players, options, seed, moves):
    """The game standing at a position (as the device rebuilds it)."""
    g = deal(gid, players, options, seed)
    buf = new_move_buffer()
    for i in moves:
        g.legal_moves(buf)
        g.apply(buf[i])
    return g


def phases_of(name):
    """The phases timed for config ``name``: ``end`` only in :data:`END_GAMES`."""
    return PHASES if name.split("_")[0] in END_GAMES else PHASES[:3]


def position_lines(configs=CONFIGS, per_phase=PER_PHASE, heavy=PER_PHASE_HEAVY):
    """The positions file: ``name phase gid players options seed i,i,..`` per line."""
    lines = []
    for name, gid, players, options, is_heavy in configs:
        phases = phases_of(name)
        pos = positions(gid, players, options, heavy if is_heavy else per_phase, phases=phases)
        for phase in phases:
            for seed, moves in pos[phase]:
                lines.append("%s %s %d %d %d %d %s" % (name, phase, gid, players, options, seed,
                                                       ",".join(map(str, moves)) or "-"))
    return lines


def parse_line(line):
    w = line.split()
    moves = [] if w[6] == "-" else [int(x) for x in w[6].split(",")]
    return w[0], w[1], int(w[2]), int(w[3]), int(w[4]), int(w[5]), moves


# Shared by the device programs: how many frames of a tiny function still fit on the
# Python stack from where it is called (the rest of the stack is free there).
STACK_PROBE = r'''
import gc
import time
D = 0


def _r():
    global D
    D += 1
    _r()


def stack_frames(where):
    global D
    D = 0
    try:
        _r()
    except RuntimeError as e:
        print("@@STACK", where, D, str(e).replace(" ", "_"))


def gc_us(where):
    t0 = time.monotonic_ns()
    gc.collect()
    t = (time.monotonic_ns() - t0) // 1000
    print("@@GC", where, t, gc.mem_free())
    return t


PROBE = [0]


def probe_next_step(where):
    # the next AI step() probes the stack where it is called, then step is as before
    from domino.ai.anytime import Player
    orig = Player.step

    def step(self, budget=64):
        Player.step = orig
        stack_frames(where)
        return orig(self, budget)
    Player.step = step
'''

# The code.py timing decisions (parts time, ram, gc). It prints
#   @@FREE <where> <bytes free after a collection>
#   @@GC <where> <us of one gc.collect()> <bytes free after it>
#   @@STACK <where> <frames of _r that fit> <the error's text>
#   @@POS <config> <phase> <seed> <legal> <medium us> <hard us> <mid-decision gc us> <free then> <hard's move>
# A decision is begin, step(4) (the firmware's budget per frame), a timed collection
# (taken out of the decision's time), then step(STEP) until the move.
DEVICE_CODE = STACK_PROBE + r'''
gc.collect()
print("@@FREE boot", gc.mem_free())
stack_frames("top")
gc_us("boot")
from domino import games, ai
from domino.game import new_move_buffer
gc.collect()
print("@@FREE core", gc.mem_free())
for _gid in %(gids)r:
    games.load(_gid)
gc.collect()
print("@@FREE games", gc.mem_free())
_p = [ai.new_player(_lv, 1) for _lv in (0, 1, 2)]
gc.collect()
print("@@FREE ai", gc.mem_free())
_p = None
gc_us("imported")


def decide(p, cls, obs, probe):
    t0 = time.monotonic_ns()
    p.begin(cls, obs)
    m = p.step(4)
    g = f = 0
    if m is None:
        t1 = time.monotonic_ns()
        gc.collect()
        g = time.monotonic_ns() - t1
        f = gc.mem_free()
    probed = probe and m is None
    if probed:
        probe_next_step("ai_call")
        g = None  # the probe's time is in this decision: not a clean timing
    while m is None:
        m = p.step(%(step)d)
    return ((time.monotonic_ns() - t0 - g) // 1000 if g is not None else -1,
            g // 1000 if g is not None else -1, f, m, probed)


def main():
    buf = new_move_buffer()
    cur = None
    eng = None
    fresh = False
    probe = %(probe_stack)d
    with open("positions.txt") as fh:
        for line in fh:
            w = line.split()
            if len(w) < 7:
                continue
            gid, np, opt, seed = int(w[2]), int(w[3]), int(w[4]), int(w[5])
            if w[0] != cur:  # one engine per level per game, as the firmware keeps them
                cur = w[0]
                eng = None
                gc.collect()
                eng = [ai.new_player(1, 0), ai.new_player(2, 0)]
                fresh = True
            cls = games.load(gid)
            g = cls.from_options(np, seed, None, opt) if opt else cls(np, seed)
            if w[6] != "-":
                for i in w[6].split(","):
                    g.legal_moves(buf)
                    g.apply(buf[int(i)])
            obs = g.observation(g.turn)
            g = None
            if fresh:  # as the firmware does at a match's start: the family imported, not timed
                for p in eng:
                    p.prepare(cls, obs)
                fresh = False
            out = []
            for k in (0, 1):
                p = eng[k]
                p.seed = seed
                gc.collect()
                out.append(decide(p, cls, obs, probe and k == 1))
            if out[1][4]:
                probe = 0
            print("@@POS", w[0], w[1], seed, len(obs.legal), out[0][0], out[1][0], out[1][1],
                  out[1][2], out[1][3])


print("@@MARK start")
main()
print("@@MARK end")
print("@@DONE")
'''

# The code.py that runs the real firmware (its code.py, deployed as fw_code.py) with
# its probe's collections timed and the Python stack probed where it first calls the AI.
#   @@GCF <scene> <us> <free>   each new longest collection after a frame
FIRMWARE_CODE = STACK_PROBE + r'''
stack_frames("top")
import probe as _probe
_tick = _probe.Probe.tick
_most = [0]


def _timed_tick(self, app, idle=False):
    t0 = time.monotonic_ns()
    gc.collect()
    t = (time.monotonic_ns() - t0) // 1000
    if t > _most[0]:
        _most[0] = t
        print("@@GCF", type(app.scene).__name__, t, gc.mem_free())
    _tick(self, app, idle)


_probe.Probe.tick = _timed_tick
probe_next_step("ai_call")
import fw_code  # the firmware's code.py: runs main() on import under CircuitPython
'''

# 4-player Seychelles, you and three Hard seats (P2-P4): title "New game", the game,
# P2..P4 set to Hard, Start; then A (your first legal tile) every ~3 s.
MATCH_HEAD = "A A D D R D R D R D D A"
MATCH_SCRIPT = MATCH_HEAD + " w3000 A" * 14 + " w4000"
GC_SCRIPT = MATCH_HEAD + " w3000 A" * 6 + " w2000"
# The other layouts' hands, started the same way (the options screen, firmware/newgame.py),
# A every ~3 s; each run ends at the hand's summary (SUMMARY): (name, game id, players,
# Hard seats, script). Domino Loo: you and three Hard (P2..P4), past Target and scoring.
# Castle Rock at its largest table: Players 6 (R twice from 4), you and five Hard, past
# Target, set (double-6) and play (match).
LOO_HEAD = "A D D D A D D R D R D R D D D A"
CASTLE_HEAD = "A D D D D A R R D D R D R D R D R D R D D D D A"
FIRMWARE_MATCHES = (
    ("loo_4p", 3, 4, 3, LOO_HEAD + " w3000 A" * 30),
    ("castle_6p", 4, 6, 5, CASTLE_HEAD + " w2500 A" + " w3000 A" * 45),  # (A: past the draw for the deal)
)
SUMMARY = "@@MEM Summary"
TITLE_SCRIPT = "w1000"


def settings_text(pystack=PYSTACK_DEPLOY, board=None, probe=False):
    """A whole settings.toml as deploy writes it, with the stack size ``pystack``."""
    lines = ["%s = %d" % (key, pystack if key == deploy.PYSTACK else least) for key, least in deploy.MINIMUMS]
    if board:
        lines.append('POCKET_DOMINO_BOARD = "%s"' % board)
    if probe:
        lines.append("POCKET_DOMINO_PROBE = 1")
    return "\n".join(lines) + "\n"


class Snapshot:
    """The firmware and core of one commit (default ``HEAD``: ``git archive``, so others'
    uncommitted edits are left out) deployed once (its ``tools/deploy.py``, board
    ``pico``) into a folder, from which every image of one measurement is made
    (``tools/pico.py``'s ``build_image`` deploys the working tree anew each time, and
    others commit to lib/ meanwhile). The host side (positions, Hard's moves, the stack
    proxy) runs on the same core, in a subprocess (:func:`host_call`). Images: the folder
    plus ``files``, through the runner's ``build_fs.py``, as ``pico.build_image`` makes
    them."""

    def __init__(self, ref="HEAD"):
        import subprocess
        import tempfile
        self._tmp = tempfile.TemporaryDirectory(prefix="domino-snap-")
        self.root = os.path.join(self._tmp.name, "root")
        self.folder = os.path.join(self._tmp.name, "fs")
        os.makedirs(self.root)
        self.commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short=10", ref],
                                     capture_output=True, text=True, check=True).stdout.strip()
        arch = subprocess.run(["git", "-C", ROOT, "archive", self.commit, "lib", "firmware", "boards",
                               "tools/deploy.py", "tools/shrink.py"], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", self.root], input=arch.stdout, check=True)
        subprocess.run([sys.executable, os.path.join(self.root, "tools", "deploy.py"), self.folder,
                        "--board", "pico", "--folder"], check=True, capture_output=True)
        self.lib = os.path.join(self.root, "lib")
        with open(os.path.join(self.root, "firmware", "code.py"), encoding="utf-8") as f:
            self.firmware_code = f.read()

    def describe(self):
        return "commit %s (git archive: lib, firmware, boards)" % self.commit

    def image(self, path, files):
        import shutil
        import tempfile
        import pico
        with tempfile.TemporaryDirectory() as d:
            fs = os.path.join(d, "fs")
            shutil.copytree(self.folder, fs)
            return pico.pack(fs, path, files)

    def close(self):
        self._tmp.cleanup()


def host_call(name, *args):
    """``name(*args)`` of this module, on the snapshot's core when one is in use (a
    subprocess, JSON in and out; tuples come back as lists), else here."""
    snap = SNAP[0]
    if snap is None:
        return globals()[name](*args)
    import json
    import subprocess
    code = ("import json, sys; sys.path.insert(0, %r); import device_budget as d; "
            "print(json.dumps(getattr(d, %r)(*json.loads(sys.stdin.read()))))" % (TOOLS, name))
    env = dict(os.environ, DEVICE_BUDGET_LIB=snap.lib)
    p = subprocess.run([sys.executable, "-c", code], input=json.dumps(args), capture_output=True,
                       text=True, env=env)
    if p.returncode:
        raise RuntimeError("%s on the snapshot's core failed:\n%s" % (name, p.stderr[-2000:]))
    return json.loads(p.stdout)


def core_path():
    """Where ``domino`` is imported from here (the snapshot check in the tests)."""
    import domino
    return os.path.dirname(os.path.dirname(os.path.abspath(domino.__file__)))


SNAP = [None]  # the Snapshot of the measurement under way (None: a fresh deploy per image)


def _boot(code, files, script="", until="Code done running", emu_s=3600, timeout_s=3600):
    import tempfile
    import pico
    files = dict(files)
    with tempfile.TemporaryDirectory() as d:
        img = os.path.join(d, "fs.img")
        if SNAP[0] is not None:
            if code is not None:
                files["code.py"] = code
            SNAP[0].image(img, files)
        else:
            pico.build_image(img, code=code, files=files)
        return pico.run(img, script=script, until=until, emu_s=emu_s, timeout_s=timeout_s)


def run_positions(lines, pystack=PYSTACK_DEPLOY, probe_stack=False, timeout_s=3600):
    """Boot :data:`DEVICE_CODE` on ``lines`` (positions); the pico.Run."""
    gids = sorted({parse_line(ln)[2] for ln in lines})
    code = DEVICE_CODE % {"gids": tuple(gids), "step": STEP, "probe_stack": 1 if probe_stack else 0}
    return _boot(code, {"positions.txt": "\n".join(lines) + "\n",
                        "settings.toml": settings_text(pystack)}, timeout_s=timeout_s)


def run_firmware(script, timed=False, timeout_s=3600, pystack=PYSTACK_DEPLOY, until=None):
    """Boot the firmware with its probe on and play ``script`` (to its end, or to a console
    line holding ``until``); with ``timed``, through :data:`FIRMWARE_CODE` (collections
    timed, stack probed); the pico.Run."""
    import pico
    _, end = pico.timeline(script)
    files = {"settings.toml": settings_text(pystack, board="pico", probe=True)}
    code = None
    if timed:
        if SNAP[0] is not None:
            files["fw_code.py"] = SNAP[0].firmware_code
        else:
            with open(os.path.join(ROOT, "firmware", "code.py"), encoding="utf-8") as f:
                files["fw_code.py"] = f.read()
        code = FIRMWARE_CODE
    return _boot(code, files, script=script, until=until, emu_s=end / 1000.0, timeout_s=timeout_s)


def host_moves(lines):
    """Hard's move on the host for each position (the device must make the same)."""
    from domino import ai
    out = []
    eng = {}
    for ln in lines:
        name, _, gid, players, options, seed, moves = parse_line(ln)
        g = rebuild(gid, players, options, seed, moves)
        p = eng.get(name) or eng.setdefault(name, ai.new_player(2, 0))
        p.seed = seed
        out.append(p.choose(type(g), g.observation(g.turn)))
    return out


def frame_units(gid, players, options, seed, moves):
    """``(slots, calls, chain)`` of a Hard decision on this position, on the host: the
    most CPython frame slots (``co_nlocals + co_stacksize`` summed over the open frames)
    held at once, a proxy for its Python stack on the device; the Python calls made, a
    proxy for its time (deterministic, unlike a timing); the call chain at the deepest."""
    from domino import ai
    g = rebuild(gid, players, options, seed, moves)
    obs = g.observation(g.turn)
    p = ai.new_player(2, 0)
    p.seed = seed
    st = {"cur": 0, "max": 0, "calls": 0, "stack": [], "path": ""}

    def prof(frame, event, arg):
        if event == "call":
            c = frame.f_code
            w = c.co_nlocals + c.co_stacksize
            st["stack"].append(w)
            st["cur"] += w
            st["calls"] += 1
            if st["cur"] > st["max"]:
                st["max"] = st["cur"]
                names = []
                f = frame
                while f is not None and f.f_code is not frame_units.__code__:
                    names.append(f.f_code.co_name)
                    f = f.f_back
                st["path"] = "/".join(reversed(names))
        elif event == "return" and st["stack"]:
            st["cur"] -= st["stack"].pop()

    sys.setprofile(prof)
    try:
        p.begin(type(g), obs)
        while p.step(STEP) is None:
            pass
    finally:
        sys.setprofile(None)
    return st["max"], st["calls"], st["path"]


def deepest(lines, count=4):
    """The ``count`` positions whose Hard decision holds the most frame slots on the host
    (:func:`frame_units`), of those making at most twice the median number of calls
    (short device runs), each from a different game and phase, and the deepest late
    position (an exact ending) and late block-play position (the bitmask solver) if
    none of them is one; ``[(slots, chain, line)]``."""
    rows = []
    for ln in lines:
        name, phase, gid, players, options, seed, moves = parse_line(ln)
        units, calls, path = frame_units(gid, players, options, seed, moves)
        rows.append((units, -calls, path, ln, (name, phase)))
    cheap = 2 * _median([-r[1] for r in rows])
    rows = [r for r in rows if -r[1] <= cheap]
    rows.sort(reverse=True)
    out = []
    seen = set()
    for units, _, path, ln, key in rows:
        if key in seen:
            continue
        seen.add(key)
        out.append((units, path, ln))
        if len(out) == count:
            break
    for block in (False, True):  # and the deepest exact ending, of a block game too
        if not any(ln.split()[1] == "late" and (not block or ln.split()[2] in "01") for _, _, ln in out):
            late = [r for r in rows if r[4][1] == "late" and (not block or r[3].split()[2] in "01")]
            if late:
                out.append((late[0][0], late[0][2], late[0][3]))
    if not out:
        raise RuntimeError("no positions to probe the stack with")
    return out


def _median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


class Device:
    """The device figures: ``values`` (key -> int, in order), ``targets`` (name, value,
    limit, op) with op ``<=`` or ``>=``, and ``raw`` (each run's console lines)."""

    def __init__(self):
        self.values = {}
        self.targets = []
        self.raw = []
        self.positions = []  # (config, phase, seed, legal, medium us, hard us, gc us, free, move)

    def put(self, key, value):
        self.values[key] = int(round(value))

    def target(self, name, value, limit, op="<="):
        self.targets.append((name, int(round(value)), int(limit), op))

    def keep(self, what, run):
        self.raw.append((what, [ln for ln in run.console.splitlines() if ln.startswith("@@")]
                         + [ln for ln in run.host.splitlines() if "MARK" in ln or "summary" in ln]))


def _check(run, what):
    if run.traceback() is not None:
        raise RuntimeError("%s: the device raised:\n%s" % (what, run.traceback()))


def part_time(dev, lines, runs):
    """Parse the @@POS/@@FREE/@@GC/@@STACK lines of the position runs."""
    by = {}
    for r in runs:
        _check(r, "positions")
        for w in r.lines("@@POS "):
            row = (w[0], w[1], int(w[2]), int(w[3]), int(w[4]), int(w[5]), int(w[6]), int(w[7]), int(w[8]))
            dev.positions.append(row)
            by.setdefault((w[0], w[1]), []).append(row)
    if len(dev.positions) != len(lines):
        raise RuntimeError("%d positions timed of %d" % (len(dev.positions), len(lines)))
    want = host_call("host_moves", lines)
    order = {(parse_line(ln)[0], parse_line(ln)[1], parse_line(ln)[5]): i for i, ln in enumerate(lines)}
    differ = sum(1 for row in dev.positions if row[8] != want[order[(row[0], row[1], row[2])]])
    dev.put("device_positions_timed", len(dev.positions))
    dev.put("device_hard_moves_differ_from_host", differ)
    dev.target("device_hard_moves_differ_from_host", differ, 0)
    names = [c[0] for c in CONFIGS]
    for key in sorted(by, key=lambda k: (names.index(k[0]), PHASES.index(k[1]))):
        rows = by[key]
        hard = [r[5] / 1000.0 for r in rows]
        med = [r[4] / 1000.0 for r in rows]
        k = "device_%s_%s_" % key
        dev.put(k + "positions", len(rows))
        dev.put(k + "hard_ms_median", _median(hard))
        dev.put(k + "hard_ms_max", max(hard))
        dev.put(k + "medium_ms_median", _median(med))
        dev.put(k + "medium_ms_max", max(med))
    for key in sorted(by, key=lambda k: (names.index(k[0]), PHASES.index(k[1]))):
        k = "device_%s_%s_" % key
        dev.target(k + "hard_ms_median", dev.values[k + "hard_ms_median"], TARGET_HARD_MEDIAN_MS)
        dev.target(k + "hard_ms_max", dev.values[k + "hard_ms_max"], TARGET_HARD_MAX_MS)
        dev.target(k + "medium_ms_max", dev.values[k + "medium_ms_max"], TARGET_MEDIUM_MAX_MS)


def part_ram_gc(dev, runs, fw, matches=None):
    """Free RAM after imports (position runs), the firmware's lowest, the gc pauses;
    ``matches``: {name: pico.Run} of :data:`FIRMWARE_MATCHES`, each game's lowest."""
    r = runs[0]
    free = {w[0]: int(w[1]) for w in r.lines("@@FREE ")}
    dev.put("device_free_ram_boot_bytes", free["boot"])
    dev.put("device_free_ram_after_core_import_bytes", free["core"])
    dev.put("device_free_ram_after_games_import_bytes", free["games"])
    dev.put("device_free_ram_after_ai_import_bytes", free["ai"])
    gcs = {}
    for run in runs:
        for w in run.lines("@@GC "):
            gcs[w[0]] = max(gcs.get(w[0], 0), int(w[1]))
    mid = [row[6] for row in dev.positions if row[6] >= 0]
    dev.put("device_gc_pause_boot_us", gcs["boot"])
    dev.put("device_gc_pause_after_import_us", gcs["imported"])
    if mid:
        dev.put("device_gc_pause_mid_decision_max_us", max(mid))
    if fw is not None:
        _check(fw, "firmware match")
        mem = [(w[0], int(w[1]), int(w[2])) for w in fw.lines("@@MEM ")]
        if not any(s == "Table" for s, _, _ in mem):
            raise RuntimeError("the firmware match never reached the table:\n" + fw.console[-1500:])
        # the probe samples every frame and prints its lowest so far with each line
        low = min(min(f for _, f, _ in mem), min(lo for _, _, lo in mem))
        dev.put("device_firmware_low_free_ram_bytes", low)
        dev.put("device_firmware_mem_readings", len(mem))
        dev.target("device_firmware_low_free_ram_bytes", low, 24 * 1024, ">=")
        blocks = [int(w[5]) for w in fw.lines("@@MEM ") if len(w) > 5]
        if blocks:
            dev.put("device_firmware_low_block_bytes", min(blocks))
            dev.target("device_firmware_low_block_bytes", min(blocks), 4 * 1024, ">=")
    for name, gid, _, _, _ in FIRMWARE_MATCHES:
        r = (matches or {}).get(name)
        if r is None:
            continue
        _check(r, "firmware %s hand" % name)
        if "out of RAM" in r.console:
            raise RuntimeError("firmware %s hand: out of RAM:\n%s" % (name, r.console[-1500:]))
        # the game's readings; and the probe's lowest so far (every frame) where it was
        # set at the table or its summary (the only match of the run)
        rows = [w for w in r.lines("@@MEM ") if int(w[4]) == gid]
        if not any(w[0] == "Summary" for w in rows):
            raise RuntimeError("firmware %s hand: no summary, the hand did not end:\n%s"
                               % (name, r.console[-1500:]))
        k = "device_firmware_%s_" % name
        low = min([int(w[1]) for w in rows]
                  + [int(w[2]) for w in rows if w[3] in ("Table", "Summary")])
        block = min(int(w[5]) for w in rows)
        dev.put(k + "low_free_ram_bytes", low)
        dev.put(k + "low_block_bytes", block)
        dev.put(k + "mem_readings", len(rows))
        dev.target(k + "low_free_ram_bytes", low, 24 * 1024, ">=")
        dev.target(k + "low_block_bytes", block, 4 * 1024, ">=")
    if fw is not None:
        plain = getattr(dev, "plain_title", None)
        if plain is not None:
            _check(plain, "firmware at the title")
            title = [int(w[1]) for w in plain.lines("@@MEM ") if w[0] == "Title"]
            timed = [f for s, f, _ in mem if s == "Title"]
            if title and timed:
                dev.put("device_firmware_title_free_ram_bytes", title[0])
                dev.put("device_firmware_measuring_code_bytes", title[0] - timed[0])
        gcf = [int(w[1]) for w in fw.lines("@@GCF ")]
        if gcf:
            dev.put("device_gc_pause_firmware_max_us", max(gcf))
    pauses = [v for k, v in dev.values.items() if k.startswith("device_gc_pause_")]
    dev.put("device_gc_pause_max_us", max(pauses))


def bisect_pystack(lines, out=None, hi=PYSTACK_DEPLOY, lo=256):
    """The smallest multiple of 256 bytes of CIRCUITPY_PYSTACK_SIZE at which every
    position of ``lines`` is decided (``hi`` must work); ``(size, {size: (ok, top
    frames, ai-call frames, why, emulated ms)})``."""
    tried = {}
    runs = []

    def attempt(size):
        r = run_positions(lines, pystack=size, probe_stack=True)
        ok = r.traceback() is None and len(r.lines("@@POS ")) == len(lines) and "@@DONE" in r.console
        st = {w[0]: int(w[1]) for w in r.lines("@@STACK ")}
        why = ""
        if not ok:  # the traceback's last line, else what the console printed after the last mark
            tb = r.traceback()
            con = r.console.splitlines()
            last = max([i for i, ln in enumerate(con) if ln.startswith("@@")] or [-1])
            after = [ln.strip() for ln in con[last + 1:] if ln.strip()][:3]
            err = [ln for ln in (tb or "").splitlines()[1:] if ln and not ln.startswith(" ")]
            why = "after %s: %s" % (con[last] if last >= 0 else "boot",
                                    err[0] if err else " | ".join(after))
        tried[size] = (ok, st.get("top"), st.get("ai_call"), why, r.emu_ms() or 0)
        runs.append(("pystack %d" % size, r))
        if out:
            out("pystack %d: %s%s" % (size, "ok" if ok else "FAILS", "" if ok else " (%s)" % why))
        return ok

    if not attempt(hi):
        raise RuntimeError("the positions fail at %d bytes of Python stack" % hi)
    good, bad = hi // 256, lo // 256 - 1  # in 256-byte steps: good works, bad fails (or is below lo)
    while good - bad > 1:
        mid = (good + bad) // 2
        if attempt(mid * 256):
            good = mid
        else:
            bad = mid
    bisect_pystack.runs = runs  # the runs, for the raw record
    return good * 256, tried


def part_stack(dev, size, tried, fw):
    """The stack figures from a bisection and the firmware's probe."""
    dev.put("device_pystack_deploy_bytes", PYSTACK_DEPLOY)
    dev.put("device_pystack_min_for_decisions_bytes", size)
    sizes = sorted(s for s, t in tried.items() if t[1])
    top = {s: tried[s][1] for s in sizes}
    probed = [s for s in sizes if tried[s][2]]
    if len(sizes) >= 2 and top[sizes[-1]] != top[sizes[0]] and probed:
        fb = (sizes[-1] - sizes[0]) / float(top[sizes[-1]] - top[sizes[0]])
        dev.put("device_pystack_probe_frame_bytes", fb)
        hi = probed[-1]
        used_here = hi - tried[hi][2] * fb  # in the timing program, where it calls step
        dev.put("device_pystack_used_at_ai_call_bytes", used_here)
        if fw is not None:
            st = {w[0]: int(w[1]) for w in fw.lines("@@STACK ")}
            if "ai_call" in st:
                used_fw = PYSTACK_DEPLOY - st["ai_call"] * fb
                dev.put("device_pystack_firmware_used_at_ai_call_bytes", used_fw)
                need = size + used_fw - used_here
                dev.put("device_pystack_firmware_decision_need_est_bytes", need)
                dev.target("device_pystack_firmware_decision_need_est_bytes", need, PYSTACK_DEPLOY)
    dev.target("device_pystack_min_for_decisions_bytes", size, PYSTACK_DEPLOY)


def shards(lines, n, cost=None):
    """Split ``lines`` into ``n`` lists of about equal host cost, each in config order."""
    cost = cost or {}
    parts = [[] for _ in range(n)]
    load = [0.0] * n
    for i in sorted(range(len(lines)), key=lambda i: -cost.get(lines[i], 1.0)):
        k = load.index(min(load))
        parts[k].append(i)
        load[k] += cost.get(lines[i], 1.0)
    return [[lines[i] for i in sorted(p)] for p in parts if p]


def host_cost(lines):
    """Host seconds of Hard's decision per position (to balance the device shards)."""
    from domino import ai
    out = {}
    for ln in lines:
        _, _, gid, players, options, seed, moves = parse_line(ln)
        g = rebuild(gid, players, options, seed, moves)
        p = ai.new_player(2, seed)
        t0 = time.perf_counter()
        p.choose(type(g), g.observation(g.turn))
        out[ln] = time.perf_counter() - t0
    return out


def measure(parts=("time", "ram", "gc", "stack"), full=False, quick=False, workers=2, out=None,
            names=None, per_phase=None):
    """Run the device parts (see the module doc) and return the :class:`Device`.

    ``full``: 6 positions per phase (3 for the heavy All Fives); default 3 (2); ``quick``:
    1 per phase of 4-player Seychelles and All Fives only, a shorter match;
    ``per_phase``: that many per phase of every table timed. A part
    ``fwstack<N>`` (not in the default) plays the firmware's short Hard match (its
    own code.py) with ``CIRCUITPY_PYSTACK_SIZE = N``: 1 if it runs with no error.
    ``names``: time only the :data:`CONFIGS` whose name starts with one of these."""
    t_wall = time.time()
    dev = Device()
    say = out or (lambda s: None)
    SNAP[0] = snap = Snapshot()
    dev.tree = snap.describe()
    say("deployed from %s" % dev.tree)
    try:
        configs = [c for c in CONFIGS if names is None or c[0].startswith(tuple(names))]
        if quick:
            configs = [c for c in configs if c[0] in ("seychelles_4p", "allfives_4p")]
            lines = host_call("position_lines", configs, 1, 1)
        elif per_phase:
            lines = host_call("position_lines", configs, per_phase, per_phase)
        elif full:
            lines = host_call("position_lines", configs, PER_PHASE, PER_PHASE_HEAVY)
        else:
            lines = host_call("position_lines", configs, 3, 2)
        say("%d positions" % len(lines))
        _measure(dev, parts, lines, quick, workers, say, t_wall)
    finally:
        SNAP[0] = None
        snap.close()
    return dev


def _measure(dev, parts, lines, quick, workers, say, t_wall):
    from concurrent.futures import ThreadPoolExecutor
    need_pos = any(p in parts for p in ("time", "ram", "gc"))
    need_fw = "ram" in parts or "gc" in parts or "stack" in parts
    jobs = {}
    with ThreadPoolExecutor(max_workers=workers) as ex:
        if need_pos:
            sh = shards(lines, workers, host_call("host_cost", lines)) if "time" in parts else [lines[:1]]
            for i, s in enumerate(sh):
                jobs["positions%d" % i] = ex.submit(run_positions, s)
        if need_fw:
            jobs["firmware"] = ex.submit(run_firmware, GC_SCRIPT if quick else MATCH_SCRIPT, True)
        if "ram" in parts:
            jobs["firmware_plain_title"] = ex.submit(run_firmware, TITLE_SCRIPT, False)
            for name, _, _, _, script in (() if quick else FIRMWARE_MATCHES):
                jobs["firmware_" + name] = ex.submit(run_firmware, script, False, 3600,
                                                     PYSTACK_DEPLOY, SUMMARY)
        for p in parts:
            if p.startswith("fwstack"):  # the firmware's short match at this Python stack
                size = int(p[len("fwstack"):])
                jobs[p] = ex.submit(run_firmware, GC_SCRIPT, False, 3600, size)
        if "stack" in parts:
            deep = [tuple(x) for x in host_call("deepest", lines, 2 if quick else 4)]
            for units, path, ln in deep:
                say("deepest: %d slots %s: %s" % (units, path, " ".join(ln.split()[:2] + ln.split()[5:6])))
            dev.deep = deep
            jobs["stack"] = ex.submit(bisect_pystack, [d[2] for d in deep], say)
        res = {}
        for k, f in jobs.items():
            res[k] = f.result()
            say("%s done (%.0f s)" % (k, time.time() - t_wall))
    runs = [res[k] for k in sorted(res) if k.startswith("positions")]
    fw = res.get("firmware")
    dev.plain_title = res.get("firmware_plain_title")
    for k in sorted(res):
        if k != "stack" and not k.startswith("fwstack"):
            dev.keep(k, res[k])
    emu = sum((r.emu_ms() or 0) for k, r in res.items() if k != "stack") / 1000.0
    emu += sum(t[4] for t in res["stack"][1].values()) / 1000.0 if "stack" in res else 0
    if "time" in parts:
        part_time(dev, lines, runs)
    if "ram" in parts or "gc" in parts:
        part_ram_gc(dev, runs, fw, {name: res["firmware_" + name] for name, _, _, _, _ in
                                    FIRMWARE_MATCHES if "firmware_" + name in res})
    for k in sorted(res):
        if k.startswith("fwstack"):
            size = int(k[len("fwstack"):])
            r = res[k]
            mem = [w[0] for w in r.lines("@@MEM ")]
            moved = len([1 for w in r.lines("@@MEM ") if w[0] == "Table"])
            ok = r.traceback() is None and "out of RAM" not in r.console and moved >= 3
            dev.put("device_firmware_runs_at_pystack_%d" % size, 1 if ok else 0)
            if not ok:
                say("firmware at pystack %d: %s" % (size, (r.traceback() or r.console[-400:]).strip()))
            dev.raw.append((k, [ln for ln in r.console.splitlines() if ln.startswith("@@")][-5:] + mem[-1:]))
    if "stack" in parts:
        size, tried = res["stack"]
        dev.tried = tried
        for what, r in getattr(bisect_pystack, "runs", []):
            dev.keep(what, r)
        part_stack(dev, size, tried, fw)
    dev.put("device_emulated_seconds", emu)
    dev.put("device_wall_seconds", time.time() - t_wall)


def calibrate_wasm(out=None, workers=2):
    """Time Medium and Hard on ``tools/ai_cost.py``'s own positions (its ``POSITIONS``
    code, run on the device exactly as under MicroPython, with its protocol:
    ``ai.new_player(level, 11 + i).choose``) and under wasm (``ai_cost.measure``); return
    ``{game: {level: [(device ms, wasm estimate ms at ai_cost's constant), ...]}}`` and
    the constant (us per reference iteration) that makes the estimates' median ratio 1."""
    from concurrent.futures import ThreadPoolExecutor
    import ai_cost
    say = out or (lambda s: None)
    count = 10
    code = ai_cost.POSITIONS + CAL_LOOP  # one % formatting: POSITIONS's %% become %

    def dev_run(game):
        src = code % {"games": (game,), "count": count}
        return _boot(src, {"settings.toml": settings_text()})

    SNAP[0] = snap = Snapshot()
    say("deployed from %s" % snap.describe())
    try:
        with ThreadPoolExecutor(max_workers=workers) as ex:
            futs = [ex.submit(dev_run, g) for g in ai_cost.GAMES]
            per = {}
            est = ai_cost.measure(per_position=per, heap=False, lib=snap.lib,
                                  out=lambda s: say("wasm " + s))
            runs = [f.result() for f in futs]
    finally:
        SNAP[0] = None
        snap.close()
    res = {}
    for r in runs:
        _check(r, "calibration")
        for w in r.lines("@@CAL "):
            name, level, i, us = w[0], int(w[1]), int(w[2]), int(w[3])
            res.setdefault(name, {}).setdefault(level, []).append((us / 1000.0, per[name][level][i]))
    ratios = [d / e for name in res for d, e in res[name][2]]
    return res, ai_cost.US_PER_ITER_EST * _median(ratios), est


CAL_LOOP = '''
import gc
import time
for gid, players, name in %(games)r:
    cls, obs_list = positions(gid, players, %(count)d, 0)
    for i in range(len(obs_list)):
        for level in (1, 2):
            gc.collect()
            t0 = time.monotonic_ns()
            ai.new_player(level, 11 + i).choose(cls, obs_list[i])
            print("@@CAL", name, level, i, (time.monotonic_ns() - t0) // 1000)
print("@@DONE")
'''


def write_raw(dev, path):
    """Each position's figures, the runs' marked console lines and the stack sizes tried."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("# deployed from %s\n" % getattr(dev, "tree", "?"))
        f.write("# POS config phase seed legal medium_us hard_us midgc_us free_mid hard_move\n")
        for row in dev.positions:
            f.write("POS %s\n" % " ".join(map(str, row)))
        for units, path_, ln in getattr(dev, "deep", []):
            f.write("DEEP %d %s %s\n" % (units, path_, " ".join(ln.split()[:6])))
        for s, t in sorted(getattr(dev, "tried", {}).items()):
            f.write("PYSTACK %d ok=%s top_frames=%s ai_call_frames=%s emu_ms=%.0f %s\n" % (
                s, t[0], t[1], t[2], t[4], t[3]))
        for what, lns in dev.raw:
            f.write("== %s\n%s\n" % (what, "\n".join(lns)))


def lines_of(dev):
    """``key: value`` then ``target ...`` lines, as tools/budget.py prints them."""
    out = ["%s: %d" % kv for kv in dev.values.items()]
    for name, value, limit, op in dev.targets:
        ok = value <= limit if op == "<=" else value >= limit
        out.append("target %s %s %d: %d %s" % (name, op, limit, value, "PASS" if ok else "MISS"))
    return out


def _parts(text):
    """``--part``'s value: parts of :func:`measure`, comma-separated."""
    parts = tuple(text.split(","))
    for p in parts:
        if p not in ("time", "ram", "gc", "stack") and not (p.startswith("fwstack") and p[7:].isdigit()):
            raise argparse.ArgumentTypeError("no part %r (time, ram, gc, stack, fwstack<N>)" % p)
    return parts


def games_arg(text):
    """``--games``' value: prefixes of :data:`CONFIGS` names, each naming at least one."""
    names = text.split(",")
    for n in names:
        if not any(c[0].startswith(n) for c in CONFIGS):
            raise argparse.ArgumentTypeError("no table's name starts with %r" % n)
    return names


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].split("\n")[0],
                                 epilog="Tables (--games takes their prefixes): "
                                 + ", ".join(c[0] for c in CONFIGS))
    size = ap.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="1 position a phase, two games")
    size.add_argument("--full", action="store_true", help="6 positions a phase (3 with many players)")
    ap.add_argument("--part", type=_parts, default=("time", "ram", "gc", "stack"),
                    help="time, ram, gc, stack or fwstack<N>, comma-separated (default: the four)")
    ap.add_argument("--games", type=games_arg, help="time only the tables whose names start so")
    ap.add_argument("--per-phase", type=int, help="positions a phase and table")
    ap.add_argument("--raw", help="write every timed position's figures to this file")
    ap.add_argument("--calibrate-wasm", action="store_true", help="tools/ai_cost.py's constant")
    args = ap.parse_args(argv)
    parts, raw, names, per_phase = args.part, args.raw, args.games, args.per_phase
    say = lambda s: print("# " + s, file=sys.stderr, flush=True)  # noqa: E731
    if args.calibrate_wasm:
        res, us, _ = calibrate_wasm(say)
        for name in res:
            for level in sorted(res[name]):
                for i, (d, e) in enumerate(res[name][level]):
                    print("cal %s %s %d device_ms %.1f wasm_est_ms %.1f ratio %.3f" % (
                        name, ("easy", "medium", "hard")[level], i, d, e, d / e))
        print("wasm_us_per_reference_iteration_calibrated: %.2f" % us)
        return 0
    dev = measure(parts, full=args.full, quick=args.quick, out=say, names=names,
                  per_phase=per_phase)
    print("\n".join(lines_of(dev)))
    if raw:
        write_raw(dev, raw)
    return 1 if any((v > lim if op == "<=" else v < lim) for _, v, lim, op in dev.targets) else 0


if __name__ == "__main__":
    sys.exit(main())
