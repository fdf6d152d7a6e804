"""The pause menu's whole board and tiles-played grid (issue 30: "a full-board page ...
and a tiles-played tracker"): every tile laid, chained as it lies, the spinner marked,
the grid's squares as the seat sees the set, at a crowded double-twelve table and a
double-six one, with no text over text or off the screen."""

import re

import refresh_golden
import sim
from test_ui_readable import EIGHT, frames

from domino import tiles


def spinner_open():
    """All Fives at 8 seats on double-twelve (``EIGHT``) played on, 20 presses of A and
    then one at a time, till the spinner's side arms are open and the table waits with
    no tile's end to choose (how many presses that takes is the AI seats' doing):
    ``frames``' harness and overlaps."""
    h, seen = frames(EIGHT + " A w3000" * 20)
    for _ in range(40):
        t = h.app.scene
        waits = type(t).__name__ == "Table" and t.choice is None
        if waits and len(h.app.session.game.board().arms) == 4:
            return h, seen
        h.run_script("A w3000")
    raise AssertionError("the spinner's side arms did not open")


def open_board(h):
    """From the table: B, the pause menu's "Board, tiles played" row, A."""
    refresh_golden._board_page(h, lambda h: None)
    assert type(h.app.scene).__name__ == "BoardPage", h.app.scene
    return h.app.scene


def check_layout(lines, b, nset):
    """``lines`` (the board page's rows) list every tile of board ``b`` as it lies:
    each arm chained from the centre out to its end, the spinner marked once."""
    first = "FIRST " + tiles.name(b.first)
    assert lines[0] == first + (", THE SPINNER" if b.spinner == b.first else ""), lines[0]
    text = "\n".join(lines)
    names = ("LEFT", "RIGHT", "UP", "DOWN")[:len(b.arms)]
    stops = [text.index(n + ":") for n in names] + [len(text) - len(lines[-1])]
    for i, name in enumerate(names):
        row = text[stops[i]:stops[i + 1]]
        pairs = [(int(a), int(c)) for a, c in re.findall(r"(\d+)-(\d+)", row.split("(END")[0])]
        assert [tiles.tile(a, c) for a, c in pairs] == list(b.arms[i]), name
        assert all(pairs[k][1] == pairs[k + 1][0] for k in range(len(pairs) - 1)), (name, pairs)
        if pairs:
            assert pairs[-1][1] == b.ends[i]
            root = b.first if i < 2 else b.spinner
            assert pairs[0][0] in (tiles.HI[root], tiles.LO[root]), (name, pairs)
        else:
            assert "NONE" in row, row
        assert "(END %d)" % b.ends[i] in row
    if b.spinner >= 0 and b.spinner != b.first:  # the spinner marked where it lies, once
        assert text.count("*") == 2 and "* SPINNER" in text
        assert "%d-%d*" % (tiles.HI[b.spinner], tiles.LO[b.spinner]) in text
    else:
        assert "*" not in text
    laid = 1 + sum(len(a) for a in b.arms)
    assert lines[-1] == "%d OF %d TILES LAID" % (laid, tiles.count(nset))


def test_the_board_page_lists_every_tile_laid_as_it_lies():
    h, seen = spinner_open()
    g = h.app.session.game
    b = g.board()
    assert len(b.arms) == 4 and b.spinner >= 0  # the spinner's side arms are open
    page = open_board(h)
    lines = page.lines
    check_layout(lines, b, 12)
    # scrolled to its last row and back: no text over text, none off the screen
    scr = h.app.scr
    scr.ran_off = None
    for key in ["D"] * len(lines) + ["U"] * len(lines) + ["R", "L"]:
        h.run_script(key + " w50")
        assert scr.ran_off is None and scr.overlap is None, (scr.ran_off, scr.overlap)
    assert page.top == 0 and seen == []


def test_the_layout_marks_a_spinner_laid_in_an_arm():
    """Boards of All Fives hands played out by the core: with no spinner yet, the
    spinner first, and the spinner laid in an arm (marked there), side arms open or not."""
    from boardpage import layout_lines
    from domino.allfives import AllFives
    kinds = set()
    for seed in range(40):
        g = AllFives(2, seed)
        buf = [0] * 64
        while not g.over:
            n = g.legal_moves(buf)
            g.apply(buf[seed % n])
            b = g.board()
            check_layout(layout_lines(b, 6), b, 6)
            kinds.add((b.spinner < 0, b.spinner == b.first, len(b.arms)))
    # no spinner yet; the spinner first, side arms open; laid in an arm, open or not
    assert {(True, False, 2), (False, True, 4), (False, False, 4), (False, False, 2)} <= kinds, kinds


def grid_squares(h, nset):
    """The tiles-played grid as drawn: tile -> "table" (filled square), "hand" (open
    square) or "unseen" (a dot), read from the screen's pixels."""
    scr = h.app.scr
    n = nset + 1
    cell = 7 if n <= 7 else 5 if n <= 10 else 4
    y0 = 64 - n * cell
    out = {}
    for hi in range(n):
        for lo in range(hi + 1):
            x, y = 10 + lo * cell, y0 + hi * cell
            w = cell - 1
            box = [scr.bitmap[x + i, y + j] for j in range(w) for i in range(w)]
            centre = box[(w // 2) * w + w // 2]
            out[tiles.tile(hi, lo)] = ("table" if all(box) else "hand" if box[0] and not centre
                                       else "unseen" if sum(box) == 1 and centre else "?")
    return out


def test_the_tiles_played_grid_shows_the_set_as_the_seat_sees_it():
    h, seen = spinner_open()
    open_board(h)
    h.run_script("R w300")
    g = h.app.session.game
    b = g.board()
    on_table = {b.first} | {t for a in b.arms for t in a}
    mine = set(g.hand(h.app.table.viewer))
    squares = grid_squares(h, 12)
    assert len(squares) == 91
    for t, shown in squares.items():
        assert shown == ("table" if t in on_table else "hand" if t in mine else "unseen"), (tiles.name(t), shown)
    assert seen == [] and h.app.scr.ran_off is None, (seen, h.app.scr.ran_off)


def test_double_six_board_page_and_grid():
    """Seychelles on double-six: the first tile, two arms, a 7x7 grid with row labels."""
    from devscript import code_keys, valid_code
    h = sim.Harness(6, settings_speed=None)
    h.run_script(" ".join(code_keys(valid_code(0, 4, 777))) + " w3000" + " A w3000" * 4)
    page = open_board(h)
    g = h.app.session.game
    b = g.board()
    assert len(b.arms) == 2 and page.nset == 6
    assert page.lines[-1] == "%d OF 28 TILES LAID" % (1 + len(b.arms[0]) + len(b.arms[1]))
    h.run_script("R w300")
    squares = grid_squares(h, 6)
    on_table = {b.first} | {t for a in b.arms for t in a}
    assert {t for t in squares if squares[t] == "table"} == on_table
    assert {t for t in squares if squares[t] == "hand"} == set(g.hand(h.app.table.viewer))


def test_a_hidden_hand_marks_no_tiles_as_held():
    """With the hand hidden (people passing the device), the grid marks no seat's
    tiles as in hand: the board is public, the hands are not."""
    from devscript import code_keys, valid_code
    h = sim.Harness(6, settings_speed=None)
    h.run_script(" ".join(code_keys(valid_code(0, 4, 777))) + " w3000" + " A w3000" * 4)
    h.app.table.viewer = None
    page = open_board(h)
    assert page.mine == set()
    h.run_script("R w300")
    squares = grid_squares(h, 6)
    assert "hand" not in squares.values() and "table" in squares.values()


def test_only_line_games_offer_the_board_page():
    from devscript import code_keys, valid_code
    for gid, players, has in ((0, 4, True), (3, 3, False), (4, 2, False)):
        h = sim.Harness(6, settings_speed=None)
        h.run_script(" ".join(code_keys(valid_code(gid, players, 5))) + " w3000 B w300")
        assert type(h.app.scene).__name__ == "TableMenu", (gid, h.app.scene)
        assert ("Board, tiles played" in h.app.scene.rows()) == has, (gid, h.app.scene.rows())
