"""The pocket dominoes program: screens, input, AI pacing and saves.

    app = App(display, keys, storage, buttons, now_ms=None, buzzer=None)
    app.run()          # or app.tick() once per frame

``display`` is a displayio display (``root_group``, ``brightness``,
``refresh``); ``keys`` a ``keypad.Keys``-like object; ``storage`` a
``Storage`` (records 0 settings, 1 stats, 2 match); ``buttons`` the action
name of each key number (``("LEFT", "RIGHT", "A")`` up to six buttons);
``now_ms`` a clock in milliseconds (tests pass a virtual one); ``buzzer`` an
optional ``pwmio.PWMOut`` (variable frequency) or a callable ``(hz, ms)``. On a
device ``restart`` starts the program again (each match is played on a fresh heap,
:meth:`App._restart`) and ``resume`` says this run is such a restart: it opens the
saved match at once, or the menu screen ``screen`` when the run before asked for it
(:meth:`App.reopen`).

Each :meth:`App.tick` reads input, lets the AI work for a bounded budget and
redraws only when something changed. The match record is rewritten when the
device is about to wait for a person (a human seat to act, a privacy screen, a
hand summary), after each move of a person, when a hand is dealt to a human and at
the start and end of a match, not after every AI move: after a power cut the AI seats simply think
again, and as each AI decision depends only on its seed and the observation
(``domino.ai``), they play the same moves. The store appends each save to a
log in flash (see ``savestore``), so power can go at any time.
"""

import gc
import time

from domino import games
from actions import Input
from render import Screen
import savegame
from savegame import Settings, Stats, MatchRecord, BadSave, REC_SETTINGS, REC_STATS, REC_MATCH
import scenes
from scenes import Message, Privacy
from table import Table
import session as sessionmod


def _ticks():
    return time.monotonic_ns() // 1000000


class App:
    """State machine of screens over one Screen; see the module docstring."""

    SCREEN_TITLE = 16  # ``screen``: the title (other codes: ``menus.reopen``)

    def __init__(self, display, keys, storage, buttons, now_ms=None, buzzer=None, forget_code=False,
                 restart=None, resume=False, screen=None, code=""):
        if not resume:
            screen = None
            code = ""
        self.display = display
        self.restart = restart  # on a device: start the program again (see _restart)
        self.forget_code = forget_code  # on a device: code not in use is forgotten (RAM)
        # a fault (an illegal AI move) raises, but on a device: there row 1 says it and play goes on
        self.strict = not forget_code
        self.scr = Screen(display)
        display.root_group = self.scr.group
        try:
            display.auto_refresh = False
        except (AttributeError, NotImplementedError):
            pass
        self.inp = Input(keys, buttons)
        self.now_ms = now_ms or _ticks
        self.storage = storage
        self.buzzer = buzzer
        self.probe = None  # a probe.Probe when measuring free RAM
        self.cursor = {}  # a menu's KEY: the row its cursor was on (listmenu.Menu)
        self.last_code = code  # the last deal's, for Deal by code (a restart carries it over)
        self.session = None
        self.kept = None  # a match set aside on the title: its record's bytes, for Continue
        self.session_done = None
        self.unsaved = ""  # why the last save did not happen, for row 1 of the table
        self.beep_off = 0
        self.asleep = False
        self.seq = 0
        now = self.now_ms()
        self.last_input = now
        errors = list(getattr(storage, "errors", ()))
        self.settings = Settings()
        self.stats = Stats()
        self.bad_recs = 0  # bit per record that did not decode: rewritten once acknowledged
        b = self._load(REC_SETTINGS, errors)
        if b:
            try:
                self.settings = Settings.decode(b)
            except BadSave as e:
                errors.append(str(e) + ": ignored")
                self.bad_recs |= 1 << REC_SETTINGS
        b = self._load(REC_STATS, errors)
        if b:
            try:
                self.stats = Stats.decode(b)
            except BadSave as e:
                errors.append(str(e) + ": ignored")
                self.bad_recs |= 1 << REC_STATS
        b = self._load(REC_MATCH, errors)
        if b:
            try:
                rec = MatchRecord.decode(b)
                if screen is None:
                    self.session = sessionmod.Session(rec)
                    self.last_code = self.session.code
                else:  # set aside: the screen opens on a heap without the match
                    self.kept = b
            except (BadSave, ValueError) as e:
                errors.append(str(e) + ": ignored")
                self._save(REC_MATCH, b"")  # report it once, not at every start
        self.errors = errors
        self.table = Table(self)
        self.apply_contrast()
        self.scene = None
        self.dirty = True
        if errors:
            lines = []
            for e in errors:
                lines.extend(scenes.wrap(e))
            self.go(Message(self, "SAVE PROBLEM", lines[:4] + ["A: ok"], self.title(),
                            self.ack_errors))
        elif screen == self.SCREEN_TITLE:
            self.to_title()
        elif screen is not None:
            from menus import reopen
            reopen(self, screen)
        elif not (resume and self.session is not None):  # else: the table at the first tick
            self.to_title()

    def ack_errors(self):
        """The save problem was read (A): rewrite undecodable records with what is in
        use and mark the damage as reported, so the next start does not show it again."""
        if self.bad_recs & (1 << REC_SETTINGS):
            self.save_settings()
        if self.bad_recs & (1 << REC_STATS):
            self._save(REC_STATS, self.stats.encode())
        self.bad_recs = 0
        ack = getattr(self.storage, "acknowledge", None)
        if ack is not None:
            try:
                ack()
            except (OSError, ValueError) as e:
                if len(self.errors) < 8:
                    self.errors.append("save: %s" % e)

    def _load(self, rid, errors):
        try:
            return self.storage.load(rid)
        except Exception as e:  # noqa: BLE001 - a broken store must not stop the game
            errors.append("load %d: %s" % (rid, e))
            return None

    # -- the loop -------------------------------------------------------------------

    def go(self, scene):
        """Show ``scene``. On a device (``forget_code``) the other screen modules are
        forgotten (``scenes.forget_screens``); the AI engines are kept only while the
        table shows (they are made again, seeded as before, at the next decision); on the
        title a match in play is set aside as its record (:meth:`set_aside`) and saved,
        and a finished one is let go."""
        self.scene = scene
        self.forget_screens(type(scene).__module__)
        if self.session is not None and scene is not self.table:
            self.table.drop_ai()
        if getattr(scene, "TITLE_SCREEN", False) \
                and (self.session is not None or self.session_done is not None):
            self.session_done = None  # a finished match: its result has been shown
            self.set_aside()
            self.save_match()  # as it stands: a power cut at the title loses none of its moves
        scene.enter()
        self.dirty = True

    def forget_screens(self, keep):
        """On a device, forget every screen module but ``keep`` (``scenes.forget_screens``)."""
        if self.forget_code:
            scenes.forget_screens(keep)

    def tick(self):
        """One frame: input, timers and AI, redraw if needed."""
        if self.scene is None:
            # a restart (``resume``): the match's table is built at the first frame, once
            # code.py has let start-up's code go, so that it leaves no hole under the table
            self.resume_table()
        now = self.now_ms()
        acts = self.inp.poll(now)
        if self.inp.any_key or acts:
            self.last_input = now
            if self.asleep:
                self.wake()
                acts = ()
        elif not self.asleep:
            t = savegame.TIMEOUTS[self.settings.timeout]
            if t and now - self.last_input >= t * 1000:
                self.sleep()
        for a in acts:
            self.scene.on(a)
            self.dirty = True
        r = self.scene.update(now)
        if r is True or r == 1:
            self.dirty = True
        if self.beep_off and now >= self.beep_off:
            self.beep_off = 0
            self._tone(0)
        drew = self.dirty or r == 2
        if self.dirty:
            self.dirty = False
            self.scene.draw(self.scr)
            self.scr.refresh()
        elif r == 2:
            self.scene.draw_part(self.scr)
            self.scr.refresh()
        if self.probe is not None:
            # idle: a screen but the table (the only one that works in update) took no
            # press and drew nothing, so it holds what the frame before held
            self.probe.tick(self, not (acts or drew or self.scene is self.table))

    def run(self):
        """Tick forever at up to ~60 frames per second."""
        while True:
            self.tick()
            time.sleep(0.015)

    # -- display and sound ---------------------------------------------------------------

    def apply_contrast(self):
        """Set the display brightness (SSD1306 contrast) from the settings."""
        try:
            self.display.brightness = savegame.CONTRASTS[self.settings.contrast]
        except (AttributeError, NotImplementedError, ValueError, RuntimeError):
            pass

    def sleep(self):
        """Screen off after the timeout."""
        self.asleep = True
        d = self.display
        if hasattr(d, "sleep"):
            d.sleep()
        else:
            try:
                d.brightness = 0
            except (AttributeError, NotImplementedError, ValueError, RuntimeError):
                pass

    def wake(self):
        """Screen on again (the waking press is not used)."""
        self.asleep = False
        if hasattr(self.display, "wake"):
            self.display.wake()
        self.apply_contrast()
        self.dirty = True

    def beep(self, hz=880, ms=30):
        """A short tone when sound is on and there is a buzzer."""
        if self.buzzer is None or not self.settings.sound:
            return
        self._tone(hz)
        self.beep_off = self.now_ms() + ms

    def _tone(self, hz):
        bz = self.buzzer
        try:
            if callable(bz):
                if hz:
                    bz(hz, 30)
                return
            if hz:
                bz.frequency = hz
                bz.duty_cycle = 0x8000
            else:
                bz.duty_cycle = 0
        except (AttributeError, ValueError, RuntimeError):
            pass

    def pace(self):
        """Least time an AI move stays "thinking" on screen, in ms."""
        return savegame.SPEEDS[self.settings.speed]

    # -- saves -----------------------------------------------------------------------------

    def _save(self, rid, payload):
        """Store one record; False if it could not be saved (the reason kept in
        ``errors``, or ``unsaved`` when RAM ran out: the copy already in flash stays)."""
        if not hasattr(self, "errors"):
            self.errors = []
        try:
            self.storage.save(rid, payload)
            return True
        except MemoryError:
            self.low_ram()
        except (OSError, ValueError) as e:
            if len(self.errors) < 8:
                self.errors.append("save %d: %s" % (rid, e))
        return False

    def low_ram(self):
        """A save or a person's move ran out of RAM: collect, and say so on the table."""
        gc.collect()
        self.unsaved = "LOW RAM: NOT SAVED"

    def save_settings(self):
        """Write the settings record."""
        self._save(REC_SETTINGS, self.settings.encode())

    def save_match(self):
        """Write the match in progress (or an empty record when none).

        The store skips a payload equal to the one it holds.
        """
        se = self.session
        try:
            payload = se.rec.encode() if se is not None else (self.kept or b"")
        except MemoryError:
            self.low_ram()
            return False
        return self._save(REC_MATCH, payload)

    def waits_for_human(self):
        """True when the session now waits for a person: a human seat to act or a summary."""
        se = self.session
        if se is None or se.result is not None:
            return True
        return not se.is_ai(se.game.turn)

    def checkpoint(self):
        """Save the match if the device is about to wait for a person (not between AI moves)."""
        if self.waits_for_human():
            self.save_match()

    # -- flow between screens ----------------------------------------------------------------

    def title(self):
        """A new title screen."""
        from menus import Title
        return Title(self)

    def to_title(self):
        """Show the title."""
        self.go(self.title())

    def set_aside(self):
        """Keep the match in play only as its record's bytes (``kept``), so that the
        title and the menus have the heap a fresh start has: its hand, AI players and
        table go, and on a device (``forget_code``) the games' and the AI's modules.
        Continue builds it again from the record (:meth:`resume_table`), as after a
        power cycle; the AI seats play the same moves."""
        if self.session is not None:
            self.kept = self.session.rec.encode()
            self.session = None
        self.table = Table(self)
        if self.forget_code:  # their code's RAM back to the heap; imported again when needed
            from domino import ai
            ai.unload()
            games.unload_others(-1)
        gc.collect()

    def resumable(self):
        """True if there is a match to continue."""
        return self.session is not None or self.kept is not None

    def _seed(self):
        self.seq += 1
        return (self.now_ms() * 2654435761 + self.seq * 40503) & 0xFFFFFF

    def start_match(self, gid, players, kinds, target, options=0):
        """Start a new match and show its table."""
        self._replace(sessionmod.new_match, gid, players, kinds, target, self._seed(), options)
        self._begin()

    def start_deal(self, code, seats=None):
        """Play the single deal named by ``code`` (ValueError if the code is bad),
        with ``seats`` (per player: 0 a person, else an AI level + 1; None: you
        against the AI, or every seat a person where no AI plays the game)."""
        se = self._replace(sessionmod.new_deal, code, seats)
        self.last_code = se.code
        self._begin()

    def _replace(self, make, *args):
        """``self.session = make(*args)``, the old session's RAM given back first
        (the new one is built on a collected heap: its AI engines' buffers come
        out whole). If ``make`` refuses (ValueError), the old session comes back
        from its saved record and the error goes on up."""
        rec = self.session.rec.encode() if self.session is not None else self.kept
        self.session = None
        self.kept = None
        self.table.reset()
        gc.collect()
        try:
            self.session = make(*args)
            if self.forget_code:  # the other games' code back to the heap
                games.unload_others(self.session.rec.gid)
                gc.collect()
        except ValueError:
            if rec is not None:
                try:
                    self.session = sessionmod.Session(MatchRecord.decode(rec))
                except (BadSave, ValueError):
                    pass
            raise
        return self.session

    def _begin(self):
        self.table = Table(self)
        if self.save_match():
            self._restart("DEALING")
        self.resume_table()

    def _restart(self, what, screen=None):
        """On a device (``restart``, from code.py) a match is played on a fresh heap: once
        its record is saved the screen says ``what`` and the board starts its program
        again, which opens the saved match at once (``resume``) as Continue does after a
        power cycle, or the menu screen ``screen`` (:meth:`reopen`). Returns where there
        is no ``restart``, or where it cannot carry ``screen`` over. The menus' cursors
        are forgotten either way, as a restart forgets them."""
        self.cursor = {}
        if self.restart is None:
            return
        scr = self.scr
        scr.clear()
        what += "..."
        scr.text(2, what, x=(128 - scr.font.adv * len(what)) // 2)
        scr.refresh()
        self.restart(screen, 0, self.last_code)

    def reopen(self, screen):
        """Start the program again to open menu screen ``screen`` (a code of
        ``menus.reopen``) on a fresh heap, the match set aside kept in its save. Returns
        where it cannot: no ``restart``, or the match could not be saved."""
        if self.restart is not None and self.session is None and self.save_match():
            self._restart("LOADING", screen)

    def resume_table(self):
        """Show the table of the session (or its pending summary / privacy screen);
        a match set aside is built again from its record first."""
        if self.session is None and self.kept is not None:
            if self.restart is not None and self.save_match():
                self._restart("LOADING")
            try:
                self.session = sessionmod.Session(MatchRecord.decode(self.kept))
            except (BadSave, ValueError) as e:  # it decoded at start-up: should not happen
                self.kept = None
                self.go(Message(self, "CANNOT CONTINUE", scenes.wrap(str(e))[:4] + ["A: ok"],
                                self.title()))
                return
            self.kept = None
            self.table = Table(self)
        se = self.session
        if self.forget_code:  # what building the match needed (domino.options) back to the heap
            games.unload_others(se.rec.gid)
            gc.collect()
        t = self.table
        t.reset()
        if se.result is not None:
            self.summary()
        elif se.match is not None and se.match.draw \
                and not (se.drew or se.match.hand_no or se.rec.moves):
            from firstdraw import FirstDraw  # the draw before the first hand, once a session
            self.go(FirstDraw(self))
        elif len(se.humans) > 1 and t.viewer != se.game.turn and not se.is_ai(se.game.turn):
            self.go(Privacy(self, se.game.turn))
        else:
            self.go(t)

    def summary(self):
        """Show the hand's summary."""
        from handend import Summary
        self.go(Summary(self))

    def after_move(self):
        """A move was played: save if a person played it or is next to act (or the hand is
        over), so a power cut while an AI seat thinks keeps the person's move; beep, refresh."""
        se = self.session
        if se.last is not None and not se.is_ai(se.last[0]):
            self.save_match()
        else:
            self.checkpoint()
        self.beep()
        self.table.moved(self.now_ms())
        if self.unsaved:
            self.table.note = self.unsaved
            self.unsaved = ""

    def hand_over(self):
        """The hand ended: show the summary (which keeps its deal code in ``last_code``)."""
        self.summary()

    def after_summary(self):
        """A on the summary: next hand, or the match result."""
        se = self.session
        if se.done():
            self.session = None
            self.save_match()
            if se.match is not None:
                won = False
                if se.humans:
                    won = se.game.side(se.humans[0]) == se.match.winner
                self.stats.add(se.rec.gid, se.level(), won)
                self._save(REC_STATS, self.stats.encode())
                se.release_engines()  # the result screen needs the match, not its players
                self.session_done = se
                from handend import Result
                self.go(Result(self))
            else:
                self.to_title()
            return
        se.next_hand()
        self.checkpoint()
        self.table.reset()
        if len(se.humans) > 1:
            self.table.viewer = None
        self.resume_table()
