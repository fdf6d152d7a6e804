"""Perft data for All Fives, in the format of ``tools/perft.py`` plus a scoring checksum.

Entries are made by :func:`perft.entry` (game id, players, seed, options, a
seeded prefix of moves, ``nodes`` and ``ended`` per depth; draws and passes
are moves, and the boneyard is drawn in a fixed order, so the tree is
deterministic) and get one more field: ``points[d-1]``, the sum over the
sequences of length ``d`` of all points scored in the hand so far (the play
points of :meth:`hand_scores`), so that a change in scoring shows up too.
Prefixes are long enough for spinners and side arms to appear.

    .venv/bin/python tools/perft_allfives.py          # rewrite host_tests/data/perft_allfives.json
    .venv/bin/python tools/perft_allfives.py --check  # recompute and compare with the file
"""

import json
import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
for _p in (TOOLS, os.path.join(ROOT, "lib")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import perft  # noqa: E402  (tools/perft.py)
from domino.allfives import options_for  # noqa: E402

DATA = os.path.join(ROOT, "host_tests", "data", "perft_allfives.json")

# (game id, players, seed, options, prefix length, prefix seed, depth), as in tools/perft.py
CASES = (
    (2, 2, 11, 0, 0, 0, 7),
    (2, 2, 11, 0, 6, 1, 10),
    (2, 3, 42, 0, 7, 2, 10),
    (2, 3, 8, 0, 12, 9, 9),
    (2, 4, 7, options_for(nset=6, partners=True), 8, 3, 11),  # double-six, 5 each (an option)
    (2, 4, 99, options_for(nset=6, hand_size=7), 9, 4, 8),
    (2, 6, 5, 0, 12, 5, 7),
    (2, 8, 124, 0, 16, 6, 8),
    (2, 7, 9, 0, 14, 2, 7),
    (2, 2, 78, options_for(nset=12, hand_size=9), 6, 2, 10),
    (2, 5, 31, options_for(nset=12), 14, 8, 7),
)


def points_perft(g, depth):
    """Per depth 1..``depth``: the sum of the hand's play points over the sequences."""
    points = [0] * depth
    perft.perft(g, depth, points)
    return points


def position(e):
    """The hand of entry ``e`` after its prefix."""
    g = perft.make(e["game_id"], e["players"], e["seed"], e["options"])
    for m in e["prefix"]:
        g.play(m)
    return g


def entry(case):
    """``perft.entry`` plus ``points``."""
    e = perft.entry(case)
    e["points"] = points_perft(position(e), case[-1])
    return e


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description="All Fives perft counts; without --check rewrites "
                                 + os.path.relpath(DATA, ROOT) + ".")
    ap.add_argument("--check", action="store_true", help="compare with the data file, write nothing")
    check = ap.parse_args(argv).check
    entries = []
    for case in CASES:
        e = entry(case)
        entries.append(e)
        print("%dp %-5s seed %-4d code %s prefix %2d: %s" % (
            e["players"], e["options"], e["seed"], e["code"], len(e["prefix"]), e["nodes"]))
    if check:
        with open(DATA) as f:
            old = json.load(f)
        ok = old["format"] == perft.FORMAT and old["entries"] == entries
        print("data file " + ("matches" if ok else "DIFFERS"))
        return 0 if ok else 1
    doc = ("All Fives perft counts (format of tools/perft.py): replay 'prefix' from the deal "
           "made by games.load(game_id)(players, seed) (or from_options when options); "
           "nodes[d-1] = move sequences of length d, ended[d-1] = how many end the hand, "
           "points[d-1] = sum of the hand's play points over them. Written by "
           "tools/perft_allfives.py.")
    os.makedirs(os.path.dirname(DATA), exist_ok=True)
    with open(DATA, "w") as f:
        f.write('{"format": %s,\n "doc": %s,\n "entries": [\n  ' % (
            json.dumps(perft.FORMAT), json.dumps(doc)))
        f.write(",\n  ".join(json.dumps(e) for e in entries))
        f.write("\n ]}\n")
    print("wrote", os.path.relpath(DATA, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
