"""Full matches of every game the UI offers (``domino.games.GAMES`` of a layout
kind the table draws) played through its buttons: against AI seats (3- and
6-button maps) and pass-and-play; Domino Loo with 2, 3 and 4 players, plain
and pool; a game of another kind is not offered."""

import pytest

import scenes

import handend

import menus
import refresh_golden
import session
import sim
import table
from domino import games, tiles
from savegame import Stats


def play_match(board, gid, kinds=None, players=None, limit=6000):
    h = sim.Harness(board)
    app = h.app
    h.tap("A")  # New game
    idx = [g[0] for g in games.shown(session.LAYOUTS)].index(gid)
    for _ in range(idx):
        h.tap("DOWN" if "UP" in h.buttons else "RIGHT")
    h.tap("A")
    opt = app.scene
    assert type(opt).__name__ == "Options"
    if players is not None:
        opt.players = players
    if kinds is not None:
        for i, k in enumerate(kinds):
            opt.kinds[i] = k
    # walk to Start with the buttons
    for _ in range(len(opt.rows()) - 1):
        h.tap("DOWN" if "UP" in h.buttons else "RIGHT")
    h.tap("A")
    hands = 0
    privacy = 0
    last_summary = None
    for _ in range(limit):
        sc = app.scene
        if isinstance(sc, handend.Result):
            return h, hands, privacy
        if isinstance(sc, handend.Summary):
            if sc is not last_summary:  # one summary per hand (A pages through it)
                hands += 1
                last_summary = sc
            assert sc.app.session.code.count("-") == 2
            h.tap("A")
        elif isinstance(sc, scenes.Privacy):
            privacy += 1
            h.tap("A")
        elif type(sc).__name__ == "FirstDraw":  # the draw before the first hand, once
            assert hands == 0 and not app.session.drew
            h.tap("A")
        elif isinstance(sc, table.Table):
            if sc.to_act and not sc.dirty_model:
                # the arrows there and back, then play the item first offered (in
                # Castle Rock the leftmost capture until none is left: a match ends)
                h.tap("RIGHT")
                h.tap("LEFT")
                h.tap("A")
                if sc.choice is not None:  # the last of the choice (Castle Rock: all three)
                    h.tap("LEFT")
                    h.tap("A")
            else:
                h.step(50)
        else:
            raise AssertionError("unexpected screen %r" % sc)
    raise AssertionError("match did not finish")


@pytest.mark.parametrize("board", (3, 6))
@pytest.mark.parametrize("gid", [g[0] for g in games.shown(session.LAYOUTS)
                                 if session.has_ai(games.load(g[0]))])  # the others: pass and play
def test_match_against_ai(board, gid):
    # Domino Loo at 3: 4-player plain Loo to fifteen can run for hundreds of hands
    # (a loo costs five; 114 hands against three Medium seats on wt-looai, no winner)
    # Castle Rock at 2: a match to 50 with more seats runs to many hands (docs/ai.md, match lengths)
    layout = games.load(gid).LAYOUT
    h, hands, _ = play_match(board, gid, players=3 if layout == "tricks" else 2 if layout == "tableau"
                             else None)
    app = h.app
    se = app.session_done
    assert se.match.over and hands == se.match.hand_no
    assert app.session is None and not h.storage.load(2)
    p, _ = app.stats.get(gid, 1)
    assert p == 1
    assert Stats.decode(h.storage.load(1)).get(gid, 1)[0] == 1
    assert se.engines == [None, None, None]  # the result screen keeps no AI player
    h.tap("A")
    assert isinstance(app.scene, menus.Title)
    assert app.session_done is None  # the finished match's RAM goes back on the title


@pytest.mark.parametrize("gid", [g[0] for g in games.shown(session.LAYOUTS)])
def test_pass_and_play(gid):
    cls = games.load(gid)
    n = cls.PLAYERS[0]
    h, hands, privacy = play_match(6, gid, kinds=[0] * n, players=n)
    assert privacy >= hands
    assert h.app.stats.get(gid, 3)[0] == 1


def _loo_choice(se, legal):
    """The move a scripted Loo table makes (so that a match ends): seat 1 is the
    strong player, taking each trick it can with its best piece; the others play
    their lowest; in pool play the others throw up their hands (so the pool gets
    emptied and the match can end), but on the first hand seat 2 (index 1) takes the miss
    (a discard) and any dealer may swap for the turn-up in plain play."""
    from domino.loo import (KEEP, MISS, THROW_UP, FOR_POOL, EXCHANGE, trick_rank)
    g = se.game
    me = g.turn
    pub = g.observation(me).public
    if pub.phase == 0:  # deciding
        if me == 1 and MISS in legal and se.match.hand_no == 0:
            return MISS
        if me != 0 and THROW_UP in legal:
            return THROW_UP
        if me != 0 and FOR_POOL in legal:
            return FOR_POOL
        swaps = [m for m in legal if EXCHANGE <= m < KEEP]
        if swaps and not g.pool and me != 0:
            return swaps[0]
        return KEEP
    if pub.phase == 1:  # discarding
        return legal[0]
    trump, suit = pub.trump, pub.suit

    def rank(m):
        t = g.move_tile(m)
        return trick_rank(t, suit if suit >= 0 else 7, trump) * 8 + tiles.HI[t] + tiles.LO[t]
    best = sorted(legal, key=rank)
    return best[-1] if me == 0 else best[0]


def _press_to(h, t, m):
    """Select move ``m`` with the arrows and play it with A (through a choice if
    its item has several moves)."""
    i = [k for k in range(len(t.items)) if m in t.by_item[k]][0]
    for _ in range(len(t.items)):
        if t.sel == i:
            break
        h.tap("RIGHT")
    assert t.sel == i, (t.items, t.sel, i)
    h.tap("A")
    if t.choice is not None:
        while t.choice[t.ci] != m:
            h.tap("RIGHT")
        h.tap("A")


@pytest.mark.parametrize("board", (3, 6))
@pytest.mark.parametrize("players,pool", ((2, False), (3, False), (4, False), (3, True), (4, True)))
def test_loo_matches_through_the_buttons(board, players, pool):
    """Domino Loo to the end of a match, every seat a person (pass and play),
    each move chosen with the arrows and A: 2, 3 and 4 players, plain scoring
    and pool play; every hand summarised; the decisions (keep, miss and its
    discards, swap, throw up, for the pool), leads with their announcement and
    follows all made; in pool play money only moves (balances plus the pool
    stay 0); the match is counted."""
    from domino.loo import options_for
    h = sim.Harness(board)
    app = h.app
    h.tap("A")
    idx = [g[0] for g in games.shown(session.LAYOUTS)].index(3)
    for _ in range(idx):
        h.tap("DOWN" if "UP" in h.buttons else "RIGHT")
    h.tap("A")
    opt = app.scene
    opt.players = players
    if pool:
        opt.opt[0] = 1
    if not session.has_ai(opt.cls):
        assert list(opt.kinds[:players]) == [0] * players  # no AI plays Loo yet: people only
    for i in range(players):
        opt.kinds[i] = 0  # pass and play
    assert opt.options() == options_for(pool)
    for _ in range(len(opt.rows()) - 1):
        h.tap("DOWN" if "UP" in h.buttons else "RIGHT")
    h.tap("A")
    se = app.session
    assert se.cls.NAME == "Domino Loo" and se.match.players == players
    named = set()
    hands = 0
    last = None
    for _ in range(20000):
        sc = app.scene
        if isinstance(sc, handend.Result):
            break
        if isinstance(sc, handend.Summary):
            if sc is not last:
                hands += 1
                last = sc
                if pool:  # money is only moved: balances + pool = 0
                    assert sum(se.match.scores) + se.match.extra[0] == 0, (se.match.scores, se.match.extra)
            h.tap("A")
        elif isinstance(sc, scenes.Privacy):
            h.tap("A")
        elif isinstance(sc, table.Table):
            if sc.to_act and not sc.dirty_model:
                m = _loo_choice(se, se.legal())
                named.add(se.game.move_name(m).split()[0])
                _press_to(h, sc, m)
            else:
                h.step(50)
        else:
            raise AssertionError("unexpected screen %r" % sc)
    else:
        raise AssertionError("match did not finish")
    m = app.session_done.match
    assert m.over and hands == m.hand_no and app.session is None
    assert {"keep", "lead"} <= named, named
    if players > 2 or not pool:
        assert "take" in named and "discard" in named, named  # a miss and its discard
    assert ("pass" in named) == pool and (("exchange" in named) or pool), named
    assert app.stats.get(3, 3)[0] == 1
    if not pool:  # fifteen up; with four, or the hands of a pool match played
        assert max(m.scores) >= m.target or players == 4 and m.hand_no >= 16
        assert m.scores.count(max(m.scores)) == 1 and m.scores[m.winner] == max(m.scores)


def test_every_layout_kind_with_a_view_is_offered():
    """Every game whose layout kind has a board view (line, tricks) is in the
    picker; Domino Loo's deal code plays; a game no AI plays refuses AI seats
    with the reason instead of a broken table."""
    import os
    from domino import dealcode
    from domino.match import deal_code

    h = sim.Harness(6)
    h.tap("A")
    assert isinstance(h.app.scene, menus.Picker)
    rows = h.app.scene.rows()
    views = os.path.join(os.path.dirname(table.__file__), "views")
    for gid, _, _, title, layout in games.GAMES:
        assert (title in rows) == (layout in session.LAYOUTS), (title, layout)
        assert (layout in session.LAYOUTS) == os.path.isfile(os.path.join(views, layout + ".py"))
    assert "Domino Loo" in rows
    cls = games.load(3)
    code = deal_code(cls(3, 5, None))
    se = session.new_deal(code)
    assert se.game.NAME == "Domino Loo" and se.match is None
    assert list(se.kinds) == ([0, 2, 2] if session.has_ai(cls) else [0, 0, 0])
    if not session.has_ai(cls):
        with pytest.raises(ValueError, match="no AI plays Domino Loo"):
            session.new_deal(code, [0, 2, 2])
        with pytest.raises(ValueError, match="no AI plays Domino Loo"):
            session.new_match(3, 3, [0, 1, 0], 15, 7)
    with pytest.raises(dealcode.BadDealCode):
        session.new_deal(code[:-1] + ("0" if code[-1] != "0" else "1"))


@pytest.mark.parametrize("strict", [True, False])
def test_an_illegal_ai_move_raises_in_the_simulator_and_is_said_on_a_device(monkeypatch, strict):
    """An AI that returns an illegal move is a fault: the simulator and the tests raise;
    a device (``App.strict`` False) says so on row 1 and plays the first legal move."""
    from domino.ai import anytime
    from domino.game import IllegalMove
    h = sim.Harness(6)
    h.app.strict = strict
    refresh_golden._start(h, 0, kinds=[1, 1, 1, 1])  # every seat an AI: Easy
    monkeypatch.setattr(anytime.Player, "step", lambda self, budget: 555)
    se = h.app.session
    n = len(se.rec.moves)  # (a decision made before the AI went wrong may still play)
    if strict:
        with pytest.raises(IllegalMove):
            for _ in range(200):
                h.step(50)
        return
    faults = 0
    for _ in range(400):
        h.step(50)
        faults += "AI FAULT" in h.app.table.message()
        if len(se.rec.moves) > n + 2:
            break
    assert len(se.rec.moves) > n + 2  # play goes on: the first legal moves were played
    assert faults, "row 1 never said it"
