"""How much hidden information costs an AI level: the arena with the real deal.

A diagnostic for planning, not a player: while side A's player decides, every
deal of the hidden tiles it samples (:meth:`domino.lineai.know.Knowledge.deal`) is
replaced by where the tiles really are, so Hard searches the true deal (its
playout policy still reads only each seat's own hand). The core's AI never
does this; only this tool patches it, for its own run. With a boneyard, the
boneyard's order stays unknown (its tiles are known, not their order).
Prints the arena's figures for side A with the real deal and, on the same
deals, without it (``fair_*``), as ``key: value`` lines:

    .venv/bin/python tools/oracle_gap.py --game 0 --players 4 --a hard --b heaviest --deals 600
"""

import argparse
import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(TOOLS), "lib"))
sys.path.insert(0, TOOLS)

import arena  # noqa: E402
from domino.lineai.know import Knowledge  # noqa: E402

_STOCKSEAT = 254


class Peek:
    """While on, sampled deals are the real one of the hand being played."""

    def __init__(self):
        self.game = None
        self.on = False
        self._deal = Knowledge.deal
        self._play_hand = arena.play_hand

    def __enter__(self):
        peek = self
        real_deal = self._deal

        def play_hand(cls, players, seed, seat_player, options=0):
            peek.game = g = cls.from_options(players, seed, None, options) if options else cls(players, seed)
            return arena.play_out(g, cls, seat_player)

        def deal(K, rng, tries=20, wt=None):
            owner = real_deal(K, rng, tries, wt)  # same random draws as without peeking
            g = peek.game
            if peek.on and g is not None:
                for i, t in enumerate(K.pool):
                    where = g.loc[t]
                    owner[i] = where if where < g.players else _STOCKSEAT
            return owner

        arena.play_hand = play_hand
        Knowledge.deal = deal
        self.on = True
        return self

    def __exit__(self, *exc):
        arena.play_hand = self._play_hand
        Knowledge.deal = self._deal
        self.on = False


def gap(game, players, spec_a, spec_b, deals, seed=1):
    """Figures for ``spec_a`` with the real deal and without (``fair_`` keys).
    Side B must not sample deals itself (Medium and Hard do), or it would peek too."""
    if spec_b.split(":")[0] in ("medium", "hard"):
        raise SystemExit("side B must be a player that samples no deals (heaviest, random, greedy, easy)")
    with Peek():
        peeked = arena.run(game, players, spec_a, spec_b, deals, seed)
    fair = arena.run(game, players, spec_a, spec_b, deals, seed)
    out = {}
    for k in ("points_share_a", "points_share_ci95", "hands_won_a", "deals"):
        out[k] = peeked[k]
        out["fair_" + k] = fair[k]
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", type=int, default=0)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="heaviest")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    r = gap(args.game, args.players, args.a, args.b, args.deals, args.seed)
    for pre in ("", "fair_"):
        print("%spoints_share_a: %.4f" % (pre, r[pre + "points_share_a"]))
        print("%spoints_share_ci95: [%.4f, %.4f]" % ((pre,) + tuple(r[pre + "points_share_ci95"])))
        print("%shands_won_a: %.4f" % (pre, r[pre + "hands_won_a"]))
    print("deals: %d\na: %s\nb: %s" % (r["deals"], args.a, args.b))


if __name__ == "__main__":
    main()
