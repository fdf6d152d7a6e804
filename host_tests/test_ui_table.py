"""The table and score screens a player reads (issue 17): pips told apart, the
All Fives layout as the core has it, every seat's score with up to 8 players,
the last plays and the move log."""

import pytest

import render
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
    t.draw_board(scr, g)
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
        if g.narms == 2:
            # the spinner in the centre, upright, and nothing above or below it
            assert _region(scr, 58, 17, 11, 21) == _ref(lambda s: s.tile(58, 17, 3, 3), 58, 17, 11, 21)
            assert not any(_region(scr, 53, 12, 21, 5)) and not any(_region(scr, 53, 41, 21, 2)), label
            # the first tile 4-3 is the left end (4 open), the spinner the right end: 4 + 3 + 3
            assert _region(scr, 0, 22, 21, 11) == _ref(lambda s: s.tile(0, 22, 4, 3, False), 0, 22, 21, 11)
            _check_ends_text(scr, t, g, label, [4, 6])
            continue
        # arms open: the spinner as a square between its side arms
        assert _region(scr, 58, 22, 11, 11) == _ref(lambda s: s.square(58, 22, 3), 58, 22, 11, 11), label
        for a, y in ((2, 12), (3, 32)):
            if g.side_played(a):
                if g.kind[a] != SPIN and tiles.is_double(g.end_tile[a]):
                    v = g.ends[a]  # a double lies crosswise: both halves, counted twice
                    want = _ref(lambda s: s.tile(53, y, v, v, False), 53, y, 21, 11)
                    assert _region(scr, 53, y, 21, 11) == want, label
                    assert g.end_points(a) == 2 * v
                else:
                    want = _ref(lambda s: s.square(58, y, g.ends[a]), 58, y, 11, 11)
                    assert _region(scr, 58, y, 11, 11) == want, label
            else:  # open with no tile: an empty dotted square, counting nothing
                want = _ref(lambda s: s.rect(58, y, 11, 11, 1, True), 58, y + 1, 11, 9)
                assert _region(scr, 58, y + 1, 11, 9) == want, label
                assert g.end_points(a) == 0 or g.kind[a] == SPIN
        _check_ends_text(scr, t, g, label, None)


def _check_ends_text(scr, t, g, label, want):
    """The ends as they count, and their total, at the top left."""
    text = t.ends_text(g)
    terms = [int(v) for v in text.split("=")[0].split("+")]
    assert sum(terms) == g.end_sum() == int(text.split("=")[1]), (label, text)
    assert _region(scr, 0, 12, 52, 5) == _ref(lambda s: s.small(0, 12, text), 0, 12, 52, 5), label
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
    opt.nset = 12
    opt.sel = len(opt.rows()) - 1
    h.tap("A")
    assert isinstance(h.app.scene, table.Table) and h.app.session.game.nset == 12
    assert not isinstance(h.app.scene, sc_.Message)
    return h


def _distinct_scores(n):
    return [100 + 37 * s for s in range(n)]  # three digits each, all different


@pytest.mark.parametrize("players", range(2, 9))
def test_table_shows_every_seats_score(monkeypatch, players):
    import refresh_golden
    h = _allfives_match(players)
    refresh_golden._play_until(h, lambda app: app.table.to_act and not app.table.dirty_model)
    se = h.app.session
    se.match.scores[:] = _distinct_scores(players)
    want = se.scores()
    d = Drawn(monkeypatch)
    h.app.dirty = True
    h.step()
    for _ in range(2):  # row 0 may page between tiles left and scores
        h.wait(2600)
    assert h.app.scene is h.app.table and h.app.table.to_act
    d.check_on_screen()
    shown = d.numbers(0, 5)
    for s in range(players):
        assert want[s] in shown, "seat %d's score %d not on row 0 (%r)" % (s + 1, want[s], shown)


def _to_summary(h):
    import refresh_golden
    import scenes
    refresh_golden._play_until(h, lambda app: isinstance(app.scene, scenes.Summary), limit=20000)


@pytest.mark.parametrize("players", (2, 5, 8))
def test_summary_and_result_show_every_seats_score(monkeypatch, players):
    import scenes
    h = _allfives_match(players)
    _to_summary(h)
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
    assert isinstance(h.app.scene, scenes.Result)
    d.check_on_screen()
    shown = d.numbers(12)
    for s in range(players):
        assert se.match.scores[s] in shown, (s, shown)
    assert any(it[4] == "You lose" for it in d.items)
