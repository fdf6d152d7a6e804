"""Perft for any game of the core: count the move tree from fixed positions.

A case names a game by its id (``domino.games``), the player count, the deal
seed and options, and a prefix of moves played from the deal (chosen once by
a seeded random playout with the core's PRNG, so that mid-hand positions with
passes are covered, and stored in the data file as plain move ints). For each
depth 1..N the file gives ``nodes`` (move sequences of that length; passes and
draws are moves, a hand that has ended has no moves) and ``ended`` (how many
of those sequences end the hand). The tree is walked with the contract only
(``legal_moves``/``apply``/``undo``), so any game can be added as a case.

    .venv/bin/python tools/perft.py           # rewrite host_tests/data/perft_line.json
    .venv/bin/python tools/perft.py --check   # recompute and compare with the file
"""

import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from domino import games  # noqa: E402
from domino.game import new_move_buffer  # noqa: E402
from domino.match import deal_code  # noqa: E402
from domino.rng import Rng  # noqa: E402

DATA = os.path.join(ROOT, "host_tests", "data", "perft_line.json")
FORMAT = "pocket-dominoes perft 1"

# (game id, players, seed, options, prefix length, prefix seed, depth)
CASES = (
    (0, 4, 1, 0, 0, 0, 10),
    (0, 4, 2024, 0, 6, 1, 10),
    (0, 4, 77, 0, 16, 5, 14),
    (0, 3, 7, 0, 0, 0, 7),
    (0, 3, 99, 0, 5, 2, 9),
    (0, 3, 123, 0, 14, 6, 12),
    (0, 2, 5, 0, 0, 0, 6),
    (0, 2, 31337, 0, 10, 3, 8),
    (0, 2, 12, 0, 16, 7, 12),
    (1, 4, 3, 0, 0, 0, 10),
    (1, 4, 4242, 0, 8, 4, 10),
    (1, 4, 8, 0, 16, 8, 14),
)


def make(game_id, players, seed, options=0):
    """A new hand of a game, dealt from ``seed`` with its default starter."""
    cls = games.load(game_id)
    if options:
        return cls.from_options(players, seed, None, options)
    return cls(players, seed)


def perft(g, depth, points=None):
    """``(nodes, ended)``: per depth 1..``depth``, the number of move sequences
    of that length from ``g`` and how many of them end the hand. With a list
    ``points`` of ``depth`` zeros, also adds up per depth the points scored in
    play so far (``sum(g.hand_scores())``) over the sequences."""
    nodes = [0] * depth
    ended = [0] * depth
    bufs = [new_move_buffer() for _ in range(depth)]

    def walk(ply):
        buf = bufs[ply]
        n = g.legal_moves(buf)
        for i in range(n):
            g.apply(buf[i])
            nodes[ply] += 1
            if points is not None:
                points[ply] += sum(g.hand_scores())
            if g.over:
                ended[ply] += 1
            elif ply + 1 < depth:
                walk(ply + 1)
            g.undo()

    walk(0)
    return nodes, ended


def prefix(g, length, seed):
    """Play ``length`` moves picked with ``Rng(seed)`` (fewer if the hand ends); return them."""
    rng = Rng(seed)
    buf = new_move_buffer()
    out = []
    while len(out) < length and not g.over:
        n = g.legal_moves(buf)
        mv = buf[rng.below(n)]
        g.apply(mv)
        out.append(mv)
    return out


def entry(case):
    """The data-file entry for one case."""
    gid, players, seed, options, plen, pseed, depth = case
    g = make(gid, players, seed, options)
    code = deal_code(g)
    moves = prefix(g, plen, pseed)
    nodes, ended = perft(g, depth)
    return {
        "game_id": gid, "game": g.NAME, "players": players, "seed": seed, "options": options,
        "code": code, "prefix": moves, "depth": depth, "nodes": nodes, "ended": ended,
    }


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description="Perft counts of the fixed cases; without --check "
                                 "rewrites " + os.path.relpath(DATA, ROOT) + ".")
    ap.add_argument("--check", action="store_true", help="compare with the data file, write nothing")
    check = ap.parse_args(argv).check
    t0 = time.time()
    entries = []
    for case in CASES:
        e = entry(case)
        entries.append(e)
        print("%-12s %dp seed %-6d prefix %2d: %s" % (
            e["game"], e["players"], e["seed"], len(e["prefix"]), e["nodes"]))
    print("%.1f s" % (time.time() - t0))
    if check:
        with open(DATA) as f:
            old = json.load(f)["entries"]
        bad = [e for e, o in zip(entries, old) if e != o] + entries[len(old):]
        if bad or len(old) != len(entries):
            print("MISMATCH:", [(e["game"], e["players"], e["seed"]) for e in bad])
            return 1
        print("data file matches")
        return 0
    doc = ("Perft counts for fixed deals: for each entry, replay 'prefix' from the deal "
           "made by games.load(game_id)(players, seed) (or from_options when options), "
           "then nodes[d-1] is the number of move sequences of length d and ended[d-1] "
           "how many of them end the hand. Written by tools/perft.py.")
    with open(DATA, "w") as f:  # one entry a line, so that a diff shows which case moved
        f.write('{"format": %s,\n "doc": %s,\n "entries": [\n  ' % (json.dumps(FORMAT), json.dumps(doc)))
        f.write(",\n  ".join(json.dumps(e) for e in entries))
        f.write("\n ]}\n")
    print("wrote", os.path.relpath(DATA, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
