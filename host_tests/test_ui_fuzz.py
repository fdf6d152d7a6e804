"""Random button sequences (seeded; 3- to 6-button maps) across all screens and games, and from a Domino Loo match
(``tools/soak.py``, which runs 200,000 presses): no exception, every move legal (the
saved record replays to the same state), the tile bookkeeping always consistent, hand
summaries and match results reached, and no text drawn past the screen's edge or
over other text (``soak.track_text``)."""

import pytest

import soak

PRESSES = 4500  # per board map; 4 maps -> 25 000 presses
# the 6- and 4-button walks take longer to finish their first whole match (the 6-button
# one a 3-player Castle Rock match against AI seats, to 50: docs/ai.md, match lengths):
# both have by 7,000 presses
MORE = {6: 8000, 4: 8000}


@pytest.mark.parametrize("board", (3, 4, 5, 6))
def test_random_presses(board):
    s = soak.Soak(board, 1).run(MORE.get(board, PRESSES))
    # the walk visits most screens, and plays hands and whole matches to their end
    assert {"Title", "Picker", "Options", "Table", "Summary", "Result"} <= set(s.seen), s.seen
    assert s.summaries >= 1 and s.results >= 1, (s.summaries, s.results)
    assert s.ran_off == [], sorted(set(s.ran_off))[:10]
    assert s.overlaps == [], sorted(set(s.overlaps))[:10]


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


@pytest.mark.parametrize("board,players,pool", ((3, 2, False), (4, 4, True), (5, 3, False), (6, 3, True)))
def test_random_presses_in_domino_loo(board, players, pool):
    """The walk started in a Domino Loo match (every seat a person: pass and play):
    its screens (privacy, table, summary) reached, hands played to their summary,
    every move legal, no exception and no text past the screen's edge."""
    from domino.loo import options_for
    s = soak.Soak(board, 2, start=(3, players, options_for(pool))).run(2500)
    assert (3, players) in s.players
    assert {"Table", "Privacy", "Summary"} <= set(s.seen), s.seen
    assert s.summaries >= 1, s.seen
    assert s.ran_off == [], sorted(set(s.ran_off))[:10]
    assert s.overlaps == [], sorted(set(s.overlaps))[:10]


@pytest.mark.parametrize("board,players,drinks", ((3, 2, True), (4, 5, True), (5, 6, False), (6, 3, True)))
def test_random_presses_in_castle_rock(board, players, drinks):
    """The walk started in a Castle Rock match (every seat a person: pass and play;
    2, 3, 5 and 6 players; a hand for drinks or a match): its screens (privacy,
    table, summary) reached, every move legal, no exception and no text past the
    screen's edge; captures made and turns ended by the presses."""
    from domino.castle import options_for
    s = soak.Soak(board, 3, start=(4, players, options_for(drinks=drinks))).run(2500)
    assert (4, players) in s.players
    assert any(n.startswith("place ") for n in s.named), s.named
    assert any(n.startswith("take ") and n[5].isdigit() for n in s.named), s.named  # not Loo's "take miss"
    assert "end turn" in s.named, s.named
    assert {"Table", "Privacy", "Summary"} <= set(s.seen), s.seen
    assert s.summaries >= 1, s.seen
    assert s.ran_off == [], sorted(set(s.ran_off))[:10]
    assert s.overlaps == [], sorted(set(s.overlaps))[:10]
