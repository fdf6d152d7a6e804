"""Perft: move-tree counts of fixed deals against host_tests/data/perft_line.json.

The counts are recomputed twice: through the game contract (as tools/perft.py
does, so any change to move generation, apply or undo shows up), and, for the
line games without a boneyard, by a small reference engine written here from
the rules (hands as sets, two open ends), which shares no code with the core.
"""

import json
import os

import pytest

import perft  # tools/perft.py: the move-tree walk through the game contract

from domino import games
from domino.game import PASS
from domino.match import deal_code

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "data", "perft_line.json")) as _f:
    DATA = json.load(_f)
ENTRIES = DATA["entries"]


def make(e):
    cls = games.load(e["game_id"])
    if e["options"]:
        return cls.from_options(e["players"], e["seed"], None, e["options"])
    return cls(e["players"], e["seed"])


# -- reference engine: straight block dominoes on a line, from the rules --------------

def ends_of(t):
    hi = 0
    while (hi + 1) * (hi + 2) // 2 <= t:
        hi += 1
    return hi, t - hi * (hi + 1) // 2


def ref_moves(hands, line, turn):
    """Moves as (tile, arm) or None for a pass."""
    hand = hands[turn]
    if line is None:
        return [(t, 0) for t in sorted(hand)]
    out = []
    for arm in (0, 1):
        if arm == 1 and line[1] == line[0]:
            continue  # the same play as on the left
        for t in sorted(hand):
            if line[arm] in ends_of(t):
                out.append((t, arm))
    return out or [None]


def ref_apply(hands, line, turn, passes, mv, players):
    """The next state; ``over`` when a hand empties or every seat passed in turn."""
    if mv is None:
        passes += 1
        return hands, line, (turn + 1) % players, passes, passes >= players
    t, arm = mv
    hands = [set(h) for h in hands]
    hands[turn].discard(t)
    a, b = ends_of(t)
    if line is None:
        line = (a, b)
    else:
        new = a + b - line[arm]
        line = (new, line[1]) if arm == 0 else (line[0], new)
    return hands, line, (turn + 1) % players, 0, not hands[turn]


def ref_perft(state, depth, players, nodes, ended, ply=0):
    hands, line, turn, passes = state
    for mv in ref_moves(hands, line, turn):
        h2, l2, t2, p2, over = ref_apply(hands, line, turn, passes, mv, players)
        nodes[ply] += 1
        if over:
            ended[ply] += 1
        elif ply + 1 < depth:
            ref_perft((h2, l2, t2, p2), depth, players, nodes, ended, ply + 1)


def ref_start(e):
    """The reference state after the deal and the entry's prefix."""
    g = make(e)  # only the deal (who holds what, who leads) is taken from the core
    players = e["players"]
    hands = [set(g.hand(s)) for s in range(players)]
    state = (hands, None, g.turn, 0)
    for mv in e["prefix"]:
        hands, line, turn, passes = state
        m = None if mv == PASS else (mv >> 2, mv & 3)
        assert m in ref_moves(hands, line, turn), "prefix move %d not legal by the rules" % mv
        h2, l2, t2, p2, over = ref_apply(hands, line, turn, passes, m, players)
        assert not over
        state = (h2, l2, t2, p2)
    return state


def ids(e):
    return "%s-%dp-seed%d-prefix%d" % (e["game"].replace(" ", ""), e["players"], e["seed"],
                                        len(e["prefix"]))


def test_data_file_shape():
    assert DATA["format"] == "pocket-dominoes perft 1"
    covered = {(e["game_id"], e["players"]) for e in ENTRIES}
    assert {(0, 2), (0, 3), (0, 4), (1, 4)} <= covered
    for e in ENTRIES:
        assert e["depth"] == len(e["nodes"]) == len(e["ended"])
        assert all(n > 0 for n in e["nodes"])
    assert any(sum(e["ended"]) for e in ENTRIES), "some trees must reach the end of a hand"


@pytest.mark.parametrize("e", ENTRIES, ids=ids)
def test_perft_through_the_contract(e):
    g = make(e)
    assert deal_code(g) == e["code"]
    for mv in e["prefix"]:
        g.play(mv)
    before = (bytes(g.loc), g.nhist, g.turn)
    nodes, ended = perft.perft(g, e["depth"])
    assert (bytes(g.loc), g.nhist, g.turn) == before  # the walk undid everything
    assert nodes == e["nodes"]
    assert ended == e["ended"]


LINE_GAMES = [e for e in ENTRIES if e["game_id"] in (0, 1)]


@pytest.mark.parametrize("e", LINE_GAMES, ids=ids)
def test_perft_against_reference_engine(e):
    # as deep as stays quick (the reference copies its state at every node)
    depth = 1
    while depth < e["depth"] and e["nodes"][depth] <= 20000:
        depth += 1
    nodes, ended = [0] * depth, [0] * depth
    ref_perft(ref_start(e), depth, e["players"], nodes, ended)
    assert nodes == e["nodes"][:depth]
    assert ended == e["ended"][:depth]


def test_perft_by_hand():
    # the first counts of a fresh deal, by the rules: the double-six holder may
    # lead any of 7 (4 players), 9 (3 players) or 14 (2 players) tiles
    first = {(e["game_id"], e["players"]): e["nodes"][0] for e in ENTRIES if not e["prefix"]}
    assert first[(0, 4)] == 7 and first[(0, 3)] == 9 and first[(0, 2)] == 14
    assert first[(1, 4)] == 7  # Whist: forehand opens with any of 7
