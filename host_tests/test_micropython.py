"""The core gives identical results under real MicroPython (WebAssembly, 32-bit) and CPython.

Seeded full matches are played one move per call into MicroPython, with ``gc.collect()``
between calls, by the driver in ``tools/mpwasm.py``; moves are chosen by the core's
own :class:`domino.rng.Rng`, so both interpreters pick the same ones. Every event (deal
codes, starters, moves, hand results, match scores) is printed and the two transcripts must
be equal. The PRNG stream, shuffles and deal codes are compared the same way.

To cover another game, add one line to :data:`MATCHES`.
"""

import contextlib
import io

import pytest

import mpwasm as mp  # tools/mpwasm.py (conftest puts tools/ on sys.path)

# (game id, players, match seed[, target, options code]): each a full match, to the game's
# default target unless one is given.
MATCHES = [
    (0, 2, 3),   # Seychelles, 2 players
    (0, 3, 5),   # Seychelles, 3 players (double blank out)
    (0, 4, 7),   # Seychelles, 4 players in partnerships
    (0, 4, 8),
    (1, 4, 2),   # Domino Whist
    (1, 4, 9),
    (2, 2, 4),   # All Fives, 2 players
    (2, 4, 1),   # All Fives, 4 players
    (3, 2, 1),   # Domino Loo, 2 players (plain scoring; pool play: test_loo.py)
    (3, 3, 5),   # Domino Loo, 3 players
    (3, 4, 3),   # Domino Loo, 4 players
    # Castle Rock: random play rarely reaches 50 (the Devil's hand outgrows random
    # captures), so shorter matches that end; drinks play is a match of one hand
    (4, 6, 8, 5, 0),    # 6 players, to 5: three hands
    (4, 2, 5, 20, 0),   # 2 players, to 20: fifteen hands
    (4, 4, 15, 10, 0),  # 4 players, to 10
    (4, 5, 3, None, 5),   # 5 players, double-nine, drinks
    (4, 6, 4, None, 6),   # 6 players, double-twelve, drinks
]

PICK_SEED = 12345  # seed of the Rng that picks among the legal moves


def cpython_transcript(gid, players, seed, pick_seed=PICK_SEED, max_steps=100000, target=None,
                       options=0):
    """The same driver run in this CPython process; returns (stdout, steps)."""
    ns = {"__name__": "driver"}
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(mp.match_source(gid, players, seed, pick_seed, target, True, options), ns)
        steps = 0
        while True:
            steps += 1
            if not ns["step"]() or steps >= max_steps:
                break
    return buf.getvalue(), steps


@pytest.fixture(scope="module", autouse=True)
def need_micropython():
    try:
        mp.check_available()
    except mp.MicroPythonUnavailable as e:  # fail, not skip: this check is part of the suite
        pytest.fail(str(e))


@pytest.mark.parametrize("case", MATCHES, ids=lambda c: "-".join(str(x) for x in c))
def test_match_identical(case):
    gid, players, seed = case[:3]
    target, options = case[3:] if len(case) > 3 else (None, 0)
    expected, steps = cpython_transcript(gid, players, seed, target=target, options=options)
    assert "scores" in expected and expected.count("hand ") >= 1
    r = mp.run(setup=mp.match_source(gid, players, seed, PICK_SEED, target, True, options),
               loop="step")
    assert len(r.steps) == steps
    got = r.stdout
    if got != expected:  # show the first line that differs, not two huge strings
        for i, (a, b) in enumerate(zip(got.splitlines(), expected.splitlines())):
            assert a == b, "line %d differs: MicroPython %r, CPython %r" % (i + 1, a, b)
    assert got == expected
    # the match really ended: the last line is the final score with over=True
    assert expected.splitlines()[-1].split("] ")[1].startswith("True")


# Printed identically by both interpreters: PRNG streams, below(), shuffles, state, and
# deal codes (encode, decode, refusals, and the hands from_code deals).
_STREAMS = r'''
from domino.rng import Rng
from domino import dealcode, games
for seed in (0, 1, 2, 12345, 0xFFFFFF, 0x7FFFFFFF, (1 << 40) + 5):
    r = Rng(seed)
    print(seed, [r.next16() for _ in range(12)], r.s0, r.s1)
    print([r.below(n) for n in (1, 2, 3, 7, 28, 1000, 65535, 65536)])
    deck = bytearray(range(28))
    r.shuffle(deck)
    print(list(deck))
    r2 = Rng(0)
    r2.s0, r2.s1 = r.s0, r.s1
    print(r2.next16() == r.next16())
for fields in ((0, 4, 0, 0, 0), (0, 2, 1, 0, 123456), (1, 4, 3, 0, 0xFFFFFF), (0, 3, 2, 0, 777),
               (7, 8, 7, 127, 0xABCDEF)):
    code = dealcode.encode(*fields)
    print(code, dealcode.decode(code), dealcode.decode(code.lower().replace("-", "")))
for bad in ("", "12345678", "ABC-DEF-GHU", "1J0-3PQ-SNG", "1J0-3PQ-SNFF", 42):
    try:
        dealcode.decode(bad)
        print("accepted", bad)
    except dealcode.BadDealCode as e:
        print("refused", repr(bad), e)
for fields in ((0, 4, 0, 0, 99), (0, 3, 0, 0, 4242), (0, 2, 0, 0, 31337), (1, 4, 2, 0, 5)):
    code = dealcode.encode(*fields)
    try:
        g = games.from_code(code)
        print(code, g.NAME, g.starter, [g.hand(s) for s in range(g.players)])
    except dealcode.BadDealCode as e:
        print(code, "refused", e)
'''


def test_prng_and_deal_codes_identical():
    ns = {"__name__": "streams"}
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(_STREAMS, ns)
    expected = buf.getvalue()
    assert expected.count("refused") >= 5
    got = mp.run_source(_STREAMS)
    for i, (a, b) in enumerate(zip(got.splitlines(), expected.splitlines())):
        assert a == b, "line %d differs: MicroPython %r, CPython %r" % (i + 1, a, b)
    assert got == expected


def test_moves_allocate_nothing():
    """No move of a full 4-player Seychelles match allocates heap (dealing and scoring may)."""
    r = mp.run(setup=mp.match_source(0, 4, 7, PICK_SEED, log=False), loop="step")
    # returned 1: a move inside a hand (not the step that dealt it: that one follows a 2)
    prev = 2
    for live, alloc, ret in r.steps:
        if ret == 1 and prev == 1:
            assert alloc == 0, "a move allocated %d bytes" % alloc
        prev = ret


def test_harness_reports_errors():
    with pytest.raises(mp.MicroPythonError) as e:
        mp.run(setup="import domino.tiles\nprint('before')\nraise ValueError('boom')")
    assert "boom" in str(e.value) and "before" in e.value.stdout
