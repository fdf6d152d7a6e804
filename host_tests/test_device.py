"""The firmware on an emulated Raspberry Pi Pico: real CircuitPython 10 on rp2040js.

Each test deploys the firmware (``tools/pico.py``: ``tools/deploy.py`` into a FAT
image), boots it, presses its buttons on a script and reads its console and its
SSD1306's frames: it boots to the title, plays a whole hand of every game, shows
the same frames as the Blinka simulator for the same script and deal, keeps a save
over a power cycle, and keeps at least ``MIN_FREE`` bytes of RAM free at every
frame of Hard matches (and at least ``MIN_BLOCK`` in one block). The runner and firmware come from ``../shared/picoemu`` or
``$PICOEMU`` (see tools/pico.py). CI sets ``POCKET_DOMINO_DEVICE_TESTS=1``: there
a missing emulator fails the tests; elsewhere they are skipped with one line
saying where to get it.
"""

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

import pico
import sim
from domino import dealcode, games

if not pico.available():
    try:
        pico.locate()
    except pico.PicoMissing as e:
        why = str(e)
    if os.environ.get("POCKET_DOMINO_DEVICE_TESTS"):
        raise RuntimeError(why)
    pytest.skip(why, allow_module_level=True)

MIN_FREE = 24 * 1024  # bytes free after a collection, at every frame of a match
MIN_BLOCK = 4 * 1024  # the largest block allocatable whole, at every reading of a match
A_GAP = "w2500"  # between the A presses that play your tiles: the AI seats move meanwhile
# Title > Settings, AI pace: fast (the menu wraps: UP twice from the first row reaches the
# pace row, with or without the device's Sound row), back to the title: the AI seats' runs of
# moves (All Fives' draws) then fit in A_GAP on the device as in the simulator.
FAST = "D D D D A U U L B"


BOOT_SCRIPT = "w200 s:title D s:deal D D s:rules"
HANDS = [(0, 4), (1, 4), (2, 2), (3, 2)]  # (game id, players): a whole hand of each game
# One boot serves two checks: the title's frames come first in the Domino Whist hand's run
# (then UP three times, back to the title's first row, where the hand's script begins).
BOOT_IN = 1


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    """Every device run of this module, started at once one per core, at least two at a
    time (the emulator uses one core each), the longest first: name -> a future of its
    :class:`pico.Run`."""
    d = tmp_path_factory.mktemp("pico")
    pool = ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2))
    probe_image = pico.build_image(str(d / "probe.img"), settings=["POCKET_DOMINO_PROBE = 1"])
    runs = {"ram": pool.submit(pico.run, probe_image, script=RAM_SCRIPT)}  # the longest first
    runs["ram_castle"] = pool.submit(pico.run, probe_image, script=CASTLE_SCRIPT, until=SUMMARY)
    image = pico.build_image(str(d / "fs.img"))
    runs["power"] = pool.submit(power_cycle, image, str(d / "flash.bin"))
    # a hand of 4-player Domino Loo, you against three Hard seats, its RAM read
    # (the probe's collections slow the frames: more A presses than the simulator needed;
    # the run ends at the summary)
    runs["ram_loo"] = pool.submit(pico.run, probe_image, until=SUMMARY,
                                  script=hand_script(3, 4, 4321)[0] + " A w3000" * 12)
    for gid, players in HANDS:
        lead = BOOT_SCRIPT + " U U U" if gid == BOOT_IN else ""
        script, code = hand_script(gid, players, 1234 + gid, lead)
        runs["hand%d" % gid] = pool.submit(pico.run, image, script=script)
        runs["hand%d" % gid].script = (script, code)
    yield runs
    pool.shutdown(wait=True, cancel_futures=True)


def valid_code(gid, players, seed):
    """The deal code of that deal (its starter is the one the rules give)."""
    for starter in range(players):
        code = dealcode.encode(gid, players, starter, 0, seed)
        try:
            games.from_code(code)
            return code
        except ValueError:
            pass
    raise AssertionError("no valid code for %r" % ((gid, players, seed),))


def code_keys(code):
    """Title to a dealt table by *Deal by code* on the 6-button board: the keys."""
    keys = ["D", "A"]  # Deal by code; entry starts at 000-000-000
    for c in code.replace("-", ""):
        k = dealcode.ALPHABET.find(c)
        keys += ["U"] * k if k <= 16 else ["D"] * (32 - k)
        keys.append("A")
    keys.append("A")  # on OK: play it
    return keys


def sim_display():
    """The simulator's display (one for the whole test run)."""
    return sim.shared_display()


def sim_frames(script):
    """The simulator's frames at the script's ``s:name`` points (default settings)."""
    display = sim_display()
    h = sim.Harness(6, display, settings_speed=None)
    shots = {}
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        for path in h.run_script(script, d):
            shots[os.path.basename(path)[:-4]] = pico.read_png(path)
    return shots, h


def diff(a, b):
    """Pixels that differ between two frames."""
    return sum(1 for y in range(64) for x in range(128) if a[y][x] != b[y][x])


def same(name, device, simulator):
    """Assert two frames are equal; else save both (scaled up) beside the goldens."""
    n = diff(device, simulator)
    if n:
        base = os.path.join(os.path.dirname(__file__), "device_failed_" + name)
        pico.save_png(device, base + "_device.png")
        pico.save_png(simulator, base + "_sim.png")
        pytest.fail("%s: the device's frame differs from the simulator's in %d pixels (see %s_*.png)"
                    % (name, n, base))


def no_crash(r):
    assert r.traceback() is None, r.traceback()
    assert "pocket dominoes: board profile pico" in r.console, r.console[-2000:]


def test_boots_to_the_title_with_no_traceback(device):
    r = device["hand%d" % BOOT_IN].result()
    no_crash(r)
    want, _ = sim_frames(BOOT_SCRIPT)
    assert set(r.shots) >= {"title", "deal", "rules"}
    for name in ("title", "deal", "rules"):
        assert sum(map(sum, r.shots[name])) > 200, "%s: the screen is blank" % name
        same(name, r.shots[name], want[name])


def hand_script(gid, players, seed, lead=""):
    """Deal a hand by code and press A until it is over (A plays your first legal
    tile, or the end choice's first); then the hand summary. The number of A
    presses comes from the same script in the simulator. ``lead``: keys first,
    from the title, that leave it on its first row."""
    code = valid_code(gid, players, seed)
    head = (lead + " " if lead else "") + FAST + " " + " ".join(code_keys(code)) + " w1500 s:dealt"
    # presses until the simulator shows the summary, counted in the simulator
    h = sim.Harness(6, settings_speed=None)  # no pixels needed to count
    h.run_script(head)
    presses = 0
    while type(h.app.scene).__name__ != "Summary":
        h.run_script("A " + A_GAP)
        presses += 1
        assert presses < 60
    return head + (" A " + A_GAP) * presses + " w2000 s:summary", code


@pytest.mark.parametrize("gid,players", HANDS)
def test_a_whole_hand_of_each_game_plays_and_matches_the_simulator(device, gid, players):
    run = device["hand%d" % gid]
    script, code = run.script
    r = run.result()
    no_crash(r)
    want, _ = sim_frames(script)
    for name in ("dealt", "summary"):
        same("%s_%s" % (name, code), r.shots[name], want[name])
    # the summary really is the end of the hand (the deal code shows on it)
    assert sum(map(sum, r.shots["summary"])) > 300


POWER_HEAD = (FAST + " " + " ".join(code_keys(valid_code(0, 4, 777)))
              + " w1500 A %s A %s s:before" % (A_GAP, A_GAP))
POWER_RESUME = "w500 s:title A w1500 s:after"  # the title offers Continue first


def power_cycle(image, flash):
    """Play into a hand, power off (the flash saved), power on again from that flash."""
    r1 = pico.run(image, script=POWER_HEAD, dump_flash=flash)
    r2 = pico.run(flash=flash, script=POWER_RESUME)
    return r1, r2


def test_a_save_survives_a_power_cycle(device):
    r1, r2 = device["power"].result()
    no_crash(r1)
    # powered on again from the flash as it was: the hand resumes where it stood
    no_crash(r2)
    head, resume = POWER_HEAD, POWER_RESUME
    # the simulator, quit and started again on the same save
    from savestore import Storage, MemoryBackend
    store = Storage(MemoryBackend(bytearray(4096)))
    display = sim_display()
    h = sim.Harness(6, display, store, settings_speed=None)
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        before = pico.read_png(h.run_script(head, d)[-1])
        h2 = sim.Harness(6, display, store, settings_speed=None)
        after = pico.read_png(h2.run_script(resume, d)[-1])
    assert type(h2.app.scene).__name__ == "Table" and len(h2.app.session.rec.moves) >= 2
    same("before_power_cut", r1.shots["before"], before)
    same("after_power_cycle", r2.shots["after"], after)
    assert sum(map(sum, r2.shots["after"])) > 300


def mem_lines(r):
    """(scene, free, game id, largest whole block) of each @@MEM line."""
    return [(w[0], int(w[1]), int(w[4]), int(w[5])) for w in r.lines("@@MEM ")]


# One run: a whole hand of 4-player Seychelles with every seat Hard (the match that ran out of
# RAM), its summary, back to the title (the match kept for Continue), then a new 8-player All
# Fives match on double-twelve with every seat Hard, whose module is compiled on top of it all
# (after the seats: Target, Set, Tiles, then Start).
# (L on the summary only wakes the screen, which has gone dark after a minute without a key.)
RAM_SCRIPT = ("A A D R*3 D R D R D R D D A w75000 L w500 B w1000 D A D D A R*4 D R*3" + " D R" * 7
              + " D D D D A w40000")


def test_free_ram_stays_above_the_guard_in_hard_matches(device):
    r = device["ram"].result()
    assert r.traceback() is None, r.traceback()
    assert "out of RAM" not in r.console
    mem = mem_lines(r)
    seen = {(s, g) for s, _, g, _ in mem}
    assert ("Summary", 0) in seen and ("Table", 2) in seen, sorted(seen)
    # the All Fives table has eight seats, all Hard, playing
    assert len([1 for s, _, g, _ in mem if s == "Table" and g == 2]) >= 5
    low = min(f for _, f, _, _ in mem)
    block = min(b for _, _, _, b in mem)
    print("lowest free RAM %d bytes, smallest largest block %d bytes, over %d readings"
          % (low, block, len(mem)))
    for game in (0, 2):
        print("  game %d: lowest %d, block %d" % (
            game, min(f for _, f, g, _ in mem if g == game),
            min(b for _, _, g, b in mem if g == game)))
    assert low >= MIN_FREE, "%d bytes free at the lowest (guard %d)" % (low, MIN_FREE)
    assert block >= MIN_BLOCK, "%d bytes in the largest block at worst (guard %d)" % (
        block, MIN_BLOCK)


def test_free_ram_stays_above_the_guard_in_a_loo_hand_against_hard(device):
    r = device["ram_loo"].result()
    no_crash(r)
    assert "out of RAM" not in r.console
    mem = [m for m in mem_lines(r) if m[2] == 3]
    assert len([1 for s, _, _, _ in mem if s == "Table"]) >= 5, mem
    assert any(s == "Summary" for s, _, _, _ in mem), "the hand did not end"
    low = min(f for _, f, _, _ in mem)
    block = min(b for _, _, _, b in mem)
    print("Domino Loo, 4 players, three Hard: lowest free RAM %d bytes, smallest largest "
          "block %d bytes, over %d readings" % (low, block, len(mem)))
    assert low >= MIN_FREE and block >= MIN_BLOCK, (low, block)


SUMMARY = "@@MEM Summary"  # the probe's line as the hand summary shows: a RAM run ends there
# Castle Rock at its largest table: New game, the fifth game; Players 6 (R twice from 4); you,
# then P2..P6 Medium to Hard; past Target, set (double-6) and play (match) to Start. Then A
# (your first legal move; out of turn it only says so) every 1.75 s until the hand's summary
# (the run ends there).
CASTLE_HEAD = ("A D D D D A R R D D R D R D R D R D R s:castle_seats D D D D s:castle_start A"
               " w1500")
CASTLE_SCRIPT = FAST + " " + CASTLE_HEAD + " A w1500" * 90


def test_castle_rock_options_start_six_players_against_five_hard():
    """The scripted keys of the Castle Rock RAM run start, in the simulator, 6-player
    Castle Rock on double-six with you and five Hard seats."""
    h = sim.Harness(6, settings_speed=None)
    h.run_script(FAST + " " + CASTLE_HEAD)
    se = h.app.session
    assert type(h.app.scene).__name__ == "Table", type(h.app.scene).__name__
    assert (se.rec.gid, se.rec.players, list(se.rec.seats), se.rec.options) == (4, 6, [0] + [3] * 5, 0), (
        se.rec.gid, se.rec.players, list(se.rec.seats), se.rec.options)


def test_free_ram_stays_above_the_guard_in_a_castle_rock_hand_against_five_hard(device):
    r = device["ram_castle"].result()
    no_crash(r)
    assert "out of RAM" not in r.console
    # the options screen on the device as in the simulator for the same keys (five Hard seats)
    want, _ = sim_frames(FAST + " " + CASTLE_HEAD.split(" s:castle_start")[0] + " s:castle_start")
    for name in ("castle_seats", "castle_start"):
        same(name, r.shots[name], want[name])
    mem = [m for m in mem_lines(r) if m[2] == 4]
    assert len([1 for s, _, _, _ in mem if s == "Table"]) >= 20, mem
    assert any(s == "Summary" for s, _, _, _ in mem), "the hand did not end: %r" % (mem[-3:],)
    low = min(f for _, f, _, _ in mem)
    block = min(b for _, _, _, b in mem)
    print("Castle Rock, 6 players, five Hard: lowest free RAM %d bytes, smallest largest "
          "block %d bytes, over %d readings" % (low, block, len(mem)))
    assert low >= MIN_FREE and block >= MIN_BLOCK, (low, block)
