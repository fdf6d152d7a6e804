"""tools/budget.py reports every required key, and the core meets its heap targets.

The heap figures are byte counts from real 32-bit MicroPython (WebAssembly), not timings,
so they are asserted; speed is reported by the budget but never asserted.
"""

import re

import pytest

import budget
import micropython as mp

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


def test_full_match_fits_in_target_heap(report):
    """The whole run (imports, a full 4-player match) fits in a heap of after-import + 8 KB
    with garbage collected only between moves: the port grows its heap when a call does
    not fit, and that growth is what this checks for."""
    limit = report.values["micropython_heap_after_import_bytes"] + 8 * 1024
    steps = budget.import_steps(budget.SEYCHELLES_IMPORTS) + [
        mp.MATCH_DRIVER, "DRIVER = Driver(0, 4, 7, 1, None, False)"]
    b = budget.Budget()
    try:
        r = mp.run(steps=steps, loop="step", lib=b.mpy_lib(), heapsize=limit)
    finally:
        b.close()
    assert r.heap_total <= limit
    assert not r.grew, "the match needed more than a %d-byte heap" % r.heap_total


def test_sections_extend():
    """A new section is one function appended to SECTIONS."""
    def section_demo(b):
        b.put("demo_bytes", 12)
        b.target("demo_bytes", 12, 16)

    b = budget.measure(sections=[section_demo])
    assert b.lines() == ["demo_bytes: 12", "target demo_bytes <= 16: 12 PASS"]
