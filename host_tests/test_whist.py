"""Domino Whist: the seating draw, the opener's rotation, block play, bad points, match end."""

import pytest

from domino import tiles
from domino.game import HandResult, IllegalMove, PASS, DRAW, DOMINO, BLOCK
from domino.match import Match
from domino.whist import Whist

from core_helpers import (hand_pips, run_script, deal, legal, move,
                          rotate_hands, rotate_script,
                          DEAL4_TAPE, SCRIPT4_TAPE, LEFT4_TAPE, DEAL4_KROSE,
                          SCRIPT4_SIX_BLOCK)


def stone_rank(t):
    """(total, higher end) of a stone, read from its name "a-b"."""
    a, b = (int(x) for x in tiles.name(t).split("-"))
    return (a + b, max(a, b))


def expected_seats(drawn):
    """Seat of each player from the stones drawn: highest is forehand (seat 0),
    second sits opposite (seat 2), third on forehand's left (seat 1, next to
    play clockwise), fourth on the right (seat 3)."""
    order = sorted(range(4), key=lambda p: stone_rank(drawn[p]), reverse=True)
    seats = [None] * 4
    seats[order[0]] = 0
    seats[order[1]] = 2
    seats[order[2]] = 1
    seats[order[3]] = 3
    return seats


def test_seating_draw_many_seeds():
    ties_seen = 0
    for seed in range(600):
        m = Match(Whist, 4, seed=seed)
        drawn = m.draw
        assert len(drawn) == 4 and len(set(drawn)) == 4
        assert all(0 <= t < 28 for t in drawn)
        assert m.seat_of == expected_seats(drawn)
        assert sorted(m.seat_of) == [0, 1, 2, 3]
        totals = [stone_rank(t)[0] for t in drawn]
        if len(set(totals)) < 4:
            ties_seen += 1
    assert ties_seen > 50  # equal totals happen often: the tie-break is exercised


def test_seating_tie_broken_by_higher_end():
    # find a draw where two stones have the same total; the one with the higher end ranks first
    for seed in range(2000):
        m = Match(Whist, 4, seed=seed)
        d = m.draw
        for p in range(4):
            for q in range(4):
                tp, tq = stone_rank(d[p]), stone_rank(d[q])
                if tp[0] == tq[0] and tp[1] > tq[1]:
                    # p outranks q: p sits in a better place (0 > 2 > 1 > 3)
                    place = {0: 0, 2: 1, 1: 2, 3: 3}
                    assert place[m.seat_of[p]] < place[m.seat_of[q]]
                    return
    pytest.fail("no tie in 2000 draws")


def test_draw_depends_on_seed():
    draws = {tuple(Match(Whist, 4, seed=s).draw) for s in range(100)}
    assert len(draws) > 90


def test_deal_seven_each_no_boneyard():
    for seed in range(100):
        g = Whist(4, seed)
        hands = [g.hand(s) for s in range(4)]
        assert [len(h) for h in hands] == [7] * 4
        assert sorted(t for h in hands for t in h) == list(range(28))
        assert g.turn == 0  # forehand opens game 1
        # with any stone
        assert sorted(m >> 2 for m in legal(g)) == hands[0]


def finish_randomly(g, rnd):
    buf = [0] * 64
    while not g.over:
        n = g.legal_moves(buf)
        g.apply(buf[rnd.randrange(n)])


def test_opener_rotates_clockwise():
    import random
    rnd = random.Random(1)
    m = Match(Whist, 4, seed=5, target=10 ** 6)
    openers = []
    for _ in range(9):
        g = m.deal()
        openers.append(g.turn)
        assert g.starter == g.turn
        finish_randomly(g, rnd)
        m.finish_hand()
    # game 1 forehand, game 2 forehand's left, game 3 forehand's partner, ...
    assert openers == [0, 1, 2, 3, 0, 1, 2, 3, 0]


def test_block_play_rules():
    g = deal(Whist(4, 0), DEAL4_TAPE, 0)
    g.play(move("6-6"), seat=0)
    # seat 1 has no six: its only move is to pass; it cannot draw (no boneyard)
    assert legal(g) == [PASS]
    with pytest.raises(IllegalMove, match="boneyard"):
        g.play(DRAW, seat=1)
    g.play(PASS, seat=1)
    # seat 2 holds sixes and must lay one
    with pytest.raises(IllegalMove, match="cannot pass"):
        g.play(PASS, seat=2)
    assert sorted(legal(g)) == sorted(move(t + " L") for t in "6-4 6-3 6-2 6-1 6-0".split())


def test_bad_points_after_domino():
    g = deal(Whist(4, 0), DEAL4_TAPE, 0)
    run_script(g, SCRIPT4_TAPE)
    r = g.result()
    assert r.end == DOMINO and r.winner == 2
    # each team's remaining pips: 0+2 kept 5-5 3-3 (16) although seat 2 went out;
    # 1+3 kept 0-0 (0) and 3-1 (4)
    assert r.points == [16, 4]
    assert r.points == [hand_pips(LEFT4_TAPE[0]) + hand_pips(LEFT4_TAPE[2]),
                        hand_pips(LEFT4_TAPE[1]) + hand_pips(LEFT4_TAPE[3])]
    assert r.side == 1  # fewer bad points


def test_bad_points_after_block():
    g = deal(Whist(4, 0), DEAL4_KROSE, 0)
    run_script(g, SCRIPT4_SIX_BLOCK)
    r = g.result()
    assert r.end == BLOCK and r.winner == -1
    # 0+2: 7 + 20 = 27; 1+3: 24 + 39 = 63
    assert r.points == [27, 63]
    assert r.side == 0


def test_settle_reaching_100():
    m = Match(Whist, 4, seed=1)
    assert m.target == 100
    for pts in ([30, 40], [30, 40], [20, 19]):
        Whist.settle(m, HandResult(BLOCK, -1, -1, [0] * 4, pts, ""))
        assert not m.over
    assert m.scores == [80, 99]
    Whist.settle(m, HandResult(BLOCK, -1, -1, [0] * 4, [5, 1], ""))
    # 1+3 reach exactly 100: the match ends and the lower total (85) wins
    assert m.scores == [85, 100] and m.over and m.winner == 0


def test_settle_both_pass_100_lower_wins_and_tie_draws():
    m = Match(Whist, 4, seed=1)
    Whist.settle(m, HandResult(BLOCK, -1, -1, [0] * 4, [99, 60], ""))
    Whist.settle(m, HandResult(BLOCK, -1, -1, [0] * 4, [30, 50], ""))
    assert m.scores == [129, 110] and m.over and m.winner == 1
    m = Match(Whist, 4, seed=1)
    Whist.settle(m, HandResult(BLOCK, -1, -1, [0] * 4, [100, 100], ""))
    assert m.over and m.winner == -1


def test_match_with_real_hands_to_100():
    m = Match(Whist, 4, seed=2)
    # game 1, forehand (seat 0) opens: bad points 27 / 63
    g = m.deal()
    assert g.turn == 0
    deal(g, DEAL4_KROSE, g.starter)
    run_script(g, SCRIPT4_SIX_BLOCK)
    m.finish_hand()
    assert m.scores == [27, 63] and not m.over
    # game 2 is opened by seat 1: the same stones moved one seat, 1+3 now hold the light hands
    g = m.deal()
    assert g.turn == 1
    deal(g, rotate_hands(DEAL4_KROSE, 1, 4), g.starter)
    run_script(g, rotate_script(SCRIPT4_SIX_BLOCK, 1, 4))
    m.finish_hand()
    assert m.scores == [90, 90] and not m.over
    # game 3, seat 2 opens: moved two seats, the teams' hands are as in game 1
    g = m.deal()
    assert g.turn == 2
    deal(g, rotate_hands(DEAL4_KROSE, 2, 4), g.starter)
    run_script(g, rotate_script(SCRIPT4_SIX_BLOCK, 2, 4))
    m.finish_hand()
    assert m.scores == [117, 153]
    assert m.over and m.winner == 0
    with pytest.raises(ValueError):
        m.deal()


def test_random_matches_end_at_100():
    import random
    rnd = random.Random(8)
    for seed in range(30):
        m = Match(Whist, 4, seed=seed)
        while not m.over:
            before = list(m.scores)
            assert max(before) < 100
            g = m.deal()
            finish_randomly(g, rnd)
            r = m.finish_hand()
            assert m.scores == [before[0] + r.points[0], before[1] + r.points[1]]
        assert max(m.scores) >= 100
        lo = min(m.scores)
        assert m.winner == (-1 if m.scores[0] == m.scores[1] else m.scores.index(lo))


def test_whist_player_count():
    with pytest.raises(ValueError, match="4"):
        Whist(3, 1)
    with pytest.raises(ValueError, match="starter"):
        Whist(4, 1, 4)
