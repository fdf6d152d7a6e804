"""tools/shrink.py: docstrings go, code and line numbers stay."""

import os

import pytest

from shrink import strip_docstrings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SRC = '''"""Module doc.

Two lines."""

X = "not a docstring"


class A:
    """Class doc."""

    def f(self):
        """Only a docstring."""

    def g(self):
        """Doc."""
        return X  # kept


def h():
    x = 1
    """A string after code is not a docstring."""
    return x
'''


def test_docstrings_blanked_lines_kept():
    out = strip_docstrings(SRC)
    assert out.count("\n") == SRC.count("\n")
    assert "Module doc" not in out and "Class doc" not in out and "Only a docstring" not in out
    assert "Doc." not in out
    assert 'X = "not a docstring"' in out
    assert "A string after code is not a docstring." in out
    ns = {}
    exec(compile(out, "<t>", "exec"), ns)
    assert ns["A"]().f() is None and ns["A"]().g() == "not a docstring" and ns["h"]() == 1
    # a traceback line number still points at the same statement
    src_lines, out_lines = SRC.splitlines(), out.splitlines()
    i = src_lines.index("        return X  # kept")
    assert out_lines[i] == src_lines[i]


@pytest.mark.parametrize("sub", ["lib/domino", "firmware"])
def test_every_project_source_strips_and_compiles(sub):
    n = 0
    for dirpath, _, files in os.walk(os.path.join(ROOT, sub)):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(dirpath, f)
                text = open(path, encoding="utf-8").read()
                out = strip_docstrings(text, path)
                assert out.count("\n") == text.count("\n")
                n += 1
    assert n > 5
