"""tools/budget.py reports every required key, and the core meets its heap targets.

The heap figures are byte counts from real 32-bit MicroPython (WebAssembly), not timings,
so they are asserted; speed is reported by the budget but never asserted.
"""

import os
import re

import pytest

import budget
import mpwasm as mp

REQUIRED = (
    "micropython_heap_after_import_bytes",
    "micropython_peak_heap_full_match_bytes",
    "micropython_heap_leak_per_hand_bytes",
    "core_mpy_bytes",
    "micropython_moves_per_second",
)


@pytest.fixture(scope="module")
def report():
    try:
        mp.check_available()
    except mp.MicroPythonUnavailable as e:
        pytest.fail(str(e))
    return budget.measure(quick=True)


def test_required_keys_are_integers(report):
    lines = report.lines()
    values = {}
    for line in lines:
        m = re.match(r"^([a-z0-9_]+): (-?\d+)$", line)
        if m:
            values[m.group(1)] = int(m.group(2))
    for key in REQUIRED:
        assert key in values, "missing %s in:\n%s" % (key, "\n".join(lines))
    assert any(k.startswith("mpy_bytes_domino_") for k in values)
    assert values["core_mpy_bytes"] > 0
    assert values["micropython_moves_per_second"] > 0


def test_heap_targets(report):
    v = report.values
    assert v["micropython_heap_after_import_bytes"] <= 24 * 1024
    assert v["micropython_peak_heap_full_match_bytes"] - v["micropython_heap_after_import_bytes"] <= 8 * 1024
    assert v["micropython_heap_leak_per_hand_bytes"] <= 256
    assert report.missed() == []


def _fits(steps, limit):
    """Run ``steps`` (one call per move after them) from the core compiled to ``.mpy``, as
    deploy puts it on a board, in a heap of ``limit`` bytes."""
    b = budget.Budget()
    try:
        r = mp.run(steps=steps, loop="step", lib=b.mpy_lib(), heapsize=limit)
    finally:
        b.close()
    assert r.heap_total <= limit
    return r


def test_full_match_fits_in_target_heap(report):
    """The whole run (imports, a full 4-player Seychelles match) fits in a heap of
    after-import (``.mpy``) + 8 KB with garbage collected only between moves: the port grows its heap
    when a call does not fit, and that growth is what this checks for. The core is imported
    compiled, as the device gets it."""
    limit = report.values["micropython_heap_after_import_mpy_bytes"] + 8 * 1024
    steps = budget.import_steps(budget.SEYCHELLES_IMPORTS) + [
        mp.MATCH_DRIVER, "DRIVER = Driver(0, 4, 7, 1, None, False)"]
    r = _fits(steps, limit)
    assert not r.grew, "the match needed more than a %d-byte heap" % r.heap_total


@pytest.mark.parametrize("name", ["SEYCHELLES_IMPORTS", "ALLFIVES_IMPORTS", "CASTLE_IMPORTS"])
def test_import_steps_follow_dependencies(name):
    """Each module in the budget's import list comes after every core module it imports, so
    no step compiles two modules (the heap figures would then hold two compilations); the
    list holds what the game's import chain needs and no other game."""
    order = getattr(budget, name)
    for i, module in enumerate(order):
        for dep in budget.core_imports(budget.LIB, module):
            assert dep in order[:i], "%s: %s imports %s, which is not imported before it" % (
                name, module, dep)
    game = {"SEYCHELLES_IMPORTS": "domino.seychelles", "ALLFIVES_IMPORTS": "domino.allfives",
            "CASTLE_IMPORTS": "domino.castle"}[name]
    needed = set(budget.import_order(budget.LIB, game))
    needed |= set(budget.import_order(budget.LIB, "domino.match"))
    needed |= set(budget.import_order(budget.LIB, "domino.games"))
    assert set(order) == needed


def _fresh_modules(code):
    """The ``domino`` modules loaded once ``code`` has run in a fresh CPython with the
    core on its path."""
    import subprocess
    import sys
    src = ("import sys; sys.path.insert(0, %r)\n%s\n"
           "print(' '.join(sorted(m for m in sys.modules if m.startswith('domino'))))"
           % (budget.LIB, code))
    return set(subprocess.run([sys.executable, "-c", src],
                              capture_output=True, text=True, check=True).stdout.split())


def test_game_imports_only_what_it_needs():
    """Importing a game's module (fresh CPython) loads the line core and that game only."""
    seen = {game: _fresh_modules("import domino.%s" % game)
            for game in ("seychelles", "whist", "allfives")}
    line = {"domino", "domino.game", "domino.tiles", "domino.rng", "domino.line"}
    assert seen["seychelles"] == line | {"domino.seychelles"}
    assert seen["whist"] == line | {"domino.matchdraw", "domino.whist"}  # (the draw for seats)
    assert seen["allfives"] == line | {"domino.matchdraw", "domino.allfives"}


_BLOCK_PLAY = ("domino.lineai.plays", "domino.lineai.likely", "domino.lineai.blockend",
               "domino.lineai.blockplay", "domino.lineai.blockothers", "domino.lineai.mediumend")


@pytest.mark.parametrize("game", ["allfives", "seychelles"])
def test_line_ai_loads_only_the_parts_its_game_runs(game):
    """Medium and Hard deciding in All Fives (fresh CPython) load none of the line family's
    block-play modules, and in Seychelles (block play) not the boneyard's draws: code a
    game does not run would take the device's heap."""
    code = ("from domino import ai, %s as m\n"
            "cls = m.%s\n"
            "g = cls(2, 5)\n"
            "seats = [ai.new_player(1, 1), ai.new_player(2, 2)]\n"
            "for _ in range(8):\n"
            "    s = g.turn\n"
            "    g.play(seats[s].choose(cls, g.observation(s)), s)")
    cls = {"allfives": "AllFives", "seychelles": "Seychelles"}[game]
    out = _fresh_modules(code % (game, cls))
    assert "domino.lineai.medium" in out and "domino.lineai.search" in out
    loaded = [k for k in _BLOCK_PLAY if k in out]
    if game == "allfives":
        assert loaded == []
        assert "domino.lineai.draws" in out
    else:
        assert "domino.lineai.plays" in loaded and "domino.lineai.likely" in loaded
        assert "domino.lineai.draws" not in out


def test_sections_extend():
    """A new section is one function appended to SECTIONS."""
    def section_demo(b):
        b.put("demo_bytes", 12)
        b.target("demo_bytes", 12, 16)

    b = budget.measure(sections=[section_demo])
    assert b.lines() == ["demo_bytes: 12", "target demo_bytes <= 16: 12 PASS"]


def test_targets_at_most_and_at_least():
    """A target is met at its limit; ``>=`` targets (free RAM) miss below it."""
    def section(b):
        b.target("a", 17, 16)
        b.target("b", 16, 16)
        b.target("c", 100, 200, ">=")
        b.target("d", 200, 200, ">=")

    b = budget.measure(sections=[section])
    assert b.lines() == ["target a <= 16: 17 MISS", "target b <= 16: 16 PASS",
                         "target c >= 200: 100 MISS", "target d >= 200: 200 PASS"]
    assert b.missed() == ["a", "c"]


def test_budget_estimates_no_ai_time(report):
    """The wasm budget no longer prints a time per AI decision (the device section
    measures it); the AI's heap peaks stay, with their targets."""
    assert not [k for k in report.values if "ms_per_move" in k]
    assert any(k.endswith("_hard_heap_peak_bytes") for k in report.values)
    assert any(name.endswith("_hard_heap_peak_bytes") for name, _, _, _ in report.targets)


def test_device_section_is_the_device_flag():
    """``budget.py --device`` runs only the device section; plain runs leave it out (it
    boots the emulator for minutes)."""
    assert budget.section_device not in budget.SECTIONS
    seen = []
    import device_budget

    class Dev:
        values = {"device_x_ms": 5}
        targets = [("device_x_ms", 5, 3, "<="), ("device_free", 10, 20, ">=")]

    def fake(**kw):
        seen.append(kw)
        return Dev()

    real = device_budget.measure
    device_budget.measure = fake
    try:
        b = budget.measure(sections=[budget.section_device], quick=True)
        budget.main(["--device", "--games=loo,castle"])
    finally:
        device_budget.measure = real
    assert seen and seen[0]["quick"] is True and seen[0]["names"] is None
    assert seen[1]["names"] == ["loo", "castle"] and seen[1]["quick"] is False
    assert b.lines() == ["device_x_ms: 5", "target device_x_ms <= 3: 5 MISS",
                         "target device_free >= 20: 10 MISS"]


def test_ai_cost_late_positions():
    """``ai_cost.py --late`` times positions with 14 down to 11 tiles in the hands, each
    with a choice, in the block games only; the default set spreads over whole hands."""
    import ai_cost
    ns = {}
    exec(compile(ai_cost.POSITIONS.replace("%%", "%"), "positions", "exec"), ns)
    for gid, players, _ in ai_cost.BLOCK_GAMES:
        _, late = ns["positions"](gid, players, 12, ai_cost.LATE_LEFT)
        held = [sum(o.counts) for o in late]
        assert len(late) == 12 and all(len(o.legal) > 1 for o in late)
        assert set(held) == {11, 12, 13, 14}, held
        _, spread = ns["positions"](gid, players, 10)
        assert max(sum(o.counts) for o in spread) > 14 > min(sum(o.counts) for o in spread)


# tools/device_budget.py, host side only (the device runs are in the emulator: minutes;
# host_tests/test_device.py runs the firmware there)

def test_device_positions_are_of_their_phase():
    """Every game's positions: dealt by seed and replayed by move index, each with a
    choice; early ones in the first round, late ones with 14 or fewer tiles in the hands
    and no boneyard, end ones (Seychelles, Domino Whist) with 12 or fewer, middle ones
    in between (in moves played)."""
    import device_budget as db
    lines = db.position_lines(db.CONFIGS, 2, 1)
    seen = set()
    for ln in lines:
        name, phase, gid, players, options, seed, moves = db.parse_line(ln)
        seen.add((name, phase))
        g = db.rebuild(gid, players, options, seed, moves)
        obs = g.observation(g.turn)
        assert not g.over and len(obs.legal) > 1, ln
        if phase == "early":
            assert len(moves) < 2 * players, ln
        elif phase == "late":
            assert sum(obs.counts) <= db.LATE_LEFT and obs.stock == 0, ln
        elif phase == "end":
            assert sum(obs.counts) <= db.END_LEFT and obs.stock == 0, ln
        else:
            assert sum(obs.counts) > db.LATE_LEFT or obs.stock > 0, ln
    assert seen == {(c[0], p) for c in db.CONFIGS for p in db.phases_of(c[0])}
    assert ("seychelles_4p", "end") in seen and ("allfives_2p", "end") not in seen
    assert db.position_lines(db.CONFIGS, 2, 1) == lines  # the same file every time


def test_device_shards_keep_every_position_once():
    import device_budget as db
    lines = db.position_lines(db.CONFIGS[:3], 2, 1)
    cost = {ln: float(i % 5 + 1) for i, ln in enumerate(lines)}
    parts = db.shards(lines, 2, cost)
    assert sorted(parts[0] + parts[1]) == sorted(lines)
    loads = [sum(cost[ln] for ln in p) for p in parts]
    assert abs(loads[0] - loads[1]) <= 5
    for p in parts:  # each shard in the file's order (configs grouped)
        assert p == [ln for ln in lines if ln in p]


class _FakeRun:
    def __init__(self, console):
        self.console = console
        self.host = ""

    def traceback(self):
        return None

    def lines(self, prefix):
        return [ln[len(prefix):].split() for ln in self.console.splitlines() if ln.startswith(prefix)]

    def emu_ms(self):
        return 1000.0


def test_device_time_figures_and_targets():
    """@@POS lines become per game and phase medians and maxima in ms, with the targets
    (Hard median <= 1,000, max <= 3,000, Medium max <= 150) and a check that the device
    made the host's moves."""
    import device_budget as db
    lines = db.position_lines([c for c in db.CONFIGS if c[0] == "seychelles_4p"], 3, 1)
    want = db.host_moves(lines)
    pos = []
    hard = {"early": (900000, 950000, 1200000), "middle": (100, 200, 300), "late": (2000000, 3500000, 2500000),
            "end": (100, 100, 100)}
    k = {p: 0 for p in db.PHASES}
    for ln, mv in zip(lines, want):
        name, phase, _, _, _, seed, _ = db.parse_line(ln)
        h = hard[phase][k[phase]]
        k[phase] += 1
        med = 160000 if phase == "middle" and k[phase] == 1 else 20000
        pos.append("@@POS %s %s %d 3 %d %d 3000 90000 %d" % (name, phase, seed, med, h, mv))
    dev = db.Device()
    db.part_time(dev, lines, [_FakeRun("\n".join(pos))])
    v = dev.values
    assert v["device_hard_moves_differ_from_host"] == 0
    assert v["device_seychelles_4p_early_hard_ms_median"] == 950
    assert v["device_seychelles_4p_late_hard_ms_max"] == 3500
    assert v["device_seychelles_4p_middle_medium_ms_max"] == 160
    text = db.lines_of(dev)
    assert "target device_seychelles_4p_early_hard_ms_median <= 1000: 950 PASS" in text
    assert "target device_seychelles_4p_late_hard_ms_median <= 1000: 2500 MISS" in text
    assert "target device_seychelles_4p_late_hard_ms_max <= 3000: 3500 MISS" in text
    assert "target device_seychelles_4p_middle_medium_ms_max <= 150: 160 MISS" in text
    # a wrong move (a position rebuilt wrong on the device) is counted and misses
    bad = [p.rsplit(" ", 1)[0] + " 9999" if i == 0 else p for i, p in enumerate(pos)]
    dev = db.Device()
    db.part_time(dev, lines, [_FakeRun("\n".join(bad))])
    assert dev.values["device_hard_moves_differ_from_host"] == 1


def test_device_pystack_bisection(monkeypatch):
    """The bisection finds the smallest multiple of 256 bytes that works, trying few
    sizes, and the stack figures follow from the probe's frame counts."""
    import device_budget as db
    need = 1100
    tried = []

    def fake(lines, pystack, probe_stack):
        tried.append(pystack)
        ok = pystack >= need
        top = (pystack - 160) // 32
        con = "@@STACK top %d pystack_exhausted\n@@STACK ai_call %d x\n" % (top, top - 9)
        if ok:
            con += "@@POS a\n@@DONE\n"
        return _FakeRun(con)

    monkeypatch.setattr(db, "run_positions", fake)
    size, runs = db.bisect_pystack(["x"])
    assert size == 1280 and len(tried) <= 6 and tried[0] == db.PYSTACK_DEPLOY
    assert runs[1024][0] is False and runs[1280][0] is True
    fw = _FakeRun("@@STACK ai_call %d x\n" % ((db.PYSTACK_DEPLOY - 160) // 32 - 15))
    dev = db.Device()
    db.part_stack(dev, size, runs, fw)
    v = dev.values
    assert v["device_pystack_probe_frame_bytes"] == 32
    assert v["device_pystack_firmware_used_at_ai_call_bytes"] - v["device_pystack_used_at_ai_call_bytes"] == 6 * 32
    assert v["device_pystack_firmware_decision_need_est_bytes"] == 1280 + 6 * 32


def test_device_snapshot_is_one_commit():
    """The device images and the host side of one measurement come from one commit
    (git archive), not the working tree others edit meanwhile."""
    import device_budget as db
    import subprocess
    snap = db.Snapshot()
    db.SNAP[0] = snap
    try:
        head = subprocess.run(["git", "-C", db.ROOT, "rev-parse", "--short=10", "HEAD"],
                              capture_output=True, text=True).stdout.strip()
        assert snap.commit == head and head in snap.describe()
        assert db.host_call("core_path") == snap.lib
        for rel in ("code.py", "settings.toml", "lib/domino/ai/hard.mpy", "boards/pico.mpy"):  # deployed .mpy
            assert os.path.isfile(os.path.join(snap.folder, rel)), rel
        lines = db.host_call("position_lines", db.CONFIGS[:1], 1, 1)
    finally:
        db.SNAP[0] = None
        snap.close()
    assert lines == db.position_lines(db.CONFIGS[:1], 1, 1)
    assert db.host_call("core_path") == db.LIB


def test_device_ram_and_gc_figures():
    """Free RAM after the imports, the firmware's lowest (the probe's lowest-so-far
    counts: it samples every frame but prints on changes), the measuring code.py's cost
    at the title, and the longest collection over all the places timed."""
    import device_budget as db
    pos = _FakeRun("@@FREE boot 150000\n@@FREE core 140000\n@@FREE games 120000\n@@FREE ai 100000\n"
                   "@@GC boot 400 150000\n@@GC imported 3000 101000\n")
    fw = _FakeRun("@@MEM Title 70000 70000 Title\n@@GCF Table 14000 40000\n"
                  "@@MEM Table 40000 38000 Table 0\n@@MEM Table 39000 38000 Table 0\n")
    dev = db.Device()
    dev.positions = [("g", "late", 1, 2, 10, 20, 9000, 90000, 5), ("g", "early", 2, 2, 10, 20, 0, 0, 5)]
    dev.plain_title = _FakeRun("@@MEM Title 73000 73000 Title\n")
    db.part_ram_gc(dev, [pos], fw)
    v = dev.values
    assert v["device_free_ram_after_ai_import_bytes"] == 100000
    assert v["device_firmware_low_free_ram_bytes"] == 38000
    assert v["device_firmware_measuring_code_bytes"] == 3000
    assert v["device_gc_pause_mid_decision_max_us"] == 9000
    assert v["device_gc_pause_max_us"] == 14000
    assert "target device_firmware_low_free_ram_bytes >= 24576: 38000 PASS" in db.lines_of(dev)


def _match_run(gid, rows):
    """A fake firmware hand: the title, then @@MEM lines (scene, free, lowest so far, its
    scene, block) of game ``gid``."""
    return _FakeRun("@@MEM Title 80000 80000 Title -1 6000\n" + "".join(
        "@@MEM %s %d %d %s %d %d\n" % (sc, f, lo, at, gid, blk) for sc, f, lo, at, blk in rows))


def test_device_firmware_hands_of_loo_and_castle_rock():
    """Each game of FIRMWARE_MATCHES gets its lowest free RAM in its hand (the readings, and
    the probe's lowest so far where it was set at the table) and its smallest largest block,
    with the guard's targets (24 KB, 4 KB); a hand that never reached its summary raises."""
    import device_budget as db
    assert [m[0] for m in db.FIRMWARE_MATCHES] == ["loo_4p", "castle_6p"]
    pos = _FakeRun("@@FREE boot 150000\n@@FREE core 140000\n@@FREE games 120000\n"
                   "@@FREE ai 100000\n@@GC boot 400 150000\n@@GC imported 3000 101000\n")
    fw = _FakeRun("@@MEM Table 40000 38000 Table 0 4700\n@@MEM Table 39000 38000 Table 0 4600\n")
    loo = _match_run(3, [("Table", 33000, 32000, "Table", 5000), ("Table", 30000, 29500, "Table", 4800),
                         ("Summary", 31000, 29500, "Table", 4900)])
    castle = _match_run(4, [("Table", 27000, 27000, "Table", 4500), ("Table", 26000, 25500, "Table", 3900),
                            ("Summary", 28000, 25500, "Table", 4400)])
    dev = db.Device()
    db.part_ram_gc(dev, [pos], fw, {"loo_4p": loo, "castle_6p": castle})
    v = dev.values
    assert v["device_firmware_low_block_bytes"] == 4600
    assert (v["device_firmware_loo_4p_low_free_ram_bytes"], v["device_firmware_loo_4p_low_block_bytes"],
            v["device_firmware_loo_4p_mem_readings"]) == (29500, 4800, 3)
    assert (v["device_firmware_castle_6p_low_free_ram_bytes"],
            v["device_firmware_castle_6p_low_block_bytes"]) == (25500, 3900)
    text = db.lines_of(dev)
    assert "target device_firmware_loo_4p_low_free_ram_bytes >= 24576: 29500 PASS" in text
    assert "target device_firmware_castle_6p_low_block_bytes >= 4096: 3900 MISS" in text
    # the hand cut short before its summary is no figure
    short = _match_run(4, [("Table", 27000, 27000, "Table", 4500)])
    with pytest.raises(RuntimeError, match="did not end"):
        db.part_ram_gc(db.Device(), [pos], fw, {"castle_6p": short})


@pytest.mark.parametrize("script,gid,players,hard", [
    ("MATCH_HEAD", 0, 4, 3)] + [(m[0], m[1], m[2], m[3]) for m in __import__("device_budget").FIRMWARE_MATCHES])
def test_device_firmware_scripts_start_their_match(script, gid, players, hard):
    """The firmware runs' keys start, in the simulator, the game, players and seats they are
    named for: you (P1) and the rest Hard."""
    import device_budget as db
    import sim
    keys = getattr(db, script) if script == "MATCH_HEAD" else [
        m[4] for m in db.FIRMWARE_MATCHES if m[0] == script][0]
    h = sim.Harness(6, settings_speed=None)
    h.run_script(keys.split(" w")[0])  # to the first wait: the match started
    se = h.app.session
    if gid == 4:  # Castle Rock draws for the first deal: the next A goes on to the table
        assert type(h.app.scene).__name__ == "FirstDraw"
        h.run_script(" ".join(keys.split(" ")[len(keys.split(" w")[0].split(" ")):][:2]))
    assert type(h.app.scene).__name__ == "Table"
    assert (se.rec.gid, se.rec.players, list(se.rec.seats)) == (gid, players, [0] + [3] * hard)
