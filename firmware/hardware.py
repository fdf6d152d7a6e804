"""The hardware objects built from a board profile (``profiles.py``), the
storage for saves, the error screen, and the RAM kept over a restart.

Everything that touches ``board``, ``busio``, ``displayio``, ``keypad``,
``pwmio`` or ``microcontroller`` is imported inside the functions that need it.
"""

from wraptext import COLS as ERROR_COLS, wrap as _wrap

SAVE_FILE = "/pocket_dominoes.sav"


class Hardware:
    """What App needs: display, keys, buttons (actions by key number), buzzer; plus notes."""

    def __init__(self):
        self.display = None
        self.i2c = None  # the display's bus
        self.keys = None
        self.buttons = ()
        self.buzzer = None
        self.notes = []


def build(profile, hw=None, keep_frame=False):
    """Build I2C + SSD1306 display, keypad.Keys and the optional buzzer. ``keep_frame``:
    the display shows what the panel holds until the program's first refresh (after a
    restart: the frame the last run left), not the console."""
    from profiles import ADDRESSES, ProfileError, button_actions
    import board
    import busio
    import displayio
    import keypad
    if hw is None:
        hw = Hardware()
    displayio.release_displays()
    sda = getattr(board, profile["i2c_sda"])
    scl = getattr(board, profile["i2c_scl"])
    i2c = busio.I2C(scl, sda, frequency=400000)
    address = profile["address"]
    found = []
    while not i2c.try_lock():
        pass
    try:
        found = i2c.scan()
    finally:
        i2c.unlock()
    if address not in found:
        other = [a for a in ADDRESSES if a in found]
        if not other:
            i2c.deinit()
            raise ProfileError("no display at 0x%02X on %s/%s (I2C devices found: %s); "
                               "check wiring and 'address'"
                               % (address, profile["i2c_sda"], profile["i2c_scl"],
                                  ", ".join("0x%02X" % a for a in found) or "none"))
        hw.notes.append("display answered at 0x%02X, not 0x%02X: fix 'address' in the profile"
                        % (other[0], address))
        address = other[0]
    try:
        from i2cdisplaybus import I2CDisplayBus  # CircuitPython 9 and 10
    except ImportError:
        from displayio import I2CDisplay as I2CDisplayBus  # CircuitPython 8
    bus = I2CDisplayBus(i2c, device_address=address)
    hw.i2c = i2c
    import adafruit_displayio_ssd1306
    hw.display = adafruit_displayio_ssd1306.SSD1306(
        bus, width=profile["width"], height=profile["height"], rotation=profile["rotation"],
        auto_refresh=not keep_frame)
    pins = tuple(getattr(board, pin) for pin, _ in profile["buttons"])
    # the app reads the events every frame: 8 queued are plenty (the default 64 take 384 B)
    hw.keys = keypad.Keys(pins, value_when_pressed=False, pull=True, max_events=8)
    hw.buttons = button_actions(profile)
    if profile["buzzer"] is not None:
        import pwmio
        hw.buzzer = pwmio.PWMOut(getattr(board, profile["buzzer"]), duty_cycle=0,
                                 frequency=440, variable_frequency=True)
    return hw


# alarm.sleep_memory, kept over a restart (the run before's mark for this one): [0] is MARK
# while [1] holds the screen the next run opens (``App(screen=...)``; MATCH: the saved
# match), [2] the restarts in a row after running out of RAM and [3:14] the last deal's
# code (``App.last_code``, ASCII, zero-padded)
MARK = 0xD5
MATCH = 255
CODE_AT, CODE_LEN = 3, 11
OOM_RESTARTS = 2  # at most this many in a row; then the crash screen


def sleep_memory():
    """``alarm.sleep_memory``, or None on a board without it (or with less than a mark needs)."""
    try:
        from alarm import sleep_memory
    except ImportError:
        return None
    return sleep_memory if len(sleep_memory) >= CODE_AT + CODE_LEN else None


def take_mark(mem, resume):
    """What the run before asked this one (a restart: ``resume``) to open, read once:
    ``(screen, restarts after running out of RAM, last deal's code)``; ``(None, 0, "")``:
    the saved match, if any, as after a power cycle."""
    if mem is None or mem[0] != MARK:
        return None, 0, ""
    mem[0] = 0
    if not resume:
        return None, 0, ""
    try:
        code = bytes(mem[CODE_AT:CODE_AT + CODE_LEN]).split(b"\0")[0].decode()
    except UnicodeError:  # not ASCII: no code (the entry starts from zeros)
        code = ""
    return (None if mem[1] == MATCH else mem[1]), mem[2], code


def crashed(e, display, restart, screen, ooms, code):
    """The app stopped on ``e``. Out of RAM, fewer than ``OOM_RESTARTS`` times in a row
    (``ooms``), the program starts again on a fresh heap (``restart``: code.py's) into
    ``screen`` (None: the match in play, from its save) with ``code`` the last deal's
    code, saying so on the screen while it does; otherwise, or where the board keeps
    nothing over a restart, the crash screen until reset."""
    if isinstance(e, MemoryError) and ooms < OOM_RESTARTS:
        show_error("out of RAM, starting again: %s" % e, display)
        restart(screen, ooms + 1, code)
    show_error("crash %s: %s" % (type(e).__name__, e), display)
    halt(e)


def make_storage(save_file=SAVE_FILE):
    """Storage on microcontroller.nvm, else a save file, else RAM (saves lost at power off)."""
    from savestore import FileBackend, MemoryBackend, NvmBackend, SLOT_SIZES, Storage
    need = 2 * sum(SLOT_SIZES)
    try:
        import microcontroller
        nvm = microcontroller.nvm
    except Exception:  # noqa: BLE001 - no module, no nvm, or Blinka on a PC
        nvm = None
    if nvm is not None and len(nvm) >= need:
        return Storage(NvmBackend(nvm))
    try:
        return Storage(FileBackend(save_file, need))
    except OSError:
        st = Storage(MemoryBackend(bytearray(need)))
        st.errors.append("no nvm and CIRCUITPY is read-only: saves last until power off")
        return st


def _fallback_display():
    # A display for error messages when the profile could not be used: the
    # board's default I2C bus (board.I2C or board.STEMMA_I2C), first SSD1306 found.
    import board
    import displayio
    displayio.release_displays()
    make = getattr(board, "I2C", None) or getattr(board, "STEMMA_I2C", None)
    if make is None:
        return None
    i2c = make()
    while not i2c.try_lock():
        pass
    try:
        found = [a for a in ADDRESSES if a in i2c.scan()]
    finally:
        i2c.unlock()
    if not found:
        return None
    try:
        from i2cdisplaybus import I2CDisplayBus
    except ImportError:
        from displayio import I2CDisplay as I2CDisplayBus
    import adafruit_displayio_ssd1306
    bus = I2CDisplayBus(i2c, device_address=found[0])
    return adafruit_displayio_ssd1306.SSD1306(bus, width=128, height=64)


def halt(exc=None):
    """Print the traceback of ``exc`` to serial and keep the error on screen until reset."""
    if exc is not None:
        try:
            import traceback
            traceback.print_exception(exc)
        except Exception:  # noqa: BLE001
            print(repr(exc))
    import time
    while True:
        time.sleep(1)


ERROR_LINES = 6  # text lines on the error screen (6x12 cells, 10 px apart)
ERROR_PITCH = 10


def _screen_bitmap(display):
    """The 1-bit bitmap the app shows full screen (its TileGrid at 0, 0 in
    ``display.root_group``), or None when something else is on the display."""
    import displayio
    root = getattr(display, "root_group", None)
    if root is None:
        return None
    try:
        for i in range(len(root)):
            tg = root[i]
            b = getattr(tg, "bitmap", None)
            if (isinstance(b, displayio.Bitmap) and b.width >= 128 and b.height >= 32
                    and tg.x == 0 and tg.y == 0):
                return b
    except (TypeError, AttributeError, IndexError):
        pass
    return None


def _error_text(bmp, x, y, s, i0=0, i1=None):
    """Copy the ink of ``s[i0:i1]`` in ``terminalio.FONT`` into ``bmp``, cells' top
    left at (x, y). Takes the characters by index: no slice is made."""
    import terminalio
    try:
        from bitmaptools import blit
    except ImportError:
        blit = None
    font = terminalio.FONT
    for i in range(i0, min(len(s), len(s) if i1 is None else i1)):
        g = font.get_glyph(ord(s[i]))
        if g is None:
            continue
        src = g.bitmap
        per = max(1, src.width // g.width)
        sx = g.tile_index % per * g.width
        sy = g.tile_index // per * g.height
        w = min(g.width, bmp.width - x)
        h = min(g.height, bmp.height - y)
        if w > 0 and h > 0:
            if blit is not None:
                blit(bmp, src, x, y, x1=sx, y1=sy, x2=sx + w, y2=sy + h, skip_source_index=0)
            else:
                for r in range(h):
                    for k in range(w):
                        if src[sx + k, sy + r]:
                            bmp[x + k, y + r] = 1
        x += g.shift_x


def _error_lines(bmp, message, lines, rows):
    # the wrapped ``lines``, or with lines None the message cut every ERROR_COLS characters
    for i in range(rows):
        if lines is None:
            _error_text(bmp, 0, i * ERROR_PITCH, message, i * ERROR_COLS, (i + 1) * ERROR_COLS)
        elif i < len(lines):
            _error_text(bmp, 0, i * ERROR_PITCH, lines[i])


def show_error(message, display=None):
    """Print ``message`` and show it on the OLED (built from board.I2C() if needed); never raises.

    The text is drawn into the app's screen bitmap when the display still shows
    it (nothing new allocated, so it works with the heap nearly full), else
    into one small new bitmap; wrapped at word boundaries, at most
    ``ERROR_LINES`` lines of ``ERROR_COLS`` characters.
    """
    try:
        print("pocket dominoes:", message)
    except MemoryError:
        pass
    try:
        import gc
        import displayio
        if display is None:
            display = _fallback_display()
            if display is None:
                return
        gc.collect()
        try:
            display.wake()  # the app may have put it to sleep
        except (AttributeError, RuntimeError):
            pass
        rows = min(ERROR_LINES, (getattr(display, "height", 64) - 12) // ERROR_PITCH + 1)
        try:
            lines = _wrap(message)[:rows]
        except MemoryError:  # too little RAM even for that: cut every ERROR_COLS characters
            lines = None
        bmp = _screen_bitmap(display)
        if bmp is None:
            n = len(lines) if lines else rows
            cols = max(len(ln) for ln in lines) if lines else ERROR_COLS
            bmp = displayio.Bitmap(6 * max(1, cols), ERROR_PITCH * (n - 1) + 12, 2)
            pal = displayio.Palette(2)
            pal[0] = 0x000000
            pal[1] = 0xFFFFFF
            group = displayio.Group()
            group.append(displayio.TileGrid(bmp, pixel_shader=pal))
            display.root_group = group
        else:
            bmp.fill(0)
        try:
            _error_lines(bmp, message, lines, rows)
        except MemoryError:  # the wrapped lines took the last bytes: cut the message instead
            lines = None
            gc.collect()
            bmp.fill(0)
            _error_lines(bmp, message, lines, rows)
        try:
            display.auto_refresh = True  # the app turns it off; halt() only sleeps
            display.refresh()
        except (AttributeError, NotImplementedError, RuntimeError):
            pass
    except Exception as e:  # noqa: BLE001 - the serial message above is what matters
        try:
            print("(could not show it on the display: %r)" % (e,))
        except MemoryError:
            pass
