"""Random button sequences (seeded; 3- to 6-button maps) across all screens and games
(``tools/soak.py``, which runs 200,000 presses): no exception, every move legal (the
saved record replays to the same state), the tile bookkeeping always consistent, hand
summaries and match results reached, and no text drawn past the screen's edge."""

import pytest

import soak

PRESSES = 7500  # per board map; 4 maps -> 30 000 presses


@pytest.mark.parametrize("board", (3, 4, 5, 6))
def test_random_presses(board):
    s = soak.Soak(board, 1).run(PRESSES)
    # the walk visits most screens, and plays hands and whole matches to their end
    assert {"Title", "Picker", "Options", "Table", "Summary", "Result"} <= set(s.seen), s.seen
    assert s.summaries >= 1 and s.results >= 1, (s.summaries, s.results)
    assert s.ran_off == [], sorted(set(s.ran_off))[:10]


def test_ran_off_hook_notes_text_past_the_edge():
    """The hook the soak relies on: text past the right or bottom edge is noted, text inside is not."""
    import sim
    h = sim.Harness(6)
    scr = h.app.scr
    scr.ran_off = None
    scr.text(4, "x" * 21)
    scr.small(0, 58, "Y" * 32)
    assert scr.ran_off is None
    scr.text(0, "x" * 22)
    assert scr.ran_off == "x" * 22
    scr.ran_off = None
    scr.small(0, 0, "Y" * 33)
    assert scr.ran_off == "Y" * 33
    scr.ran_off = None
    scr.small(0, 60, "Y")
    assert scr.ran_off == "Y"
    scr.ran_off = None
    scr.text(2, "abc", False, 120)
    assert scr.ran_off == "abc"
