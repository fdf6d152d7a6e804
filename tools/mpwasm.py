"""Run code under real MicroPython (WebAssembly, 32-bit objects) from CPython, with heap readings.

The core in ``lib/`` is copied into the interpreter's file system as ``/lib`` and put on
``sys.path``, so ``import domino.seychelles`` works as on a board. One call runs one fresh
interpreter in Node (``tools/mp_harness.mjs``, the npm package
``@micropython/micropython-webassembly-pyscript`` installed by ``bash tools/setup.sh``)::

    import mpwasm as mp              # this module (tools/ is on sys.path)
    r = mp.run(setup="import domino.seychelles\nprint(1)",
               steps=["print(2)"])         # each step: one runPython() call
    r.stdout, r.after_setup, r.peak, r.steps
    # a seeded match, one call per move, gc.collect() between moves, every event printed:
    r = mp.run(setup=mp.match_source(gid=0, players=4, seed=7), loop="step")

``loop`` names a function defined by ``setup``; it is called from JS (no source compiled)
until it returns a false value, so its readings hold only what the code allocates; it must
return a bool/int/None. ``lib`` may also be a folder of ``.mpy`` files (see
``tools/budget.py``, which imports the core the way a board should: compiled).

Heap readings: before each step the harness calls ``gc.collect()`` and reads
``gc.mem_alloc()``; after it, ``gc.mem_alloc()`` again. This port never collects garbage
while one call into Python runs (its heap grows instead), so garbage made by a step stays
counted, and ``live before + allocated`` (:attr:`Result.peak`) bounds the step's heap
from above, except for blocks freed explicitly within the call (the compiler's parse
tree, a list moved by ``realloc``). :func:`min_heap` has no such gap: it finds the
smallest heap the whole run fits in without growing.

Raises :class:`MicroPythonUnavailable` with the fix when Node or the npm package is
missing, and :class:`MicroPythonError` (with the stdout so far) when the Python code fails.
"""

import json
import os
import shutil
import subprocess

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
LIB = os.path.join(ROOT, "lib")
HARNESS = os.path.join(TOOLS, "mp_harness.mjs")
PACKAGE = os.path.join(TOOLS, "node_modules", "@micropython", "micropython-webassembly-pyscript")


class MicroPythonUnavailable(RuntimeError):
    """Node or the MicroPython npm package is not installed."""


class MicroPythonError(RuntimeError):
    """The code run under MicroPython raised, or the harness failed; ``stdout`` holds the output."""

    def __init__(self, message, stdout=""):
        RuntimeError.__init__(self, message)
        self.stdout = stdout


class Result:
    """What one :func:`run` printed and measured (all heap figures in bytes).

    ``stdout``: everything printed. ``heap_total``: the usable size of the GC heap the run
    started with. ``base``: heap in use before ``setup`` (the interpreter alone, after
    ``gc.collect()``). ``setup_alloc``: allocated while ``setup`` ran. ``after_setup``: heap
    in use after ``setup`` and ``gc.collect()``. ``steps``: one ``(live_before, allocated,
    returned)`` per step (source steps first, then loop calls; ``returned`` is what a loop
    call returned if it was a bool or int, else None). ``grew``: True if some call did not
    fit in the heap the run started with (the port then grows its heap instead of
    collecting; see :func:`min_heap`).

    "Allocated" is the rise of ``gc.mem_alloc()`` over the call. Nothing is collected
    during a call, but the compiler and ``realloc`` free some blocks explicitly, so it can
    be less than the bytes asked for; :func:`min_heap` catches what it misses.
    """

    def __init__(self, answer):
        self.stdout = answer["stdout"]
        self.heap_total = answer.get("heap_total")
        self.base = answer["base"]
        setup = answer["setup"] or [0, 0, 0, 0]
        self.setup_alloc = setup[1]
        self.after_setup = setup[2]
        self.steps = [tuple(s[:3]) for s in answer["steps"]]
        room0 = answer.get("room0", 0)
        rooms = [setup[3]] + [s[3] for s in answer["steps"]]
        self.grew = any(r > room0 + 1024 for r in rooms)  # mem_free() wobbles by a few bytes

    @property
    def peak(self):
        """Highest ``live before + allocated`` over setup and steps."""
        best = self.base + self.setup_alloc
        for live, alloc, _ in self.steps:
            if live + alloc > best:
                best = live + alloc
        return best

    @property
    def peak_step_alloc(self):
        """The most any one step allocated."""
        return max([s[1] for s in self.steps] or [0])

    def live(self):
        """Heap in use before each step, after ``gc.collect()``."""
        return [s[0] for s in self.steps]


def check_available():
    """Raise :class:`MicroPythonUnavailable` unless Node and the npm package are installed."""
    if shutil.which("node") is None:
        raise MicroPythonUnavailable(
            "node is not installed: MicroPython runs as WebAssembly under Node "
            "(install Node.js 18+, then run bash tools/setup.sh)")
    if not os.path.isfile(os.path.join(PACKAGE, "micropython.mjs")):
        raise MicroPythonUnavailable(
            "npm package @micropython/micropython-webassembly-pyscript is missing from "
            "tools/node_modules: run bash tools/setup.sh (it runs npm install in tools/)")


def run(setup="", steps=(), loop=None, max_steps=100000, lib=LIB, measure=True,
        heapsize=None, timeout=120, pystack=None):
    """Run ``setup``, then each source in ``steps``, then call ``loop`` until it returns false.

    Every step is a separate call into Python with ``gc.collect()`` before it (when
    ``measure``). ``lib`` is the folder mounted as ``/lib`` (None: mount nothing).
    ``pystack``: bytes of the Python stack (frames of Python calls; CircuitPython's is
    1536 by default, this port's 8192), rounded down to whole words.
    Returns a :class:`Result`; raises :class:`MicroPythonError` if the code fails.
    """
    check_available()
    job = {
        "lib": os.path.abspath(lib) if lib else None,
        "heapsize": heapsize,
        "setup": setup,
        "steps": list(steps),
        "loop": loop,
        "max_steps": max_steps,
        "measure": measure,
        "pystack": pystack // 4 if pystack else None,
    }
    try:
        proc = subprocess.run(["node", HARNESS], input=json.dumps(job), capture_output=True,
                              text=True, cwd=TOOLS, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise MicroPythonError("MicroPython run took longer than %d s" % timeout)
    try:
        answer = json.loads(proc.stdout)
    except ValueError:
        raise MicroPythonError("harness failed (exit %d): %s%s" % (
            proc.returncode, proc.stderr.strip()[-2000:], proc.stdout[-2000:]))
    if answer.get("missing"):
        raise MicroPythonUnavailable(answer["error"])
    if not answer["ok"]:
        raise MicroPythonError("MicroPython failed in %s: %s" % (
            answer.get("error_at"), answer["error"]), answer.get("stdout", ""))
    return Result(answer)


def min_heap(lo=8192, hi=65536, resolution=256, **kw):
    """Smallest GC heap (usable bytes) in which ``run(**kw)`` never outgrows its heap.

    The port collects only between calls, so this is the most heap any call needed,
    garbage and fragmentation included: what a board that also collects only between
    steps would need (one that collects when full needs no more). Binary search over the
    configured heap size between ``lo`` and ``hi``; returns ``(usable_bytes, Result)``.
    ValueError if even ``hi`` is too small.
    """
    best = None
    r = run(heapsize=hi, **kw)
    if r.grew:
        raise ValueError("the run needs more than a %d-byte heap" % hi)
    best = r
    while hi - lo > resolution:
        mid = (lo + hi) // 2 // 16 * 16
        r = run(heapsize=mid, **kw)
        if r.grew:
            lo = mid
        else:
            hi = mid
            best = r
    return best.heap_total, best


def run_source(src, lib=LIB):
    """Run one piece of source (no heap readings) and return what it printed."""
    return run(setup=src, lib=lib, measure=False).stdout


# A seeded match played move by move, the same on CPython and MicroPython. Moves are chosen
# by the core's own Rng (never `random`), so both interpreters pick identically. Run it as
# ``setup`` (followed by ``DRIVER = Driver(...)``) with ``loop="step"``; or exec it in CPython.
MATCH_DRIVER = '''
from domino import games
from domino.game import new_move_buffer
from domino.rng import Rng
from domino.match import Match, deal_code


class Driver:
    """Plays a match of game ``gid``: one move per step(); log=True prints every event."""

    def __init__(self, gid, players, seed, pick_seed, target=None, log=True, options=0):
        self.match = Match(games.load(gid), players, seed, target, options)
        self.pick = Rng(pick_seed)
        self.buf = new_move_buffer()
        self.log = log
        self.game = None
        if log:
            print("match", gid, players, seed, self.match.target, self.match.seat_of)

    def step(self):
        """Deal if needed and play one move; 2 after a hand ends, 0 when the match is over, else 1."""
        m = self.match
        g = self.game
        if g is None:
            g = self.game = m.deal()
            if self.log:
                print("hand", m.hand_no, deal_code(g), g.starter)
        buf = self.buf
        n = g.legal_moves(buf)
        seat = g.turn
        move = buf[self.pick.below(n)]
        g.play(move, seat)
        if self.log:
            print(seat, move)
        if not g.over:
            return 1
        r = m.finish_hand()
        self.game = None
        if self.log:
            print("result", r.end, r.winner, r.side, r.pips, r.points, r.call, r.summary)
            print("scores", m.scores, m.over, m.winner, m.call, m.restarts, m.extra)
        return 0 if m.over else 2


def step():
    return DRIVER.step()
'''


def match_source(gid, players, seed, pick_seed=1, target=None, log=True, options=0):
    """Setup source for :func:`run` (``loop="step"``) that plays one seeded match
    (``options``: the game's options code)."""
    return MATCH_DRIVER + "\nDRIVER = Driver(%d, %d, %d, %d, %r, %r, %d)\n" % (
        gid, players, seed, pick_seed, target, log, options)
