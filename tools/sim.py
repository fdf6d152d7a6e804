"""Desktop simulator: the firmware App on a PC through Blinka displayio + pygame.

    .venv/bin/python tools/sim.py                 # window; arrows, Z/Enter = A, X/Backspace = B
                                                  # (left and right arrows together: the moves so far)
    .venv/bin/python tools/sim.py --board 3       # three buttons: hold A (Z) for back
    .venv/bin/python tools/sim.py --headless --script "A A s R A s" --shot out/

Keys in a script (separated by spaces or commas): ``L R U D A B`` tap a
button; ``~A`` holds A long (back on boards without B); ``L+R`` presses LEFT and
RIGHT together (the table's moves so far); ``w500`` waits 500 ms;
``s`` or ``s:name`` writes a screenshot; ``X*3`` repeats a token. Time in the
headless run is virtual, so a script gives the same screens every time. Saves
go to ``--save FILE`` (default: in memory for --headless, else
``~/.pocket-dominoes-sim.bin``).
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _sub in ("lib", "firmware"):
    _p = os.path.join(ROOT, _sub)
    if _p not in sys.path:
        sys.path.insert(0, _p)


def _word_fill(slow):
    """``bitmaptools.fill_region`` for Blinka's 1-bit ``displayio.Bitmap``, a 32-bit word at
    a time (Blinka's sets one pixel at a time, most of a UI test's time on the host); any
    other bitmap or value goes to ``slow``, Blinka's own. The same pixels and dirty area."""
    from displayio import Bitmap

    def fill_region(bitmap, x1, y1, x2, y2, value):
        if (type(bitmap) is not Bitmap or type(value) is not int or bitmap._bits_per_value != 1
                or bitmap._read_only):
            return slow(bitmap, x1, y1, x2, y2, value)
        x1, y1 = max(x1, 0), max(y1, 0)
        x2, y2 = min(x2, bitmap.width), min(y2, bitmap.height)
        if x1 >= x2 or y1 >= y2:
            return None
        bitmap.dirty(x1, y1, x2, y2)
        masks = []  # (word in the row, its bits from x1 to x2: pixel x is bit 31 - x % 32)
        for w in range(x1 >> 5, ((x2 - 1) >> 5) + 1):
            lo, hi = max(x1, w * 32), min(x2, w * 32 + 32)
            masks.append((w, ((1 << (hi - lo)) - 1) << (32 - (hi - w * 32))))
        data, stride = bitmap._data, bitmap._stride
        for y in range(y1 * stride, y2 * stride, stride):
            for w, m in masks:
                data[y + w] = data[y + w] | m if value & 1 else data[y + w] & (0xFFFFFFFF ^ m)
        return None
    fill_region.slow = slow
    return fill_region


def _word_blit(slow):
    """``bitmaptools.blit`` of a 1-bit ``displayio.Bitmap`` onto another skipping the
    source's 0s (how the firmware draws its glyphs), a row at a time as an integer;
    any other call goes to ``slow``, Blinka's own, which reads and writes each pixel. The
    same pixels and dirty area."""
    from displayio import Bitmap

    def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
             skip_dest_index=None):
        if (type(dest) is not Bitmap or type(source) is not Bitmap or dest is source
                or skip_source_index != 0 or skip_dest_index is not None or dest._read_only
                or dest._bits_per_value != 1 or source._bits_per_value != 1):
            return slow(dest, source, x, y, x1=x1, y1=y1, x2=x2, y2=y2,
                        skip_source_index=skip_source_index, skip_dest_index=skip_dest_index)
        x2 = source.width if x2 is None else x2
        y2 = source.height if y2 is None else y2
        x1, x2 = min(x1, x2), min(max(x1, x2), source.width)
        y1, y2 = min(y1, y2), min(max(y1, y2), source.height)
        dx1, dy1 = max(x, 0), max(y, 0)
        dx2, dy2 = min(x + x2 - x1, dest.width), min(y + y2 - y1, dest.height)
        if dx1 >= dx2 or dy1 >= dy2:
            return None
        ox, oy = x1 - x, y1 - y
        if dx1 + ox < 0 or dy1 + oy < 0:
            raise ValueError("Index %r is out of range" % ((dx1 + ox, dy1 + oy),))
        dest.dirty(dx1, dy1, dx2, dy2)
        n = dx2 - dx1
        mask = (1 << n) - 1
        sd, ss, dd, ds = source._data, source._stride, dest._data, dest._stride
        sshift, dshift = ss * 32 - (dx1 + ox) - n, ds * 32 - dx1 - n  # a row as one integer
        for dy in range(dy1, dy2):
            s0 = (dy + oy) * ss
            row = 0
            for w in sd[s0:s0 + ss]:
                row = row << 32 | w
            bits = row >> sshift & mask
            if bits:
                d0 = dy * ds
                row = 0
                for w in dd[d0:d0 + ds]:
                    row = row << 32 | w
                row |= bits << dshift
                for k in range(d0 + ds - 1, d0 - 1, -1):
                    dd[k] = row & 0xFFFFFFFF
                    row >>= 32
        return None
    blit.slow = slow
    return blit


try:  # the firmware's drawing on the host, faster (host_tests/test_ui_golden.py checks both)
    import bitmaptools as _bitmaptools
    if not hasattr(_bitmaptools.fill_region, "slow"):
        _bitmaptools.fill_region = _word_fill(_bitmaptools.fill_region)
    if not hasattr(_bitmaptools.blit, "slow"):
        _bitmaptools.blit = _word_blit(_bitmaptools.blit)
except ImportError:  # no Blinka displayio: the simulator cannot draw anyway
    pass

BOARDS = {
    3: ("LEFT", "RIGHT", "A"),
    4: ("LEFT", "RIGHT", "A", "B"),
    5: ("LEFT", "RIGHT", "UP", "DOWN", "A"),
    6: ("LEFT", "RIGHT", "UP", "DOWN", "A", "B"),
}
TAP_MS = 40
FRAME_MS = 20


KEYS = {"L": "LEFT", "R": "RIGHT", "U": "UP", "D": "DOWN", "A": "A", "B": "B"}


def script_tokens(script):
    """The tokens of a script (module docstring), ``X*3`` written out three times."""
    for tok in script.replace(",", " ").split():
        rep = 1
        if "*" in tok:
            tok, n = tok.split("*", 1)
            rep = int(n)
        for _ in range(rep):
            yield tok


class Event:
    """A keypad-like key event."""

    def __init__(self, key_number, pressed):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class _Queue:
    def __init__(self):
        self.q = []

    def get(self):
        return self.q.pop(0) if self.q else None

    def clear(self):
        del self.q[:]

    def __len__(self):
        return len(self.q)


class FakeKeys:
    """A ``keypad.Keys`` stand-in fed with action names (scripts, keyboard, tests)."""

    def __init__(self, buttons):
        self.buttons = tuple(buttons)
        self.events = _Queue()

    def press(self, action):
        """Queue a press of the button mapped to ``action`` (ignored if the board lacks it)."""
        if action in self.buttons:
            self.events.q.append(Event(self.buttons.index(action), True))

    def release(self, action):
        """Queue a release of that button."""
        if action in self.buttons:
            self.events.q.append(Event(self.buttons.index(action), False))


class Clock:
    """A virtual millisecond clock: ``clock()`` reads it, ``advance(ms)`` moves it."""

    def __init__(self, start=1000):
        self.t = start

    def __call__(self):
        return self.t

    def advance(self, ms):
        """Move time forward."""
        self.t += ms


class NullDisplay:
    """A display that only holds the root group (fast tests without pixels)."""

    def __init__(self):
        self.root_group = None
        self.auto_refresh = False
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, **kw):
        """Count refreshes."""
        self.refreshes += 1


def make_display(headless=True, scale=True):
    """A 128x64 PyGameDisplay (hidden window when headless)."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    from blinka_displayio_pygamedisplay import PyGameDisplay
    flags = pygame.SCALED if (scale and not headless) else 0
    d = PyGameDisplay(width=128, height=64, flags=flags, auto_refresh=False,
                      caption="Pocket dominoes")
    return d


_SHARED = []


def shared_display():
    """One headless display for a whole process (Blinka allows only a few)."""
    if not _SHARED:
        _SHARED.append(make_display(headless=True))
    return _SHARED[0]


def screenshot(display, path):
    """Write the display's current frame to ``path`` as a PNG (pixels as shown)."""
    import pygame
    display.refresh()
    pygame.image.save(display._pygame_screen, path)


def frame_bytes(display):
    """The current frame as RGB bytes (for comparing screens)."""
    import pygame
    display.refresh()
    return pygame.image.tobytes(display._pygame_screen, "RGB")


class Restart(Exception):
    """The app asked for a fresh interpreter (``supervisor.reload()`` on the device),
    to open the menu screen ``screen`` (None: the saved match) with ``code`` the last
    deal's code."""

    def __init__(self, screen=None, code=""):
        Exception.__init__(self, screen)
        self.screen = screen
        self.code = code


def _restart(screen=None, oom=0, code=""):
    raise Restart(screen, code)


class Harness:
    """An App with fake keys, a virtual clock and memory storage, driven by actions
    (``board``: a button count of ``BOARDS``, or a tuple of action names)."""

    def __init__(self, board=6, display=None, storage=None, settings_speed=0, restarts=False):
        from savestore import Storage, MemoryBackend
        self.buttons = BOARDS[board] if isinstance(board, int) else tuple(board)
        self.keys = FakeKeys(self.buttons)
        self.clock = Clock()
        self.display = display if display is not None else NullDisplay()
        self.storage = storage if storage is not None else Storage(MemoryBackend(bytearray(4096)))
        self.restarts = 0 if restarts else None  # counted when the app restarts as on a device
        self.settings_speed = settings_speed
        self._boot(False)

    def _boot(self, resume, screen=None, code=""):
        """Make the app, as code.py does at power-on (or after a restart: ``resume``,
        ``screen``, ``code``)."""
        from app import App
        self.app = App(self.display, self.keys, self.storage, self.buttons, now_ms=self.clock,
                       restart=None if self.restarts is None else _restart, resume=resume,
                       screen=screen, code=code)
        if self.settings_speed is not None:
            self.app.settings.speed = self.settings_speed
        self.app.tick()

    def step(self, ms=FRAME_MS):
        """Advance time and run one frame (with ``restarts``, a restart the app asks for
        makes a new app on the same storage, as the device's code.py runs again)."""
        self.clock.advance(ms)
        try:
            self.app.tick()
        except Restart as r:
            self.restarts += 1
            self._boot(True, r.screen, r.code)

    def tap(self, action):
        """Press and release a button (a board without it ignores it)."""
        self.keys.press(action)
        self.step()
        self.clock.advance(TAP_MS)
        self.keys.release(action)
        self.step()

    def hold(self, action, ms=900):
        """Hold a button for ``ms`` (long press)."""
        self.keys.press(action)
        self.step()
        t = 0
        while t < ms:
            self.step()
            t += FRAME_MS
        self.keys.release(action)
        self.step()

    def chord(self, first="LEFT", second="RIGHT"):
        """Press ``first``, then ``second`` while it is held, and release both."""
        self.keys.press(first)
        self.step()
        self.keys.press(second)
        self.step()
        self.clock.advance(TAP_MS)
        self.keys.release(second)
        self.keys.release(first)
        self.step()

    def back(self):
        """B, or a long A on boards without B."""
        if "B" in self.buttons:
            self.tap("B")
        else:
            self.hold("A")

    def past_draw(self):
        """A on the draw before a match's first hand (``firstdraw``), where it is shown
        (known by its class's name: the module is imported afresh for each match)."""
        if type(self.app.scene).__name__ == "FirstDraw":
            self.tap("A")

    def wait(self, ms):
        """Let ``ms`` of virtual time pass, frame by frame."""
        t = 0
        while t < ms:
            self.step()
            t += FRAME_MS

    def run_script(self, script, shot_dir=None, shots=None):
        """Play a script of tokens (see the module docstring); return screenshot paths."""
        out = [] if shots is None else shots
        for tok in script_tokens(script):
            if tok.startswith("w"):
                self.wait(int(tok[1:]))
            elif tok.startswith("~"):
                self.hold(KEYS[tok[1:].upper()])
            elif "+" in tok:
                a, b = tok.upper().split("+")
                self.chord(KEYS[a], KEYS[b])
            elif tok == "s" or tok.startswith("s:"):
                if shot_dir:
                    name = tok[2:] if tok.startswith("s:") else "shot%02d" % len(out)
                    path = os.path.join(shot_dir, name + ".png")
                    screenshot(self.display, path)
                    out.append(path)
            elif tok.upper() in KEYS:
                self.tap(KEYS[tok.upper()])
            else:
                raise ValueError("unknown script token %r" % tok)
        return out


def _storage_for(path):
    from savestore import Storage, MemoryBackend, FileBackend
    if path:
        return Storage(FileBackend(path, 4096))
    return Storage(MemoryBackend(bytearray(4096)))


def run_window(board, save):
    """The interactive simulator window."""
    import pygame
    from app import App
    display = make_display(headless=False)
    buttons = BOARDS[board]
    keys = FakeKeys(buttons)
    keymap = {pygame.K_LEFT: "LEFT", pygame.K_RIGHT: "RIGHT", pygame.K_UP: "UP",
              pygame.K_DOWN: "DOWN", pygame.K_z: "A", pygame.K_RETURN: "A", pygame.K_SPACE: "A",
              pygame.K_x: "B", pygame.K_BACKSPACE: "B", pygame.K_ESCAPE: "B"}
    app = App(display, keys, _storage_for(save), buttons)
    clock = pygame.time.Clock()
    print("pocket dominoes simulator: %d buttons %s; arrows, Z/Enter = A, X/Backspace = B%s;"
          " left and right together: the moves so far"
          % (board, "/".join(buttons), "" if "B" in buttons else " (hold A for back)"))
    while True:
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                pygame.quit()
                return
            if ev.type in (pygame.KEYDOWN, pygame.KEYUP) and ev.key in keymap:
                if ev.type == pygame.KEYDOWN:
                    keys.press(keymap[ev.key])
                else:
                    keys.release(keymap[ev.key])
            elif ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
                app.dirty = True
        app.tick()
        clock.tick(60)


def main(argv=None):
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--board", type=int, choices=sorted(BOARDS), default=6,
                    help="number of buttons (3..6)")
    ap.add_argument("--headless", action="store_true", help="no window (SDL dummy driver)")
    ap.add_argument("--script", default="", help="button script for --headless")
    ap.add_argument("--shot", default="", help="folder for screenshots (--headless)")
    ap.add_argument("--save", default=None, help="save file (default: memory when headless)")
    args = ap.parse_args(argv)
    if not args.headless:
        save = args.save if args.save is not None else os.path.expanduser("~/.pocket-dominoes-sim.bin")
        run_window(args.board, save)
        return 0
    display = make_display(headless=True)
    h = Harness(args.board, display, _storage_for(args.save), settings_speed=None)
    if args.shot:
        os.makedirs(args.shot, exist_ok=True)
    shots = h.run_script(args.script, args.shot or None)
    if args.shot:
        path = os.path.join(args.shot, "final.png")
        screenshot(display, path)
        shots.append(path)
    for p in shots:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
