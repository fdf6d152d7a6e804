"""The table and score screens a player reads (issue 17): pips told apart, the
All Fives layout as the core has it, every seat's score with up to 8 players,
the last plays and the move log."""

import pytest

import render
import scenes
import sim
import table


HAND_W, HAND_H = 11, 21  # a tile as the hand draws it (vertical)


def _screen():
    return render.Screen(sim.NullDisplay())


def _half(scr, x0, y0):
    """The 9x9 interior of one half as a tuple of 0/1 rows."""
    b = scr.bitmap
    return tuple(tuple(b[x0 + c, y0 + r] for c in range(9)) for r in range(9))


def _halves(v, selected):
    scr = _screen()
    scr.clear()
    scr.tile(10, 10, v, v, True, selected)
    return scr, _half(scr, 11, 11), _half(scr, 11, 21)


@pytest.mark.parametrize("nset", (6, 9, 12))
@pytest.mark.parametrize("selected", (False, True))
def test_every_pip_count_told_apart_with_a_gap(nset, selected):
    """Each count 0..nset at the hand's tile size: the two halves draw alike, the
    counts differ pairwise, and no pip touches the tile's edge or the centre line
    (the interior's outer ring keeps the background colour)."""
    bg = 1 if selected else 0
    seen = {}
    for v in range(nset + 1):
        scr, top, bottom = _halves(v, selected)
        assert top == bottom, v
        ink = sum(1 for row in top for p in row if p != bg)
        assert (ink == 0) == (v == 0), (v, ink)
        ring = [top[r][c] for r in range(9) for c in range(9) if r in (0, 8) or c in (0, 8)]
        assert all(p == bg for p in ring), "count %d touches the edge or centre line" % v
        # the frame: edge and centre line are drawn in the other colour
        fg = 1 - bg
        b = scr.bitmap
        assert all(b[10 + c, 10] == 1 and b[10 + c, 30] == 1 for c in range(HAND_W)), "edge"
        assert all(b[12 + c, 20] == fg for c in range(7)), "centre line"
        assert top not in seen, "count %d draws like %d" % (v, seen.get(top))
        seen[top] = v


# -- fault 2: the All Fives board as the core lays it --------------------------

def _allfives_line():
    """A scripted 2-player All Fives hand: 4-3 led, the spinner 3-3 laid on its
    right (not the first tile), 3-5 beyond it (its side arms open), then 3-1 and
    the double 1-1 on the up arm, 3-2 on the down arm. Yields (label, game)
    after each step of interest."""
    from domino.allfives import AllFives
    from domino import tiles
    T = tiles.tile
    g = AllFives(2, 1, 0, 6)
    g.redeal([[T(4, 3), T(3, 5), T(1, 1), T(6, 6)], [T(3, 3), T(3, 1), T(3, 2), T(0, 0)]],
             starter=0)
    g.play(T(4, 3) << 2 | 0)
    g.play(T(3, 3) << 2 | 1)
    yield "spinner on the right, arms closed", g
    g.play(T(3, 5) << 2 | 1)
    yield "arms open, empty", g
    g.play(T(3, 1) << 2 | 2)
    g.play(T(1, 1) << 2 | 2)
    yield "a double on the up arm", g
    g.play(T(3, 2) << 2 | 3)
    yield "both side arms played", g


def _board(g):
    scr = _screen()
    scr.clear()
    t = table.Table(None)
    t.board_view(g).board(t, scr, g)
    return scr, t


def _region(scr, x, y, w, h):
    b = scr.bitmap
    return tuple(b[x + i, y + j] for j in range(h) for i in range(w))


def _ref(draw, x, y, w, h):
    """The pixels of (x, y, w, h) after ``draw(scr)`` on a blank screen."""
    scr = _screen()
    scr.clear()
    draw(scr)
    return _region(scr, x, y, w, h)


def test_allfives_board_shows_the_true_layout():
    from domino import tiles
    from domino.allfives import SPIN
    T = tiles.tile
    for label, g in _allfives_line():
        scr, t = _board(g)
        assert g.spinner == T(3, 3) and g.placed[0] != g.spinner, label
        def framed(x):  # the spinner 3-3 upright at x, and its frame
            return _ref(lambda s: (s.tile(x, 17, 3, 3), s.rect(x - 2, 15, 15, 25)), x - 2, 15, 15, 25)

        if g.narms == 2:
            # the spinner in the centre, upright and framed, nothing above or below the frame
            assert _region(scr, 58, 17, 11, 21) == _ref(lambda s: s.tile(58, 17, 3, 3), 58, 17, 11, 21)
            assert _region(scr, 56, 15, 15, 25) == framed(58), label
            assert not any(_region(scr, 53, 12, 21, 3)) and not any(_region(scr, 53, 40, 21, 3)), label
            # the first tile 4-3 is the left end (4 open), the spinner the right end: 4 + 3 + 3
            assert _region(scr, 0, 22, 21, 11) == _ref(lambda s: s.tile(0, 22, 4, 3, False), 0, 22, 21, 11)
            _check_ends_text(scr, t, g, label, [4, 6])
            continue
        # arms open: the spinner upright and framed left of centre, its up and down
        # arms in two rows right of it, each its end tile across, the open end outward
        x = t.view._SPIN_X
        assert _region(scr, x, 17, 11, 21) == _ref(lambda s: s.tile(x, 17, 3, 3), x, 17, 11, 21), label
        assert _region(scr, x - 2, 15, 15, 25) == framed(x), label
        for a, y in ((2, 14), (3, 31)):
            if g.side_played(a):
                e = g.end_tile[a]
                v = g.ends[a]
                o = tiles.HI[e] + tiles.LO[e] - v  # a double: both halves, counted twice
                want = _ref(lambda s: s.tile(x + 14, y, o, v, False), x + 14, y, 21, 11)
                assert _region(scr, x + 14, y, 21, 11) == want, label
                if o == v and g.kind[a] != SPIN:
                    assert g.end_points(a) == 2 * v
            else:  # open with no tile: an empty dotted slot, counting nothing
                want = _ref(lambda s: s.rect(x + 14, y, 21, 11, 1, True), x + 14, y, 21, 11)
                assert _region(scr, x + 14, y, 21, 11) == want, label
                assert g.end_points(a) == 0 or g.kind[a] == SPIN
        _check_ends_text(scr, t, g, label, None)


def _check_ends_text(scr, t, g, label, want):
    """The ends as they count, and their total, at the top left."""
    text = t.view.ends_text(g.board())
    terms = [int(v) for v in text.split("=")[0].split("+")]
    assert sum(terms) == g.end_sum() == int(text.split("=")[1]), (label, text)
    assert _region(scr, 0, 12, 44, 5) == _ref(lambda s: s.small(0, 12, text), 0, 12, 44, 5), label
    assert len(terms) == 2 + g.side_played(2) + g.side_played(3), text
    if want is not None:
        assert terms == want, text


# -- fault 3: every seat's score on every screen, 2 to 8 players ---------------

class Drawn:
    """Records the texts a Screen draws: (x, y, w, h, text), small font and rows."""

    def __init__(self, monkeypatch):
        self.items = []
        self.frame = 0
        small = render.Screen.small
        text = render.Screen.text
        refresh = render.Screen.refresh

        def rec_refresh(scr):
            self.frame += 1
            return refresh(scr)

        def rec_small(scr, x, y, s, c=1):
            if s:
                self.items.append((x, y, len(s) * 4 - 1, 5, s, self.frame))
            return small(scr, x, y, s, c)

        def rec_text(scr, i, s, inverted=False, x=2):
            if s:
                self.items.append((x, render.ROW0 + i * render.ROWH, len(s) * 6, 8, s, self.frame))
            return text(scr, i, s, inverted, x)

        monkeypatch.setattr(render.Screen, "small", rec_small)
        monkeypatch.setattr(render.Screen, "text", rec_text)
        monkeypatch.setattr(render.Screen, "refresh", rec_refresh)

    def check_on_screen(self):
        """No text runs off the screen, and no two small texts of a frame overlap."""
        for x, y, w, h, s, f in self.items:
            assert x >= 0 and y >= 0 and x + w <= 128 and y + h <= 64, (x, y, s)
        sm = [it for it in self.items if it[3] == 5]
        for i in range(len(sm)):
            for j in range(i):
                a, b = sm[i], sm[j]
                apart = a[5] != b[5] or (a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0]
                         or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1])
                assert apart, "%r overlaps %r" % (a, b)

    def status(self, h):
        """Redraw the table twice, a page's time apart, check that no text runs off or
        overlaps, and return the status bar's texts per frame (row 0's, and the block
        at row 1's right end when it is there): a set of space-joined strings."""
        self.items[:] = []
        for _ in range(2):
            h.app.dirty = True
            h.step()
            h.wait(2600)
        self.check_on_screen()
        frames = {}
        whole = set(it[5] for it in self.items if it[1] <= 1)  # not a redraw of row 1 alone
        for it in self.items:
            if it[5] in whole and (it[1] <= 1 or (it[1] == 7 and it[0] + it[2] == 128)):
                frames[it[5]] = frames.get(it[5], "") + " " + it[4]
        return set(frames.values())

    def numbers(self, y0=0, y1=64):
        """Whole numbers drawn as texts of their own (or in "a-b-c" score lists) between y0 and y1."""
        out = []
        for x, y, w, h, s, f in self.items:
            if y0 <= y < y1:
                for tok in s.replace("-", " ").split():
                    if tok.isdigit():
                        out.append(int(tok))
        return out


def _allfives_match(players):
    """A 6-button harness at an All Fives double-twelve table: you and Easy AIs."""
    import refresh_golden
    import scenes as sc_
    h = sim.Harness(6)
    opt = refresh_golden._new_game(h, 2, kinds=[0] + [1] * (players - 1), players=players)
    opt.opt[0] = 3  # Set: double-12 (the first of All Fives' OPTIONS)
    opt.sel = len(opt.rows()) - 1
    h.tap("A")
    assert type(h.app.scene).__name__ == "FirstDraw"  # All Fives draws for the first lead
    h.past_draw()
    assert isinstance(h.app.scene, table.Table) and h.app.session.game.nset == 12
    assert not isinstance(h.app.scene, sc_.Message)
    return h


def _distinct_scores(n):
    return [100 + 37 * s for s in range(n)]  # three digits each, all different


@pytest.mark.parametrize("players", range(2, 9))
def test_status_bar_labels_your_score_and_the_best_others(monkeypatch, players):
    """All Fives, 2 to 8 players, three-digit scores: the status bar, on one page,
    holds the boneyard, your score and the best other seat's, each labelled."""
    import refresh_golden
    h = _allfives_match(players)
    refresh_golden._play_until(h, lambda app: app.table.to_act and not app.table.dirty_model)
    se = h.app.session
    se.match.scores[:] = _distinct_scores(players)
    h.app.table.dirty_model = True  # as a move leaves it: the status bar is made again
    want = se.scores()
    best = max(range(1, players), key=lambda s: want[s])
    d = Drawn(monkeypatch)
    seen = d.status(h)
    assert h.app.scene is h.app.table and h.app.table.to_act
    assert len(seen) == 1, seen  # no paging
    bar = seen.pop()
    assert " B%d " % h.app.table.stock in bar + " ", bar
    assert " YOU %d S%d %d" % (want[0], best + 1, want[best]) in bar, bar


def _to_summary(h):
    import refresh_golden
    import scenes
    import handend
    refresh_golden._play_until(h, lambda app: isinstance(app.scene, handend.Summary), limit=20000)


@pytest.mark.parametrize("players", (2, 5, 8))
def test_summary_and_result_show_every_seats_score(monkeypatch, players):
    import scenes
    import handend
    h = _allfives_match(players)
    _to_summary(h)
    for _ in range(40):  # past the hands revealed and the words, to the score grid
        sc = h.app.scene
        if isinstance(sc, handend.Summary) and sc.reveal is None and not sc.words:
            break
        h.tap("A")
    assert isinstance(h.app.scene, handend.Summary) and not h.app.scene.words
    se = h.app.session
    r = se.result
    r.points[:] = [5 * (s + 1) for s in range(players)]
    se.match.scores[:] = _distinct_scores(players)
    d = Drawn(monkeypatch)
    h.app.dirty = True
    h.step()
    d.check_on_screen()
    shown = d.numbers(12)
    for s in range(players):
        assert r.points[s] in shown and se.match.scores[s] in shown, (s, shown)
    # the result screen of a finished match
    se.match.over = True
    se.match.winner = players - 1
    d.items[:] = []
    h.tap("A")
    assert isinstance(h.app.scene, handend.Result)
    d.check_on_screen()
    shown = d.numbers(12)
    for s in range(players):
        assert se.match.scores[s] in shown, (s, shown)
    assert any(it[4] == "You lose" for it in d.items)


# -- words, what the AI did, feedback -------------------------------------------

def _start(gi, kinds, players=None, board=6, speed=0):
    import refresh_golden
    h = sim.Harness(board, settings_speed=speed)
    refresh_golden._start(h, gi, kinds=kinds, players=players)
    return h


def test_words_you_us_them_and_the_result():
    import scenes
    import handend
    import scores
    h = _start(0, [0, 1, 1, 1])  # Seychelles: two partnerships
    se = h.app.session
    g = se.game
    me = se.humans[0]
    names = [scenes.side_name(se, s) for s in range(g.nsides)]
    assert names[g.side(me)] == "Us" and names[1 - g.side(me)] == "Them"
    assert scenes.seat_name(se, me, True) == "YOU"
    assert scenes.seat_name(se, (me + 1) % 4, True) == "S%d" % ((me + 1) % 4 + 1)
    assert scores.result_words(se, g.side(me)) == "We win"
    assert scores.result_words(se, 1 - g.side(me)) == "We lose"
    h2 = _start(2, [0, 1], players=2)  # All Fives, every player for himself
    se2 = h2.app.session
    assert scores.result_words(se2, se2.game.side(se2.humans[0])) == "You win"
    assert scores.result_words(se2, 1 - se2.game.side(se2.humans[0])) == "You lose"
    assert scores.result_words(se2, -1) == "A draw"


def test_each_play_stays_on_row_1_while_the_next_seat_thinks():
    """After each AI play, until the next play, row 1 names it (its seat and tile,
    and its points in All Fives), also while the next AI seat thinks."""
    h = _start(2, [0, 1, 1, 1], players=4, speed=1)
    app = h.app
    t = app.table
    seen = 0
    ai_thinking = 0
    for _ in range(4000):
        se = app.session
        if se is None or se.result is not None or app.scene is not t:
            break
        if t.to_act and not t.dirty_model:
            h.tap("A")
            continue
        h.step(20)
        if t.dirty_model or se.last is None or t.note or t.scored_until:
            continue
        seat, m = se.last
        msg = t.message()
        g = se.game
        lead = g.nplayed == 1 and m < SPECIAL
        want = scenes.seat_name(se, seat, True) + " " + _short(g, m, lead)
        if m == table.DRAW:
            continue
        assert want in msg, (want, msg)
        k = g.nplayed - 1
        if m < SPECIAL and g.gain[k]:
            assert want + "+%d" % g.gain[k] in msg, msg
        seen += 1
        ai_thinking += se.is_ai(g.turn)
    assert seen > 50 and ai_thinking > 20


SPECIAL = 1000  # line games: moves from here up lay no tile


def _short(g, m, lead):
    """A line move as row 1 writes it: "6-4L", "5-5U", "PASS"; the lead its tile alone."""
    from domino import tiles
    nm = tiles.name(m >> 2) if lead and m < SPECIAL else g.move_name(m).upper()
    i = nm.find(" ")
    return nm if i < 0 else nm[:i] + nm[i + 1]


def _last_plays(se, g):
    """Each seat's last play (draws skipped) as row 1 names it: {seat: "S3 5-5R+10"}."""
    ev = g.observation(0).events
    gain = getattr(g, "gain", None)
    out = {}
    k = getattr(g, "nplayed", 0)
    for i in range(len(ev) - 1, -1, -1):
        seat, m = ev[i]
        if m < SPECIAL:
            k -= 1
        if m == table.DRAW or seat in out:
            continue
        e = scenes.seat_name(se, seat, True) + " " + _short(g, m, k == 0)
        if gain is not None and m < SPECIAL and gain[k]:
            e += "+%d" % gain[k]
        out[seat] = e
    return out


def _entries(msg):
    """The plays a row 1 text names (its parts between double spaces, a thinking
    seat's dots left out)."""
    return [p.strip() for p in msg.split("  ")] + [p.strip() for p in msg.split("  ")[0].split(" ", 1)[1:]]


@pytest.mark.parametrize("players", range(2, 9))
def test_row_1_shows_every_seats_last_play(monkeypatch, players):
    """With 2 to 8 seats, once each has played, row 1 shows every seat's last play
    (paging when they do not fit, on pages of their own where not one fits beside
    "YOUR TURN"), each whole, and no text runs off the screen."""
    import refresh_golden
    h = _allfives_match(players)
    app = h.app
    refresh_golden._play_until(h, lambda app: app.table.to_act and not app.table.dirty_model
                               and len(_last_plays(app.session, app.session.game)) == players,
                               limit=20000)
    t = app.table
    se = app.session
    want = _last_plays(se, se.game)
    d = Drawn(monkeypatch)
    seen = set()
    for _ in range(1000):  # 50 s on your turn
        h.step(50)
        msg = t.message()
        assert len(msg) <= table._MSG_LEN, msg
        seen.update(_entries(msg))
    assert t.to_act and app.scene is t
    d.check_on_screen()
    row1 = [it[4] for it in d.items if it[1] == 7]
    assert row1 and all(len(s) <= table._MSG_LEN for s in row1)
    assert "YOUR TURN" in seen
    for s in range(players):
        assert want[s] in seen, "seat %d's last play %r not on row 1 (%r)" % (s + 1, want[s], seen)


@pytest.mark.parametrize("players", (5, 8))
def test_row_1_whole_while_ai_seats_think_and_a_fresh_play_at_once(players):
    """Row 1 never needs cutting (also with a thinking seat's "S3..." before the
    plays), and a play just made is on it at once, even after row 1 has paged
    (on your turn where it does not fit beside "YOUR TURN": on the next page)."""
    import refresh_golden
    h = _allfives_match(players)
    app = h.app
    app.settings.speed = 2
    t = app.table
    fresh = 0
    for _ in range(6000):
        se = app.session
        if se is None or se.result is not None or app.scene is not t:
            break
        if t.to_act and not t.dirty_model:
            h.wait(6000)  # row 1 pages while you think
            n = len(se.rec.moves)
            h.tap("A")
            if len(se.rec.moves) == n:
                continue
        else:
            n = len(se.rec.moves)
            h.step(20)
        msg = t.message()
        assert len(msg) <= table._MSG_LEN, msg
        if len(se.rec.moves) != n and se.last[1] != table.DRAW and not t.note and not t.scored_until:
            seat, m = se.last
            if t.to_act and msg == "YOUR TURN":  # crowded: the words first, the plays the next page
                h.wait(5100)  # the first page stays a full page time
                msg = t.message()
            assert _last_plays(se, se.game)[seat] in _entries(msg), (se.last, msg)
            fresh += 1
    assert fresh > 10


def test_ai_plays_are_paced_long_enough_to_see():
    """At each pace, an AI play (not a draw) comes no sooner than the pace after
    the move before it; the fastest pace is still 400 ms ("wait for A" waits for a
    key besides: test_ui_readable)."""
    import savegame
    assert min(savegame.SPEEDS) >= 400
    for speed in range(len(savegame.SPEEDS)):
        if speed == savegame.WAIT:
            continue
        h = _start(2, [1, 1, 1, 1], players=4, speed=speed)
        se = h.app.session
        last_n = len(se.rec.moves)
        last_t = h.clock()
        gaps = []
        while len(gaps) < 12 and se.result is None:
            h.step(20)
            n = len(se.rec.moves)
            if n != last_n:
                if se.last[1] != table.DRAW:  # draws from the boneyard go quicker
                    gaps.append(h.clock() - last_t)
                last_n, last_t = n, h.clock()
        gaps = gaps[1:]  # the first play's thinking began before the clock was read
        assert min(gaps) >= savegame.SPEEDS[speed], (speed, gaps)


@pytest.mark.parametrize("board", (3, 4, 5, 6))
def test_move_log_reachable_on_every_board(board):
    """The pause menu (B, or a long A) has "Moves so far": every move of the hand,
    with All Fives points, and back to the table."""
    import refresh_golden
    h = _start(2, [0, 1, 1, 1], players=4, board=board)
    refresh_golden._play_until(h, lambda app: app.table.to_act and not app.table.dirty_model
                               and app.session.game.nplayed >= 3)
    h.back()
    menu = h.app.scene
    import pause
    assert isinstance(menu, pause.TableMenu)
    i = menu.rows().index("Moves so far (L+R)")
    for _ in range(i):
        h.tap("DOWN" if "UP" in h.buttons else "RIGHT")
    h.tap("A")
    log = h.app.scene
    assert isinstance(log, pause.MoveLog)
    g = h.app.session.game
    ev = g.observation(0).events
    assert len(log.lines) == len(ev)
    for i, (seat, m) in enumerate(ev):
        assert log.lines[i].startswith("%d %s " % (i + 1, scenes.seat_name(h.app.session, seat, True)))
    for i in range(1, g.nplayed):
        if g.gain[i]:
            assert any(ln.endswith("+%d" % g.gain[i]) for ln in log.lines)
    for a in ("LEFT", "RIGHT", "UP", "DOWN"):
        h.tap(a)
    h.back() if "B" in h.buttons else h.tap("A")
    assert h.app.scene is h.app.table


def _board_maps():
    """Action tuples of the simulator's 3- to 6-button boards and of every profile in boards/."""
    import os
    import importlib
    import profiles
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = {"sim%d" % n: sim.BOARDS[n] for n in sorted(sim.BOARDS)}
    for name in profiles.profile_names(os.listdir(os.path.join(root, "boards"))) + ["template"]:
        mod = importlib.import_module("boards." + name)
        out[name] = profiles.button_actions(mod.PROFILE)
    return out


BOARD_MAPS = _board_maps()


@pytest.mark.parametrize("name", sorted(BOARD_MAPS))
def test_move_log_one_press_from_the_table(name):
    """No board has a button the table does not use (LEFT/RIGHT pick, A plays, B or
    a long A pauses, UP hints, DOWN undoes), so LEFT and RIGHT pressed together open
    the move log, on every board, in either order: the hand's selection stays as
    it was, and the same keys (or A) go back. The pause menu and the rules say so."""
    import refresh_golden
    import rules_text
    h = sim.Harness(BOARD_MAPS[name])
    refresh_golden._start(h, 2, kinds=[0, 1, 1, 1], players=4)
    refresh_golden._play_until(h, lambda app: app.table.to_act and not app.table.dirty_model
                               and app.session.game.nplayed >= 3)
    t = h.app.table
    sel = t.sel
    ev = h.app.session.game.observation(0).events
    for first, second in (("LEFT", "RIGHT"), ("RIGHT", "LEFT")):
        for leave in ("chord", "A"):
            h.chord(first, second)
            log = h.app.scene
            assert type(log).__name__ == "MoveLog", (name, first, log)  # pause is reloaded each time
            assert len(log.lines) == len(ev)
            h.chord(second, first) if leave == "chord" else h.tap("A")
            assert h.app.scene is t
            h.step()
            assert t.sel == sel and t.to_act
    import pause
    assert "Moves so far (L+R)" in pause.TableMenu(h.app).rows()
    assert "Left and right together show the moves so far" in rules_text.text(2)


def test_left_and_right_together_are_one_action_without_repeats():
    import actions
    for buttons in sim.BOARDS.values():
        keys = sim.FakeKeys(buttons)
        inp = actions.Input(keys, buttons)
        keys.press("LEFT")
        assert inp.poll(0) == ["LEFT"]
        keys.press("RIGHT")
        out = []
        for now in range(20, 2000, 20):  # both held: no repeats
            out += inp.poll(now)
            if now == 20:  # the second arrow (undoing the first's step), then both
                assert out == ["RIGHT", "LR"]
        keys.release("RIGHT")
        keys.release("LEFT")
        assert out + inp.poll(2000) == ["RIGHT", "LR"]
        keys.press("RIGHT")  # alone again: an arrow
        assert inp.poll(2020) == ["RIGHT"]


class Tones:
    def __init__(self):
        self.hz = []

    def __call__(self, hz, ms):
        self.hz.append(hz)


def test_refused_move_and_score_have_a_sound_and_a_line():
    import refresh_golden
    h = _start(2, [0, 1], players=2)
    app = h.app
    tones = Tones()
    app.buzzer = tones
    app.settings.sound = 1
    t = app.table
    refused = scored = 0
    click = set()
    for _ in range(3000):
        se = app.session
        if se is None or se.result is not None or app.scene is not t:
            break
        if t.to_act and not t.dirty_model:
            bad = [i for i in range(len(t.items)) if not t.by_item[i]]
            if bad and refused < 3:
                t.sel = bad[0]
                del tones.hz[:]
                h.tap("A")
                assert t.note and len(t.note) <= 32 and "DOES NOT FIT" in t.note
                assert tones.hz == [table._REFUSE_HZ]
                refused += 1
            t.note = ""
            t.sel = [i for i in range(len(t.items)) if t.by_item[i]][0]
        n = len(se.rec.moves)
        del tones.hz[:]
        if t.to_act and not t.dirty_model:
            h.tap("A")
        else:
            h.step(20)
        if len(se.rec.moves) != n:
            if se.scored is not None:
                assert tones.hz[-1] == table._SCORE_HZ, tones.hz
                h.step(20)
                assert "SCORE" in t.message() and str(se.scored[1]) in t.message()
                scored += 1
            elif tones.hz:
                click.add(tones.hz[-1])
    assert refused and scored
    assert click and table._SCORE_HZ not in click and table._REFUSE_HZ not in click


def test_passed_mark_distinct_from_the_turn_highlight():
    """The seat to act is inverted in a box closed all round (a lit row above and
    below its text, so "0" does not read "U"); a seat that passed has a dotted
    line under it, which shows on the seat to act too, in its box's bottom row."""
    h = _start(0, [0, 1, 1, 1])
    app = h.app
    t = app.table
    se = app.session
    g = se.game
    t.sync()
    scr = app.scr
    b = scr.bitmap

    def rows(passed):
        t.passed = sum(1 << s for s in range(4) if passed[s])
        scr.clear()
        t.draw_status(scr, se, g)
        return [[b[x, y] for x in range(128)] for y in range(7)]

    base = rows([False] * 4)
    x0 = t.cells[g.turn]
    w = len("YOU:%d" % t.counts[g.turn] if g.turn == t.hum else "%d:%d" % (g.turn + 1, t.counts[g.turn])) * 4 + 1
    box = range(x0, x0 + w)
    assert all(base[0][x] and base[6][x] for x in box), "the seat to act's box is not closed"
    assert not any(base[6][x] for x in range(128) if x not in box)  # other cells keep row 6 blank
    passed = [s in (g.turn, (g.turn + 2) % 4) for s in range(4)]
    marked = rows(passed)
    assert marked[:5] == base[:5]  # only the lines under the cells change
    other = [x for x in range(128) if marked[5][x] != base[5][x]]
    mine = [x for x in range(128) if marked[6][x] != base[6][x]]
    assert other and all(x not in box for x in other)
    assert all(other[i + 1] - other[i] >= 2 for i in range(len(other) - 1))
    assert mine and all(x in box for x in mine), "the passed mark vanishes on the seat to act"
    assert all(mine[i + 1] - mine[i] >= 2 for i in range(len(mine) - 1))


def test_eight_seats_keep_a_fixed_cell_each(monkeypatch):
    """All Fives, 8 players: row 0 holds each seat's count at a fixed sixteenth of
    the row (yours "Y9"), the boneyard beside the scores, one page, nothing
    overlapping."""
    import refresh_golden
    d = Drawn(monkeypatch)
    h = sim.Harness(6)
    refresh_golden._eight(h)
    g = h.app.session.game
    seen = d.status(h)
    assert len(seen) == 1, seen
    counts = h.app.table.counts
    assert seen.pop().split()[:8] == ["Y%d" % counts[0]] + [str(c) for c in counts[1:]]
    xs = sorted(set(it[0] for it in d.items if it[1] <= 1))
    assert xs[:8] == [s * 16 + 1 for s in range(8)], xs
    assert any(it[4].startswith("B%d " % (len(g.stock) - g.top)) for it in d.items if it[1] == 7)
