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
