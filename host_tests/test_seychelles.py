"""Seychelles straight dominoes: scripted deals for every ending, the match rules, calls.

Every expected score is worked out from the rules text by hand: the comments
give the sums. Pips of leftover tiles are counted from their names
(``hand_pips``), not from the core's tables.
"""

import pytest

from domino import seychelles
from domino.game import HandResult, IllegalMove, PASS, DOMINO, BLOCK
from domino.match import Match
from domino.seychelles import Seychelles

from core_helpers import (tiles_of, names_of, hand_pips, run_script, deal, legal, move,
                          rotate_hands, rotate_script,
                          DEAL4_TAPE, SCRIPT4_TAPE, LEFT4_TAPE,
                          DEAL4_KROSE, LEFT4_KROSE, DEAL4_ZETE, LEFT4_ZETE, SCRIPT4_SIX_BLOCK)


def check_all_dealt(hands, players):
    ts = sorted(t for h in hands for t in tiles_of(h))
    want = list(range(1, 28)) if players == 3 else list(range(28))
    assert ts == want, "scripted deal must use every tile once"


def assert_left(g, left):
    for s in range(g.players):
        assert names_of(g.hand(s)) == names_of(tiles_of(left[s])), "seat %d" % s


# -- deals and who leads ---------------------------------------------------------

@pytest.mark.parametrize("players,size", [(2, 14), (3, 9), (4, 7)])
def test_deal_sizes_and_double_six_leads(players, size):
    for seed in range(200):
        g = Seychelles(players, seed)
        hands = [g.hand(s) for s in range(players)]
        assert [len(h) for h in hands] == [size] * players
        dealt = sorted(t for h in hands for t in h)
        if players == 3:
            assert dealt == list(range(1, 28))  # double blank removed
            assert 0 not in dealt
        else:
            assert dealt == list(range(28))
        holder = [s for s in range(players) if 27 in hands[s]][0]
        assert g.turn == holder and g.starter == holder
        # the holder may lead any tile, not only the double six
        assert sorted(m >> 2 for m in legal(g)) == hands[holder]
        assert all(m & 3 == 0 for m in legal(g))


def test_sides():
    assert Seychelles(4, 1).nsides == 2
    assert [Seychelles(4, 1).side(s) for s in range(4)] == [0, 1, 0, 1]
    assert Seychelles(3, 1).nsides == 3
    assert [Seychelles(3, 1).side(s) for s in range(3)] == [0, 1, 2]
    assert Seychelles(2, 1).nsides == 2


def test_redeal_leader_is_double_six_holder():
    g = deal(Seychelles(4, 0), rotate_hands(DEAL4_TAPE, 2, 4))
    assert g.turn == 2 and g.starter == 2


def test_lead_any_tile():
    g = deal(Seychelles(4, 0), DEAL4_TAPE)
    g.play(move("4-3"), seat=0)  # not the double six
    assert g.open_ends() == [4, 3]
    assert g.turn == 1


def test_must_play_if_able():
    g = deal(Seychelles(4, 0), DEAL4_TAPE)
    run_script(g, SCRIPT4_TAPE[:3])  # 6-6, pass, 6-4: ends [4, 6]
    assert g.turn == 3
    # seat 3 holds 4-2 4-1 4-0 on the 4: it may not pass
    assert sorted(legal(g)) == sorted([move("4-2 L"), move("4-1 L"), move("4-0 L")])
    with pytest.raises(IllegalMove, match="cannot pass"):
        g.play(PASS, seat=3)
    # seat 1 had no six: its only move was to pass
    g2 = deal(Seychelles(4, 0), DEAL4_TAPE)
    g2.play(move("6-6"), seat=0)
    assert legal(g2) == [PASS]


# -- endings, four players --------------------------------------------------------

def test_four_player_tape():
    check_all_dealt(DEAL4_TAPE, 4)
    g = deal(Seychelles(4, 0), DEAL4_TAPE)
    run_script(g, SCRIPT4_TAPE)
    assert g.over and g.winner == 2
    assert_left(g, LEFT4_TAPE)
    r = g.result()
    assert r.end == DOMINO and r.call == seychelles.CALL_TAPE
    assert r.winner == 2 and r.side == 0
    # the partnership 0+2 scores the opponents' pips: seat 1 has 0-0 (0), seat 3 has 3-1 (4);
    # seat 0's own 5-5 and 3-3 do not count
    assert r.points == [4, 0]
    assert r.pips == [16, 0, 0, 4]  # 5-5 + 3-3 = 16
    assert r.points[0] == hand_pips(LEFT4_TAPE[1]) + hand_pips(LEFT4_TAPE[3])


def test_four_player_krose():
    check_all_dealt(DEAL4_KROSE, 4)
    g = deal(Seychelles(4, 0), DEAL4_KROSE)
    run_script(g, SCRIPT4_SIX_BLOCK)
    assert g.over and g.winner == -1
    assert_left(g, LEFT4_KROSE)
    r = g.result()
    assert r.end == BLOCK and r.call == seychelles.CALL_KROSE
    # seats 0+2: 0-0 2-0 1-1 2-1 (7) + 3-0 4-0 3-1 2-2 5-0 (20) = 27
    # seats 1+3: 4-1 5-1 4-2 5-2 (24) + 3-3 4-3 5-3 4-4 5-5 (39) = 63
    # fewer pips wins and scores the other side's pips
    assert r.pips == [7, 24, 20, 39]
    assert r.side == 0 and r.points == [63, 0]


def test_four_player_krose_other_side_wins():
    # the same play with every hand moved one seat: 1+3 now hold the light hands
    g = deal(Seychelles(4, 0), rotate_hands(DEAL4_KROSE, 1, 4))
    run_script(g, rotate_script(SCRIPT4_SIX_BLOCK, 1, 4))
    r = g.result()
    assert r.end == BLOCK and r.side == 1 and r.points == [0, 63]


def test_four_player_zete():
    check_all_dealt(DEAL4_ZETE, 4)
    g = deal(Seychelles(4, 0), DEAL4_ZETE)
    run_script(g, SCRIPT4_SIX_BLOCK)
    assert_left(g, LEFT4_ZETE)
    r = g.result()
    # 0+2: 7 + 38 = 45; 1+3: 16 + 29 = 45: equal, thrown out
    assert r.pips == [7, 16, 38, 29]
    assert r.end == BLOCK and r.call == seychelles.CALL_ZETE
    assert r.side == -1 and r.points == [0, 0]


def test_play_after_block_is_refused():
    g = deal(Seychelles(4, 0), DEAL4_KROSE)
    run_script(g, SCRIPT4_SIX_BLOCK)
    with pytest.raises(IllegalMove, match="over"):
        g.play(PASS)


# -- three players: double blank out, 9 each ------------------------------------------

DEAL3_TAPE = [
    "1-0 2-1 5-0 5-5 6-0 6-2 6-3 6-4 6-6",
    "2-0 3-0 3-1 4-0 4-1 4-3 4-4 5-3 6-5",
    "1-1 2-2 3-2 3-3 4-2 5-1 5-2 5-4 6-1",
]
SCRIPT3_TAPE = [
    (0, "6-4"), (1, "4-1 R"), (2, "6-1 L"), (0, "2-1 L"), (1, "2-0 L"), (2, "1-1 R"),
    (0, "1-0 R"), (1, "3-0 L"), (2, "3-3 L"), (0, "5-0 R"), (1, "6-5 R"), (2, "3-2 L"),
    (0, "6-6 R"),   # ends [2,6]
    (1, "pass"),    # holds 3-1 4-0 4-3 4-4 5-3
    (2, "4-2 L"), (0, "6-2 R"), (1, "4-3 L"), (2, "5-2 R"), (0, "6-3 L"),
    (1, "5-3 R"),   # ends [6,3]
    (2, "pass"),    # holds 2-2 5-1 5-4
    (0, "6-0 L"), (1, "4-0 L"), (2, "5-4 L"), (0, "5-5 L"),
]


def test_three_player_tape():
    check_all_dealt(DEAL3_TAPE, 3)
    g = deal(Seychelles(3, 0), DEAL3_TAPE)
    assert g.turn == 0
    run_script(g, SCRIPT3_TAPE)
    assert_left(g, [[], ["3-1", "4-4"], ["2-2", "5-1"]])
    r = g.result()
    # seat 0 goes out and scores both opponents' pips: (4 + 8) + (4 + 6) = 22
    assert r.end == DOMINO and r.winner == 0 and r.side == 0
    assert r.points == [22, 0, 0]


DEAL3_KROSE = [
    "6-6 6-5 6-2 6-0 2-0 3-0 1-1 2-1 4-0",
    "6-4 6-3 6-1 5-0 3-1 4-1 2-2 5-1 4-2",
    "5-4 3-2 1-0 5-2 3-3 4-3 5-3 4-4 5-5",
]
SCRIPT3_KROSE = [
    (0, "6-6"), (1, "6-4 L"), (2, "5-4 L"), (0, "6-5 L"), (1, "6-3 L"), (2, "3-2 L"),
    (0, "6-2 L"), (1, "6-1 L"), (2, "1-0 L"), (0, "6-0 L"),  # [6,6], every six down
    (1, "pass"), (2, "pass"), (0, "pass"),
]


def test_three_player_krose():
    check_all_dealt(DEAL3_KROSE, 3)
    g = deal(Seychelles(3, 0), DEAL3_KROSE)
    run_script(g, SCRIPT3_KROSE)
    r = g.result()
    # seat 0: 2+3+2+3+4 = 14; seat 1: 5+4+5+4+6+6 = 30; seat 2: 7+6+7+8+8+10 = 46
    assert r.pips == [14, 30, 46]
    assert r.end == BLOCK and r.call == seychelles.CALL_KROSE
    assert r.side == 0 and r.points == [76, 0, 0]


def test_three_player_zete_and_unique_low():
    # small constructed deals (other tiles out of play): 6-6 led, nobody can follow
    g = Seychelles(3, 0)
    g.redeal([tiles_of("6-6 5-3"), tiles_of("4-4"), tiles_of("5-5")])
    run_script(g, [(0, "6-6"), (1, "pass"), (2, "pass"), (0, "pass")])
    r = g.result()
    # seat 0: 8, seat 1: 8, seat 2: 10: the lowest is shared -> zete
    assert r.pips == [8, 8, 10] and r.call == seychelles.CALL_ZETE and r.points == [0, 0, 0]
    g = Seychelles(3, 0)
    g.redeal([tiles_of("6-6 4-1"), tiles_of("4-4"), tiles_of("5-3")])
    run_script(g, [(0, "6-6"), (1, "pass"), (2, "pass"), (0, "pass")])
    r = g.result()
    # seat 0: 5, seats 1 and 2: 8 each -> seat 0 scores 16
    assert r.call == seychelles.CALL_KROSE and r.points == [16, 0, 0]


# -- two players, 14 each ---------------------------------------------------------------

DEAL2_TAPE = [
    "1-1 2-0 2-2 3-0 3-2 4-0 4-1 5-5 6-1 6-2 6-3 6-4 6-5 6-6",
    "0-0 1-0 2-1 3-1 3-3 4-2 4-3 4-4 5-0 5-1 5-2 5-3 5-4 6-0",
]
SCRIPT2_TAPE = [
    (0, "6-1"),     # leads 6-1, keeping the double six: [6,1]
    (1, "6-0 L"), (0, "4-0 L"), (1, "5-4 L"), (0, "6-5 L"), (1, "3-1 R"), (0, "6-6 L"),
    (1, "5-3 R"), (0, "6-3 L"), (1, "3-3 L"), (0, "5-5 R"), (1, "5-0 R"), (0, "2-0 R"),
    (1, "4-3 L"), (0, "3-2 R"), (1, "4-4 L"), (0, "3-0 R"), (1, "0-0 R"), (0, "6-4 L"),
    (1, "1-0 R"), (0, "6-2 L"), (1, "2-1 R"), (0, "2-2 L"), (1, "4-2 L"), (0, "4-1 L"),
    (1, "5-2 R"), (0, "1-1 L"),
]


def test_two_player_tape():
    check_all_dealt(DEAL2_TAPE, 2)
    g = deal(Seychelles(2, 0), DEAL2_TAPE)
    run_script(g, SCRIPT2_TAPE)
    assert_left(g, [[], ["5-1"]])
    r = g.result()
    assert r.end == DOMINO and r.winner == 0 and r.points == [6, 0] and r.call == "tape"


DEAL2_KROSE = [
    "6-6 5-4 6-3 6-2 1-0 0-0 2-0 3-0 4-0 1-1 2-1 3-1 2-2 5-0",
    "6-4 6-5 3-2 6-1 6-0 4-1 5-1 4-2 5-2 3-3 4-3 5-3 4-4 5-5",
]
SCRIPT2_KROSE = [
    (0, "6-6"), (1, "6-4 L"), (0, "5-4 L"), (1, "6-5 L"), (0, "6-3 L"), (1, "3-2 L"),
    (0, "6-2 L"), (1, "6-1 L"), (0, "1-0 L"), (1, "6-0 L"), (0, "pass"), (1, "pass"),
]


def test_two_player_krose():
    check_all_dealt(DEAL2_KROSE, 2)
    g = deal(Seychelles(2, 0), DEAL2_KROSE)
    run_script(g, SCRIPT2_KROSE)
    r = g.result()
    # seat 0: 0+2+3+4+2+3+4+4+5 = 27; seat 1: 5+6+6+7+6+7+8+8+10 = 63
    assert r.pips == [27, 63]
    assert r.end == BLOCK and r.side == 0 and r.points == [63, 0]


def test_two_player_small_tape():
    g = Seychelles(2, 0)
    g.redeal([tiles_of("6-6 6-5 2-2"), tiles_of("6-4 4-1 3-1")])
    run_script(g, [(0, "6-6"), (1, "6-4 L"), (0, "6-5 R"), (1, "4-1 L"), (0, "pass"),
                   (1, "3-1 L")])
    r = g.result()
    assert r.winner == 1 and r.points == [0, 4]  # seat 0 kept 2-2


# -- match rules ---------------------------------------------------------------------

def hand(points):
    return HandResult(BLOCK, -1, -1, [0] * 4, list(points), "")


def test_match_kapot():
    m = Match(Seychelles, 4, seed=1)
    assert m.target == 50
    Seychelles.settle(m, hand([30, 0]))
    assert not m.over
    Seychelles.settle(m, hand([0, 0]))  # zete changes nothing
    assert m.scores == [30, 0] and not m.over
    Seychelles.settle(m, hand([20, 0]))  # exactly 50 reaches the target
    assert m.over and m.winner == 0 and m.call == seychelles.CALL_KAPOT
    assert m.story == "#1 on 0: kapot"  # the call in words, for the match's result


@pytest.mark.parametrize("loser", [1, 5, 9])
def test_match_kapot_bef(loser):
    m = Match(Seychelles, 4, seed=1)
    Seychelles.settle(m, hand([0, loser]))
    Seychelles.settle(m, hand([49, 0]))
    assert not m.over
    Seychelles.settle(m, hand([14, 0]))
    assert m.scores == [63, loser]
    assert m.over and m.winner == 0 and m.call == seychelles.CALL_KAPOT_BEF
    assert m.story == "#1 on %d: kapot bef" % loser


@pytest.mark.parametrize("loser", [10, 11, 49])
def test_match_restart_when_loser_has_ten(loser):
    m = Match(Seychelles, 4, seed=1)
    Seychelles.settle(m, hand([loser, 0]))
    Seychelles.settle(m, hand([0, 60]))
    assert not m.over and m.winner == -1
    assert m.scores == [0, 0] and m.restarts == 1
    # the match goes on from nothing
    Seychelles.settle(m, hand([50, 0]))
    assert m.over and m.winner == 0 and m.call == seychelles.CALL_KAPOT and m.restarts == 1


def test_match_three_players_best_opponent_decides():
    m = Match(Seychelles, 3, seed=1)
    assert m.scores == [0, 0, 0]
    Seychelles.settle(m, HandResult(BLOCK, -1, 2, [0] * 3, [0, 0, 12], ""))
    Seychelles.settle(m, HandResult(BLOCK, -1, 0, [0] * 3, [55, 0, 0], ""))
    assert m.restarts == 1 and m.scores == [0, 0, 0] and not m.over
    Seychelles.settle(m, HandResult(BLOCK, -1, 1, [0] * 3, [0, 3, 0], ""))
    Seychelles.settle(m, HandResult(BLOCK, -1, 2, [0] * 3, [0, 0, 9], ""))
    Seychelles.settle(m, HandResult(BLOCK, -1, 0, [0] * 3, [50, 0, 0], ""))
    assert m.over and m.winner == 0 and m.call == seychelles.CALL_KAPOT_BEF


def play_hand(m, hands, script):
    g = m.deal()
    deal(g, hands)
    run_script(g, script)
    return m.finish_hand()


def test_match_real_hands_kapot():
    m = Match(Seychelles, 4, seed=9)
    r = play_hand(m, DEAL4_TAPE, SCRIPT4_TAPE)  # 0+2 tape for 4
    assert r.points == [4, 0] and m.scores == [4, 0] and not m.over and m.hand_no == 1
    play_hand(m, DEAL4_ZETE, SCRIPT4_SIX_BLOCK)  # zete: nothing
    assert m.scores == [4, 0] and not m.over
    play_hand(m, DEAL4_KROSE, SCRIPT4_SIX_BLOCK)  # 0+2 krose for 63
    assert m.scores == [67, 0]
    assert m.over and m.winner == 0 and m.call == "kapot" and m.hand_no == 3
    with pytest.raises(ValueError, match="over"):
        m.deal()


def test_match_real_hands_kapot_bef():
    m = Match(Seychelles, 4, seed=9)
    # every hand moved one seat: 1+3 go out and score 4
    r = play_hand(m, rotate_hands(DEAL4_TAPE, 1, 4), rotate_script(SCRIPT4_TAPE, 1, 4))
    assert r.winner == 3 and r.points == [0, 4]
    play_hand(m, DEAL4_KROSE, SCRIPT4_SIX_BLOCK)
    assert m.scores == [63, 4]
    assert m.over and m.winner == 0 and m.call == "kapot bef"


def test_match_real_hands_restart():
    m = Match(Seychelles, 4, seed=9)
    for _ in range(3):  # 1+3 reach 12
        play_hand(m, rotate_hands(DEAL4_TAPE, 1, 4), rotate_script(SCRIPT4_TAPE, 1, 4))
    assert m.scores == [0, 12]
    play_hand(m, DEAL4_KROSE, SCRIPT4_SIX_BLOCK)  # 0+2 reach 63 but the losers have 12
    assert not m.over and m.scores == [0, 0] and m.restarts == 1 and m.winner == -1
    play_hand(m, rotate_hands(DEAL4_KROSE, 1, 4), rotate_script(SCRIPT4_SIX_BLOCK, 1, 4))
    assert m.over and m.winner == 1 and m.scores == [0, 63] and m.call == "kapot"
    assert m.hand_no == 5


def test_match_deals_led_by_double_six():
    m = Match(Seychelles, 4, seed=3)
    for _ in range(20):
        g = m.deal()
        assert 27 in g.hand(g.turn)
        buf = [0] * 64
        while not g.over:
            g.legal_moves(buf)
            g.apply(buf[0])
        m.finish_hand()
        if m.over:
            break


# -- calls (bwi, lakle) ------------------------------------------------------------------

EXTRAS0 = "0-0 1-0 2-0 3-0 4-0 6-0 1-1 3-1 4-1"
EXTRAS1 = "6-1 2-2 3-2 4-2 6-2 3-3 4-3 4-4 6-4"


def test_calls_constants():
    assert (seychelles.CALL_TAPE, seychelles.CALL_PASE, seychelles.CALL_KROSE,
            seychelles.CALL_ZETE, seychelles.CALL_KAPOT, seychelles.CALL_KAPOT_BEF,
            seychelles.CALL_BWI, seychelles.CALL_LAKLE) == (
        "tape", "pase", "krose", "zete", "kapot", "kapot bef", "bwi", "lakle")


def test_bwi():
    hands = ["6-6 5-4 5-3 2-1 5-0 " + EXTRAS0, "6-5 6-3 5-2 5-1 5-5 " + EXTRAS1]
    check_all_dealt(hands, 2)
    g = deal(Seychelles(2, 0), hands)
    assert seychelles.calls(g, 0) == [] and seychelles.calls(g, 1) == []
    run_script(g, [(0, "6-6"), (1, "6-5 L"), (0, "5-4 L"), (1, "6-3 R"), (0, "5-3 R"),
                   (1, "5-2 R"), (0, "2-1 R"), (1, "5-1 R")])
    # ends [4,5], 5-0 still out: the 5-5 can still be played
    assert g.open_ends() == [4, 5]
    assert "bwi" not in seychelles.calls(g, 1)
    g.play(move("5-0 R"), seat=0)
    # ends [4,0] and the other six fives are all down: seat 1's 5-5 is boiled
    assert g.open_ends() == [4, 0]
    assert seychelles.calls(g, 1) == ["bwi"]
    assert seychelles.calls(g, 0) == []
    g.undo()
    assert "bwi" not in seychelles.calls(g, 1)


def test_lakle():
    hands = ["6-6 5-5 6-3 5-2 5-1 " + EXTRAS0, "6-5 5-4 5-3 2-1 5-0 " + EXTRAS1]
    check_all_dealt(hands, 2)
    g = deal(Seychelles(2, 0), hands)
    run_script(g, [(0, "6-6"), (1, "6-5 L"), (0, "5-5 L"), (1, "5-4 L"), (0, "6-3 R"),
                   (1, "5-3 R"), (0, "5-2 R"), (1, "2-1 R")])
    assert g.open_ends() == [4, 1]
    assert seychelles.calls(g, 1) == []
    g.play(move("5-1 R"), seat=0)
    # ends [4,5]; of the fives only 5-0 is not down, and seat 1 holds it: the key
    assert g.open_ends() == [4, 5]
    assert seychelles.calls(g, 1) == ["lakle"]
    assert seychelles.calls(g, 0) == []


def test_last_double_with_its_suit_at_both_ends_is_lakle_not_bwi():
    hands = ["6-6 5-4 5-3 2-1 5-0 6-5 0-0 1-0 2-0 3-0 4-0 1-1 3-1 4-1",
             "6-4 6-3 5-2 5-1 6-0 5-5 6-1 2-2 3-2 4-2 6-2 3-3 4-3 4-4"]
    check_all_dealt(hands, 2)
    g = deal(Seychelles(2, 0), hands)
    run_script(g, [(0, "6-6"), (1, "6-4 L"), (0, "5-4 L"), (1, "6-3 R"), (0, "5-3 R"),
                   (1, "5-2 L"), (0, "2-1 L"), (1, "5-1 L"), (0, "5-0 L"), (1, "6-0 L"),
                   (0, "6-5 L")])
    # ends [5,5], the six other fives are down: seat 1's 5-5 still plays (no bwi),
    # and it is the last five, so seat 1 holds the key to both ends
    assert g.open_ends() == [5, 5]
    assert move("5-5 L") in legal(g)
    assert seychelles.calls(g, 1) == ["lakle"]
    assert seychelles.calls(g, 0) == []


def _reference_points(pips, winner, ns):
    """The scoring rule read straight from the module docstring (tape, krose, zete)."""
    side_pips = [0] * ns
    for s in range(len(pips)):
        side_pips[s % ns] += pips[s]
    points = [0] * ns
    total = sum(side_pips)
    if winner >= 0:
        points[winner % ns] = total - side_pips[winner % ns]
        return points, winner % ns
    low = min(side_pips)
    if side_pips.count(low) > 1:
        return points, -1
    w = side_pips.index(low)
    points[w] = total - low
    return points, w


@pytest.mark.parametrize("players", [2, 3, 4])
def test_points_from_follows_the_scoring_rule(players):
    # points_from (used by result and by the AI's exact search) on many pip
    # counts, ties included, writing over a dirty list
    import random
    rnd = random.Random(players)
    g = Seychelles(players, 1)
    ns = g.nsides
    for _ in range(3000):
        pips = [rnd.randrange(0, 12) for _ in range(players)]
        winner = rnd.choice([-1] + list(range(players)))
        if winner >= 0:
            pips[winner] = 0
        out = [99] * 8
        w = g.points_from(pips, winner, out)
        want, want_w = _reference_points(pips, winner, ns)
        assert (out[:ns], w) == (want, want_w), (pips, winner)
