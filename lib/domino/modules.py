"""Forgetting modules, so that a later import loads them again.

On a device a module's code takes RAM while ``sys.modules`` or its package holds it;
forgetting it gives that RAM back to the heap once nothing else does. The core, the
firmware and the tools forget modules only with :func:`forget`.
"""

import sys


def forget(names):
    """Forget the modules ``names`` (dotted names; ones not loaded are skipped): each
    leaves ``sys.modules`` and, as a submodule, its package's attributes. A port
    that cannot remove a package's attribute keeps the module there."""
    gone = [n for n in names if sys.modules.pop(n, None) is not None]
    for name in gone:
        parent, _, leaf = name.rpartition(".")
        pkg = sys.modules.get(parent) if parent else None
        if pkg is not None:
            try:
                delattr(pkg, leaf)
            except (AttributeError, TypeError):  # not set, or a port that cannot
                pass
