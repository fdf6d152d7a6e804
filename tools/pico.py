"""Drive the firmware on an emulated Raspberry Pi Pico (CircuitPython on rp2040js).

    .venv/bin/python tools/pico.py --script "A A D*6 A w3000 s:table" --shot out/
    .venv/bin/python tools/pico.py --probe --script "A A w20000"      # with free-RAM lines

Deploys the firmware (``tools/deploy.py``, board ``pico``) into a CIRCUITPY FAT
image (the runner's ``build_fs.py``), boots it in ``../shared/picoemu`` (started
through ``tools/picoglue.mjs``, which adds what rp2040js lacks) and
presses its buttons on a script written as for ``tools/sim.py`` (``L R U D A
B`` taps, ``~A`` a long press, ``w500`` a wait, ``s:name`` a screenshot,
``X*3`` repeats), in emulated time from ``START_MS`` after power-on. Returns
the console text, the screenshots as 128x64 bit rows, and the probe lines.

The runner is found in ``$PICOEMU`` (a folder holding ``picoemu.mjs`` and
``build_fs.py``), else ``../shared/picoemu`` beside the project; the firmware
is ``$PICOEMU_UF2``, else the runner's ``firmware-stock-uart.uf2`` (the Pico's
stock module set, so the heap a user of the release ``.uf2`` has; console on
UART0 from power-on). A stock ``.uf2`` from circuitpython.org (console on USB only)
works too: the runner then serves USB CDC. ``rp2040js`` comes from
``tools/node_modules`` (``tools/setup.sh``).

With ``probe=True`` settings.toml gets ``POCKET_DOMINO_PROBE = 1``: the app then
prints ``@@MEM`` lines (free RAM after a collection, see ``firmware/probe.py``).
"""

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

# The pico profile's pins (boards/pico.py) by action.
PINS = {"LEFT": 8, "RIGHT": 9, "UP": 6, "DOWN": 7, "A": 15, "B": 14}
# emulated ms after power-on of the first scripted press: the title is up by ~4.8 s (with the
# probe); a press before it would be lost
START_MS = 7500
TAP_MS = 250     # a tap: 80 ms held (the runner's), then idle until the next token
HOLD_MS = 1100   # a long press: 900 ms held, then idle
# the runner is started through this file: it resets I2C as the RP2040's RESETS do
GLUE = os.path.join(ROOT, "tools", "picoglue.mjs")
# The RAM guards, at every probe reading of a device run (host_tests/test_device.py,
# tools/pico_soak.py): bytes free after a collection, and the largest block allocatable
# whole: the targets of docs/device.md.
PROBE = "POCKET_DOMINO_PROBE = 1"  # the settings.toml line that turns the probe on
MIN_FREE = 40 * 1024
MIN_BLOCK = 16 * 1024
# microcontroller.nvm on the Pico: the 4 KiB flash sector below the drive (which starts at 1 MiB)
NVM_OFFSET = 0xFF000
NVM_SIZE = 4096
MISSING = ("the emulated Pico is missing: put picoemu (rp2040js runner + CircuitPython .uf2) "
           "in ../shared/picoemu or point PICOEMU at it, and run bash tools/setup.sh")


class PicoMissing(RuntimeError):
    """No runner, firmware or rp2040js here (the message says where to get them)."""


def locate():
    """(runner folder, firmware .uf2, rp2040js folder); PicoMissing if any is absent."""
    emu = os.environ.get("PICOEMU") or os.path.join(os.path.dirname(ROOT), "shared", "picoemu")
    uf2 = os.environ.get("PICOEMU_UF2") or os.path.join(emu, "firmware-stock-uart.uf2")
    rpjs = os.environ.get("RP2040JS") or os.path.join(ROOT, "tools", "node_modules", "rp2040js")
    for p in (os.path.join(emu, "picoemu.mjs"), os.path.join(emu, "build_fs.py"), uf2,
              os.path.join(rpjs, "package.json")):
        if not os.path.exists(p):
            raise PicoMissing("%s (%s not found)" % (MISSING, p))
    return emu, uf2, rpjs


def available():
    """True when the emulated Pico can run here."""
    try:
        locate()
        return True
    except PicoMissing:
        return False


def build_image(img, settings=None, code=None, files=None, board="pico", mpy=True):
    """Deploy the firmware for ``board`` into a folder and make the FAT image ``img``.

    ``settings``: extra settings.toml lines; ``code``: a code.py to use instead of
    the firmware's (for measuring programs); ``files``: {relative path: text} added;
    ``mpy``: modules compiled to .mpy for CircuitPython 10, else .py sources as deploy
    writes them without a compiler (deploy's line saying it found none goes to stderr).
    """
    import deploy

    def note(line):
        if deploy.FALLBACK in line:
            print(line, file=sys.stderr)
    with tempfile.TemporaryDirectory() as d:
        deploy.deploy(d, board=board, folder=True, out=note, mpy=mpy)
        if settings:
            with open(os.path.join(d, "settings.toml"), "a", encoding="utf-8") as f:
                f.write("\n".join(settings) + "\n")
        extra = dict(files or {})
        if code is not None:
            extra["code.py"] = code
        pack(d, img, extra)
    return img


def probe_image(path, mpy=True):
    """A deployed image (:func:`build_image`) with the free-RAM probe on (``@@MEM`` lines)."""
    return build_image(path, settings=[PROBE], mpy=mpy)


def nvm_flash(image, nvm, path):
    """Write to ``path`` the 2 MiB flash of a Pico that booted ``image`` to its title and
    holds ``nvm`` (the 4,096 bytes of ``microcontroller.nvm``, as a save region of the
    simulator holds them): a device powered off with that save, for ``run(flash=path)``."""
    r = run(image, script="w500", dump_flash=path)
    assert r.traceback() is None, r.traceback()
    assert len(nvm) == NVM_SIZE, len(nvm)
    with open(path, "r+b") as f:
        f.seek(NVM_OFFSET)
        f.write(bytes(nvm))
    return path


def pack(folder, img, files=None):
    """Write ``files`` ({relative path: text}) into ``folder`` and make the FAT
    image ``img`` of it with the runner's ``build_fs.py``."""
    emu, _, _ = locate()
    for rel, text in (files or {}).items():
        with open(os.path.join(folder, rel), "w", encoding="utf-8") as f:
            f.write(text)
    subprocess.run([sys.executable, os.path.join(emu, "build_fs.py"), folder, img],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return img


def timeline(script, start=START_MS):
    """The runner's ``--script`` items for a sim-style script, and the end time in ms."""
    from sim import KEYS, script_tokens
    t = start
    items = []
    for tok in script_tokens(script):
        if tok.startswith("w"):
            t += int(tok[1:])
        elif tok == "s" or tok.startswith("s:"):
            name = tok[2:] if tok.startswith("s:") else "shot%02d" % sum(1 for i in items if ":shot:" in i)
            items.append("%d:shot:%s" % (t, name))
        elif "+" in tok and all(k.upper() in KEYS for k in tok.split("+")):
            for i, k in enumerate(tok.split("+")):  # together: each pressed while the first is held
                items.append("%d:%d" % (t + 20 * i, PINS[KEYS[k.upper()]]))
            t += TAP_MS
        elif tok.startswith("~") and tok[1:].upper() in KEYS:
            items.append("%d:~%d" % (t, PINS[KEYS[tok[1:].upper()]]))
            t += HOLD_MS
        elif tok.upper() in KEYS:
            items.append("%d:%d" % (t, PINS[KEYS[tok.upper()]]))
            t += TAP_MS
        else:
            raise ValueError("unknown script token %r" % tok)
    return items, t


def read_png(path):
    """A PNG of the screen (the runner's, scaled x4, or the simulator's) as 64 rows of 128 0/1."""
    with open(path, "rb") as f:
        data = f.read()
    pos = 8
    idat = b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    step = w // 128 if w % 128 == 0 and w > 128 else 1  # the runner's PNGs are scaled x4
    chans = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
    bpp = max(1, chans * depth // 8)
    stride = (w * chans * depth + 7) // 8
    rows = []
    prev = bytearray(stride)
    i = 0
    for _ in range(h):
        ft = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ft == 1:
                line[x] = (line[x] + a) & 255
            elif ft == 2:
                line[x] = (line[x] + b) & 255
            elif ft == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ft == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        if depth == 1:
            rows.append([(line[x >> 3] >> (7 - (x & 7))) & 1 for x in range(0, w, step)])
        else:
            rows.append([1 if line[x * bpp] >= 128 else 0 for x in range(0, w, step)])
    return rows[::step]


_KILLED = "pico.py: killed after"  # the host log's last line when a run ran out of wall time


class Run:
    """What one boot printed and showed."""

    def __init__(self, rc, console, host, shots):
        self.rc = rc
        self.console = console
        self.host = host
        self.shots = shots  # name -> rows of 0/1 (128 wide, 64 high)

    def lines(self, prefix):
        """Console lines starting with ``prefix``, split into words after it."""
        out = []
        for ln in self.console.splitlines():
            k = ln.find(prefix)
            if k >= 0:
                out.append(ln[k + len(prefix):].split())
        return out

    def traceback(self):
        """The first Python traceback on the console, or None."""
        k = self.console.find("Traceback (most recent call last)")
        return None if k < 0 else self.console[k:k + 1500]

    def timed_out(self):
        """True if the run was killed at its wall-time limit (:func:`run`)."""
        return _KILLED in self.host

    def emu_ms(self):
        """Emulated ms at the end of the run (from the runner's summary)."""
        for ln in self.host.splitlines():
            if "summary:" in ln:
                for w in ln.split():
                    if w.startswith("emu_ms="):
                        return float(w[7:])
        return None


def run(image=None, flash=None, script="", until=None, emu_s=None, timeout_s=900,
        dump_flash=None, start=START_MS, extra=(), stop=None):
    """Boot ``image`` (a FAT image) or ``flash`` (a saved 2 MiB flash) and play ``script``.

    Ends at console text ``until``, when ``stop(line)`` is true (asked at each console
    line), at ``emu_s`` emulated seconds (default: the script's end plus 0.5 s),
    or at ``timeout_s`` wall seconds. Returns a :class:`Run`.
    """
    emu, uf2, rpjs = locate()
    items, end = timeline(script, start)
    with tempfile.TemporaryDirectory() as shots:
        cmd = ["node", GLUE, os.path.join(emu, "picoemu.mjs")]
        if flash is not None:
            cmd += ["--flash-image", flash]
        else:
            cmd += ["--uf2", uf2, "--fs", image]
        if "uart" in os.path.basename(uf2):
            cmd += ["--uart", "--no-usb"]
        cmd += ["--ssd1306", "0x3c", "--png", os.path.join(shots, "_final.png"),
                "--pullup", ",".join(str(p) for p in sorted(PINS.values())),
                "--timeout-s", str(timeout_s), "--shot-dir", shots,
                "--emu-timeout-s", str(emu_s if emu_s is not None else end / 1000.0 + 0.5)]
        if items:
            cmd += ["--script", ",".join(items)]
        if until:
            cmd += ["--until", until]
        if dump_flash:
            cmd += ["--dump-flash", dump_flash]
        cmd += list(extra)
        env = dict(os.environ, RP2040JS=rpjs)
        rc, console, host = _node(cmd, env, timeout_s + 60, stop)
        out = {}
        for f in sorted(os.listdir(shots)):
            if f.endswith(".png"):
                out[f[:-4]] = read_png(os.path.join(shots, f))
    return Run(rc, console, host, out)


def _node(cmd, env, timeout_s, stop):
    """Run the emulator: (exit code, console, host log). Killed at ``timeout_s`` wall
    seconds (the host log then ends saying so), or once ``stop(line)`` holds for a
    console line."""
    import threading
    with tempfile.TemporaryFile() as err:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, env=env)
        late = []

        def kill():
            late.append(True)
            p.kill()
        timer = threading.Timer(timeout_s, kill)
        timer.start()
        chunks = []
        try:
            for ln in p.stdout:
                chunks.append(ln.decode("utf-8", "replace").replace("\r\n", "\n"))
                if stop is not None and stop(chunks[-1]):
                    p.terminate()
                    break
            p.stdout.close()
            rc = p.wait()
        finally:
            timer.cancel()
            if p.poll() is None:
                p.kill()
                p.wait()
        err.seek(0)
        host = err.read().decode("utf-8", "replace")
        if late:
            host += "\n%s %d wall seconds\n" % (_KILLED, timeout_s)
        return rc, "".join(chunks), host


def save_png(rows, path, scale=4):
    """Write bit rows as a greyscale PNG, scaled up (for looking at screens)."""
    h = len(rows) * scale
    w = len(rows[0]) * scale
    raw = bytearray()
    for r in rows:
        line = bytearray([0])
        for v in r:
            line += bytes([255 if v else 0]) * scale
        for _ in range(scale):
            raw += line

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(bytes(raw))) + chunk(b"IEND", b""))


def mismatch(name, got, simulator, folder, what="device"):
    """None when frame ``got`` equals the simulator's; else both are saved, scaled up, as
    ``folder/device_failed_<name>_<what>.png`` and ``..._sim.png``, and the message says so."""
    n = sum(1 for y in range(64) for x in range(128) if got[y][x] != simulator[y][x])
    if not n:
        return None
    base = os.path.join(folder, "device_failed_" + name)
    save_png(got, base + "_%s.png" % what)
    save_png(simulator, base + "_sim.png")
    return "%s: the %s's frame differs from the simulator's in %d pixels (see %s_*.png)" % (name, what, n, base)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--script", default="", help="button script, as for tools/sim.py")
    ap.add_argument("--shot", default="", help="folder for the screenshots (PNG, scaled x4)")
    ap.add_argument("--probe", action="store_true", help="print free RAM (@@MEM lines)")
    ap.add_argument("--emu-s", type=float, default=None, help="emulated seconds to run")
    ap.add_argument("--setting", action="append", default=[], help="extra settings.toml line")
    ap.add_argument("--py", action="store_true", help="deploy .py sources instead of .mpy")
    args = ap.parse_args(argv)
    try:
        locate()
    except PicoMissing as e:
        print(e, file=sys.stderr)
        return 2
    settings = list(args.setting) + ([PROBE] if args.probe else [])
    with tempfile.TemporaryDirectory() as d:
        img = build_image(os.path.join(d, "fs.img"), settings, mpy=not args.py)
        r = run(img, script=args.script, emu_s=args.emu_s)
    sys.stdout.write(r.console)
    if args.shot:
        os.makedirs(args.shot, exist_ok=True)
        for name, rows in r.shots.items():
            save_png(rows, os.path.join(args.shot, name + ".png"))
            print(os.path.join(args.shot, name + ".png"))
    return 0 if r.traceback() is None else 1


if __name__ == "__main__":
    sys.exit(main())
