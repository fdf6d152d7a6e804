"""tools/oracle_gap.py: the diagnostic that lets side A search the real deal."""

import pytest

import oracle_gap
from domino import games
from domino.lineai.know import Knowledge
from domino.game import new_move_buffer
from domino.rng import Rng


def test_peek_gives_the_real_deal_and_restores():
    cls = games.load(0)
    g = cls(4, 321)
    buf = new_move_buffer()
    rng = Rng(3)
    for _ in range(9):
        g.apply(buf[rng.below(g.legal_moves(buf))])
    obs = g.observation(g.turn)
    before = Knowledge.deal
    with oracle_gap.Peek() as peek:
        peek.game = g
        K = Knowledge(cls, obs)
        owner = K.deal(rng)
        assert [owner[i] for i in range(len(K.pool))] == [g.loc[t] for t in K.pool]
    assert Knowledge.deal is before
    K = Knowledge(cls, obs)
    fair = [K.deal(Rng(s))[:] for s in range(8)]
    assert any(list(f) != [g.loc[t] for t in K.pool] for f in fair)  # a fair draw differs


def test_gap_reports_both_runs_and_refuses_a_sampling_side_b():
    r = oracle_gap.gap(0, 4, "medium", "heaviest", 2)
    assert r["deals"] == r["fair_deals"] == 2
    assert 0 <= r["points_share_a"] <= 1 and 0 <= r["fair_points_share_a"] <= 1
    with pytest.raises(SystemExit):
        oracle_gap.gap(0, 4, "hard", "medium", 1)
