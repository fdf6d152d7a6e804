"""The club players (tools/clubplayers.py): legal, blind to hidden tiles, and sensible.

Every choice is legal over seeded hands of every game and player count; no
choice changes when the tiles the seat cannot see are redistributed
consistently with what it saw (core_helpers.unseen_redealt); the All Fives
scoring it reckons from the board is the game's own; and a few decisions any
careful player makes.
"""

import pytest

from domino import games, tiles
from domino.allfives import AllFives
from domino.castle import CastleRock, TAKE, TRIPLE, END
from domino.game import new_move_buffer
from domino.loo import Loo, FOLLOW, KEEP, MISS, lead
from domino.rng import Rng
from domino.seychelles import Seychelles

from clubplayers import ClubPlayer, LineView
from arena import make_player
from core_helpers import T, unseen_redealt

CASES = [(gid, n) for gid, n in ((0, 2), (0, 3), (0, 4), (1, 4), (2, 2), (2, 3), (2, 4), (3, 2),
                                 (3, 3), (3, 4), (4, 2), (4, 3), (4, 4), (4, 5), (4, 6))]
FOIL = {3: "loorule", 4: "castlegreedy"}


@pytest.mark.parametrize("gid,n", CASES)
def test_every_choice_is_legal(gid, n):
    cls = games.load(gid)
    for h in range(12):
        g = cls(n, 901 + 37 * h)
        seats = [make_player("club" if (s + h) % 2 == 0 else FOIL.get(gid, "heaviest"), s)
                 for s in range(n)]
        while not g.over:
            obs = g.observation(g.turn)
            mv = seats[g.turn].choose(cls, obs)
            assert mv in obs.legal, (h, g.moves())
            g.play(mv, g.turn)


def _position(cls, n, seed, plies):
    """A hand after up to ``plies`` moves of club players."""
    g = cls(n, seed)
    p = ClubPlayer()
    for _ in range(plies):
        if g.over:
            break
        g.play(p.choose(cls, g.observation(g.turn)))
    return g


@pytest.mark.parametrize("gid,n", CASES)
def test_choices_do_not_depend_on_hidden_tiles(gid, n):
    cls = games.load(gid)
    rng = Rng(77 + gid * 10 + n)
    checked = moved = 0
    for k in range(24):
        g = _position(cls, n, 310 + k * 53, 1 + (k * 7) % 30)
        if g.over:
            continue
        seat = g.turn
        obs = g.observation(seat)
        if len(obs.legal) < 2:
            continue
        mv = ClubPlayer().choose(cls, obs)
        for _ in range(8):
            a = unseen_redealt(g, seat, rng)
            if a is None:
                continue
            moved += any(a.hand(s) != g.hand(s) for s in range(n))
            assert ClubPlayer().choose(cls, a.observation(seat)) == mv, k
            checked += 1
    assert checked >= 10
    if n > 2 or cls(n, 1).observation(0).stock:
        assert moved >= 3


def test_all_fives_points_as_the_game_counts_them():
    rng = Rng(5)
    buf = new_move_buffer()
    seen = 0
    for k in range(60):
        g = AllFives(2 + k % 3, 400 + k)
        while not g.over:
            n = g.legal_moves(buf)
            view = LineView.from_board(g.board(), True)
            for mv in buf[:n]:
                if mv < 1000:
                    assert view.points(mv >> 2, mv & 3) == g.play_points(mv)
                    seen += 1
            g.play(buf[rng.below(n)])
    assert seen > 1000


def test_seychelles_leads_the_double_six_from_a_short_six_suit():
    g = Seychelles(4, 1)
    hands = [["6-6", "5-4", "4-4", "3-2", "2-1", "1-0", "3-0"],
             ["6-5", "6-4", "5-5", "5-3", "4-3", "3-3", "0-0"],
             ["6-3", "6-2", "5-2", "4-2", "2-2", "3-1", "1-1"],
             ["6-1", "6-0", "5-1", "5-0", "4-1", "4-0", "2-0"]]
    g.redeal([[T(x) for x in h] for h in hands])
    assert ClubPlayer().choose(Seychelles, g.observation(0)) == T("6-6") << 2


def _loo(hands, turnup, moves):
    g = Loo(len(hands), 1, 0)
    g.redeal([[T(x) for x in h] for h in hands], None, 0, T(turnup))
    for mv in moves:
        g.play(mv)
    return g


def test_loo_follows_with_the_cheapest_piece_that_wins():
    # fours are trumps; seat 0 leads 6-2 as six: seat 1 wins with 6-3, not a trump
    g = _loo([["6-2", "5-5", "3-3", "2-1", "1-0"], ["6-3", "6-6", "4-4", "4-1", "2-0"]], "4-3",
             [KEEP, KEEP, lead(T("6-2"), 6)])
    assert ClubPlayer().choose(Loo, g.observation(1)) == FOLLOW + T("6-3")


def test_loo_throws_its_least_piece_when_it_cannot_win():
    # seat 0 leads the master trump 4-4; seat 1 holds two trumps: it plays the lower
    g = _loo([["4-4", "4-0", "5-5", "2-1", "1-0"], ["4-3", "4-2", "6-6", "5-0", "2-0"]], "4-1",
             [KEEP, KEEP, lead(T("4-4"), 7)])
    assert ClubPlayer().choose(Loo, g.observation(1)) == FOLLOW + T("4-2")


def test_loo_takes_miss_with_a_hopeless_hand_and_keeps_a_strong_one():
    hopeless = [["2-1", "3-0", "1-0", "3-2", "2-0"], ["4-4", "4-3", "6-6", "5-0", "6-1"]]
    strong = [["4-4", "4-3", "6-6", "5-5", "6-1"], ["2-1", "3-0", "1-0", "3-2", "2-0"]]
    assert ClubPlayer().choose(Loo, _loo(hopeless, "4-1", []).observation(0)) == MISS
    assert ClubPlayer().choose(Loo, _loo(strong, "4-1", []).observation(0)) == KEEP


def _castle(hands, row, stock):
    g = CastleRock(2, 1, 0)
    g.redeal([[T(x) for x in h.split()] for h in hands], [T(x) for x in stock.split()], 0,
             [T(x) for x in row.split()])
    return g


def test_castle_places_for_the_larger_capture_and_takes_it():
    # 5-1 after 1-3 ... : placing 6-1 makes 5-1 3-1 6-1 a triplet of ones; 2-0 takes nothing
    g = _castle(["2-0 6-1", "4-4 5-5"], "6-6 5-4 5-1 3-1", "0-0 6-2 6-3 6-4")
    p = ClubPlayer()
    assert p.choose(CastleRock, g.observation(0)) == T("6-1")
    g.play(T("6-1"))
    assert p.choose(CastleRock, g.observation(0)) == TRIPLE + T("3-1")
    g.play(TRIPLE + T("3-1"))
    assert p.choose(CastleRock, g.observation(0)) == END
