"""Put pocket dominoes on a CIRCUITPY drive, into a folder, or into a zip for one.

    .venv/bin/python tools/deploy.py /media/$USER/CIRCUITPY [--board pico]
    .venv/bin/python tools/deploy.py build/device --folder [--cp 9] [--board xiao_rp2040]
    .venv/bin/python tools/deploy.py --zip build/pocket-dominoes.zip [--cp 10] [--board pico]

Writes lib/domino (the core), the firmware's modules (firmware/ and firmware/views/), the
board profile(s) in boards/ and the one Adafruit library the firmware imports,
adafruit_displayio_ssd1306 (from the installed packages, tools/requirements.txt), each
compiled to CircuitPython ``.mpy``; code.py stays source (CircuitPython runs only
code.py) and is written last, so the board restarts once, complete. A module named like
a CircuitPython built-in is skipped (the built-in would be imported instead).

The compiler is CircuitPython's own mpy-cross for the board's major version, read from
the drive's boot_out.txt or given as --cp (default 10 for a folder or a zip), obtained
as Adafruit's library bundle obtains it: circuitpython-build-tools' cached binary
(tools/setup.sh puts ../shared/picoemu's CircuitPython 10 one there), else its download.
Without one (no download possible, or POCKET_DOMINO_OFFLINE=1 forbidding it) a line
says why and the .py sources are written instead, as --py writes them: docstrings
stripped (tools/shrink.py, line numbers kept; --keep-docstrings copies them unchanged).
The .mpy files leave out line numbers (``mpy-cross -O3``) and name their source by
its file name alone (``know.py``): RAM the board needs in play; --lines keeps both.
CircuitPython imports foo.py before foo.mpy: a twin of a written module left by an
older deploy is deleted (and listed).

--board NAME writes only boards/NAME and sets POCKET_DOMINO_BOARD = "NAME" in
settings.toml (other lines kept); without it every profile is written and the board is
detected from board.board_id. settings.toml also gets CIRCUITPY_PYSTACK_SIZE = 3072
and CIRCUITPY_HEAP_START_SIZE = 131072, each unless it sets at least that:
CircuitPython's default Python stack of 1536 bytes leaves too little room above the
firmware's own calls for the AI's deepest ones, and a Python heap that starts at 8 KiB
grows in pieces that break the board's RAM up (see docs/device.md). They go into the
root table (before any [table] header), the only part CircuitPython reads.

Prints every file and the total size. Refuses a path without boot_out.txt unless
--folder is given, and a drive without room. --zip FILE writes the same files, and a
settings.toml holding those settings, into a zip to unzip onto CIRCUITPY.
"""

import argparse
import ast
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

from shrink import strip_docstrings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETTING = "POCKET_DOMINO_BOARD"
PYSTACK = "CIRCUITPY_PYSTACK_SIZE"
PYSTACK_BYTES = 3072  # twice CircuitPython's default; read at start-up
HEAP_START = "CIRCUITPY_HEAP_START_SIZE"
# CircuitPython 10 starts the Python heap at 8 KiB and adds a piece from the outer heap each
# time it runs out (freed again once empty); starting it at 128 KiB keeps a match in one
# piece: on a Pico about 3 KB more to allocate and a steady 27 KB whole block (docs/device.md)
HEAP_START_BYTES = 131072
# settings.toml lines deploy sets unless the file already sets at least as much
MINIMUMS = ((PYSTACK, PYSTACK_BYTES), (HEAP_START, HEAP_START_BYTES))
DEFAULT_CP = 10  # CircuitPython major version for a folder or a zip without --cp
OFFLINE = "POCKET_DOMINO_OFFLINE"  # set (to anything but 0): never download mpy-cross
FALLBACK = "copying .py sources instead"  # in the line saying why nothing is compiled
SOURCES_WARNING = ("  sources leave the board less RAM: a game chosen after a match may need a "
                   "restart to open, Domino Loo runs with little to spare (docs/device.md); "
                   "get the compiler for full play")
# mpy-cross -O3 leaves out line numbers: about 5 KB less of the board's RAM in play (the
# traceback still names the file and the function), and a source named by its file name
# alone (an interned string each: about 1 KB); --lines keeps both, for debugging.
OPTIMISE = ["-O3"]
ASSETS = (".py", ".bdf", ".pcf", ".bmp")
LIBRARIES = ("adafruit_displayio_ssd1306",)  # what firmware/ imports from Adafruit
# Modules built into CircuitPython: a file of the same name on CIRCUITPY is never
# imported (built-ins come first), so copying it would only mislead.
BUILTINS = frozenset("""
    alarm analogio array audiobusio audiocore audiomixer audiopwmio binascii bitbangio
    bitmaptools board builtins busdisplay busio collections countio digitalio displayio
    epaperdisplay errno fontio fourwire framebufferio gc getpass hashlib i2cdisplaybus
    io json keypad locale math microcontroller micropython msgpack neopixel_write nvm os
    pulseio pwmio rainbowio random re rotaryio rp2pio rtc select storage struct
    supervisor synthio sys terminalio time touchio traceback usb_cdc usb_hid usb_midi
    vectorio warnings watchdog zlib
""".split())


class DeployError(Exception):
    """A reason to stop before writing anything."""


def _tree(src_dir, rel_dir, exts=(".py",)):
    """(source, relative destination) for files under src_dir, sorted, no caches."""
    out = []
    for dirpath, dirnames, filenames in os.walk(src_dir):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for f in sorted(filenames):
            if f.endswith(exts) and not f.startswith("."):
                src = os.path.join(dirpath, f)
                rel = os.path.relpath(src, src_dir)
                out.append((src, os.path.join(rel_dir, rel) if rel_dir else rel))
    return out


def board_names():
    """Profile names in boards/ (without __init__ and template)."""
    return sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "boards"))
                  if f.endswith(".py") and f not in ("__init__.py", "template.py"))


def load_profile(name):
    """Parse boards/<name>.py as data and validate it with firmware/profiles.py."""
    path = os.path.join(ROOT, "boards", name + ".py")
    if name not in board_names():
        raise DeployError("unknown board %r; choose one of: %s" % (name, ", ".join(board_names())))
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    profile = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["PROFILE"]:
            profile = ast.literal_eval(node.value)
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    try:
        import profiles
    finally:
        sys.path.pop(0)
    try:
        return profiles.validate(profile, "boards/%s.py" % name)
    except profiles.ProfileError as e:
        raise DeployError(str(e)) from None


def library_files():
    """The Adafruit libraries from the installed packages, for lib/ on the device."""
    out = []
    for mod in LIBRARIES:
        spec = importlib.util.find_spec(mod)
        if spec is None or spec.origin is None:
            raise DeployError("%s is not installed: run bash tools/setup.sh" % mod)
        if spec.submodule_search_locations:
            out += _tree(os.path.dirname(spec.origin), os.path.join("lib", mod))
        else:
            out.append((spec.origin, os.path.join("lib", mod + ".py")))
    return out


def plan(board=None):
    """(files, skipped): files as (source, relative destination), in write order."""
    files = library_files()
    files += _tree(os.path.join(ROOT, "lib", "domino"), os.path.join("lib", "domino"))
    names = [board] if board else board_names()
    files.append((os.path.join(ROOT, "boards", "__init__.py"), os.path.join("boards", "__init__.py")))
    for n in names:
        files.append((os.path.join(ROOT, "boards", n + ".py"), os.path.join("boards", n + ".py")))
    skipped = []
    code = None
    for src, rel in _tree(os.path.join(ROOT, "firmware"), "", ASSETS):
        top = rel.split(os.sep)[0]
        stem = top[:-3] if top.endswith(".py") else top
        if rel == "code.py":
            code = (src, rel)
        elif stem in BUILTINS:
            skipped.append(rel)
        else:
            files.append((src, rel))
    if code is None:
        raise DeployError("firmware/code.py is missing")
    files.append(code)
    return files, skipped


def payload(src, strip=True):
    """The bytes of ``src``: a .py file without its docstrings unless ``strip`` is False."""
    with open(src, "rb") as f:
        data = f.read()
    if strip and src.endswith(".py"):
        data = strip_docstrings(data.decode("utf-8"), src).encode("utf-8")
    return data


# ---- the compiler --------------------------------------------------------------


def cp_major(boot_out):
    """CircuitPython's major version from the text of boot_out.txt, whose first line reads
    ``Adafruit CircuitPython 10.3.0 on 2026-11-23; Raspberry Pi Pico with rp2040``."""
    first = (boot_out.splitlines() or [""])[0]
    m = re.match(r"\s*Adafruit CircuitPython (\d+)\.\d+", first)
    if m is None:
        raise DeployError("boot_out.txt does not say which CircuitPython runs (first line: %r); "
                          "give --cp 10 or --cp 9" % first[:80])
    return int(m.group(1))


def target(major):
    """circuitpython-build-tools' VERSIONS entry for CircuitPython ``major``, such as
    ``{"tag": "10.3.1", "name": "10.x"}``; ImportError if build-tools is not installed."""
    from circuitpython_build_tools.target_versions import VERSIONS
    for v in VERSIONS:
        if v["name"] == "%d.x" % major:
            return v
    raise DeployError("no mpy-cross for CircuitPython %d in circuitpython-build-tools (it has %s); "
                      "install CircuitPython 10 or 9 on the board, or add --py"
                      % (major, ", ".join(v["name"] for v in VERSIONS)))


def cache_path(entry):
    """Where circuitpython-build-tools keeps the mpy-cross of ``entry`` (the name its
    ``build.mpy_cross`` looks for before downloading)."""
    import platformdirs
    ext = ".exe" if os.name == "nt" else ""
    return platformdirs.user_cache_path("circuitpython-build-tools") / ("mpy-cross-%s%s" % (entry["name"], ext))


def fetch(entry):
    """circuitpython-build-tools' own ``mpy_cross(entry)``: downloads the binary into
    its cache (or builds it from CircuitPython's git); its path."""
    from circuitpython_build_tools import build  # imports requests; makes the cache folder
    return str(build.mpy_cross(entry, quiet=True))


def find_compiler(major, out=print):
    """(path, None) for CircuitPython ``major``'s mpy-cross, or (None, why there is none).
    DeployError for a major version build-tools has no compiler for."""
    try:
        entry = target(major)
    except ImportError:
        return None, "circuitpython-build-tools is not installed: run bash tools/setup.sh"
    path = cache_path(entry)
    if not path.is_file():
        if os.environ.get(OFFLINE, "0") != "0":
            return None, "%s is missing and %s forbids downloading it" % (path, OFFLINE)
        out("fetching mpy-cross %s with circuitpython-build-tools" % entry["tag"])
        try:
            path = fetch(entry)
        except Exception as e:  # offline, no git or make, a failed build
            return None, "circuitpython-build-tools could not get it (%s: %s)" % (type(e).__name__, str(e)[:200])
    try:
        said = subprocess.run([str(path), "--version"], capture_output=True, text=True,
                              timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError) as e:
        return None, "%s does not run (%s)" % (path, e)
    if not said.startswith("CircuitPython %d." % major):
        return None, "%s is not CircuitPython %d's (its --version: %r)" % (path, major, said[:80])
    return str(path), None


def compile_mpy(compiler, source, rel, tmp):
    """The .mpy (bytes) of ``source`` (bytes), named in tracebacks by ``rel`` (by its file name
    with ``-O3``); ``tmp`` a scratch folder."""
    src = os.path.join(tmp, "module.py")
    dst = os.path.join(tmp, "module.mpy")
    with open(src, "wb") as f:
        f.write(source)
    if os.path.exists(dst):
        os.remove(dst)
    name = rel.replace(os.sep, "/")
    if OPTIMISE:
        name = name.rpartition("/")[2]
    r = subprocess.run([compiler] + OPTIMISE + ["-o", dst, "-s", name, src],
                       capture_output=True, text=True)
    if r.returncode != 0 or not os.path.isfile(dst):
        raise DeployError("mpy-cross failed on %s: %s" % (rel, (r.stderr or r.stdout).strip()))
    with open(dst, "rb") as f:
        return f.read()


def build(board=None, compiler=None, strip=True):
    """(files, skipped): files as (relative destination, bytes) in write order, every
    module but code.py compiled with ``compiler`` (a path; None: left as .py)."""
    planned, skipped = plan(board)
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        for src, rel in planned:
            data = payload(src, strip)
            if compiler and rel.endswith(".py") and rel != "code.py":
                data = compile_mpy(compiler, data, rel, tmp)
                rel = rel[:-3] + ".mpy"
            files.append((rel, data))
    return files, skipped


def twin(rel):
    """The other form of a module (a.py for a.mpy and back), or None (code.py, assets)."""
    if rel == "code.py":
        return None
    if rel.endswith(".mpy"):
        return rel[:-4] + ".py"
    if rel.endswith(".py"):
        return rel[:-3] + ".mpy"
    return None


# ---- settings.toml -------------------------------------------------------------


def _key(line):
    return line.split("=")[0].strip()


def settings_text(text, board):
    """(new text, lines set) for settings.toml ``text``: POCKET_DOMINO_BOARD (with a
    board) and each of MINIMUMS (unless already at least that) set, every other line
    kept; (text, []) if nothing changes. CircuitPython reads only the root table, so the
    settings go at its end, before the first ``[table]`` header, and keys inside tables
    are left alone."""
    lines = text.splitlines()
    root = next((i for i, x in enumerate(lines) if x.lstrip().startswith("[")), len(lines))
    head, tail = lines[:root], lines[root:]
    new = {}
    if board:
        new[SETTING] = '%s = "%s"' % (SETTING, board)
    for key, least in MINIMUMS:
        have = [x for x in head if _key(x) == key]
        try:
            enough = bool(have) and int(have[-1].split("=", 1)[1].split("#")[0].strip()) >= least
        except ValueError:
            enough = False
        if not enough:
            new[key] = "%s = %d" % (key, least)
    if not new:
        return text, []
    kept = [x for x in head if _key(x) not in new]
    while kept and not kept[-1].strip():  # the blank lines before a table stay before it
        tail.insert(0, kept.pop())
    kept += list(new.values()) + tail
    return "\n".join(kept) + "\n", list(new.values())


def write_setting(dest, board):
    """Apply :func:`settings_text` to dest/settings.toml; return the lines set, or []."""
    path = os.path.join(dest, "settings.toml")
    text = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            text = f.read()
    text, lines = settings_text(text, board)
    if lines:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return lines


# ---- deploying -----------------------------------------------------------------


def prepare(board, mpy, major, strip, out):
    """(files, skipped, profile) for :func:`deploy` and :func:`make_zip`, saying which
    compiler is used, or why none is and that the sources are written instead."""
    profile = load_profile(board) if board else None
    compiler = None
    if mpy:
        compiler, why = find_compiler(major, out)
        if compiler:
            out("compiling to .mpy for CircuitPython %d with %s" % (major, compiler))
        else:
            out("no mpy-cross for CircuitPython %d: %s; %s%s" % (
                major, why, FALLBACK, ", docstrings stripped" if strip else ""))
    if compiler is None:
        out(SOURCES_WARNING)
    files, skipped = build(board, compiler, strip)
    return files, skipped, profile


def _summary(out, files, skipped, board, profile, total, verb="copied"):
    for rel in skipped:
        out("  skipped  %s (CircuitPython has a built-in module of that name)" % rel)
    if board:
        out("  board: %s" % profile["name"])
    else:
        out("  board: detected at start-up from board.board_id (all profiles written)")
    out("%s %d files, %d bytes (%.1f KB)" % (verb, len(files), total, total / 1024.0))


def deploy(dest, board=None, folder=False, out=print, strip=True, mpy=True, cp=None):
    """Write everything into ``dest``, a CIRCUITPY drive (or any folder with ``folder``);
    return the bytes written. ``mpy``: compile for CircuitPython ``cp`` (default: the
    major version in dest/boot_out.txt, else DEFAULT_CP), or write .py sources when no
    compiler can be had; ``strip``: .py sources without docstrings."""
    boot_out = os.path.join(dest, "boot_out.txt")
    if folder:
        os.makedirs(dest, exist_ok=True)
    elif not os.path.isfile(boot_out):
        raise DeployError("%s is not a CircuitPython drive (no boot_out.txt); "
                          "plug the board in, or add --folder to write into a plain folder" % dest)
    major = cp
    if mpy and major is None:
        if os.path.isfile(boot_out):
            with open(boot_out, encoding="utf-8", errors="replace") as f:
                major = cp_major(f.read())
        else:
            major = DEFAULT_CP
    files, skipped, profile = prepare(board, mpy, major, strip, out)
    total = sum(len(d) for _, d in files)
    stale = []
    for rel, _ in files:
        other = twin(rel)
        if other and os.path.isfile(os.path.join(dest, other)):
            stale.append((other, rel))
    freed = sum(os.path.getsize(os.path.join(dest, rel)) for rel, _ in files
                if os.path.isfile(os.path.join(dest, rel)))
    freed += sum(os.path.getsize(os.path.join(dest, other)) for other, _ in stale)
    free = shutil.disk_usage(dest).free
    if total - freed > free:
        raise DeployError("not enough room on %s: need %d bytes more, %d free" % (dest, total - freed, free))
    out("deploying to %s" % dest)
    for other, rel in stale:  # first: the board restarts once code.py is written
        os.remove(os.path.join(dest, other))
        out("  removed  %s (left by an older deploy; %s replaces it)"
            % (other.replace(os.sep, "/"), os.path.basename(rel)))
    for rel, data in files:
        target_path = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(target_path) or dest, exist_ok=True)
        with open(target_path, "wb") as f:
            f.write(data)
        out("  %7d  %s" % (len(data), rel.replace(os.sep, "/")))
    for line in write_setting(dest, board):
        out("  settings.toml: %s" % line)
    _summary(out, files, skipped, board, profile, total)
    return total


def make_zip(path, board=None, out=print, strip=True, mpy=True, cp=None):
    """Write into the zip ``path`` what :func:`deploy` writes into an empty folder (for
    CircuitPython ``cp``, default DEFAULT_CP), settings.toml included; return the bytes."""
    files, skipped, profile = prepare(board, mpy, cp or DEFAULT_CP, strip, out)
    text, lines = settings_text("", board)
    entries = files[:-1] + [("settings.toml", text.encode("utf-8"))] + files[-1:]  # code.py last
    if os.path.dirname(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
    out("zipping into %s (unzip onto CIRCUITPY; its settings.toml replaces the drive's)" % path)
    stamp = time.localtime()[:6]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for rel, data in entries:
            name = rel.replace(os.sep, "/")
            z.writestr(zipfile.ZipInfo(name, stamp), data, zipfile.ZIP_DEFLATED)
            if rel != "settings.toml":
                out("  %7d  %s" % (len(data), name))
    for line in lines:
        out("  settings.toml: %s" % line)
    total = sum(len(d) for _, d in files)
    _summary(out, files, skipped, board, profile, total, "zipped")
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("path", nargs="?", help="mounted CIRCUITPY drive, or a folder with --folder")
    ap.add_argument("--board", help="board profile name: " + ", ".join(board_names()))
    ap.add_argument("--folder", action="store_true", help="PATH is a plain folder, not a CircuitPython drive")
    ap.add_argument("--zip", metavar="FILE", help="write a zip to unzip onto CIRCUITPY instead of a PATH")
    ap.add_argument("--cp", type=int, metavar="MAJOR",
                    help="CircuitPython major version to compile for (default: the drive's "
                         "boot_out.txt; %d for a folder or a zip)" % DEFAULT_CP)
    ap.add_argument("--py", action="store_true", help="write .py sources, compile nothing")
    ap.add_argument("--lines", action="store_true",
                    help="keep line numbers and source paths in the .mpy files (for tracebacks; about 6 KB more RAM)")
    ap.add_argument("--keep-docstrings", action="store_true", help="write .py sources unchanged")
    args = ap.parse_args(argv)
    OPTIMISE[:] = [] if args.lines else ["-O3"]
    if (args.path is None) == (args.zip is None):
        ap.error("give a PATH or --zip FILE (one of them)")
    try:
        if args.zip:
            make_zip(args.zip, args.board, strip=not args.keep_docstrings, mpy=not args.py, cp=args.cp)
        else:
            deploy(args.path, args.board, args.folder, strip=not args.keep_docstrings,
                   mpy=not args.py, cp=args.cp)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
