"""Sampled deals (lineai/know.py, lineai/draws.py) and the block-play likelihood (lineai/likely.py).

A sampled deal must give every other seat and the boneyard their seen counts,
put no tile in a hand proven void in it, and replay to the seat's observation;
without voids every consistent deal is equally likely. The fast block-play
likelihood must equal the sum the replay path computes, for every deal.
"""

import math

import pytest

from domino import ai, games, tiles
from domino.lineai import likely, policy
from domino.lineai.know import Knowledge
from domino.game import new_move_buffer
from domino.rng import Rng

# the games the line family plays (Domino Loo's family: test_looai.py)
GAME_CASES = [(gid, n) for gid, _, _, _, _ in games.GAMES for n in games.load(gid).PLAYERS
              if ai.supports(games.load(gid)) and games.load(gid).AI == "lineai"]


def _positions(cls, n, count, seed0=700):
    """Observations (seat to act) after random play to various depths."""
    buf = new_move_buffer()
    out = []
    for k in range(count):
        g = cls(n, seed0 + k)
        rng = Rng(k + 5)
        for _ in range(k % 24):
            if g.over:
                break
            g.apply(buf[rng.below(g.legal_moves(buf))])
        if not g.over:
            out.append(g.observation(g.turn))
    return out


@pytest.mark.parametrize("gid,n", GAME_CASES)
def test_deals_respect_counts_voids_and_replay(gid, n):
    cls = games.load(gid)
    rng = Rng(gid * 10 + n)
    voids = 0
    for obs in _positions(cls, n, 30):
        K = Knowledge(cls, obs)
        voids += sum(1 for s in range(n) if K.void[s])
        for _ in range(4):
            owner = K.deal(rng)
            got = [0] * (n + 1)
            for i, t in enumerate(K.pool):
                s = owner[i]
                if s == 254:
                    got[n] += 1
                    continue
                assert s != obs.seat
                got[s] += 1
                assert not K.void[s] & ((1 << tiles.HI[t]) | (1 << tiles.LO[t])), (t, s)
            assert got[:n] == [obs.counts[s] if s != obs.seat else 0 for s in range(n)]
            assert got[n] == obs.stock
            K.replay(owner)
            assert K.game.observation(obs.seat).key() == obs.key()
    assert voids > 0  # the positions did prove some voids


def test_out_of_ram_in_the_replay_reaches_the_caller():
    """A MemoryError while the observation is replayed goes up to the table's level
    fallback; it is not taken for an observation no deal explains (inference off)."""
    cls = games.load(0)
    obs = [o for o in _positions(cls, 4, 30) if o.events][0]

    class Tight(cls):
        def apply(self, mv):
            raise MemoryError("memory allocation failed, allocating 256 bytes")

    with pytest.raises(MemoryError):
        Knowledge(Tight, obs)


def test_deals_without_voids_are_uniform():
    # no pass or draw yet: each hidden tile is in each other hand (or the
    # boneyard) as often as that place's share of the hidden tiles
    cls = games.load(0)
    for n in (2, 4):
        obs = _positions(cls, n, 1)[0]
        K = Knowledge(cls, obs)
        assert not any(K.void)
        rng = Rng(99)
        N = 6000
        hits = [[0] * (n + 1) for _ in K.pool]
        for _ in range(N):
            owner = K.deal(rng)
            for i in range(len(K.pool)):
                s = owner[i]
                hits[i][n if s == 254 else s] += 1
        room = [obs.counts[s] if s != obs.seat else 0 for s in range(n)] + [obs.stock]
        for i in range(len(K.pool)):
            for s in range(n + 1):
                p = room[s] / len(K.pool)
                assert abs(hits[i][s] / N - p) < 4.5 * math.sqrt(p * (1 - p) / N) + 1e-9, (n, i, s)


@pytest.mark.parametrize("gid,n", [c for c in GAME_CASES if c[0] in (0, 1)])
def test_block_likelihood_equals_the_replay(gid, n):
    cls = games.load(gid)
    etab = policy.exp_table(0.5)
    b2, b3 = new_move_buffer(), new_move_buffer()
    rng = Rng(5)
    checked = 0
    for obs in _positions(cls, n, 40):
        K = Knowledge(cls, obs)
        if not likely.applies(K):
            continue
        model = likely.BlockModel(K, etab)
        for _ in range(4):
            owner = K.deal(rng)
            fast = model.loglik(owner)
            slow = K.reweigh(owner, lambda g, s, mv: policy.loglik(g, b2, b3, s, mv, etab, False))
            # the model sums logs in fixed point (1/1024): within 0.01 per play
            assert fast == pytest.approx(slow, abs=0.01 * len(model.ev) / 5 + 1e-9)
            checked += 1 if slow else 0
    assert checked >= 20  # most deals had plays that told something


def _late_block_knowledge(count=60):
    """Knowledge of late block-play positions (few hidden tiles), with the model."""
    cls = games.load(0)
    out = []
    for obs in _positions(cls, 4, count, seed0=900):
        if len(obs.events) < 12:
            continue
        K = Knowledge(cls, obs)
        if likely.applies(K) and 4 <= len(K.pool) <= 9:
            out.append(K)
    return out


@pytest.mark.parametrize("sharp,floor", [(1, 1), (6, 32)])
def test_guide_weights_follow_the_seen_plays(sharp, floor):
    # a tile heavier (general score; with sharp > 1, pips alone) than one the
    # seat played on an end it matched is less likely in its hand (sharp:
    # down to the floor), others keep 255
    etab = policy.exp_table(0.5)
    lowered = 0
    bonus = 3.5 if sharp == 1 else 0
    for K in _late_block_knowledge():
        model = likely.BlockModel(K, etab)
        wt = likely.guide(model, sharp, floor)
        npool = len(K.pool)
        assert len(wt) == K.players * npool and min(wt) >= floor
        for s in range(K.players):
            for i, u in enumerate(K.pool):
                # heavier than some tile s played on an end it matched: below 255
                heavier = False
                e0 = e1 = None
                for seat, mv in K.obs.events:
                    if mv >= 1000:
                        continue
                    t = mv >> 2
                    if seat == s and s != K.me:
                        legal = e0 is None or {e0, e1} & {tiles.HI[u], tiles.LO[u]}
                        pu = tiles.HI[u] + tiles.LO[u] + (bonus if tiles.HI[u] == tiles.LO[u] else 0)
                        pt = tiles.HI[t] + tiles.LO[t] + (bonus if tiles.HI[t] == tiles.LO[t] else 0)
                        heavier = heavier or (legal and pu > pt)
                    if e0 is None:
                        e0, e1 = tiles.HI[t], tiles.LO[t]
                    elif mv & 3 == 0:
                        e0 = tiles.HI[t] + tiles.LO[t] - e0
                    else:
                        e1 = tiles.HI[t] + tiles.LO[t] - e1
                assert (wt[s * npool + i] < 255) == bool(heavier), (s, u)
                if heavier and sharp > 1:
                    assert wt[s * npool + i] == floor
                lowered += wt[s * npool + i] < 255
    assert lowered > 10


def test_medium_weighs_hidden_tiles_by_the_seen_plays(monkeypatch):
    # in block play Medium's chance that a seat answers counts each tile it may
    # hold by plays.weights: equal weights give the plain counts' scores exactly
    # (the arithmetic), the seen plays' weights move some scores
    from domino.lineai import medium, plays
    cls = games.load(0)
    monkeypatch.setattr(medium, "ENDING", 0)  # (the chances alone, no exact look at the end)

    def scores(obs, block=True):
        K = Knowledge(cls, obs)
        K.block = block and K.block
        return medium.medium_scores(K, Rng(1))

    cases = [K.obs for K in _late_block_knowledge()]
    blind = [scores(obs, block=False) for obs in cases]
    moved = sum(scores(obs) != b for obs, b in zip(cases, blind))
    assert moved >= 5
    monkeypatch.setattr(plays, "weights", lambda ev, pool, n, *a: bytearray([200]) * (n * len(pool)))
    for obs, b in zip(cases, blind):
        assert scores(obs) == b


@pytest.mark.parametrize("n", [3, 4])
def test_all_fives_medium_shares_the_next_seats_points_over_the_other_sides(monkeypatch, n):
    # Medium charges a play the points the next opponent is expected to score
    # after it (MEDIUM_W_FIVES[8] a point), each for himself over the other seats
    # less one: a point one of them scores costs a seat that share of its own in
    # the hand's spread. The expected points are read where the same position is
    # taken as two sides (no share), the charge at the table's own sides.
    from domino.lineai import medium
    cls = games.load(2)
    W = list(medium.MEDIUM_W_FIVES)
    obs = _positions(cls, n, 40, seed0=900)

    def scores(w8, sides):
        monkeypatch.setattr(medium, "MEDIUM_W_FIVES", W[:8] + [w8])
        out = []
        for o in obs:
            K = Knowledge(cls, o)
            K.nsides = sides
            out.append(medium.medium_scores(K, Rng(1)))
        return out

    def charges(w8, sides):
        return [[b - c for b, c in zip(bs, cs)]
                for bs, cs in zip(scores(0, sides), scores(w8, sides))]

    shared = 0
    for exp, got in zip(charges(1 << 16, 2), charges(W[8], n)):
        for ex, c in zip(exp, got):
            assert c == W[8] * ex // ((n - 1) << 16)
            shared += c < W[8] * ex >> 16
    assert shared >= 10


@pytest.mark.parametrize("n,count", [(2, 600), (3, 1500)])
def test_medium_plays_the_end_of_block_play_exactly(monkeypatch, n, count):
    # with ENDING or fewer tiles in the hands, where one move is strictly best
    # under exact play on every deal consistent with what Medium saw, Medium's
    # exact look adds the most to that move's score, unless its NODES ran out
    # (then it adds nothing: NODES 1 gives the features alone); and it turns
    # some choices the features alone would get wrong
    from domino.ai.heuristic import Medium
    from domino.lineai import medium, mediumend
    from domino.lineai.blockend import BlockSolver
    cls = games.load(0)
    solver = BlockSolver()
    solved = turned = 0
    for obs in _positions(cls, n, count, seed0=3100):
        K = Knowledge(cls, obs)
        if not K.block or sum(obs.counts) > medium.ENDING or len(obs.legal) < 2:
            continue
        deals = _support(K)
        if len(deals) > 300:
            continue
        g = K.game
        best = set(range(len(obs.legal)))
        for owner in deals:
            K.reweigh(owner)
            vals = []
            for mv in obs.legal:
                g.apply(mv)
                vals.append(solver.solve(g, g.side(obs.seat), K.nsides, cls.BAD_POINTS, 10 ** 7))
                g.undo()
            best &= {i for i, v in enumerate(vals) if vals.count(v) == 1 and v == max(vals)}
        if len(best) != 1:
            continue
        (i,) = best
        sc = medium.medium_scores(Knowledge(cls, obs), Rng(1))
        with monkeypatch.context() as m:
            m.setattr(medium, "ENDING", 0)
            alone = medium.medium_scores(Knowledge(cls, obs), Rng(1))
            m.setattr(medium, "ENDING", 12)
            m.setattr(mediumend, "NODES", 1)
            assert medium.medium_scores(Knowledge(cls, obs), Rng(1)) == alone
        add = [a - b for a, b in zip(sc, alone)]
        if add.count(0) == len(add):
            continue  # not solved within NODES
        solved += 1
        assert add[i] == max(add) and add.count(add[i]) == 1, (obs.key(), add)
        if alone[i] != max(alone) and sc[i] == max(sc) and sc.count(sc[i]) == 1:
            turned += 1
            assert Medium(3).choose(cls, obs) == obs.legal[i]
    assert solved >= 40 and turned >= 5, (solved, turned)


def _support(K):
    """Every consistent deal of K's hidden tiles (counts and voids), as owner bytes."""
    pool, n = K.pool, K.players
    room = [K.obs.counts[s] if s != K.me else 0 for s in range(n)]
    out = []
    owner = bytearray(len(pool))

    def place(i):
        if i == len(pool):
            out.append(bytes(owner))
            return
        t = pool[i]
        for s in range(n):
            if room[s] and not K.void[s] & ((1 << tiles.HI[t]) | (1 << tiles.LO[t])):
                room[s] -= 1
                owner[i] = s
                place(i + 1)
                room[s] += 1

    place(0)
    return out


@pytest.mark.parametrize("plain", [False, True])
def test_guided_draws_report_their_chance(plain):
    # a guided draw reports the log of the chance of the way it was drawn
    # (order and places), so 1/chance is an unbiased count of the consistent
    # deals: its mean over many draws matches the enumerated count, and the
    # same holds for the deals with a given tile in a given hand (weights of
    # 64..255, not the guide's down to 1, so that 4,000 draws see every deal).
    # With ``plain``, every other pool tile weighs 255 in every hand: those no
    # seat is void in take the one-shuffle path, whose chance is counted apart
    tested = 0
    for K in _late_block_knowledge():
        sup = _support(K)
        if not 20 <= len(sup) <= 3000 or K.obs.stock:
            continue
        rng = Rng(len(K.pool) * 7 + tested)
        wt = bytearray(64 + rng.below(192) for _ in range(K.players * len(K.pool)))
        if plain:
            for i in range(0, len(K.pool), 2):
                for s in range(K.players):
                    wt[s * len(K.pool) + i] = 255
        N = 4000
        inv = []
        s0 = sup[0][0]  # a marginal: pool tile 0 in the hand it has in sup[0]
        marg = []
        for _ in range(N):
            owner = K.deal(rng, 20, wt)
            assert bytes(owner) in sup
            x = math.exp(-K.logq)
            inv.append(x)
            marg.append(x if owner[0] == s0 else 0.0)
        for xs, want in ((inv, len(sup)), (marg, sum(1 for d in sup if d[0] == s0))):
            mean = sum(xs) / N
            se = math.sqrt(sum((x - mean) ** 2 for x in xs) / (N - 1) / N)
            assert abs(mean - want) < 5 * se + 0.02 * want, (mean, want, se)
        tested += 1
        if tested == 4:
            break
    assert tested >= 2


def _styles_by_replay(K, owner, etab, sharp=1):
    """Per other seat, the log-likelihood of its seen plays under each style
    (general model, pips alone with a softmax ``sharp`` times sharper,
    uniform), by undoing the game of this deal."""
    from domino.lineai.policy import loglik, SCORE_W
    from domino.ai import _DMAX
    b2, b3 = new_move_buffer(), new_move_buffer()
    g = K.game
    K.reweigh(owner)
    sums = [[0.0, 0.0, 0.0] for _ in range(K.players)]
    for seat, mv in reversed(K.obs.events):
        g.undo()
        if seat == K.me or mv >= 1000:
            continue
        n = g.legal_moves(b2)
        if n < 2:
            continue
        sums[seat][0] += loglik(g, b2, b3, seat, mv, etab, False)
        pips = [(tiles.HI[b2[i] >> 2] + tiles.LO[b2[i] >> 2]) * SCORE_W[0] for i in range(n)]
        top = max(pips)
        w = [etab[min((top - p) * sharp, _DMAX)] for p in pips]
        mine = (tiles.HI[mv >> 2] + tiles.LO[mv >> 2]) * SCORE_W[0]
        sums[seat][1] += math.log(etab[min((top - mine) * sharp, _DMAX)] / sum(w))
        sums[seat][2] -= math.log(n)
    for seat, mv in K.obs.events:
        g.apply(mv)
    return sums


@pytest.mark.parametrize("sharp", [1, 6])
def test_block_likelihood_mixes_styles_per_seat(sharp):
    # with a mix of styles, each other seat's plays are explained by a prior
    # mix of the general model, heaviest pips (its softmax sharp times
    # sharper) and uniform choice: the log of sum_style prior * likelihood,
    # summed over the seats (fixed point: within 0.01 per play)
    cls = games.load(0)
    etab = policy.exp_table(0.5)
    rng = Rng(17)
    mix = (50, 30, 20)
    checked = 0
    for obs in _positions(cls, 4, 40):
        K = Knowledge(cls, obs)
        if not likely.applies(K) or len(obs.events) < 8:
            continue
        model = likely.BlockModel(K, etab, mix, sharp)
        for _ in range(3):
            owner = K.deal(rng)
            fast = model.loglik(owner)
            want = 0.0
            for sums in _styles_by_replay(K, owner, etab, sharp):
                want += math.log(sum(mix[j] / 100 * math.exp(sums[j]) for j in range(3)))
            assert fast == pytest.approx(want, abs=0.01 * len(model.ev) / 5 + 1e-9)
            checked += 1
    assert checked >= 20
