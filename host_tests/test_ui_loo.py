"""Domino Loo on the table (issue 18 item 6 and Loo's screens): the tricks view
drawn from the public state (trump always, the turn-up, the trick with who
played what, tricks won), the decisions and the lead's announcement offered
through the generic frame, the privacy of discards, the summary; and the board
views imported one at a time."""

import sys

import pytest

import pause
import refresh_golden
import render
import scenes
import handend
import sim
import table
from domino import dealcode, tiles
from domino.loo import (KEEP, MISS, THROW_UP, FOR_POOL, EXCHANGE, DISCARD, HIDDEN_DISCARD,
                            options_for)
from test_ui_tableau import _press as _act, _region  # the same moves by the arrows and A, and pixels

CODE = refresh_golden._LOO  # 4 players, plain; seat 1 decides first, seat 4 deals, trumps 4


def _deal(code=CODE, board=6):
    h = sim.Harness(board)
    h.app.start_deal(code, [0] * dealcode.decode(code)[1])  # every seat a person
    refresh_golden._through_privacy(h)
    return h


def _ref(draw, x, y, w, h):
    scr = render.Screen(sim.NullDisplay())
    scr.clear()
    draw(scr)
    return _region(scr, x, y, w, h)


def _column(g, s):
    """The centre x of seat ``s``'s column on the tricks board."""
    cw = (128 - 26) // g.players
    return 26 + s * cw + cw // 2


def _check_board(h):
    """The board as the public state says: the trump's pips always; each seat's
    piece in the trick (or the last trick) in its column; returns the public tuple."""
    t = h.app.table
    g = h.app.session.game
    scr = h.app.scr
    pub = g.observation(t.viewer).public
    trump, turnup, phase, suit, trick, last_w, last = pub.trump, pub.turnup, pub.phase, pub.suit, pub.trick, pub.last_winner, pub.last_trick
    assert _region(scr, 4, 19, 11, 11) == _ref(lambda s: s.square(4, 19, trump), 4, 19, 11, 11)
    if phase < 2:
        if pub.status[pub.dealer] != 3:  # the turn-up, until the dealer swaps it
            want = _ref(lambda s: s.tile(0, 31, tiles.HI[turnup], tiles.LO[turnup], False), 0, 31, 21, 11)
            assert _region(scr, 0, 31, 21, 11) == want
        return pub
    shown = trick if suit >= 0 or last_w < 0 else last
    left = _region(scr, 0, 31, 24, 11)  # under the trump: the suit led, or "LAST"
    if suit == 7:
        assert left == _ref(lambda sc: (sc.small(0, 31, "LED"), sc.small(0, 37, "TRUMP")), 0, 31, 24, 11)
    elif suit >= 0:
        assert left == _ref(lambda sc: sc.small(0, 34, "LED %d" % suit), 0, 31, 24, 11)
    elif last_w >= 0:
        assert left == _ref(lambda sc: sc.small(0, 34, "LAST"), 0, 31, 24, 11)
    for s in range(g.players):
        x = _column(g, s) - 5
        p = shown[s]
        if p >= 0:
            inv = shown is last and s == last_w
            want = _ref(lambda sc: sc.tile(x, 20, tiles.HI[p], tiles.LO[p], True, inv), x, 20, 11, 21)
            assert _region(scr, x, 20, 11, 21) == want, (s, tiles.name(p))
    return pub


def test_only_the_view_in_use_is_imported():
    """A line match has views.line and not views.tricks; a Loo deal on the same
    device drops the line view (module and package attribute) for the tricks one."""
    for name in ("views.line", "views.tricks"):
        table.sys.modules.pop(name, None)
    h = sim.Harness(6)
    refresh_golden._start(h, 0, wait=100)
    assert h.app.table.view is sys.modules["views.line"]
    assert "views.tricks" not in sys.modules
    h.app.start_deal(CODE, [0] * 4)
    refresh_golden._through_privacy(h)
    h.step()
    assert h.app.table.view is sys.modules["views.tricks"]
    assert "views.line" not in sys.modules and not hasattr(sys.modules["views"], "line")


def test_a_whole_hand_drawn_from_the_public_state():
    """Through a 4-player hand (someone takes the miss, the dealer swaps): after
    every move the trump and the turn-up or the trick are where the public state
    says, row 1 fits, and no text runs off the screen."""
    h = _deal()
    se = h.app.session
    g = se.game
    phases = set()
    led = set()
    scr = h.app.scr
    scr.ran_off = None
    while se.result is None:
        refresh_golden._through_privacy(h)
        h.step()
        pub = _check_board(h)
        phases.add(pub.phase)
        led.add(pub.suit)
        legal = se.legal()
        msg = h.app.table.message()
        assert len(msg) <= table._MSG_LEN and (msg.startswith(("A: ", "YOUR TURN", "DISCARD 2  A: ", "DISCARD 1 MORE  A: ")) or " SCORES 1!" in msg), msg
        if MISS in legal and g.turn == 1:
            m = MISS
        else:
            swaps = [m for m in legal if EXCHANGE <= m < KEEP]
            m = swaps[-1] if swaps else legal[-1]
        _act(h, m)
    assert phases == {0, 1, 2}
    assert 7 in led and len(led) > 2  # trumps and plain suits were led
    assert scr.ran_off is None, scr.ran_off


def test_decisions_are_boxes_named_by_the_game():
    """Pool play, 3 players: the first seat is offered keep, take miss and pass
    (throw up) as boxes with the game's names; after one pass and one keep the
    dealer is offered his pieces (swap for the turn-up), keep, miss and "for the
    pool", and A on that box plays it."""
    code = dealcode.encode(3, 3, 0, options_for(True), 4)
    h = _deal(code)
    t = h.app.table
    g = h.app.session.game
    specials = [t.by_item[i] for i in range(len(t.items)) if t.items[i] >= table.MOVE_ITEM]
    assert specials == [[KEEP], [MISS], [THROW_UP]]
    assert all(not b for b in t.by_item[:5])  # no piece plays while deciding
    _act(h, THROW_UP)
    _act(h, KEEP)
    assert g.turn == g.dealer
    specials = [t.items[i] - table.MOVE_ITEM for i in range(len(t.items)) if t.items[i] >= table.MOVE_ITEM]
    assert specials == [KEEP, MISS, FOR_POOL]
    assert [t.by_item[i] for i in range(5)] == [[EXCHANGE + p] for p in g.hand(g.dealer)]
    h.step()
    assert g.move_name(FOR_POOL) == "for the pool"
    _act(h, FOR_POOL)
    assert g.status[g.dealer] == 5 and g.phase == 1  # for the pool, and the miss taken unseen


def test_the_leads_announcement_is_a_choice_of_its_group():
    """A piece led that may be announced as either number: A opens the choice
    between exactly the legal moves of its group, the piece shows in your column,
    the arrows switch, A leads it with the suit chosen; B would have cancelled."""
    h = _deal()
    se = h.app.session
    g = se.game
    for _ in range(4):
        _act(h, KEEP)
    t = h.app.table
    legal = se.legal()
    i = [k for k in range(len(t.items)) if len(t.by_item[k]) == 2][0]
    p = t.items[i]
    assert sorted(t.by_item[i]) == sorted(m for m in legal if g.move_group(m) == g.move_group(t.by_item[i][0]))
    assert t.message().startswith("YOUR TURN  "), t.message()  # the turn opens on the plays
    h.tap("RIGHT")
    while t.sel != i:
        h.tap("RIGHT")
    assert h.app.table.message() == "A: LEAD %s AS %d OR %d" % (tiles.name(p), tiles.HI[p], tiles.LO[p])
    h.tap("A")
    assert t.choice == t.by_item[i]
    h.tap("B")
    assert t.choice is None and g.nplayed == 0
    h.tap("A")
    h.tap("RIGHT")
    h.step()
    x = _column(g, g.turn) - 5
    want = _ref(lambda sc: sc.tile(x, 20, tiles.HI[p], tiles.LO[p], True, True), x, 20, 11, 21)
    assert _region(h.app.scr, x, 20, 11, 21) == want  # the piece being led, inverted
    chosen = t.choice[t.ci]
    assert h.app.table.message().upper() == g.move_name(chosen).upper() + "? A  <> OTHER"
    h.tap("A")
    assert g.nplayed == 1 and g.tsuit[0] == chosen & 7


def test_a_trick_won_is_shown_and_named():
    """When a trick ends, its pieces stay on the board with the winner's piece
    inverted ("LAST") until the next lead, the winner gets a bar on the pile, and
    row 1 names the winner (not the seat that played last)."""
    h = _deal()
    se = h.app.session
    g = se.game
    for _ in range(4):
        _act(h, KEEP)
    for _ in range(4):
        legal = se.legal()
        _act(h, legal[0])
    h.step()
    pub = _check_board(h)
    w = pub.last_winner
    assert w >= 0 and pub.suit == -1 and g.turn == w
    t = h.app.table
    if h.app.table.scored_until:
        assert t.message() == "%s SCORES 1!" % scenes.seat_name(se, w, True)
    x = _column(g, w) + 8
    assert _region(h.app.scr, x, 39, 3, 2) == (1,) * 6  # one bar: one trick won
    assert not any(_region(h.app.scr, x, 36, 3, 2))


def test_discards_stay_private_in_the_moves_so_far():
    """The moves so far are told as the seat at the table sees them: your own
    discard by name, another seat's as a hidden "DISCARD"."""
    h = _deal()
    se = h.app.session
    g = se.game
    _act(h, MISS)
    mine = se.legal()[0]
    _act(h, mine)
    _act(h, se.legal()[0])
    _act(h, KEEP)  # seat 2 keeps: seat 3 is at the table now
    assert h.app.table.viewer == 2
    h.app.go(pause.MoveLog(h.app))
    lines = h.app.scene.lines
    assert lines[:2] == ["1 S1 TAKE MISS", "2 S1 DISCARD"], lines
    assert tiles.name(mine - DISCARD) not in " ".join(lines)
    assert g.move_name(HIDDEN_DISCARD) == "discard"


def test_a_hidden_hand_shows_no_seat_s_discards():
    """With the hand hidden (people passing the device, ``viewer`` None), the moves
    so far show every discard as hidden, the first seat's too."""
    h = _deal()
    se = h.app.session
    _act(h, MISS)
    mine = se.legal()[0]
    _act(h, mine)
    h.app.table.viewer = None
    h.app.go(pause.MoveLog(h.app))
    lines = h.app.scene.lines
    assert lines[:2] == ["1 S1 TAKE MISS", "2 S1 DISCARD"], lines
    assert tiles.name(mine - DISCARD) not in " ".join(lines)


def test_no_hint_where_no_ai_plays(monkeypatch):
    """In a game no AI plays, UP says there is no hint and the menu has none."""
    from domino.loo import Loo
    monkeypatch.setattr(Loo, "AI", None)  # a game no AI plays (Loo before its AI)
    h = _deal()
    h.tap("UP")
    assert h.app.table.note == "NO HINT: NO AI PLAYS THIS GAME"
    h.tap("B")
    assert type(h.app.scene).__name__ == "TableMenu" and "Hint" not in h.app.scene.rows()


def test_summary_tells_tricks_loos_and_the_pool():
    """A pool hand's summary: no empty hands page, the words name the tricks, the
    loos and the pool's movements, the grid shows each seat's winnings."""
    h = sim.Harness(6)
    refresh_golden._loo_pool(h, 3, (), 1)
    sc = h.app.scene
    assert isinstance(sc, handend.Summary) and sc.reveal is None and sc.words
    r = h.app.session.result
    words = " ".join(sc.lines())
    assert words.startswith("Tricks:") and "pool 20:" in words, words
    assert words.endswith(" (loo)") == bool(r.looed), words  # the call after the plain words
    for s in r.looed:
        assert "%s took none" % scenes.seat_name(h.app.session, s) in words
    m = h.app.session.match
    assert sum(m.scores) + m.extra[0] == 0  # money only moves between balances and the pool
    for s in r.looed:
        assert r.points[s] < 0
    while sc.words:
        h.tap("A")
    assert h.app.scene is sc and not sc.words  # the grid page: "A: next"


def _title_right(h, text):
    """True if the title bar ends with ``text`` (drawn as the summary draws it)."""
    ref = render.Screen(sim.NullDisplay())
    ref.clear()
    ref.title("")
    ref.small(127 - len(text) * 4, 1, text, 0)
    return _region(h.app.scr, 64, 0, 64, 7) == _region(ref, 64, 0, 64, 7)


def test_pool_target_counts_hands_on_the_options_and_the_summary():
    """Pool play has no score to reach (the game's ``target_unit`` says "hands"):
    the options screen says "Hands: 15" and the summary's title "15 HANDS";
    plain scoring keeps "Target: 15" and "TO 15"."""
    h = sim.Harness(6)
    opt = refresh_golden._new_game(h, 3, [0, 0, 0], players=3)
    assert "Target: 15" in opt.rows() and not any(r.startswith("Hands") for r in opt.rows())
    opt.opt[0] = 1
    assert "Hands: 15" in opt.rows() and not any(r.startswith("Target") for r in opt.rows())
    h2 = sim.Harness(6)
    refresh_golden._loo_pool(h2, 3, (), 2)
    h2.step()
    assert _title_right(h2, "15 HANDS") and not _title_right(h2, "TO 15")
    h3 = sim.Harness(6)
    h3.app.start_deal(CODE, [0] * 4)  # a deal by code: plain scoring, no match
    assert h3.app.session.cls.target_unit(4, 0) == "points"


def test_row_1_counts_the_discards_after_a_miss():
    """After taking the miss row 1 says how many pieces are still to discard
    (four players discard two: "DISCARD 2", then "DISCARD 1 MORE"; three
    players one), before what A does; whole on row 1."""
    h = _deal()  # 4 players
    t = h.app.table
    g = h.app.session.game
    seat = g.turn
    _act(h, MISS)
    h.step()
    assert g.turn == seat and t.message() == "DISCARD 2  A: DISCARD " + tiles.name(t.items[t.sel]).upper()
    _act(h, [m for m in h.app.session.legal()][0])
    h.step()
    assert g.turn == seat and t.message().startswith("DISCARD 1 MORE  A: DISCARD ")
    assert len(t.message()) <= table._MSG_LEN
    _act(h, h.app.session.legal()[0])
    assert g.turn != seat
    h3 = _deal(dealcode.encode(3, 3, 0, 0, 4))  # 3 players
    _act(h3, MISS)
    h3.step()
    assert h3.app.table.message().startswith("DISCARD 1  A: DISCARD ")


def test_a_hand_thrown_up_stays_face_down_at_the_end():
    """Pool play, 3 players: the two seats before the dealer throw up their hands
    and the dealer takes the pool; the end-of-hand page shows the dealer's
    pieces but not theirs (the game's ``face_down``: they stay face down)."""
    h = sim.Harness(6)
    refresh_golden._loo_pool(h, 3, ("pass", "pass"), 1)
    se = h.app.session
    g = se.game
    sc = h.app.scene
    assert isinstance(sc, handend.Summary) and sc.reveal is not None
    rows = " ".join(sc.reveal.rows)
    passed = [s for s in range(3) if s != g.dealer]
    for s in passed:
        assert g.face_down(s) and len(g.hand(s)) == 5
        assert "S%d FACE DOWN" % (s + 1) in rows
        for p in g.hand(s):
            assert tiles.name(p) not in rows, (s, tiles.name(p), rows)
    assert not g.face_down(g.dealer)
    for p in g.hand(g.dealer):
        assert tiles.name(p) in rows


@pytest.mark.parametrize("players", (3, 4))
def test_pool_play_shows_the_pool_on_row_0(monkeypatch, players):
    """Pool play: the status bar shows the pool ("POOL 20", the game's
    ``match_note``) beside the balances, and the next hand's pool after the
    first; plain scoring shows none."""
    from test_ui_table import Drawn
    d = Drawn(monkeypatch)
    h = sim.Harness(6)
    refresh_golden._loo_pool(h, players)
    m = h.app.session.match

    def row0():
        pages = d.status(h)
        assert len(pages) == 1, pages  # one page
        return pages

    assert all("POOL %d" % m.extra[0] in p for p in row0())
    refresh_golden._play_until(h, lambda app: isinstance(app.scene, handend.Summary), limit=20000)
    while h.app.session.result is not None:
        h.tap("A")
    refresh_golden._through_privacy(h)
    assert h.app.scene is h.app.table and m.hand_no == 1
    assert all("POOL %d" % m.extra[0] in p for p in row0())
    h2 = sim.Harness(6)
    refresh_golden._new_game(h2, 3, [0] * players, players)
    h2.app.scene.sel = len(h2.app.scene.rows()) - 1
    h2.tap("A")  # a plain match
    refresh_golden._through_privacy(h2)
    h = h2
    assert h.app.session.match.extra == [] and not any("POOL" in p for p in row0())
