"""tools/arena.py: output format and duplicate play (strength is measured by
the arena itself, not asserted here, except one sanity check with a wide margin)."""

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


def test_same_player_on_both_sides_is_even():
    # the duplicate swap makes a mirror match exactly even
    res = arena.run(0, 4, "heaviest", "heaviest", 5, seed=3)
    assert abs(res["points_share_a"] - 0.5) < 1e-9


def test_medium_beats_random_sanity():
    res = arena.run(0, 4, "medium", "random", 120, seed=4)
    assert res["points_share_a"] > 0.6  # measured about 0.77 over 500 deals
