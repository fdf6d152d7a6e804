"""Build the browser page, the real firmware on an emulated Pico, or serve it on localhost.

    .venv/bin/python tools/web.py serve                 # build into build/web, serve it, open a browser
    .venv/bin/python tools/web.py build --out DIR [--uf2 FILE]
    .venv/bin/python tools/web.py speed                 # the page's speed in Debian's chromium

The site is static; any web server serves it. It holds the page (``web/``: index.html,
page.js, worker.js and board.js, the Pico glue), ``rp2040js`` (``tools/node_modules``,
pinned in tools/package.json), the RP2040 bootrom (``bootrom.js`` from the emulated
Pico's runner), ``circuitpy.img``, the CIRCUITPY drive with the firmware deployed into it
as ``tools/deploy.py`` deploys it for the Pico (``.mpy``), ``firmware.uf2``, the
CircuitPython it boots (``--uf2``, else the runner's, as ``tools/pico.py`` picks it: a
Pico ``.uf2`` from circuitpython.org works too), and ``site.json``, the board's pins
(``boards/pico.py``) and flash layout.

``speed`` builds the site, plays a Seychelles hand in the page in headless chromium
(``tools/browser.mjs``) and prints how long the firmware took to start and how fast
the emulated Pico ran while it computed, against a real one's 125 MHz.
"""

import argparse
import http.server
import json
import os
import shutil
import sys
import threading
import webbrowser

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, ROOT)

import pico  # noqa: E402

PAGE = os.path.join(ROOT, "web")
OUT = os.path.join(ROOT, "build", "web")
FS_OFFSET = 0x100000  # the Pico's CIRCUITPY drive: flash from 1 MiB
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")  # Debian's, which browser.mjs drives
BANNER = b"Raspberry Pi Pico with rp2040\0"


def uf2_payload(data):
    """The bytes a .uf2 writes, in order (enough to look for its banner)."""
    out = bytearray()
    for off in range(0, len(data) - 511, 512):
        block = data[off:off + 512]
        if block[:4] == b"UF2\n" and block[4:8] == b"\x57\x51\x5d\x9e":
            size = int.from_bytes(block[16:20], "little")
            out += block[32:32 + size]
    return bytes(out)


def check_uf2(path):
    """Raise ValueError unless ``path`` is CircuitPython for the Raspberry Pi Pico."""
    with open(path, "rb") as f:
        payload = uf2_payload(f.read())
    if not payload:
        raise ValueError("%s is not a .uf2 file" % path)
    if BANNER not in payload:
        raise ValueError("%s is not CircuitPython for the Raspberry Pi Pico (RP2040): the page "
                         "emulates that board with its 1 MiB drive only" % path)


def site_config():
    """The page's board: button pins by action, the display's I2C pins, the piezo, flash offsets."""
    from boards.pico import PROFILE

    def gp(name):
        return int(name[2:])
    return {
        "board": PROFILE["name"],
        "buttons": [{"action": a, "pin": gp(p)} for p, a in PROFILE["buttons"]],
        "i2c": {"sda": gp(PROFILE["i2c_sda"]), "scl": gp(PROFILE["i2c_scl"]), "addr": PROFILE["address"]},
        "buzzer": gp(PROFILE["buzzer"]) if PROFILE["buzzer"] else -1,
        "fsOffset": FS_OFFSET,
        "nvmOffset": pico.NVM_OFFSET,
        "firmware": "firmware.uf2",
        "image": "circuitpy.img",
    }


def build(out=OUT, uf2=None, say=print):
    """Write the site into ``out`` (emptied first); return ``out``."""
    emu, default_uf2, rpjs = pico.locate()
    uf2 = uf2 or default_uf2
    check_uf2(uf2)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in os.listdir(PAGE):
        shutil.copy(os.path.join(PAGE, name), out)
    esm = os.path.join(rpjs, "dist", "esm")
    # the emulator's modules; its GDB server over TCP needs Node's net and is left out
    shutil.copytree(esm, os.path.join(out, "rp2040js"),
                    ignore=lambda d, names: [n for n in names if n.endswith(".d.ts") or n.startswith("gdb-tcp")])
    shutil.copy(os.path.join(rpjs, "LICENSE"), os.path.join(out, "rp2040js", "LICENSE"))
    shutil.copyfile(os.path.join(emu, "bootrom.js"), os.path.join(out, "bootrom.js"))
    shutil.copyfile(uf2, os.path.join(out, "firmware.uf2"))
    pico.build_image(os.path.join(out, "circuitpy.img"), board="pico")
    config = site_config()
    config["firmwareName"] = os.path.basename(uf2)
    with open(os.path.join(out, "site.json"), "w", encoding="utf-8") as f:
        json.dump(config, f, indent=1)
    size = sum(os.path.getsize(os.path.join(d, n)) for d, _, ns in os.walk(out) for n in ns)
    say("built %s (%d KB; firmware %s)" % (out, size // 1024, os.path.basename(uf2)))
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder, port=8000, host="127.0.0.1", quiet=False):
    """Serve ``folder`` over HTTP on ``host:port`` in a thread; return the server
    (``server.server_address`` has the port, 0 picks a free one)."""
    def handler(*a, **k):
        return (_Quiet if quiet else http.server.SimpleHTTPRequestHandler)(*a, directory=folder, **k)
    server = http.server.ThreadingHTTPServer((host, port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browse(url, visits, shot=None, chromium=CHROMIUM, timeout_s=900):
    """Visit the page at ``url`` in headless chromium (``tools/browser.mjs``, whose
    docstring says what ``visits`` holds and what comes back): its JSON record; a
    RuntimeError when the browser run fails."""
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "visits.json")
        with open(path, "w") as f:
            json.dump(visits, f)
        cmd = ["node", os.path.join(ROOT, "tools", "browser.mjs"), url, path] + (["--shot", shot] if shot else [])
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s,
                           env=dict(os.environ, CHROMIUM=chromium))
    if p.returncode:
        raise RuntimeError("the browser run failed: %s" % p.stderr[-3000:])
    return json.loads(p.stdout)


def speed(uf2=None):
    """Play the power-cycle script's hand in chromium; print the page's speed figures."""
    import subprocess
    import tempfile
    import devscript
    with tempfile.TemporaryDirectory() as d:
        folder = build(os.path.join(d, "site"), uf2, say=lambda *a: None)
        server = serve(folder, port=0, quiet=True)
        items, _ = pico.timeline(devscript.POWER_HEAD + (" A " + devscript.A_GAP) * 8 + " s:end")
        try:
            out = browse("http://127.0.0.1:%d/" % server.server_address[1],
                         [{"script": ",".join(items), "shots": ["end"], "timeout_s": 600}])
        except RuntimeError as e:
            sys.exit("web.py: %s" % e)
        finally:
            server.shutdown()
    v = out["visits"][0]
    busy = [s for s in v["speeds"] if s["runMs"] >= 100]  # seconds in which the Pico computed
    print("firmware %s; chromium %s" % (os.path.basename(uf2 or pico.locate()[1]),
                                        subprocess.run([CHROMIUM, "--version"], capture_output=True,
                                                       text=True).stdout.strip()))
    print("power-on to the firmware's first line: %.1f s" % (v["startMs"] / 1000.0))
    if busy:
        rates = sorted(s["runCycles"] / s["runMs"] / 1000.0 for s in busy)  # M cycles per wall second
        med = rates[len(rates) // 2]
        print("computing (%d of %d seconds): median %.1f M cycles/s = %.0f%% of a real Pico's 125 MHz; "
              "range %.1f-%.1f" % (len(rates), len(v["speeds"]), med, med / 1.25, rates[0], rates[-1]))
    if out["error"]:
        sys.exit("web.py: %s" % out["error"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=("build", "serve", "speed"), nargs="?", default="serve")
    ap.add_argument("--out", default=OUT, help="the site's folder (default build/web)")
    ap.add_argument("--uf2", help="the CircuitPython .uf2 the page boots (default: the emulated Pico's)")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--no-open", action="store_true", help="serve without opening a browser")
    args = ap.parse_args(argv)
    if args.command == "speed":
        return speed(args.uf2)
    try:
        build(args.out, args.uf2)
    except (ValueError, pico.PicoMissing) as e:
        sys.exit("web.py: %s" % e)
    if args.command == "serve":
        server = serve(args.out, args.port)
        url = "http://127.0.0.1:%d/" % server.server_address[1]
        print("serving %s at %s (Ctrl-C stops)" % (args.out, url))
        if not args.no_open:
            webbrowser.open(url)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            server.shutdown()


if __name__ == "__main__":
    main()
