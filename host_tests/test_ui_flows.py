"""Issue 17 screens and flows: rules pages, deal-code entry on every board, readable
errors and options the game accepts, the end-of-hand reveal and summary words."""

import pytest

from domino import games
import refresh_golden
import scenes
import sim
import table


def _go_rules(h, gid_index):
    """Title -> Rules -> game ``gid_index``."""
    h.app.go(scenes.Picker(h.app, rules=True))
    h.app.scene.sel = gid_index
    h.tap("A")
    assert isinstance(h.app.scene, scenes.Rules)
    return h.app.scene


@pytest.mark.parametrize("board", (3, 6))
@pytest.mark.parametrize("gid_index", range(len(games.GAMES)))
def test_every_rules_page_reachable(board, gid_index):
    """Issue 17 fault 7: paging forward reaches the last page (n/n) and shows every line."""
    h = sim.Harness(board)
    r = _go_rules(h, gid_index)
    shown = set()
    pages = []
    for _ in range(100):
        cur, total = r.page()
        pages.append(cur)
        shown.update(range(r.top, min(r.top + 5, len(r.lines))))
        before = r.top
        h.tap("RIGHT")
        if r.top == before:
            break
    assert pages == list(range(1, total + 1)), (pages, total)
    assert shown == set(range(len(r.lines)))
    assert r.top + 5 >= len(r.lines)
    if board == 3:
        h.tap("A")  # on the last page A leaves
    else:
        h.tap("B")
    assert isinstance(h.app.scene, scenes.Picker)


@pytest.mark.parametrize("target", (100, 150, 200))
def test_allfives_rules_show_chosen_target(target):
    """Issue 17 fault 7: the All Fives rules name the target chosen on the options screen."""
    h = sim.Harness(6)
    opt = refresh_golden._new_game(h, 2)
    opt.target = target
    opt.sel = len(opt.rows()) - 1
    h.tap("A")  # start: the options are remembered
    assert isinstance(h.app.scene, table.Table)
    h.tap("B")
    h.app.go(scenes.Title(h.app))
    r = _go_rules(h, 2)
    text = " ".join(r.lines)
    assert "to %d wins" % target in text, text
    assert "250" not in text
    # and from the pause menu of that match
    r2 = scenes.Rules(h.app, 2)
    assert "to %d wins" % target in " ".join(r2.lines)


def test_rules_default_target_without_a_choice():
    h = sim.Harness(6)
    r = _go_rules(h, 2)
    assert "to 250 wins" in " ".join(r.lines)
    r = _go_rules(h, 0)
    assert "to 50 wins" in " ".join(r.lines)
