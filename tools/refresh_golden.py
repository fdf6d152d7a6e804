"""Render every UI screen headless and write host_tests/golden/<name>.png.

    .venv/bin/python tools/refresh_golden.py          # rewrite all golden screenshots
    .venv/bin/python tools/refresh_golden.py table    # only the named ones

``SCREENS`` maps a name to ``(board, setup)``: ``setup(harness)`` drives a
fresh App (virtual clock, memory saves) to the screen. The UI test renders the
same list and compares pixel for pixel, so run this only when a screen was
changed on purpose, and look at the pictures before committing them.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
import sim  # noqa: E402  (sets up lib/ and firmware/ on sys.path)

GOLDEN = os.path.join(ROOT, "host_tests", "golden")


def _new_game(h, gid_index, kinds=None, players=None):
    """Title -> New game -> game ``gid_index`` -> options (returns the Options scene)."""
    h.tap("A")
    for _ in range(gid_index):
        h.tap("DOWN" if "UP" in h.buttons else "RIGHT")
    h.tap("A")
    opt = h.app.scene
    if players is not None:
        opt.players = players
    if kinds is not None:
        for i, k in enumerate(kinds):
            opt.kinds[i] = k
    return opt


def _start(h, gid_index, kinds=None, players=None, wait=0, draw=False):
    """Start a new match from its options screen; past the draw before its first hand
    unless ``draw``."""
    opt = _new_game(h, gid_index, kinds, players)
    opt.sel = len(opt.rows()) - 1
    h.tap("A")
    if not draw:
        h.past_draw()
    if wait:
        h.wait(wait)


def _play_until(h, pred, limit=3000):
    """Press A whenever it is a human's turn (first legal tile) until ``pred(app)``."""
    import table
    import scenes
    import handend
    for _ in range(limit):
        if pred(h.app):
            return
        sc = h.app.scene
        if isinstance(sc, table.Table) and sc.to_act and not sc.dirty_model:
            h.tap("A")
        elif isinstance(sc, (handend.Summary, scenes.Privacy)) or type(sc).__name__ == "FirstDraw":
            h.tap("A")
        else:
            h.step(50)
    raise AssertionError("screen not reached")


def _summary(h, words=True, gid_index=0, players=None, kinds=None):
    """Play to the end of a hand: the hands revealed, then (``words``) the summary's words."""
    import scenes
    import handend
    _start(h, gid_index, kinds=kinds, players=players)
    _play_until(h, lambda app: isinstance(app.scene, handend.Summary))
    while words and (h.app.scene.reveal is not None or h.app.scene.words):
        h.tap("A")


def _restart(h):
    """The summary of the Seychelles hand after which the match starts over (first legal moves)."""
    import scenes
    import handend
    import session
    for seed in range(1, 400):
        se = session.new_match(0, 4, [0, 2, 2, 2], 50, seed)
        for _ in range(60):
            r0 = se.match.restarts
            while se.result is None:
                se.play(se.legal()[0])
            if se.match.restarts > r0:
                h.app.session = se
                h.app.go(handend.Summary(h.app))
                while h.app.scene.reveal is not None:
                    h.tap("A")
                return
            if se.match.over:
                break
            se.next_hand()
    raise AssertionError("no restart found")


def _result(h):
    import scenes
    import handend
    _start(h, 1, kinds=[2, 2, 2, 2])
    _play_until(h, lambda app: isinstance(app.scene, handend.Result))


def _thinking(h):
    h.app.settings.speed = 2
    _start(h, 0, kinds=[0, 2, 2, 2])
    _play_until(h, lambda app: app.session.is_ai(app.session.game.turn)
                and app.session.game.nplayed > 2)
    h.step(200)


def _allfives(h):
    _start(h, 2, players=2)
    _play_until(h, lambda app: app.session.game.nplayed >= 6 and not app.session.is_ai(
        app.session.game.turn))


def _spinner(h):
    """All Fives, 2 players: your turn with the spinner's side arms open and played."""
    _start(h, 2, players=2)
    _play_until(h, lambda app: getattr(app.session.game, "narms", 2) == 4
                and app.session.game.side_played(2) and app.table.to_act
                and not app.table.dirty_model, limit=20000)


def _eight(h):
    """All Fives, 8 players (double-twelve): your turn."""
    _start(h, 2, players=8, kinds=[0] + [1] * 7)
    _play_until(h, lambda app: app.session.game.nplayed >= 5 and app.table.to_act
                and not app.table.dirty_model, limit=20000)


def _board_page(h, setup, tiles=False):
    """The pause menu's "Board, tiles played" from table ``setup``; its grid if ``tiles``."""
    setup(h)
    h.tap("B")
    for _ in range(h.app.scene.rows().index("Board, tiles played")):
        h.tap("DOWN")
    h.tap("A")
    if tiles:
        h.tap("RIGHT")


def _summary8(h):
    import scenes
    import handend
    _start(h, 2, players=8, kinds=[0] + [1] * 7)
    _play_until(h, lambda app: isinstance(app.scene, handend.Summary), limit=20000)
    while h.app.scene.reveal is not None or h.app.scene.words:  # on to the score grid
        h.tap("A")


def _moves(h):
    _start(h, 2, players=4, kinds=[0, 1, 1, 1])
    _play_until(h, lambda app: app.session.game.nplayed >= 9 and app.table.to_act
                and not app.table.dirty_model, limit=20000)
    h.tap("B")
    h.tap("DOWN")
    h.tap("A")


def _hint(h):
    _start(h, 0)
    _play_until(h, lambda app: app.table.to_act and not app.table.dirty_model and app.session.game.nplayed > 1)
    h.tap("UP")
    h.wait(100)


# Domino Loo: a coded deal, 4 players, plain scoring, every seat a person (pass
# and play); seat 1 decides and leads first, seat 4 deals, trumps are 4
_LOO = "DG0-000-01C"


def _through_privacy(h):
    import scenes
    import handend
    while isinstance(h.app.scene, scenes.Privacy):
        h.tap("A")


def _privacy_recap(h):
    """All Fives, you and a friend against two AI seats: the device passed to seat 2
    for its second turn, the plays since its first listed."""
    import scenes
    _start(h, 2, kinds=[0, 0, 1, 1])
    turns = 0
    for _ in range(400):
        if isinstance(h.app.scene, scenes.Privacy) and h.app.scene.seat == 1:
            turns += 1
            if turns == 2:
                return
        if isinstance(h.app.scene, scenes.Privacy):
            h.tap("A")
        else:
            h.run_script("A w300")
    raise AssertionError("no second turn for seat 2")


def _loo(h, keeps=0, code=_LOO):
    """The coded Loo deal on the table, every seat a person, after ``keeps``
    seats kept their hands."""
    h.app.start_deal(code, [0] * 4)
    for _ in range(keeps):
        _through_privacy(h)
        h.tap("A")  # KEEP is the first move a non-dealer is offered
    _through_privacy(h)


def _loo_select(h, want):
    """Move the selection to the first item whose move ``want(name)`` accepts."""
    t = h.app.table
    g = h.app.session.game
    for _ in range(len(t.items)):
        if t.by_item[t.sel] and want(g.move_name(t.by_item[t.sel][0])):
            return
        h.tap("RIGHT")
    raise AssertionError("no such move")


def _loo_lead(h):
    """Every seat keeps; seat 1 picks a lead announced as either of its numbers."""
    _loo(h, 4)
    t = h.app.table
    for _ in range(len(t.items)):
        if len(t.by_item[t.sel]) > 1:
            break
        h.tap("RIGHT")
    h.tap("A")
    assert t.choice is not None


def _loo_trick(h, follows=1):
    """The lead made (as its second number), then ``follows`` seats follow."""
    _loo_lead(h)
    h.tap("RIGHT")
    h.tap("A")
    for _ in range(follows):
        _through_privacy(h)
        h.tap("A")
    _through_privacy(h)


def _loo_pool(h, players=3, moves=(), summary=0):
    """A pool-play Loo match (stake 5), every seat a person, after ``moves``
    (move names, each picked with the arrows by the seat to act); ``summary``
    1: played on (first moves) to the hand's summary words, 2: its score grid."""
    import scenes
    import handend
    opt = _new_game(h, [g[0] for g in __import__("domino.games").games.shown(
        __import__("session").LAYOUTS)].index(3), players=players)
    opt.opt[0] = 1
    for i in range(players):
        opt.kinds[i] = 0  # every seat a person
    opt.sel = len(opt.rows()) - 1
    h.tap("A")
    for nm in moves:
        _through_privacy(h)
        _loo_select(h, lambda n, nm=nm: n == nm)
        h.tap("A")
    _through_privacy(h)
    if summary:
        _play_until(h, lambda app: isinstance(app.scene, handend.Summary), limit=20000)
        while summary == 2 and h.app.scene.words:
            h.tap("A")


# Castle Rock: a coded deal, 4 players, every seat a person (pass and play); seat 1
# places first and its first tile (5-2) opens captures at three places, each of
# which may take its middle tile alone or all three
_CASTLE = "HG0-000-2KR"


def _castle(h, code=_CASTLE, placed=False):
    """The coded Castle Rock deal on the table, every seat a person; ``placed``:
    seat 1 has placed its first tile (the captures are offered)."""
    from domino import dealcode
    h.app.start_deal(code, [0] * dealcode.decode(code)[1])
    _through_privacy(h)
    if placed:
        h.tap("A")


def _castle_select(h, want):
    """Move the selection to the first item (left to right) whose first move ``want(move)`` accepts."""
    t = h.app.table
    for _ in range(len(t.items) + 1):
        if t.by_item[t.sel] and want(t.by_item[t.sel][0]):
            return
        h.tap("RIGHT")
    raise AssertionError("no such move")


def _castle_far(h):
    """Seats place their first tile and end their turns until the row is long and
    a capture lies far from the open end; that capture selected (the row shown
    around it, "+n" for the tiles left out on each side, and the open end)."""
    _castle(h, "HG0-000-01G")
    for _ in range(200):
        _through_privacy(h)
        g = h.app.session.game
        t = h.app.table
        if g.step == 0:
            h.tap("A")
            continue
        n = len(g.tableau())
        far = [m for m in h.app.session.legal() if 4 <= g.move_span(m)[0] < n - 10]
        if far:
            _castle_select(h, lambda m: m == far[0])
            return
        _castle_select(h, lambda m: g.move_name(m) == "end turn")
        h.tap("A")
    raise AssertionError("no far capture")  # (the deal has one at its 21st move)


def _castle_six(h, drinks=False, summary=False):
    """Castle Rock with 6 people (the picker's fifth game, options set on the
    screen): played with A (first tile, first capture, its middle alone) until
    a seat's turn late in the hand has captures to choose, or to the summary."""
    import scenes
    import handend
    opt = _new_game(h, 4, [0] * 6, 6)
    opt.opt[1] = 1 if drinks else 0
    opt.sel = len(opt.rows()) - 1
    h.tap("A")
    if summary:
        _play_until(h, lambda app: isinstance(app.scene, handend.Summary), limit=20000)
        return
    _play_until(h, lambda app: app.session.game.nhist > 30 and app.table.to_act and not app.table.dirty_model
                and len(app.session.legal()) > 2)
    h.wait(1600)  # past the score just made: row 1 says what A does


def _bad_save(h):
    pass  # the harness for this screen is built with a corrupt save (see make)


SCREENS = {
    "title": (6, lambda h: None),
    "title_3btn": (3, lambda h: None),
    "picker": (6, lambda h: h.run_script("A")),
    "picker_3btn": (3, lambda h: h.run_script("A")),
    "options": (6, lambda h: h.run_script("A A")),
    "options_allfives": (6, lambda h: h.run_script("A D D A D*6")),
    "table_start": (6, lambda h: _start(h, 0, wait=100)),
    "table": (6, lambda h: _start(h, 0, wait=3000)),
    "table_thinking": (6, _thinking),
    "table_hint": (6, _hint),
    "table_allfives": (6, _allfives),
    "table_whist": (6, lambda h: _start(h, 1, wait=3000)),
    "table_spinner": (6, _spinner),
    "table_8players": (6, _eight),
    "summary_8players": (6, _summary8),
    "moves": (6, _moves),
    "table_menu": (6, lambda h: (_start(h, 0, wait=3000), h.tap("B"))),
    "first_draw_whist": (6, lambda h: _start(h, 1, draw=True)),
    "first_draw_8": (6, lambda h: _start(h, 2, players=8, kinds=[0] + [1] * 7, draw=True)),
    "board_page": (6, lambda h: _board_page(h, _spinner)),
    "tiles_played": (6, lambda h: _board_page(h, _spinner, True)),
    "tiles_played_12": (6, lambda h: _board_page(h, _eight, True)),
    "privacy": (6, lambda h: _start(h, 0, kinds=[0, 0, 0, 0])),
    "privacy_recap": (6, _privacy_recap),
    "summary": (6, _summary),
    "reveal": (6, lambda h: _summary(h, False)),
    "reveal_8": (6, lambda h: _summary(h, False, 2, 8, [0] + [1] * 7)),
    "summary_restart": (6, _restart),
    "result": (6, _result),
    "stats": (6, lambda h: h.run_script("D D A")),
    "rules": (6, lambda h: h.run_script("D D D A A")),
    "rules_page2": (6, lambda h: h.run_script("D D D A A R")),
    "settings": (6, lambda h: h.run_script("D D D D A")),
    "code_entry": (6, lambda h: h.run_script("D A U R U U")),
    "code_bad": (3, lambda h: h.run_script("R A R A*9 A")),
    "save_problem": (6, _bad_save),
    "options_loo": (6, lambda h: (_new_game(h, 3, [0, 0, 0, 0]), h.run_script("D*6 R U"))),
    "loo_decide": (6, _loo),
    "loo_discard": (6, lambda h: (_loo(h), _loo_select(h, lambda n: n == "take miss"), h.tap("A"))),
    "loo_dealer": (6, lambda h: _loo(h, 3)),
    "loo_lead_choice": (6, _loo_lead),
    "loo_trick": (6, _loo_trick),
    "loo_last_trick": (6, lambda h: (_loo_trick(h, 3), h.wait(2000))),
    "loo_pool": (6, _loo_pool),
    "loo_for_pool": (6, lambda h: _loo_pool(h, 3, ("pass", "keep"))),
    "loo_pool_4": (6, lambda h: (_loo_pool(h, 4, ("keep",)), h.wait(2600))),
    "loo_summary": (6, lambda h: _loo_pool(h, 3, (), 1)),
    "loo_summary_grid": (6, lambda h: _loo_pool(h, 3, (), 2)),
    "loo_thrown_up": (6, lambda h: _loo_pool(h, 3, ("pass", "pass"), 1)),
    "options_castle": (6, lambda h: (_new_game(h, 4, [0] * 6, 6), h.run_script("D*9 R"))),
    "castle_place": (6, _castle),
    "castle_capture": (6, lambda h: _castle(h, placed=True)),
    "castle_which_one": (6, lambda h: (_castle(h, placed=True), h.run_script("R A R"))),
    "castle_end_turn": (6, lambda h: (_castle(h, placed=True), h.tap("LEFT"))),
    "castle_far_capture": (6, _castle_far),
    "castle_6players": (6, _castle_six),
    "castle_devils_hand": (6, lambda h: _castle_six(h, True, True)),
    "castle_summary": (6, lambda h: (_castle_six(h, True, True), h.run_script("A"))),
    "castle_summary_grid": (6, lambda h: (_castle_six(h, True, True), h.run_script("A A"))),
}


def make(name, display):
    """A Harness showing screen ``name`` on ``display``."""
    board, setup = SCREENS[name]
    storage = None
    if name == "save_problem":
        from savestore import Storage, MemoryBackend
        buf = bytearray(4096)
        Storage(MemoryBackend(buf)).save(2, b"\x01\x01\x00\x04garbage")
        storage = Storage(MemoryBackend(buf))
    h = sim.Harness(board, display, storage)
    setup(h)
    h.step()
    return h


def main(argv=None):
    """Rewrite the golden PNGs (all, or the names given)."""
    import argparse
    ap = argparse.ArgumentParser(description="Rewrite the golden screenshots in "
                                 "host_tests/golden/ (all, or those named).")
    ap.add_argument("names", nargs="*", metavar="SCREEN", help="screens: " + ", ".join(SCREENS))
    names = ap.parse_args(argv).names or list(SCREENS)
    for name in names:
        if name not in SCREENS:
            ap.error("no screen %r" % name)
    display = sim.make_display(headless=True)
    os.makedirs(GOLDEN, exist_ok=True)
    for name in names:
        make(name, display)
        path = os.path.join(GOLDEN, name + ".png")
        sim.screenshot(display, path)
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
