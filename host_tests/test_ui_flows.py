"""Issue 17 screens and flows: rules pages, deal-code entry on every board, readable
errors and options the game accepts, the end-of-hand reveal and summary words."""

import pytest

from domino import games
import refresh_golden
import codeentry
import scenes
import handend
import menus
import session
import sim
import table
import titlescreens


def _go_rules(h, gid_index):
    """Title -> Rules -> game ``gid_index``."""
    h.app.go(menus.Picker(h.app, rules=True))
    h.app.scene.sel = gid_index
    h.tap("A")
    assert isinstance(h.app.scene, menus.Rules)
    return h.app.scene


@pytest.mark.parametrize("board", (3, 6))
@pytest.mark.parametrize("gid_index", range(len(games.shown(session.LAYOUTS))))
def test_every_rules_page_reachable(board, gid_index):
    """Issue 17 fault 7: paging forward reaches the last page (n/n) and shows every line."""
    h = sim.Harness(board)
    r = _go_rules(h, gid_index)
    shown = []
    pages = []
    for _ in range(100):
        cur, total = r.page()
        pages.append(cur)
        shown.extend(r.pages[r.top])
        before = r.top
        h.tap("RIGHT")
        if r.top == before:
            break
    assert pages == list(range(1, total + 1)), (pages, total)
    assert shown == r.lines  # every line, once, in order
    if board == 3:
        h.tap("A")  # on the last page A leaves
    else:
        h.tap("B")
    assert isinstance(h.app.scene, menus.Picker)


@pytest.mark.parametrize("target", (100, 150, 200))
def test_allfives_rules_show_chosen_target(target):
    """Issue 17 fault 7: the All Fives rules name the target chosen on the options screen."""
    h = sim.Harness(6)
    opt = refresh_golden._new_game(h, 2)
    opt.target = target
    opt.sel = len(opt.rows()) - 1
    h.tap("A")  # start: the options are remembered
    h.past_draw()
    assert isinstance(h.app.scene, table.Table)
    h.tap("B")
    h.app.go(menus.Title(h.app))
    r = _go_rules(h, 2)
    text = " ".join(r.lines)
    assert "to %d wins" % target in text, text
    assert "250" not in text
    # and from the pause menu of that match
    r2 = menus.Rules(h.app, 2)
    assert "to %d wins" % target in " ".join(r2.lines)


def test_rules_default_target_without_a_choice():
    h = sim.Harness(6)
    r = _go_rules(h, 2)
    assert "to 250 wins" in " ".join(r.lines)
    r = _go_rules(h, 0)
    assert "to 50 wins" in " ".join(r.lines)


# -- fault 8: errors in words, options the game accepts ---------------------------------------


def _message_text(h):
    sc = h.app.scene
    assert isinstance(sc, scenes.Message), type(sc).__name__
    return sc


def _words_intact(lines, msg):
    assert all(len(ln) <= 21 for ln in lines), lines
    assert " ".join(lines).split() == msg.split(), (lines, msg)


def test_bad_code_message_wraps_at_words():
    """Issue 17 fault 8: 000-000-000 names 1 player for Seychelles; the message is whole words."""
    h = sim.Harness(6)
    h.app.last_code = "000-000-000"
    h.app.go(codeentry.CodeEntry(h.app))
    ce = h.app.scene
    ce.pos = 9
    h.tap("A")
    from domino import dealcode
    try:
        games.from_code("000-000-000")
    except dealcode.BadDealCode as e:
        msg = str(e)
    else:
        raise AssertionError("000-000-000 is accepted")
    assert "player" in msg and "Seychelles" in msg
    sc = _message_text(h)
    body = [ln for ln in sc.lines if not ln.startswith("A:")]
    _words_intact(body, msg)
    h.tap("A")
    assert h.app.scene is ce  # back to the entry, the code as typed
    assert ce.code() == "000-000-000"


def test_wrap_never_splits_words():
    from wraptext import wrap
    msg = "deal code names 1 player for Seychelles, played by 2, 3 or 4"
    for width in range(12, 30):  # every word fits a line
        lines = wrap(msg, width)
        assert all(len(ln) <= width for ln in lines)
        assert " ".join(lines).split() == msg.split()


def _option_states(gid_index):
    """Every options state the Options screen offers, walking each row both ways."""
    h = sim.Harness(6)
    opt = refresh_golden._new_game(h, gid_index)

    def key(o):
        return (o.players, o.target, bytes(o.opt))

    def load(o, k):
        o.players, o.target, o.opt = k[0], k[1], bytearray(k[2])

    seen = {key(opt)}
    todo = [key(opt)]
    while todo:
        k = todo.pop()
        for i in range(20):
            for d in (-1, 1):
                load(opt, k)
                rows = opt.rows()
                if i >= len(rows):
                    continue
                what = opt._row(i)[0]
                if what in ("seat", "start"):
                    continue
                opt.change(i, d)
                k2 = key(opt)
                if k2 not in seen:
                    seen.add(k2)
                    todo.append(k2)
    return h, opt, seen


@pytest.mark.parametrize("gid_index", range(len(games.shown(session.LAYOUTS))))
def test_options_offer_only_what_the_game_accepts(gid_index):
    """Issue 17 fault 8: no combination reachable on the options screen is refused at Start."""
    h, opt, states = _option_states(gid_index)
    assert len(states) > 1
    cls = opt.cls
    started = set()
    for k in sorted(states):
        opt.players, opt.target, opt.opt = k[0], k[1], bytearray(k[2])
        assert cls.refuses(opt.players, opt.options()) is None, k
        cls.from_options(opt.players, 1, None, opt.options())  # the game makes it
        if (k[0], k[2][:1]) in started:  # Start pressed once per player count and set
            continue
        started.add((k[0], k[2][:1]))
        h.app.go(opt)
        opt.sel = len(opt.rows()) - 1
        h.tap("A")
        h.past_draw()
        # the table, or first the privacy screen when every seat is a person (a game no AI plays)
        assert isinstance(h.app.scene, (table.Table, scenes.Privacy)), (k, getattr(h.app.scene, "lines", None))
        h.app.go(opt)
    if gid_index == 2:  # All Fives offers 2 to 8 players, every set, hand size and partners
        assert {k[0] for k in states} == set(range(2, 9))
        assert {k[2][0] for k in states} == {0, 1, 2, 3}  # auto, double-6, -9, -12
        assert {k[2][1] for k in states} == set(range(16))  # auto, 1..15 tiles
        assert (8, 250, bytes([3, 0, 0])) in states and (4, 250, bytes([1, 0, 1])) in states


def test_options_players_follow_the_set():
    """On double-six, All Fives players go 2..4 only (asked of the game, not hard-coded)."""
    h = sim.Harness(6)
    opt = refresh_golden._new_game(h, 2)
    opt.players = 4
    set_row = [i for i in range(len(opt.rows())) if opt._row(i) == ("option", 0)][0]
    while opt.opt[0] != 1:  # double-6
        opt.change(set_row, 1)
    seen = set()
    for _ in range(10):
        opt.change(0, 1)
        seen.add(opt.players)
    assert seen == {2, 3, 4}


def test_options_screen_lists_the_games_declared_options():
    """Issue 18: the options screen lists ``OPTIONS`` without knowing the game; a choice
    that leaves only one player count gives way (to its default) when players change."""
    h = sim.Harness(6)
    opt = refresh_golden._new_game(h, 2, players=4)
    names = [r.split(":")[0] for r in opt.rows()]
    assert [n for n in names if n in ("Set", "Tiles", "Partners")] == ["Set", "Tiles", "Partners"]
    part = [i for i in range(len(opt.rows())) if opt._row(i) == ("option", 2)][0]
    opt.change(part, 1)
    assert "Partners: yes" in opt.rows() and opt.options() == 64
    opt.change(0, 1)  # players: partners take 4 only, so 5 with partners back to "no"
    assert opt.players == 5 and opt.options() == 0
    assert not any(r.startswith("Partners") for r in opt.rows())  # nothing else to offer
    h2 = sim.Harness(6)
    assert [r for r in refresh_golden._new_game(h2, 0).rows() if ":" in r and r[0] not in "PT"] == []


# -- fault 6: deal-code entry on every board ----------------------------------------------------


def _board_button_maps():
    import os
    import importlib
    import profiles
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = {"sim%d" % n: sim.BOARDS[n] for n in sorted(sim.BOARDS)}
    for name in profiles.profile_names(os.listdir(os.path.join(root, "boards"))) + ["template"]:
        mod = importlib.import_module("boards." + name)
        out[name] = profiles.button_actions(mod.PROFILE)
    return out


BOARD_MAPS = _board_button_maps()


def _do_hint(h, hint):
    """Perform what a "...: back" hint says."""
    if hint == "B: back":
        h.tap("B")
    elif hint == "hold A: back":
        h.hold("A")
    else:
        raise AssertionError("unknown back hint %r" % hint)


@pytest.mark.parametrize("name", sorted(BOARD_MAPS))
@pytest.mark.parametrize("pos", (0, 5, 9))
def test_code_entry_hints_true_and_leaving_is_one_press(name, pos):
    """Issue 17 fault 6: the back hint does what it says, from any position, in one press."""
    h = sim.Harness(BOARD_MAPS[name])
    h.app.go(codeentry.CodeEntry(h.app))
    ce = h.app.scene
    ce.pos = pos
    hints = ce.hints()
    back = [t for t in hints if t.endswith(": back")]
    assert len(back) == 1, hints
    _do_hint(h, back[0])
    assert isinstance(h.app.scene, menus.Title), (name, hints, ce.pos)


@pytest.mark.parametrize("name", sorted(BOARD_MAPS))
def test_code_entry_change_move_play_hints_true(name):
    """The change / move hints do what they say, and A on OK plays a good code."""
    h = sim.Harness(BOARD_MAPS[name])
    h.app.last_code = "000-000-000"
    h.app.go(codeentry.CodeEntry(h.app))
    ce = h.app.scene
    first = ce.hints()[0]
    before = bytes(ce.chars)
    if first.startswith("UP/DN change"):
        h.tap("UP")
        assert ce.chars[0] != before[0] and ce.pos == 0
        h.tap("RIGHT")
        assert ce.pos == 1
    else:
        assert first == "<> change, A next"
        h.tap("RIGHT")
        assert ce.chars[0] != before[0] and ce.pos == 0
        h.tap("A")
        assert ce.pos == 1
    assert ce.hints()[1] == "A on OK: play"
    # a good code typed in: A on OK plays it
    from domino import dealcode
    from domino.match import deal_code
    good = deal_code(games.load(0)(4, 4242))
    for k, c in enumerate(good.replace("-", "")):
        ce.chars[k] = dealcode.ALPHABET.find(c)
    ce.pos = 9
    h.tap("A")
    assert isinstance(h.app.scene, table.Table), type(h.app.scene).__name__
    assert h.app.session.code == good


# -- end of hand: the hands revealed, the story in words, a Seychelles restart explained ----------


from domino.game import DOMINO, BLOCK  # noqa: E402
import session as sessionmod  # noqa: E402


def _play_out(se):
    """First legal move for every seat until the hand ends."""
    while se.result is None:
        se.play(se.legal()[0])
    return se.result


def _summary_for(se, board=6):
    h = sim.Harness(board)
    h.app.session = se
    h.app.go(handend.Summary(h.app))
    return h, h.app.scene


def _words_after_reveal(h, sc):
    for _ in range(10):
        if sc.reveal is None:
            return sc.lines()
        h.tap("A")
    raise AssertionError("the reveal does not end")


def _hand(gid, players, seed, kinds=2):
    from domino.match import deal_code
    cls = games.load(gid)
    for k in range(players):
        try:
            g = cls(players, seed, k) if gid == 2 else cls(players, seed)
            break
        except ValueError:
            continue
    se = sessionmod.new_deal(deal_code(g), [kinds] * players)
    return se


@pytest.mark.parametrize("gid,players", [(0, 4), (0, 3), (1, 4), (2, 8), (2, 5)])
def test_reveal_shows_every_seat_tiles_and_pips(gid, players):
    for seed in range(40):
        se = _hand(gid, players, 100 + seed)
        r = _play_out(se)
        if sum(1 for s in range(players) if r.pips[s]) >= players - 1:
            break
    h, sc = _summary_for(se)
    rv = sc.reveal
    assert rv is not None  # the hands come first
    shown = []
    for p in range(rv.pages):
        assert rv.page == p
        shown.extend(rv.rows[p * 8:p * 8 + 8])
        h.tap("A")
    assert sc.reveal is None and shown == rv.rows
    assert all(len(row) * 4 <= 128 for row in rv.rows)  # the small font: 4 px a character
    text = " ".join(shown)
    g = se.game
    from domino import tiles
    for s in range(players):
        name = scenes.seat_name(se, s).replace("Seat ", "S")
        if r.pips[s]:
            assert "%s %d PIPS:" % (name, r.pips[s]) in text
            for t in g.hand(s):
                assert " %s" % tiles.name(t) in text
            assert sum(tiles.HI[t] + tiles.LO[t] for t in g.hand(s)) == r.pips[s]
        else:
            assert "%s WENT OUT" % name in text


def test_reveal_pages_eight_seats_with_big_hands():
    """8 seats whose hands are long: paged, every tile shown, no row cut."""
    for seed in range(200):
        se = _hand(2, 8, seed)
        r = _play_out(se)
        if r.end == BLOCK or sum(len(se.game.hand(s)) for s in range(8)) > 40:
            break
    h, sc = _summary_for(se)
    rv = sc.reveal
    assert rv.pages >= 2
    n = sum(len(se.game.hand(s)) for s in range(8))
    assert sum(row.count("-") for row in rv.rows) == n
    assert all(len(row) <= 32 for row in rv.rows)


def _find_hand(gid, players, want):
    for seed in range(2000):
        se = _hand(gid, players, seed)
        r = _play_out(se)
        if want(r):
            return se, r
    raise AssertionError("no such hand in 2000 deals")


@pytest.mark.parametrize("gid,want,expect", [
    (0, lambda r: r.end == BLOCK and r.side >= 0, "Blocked, %(side)s had fewer pips (krose)"),
    (0, lambda r: r.end == BLOCK and r.side < 0, "Blocked, fewest pips tied: no points (zete)"),
    (0, lambda r: r.end == DOMINO, "%(winner)s went out (tape)"),
    (1, lambda r: r.end == BLOCK and r.side >= 0, "Blocked, %(side)s had fewer pips"),
    (2, lambda r: r.end == DOMINO, "%(winner)s went out"),
])
def test_summary_says_who_went_out_or_why_blocked(gid, want, expect):
    se, r = _find_hand(gid, 4, want)
    h, sc = _summary_for(se)
    lines = _words_after_reveal(h, sc)
    text = " ".join(lines)
    words = {"side": scenes.side_name(se, r.side) if r.side >= 0 else "",
             "winner": scenes.seat_name(se, r.winner) if r.winner >= 0 else ""}
    assert (expect % words) in text, text
    assert all(len(ln) <= 21 for ln in lines)


def _restart_session(players=4):
    """A Seychelles match (all AI, first legal moves) at the summary of the hand that restarts it."""
    for seed in range(1, 400):
        se = sessionmod.new_match(0, players, [2] * players, 50, seed)
        for _ in range(60):
            before = se.match.restarts
            _play_out(se)
            if se.match.restarts > before:
                return se
            if se.match.over:
                break
            se.next_hand()
    raise AssertionError("no restart found")


def test_sides_are_named_as_a_sentence_says():
    """With one person at the table a side is "We" or "They" in the summary's
    sentences ("They had fewer pips", not "Them had"; issue 30, fault 11)."""
    import handend
    se = sessionmod.new_match(0, 4, [0, 2, 2, 2], 50, 1)
    us = se.game.side(0)
    assert handend.describe(se, "blocked, #%d had fewer pips" % (1 - us)) == "blocked, they had fewer pips"
    assert handend.describe(se, "#%d reached 50" % us) == "We reached 50"
    assert handend.describe(se, "@0 went out") == "You went out"


def test_seychelles_restart_explained_on_the_summary():
    """Issue 17 fault 4: the summary after a restart says the match starts over, and why."""
    se = _restart_session()
    snap = se.rec.snap
    before = snap[4:] if snap else [0, 0]
    tot = [before[s] + se.result.points[s] for s in range(2)]
    assert max(tot) >= 50 and min(tot) >= 10 and se.match.scores == [0, 0]
    h, sc = _summary_for(se)
    lines = _words_after_reveal(h, sc)
    text = " ".join(lines)
    assert "starts over" in text and "10 or more" in text, text
    w = tot.index(max(tot))
    assert "%s reached %d but %s had %d" % (scenes.side_name(se, w), tot[w],
                                             scenes.side_name(se, 1 - w), tot[1 - w]) in text, text
    # every line can be read: A scrolls before it moves on
    seen = set()
    for _ in range(10):
        seen.update(range(sc.top, min(sc.top + 4, len(lines))))
        if sc.top + 4 >= len(lines):
            break
        h.tap("A")
    assert seen == set(range(len(lines)))
    # the same words after a power cut at the summary (the record replays the hand)
    from savegame import MatchRecord
    se2 = sessionmod.Session(MatchRecord.decode(se.rec.encode()))
    h2, sc2 = _summary_for(se2)
    assert _words_after_reveal(h2, sc2) == lines


def test_no_restart_words_after_an_ordinary_hand():
    se = sessionmod.new_match(0, 4, [2] * 4, 50, 7)
    _play_out(se)
    assert se.match.restarts == 0
    h, sc = _summary_for(se)
    assert "starts over" not in " ".join(_words_after_reveal(h, sc))


# -- menus ----------------------------------------------------------------------------------------


def test_menu_more_mark_shown_on_the_selected_last_row():
    """A menu's ">" (more rows below) is drawn on every row shown last, the
    selected one too (black on its bar), on the three-button board as well."""
    for board in (6, 3):
        h = sim.Harness(board)
        opt = refresh_golden._new_game(h, 3, [0, 0, 0, 0])  # Loo, 4 people: more than five rows
        n = len(opt.rows())
        assert n > 5
        last_selected = 0
        for _ in range(n):
            h.tap("DOWN" if "UP" in h.buttons else "RIGHT")
            h.step()
            if opt.top + 5 < n:
                b = h.app.scr.bitmap
                mark = {b[x, y] for x in range(122, 125) for y in range(58, 62)}
                assert mark == {0, 1}, (opt.sel, opt.top)
                last_selected += opt.sel == opt.top + 4
        assert last_selected  # the case in question was seen


def test_statistics_show_whole_game_names(monkeypatch):
    """The statistics screen names every game in full ("DOMINO WHIST", "CASTLE
    ROCK"), its figures clear of the names ("3/12" in the first column) and of
    each other ("12/34" in the others)."""
    from test_ui_table import Drawn
    d = Drawn(monkeypatch)
    h = sim.Harness(6)
    for g in games.shown(session.LAYOUTS):
        for lv in range(4):
            for k in range(34 if lv else 12):
                h.app.stats.add(g[0], lv, k < (12 if lv else 3))
    h.app.go(titlescreens.StatsScene(h.app))
    d.items[:] = []
    h.step()
    d.check_on_screen()
    drawn = [it[4] for it in d.items]
    for g in games.shown(session.LAYOUTS):
        assert g[3] in drawn, (g[3], drawn)
    assert drawn.count("12/34") == 3 * len(games.shown(session.LAYOUTS))
    assert drawn.count("3/12") == len(games.shown(session.LAYOUTS))
    for it in d.items:  # at least 2 blank columns between texts of a row
        for o in d.items:
            if o is not it and o[1] == it[1] and o[1] > 8 and it[0] < o[0]:
                assert it[0] + it[2] + 2 <= o[0], (it, o)


def test_menu_title_bar_clear_of_the_selected_first_row():
    """A black pixel row parts the title bar from the selected first row, in the
    title menu and the pause menu; the last row's bar stays on the screen."""
    h = sim.Harness(6)
    refresh_golden._start(h, 0, wait=3000)
    h.tap("B")  # the pause menu
    for scene in (h.app.scene, menus.Title(h.app)):
        h.app.go(scene)
        for sel, y_bar in ((0, 8), (4, 52)):
            scene.sel = sel
            h.app.dirty = True
            h.step()
            b = h.app.scr.bitmap
            rows = [{b[x, y] for x in range(128)} for y in range(64)]
            assert rows[6] == {1} and rows[7] == {0}, type(scene).__name__  # the title bar, then a gap
            edge = [b[127, y] for y in range(64)]  # the bar's right end: no text there
            assert edge[y_bar - 1] == 0 and edge[y_bar:y_bar + 11] == [1] * 11
            assert y_bar + 11 == 64 or edge[y_bar + 11] == 0
