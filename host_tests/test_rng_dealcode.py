"""The PRNG (a fixed stream on every interpreter) and deal codes."""

import random

import pytest

from domino import dealcode, games
from domino.dealcode import BadDealCode
from domino.match import Match, deal_code
from domino.rng import Rng
from domino.seychelles import Seychelles
from domino.whist import Whist

# -- PRNG ---------------------------------------------------------------------

# The first outputs of fixed seeds. Any change to the seeding or the generator
# changes every deal code and every saved match, so it must be deliberate.
PINNED = {
    0: [5165, 47520, 55459, 37363, 59825, 25409, 51726, 11436],
    1: [8270, 26278, 41238, 11608, 54847, 22833, 47367, 45856],
    12345: [54586, 46007, 40611, 3621, 26595, 34186, 15706, 50616],
    2 ** 24 - 1: [58536, 63363, 6948, 9866, 41938, 6463, 48115, 34045],
}


def _rotl16(x, k):
    return ((x << k) | (x >> (16 - k))) & 0xFFFF


def reference_stream(seed, n):
    """xoroshiro32++ (a=13, b=5, c=10, d=9) written from the published algorithm,
    seeded as rng.py documents (seed halves xor constants, bits 32..47 folded
    into the low word, eight outputs discarded)."""
    s0 = (seed & 0xFFFF) ^ 0x9E37 ^ ((seed >> 32) & 0xFFFF)
    s1 = ((seed >> 16) & 0xFFFF) ^ 0x79B9
    if s0 == 0 and s1 == 0:
        s1 = 1
    out = []
    for i in range(8 + n):
        result = (_rotl16((s0 + s1) & 0xFFFF, 9) + s0) & 0xFFFF
        t = s1 ^ s0
        s0 = _rotl16(s0, 13) ^ t ^ ((t << 5) & 0xFFFF)
        s1 = _rotl16(t, 10)
        if i >= 8:
            out.append(result)
    return out


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_pinned_stream(seed):
    r = Rng(seed)
    assert [r.next16() for _ in range(8)] == PINNED[seed]
    assert reference_stream(seed, 8) == PINNED[seed]


def test_matches_reference_for_many_seeds():
    rnd = random.Random(3)
    for seed in [rnd.randrange(2 ** 48) for _ in range(200)] + list(range(50)):
        r = Rng(seed)
        assert [r.next16() for _ in range(40)] == reference_stream(seed, 40)


def test_reseed_restarts_and_state_round_trip():
    r = Rng(99)
    first = [r.next16() for _ in range(10)]
    r.seed(99)
    assert [r.next16() for _ in range(10)] == first
    st = (r.s0, r.s1)  # the state a save holds (domino.matchsave)
    ahead = [r.next16() for _ in range(20)]
    r2 = Rng(5)
    r2.s0, r2.s1 = st
    assert [r2.next16() for _ in range(20)] == ahead


def test_distinct_seeds_give_distinct_streams():
    seen = set()
    for seed in range(3000):
        r = Rng(seed)
        seen.add(tuple(r.next16() for _ in range(4)))
    assert len(seen) == 3000
    # seeds that differ only above bit 32 differ too
    a, b = Rng(1), Rng(1 + (1 << 33))
    assert [a.next16() for _ in range(4)] != [b.next16() for _ in range(4)]


def test_outputs_are_16_bit():
    r = Rng(4)
    vals = [r.next16() for _ in range(20000)]
    assert min(vals) >= 0 and max(vals) <= 0xFFFF
    assert len(set(vals)) > 15000  # a 2**32-period generator does not cycle early


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 28, 1000, 40000, 65536])
def test_below_range(n):
    r = Rng(n)
    for _ in range(3000):
        v = r.below(n)
        assert 0 <= v < n
    if n == 1:
        assert r.below(1) == 0


@pytest.mark.parametrize("n", [2, 3, 7, 10, 28])
def test_below_uniform(n):
    # chi-square goodness of fit; 99.9th percentile of chi2(df) < df + 4.5*sqrt(2*df) + 8
    r = Rng(1000 + n)
    draws = 3000 * n
    counts = [0] * n
    for _ in range(draws):
        counts[r.below(n)] += 1
    exp = draws / n
    chi2 = sum((c - exp) ** 2 / exp for c in counts)
    df = n - 1
    assert chi2 < df + 4.5 * (2 * df) ** 0.5 + 8, counts


def test_below_is_unbiased_for_awkward_n():
    # 40000 does not divide 65536: naive modulo would make 0..25535 twice as likely
    r = Rng(77)
    low = sum(1 for _ in range(40000) if r.below(40000) < 20000)
    assert 19000 < low < 21000


def test_shuffle_is_a_permutation():
    for seed in range(300):
        for data in (list(range(28)), bytearray(range(55)), list(range(1))):
            before = list(data)
            Rng(seed).shuffle(data)
            assert sorted(data) == sorted(before)
    a = list(range(28))
    Rng(1).shuffle(a)
    assert a != list(range(28))
    b = list(range(28))
    Rng(1).shuffle(b)
    assert a == b  # deterministic
    c = list(range(28))
    Rng(2).shuffle(c)
    assert a != c


def test_shuffle_positions_roughly_uniform():
    n, trials = 7, 7000
    where = [[0] * n for _ in range(n)]
    r = Rng(2024)
    for _ in range(trials):
        d = list(range(n))
        r.shuffle(d)
        for pos, v in enumerate(d):
            where[v][pos] += 1
    exp = trials / n
    for row in where:
        for c in row:
            assert abs(c - exp) < 0.15 * exp, where


# -- deal codes ---------------------------------------------------------------

ALIASES = {"O": "0", "I": "1", "L": "1"}


def test_format():
    code = dealcode.encode(0, 4, 1, 0, 12345)
    assert len(code) == 11 and code[3] == "-" and code[7] == "-"
    assert all(ch in dealcode.ALPHABET for ch in code.replace("-", ""))
    for ch in "ILOU":
        assert ch not in dealcode.ALPHABET


def test_round_trip_many_random_fields():
    rnd = random.Random(11)
    fields = [(0, 1, 0, 0, 0), (7, 8, 7, 127, dealcode.SEED_MASK)]
    for _ in range(5000):
        fields.append((rnd.randrange(8), rnd.randrange(1, 9), rnd.randrange(8),
                       rnd.randrange(128), rnd.randrange(dealcode.SEED_MASK + 1)))
    codes = set()
    for f in fields:
        code = dealcode.encode(*f)
        assert dealcode.decode(code) == f
        codes.add(code)
    assert len(codes) == len(set(fields))  # a code names one deal


def test_decoding_is_forgiving_about_form():
    f = (1, 4, 2, 0, 0x1F0F0)
    code = dealcode.encode(*f)
    assert dealcode.decode(code.lower()) == f
    assert dealcode.decode(code.replace("-", "")) == f
    assert dealcode.decode("  " + code.replace("-", " ") + " ") == f
    # O for 0 and I/L for 1 are read as the digits they look like
    plain = code.replace("-", "")
    for real, alias in (("0", "O"), ("1", "I"), ("1", "L")):
        if real in plain:
            assert dealcode.decode(plain.replace(real, alias)) == f


@pytest.mark.parametrize("bad", [
    "", "1J0-00C-1S", "1J0-00C-1SWX", "12345678", "1234567890", "---------",
    "1J0-00C-1S*", "1J0-0!C-1SW", "1J0-00C-1SU", "ÄJ0-00C-1SW",
])
def test_malformed_codes_refused(bad):
    with pytest.raises(BadDealCode):
        dealcode.decode(bad)


@pytest.mark.parametrize("bad", [None, 12345, b"1J0-00C-1SW", ["1J0"]])
def test_non_text_codes_refused(bad):
    with pytest.raises(BadDealCode, match="text"):
        dealcode.decode(bad)


def test_error_messages_are_specific():
    with pytest.raises(BadDealCode, match="9 characters, got 8"):
        dealcode.decode("1J0-00C-1S")
    with pytest.raises(BadDealCode, match="bad character"):
        dealcode.decode("1J0-00C-1S*")
    good = dealcode.encode(0, 4, 1, 0, 12345).replace("-", "")
    last = dealcode.ALPHABET[(dealcode.ALPHABET.index(good[8]) + 1) % 32]
    with pytest.raises(BadDealCode, match="check character"):
        dealcode.decode(good[:8] + last)


def test_bad_deal_code_is_a_value_error():
    assert issubclass(BadDealCode, ValueError)


def test_every_single_character_typo_is_refused():
    rnd = random.Random(5)
    typo_chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for _ in range(60):
        f = (rnd.randrange(8), rnd.randrange(1, 9), rnd.randrange(8), rnd.randrange(128),
             rnd.randrange(dealcode.SEED_MASK + 1))
        code = dealcode.encode(*f).replace("-", "")
        for i in range(9):
            for ch in typo_chars:
                if ALIASES.get(ch, ch) == code[i]:
                    continue  # the same character, or a look-alike read as it
                typo = code[:i] + ch + code[i + 1:]
                with pytest.raises(BadDealCode):
                    dealcode.decode(typo)


@pytest.mark.parametrize("args", [
    (8, 4, 0, 0, 0), (-1, 4, 0, 0, 0), (0, 0, 0, 0, 0), (0, 9, 0, 0, 0), (0, 4, 8, 0, 0),
    (0, 4, -1, 0, 0), (0, 4, 0, 128, 0), (0, 4, 0, -1, 0), (0, 4, 0, 0, 1 << 24), (0, 4, 0, 0, -1),
])
def test_encode_refuses_out_of_range_fields(args):
    with pytest.raises(ValueError, match="out of range"):
        dealcode.encode(*args)


# -- codes to deals -------------------------------------------------------------

def hands_of(g):
    return [g.hand(s) for s in range(g.players)]


@pytest.mark.parametrize("cls,players", [(Seychelles, 2), (Seychelles, 3), (Seychelles, 4), (Whist, 4)])
def test_from_code_reproduces_the_deal(cls, players):
    m = Match(cls, players, seed=4242)
    for _ in range(30):
        g = m.deal()
        code = deal_code(g)
        h = games.from_code(code)
        assert type(h) is cls
        assert h.players == players and h.seed == g.seed
        assert hands_of(h) == hands_of(g)
        assert h.starter == g.starter and h.turn == g.turn
        assert bytes(h.loc) == bytes(g.loc)
        assert games.from_code(code.lower().replace("-", "")).seed == g.seed
        # finish the hand so the match deals the next one
        buf = [0] * 64
        while not g.over:
            g.legal_moves(buf)
            g.apply(buf[0])
        m.finish_hand()
        if m.over:
            break


def test_from_code_whist_every_opener():
    for starter in range(4):
        code = dealcode.encode(Whist.GAME_ID, 4, starter, 0, 777)
        g = games.from_code(code)
        assert g.starter == starter and g.turn == starter
        ref = Whist(4, 777, starter)
        assert hands_of(g) == hands_of(ref)


def test_seychelles_code_deals_by_seed():
    # a Seychelles deal is fixed by its seed; the code's starter must be the 6-6 holder
    g = Seychelles(4, 31337)
    holder = [s for s in range(4) if 27 in g.hand(s)][0]
    assert g.starter == holder
    code = dealcode.encode(0, 4, holder, 0, 31337)
    assert hands_of(games.from_code(code)) == hands_of(g)
    wrong = dealcode.encode(0, 4, (holder + 1) % 4, 0, 31337)
    with pytest.raises(BadDealCode, match="no valid deal"):
        games.from_code(wrong)


@pytest.mark.parametrize("gid,players", [(0, 1), (0, 5), (0, 8), (1, 2), (1, 3), (1, 5)])
def test_from_code_refuses_wrong_player_counts(gid, players):
    code = dealcode.encode(gid, players, 0, 0, 5)
    with pytest.raises(BadDealCode, match="players"):
        games.from_code(code)


def test_from_code_refuses_unknown_games():
    known = {g[0] for g in games.GAMES}
    unknown = [gid for gid in range(8) if gid not in known]
    assert unknown, "all 8 game ids are used"
    for gid in unknown:
        with pytest.raises(BadDealCode, match="unknown game"):
            games.from_code(dealcode.encode(gid, 4, 0, 0, 5))


@pytest.mark.parametrize("gid", [0, 1])
def test_from_code_refuses_options_a_game_does_not_have(gid):
    with pytest.raises(BadDealCode, match="options"):
        games.from_code(dealcode.encode(gid, 4, 0, 1, 5))


def test_from_code_refuses_whist_opener_out_of_range():
    with pytest.raises(BadDealCode):
        games.from_code(dealcode.encode(1, 4, 4, 0, 5))


def test_games_load():
    assert games.load(0) is Seychelles
    assert games.load(1) is Whist
    with pytest.raises(ValueError, match="no game"):
        games.load(7)


def test_games_entry():
    assert games.entry(3) == (3, "loo", "Loo", "Domino Loo", "tricks")
    assert [games.entry(g[0]) for g in games.GAMES] == list(games.GAMES)
    with pytest.raises(ValueError, match="no game with id 7"):
        games.entry(7)
