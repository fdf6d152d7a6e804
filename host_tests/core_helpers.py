"""Shared helpers for the core tests: tiles by name, scripted play, state snapshots.

Expected scores in the tests are worked out from tile *names* with
:func:`name_pips` (plain arithmetic on "a-b"), not with the core's tables, so a
wrong table cannot make a wrong expectation agree with itself.
"""

from domino import tiles
from domino.game import PASS, DRAW, IllegalMove, new_move_buffer

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


def play_out(g, pick):
    """Play hand ``g`` to its end, each move the legal move ``pick(n)`` of the ``n``."""
    buf = new_move_buffer()
    while not g.over:
        n = g.legal_moves(buf)
        g.play(buf[pick(n)], g.turn)


# -- scripted full deals (every tile dealt), worked out by hand --------------------
# Four players, partners 0+2 v 1+3. Seat 0 holds 6-6 and leads.

DEAL4_TAPE = [
    "6-6 6-5 5-5 5-4 4-4 4-3 3-3",
    "0-0 1-0 1-1 2-0 2-1 2-2 3-0",
    "6-4 6-3 6-2 6-1 6-0 5-3 5-2",
    "5-1 5-0 4-2 4-1 4-0 3-2 3-1",
]
# ends after each play in the comments: [left, right]
SCRIPT4_TAPE = [
    (0, "6-6"),     # [6,6]
    (1, "pass"),    # no six
    (2, "6-4 L"),   # [4,6]
    (3, "4-2 L"),   # [2,6]
    (0, "6-5 R"),   # [2,5]
    (1, "2-2 L"),   # [2,5]
    (2, "6-2 L"),   # [6,5]
    (3, "5-1 R"),   # [6,1]
    (0, "pass"),    # holds 5-5 5-4 4-4 4-3 3-3
    (1, "1-1 R"),   # [6,1]
    (2, "6-3 L"),   # [3,1]
    (3, "4-1 R"),   # [3,4]
    (0, "4-4 R"),   # [3,4]
    (1, "3-0 L"),   # [0,4]
    (2, "6-0 L"),   # [6,4]
    (3, "4-0 R"),   # [6,0]
    (0, "pass"),    # holds 5-5 5-4 4-3 3-3
    (1, "2-0 R"),   # [6,2]
    (2, "6-1 L"),   # [1,2]
    (3, "3-2 R"),   # [1,3]
    (0, "4-3 R"),   # [1,4]
    (1, "2-1 L"),   # [2,4]
    (2, "5-2 L"),   # [5,4]
    (3, "5-0 L"),   # [0,4]
    (0, "5-4 R"),   # [0,5]
    (1, "1-0 L"),   # [1,5]
    (2, "5-3 R"),   # seat 2 plays its last tile: domino
]
LEFT4_TAPE = [["5-5", "3-3"], ["0-0"], [], ["3-1"]]

# Both ends end on 6 with all seven sixes laid: nobody can play (krose / zete).
SCRIPT4_SIX_BLOCK = [
    (0, "6-6"),     # [6,6]
    (1, "6-4 L"),   # [4,6]
    (2, "5-4 L"),   # [5,6]
    (3, "6-5 L"),   # [6,6]
    (0, "6-3 L"),   # [3,6]
    (1, "3-2 L"),   # [2,6]
    (2, "6-2 L"),   # [6,6]
    (3, "6-1 L"),   # [1,6]
    (0, "1-0 L"),   # [0,6]
    (1, "6-0 L"),   # [6,6] and every six is down
    (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"),
]
DEAL4_KROSE = [
    "6-6 6-3 1-0 0-0 2-0 1-1 2-1",
    "6-4 3-2 6-0 4-1 5-1 4-2 5-2",
    "5-4 6-2 3-0 4-0 3-1 2-2 5-0",
    "6-5 6-1 3-3 4-3 5-3 4-4 5-5",
]
LEFT4_KROSE = [["0-0", "2-0", "1-1", "2-1"], ["4-1", "5-1", "4-2", "5-2"],
               ["3-0", "4-0", "3-1", "2-2", "5-0"], ["3-3", "4-3", "5-3", "4-4", "5-5"]]
DEAL4_ZETE = [
    "6-6 6-3 1-0 0-0 2-0 1-1 3-0",
    "6-4 3-2 6-0 4-0 5-0 2-1 3-1",
    "5-4 6-2 5-5 4-4 5-3 4-3 4-1",
    "6-5 6-1 5-1 2-2 4-2 5-2 3-3",
]
LEFT4_ZETE = [["0-0", "2-0", "1-1", "3-0"], ["4-0", "5-0", "2-1", "3-1"],
              ["5-5", "4-4", "5-3", "4-3", "4-1"], ["5-1", "2-2", "4-2", "5-2", "3-3"]]


def deal(game, hand_strings, starter=None):
    """Redeal ``game`` with hands given as strings of tile names."""
    game.redeal([tiles_of(h) for h in hand_strings], (), starter)
    return game


def blocks_next(g, mv, ahead=1):
    """Whether after line move ``mv`` the next seat (``ahead`` 2: the one after
    it) holds no tile of either end (a scan of its hand on the game played):
    where the playouts add ``W_BLOCK`` (``ahead`` 2, with three sides: ``W_AFTER``)."""
    nxt = (g.turn + ahead) % g.players
    g.apply(mv)
    ends = (g.ends[0], g.ends[1])
    held = [t for t in range(len(g.loc)) if g.loc[t] == nxt]
    g.undo()
    return not any(tiles.HI[t] in ends or tiles.LO[t] in ends for t in held)


def unseen_places(g, seat, again):
    """What ``seat`` cannot see in hand ``g``: ``(hands, stock, place)``, the deal as
    ``again()`` (a fresh copy of the hand) makes it, and ``place[t]`` for each hidden tile
    (the seat holding it, -1 the stock), other hands first by seat, then the stock.
    Hidden: the other seats' hands (less a piece the public part names: Loo's exchanged
    turn-up) and the stock's pieces no hand has held (the line games' undrawn boneyard;
    Loo's misses not taken and pieces out of play)."""
    n = g.players
    fresh = again()
    hands = [fresh.hand(s) for s in range(n)]
    stock = list(fresh.stock)
    held = set(t for h in hands for t in h)
    r = again()
    for mv in g.moves():
        r.apply(mv)
        for s in range(n):
            held.update(r.hand(s))
    named = set()  # any int of the public part counts: that only leaves more tiles in place
    todo = [g.observation(seat).public]
    while todo:
        x = todo.pop()
        if isinstance(x, tuple):
            todo.extend(x)
        else:
            named.add(x)
    place = {}
    for s in range(n):
        if s != seat:
            for t in g.hand(s):
                if t not in named:
                    place[t] = s
    for t in stock:
        if t not in held:
            place[t] = -1
    return hands, stock, place


def unseen_redealt(g, seat, rng):
    """The hand ``g`` dealt again (its class's ``from_options`` and ``redeal``) with the
    tiles ``seat`` cannot see permuted by ``rng``, its moves replayed by ``play``;
    None if they are not legal there or the seat would see a difference."""
    cls = type(g)

    def again():
        a = cls.from_options(g.players, g.seed, g.starter, g.options_code())
        a.standing = g.standing  # the same match
        return a

    hands, stock, place = unseen_places(g, seat, again)
    hidden = list(place)
    perm = list(hidden)
    rng.shuffle(perm)
    pi = dict(zip(hidden, perm))
    hands2 = [[pi.get(t, t) for t in h] for h in hands]
    stock2 = [pi.get(t, t) for t in stock]
    alt = again()
    alt.redeal(hands2, stock2, g.starter)
    try:
        for mv in g.moves():
            alt.play(mv)
    except IllegalMove:
        return None
    if alt.observation(seat).key() != g.observation(seat).key():
        return None
    return alt


def assert_micropython_prints_as_cpython(program, least=100):
    """Run ``program`` under MicroPython (the wasm port, tools/mpwasm.py) and under
    CPython; the lines each prints that start with "M " (one per move chosen) must be
    the same, at least ``least`` of them."""
    import pytest
    import mpwasm as mp

    try:
        mp.check_available()
    except mp.MicroPythonUnavailable as e:
        pytest.fail(str(e))
    out = mp.run(setup=program, measure=False, timeout=600).stdout
    got = [line for line in out.splitlines() if line.startswith("M ")]
    lines = []
    exec(program, {"print": lambda *a: lines.append(" ".join(str(x) for x in a))})
    assert len(got) == len(lines) >= least
    assert got == lines
