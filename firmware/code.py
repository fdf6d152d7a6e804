"""Pocket dominoes on CircuitPython 9/10: pick the board profile, build the hardware, run the app.

The profile comes from POCKET_DOMINO_BOARD in settings.toml, else from
board.board_id (see boards/). Problems are printed on the serial console and
shown on the OLED until reset. A match starts the program again, on a fresh heap
(``App._restart``); that run opens the saved match at once, or the menu screen the run
before asked for, marked in ``alarm.sleep_memory`` (``App.reopen``). Running out of RAM
in play starts the program again too, into the match or the title.
"""

import gc
import sys

from domino.modules import forget


def main():
    import hardware
    import supervisor
    resume = supervisor.runtime.run_reason == supervisor.RunReason.SUPERVISOR_RELOAD
    hw = hardware.Hardware()
    mem = hardware.sleep_memory()
    screen, ooms, code = hardware.take_mark(mem, resume)
    mark, match = hardware.MARK, hardware.MATCH
    code_at, code_len = hardware.CODE_AT, hardware.CODE_LEN
    try:
        import profiles
        name, profile = profiles.select_profile()
        probe = profiles.setting("POCKET_DOMINO_PROBE")
        print("pocket dominoes: board profile", name, "-", profile["name"])
        hardware.build(profile, hw, keep_frame=resume)
        profiles = profile = None
        # needed only at start-up: their RAM goes back to the game
        forget([k for k in sys.modules if k == "profiles" or k.split(".")[0] == "boards"])
        gc.collect()
        for note in hw.notes:
            print("pocket dominoes:", note)
        st = hardware.make_storage()
        from app import App
        i2c = hw.i2c

        def restart(screen=None, oom=0, code=""):
            # a match, or a menu screen (App.reopen), on a fresh heap (App._restart), ``oom``
            # the restarts in a row after running out of RAM, ``code`` the last deal's: the
            # display and its bus are let go, so the screen keeps its last frame while the
            # program starts again; returns if it cannot carry ``screen`` or ``oom`` over
            if screen is not None or oom:
                if mem is None:
                    return
                mem[1] = match if screen is None else screen
                mem[2] = oom
                mem[code_at:code_at + code_len] = (code.encode() + bytes(code_len))[:code_len]
                mem[0] = mark
            import displayio
            displayio.release_displays()
            i2c.deinit()
            supervisor.reload()
        app = App(hw.display, hw.keys, st, hw.buttons, buzzer=hw.buzzer, forget_code=True,
                  restart=restart, resume=resume, screen=screen, code=code)
        if probe:
            from probe import Probe
            app.probe = Probe(app)
    except Exception as e:  # noqa: BLE001 - show any start-up problem on screen
        hardware.show_error("%s: %s" % (type(e).__name__, e), hw.display)
        hardware.halt(e)
    display = hw.display
    hw = hardware = st = None
    forget(("hardware",))  # start-up's code: back to the game, imported again for a crash
    gc.collect()
    try:
        app.run()
    except Exception as e:  # noqa: BLE001
        # out of RAM, hardware.crashed starts the program again into the match (saved
        # whenever it waits for a person; the AI seats play the same moves again) or the title
        screen = None if app.session is not None else app.SCREEN_TITLE
        code = app.last_code
        app = None  # give its RAM back so that the crash screen can be drawn
        gc.collect()
        import hardware
        hardware.crashed(e, display, restart, screen, ooms, code)


# CircuitPython runs code.py as __main__; on a PC (tests put firmware/ on sys.path,
# where this file shadows the standard library's `code`) importing it does nothing.
if __name__ == "__main__" or sys.implementation.name == "circuitpython":
    main()
