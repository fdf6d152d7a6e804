"""The table: the generic frame around a board view chosen by the game's layout kind.

Layout (128x64): the status bar never pages: row 0 a fixed cell per seat of
tiles left ("YOU:7 2:7", or counts alone at 7-8 seats; or what the view's
``cells`` counts instead, after its word: "TOOK YOU:3 2:5"; the seat to act
inverted in a closed box, a dotted line under a seat that passed last), and a block of the
boneyard, the game's ``match_note`` (Loo's pool) and the scores labelled by
side ("B14 YOU 20 S6 65", "US 12 THEM 30", "BAD US 81 THEM 56") at the right
of row 0, or of row 1 where row 0 has no room (:meth:`Table.layout`);
row 1 a note, a score just made, or whose turn it is ("YOUR TURN", "S3...")
and after it each seat's last play ("S3 5-5R+10"), newest first, paging when
they do not all fit (a play just made starts again at the first page); once a
person presses a key in their turn, the view's prompt, what A does ("A: TAKE
6-3"), where the view has one. At the AI pace "wait for A" each AI play (but a
draw) waits for A, row 1 saying so ("A: S3 PLAYS"). The board (y 12-42) is
drawn by the view of the game's ``LAYOUT``, ``views.<layout>`` (imported when
a game of that kind is shown, dropped when another kind comes: only one is in
RAM). Your hand (y 43-63): legal tiles with a solid border, others dotted, the
selected one inverted, then the moves that use no tile (pass, draw, keep, take
miss...) as boxes named by ``move_name``. The frame knows no game: a tile's
moves are the legal moves whose ``move_tile`` is that tile, the other moves
are grouped by ``move_group`` (in the view's order if it has ``arrange``),
and two or more moves on one item are offered as a "which one?" choice. LEFT and RIGHT
pressed together ("LR", on every board) show the hand's moves so far
(:class:`pause.MoveLog`), as does the pause menu (B).
"""

import gc

import sys

from domino.game import DRAW, PASSES
from domino import tiles
from scenes import Scene, Privacy, seat_name, side_name
from savegame import WAIT

from micropython import const


AI_BUDGET = const(4)  # AI work units per frame (one Hard playout each)
ANIM_MS = const(160)
SCORE_MS = const(1500)
_PAGE_MS = const(2500)
_MSG_LEN = const(32)  # row 1, in the 3x5 font
_REFUSE_HZ = const(220)
_SCORE_HZ = const(1760)
_DRAW_MS = const(150)  # an AI seat's draws from the boneyard go quicker than its plays
_BARE = const(256)  # Table.rpage: a page of plays without the words of whose turn it is
MOVE_ITEM = const(1000)  # a hand item from here up is a move with no tile (MOVE_ITEM + move)
_HAND_Y = const(43)


def said_by(se, said, g, ev, i):
    """Event ``i`` of ``ev`` as rows 1 and the pass-the-device screen show it: the
    seat's short name and the view's short words ("S3 5-5R+10")."""
    return seat_name(se, ev[i][0], True) + " " + said(g, ev, i, True)


def fit(plays, i, room):
    """The plays from ``i`` that fit in ``room`` characters, two spaces apart, and
    the index after the last of them."""
    s = ""
    while i < len(plays) and len(s) + len(plays[i]) + (2 if s else 0) <= room:
        s += ("  " if s else "") + plays[i]
        i += 1
    return s, i


def _join(parts):
    """Words joined by a space, the empty ones left out."""
    return " ".join(p for p in parts if p)


class Table(Scene):
    """Play screen for the app's session; see the module docstring."""

    def __init__(self, app):
        Scene.__init__(self, app)
        self.viewer = None
        self.view = None  # the board view module of the game's layout kind
        self.synced_for = None  # the viewer the hand items were made for
        self.sel = 0
        self.scroll = 0
        self.choice = None  # the moves of the item chosen when it has several ("which one?")
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
        self.counts = ()  # row 0's count per seat: tiles held, or the view's ``cells``
        self.word = ""  # row 0's word before the cells ("TOOK"), from the view's ``cells``
        self.stock = 0
        self.passed = 0  # a bit per seat whose last move was a pass
        self.plays = []  # each seat's last play (row 1), newest first, made when the game changes
        self.rpage = 0  # row 1: the first play shown, plus _BARE: without the turn's words
        self.rend = -1  # row 1 as last drawn: after the last play shown (-1: no plays shown)
        self.rflip = 0  # when row 1 pages next (0: not timed yet)
        self.to_act = False
        self.go_on = False  # pace "wait for A": A was pressed, the AI seat to act may play
        self.asked = False  # this turn the person pressed a key: row 1 says what A does
        self.dirty_model = True
        self.laid = False  # row 0 laid out for this hand (:meth:`layout`)
        self.cells = ()  # row 0: each seat's cell: x, name ("YOU:", "2:", "Y", ""); :meth:`layout`
        self.names = ()
        self.row0 = 7  # the block's parts on row 0, a bit each, the rest on row 1 (:meth:`layout`)
        self.hum = -1  # the one person's seat, else -1 (:meth:`layout`)
        self.bar0 = ""  # the block's text on row 0 and on row 1, made by :meth:`sync`
        self.bar1 = ""
        self.mlen = _MSG_LEN  # row 1's characters for the message

    def enter(self):
        """Shown (again): the viewer or the game may have changed."""
        self.dirty_model = True

    def drop_ai(self):
        """Let the AI engines go while another screen shows: a decision under way starts
        again, seeded as before, when the table shows again."""
        self.player = None
        self.ai_move = None
        self.app.session.release_engines()

    # -- model ------------------------------------------------------------------

    def reset(self):
        """Forget per-hand UI state (new hand, new session, undo)."""
        self.choice = None
        self.player = None
        self.ai_move = None
        self.hint = None
        self.note = ""
        self.over_at = 0
        self.laid = False
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
        was = self.to_act
        if v != self.synced_for:  # another person's hand (pass and play): from its first item
            was = False
            self.synced_for = v
            self.sel = 0
            self.scroll = 0
            self.choice = None
        items = []
        by = []
        self.to_act = v is not None and g.turn == v and se.result is None and not se.is_ai(v)
        if self.to_act and not was:  # a turn begins: row 1 shows the last plays first
            self.asked = False
        legal = se.legal() if self.to_act else []
        if v is not None:
            for t in g.hand(v):
                items.append(t)
                by.append([m for m in legal if g.move_tile(m) == t])
        for m in legal:  # the moves with no tile: an item per group
            if g.move_tile(m) < 0:
                if items and items[-1] >= MOVE_ITEM \
                        and g.move_group(items[-1] - MOVE_ITEM) == g.move_group(m):
                    by[-1].append(m)
                else:
                    items.append(MOVE_ITEM + m)
                    by.append([m])
        view = self.board_view(g)
        arrange = getattr(view, "arrange", None)  # the view's order, if any
        if arrange is not None:
            arrange(g, items, by)
        self.items = items
        self.by_item = by
        obs = g.observation(v if v is not None else 0)
        cells = getattr(view, "cells", None)  # what row 0 counts, where not the tiles held
        self.word, self.counts = cells(g) if cells is not None else ("", obs.counts)
        self.stock = obs.stock
        if not self.laid:
            self.layout(se, g)
        b = self.block(se, g)  # the status bar's block, as the move left it
        self.bar0 = _join([b[i] for i in range(3) if self.row0 >> i & 1])
        self.bar1 = _join([b[i] for i in range(3) if not self.row0 >> i & 1])
        self.mlen = (124 - len(self.bar1) * 4) // 4 if self.bar1 else _MSG_LEN
        self._recent(se, g, obs.events)
        if self.sel >= len(items):
            self.sel = max(0, len(items) - 1)
        if self.to_act and items and not by[self.sel]:
            self._step_sel(1)
        self.dirty_model = False

    def _recent(self, se, g, ev):
        """From the moves ``ev``: ``passed`` (bit per seat: its last move was a pass)
        and ``plays``, each seat's last play (draws skipped) newest first, in the
        view's words ("S3 5-5R+10", "S2 PASS", "YOU 6-4L"); row 1 shows them from
        the newest (:meth:`message`)."""
        said = self.board_view(g).said
        seen = 0
        passed = 0
        out = []
        for i in range(len(ev) - 1, -1, -1):
            seat, m = ev[i]
            if m == DRAW or seen >> seat & 1:
                continue
            seen |= 1 << seat
            if g.move_kind(m) == PASSES:
                passed |= 1 << seat
            out.append(said_by(se, said, g, ev, i))
        self.passed = passed
        self.plays = out
        self.rpage = 0 if self.to_act else _BARE  # "YOUR TURN", else the fresh play (alone)
        self.rflip = 0

    def named(self, g, m):
        """Legal move ``m`` in words now (the view's ``named``, else ``move_name``)."""
        nm = getattr(self.board_view(g), "named", None)
        return nm(g, m) if nm is not None else g.move_name(m)

    def play_words(self, g, m):
        """What A does with legal move ``m``: "PLAY 6-5 left" where its name starts with
        its tile's, else its name ("lead 6-5 as 5", "take miss")."""
        nm = self.named(g, m)
        t = g.move_tile(m)
        return "PLAY " + nm if t >= 0 and nm.startswith(tiles.name(t)) else nm

    def board_view(self, g):
        """The view module of ``g``'s layout kind, imported on first use; the
        view of another kind is dropped (its code's RAM goes back)."""
        v = self.view
        name = "views." + g.LAYOUT
        if v is None or v.__name__ != name:
            self.view = v = None
            from domino.modules import forget
            forget([k for k in sys.modules if k.startswith("views.") and k != name])  # other views
            __import__(name)
            v = self.view = sys.modules[name]
        return v

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
        self.asked = True
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
            if self.to_act:  # mid-turn (after a capture) row 1 says what A does now
                self.scored_until = 0
        elif act == "A":
            if self.to_act and self.items and self.by_item[self.sel]:
                moves = self.by_item[self.sel]
                if len(moves) == 1:
                    self.human_play(moves[0])
                else:
                    self.choice = moves
                    self.ci = 0
            elif self.app.session.result is None and app.settings.speed == WAIT and not self.to_act:
                self.go_on = True  # "wait for A": the AI seat to act may play
            elif self.app.session.result is None:
                self.refuse()
        elif (act == "UP" and self.to_act) or (act == "DOWN" and self.app.session.can_undo()):
            import pause  # the hint and undo: rarely wanted, their code is not in RAM during play
            (pause.hint if act == "UP" else pause.undo)(self)
            pause = None
            app.forget_screens("table")
        elif act == "B":
            import pause  # loaded when wanted: its code is not in RAM during play
            app.go(pause.TableMenu(app))

    def refuse(self):
        """A on a tile that does not play (or out of turn): a low buzz and why."""
        it = self.items[self.sel] if self.items else MOVE_ITEM
        if not self.to_act:
            self.note = "NOT YOUR TURN"
        elif it < MOVE_ITEM:
            self.note = self.board_view(self.app.session.game).refused(self.app.session.game, it)
        else:
            self.note = "NOT NOW"
        self.app.beep(_REFUSE_HZ, 150)

    def human_play(self, m):
        """Play the human's move (it comes from the legal list, so it is legal). Out of
        RAM the move is not played, and row 1 says so (a save that fails says so too)."""
        app = self.app
        try:
            app.session.play(m)
        except MemoryError:
            gc.collect()
            self.note = "LOW RAM: TRY AGAIN"
            return
        self.note = ""
        self.hint = None
        try:
            app.after_move()
        except MemoryError:  # past the save (which says itself when it fails)
            gc.collect()
            self.note = "LOW RAM"

    def _no_hint(self):
        self.hint = None
        gc.collect()
        self.note = "NO HINT: LOW RAM"

    # -- time ---------------------------------------------------------------------

    def update(self, now):
        r = self._update(now)
        if self.rend >= 0 and (self.rpage & 255 or self.rend != len(self.plays)):  # row 1 pages
            if not self.rflip:  # the first page a full _PAGE_MS, then every _PAGE_MS
                self.rflip = (now // _PAGE_MS + 2) * _PAGE_MS
            elif now >= self.rflip:
                self.rflip = (now // _PAGE_MS + 1) * _PAGE_MS
                self.rpage = self.rend if self.rend & 255 < len(self.plays) else 0
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
                hold = getattr(self.board_view(g), "hold", None)  # the view's extra time, if any
                self.think_start = now + (hold(g) if hold is not None else 0)
                self.frame = 0
                self.next_anim = now + ANIM_MS
                self._think(se, g, turn, None)
            elif self.ai_move is None:
                self._think(se, g, turn, AI_BUDGET)
            if self.ai_move is not None and now - self.think_start >= (
                    _DRAW_MS if self.ai_move == DRAW else app.pace()) and (
                    self.go_on or self.ai_move == DRAW or app.settings.speed != WAIT):
                m = self.ai_move
                self.player = None
                self.ai_move = None
                self.go_on = False
                try:
                    se.play(m)
                except ValueError as e:  # an illegal AI move: a fault of the AI
                    if app.strict:
                        raise
                    print("AI fault:", e)  # serial log; row 1 says it, the first legal move plays
                    self.warn = "S%d AI FAULT: FIRST MOVE PLAYED" % (turn + 1)
                    self.warn_moves = 2
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
                self.note = "HINT " + self.named(g, m)
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
                    self.player.begin(se.cls, g.observation(turn))
                self.ai_move = self.player.step(budget or AI_BUDGET)
                return
            except MemoryError as e:
                if level == 0:
                    raise
                try:  # the traceback on the console (the serial log), if there is room
                    import traceback
                    traceback.print_exception(e)
                except Exception:  # noqa: BLE001 - only a log
                    pass
                self.player = None
                se.release_engines()
                gc.collect()
                level -= 1
                budget = None
                name = ("EASY", "MEDIUM")[level]
                self.warn = "S%d LOW RAM: %s" % (turn + 1, name)
                print("pocket dominoes: out of RAM in S%d's decision: it plays as %s"
                      % (turn + 1, name))
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
        and the plays from ``rpage`` that fit, whole (``rend``: after the last).
        Where not one play fits beside the words of whose turn it is (a crowded
        row 1), the words have a page of their own and the plays the next."""
        se = self.app.session
        g = se.game
        self.rend = -1
        if self.choice is not None:  # "which one?": the arrows go to the other
            return self.play_words(g, self.choice[self.ci]) + "? A  <> OTHER"
        if self.note:
            return self.note
        if self.warn:
            return self.warn
        if se.scored is not None and self.scored_until and se.last is not None:
            w = se.last[0]  # the seat that moved, else (a trick won) the scoring side's first
            while g.side(w) != se.scored[0]:
                w = (w + 1) % g.players
            w = seat_name(se, w, True)
            return "%s SCORE%s %d!" % (w, "" if w == "YOU" else "S", se.scored[1])
        if self.to_act and se.result is None and (self.asked or not self.plays):
            ask = getattr(self.board_view(g), "prompt", None)  # the view's own words, if any
            if ask is not None:
                return ask(self, se, g)
        p = self.plays
        ai = se.result is None and se.is_ai(g.turn)
        mine = self.to_act and se.result is None
        held = ai and self.ai_move is not None and not self.go_on \
            and self.app.settings.speed == WAIT
        # the prefix's length: "A: S3 PLAYS  ", "S3... ", "YOUR TURN  "
        pre = 13 if held else 6 if ai else 11 if mine else 0
        j = self.rpage & 255
        s, i = fit(p, j, self.mlen - pre)
        self.rend = i
        if pre and not s and j < len(p):  # not one play fits beside the words
            if self.rpage & _BARE:  # this page: the plays alone
                s, self.rend = fit(p, j, self.mlen)
                return s
            self.rend = j | _BARE  # the next page: the plays alone
        if held:  # pace "wait for A": the AI seat's move waits
            return "A: " + seat_name(se, g.turn, True) + " PLAYS  " + s
        if ai:  # dots of a fixed width: the plays stay put
            dots = (".  ", ".. ", "...", "...")[self.frame % 4]
            return seat_name(se, g.turn, True) + dots + " " + s
        if mine:
            return ("YOUR TURN  " + s).rstrip()
        return s

    def draw_part(self, scr):
        """Redraw only row 1 (animation frames, paging): the message, and the part of
        the block (:meth:`block`) row 0 has no room for at its right end."""
        scr.fill(0, 6, 128, 6, 0)
        scr.small(129 - len(self.bar1) * 4, 7, self.bar1)
        scr.small(0, 7, self.message()[:self.mlen])

    def draw(self, scr):
        if self.dirty_model:
            self.sync()
        scr.clear()
        se = self.app.session
        g = se.game
        self.draw_status(scr, se, g)
        self.draw_part(scr)
        self.board_view(g).board(self, scr, g)
        self.draw_hand(scr, g)

    def layout(self, se, g):
        """Row 0's seat cells and where the block of the boneyard, the game's
        ``match_note`` ("POOL 20") and the labelled scores goes, from the widest
        they can be (two-digit counts where there is a boneyard or a hand of ten
        or more, three-digit scores): the same for every hand of a match, so
        nothing jumps rows.

        A cell is "YOU:7" or "2:7" where every such cell fits in 128 px with
        four blank columns between, else on a pitch of 128/n (after the word)
        "Y:7" or "2:7" where that leaves three blank columns, else the count
        alone ("Y12" yours). Of the block's parts, the widest set that fits beside the
        cells goes at row 0's right end, the rest at row 1's, the message keeping
        what is left of row 1."""
        n = g.players
        self.hum = hum = se.humans[0] if len(se.humans) == 1 else -1
        w = self.word
        dig = 2 if g.BONEYARD or w or max(self.counts) > 9 else 1  # (14 each: 2-player Seychelles)
        names = ["YOU:" if s == hum else "%d:" % (s + 1) for s in range(n)]
        xs = []
        x0 = x = len(w) * 4 + 3 if w else 0  # where the next cell starts: 4 blank columns after
        for s in range(n):
            xs.append(x)
            x += (len(names[s]) + dig) * 4 + 3
        if x - 2 > 128:  # no room for "YOU:": cells on a fixed pitch
            p = (128 - x0) // n
            if p >= (len(str(n)) + 1 + dig) * 4 + 2:  # "2:12" and three blank columns
                names = ["Y:" if s == hum else names[s] for s in range(n)]
            else:
                names = ["Y" if s == hum else "" for s in range(n)]
            xs = [x0 + s * p for s in range(n)]
            x = xs[-1] + (dig + len(names[-1])) * 4 + 3
        self.names = names
        self.cells = xs
        parts = self.block(se, g, True)
        best = -1
        for k in range(8):  # the parts on row 0 (bits): the widest set that fits
            w = len(_join([parts[i] for i in range(3) if k >> i & 1])) * 4
            if x + w <= 128 and w > best:
                best = w
                self.row0 = k
        self.laid = True

    def block(self, se, g, widest=False):
        """The status bar's block: the boneyard ("B28"), the match note ("POOL 20")
        and the scores labelled by side: "US 12 THEM 30" for partners, "YOU 20 S6
        65" (you and the best of the others) or the two best, "BAD" first where
        fewer points win ("" for a part a game has not); ``widest``: as wide as
        they can be, the boneyard and every score three digits."""
        scores = se.scores()
        pile = ("B%d" % (999 if widest else self.stock)) if g.BONEYARD else ""
        note = getattr(se.cls, "match_note", None)  # the match's own state, e.g. "POOL 20"
        note = note(se.match) if note is not None and se.match is not None else ""
        bad = getattr(se.cls, "BAD_POINTS", False)  # Whist: fewer bad points win
        first = g.side(self.hum) if self.hum >= 0 else -1
        order = sorted(range(len(scores)), key=lambda i: scores[i], reverse=not bad)
        if first < 0:
            first = order[0]
        second = [i for i in order if i != first][0]
        out = ["BAD"] if bad else []
        for i in (first, second):
            v = scores[i]
            out.append(side_name(se, i, True).upper() + " " + (
                "%3d" % v if widest and -99 <= v <= 999 else str(v)))
        return [pile, note, " ".join(out)]

    def draw_status(self, scr, se, g):
        """Row 0: each seat's cell of tiles left (see :meth:`layout`), the seat to act
        inverted in a box closed all round (its text a row lower), a dotted line
        under a seat whose last move was a pass; and the block of boneyard, note
        and scores at the right of row 0 or row 1."""
        if self.dirty_model:
            self.sync()
        n = g.players
        counts = self.counts
        turn = g.turn if se.result is None else -1
        scr.small(1, 0, self.word)
        for s in range(n):
            txt = self.names[s] + str(counts[s])
            x = self.cells[s]
            w = len(txt) * 4 + 1
            y = s == turn
            if y:
                scr.fill(x, 0, w, 7, 1)
            scr.small(x + 1, y, txt, 0 if y else 1)
            if self.passed >> s & 1:  # dotted, in the other colour on the seat to act
                for xx in range(x, x + w, 2):
                    scr.pixel(xx, 5 + y, 0 if y else 1)
        scr.small(129 - len(self.bar0) * 4, 0, self.bar0)

    def draw_hand(self, scr, g):
        items = self.items
        n = len(items)
        if self.viewer is None:
            scr.small(40, 52, "HAND HIDDEN")
            return
        if not n:
            return
        widths = []
        for it in items:  # a box a word wide, a word a line (at least "PASS")
            w = 11
            if it >= MOVE_ITEM:
                w = 19
                for wd in g.move_name(it - MOVE_ITEM).split():
                    w = max(w, len(wd) * 4 + 3)
            widths.append(w)
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
        for i in range(self.scroll, last_vis + 1):
            it = items[i]
            sel = i == self.sel
            if it < MOVE_ITEM:
                legal = bool(self.by_item[i])
                scr.tile(x, _HAND_Y, tiles.HI[it], tiles.LO[it], True, sel,
                         self.to_act and not legal)
            else:
                w = widths[i]
                if sel:
                    scr.fill(x, _HAND_Y, w, 21, 1)
                else:
                    scr.rect(x, _HAND_Y, w, 21, 1)
                m = self.choice[self.ci] if sel and self.choice is not None else it - MOVE_ITEM
                words = []  # a line a word, or short words together ("3 AT")
                for wd in g.move_name(m).upper().split():
                    if words and (len(words[-1]) + 1 + len(wd)) * 4 + 3 <= w:  # as a word fits
                        words[-1] += " " + wd
                    else:
                        words.append(wd)
                y = _HAND_Y + 8 - 3 * (len(words) - 1)  # centred
                for wd in words:
                    scr.small(x + 2, y, wd, 0 if sel else 1)
                    y += 6
            x += widths[i] + 1
