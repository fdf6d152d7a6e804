"""Random playouts over thousands of hands: invariants that must hold at every step.

* every tile is in exactly one place (a hand, the table, or out of play) and
  the per-seat counts agree;
* the legal moves are exactly those an independent reading of the rules
  allows, and every applied move is one of them;
* undo after every move restores the exact state; undoing a whole hand
  restores the deal, and replaying it reaches the same end;
* a hand ends exactly on a domino or a full round of passes, and its points
  are the pips of the right seats;
* a seat's observation holds only its own tiles and public ones, and does not
  change when the hidden tiles of the other seats are dealt differently.
"""

import random

import pytest

from domino.game import PASS, DRAW
from domino.line import STOCK, TABLE, OUT
from domino.seychelles import Seychelles
from domino.whist import Whist

from core_helpers import snapshot

CONFIGS = [(Seychelles, 2, 700), (Seychelles, 3, 700), (Seychelles, 4, 900), (Whist, 4, 900)]


def tile_ends(t):
    """(hi, lo) of tile index t, from the indexing rule (not the core's tables)."""
    hi = 0
    while (hi + 1) * (hi + 2) // 2 <= t:
        hi += 1
    return hi, t - hi * (hi + 1) // 2


ENDS = [tile_ends(t) for t in range(28)]
PIPS = [a + b for a, b in ENDS]


def oracle_moves(g):
    """Legal moves of the seat to act, from the rules: lead any tile; later, any
    tile matching an open end (one move when both ends show the same value);
    pass only when nothing plays."""
    seat = g.turn
    mine = [t for t in range(len(g.loc)) if g.loc[t] == seat]
    if g.nplayed == 0:
        return {t << 2 for t in mine}
    ends = list(g.ends[:2])
    out = set()
    for arm in (0, 1):
        if arm == 1 and ends[1] == ends[0]:
            continue
        for t in mine:
            if ends[arm] in ENDS[t]:
                out.add((t << 2) | arm)
    return out or {PASS}


def check_places(g, removed):
    players = g.players
    counts = [0] * players
    on_table = set()
    for t in range(28):
        p = g.loc[t]
        if p == TABLE:
            on_table.add(t)
        elif p == OUT:
            assert t in removed
        else:
            assert p != STOCK, "no boneyard in these games"
            assert 0 <= p < players
            counts[p] += 1
    for t in removed:
        assert g.loc[t] == OUT
    assert counts == list(g.count)
    assert on_table == set(g.placed[:g.nplayed])
    assert len(on_table) == g.nplayed
    assert sum(counts) + g.nplayed + len(removed) == 28


def check_line(g):
    """The open ends are what the laid tiles leave open."""
    if g.nplayed == 0:
        assert g.open_ends() == []
        return
    first = g.placed[0]
    ends = [ENDS[first][0], ENDS[first][1]]
    for i in range(1, g.nplayed):
        t = g.placed[i]
        a = g.placed_arm[i]
        assert ends[a] in ENDS[t]
        ends[a] = PIPS[t] - ends[a]
    assert g.open_ends() == ends


def check_observation(g, seat):
    obs = g.observation(seat)
    mine = set(t for t in range(28) if g.loc[t] == seat)
    public = set(g.placed[:g.nplayed])
    assert obs.seat == seat and obs.players == g.players and obs.turn == g.turn
    assert set(obs.hand) == mine and len(obs.hand) == len(mine)
    assert list(obs.counts) == list(g.count)
    assert list(obs.public) == g.open_ends()
    seen = set(obs.hand)
    for s, mv in obs.events:
        assert 0 <= s < g.players
        if mv not in (PASS, DRAW):
            seen.add(mv >> 2)
            assert (mv >> 2) in public
    for mv in obs.legal:
        if mv not in (PASS, DRAW):
            seen.add(mv >> 2)
    assert seen <= mine | public, "observation shows another seat's tile"
    if seat == g.turn and not g.over:
        assert set(obs.legal) == oracle_moves(g)
    else:
        assert list(obs.legal) == []
    return obs


def check_result(g, cls):
    r = g.result()
    pips = [sum(PIPS[t] for t in range(28) if g.loc[t] == s) for s in range(g.players)]
    assert list(r.pips) == pips
    ns = g.nsides
    side_pips = [sum(pips[s] for s in range(g.players) if s % ns == k) for k in range(ns)]
    if cls is Whist:
        assert list(r.points) == side_pips  # bad points: each team's own pips
        return r
    total = sum(side_pips)
    expect = [0] * ns
    if g.winner >= 0:
        w = g.winner % ns
        expect[w] = total - side_pips[w]
    else:
        low = min(side_pips)
        if side_pips.count(low) == 1:
            w = side_pips.index(low)
            expect[w] = total - low
    assert list(r.points) == expect
    return r


def check_swap_invariance(cls, players, seed, g, moves, seat, rnd):
    """Deal the other seats' unseen tiles differently; ``seat``'s view must not change."""
    played_by = [[] for _ in range(players)]
    for s, mv in g.observation(seat).events:  # plays are public
        if mv not in (PASS, DRAW):
            played_by[s].append(mv >> 2)
    others = [s for s in range(players) if s != seat]
    pool = [t for s in others for t in g.hand(s)]
    rnd.shuffle(pool)
    hands = [None] * players
    hands[seat] = g.hand(seat) + played_by[seat]
    k = 0
    for s in others:
        n = g.count[s]
        hands[s] = played_by[s] + pool[k:k + n]
        k += n
    b = cls(players, seed)
    b.redeal(hands, (), g.starter)
    for mv in moves:
        b.apply(mv)
    assert b.observation(seat).key() == g.observation(seat).key()
    return [sorted(b.hand(s)) for s in others] != [sorted(g.hand(s)) for s in others]


@pytest.mark.parametrize("cls,players,hands", CONFIGS)
def test_random_playouts(cls, players, hands):
    rnd = random.Random(players * 1000 + cls.GAME_ID)
    removed = {0} if (cls is Seychelles and players == 3) else set()
    buf = [0] * 64
    ends = {"domino": 0, "block": 0}
    swaps_changed = 0
    for k in range(hands):
        seed = rnd.randrange(1 << 24)
        g = cls(players, seed)
        check_places(g, removed)
        deal_snap = snapshot(g)
        moves = []
        snaps = [deal_snap]
        check_at = rnd.randrange(1, 30)
        while not g.over:
            n = g.legal_moves(buf)
            got = buf[:n]
            assert len(set(got)) == n
            assert set(got) == oracle_moves(g)
            mv = got[rnd.randrange(n)]
            before = snaps[-1]
            g.apply(mv)
            after = snapshot(g)
            g.undo()
            assert snapshot(g) == before, "undo did not restore the state"
            g.apply(mv)
            assert snapshot(g) == after
            moves.append(mv)
            snaps.append(after)
            check_places(g, removed)
            check_line(g)
            # the hand ends on a domino or when every seat has passed in turn
            out = any(c == 0 for c in g.count)
            round_of_passes = len(moves) >= players and all(m == PASS for m in moves[-players:])
            assert g.over == (out or round_of_passes)
            assert g.winner == (g.turn if out else -1)
            if len(moves) == check_at and not g.over:
                seat = rnd.randrange(players)
                check_observation(g, seat)
                if k % 4 == 0:
                    swaps_changed += check_swap_invariance(cls, players, seed, g, moves, seat, rnd)
        check_observation(g, rnd.randrange(players))
        r = check_result(g, cls)
        ends[r.end] += 1
        assert g.legal_moves(buf) == 0
        # undo the whole hand, one move at a time, through every earlier state
        for i in range(len(moves) - 1, -1, -1):
            g.undo()
            assert snapshot(g) == snaps[i]
        assert snapshot(g) == deal_snap
        # replaying with the checked play() reaches the same end
        for mv in moves:
            g.play(mv)
        assert snapshot(g) == snaps[-1]
    # both endings occur in random play, and the swap test really swapped tiles
    # (with two players every unseen tile is the opponent's: nothing to swap)
    assert ends["domino"] > hands // 20 and ends["block"] > hands // 20, ends
    if players > 2:
        assert swaps_changed > hands // 20


def test_every_move_applied_by_play_was_legal():
    """play() accepts exactly the legal moves: everything else is refused."""
    rnd = random.Random(3)
    buf = [0] * 64
    candidates = list(range(28 * 4)) + [PASS, DRAW]
    for players in (2, 3, 4):
        for _ in range(25):
            g = Seychelles(players, rnd.randrange(1 << 24))
            while not g.over:
                n = g.legal_moves(buf)
                ok = set(buf[:n])
                for mv in candidates:
                    snap = snapshot(g)
                    try:
                        g.play(mv)
                    except ValueError:
                        assert mv not in ok
                        assert snapshot(g) == snap
                    else:
                        assert mv in ok
                        g.undo()
                        assert snapshot(g) == snap
                g.apply(buf[rnd.randrange(n)])
