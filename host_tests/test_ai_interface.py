"""Every game family gives the AI the interface :mod:`domino.ai.interface` writes
down: a family package's four names, and Hard's part an instance of a subclass
of :class:`~domino.ai.interface.Search` with a priced :class:`~domino.ai.interface.Costs`."""

import inspect

import pytest

from devscript import valid_code
from domino import games
from domino.ai import family
from domino.ai.interface import Costs, Search

FIELDS = tuple(inspect.signature(Costs).parameters)


@pytest.mark.parametrize("gid", range(len(games.GAMES)))
def test_each_family_gives_the_whole_interface(gid):
    cls = games.load(gid)
    F = family(cls)
    for name in ("weight", "Knowledge", "medium_scores", "search_parts"):
        assert callable(getattr(F, name)), name
    S = F.search_parts()
    assert isinstance(S, Search) and type(S) is not Search, S
    # what the base leaves to the family is given by it
    for name in ("rollout", "loglik"):
        assert callable(getattr(S, name, None)), (cls.NAME, name)
    record = S.costs(cls)
    assert type(record) is Costs, record
    c = vars(record)
    assert set(c) == set(FIELDS), c
    assert all(type(v) is int and v >= 0 for v in c.values()), c
    # the work every decision counts has a price
    assert c["deal"] > 0 and c["move"] > 0, c
    # a feature the game's hands use is priced: playouts on the fast solver's state
    # (with the block model's guided draws, in block play), the fast solver's nodes
    if S.fast_playout(cls) is not None:
        assert c["loglik"] > 0 and c["deal_guided"] > 0 and c["move_fast"] > 0, c
        assert c["playout_fast"] > 0, c
    g = games.from_code(valid_code(gid, cls.PLAYERS[0], 1))
    if S.fast_applies(g):
        assert c["node_fast"] > 0 and S.FastSolver is not None, c
    # the family's policy work is counted where it is priced, and only there
    if not c["work"]:
        assert type(S).work is Search.work, cls.NAME


def test_the_defaults_are_the_plainest_search():
    """A family that overrides nothing has no block model, no faster solver or
    playouts, Hard's own exact thresholds, no close decisions, no policy work,
    and values a playout by the hand's result."""
    class Bare(Search):
        COSTS = Costs(deal=1, replay=2, weigh=3, move=4, node=5)
    S = Bare()
    assert S.costs(None) is Bare.COSTS
    assert (S.model_applies(None), S.fast_applies(None), S.fast_playout(None), S.exact_at(None),
            S.close_cost(None, 40000), S.work()) == (False, False, None, None, 0, 0)
    assert S.BlockModel is S.guide is S.FastSolver is None and S.PRIOR_SCALE == 1
    assert S.prior_scale(None) == 1 and S.top(None, 3) == 3 and S.top(None, 0) == 0

    class Ended:
        def result(self):
            class R:
                points = (3, 1)
            return R
    assert S.points(Ended()) == (3, 1)
    assert S.exp_table(0.5)[0] == 65536


def test_the_cost_record_names_its_fields():
    """Fields left out are 0."""
    c = Costs(deal=1, replay=2, weigh=3, move=4, node=5, playout_fast=9)
    assert (c.deal, c.node, c.playout_fast, c.work, c.loglik, c.node_fast) == (1, 5, 9, 0, 0, 0)


def test_line_games_weigh_medium_less_with_two_or_three_players():
    """Hard's prior in the line games: Medium's score at ``PRIOR_SCALE`` with 4
    players or more (twice that in All Fives), at 1 with 2 or 3 and in Domino Whist
    (where it won more against the club players)."""
    for gid in range(len(games.GAMES)):
        cls = games.load(gid)
        if cls.LAYOUT != "line":
            continue
        S = family(cls).search_parts()
        for n in cls.PLAYERS:
            K = family(cls).Knowledge(cls, cls(n, 1).observation(0))
            want = 1 if n < 4 or cls.BAD_POINTS else 8 if cls.SCORES_IN_PLAY else 4
            assert S.prior_scale(K) == want
