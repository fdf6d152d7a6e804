"""Copy pocket dominoes onto a CIRCUITPY drive (or any folder).

    .venv/bin/python tools/deploy.py /media/$USER/CIRCUITPY [--board pico]
    .venv/bin/python tools/deploy.py build/device --folder --board xiao_rp2040

Copies the firmware program (every .py in firmware/, code.py last so the board
restarts once everything is in place), lib/domino, the board profile(s) and the
one Adafruit library the firmware imports, adafruit_displayio_ssd1306, from the
installed Python packages (tools/requirements.txt). adafruit_display_text is not
copied: the firmware draws its text with the built-in terminalio.FONT straight
into its bitmap (a copy left on a drive by an older deploy is never imported and
can be deleted). Prints every file
and the total size. Refuses a path without boot_out.txt unless --folder is
given. --board NAME copies only boards/NAME.py and writes
POCKET_DOMINO_BOARD = "NAME" into settings.toml (other lines kept); without it
every profile is copied and the board is detected from board.board_id. Either
way settings.toml gets CIRCUITPY_PYSTACK_SIZE = 3072 unless it already sets at
least that: CircuitPython's default Python stack of 1536 bytes leaves too little
room above the firmware's own calls for the AI's deepest ones (see README).
Both settings go into the root table (before any [table] header), the only
part of settings.toml CircuitPython reads.

Python sources are copied with their docstrings stripped (tools/shrink.py, line
numbers kept): CircuitPython compiles .py files on import and would keep every
docstring in RAM. --keep-docstrings copies them unchanged.
"""

import argparse
import ast
import importlib.util
import os
import shutil
import sys

from shrink import strip_docstrings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETTING = "POCKET_DOMINO_BOARD"
PYSTACK = "CIRCUITPY_PYSTACK_SIZE"
PYSTACK_BYTES = 3072  # twice CircuitPython's default; read at start-up
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
    """A reason to stop before copying anything."""


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
    """(files, skipped): files as (source, relative destination), in copy order."""
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
    """The bytes to write for ``src``: a .py file without its docstrings unless ``strip`` is False."""
    with open(src, "rb") as f:
        data = f.read()
    if strip and src.endswith(".py"):
        data = strip_docstrings(data.decode("utf-8"), src).encode("utf-8")
    return data


def _key(line):
    return line.split("=")[0].strip()


def write_setting(dest, board):
    """Set POCKET_DOMINO_BOARD (with a board) and CIRCUITPY_PYSTACK_SIZE (to
    PYSTACK_BYTES, unless already at least that) in dest/settings.toml, keeping
    every other line; return the lines written, or [] if nothing changed.
    CircuitPython reads only the root table, so the settings go at its end,
    before the file's first ``[table]`` header, and keys inside tables are left
    alone."""
    path = os.path.join(dest, "settings.toml")
    lines = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    root = next((i for i, x in enumerate(lines) if x.lstrip().startswith("[")), len(lines))
    head, tail = lines[:root], lines[root:]
    new = {}
    if board:
        new[SETTING] = '%s = "%s"' % (SETTING, board)
    have = [x for x in head if _key(x) == PYSTACK]
    try:
        enough = bool(have) and int(have[-1].split("=", 1)[1].split("#")[0].strip()) >= PYSTACK_BYTES
    except ValueError:
        enough = False
    if not enough:
        new[PYSTACK] = "%s = %d" % (PYSTACK, PYSTACK_BYTES)
    if not new:
        return []
    kept = [x for x in head if _key(x) not in new]
    while kept and not kept[-1].strip():  # the blank lines before a table stay before it
        tail.insert(0, kept.pop())
    kept += list(new.values()) + tail
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(kept) + "\n")
    return list(new.values())


def deploy(dest, board=None, folder=False, out=print, strip=True):
    """Copy everything (sources stripped unless ``strip`` is False); return the bytes copied."""
    if folder:
        os.makedirs(dest, exist_ok=True)
    elif not os.path.isfile(os.path.join(dest, "boot_out.txt")):
        raise DeployError("%s is not a CircuitPython drive (no boot_out.txt); "
                          "plug the board in, or add --folder to copy into a plain folder" % dest)
    if board:
        profile = load_profile(board)
    files, skipped = plan(board)
    data = [payload(src, strip) for src, _ in files]
    total = sum(len(d) for d in data)
    free = shutil.disk_usage(dest).free
    existing = sum(os.path.getsize(os.path.join(dest, rel)) for _, rel in files
                   if os.path.isfile(os.path.join(dest, rel)))
    if total - existing > free:
        raise DeployError("not enough room on %s: need %d bytes more, %d free" % (dest, total - existing, free))
    out("deploying to %s" % dest)
    for (src, rel), d in zip(files, data):
        target = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(target) or dest, exist_ok=True)
        with open(target, "wb") as f:
            f.write(d)
        out("  %7d  %s" % (len(d), rel.replace(os.sep, "/")))
    for rel in skipped:
        out("  skipped  %s (CircuitPython has a built-in module of that name)" % rel)
    for line in write_setting(dest, board):
        out("  settings.toml: %s" % line)
    if board:
        out("  board: %s" % profile["name"])
    else:
        out("  board: detected at start-up from board.board_id (all profiles copied)")
    out("copied %d files, %d bytes (%.1f KB)" % (len(files), total, total / 1024.0))
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("path", help="mounted CIRCUITPY drive, or a folder with --folder")
    ap.add_argument("--board", help="board profile name: " + ", ".join(board_names()))
    ap.add_argument("--folder", action="store_true", help="PATH is a plain folder, not a CircuitPython drive")
    ap.add_argument("--keep-docstrings", action="store_true", help="copy .py sources unchanged")
    args = ap.parse_args(argv)
    try:
        deploy(args.path, args.board, args.folder, strip=not args.keep_docstrings)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
