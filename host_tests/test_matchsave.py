"""matchsave.snapshot/restore: a match resumed between hands deals and scores on exactly as
the original (what a save needs instead of every move since the match began)."""

import pytest

from domino import games
from domino.game import new_move_buffer
from domino.match import Match, deal_code
from domino.matchsave import restore, snapshot
from domino.rng import Rng


def play_hand(g, rng):
    buf = new_move_buffer()
    while not g.over:
        n = g.legal_moves(buf)
        g.play(buf[rng.below(n)])


@pytest.mark.parametrize("gid,players,options", [(0, 4, 0), (0, 3, 0), (1, 4, 0), (2, 3, 0), (2, 4, 64),
                                                 (3, 2, 0), (3, 4, 0), (3, 3, 1), (3, 4, 3),
                                                 (4, 2, 0), (4, 3, 0), (4, 6, 0), (4, 5, 1)])
def test_restored_match_continues_identically(gid, players, options):
    cls = games.load(gid)
    a = Match(cls, players, 321, None, options) if options else Match(cls, players, 321)
    rng = Rng(5)
    for _ in range(3):
        play_hand(a.deal(), rng)
        a.finish_hand()
    snap = snapshot(a)
    b = Match(cls, players, 321, None, options) if options else Match(cls, players, 321)
    restore(b, snap)
    assert b.scores == a.scores and b.hand_no == a.hand_no and b.seat_of == a.seat_of
    assert b.extra == a.extra
    for _ in range(3):
        if a.over:
            break
        ga, gb = a.deal(), b.deal()
        assert deal_code(ga) == deal_code(gb)
        assert [ga.hand(s) for s in range(players)] == [gb.hand(s) for s in range(players)]
        r1, r2 = Rng(a.hand_no), Rng(a.hand_no)
        play_hand(ga, r1)
        play_hand(gb, r2)
        a.finish_hand()
        b.finish_hand()
        assert (a.scores, a.over, a.winner, a.call, a.restarts, a.extra) == (
            b.scores, b.over, b.winner, b.call, b.restarts, b.extra)


def test_bad_snapshot_refused_and_nothing_changes():
    cls = games.load(0)
    m = Match(cls, 4, 9)
    before = snapshot(m)
    for bad in ([1, 2, 3], [0, 0, 0, 0, 0, 0], [0, 0, 1, 1, -5, 0], [0, 0, 1, 1, 70000, 0],
                [0, 0, 1, 1, 0, 0, 0], [0, 0, 1, 1, "x", 0]):
        with pytest.raises(ValueError):
            restore(m, bad)
        assert snapshot(m) == before


@pytest.mark.parametrize("gid,players,options", [(0, 4, 0), (1, 4, 0), (2, 3, 0), (2, 4, 64)])
def test_line_game_snapshots_unchanged(gid, players, options):
    """A line game has no ``extra`` and never a negative score: its snapshot is the
    old layout, field for field, so saves made before signed fields restore as before."""
    cls = games.load(gid)
    a = Match(cls, players, 77, None, options) if options else Match(cls, players, 77)
    rng = Rng(8)
    for _ in range(2):
        play_hand(a.deal(), rng)
        a.finish_hand()
    old = [a.hand_no, a.restarts, a.rng.s0, a.rng.s1] + list(a.scores)
    assert a.extra == [] and snapshot(a) == old
    b = Match(cls, players, 77, None, options) if options else Match(cls, players, 77)
    restore(b, old)
    assert b.scores == a.scores and snapshot(b) == old


def test_signed_scores_and_extra_round_trip():
    cls = games.load(3)
    m = Match(cls, 4, 5, None, 1)  # Loo, pool play: balances below zero, the pool in extra
    m.scores[:] = [-32768, 32767, -5, 0]
    m.extra[:] = [-1]
    snap = snapshot(m)
    assert snap[4:] == [0x8000, 0x7FFF, 0xFFFB, 0, 0xFFFF]
    n = Match(cls, 4, 5, None, 1)
    restore(n, snap)
    assert n.scores == m.scores and n.extra == m.extra
    m.scores[0] = -32769
    with pytest.raises(ValueError):
        snapshot(m)
    with pytest.raises(ValueError):  # a snapshot without the pool does not fit a pool match
        restore(n, snap[:-1])
