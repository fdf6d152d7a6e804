"""The device's start-up and its way out of a crash (``firmware/code.py``), run on the PC
with the board's modules replaced: out of RAM in play the program starts again, into
the match or the title, at most twice in a row; any other error shows the crash screen."""

import importlib.util
import os
import sys
import types

import pytest

import sim
from app import App
from savestore import MemoryBackend, Storage

FIRMWARE = os.path.join(os.path.dirname(__file__), "..", "firmware")
CODE, HARDWARE = os.path.join(FIRMWARE, "code.py"), os.path.join(FIRMWARE, "hardware.py")
STARTUP, RELOAD = "startup", "reload"


def load(name, path):
    """A fresh module ``name`` from the file ``path``."""
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Reload(BaseException):
    """``supervisor.reload()``: CircuitPython's reload is not caught by ``except Exception``."""


class Halted(BaseException):
    """``hardware.halt()``: the crash screen until reset."""


class Board:
    """What outlives one run of the program: the save region, ``alarm.sleep_memory``;
    and what the runs did: the crash screens shown, the displays released."""

    def __init__(self):
        self.nvm = bytearray(4096)
        self.sleep_memory = bytearray(256)
        self.errors = []
        self.released = 0

    def modules(self, reason):
        """The board's modules for one run started by ``reason``."""
        board = self
        sup = types.ModuleType("supervisor")
        sup.RunReason = types.SimpleNamespace(STARTUP=STARTUP, SUPERVISOR_RELOAD=RELOAD)
        sup.runtime = types.SimpleNamespace(run_reason=reason)

        def reload():
            raise Reload()
        sup.reload = reload
        hw = load("hardware", HARDWARE)  # the firmware's, its board-facing parts replaced

        def build(profile, h, keep_frame=False):
            h.display = sim.NullDisplay()
            h.buttons = sim.BOARDS[6]
            h.keys = sim.FakeKeys(h.buttons)
            h.i2c = types.SimpleNamespace(deinit=lambda: None)
        hw.build = build
        hw.make_storage = lambda: Storage(MemoryBackend(board.nvm))
        hw.sleep_memory = lambda: board.sleep_memory

        def show_error(message, display=None):
            board.errors.append(message)
        hw.show_error = show_error

        def halt(exc=None):
            raise Halted()
        hw.halt = halt
        prof = types.ModuleType("profiles")
        prof.select_profile = lambda: ("pico", {"name": "Raspberry Pi Pico"})
        prof.setting = lambda name: None
        disp = types.ModuleType("displayio")

        def release_displays():
            board.released += 1
        disp.release_displays = release_displays
        return {"supervisor": sup, "hardware": hw, "profiles": prof, "displayio": disp}


@pytest.fixture(autouse=True)
def _modules(modules_restored):
    """code.py's app forgets modules as on the device: they come back after each test."""


def run(monkeypatch, board, reason, ticks, fail=MemoryError):
    """One run of code.py's ``main`` on ``board``: ``ticks(app)`` is called at each frame
    and returns True when the frame should raise ``fail``. Returns how the run ended
    (``Reload`` or ``Halted``) and the app's scene (its class name) at its last frame."""
    for name, mod in board.modules(reason).items():
        monkeypatch.setitem(sys.modules, name, mod)
    code = load("pd_code", CODE)
    monkeypatch.setattr(code, "forget", lambda names: None)  # keep the stand-ins loaded
    tick = App.tick
    seen = []

    def frame(app):
        tick(app)
        seen.append(type(app.scene).__name__)
        if ticks(app):
            raise fail("memory allocation failed")
    monkeypatch.setattr(App, "tick", frame)
    monkeypatch.setattr("time.sleep", lambda s: None)
    with pytest.raises((Reload, Halted)) as e:
        code.main()
    monkeypatch.setattr(App, "tick", tick)
    return e.type, seen[-1] if seen else None


def test_out_of_ram_at_the_title_starts_again_at_the_title_twice_then_the_crash_screen(
        monkeypatch):
    board = Board()
    assert run(monkeypatch, board, STARTUP, lambda app: True) == (Reload, "Title")
    assert board.sleep_memory[:3] == bytes([0xD5, App.SCREEN_TITLE, 1]) and board.released == 1
    assert run(monkeypatch, board, RELOAD, lambda app: True) == (Reload, "Title")
    assert board.sleep_memory[:3] == bytes([0xD5, App.SCREEN_TITLE, 2])
    assert run(monkeypatch, board, RELOAD, lambda app: True) == (Halted, "Title")
    assert board.errors == ["out of RAM, starting again: memory allocation failed"] * 2 + [
        "crash MemoryError: memory allocation failed"]
    assert board.sleep_memory[0] == 0  # read: a power cycle starts afresh
    assert run(monkeypatch, board, STARTUP, lambda app: True) == (Reload, "Title")
    assert board.sleep_memory[:3] == bytes([0xD5, App.SCREEN_TITLE, 1])


def test_out_of_ram_in_a_match_starts_again_into_it(monkeypatch):
    """The match goes on from its save, as after any restart."""
    board = Board()
    h = sim.Harness(6, storage=Storage(MemoryBackend(board.nvm)))  # a match saved in play
    h.run_script("A A")
    h.app.scene.sel = len(h.app.scene.rows()) - 1
    h.tap("A")
    h.past_draw()
    moves = bytes(h.app.session.rec.moves)
    # a run the match's start began (a restart, no mark): it opens the match at once
    assert run(monkeypatch, board, RELOAD, lambda app: True) == (Reload, "Table")
    assert board.sleep_memory[:3] == bytes([0xD5, 255, 1]) and board.released == 1
    assert run(monkeypatch, board, RELOAD, lambda app: True) == (Reload, "Table")
    assert board.sleep_memory[:3] == bytes([0xD5, 255, 2])
    state = []

    def opened(app):
        state.append(bytes(app.session.rec.moves))
        raise Halted()
    assert run(monkeypatch, board, RELOAD, opened) == (Halted, "Table")
    assert state[0][:len(moves)] == moves
    assert board.errors == ["out of RAM, starting again: memory allocation failed"] * 2


def test_any_other_error_shows_the_crash_screen(monkeypatch):
    board = Board()
    assert run(monkeypatch, board, STARTUP, lambda app: True, fail=ValueError) == (Halted, "Title")
    assert board.errors == ["crash ValueError: memory allocation failed"]
    assert board.sleep_memory[0] == 0 and board.released == 0


def test_a_restart_out_of_ram_keeps_the_last_deal_code(monkeypatch):
    """The title's last deal code (for Deal by code) outlives the restart; a power cycle
    forgets it with the mark."""
    board = Board()
    code = "DG0-000-01C"

    def fail(app):
        app.last_code = code  # as a hand's summary leaves it
        return True
    assert run(monkeypatch, board, STARTUP, fail) == (Reload, "Title")
    assert bytes(board.sleep_memory[3:14]) == code.encode()
    seen = []

    def look(app):
        seen.append(app.last_code)
        raise Halted()
    assert run(monkeypatch, board, RELOAD, look) == (Halted, "Title")
    assert seen == [code]
    board.sleep_memory[:14] = bytes([0xD5, App.SCREEN_TITLE, 1]) + code.encode()
    seen.clear()
    assert run(monkeypatch, board, STARTUP, look) == (Halted, "Title")  # not a restart
    assert seen == [""]
    board.sleep_memory[:14] = bytes([0xD5, App.SCREEN_TITLE, 1]) + b"DG0-\xff00-01C"
    seen.clear()
    assert run(monkeypatch, board, RELOAD, look) == (Halted, "Title")  # garbled: no code
    assert seen == [""]
