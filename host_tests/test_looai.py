"""The Domino Loo AI family (lib/domino/looai): proofs, sampled deals, choices, MicroPython.

Scripted hands (``Loo.redeal``) check what an observation proves (a failure
to follow: the suit led missing, trumps when trumps were led; a plain lead
after a trick: no trump) and what play shows (last to a trick and lost it:
no piece that would have taken it), that sampled deals respect the proofs and the
counts and replay to the same observation by legal moves, and a few choices
any good player makes. Hard runs with fewer playouts here (as in
test_conformance) except where a choice needs them.
"""

import pytest


from domino import ai, looai, tiles
from domino.ai.hard import Hard
from domino.game import IllegalMove, new_move_buffer
from domino.loo import (Loo, FOLLOW, KEEP, MISS, TRUMP, lead)
from domino.looai import weight
from domino.looai.know import ELSE, Knowledge, follows, suit_bits
from domino.looai.medium import _win
from domino.rng import Rng

from core_helpers import assert_micropython_prints_as_cpython, unseen_redealt

T = tiles.tile


def _hand(hands, turnup, starter=0, moves=(), stock=None):
    """A hand dealt as scripted (one hand per seat), after ``moves`` (checked by ``play``)."""
    g = Loo(len(hands), 1, starter)
    g.redeal([[T(*p) for p in h] for h in hands], stock, starter, T(*turnup))
    for mv in moves:
        g.play(mv)
    return g


def _lead(a, b, suit):
    return lead(T(a, b), suit)


def _f(a, b):
    return FOLLOW + T(a, b)


# fours are trumps (the turn-up 4-1); seat 0 leads, seat 1 deals
NO_SIX_HANDS = [[(6, 5), (6, 3), (2, 0), (3, 3), (1, 0)],
                [(5, 5), (5, 2), (3, 1), (2, 2), (0, 0)]]
NO_SIX = _hand(NO_SIX_HANDS, (4, 1),
               moves=[KEEP, KEEP, _lead(6, 5, 6), _f(2, 2), _lead(3, 3, 3)])


def test_a_failure_to_follow_proves_the_suit_missing():
    obs = NO_SIX.observation(0)
    K = Knowledge(Loo, obs)
    assert K.trump == 4
    assert K.void[1] & (1 << 6)  # 2-2 on a six led
    assert K.void[1] == 1 << 6  # and nothing else: it followed nothing else yet
    assert K.void[0] == 0  # a seat proves nothing to itself
    rng = Rng(3)
    for _ in range(50):
        owner = K.deal(rng)
        for i, t in enumerate(K.pool):
            if owner[i] == 1:
                assert not suit_bits(t, 4) & (1 << 6)  # no plain six


def test_a_plain_lead_after_a_trick_proves_no_trump():
    obs = NO_SIX.observation(1)  # seat 1 to follow the 3-3 its opponent led after winning
    K = Knowledge(Loo, obs)
    assert K.void[0] == 128
    trumps = [t for t in K.pool if suit_bits(t, 4) == 128]
    assert len(trumps) >= 5  # most trumps are hidden from seat 1 ...
    rng = Rng(4)
    for _ in range(50):
        owner = K.deal(rng)
        for i, t in enumerate(K.pool):
            if t in trumps:
                assert owner[i] != 0  # ... and none is ever dealt to seat 0


def test_a_failure_to_follow_trumps_proves_no_trump():
    # seat 0 holds two trumps: it must lead one; seat 1 has none
    g = _hand([[(4, 4), (4, 2), (6, 6), (5, 0), (1, 1)],
               [(6, 5), (5, 5), (3, 2), (2, 2), (0, 0)]], (4, 1),
              moves=[KEEP, KEEP, _lead(4, 4, TRUMP), _f(3, 2)])
    K = Knowledge(Loo, g.observation(0))
    assert K.void[1] == 128
    assert follows(T(4, 2), TRUMP, 4) and not follows(T(4, 2), 2, 4)  # a trump is no two
    assert follows(T(6, 5), 5, 4) and not follows(T(6, 5), TRUMP, 4)


def test_the_first_leaders_plain_lead_allows_it_one_trump_at_most():
    # seat 0 led a plain piece first: it held at most one trump then
    g = _hand([[(6, 5), (4, 3), (2, 0), (3, 3), (1, 0)],
               [(5, 5), (5, 2), (3, 1), (2, 2), (0, 0)]], (4, 1),
              moves=[KEEP, KEEP, _lead(6, 5, 6)])
    K = Knowledge(Loo, g.observation(1))
    rng = Rng(5)
    for _ in range(100):
        owner = K.deal(rng)
        assert sum(1 for i, t in enumerate(K.pool) if owner[i] == 0 and suit_bits(t, 4) == 128) <= 1


def test_a_seat_last_to_a_trick_it_lost_shows_it_held_no_winner():
    # 2-2 on the six led, last to play: no six (a proof) and no trump to take it with
    K = Knowledge(Loo, NO_SIX.observation(0))
    trumps = [t for t in range(28) if suit_bits(t, 4) == 128]
    assert all(K.lacks[1] >> t & 1 for t in trumps)
    assert not K.lacks[1] >> T(3, 1) & 1  # a plain piece of another suit: nothing shown
    assert K.lacks[0] == 0  # a seat reads nothing of itself
    # following low with 6-2 to 6-3 shows no higher six, but trumps it could not play
    g = _hand([[(6, 3), (5, 5), (2, 0), (3, 3), (1, 0)],
               [(6, 2), (5, 2), (3, 1), (2, 2), (0, 0)]], (4, 1),
              moves=[KEEP, KEEP, _lead(6, 3, 6), _f(6, 2)])
    K = Knowledge(Loo, g.observation(0))
    assert K.lacks[1] == 1 << T(6, 5) | 1 << T(6, 6)
    assert K.void[1] == 0  # a reading of play, not a proof: deals may still hold them
    # Medium's chance that a lead wins reads it: 3-3 led after 2-2 showed no trump
    g = _hand(NO_SIX_HANDS, (4, 1), moves=[KEEP, KEEP, _lead(6, 5, 6), _f(2, 2)])
    K = Knowledge(Loo, g.observation(0))
    assert _win(K, 3, 7, [1]) == 1000
    K.lacks[1] = 0
    assert _win(K, 3, 7, [1]) < 1000


def test_a_seat_not_last_to_a_trick_shows_nothing_by_losing_it():
    g = Loo(3, 1, 0)
    g.redeal([[T(6, 3), T(5, 5), T(2, 0), T(3, 3), T(1, 0)],
              [T(6, 2), T(5, 2), T(3, 1), T(2, 2), T(0, 0)],
              [T(6, 1), T(5, 1), T(3, 2), T(1, 1), T(5, 0)]], None, 0, T(4, 1))
    while g.phase == 0:
        g.play(KEEP)
    for mv in (_lead(6, 3, 6), _f(6, 2), _f(6, 1)):
        g.play(mv)
    K = Knowledge(Loo, g.observation(0))
    assert K.lacks[1] == 0  # second of three: it may have ducked
    assert K.lacks[2] == 1 << T(6, 5) | 1 << T(6, 6)  # last: no higher six


def _random_positions(players, pool, count, seed):
    buf = new_move_buffer()
    rng = Rng(seed)
    out = []
    k = 0
    while len(out) < count:
        g = Loo(players, seed + k, k % players, pool)
        k += 1
        for _ in range(rng.below(players * 6 + 4)):
            if g.over:
                break
            g.play(buf[rng.below(g.legal_moves(buf))])
        if not g.over:
            out.append(g)
    return out


class _Checked:
    """A game whose ``apply`` refuses an illegal move (to replay deals by the rules)."""

    def __init__(self, g):
        self.g = g
        self.buf = new_move_buffer()

    def __call__(self, mv):
        n = self.g.legal_moves(self.buf)
        if mv not in self.buf[:n]:
            raise IllegalMove(self.g.why_illegal(mv))
        Loo.apply(self.g, mv)


@pytest.mark.parametrize("players,pool", [(2, False), (3, False), (4, False), (3, True), (4, True)])
def test_sampled_deals_respect_voids_and_counts_and_replay(players, pool):
    voids = 0
    for g in _random_positions(players, pool, 25, 100 * players + pool):
        seat = g.turn
        obs = g.observation(seat)
        K = Knowledge(Loo, obs)
        voids += sum(1 for s in range(players) if K.void[s])
        hidden = set(range(28)) - set(obs.hand) - {K.turnup}
        assert set(K.pool) <= hidden
        rng = Rng(len(obs.events))
        for _ in range(4):
            owner = K.deal(rng)
            got = [0] * (players + 1)
            for i, t in enumerate(K.pool):
                s = owner[i]
                if s == ELSE:
                    got[players] += 1
                    continue
                assert s != seat
                assert K.allowed(s, t), (t, s)
                got[s] += 1
            for s in range(players):
                if s != seat:
                    assert got[s] + (1 if K.known >= 0 and s == K.dealer else 0) == obs.counts[s]
            # the deal replays the seen moves legally to the same observation
            K.game.apply = _Checked(K.game)
            try:
                K.replay(owner)
            finally:
                del K.game.apply
            assert K.game.observation(seat).key() == obs.key()
            assert K.at_position
    assert voids >= 5


def _deal_by_room(K, rnd):
    """deal()'s reference: its order of placement (its groups, each shuffled), every
    piece into a place it may be in by the room left there (the free ones too)."""
    n = K.players
    order = bytearray(K._order)
    left = bytearray(K.room)
    owner = bytearray(len(K.pool))
    a = 0
    for b in K._groups:
        part = list(order[a:b])
        rnd.shuffle(part)
        order[a:b] = bytes(part)
        a = b
    cap = K.cap
    for i in order:
        b = K._bits[i]
        full = b == 128 and not cap
        ok = [q for q in range(n) if left[q] and not K.void[q] & b and not (full and q == K.cap_seat)]
        r = rnd.randrange(left[n] + sum(left[q] for q in ok))
        s = n
        for q in ok:
            if r < left[q]:
                s = q
                break
            r -= left[q]
        if s == K.cap_seat and b == 128:
            cap -= 1
        left[s] -= 1
        owner[i] = ELSE if s == n else s
    return owner


def test_free_pieces_fill_the_room_left_with_the_same_chances():
    """deal() fills the room left with the free pieces, shuffled, one random number
    a piece: each piece is in each place as often as when every piece is placed by
    the room left (the reference above), at positions with voids and free pieces."""
    import math
    import random
    rnd = random.Random(5)
    tested = 0
    for g in _random_positions(3, False, 60, 77):
        K = Knowledge(Loo, g.observation(g.turn))
        rng = Rng(3)
        K.deal(rng)
        free = len(K.pool) - K._groups[-2]
        if not any(K.void) or not 2 <= free < len(K.pool):
            continue
        n = K.players
        N = 3000
        got = [[0] * (n + 1) for _ in K.pool]
        want = [[0] * (n + 1) for _ in K.pool]
        for _ in range(N):
            for hits, owner in ((got, K.deal(rng)), (want, _deal_by_room(K, rnd))):
                for i in range(len(K.pool)):
                    hits[i][n if owner[i] == ELSE else owner[i]] += 1
        for i in range(len(K.pool)):
            for s in range(n + 1):
                p = (got[i][s] + want[i][s]) / (2 * N)
                assert abs(got[i][s] - want[i][s]) / N <= 4.5 * math.sqrt(2 * p * (1 - p) / N) + 1e-9
        tested += 1
        if tested == 4:
            break
    assert tested == 4


@pytest.mark.parametrize("players", [3, 4])
def test_pool_play_moves_do_not_depend_on_hidden_pieces(players):
    """As test_ai_fair for plain scoring: in pool play too, every level chooses
    the same move whatever the hidden pieces are, as long as the table saw the same."""
    import random
    rnd = random.Random(players)
    checked = moved = 0
    for g in _random_positions(players, True, 12, 900 + players):
        seat = g.turn
        obs = g.observation(seat)
        if len(obs.legal) < 2:
            continue
        for _ in range(30):
            alt = unseen_redealt(g, seat, rnd)
            if alt is not None:
                break
        if alt is None:
            continue
        moved += any(alt.hand(s) != g.hand(s) for s in range(players))
        for level in (ai.EASY, ai.MEDIUM, ai.HARD):
            p1 = Hard(5, 12) if level == ai.HARD else ai.new_player(level, 5)
            p2 = Hard(5, 12) if level == ai.HARD else ai.new_player(level, 5)
            assert p1.choose(Loo, obs) == p2.choose(Loo, alt.observation(seat))
            checked += 1
    assert checked >= 15 and moved >= 4, (checked, moved)


def test_the_true_deal_is_one_the_sampler_allows():
    """Every piece's true place is allowed by the proofs (they are proofs, not guesses)."""
    for players in (2, 3, 4):
        for g in _random_positions(players, players > 2, 30, 7 * players):
            seat = g.turn
            K = Knowledge(Loo, g.observation(seat))
            for s in range(players):
                if s != seat:
                    for t in g.hand(s):
                        if t != K.known:
                            assert K.allowed(s, t), (players, s, tiles.name(t))


def test_deals_are_weighed_by_what_the_other_seats_kept():
    """Hard weighs a sampled deal by how likely the other seats' keeps were under
    the hand model: a seat that kept more likely holds trumps than plain pieces."""
    from domino.looai import policy
    strong = [(4, 4), (6, 4), (5, 4), (6, 6), (5, 5)]
    weak = [(2, 0), (3, 1), (1, 0), (3, 0), (2, 1)]
    g = _hand([[(6, 5), (6, 3), (3, 3), (2, 2), (0, 0)], strong], (4, 1), moves=[KEEP, KEEP])
    obs = g.observation(0)
    K = Knowledge(Loo, obs)
    etab = policy.exp_table(Hard.BETA)
    buf, sbuf = new_move_buffer(), [0] * 64

    def weigh(g, s, m):
        return policy.loglik(g, buf, sbuf, s, m, etab, False)

    lls = []
    for hand in (strong, weak):
        held = set(T(*p) for p in hand)
        owner = bytearray(1 if t in held else ELSE for t in K.pool)
        lls.append(K.replay(owner, weigh))
        assert K.game.observation(0).key() == obs.key()
    assert lls[0] > lls[1] + 2.0, lls  # the strong hand kept: e ** 2 times likelier at least
    assert lls[0] <= 0.0


def test_playouts_value_hands_as_plain_scoring_does():
    """policy.points (Hard's value of an ended playout) is the result's points in
    plain scoring; in pool play a loo counts POOL_LOO, a pass or a hand for the
    pool 0, the dealer taking the pool 5."""
    from domino.looai.policy import points, POOL_LOO
    buf = new_move_buffer()
    seen = set()
    for players, pool in ((2, False), (3, False), (4, False), (3, True), (4, True)):
        for seed in range(150):
            g = Loo(players, seed, seed % players, pool)
            rng = Rng(seed)
            while not g.over:
                g.apply(buf[rng.below(g.legal_moves(buf))])
            r = g.result()
            pts = points(g)[:players]
            if not pool:
                assert pts == r.points
                continue
            for s in range(players):
                if s in r.looed:
                    want = POOL_LOO
                elif r.end == "taken":
                    want = 5 if s == r.dealer else 0
                elif s in r.passed or s == r.for_pool:
                    want = 0
                else:
                    want = r.tricks[s]
                assert pts[s] == want
                seen.add(("looed" if s in r.looed else "passed" if s in r.passed else
                          "pool" if s == r.for_pool else r.end))
    assert {"looed", "passed", "pool", "taken", "tricks"} <= seen


def test_easy_weight_reads_every_kind_of_move():
    assert weight(KEEP) > weight(MISS)
    assert weight(_lead(6, 6, 6)) > weight(_lead(1, 0, 1))
    assert weight(_f(6, 5)) == weight(_lead(6, 5, 5))


# -- choices --------------------------------------------------------------------------

# seat 1 (the dealer) follows a six led, void in sixes: 4-0 or 4-4 win it; seat 0
# holds 4-3, so 4-4 must be kept to beat it
CHEAP = _hand([[(6, 6), (6, 5), (4, 3), (2, 0), (3, 0)],
               [(4, 4), (4, 0), (5, 5), (1, 0), (2, 1)]], (4, 1),
              moves=[KEEP, KEEP, _lead(6, 6, 6)])

# trick 4: seat 0 (no trump: it led plain after winning) leads 5-5; seat 1 holds 4-0
# and 6-0, no trick yet: trumping now takes a trick, and 6-0 led as 0 may take another
LATE = _hand([[(5, 5), (3, 3), (3, 2), (6, 6), (5, 3)],
              [(4, 0), (6, 0), (1, 1), (1, 0), (2, 1)]], (4, 1),
             moves=[KEEP, KEEP, _lead(3, 3, 3), _f(1, 1), _lead(3, 2, 3), _f(1, 0),
                    _lead(5, 3, 3), _f(2, 1), _lead(5, 5, 5)])

# seat 0 decides first with no trump and no double: a hopeless hand
WEAK = _hand([[(2, 0), (3, 1), (1, 0), (3, 2), (5, 1)],
              [(6, 6), (5, 5), (4, 4), (6, 4), (6, 5)]], (4, 1))


@pytest.mark.parametrize("level", [ai.MEDIUM, ai.HARD])
def test_wins_with_the_cheapest_trump(level):
    obs = CHEAP.observation(1)
    assert {_f(4, 4), _f(4, 0)} <= set(obs.legal)
    for seed in range(3):
        assert ai.new_player(level, seed).choose(Loo, obs) == _f(4, 0)


@pytest.mark.parametrize("level", [ai.MEDIUM, ai.HARD])
def test_takes_the_trick_it_can_take_late(level):
    obs = LATE.observation(1)
    assert obs.legal == sorted([_f(4, 0), _f(6, 0)])
    assert Knowledge(Loo, obs).void[0] == 128
    for seed in range(3):
        assert ai.new_player(level, seed).choose(Loo, obs) == _f(4, 0)


def test_no_trump_is_wasted_on_a_trick_already_lost():
    # three players: a six led, seat 1 trumps with 4-4 (the highest trump); seat 2,
    # void in sixes, cannot win: it keeps its 4-0 and throws a plain piece
    g = _hand([[(6, 6), (6, 5), (6, 3), (2, 0), (3, 0)],
               [(4, 4), (5, 5), (5, 2), (3, 3), (1, 1)],
               [(4, 0), (5, 0), (3, 2), (2, 2), (1, 0)]], (4, 1),
              moves=[KEEP, KEEP, KEEP, _lead(6, 6, 6), _f(4, 4)])
    obs = g.observation(2)
    assert _f(4, 0) in obs.legal and len(obs.legal) == 5
    for level in (ai.MEDIUM, ai.HARD):
        for seed in range(3):
            mv = ai.new_player(level, seed).choose(Loo, obs)
            assert suit_bits(mv - FOLLOW, 4) != 128, (level, seed, g.move_name(mv))


def test_hard_takes_the_miss_with_a_hopeless_hand():
    obs = WEAK.observation(0)
    assert obs.legal == [KEEP, MISS]
    for seed in range(3):
        assert Hard(seed).choose(Loo, obs) == MISS
    assert ai.new_player(ai.MEDIUM, 0).choose(Loo, obs) == MISS


def test_hard_keeps_a_strong_hand():
    obs = _hand([[(4, 4), (6, 4), (6, 6), (5, 5), (5, 4)],
                 [(2, 0), (3, 1), (1, 0), (3, 2), (5, 1)]], (4, 1)).observation(0)
    for seed in range(3):
        assert Hard(seed).choose(Loo, obs) == KEEP


def test_hard_stays_within_its_cost():
    """Hard's counted cost (the device's time, in 1/20 ms) stays under COST with
    this family's weights, and it plays out enough deals to compare moves."""
    searched = 0
    for players in (2, 3, 4):
        for g in _random_positions(players, False, 12, 31 * players):
            obs = g.observation(g.turn)
            if len(obs.legal) < 2 or obs.public.phase < 2:
                continue
            p = Hard(3)
            p.choose(Loo, obs)
            assert p.cost <= Hard.COST + Hard.COST // 4
            assert p.deals >= 4
            searched += 1
    assert searched >= 12


def test_hard_searches_the_play_only():
    """Before play (keep, miss, exchange, discards, passing) Hard plays Medium's best
    by its scores, ties to the first, without drawing a deal; in play it searches."""
    before = during = 0
    for pool in (False, True):
        for players in (3, 4) if pool else (2, 3, 4):
            for g in _random_positions(players, pool, 12, 7 * players + pool):
                obs = g.observation(g.turn)
                if len(obs.legal) < 2:
                    continue
                p = Hard(5)
                mv = p.choose(Loo, obs)
                if obs.public.phase < 2:
                    sc = looai.medium_scores(Knowledge(Loo, obs), Rng(0))
                    assert mv == obs.legal[sc.index(max(sc))]
                    assert p.know is None and p.deals == 0 and p.cost == 0
                    before += 1
                else:
                    assert p.deals > 0
                    during += 1
    assert before >= 10 and during >= 10


def test_hard_searches_two_moves_with_more_players():
    """In play Hard values Medium's best three moves, its best two with 4 players
    and with 3 once a trick is done (``LooSearch.top``)."""
    seen = {}
    for players in (2, 3, 4):
        for g in _random_positions(players, False, 40, 3 * players):
            obs = g.observation(g.turn)
            if obs.public.phase < 2 or len(obs.legal) < 3:
                continue
            p = Hard(5)
            got = []
            cands = p._candidates
            p._candidates = lambda *a: got.append(cands(*a)) or got[-1]
            p.choose(Loo, obs)
            seen.setdefault((players, g.ntricks > 0), set()).add(len(got[0]))
    assert seen == {(2, False): {3}, (2, True): {3}, (3, False): {3}, (3, True): {2},
                    (4, False): {2}, (4, True): {2}}, seen


# -- MicroPython ------------------------------------------------------------------------

PARITY = """
from domino.loo import Loo
from domino import ai
for n, pool in ((2, False), (3, False), (3, True), (4, False), (4, True)):
    for seed in range(2):
        g = Loo(n, seed + 40, seed %% n, pool)
        if not pool:  # in a match near its end: Hard plays by the odds
            g.standing = (15, 5, tuple(13 - 4 * s for s in range(n)))
        ps = [ai.new_player((s + seed) %% 3, s + 7) for s in range(n)]
        while not g.over:
            mv = ps[g.turn].choose(Loo, g.observation(g.turn))
            print("M", n, int(pool), seed, mv)
            g.play(mv)
"""


def test_ai_moves_same_under_micropython():
    """Whole hands with every level at every table, in a match and in pool play:
    MicroPython (the device's interpreter) chooses every move as CPython does."""
    assert_micropython_prints_as_cpython(PARITY % ())
