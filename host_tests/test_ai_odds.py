"""Hard's match odds (domino.ai.odds) and the standing a match gives its hands."""

import pytest

from domino import games
from domino.ai.odds import chances, _isqrt
from domino.match import Match
from domino import matchsave


def test_isqrt():
    for n in list(range(200)) + [10 ** 6, 10 ** 6 - 1, 123456789]:
        r = _isqrt(n)
        assert r * r <= n < (r + 1) * (r + 1)


def _ch(pts, scores, target=15, left=-1, pace=25, sd=63):
    return chances(pts, (target, 0, tuple(scores)), pace, sd, left, [0] * len(scores))


def test_even_standing_is_even_and_chances_sum_to_one():
    assert _ch([0, 0], [0, 0]) == [500, 500]
    assert _ch([2, 2, 2], [5, 5, 5]) == [333, 333, 333]
    for pts, scores in (([3, 2], [4, 11]), ([-5, 5], [9, 0]), ([1, 0, 4], [10, -3, 2]),
                        ([0, 1, 2, 2], [7, 8, 12, 3])):
        c = _ch(pts, scores)
        assert 1000 - len(c) <= sum(c) <= 1000
        assert all(0 <= x <= 1000 for x in c)


def test_more_points_more_chance_and_nearer_the_target_surer():
    prev = 500
    for lead in range(1, 12):
        c = _ch([lead, 0], [0, 0])[0]
        assert c >= prev
        prev = c
    assert prev > 900
    # the same lead counts for more with less of the match left
    assert _ch([3, 0], [0, 0])[0] < _ch([3, 0], [8, 8])[0] < _ch([3, 0], [11, 11])[0]
    # and with fewer hands before the limit
    assert _ch([3, 0], [0, 0], left=5)[0] < _ch([3, 0], [0, 0], left=1)[0]


def test_a_side_alone_past_the_target_or_ahead_at_the_last_hand_has_won():
    assert _ch([3, 1], [13, 13]) == [1000, 0]
    assert _ch([1, 0, 0], [14, 20, 3]) == [0, 1000, 0]
    assert _ch([1, 0], [2, 0], left=0) == [1000, 0]
    # a tie at the top past the target: the tied sides share it, the rest have little
    c = _ch([2, 2, 0], [14, 14, 5])
    assert c[0] == c[1] > 450 and c[2] < 100


def test_a_match_gives_each_hand_its_standing():
    cls = games.load(3)
    m = Match(cls, 2, seed=5)
    g = m.deal()
    assert g.standing == (15, 0, (0, 0))
    assert g.observation(0).standing == g.standing
    assert cls(2, 5).observation(0).standing is None  # a hand outside a match
    m.scores[:] = [7, 3]
    while not g.over:
        g.play(g.observation(g.turn).legal[0])
    m.finish_hand()
    g = m.deal()
    assert g.standing == (15, 1, tuple(m.scores))
    # a match restored from its save deals the next hand with the same standing
    snap = matchsave.snapshot(m)
    m2 = Match(cls, 2, seed=5)
    matchsave.restore(m2, snap)
    m.game = None
    assert m2.deal().standing == m.deal().standing


@pytest.mark.parametrize("gid,n,odds", [(3, 2, True), (3, 4, True), (4, 3, False), (0, 4, False)])
def test_which_families_value_playouts_by_the_match(gid, n, odds):
    from domino.ai import family
    cls = games.load(gid)
    g = Match(cls, n, seed=9).deal()
    F = family(cls)
    K = F.Knowledge(cls, g.observation(g.turn), None)
    got = F.search_parts().match_odds(K)
    assert (got is not None) == odds
    g.standing = None
    K = F.Knowledge(cls, g.observation(g.turn), None)
    assert F.search_parts().match_odds(K) is None
