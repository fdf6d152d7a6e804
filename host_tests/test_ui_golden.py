"""Golden screenshots: every screen rendered headless through Blinka displayio
and compared pixel for pixel with host_tests/golden/*.png.

Refresh on purpose with ``.venv/bin/python tools/refresh_golden.py [name...]``.
"""

import os

import pytest

import refresh_golden
import sim

import pygame  # noqa: E402  (installed by tools/setup.sh: a missing one must fail, not skip)


@pytest.fixture(scope="module")
def display():
    return sim.shared_display()


@pytest.mark.parametrize("name", sorted(refresh_golden.SCREENS))
def test_screen_matches_golden(display, name):
    path = os.path.join(refresh_golden.GOLDEN, name + ".png")
    assert os.path.exists(path), "no golden for %s: run tools/refresh_golden.py %s" % (name, name)
    refresh_golden.make(name, display)
    got = sim.frame_bytes(display)
    want_img = pygame.image.load(path)
    assert want_img.get_size() == (128, 64)
    want = pygame.image.tobytes(want_img, "RGB")
    if got != want:
        bad = sum(1 for i in range(0, len(got), 3) if got[i:i + 3] != want[i:i + 3])
        out = os.path.join(refresh_golden.GOLDEN, "..", "golden_failed_" + name + ".png")
        sim.screenshot(display, out)
        pytest.fail("%s differs from its golden in %d pixels (see %s)" % (name, bad, out))


def test_every_golden_has_a_screen():
    names = {f[:-4] for f in os.listdir(refresh_golden.GOLDEN) if f.endswith(".png")}
    assert names == set(refresh_golden.SCREENS)


def test_the_simulators_word_fill_equals_blinkas_pixel_fill():
    """tools/sim.py fills 1-bit bitmaps a word at a time (``sim._word_fill``): on random
    rectangles, partly or wholly off the bitmap, and any value, the same pixels and the
    same dirty area as Blinka's pixel loop."""
    import random
    import bitmaptools
    from displayio import Bitmap
    fast, slow = bitmaptools.fill_region, bitmaptools.fill_region.slow
    rng = random.Random(5)
    for width in (128, 37):
        a, b = Bitmap(width, 64, 2), Bitmap(width, 64, 2)
        for _ in range(400):
            x1, y1 = rng.randrange(-40, width + 8), rng.randrange(-10, 70)
            x2, y2 = x1 + rng.randrange(-3, 90), y1 + rng.randrange(-3, 40)
            v = rng.choice((0, 1, 1, 2, 3))
            a._finish_refresh()
            b._finish_refresh()
            fast(a, x1, y1, x2, y2, v)
            slow(b, x1, y1, x2, y2, v)
            assert list(a._data) == list(b._data), (width, x1, y1, x2, y2, v)
            da, db = a._dirty_area, b._dirty_area
            assert (da.x1, da.y1, da.x2, da.y2) == (db.x1, db.y1, db.x2, db.y2), (x1, y1, x2, y2)
        assert any(a._data) and not all(w == 0xFFFFFFFF for w in a._data)


def test_the_simulators_row_blit_equals_blinkas_pixel_blit():
    """tools/sim.py copies glyphs a row at a time (``sim._word_blit``: 1-bit bitmaps, the
    source's 0s skipped): on random source regions placed partly or wholly off the
    destination, the same pixels and dirty area as Blinka's pixel loop."""
    import random
    import bitmaptools
    from displayio import Bitmap
    fast, slow = bitmaptools.blit, bitmaptools.blit.slow
    rng = random.Random(9)
    src = Bitmap(70, 30, 2)
    for i in range(70 * 30):
        src[i] = rng.random() < 0.4
    for width in (128, 45):
        a, b = Bitmap(width, 64, 2), Bitmap(width, 64, 2)
        for _ in range(400):
            x, y = rng.randrange(-20, width + 4), rng.randrange(-12, 68)
            x1, y1 = rng.randrange(0, 70), rng.randrange(0, 30)
            x2 = rng.choice((None, x1 + rng.randrange(-5, 40)))
            y2 = rng.choice((None, y1 + rng.randrange(-5, 20)))
            if x2 is not None and x2 < 0 or y2 is not None and y2 < 0:
                continue
            a._finish_refresh()
            b._finish_refresh()
            args = dict(x1=x1, y1=y1, x2=x2, y2=y2, skip_source_index=0)
            try:
                slow(b, src, x, y, **args)
            except ValueError:
                with pytest.raises(ValueError):
                    fast(a, src, x, y, **args)
                continue
            fast(a, src, x, y, **args)
            assert list(a._data) == list(b._data), (width, x, y, args)
            da, db = a._dirty_area, b._dirty_area
            assert (da.x1, da.y1, da.x2, da.y2) == (db.x1, db.y1, db.x2, db.y2), (x, y, args)
        assert any(a._data)
