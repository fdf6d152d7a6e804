"""Hard's exact endings (domino.ai.endgame, domino.lineai.blockend) and its choice of deals by the model of play."""

import inspect

import pytest

from domino import games
from domino.rng import Rng
from domino.game import new_move_buffer
from domino.ai.endgame import value
from domino.lineai import policy
from domino.ai.endgame import Solver
from domino.lineai.blockend import BlockSolver, applies
from domino.ai.hard import Hard
from domino.seychelles import Seychelles

from core_helpers import blocks_next, unseen_redealt


def _minimax(g, side, nsides, bad, model=False):
    """Plain paranoid minimax, no pruning: the reference for the solver. With
    ``model``, the other sides' seats play :func:`_others_move` instead."""
    if g.over:
        return value(g, side, nsides, bad)
    buf = new_move_buffer()
    n = g.legal_moves(buf)
    moves = buf[:n]
    if model and g.side(g.turn) != side:
        moves = [_others_move(g)]
    vals = []
    for mv in moves:
        g.apply(mv)
        vals.append(_minimax(g, side, nsides, bad, model))
        g.undo()
    return max(vals) if g.side(g.turn) == side else min(vals)


def _others_move(g):
    """The playouts' move in a three-sided block-play ending, by its
    definition: the best of ``policy.score`` plus ``W_BLOCK`` where the next
    seat then holds no tile of either end and ``W_AFTER`` where the seat after
    it holds none, the first best in ``legal_moves``' order."""
    buf = new_move_buffer()
    n = g.legal_moves(buf)
    best = bestv = None
    for mv in buf[:n]:
        v = policy.score(g, g.turn, mv)
        if blocks_next(g, mv):
            v += policy.W_BLOCK
        if blocks_next(g, mv, 2):
            v += policy.W_AFTER
        if bestv is None or v > bestv:
            best, bestv = mv, v
    return best


def _late(cls, n, seed, left):
    """A hand played at random until at most ``left`` tiles are in the hands
    (None if it ended first)."""
    g = cls(n, seed)
    rng = Rng(seed + 99)
    buf = new_move_buffer()
    while not g.over and (sum(g.count) > left or g.top < len(g.stock)):
        g.apply(buf[rng.below(g.legal_moves(buf))])
    return None if g.over else g


def _state(g):
    return (bytes(g.loc), g.nhist, g.turn, bytes(g.ends), g.passes, bytes(g.count), g.over)


@pytest.mark.parametrize("solver", [Solver, BlockSolver])
@pytest.mark.parametrize("gid,n", [(0, 4), (0, 3), (0, 2), (1, 4)])
def test_solver_equals_minimax(gid, n, solver):
    cls = games.load(gid)
    bad = getattr(cls, "BAD_POINTS", False)
    s = solver()
    checked = 0
    for seed in range(60):
        g = _late(cls, n, seed, 9)
        if g is None:
            continue
        before = _state(g)
        for side in range(g.nsides):
            # the bitmask solver's other seats play the fast policy with 3 sides
            want = _minimax(g, side, g.nsides, bad, solver is BlockSolver and g.nsides > 2)
            assert s.solve(g, side, g.nsides, bad, 10 ** 6) == want
            assert _state(g) == before
        checked += 1
    assert checked >= 30


@pytest.mark.parametrize("solver", [Solver, BlockSolver])
def test_solver_gives_up_past_its_node_limit(solver):
    s = solver()
    g = _late(Seychelles, 4, 5, 12)
    before = _state(g)
    assert s.solve(g, 0, 2, False, 3) is None
    assert _state(g) == before
    assert s.solve(g, 0, 2, False, 10 ** 6) is not None


@pytest.mark.parametrize("gid,n", [(0, 4), (0, 2), (1, 4)])
def test_block_solver_equals_the_generic_one_on_long_endings(gid, n):
    # endings too long for plain minimax: the bitmask solver and the one that
    # plays through the game contract agree on every value
    cls = games.load(gid)
    bad = getattr(cls, "BAD_POINTS", False)
    a, b = Solver(), BlockSolver()
    checked = 0
    for seed in range(40):
        g = _late(cls, n, 700 + seed, 14)
        if g is None:
            continue
        assert applies(g)
        for side in range(g.nsides):
            want = a.solve(g, side, g.nsides, bad, 10 ** 6)
            assert b.solve(g, side, g.nsides, bad, 10 ** 6) == want
        checked += 1
    assert checked >= 20


def test_block_solver_with_three_sides_plays_the_others_by_the_policy():
    # three-handed Seychelles from 14 tiles: only our seat's moves branch, the
    # others play the playouts' move (_others_move), so the plain reference
    # can follow it
    s = BlockSolver()
    checked = differ = 0
    for seed in range(40):
        g = _late(Seychelles, 3, 700 + seed, 14)
        if g is None:
            continue
        assert applies(g)
        for side in range(3):
            want = _minimax(g, side, 3, False, True)
            assert s.solve(g, side, 3, False, 10 ** 6) == want
            differ += want != Solver().solve(g, side, 3, False, 10 ** 6)  # paranoid
        checked += 1
    assert checked >= 20
    assert differ >= checked  # the model is not the paranoid reading


def test_block_solver_applies_only_to_block_endings():
    g = _late(Seychelles, 4, 3, 14)
    assert applies(g)
    fives = games.load(2)
    for seed in range(10):  # All Fives scores during play: the generic solver
        f = _late(fives, 2, seed, 10)
        assert f is None or not applies(f)
    assert not applies(Seychelles(4, 1))  # nothing played yet


def test_hard_plays_a_perfect_move_when_nothing_is_hidden():
    # two players share the whole set: the opponent's hand is known exactly,
    # so the exact ending must find a move of the best minimax value
    buf = new_move_buffer()
    checked = 0
    for seed in range(200):
        g = _late(Seychelles, 2, seed, Hard.EXACT)
        if g is None:
            continue
        obs = g.observation(g.turn)
        if len(obs.legal) < 2:
            continue
        side = g.side(g.turn)
        vals = {}
        for mv in obs.legal:  # (the contract's solver equals minimax: tested above)
            g.apply(mv)
            vals[mv] = Solver().solve(g, side, 2, False, 10 ** 7)
            g.undo()
        if len(set(vals.values())) < 2:
            continue  # every move is as good: nothing to check
        p = Hard(seed)
        mv = p.choose(Seychelles, obs)
        assert p.exact
        assert vals[mv] == max(vals.values()), (seed, vals, mv)
        checked += 1
        if checked >= 12:
            break
    assert checked >= 12


@pytest.mark.parametrize("gid,n", [(0, 4), (0, 3), (1, 4)])
def test_exact_endings_do_not_depend_on_hidden_tiles(gid, n):
    cls = games.load(gid)
    rng = Rng(4321 + n)
    checked = 0
    for seed in range(80):
        g = _late(cls, n, 300 + seed, Hard.EXACT)
        if g is None:
            continue
        seat = g.turn
        obs = g.observation(seat)
        if len(obs.legal) < 2:
            continue
        for _ in range(40):
            a = unseen_redealt(g, seat, rng)
            if a is not None and any(a.hand(s) != g.hand(s) for s in range(n)):
                p1, p2 = Hard(seed), Hard(seed)
                assert p1.choose(cls, obs) == p2.choose(cls, a.observation(seat))
                assert p1.exact and p2.exact
                checked += 1
                break
        if checked >= 6:
            break
    assert checked >= 6


def test_kept_deals_favour_the_likely_ones():
    # with more draws per kept deal, the kept deals explain the seen plays
    # better under the model of play (higher mean log-likelihood)
    cls = Seychelles
    buf = new_move_buffer()
    means = {}
    for sir in (1, 8):
        tot = 0.0
        count = 0
        for seed in range(12):
            g = cls(4, 50 + seed)
            rng = Rng(seed)
            for _ in range(12):
                g.apply(buf[rng.below(g.legal_moves(buf))])
            if g.over:
                continue
            obs = g.observation(g.turn)
            if len(obs.legal) < 2:
                continue
            p = Hard(seed)
            p.SIR = sir
            p.EXACT = 0
            p.begin(cls, obs)
            for _ in range(20):
                while not p._draw(p.know, p.rng):
                    pass
                tot += p.know.replay(p._keep, p._weigh)
                count += 1
        means[sir] = tot / count
    assert means[8] > means[1] + 0.5, means


@pytest.mark.parametrize("eps", [0.0, 0.1])
@pytest.mark.parametrize("gid,n", [(0, 4), (2, 2)])
def test_model_of_play_is_a_distribution(gid, n, eps):
    # the model's probabilities of the legal moves sum to 1, and a uniform
    # share eps keeps every move at least eps / n likely
    import math
    cls = games.load(gid)
    scoring = gid == 2
    etab = policy.exp_table(0.5)
    buf, b2, b3 = new_move_buffer(), new_move_buffer(), new_move_buffer()
    seen = 0
    for seed in range(40):
        g = cls(n, seed)
        rng = Rng(seed)
        while not g.over:
            k = g.legal_moves(buf)
            moves = buf[:k]
            if k > 1:
                ps = [math.exp(policy.loglik(g, b2, b3, g.turn, mv, etab, scoring, eps)) for mv in moves]
                assert abs(sum(ps) - 1.0) < 1e-6
                assert min(ps) >= eps / k - 1e-12
                seen += 1
            g.apply(moves[rng.below(k)])
    assert seen > 100


# CircuitPython keeps Python call frames in a fixed "pystack" of 1536 bytes by
# default. Here the test's own frames (the module, late_decisions, choose) stand
# in for the firmware's (code.py, main, App.run, tick, the table scene's update),
# which are two more: 256 bytes are left for them.
_PYSTACK_FOR_AI = 1280

_LATE_DECISIONS = """
from domino import games, ai
from domino.ai.hard import Hard
from domino.game import new_move_buffer
from domino.rng import Rng


def probe(n):
    return 0 if n == 0 else probe(n - 1) + 1


def late_decisions(gid, players, count):
    cls = games.load(gid)
    exact = 0
    seed = 0
    while exact < count and seed < 60 * count:
        g = _late(cls, players, 500 + seed, Hard.EXACT_GENERIC if gid == 2 else Hard.EXACT)
        seed += 1
        if g is None:
            continue
        obs = g.observation(g.turn)
        if len(obs.legal) < 2:
            continue
        p = ai.new_player(2, seed)
        p.choose(cls, obs)
        exact += p.exact
    return exact
"""


def test_hard_decides_within_circuitpython_pystack():
    """Exact endings run on an explicit stack: Hard decides late positions of
    every line game under MicroPython with a pystack of 1280 bytes (the
    recursive search of before needed about 1,870 in Seychelles), and the
    limit is real (a 40-deep recursion fails there)."""
    import mpwasm as mp
    try:
        mp.check_available()
    except mp.MicroPythonUnavailable as e:
        pytest.fail(str(e))
    # _late (above) runs there too: the same random play to a late position
    src = _LATE_DECISIONS + inspect.getsource(_late) + """
try:
    probe(40)
    print("probe ok")
except RuntimeError as e:
    print("probe failed", e)
for gid, players in ((0, 4), (0, 2), (1, 4), (2, 2), (2, 4)):
    print("exact", gid, players, late_decisions(gid, players, 4))
"""
    out = mp.run(setup=src, measure=False, pystack=_PYSTACK_FOR_AI, timeout=600).stdout
    assert "probe failed pystack exhausted" in out
    got = [line.split() for line in out.splitlines() if line.startswith("exact ")]
    assert len(got) == 5
    for line in got:
        assert int(line[3]) >= 2, line  # exact endings were decided in every game


def test_block_solver_allocates_nothing_under_micropython():
    """A whole solve of a 14-tile ending, thousands of nodes (three-handed, the
    others played by the policy: a 20-tile one), allocates nothing
    on the heap (small-int masks, preallocated arrays, ``points_from`` into a
    list of its own): the garbage of exact endings cannot grow a decision's heap."""
    import mpwasm as mp
    try:
        mp.check_available()
    except mp.MicroPythonUnavailable as e:
        pytest.fail(str(e))
    src = inspect.getsource(_late) + """
import gc
from domino import games
from domino.rng import Rng
from domino.game import new_move_buffer
from domino.lineai.blockend import BlockSolver


def measure(s, g, bad, nsides):
    before = gc.mem_alloc()  # (locals: storing names allocates nothing)
    v = s.solve(g, 0, nsides, bad, 1000000)
    return gc.mem_alloc() - before, v


s = BlockSolver()
for gid, n, nsides, left in ((0, 4, 2, 14), (1, 4, 2, 14), (0, 3, 3, 20)):
    g = _late(games.load(gid), n, 11, left)
    measure(s, g, gid == 1, nsides)  # warm: nothing left to create
    alloc, v = measure(s, g, gid == 1, nsides)
    print("solve", gid, s.nodes, alloc, v is not None)
"""
    out = mp.run(setup=src, measure=False, timeout=300).stdout
    got = [line.split() for line in out.splitlines() if line.startswith("solve ")]
    assert len(got) == 3, out
    for _, gid, nodes, alloc, done in got:
        assert done == "True" and int(nodes) > 100, (gid, nodes)
        assert int(alloc) == 0, (gid, alloc)
