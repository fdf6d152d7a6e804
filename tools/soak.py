"""Random-press soak of the whole app: every game, every board, seeded.

    .venv/bin/python tools/soak.py                       # 200,000 presses: 4 boards x 50,000
    .venv/bin/python tools/soak.py --presses 5000 --boards 3,6 --seed 7

Presses random buttons (taps, long presses, held arrows, left and right
together, waits) on the simulator's 3-, 4-, 5- and 6-button boards, leaning on
A when a person is to act and towards New game on the title, so that hands,
summaries and whole matches get played. After each press it checks the game's bookkeeping and, now and then,
that the saved record replays to the same state. In a game no AI plays
(every seat a person) it keeps to 3 players, so that matches end within the
walk. It prints, per board and in all, the presses, the screens
seen, the hands summarised, the match results shown and any text drawn past
the screen's edge (``render.Screen.ran_off``) or over other text in the same frame
(``track_text``); it exits 1 if a check failed, no summary or result was reached,
or text ran off the screen or over other text. host_tests/
test_ui_fuzz.py runs the same soak with fewer presses in CI.
"""

import argparse
import os
import random
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
import sim  # noqa: E402  (sets up lib/ and firmware/ on sys.path)

_LABEL = re.compile(r"(\d+|Y):")  # a seat's label at the start of a row-0 cell


def check_state(app):
    """The hand's bookkeeping is consistent and the seat to act has a legal move."""
    se = app.session
    if se is None:
        return
    g = se.game
    assert 0 <= g.turn < g.players
    if hasattr(g, "count"):  # the line games' own bookkeeping
        for s in range(g.players):
            assert sum(1 for x in g.loc if x == s) == g.count[s]
    counts = g.observation(0).counts  # any game: the hands and the counts shown agree
    for s in range(g.players):
        assert len(g.hand(s)) == counts[s]
    if se.result is None:
        assert not g.over
        assert g.legal_moves(se.buf) >= 1


def check_replay(app):
    """The saved record rebuilds the same hand and match."""
    from savegame import MatchRecord
    from session import Session
    se = app.session
    if se is None:
        return
    again = Session(MatchRecord.decode(se.rec.encode()))
    g, h = se.game, again.game
    for s in range(g.players):
        assert g.observation(s).key() == h.observation(s).key()
    if se.match is not None:
        assert again.match.scores == se.match.scores
        assert again.match.hand_no == se.match.hand_no


def track_text(scr):
    """Watch ``scr`` for two text runs drawn over each other in one frame.

    Each run's box (its ink, leading and trailing spaces left out) is kept until
    the screen is cleared or a fill covers it; a run whose box meets a kept one, or
    comes closer beside it than four blank columns (so that "65" and "230" read
    as "65230"), is noted in ``scr.overlap`` as (the earlier text, the later text).
    A run that starts with a seat's label ("2:4", "Y:12", as the table's row 0 sets
    them on a pitch) may come three blank columns after: its colon parts it.
    """
    import render
    runs = []
    small, text, fill, clear, half = scr.small, scr.text, scr.fill, scr.clear, scr.half
    adv = scr.font.adv
    in_tile = []  # set while a tile's half draws its number (the halves' line parts them)

    def note(x, y, s, cw, h):
        t = s.strip()
        if not t:
            return
        x0 = x + (len(s) - len(s.lstrip())) * cw
        x1 = x0 + len(t) * cw - 2  # its last column of ink
        tile = bool(in_tile)
        lab = _LABEL.match(t) is not None
        for r in runs:  # the later run in the row (right of the other) sets the gap
            if (x0 <= r[2] + (3 if lab else 4) and r[0] <= x1 + (3 if r[6] else 4) and y < r[3]
                    and r[1] < y + h and not (tile and r[5])):
                scr.overlap = (r[4], s)
        runs.append((x0, y, x1, y + h, s, tile, lab))

    def t_small(x, y, s, c=1):
        note(x, y, s, 4, 5)
        return small(x, y, s, c)

    def t_half(x, y, v, c=1):
        in_tile.append(1)
        try:
            return half(x, y, v, c)
        finally:
            in_tile.pop()

    def t_text(i, s, inverted=False, x=2):
        note(x, render.ROW0 + i * render.ROWH - 1, s, adv, render.ROWH - 1)
        return text(i, s, inverted, x)

    def t_fill(x, y, w, h, c=1):
        runs[:] = [r for r in runs if not (x <= r[0] and r[2] <= x + w and y <= r[1] and r[3] <= y + h)]
        return fill(x, y, w, h, c)

    def t_clear():
        runs.clear()
        return clear()

    scr.small, scr.text, scr.fill, scr.clear, scr.half = t_small, t_text, t_fill, t_clear, t_half
    scr.overlap = None


class Soak:
    """One board's random walk; ``run(presses)`` returns its figures."""

    def __init__(self, board, seed, max_players=8, start=None):
        self.rnd = random.Random(seed * 100 + board)
        self.h = sim.Harness(board)
        if start is not None:  # (gid, players, options): begin in such a match, every seat a person
            gid, n, options = start
            self.h.app.start_match(gid, n, [0] * n, 0, options)
            self.h.past_draw()  # begin at the table
        self.board = board
        self.max_players = max_players
        self.seen = {}
        self.summaries = 0
        self.results = 0
        self.ran_off = []
        self.overlaps = []
        self.players = set()
        self.named = set()  # the names of the moves played (game.move_name)

    def _lean(self):
        """The press a player who wants to play would make here, or None: A when a
        person is to act, on a summary or the privacy screen; on the title, A on
        New game or Continue, else a step towards them (the title keeps its cursor
        on the row last opened)."""
        import scenes
        import handend
        import table
        import menus
        sc = self.h.app.scene
        if isinstance(sc, (handend.Summary, scenes.Privacy, handend.Result)) or type(sc).__name__ == "FirstDraw":
            return "A"
        if isinstance(sc, menus.Title):
            rows = sc.rows()
            if rows[max(sc.sel, 0)] in ("New game", "Continue"):
                return "A"
            return "UP" if self.h.app.inp.has_updown else "LEFT"
        return "A" if isinstance(sc, table.Table) and sc.to_act else None

    def press(self):
        """One random press (or hold, or wait)."""
        h = self.h
        rnd = self.rnd
        acts = h.buttons
        r = rnd.random()
        if r < 0.03:
            h.hold("A", rnd.choice((300, 900)))
        elif r < 0.06:
            h.wait(rnd.choice((100, 500, 2000)))
        elif r < 0.08:
            h.hold(rnd.choice(acts[:2]), 700)  # auto-repeat
        elif r < 0.09:
            h.chord(*rnd.sample(("LEFT", "RIGHT"), 2))  # both together
        elif r < 0.55 and self._lean():
            h.tap(self._lean())
        else:
            h.tap(rnd.choice(acts))

    def run(self, presses):
        import scenes
        import handend
        app = self.h.app
        scr = app.scr
        track_text(scr)
        last = None
        for i in range(presses):
            self.press()
            sc = app.scene
            name = type(sc).__name__
            self.seen[name] = self.seen.get(name, 0) + 1
            if sc is not last:
                if isinstance(sc, handend.Summary):
                    self.summaries += 1
                elif isinstance(sc, handend.Result):
                    self.results += 1
                last = sc
            if type(sc).__name__ == "Options":
                if sc.players > self.max_players:
                    sc.players = self.max_players
                if not sc.ai and sc.players > 3:  # a game no AI plays: every move passes the device
                    sc.players = 3  # and 4-player plain Loo played at random seldom ends (a loo costs 5)
            if app.session is not None:
                self.players.add((app.session.rec.gid, app.session.rec.players))
                if app.session.last is not None:
                    self.named.add(app.session.game.move_name(app.session.last[1]))
            if app.scr is not scr:  # a restart made a new screen
                scr = app.scr
                track_text(scr)
            if scr.ran_off is not None:
                self.ran_off.append((name, scr.ran_off))
                scr.ran_off = None
            if scr.overlap is not None:
                self.overlaps.append((name,) + scr.overlap)
                scr.overlap = None
            check_state(app)
            if i % 250 == 0:
                check_replay(app)
        check_replay(app)
        return self


def main(argv=None):
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--presses", type=int, default=200000, help="presses in all (split over the boards)")
    ap.add_argument("--boards", default="3,4,5,6", help="button counts, comma separated")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    boards = [int(b) for b in args.boards.split(",")]
    per = args.presses // len(boards)
    t0 = time.time()
    bad = False
    total = {"presses": 0, "summaries": 0, "results": 0, "ran_off": 0, "overlaps": 0}
    seen_all = set()
    for b in boards:
        t = time.time()
        s = Soak(b, args.seed).run(per)
        seen_all.update(s.seen)
        total["presses"] += per
        total["summaries"] += s.summaries
        total["results"] += s.results
        total["ran_off"] += len(s.ran_off)
        total["overlaps"] += len(s.overlaps)
        print("board %d: %d presses in %.0f s, %d hand summaries, %d match results, text off screen %d,"
              " text over text %d" % (b, per, time.time() - t, s.summaries, s.results, len(s.ran_off),
                                     len(s.overlaps)))
        print("  screens: %s" % ", ".join("%s %d" % kv for kv in sorted(s.seen.items())))
        print("  games played (game id, players): %s" % sorted(s.players))
        for name, txt in sorted(set(s.ran_off))[:10]:
            print("  off screen on %s: %r" % (name, txt))
        for name, a, b2 in sorted(set(s.overlaps))[:10]:
            print("  text over text on %s: %r and %r" % (name, a, b2))
        if not s.summaries or not s.results or s.ran_off or s.overlaps:
            bad = True
    print("all: %d presses in %.0f s, %d hand summaries, %d match results, text off screen %d,"
          " text over text %d; screens: %s"
          % (total["presses"], time.time() - t0, total["summaries"], total["results"], total["ran_off"],
             total["overlaps"], " ".join(sorted(seen_all))))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
