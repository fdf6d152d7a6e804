"""Castle Rock: the text's examples as scripted turns ([6-6][6-3][6-4]; the strategy example),
a capture that empties the tableau, the deal for every seat count and set, scoring with the
Devil's hand, the match end with two players over 50 and a tie, drinks play, refusals,
make/undo exactness and random-play properties.

Expected values are worked out from tile *names* (``T("6-5")``) and plain arithmetic, not
from the core's tables.
"""

import random

import pytest

from domino import ai, dealcode, games
from domino.castle import CastleRock, PLACE, TAKE, TRIPLE, END, PLACING, TAKING, tableau_size
from domino.castle import options_for, config, youngest, hand_limit
from domino.game import IllegalMove, TABLEAU, MAX_MOVES, new_move_buffer
from domino.match import Match, deal_code
from domino.options import unpack as unpack_options
from domino.rng import Rng

from core_helpers import T, play_out

DRINKS = options_for(6, True)


def names(s):
    return [T(n) for n in s.split()]


def dealt(players, hands, tableau, stock="", starter=0, nset=6, drinks=False):
    """A hand with a scripted deal: ``hands`` one string of names per seat, the
    ``tableau`` blocked end first, ``stock`` drawn first to last; the rest out of play."""
    g = CastleRock(players, 1, 0, nset, drinks)
    g.redeal([names(h) for h in hands], names(stock), starter, names(tableau))
    return g


def legal(g):
    buf = new_move_buffer()
    return sorted(buf[:g.legal_moves(buf)])


def row_names(g):
    """The tableau's tiles, blocked end first (as indices, compared with :func:`idx`)."""
    return list(g.public()[0])


def idx(names_):
    return [T(n) for n in names_]


def name(t):
    # the inverse of T(), by search over names (not the core's tables)
    for a in range(13):
        for b in range(a + 1):
            if T("%d-%d" % (a, b)) == t:
                return "%d-%d" % (a, b)
    raise ValueError(t)


def take(n):
    return TAKE + T(n)


def triple(n):
    return TRIPLE + T(n)


def place(n):
    return PLACE + T(n)


def state(g):
    """Everything that makes the hand what it is."""
    return (bytes(g.loc), bytes(g.row[:g.rlen]), bytes(g.took[:g.ntook]), bytes(g.ncap),
            bytes(g.held), g.top, g.step, g.turn, g.over, tuple(g.moves()),
            tuple(g.observation(s).key() for s in range(g.players)))


# -- the class, options, deal codes ---------------------------------------------------------

def test_declarations_and_registry():
    assert games.load(4) is CastleRock
    assert (4, "castle", "CastleRock", "Castle Rock", "tableau") in games.GAMES
    assert CastleRock.GAME_ID == 4 and CastleRock.NAME == "Castle Rock"
    assert CastleRock.PLAYERS == (2, 3, 4, 5, 6)
    assert CastleRock.TARGET == 50 and CastleRock.LAYOUT == TABLEAU and not CastleRock.BAD_POINTS
    assert CastleRock.AI == "castleai" and ai.supports(CastleRock)
    assert ai.family(CastleRock).__name__ == "domino.castleai"
    assert [o[0] for o in CastleRock.OPTIONS] == ["Set", "Play"]
    for code in range(128):  # config reads the code exactly as domino.options packs it
        try:
            got = config(4, code)
        except ValueError:
            got = None
        try:
            idx = unpack_options(CastleRock.OPTIONS, code)
            want = ((6, 9, 12)[idx[0]], idx[1] == 1)
        except ValueError:
            want = None
        assert got == want, code
    assert options_for(12, True) == 6 and options_for(9) == 1 and DRINKS == 4
    assert CastleRock.refuses(1) and CastleRock.refuses(7) and CastleRock.refuses(3, 3)
    assert CastleRock.refuses(6, options_for(12, True)) is None
    assert CastleRock.sides_for(5) == 5


@pytest.mark.parametrize("players,options", [(2, 0), (5, 0), (6, DRINKS), (3, 1), (6, 6)])
def test_deal_codes_round_trip(players, options):
    for seed in (0, 77, 0xFFFFFF):
        for starter in range(players):
            g = CastleRock.from_options(players, seed, starter, options)
            code = deal_code(g)
            assert dealcode.decode(code) == (4, players, starter, options, seed)
            h = games.from_code(code)
            assert isinstance(h, CastleRock) and h.options_code() == options
            assert h.starter == starter and h.dealer == (starter - 1) % players
            assert [h.hand(s) for s in range(players)] == [g.hand(s) for s in range(players)]
            assert h.tableau() == g.tableau() and h.stock == g.stock and bytes(h.loc) == bytes(g.loc)


def test_constructor_refuses_bad_arguments():
    for bad in (dict(players=7), dict(players=1), dict(players=2.0), dict(starter=True),
                dict(starter=1.5), dict(starter=3), dict(seed=-1), dict(nset=8), dict(drinks=1)):
        kw = dict(players=3, seed=1, starter=0)
        kw.update(bad)
        with pytest.raises(ValueError):
            CastleRock(**kw)


# -- the deal ---------------------------------------------------------------------------------

# tiles in the tableau by set and players (the text: four, three with five players on
# double-six; the larger sets by the module's rule, worked out here by hand)
TABLEAU_SIZES = {6: {2: 4, 3: 4, 4: 4, 5: 3, 6: 4},
                 9: {2: 3, 3: 4, 4: 3, 5: 5, 6: 7},
                 12: {2: 3, 3: 4, 4: 3, 5: 6, 6: 7}}
SET_TILES = {6: 28, 9: 55, 12: 91}
# the text: "Two players will each have a total of 12 tiles pass thru their hands ..."
THROUGH_HANDS = {2: 12, 3: 8, 4: 6, 5: 5, 6: 4}


@pytest.mark.parametrize("nset", [6, 9, 12])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_deal(players, nset):
    t = TABLEAU_SIZES[nset][players]
    assert tableau_size(players, nset) == t
    total = SET_TILES[nset]
    assert (total - t) % players == 0  # every player has as many tiles pass through his hand
    if nset == 6:
        assert (total - t) // players == THROUGH_HANDS[players]
    for seed in range(10):
        starter = seed % players
        g = CastleRock(players, seed, starter, nset)
        assert all(len(g.hand(s)) == 2 for s in range(players))
        assert len(g.tableau()) == t and len(g.stock) == total - t - 2 * players
        places = [t_ for s in range(players) for t_ in g.hand(s)] + g.tableau() + list(g.stock)
        assert sorted(places) == list(range(total))
        # dealt in order from the seed: two tiles a seat, then the tableau as dealt, then the
        # boneyard (nobody arranges the tableau)
        deck = bytearray(range(total))
        Rng(seed).shuffle(deck)
        assert [sorted(deck[2 * s:2 * s + 2]) for s in range(players)] == \
            [g.hand(s) for s in range(players)]
        assert g.tableau() == list(deck[2 * players:2 * players + t])
        assert bytes(g.stock) == bytes(deck[2 * players + t:])
        assert g.turn == starter and g.dealer == (starter - 1) % players
        assert g.public()[2] == g.dealer


def test_five_players_expose_three_and_each_place_five():
    rnd = random.Random(5)
    for seed in range(20):
        g = CastleRock(5, seed, seed % 5)
        assert len(g.tableau()) == 3
        placed = [0] * 5
        buf = new_move_buffer()
        while not g.over:
            n = g.legal_moves(buf)
            mv = buf[rnd.randrange(n)]
            if g.move_tile(mv) >= 0:
                placed[g.turn] += 1
            g.play(mv)
        assert placed == [5] * 5


@pytest.mark.parametrize("nset", [6, 9, 12])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_player_places_the_same_number(players, nset):
    g = CastleRock(players, 3 * players + nset, 1 % players, nset)
    placed = [0] * players
    buf = new_move_buffer()
    rnd = random.Random(players)
    while not g.over:
        n = g.legal_moves(buf)
        mv = buf[rnd.randrange(n)]
        if g.move_tile(mv) >= 0:
            placed[g.turn] += 1
        g.play(mv)
    each = (SET_TILES[nset] - TABLEAU_SIZES[nset][players]) // players
    assert placed == [each] * players


# -- a turn -----------------------------------------------------------------------------------

def test_a_turn_places_then_captures_then_ends_with_a_draw():
    g = dealt(3, ["6-4 0-0", "5-5 5-1", "2-2 2-1"], "6-6 6-3", stock="3-3 4-4 1-0")
    assert g.turn == 0 and g.step == PLACING
    assert legal(g) == sorted([place("6-4"), place("0-0")])  # any tile: nothing has to match
    g.play(place("6-4"), 0)
    assert g.turn == 0 and g.step == TAKING and g.hand(0) == [T("0-0")]
    assert row_names(g) == idx(["6-6", "6-3", "6-4"])  # placed at the open end
    assert legal(g) == sorted([take("6-3"), triple("6-3"), END])
    g.play(END, 0)
    assert g.turn == 1 and g.step == PLACING
    assert g.hand(0) == sorted(names("0-0 3-3"))  # the boneyard's first tile
    assert g.observation(1).stock == 2


def test_text_example_leave_them_alone():
    g = dealt(2, ["6-4 0-0", "5-5 5-1"], "6-6 6-3")
    g.play(place("6-4"))
    g.play(END)
    assert row_names(g) == idx(["6-6", "6-3", "6-4"]) and g.hand_scores() == [0, 0]
    # the capture missed is lost to seat 0; seat 1 may take it after placing
    assert g.turn == 1 and legal(g) == sorted([place("5-5"), place("5-1")])
    g.play(place("5-5"))
    assert take("6-3") in legal(g) and triple("6-3") in legal(g)


def test_text_example_capture_the_middle():
    g = dealt(2, ["6-4 0-0", "5-5 5-1"], "6-6 6-3")
    g.play(place("6-4"))
    g.play(take("6-3"))
    assert row_names(g) == idx(["6-6", "6-4"]) and g.hand_scores() == [1, 0]
    assert g.public()[3] == ((T("6-3"),), ())
    assert legal(g) == [END] and g.turn == 0


def test_text_example_capture_all_three():
    g = dealt(2, ["6-4 0-0", "5-5 5-1"], "6-6 6-3")
    g.play(place("6-4"))
    g.play(triple("6-3"))
    assert row_names(g) == idx([]) and g.hand_scores() == [3, 0]
    assert g.public()[3] == (tuple(names("6-6 6-3 6-4")), ())
    assert g.public()[1] == -1 and g.public()[4] == 0


def test_the_two_captures_at_a_place_are_one_choice():
    g = dealt(2, ["6-4 0-0", "5-5 5-1"], "6-6 6-3")
    g.play(place("6-4"))
    assert g.move_group(take("6-3")) == g.move_group(triple("6-3")) != g.move_group(END)
    assert g.move_tile(take("6-3")) == g.move_tile(triple("6-3")) == -1
    assert g.move_tile(place("0-0")) == T("0-0")
    assert g.move_name(take("6-3")) == "take 6-3"
    assert g.move_name(triple("6-3")) == "take 3 at 6-3"
    assert g.move_name(END) == "end turn" and g.move_name(place("0-0")) == "place 0-0"
    assert g.move_span(take("6-3")) == (1, 1) and g.move_span(triple("6-3")) == (0, 3)
    assert g.move_span(take("6-6")) == (-1, 0) and g.move_span(END) == (-1, 0)


def test_a_capture_anywhere_in_the_row():
    # the placed tile creates nothing; the capture at the blocked end is there all the same
    g = dealt(2, ["0-0 1-0", "5-5 5-1"], "6-6 6-3 6-4 1-2")
    g.play(place("0-0"))
    assert legal(g) == sorted([take("6-3"), triple("6-3"), END])


def test_middle_alone_when_it_lacks_the_suit():
    # 3-1 between 6-2 and 2-0 (twos) is no two: it is taken alone
    g = dealt(2, ["2-0 0-0", "5-5 5-1"], "6-2 3-1")
    g.play(place("2-0"))
    assert legal(g) == sorted([take("3-1"), END])


STRATEGY_ROW = "2-4 4-4 0-4 1-1 1-5"


def strategy_hand(players=2):
    hands = ["1-4 6-6", "6-5 6-0", "3-3 6-1", "2-2 6-2", "3-0 6-3", "5-0 5-5"][:players]
    g = dealt(players, hands, STRATEGY_ROW)
    g.play(place("1-4"))
    return g


def test_strategy_example_the_choices():
    g = strategy_hand()
    assert row_names(g) == idx(["2-4", "4-4", "0-4", "1-1", "1-5", "1-4"])
    # 4-4 between two fours (a four itself); 1-5 between two ones (a one itself)
    assert legal(g) == sorted([take("4-4"), triple("4-4"), take("1-5"), triple("1-5"), END])


def test_strategy_example_singles_in_the_right_order():
    """The text's plan: the middle [1-5], then the middle [1-1], then the middle [0-4], then
    the triplet [2-4][4-4][1-4]: six tiles, each step opened by the one before."""
    g = strategy_hand()
    for bad in ("1-1", "0-4"):  # not yet between two tiles of a suit
        with pytest.raises(IllegalMove, match="share no suit"):
            g.play(take(bad))
    g.play(take("1-5"))
    assert row_names(g) == idx(["2-4", "4-4", "0-4", "1-1", "1-4"])
    assert take("1-1") in legal(g) and triple("1-1") not in legal(g)  # 1-1 is no four
    with pytest.raises(IllegalMove, match="share no suit"):
        g.play(take("0-4"))
    g.play(take("1-1"))
    assert row_names(g) == idx(["2-4", "4-4", "0-4", "1-4"])
    assert take("0-4") in legal(g) and triple("0-4") in legal(g)
    g.play(take("0-4"))
    assert row_names(g) == idx(["2-4", "4-4", "1-4"])
    g.play(triple("4-4"))
    assert row_names(g) == idx([]) and g.hand_scores() == [6, 0]
    assert g.public()[3][0] == tuple(names("1-5 1-1 0-4 2-4 4-4 1-4"))
    assert legal(g) == [END]


def test_strategy_example_two_triplets_take_six_too():
    """The editor's note: the triplet [2-4][4-4][0-4] and the final three take as many."""
    for first, second in (("4-4", "1-5"), ("1-5", "4-4")):
        g = strategy_hand()
        g.play(triple(first))
        g.play(triple(second))
        assert row_names(g) == idx([]) and g.hand_scores() == [6, 0]
    # taking a middle alone can spoil a triplet: 4-4 alone leaves 2-4 0-4 1-1 ... 1-4
    g = strategy_hand()
    g.play(take("4-4"))
    assert row_names(g) == idx(["2-4", "0-4", "1-1", "1-5", "1-4"])
    assert legal(g) == sorted([take("1-5"), triple("1-5"), END])


def test_a_capture_that_empties_the_tableau_and_the_next_two_turns():
    g = strategy_hand(3)
    g.play(triple("4-4"))
    g.play(triple("1-5"))
    assert g.public()[4] == 0
    g.play(END)
    # the next two players place with no chance of a capture: fewer than three tiles
    assert g.turn == 1
    g.play(place("6-5"))
    assert legal(g) == [END] and row_names(g) == idx(["6-5"])
    g.play(END)
    assert g.turn == 2
    g.play(place("6-1"))
    assert legal(g) == [END] and row_names(g) == idx(["6-5", "6-1"])
    g.play(END)
    # with a third tile captures are back: three sixes
    assert g.turn == 0
    g.play(place("6-6"))
    assert row_names(g) == idx(["6-5", "6-1", "6-6"])
    assert legal(g) == sorted([take("6-1"), triple("6-1"), END])


@pytest.mark.parametrize("left,right,shared", [("6-1", "6-2", True), ("3-1", "5-3", True),
                                                ("5-3", "3-1", True), ("6-3", "5-3", True),
                                                ("5-5", "5-0", True), ("6-1", "5-2", False)])
def test_neighbours_share_a_suit_at_either_end(left, right, shared):
    g = dealt(2, [right + " 2-2", "1-1 0-0"], left + " 4-4")
    g.play(place(right))
    assert legal(g) == (sorted([take("4-4"), END]) if shared else [END])


def test_captures_need_neighbours_of_one_suit():
    g = dealt(2, ["6-6 0-0", "4-4 5-1"], "5-5 6-1")
    g.play(place("6-6"))
    # 6-1 between 5-5 and 6-6: no shared suit; nothing to take
    assert legal(g) == [END]


# -- the end and the score ------------------------------------------------------------------

def test_scoring_with_the_devils_hand_larger_than_the_captures():
    # the boneyard empty, one tile each: seat 0 takes 3-3 (between 1-2 and 1-4, no one);
    # seat 1 places 0-5 and takes nothing: four tiles stay in the tableau
    g = dealt(2, ["6-6", "0-5"], "1-2 3-3 1-4")
    g.play(place("6-6"))
    assert legal(g) == sorted([take("3-3"), END])
    g.play(take("3-3"))
    g.play(END)
    g.play(place("0-5"))
    assert legal(g) == [END]
    with pytest.raises(ValueError):
        g.result()
    g.play(END)
    assert g.over and g.hand(0) == [] and g.hand(1) == []
    r = g.result()
    assert r.devil == 4 and r.captured == [1, 0]
    assert r.points == [1 - 4, 0 - 4]  # a point a tile captured, less the Devil's hand
    assert r.winner == 0 and r.side == 0 and r.end == "empty"
    assert r.summary == "@0 wins the hand: took 1, Devil 4"


def test_a_seat_with_an_empty_hand_is_passed_over():
    # a scripted deal that does not share out evenly: seat 0 draws the only boneyard tile
    g = dealt(3, ["6-6 5-5", "4-4 3-3", "2-2 1-1"], "0-0 1-0 2-0", stock="6-5")
    order = []
    buf = new_move_buffer()
    while not g.over:
        order.append(g.turn)
        g.play(PLACE + g.hand(g.turn)[0])
        g.play(END)
    assert order == [0, 1, 2, 0, 1, 2, 0]


def points_of(g):
    """Each seat's tally at the end, from the public state: captures less the Devil's hand."""
    pub = g.public()
    return [len(c) - len(pub[0]) for c in pub[3]]


@pytest.mark.parametrize("players,options", [(2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (3, 1),
                                             (6, 2), (4, DRINKS)])
def test_random_play_properties(players, options):
    rnd = random.Random(players * 10 + options)
    buf = new_move_buffer()
    for k in range(12):
        g = CastleRock.from_options(players, rnd.randrange(1 << 24), k % players, options)
        total = len(g.loc)
        while not g.over:
            # every tile in exactly one place
            pub = g.public()
            places = [t for s in range(players) for t in g.hand(s)] + list(pub[0])
            places += [t for c in pub[3] for t in c] + list(g.stock[g.top:])
            assert sorted(places) == list(range(total))
            assert pub[4] == len(pub[0]) and pub[1] == (pub[0][-1] if pub[0] else -1)
            assert g.observation(g.turn).counts == [len(g.hand(s)) for s in range(players)]
            n = g.legal_moves(buf)
            assert 1 <= n <= MAX_MOVES
            g.play(buf[rnd.randrange(n)], g.turn)
        r = g.result()
        devil = len(g.tableau())
        assert r.devil == devil and sum(r.captured) + devil == total and g.stock[g.top:] == b""
        assert r.points == points_of(g)
        assert sum(r.points) == sum(r.captured) - devil * players
        best = max(r.points)
        assert r.winner == -1 or r.points[r.winner] == best


# -- refusals --------------------------------------------------------------------------------

def test_illegal_moves_refused_with_a_reason_and_nothing_changes():
    g = dealt(2, ["6-4 0-0", "5-5 5-1"], "6-6 6-3 1-2 3-3 2-0", stock="4-4")
    before = state(g)
    for mv, why in ((take("6-3"), "must first place"), (END, "must first place"),
                    (place("5-5"), "not in seat 0's hand"), (PLACE + 100, "not a move"),
                    (500, "not a move"), (1023, "not a move")):
        with pytest.raises(IllegalMove, match=why):
            g.play(mv)
        assert state(g) == before
    with pytest.raises(IllegalMove):
        g.play(place("6-4"), 1)  # out of turn
    assert state(g) == before
    g.play(place("6-4"))
    before = state(g)
    for mv, why in ((place("0-0"), "has placed its tile"), (take("5-5"), "not in the tableau"),
                    (take("6-6"), "at an end of the row"), (take("6-4"), "at an end of the row"),
                    (take("6-3"), "share no suit"), (triple("3-3"), "only it can be taken")):
        with pytest.raises(IllegalMove, match=why):
            g.play(mv)
        assert state(g) == before
    assert take("3-3") in legal(g)  # 3-3 between 1-2 and 2-0: twos; 3-3 is no two


def test_redeal_refuses_and_changes_nothing():
    g = CastleRock(3, 9, 1)
    before = state(g)
    for args in (([[1, 2], [3, 4]],), ([[1, 2], [3, 4], [1, 5]],), ([[1, 2], [3, 4], [5, 6, 7]],),
                 ([[1, 2], [3, 4], [5, 6]], [7, 28]), ([[1, 2], [3, 4], [5, 6]], None, 3),
                 ([[1, 2], [3, 4], [5, 6]], None, None, [1])):
        with pytest.raises(ValueError):
            g.redeal(*args)
        assert state(g) == before
    g.play(PLACE + g.hand(g.turn)[0])
    with pytest.raises(ValueError):
        g.redeal([[1, 2], [3, 4], [5, 6]])


# -- make / undo --------------------------------------------------------------------------------

@pytest.mark.parametrize("players,options", [(2, 0), (4, 0), (5, 0), (6, 6), (3, 1)])
def test_make_undo_exact_over_random_play(players, options):
    rnd = random.Random(players + 100 * options)
    buf = new_move_buffer()
    for _ in range(6):
        g = CastleRock.from_options(players, rnd.randrange(1 << 24), None, options)
        states = [state(g)]
        while not g.over:
            n = g.legal_moves(buf)
            ms = buf[:n]
            for mv in ms:  # every legal move made and unmade
                g.apply(mv)
                g.undo()
                assert state(g) == states[-1]
            g.apply(ms[rnd.randrange(n)])
            states.append(state(g))
        while states[:-1]:
            states.pop()
            g.undo()
            assert state(g) == states[-1]
        with pytest.raises(IllegalMove):
            g.undo()


def test_capture_list_is_capped_at_the_buffer_on_a_long_row():
    """On double-twelve a row can offer more captures than the contract's buffer holds:
    the end of the turn and the 63 nearest the open end are listed, nothing is written past."""
    # 0-k for k = 1..12 then 1-k for k = 2..12 ...: consecutive tiles sharing a suit
    row = []
    for a in range(13):
        for b in range(a + 1, 13):
            row.append("%d-%d" % (a, b))
    row = row[:60]
    g = dealt(2, ["12-12", "11-11"], " ".join(row), nset=12)
    g.play(place("12-12"))
    buf = [-1] * MAX_MOVES
    n = g.legal_moves(buf)
    assert n == MAX_MOVES and END in buf and buf.count(END) == 1
    caps = [m for m in buf if m != END]
    assert len(set(caps)) == MAX_MOVES - 1
    # the nearest the open end are listed (6-8 between 6-7 and 6-9), the furthest not
    # (0-2 between 0-1 and 0-3): refused as not listed, with that reason
    assert TAKE + T("6-8") in caps and TRIPLE + T("6-8") in caps
    assert TAKE + T("0-2") not in caps
    with pytest.raises(IllegalMove, match="more captures than the list holds"):
        g.play(take("0-2"))
    # taking near the open end shortens the list until the far ones come back
    while take("0-2") not in legal(g):
        g.play(min(m for m in legal(g) if TRIPLE <= m < END))
    assert legal(g)[-1] == END


# -- the match ---------------------------------------------------------------------------------

def test_dealer_drawn_by_highest_tile_and_the_deal_passes_clockwise():
    for seed in range(30):
        for n in (2, 3, 5, 6):
            m = Match(CastleRock, n, seed)
            drawn = m.draw
            assert len(set(drawn)) == n
            # highest: most pips, then the heavier end (worked out from names)
            key = [(sum(int(x) for x in name(t).split("-")), max(int(x) for x in name(t).split("-")))
                   for t in drawn]
            assert m.first == key.index(max(key))
            for h in range(n + 1):
                assert CastleRock.next_starter(m) == (m.first + 1 + h) % n
                m.hand_no += 1
    m = Match(CastleRock, 4, 3)
    g = m.deal()
    assert g.starter == (m.first + 1) % 4 and g.dealer == m.first
    assert g.turn == g.starter


def scripted_hand(m, starter):
    """Deal ``m``'s next hand and play a scripted one begun by ``starter`` (3 players):
    the starter takes 5-5 (1 tile), the next takes 0-0 then a triplet (4), the third
    places 6-6: the Devil keeps 1. Tallies: starter 0, next 3, third -1."""
    g = m.deal()
    s0, s1, s2 = starter, (starter + 1) % 3, (starter + 2) % 3
    hands = [None] * 3
    hands[s0], hands[s1], hands[s2] = "0-0", "1-6", "6-6"
    g.redeal([names(h) for h in hands], [], starter, names("1-2 5-5 1-3"))
    g.play(place("0-0"))
    g.play(take("5-5"))
    g.play(END)
    g.play(place("1-6"))
    g.play(take("0-0"))
    assert row_names(g) == idx(["1-2", "1-3", "1-6"])
    g.play(triple("1-3"))
    g.play(END)
    g.play(place("6-6"))
    g.play(END)
    r = m.finish_hand()
    pts = [0] * 3
    pts[s0], pts[s1], pts[s2] = 1 - 1, 4 - 1, 0 - 1
    assert r.points == pts
    return r


def match_with(scores):
    m = Match(CastleRock, 3, 11)
    m.scores[:] = scores
    return m


def test_match_nobody_at_the_target_plays_on():
    m = match_with([40, 40, 40])
    scripted_hand(m, 0)
    assert m.scores == [40, 43, 39] and not m.over and m.winner == -1


def test_match_at_fifty_wins():
    m = match_with([10, 47, 10])
    scripted_hand(m, 0)
    assert m.scores == [10, 50, 9] and m.over and m.winner == 1


def test_match_two_over_fifty_the_highest_wins():
    # seats 0 and 1 both pass 50 in the same hand; 1 has more
    m = match_with([51, 50, 10])
    scripted_hand(m, 0)
    assert m.scores == [51, 53, 9] and m.over and m.winner == 1
    m = match_with([56, 50, 10])
    scripted_hand(m, 0)
    assert m.scores == [56, 53, 9] and m.over and m.winner == 0


@pytest.mark.parametrize("starter", [0, 1, 2])
def test_match_tie_over_fifty_goes_to_the_youngest_hand(starter):
    s0, s1, s2 = starter, (starter + 1) % 3, (starter + 2) % 3
    # the eldest (the starter) and the next tie at 52: the next was dealt later
    sc = [0] * 3
    sc[s0], sc[s1], sc[s2] = 52, 49, 10
    m = match_with(sc)
    scripted_hand(m, starter)
    assert m.scores[s0] == m.scores[s1] == 52 and m.over and m.winner == s1
    # the eldest and the dealer (the youngest hand, dealt last) tie at 52
    sc[s0], sc[s1], sc[s2] = 52, 10, 53
    m = match_with(sc)
    scripted_hand(m, starter)
    assert m.scores[s0] == m.scores[s2] == 52 and m.over and m.winner == s2
    # a tie below another's higher score does not matter
    sc[s0], sc[s1], sc[s2] = 52, 60, 53
    m = match_with(sc)
    scripted_hand(m, starter)
    assert m.over and m.winner == s1


def test_hand_limit_half_the_target_in_whole_rounds():
    assert [hand_limit(50, n) for n in range(2, 7)] == [26, 27, 28, 25, 30]
    assert hand_limit(25, 4) == 16 and hand_limit(100, 6) == 54 and hand_limit(1, 3) == 3


def test_match_ends_at_the_hand_limit_the_highest_wins():
    m = match_with([10, 10, 10])
    m.hand_no = 25
    scripted_hand(m, 0)
    assert m.scores == [10, 13, 9] and not m.over  # hand 26 of 27
    scripted_hand(m, 1)
    # starter 1: seat 1 takes 0, seat 2 takes 3, seat 0 places the last tile: -1
    assert m.hand_no == 27 and m.scores == [9, 13, 12] and m.over and m.winner == 1


def test_match_at_the_hand_limit_a_tie_goes_to_the_youngest_hand():
    m = match_with([-3, -6, -20])
    m.hand_no = 26
    scripted_hand(m, 0)
    assert m.scores == [-3, -3, -21] and m.over and m.winner == 1


def test_youngest_hand():
    assert youngest([0, 1], 0, 3) == 1 and youngest([0, 1], 1, 3) == 0
    assert youngest([0, 2, 4], 3, 6) == 2  # dealt 3, 4, 5, 0, 1, 2: 2 last
    assert youngest([5], 0, 6) == 5


def test_drinks_a_single_hand_names_its_winner():
    for seed in range(1, 6):
        m = Match(CastleRock, 4, seed, None, DRINKS)
        g = m.deal()
        play_out(g, random.Random(seed).randrange)
        r = m.finish_hand()
        assert m.over and m.scores == [0, 0, 0, 0]  # no match score
        best = max(r.points)
        assert r.points[r.winner] == best and m.winner == r.winner
        assert r.summary.startswith("@%d wins" % r.winner)
        with pytest.raises(ValueError):
            m.deal()


def test_drinks_tie_goes_to_the_youngest_hand():
    # two players, both take nothing: a tie at minus the Devil's hand
    for starter in (0, 1):
        g = dealt(2, ["6-6", "0-5"], "1-2 3-4", starter=starter, drinks=True)
        while not g.over:
            g.play(PLACE + g.hand(g.turn)[0])
            g.play(END)
        r = g.result()
        assert r.points == [-4, -4] and r.winner == 1 - starter
        assert r.summary == "@%d wins (youngest hand): took 0, Devil 4" % (1 - starter)
        # in a match a tied hand has no winner
        g = dealt(2, ["6-6", "0-5"], "1-2 3-4", starter=starter)
        while not g.over:
            g.play(PLACE + g.hand(g.turn)[0])
            g.play(END)
        assert g.result().winner == -1
        assert g.result().summary == "@0 and @1 tie: took 0, Devil 4"
