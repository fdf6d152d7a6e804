"""Tiles as small ints (double-six, -nine, -twelve), their tables and names; bitsets."""

import pytest

from domino import tiles, bits

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
    assert sum(tiles.pips(t) for t in range(28)) == 168  # double-six set
    assert sum(tiles.pips(t) for t in range(55)) == 495  # double-nine set
    assert sum(tiles.pips(t) for t in range(91)) == 1092  # double-twelve set
    assert [t for t in range(28) if tiles.HI[t] == tiles.LO[t]] == [tiles.tile(v, v) for v in range(7)]


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
