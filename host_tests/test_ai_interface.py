"""Every game family gives the AI the interface :mod:`domino.ai.interface` writes
down: the members Hard must have, each optional one its own or the default, and
a named cost record of :func:`domino.ai.hard.costs`'s fields."""

import inspect

import pytest

from devscript import valid_code
from domino import games
from domino.ai import family, interface
from domino.ai.hard import costs

REQUIRED = ("rollout", "points", "exp_table", "loglik", "costs", "PRIOR_SCALE")
OPTIONAL = ("BlockModel", "guide", "FastSolver", "model_applies", "fast_applies", "fast_playout",
            "exact_at", "close_applies")
FIELDS = tuple(inspect.signature(costs).parameters)


def test_the_optional_members_are_the_defaults_module():
    """What a family may leave out has a default in the interface module, and
    nothing else is there: the list above is the module's."""
    names = {n for n in dir(interface) if not n.startswith("_")}
    assert names == set(OPTIONAL)


@pytest.mark.parametrize("gid", range(len(games.GAMES)))
def test_each_family_gives_the_whole_interface(gid):
    cls = games.load(gid)
    F = family(cls)
    for name in ("weight", "Knowledge", "medium_scores", "search_parts"):
        assert callable(getattr(F, name)), name
    S = F.search_parts()
    for name in REQUIRED + OPTIONAL:
        assert hasattr(S, name), (cls.NAME, name)
    record = S.costs(cls)
    assert type(record) is tuple and len(record) == len(FIELDS), record
    c = dict(zip(FIELDS, record))
    assert all(type(v) is int and v >= 0 for v in record), c
    # the work every decision counts has a price
    assert c["deal"] > 0 and c["move"] > 0, c
    # a feature the game's hands use is priced: playouts on the fast solver's state
    # (with the block model's guided draws, in block play), the fast solver's nodes
    if S.fast_playout(cls) is not None:
        assert c["loglik"] > 0 and c["deal_guided"] > 0 and c["move_fast"] > 0, c
        assert c["playout_fast"] > 0, c
    g = games.from_code(valid_code(gid, cls.PLAYERS[0], 1))
    if S.fast_applies(g):
        assert c["node_fast"] > 0, c
    # the family's policy work is counted where it is priced
    if c["work"]:
        assert callable(S.work), cls.NAME


def test_the_cost_record_names_its_fields():
    """Fields left out are 0; the order is the builder's."""
    assert costs(1, 2, 3, 4, 5) == (1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 0)
    assert dict(zip(FIELDS, costs(deal=1, replay=2, weigh=3, move=4, node=5, playout_fast=9)))[
        "playout_fast"] == 9
