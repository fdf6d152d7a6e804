"""The draw before a match's first hand, for the games that draw for seats, the first
lead or the first deal (``match_start``). A module of its own so that a game that
draws nothing does not hold it in RAM."""

from . import tiles


def draw_for(match, what, nset, rng):
    """Before the first hand each player draws a tile of a double-``nset`` set
    shuffled by ``rng``: sets ``match.draw`` (per player), ``match.drawn_for``
    (``what`` it decides, in a word: "seats", "lead" or "deal", for screens) and
    ``match.first`` (the player with the heaviest tile: most pips, ties by the
    higher end); returns the draw."""
    deck = bytearray(range(tiles.count(nset)))
    rng.shuffle(deck)
    drawn = list(deck[:match.players])
    best = 0
    for p in range(1, match.players):
        if tiles.rank_key(drawn[p]) > tiles.rank_key(drawn[best]):
            best = p
    match.draw = drawn
    match.drawn_for = what
    match.first = best
    return drawn
