"""The browser page (``tools/web.py``) in a real browser: Debian's chromium, headless,
driven by playwright-core (``tools/browser.mjs``).

The site is built as a user builds it and served on localhost. One browser profile
visits the page twice, as a person who reloads it: the first visit boots the firmware to
the title, deals a Seychelles hand by code and plays two tiles; the second, after the
reload, finds the save (the Pico's nvm sector kept in IndexedDB) and continues it, then
opens the pause menu with the keyboard and closes it with the page's B button. The
screenshots, read back from the page's canvas, equal the simulator's frames for the same
presses at the same emulated times, and the piezo's tone reaches the page (the scripts of ``tools/devscript.py`` that the
emulated-Pico tests use for a power cycle). Needs the emulated Pico's firmware
(``../shared/picoemu``) and chromium (``tools/setup.sh`` installs it as root); where
either is missing the test is skipped with the reason, except in CI
(``POCKET_DOMINO_DEVICE_TESTS=1``), where it fails.
"""

import json
import os
import shutil
import tempfile

import pytest

import devscript
import pico
import sim
import web

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = web.CHROMIUM
PLAYWRIGHT = os.path.join(ROOT, "tools", "node_modules", "playwright-core")


def _missing():
    if not pico.available():
        return pico.MISSING
    if not os.path.exists(CHROMIUM):
        return "no chromium at %s (as root: apt-get install chromium, or run tools/setup.sh)" % CHROMIUM
    if not os.path.isdir(PLAYWRIGHT) or not shutil.which("node"):
        return "playwright-core or node missing: run bash tools/setup.sh"
    return None


if _missing():
    if os.environ.get("POCKET_DOMINO_DEVICE_TESTS"):
        raise RuntimeError(_missing())
    pytest.skip(_missing(), allow_module_level=True)


def timeline(script):
    """The page's ``?script=`` for a sim-style script: the runner's items (``pico.timeline``)."""
    items, _ = pico.timeline(script)
    return ",".join(items)


def browse(url, visits):
    """``web.browse``: the visits' records, shots as rows of 0/1."""
    try:
        out = web.browse(url, visits, chromium=CHROMIUM)
    except RuntimeError as e:
        pytest.fail(str(e))
    for v in out["visits"]:
        v["shots"] = {k: rows(r) for k, r in v["shots"].items()}
    return out


def rows(strings):
    """The page's canvas read (64 strings of '0'/'1') as rows of 0/1."""
    return [[int(c) for c in row] for row in strings]


def sim_shots(script, h):
    """The simulator's frames at the script's ``s:name`` points, on harness ``h``."""
    with tempfile.TemporaryDirectory() as d:
        return {os.path.basename(p)[:-4]: pico.read_png(p) for p in h.run_script(script, d)}


def same(name, page, simulator):
    """Assert two frames are equal; else save both (scaled up) beside the goldens."""
    why = pico.mismatch("web_" + name, page, simulator, os.path.dirname(__file__), "page")
    if why:
        pytest.fail(why)


@pytest.fixture(scope="module")
def site():
    with tempfile.TemporaryDirectory() as d:
        folder = web.build(os.path.join(d, "site"), say=lambda *a: None)
        server = web.serve(folder, port=0, quiet=True)
        try:
            yield "http://127.0.0.1:%d/" % server.server_address[1], folder
        finally:
            server.shutdown()


def test_the_page_plays_and_keeps_a_save_over_a_reload(site):
    url, _ = site
    head = "w200 s:boot " + devscript.POWER_HEAD
    resume = devscript.POWER_RESUME
    # after the resumed hand's frame, as a person: X on the keyboard (B: the pause menu),
    # then a click on the page's B button (back to the table); and the speed line's words
    # for a fast and a slow browser
    fast = {"emu": 600, "wall": 1000, "runMs": 500, "runCycles": 25e6}  # 50 M cycles/s
    slow = {"emu": 200, "wall": 1000, "runMs": 900, "runCycles": 9e6}   # 10 M cycles/s
    after = [{"key": "x"}, {"wait": 1500}, {"read": "pause"}, {"click": "B"}, {"wait": 1500},
             {"read": "back"}] + [{"evaluate": "window.pocket.showSpeed(%s)" % json.dumps(m)} for m in (fast, slow)]
    out = browse(url, [{"script": timeline(head), "shots": ["boot", "before"], "timeout_s": 420},
                       {"script": timeline(resume), "shots": ["title", "after"], "timeout_s": 240,
                        "after": after}])
    assert out["error"] is None, out
    first, second = out["visits"]
    for v in (first, second):
        assert "pocket dominoes: board profile pico" in v["console"], v["console"][-2000:]
        assert "Traceback" not in v["console"], v["console"][-2000:]
        assert v["pageErrors"] == [] and v["status"] == "", (v["pageErrors"], v["status"])
        # the speed line: a figure each second, and words for it
        assert v["speed"]["wall"] >= 900 and v["speedText"], v
    # the simulator, quit and started again on the same save, as the power cycle test does
    from savestore import Storage, MemoryBackend
    store = Storage(MemoryBackend(bytearray(4096)))
    display = sim.shared_display()
    want = sim_shots(head, sim.Harness(6, display, store, settings_speed=None, restarts=True))
    h2 = sim.Harness(6, display, store, settings_speed=None, restarts=True)
    want_resumed = sim_shots(resume, h2)
    same("boot", first["shots"]["boot"], want["boot"])
    same("before", first["shots"]["before"], want["before"])
    # after the reload: the title offers Continue (the save was kept), and the hand resumes
    same("title", second["shots"]["title"], want_resumed["title"])
    same("after", second["shots"]["after"], want_resumed["after"])
    # the keyboard's X is B: the pause menu, as B shows it in the simulator
    pause = sim_shots("B w1000 s:pause", h2)["pause"]
    same("pause_key", rows(second["reads"]["pause"]), pause)
    # the page's B button: back from the pause menu to the table
    assert rows(second["reads"]["back"]) != pause
    assert type(h2.app.scene).__name__ == "TableMenu"
    assert second["values"][0].startswith("Thinking at 40% of a real Pico's speed"), second["values"]
    assert second["values"][1].startswith("This browser is too slow: the Pico runs at 8%"), second["values"]
    assert first["shots"]["before"] != first["shots"]["boot"]
    # each move beeps (firmware/app.py: 880 Hz) and the page plays the piezo's PWM: its
    # divider comes in sixteenths with TOP at 65535, so a Pico plays 125 MHz / (65536 x 2.1875)
    assert 872 in first["tones"], first["tones"]


def test_the_site_refuses_a_uf2_for_another_board(tmp_path):
    uf2 = os.path.join(os.path.dirname(pico.locate()[1]), "firmware-picow-uart.uf2")
    if not os.path.exists(uf2):
        uf2 = str(tmp_path / "pico-w.uf2")
        with open(uf2, "wb") as f:
            block = bytearray(512)
            block[0:8] = b"UF2\n\x57\x51\x5d\x9e"
            block[12:16] = (0x10000000).to_bytes(4, "little")
            block[16:20] = (256).to_bytes(4, "little")
            name = b"Raspberry Pi Pico W with rp2040\0"
            block[32:32 + len(name)] = name
            f.write(block)
    with pytest.raises(ValueError, match="not CircuitPython for the Raspberry Pi Pico"):
        web.build(str(tmp_path / "site"), uf2=uf2, say=lambda *a: None)
    with pytest.raises(ValueError, match="not a .uf2"):
        bad = tmp_path / "x.uf2"
        bad.write_bytes(b"hello")
        web.build(str(tmp_path / "site2"), uf2=str(bad), say=lambda *a: None)
