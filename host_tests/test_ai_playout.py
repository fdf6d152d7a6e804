"""Playouts (lineai/playout.py): both of their paths choose as :func:`policy.score` does,
with the block bonuses (``policy.W_BLOCK``, with three sides ``policy.W_AFTER``) in block play."""

import pytest

from domino import ai, games
from domino.lineai import playout, policy
from domino.game import new_move_buffer
from domino.rng import Rng

from core_helpers import blocks_next

# the games the line family plays (Domino Loo's family: test_looai.py)
GAME_CASES = [(gid, n) for gid, _, _, _, _ in games.GAMES for n in games.load(gid).PLAYERS
              if ai.supports(games.load(gid)) and games.load(gid).AI == "lineai"]


def _reference_rollout(g, buf, scoring):
    """The playout written with :func:`policy.score` (a scan of the hand per move)."""
    block = not scoring and not g.BONEYARD
    moves = []
    while not g.over:
        n = g.legal_moves(buf)
        mv = buf[0]
        if n > 1:
            seat = g.turn
            side = g.side(seat) if scoring else 0
            best = -1000
            for i in range(n):
                sc = policy.score(g, seat, buf[i])
                if scoring:
                    sc += 4 * policy.play_gain(g, buf[i], side)
                elif block and g.nplayed:
                    if blocks_next(g, buf[i]):
                        sc += policy.W_BLOCK
                    if g.nsides > 2 and blocks_next(g, buf[i], 2):  # (each for himself)
                        sc += policy.W_AFTER
                if sc > best:
                    best = sc
                    mv = buf[i]
        moves.append(mv)
        g.apply(mv)
    return moves


@pytest.mark.parametrize("gid,n", GAME_CASES)
def test_rollout_chooses_as_the_score_does(gid, n):
    cls = games.load(gid)
    scoring = gid == 2
    buf = new_move_buffer()
    cnt = bytearray(8 * 13)
    choices = 0
    for k in range(25):
        g = cls(n, 900 + k)
        rng = Rng(k)
        for _ in range(k % 15):
            if g.over:
                break
            g.apply(buf[rng.below(g.legal_moves(buf))])
        if g.over:
            continue
        before = (bytes(g.loc), bytes(g.ends), g.nhist, g.turn, g.passes)
        depth = playout.rollout(g, buf, rng, scoring, cnt)
        moves = g.moves()
        got = moves[len(moves) - depth:]
        for _ in range(depth):
            g.undo()
        assert (bytes(g.loc), bytes(g.ends), g.nhist, g.turn, g.passes) == before
        want = _reference_rollout(g, buf, scoring)
        assert got == want
        choices += sum(1 for m in want if m < 1000)
    assert choices > 100  # the playouts had tiles to choose among


@pytest.mark.parametrize("n", games.load(2).PLAYERS)
def test_all_fives_play_points_as_apply_scores(n):
    """AllFives.play_points (the playouts' gain of a play, without applying it)
    equals what apply adds to the mover's side, on every play of random hands
    of every set size."""
    from domino.allfives import options_for
    cls = games.load(2)
    buf = new_move_buffer()
    checked = 0
    for nset in (6, 9, 12):
        for seed in range(40):
            try:
                g = cls.from_options(n, seed, None, options_for(nset))
            except ValueError:
                break  # this set cannot deal this many players
            pick = Rng(seed + 99)
            while not g.over:
                k = g.legal_moves(buf)
                side = g.side(g.turn)
                for i in range(k):
                    if buf[i] < 1000:
                        assert g.play_points(buf[i]) == policy.play_gain(g, buf[i], side)
                        checked += 1
                g.apply(buf[pick.below(k)])
    assert checked > 1000


@pytest.mark.parametrize("gid,n", [c for c in GAME_CASES if not games.load(c[0]).SCORES_IN_PLAY])
def test_block_playout_on_masks_plays_as_the_rollout(gid, n):
    """The bitmask playout of block play (lineai.blockplay) makes the same
    moves as the rollout, ties included: the same value and number of moves,
    and the game is left as it was."""
    from domino.ai.endgame import spread
    from domino.lineai import blockend, search
    cls = games.load(gid)
    play = search.PARTS.fast_playout(cls)
    buf = new_move_buffer()
    cnt = bytearray(8 * 13)
    solver = blockend.BlockSolver()
    checked = 0
    for k in range(120):
        g = cls(n, 700 + k)
        rng = Rng(k)
        for _ in range(1 + k % 20):
            if g.over:
                break
            g.apply(buf[rng.below(g.legal_moves(buf))])
        if not blockend.applies(g):
            continue
        for side in range(g.nsides):
            before = (bytes(g.loc), bytes(g.ends), g.nhist, g.turn, g.passes)
            v = play(solver, g, side, g.nsides, cls.BAD_POINTS, cnt)
            assert (bytes(g.loc), bytes(g.ends), g.nhist, g.turn, g.passes) == before
            depth = playout.rollout(g, buf, rng, False, cnt)
            want = spread(g.result().points, side, g.nsides, cls.BAD_POINTS)
            for _ in range(depth):
                g.undo()
            assert (v, solver.nodes) == (want, depth)
            checked += 1
    assert checked > 100


def test_fast_playouts_only_for_block_play():
    """Every line game gets the bitmask playouts but All Fives, which scores in
    play; the other families none."""
    from domino.lineai import search
    from domino.lineai.blockplay import playout
    for gid, _, _, _, _ in games.GAMES:
        cls = games.load(gid)
        if not ai.supports(cls):
            continue
        parts = ai.family(cls).search_parts()
        want = playout if cls.AI == "lineai" and not cls.SCORES_IN_PLAY else None
        assert parts.fast_playout(cls) is want, cls.__name__
    assert search.PARTS.fast_playout(games.load(2)) is None

