"""Castle Rock on the table (issue 19 item 4): the tableau view drawn from the
public state (the row scrolled to the open end and the capture in question, the
Devil's count, captures per seat), captures chosen by moving over the row with
the which-one choice and the tiles a capture takes inverted, the explicit end of
a turn, the Devil's hand on the summary, and whole matches through the buttons
(2, 5 and 6 players, a match and the drinks option)."""

import sys

import pytest

import pause
import refresh_golden
import render
import scenes
import handend
import session
import sim
import table
from domino import games, tiles
from domino.castle import END, hand_limit, options_for
from views import tableau

CODE = refresh_golden._CASTLE  # 4 players; seat 1 places 5-2 first: three places, each one or three


def _deal(code=CODE, board=6, placed=False):
    h = sim.Harness(board)
    refresh_golden._castle(h, code, placed)
    h.step()
    return h


def _region(scr, x, y, w, h):
    b = scr.bitmap
    return tuple(b[x + i, y + j] for j in range(h) for i in range(w))


def _tile_at(scr, t, sel=False, dotted=False):
    """The x of every place where tile ``t`` is drawn in the row (inverted if ``sel``)."""
    ref = render.Screen(sim.NullDisplay())
    ref.clear()
    ref.tile(0, 19, tiles.HI[t], tiles.LO[t], True, sel, dotted)
    want = _region(ref, 0, 19, 11, 21)
    return [x for x in range(0, 118) if _region(scr, x, 19, 11, 21) == want]


def _select(h, move):
    t = h.app.table
    i = [k for k in range(len(t.items)) if move in t.by_item[k]][0]
    for _ in range(len(t.items)):
        if t.sel == i:
            break
        h.tap("RIGHT")
    assert t.sel == i


def _press(h, move):
    """Play ``move`` for the seat to act with the arrows and A (and the choice)."""
    refresh_golden._through_privacy(h)
    _select(h, move)
    t = h.app.table
    h.tap("A")
    if t.choice is not None:
        while t.choice[t.ci] != move:
            h.tap("RIGHT")
        h.tap("A")
    refresh_golden._through_privacy(h)


def test_only_the_view_in_use_is_imported():
    """A Castle Rock deal after a line match drops the line view for the tableau one."""
    for name in ("views.line", "views.tricks", "views.tableau"):
        table.sys.modules.pop(name, None)
    h = sim.Harness(6)
    refresh_golden._start(h, 0, wait=100)
    assert h.app.table.view is sys.modules["views.line"]
    refresh_golden._castle(h)
    h.step()
    assert h.app.table.view is sys.modules["views.tableau"]
    assert "views.line" not in sys.modules and "views.tricks" not in sys.modules


@pytest.mark.parametrize("n", range(0, 40))
def test_places_keep_the_open_end_and_the_capture(n):
    """Every row length and capture: at most 10 places, every tile shown or counted
    once, in order; the open end always shown; the capture's tiles and a neighbour
    on each side shown."""
    spans = [(-1, 0)] + [(f, 1) for f in range(1, n - 1)] + [(f, 3) for f in range(0, n - 2)]
    for f, c in spans:
        places = tableau._places(n, f, c)
        assert len(places) <= tableau._SLOTS
        covered = []
        for p in places:
            covered.extend([p] if p >= 0 else [None] * (-p - 1))
        assert len(covered) == n
        shown = [i for i, p in enumerate(covered) if p is not None]
        assert all(covered[i] == i for i in shown)
        if n:
            assert n - 1 in shown
        for i in range(max(0, f - 1), min(n, f + c + 1)):
            assert i in shown, (n, f, c, places)
        assert all(p != -1 for p in places)  # no empty gap


def test_the_row_is_drawn_and_captures_ordered_along_it():
    """Through a whole 4-player hand with every capture taken (triples first):
    the open end always on screen, the counts line as the public state says, the
    captures offered left to right along the row (the arrows move over it) with
    the selected one's middle tile inverted, and in the choice exactly the tiles
    the capture takes; row 1 fits; no text off the screen."""
    h = _deal()
    se = h.app.session
    g = se.game
    t = h.app.table
    scr = h.app.scr
    scr.ran_off = None
    triples = 0
    while se.result is None:
        refresh_golden._through_privacy(h)
        h.step()
        pub = g.observation(g.turn).public
        row = pub[0]
        assert pub[4] == len(row)
        ref = render.Screen(sim.NullDisplay())
        ref.clear()
        ref.small(0, 13, "DEVIL %d  B%d" % (len(row), g.observation(0).stock))
        assert _region(scr, 0, 13, 128, 5) == _region(ref, 0, 13, 128, 5)
        ref.small(1, 0, "TOOK")  # row 0: the tiles each seat took, labelled
        assert t.counts == [len(c) for c in pub[3]]
        for s in range(g.players):
            assert t.names[s] == ("YOU:" if s == t.hum else "%d:" % (s + 1))
            txt = t.names[s] + str(len(pub[3][s]))
            x, y = t.cells[s] + 1, int(s == g.turn)
            if y:  # the seat to act: inverted in a closed box
                ref.fill(x - 1, 0, len(txt) * 4 + 1, 7, 1)
            ref.small(x, y, txt, 0 if y else 1)
            assert _region(scr, x, y, len(txt) * 4 - 1, 5) == _region(ref, x, y, len(txt) * 4 - 1, 5), txt
        assert _region(scr, 0, 0, 16, 5) == _region(ref, 0, 0, 16, 5)
        msg = t.message()
        assert len(msg) <= table._MSG_LEN and (msg.startswith(("A: ", "YOUR TURN")) or " SCORES " in msg), msg
        legal = se.legal()
        if g.step == 0:
            assert _tile_at(scr, t.items[t.sel], dotted=True)  # the tile to place, beyond the open end
            if row:
                assert _tile_at(scr, row[-1]) or _tile_at(scr, row[-1], True)
            _press(h, legal[0])
            continue
        if row:
            assert _tile_at(scr, row[-1]) or _tile_at(scr, row[-1], True)
        caps = [k for k in range(len(t.items)) if t.items[k] >= table.MOVE_ITEM and t.by_item[k][0] != END]
        at = [g.move_span(t.by_item[k][0]) for k in caps]
        mids = [f + (c > 1) for f, c in at]
        assert mids == sorted(mids) and len(set(mids)) == len(mids)
        assert t.items[-1] == table.MOVE_ITEM + END
        for k in caps:
            _select(h, t.by_item[k][0])
            h.step()
            f, c = g.move_span(t.by_item[k][0])
            xs = _tile_at(scr, row[f], True)
            assert xs, (tiles.name(row[f]), [tiles.name(v) for v in row])
        if not caps:
            _press(h, END)
            continue
        k = caps[0]
        moves = t.by_item[k]
        _select(h, moves[0])
        h.tap("A")
        if len(moves) > 1:
            assert t.choice == moves
            h.tap("RIGHT")
            h.step()
            f, c = g.move_span(t.choice[t.ci])
            assert c == 3
            xs = [_tile_at(scr, row[f + i], True) for i in range(3)]
            assert all(xs) and any(x + 12 in xs[1] and x + 24 in xs[2] for x in xs[0])
            triples += 1
            h.tap("A")
        assert len(g.tableau()) == len(row) - (3 if len(moves) > 1 else 1)
    assert triples >= 1
    assert scr.ran_off is None, scr.ran_off


def test_which_one_and_end_turn():
    """The first capture of the coded deal may take 5-4 alone or all three: A
    opens that choice, the prompt says both; B cancels with nothing taken; the
    triple taken goes to seat 1's captures and row 1 says so; END TURN draws
    and passes the turn (the privacy screen); the moves so far tell it all."""
    h = _deal(placed=True)
    se = h.app.session
    g = se.game
    t = h.app.table
    assert g.step == 1 and t.message() == "A: TAKE 5-4 OR ALL 3"
    h.tap("A")
    assert [g.move_name(m) for m in t.choice] == ["take 5-4", "take 3 at 5-4"]
    h.tap("B")
    assert t.choice is None and len(g.tableau()) == 5
    h.tap("A")
    h.tap("RIGHT")
    assert t.message().upper() == "TAKE 3 AT 5-4? A  <> OTHER"
    h.tap("A")
    assert len(g.captured(0)) == 3 and len(g.tableau()) == 2
    assert t.message() == "S1 SCORES 3!"
    stock = g.observation(0).stock
    h.tap("RIGHT")  # an arrow: the score's message gives way to what A does
    assert t.by_item[t.sel] == [END] and t.message() == "A: END TURN AND DRAW"
    h.tap("A")
    assert isinstance(h.app.scene, scenes.Privacy) and g.turn == 1 and g.step == 0
    assert g.observation(0).stock == stock - 1 and len(g.hand(0)) == 2
    refresh_golden._through_privacy(h)
    assert t.plays[0] == "S1 5-2+3"
    h.app.go(pause.MoveLog(h.app))
    assert h.app.scene.lines[:3] == ["1 S1 PLACE 5-2", "2 S1 TAKE 3 AT 5-4", "3 S1 END TURN"]


def _greedy(g, legal):
    """Place the tile that lets the most tiles be taken now (triples first), then
    take every capture, triples first (the issue's greedy player); the game is
    left as it was."""
    from domino.castle import TRIPLE, TAKE

    def take(moves):
        tr = [m for m in moves if TRIPLE <= m < END]
        tk = [m for m in moves if TAKE <= m < TRIPLE]
        return (tr or tk or [END])[0]

    if g.step == 1:
        return take(legal)
    best = None
    for m in legal:
        g.apply(m)
        n0 = sum(g.ncap)
        done = 0
        while True:
            buf = [0] * 64
            x = take(buf[:g.legal_moves(buf)])
            if x == END:
                break
            g.apply(x)
            done += 1
        got = sum(g.ncap) - n0
        for _ in range(done + 1):
            g.undo()
        if best is None or got > best[0]:
            best = (got, m)
    return best[1]


@pytest.mark.parametrize("board,players,target,drinks", (
    (3, 2, 50, False), (5, 5, 25, False), (6, 6, 25, False), (4, 6, 50, True), (6, 2, 50, True)))
def test_castle_matches_through_the_buttons(board, players, target, drinks):
    """Castle Rock to the end of a match, every seat a person, each move chosen
    with the arrows and A (the choice for a triple): 2, 5 and 6 players, a match
    to its target or a hand for drinks; every hand summarised with the Devil's
    hand first (its tiles, each seat's tally = its captures less the Devil's
    count), the match counted; for drinks the words name the winner and no match
    total is shown."""
    h = sim.Harness(board)
    app = h.app
    h.tap("A")
    idx = [gm[0] for gm in games.shown(session.LAYOUTS)].index(4)
    for _ in range(idx):
        h.tap("DOWN" if "UP" in h.buttons else "RIGHT")
    h.tap("A")
    opt = app.scene
    opt.players = players
    opt.target = target
    opt.opt[1] = 1 if drinks else 0
    assert list(opt.kinds[:players]) == [0] * players or session.has_ai(opt.cls)
    for i in range(players):
        opt.kinds[i] = 0
    assert opt.options() == options_for(drinks=drinks)
    for _ in range(len(opt.rows()) - 1):
        h.tap("DOWN" if "UP" in h.buttons else "RIGHT")
    h.tap("A")
    se = app.session
    assert se.cls.NAME == "Castle Rock" and se.match.players == players
    hands = 0
    last = None
    scr = app.scr
    scr.ran_off = None
    for _ in range(60000):
        sc = app.scene
        if isinstance(sc, handend.Result):
            break
        if isinstance(sc, handend.Summary):
            if sc is not last:
                hands += 1
                last = sc
                r = se.result
                g = se.game
                rv = sc.reveal
                assert rv is not None and rv.title == "THE DEVIL'S HAND"
                text = " ".join(rv.rows)
                devil = g.tableau()
                assert r.devil == len(devil) and r.points == [len(g.captured(s)) - r.devil
                                                               for s in range(players)]
                for v in devil:
                    assert tiles.name(v) in text
                for s in range(players):
                    assert "S%d TOOK %d, SCORES %d" % (s + 1, len(g.captured(s)), r.points[s]) in text
                if drinks:
                    assert r.winner >= 0 and r.points[r.winner] == max(r.points)
                    words = []
                    while sc.reveal is not None or sc.words:
                        h.tap("A")
                        if sc.words:
                            words.extend(sc.lines())
                    assert ("Seat %d wins" % (r.winner + 1)) in " ".join(words)
                    h.step()  # the grid page: no "TO 50" in its title, no match total
                    ref = render.Screen(sim.NullDisplay())
                    ref.clear()
                    ref.title("HAND 1 OVER")
                    assert _region(scr, 64, 0, 64, 8) == _region(ref, 64, 0, 64, 8)
                    continue
            h.tap("A")
        elif isinstance(sc, scenes.Privacy) or type(sc).__name__ == "FirstDraw":
            h.tap("A")
        elif isinstance(sc, table.Table):
            if sc.to_act and not sc.dirty_model:
                g = se.game
                key = g.observation(g.turn).key()
                m = _greedy(g, se.legal())
                assert g.observation(g.turn).key() == key
                _press(h, m)
            else:
                h.step(50)
        else:
            raise AssertionError("unexpected screen %r" % sc)
    else:
        raise AssertionError("match did not finish")
    m = app.session_done.match
    assert m.over and hands == m.hand_no and app.session is None
    assert app.stats.get(4, 3)[0] == 1
    assert scr.ran_off is None, scr.ran_off
    if drinks:
        assert m.hand_no == 1 and m.scores == [0] * players
    else:  # a score reached the target, or the hand limit ended the match
        assert max(m.scores) >= m.target or m.hand_no == hand_limit(m.target, players)
        assert m.scores[m.winner] == max(m.scores)


def test_drinks_has_no_target_on_the_options_screen():
    """Drinks play (a single hand, no match score: ``target_unit`` "") offers no
    target; choosing it keeps the selection on the play row."""
    h = sim.Harness(6)
    opt = refresh_golden._new_game(h, 4, [0] * 3, 3)
    assert "Target: 50" in opt.rows()
    row = [i for i in range(len(opt.rows())) if opt.rows()[i].startswith("Play:")][0]
    opt.sel = row
    h.tap("RIGHT")
    assert opt.rows()[opt.sel] == "Play: drinks"
    assert not any(r.startswith("Target") for r in opt.rows())
    h.tap("RIGHT")
    assert opt.rows()[opt.sel] == "Play: match" and "Target: 50" in opt.rows()


def test_summary_follows_the_games_target_unit(monkeypatch):
    """The summary's match total and "TO 50" come from the game's declaration
    (``target_unit``), not from an attribute of its result: declared as points,
    a drinks hand shows them; a match declared with none does not."""
    from domino.castle import CastleRock

    def shown(drinks):
        h = sim.Harness(6)
        refresh_golden._castle_six(h, drinks, True)
        sc = h.app.scene
        while sc.reveal is not None or sc.words:
            h.tap("A")
        h.step()
        ref = render.Screen(sim.NullDisplay())
        ref.clear()
        ref.title("HAND 1 OVER")
        return _region(h.app.scr, 64, 0, 64, 8) != _region(ref, 64, 0, 64, 8)

    monkeypatch.setattr(CastleRock, "target_unit", staticmethod(lambda players, options=0: "points"))
    assert shown(True)
    monkeypatch.setattr(CastleRock, "target_unit", staticmethod(lambda players, options=0: ""))
    assert not shown(False)


@pytest.mark.parametrize("drinks", (True, False))
def test_summary_words_name_the_winner_and_what_it_took(drinks):
    """Six players: the summary's words are one short sentence on at most two
    rows: who won the hand (or tied), the tiles it took and the Devil's count
    ("Seat 3 wins: took 7, Devil 3"), not every seat's captures."""
    h = sim.Harness(6)
    refresh_golden._castle_six(h, drinks, True)
    sc = h.app.scene
    se = h.app.session
    r = se.result
    cap = r.captured[r.winner] if r.winner >= 0 else max(r.captured)
    words = " ".join(sc.lines())
    if r.winner >= 0:
        who = "Seat %d wins%s" % (r.winner + 1, "" if drinks else " the hand")
        assert words.startswith(who), words
    else:
        assert " tie: " in words, words
    assert words.endswith("took %d, Devil %d" % (cap, r.devil)), words
    assert len(sc.lines()) <= 2 and all(len(x) <= 21 for x in sc.lines())


def test_six_seats_tiles_taken_named_on_row_0():
    """Six people at Castle Rock: row 0 says "TOOK" and names each seat's count of
    tiles taken ("1:3 2:5 ..."), at fixed places three blank columns apart or
    more, beside nothing it overlaps; the board's line keeps the Devil and the
    boneyard."""
    h = sim.Harness(6)
    refresh_golden._castle_six(h)
    h.step()
    t = h.app.table
    g = h.app.session.game
    assert t.word == "TOOK" and t.names == ["%d:" % (s + 1) for s in range(6)]
    assert t.counts == [len(c) for c in g.board().captured] and max(t.counts) > 0
    ends = [t.cells[s] + (len(t.names[s]) + 2) * 4 - 1 for s in range(6)]  # last column, two digits
    assert t.cells[0] >= 19 and all(t.cells[s + 1] + 1 - ends[s] >= 4 for s in range(5)) and ends[-1] <= 128
