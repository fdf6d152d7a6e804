"""The new-game options screen (:class:`Options`): players, who plays each seat,
the target and the game's declared options.

A screen module (``scenes.SCREENS``), imported by ``menus.Picker`` when a game is
chosen: not in RAM during play.
"""

import choices
from domino import games
from listmenu import Menu
from menus import Picker, game_name
from scenes import Message, wrap, target_unit


KIND_NAMES = ("Person", "AI easy", "AI medium", "AI hard")


class Options(Menu):
    """Players, who plays each seat (only people in a game no AI plays: one
    without ``AI``), the target (named by what it counts, the game's
    ``target_unit``: "Target: 50", "Hands: 15"; no row for a match with no
    score to reach), the game's declared options (``OPTIONS``: only the
    choices its ``refuses`` accepts); then Start."""

    def __init__(self, app, gid):
        Menu.__init__(self, app)
        self.gid = gid
        self.cls = games.load(gid)
        self.TITLE = game_name(gid).upper()
        decl = self.cls.OPTIONS
        ps = self.cls.PLAYERS
        self.players = 4 if 4 in ps else ps[-1]
        self.kinds = bytearray([0] + [2] * 7)
        self.target = self.cls.TARGET
        self.opt = bytearray(len(decl))  # each option's choice, 0: its default
        prev = choices.last(app.settings, gid)
        if prev and prev[0] in ps:  # (players, seat kinds, target, options code) of its last match
            from domino.options import unpack
            self.players, self.kinds, self.target = prev[0], bytearray(prev[1]), prev[2]
            try:
                self.opt = bytearray(unpack(decl, prev[3]))
            except ValueError:  # not a code of this game's options: the defaults
                pass
        t = self.cls.TARGET
        self.targets = self.cls.TARGETS or (t,)
        if self.target not in self.targets:
            self.target = t
        if not self._ok(self.players, self.opt):
            self.opt = bytearray(len(decl))
        self.ai = getattr(self.cls, "AI", None) is not None  # else every seat is a person
        if not self.ai:
            self.kinds = bytearray(8)

    def _shown(self):
        """The options offered now: those with a choice the game accepts besides the current."""
        out = []
        for i in range(len(self.cls.OPTIONS)):
            for k in range(len(self.cls.OPTIONS[i][2]) + 1):
                if k != self.opt[i] and self._ok(self.players, self._with(i, k)):
                    out.append(i)
                    break
        return out

    def rows(self):
        out = []
        if len(self.cls.PLAYERS) > 1:
            out.append("Players: %d" % self.players)
        one = self.kinds[:self.players].count(b"\0") == 1  # one person: "You"; more: pass and play
        for p in range(self.players):
            k = self.kinds[p]
            out.append("P%d: %s" % (p + 1, "You" if one and k == 0 else KIND_NAMES[k]))
        if self._targeted():
            unit = self._unit()
            out.append(("Target: %d" if unit == "points" else unit[:1].upper() + unit[1:] + ": %d")
                       % self.target)
        auto = getattr(self.cls, "default_value", None)  # what a default gives, if the game says
        for i in self._shown():
            name, label, vals = self.cls.OPTIONS[i]
            k = self.opt[i]
            v = auto(self.players, self.options(), i) if auto is not None and not k else ""
            out.append("%s: %s" % (name, vals[k - 1] if k else label + ("=" + v if v else "")))
        out.append("Start")
        return out

    def _unit(self):
        """What the target counts with the choices made ("" none: no target row)."""
        return target_unit(self.cls, self.players, self.options())

    def _targeted(self):
        """True if a target row is shown: a choice of targets, and a score to reach."""
        return len(self.targets) > 1 and self._unit() != ""

    def options(self):
        """The game's options code for the choices made (0 = defaults)."""
        from domino.options import pack

        return pack(self.cls.OPTIONS, self.opt)

    def _with(self, i, k):
        opt = bytearray(self.opt)
        opt[i] = k
        return opt

    def _ok(self, players, opt):
        """True if the game accepts these choices (asked of its class, not known here)."""
        from domino.options import pack

        try:
            c = pack(self.cls.OPTIONS, opt)
        except ValueError:
            return False
        return self.cls.refuses(players, c) is None

    @staticmethod
    def _step(vals, cur, d, ok):
        """The next value of ``vals`` after ``cur`` in direction ``d`` that ``ok`` accepts."""
        j = vals.index(cur) if cur in vals else 0
        for _ in range(len(vals)):
            j = (j + d) % len(vals)
            if ok(vals[j]):
                return vals[j]
        return cur

    def _row(self, i):
        if len(self.cls.PLAYERS) > 1:
            if i == 0:
                return "players", 0
            i -= 1
        if i < self.players:
            return "seat", i
        i -= self.players
        if self._targeted():
            if i == 0:
                return "target", 0
            i -= 1
        shown = self._shown()
        if i < len(shown):
            return "option", shown[i]
        return "start", 0

    def change(self, i, d):
        what, k = self._row(i)
        self._change(what, k, d)
        if i == self.sel:  # rows may come or go (a target): the selection stays on this one
            for j in range(len(self.rows())):
                if self._row(j) == (what, k):
                    self.sel = j
                    break

    def _change(self, what, k, d):
        if what == "players":
            # the counts the choices made allow; none but this one: the rest, with defaults
            zero = bytearray(len(self.opt))
            ps = self.cls.PLAYERS
            p = self._step(ps, self.players, d, lambda p: self._ok(p, self.opt))
            if p == self.players:
                p = self._step(ps, self.players, d, lambda p: self._ok(p, zero))
            self.players = p
            if not self._ok(p, self.opt):
                self.opt = zero
        elif what == "seat" and self.ai:
            self.kinds[k] = (self.kinds[k] + d) % 4
        elif what == "target":
            ts = self.targets
            j = ts.index(self.target) if self.target in ts else 1
            self.target = ts[(j + d) % len(ts)]
        elif what == "option":
            n = len(self.cls.OPTIONS[k][2]) + 1
            self.opt[k] = self._step(tuple(range(n)), self.opt[k], d,
                                     lambda c: self._ok(self.players, self._with(k, c)))

    def pick(self, i):
        if self._row(i)[0] == "start":
            choices.remember(self.app.settings, self.gid, self.players, self.kinds, self.target,
                             self.options())
            self.app.save_settings()  # New game offers them again, after a restart or power cut
            try:
                self.app.start_match(self.gid, self.players, self.kinds[:self.players], self.target,
                                     self.options())
            except ValueError as e:  # not offered (see _ok), but never a crash
                msg = str(e)
                if msg.startswith("match: "):
                    msg = msg[7:]
                self.app.go(Message(self.app, "CANNOT START", wrap(msg)[:4] + ["A: back"], self))
        else:
            self.change(i, 1)

    def back(self):
        self.app.go(Picker(self.app))
