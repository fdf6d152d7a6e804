"""Full matches of every game the UI offers (``domino.games.GAMES`` of a layout
kind the table draws) played through its buttons: against AI seats (3- and
6-button maps) and pass-and-play; a game of another kind is not offered."""

import pytest

import scenes
import session
import sim
import table
from domino import games
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
        if isinstance(sc, scenes.Result):
            return h, hands, privacy
        if isinstance(sc, scenes.Summary):
            if sc is not last_summary:  # one summary per hand (A pages through it)
                hands += 1
                last_summary = sc
            assert sc.app.session.code.count("-") == 2
            h.tap("A")
        elif isinstance(sc, scenes.Privacy):
            privacy += 1
            h.tap("A")
        elif isinstance(sc, table.Table):
            if sc.to_act and not sc.dirty_model:
                # walk the selection once around, then play
                h.tap("RIGHT")
                h.tap("A")
                if sc.choice is not None:
                    h.tap("A")
            else:
                h.step(50)
        else:
            raise AssertionError("unexpected screen %r" % sc)
    raise AssertionError("match did not finish")


@pytest.mark.parametrize("board", (3, 6))
@pytest.mark.parametrize("gid", [g[0] for g in games.shown(session.LAYOUTS)])
def test_match_against_ai(board, gid):
    h, hands, _ = play_match(board, gid)
    app = h.app
    se = app.session_done
    assert se.match.over and hands == se.match.hand_no
    assert app.session is None and not h.storage.load(2)
    p, _ = app.stats.get(gid, 1)
    assert p == 1
    assert Stats.decode(h.storage.load(1)).get(gid, 1)[0] == 1
    h.tap("A")
    assert isinstance(app.scene, scenes.Title)


@pytest.mark.parametrize("gid", [g[0] for g in games.shown(session.LAYOUTS)])
def test_pass_and_play(gid):
    cls = games.load(gid)
    n = cls.PLAYERS[0]
    h, hands, privacy = play_match(6, gid, kinds=[0] * n, players=n)
    assert privacy >= hands
    assert h.app.stats.get(gid, 3)[0] == 1


def test_games_the_table_cannot_draw_are_not_offered():
    """A game of a layout kind without a view (Domino Loo's tricks, for now) is in
    no menu, and its deal code is refused with the reason, never a broken table."""
    from domino import dealcode
    from domino.match import deal_code

    h = sim.Harness(6)
    h.tap("A")
    assert isinstance(h.app.scene, scenes.Picker)
    rows = h.app.scene.rows()
    for gid, _, _, title, layout in games.GAMES:
        assert (title in rows) == (layout in session.LAYOUTS), (title, layout)
    hidden = [g for g in games.GAMES if g[4] not in session.LAYOUTS]
    for gid, _, _, title, _ in hidden:
        code = deal_code(games.load(gid)(games.load(gid).PLAYERS[0], 5, None))
        with pytest.raises(dealcode.BadDealCode, match="cannot be played on this handheld yet"):
            session.new_deal(code)
