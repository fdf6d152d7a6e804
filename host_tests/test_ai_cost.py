"""Hard's cost cap (ai/hard.py, ``Hard.COST``): a decision stops within its
cost, counted not timed, and spends no more than it must: it stops early
when one candidate is clearly best, goes on (to ``COST_CLOSE``) when none
is, and draws fewer deals while little of the other seats' play is seen."""

import math
import random

import pytest

from domino import games
from domino.ai.hard import Hard
from domino.allfives import options_for
from domino.game import new_move_buffer
from domino.rng import Rng


def _position(gid, players, seed, plies, options=0):
    """A hand of ``gid`` played ``plies`` moves by a seeded random policy, at a
    decision with a choice (or the first one after)."""
    cls = games.load(gid)
    g = cls.from_options(players, seed, None, options) if options else cls(players, seed)
    buf = new_move_buffer()
    pick = Rng(seed)
    k = 0
    while not g.over:
        n = g.legal_moves(buf)
        if n > 1 and k >= plies:
            return cls, g.observation(g.turn)
        g.apply(buf[pick.below(n)])
        k += 1
    raise AssertionError("no decision left")


def _decide(p, cls, obs):
    p.begin(cls, obs)
    m = None
    while m is None:
        m = p.step(7)
    return m


CASES = [(0, 4, 0, 0), (0, 4, 14, 0), (1, 4, 10, 0), (2, 2, 4, 0), (2, 4, 8, 0),
         (2, 6, 12, options_for(9)), (2, 8, 20, options_for(12)), (3, 2, 3, 0), (3, 4, 9, 0)]


class Traced(Hard):
    """Hard noting its cost and deals as each kept deal starts."""

    def _start(self):
        self.starts = []
        Hard._start(self)

    def _draw(self, K, rng):
        if self.drawn == 0:
            self.starts.append((self.deals, self.cost))
        return Hard._draw(self, K, rng)


@pytest.mark.parametrize("gid,players,plies,options", CASES)
def test_a_decision_stays_within_its_cost(gid, players, plies, options):
    for seed in (1, 2):
        cls, obs = _position(gid, players, seed, plies, options)
        for cap in (3000, Hard.COST):
            for race in (0, Hard.RACE_MIN):
                p = Traced(seed)
                p.COST = cap
                p.RACE_MIN = race
                _decide(p, cls, obs)
                # counted from the setup: a replay of the seen events (the Knowledge
                # standing the game at the position)
                assert p.deals >= 1 and p.starts[0] == (0, p.cw.replay * len(obs.events))
                # a deal starts only while the cost so far plus the mean deal's fits
                # COST, or COST_CLOSE once RACE_MIN deals are kept (no clear leader)
                for deals, cost in p.starts[1:]:
                    top = Hard.COST_CLOSE if race and deals >= race else cap
                    assert cost + cost // deals <= top, (deals, cost, top)
                last = p.starts[-1][1]
                assert last <= max(cap, Hard.COST_CLOSE if race else 0) and p.cost > last


def test_a_smaller_cost_means_fewer_deals_and_the_default_is_kept_where_it_is_cheap():
    cls, obs = _position(0, 4, 3, 0)
    deals = {}
    for cap in (2000, 8000, 10 ** 9):
        p = Hard(3)
        p.COST = cap
        p.RACE_MIN = 0
        _decide(p, cls, obs)
        deals[cap] = p.deals
    assert deals[2000] < deals[8000] < deals[10 ** 9]
    # no cap: the playout target decides (48 playouts over 3 candidates)
    assert deals[10 ** 9] == Hard.PLAYOUTS // Hard.TOP
    # a two-player block game at the start costs little: the cap changes nothing
    cls, obs = _position(0, 2, 3, 0)
    a, b = Hard(3), Hard(3)
    b.COST = b.COST_CLOSE = 10 ** 9
    assert _decide(a, cls, obs) == _decide(b, cls, obs)
    assert a.deals == b.deals and a.cost <= Hard.COST


def test_replayed_weighing_thins_when_the_cost_cannot_afford_the_deals():
    # 8 players on double-twelve, late: a weighed replay of many events per draw
    cls, obs = _position(2, 8, 3, 60, options_for(12))
    p = Hard(3)
    p.begin(cls, obs)
    assert p.sir < Hard.SIR_REPLAY
    q = Hard(3)
    q.COST = 10 ** 9
    q.begin(cls, obs)
    assert q.sir == Hard.SIR_REPLAY
    # 2 players at the start: the default's draws are affordable
    cls, obs = _position(2, 2, 3, 0)
    p = Hard(3)
    p.begin(cls, obs)
    assert p.sir == Hard.SIR_REPLAY


def test_an_exact_solve_spends_only_the_cost_left():
    # forced deals (two players, no boneyard): each candidate's solve gets the
    # cost left shared among the candidates still to solve
    found = False
    for seed in range(1, 12):
        try:
            cls, obs = _position(0, 2, seed, 14)  # Seychelles, 2 players: 14 tiles left
        except AssertionError:
            continue
        p = Hard(seed)
        p.begin(cls, obs)
        if not (p.exact and p.forced):
            continue
        free = Hard(seed)
        free.COST = 10 ** 9
        _decide(free, cls, obs)
        if free.cost <= 4000:
            continue
        found = True
        p = Hard(seed)
        p.COST = 1000
        _decide(p, cls, obs)
        # each solve: the cost left shared out (at least 64 nodes), then a playout
        nc = len(obs.legal)
        assert p.cost <= 1000 + nc * (64 * p.c_node + sum(obs.counts) * p.c_move)
        assert p.cost < free.cost
    assert found


def test_the_cost_fit_recovers_known_weights():
    import hard_cost

    rng = Rng(5)
    true = [0.2, 0.0, 1.5, 0.7]
    X = [[rng.below(1000) for _ in true] for _ in range(30)]
    y = [sum(a * b for a, b in zip(row, true)) for row in X]
    fit = hard_cost.nnls(X, y)
    assert all(abs(a - b) < 1e-6 for a, b in zip(fit, true))
    # a weight the data would make negative is held at 0
    y = [r[0] * 0.5 - r[1] * 0.3 for r in X]
    assert hard_cost.nnls(X, y)[1] == 0.0


def _counted(cls, obs, seed):
    """A Hard decision with tools/hard_cost.py counting its work: (counts, player)."""
    import hard_cost
    counts = {}
    restore = hard_cost._count(counts)
    try:
        p = Hard(seed)
        _decide(p, cls, obs)
    finally:
        restore()
    return counts, p


@pytest.mark.parametrize("gid,players,plies,options", [c for c in CASES if c[0] in (0, 1, 2)]
                         + [(0, 4, 20, 0), (0, 3, 16, 0)])
def test_the_cost_fit_counts_what_hard_counts(gid, players, plies, options):
    """tools/hard_cost.py counts, by wrapping the costed calls, the quantities
    Hard's cost is made of (the line family's cost records): with them,
    a decision's cost is rebuilt exactly, playouts on bitmasks and guided
    draws included; and the calls come back unwrapped."""
    import hard_cost
    from domino.lineai import blockplay, know

    before = (blockplay.playout, know.Knowledge.deal)
    counts, p = _counted(*_position(gid, players, 3 + plies, plies, options), plies)
    assert (blockplay.playout, know.Knowledge.deal) == before
    w = hard_cost.line_weights()
    assert sum(counts.get(k, 0) * w[k] for k in hard_cost.KEYS) == p.cost


@pytest.mark.parametrize("players,plies", [(2, 6), (3, 8), (3, 12), (4, 10)])
def test_the_cost_fit_counts_what_hard_counts_in_loo(players, plies):
    """The same for Domino Loo's cost record (``--family=loo``): the deals, the
    replays, their weighing and the playout moves rebuild a decision in play."""
    import hard_cost
    from domino.looai import know

    before = know.Knowledge.replay
    counts, p = _counted(*_position(3, players, 3 + plies, plies), plies)
    assert know.Knowledge.replay == before
    w = hard_cost.loo_weights()
    assert counts.get("loo_move") and p.cost > 0
    assert sum(counts.get(k, 0) * w[k] for k in hard_cost.LOO_KEYS) == p.cost


def test_loo_close_decisions_go_on_with_four_players_only():
    """Domino Loo lets a decision with no clear leader go on past ``COST`` to half
    of ``COST_CLOSE`` with 4 players (``LooSearch.close_cost``), not with 2 or 3:
    4-player decisions in play spend past ``COST`` but within that cap (and one
    kept deal's cost), the others within ``COST``."""
    from domino.looai.search import PARTS
    past = 0
    for players in (2, 3, 4):
        cap = Hard.COST_CLOSE // 2 if players == 4 else Hard.COST
        for plies in range(4, 4 * players + 4, 2):
            cls, obs = _position(3, players, 40 + plies, plies)
            counts, p = _counted(cls, obs, plies)
            if not counts.get("loo_move"):
                continue  # Medium's choice: no search
            assert PARTS.close_cost(type("K", (), {"obs": obs}), Hard.COST_CLOSE) == (
                cap if players == 4 else 0)
            assert p.cost <= cap + p.cost // max(1, p.deals), (players, plies, p.cost)
            past += players == 4 and p.cost > Hard.COST
    assert past >= 1


def _clear_by_hand(vals, prior, z):
    """The leader by mean value plus prior, and whether it is ahead of every
    other candidate by ``z`` standard errors of their paired difference."""
    n = len(vals)
    nc = len(vals[0])
    score = [sum(v[k] for v in vals) / n + prior[k] for k in range(nc)]
    lead = max(range(nc), key=lambda k: (score[k], -k))
    for c in range(nc):
        if c == lead:
            continue
        d = [v[lead] - v[c] for v in vals]
        m = sum(d) / n
        var = sum((x - m) ** 2 for x in d) / (n - 1)
        if var > 0 and score[lead] - score[c] < z * math.sqrt(var / n):
            return lead, False
    return lead, True


def test_the_leader_is_clear_by_the_paired_standard_error():
    """Hard's running sums (``_add``) give the same leader and the same verdict
    as the statistics written out, for many made-up decisions."""
    cls, obs = _position(0, 4, 3, 0)
    rnd = random.Random(7)
    seen = set()
    for trial in range(300):
        p = Hard(3)
        p.begin(cls, obs)
        nc = len(p.cand)
        n = rnd.randint(2, 20)
        gap = rnd.choice((0, 1, 3, 8))
        noise = rnd.choice((0, 2, 10))
        vals = [[rnd.randint(-noise, noise) + (gap if k == 1 else 0) for k in range(nc)]
                for _ in range(n)]
        if trial % 7 == 0:  # a candidate always equal to another
            for v in vals:
                v[-1] = v[0]
        prior = [rnd.choice((0.0, 0.5, 2.0)) for _ in range(nc)]
        for k in range(nc):
            p.prior[p.cand[k]] = prior[k] / p.pw
        for v in vals:
            for k in range(nc):
                p.cursor = k
                p._add(p.cand[k], v[k])
            p.deals += 1
        assert p.cursor == 0
        lead, clear = _clear_by_hand(vals, prior, Hard.RACE_Z)
        assert p._lead() == lead
        assert p._clear() == clear, (vals, prior)
        seen.add(clear)
    assert seen == {True, False}


def test_a_clear_leader_stops_early_and_a_close_decision_goes_on():
    """With RACE_MIN kept deals, a decision whose leader is clear stops there
    (fewer deals than the target); one whose leader is not clear goes past
    COST, up to COST_CLOSE, toward the target. Without racing
    (``RACE_MIN = 0``) neither happens."""
    early = close = False
    for seed in range(1, 40):
        cls, obs = _position(0, 4, seed, 4 + seed % 9)
        p = Hard(seed)
        _decide(p, cls, obs)
        q = Hard(seed)
        q.RACE_MIN = 0
        _decide(q, cls, obs)
        full = p.target // len(obs.legal[:Hard.TOP])
        assert q.deals == full or q.cost + q.cost // q.deals > Hard.COST
        if p.deals < full and p.cost <= Hard.COST:
            early = True
            assert p.deals >= Hard.RACE_MIN
        if p.cost > Hard.COST:
            close = True
            assert p.deals >= Hard.RACE_MIN and p.cost <= Hard.COST_CLOSE + p.cost // p.deals
            assert q.cost <= Hard.COST + q.cost // q.deals and q.deals <= p.deals
    assert early and close


def test_fewer_draws_while_little_of_the_others_play_is_seen():
    """Block play draws SIR_FEW deals per kept deal while the other seats have
    made fewer than FEW moves (their plays say little yet), SIR after."""
    for plies, want in ((0, Hard.SIR_FEW), (1, Hard.SIR_FEW), (8, Hard.SIR)):
        cls, obs = _position(0, 4, 5, plies)
        p = Hard(5)
        p.begin(cls, obs)
        seen = sum(1 for e in obs.events if e[0] != obs.seat)
        assert (seen < Hard.FEW) == (want == Hard.SIR_FEW)
        assert p.sir == want
