"""Bad input raises a clear, specific error and changes nothing."""

import re

import pytest

from domino import dealcode, games, tiles
from domino.dealcode import BadDealCode
from domino.game import IllegalMove, PASS, DRAW
from domino.match import Match
from domino.seychelles import Seychelles
from domino.whist import Whist

from core_helpers import (snapshot, legal, move, run_script, deal, tiles_of,
                          DEAL4_TAPE, SCRIPT4_TAPE)


def refused(g, mv, pattern, seat=None, exc=IllegalMove):
    """``g.play(mv, seat)`` raises ``exc`` matching ``pattern`` and leaves ``g`` as it was."""
    before = snapshot(g)
    obs_before = [g.observation(s).key() for s in range(g.players)]
    with pytest.raises(exc, match=pattern):
        if seat is None:
            g.play(mv)
        else:
            g.play(mv, seat=seat)
    assert snapshot(g) == before
    assert [g.observation(s).key() for s in range(g.players)] == obs_before
    # and the game still plays on normally
    if not g.over:
        m = legal(g)[0]
        g.play(m)
        g.undo()
        assert snapshot(g) == before


def scripted(n):
    """The 4-player tape deal after the first ``n`` moves of its script."""
    g = deal(Seychelles(4, 0), DEAL4_TAPE)
    run_script(g, SCRIPT4_TAPE[:n])
    return g


def test_tile_not_in_hand():
    g = scripted(0)  # seat 0 to lead; 0-0 is seat 1's
    refused(g, move("0-0"), r"^0-0 is not in seat 0's hand$")
    g = scripted(3)  # seat 3 to play on [2,6]; 2-2 is seat 1's
    refused(g, move("2-2 L"), r"^2-2 is not in seat 3's hand$")
    refused(g, move("6-6 L"), r"6-6 is not in seat 3's hand")  # already on the table


def test_non_matching_end():
    g = scripted(3)  # ends [4,6]... after 6-6, pass, 6-4 L: seat 3 to play
    assert g.open_ends() == [4, 6] and g.turn == 3
    refused(g, move("5-1 L"), r"^5-1 does not match the left end \(4\)$")
    refused(g, move("4-2 R"), r"^4-2 does not match the right end \(6\)$")


def test_first_tile_on_the_right_arm():
    g = scripted(0)
    refused(g, move("6-6 R"), "first tile goes on the left arm")


def test_arm_not_open():
    g = scripted(3)
    refused(g, (tiles.tile(4, 2) << 2) | 2, "up arm is not open")
    refused(g, (tiles.tile(4, 2) << 2) | 3, "down arm is not open")


def test_same_play_on_equal_ends():
    g = scripted(1)  # ends [6,6]: the right end is the same play as the left
    assert g.open_ends() == [6, 6]
    g.play(PASS, seat=1)
    refused(g, move("6-4 R"), "same play as on the left end")


def test_out_of_turn():
    g = scripted(3)
    m = legal(g)[0]
    for wrong in (0, 1, 2):
        refused(g, m, r"^not seat %d's turn: seat 3 is to play$" % wrong, seat=wrong)
    for wrong in (7, -1):
        refused(g, m, "turn: seat 3 is to play", seat=wrong)
    # a seat is a plain int: 3.0 or a bool would compare equal to a seat (issue 18, item 9)
    for wrong in ("3", None.__class__, 3.0, 3 + 0j):
        refused(g, m, r"^not seat .*'s turn: seat 3 is to play$", seat=wrong)
    g.play(m, seat=3)  # the right seat may


def test_bool_and_float_seats_refused():
    """Issue 18, item 9: ``play(move, seat=True)`` and ``seat=1.0`` were taken for seat 1."""
    from domino.allfives import AllFives
    for g in (Seychelles(4, 3), Whist(4, 3, 1), AllFives(4, 3, 1), AllFives(2, 3, 1)):
        while g.turn != 1:
            g.play(legal(g)[0])
        m = legal(g)[0]
        for wrong in (True, 1.0):
            refused(g, m, r"^not seat (True|1\.0)'s turn: seat 1 is to play$", seat=wrong)
        g.play(m, seat=1)


def test_pass_while_able():
    g = scripted(3)
    refused(g, PASS, r"^seat 3 cannot pass: it has a tile that plays$")
    g = scripted(0)
    refused(g, PASS, "seat 0 cannot pass")


def test_draw_without_boneyard():
    g = scripted(1)  # seat 1 has nothing to play and there is no boneyard
    assert legal(g) == [PASS]
    refused(g, DRAW, r"^this game has no boneyard to draw from$")
    w = deal(Whist(4, 0), DEAL4_TAPE, 0)
    refused(w, DRAW, "no boneyard")


def test_move_after_the_hand_is_over():
    g = scripted(len(SCRIPT4_TAPE))
    assert g.over
    for mv in (PASS, DRAW, move("5-5 L"), move("3-1 R"), -5, None):
        refused(g, mv, r"^the hand is over$")
    refused(g, PASS, "the hand is over", seat=3)
    assert g.legal_moves([0] * 64) == 0


@pytest.mark.parametrize("garbage", [
    -1, -4, 28 * 4, 999, 1021, 1024, 10 ** 6, 10 ** 30, -10 ** 30, None, "6-6", "", 4.0,
    108.0, True, False, [108], (108,), b"\x6c", object(),
])
def test_garbage_moves(garbage):
    g = scripted(0)
    refused(g, garbage, r"^not a move: ")


def test_garbage_moves_mid_hand():
    g = scripted(5)
    for garbage in (None, "pass", -1, 2 ** 64, 1.5, float("nan"), [], {}):
        refused(g, garbage, "not a move")


def test_undo_with_nothing_to_undo():
    g = scripted(0)
    before = snapshot(g)
    with pytest.raises(IllegalMove, match="no move to undo"):
        g.undo()
    assert snapshot(g) == before


def test_errors_are_value_errors():
    assert issubclass(IllegalMove, ValueError)
    assert issubclass(BadDealCode, ValueError)


# -- deal codes ------------------------------------------------------------------------

@pytest.mark.parametrize("code,pattern", [
    ("", "9 characters, got 0"),
    ("ABCD", "9 characters, got 4"),
    ("ABC-DEF-GHJK", "9 characters, got 10"),
    ("ABC-DEF-GH!", "bad character: '!'"),
    ("ABC-DEF-GHU", "bad character: 'U'"),
    (None, "must be text"),
    (42, "must be text"),
])
def test_malformed_deal_codes(code, pattern):
    with pytest.raises(BadDealCode, match=pattern):
        dealcode.decode(code)
    with pytest.raises(BadDealCode, match=pattern):
        games.from_code(code)


def test_mistyped_deal_code():
    good = dealcode.encode(0, 4, 0, 0, 99).replace("-", "")
    i = dealcode.ALPHABET.index(good[4])
    bad = good[:4] + dealcode.ALPHABET[(i + 1) % 32] + good[5:]
    with pytest.raises(BadDealCode, match="check character does not match"):
        games.from_code(bad)


def test_deal_code_naming_no_deal():
    with pytest.raises(BadDealCode, match="3 players for Domino Whist"):
        games.from_code(dealcode.encode(1, 3, 0, 0, 1))
    with pytest.raises(BadDealCode, match="5 players for Seychelles"):
        games.from_code(dealcode.encode(0, 5, 0, 0, 1))
    with pytest.raises(BadDealCode, match="unknown game \\(7\\)"):
        games.from_code(dealcode.encode(7, 4, 0, 0, 1))


# -- constructors and Match --------------------------------------------------------------

@pytest.mark.parametrize("players", [0, 1, 5, 8, -4, "4", None, 4.0, [4]])
def test_seychelles_bad_players(players):
    with pytest.raises(ValueError, match="players: Seychelles is played by 2, 3 or 4"):
        Seychelles(players, 1)


@pytest.mark.parametrize("players", [0, 1, 2, 3, 5, "4", None, 4.0, [4]])
def test_whist_bad_players(players):
    with pytest.raises(ValueError, match="players: Domino Whist is played by 4"):
        Whist(players, 1)


def test_seychelles_starter_must_hold_double_six():
    g = Seychelles(4, 1)
    holder = g.starter
    assert Seychelles(4, 1, holder).hand(0) == g.hand(0)
    with pytest.raises(ValueError, match="double six is with seat %d" % holder):
        Seychelles(4, 1, (holder + 1) % 4)


@pytest.mark.parametrize("starter", [-1, 4, 99, 1.5, 1.0, True, False, "1", [1]])
def test_whist_bad_starter(starter):
    # 1.5 made a hand that could never move (issue 18, item 9)
    with pytest.raises(ValueError, match="starter must be a seat 0..3"):
        Whist(4, 1, starter)


@pytest.mark.parametrize("starter", [1.5, 1.0, True, "1", -1, 9])
def test_bad_starter_every_game(starter):
    """A starter that is not a seat (a plain int in range) is refused by every game,
    by a LineGame made directly and by ``redeal``."""
    from domino.allfives import AllFives
    from domino.line import LineGame
    for make in (lambda: AllFives(4, 1, starter), lambda: AllFives(2, 1, starter),
                 lambda: LineGame(4, 1, 6, 7, starter), lambda: Whist(4, 1, starter)):
        with pytest.raises(ValueError, match="starter"):
            make()
    # Seychelles: the holder of the double six, as an int; 1.0 / True were taken when
    # the holder is seat 1
    holder = Seychelles(4, 1).starter
    for bad in (starter, float(holder), holder == 1):
        if type(bad) is int and bad == holder:
            continue
        with pytest.raises(ValueError, match="starter"):
            Seychelles(4, 1, bad)
    g = Seychelles(4, 1)
    before = snapshot(g)
    with pytest.raises(ValueError, match="starter must be a seat"):
        g.redeal([g.hand(s) for s in range(4)], (), starter)
    assert snapshot(g) == before


def test_result_of_an_unfinished_hand():
    """Issue 18, item 9: ``result()`` before the end raised nothing and made up a result.
    Every game raises ValueError (not IllegalMove: no move is refused)."""
    from domino.allfives import AllFives
    for g in (Seychelles(4, 2), Seychelles(2, 2), Whist(4, 2), AllFives(2, 2), AllFives(4, 2),
              AllFives(4, 2, None, 6, 5, True)):
        for _ in range(2):  # at the start and after a move
            before = snapshot(g)
            with pytest.raises(ValueError, match=r"^the hand is not over$") as e:
                g.result()
            assert not isinstance(e.value, IllegalMove)
            assert snapshot(g) == before
            g.play(legal(g)[0])
        while not g.over:
            g.play(legal(g)[0])
        g.result()  # an ended hand has one


@pytest.mark.parametrize("seat", [4, 7, -1, 1.0, True, "1", None])
def test_observation_of_no_seat(seat):
    """Issue 18, item 9: ``observation(7)`` of a 4-player hand was an empty hand."""
    from domino.allfives import AllFives
    for g in (Seychelles(4, 2), Whist(4, 2), AllFives(4, 2)):
        with pytest.raises(ValueError, match=r"^no seat %s$" % re.escape(repr(seat))):
            g.observation(seat)
    with pytest.raises(ValueError, match=r"^no seat 2$"):
        AllFives(2, 2).observation(2)


@pytest.mark.parametrize("cls,players", [(Seychelles, 1), (Seychelles, 5), (Seychelles, "4"), (Seychelles, 4.0),
                                         (Whist, 2), (Whist, 3), (Whist, 5)])
def test_match_bad_players(cls, players):
    with pytest.raises(ValueError, match="players: .* is played by"):
        Match(cls, players)


@pytest.mark.parametrize("target", [0, -50, "50", 50.0, [50]])
def test_match_bad_target(target):
    with pytest.raises(ValueError, match="target: must be a positive whole number"):
        Match(Seychelles, 4, target=target)


def test_match_bad_options():
    with pytest.raises(ValueError, match="options"):
        Match(Seychelles, 4, options=3)
    with pytest.raises(ValueError, match="options"):
        Match(Whist, 4, options=1)


def test_match_order_of_calls():
    m = Match(Seychelles, 4, seed=1)
    with pytest.raises(ValueError, match="not over"):
        m.finish_hand()
    g = m.deal()
    with pytest.raises(ValueError, match="not finished"):
        m.deal()
    with pytest.raises(ValueError, match="not over"):
        m.finish_hand()
    assert m.game is g and m.scores == [0, 0] and m.hand_no == 0


def test_redeal_refusals_change_nothing():
    g = Seychelles(4, 1)
    before = snapshot(g)
    bad = [
        ([tiles_of("6-6 6-5"), tiles_of("6-5")] + [[], []], "tile 26 is not free"),  # twice
        ([[27], [28], [], []], "tile 28 is not free"),  # not in a double-six set
        ([[27], [-1], [], []], "tile -1 is not free"),
        ([[27], [], []], "need 4 hands, got 3"),
        ([[26], [25], [], []], "starter must be a seat"),  # nobody holds the 6-6 to lead
    ]
    for hands, pattern in bad:
        with pytest.raises(ValueError, match=pattern):
            g.redeal(hands)
        assert snapshot(g) == before
    with pytest.raises(ValueError, match="tile 27 is not free"):
        g.redeal([[27], [], [], []], [27])
    with pytest.raises(ValueError, match="starter must be a seat"):
        g.redeal([[27], [], [], []], (), 4)
    assert snapshot(g) == before
    g.play(legal(g)[0])
    after = snapshot(g)
    with pytest.raises(ValueError, match="moves have been made"):
        g.redeal([[27], [], [], []])
    assert snapshot(g) == after


@pytest.mark.parametrize("seed", [-1, None, "7", 7.0, [7]])
def test_bad_seeds(seed):
    for make in (lambda: Seychelles(4, seed), lambda: Whist(4, seed),
                 lambda: Match(Seychelles, 4, seed=seed), lambda: Match(Whist, 4, seed=seed)):
        with pytest.raises(ValueError, match="seed: must be a non-negative whole number"):
            make()
