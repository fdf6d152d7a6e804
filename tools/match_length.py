"""How long whole matches run, and how they end: by a score reaching the target or
by the game's hand limit (Domino Loo with four players for points, Castle Rock).

    .venv-pypy/bin/python tools/match_length.py --game 4 --players 6 --player castlegreedy --matches 40

Every seat is played by ``--player`` (an arena player spec); prints the hands per
match (mean, median, max), how many matches a score at or over the target ended,
how many the hand limit did, and any the safety cap of ``--cap`` hands left unended;
then, in tenths of a point, the figures of Hard's race model of a match
(lib/domino/ai/odds.py, a family's ``PACE`` table, measured with ``--player club
--matches 300 --seed 99`` at the default target): ``pace``, the target over the
mean hands a match lasts, and ``spread``, the root mean square of two seats'
difference in one hand's points.
"""

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import arena  # noqa: E402
from domino import games  # noqa: E402


def measure(game_id, players, spec, matches, options=0, target=None, seed=1, cap=500):
    """A dict of the figures over ``matches`` matches of ``spec`` in every seat."""
    cls = games.load(game_id)
    lengths = []
    by_target = unended = 0
    sq = pairs = 0
    for i in range(matches):
        ms = arena.deal_seed(seed, i)
        seat_player = [arena.make_player(spec, (ms * 31 + s * 1009) & 0xFFFFFF) for s in range(players)]
        results = []
        m = arena.play_match(cls, players, ms, seat_player, target, options, cap, results)
        for r in results:
            p = r.points
            for a in range(len(p)):
                for b in range(a + 1, len(p)):
                    sq += (p[a] - p[b]) ** 2
                    pairs += 1
        lengths.append(m.hand_no)
        if not m.over:
            unended += 1
        elif max(m.scores) >= m.target:
            by_target += 1
    lengths.sort()
    mean = sum(lengths) / matches
    return {"matches": matches, "hands_mean": mean, "hands_median": lengths[matches // 2],
            "hands_max": lengths[-1], "ended_by_target": by_target,
            "ended_by_limit": matches - by_target - unended, "unended_at_cap": unended,
            "pace": round(10 * m.target / mean), "spread": round(10 * math.sqrt(sq / max(pairs, 1)))}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", type=int, required=True)
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--options", type=int, default=0)
    ap.add_argument("--player", default="medium", help="the arena player in every seat")
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--target", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cap", type=int, default=500, help="stop a match after this many hands")
    a = ap.parse_args(argv)
    res = measure(a.game, a.players, a.player, a.matches, a.options, a.target, a.seed, a.cap)
    for k in ("matches", "hands_mean", "hands_median", "hands_max", "ended_by_target",
              "ended_by_limit", "unended_at_cap", "pace", "spread"):
        v = res[k]
        print("%s: %s" % (k, "%.1f" % v if isinstance(v, float) else v))


if __name__ == "__main__":
    main()
