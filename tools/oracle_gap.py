"""How much hidden information costs an AI level: the arena with the real deal.

A diagnostic for planning, not a player: while side A's player decides, every
deal of the hidden tiles it samples (the game family's ``Knowledge.deal``) is
replaced by where the tiles really are, so Hard searches the true deal (its
playout policy still plays each seat as that family's policy does). The core's AI
never does this; only this tool patches it, for its own run. The other hands are
the real ones; tiles elsewhere (a boneyard, Loo's misses and pieces out of play)
keep the places the draw gave them: which tiles are there is known, not where.
With ``--closed`` the real deal is given only once no hidden tile can come into
a hand (``Knowledge.closed``: in Domino Loo once play begins, so the misses stay
unknown; in the line games and Castle Rock once the boneyard is empty). With
``--partner`` (partnerships: Seychelles and Domino Whist with 4) only the partner's hand is the real
one: the other tiles the draw placed there go to the opponents' places it freed,
as their shown voids allow (else where they really are). Prints
the arena's figures for side A with the real deal and, on the same deals or match
seeds, without it (``fair_*``), and their paired difference, as ``key: value``
lines:

    .venv/bin/python tools/oracle_gap.py --game 0 --players 4 --a hard --b heaviest --deals 600
    .venv-pypy/bin/python tools/oracle_gap.py --game 3 --players 2 --a hard --b club --matches 3000 --seed 7 --closed
"""

import argparse
import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(TOOLS), "lib"))
sys.path.insert(0, TOOLS)

import arena  # noqa: E402
from domino import ai, games, tiles  # noqa: E402
from domino.rng import Rng  # noqa: E402


class Peek:
    """While on, the deals ``game_cls``'s family samples are the real one of the
    hand being played (``closed``: only where ``Knowledge.closed``; ``partner``:
    only the partner's hand, module doc)."""

    def __init__(self, game_cls, closed=False, partner=False):
        self.K = ai.family(game_cls).Knowledge
        self.closed = closed
        self.partner = partner
        self.rng = Rng(1)  # --partner's shuffles (Hard's own stream left as it is)
        self.game = None
        self.on = False
        self._deal = self.K.deal
        self._play_out = arena.play_out

    def __enter__(self):
        peek = self
        real_deal = self._deal
        play_out = self._play_out

        def watched_play_out(g, cls, seat_player):
            peek.game = g
            return play_out(g, cls, seat_player)

        def deal(K, rng, tries=20, wt=None):
            owner = real_deal(K, rng, tries, wt)  # same random draws as without peeking
            g = peek.game
            if peek.on and g is not None and peek.partner:
                return _partner_real(K, g, owner, peek.rng)
            if peek.on and g is not None and (K.closed or not peek.closed):
                n = g.players
                pool = K.pool
                rest = [owner[i] for i in range(len(pool)) if owner[i] >= n]
                j = 0
                for i in range(len(pool)):
                    where = g.loc[pool[i]]
                    if where < n:
                        owner[i] = where
                    else:  # elsewhere: one of the places the draw gave such tiles
                        owner[i] = rest[j]
                        j += 1
            return owner

        arena.play_out = watched_play_out
        self.K.deal = deal
        self.on = True
        return self

    def __exit__(self, *exc):
        arena.play_out = self._play_out
        self.K.deal = self._deal
        self.on = False


def _fits(K, s, t):
    """Whether seat ``s`` may hold tile ``t`` by the suits it has shown it lacks."""
    hi, lo = tiles.HI[t], tiles.LO[t]
    return not ((K.void[s] >> hi) | (K.void[s] >> lo)) & 1


def _partner_real(K, g, owner, rng):
    """``owner`` with the partner's hidden tiles where they really are; the
    tiles the draw gave the partner instead take the places so freed, in a
    random order whose every tile fits its new seat's voids (else, for those
    tiles, where they really are)."""
    pool = K.pool
    pt = (K.me + 2) % g.players
    gone = [i for i in range(len(pool)) if g.loc[pool[i]] == pt and owner[i] != pt]
    come = [i for i in range(len(pool)) if g.loc[pool[i]] != pt and owner[i] == pt]
    seats = [owner[i] for i in gone]
    for i in gone:
        owner[i] = pt
    for _ in range(50):
        for k in range(len(seats) - 1, 0, -1):  # a shuffle of the freed places
            j = rng.below(k + 1)
            seats[k], seats[j] = seats[j], seats[k]
        if all(_fits(K, seats[k], pool[come[k]]) for k in range(len(come))):
            for k in range(len(come)):
                owner[come[k]] = seats[k]
            return owner
    for i in range(len(pool)):  # no fit found: the opponents' real hands
        if owner[i] != pt:
            owner[i] = g.loc[pool[i]]
    return owner


def gap(game, players, spec_a, spec_b, deals=0, seed=1, matches=0, closed=False, partner=False):
    """Figures for ``spec_a`` with the real deal and without (``fair_`` keys),
    over ``deals`` duplicate deals or ``matches`` match seeds, and the paired
    difference (``paired``: difference and half-width of its 95% interval).
    Side B must not sample deals itself (Medium and Hard do), or it would peek too."""
    if spec_b.split(":")[0] in ("medium", "hard"):
        raise SystemExit("side B must be a player that samples no deals (heaviest, random, greedy, easy, club)")
    if matches:
        keys = ("matches_won_a", "matches_won_ci95", "matches")

        def play():
            return arena.run_matches(game, players, spec_a, spec_b, matches, seed)
    else:
        keys = ("points_share_a", "points_share_ci95", "hands_won_a", "deals")

        def play():
            return arena.run(game, players, spec_a, spec_b, deals, seed)
    if partner and games.load(game)(players, 1).nsides * 2 != players:
        raise SystemExit("--partner: a game of partnerships (Seychelles or Domino Whist with 4 players)")
    with Peek(games.load(game), closed, partner):
        peeked = play()
    fair = play()
    out = {"keys": keys}
    for k in keys:
        out[k] = peeked[k]
        out["fair_" + k] = fair[k]
    out["paired"] = arena.paired_ci(peeked["xs"], peeked["ys"], fair["xs"], fair["ys"])
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", type=int, default=0)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="heaviest")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--matches", type=int, default=0, help="whole matches over this many seeds, not deals")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--closed", action="store_true",
                    help="the real deal only once no hidden tile can come into a hand")
    ap.add_argument("--partner", action="store_true",
                    help="only the partner's hand is the real one (partnerships of 4)")
    args = ap.parse_args(argv)
    r = gap(args.game, args.players, args.a, args.b, args.deals, args.seed, args.matches, args.closed,
            args.partner)
    for pre in ("", "fair_"):
        for k in r["keys"]:
            v = r[pre + k]
            if isinstance(v, tuple):
                print("%s%s: [%.4f, %.4f]" % (pre, k, v[0], v[1]))
            elif isinstance(v, float):
                print("%s%s: %.4f" % (pre, k, v))
            else:
                print("%s%s: %d" % (pre, k, v))
    print("paired: %+.4f +- %.4f" % r["paired"])
    print("a: %s\nb: %s" % (args.a, args.b))


if __name__ == "__main__":
    main()
