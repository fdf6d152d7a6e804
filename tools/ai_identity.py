"""The moves Easy, Medium and Hard choose on a fixed set of seeded positions.

Every game of ``games.GAMES`` at every seat count (and a few All Fives option
codes) is dealt from a few seeds and played by seeded random moves to several
depths (the lead, the middle, the ending the exact solvers take), then on to
the next choice of more than one move; at each position the seat to act is asked for a move by each level (Hard with its
default cost cap; one player per level and game, as a device keeps one between
decisions). One line per position: ``gid players options seed plies easy medium
hard``. A refactor of the AI must leave every line the same:

    python tools/ai_identity.py > host_tests/data/ai_moves.txt   # the reference
    python tools/ai_identity.py --check                          # compare with it

``host_tests/test_ai_identity.py`` runs the check.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))

from domino import ai, games  # noqa: E402
from domino.rng import Rng  # noqa: E402

REF = os.path.join(HERE, "..", "host_tests", "data", "ai_moves.txt")
GIDS = tuple(g[0] for g in games.GAMES)  # every game: a new game adds its own lines
SEEDS = (3, 11, 29, 47, 90)
PLIES = (0, 2, 4, 7, 9, 12, 15, 18, 22, 26, 30, 36)
EXTRA_OPTIONS = {2: ((4, 64), (3, 2), (2, 13), (2, 3), (5, 3))}  # All Fives: partners, sets, hand size


def cases():
    """``(gid, players, options)`` in a fixed order."""
    out = []
    for gid in GIDS:
        cls = games.load(gid)
        for n in cls.PLAYERS:
            out.append((gid, n, 0))
        for n, opt in EXTRA_OPTIONS.get(gid, ()):
            out.append((gid, n, opt))
    return out


def lines():
    """Yield one line per position (module doc)."""
    for gid, n, opt in cases():
        cls = games.load(gid)
        players = [ai.new_player(level, 7 + level) for level in range(3)]
        for seed in SEEDS:
            for plies in PLIES:
                g = cls.from_options(n, seed, None, opt)
                rng = Rng(seed * 1000 + plies)
                buf = [0] * 64
                while not g.over:
                    k = g.legal_moves(buf)
                    if len(g.moves()) >= plies and k >= 2:  # a choice to make
                        break
                    g.play(buf[rng.below(k)])
                if g.over:
                    continue
                obs = g.observation(g.turn)
                mv = [p.choose(cls, obs) for p in players]
                yield "%d %d %d %d %d %d %d %d" % (gid, n, opt, seed, plies, mv[0], mv[1], mv[2])


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with %s, print what differs"
                    % os.path.relpath(REF, os.path.dirname(HERE)))
    if ap.parse_args(argv).check:
        with open(REF) as f:
            want = f.read().split("\n")
        got = list(lines())
        bad = [(w, g) for w, g in zip(want, got) if w != g]
        for w, g in bad:
            print("want %s\n got %s" % (w, g))
        if len(want) - 1 != len(got):
            print("%d lines, %d expected" % (len(got), len(want) - 1))
            bad.append(None)
        print("%d positions, %d differ" % (len(got), len(bad)))
        return 1 if bad else 0
    for line in lines():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
