"""What every screen shares: :class:`Scene`, the screens play needs (:class:`Privacy`,
:class:`Message`), the names of seats and sides and targets, and the screen modules.

Every screen is a :class:`Scene` with ``on(action)``, ``update(now)`` (True when it
must be redrawn) and ``draw(scr)``. The table (``table``) and these stay loaded; every
other screen lives in a module of ``SCREENS`` (the menus, the end of a hand, the pause
menu, the options, the deal-code entry, statistics and settings, and the helpers they
import), loaded when first shown: on a device :func:`forget_screens` forgets all but
the one shown whenever the screen changes (``App.go``), so their code takes no RAM
during play.
"""

from wraptext import wrap  # noqa: F401  (also used as scenes.wrap)

# The screen modules: imported when one of their screens is shown, forgotten when another
# module's screen is (on a device); and the deal codes', which only screens want.
SCREENS = ("listmenu", "menus", "handend", "pause", "boardpage", "firstdraw", "newgame",
           "codeentry", "titlescreens", "scores", "rules_text", "choices", "domino.dealcode")


def forget_screens(keep):
    """Forget every screen module but ``keep`` (the module of the screen now shown): a
    later import loads it again, and its RAM goes back once nothing holds it."""
    from domino.modules import forget
    forget([name for name in SCREENS if name != keep])


class Scene:
    """Base screen: nothing to animate, B goes back to the title."""

    def __init__(self, app):
        self.app = app

    def enter(self):
        """Called each time the scene is shown."""

    def on(self, act):
        """Handle one action."""
        if act == "B":
            self.app.to_title()

    def update(self, now):
        """Advance timers; True if a redraw is needed."""
        return False

    def draw(self, scr):
        """Draw the whole screen."""


class Message(Scene):
    """A few lines of text; A or B continues to ``then`` (a scene), A calling ``on_ok`` first."""

    def __init__(self, app, title, lines, then, on_ok=None):
        Scene.__init__(self, app)
        self.ttl = title
        self.lines = lines
        self.then = then
        self.on_ok = on_ok

    def on(self, act):
        if act in ("A", "B"):
            if act == "A" and self.on_ok is not None:
                self.on_ok()
                self.on_ok = None
            self.app.go(self.then)

    def draw(self, scr):
        scr.clear()
        scr.title(self.ttl)
        for i in range(5):
            scr.text(i, self.lines[i] if i < len(self.lines) else "")


def target_unit(cls, players, options):
    """What a match's target counts (the game's ``target_unit``; points unless it
    says): "points", "hands", or "" for no score to reach."""
    f = getattr(cls, "target_unit", None)
    return "points" if f is None else f(players, options)


def target_text(unit, target):
    """A target for a title bar: "TO 15" (points), "15 HANDS"."""
    return ("TO %d" % target) if unit == "points" else "%d %s" % (target, unit.upper())


def seat_name(session, seat, short=False):
    """A seat's name: "You" for the only human, else "Seat 3"; ``short`` as rows 0
    and 1 and the tallies name it: "YOU", "S3"."""
    if len(session.humans) == 1 and session.humans[0] == seat:
        return "YOU" if short else "You"
    return ("S%d" if short else "Seat %d") % (seat + 1)


def side_name(session, side, short=False):
    """A side's name: a seat (``short`` as :func:`seat_name`), or its partners
    "1+3", "Us"/"Them"."""
    g = session.game
    seats = [s for s in range(g.players) if g.side(s) == side]
    if len(seats) == 1:
        return seat_name(session, seats[0], short)
    if len(session.humans) == 1:
        return "Us" if session.humans[0] in seats else "Them"
    return "+".join(str(s + 1) for s in seats)


class Privacy(Scene):
    """Hand hidden between two human seats: "Pass to Seat 2", the plays since that
    seat last moved ("S3 5-5R+10", the newest that fit in three rows of the small
    font: ``pause.since``), "press A"."""

    def __init__(self, app, seat):
        Scene.__init__(self, app)
        self.seat = seat
        from pause import since  # a screen module: forgotten again once this shows
        self.rows = since(app, seat)

    def on(self, act):
        if act == "A":
            self.app.table.viewer = self.seat
            self.app.go(self.app.table)
        elif act == "B":
            self.app.to_title()

    def draw(self, scr):
        scr.clear()
        scr.title("PASS THE DEVICE")
        scr.text(0, "Pass to Seat %d" % (self.seat + 1), False, 16)
        if self.rows:
            scr.small(2, 21, "SINCE YOUR LAST TURN:")
            for i in range(len(self.rows)):
                scr.small(2, 28 + 7 * i, self.rows[i])
        scr.text(4, "press A", False, 40)
