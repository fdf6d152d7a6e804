"""pytest setup: the core in lib/ and the tools are importable as on the device; the
device tests run last, their emulator runs started early (``test_device.launch``)."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("lib", "tools", "firmware"):
    p = os.path.join(ROOT, sub)
    if p not in sys.path:
        sys.path.insert(0, p)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session, config, items):
    """The device tests run last, and their emulator runs start now on one core
    (``test_device.launch``) while the host tests use the other."""
    dev = [i for i in items if getattr(getattr(i, "module", None), "__name__", "") == "test_device"]
    if dev and not config.option.collectonly:
        items[:] = [i for i in items if i not in dev] + dev
        try:
            dev[0].module.launch(1)
        except Exception:  # noqa: BLE001 - the device tests' fixture launches again and fails there
            pass


def pytest_sessionfinish(session):
    """The device runs not started are cancelled."""
    mod = sys.modules.get("test_device")
    if mod is not None:
        mod.stop_runs()


@pytest.fixture
def modules_restored():
    """After the test, ``sys.modules`` as it was before it, and each package's submodules
    its attributes again: a test that lets the app forget modules (as the device does) or
    imports them afresh leaves the other tests the classes they imported."""
    saved = dict(sys.modules)
    yield
    for name in [n for n in sys.modules if n not in saved]:
        del sys.modules[name]
    sys.modules.update(saved)
    for name, mod in saved.items():
        parent, _, leaf = name.rpartition(".")
        if parent in saved:
            setattr(saved[parent], leaf, mod)
