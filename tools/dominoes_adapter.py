"""Our AI inside the PyPI package ``dominoes`` (6.1.0): its 4-player
partnership block game, its rules and its scoring.

Our players see that game only through our contract: at each decision the
library's public history (board moves, passes, starting player) and the
deciding seat's hand are rebuilt into one of our Seychelles hands (explicit
deal via ``redeal``: the deciding seat's own tiles are real; the other seats
get the tiles they played plus arbitrary fillers, which our player never sees
because it receives only ``observation(seat)``), and our move is mapped back to
the library's ``(Domino, left)``. The library's players (``bota_gorda``,
``probabilistic_alphabeta`` with 8 samples and heaviest-tile ordering, ``random``)
play unchanged.

Each deal is played twice with the partnerships swapped (duplicate). Every
hand starts as the library's series does its first game: the holder of
[6|6] leads it. Reported for side A, as ``key: value`` lines: the share of the
library's points (``points_share_a``, ``points_share_ci95``), hands won,
deals, the same hands under our Seychelles scoring (``seychelles_share_a``),
and the CPU time per decision of each side (``cpu_ms_per_move_a``/``_b``).

    .venv/bin/python tools/dominoes_adapter.py --a hard --b probabilistic_alphabeta --deals 50

Long runs against ``probabilistic_alphabeta`` go about 5x faster under PyPy
(``bash tools/setup_pypy.sh``, then ``.venv-pypy/bin/python`` in place of
``.venv/bin/python``): the same seeds give the same choices and rows. Each log
row names its interpreter (``py``); CPU per move compares only within one.
"""

import argparse
import ast
import hashlib
import json
import os
import platform
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import dominoes  # noqa: E402

from domino import tiles  # noqa: E402
from domino.game import PASS, DOMINO, BLOCK, HandResult  # noqa: E402
from domino.seychelles import Seychelles  # noqa: E402
from domino.line import shuffled  # noqa: E402
import arena  # noqa: E402
from shrink import strip_docstrings  # noqa: E402


class LibraryGame(Seychelles):
    """Seychelles block play scored as the library scores it: the side that
    dominoes, or has fewer pips when the game is stuck, earns the pips left in
    ALL hands (its own included); equal pips when stuck: nothing. Our players
    are given this class as the rules, so they play for the library's points."""

    def result(self):
        """The library's points for the ended hand, per team."""
        pips = [self.pips(s) for s in range(4)]
        points = [0, 0]
        w = self.points_from(pips, self.winner, points)
        return HandResult(DOMINO if self.winner >= 0 else BLOCK, self.winner, w, pips, points, "")

    def points_from(self, pips, winner, out):
        """The library's points per team into ``out[0:2]`` for an ended hand
        with ``pips[seat]`` left in each hand, ``winner`` the seat that went
        out (-1: stuck); returns the scoring team (-1: none)."""
        a = pips[0] + pips[2]
        b = pips[1] + pips[3]
        out[0] = out[1] = 0
        if winner >= 0:
            w = winner % 2
        elif a == b:
            return -1
        else:
            w = 0 if a < b else 1
        out[w] = a + b
        return w


def tile_of(d):
    return tiles.tile(d.first, d.second)


def rebuild(game):
    """Our Seychelles hand at the library game's position, and the seat to act.

    Seat ``s`` of ours is the library's player ``s`` (partners 0+2, 1+3)."""
    me = game.turn
    played = [[] for _ in range(4)]
    seq = []  # (seat, tile or -1, matched end value)
    board = dominoes.SkinnyBoard()
    seat = game.starting_player
    for mv in game.moves:
        if mv is None:
            seq.append((seat, -1, -1))
        else:
            d, left = mv
            v = -1
            if len(board):
                v = board.left_end() if left else board.right_end()
            seq.append((seat, tile_of(d), v))
            played[seat].append(tile_of(d))
            board.add(d, left)
        seat = (seat + 1) % 4
    own = [tile_of(d) for d in game.hands[me]]
    used = set(own)
    for p in played:
        used.update(p)
    filler = [t for t in range(28) if t not in used]
    hands = []
    for s in range(4):
        h = list(played[s])
        if s == me:
            h += own
        else:
            for _ in range(len(game.hands[s])):
                h.append(filler.pop())
        hands.append(h)
    g = LibraryGame(4, 0)
    g.redeal(hands, [], game.starting_player)
    for s, t, v in seq:
        if t < 0:
            g.apply(PASS)
            continue
        if g.nplayed == 0:
            g.apply(t << 2)
            continue
        arm = 0 if g.ends[0] == v else 1
        g.apply(t << 2 | arm)
    return g, board


def to_library(game, g, board, move):
    """The library's ``(Domino, left)`` for our ``move`` in rebuilt game ``g``."""
    t = move >> 2
    for d, left in game.valid_moves:
        if tile_of(d) != t:
            continue
        if g.nplayed == 0:
            return (d, left)
        v = g.ends[move & 3]
        end = board.left_end() if left else board.right_end()
        if end == v:
            return (d, left)
    raise ValueError("no library move for %s" % g.move_name(move))


class OurPlayer:
    """A library player (callable on a Game) that plays one of our players."""

    def __init__(self, spec, seed):
        self.p = arena.make_player(spec, seed)
        self.__name__ = spec

    def __call__(self, game):
        if len(game.valid_moves) == 1:
            return
        g, board = rebuild(game)
        obs = g.observation(game.turn)
        if len(obs.legal) != len(game.valid_moves) or obs.turn != game.turn:
            raise AssertionError("rebuilt position differs from the library's")
        mv = self.p.choose(LibraryGame, obs)
        first = to_library(game, g, board, mv)
        game.valid_moves = (first,) + tuple(m for m in game.valid_moves if m != first)


def _hand_iter(hand):
    return iter(hand._dominoes)


def speed_up_library(on=True):
    """Iterate the library's ``Hand`` over its list directly instead of through
    ``Sequence.__iter__`` (indexing until IndexError). Same tiles in the same
    order, so every library player decides exactly as before (tested); its
    search runs about a quarter faster. Applied on import; ``on=False`` undoes it."""
    if on:
        dominoes.Hand.__iter__ = _hand_iter
    elif "__iter__" in vars(dominoes.Hand):
        del dominoes.Hand.__iter__


speed_up_library()


def library_player(spec, seed):
    if spec == "bota_gorda":
        return dominoes.players.bota_gorda
    if spec == "probabilistic_alphabeta":
        return dominoes.players.probabilistic_alphabeta(
            sample_size=8, player=dominoes.players.bota_gorda)
    if spec == "random":
        return dominoes.players.random
    return OurPlayer(spec, seed)


def new_game(seed):
    """A library game dealt from our deal for ``seed``; the [6|6] holder leads it."""
    deck = shuffled(6, seed)
    hands = []
    for s in range(4):
        hands.append(dominoes.Hand([dominoes.Domino(tiles.LO[t], tiles.HI[t]) for t in deck[7 * s:7 * s + 7]]))
    six = dominoes.Domino(6, 6)
    starter = [i for i in range(4) if six in hands[i]][0]
    game = dominoes.Game(dominoes.Board(), hands, [], starter, ((six, True),), starter, None)
    game.make_move(six, True)
    return game


def seychelles_points(game):
    """Our Seychelles scoring of the library's finished game, per team."""
    g, _ = rebuild_final(game)
    return Seychelles.result(g).points


def rebuild_final(game):
    # rebuild with every hand real (the game is over: nothing hidden matters)
    save = game.turn
    g, board = rebuild(game)
    game.turn = save
    hands = [[] for _ in range(4)]
    for s in range(4):
        hands[s] = [tile_of(d) for d in game.hands[s]]
    # replace the fillers with the real remaining tiles
    for s in range(4):
        for t in list(g.hand(s)):
            g.loc[t] = 0xFD  # out of the way
    for s in range(4):
        for t in hands[s]:
            g.loc[t] = s
    g.over = True  # the library's game has ended (a stuck one without our passes replayed)
    return g, board


def play_deal(spec_a, spec_b, ds):
    """Deal ``ds`` played twice, sides swapped: one row of figures for side A."""
    row = {"x": 0.0, "y": 0.0, "sx": 0.0, "sy": 0.0, "won": 0.0, "hands": 0,
           "cpu": [0.0, 0.0], "ndec": [0, 0]}
    for a_team in (0, 1):
        random.seed(ds * 2 + a_team)
        players = []
        for s in range(4):
            side = 0 if s % 2 == a_team else 1
            players.append((side, library_player(spec_a if side == 0 else spec_b, ds * 8 + s)))
        game = new_game(ds)
        while game.result is None:
            side, pl = players[game.turn]
            if len(game.valid_moves) > 1:
                t0 = time.process_time()
                pl(game)
                row["cpu"][side] += time.process_time() - t0
                row["ndec"][side] += 1
            game.make_move(*game.valid_moves[0])
        pts = game.result.points
        team_pts = [max(pts, 0), max(-pts, 0)]
        a = team_pts[a_team]
        b = team_pts[1 - a_team]
        row["x"] += a
        row["y"] += a + b
        row["hands"] += 1
        row["won"] += 1.0 if a > b else 0.5 if a == b else 0.0
        sp = seychelles_points(game)
        row["sx"] += sp[a_team]
        row["sy"] += sp[0] + sp[1]
    return row


def code_version():
    """Short hash of the core's code (lib/domino; its syntax trees without
    docstrings, so comments, docs and layout do not count): a log's rows
    count only for the code that played them."""
    h = hashlib.sha1()
    top = os.path.join(ROOT, "lib", "domino")
    for d, _, names in sorted(os.walk(top)):
        for n in sorted(names):
            if n.endswith(".py"):
                h.update(os.path.relpath(os.path.join(d, n), top).encode())
                with open(os.path.join(d, n), encoding="utf-8") as f:
                    tree = ast.parse(strip_docstrings(f.read(), n))
                h.update(ast.dump(tree).encode())
    return h.hexdigest()[:10]


def _log_rows(path, spec_a, spec_b, seed):
    """The rows of the log ``path`` for these sides and seed (a line cut by a
    stop is left out: that deal is played again)."""
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                if (r.get("a"), r.get("b"), r.get("seed")) == (spec_a, spec_b, seed):
                    yield r


def read_log(path, spec_a, spec_b, seed, code):
    """Rows already in the log ``path`` for these sides, seed and core code, by deal index."""
    return {r["deal"]: r for r in _log_rows(path, spec_a, spec_b, seed) if r.get("code") == code}


def run(spec_a, spec_b, deals, seed=1, log=None, first=0, path=None):
    """Duplicate deals ``first`` .. ``first + deals - 1``; with ``path``, each
    deal is appended to that log as one JSON line as soon as it ends, deals
    already there are not played again, and the figures cover every deal the
    log holds for these sides and seed (so shards and stopped runs add up)."""
    code = code_version()
    rows = read_log(path, spec_a, spec_b, seed, code)
    if path and os.path.exists(path) and os.path.getsize(path):
        with open(path, "rb+") as f:
            f.seek(-1, 2)
            if f.read(1) != b"\n":
                f.write(b"\n")  # end a line cut by a stop, so the next row stands alone
    for i in range(first, first + deals):
        if i in rows:
            continue
        row = play_deal(spec_a, spec_b, arena.deal_seed(seed, i))
        row.update({"a": spec_a, "b": spec_b, "seed": seed, "deal": i, "code": code,
                    "py": platform.python_implementation()})
        rows[i] = row
        if path:
            with open(path, "a") as f:
                f.write(json.dumps(row) + "\n")
        if log:
            done = list(rows.values())
            log("%d deals: share %.4f" % (len(done), sum(r["x"] for r in done) / max(sum(r["y"] for r in done), 1e-9)))
    return summarize(list(rows.values()))


def summarize(rows):
    """The reported figures over per-deal rows."""
    xs = [r["x"] for r in rows]
    ys = [r["y"] for r in rows]
    share, half = arena.ratio_ci(xs, ys)
    share2, half2 = arena.ratio_ci([r["sx"] for r in rows], [r["sy"] for r in rows])
    hands = sum(r["hands"] for r in rows)
    cpu = [sum(r["cpu"][k] for r in rows) for k in (0, 1)]
    ndec = [sum(r["ndec"][k] for r in rows) for k in (0, 1)]
    return {
        "points_share_a": share,
        "points_share_ci95": (share - half, share + half),
        "hands_won_a": sum(r["won"] for r in rows) / max(hands, 1),
        "deals": len(rows),
        "seychelles_share_a": share2,
        "seychelles_share_ci95": (share2 - half2, share2 + half2),
        "cpu_ms_per_move_a": 1000 * cpu[0] / max(ndec[0], 1),
        "cpu_ms_per_move_b": 1000 * cpu[1] / max(ndec[1], 1),
    }


def report(path, spec_a, spec_b, seed, against=None):
    """One line per core code hash and interpreter in the log ``path``: its
    deals (first to last) and figures, for these sides and seed; with
    ``against`` (a code hash, or ``SPEC@HASH`` for other settings of side A),
    each one's paired difference from that code's rows on the deals both hold."""
    groups = {}
    for r in _log_rows(path, spec_a, spec_b, seed):
        groups.setdefault((r["code"], r.get("py", "CPython")), {})[r["deal"]] = r
    base = {}
    if against:
        spec0, _, code0 = against.rpartition("@")
        for r in _log_rows(path, spec0 or spec_a, spec_b, seed):
            if r["code"] == code0:
                base[r["deal"]] = r
        if not base:
            raise SystemExit("--against: no rows of %s in %s" % (against, path))
    for (code, py), by_deal in groups.items():
        rows = list(by_deal.values())
        f = summarize(rows)
        deals = list(by_deal)
        print("code %s %s: deals %d (%d..%d) points_share_a %.4f [%.4f, %.4f] hands_won_a %.4f "
              "seychelles_share_a %.4f cpu_ms_per_move_a %.1f cpu_ms_per_move_b %.1f" % (
                  code, py, len(rows), min(deals), max(deals), f["points_share_a"],
                  f["points_share_ci95"][0], f["points_share_ci95"][1], f["hands_won_a"],
                  f["seychelles_share_a"], f["cpu_ms_per_move_a"], f["cpu_ms_per_move_b"]))
        common = sorted(d for d in by_deal if d in base)
        if base and common:
            one = [by_deal[d] for d in common]
            two = [base[d] for d in common]
            d, half = arena.paired_ci([r["x"] for r in one], [r["y"] for r in one],
                                      [r["x"] for r in two], [r["y"] for r in two])
            same = sum(1 for k in range(len(one)) if all(
                one[k][f] == two[k][f] for f in ("x", "y", "sx", "sy", "won", "hands", "ndec")))
            print("  paired with %s over %d deals: %+.4f +- %.4f (%d rows identical)" % (
                against, len(common), d, half, same))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", default="hard", help="side A: easy, medium, hard[:N], heaviest, random, "
                    "or a library player (bota_gorda, probabilistic_alphabeta)")
    ap.add_argument("--b", default="bota_gorda")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="index of the first deal (to split a run)")
    ap.add_argument("--log", help="JSON-lines file: each deal is appended when it ends, deals "
                    "already there are skipped, figures cover all of them")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--report", action="store_true", help="print the figures of every core "
                    "code and interpreter in --log for these sides and seed, and play nothing")
    ap.add_argument("--against", help="with --report: each code's paired difference from the rows "
                    "of this code hash (SPEC@HASH: of side A played as SPEC) on the same deals")
    args = ap.parse_args(argv)
    if args.report:
        if not args.log or not os.path.exists(args.log):
            ap.error("--report needs --log FILE of an existing log")
        report(args.log, args.a, args.b, args.seed, args.against)
        return
    t0 = time.time()
    log = None if args.quiet else (lambda s: print("# " + s, file=sys.stderr, flush=True))
    r = run(args.a, args.b, args.deals, args.seed, log, args.first, args.log)
    print("points_share_a: %.4f" % r["points_share_a"])
    print("points_share_ci95: [%.4f, %.4f]" % r["points_share_ci95"])
    print("hands_won_a: %.4f" % r["hands_won_a"])
    print("deals: %d" % r["deals"])
    print("seychelles_share_a: %.4f" % r["seychelles_share_a"])
    print("seychelles_share_ci95: [%.4f, %.4f]" % r["seychelles_share_ci95"])
    print("cpu_ms_per_move_a: %.2f" % r["cpu_ms_per_move_a"])
    print("cpu_ms_per_move_b: %.2f" % r["cpu_ms_per_move_b"])
    print("a: %s\nb: %s\nseconds: %.1f" % (args.a, args.b, time.time() - t0))


if __name__ == "__main__":
    main()
