"""Running out of RAM in an AI decision: the app falls back a level, says so, and the
match goes on; AI seats of one level share one engine."""

import gc

import pytest

import session as sessionmod
import devscript
import sim
import table
from domino import ai, dealcode
import domino.ai.hard  # noqa: F401  (ai.hard)


def start(h, kinds):
    """A 4-player Seychelles match from the title with the given seat kinds."""
    h.tap("A")
    h.tap("A")
    opt = h.app.scene
    for i, k in enumerate(kinds):
        opt.kinds[i] = k
    for _ in range(len(opt.rows()) - 1):
        h.tap("DOWN")
    h.tap("A")
    assert isinstance(h.app.scene, table.Table)


def test_ai_seats_of_a_level_share_one_engine():
    h = sim.Harness(6)
    start(h, [0, 3, 3, 2])  # you, Hard, Hard, Medium
    se = h.app.session
    a, b, m = se.player(1), se.player(2), se.player(3)
    assert a is b and a is se.engines[2] and m is se.engines[1] and a is not m
    # the engine is seeded for the seat asked for
    assert se.player(1).seed != se.player(2).seed
    assert se.player(2).seed == (se.rec.seed * 8 + 3) & 0xFFFFFF


class Starved:
    """Wraps a player; raises MemoryError on its first ``fail`` calls of ``step``."""

    def __init__(self, inner, fail):
        self.inner = inner
        self.fail = fail
        self.calls = 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def __setattr__(self, name, value):
        if name in ("inner", "fail", "calls"):
            object.__setattr__(self, name, value)
        else:
            setattr(self.inner, name, value)

    def step(self, budget):
        self.calls += 1
        if self.calls <= self.fail:
            raise MemoryError("memory allocation failed, allocating 592 bytes")
        return self.inner.step(budget)


def test_out_of_memory_in_a_hard_decision_falls_back_to_medium(monkeypatch):
    made = []

    def new_player(level, seed):
        p = ai.new_player(level, seed)
        if level == ai.HARD:
            p = Starved(p, 1000)  # Hard never gets through a step
        made.append(level)
        return p

    monkeypatch.setattr(sessionmod, "new_player", new_player)
    h = sim.Harness(6, settings_speed=0)
    start(h, [3, 3, 3, 3])  # every seat Hard
    app = h.app
    se = app.session
    notes = []
    moves = 0
    for _ in range(400):
        h.step(50)
        t = app.scene
        if isinstance(t, table.Table) and se.result is None:
            notes.append(t.message())
        if se.result is not None:
            break
        moves = max(moves, len(se.rec.moves))
    assert se.result is not None, "the hand did not get played"
    assert any(n.endswith("LOW RAM: MEDIUM") for n in notes), notes
    assert ai.MEDIUM in made
    # the record holds every move: nothing of the match was lost
    assert len(se.rec.moves) >= 4


def test_out_of_memory_making_the_engines_at_the_start_leaves_them_to_the_first_decision(
        monkeypatch):
    """Hard's search game did not fit at the match start: the match starts anyway, the
    engines are made at the first decision, where a lower level takes over if need be."""
    fails = [1]

    class Tight(ai.hard.Hard):
        def prepare(self, game_cls, obs):
            if fails[0]:
                fails[0] -= 1
                raise MemoryError("memory allocation failed, allocating 3308 bytes")
            ai.hard.Hard.prepare(self, game_cls, obs)

    made = []

    def new_player(level, seed):
        made.append(level)
        return Tight(seed) if level == ai.HARD else ai.new_player(level, seed)

    monkeypatch.setattr(sessionmod, "new_player", new_player)
    h = sim.Harness(6, settings_speed=0)
    start(h, [3, 3, 3, 3])  # four Hard seats
    se = h.app.session
    assert fails[0] == 0
    for _ in range(400):  # the AI seats play on: their engine is made when first needed
        h.step(50)
        if len(se.rec.moves) >= 3:
            break
    assert made == [ai.HARD, ai.HARD] and isinstance(se.engines[2], Tight)
    assert len(se.rec.moves) >= 3 and "LOW RAM" not in h.app.scene.message()


def test_out_of_memory_at_every_level_raises(monkeypatch):
    def new_player(level, seed):
        return Starved(ai.new_player(level, seed), 10 ** 6)

    monkeypatch.setattr(sessionmod, "new_player", new_player)
    h = sim.Harness(6, settings_speed=0)
    try:
        start(h, [3, 3, 3, 3])
        for _ in range(50):
            h.step(50)
    except MemoryError:
        gc.collect()
        return
    raise AssertionError("Easy failing too must not be hidden")


def test_crash_screen_is_drawn_into_the_apps_own_bitmap():
    import hardware
    display = sim.shared_display()
    h = sim.Harness(6, display)
    group = display.root_group
    hardware.show_error("crash MemoryError: memory allocation failed, allocating 592 bytes", display)
    assert display.root_group is group  # nothing new was built: the app's bitmap took the text
    frame = sim.frame_bytes(display)
    lit = sum(1 for i in range(0, len(frame), 3) if frame[i])
    assert lit > 300
    # the message is wrapped at word boundaries: the first row ends after "MemoryError:"
    bmp = h.app.scr.bitmap
    row0 = [bmp[x, 4] for x in range(128)]
    assert any(row0[:6 * 18]) and not any(row0[6 * 19:])


@pytest.fixture
def kept_modules(modules_restored):
    """Every game's modules loaded; after the test (which lets the app forget some) the
    modules as they were (``modules_restored``)."""
    from domino import games
    for gid, _, _, _, _ in games.GAMES:
        games.load(gid)


def test_a_new_match_forgets_the_other_games_modules(kept_modules):
    """On the device (``forget_code``, set by code.py) starting a match of one
    game drops the other games' modules (their code's RAM); a later match of
    another game imports its own again. The simulator keeps them (CPython has
    the RAM, and other holders of the classes keep their identity)."""
    import sys
    import domino
    from domino import games

    names = ["domino." + mod for _, mod, _, _, _ in games.GAMES]
    h = sim.Harness(6)
    h.app.forget_code = True
    h.app.start_match(2, 4, [0, 1, 1, 1], 0)
    assert "domino.allfives" in sys.modules
    for mod in ("seychelles", "whist", "loo", "castle", "options"):
        assert "domino." + mod not in sys.modules and not hasattr(domino, mod), mod
    assert "domino.line" in sys.modules  # All Fives' own (a line game)
    cls = games.load(0)
    assert cls.__name__ == "Seychelles" and "domino.seychelles" in sys.modules
    h.app.start_match(4, 2, [0, 1], 0)  # Castle Rock: the line layout's modules go too
    for mod in ("seychelles", "allfives", "line", "lineai", "lineai.know"):
        assert "domino." + mod not in sys.modules, mod
    assert not hasattr(domino, "line") and not hasattr(domino, "lineai")
    games.load(0)
    # without the setting (the simulator) nothing is dropped
    for gid, _, _, _, _ in games.GAMES:
        games.load(gid)
    h2 = sim.Harness(6)
    h2.app.start_match(2, 4, [0, 1, 1, 1], 0)
    assert all(n in sys.modules for n in names)


def test_a_match_opened_after_a_restart_forgets_what_building_it_needed(kept_modules):
    """On the device a match is played after a restart, built again from its save: the
    code that building needed and play does not (``domino.options``) is dropped before
    its table is shown, as at a match's start."""
    import sys
    import domino
    from app import App
    h = sim.Harness(6, settings_speed=None, restarts=True)
    h.run_script(devscript.FAST + " " + devscript.new_game_keys(0, devscript.hard_seats(0, 4))[0])
    assert h.restarts == 1 and type(h.app.scene).__name__ == "Table"
    import domino.options  # noqa: F401  (as building the match from its save imports it)
    app = App(h.display, h.keys, h.storage, h.buttons, now_ms=h.clock, forget_code=True,
              restart=sim._restart, resume=True)
    assert app.session is not None and "domino.options" in sys.modules
    app.tick()
    assert type(app.scene).__name__ == "Table" and app.session.rec.gid == 0
    assert "domino.options" not in sys.modules and not hasattr(domino, "options")


def test_ai_engines_make_their_search_game_at_the_match_start():
    """On the device the heap may be too broken up mid-match for a search game's
    largest block (3.3 KB at 8 players on double-twelve): the engines make it when
    the session is built, and their decisions use that one."""
    se = sessionmod.new_match(2, 8, [0] + [3] * 7, 0, 5, 3)
    p = se.engines[2]
    g = p.game
    assert g is not None and g.players == 8 and g.nset == 12
    assert se.engines[0] is None and se.engines[1] is None
    while se.game.turn == se.humans[0]:
        se.play(se.legal()[0])
    q = se.player(se.game.turn)
    q.choose(se.cls, se.game.observation(se.game.turn))
    assert q is p and p.game is g


def test_the_title_keeps_a_match_only_as_its_record():
    """Back on the title, a match in play is kept only as its record's bytes: its hand,
    AI players and table go (the menus get the heap a fresh start has); Continue builds
    it again, the same hand, and its AI seats play the moves they would have played."""
    h = sim.Harness(6)
    h.app.start_match(0, 4, [0, 3, 3, 3], 0)
    se = h.app.session
    while not se.is_ai(se.game.turn):
        se.play(se.legal()[0])
    seat = se.game.turn
    obs = se.game.observation(seat)
    want = se.player(seat).choose(se.cls, obs)
    key = [se.game.observation(s).key() for s in range(4)]
    import scenes
    import menus
    h.app.go(menus.Title(h.app))
    assert h.app.session is None and h.app.kept == se.rec.encode()
    assert h.app.scene.rows()[0] == "Continue"
    h.tap("A")
    again = h.app.session
    assert again is not se and h.app.kept is None and isinstance(h.app.scene, table.Table)
    assert [again.game.observation(s).key() for s in range(4)] == key
    assert again.player(seat).choose(again.cls, again.game.observation(seat)) == want


def test_on_a_device_only_the_screen_shown_keeps_its_module(modules_restored):
    """On the device (``forget_code``) a screen's module is loaded while it is shown and
    forgotten when another module's screen is (``scenes.forget_screens``, from App.go):
    during play none is loaded, nor the deal codes' module, which only the summary and
    the deal-code entry use. The simulator keeps them (class identities for tests)."""
    import sys
    import scenes

    def loaded():
        return [n for n in scenes.SCREENS if n in sys.modules]
    h = sim.Harness(6)
    h.app.forget_code = True
    h.app.to_title()
    assert loaded() == ["menus"]
    h.tap("A")
    h.tap("A")  # the first game's options
    assert type(h.app.scene).__name__ == "Options" and loaded() == ["newgame"]
    h.app.scene.sel = len(h.app.scene.rows()) - 1
    h.tap("A")
    assert isinstance(h.app.scene, table.Table) and loaded() == []
    h.tap("B")
    assert type(h.app.scene).__name__ == "TableMenu" and loaded() == ["pause"]
    h.tap("B")
    assert isinstance(h.app.scene, table.Table) and loaded() == []
    h.wait(3000)
    h.tap("UP")  # a hint: pause's code, then forgotten
    assert loaded() == []
    while type(h.app.scene).__name__ != "Summary":
        h.tap("A")
        h.wait(500)
    assert loaded() in (["handend", "domino.dealcode"], ["handend", "scores", "domino.dealcode"])
    h.tap("B")
    assert type(h.app.scene).__name__ == "Title" and loaded() == ["menus"]
    h.tap("DOWN")
    h.tap("DOWN")
    h.tap("A")  # Deal by code
    assert type(h.app.scene).__name__ == "CodeEntry" and loaded() == ["codeentry"]
    h.tap("B")
    assert loaded() == ["menus"]


def test_the_probe_finds_the_largest_block_that_can_be_allocated(monkeypatch):
    """The device's RAM guard reads the largest whole block (probe.largest_block): with
    allocations over 3,000 bytes failing, it finds 3,000 to within its step."""
    import probe

    def tight(n):
        if n > 3000:
            raise MemoryError("memory allocation failed, allocating %d bytes" % n)
        return b"\0" * n

    monkeypatch.setattr(probe, "bytearray", tight, raising=False)
    got = probe.largest_block(20000)
    assert 3000 - probe.STEP < got <= 3000
    # gc.mem_free() can read up to 8 KiB short of the largest free block: the search goes past it
    assert 3000 - probe.STEP < probe.largest_block(2000) <= 3000


def test_the_probe_block_search_from_a_guess_finds_the_same_block(monkeypatch):
    """Started from any guess (the last reading's block), above or below the answer, the
    search finds the largest block to ``STEP`` bytes; from the last answer, in two trials."""
    import probe
    trials = []

    def tight(n):
        trials.append(n)
        if n > 27650:
            raise MemoryError("memory allocation failed, allocating %d bytes" % n)
        return b""

    monkeypatch.setattr(probe, "bytearray", tight, raising=False)
    want = probe.largest_block(40000)
    assert 27650 - probe.STEP < want <= 27650
    for guess in (64, 1000, 27000, want - 64, want, want + 1, want + 64, 30000, 48000, 48064, 60000):
        assert 27650 - probe.STEP < probe.largest_block(40000, guess) <= 27650, guess
    del trials[:]
    assert probe.largest_block(40000, want) == want and len(trials) == 2


def test_the_probe_lets_each_trial_block_go_before_the_next(monkeypatch):
    """A trial block still held until a collection (on the device: a pointer left on a
    stack the collector scans) must not fail the larger trials after it."""
    import probe
    held = []

    def heap(n):
        if sum(held) + n > 30000:
            raise MemoryError("memory allocation failed, allocating %d bytes" % n)
        held.append(n)
        return b""

    monkeypatch.setattr(probe, "bytearray", heap, raising=False)
    monkeypatch.setattr(probe.gc, "collect", held.clear)
    assert 30000 - probe.STEP < probe.largest_block(40000) <= 30000


def quiet_probe(monkeypatch, collect, mem_free):
    """The probe module with ``gc`` replaced (``collect``, ``mem_free``) and its line's
    block search and fill test answering 1 and 2 at once."""
    import types
    import probe
    monkeypatch.setattr(probe, "gc", types.SimpleNamespace(collect=collect, mem_free=mem_free))
    monkeypatch.setattr(probe, "largest_block", lambda free, guess=0: 1)
    monkeypatch.setattr(probe, "fill_test", lambda: 2)
    return probe


def test_the_probe_reports_the_lowest_frame_since_its_last_line(monkeypatch):
    """Every frame is sampled: a line's lowest covers the frames since the line before,
    so the lines together cover every frame (the device guards read it)."""
    import types
    frees = iter([9000, 5000, 7000, 8000, 8500])
    probe = quiet_probe(monkeypatch, lambda: None, lambda: next(frees))
    lines = []
    p = probe.Probe(out=lines.append)
    app = types.SimpleNamespace(scene=None, session=None, now_ms=lambda: 0)

    class Title:
        pass

    class Table:
        pass

    class Menu:
        pass
    for scene in (Title(), Title(), Title(), Table(), Menu()):
        app.scene = scene
        p.tick(app)
    assert [ln.split()[1:5] for ln in lines] == [
        ["Title", "9000", "9000", "Title"],
        ["Table", "8000", "5000", "Title"],  # the two frames between, unprinted, counted
        ["Menu", "8500", "8500", "Menu"]]


def test_the_probe_samples_an_idle_frame_only_as_the_every_th(monkeypatch):
    """An idle frame (a screen that took no press and drew nothing) costs no collection,
    but for every ``EVERY``-th frame and a change of scene; other frames are sampled."""
    import types
    collects = []
    probe = quiet_probe(monkeypatch, lambda: collects.append(1), lambda: 9000)
    lines = []
    p = probe.Probe(out=lines.append)

    class Title:
        pass

    class Menu:
        pass
    app = types.SimpleNamespace(scene=Title(), session=None, now_ms=lambda: 0)
    p.tick(app, True)  # a new scene: sampled, a line
    assert (len(collects), len(lines)) == (1, 1)
    for _ in range(probe.EVERY - 1):
        p.tick(app, True)
    assert (len(collects), len(lines)) == (1, 1)
    p.tick(app, True)  # the EVERY-th since the line
    assert (len(collects), len(lines)) == (2, 2)
    p.tick(app, False)  # a press or a redraw: sampled
    assert len(collects) == 3
    app.scene = Menu()
    p.tick(app, True)  # the scene changed
    assert len(collects) == 4 and lines[-1].split()[1] == "Menu"


def test_the_app_calls_only_menu_frames_without_a_press_or_a_redraw_idle():
    """The simulator's app with a probe: frames at the title with no press are idle, a
    press is not, and every frame at a table where AI seats play is sampled."""
    h = sim.Harness(6, settings_speed=None)
    seen = []

    class Spy:
        def tick(self, app, idle=False):
            seen.append((type(app.scene).__name__, idle))
    h.app.probe = Spy()
    h.step()
    h.step()
    assert seen[-2:] == [("Title", True), ("Title", True)]
    h.tap("DOWN")
    assert ("Title", False) in seen
    h.tap("UP")  # back on the first row, where the keys below begin
    del seen[:]
    h.run_script(devscript.FAST + " " + devscript.new_game_keys(0, devscript.hard_seats(0, 4))[0] + " w3000")
    table = [idle for name, idle in seen if name == "Table"]
    assert table and not any(table)


def test_with_the_probe_a_match_is_dealt_by_the_count_of_matches_not_the_clock(monkeypatch):
    """The device's RAM runs read the same deals whatever the firmware's timing: with a
    probe, the same presses started later deal the same match; without, another."""
    probe = quiet_probe(monkeypatch, lambda: None, lambda: 50000)
    keys = devscript.FAST + " " + devscript.new_game_keys(0, devscript.hard_seats(0, 4))[0]

    def seed(wait, with_probe):
        h = sim.Harness(6, settings_speed=None)
        if with_probe:
            h.app.probe = probe.Probe(h.app, out=lambda line: None)
        h.run_script("w%d %s" % (wait, keys))
        return h.app.session.rec.seed
    assert seed(0, True) == seed(2000, True) == probe.Probe().seed()
    assert seed(0, False) != seed(2000, False)


def test_the_probe_fill_test_counts_what_can_be_allocated(monkeypatch):
    """The fill test allocates blocks, ever smaller, until none fits: with 10,000 bytes to
    give it counts them (to within its smallest block) and gives them all back."""
    import probe
    left = [10000]

    class Block:
        def __init__(self, n):
            if n > left[0]:
                raise MemoryError("memory allocation failed, allocating %d bytes" % n)
            left[0] -= n
    monkeypatch.setattr(probe, "bytearray", Block, raising=False)
    got = probe.fill_test() - probe._SLOTS * 4  # the list that holds the blocks, counted too
    assert 10000 - probe.STEP < got <= 10000


def test_the_code_entry_starts_from_the_last_code_and_plays_it():
    """The deal-code screen starts from the last code, goes back to the title, and plays a deal."""
    import scenes
    import menus
    h = sim.Harness(6)
    h.app.last_code = "DG0-000-01C"  # a Domino Loo deal: the screen starts from the last code
    h.tap("DOWN")
    h.tap("A")  # Deal by code
    assert type(h.app.scene).__name__ == "CodeEntry"
    h.tap("B")
    assert isinstance(h.app.scene, menus.Title)
    assert h.app.scene.rows()[h.app.scene.sel] == "Deal by code"  # the cursor stays
    h.tap("A")
    assert type(h.app.scene).__name__ == "CodeEntry"
    for _ in range(9):
        h.tap("A")  # on to OK, then play
    h.tap("A")
    assert isinstance(h.app.scene, (table.Table, scenes.Privacy))
    assert h.app.session.code == "DG0-000-01C"


def _play(h, pause_while_thinking, person_moves=6):
    """Play ``person_moves`` of the person's moves (the first legal one), the AI seats
    between; with ``pause_while_thinking`` the pause menu is opened and closed whenever
    an AI seat is thinking. The match's moves and how often the menu was opened."""
    import pause
    app = h.app
    done = paused = 0
    for _ in range(20000):
        sc = app.scene
        if done >= person_moves or app.session is None:
            break
        if isinstance(sc, table.Table):
            if sc.dirty_model:
                sc.sync()
            if sc.to_act:
                h.tap("A")
                done += 1
                continue
            if pause_while_thinking and sc.player is not None and paused < 40:
                h.tap("B")
                assert isinstance(app.scene, pause.TableMenu)
                assert app.session.engines == [None, None, None] and sc.player is None
                paused += 1
                h.tap("A")  # Resume
                assert app.scene is sc
                continue
        elif not isinstance(sc, pause.TableMenu):
            h.tap("A")  # a hand's end, a privacy screen
            continue
        h.step(20)
    return bytes(app.session.rec.moves), paused


def test_the_ai_engines_are_let_go_off_the_table_and_play_the_same_moves():
    """Off the table (the pause menu, a hand's end) the AI engines go; the next
    decision makes them again, seeded as before: the AI seats play the same moves as
    in a match never paused."""
    ref = sim.Harness(6)
    start(ref, [0, 3, 3, 2])  # you, Hard, Hard, Medium
    want, _ = _play(ref, False)
    h = sim.Harness(6)
    start(h, [0, 3, 3, 2])
    assert h.app.session.rec.seed == ref.app.session.rec.seed
    got, paused = _play(h, True)
    assert paused >= 5
    assert got == want and len(got) > 6


def test_a_restart_into_a_menu_keeps_the_last_deal_code(monkeypatch):
    """A menu screen opened by starting the program again (``App.reopen``: here a game's
    rules that did not fit in RAM) keeps the last deal's code: Deal by code starts from it."""
    import menus
    h = sim.Harness(6, settings_speed=None, restarts=True)  # as the device: a deal restarts it
    h.app.last_code = "DG0-000-01C"
    h.tap("DOWN")
    for _ in range(11):
        h.tap("A")  # Deal by code, on to OK, play
    assert h.restarts == 1 and h.app.session.code == "DG0-000-01C"
    h.app.to_title()
    real, failed = menus.Rules.__init__, []

    def once(self, app, gid):
        if not failed:
            failed.append(gid)
            raise MemoryError("memory allocation failed")
        real(self, app, gid)
    monkeypatch.setattr(menus.Rules, "__init__", once)

    def pick(name):
        rows = h.app.scene.rows()
        h.app.scene.sel = rows.index(name)
        h.tap("A")
    pick("Rules")
    h.tap("A")  # the first game's rules: out of RAM, so the program starts again into them
    assert h.restarts == 2 and failed and type(h.app.scene) is menus.Rules
    assert h.app.session is None and h.app.kept is not None  # the deal set aside, not built
    h.back()
    h.back()
    assert isinstance(h.app.scene, menus.Title)
    pick("Deal by code")
    assert type(h.app.scene).__name__ == "CodeEntry"
    assert "".join(dealcode.ALPHABET[c] for c in h.app.scene.chars) == "DG000001C"


def test_the_code_entry_starts_from_zeros_without_a_good_code():
    """No code yet, or one that is not a deal code (a restart's memory garbled): zeros."""
    import codeentry
    h = sim.Harness(6)
    for bad in ("", "DG0-000-01", "DG0-000-01C0", "DG0-000-0\xff1C", "DG0-OOO-01C"):
        h.app.last_code = bad
        assert bytes(codeentry.CodeEntry(h.app).chars) == bytes(9), bad
