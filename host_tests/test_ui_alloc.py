"""Drawing the table creates no display objects per frame: the root group's
children stay the same objects, and no Bitmap/TileGrid/Group/Palette is
constructed while the AI thinks (animation) or while you browse your hand."""

import displayio

import refresh_golden
import sim
import table


class Counter:
    def __init__(self, monkeypatch):
        self.n = 0
        for name in ("Bitmap", "TileGrid", "Group", "Palette"):
            cls = getattr(displayio, name)
            orig = cls.__init__

            def wrapped(obj, *a, _orig=orig, **k):
                self.n += 1
                _orig(obj, *a, **k)

            monkeypatch.setattr(cls, "__init__", wrapped)


def test_table_frames_allocate_no_display_objects(monkeypatch):
    h = sim.Harness(6)
    h.app.settings.speed = 2  # slow AI pace: many "thinking" animation frames
    refresh_golden._start(h, 0)
    refresh_golden._play_until(h, lambda app: app.session.is_ai(app.session.game.turn)
                               and app.session.game.nplayed > 1)
    group = h.app.scr.group
    before = [id(c) for c in group]
    bmp = h.app.scr.bitmap
    h.step(20)
    assert isinstance(h.app.scene, table.Table)
    count = Counter(monkeypatch)
    draws = h.display.refreshes
    for _ in range(30):  # AI thinking: animation frames
        h.step(20)
    assert h.display.refreshes > draws  # frames were really drawn
    assert count.n == 0
    assert [id(c) for c in group] == before and h.app.scr.bitmap is bmp
    displayio.Group()  # the counter does see constructions
    assert count.n == 1
    assert h.app.display.root_group is group


def test_browsing_hand_allocates_nothing(monkeypatch):
    h = sim.Harness(6)
    refresh_golden._start(h, 0, kinds=[0, 0, 0, 0])
    h.tap("A")  # privacy -> table
    group = h.app.scr.group
    before = [id(c) for c in group]
    count = Counter(monkeypatch)
    for _ in range(20):
        h.tap("RIGHT")
        h.tap("LEFT")
    assert count.n == 0
    assert [id(c) for c in group] == before
