"""Tiles as small ints (double-six, -nine, -twelve), their tables and names; bitsets."""

import pytest

from domino import tiles, bits

WORDS = ["blank", "one", "two", "three", "four", "five", "six",
         "seven", "eight", "nine", "ten", "eleven", "twelve"]


def pairs(nset):
    """All tiles of a double-nset set as (hi, lo), in index order (by hi, then lo)."""
    return [(h, l) for h in range(nset + 1) for l in range(h + 1)]


@pytest.mark.parametrize("nset,n", [(6, 28), (9, 55), (12, 91)])
def test_set_sizes(nset, n):
    assert tiles.count(nset) == n
    assert len(pairs(nset)) == n


@pytest.mark.parametrize("nset", [6, 9, 12])
def test_indexing_is_dense_and_set_independent(nset):
    # a double-N set is exactly the tiles 0..count(N)-1, in (hi, lo) order
    for i, (h, l) in enumerate(pairs(nset)):
        assert tiles.tile(h, l) == i
        assert tiles.tile(l, h) == i
        assert tiles.HI[i] == h and tiles.LO[i] == l
    assert sorted({tiles.tile(a, b) for a in range(nset + 1) for b in range(nset + 1)}) \
        == list(range(tiles.count(nset)))


def test_some_indices_by_hand():
    assert tiles.tile(0, 0) == 0
    assert tiles.tile(1, 0) == 1
    assert tiles.tile(1, 1) == 2
    assert tiles.tile(6, 6) == 27
    assert tiles.tile(5, 6) == 26
    assert tiles.tile(9, 9) == 54
    assert tiles.tile(12, 12) == 90
    assert tiles.tile(0, 7) == 28  # first tile beyond the double-six set


def test_tables_cover_double_twelve():
    assert len(tiles.HI) == 91 and len(tiles.LO) == 91
    assert tiles.MAX_PIP == 12


def test_pips_doubles_ends():
    for i, (h, l) in enumerate(pairs(12)):
        assert tiles.pips(i) == h + l
        assert tiles.is_double(i) == (h == l)
        assert tiles.other_end(i, h) == l
        assert tiles.other_end(i, l) == h
    assert sum(tiles.pips(t) for t in range(28)) == 168  # double-six set
    assert sum(tiles.pips(t) for t in range(55)) == 495  # double-nine set
    assert sum(tiles.pips(t) for t in range(91)) == 1092  # double-twelve set
    assert [t for t in range(28) if tiles.is_double(t)] == [tiles.tile(v, v) for v in range(7)]


@pytest.mark.parametrize("nset", [6, 9, 12])
def test_suits(nset):
    row = tiles.SUIT_ROW
    for e in range(nset + 1):
        members = list(tiles.SUIT[e * row: e * row + nset + 1])
        expected = sorted(i for i, (h, l) in enumerate(pairs(nset)) if e in (h, l))
        assert sorted(members) == expected
        assert len(set(members)) == nset + 1  # seven members in a double-six suit
        for k, t in enumerate(members):
            assert {tiles.HI[t], tiles.LO[t]} == {e, k}
        for t in range(tiles.count(nset)):
            assert tiles.has(t, e) == (t in members)
    # except the doubles, every tile belongs to two suits
    for t in range(tiles.count(nset)):
        n = sum(1 for e in range(nset + 1) if tiles.has(t, e))
        assert n == (1 if tiles.is_double(t) else 2)


def test_names():
    assert tiles.name(tiles.tile(6, 5)) == "6-5"
    assert tiles.name(tiles.tile(2, 5)) == "5-2"  # larger number first
    assert tiles.name(tiles.tile(6, 6)) == "6-6"
    assert tiles.long_name(tiles.tile(6, 6)) == "double six"
    assert tiles.long_name(tiles.tile(0, 0)) == "double blank"
    assert tiles.long_name(tiles.tile(12, 12)) == "double twelve"
    assert tiles.long_name(tiles.tile(6, 5)) == "6-5"
    assert tiles.name(tiles.tile(12, 10)) == "12-10"


def test_parse_round_trips():
    for t in range(91):
        assert tiles.parse(tiles.name(t)) == t
        assert tiles.parse(tiles.long_name(t)) == t
        h, l = tiles.HI[t], tiles.LO[t]
        assert tiles.parse("%d-%d" % (l, h)) == t
    assert tiles.parse("  Double Six ") == 27
    assert tiles.parse("DOUBLE BLANK") == 0
    for v, w in enumerate(WORDS):
        assert tiles.parse("double " + w) == tiles.tile(v, v)


@pytest.mark.parametrize("text", [
    "", "6", "6-", "-6", "6-5-4", "a-b", "6 5", "13-1", "1-13", "double", "double seven!",
    "double thirteen", "double 6", "6--5", "+6-5", "6-+5",
])
def test_parse_refuses(text):
    with pytest.raises(ValueError, match="not a tile"):
        tiles.parse(text)


def test_rank_key_orders_by_total_then_high_end():
    ts = list(range(28))
    ranked = sorted(ts, key=tiles.rank_key)
    indep = sorted(ts, key=lambda t: (tiles.pips(t), tiles.HI[t]))
    assert ranked == indep
    assert tiles.rank_key(tiles.tile(6, 1)) > tiles.rank_key(tiles.tile(4, 3))  # the text's example
    assert tiles.rank_key(tiles.tile(6, 6)) == max(tiles.rank_key(t) for t in ts)
    assert len({tiles.rank_key(t) for t in range(91)}) == 91  # no two tiles rank equal


# -- bitsets -----------------------------------------------------------------

def test_bits_small_and_large():
    import random
    rnd = random.Random(7)
    for n in (28, 55, 91):
        full = bits.full(n)
        assert full == 2 ** n - 1
        assert bits.popcount(full) == n
        assert bits.tiles(full) == list(range(n))
        for _ in range(200):
            ts = sorted(rnd.sample(range(n), rnd.randrange(n + 1)))
            b = bits.of(ts)
            assert b == sum(1 << t for t in ts)
            assert bits.tiles(b) == ts
            assert bits.popcount(b) == len(ts)
            for t in range(n):
                assert bits.contains(b, t) == (t in ts)
    assert bits.popcount(0) == 0 and bits.tiles(0) == [] and bits.of([]) == 0
    assert bits.of([3, 3, 3]) == 8


def test_double_six_fits_a_micropython_small_int():
    assert bits.full(28) <= 2 ** 30 - 1
