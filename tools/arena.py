"""AI arena: duplicate matches between two players on our games.

Every deal is played once per side assignment with the sides swapped (for
two sides: A holds side 0's seats, then side 1's), so deal luck cancels.
Side A's result is reported as ``key: value`` lines:

``points_share_a``     A's points / (A's + B's points) over all hands
                       (for bad-points games, Domino Whist, the share of the
                       bad points B took); with 3 sides B's points are the
                       mean of the two other seats
``points_share_ci95``  95% confidence interval of that share (ratio estimator
                       over deals, each deal's plays paired)
``hands_won_a``        fraction of hands A's side won (ties count half)
``deals``              number of deals (each played once per side)

With ``--matches N`` whole matches are played instead (``--target``, default
the game's): each of N match seeds once with A on every side in turn, the
others B (where every seat scores for itself, A in one seat; in partnerships,
A in both seats of a side), and ``matches_won_a`` is the fraction of those
matches A won (par: one over the sides), with its 95% interval over the seeds.

Players: ``easy``, ``medium``, ``hard`` (or ``hard:N[:P[:B[:T]]]`` for N
playouts per decision, P the weight of Medium's score, B the model's softmax
beta, T the number of moves searched, 0 for all; or ``hard:name=value,...`` to set any
of Hard's settings, e.g. ``hard:playouts=64,sir=4,eps=0.1``), ``random``, ``heaviest`` (heaviest playable tile) and ``greedy``
(most points scored by the play, then heaviest: a score-greedy player for
All Fives), ``loorule`` (Domino Loo by plain rules, :class:`LooRulePlayer`),
``castlegreedy`` (Castle Rock greedily, :class:`CastleGreedyPlayer`), ``club`` (any
game as a careful club player plays it, :mod:`clubplayers`).

    .venv/bin/python tools/arena.py --game 0 --players 4 --a medium --b heaviest --deals 2000
    .venv/bin/python tools/arena.py --game 3 --players 2 --a hard --b loorule --matches 200
    .venv/bin/python tools/arena.py --game 4 --players 3 --a hard --b castlegreedy --matches 100
"""

import argparse
import json
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from domino import ai, games, tiles  # noqa: E402
from domino.rng import Rng  # noqa: E402
from domino.ai.hard import Hard  # noqa: E402
from device_budget import LATE_LEFT, PHASES  # noqa: E402  (the device figures' phases)


class RandomPlayer:
    """Uniformly random legal move."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, game_cls, obs):
        return obs.legal[self.rng.below(len(obs.legal))]


def _pips(mv):
    if mv >= 1000:
        return -1
    t = mv >> 2
    return tiles.HI[t] + tiles.LO[t]


class HeaviestPlayer:
    """Heaviest playable tile (the `dominoes` package's bota_gorda)."""

    def __init__(self, seed):
        pass

    def choose(self, game_cls, obs):
        best = obs.legal[0]
        for mv in obs.legal:
            if _pips(mv) > _pips(best):
                best = mv
        return best


class GreedyPlayer:
    """Most points scored by the play itself, then heaviest tile. Needs the
    game to score in play (All Fives); elsewhere it is HeaviestPlayer. It
    works on a rebuilt state of its own (via the AI's Knowledge), so it too
    sees only the observation."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, game_cls, obs):
        from domino.lineai.know import Knowledge
        from domino.lineai import policy
        if len(obs.legal) == 1 or not game_cls.SCORES_IN_PLAY:
            return HeaviestPlayer(0).choose(game_cls, obs)
        K = Knowledge(game_cls, obs)
        K.replay(K.deal(self.rng))
        g = K.game
        side = g.side(obs.seat)
        best, bestk = obs.legal[0], None
        for mv in obs.legal:
            k = (policy.play_gain(g, mv, side), _pips(mv))
            if bestk is None or k > bestk:
                best, bestk = mv, k
        return best


class LooRulePlayer:
    """Domino Loo by plain rules (issue 18): take miss with no trump and no
    double; lead a trump when holding two or more (the highest), else the
    strongest piece (a plain piece announced as its lower end, where it ranks
    highest); follow as low as possible unless the trick can be won cheaply
    (by a piece of the suit led, or a trump other than the three highest);
    win with the lowest piece that wins; discard the least useful piece.
    Reads only the observation (its hand, ``public``, the legal moves)."""

    def __init__(self, seed):
        pass

    @staticmethod
    def _worth(t, trump):
        # how much a piece is worth keeping: trumps by rank, then doubles, then the higher end
        hi, lo = tiles.HI[t], tiles.LO[t]
        if trump in (hi, lo):
            return 100 + (7 if hi == lo else hi + lo - trump)
        return 60 + hi if hi == lo else hi * 8 + lo

    def choose(self, game_cls, obs):
        from domino.loo import FOLLOW, DISCARD, KEEP, MISS, trick_rank
        legal = obs.legal
        pub = obs.public
        trump = pub.trump
        if len(legal) == 1:
            return legal[0]
        if KEEP in legal:  # keep or take miss
            weak = not any(trump in (tiles.HI[t], tiles.LO[t]) or tiles.HI[t] == tiles.LO[t]
                           for t in obs.hand)
            return MISS if weak and MISS in legal else KEEP
        if legal[0] >= DISCARD:  # discard the least useful piece
            return min(legal, key=lambda m: (self._worth(m - DISCARD, trump), m))
        if legal[0] < FOLLOW:  # a lead: the strongest piece (a trump if two or more)
            ntr = sum(1 for t in obs.hand if trump in (tiles.HI[t], tiles.LO[t]))
            moves = legal
            if ntr >= 2:
                moves = [m for m in legal if m & 7 == 7] or legal
            return max(moves, key=lambda m: (trick_rank(m >> 3, m & 7, trump), -m))
        suit = pub.suit
        best = max([trick_rank(t, suit, trump) for t in pub.trick if t >= 0] + [-1])
        wins = [m for m in legal if trick_rank(m - FOLLOW, suit, trump) > best]
        if wins:
            low = min(wins, key=lambda m: (trick_rank(m - FOLLOW, suit, trump), m))
            r = trick_rank(low - FOLLOW, suit, trump)
            if r < 21 or suit == 7:  # cheaply: the suit led, a trump led, a lower trump
                return low
        return min(legal, key=lambda m: (self._worth(m - FOLLOW, trump), m))


class CastleGreedyPlayer:
    """Castle Rock played greedily, plainly (issue 19): place the tile that
    allows the most captures now (the tiles its greedy captures would take;
    ties to the first tile), then take every capture it can, a triplet before
    a single (the first listed, nearest the open end), and end the turn when
    none is left. Reads only the observation (its hand, the row, the legal moves)."""

    def __init__(self, seed):
        pass

    @staticmethod
    def _captures(row):
        """The place and size of the first triplet in ``row``, else of the
        first single (from the open end), else None."""
        single = None
        for i in range(len(row) - 2, 0, -1):
            a, m, b = row[i - 1], row[i], row[i + 1]
            shared = {tiles.HI[a], tiles.LO[a]} & {tiles.HI[b], tiles.LO[b]}
            if not shared:
                continue
            s = shared.pop()
            if s in (tiles.HI[m], tiles.LO[m]):
                return i, 3
            if single is None:
                single = (i, 1)
        return single

    @classmethod
    def taken(cls, row):
        """Tiles the greedy captures take from ``row`` (a list, consumed)."""
        k = 0
        while True:
            c = cls._captures(row)
            if c is None:
                return k
            i, w = c
            del row[i - (w > 1):i + 1 + (w > 1)]
            k += w

    def choose(self, game_cls, obs):
        from domino.castle import TAKE, TRIPLE, END
        legal = obs.legal
        row = list(obs.board.row)
        if legal[0] < TAKE:  # placing
            return max(legal, key=lambda mv: (self.taken(row + [mv]), -legal.index(mv)))
        for mv in legal:
            if TRIPLE <= mv < END:
                return mv
        return legal[0]  # a single (nearest the open end), else the end of the turn


class AIPlayer:
    def __init__(self, level, seed, playouts=None, prior=None, beta=None, top=None):
        if level == 2:
            self.p = Hard(seed, playouts)
            if prior is not None:
                self.p.PRIOR = prior
            if beta is not None:
                self.p.BETA = beta
            if top is not None:
                self.p.TOP = top
        else:
            self.p = ai.new_player(level, seed)

    def choose(self, game_cls, obs):
        mv = self.p.choose(game_cls, obs)
        if COSTS is not None and self.p.LEVEL == 2 and len(obs.legal) > 1:
            COSTS.setdefault(phase(obs), []).append(self.p.cost / 20.0)
        return mv


COSTS = None  # --costs: {phase: [Hard's counted ms of each decision]}


def phase(obs):
    """The phase of a decision, as ``tools/device_budget.py`` picks its positions:
    ``late`` once at most ``LATE_LEFT`` tiles are in the hands and none face
    down, ``early`` in the hand's first round of moves, else ``middle``."""
    if not obs.stock and sum(obs.counts) <= LATE_LEFT:
        return "late"
    return "early" if len(obs.events) < obs.players else "middle"


def cost_lines(costs):
    """Lines of Hard's counted time per decision by phase: count, median, 90th
    percentile, max and mean in ms of the RP2040 (``cost / 20``)."""
    lines = []
    for ph in PHASES:
        xs = sorted(costs.get(ph, ()))
        if xs:
            n = len(xs)
            lines.append("counted_ms_%s: n %d median %.0f p90 %.0f max %.0f mean %.0f" % (
                ph, n, xs[n // 2], xs[(9 * n) // 10], xs[-1], sum(xs) / n))
    return lines


def hard_settings(arg):
    """``{NAME: value}`` of Hard's class attributes from ``name=value,...``
    (``hard:playouts=64,sir=4``), each typed as Hard's default; playouts also
    sets the scoring games' playouts unless given (as ``hard:N`` does)."""
    out = {}
    for kv in arg.split(","):
        k, _, v = kv.partition("=")
        k = k.strip().upper()
        if not hasattr(Hard, k):
            raise SystemExit("Hard has no setting %r" % k.lower())
        out[k] = type(getattr(Hard, k))(v)
    if "PLAYOUTS" in out and "PLAYOUTS_SCORING" not in out:
        out["PLAYOUTS_SCORING"] = out["PLAYOUTS"]
    return out


def make_player(spec, seed):
    """A player object with ``choose(game_cls, obs)`` from a name like ``hard:120``."""
    name, _, arg = spec.partition(":")
    if name == "easy":
        return AIPlayer(0, seed)
    if name == "medium":
        return AIPlayer(1, seed)
    if name == "hard" and "=" in arg:
        p = AIPlayer(2, seed)
        for k, v in hard_settings(arg).items():
            setattr(p.p, k, v)
        return p
    if name == "hard":
        # hard[:playouts[:prior weight[:beta[:top moves searched]]]]
        parts = arg.split(":") if arg else []
        playouts = int(parts[0]) if parts else None
        prior = float(parts[1]) if len(parts) > 1 else None
        beta = float(parts[2]) if len(parts) > 2 else None
        top = int(parts[3]) if len(parts) > 3 else None
        return AIPlayer(2, seed, playouts, prior, beta, top)
    if name == "random":
        return RandomPlayer(seed)
    if name == "heaviest":
        return HeaviestPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    if name == "loorule":
        return LooRulePlayer(seed)
    if name == "castlegreedy":
        return CastleGreedyPlayer(seed)
    if name == "club":
        from clubplayers import ClubPlayer
        return ClubPlayer(seed)
    raise SystemExit("unknown player %r" % spec)


def seat_players(spec_a, spec_b, players, nsides, a_side, seed):
    """A player per seat for one play of a deal or match ``seed``: A in the
    seats of side ``a_side`` (a seat's side is its number modulo ``nsides``), B
    in the others, each seeded by its seat and A's side."""
    return [make_player(spec_a if s % nsides == a_side else spec_b,
                        (seed * 31 + s * 1009 + a_side * 17) & 0xFFFFFF)
            for s in range(players)]


def play_hand(cls, players, seed, seat_player, options=0):
    """Play one hand of deal ``seed`` (with the game's ``options``, as the menu
    gives them); ``seat_player[s]`` acts for seat s. Returns the HandResult."""
    g = cls.from_options(players, seed, None, options) if options else cls(players, seed)
    return play_out(g, cls, seat_player)


def play_out(g, cls, seat_player):
    """Play the hand ``g`` (of ``cls``) to its end; returns the HandResult."""
    while not g.over:
        s = g.turn
        obs = g.observation(s)
        g.play(seat_player[s].choose(cls, obs), s)
    return g.result()


def deal_seed(base, i):
    return (base * 100003 + i * 7919 + 12345) & 0xFFFFFF


def run(game_id, players, spec_a, spec_b, deals, seed=1, log=None, options=0):
    """Play ``deals`` duplicate deals; returns a dict of the figures."""
    cls = games.load(game_id)
    nsides = cls.sides_for(players, options)
    bad = getattr(cls, "BAD_POINTS", False)
    xs = []  # per deal: A's points (both plays)
    ys = []  # per deal: A's + B's points
    won = 0.0
    hands = 0
    plays = []
    for i in range(deals):
        ds = deal_seed(seed, i)
        x = y = 0.0
        for a_side in range(nsides):
            seat_player = seat_players(spec_a, spec_b, players, nsides, a_side, ds)
            r = play_hand(cls, players, ds, seat_player, options)
            pts = r.points
            a = pts[a_side]
            b = (sum(pts) - a) / (nsides - 1)
            if bad:
                a, b = b, a
            x += a
            y += a + b
            hands += 1
            if r.side == a_side:
                won += 1
            elif r.side < 0:
                won += 0.5
            plays.append((ds, a_side, a_side))
        xs.append(x)
        ys.append(y)
        if log and (i + 1) % 100 == 0:
            log("%d deals: share %.4f" % (i + 1, sum(xs) / max(sum(ys), 1e-9)))
    share, half = ratio_ci(xs, ys)
    return {
        "points_share_a": share,
        "points_share_ci95": (share - half, share + half),
        "hands_won_a": won / hands if hands else 0.0,
        "deals": len(xs),
        "hands": hands,
        "plays": plays,
        "xs": xs,
        "ys": ys,
    }


def play_match(cls, players, seed, seat_player, target=None, options=0, limit=500, results=None):
    """Play a whole match (``domino.match.Match``) of ``cls`` from ``seed``;
    ``seat_player[s]`` acts for seat s. Returns the Match (``winner``: a side,
    -1 if ``limit`` hands did not end it); each hand's HandResult is appended to
    ``results`` if given."""
    from domino.match import Match
    m = Match(cls, players, seed, target, options)
    while not m.over and m.hand_no < limit:
        play_out(m.deal(), cls, seat_player)
        r = m.finish_hand()
        if results is not None:
            results.append(r)
    return m


def run_matches(game_id, players, spec_a, spec_b, matches, seed=1, log=None, options=0,
                target=None):
    """Duplicate matches: each match seed (its deals) is played once with A on
    every side and B on the others (where each seat scores for itself, A alone
    against ``players - 1`` B's; in partnerships, A in both seats of a side).
    Returns a dict of the figures: ``matches_won_a`` (the fraction of plays A
    won; par one over the sides) and its 95% interval over the match seeds."""
    cls = games.load(game_id)
    nsides = cls.sides_for(players, options)
    per_seed = []
    won = hands = 0
    plays = []
    for i in range(matches):
        ms = deal_seed(seed, i)
        w = 0
        for a_side in range(nsides):
            seat_player = seat_players(spec_a, spec_b, players, nsides, a_side, ms)
            m = play_match(cls, players, ms, seat_player, target, options)
            if m.winner == a_side:
                w += 1
            plays.append((ms, a_side, m.winner, m.hand_no))
            hands += m.hand_no
        won += w
        per_seed.append(w / nsides)
        if log and (i + 1) % 10 == 0:
            log("%d matches: won %.4f" % (i + 1, won / ((i + 1) * nsides)))
    n = len(per_seed)
    mean = sum(per_seed) / n if n else 0.0
    half = 0.5
    if n > 1:
        var = sum((x - mean) ** 2 for x in per_seed) / (n - 1)
        half = 1.96 * math.sqrt(var / n)
    return {"matches_won_a": mean, "matches_won_ci95": (mean - half, mean + half),
            "matches": n * nsides, "match_seeds": n, "hands": hands, "plays": plays,
            "hands_max": max([p[3] for p in plays] or [0]),
            "xs": per_seed, "ys": [1.0] * n,  # for --rows: A's share of each seed's matches
            "unfinished": sum(1 for p in plays if p[2] < 0),
            "par": 1.0 / nsides}


def ratio_ci(xs, ys):
    """sum(xs) / sum(ys) and the half-width of its 95% interval (ratio
    estimator over the paired per-deal values; 0.5 for fewer than 2 deals)."""
    n = len(xs)
    sx, sy = sum(xs), sum(ys)
    r = sx / sy if sy else 0.5
    if n < 2 or not sy:
        return r, 0.5
    ybar = sy / n
    var = sum((xs[k] - r * ys[k]) ** 2 for k in range(n)) / (n * (n - 1)) / (ybar * ybar)
    return r, 1.96 * math.sqrt(var)


def paired_ci(xs1, ys1, xs2, ys2):
    """sum(xs1)/sum(ys1) - sum(xs2)/sum(ys2) over the same deals (index k is one
    deal in both) and the half-width of its 95% interval (the linearized ratio
    estimators, per deal; 0.5 for fewer than 2 deals)."""
    n = len(xs1)
    r1, _ = ratio_ci(xs1, ys1)
    r2, _ = ratio_ci(xs2, ys2)
    if n < 2 or not sum(ys1) or not sum(ys2):
        return r1 - r2, 0.5
    y1 = sum(ys1) / n
    y2 = sum(ys2) / n
    z = [(xs1[k] - r1 * ys1[k]) / y1 - (xs2[k] - r2 * ys2[k]) / y2 for k in range(n)]
    return r1 - r2, 1.96 * math.sqrt(sum(v * v for v in z) / (n * (n - 1)))


def report(res, extra=()):
    lines = ["points_share_a: %.4f" % res["points_share_a"],
             "points_share_ci95: [%.4f, %.4f]" % res["points_share_ci95"],
             "hands_won_a: %.4f" % res["hands_won_a"],
             "deals: %d" % res["deals"],
             "hands: %d" % res["hands"]]
    for k, v in extra:
        lines.append("%s: %s" % (k, v))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", type=int, default=0, help="game id (0 Seychelles, 1 Domino Whist, 2 All Fives, 3 Domino Loo, 4 Castle Rock)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--options", type=int, default=0, help="the game's options as a number "
                    "(All Fives: double-nine 2, double-twelve 3; see its options_for)")
    ap.add_argument("--a", default="medium", help="side A's player")
    ap.add_argument("--b", default="heaviest", help="side B's player")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--matches", type=int, default=0, help="play this many duplicate match seeds "
                    "(whole matches, A on every side in turn) instead of --deals")
    ap.add_argument("--target", type=int, default=None, help="--matches: the match target "
                    "(default: the game's)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--rows", help="write each deal's points (A's, A's + B's), with --matches each "
                    "seed's share of matches won (and 1), to this JSON file")
    ap.add_argument("--paired", help="a --rows file of another run on the same deals: print the "
                    "paired difference of the shares (this run minus that one)")
    ap.add_argument("--costs", action="store_true", help="print Hard's counted time per "
                    "decision (side A's and B's Hard seats) by phase of the hand")
    args = ap.parse_args(argv)
    global COSTS
    COSTS = {} if args.costs else None
    t0 = time.time()
    log = None if args.quiet else (lambda s: print("# " + s, file=sys.stderr, flush=True))
    if args.matches:
        res = run_matches(args.game, args.players, args.a, args.b, args.matches, args.seed, log,
                          args.options, args.target)
        print("matches_won_a: %.4f" % res["matches_won_a"])
        print("matches_won_ci95: [%.4f, %.4f]" % res["matches_won_ci95"])
        print("par: %.4f" % res["par"])
        print("matches: %d" % res["matches"])
        print("hands: %d" % res["hands"])
        print("hands_max: %d" % res["hands_max"])
        print("unfinished: %d" % res["unfinished"])
        for k, v in (("a", args.a), ("b", args.b), ("game", args.game), ("players", args.players),
                     ("seconds", "%.1f" % (time.time() - t0))):
            print("%s: %s" % (k, v))
        if COSTS is not None:
            print("\n".join(cost_lines(COSTS)))
    else:
        res = run(args.game, args.players, args.a, args.b, args.deals, args.seed, log, args.options)
        print(report(res, [("a", args.a), ("b", args.b), ("game", args.game), ("players", args.players),
                           ("seconds", "%.1f" % (time.time() - t0))]))
        if COSTS is not None:
            print("\n".join(cost_lines(COSTS)))
    what = {"game": args.game, "players": args.players, "options": args.options, "seed": args.seed,
            "b": args.b}
    if args.matches:
        what.update(matches=True, target=args.target)
    if args.rows:
        with open(args.rows, "w") as f:
            json.dump(dict(what, a=args.a, xs=res["xs"], ys=res["ys"]), f)
    if args.paired:
        with open(args.paired) as f:
            other = json.load(f)
        if any(other.get(k) != v for k, v in what.items()):
            raise SystemExit("--paired: %s is of other deals or another opponent" % args.paired)
        n = min(len(other["xs"]), len(res["xs"]))
        d, half = paired_ci(res["xs"][:n], res["ys"][:n], other["xs"][:n], other["ys"][:n])
        print("paired_with: %s (a: %s) over %d %s: %+.4f +- %.4f" % (
            args.paired, other["a"], n, "match seeds" if args.matches else "deals", d, half))


if __name__ == "__main__":
    main()
