"""Fit Hard's cost weights to decision times measured on the emulated Pico.

Hard stops a decision once its counted cost would pass ``Hard.COST`` (see
:class:`domino.ai.hard.Hard`). The cost counts, per decision, the hidden tiles
placed in deals drawn (guided or not), the block likelihood's work, the events
replayed (the setup's replay, where the game is stood at the position, among them)
and weighed, the playout moves (and the fast solver's playouts and
their moves) and the exact-search nodes. This tool reads the raw
file of a device run (``tools/device_budget.py --part=time --raw=FILE``: each
position's Hard time on the device), plays each position's decision again on
the host counting those quantities, and fits each one's device time by
non-negative least squares; it prints the fit (ms per unit), the weights Hard
uses (the family's cost records, in 1/20 ms) and, per position, the measured
time, the fit's and Hard's counted cost in ms. One family a run: the line games
(Seychelles, Domino Whist, All Fives; the default) or Domino Loo (``--family=loo``:
the raw file's Loo positions, ``--games=loo,loo_3p,loo_4p`` on the device).

    .venv/bin/python tools/hard_cost.py [--family=loo] RAW_FILE

The fit is of the run's own positions: a run made with other weights counts
other work, so refit from a run of the current core.
"""

import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [TOOLS, os.path.join(os.path.dirname(TOOLS), "lib")]

import device_budget as db  # noqa: E402
from domino import games  # noqa: E402
from domino.ai import endgame  # noqa: E402
from domino.lineai import know, likely, search, blockend, blockplay  # noqa: E402
from domino.looai import know as looknow, search as loosearch  # noqa: E402
from domino.ai.hard import Hard  # noqa: E402

KEYS = ("deal", "deal_guided", "loglik", "replay", "weigh", "move_block", "move_scoring", "node_block", "node_other",
        "move_fast", "playout_fast")
LOO_KEYS = ("loo_deal", "loo_replay", "loo_weigh", "loo_move")
UNIT_MS = 0.05  # Hard's cost unit


def _count(counts):
    """Wrap the costed calls so that each adds its quantity to ``counts``; return a
    function that puts them back."""
    undo = []

    def wrap(obj, name, feat):
        f = getattr(obj, name)

        def w(*a, **k):
            r = f(*a, **k)
            for key, x in feat(a, r):
                counts[key] = counts.get(key, 0) + x
            return r
        undo.append((obj, name, f))
        setattr(obj, name, w)

    ne = lambda a: len(a[0].obs.events)  # noqa: E731
    # a Knowledge made stands the game at the position: Hard counts it as a replay
    wrap(know.Knowledge, "__init__", lambda a, r: [("replay", len(a[2].events))])
    wrap(looknow.Knowledge, "__init__", lambda a, r: [("loo_replay", len(a[2].events))])
    wrap(know.Knowledge, "deal", lambda a, r: [
        ("deal_guided" if len(a) > 3 and a[3] is not None else "deal", len(a[0].pool))])
    wrap(likely.BlockModel, "loglik", lambda a, r: [("loglik", a[0].work)])
    wrap(know.Knowledge, "replay", lambda a, r: [("replay", ne(a))] + (
        [("weigh", ne(a))] if len(a) > 2 and a[2] else []))
    wrap(search.PARTS, "rollout", lambda a, r: [("move_scoring" if a[3] else "move_block", r)])
    wrap(blockend.BlockSolver, "solve", lambda a, r: [("node_block", a[0].nodes)])
    wrap(endgame.Solver, "solve", lambda a, r: [("node_other", a[0].nodes)])
    wrap(blockplay, "playout", lambda a, r: [("move_fast", a[0].nodes), ("playout_fast", 1)])
    wrap(looknow.Knowledge, "deal", lambda a, r: [("loo_deal", len(a[0].pool))])
    wrap(looknow.Knowledge, "replay", lambda a, r: [("loo_replay", ne(a))] + (
        [("loo_weigh", ne(a))] if len(a) > 2 and a[2] else []))
    wrap(loosearch.PARTS, "rollout", lambda a, r: [("loo_move", r)])

    def restore():
        for obj, name, f in reversed(undo):
            setattr(obj, name, f)
    return restore


def named_costs(record):
    """A family's cost record (:class:`domino.ai.interface.Costs`) as a dict by its fields' names."""
    return dict(vars(record))


def line_weights():
    """The line family's cost weights (its two records) by :data:`KEYS`."""
    blk, sco = named_costs(search.LineSearch.BLOCK), named_costs(search.LineSearch.SCORING)
    return dict(deal=blk["deal"], deal_guided=blk["deal_guided"], loglik=blk["loglik"],
                replay=blk["replay"], weigh=blk["weigh"], move_block=blk["move"],
                move_scoring=sco["move"], node_block=blk["node_fast"], node_other=blk["node"],
                move_fast=blk["move_fast"], playout_fast=blk["playout_fast"])


def loo_weights():
    """Domino Loo's cost weights by :data:`LOO_KEYS`."""
    w = named_costs(loosearch.LooSearch.COSTS)
    return dict(loo_deal=w["deal"], loo_replay=w["replay"], loo_weigh=w["weigh"],
                loo_move=w["move"])


def nnls(X, y, sweeps=5000):
    """Non-negative least squares by cyclic coordinate descent (small problems)."""
    m = len(X[0])
    b = [0.0] * m
    col = [[row[j] for row in X] for j in range(m)]
    nn = [sum(v * v for v in c) for c in col]
    r = list(y)  # residual y - X b
    for _ in range(sweeps):
        moved = 0.0
        for j in range(m):
            if not nn[j]:
                continue
            c = col[j]
            new = max(0.0, b[j] + sum(c[i] * r[i] for i in range(len(r))) / nn[j])
            d = new - b[j]
            if d:
                for i in range(len(r)):
                    r[i] -= d * c[i]
                b[j] = new
                moved = max(moved, abs(d))
        if moved < 1e-9:
            break
    return b


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("raw", metavar="RAW_FILE", help="tools/device_budget.py --part=time --raw=FILE's file")
    ap.add_argument("--family", choices=("line", "loo"), default="line",
                    help="the line games' weights (default) or Domino Loo's")
    args = ap.parse_args(argv)
    loo = args.family == "loo"
    raw = args.raw
    keys, weights = (LOO_KEYS, loo_weights()) if loo else (KEYS, line_weights())
    family = "looai" if loo else "lineai"  # the game classes' AI: the positions fitted
    counts = {}
    _count(counts)
    X, y, rows = [], [], []
    cache = {}
    lines = [line for line in open(raw) if line.startswith("POS ")]
    per = {}  # positions per game and phase: the run's --per-phase, where it set one
    for line in lines:
        k = tuple(line.split()[1:3])
        per[k] = per.get(k, 0) + 1
    for line in lines:
        w = line.split()
        name, phase, seed, hard_us = w[1], w[2], int(w[3]), int(w[6])
        cfg = [c for c in db.CONFIGS if c[0] == name][0]
        _, gid, players, opts, heavy = cfg
        if hard_us < 0 or games.load(gid).AI != family:
            continue  # another family's position
        key = (name, heavy)
        if key not in cache:
            n = max(c for k, c in per.items() if k[0] == name)
            n = max(n, db.PER_PHASE_HEAVY if heavy else db.PER_PHASE)
            cache[key] = db.positions(gid, players, opts, n, phases=db.phases_of(name))
        moves = [m for s, m in cache[key][phase] if s == seed][0]
        g = db.rebuild(gid, players, opts, seed, moves)
        counts.clear()
        p = Hard(seed)
        p.choose(type(g), g.observation(g.turn))
        xs = [counts.get(k, 0) for k in keys]
        if not p.deals:
            continue  # no search (Medium's choice, a single move): nothing to fit
        X.append(xs)
        y.append(hard_us / 1000.0)
        rows.append((name, phase, seed, p.cost))
    if not y:
        raise SystemExit("no %s positions in %s" % ("Loo" if loo else "line game", raw))
    b = nnls(X, y)
    print("positions: %d" % len(y))
    for k, v in zip(keys, b):
        print("fit_ms_per_%s: %.4f  (Hard: %d units = %.3f ms)" % (k, v, weights[k], weights[k] * UNIT_MS))
    print("# position: measured ms, fitted ms, Hard's counted cost in ms")
    err = []
    for (name, phase, seed, cost), xs, t in zip(rows, X, y):
        f = sum(a * c for a, c in zip(xs, b))
        err.append(abs(f - t) / t)
        print("%s %s %d: %.0f %.0f %.0f" % (name, phase, seed, t, f, cost * UNIT_MS))
    err.sort()
    print("fit_error_median: %.3f" % err[len(err) // 2])
    print("fit_error_max: %.3f" % err[-1])


if __name__ == "__main__":
    main()
