"""The table: your hand as pip graphics, the open ends, seats, scores, turns.

Layout (128x64): row 0 seats ("1:7", the seat to act inverted, a line under
a seat that passed last) and the stock and scores on the right; row 1 the last
move, points scored, or "S3 thinking..."; the board (y 12-42) shows the first
tile in the middle and the tile at the end of each arm (left, right; the
spinner's up/down arms as squares), with a mark under the last play; your
hand (y 43-63): legal tiles with a solid border, others dotted, the selected
one inverted. It uses only the game contract and generic layout attributes
(``placed``, ``placed_arm``, ``nplayed``, ``ends``, ``narms``), degrading to
move names for games without them.
"""

import gc

from domino.game import PASS
from domino import tiles
from scenes import Scene, Menu, Privacy, Title, Rules
import session as sessionmod

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


AI_BUDGET = const(4)  # AI work units per frame (one Hard playout each)
ANIM_MS = const(160)
SCORE_MS = const(1500)
SPECIAL = const(1000)  # moves from here up are not tiles (pass, draw)
_HAND_Y = const(43)
_MID_Y = const(22)


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
        self.passed = []
        self.to_act = False
        self.dirty_model = True

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
        passed = [False] * g.players
        seen = [False] * g.players
        ev = g.observation(v if v is not None else 0).events
        for i in range(len(ev) - 1, -1, -1):
            s, m = ev[i]
            if not seen[s]:
                seen[s] = True
                passed[s] = m == PASS
        self.passed = passed
        if self.sel >= len(items):
            self.sel = max(0, len(items) - 1)
        if self.to_act and items and not by[self.sel]:
            self._step_sel(1)
        self.dirty_model = False

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
        elif act == "UP":
            self.start_hint()
        elif act == "DOWN":
            self.undo()
        elif act == "B":
            app.go(TableMenu(app))

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
            if self.ai_move is not None and now - self.think_start >= app.pace():
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

    # -- drawing ------------------------------------------------------------------

    def message(self):
        """The text of row 1."""
        se = self.app.session
        g = se.game
        if self.choice is not None:
            return "PLAY " + g.move_name(self.choice[self.ci]) + "? A"
        if self.note:
            return self.note
        if self.warn:
            return self.warn
        if se.result is None and se.is_ai(g.turn):
            return "S%d THINKING%s" % (g.turn + 1, "." * (self.frame % 4))
        s = ""
        if se.last is not None:
            seat, m = se.last
            s = "S%d %s" % (seat + 1, g.move_name(m))
            if se.scored is not None and self.scored_until:
                s += " +%d" % se.scored[1]
        if self.to_act and se.result is None:
            s = ("YOUR TURN " + s) if len(s) < 12 else s
        return s

    def draw_part(self, scr):
        """Redraw only the message row (animation frames)."""
        scr.fill(0, 6, 128, 6, 0)
        scr.small(0, 7, self.message()[:32])

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
            ends = g.observation(0).ends
            for a in range(len(ends)):
                scr.square(2 + a * 14, _MID_Y, ends[a])
        self.draw_hand(scr, g)

    def draw_status(self, scr, se, g):
        n = g.players
        counts = g.count if hasattr(g, "count") else g.observation(0).counts
        x = 0
        for s in range(n):
            txt = "%d:%d" % (s + 1, counts[s])
            w = len(txt) * 4 + 1
            if s == g.turn and se.result is None:
                scr.fill(x, 0, w, 6, 1)
                scr.small(x + 1, 0, txt, 0)
            else:
                scr.small(x + 1, 0, txt, 1)
            if self.passed and self.passed[s]:
                scr.fill(x + 1, 5, w - 2, 1, 1)
            x += w + (1 if n > 5 else 3)
        sc = "-".join(str(v) for v in se.scores())
        if hasattr(g, "stock") and hasattr(g, "top") and getattr(g, "BONEYARD", False):
            sc = "B%d %s" % (len(g.stock) - g.top, sc)
        xr = 128 - len(sc) * 4
        if xr < x:
            xr = x
        scr.small(xr, 0, sc)

    def draw_board(self, scr, g):
        np_ = g.nplayed
        if np_ == 0:
            scr.small(34, 25, "LEAD ANY TILE")
            return
        HI = tiles.HI
        LO = tiles.LO
        last = np_ - 1
        first = g.placed[0]
        ends = g.ends
        narms = getattr(g, "narms", 2)
        # the centre tile
        if HI[first] == LO[first]:
            scr.tile(58, 17, HI[first], LO[first], True, self._armsel(-1))
            mark = (63, 39)
        else:
            scr.tile(53, _MID_Y, HI[first], LO[first], False, self._armsel(-1))
            mark = (63, 34)
        marks = [mark] if last == 0 else []
        for a in range(min(narms, 4)):
            cnt = 0
            end_i = -1
            for i in range(1, np_):
                if g.placed_arm[i] == a:
                    cnt += 1
                    end_i = i
            if a >= 2:
                y = 12 if a == 2 else 32
                if cnt or narms > 2:
                    scr.square(59, y, ends[a], self._armsel(a))
                    if cnt > 1:
                        scr.small(72, y + 3, "+%d" % (cnt - 1))
                    if end_i == last and end_i > 0:
                        marks.append((72 if cnt < 2 else 84, y + 5))
                continue
            if a == 0 and self.choice is not None and cnt == 0 and self._armsel(0):
                scr.small(46, 25, "<")
            if a == 1 and self.choice is not None and cnt == 0 and self._armsel(1):
                scr.small(78, 25, ">")
            if cnt == 0:
                continue
            t = g.placed[end_i]
            v = ends[a]
            o = HI[t] + LO[t] - v
            sel = self._armsel(a)
            if HI[t] == LO[t]:
                x = 5 if a == 0 else 112
                scr.tile(x, 17, v, v, True, sel)
                mk = (x + 5, 39)
            else:
                x = 0 if a == 0 else 107
                if a == 0:
                    scr.tile(x, _MID_Y, v, o, False, sel)
                else:
                    scr.tile(x, _MID_Y, o, v, False, sel)
                mk = (x + 10, 34)
            if cnt > 1:
                scr.small(30 if a == 0 else 84, 25, "+%d" % (cnt - 1))
            if end_i == last:
                marks.append(mk)
        for mx, my in marks:
            scr.fill(mx - 2, my, 5, 2, 1)

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


class TableMenu(Menu):
    """B on the table: resume, hint, undo, rules, quit to the title."""

    TITLE = "PAUSED"

    def _keys(self):
        se = self.app.session
        k = ["resume", "hint"]
        if se is not None and se.can_undo():
            k.append("undo")
        return k + ["rules", "quit"]

    def rows(self):
        names = {"resume": "Resume", "hint": "Hint", "undo": "Undo my move",
                 "rules": "Rules", "quit": "Quit to title"}
        return [names[k] for k in self._keys()]

    def pick(self, i):
        k = self._keys()[i]
        t = self.app.table
        if k == "quit":
            self.app.go(Title(self.app))
            return
        if k == "rules":
            r = Rules(self.app, self.app.session.rec.gid)
            r.back_to = self
            self.app.go(r)
            return
        self.app.go(t)
        if k == "hint":
            t.start_hint()
        elif k == "undo":
            t.undo()

    def back(self):
        self.app.go(self.app.table)
