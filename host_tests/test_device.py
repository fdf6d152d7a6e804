"""The firmware on an emulated Raspberry Pi Pico: real CircuitPython 10 on rp2040js.

Each test deploys the firmware as a user does (``tools/pico.py``: ``tools/deploy.py``,
``.mpy``, into a FAT image), boots it on the Pico's stock firmware, presses its buttons
on a script and reads its console and its SSD1306's frames. It boots to the title;
plays a whole hand of every game and every action a player can take (play, hint, undo,
the moves so far, each pause-menu row, quit and continue, statistics, rules, deal by
code, settings) showing the same frames as the Blinka simulator for the same presses;
keeps a save over a power cycle; survives random presses in every game; and keeps at
least ``pico.MIN_FREE`` bytes free after a collection and a ``pico.MIN_BLOCK`` block
at every probe reading of Hard matches at each game's largest table, over a hand's end
and the next deal, in a match started after one finished, in the first moves of one
started after one quit, and in a hand continued after a power cycle. Menu keys are
worked out on the simulator (``tools/devscript.py``). The runner and firmware come from
``../shared/picoemu`` or ``$PICOEMU`` (see tools/pico.py). CI sets
``POCKET_DOMINO_DEVICE_TESTS=1``: there a missing emulator fails the tests; elsewhere
they are skipped with one line saying where to get it.
"""

import os
import queue
import shutil
import tempfile
import threading
from concurrent.futures import Future

import pytest

import devscript
import pico
import pico_soak
import sim
from domino import games

if not pico.available():
    try:
        pico.locate()
    except pico.PicoMissing as e:
        why = str(e)
    if os.environ.get("POCKET_DOMINO_DEVICE_TESTS"):
        raise RuntimeError(why)
    pytest.skip(why, allow_module_level=True)

A_GAP = devscript.A_GAP
# Title > Settings, AI pace: fast, back to the title: the AI seats' runs of moves (All
# Fives' draws) then fit in A_GAP on the device as in the simulator.
FAST = devscript.FAST


BOOT_SCRIPT = "w200 s:title D s:deal D D s:rules"
# (game id, players): a whole hand of each game at its smallest table
HANDS = [(g[0], games.load(g[0]).PLAYERS[0]) for g in games.GAMES]
# One boot serves two checks: the title's frames come first in the Domino Whist hand's run
# (then UP three times, back to the title's first row, where the hand's script begins).
BOOT_IN = 1


# The RAM runs CI makes (tools/devscript.py): from the title, or continued from a save made
# in the simulator late in a hand (``devscript.ram_late``: the hand for drinks before a match
# started after it; Castle Rock and All Fives on double-twelve, whose whole hands take many
# minutes here: tools/devscript.py runs Castle Rock's from the deal as ram_castle12).
RAM_RUNS = ("ram_tricks", "ram_quit", "ram_castle12_late", "ram_again", "ram_fives_late")  # the longest first

SOAK_SECONDS = 12  # emulated, per game (tools/pico_soak.py runs longer)


# A match of Seychelles, all Hard, that runs out of RAM at its table once three moves are
# played: an app.py beside app.mpy (CircuitPython imports it first) raising MemoryError there.
OOM_AT = """        se = self.session
        if se is not None and type(self.scene).__name__ == "Table" and len(se.rec.moves) >= 3:
            raise MemoryError("injected")
"""


def out_of_ram_app():
    """The firmware's app.py, its frame raising MemoryError as :data:`OOM_AT` says."""
    with open(os.path.join(os.path.dirname(__file__), "..", "firmware", "app.py")) as f:
        src = f.read()
    head = '''        """One frame: input, timers and AI, redraw if needed."""\n'''
    assert src.count(head) == 1
    return src.replace(head, head + OOM_AT)


class Lanes:
    """Device runs queued in order, each taken by the next free worker thread (one
    emulator, one core each); workers can join later: :func:`launch`."""

    def __init__(self):
        self.jobs = queue.Queue()
        self.workers = []

    def submit(self, fn, *args, **kw):
        """Queue ``fn(*args, **kw)``: a future of its result."""
        f = Future()
        self.jobs.put((f, fn, args, kw))
        return f

    def grow(self, n):
        """At least ``n`` workers from now on."""
        while len(self.workers) < n:
            t = threading.Thread(target=self._work, daemon=True)
            t.start()
            self.workers.append(t)

    def _work(self):
        while True:
            job = self.jobs.get()
            if job is None:
                return
            f, fn, args, kw = job
            if f.set_running_or_notify_cancel():
                try:
                    f.set_result(fn(*args, **kw))
                except BaseException as e:  # noqa: B902  (the test that waits on it raises it)
                    f.set_exception(e)

    def close(self):
        """Cancel the runs not started; the workers stop after the run they are in."""
        while True:
            try:
                job = self.jobs.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                job[0].cancel()
        for _ in self.workers:
            self.jobs.put(None)


_LAUNCHED = []  # (folder, lanes, runs) once launched


def launch(workers):
    """Start every device run of this module, the longest first, on ``workers`` lanes
    (more if already more): name -> a future of its :class:`pico.Run`. The first call
    queues them; ``host_tests/conftest.py`` calls it with one lane once the tests are
    collected, so the runs go on while the host tests use the other core."""
    if not _LAUNCHED:
        d = tempfile.mkdtemp(prefix="pico-")
        lanes = Lanes()
        probe_image = pico.probe_image(os.path.join(d, "probe.img"))
        lanes.grow(workers)
        runs = {}
        # Every script is worked out on the simulator here, on this thread: the lanes only
        # run the emulator (simulator harnesses on the lanes' threads would run beside the
        # host tests' own, sharing the firmware's modules).
        for name in RAM_RUNS:
            runs[name] = lanes.submit(devscript.ram_run, name, probe_image, devscript.ram_start(name),
                                      os.path.join(d, name + ".bin"), 2400)
        runs["py_tricks"] = lanes.submit(
            devscript.ram_run, "ram_tricks", pico.probe_image(os.path.join(d, "py.img"), mpy=False),
            devscript.ram_start("ram_tricks", py=True), os.path.join(d, "py_tricks.bin"), 2400,
            stop=devscript.reading_stop(lambda mem: devscript.first_moves(mem, 3) >= devscript.FIRST))
        runs["oom"] = lanes.submit(pico.run, pico.build_image(os.path.join(d, "oom.img"), files={
            "app.py": out_of_ram_app()}), timeout_s=900,
            script=FAST + " " + devscript.new_game_keys(0, devscript.hard_seats(0, 4))[0] + " w20000")
        runs["power"] = lanes.submit(power_cycle, probe_image, os.path.join(d, "flash.bin"))
        image = pico.build_image(os.path.join(d, "fs.img"))
        runs["actions"] = lanes.submit(pico.run, image, script=ACTIONS)
        for gid, players in HANDS:
            lead = BOOT_SCRIPT + " U U U" if gid == BOOT_IN else ""
            script, code = hand_script(gid, players, 1234 + gid, lead)
            runs["hand%d" % gid] = lanes.submit(pico.run, image, script=script)
            runs["hand%d" % gid].script = (script, code)
        for gid in range(len(games.GAMES)):
            runs["soak%d" % gid] = lanes.submit(pico_soak.soak, gid, pico_soak.script(gid, SOAK_SECONDS, 1),
                                                SOAK_SECONDS, probe_image)
        _LAUNCHED.append((d, lanes, runs))
    _LAUNCHED[0][1].grow(workers)
    return _LAUNCHED[0][2]


def stop_runs():
    """Cancel the runs not started and remove their files (at the session's end)."""
    if _LAUNCHED:
        d, lanes, _ = _LAUNCHED.pop()
        lanes.close()
        shutil.rmtree(d, ignore_errors=True)


@pytest.fixture(scope="module")
def device():
    """Every device run of this module (:func:`launch`), one lane per core, at least two."""
    return launch(max(2, os.cpu_count() or 2))


valid_code = devscript.valid_code
code_keys = devscript.code_keys


def sim_display():
    """The simulator's display (one for the whole test run)."""
    return sim.shared_display()


def sim_frames(script):
    """The simulator's frames at the script's ``s:name`` points (default settings)."""
    display = sim_display()
    h = sim.Harness(6, display, settings_speed=None, restarts=True)  # as the device: a match restarts it
    shots = {}
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        for path in h.run_script(script, d):
            shots[os.path.basename(path)[:-4]] = pico.read_png(path)
    return shots, h


def same(name, device, simulator):
    """Assert two frames are equal; else save both (scaled up) beside the goldens."""
    why = pico.mismatch(name, device, simulator, os.path.dirname(__file__))
    if why:
        pytest.fail(why)


def no_crash(r):
    assert not r.timed_out(), r.host[-500:]
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


# The device's AI seats take longer over a turn than the simulator's (they think and draw
# there): a press that plays comes at least this long after the simulator's table turned to
# you, or on the device it could come before your turn and be refused. A 6-move turn of
# 2-player Castle Rock ends more than 400 ms later on the device.
TURN_MARGIN_MS = 1500
GAP_MS = 1500  # at least this long between presses


def hand_script(gid, players, seed, lead=""):
    """Deal a hand by code and press A until it is over (A plays your first legal
    tile, or the end choice's first); then the hand summary. The presses and the
    waits between them (``GAP_MS``, longer where your turn came late in it:
    ``TURN_MARGIN_MS``) come from the same script in the simulator. ``lead``: keys
    first, from the title, that leave it on its first row."""
    code = valid_code(gid, players, seed)
    head = (lead + " " if lead else "") + FAST + " " + " ".join(code_keys(code)) + " w1500 s:dealt"
    h = sim.Harness(6, settings_speed=None)  # no pixels needed to count
    h.run_script(head)
    presses = []
    while type(h.app.scene).__name__ != "Summary":
        h.run_script("A")
        waited, yours_from = 0, None
        while waited < GAP_MS or (yours_from is not None and waited - yours_from < TURN_MARGIN_MS):
            h.wait(100)
            waited += 100
            sc = h.app.scene
            if type(sc).__name__ == "Table" and sc.to_act:
                yours_from = waited if yours_from is None else yours_from
            else:
                yours_from = None
        presses.append(" A w%d" % waited)
        assert len(presses) < 60
    return head + "".join(presses) + " w2000 s:summary", code


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


# Every action a player can take, on a Seychelles table against three Medium seats: play,
# hint (UP), undo (DOWN), the moves so far (left and right together), each row of the pause
# menu (resume, moves, hint, undo, rules, quit), then on the title statistics, the rules,
# deal by code, and continue (settings: the fast pace first). Each shot is compared with
# the simulator's for the same presses.
def actions_script():
    """The actions' script (a deal by code: the same deal in the simulator)."""
    return (FAST + " " + " ".join(code_keys(valid_code(0, 4, 4242))) + " w2500 s:a_table A w2500 A w2500"
            " U w3000 s:a_hint A w2500 D w1000 s:a_undo L+R w500 s:a_log B w300"
            " B w300 s:a_pause A w300 s:a_resumed B w300 D A w300 s:a_pause_moves B w300"
            " B w300 D D A w300 s:a_pause_board R w300 s:a_pause_tiles B w300"
            " B w300 D D D A w3000 s:a_pause_hint A w2500 B w300 D D D D A w1000 s:a_pause_undo"
            " B w300 U U A w300 s:a_pause_rules B w300 B w300 B w300 U A w500 s:a_quit"
           " D D D A w300 s:a_stats B w300 B D D D D A w300 A w500 s:a_rules B w300 B w300"
            " B D D A w300 s:a_code B w300 B A w1500 s:a_continued A w2500 A w2500 s:a_end")


ACTIONS = actions_script()

POWER_HEAD, POWER_RESUME = devscript.POWER_HEAD, devscript.POWER_RESUME
# then the hand is played on to its end, its RAM read
POWER_ON = (" A " + A_GAP) * 24


def power_cycle(image, flash):
    """Play into a hand, power off (the flash saved), power on again from that flash and
    play on to the hand's summary (three readings there)."""
    r1 = pico.run(image, script=POWER_HEAD, dump_flash=flash)
    r2 = pico.run(flash=flash, script=POWER_RESUME + POWER_ON, stop=devscript.reading_stop(
        lambda mem: [m[0] for m in mem if m[2] == 0][-3:] == ["Summary"] * 3))
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
    h = sim.Harness(6, display, store, settings_speed=None, restarts=True)
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        before = pico.read_png(h.run_script(head, d)[-1])
        h2 = sim.Harness(6, display, store, settings_speed=None, restarts=True)
        after = pico.read_png(h2.run_script(resume, d)[-1])
    assert type(h2.app.scene).__name__ == "Table" and len(h2.app.session.rec.moves) >= 2
    same("before_power_cut", r1.shots["before"], before)
    same("after_power_cycle", r2.shots["after"], after)
    assert sum(map(sum, r2.shots["after"])) > 300
    mem = guards_hold("power", r2)  # the RAM guards hold in the hand continued
    assert "Summary" in phases(mem, 0), phases(mem, 0)


def mem_lines(r):
    """The probe readings of a run (``devscript.mem_lines``)."""
    return devscript.mem_lines(r.console)


def guards_hold(name, r):
    """No crash, no "out of RAM", and at every reading at least MIN_FREE free and a
    MIN_BLOCK block; prints the figures (lowest free and fill, smallest block) per game."""
    no_crash(r)
    assert "out of RAM" not in r.console
    mem = mem_lines(r)
    assert mem, "no probe readings"
    for ln in devscript.per_game(mem):
        print("%s, %s" % (name, ln))
    low = min(mem, key=lambda m: m[1])
    block = min(mem, key=lambda m: m[3])
    assert low[1] >= pico.MIN_FREE, "%s: %d bytes free at the lowest (guard %d), at %r" % (
        name, low[1], pico.MIN_FREE, low)
    assert block[3] >= pico.MIN_BLOCK, "%s: %d bytes in the largest block at worst (guard %d), at %r" % (
        name, block[3], pico.MIN_BLOCK, block)
    return mem


phases = devscript.phases


def over_a_hands_end(mem, gid):
    """Game ``gid`` seen over a hand's end and into the next deal (``devscript.NEXT_DEAL``
    readings), or to its result."""
    return devscript.over_a_hands_end(mem, gid, devscript.NEXT_DEAL)


def test_free_ram_holds_over_a_match_started_after_one_finished(device):
    """6-player Castle Rock for drinks, all Hard, its last moves (continued from a save) to
    its result; then 8-player All Fives on double-twelve, all Hard, its first moves."""
    mem = guards_hold("ram_again", device["ram_again"].result())
    i = [m[0] for m in mem].index("Result")  # (no session then: game id -1)
    assert "Summary" in phases(mem[:i], 4), phases(mem, 4)
    assert devscript.first_moves(mem[i:], 2) >= devscript.FIRST, phases(mem, 2)


def quit_then(name, mem):
    """Run ``name``'s first match (``devscript.QUITS``) gave its readings at its table and
    was quit from the pause menu in its first hand; the readings after the quit."""
    gid = devscript.QUITS[name]
    i = [k for k, m in enumerate(mem) if m[0] == "Title" and any(x[2] == gid for x in mem[:k])][0]
    before = phases(mem[:i], gid)
    assert before[-2:] == ["Table", "TableMenu"] and "Summary" not in before, before
    assert devscript.first_moves(mem[:i], gid) >= devscript.FIRST, before
    return mem[i:]


def test_free_ram_holds_over_a_match_started_after_one_quit(device):
    """6-player Castle Rock on double-six, all Hard, its first moves, quit; then 4-player
    Seychelles, all Hard, over a hand's end and the next deal."""
    mem = guards_hold("ram_quit", device["ram_quit"].result())
    assert over_a_hands_end(quit_then("ram_quit", mem), 0), phases(mem, 0)


def test_free_ram_holds_in_domino_loo_pool_play_and_domino_whist(device):
    """4-player Domino Whist, all Hard, its first moves, quit; then 4-player Domino Loo in
    pool play, all Hard, over a hand's end and the next deal."""
    mem = guards_hold("ram_tricks", device["ram_tricks"].result())
    assert over_a_hands_end(quit_then("ram_tricks", mem), 3), phases(mem, 3)


def test_sources_open_a_game_that_does_not_fit_after_a_match_on_a_fresh_heap(device):
    """Deployed as ``.py`` sources: 4-player Domino Whist, its first moves, quit; then
    Domino Loo, whose module does not compile on the heap the match left, so the program
    starts again to open its options (``App.reopen``): a third start of the program
    (Whist's deal, Loo's options, Loo's deal), and Loo is played."""
    r = device["py_tricks"].result()
    no_crash(r)
    mem = quit_then("ram_tricks", mem_lines(r))
    assert devscript.first_moves(mem, 3) >= devscript.FIRST, phases(mem, 3)
    assert r.console.count("soft reboot") == 3, r.console.count("soft reboot")


def test_out_of_ram_in_play_starts_the_program_again_twice_then_shows_the_crash(device):
    """code.py: a MemoryError out of the app in play starts the program again into the
    match (its save), at most twice in a row; the third shows the crash screen. The
    error is injected (:func:`out_of_ram_app`): each run raises it at the match's table."""
    r = device["oom"].result()
    assert not r.timed_out(), r.host[-500:]
    c = r.console
    assert c.count("pocket dominoes: out of RAM, starting again: injected") == 2, c[-2000:]
    assert c.count("soft reboot") == 3, c[-2000:]  # the match's start, then the two
    assert "pocket dominoes: crash MemoryError: injected" in c, c[-2000:]
    assert r.traceback() is not None and "MemoryError: injected" in r.traceback()


def continued_late(device, name, gid):
    """RAM run ``name``: game ``gid``'s hand, continued after a power cycle
    ``devscript.LATE_MOVES`` moves before its end (quit there in the simulator), all Hard,
    over its end and the next deal (or the result), the guards held."""
    mem = guards_hold(name, device[name].result())
    assert over_a_hands_end(mem, gid), phases(mem, gid)
    # continued where it was quit: the hand's end comes within a few readings of each move left
    first = [m[0] for m in mem if m[2] == gid].index("Summary")
    assert first <= 2 * devscript.LATE_MOVES, first


def test_free_ram_holds_in_castle_rock_on_double_twelve(device):
    """6-player Castle Rock on double-twelve, late in its first hand, over its end."""
    continued_late(device, "ram_castle12_late", 4)


def test_free_ram_holds_in_all_fives_on_double_twelve_with_eight_players(device):
    """8-player All Fives on double-twelve, late in its first hand, over its end."""
    continued_late(device, "ram_fives_late", 2)


def test_every_action_runs_on_the_device_as_in_the_simulator(device):
    r = device["actions"].result()
    no_crash(r)
    shots = [t[2:] for t in ACTIONS.split() if t.startswith("s:")]
    seen = devscript.scenes_at(ACTIONS)
    want, _ = sim_frames(ACTIONS)
    assert set(r.shots) >= set(shots), sorted(set(shots) - set(r.shots))
    for name in shots:
        same(name, r.shots[name], want[name])
    # the screens the presses were meant to reach (in the simulator, whose frames the device's equal)
    assert seen["a_hint"][1].startswith("HINT "), seen["a_hint"]
    assert seen["a_undo"] == ("Table", "UNDONE") and seen["a_pause_undo"] == ("Table", "UNDONE")
    assert seen["a_pause_hint"][1].startswith("HINT "), seen["a_pause_hint"]
    assert [seen[k][0] for k in ("a_log", "a_pause", "a_resumed", "a_pause_moves", "a_pause_board",
                                 "a_pause_tiles", "a_pause_rules", "a_quit", "a_stats", "a_rules", "a_code",
                                 "a_continued", "a_end")] == [
        "MoveLog", "TableMenu", "Table", "MoveLog", "BoardPage", "BoardPage", "Rules", "Title", "StatsScene",
        "Rules", "CodeEntry", "Table", "Table"]


@pytest.mark.parametrize("gid", range(len(games.GAMES)))
def test_random_presses_on_the_device(device, gid):
    """A short blind soak of each game (tools/pico_soak.py): no crash, the RAM guards hold."""
    f = device["soak%d" % gid].result()
    print("soak, game %d: %d presses, %d readings, %d hand summaries, lowest free %d B, "
          "smallest block %d B, lowest fill %d B; screens %s" % (
              gid, f["presses"], f["readings"], f["summaries"], f["free"], f["block"], f["fill"],
              " ".join(f["scenes"])))
    assert not pico_soak.broken(f), pico_soak.broken(f)
    assert "Table" in f["scenes"], f["scenes"]
