"""Menu-style screens: title, game picker, settings, statistics, rules,
privacy, hand summary, match result, messages (the options screen is in
``newgame``, the deal-code entry in ``codeentry``: modules of their own,
not in RAM during play).

Every screen is a :class:`Scene` with ``on(action)``, ``update(now)`` (True
when it must be redrawn) and ``draw(scr)``. :class:`Menu` is a list of rows
on the five label rows: with UP/DOWN buttons they move and LEFT/RIGHT change a
value; with only LEFT/RIGHT/A the arrows move and A changes or opens.
"""

import sys

from domino import games, __version__
from session import LAYOUTS
from wraptext import wrap  # noqa: F401  (also used as scenes.wrap)


class Scene:
    """Base screen: nothing to animate, B goes back to the title."""

    def __init__(self, app):
        self.app = app

    def enter(self):
        """Called each time the scene is shown."""

    def on(self, act):
        """Handle one action."""
        if act == "B":
            self.app.go(Title(self.app))

    def update(self, now):
        """Advance timers; True if a redraw is needed."""
        return False

    def draw(self, scr):
        """Draw the whole screen."""


class Menu(Scene):
    """A titled list of rows; subclasses give ``rows()``, ``pick(i)``, ``change(i, d)``."""

    TITLE = ""

    def __init__(self, app):
        Scene.__init__(self, app)
        self.sel = 0
        self.top = 0

    def rows(self):
        """Texts of the rows."""
        return []

    def pick(self, i):
        """A pressed on row ``i`` (default: change the value forward)."""
        self.change(i, 1)

    def change(self, i, d):
        """Change the value of row ``i`` by ``d`` (rows without a value ignore it)."""

    def on(self, act):
        n = len(self.rows())
        ud = self.app.inp.has_updown
        if act == ("UP" if ud else "LEFT"):
            self.sel = (self.sel - 1) % n
        elif act == ("DOWN" if ud else "RIGHT"):
            self.sel = (self.sel + 1) % n
        elif ud and act in ("LEFT", "RIGHT"):
            self.change(self.sel, -1 if act == "LEFT" else 1)
        elif act == "A":
            self.pick(self.sel)
        elif act == "B":
            self.back()

    def back(self):
        """B: leave the menu."""
        self.app.go(Title(self.app))

    def draw(self, scr):
        rows = self.rows()
        n = len(rows)
        if self.sel >= n:
            self.sel = n - 1
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + 5:
            self.top = self.sel - 4
        scr.clear()
        scr.title(self.TITLE)
        for i in range(5):
            j = self.top + i
            if j < n:
                if j == self.sel:
                    scr.row_bar(i)
                scr.text(i, rows[j], j == self.sel)
            else:
                scr.text(i, "")
        if self.top > 0:
            scr.small(122, 1, "<", 0)
        if self.top + 5 < n:  # black inside the selection's bar when it is the last row shown
            if self.sel == self.top + 4:
                scr.small(122, 57, ">", 0)
            else:
                scr.small(122, 58, ">", 1)


class Title(Menu):
    """Title with version and the main menu."""

    TITLE = "POCKET DOMINOES " + __version__

    def items(self):
        out = []
        if self.app.resumable():
            out.append(("Continue", self.app.resume_table))
        out.append(("New game", lambda: self.app.go(Picker(self.app))))
        out.append(("Deal by code", self._code))
        out.append(("Statistics", lambda: self._screen("StatsScene")))
        out.append(("Rules", lambda: self.app.go(Picker(self.app, rules=True))))
        out.append(("Settings", lambda: self._screen("SettingsMenu")))
        return out

    def rows(self):
        return [t for t, _ in self.items()]

    def _screen(self, name):
        import titlescreens  # its own module: no RAM during play

        sys.modules.pop("titlescreens", None)
        self.app.go(getattr(titlescreens, name)(self.app))

    def _code(self):
        from codeentry import CodeEntry  # its own module: no RAM during play

        self.app.go(CodeEntry(self.app))

    def pick(self, i):
        self.items()[i][1]()

    def back(self):
        self.sel = 0


class Picker(Menu):
    """Choose a game (to play, or to read its rules)."""

    def __init__(self, app, rules=False):
        Menu.__init__(self, app)
        self.rules = rules
        self.TITLE = "RULES" if rules else "CHOOSE A GAME"

    def rows(self):
        return [g[3] for g in games.shown(LAYOUTS)]

    def pick(self, i):
        gid = games.shown(LAYOUTS)[i][0]
        if self.rules:
            self.app.go(Rules(self.app, gid))
        else:
            from newgame import Options  # its own module: no RAM during play

            self.app.go(Options(self.app, gid))


class Rules(Scene):
    """A game's rules, paraphrased, scrolled by rows."""

    def __init__(self, app, gid):
        Scene.__init__(self, app)
        self.gid = gid
        import sys
        import rules_text  # its texts take RAM only while a rules page is built
        self.lines = wrap(rules_text.text(gid, self._target(app, gid)), 20)
        sys.modules.pop("rules_text", None)
        self.top = 0
        self.back_to = None

    @staticmethod
    def _target(app, gid):
        """The target of the match of game ``gid`` in play, else the last one chosen, else None."""
        se = app.session
        if se is not None and se.rec.gid == gid and se.match is not None:
            return se.match.target
        prev = app.options.get(gid)
        return prev[2] if prev else None

    def _leave(self):
        self.app.go(self.back_to or Picker(self.app, rules=True))

    def on(self, act):
        if act in ("RIGHT", "DOWN", "A"):
            if self.top + 5 < len(self.lines):
                self.top += 4
            elif act == "A":
                self._leave()
        elif act in ("LEFT", "UP"):
            self.top = max(0, self.top - 4)
        elif act == "B":
            self._leave()

    def draw(self, scr):
        scr.clear()
        name = [g[3] for g in games.GAMES if g[0] == self.gid]
        scr.title(("RULES " + (name[0] if name else "")).upper()[:30])
        for i in range(5):
            j = self.top + i
            scr.text(i, self.lines[j] if j < len(self.lines) else "")
        pg = "%d/%d" % self.page()
        scr.small(127 - 4 * len(pg), 1, pg, 0)

    def page(self):
        """(this page, pages): pages show 5 rows and step by 4 (one row repeated)."""
        return self.top // 4 + 1, 1 + (max(0, len(self.lines) - 5) + 3) // 4


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


def seat_name(session, seat):
    """"You" for the only human, else "Seat N"."""
    if len(session.humans) == 1 and session.humans[0] == seat:
        return "You"
    return "Seat %d" % (seat + 1)


def side_name(session, side):
    """A side's name: a seat, or its partners "1+3", "You"/"Us"."""
    g = session.game
    seats = [s for s in range(g.players) if g.side(s) == side]
    if len(seats) == 1:
        return seat_name(session, seats[0])
    if len(session.humans) == 1:
        return "Us" if session.humans[0] in seats else "Them"
    return "+".join(str(s + 1) for s in seats)


class Privacy(Scene):
    """Hand hidden between two human seats: "Pass to Seat 2 - press A"."""

    def __init__(self, app, seat):
        Scene.__init__(self, app)
        self.seat = seat

    def on(self, act):
        if act == "A":
            self.app.table.viewer = self.seat
            self.app.go(self.app.table)
        elif act == "B":
            self.app.go(Title(self.app))

    def draw(self, scr):
        scr.clear()
        scr.title("PASS THE DEVICE")
        scr.text(0, "")
        scr.text(1, "Pass to Seat %d" % (self.seat + 1), False, 16)
        scr.text(2, "")
        scr.text(3, "press A", False, 40)
        scr.text(4, "")


class Summary(Scene):
    """Hand over: first the hands revealed (:class:`handend.Reveal`), then, when they
    take more than a row, how it ended and why a match starts over in words
    (scrolled), then the score grid (every side's points and totals) and the deal code."""

    def __init__(self, app):
        Scene.__init__(self, app)
        import handend  # only while a summary is shown: dropped again by _leave
        self.end = handend
        se = app.session
        self.reveal = handend.Reveal(se, se.result)
        self.top = 0
        self.words = True  # the words page (skipped when they fit row 0)
        if self.reveal.empty:  # no tiles left to show (a trick game played out)
            self.reveal = None
            self.words = len(self.lines()) > 1

    def _leave(self, then):
        sys.modules.pop("handend", None)
        then()

    def on(self, act):
        rv = self.reveal
        if rv is not None:
            if act in ("A", "RIGHT", "DOWN"):
                if rv.page + 1 < rv.pages:
                    rv.page += 1
                elif act == "A":
                    self.reveal = None  # on to the words
                    self.words = len(self.lines()) > 1
            elif act in ("LEFT", "UP"):
                rv.page = max(0, rv.page - 1)
            elif act == "B":
                self._leave(lambda: self.app.go(Title(self.app)))
            return
        if act == "B":
            self._leave(lambda: self.app.go(Title(self.app)))
            return
        if not self.words:
            if act == "A":
                self._leave(self.app.after_summary)
            elif act in ("LEFT", "UP") and len(self.lines()) > 1:
                self.words = True
            return
        n = len(self.lines())
        if act in ("RIGHT", "DOWN", "A") and self.top + 4 < n:
            self.top += 3
        elif act in ("LEFT", "UP"):
            self.top = max(0, self.top - 3)
        elif act == "A":
            self.words = False  # on to the scores

    def lines(self):
        """The words: how the hand ended, and why the match starts over (if it does)."""
        se = self.app.session
        r = se.result
        out = wrap(self.end.hand_story(se, r), 21)
        if se.match:
            why = self.end.restart_story(se, r)
            if why:
                out.extend(wrap(why, 21))
        return out

    def draw(self, scr):
        if self.reveal is not None:
            self.reveal.draw(scr)
            return
        se = self.app.session
        r = se.result
        m = se.match
        scr.clear()
        scr.title(("HAND %d OVER" % m.hand_no) if m else "DEAL OVER")
        lines = self.lines()
        if self.words:
            for i in range(4):
                j = self.top + i
                scr.text(i, lines[j] if j < len(lines) else "")
            more = self.top + 4 < len(lines)
            scr.text(4, "A: more" if more else "A: scores")
            if more:
                scr.small(122, 58, ">", 1)
            return
        if len(lines) == 1:
            scr.text(0, lines[0])
        elif r.end in ("domino", "block"):  # the words were on the page before: the call, or who went out
            scr.text(0, r.call or ("%s went out" % seat_name(se, r.winner) if r.winner >= 0 else "Blocked"))
        else:  # another game's end: the call, or who won the hand
            scr.text(0, r.call or (
                "%s won the hand" % seat_name(se, r.winner) if r.winner >= 0 else "No winner"))
        # the score part: every side's points and totals (scores() are the totals)
        bad = getattr(se.cls, "BAD_POINTS", False)
        rows = [("BAD" if bad else "PTS", r.points)]
        unit = target_unit(se.cls, m.players, m.options) if m else ""
        if unit:  # a match with a score to reach (none: a single hand, no match score)
            rows.append(("TOT", m.scores))
            to = target_text(unit, m.target)
            scr.small(127 - len(to) * 4, 1, to, 0)
        import scores  # loaded to draw, then forgotten (see scores.py)
        scores.grid(scr, se, 20, rows)
        sys.modules.pop("scores", None)
        scr.text(3, "Code " + se.code)
        scr.text(4, "A: next" if not se.done() else "A: done")


class Result(Scene):
    """Match over: the winning side, the call, the final scores."""

    def on(self, act):
        if act in ("A", "B"):
            self.app.go(Title(self.app))

    def draw(self, scr):
        se = self.app.session_done
        m = se.match
        scr.clear()
        scr.title("MATCH OVER  %d HAND%s%s" % (m.hand_no, "S" if m.hand_no > 1 else "", (" %d RESTARTS" % m.restarts) if m.restarts else ""))
        import scores
        scr.text(0, scores.result_words(se, m.winner))
        scr.text(1, m.call.upper() if m.call else "")
        single = not target_unit(se.cls, m.players, m.options)  # a single hand: its points, no match score
        scores.grid(scr, se, 31, [("PTS", se.result.points) if single else ("TOT", m.scores)])
        sys.modules.pop("scores", None)
        scr.text(4, "A: title")
