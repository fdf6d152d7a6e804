"""The table: your hand as pip graphics, the line as it lies, seats, scores, turns.

Layout (128x64): row 0 each seat's tiles left ("YOU:7 2:7", the seat to act
inverted, a dotted line under a seat that passed last), the boneyard and the
scores, paging between tiles and scores when they do not fit (up to 8 seats);
row 1 a prompt, a note, a score just made, or the seat to act and each seat's
last play ("S3 5-5R+10"), newest first, paging with row 0 when they do not all
fit (a play just made starts again at the first page). The board (y 12-42)
shows the centre (the spinner once laid, else the first tile) with the two ends
of the line and "+n" for the tiles between, the spinner's open side arms above
and below it (an open arm with no tile as a dotted slot, a double crosswise),
in All Fives the ends as they count and their total ("8+5+2=15"), and a bar at
the last play. Your hand (y 43-63): legal tiles with a solid border, others
dotted, the selected one inverted. It uses only the game contract and generic
layout attributes (``placed``, ``placed_arm``, ``nplayed``, ``ends``,
``narms``, and All Fives' ``spinner``, ``gain``, ``end_points``), degrading to
move names for games without them. LEFT and RIGHT pressed together ("LR", on
every board) show the hand's moves so far (:class:`pause.MoveLog`), as does
the pause menu (B).
"""

import gc

from domino.game import PASS, DRAW
from domino import tiles
from scenes import Scene, Privacy
import session as sessionmod

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


AI_BUDGET = const(4)  # AI work units per frame (one Hard playout each)
ANIM_MS = const(160)
SCORE_MS = const(1500)
_PAGE_MS = const(2500)
_MSG_LEN = const(32)  # row 1, in the 3x5 font
_REFUSE_HZ = const(220)
_SCORE_HZ = const(1760)
_DRAW_MS = const(150)  # an AI seat's draws from the boneyard go quicker than its plays
SPECIAL = const(1000)  # moves from here up are not tiles (pass, draw)
_HAND_Y = const(43)
_MID_Y = const(22)


def who(se, seat):
    """A seat as row 0 and 1 name it: "YOU" for the only human, else "S3"."""
    if len(se.humans) == 1 and se.humans[0] == seat:
        return "YOU"
    return "S%d" % (seat + 1)


def move_name(g, m, lead):
    """``g.move_name(m)`` in capitals; the lead (``lead`` true) is its tile alone."""
    return tiles.name(m >> 2) if lead and m < SPECIAL and hasattr(g, "placed") else g.move_name(m).upper()


def move_short(g, m, lead):
    """A move in a few letters: "6-4L", "5-5U", "PASS", "DRAW"."""
    nm = move_name(g, m, lead)
    i = nm.find(" ")
    return nm if i < 0 else nm[:i] + nm[i + 1]


def _log_error(e):
    """Print ``e`` with its traceback on the console (the serial log), if there is room."""
    try:
        import traceback
        traceback.print_exception(e)
    except Exception:  # noqa: BLE001 - only a log
        pass


class Table(Scene):
    """Play screen for the app's session; see the module docstring."""

    def __init__(self, app):
        Scene.__init__(self, app)
        self.viewer = None
        self.sel = 0
        self.scroll = 0
        self.choice = None  # moves of the selected tile when it fits two ends
        self.ci = 0
        self.player = None  # AI thinking for the seat to act
        self.ai_move = None
        self.think_start = 0
        self.hint = None  # Medium AI computing a hint
        self.note = ""  # e.g. the hint's move name
        self.warn = ""  # an AI decision fell back a level for lack of RAM
        self.warn_moves = 0
        self.frame = 0
        self.next_anim = 0
        self.over_at = 0
        self.scored_until = 0
        self.items = []
        self.by_item = []
        self.passed = 0  # a bit per seat whose last move was a pass
        self.plays = []  # each seat's last play (row 1), newest first, made when the game changes
        self.rpage = 0  # row 1: the first play shown
        self.rend = -1  # row 1 as last drawn: after the last play shown (-1: no plays shown)
        self.rflip = 0  # when row 1 pages next (0: not timed yet)
        self.to_act = False
        self.dirty_model = True
        self.page = 0  # row 0: bit 0 scores shown, bit 1 paging, bit 2 to redraw

    def enter(self):
        """Shown (again): the viewer or the game may have changed."""
        self.dirty_model = True

    # -- model ------------------------------------------------------------------

    def reset(self):
        """Forget per-hand UI state (new hand, new session, undo)."""
        self.choice = None
        self.player = None
        self.ai_move = None
        self.hint = None
        self.note = ""
        self.over_at = 0
        self.dirty_model = True

    def sync(self):
        """Rebuild the hand items and legal flags after the game changed."""
        se = self.app.session
        g = se.game
        if len(se.humans) == 1:
            self.viewer = se.humans[0]
        elif not se.humans:
            self.viewer = 0
        v = self.viewer
        items = []
        by = []
        self.to_act = v is not None and g.turn == v and se.result is None and not se.is_ai(v)
        legal = se.legal() if self.to_act else []
        linear = hasattr(g, "placed")
        if v is not None:
            hand = g.hand(v) if hasattr(g, "hand") else g.observation(v).hand
            for t in hand:
                items.append(t)
                by.append([m for m in legal if m < SPECIAL and m >> 2 == t] if linear else [])
        for m in legal:
            if m >= SPECIAL or not linear:
                items.append(SPECIAL + m)
                by.append([m])
        self.items = items
        self.by_item = by
        self._recent(se, g, g.observation(v if v is not None else 0).events)
        if self.sel >= len(items):
            self.sel = max(0, len(items) - 1)
        if self.to_act and items and not by[self.sel]:
            self._step_sel(1)
        self.dirty_model = False

    def _recent(self, se, g, ev):
        """From the moves ``ev``: ``passed`` (bit per seat: its last move was a pass)
        and ``plays``, each seat's last play (draws skipped), newest first, with
        its points in All Fives ("S3 5-5R+10", "S2 PASS", "YOU 6-4L"); row 1
        shows them from the newest (:meth:`message`)."""
        gain = getattr(g, "gain", None)
        seen = 0
        passed = 0
        out = []
        k = getattr(g, "nplayed", 0)  # the tiles laid up to event i
        for i in range(len(ev) - 1, -1, -1):
            seat, m = ev[i]
            if m < SPECIAL:
                k -= 1  # now the play's index among the tiles laid
            if m == DRAW or seen >> seat & 1:
                continue
            seen |= 1 << seat
            if m == PASS:
                passed |= 1 << seat
            e = who(se, seat) + " " + move_short(g, m, k == 0)
            if gain is not None and m < SPECIAL and gain[k]:
                e += "+%d" % gain[k]
            out.append(e)
        self.passed = passed
        self.plays = out
        self.rpage = 0  # a fresh play shows at once
        self.rflip = 0

    def _step_sel(self, d):
        n = len(self.items)
        if not n:
            return
        i = self.sel
        for _ in range(n):
            i = (i + d) % n
            if not self.to_act or self.by_item[i]:
                self.sel = i
                return

    # -- input ------------------------------------------------------------------

    def on(self, act):
        app = self.app
        if self.dirty_model:
            self.sync()
        if act == "LR":  # left and right together (the second arrow undid the first)
            import pause  # loaded when wanted: its code is not in RAM during play
            app.go(pause.MoveLog(app))
            return
        if self.choice is not None:
            if act in ("LEFT", "RIGHT", "UP", "DOWN"):
                self.ci = (self.ci + (1 if act in ("RIGHT", "DOWN") else -1)) % len(self.choice)
            elif act == "A":
                m = self.choice[self.ci]
                self.choice = None
                self.human_play(m)
            elif act == "B":
                self.choice = None
            return
        if act in ("LEFT", "RIGHT"):
            self._step_sel(1 if act == "RIGHT" else -1)
            self.note = ""
        elif act == "A":
            if self.to_act and self.items and self.by_item[self.sel]:
                moves = self.by_item[self.sel]
                if len(moves) == 1:
                    self.human_play(moves[0])
                else:
                    self.choice = moves
                    self.ci = 0
            elif self.app.session.result is None:
                self.refuse()
        elif act == "UP":
            self.start_hint()
        elif act == "DOWN":
            self.undo()
        elif act == "B":
            import pause  # loaded when wanted: its code is not in RAM during play
            app.go(pause.TableMenu(app))

    def refuse(self):
        """A on a tile that does not play (or out of turn): a low buzz and why."""
        it = self.items[self.sel] if self.items else SPECIAL
        if not self.to_act:
            self.note = "NOT YOUR TURN"
        elif it < SPECIAL:
            self.note = tiles.name(it) + " DOES NOT FIT AN END"
        else:
            self.note = "NOT NOW"
        self.app.beep(_REFUSE_HZ, 150)

    def human_play(self, m):
        """Play the human's move (it comes from the legal list, so it is legal)."""
        self.app.session.play(m)
        self.note = ""
        self.hint = None
        self.app.after_move()

    def start_hint(self):
        """Ask the Medium AI for a move for the human to act."""
        se = self.app.session
        if self.dirty_model:
            self.sync()
        if not self.to_act:
            return
        self.note = "HINT..."
        try:
            self.hint = se.player(self.viewer, 1, se.rec.seed + len(se.rec.moves))
            self.hint.begin(type(se.game), se.game.observation(self.viewer))
        except MemoryError:
            self._no_hint()

    def _no_hint(self):
        self.hint = None
        gc.collect()
        self.note = "NO HINT: LOW RAM"

    def undo(self):
        """Take back your last move (only against AI seats)."""
        if self.app.session.undo():
            self.reset()
            self.note = "UNDONE"
            self.app.save_match()

    # -- time ---------------------------------------------------------------------

    def update(self, now):
        r = self._update(now)
        p = self.page
        if p & 2 and (now // _PAGE_MS & 1) != p & 1:  # page every _PAGE_MS
            self.page = (p ^ 1) | 4
            r = r or 2
        if self.rend >= 0 and (self.rpage or self.rend < len(self.plays)):  # row 1 pages
            if not self.rflip:  # the first page a full _PAGE_MS, then in step with row 0
                self.rflip = (now // _PAGE_MS + 2) * _PAGE_MS
            elif now >= self.rflip:
                self.rflip = (now // _PAGE_MS + 1) * _PAGE_MS
                self.rpage = self.rend if self.rend < len(self.plays) else 0
                r = r or 2
        return r

    def _update(self, now):
        app = self.app
        se = app.session
        if se is None:
            return False
        if self.dirty_model:
            self.sync()
        if se.result is not None:
            if not self.over_at:
                self.over_at = now + max(600, app.pace())
            if now >= self.over_at:
                app.hand_over()
                return True
            return False
        g = se.game
        turn = g.turn
        if se.is_ai(turn):
            if self.player is None:
                self.ai_move = None
                self.think_start = now
                self.frame = 0
                self.next_anim = now + ANIM_MS
                self._think(se, g, turn, None)
            elif self.ai_move is None:
                self._think(se, g, turn, AI_BUDGET)
            if self.ai_move is not None and now - self.think_start >= (
                    _DRAW_MS if self.ai_move == DRAW else app.pace()):
                m = self.ai_move
                self.player = None
                self.ai_move = None
                try:
                    se.play(m)
                except ValueError:  # a faulty AI move: play the first legal one instead
                    se.play(se.legal()[0])
                app.after_move()
                return True
            if now >= self.next_anim:
                self.frame += 1
                self.next_anim = now + ANIM_MS
                return 2
            return False
        if len(se.humans) > 1 and self.viewer != turn:
            app.go(Privacy(app, turn))
            return True
        if self.hint is not None:
            try:
                m = self.hint.step(AI_BUDGET)
            except MemoryError:
                self._no_hint()
                return True
            if m is not None:
                self.hint = None
                self.note = "HINT " + g.move_name(m)
                for i in range(len(self.items)):
                    if m in self.by_item[i]:
                        self.sel = i
                        if len(self.by_item[i]) > 1:
                            self.choice = self.by_item[i]
                            self.ci = self.choice.index(m)
                return True
        if self.scored_until and now >= self.scored_until:
            self.scored_until = 0
            return 2
        return False

    def _think(self, se, g, turn, budget):
        """Begin (``budget`` None) or continue the AI's decision for ``turn``.

        Out of memory, the decision starts again one level lower (Hard, then
        Medium, then Easy) with the other engines dropped, and row 1 says so;
        the match goes on as before.
        """
        level = se.kinds[turn] - 1 if self.player is None else self.level
        while True:
            try:
                if budget is None:
                    self.level = level
                    self.player = se.player(turn, level)
                    self.player.begin(type(g), g.observation(turn))
                self.ai_move = self.player.step(budget or AI_BUDGET)
                return
            except MemoryError as e:
                if level == 0:
                    raise
                _log_error(e)
                self.player = None
                se.release_engines()
                gc.collect()
                level -= 1
                budget = None
                name = ("EASY", "MEDIUM")[level]
                self.warn = "S%d LOW RAM: %s" % (turn + 1, name)
                print("pocket dominoes: out of RAM in S%d's decision: it plays as %s" % (turn + 1, name))
                self.warn_moves = 2  # shown while it thinks and after its move

    def moved(self, now):
        """Called after any move: refresh the model, show points scored."""
        self.dirty_model = True
        self.note = ""
        if self.warn_moves:
            self.warn_moves -= 1
            if not self.warn_moves:
                self.warn = ""
        if self.app.session.scored is not None:
            self.scored_until = now + SCORE_MS
            self.app.beep(_SCORE_HZ, 120)

    # -- drawing ------------------------------------------------------------------

    def message(self):
        """The text of row 1: a prompt, a note, a score just made, or the seat to act
        and the plays from ``rpage`` that fit, whole (``rend``: after the last)."""
        se = self.app.session
        g = se.game
        self.rend = -1
        if self.choice is not None:
            return "PLAY " + g.move_name(self.choice[self.ci]) + "? A"
        if self.note:
            return self.note
        if self.warn:
            return self.warn
        if se.scored is not None and self.scored_until and se.last is not None:
            w = who(se, se.last[0])
            return "%s SCORE%s %d!" % (w, "" if w == "YOU" else "S", se.scored[1])
        p = self.plays
        ai = se.result is None and se.is_ai(g.turn)
        i = self.rpage
        s = ""
        while i < len(p) and len(s) + len(p[i]) + (6 if ai else 0) <= (_MSG_LEN - 2 if s else _MSG_LEN):
            s += ("  " if s else "") + p[i]
            i += 1
        self.rend = i
        if ai:  # dots of a fixed width: the plays stay put
            return who(se, g.turn) + (".  ", ".. ", "...", "...")[self.frame % 4] + " " + s
        if self.to_act and se.result is None and not self.rpage and i == len(p) and len(s) <= _MSG_LEN - 11:
            return "YOUR TURN  " + s
        return s

    def draw_part(self, scr):
        """Redraw only the message row (animation frames), and row 0 after it paged."""
        if self.page & 4:
            self.page &= 3
            scr.fill(0, 0, 128, 6, 0)
            self.draw_status(scr, self.app.session, self.app.session.game)
        scr.fill(0, 6, 128, 6, 0)
        scr.small(0, 7, self.message()[:_MSG_LEN])

    def draw(self, scr):
        if self.dirty_model:
            self.sync()
        scr.clear_labels()
        scr.clear()
        se = self.app.session
        g = se.game
        self.draw_status(scr, se, g)
        self.draw_part(scr)
        if hasattr(g, "placed"):
            self.draw_board(scr, g)
        else:
            ends = g.observation(0).public
            for a in range(len(ends)):
                scr.square(2 + a * 14, _MID_Y, ends[a])
        self.draw_hand(scr, g)

    def draw_status(self, scr, se, g):
        """Row 0: each seat's tiles left ("YOU:7 2:7", the seat to act inverted, a
        dotted line under a seat that passed last), the boneyard and the scores.
        When that does not fit (many seats, big scores) the row shows one cell per
        seat and pages every ``_PAGE_MS`` between tiles left and the scores."""
        n = g.players
        counts = g.count if hasattr(g, "count") else g.observation(0).counts
        scores = se.scores()
        hum = se.humans[0] if len(se.humans) == 1 else -1
        sc = "-".join(str(v) for v in scores)
        if getattr(g, "BONEYARD", False):
            sc = "B%d %s" % (len(g.stock) - g.top, sc)
        gap = 1 if n > 5 else 3
        w = len(sc) * 4 + 2
        for s in range(n):
            w += (len(str(counts[s])) + (4 if s == hum else 2)) * 4 + 1 + gap
        paged = w > 128 + gap
        self.page = (self.page & 5) | (2 if paged else 0)
        turn = g.turn if se.result is None else -1
        x = 0
        for s in range(n):
            if paged and self.page & 1:
                txt = str(scores[g.side(s)])
            else:
                txt = ("YOU" if not paged else "Y") if s == hum else str(s + 1)
                txt += ":%d" % counts[s]
            if paged:
                x = s * (128 // n)
            x += gap
            w = len(txt) * 4 + 1
            if s == turn:
                scr.fill(x - gap, 0, w, 6, 1)
            scr.small(x - gap + 1, 0, txt, 0 if s == turn else 1)
            if self.passed >> s & 1:  # dotted, in the other colour on the seat to act
                for xx in range(x - gap, x - gap + w, 2):
                    scr.pixel(xx, 5, 0 if s == turn else 1)
            x += w
        if not paged:
            scr.small(max(x, 128 - len(sc) * 4), 0, sc)

    def draw_board(self, scr, g):
        """The line as it lies: its two ends, the centre (the spinner once laid,
        else the first tile) with "+n" for the tiles between, the spinner's open
        side arms above and below it, and in All Fives the ends as they count
        ("4+6+2=12") at the top left; a bar marks the last play."""
        np_ = g.nplayed
        if np_ == 0:
            scr.small(34, 25, "LEAD ANY TILE")
            return
        HI = tiles.HI
        LO = tiles.LO
        placed = g.placed
        arm = g.placed_arm
        last_t = placed[np_ - 1]
        first = placed[0]
        spin = getattr(g, "spinner", -1)
        n0 = 0
        n1 = 0
        k = 0  # the spinner's place from the first tile (- on the left, + on the right)
        for i in range(1, np_):
            a = arm[i]
            if a == 0:
                n0 += 1
                if placed[i] == spin:
                    k = -n0
            elif a == 1:
                n1 += 1
                if placed[i] == spin:
                    k = n1
        c = n0 + k  # the centre's place in the line, 0 = the left end
        last = n0 + n1
        ctr = spin if spin >= 0 else first
        ends = g.ends
        bar = self._bar
        # the two ends of the line, and "+n" for the tiles between them and the centre
        for a in (0, 1):
            if c == (0 if a == 0 else last):
                continue  # the centre is this end
            t = self._end_tile(g, a)
            v = ends[a]
            sel = self._armsel(a)
            if HI[t] == LO[t]:
                x = 112 if a else 5
                scr.tile(x, 17, v, v, True, sel)
                bar(scr, t == last_t, x + 5, 39)
            else:
                x = 107 if a else 0
                o = HI[t] + LO[t] - v
                scr.tile(x, _MID_Y, o if a else v, v if a else o, False, sel)
                bar(scr, t == last_t, x + 10, 34)
            n = last - c - 1 if a else c - 1
            if n > 0:
                scr.small(84 if a else 30, 25, "+%d" % n)
        # the centre, and the spinner's side arms once open
        sel = (c == 0 and self._armsel(0)) or (c == last and self._armsel(1))
        if getattr(g, "narms", 2) > 2:
            self._side(scr, g, 2, 12, last_t)
            self._side(scr, g, 3, 32, last_t)
            scr.square(58, 22, HI[ctr], sel)
            bar(scr, ctr == last_t, 73, 26, True)
        elif HI[ctr] == LO[ctr]:
            scr.tile(58, 17, HI[ctr], LO[ctr], True, sel)
            bar(scr, ctr == last_t, 63, 39)
        else:
            scr.tile(53, _MID_Y, HI[ctr], LO[ctr], False, sel)
            bar(scr, ctr == last_t, 63, 34)
        if self.choice is not None:
            d = HI[ctr] == LO[ctr]
            if c == 0 and self._armsel(0):
                scr.small(53 if d else 48, 25, "<")
            if c == last and self._armsel(1):
                scr.small(71 if d else 76, 25, ">")
        if hasattr(g, "end_points"):
            scr.small(0, 12, self.ends_text(g))

    def ends_text(self, g):
        """The open ends as they count and their total: "4+6+2=12" ("=96" if long)."""
        s = ""
        for a in range(g.narms):
            if a == 1 and g.kind[1] == 2 and g.kind[0] == 2:
                continue  # the spinner alone is one end
            if a >= 2 and not g.side_played(a):
                continue  # an open side arm with no tile counts nothing
            s += ("+" if s else "") + str(g.end_points(a))
        s += "=%d" % g.end_sum()
        return s if len(s) <= 12 else s[s.index("="):]

    def _end_tile(self, g, a):
        """The tile at the end of in-line arm ``a`` (the first tile if none is on it)."""
        p = g.placed
        arm = g.placed_arm
        for i in range(g.nplayed - 1, 0, -1):
            if arm[i] == a:
                return p[i]
        return p[0]

    def _side(self, scr, g, a, y, last_t):
        """Side arm ``a`` of the spinner at ``y``: an empty dotted square while no
        tile is on it, else its end (a double crosswise, both halves shown)."""
        n = 0
        t = -1
        for i in range(1, g.nplayed):
            if g.placed_arm[i] == a:
                n += 1
                t = g.placed[i]
        sel = self._armsel(a)
        if n == 0:
            scr.square(58, y, 0, sel)
            if not sel:
                scr.rect(58, y, 11, 11, 0)
                scr.rect(58, y, 11, 11, 1, True)
            return
        v = g.ends[a]
        x = 70
        if tiles.HI[t] == tiles.LO[t]:
            scr.tile(53, y, v, v, False, sel)
            x = 75
        else:
            scr.square(58, y, v, sel)
        self._bar(scr, t == last_t, x, y + 3, True)
        if n > 1:
            scr.small(x + 3, y + 3, "+%d" % (n - 1))

    @staticmethod
    def _bar(scr, on, x, y, side=False):
        """The last play's bar: under a tile centred on ``x``, or beside a square at ``x``."""
        if on:
            if side:
                scr.fill(x, y, 2, 5)
            else:
                scr.fill(x - 2, y, 5, 2)

    def _armsel(self, a):
        if self.choice is None:
            return False
        return (self.choice[self.ci] & 3) == a if a >= 0 else False

    def draw_hand(self, scr, g):
        items = self.items
        n = len(items)
        if self.viewer is None:
            scr.small(40, 52, "HAND HIDDEN")
            return
        if not n:
            return
        widths = [11 if it < SPECIAL else 19 for it in items]
        total = sum(widths) + n - 1
        if total <= 128:
            self.scroll = 0
            x0 = (128 - total) // 2
            last_vis = n - 1
        else:
            if self.sel < self.scroll:
                self.scroll = self.sel
            while True:
                w = 0
                last_vis = self.scroll - 1
                for i in range(self.scroll, n):
                    if w + widths[i] > 120:
                        break
                    w += widths[i] + 1
                    last_vis = i
                if self.sel <= last_vis or self.scroll >= n - 1:
                    break
                self.scroll += 1
            x0 = 4
            if self.scroll > 0:
                scr.small(0, 51, "<")
            if last_vis < n - 1:
                scr.small(125, 51, ">")
        x = x0
        show_sel = self.to_act or True
        for i in range(self.scroll, last_vis + 1):
            it = items[i]
            sel = show_sel and i == self.sel
            if it < SPECIAL:
                legal = bool(self.by_item[i])
                scr.tile(x, _HAND_Y, tiles.HI[it], tiles.LO[it], True, sel, self.to_act and not legal)
            else:
                nm = g.move_name(it - SPECIAL).upper()[:4]
                if sel:
                    scr.fill(x, _HAND_Y, 19, 21, 1)
                else:
                    scr.rect(x, _HAND_Y, 19, 21, 1)
                scr.small(x + 2, _HAND_Y + 8, nm, 0 if sel else 1)
            x += widths[i] + 1
