"""tools/arena.py: output format and duplicate play (strength is measured by
the arena itself, not asserted here, except one sanity check with a wide margin)."""

import json
import os
import re
import subprocess
import sys

import arena

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_output_format():
    out = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "arena.py"), "--game", "0", "--players", "4",
         "--a", "medium", "--b", "heaviest", "--deals", "3", "--quiet"],
        capture_output=True, text=True, check=True).stdout
    keys = dict(line.split(": ", 1) for line in out.strip().splitlines())
    assert 0.0 <= float(keys["points_share_a"]) <= 1.0
    assert re.fullmatch(r"\[-?\d+\.\d{4}, -?\d+\.\d{4}\]", keys["points_share_ci95"])
    assert 0.0 <= float(keys["hands_won_a"]) <= 1.0
    assert keys["deals"] == "3"
    assert keys["hands"] == "6"


def test_every_deal_is_played_with_sides_swapped():
    for gid, players in ((0, 4), (1, 4), (0, 2), (0, 3), (2, 2)):
        res = arena.run(gid, players, "easy", "random", 3, seed=9)
        plays = res["plays"]
        nsides = len(set(a for _, a, _ in plays))
        seeds = sorted(set(d for d, _, _ in plays))
        assert len(seeds) == 3
        for d in seeds:
            sides = sorted(a for s, a, _ in plays if s == d)
            assert sides == list(range(nsides))  # A took every side of this deal once


def test_deals_with_options_play_the_options_sides():
    # All Fives in partnerships (options 64): two sides, A in both seats of one
    res = arena.run(2, 4, "heaviest", "heaviest", 3, seed=9, options=64)
    assert sorted(a for d, a, _ in res["plays"] if d == res["plays"][0][0]) == [0, 1]
    assert res["hands"] == 6 and abs(res["points_share_a"] - 0.5) < 1e-9


def test_same_player_on_both_sides_is_even():
    # the duplicate swap makes a mirror match exactly even
    res = arena.run(0, 4, "heaviest", "heaviest", 5, seed=3)
    assert abs(res["points_share_a"] - 0.5) < 1e-9


def test_medium_beats_random_sanity():
    res = arena.run(0, 4, "medium", "random", 120, seed=4)
    assert res["points_share_a"] > 0.6  # measured about 0.77 over 500 deals


# -- Domino Loo: whole matches and the rule-based player ------------------------------


def test_loo_matches_output_format():
    out = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "arena.py"), "--game", "3", "--players", "2",
         "--a", "medium", "--b", "loorule", "--matches", "3", "--quiet"],
        capture_output=True, text=True, check=True).stdout
    keys = dict(line.split(": ", 1) for line in out.strip().splitlines())
    assert 0.0 <= float(keys["matches_won_a"]) <= 1.0
    assert re.fullmatch(r"\[-?\d+\.\d{4}, -?\d+\.\d{4}\]", keys["matches_won_ci95"])
    assert keys["matches"] == "6" and keys["par"] == "0.5000"
    assert int(keys["hands"]) >= 6 * 3  # a match to fifteen takes three hands at least


def test_matches_rows_pair_by_seed(tmp_path):
    # --rows with --matches: each seed's share of the matches A won; --paired against a
    # run of the same seeds gives the mean difference, and refuses other seeds
    arena_py = os.path.join(ROOT, "tools", "arena.py")
    rows = str(tmp_path / "rows.json")
    base = [sys.executable, arena_py, "--game", "3", "--players", "2", "--b", "loorule",
            "--matches", "3", "--quiet"]
    out = subprocess.run(base + ["--a", "medium", "--rows", rows], capture_output=True, text=True,
                         check=True).stdout
    keys = dict(line.split(": ", 1) for line in out.strip().splitlines())
    with open(rows) as f:
        data = json.load(f)
    assert len(data["xs"]) == 3 and data["ys"] == [1.0] * 3 and data["matches"] is True
    assert all(x in (0.0, 0.5, 1.0) for x in data["xs"])
    assert abs(sum(data["xs"]) / 3 - float(keys["matches_won_a"])) < 1e-4
    out = subprocess.run(base + ["--a", "loorule", "--paired", rows], capture_output=True,
                         text=True, check=True).stdout
    m = re.search(r"over 3 match seeds: ([-+]\d+\.\d{4})", out)
    assert m and abs(float(m.group(1)) - (0.5 - sum(data["xs"]) / 3)) < 1e-4  # loorule's mirror: 0.5
    bad = subprocess.run(base + ["--a", "loorule", "--seed", "2", "--paired", rows],
                         capture_output=True, text=True)
    assert bad.returncode != 0 and "other deals" in bad.stderr


def test_loo_matches_seat_a_everywhere_and_end_at_fifteen():
    from domino import games
    res = arena.run_matches(3, 3, "easy", "loorule", 2, seed=5)
    plays = res["plays"]
    assert len(plays) == 6
    for ms in set(p[0] for p in plays):
        assert sorted(a for s, a, _, _ in plays if s == ms) == [0, 1, 2]
    cls = games.load(3)
    m = arena.play_match(cls, 2, 77, [arena.make_player("loorule", 1),
                                      arena.make_player("medium", 2)])
    assert m.over and max(m.scores) >= 15 and m.scores.count(max(m.scores)) == 1
    assert m.winner == m.scores.index(max(m.scores))


def test_loo_mirror_matches_are_even():
    # the same player in every seat of every match seed: A wins exactly its share
    for players in (2, 3):
        res = arena.run_matches(3, players, "loorule", "loorule", 3, seed=2)
        assert abs(res["matches_won_a"] - 1.0 / players) < 1e-9


def test_partnership_matches_give_a_each_side_once():
    # Domino Whist: A holds both seats of side 0, then of side 1; a mirror is even
    res = arena.run_matches(1, 4, "heaviest", "heaviest", 2, seed=3)
    assert res["par"] == 0.5 and res["matches"] == 4
    for ms in set(p[0] for p in res["plays"]):
        assert sorted(a for s, a, _, _ in res["plays"] if s == ms) == [0, 1]
    assert all(w in (0, 1) for _, _, w, _ in res["plays"])
    assert abs(res["matches_won_a"] - 0.5) < 1e-9


def test_loo_hands_are_played_with_seats_swapped():
    res = arena.run(3, 2, "loorule", "random", 3, seed=9)
    assert sorted(a for _, a, _ in res["plays"]) == [0, 0, 0, 1, 1, 1]


def _obs(hands, turnup, moves=(), seat=None):
    from domino import tiles
    from domino.loo import Loo
    g = Loo(len(hands), 1, 0)
    g.redeal([[tiles.tile(*p) for p in h] for h in hands], None, 0, tiles.tile(*turnup))
    for mv in moves:
        g.play(mv)
    return Loo, g.observation(g.turn if seat is None else seat)


def test_loo_rule_player_follows_its_rules():
    from domino import tiles
    from domino.loo import FOLLOW, KEEP, MISS, TRUMP, lead
    T = tiles.tile
    p = arena.make_player("loorule", 0)
    # no trump (fours) and no double: take miss; a double: keep
    assert p.choose(*_obs([[(2, 0), (3, 1), (1, 0), (3, 2), (5, 1)],
                           [(6, 6), (5, 5), (4, 4), (6, 4), (6, 5)]], (4, 1))) == MISS
    assert p.choose(*_obs([[(2, 0), (3, 1), (1, 0), (3, 3), (5, 1)],
                           [(6, 6), (5, 5), (4, 4), (6, 4), (6, 5)]], (4, 1))) == KEEP
    # two trumps: lead the highest trump
    cls, obs = _obs([[(4, 0), (6, 4), (1, 0), (3, 3), (5, 1)],
                     [(6, 6), (5, 5), (4, 4), (2, 2), (6, 5)]], (4, 1), [KEEP, KEEP])
    assert p.choose(cls, obs) == lead(T(6, 4), TRUMP)
    # one trump, a six led: follow with the lowest six that wins (6-1 over 6-5)
    cls, obs = _obs([[(6, 0), (3, 1), (1, 0), (3, 2), (5, 0)],
                     [(6, 1), (6, 5), (4, 4), (2, 2), (3, 3)]], (4, 1),
                    [KEEP, KEEP, lead(T(6, 0), 6)])
    assert p.choose(cls, obs) == FOLLOW + T(6, 1)
    # a six led that it cannot win by following (6-6 above all): follow as low as possible
    cls, obs = _obs([[(6, 6), (3, 1), (1, 0), (3, 2), (5, 0)],
                     [(6, 1), (6, 5), (4, 4), (2, 2), (3, 3)]], (4, 1),
                    [KEEP, KEEP, lead(T(6, 6), 6)])
    assert p.choose(cls, obs) == FOLLOW + T(6, 1)


def test_costs_are_hards_counted_time_by_phase():
    """``--costs``: every Hard decision with a choice, as its counted cost in ms
    (``cost / 20``), under the phase of its position, and nothing for others."""
    arena.COSTS = {}
    try:
        seen = []
        orig = arena.Hard.choose

        def choose(self, cls, obs):
            mv = orig(self, cls, obs)
            if len(obs.legal) > 1:
                seen.append((arena.phase(obs), self.cost / 20.0))
            return mv

        arena.Hard.choose = choose
        try:
            arena.run(0, 4, "hard", "medium", 2, seed=5)
        finally:
            arena.Hard.choose = orig
        costs = arena.COSTS
    finally:
        arena.COSTS = None
    assert sorted(x for v in costs.values() for x in v) == sorted(x for _, x in seen)
    for ph in ("early", "middle", "late"):
        assert sorted(costs[ph]) == sorted(x for p, x in seen if p == ph)
    lines = arena.cost_lines(costs)
    assert len(lines) == 3 and lines[0].startswith("counted_ms_early: n %d median " % len(costs["early"]))


def test_the_phase_of_a_decision():
    from domino import games
    cls = games.load(0)
    g = cls(4, 3)
    assert arena.phase(g.observation(g.turn)) == "early"
    from domino.game import new_move_buffer
    buf = new_move_buffer()
    while sum(g.observation(0).counts) > 14:
        g.apply(buf[0] if g.legal_moves(buf) else None)
        if len(g.observation(g.turn).events) >= 4:
            assert arena.phase(g.observation(g.turn)) in ("middle", "late")
    assert arena.phase(g.observation(g.turn)) == "late"
