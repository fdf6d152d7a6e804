"""The table and score screens a player reads (issue 17): pips told apart, the
All Fives layout as the core has it, every seat's score with up to 8 players,
the last plays and the move log."""

import pytest

import render
import sim
import table


HAND_W, HAND_H = 11, 21  # a tile as the hand draws it (vertical)


def _screen():
    return render.Screen(sim.NullDisplay())


def _half(scr, x0, y0):
    """The 9x9 interior of one half as a tuple of 0/1 rows."""
    b = scr.bitmap
    return tuple(tuple(b[x0 + c, y0 + r] for c in range(9)) for r in range(9))


def _halves(v, selected):
    scr = _screen()
    scr.clear()
    scr.tile(10, 10, v, v, True, selected)
    return scr, _half(scr, 11, 11), _half(scr, 11, 21)


@pytest.mark.parametrize("nset", (6, 9, 12))
@pytest.mark.parametrize("selected", (False, True))
def test_every_pip_count_told_apart_with_a_gap(nset, selected):
    """Each count 0..nset at the hand's tile size: the two halves draw alike, the
    counts differ pairwise, and no pip touches the tile's edge or the centre line
    (the interior's outer ring keeps the background colour)."""
    bg = 1 if selected else 0
    seen = {}
    for v in range(nset + 1):
        scr, top, bottom = _halves(v, selected)
        assert top == bottom, v
        ink = sum(1 for row in top for p in row if p != bg)
        assert (ink == 0) == (v == 0), (v, ink)
        ring = [top[r][c] for r in range(9) for c in range(9) if r in (0, 8) or c in (0, 8)]
        assert all(p == bg for p in ring), "count %d touches the edge or centre line" % v
        # the frame: edge and centre line are drawn in the other colour
        fg = 1 - bg
        b = scr.bitmap
        assert all(b[10 + c, 10] == 1 and b[10 + c, 30] == 1 for c in range(HAND_W)), "edge"
        assert all(b[12 + c, 20] == fg for c in range(7)), "centre line"
        assert top not in seen, "count %d draws like %d" % (v, seen.get(top))
        seen[top] = v
