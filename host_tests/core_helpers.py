"""Shared helpers for the core tests: tiles by name, scripted play, state snapshots.

Expected scores in the tests are worked out from tile *names* with
:func:`name_pips` (plain arithmetic on "a-b"), not with the core's tables, so a
wrong table cannot make a wrong expectation agree with itself.
"""

from domino import tiles
from domino.game import PASS, DRAW

L = 0  # left arm
R = 1  # right arm


def T(name):
    """Tile index of "a-b" computed from the indexing rule hi*(hi+1)/2 + lo."""
    a, b = (int(x) for x in name.split("-"))
    hi, lo = max(a, b), min(a, b)
    return hi * (hi + 1) // 2 + lo


def name_pips(name):
    """Pips of a tile named "a-b", by plain arithmetic."""
    a, b = (int(x) for x in name.split("-"))
    return a + b


def hand_pips(names):
    """Pips of a list of tile names."""
    return sum(name_pips(n) for n in names)


def tiles_of(names):
    """Sorted tile indices of a space-separated string or list of names."""
    if isinstance(names, str):
        names = names.split()
    return sorted(T(n) for n in names)


def names_of(tile_list):
    """Names ("6-5") of a list of tile indices, sorted by index."""
    return [tiles.name(t) for t in sorted(tile_list)]


def move(text):
    """A move from "pass", "draw", "6-5" (first tile) or "6-5 L" / "6-5 R"."""
    text = text.strip()
    if text == "pass":
        return PASS
    if text == "draw":
        return DRAW
    parts = text.split()
    arm = 0
    if len(parts) == 2:
        arm = {"L": L, "R": R}[parts[1]]
    return (T(parts[0]) << 2) | arm


def run_script(game, script):
    """Play ``script``: entries ``(seat, text)``; each checked with ``play(move, seat)``."""
    for seat, text in script:
        assert not game.over, "hand ended before %r" % ((seat, text),)
        assert game.turn == seat, "expected seat %d to act before %r, seat %d is" % (
            seat, text, game.turn)
        game.play(move(text), seat=seat)


def rotate_hands(hands, k, players):
    """Hands moved ``k`` seats clockwise (seat s's hand goes to seat s+k)."""
    out = [None] * players
    for s in range(players):
        out[(s + k) % players] = hands[s]
    return out


def rotate_script(script, k, players):
    """A script with every seat moved ``k`` seats clockwise."""
    return [((s + k) % players, text) for s, text in script]


def snapshot(g):
    """Everything that makes up a line game's state (for before/after comparisons)."""
    return (
        bytes(g.loc), bytes(g.ends), tuple(g.hist[:g.nhist]), g.nhist, g.turn, g.passes,
        bytes(g.count), g.over, g.winner, g.nplayed, bytes(g.placed[:g.nplayed]),
        bytes(g.placed_arm[:g.nplayed]), g.top, bytes(g.stock), g.starter,
        getattr(g, "narms", None),
    )


def legal(g):
    """The legal moves of the seat to act, as a list."""
    buf = [0] * 64
    n = g.legal_moves(buf)
    return buf[:n]
