"""tools/oracle_gap.py: the diagnostic that lets side A search the real deal."""

import pytest

import oracle_gap
from domino import ai, games
from domino.lineai.know import Knowledge
from domino.game import new_move_buffer
from domino.rng import Rng


def _position(game, players, seed, moves):
    cls = games.load(game)
    g = cls(players, seed)
    buf = new_move_buffer()
    rng = Rng(3)
    for _ in range(moves):
        g.apply(buf[rng.below(g.legal_moves(buf))])
    return cls, g


def test_peek_gives_the_real_deal_and_restores():
    cls, g = _position(0, 4, 321, 9)
    obs = g.observation(g.turn)
    before = Knowledge.deal
    with oracle_gap.Peek(cls) as peek:
        peek.game = g
        K = Knowledge(cls, obs)
        owner = K.deal(Rng(3))
        assert [owner[i] for i in range(len(K.pool))] == [g.loc[t] for t in K.pool]
    assert Knowledge.deal is before
    K = Knowledge(cls, obs)
    fair = [K.deal(Rng(s))[:] for s in range(8)]
    assert any(list(f) != [g.loc[t] for t in K.pool] for f in fair)  # a fair draw differs


@pytest.mark.parametrize("players", [2, 3])
def test_peek_in_loo_gives_the_real_hands_only_in_play_when_closed(players):
    from domino.loo import PLAY
    cls, g = _position(3, players, 77, 0)
    buf = new_move_buffer()
    rng = Rng(5)
    while g.phase != PLAY:  # the hands decided: keep, miss, exchange, discard
        g.apply(buf[rng.below(g.legal_moves(buf))])
    KK = ai.family(cls).Knowledge
    for closed_only in (False, True):
        with oracle_gap.Peek(cls, closed_only) as peek:
            peek.game = g
            K = KK(cls, g.observation(g.turn))
            assert K.closed
            owner = K.deal(Rng(1))
            hands = [owner[i] for i in range(len(K.pool)) if owner[i] < players]
            assert hands == [g.loc[t] for t in K.pool if g.loc[t] < players]
            assert len(hands) == sum(K.room[s] for s in range(players))
            assert K.replay(owner) == 0.0  # a deal the observation allows
    # before play (deciding) the closed peek leaves the draw as it is
    cls, g = _position(3, players, 77, 1)
    with oracle_gap.Peek(cls, True) as peek:
        peek.game = g
        K = KK(cls, g.observation(g.turn))
        assert not K.closed
        peeked = K.deal(Rng(2))[:]
    assert peeked == KK(cls, g.observation(g.turn)).deal(Rng(2))[:]


def test_gap_reports_both_runs_and_refuses_a_sampling_side_b():
    r = oracle_gap.gap(0, 4, "medium", "heaviest", 2)
    assert r["deals"] == r["fair_deals"] == 2
    assert 0 <= r["points_share_a"] <= 1 and 0 <= r["fair_points_share_a"] <= 1
    with pytest.raises(SystemExit):
        oracle_gap.gap(0, 4, "hard", "medium", 1)


def test_gap_over_loo_matches_sees_more_than_a_fair_hard():
    r = oracle_gap.gap(3, 2, "hard", "club", seed=7, matches=6, closed=True)
    assert r["matches"] == r["fair_matches"] == 12
    d, h = r["paired"]
    assert d == pytest.approx(r["matches_won_a"] - r["fair_matches_won_a"])


@pytest.mark.parametrize("seed", [321, 322, 323])
def test_partner_peek_gives_the_real_partner_hand_and_keeps_the_voids(seed):
    cls, g = _position(0, 4, seed, 9)
    me = g.turn
    pt = (me + 2) % 4
    with oracle_gap.Peek(cls, partner=True) as peek:
        peek.game = g
        K = Knowledge(cls, g.observation(me))
        others = set()
        for s in range(12):
            owner = K.deal(Rng(s))
            where = [owner[i] for i in range(len(K.pool))]
            # the partner's hand is the real one, the hands' sizes are kept
            assert [K.pool[i] for i in range(len(where)) if where[i] == pt] == \
                [t for t in K.pool if g.loc[t] == pt]
            for s2 in range(4):
                if s2 != me:
                    assert where.count(s2) == g.observation(me).counts[s2]
            for i, t in enumerate(K.pool):  # each opponent's tiles fit its voids
                assert oracle_gap._fits(K, where[i], t)
            others.add(tuple(where))
    assert len(others) > 1  # the opponents' hands are still drawn
