"""Strip docstrings from Python sources for the device, keeping line numbers.

CircuitPython cannot load MicroPython's ``.mpy`` files, so the board compiles the
``.py`` sources on import, in RAM, and keeps every docstring there as a string
constant (about 9 KB for the core and one game). ``tools/deploy.py`` therefore
copies sources through :func:`strip_docstrings`: each module, class and function
docstring becomes blank lines (a ``pass`` where it was the whole body), so a
traceback on the device still points at the right line of the source in git.
``tools/budget.py`` measures the core in exactly this form.

    .venv/bin/python tools/shrink.py SRC_DIR DST_DIR   # copy a tree, stripped
"""

import ast
import os
import sys


def strip_docstrings(text, filename="<source>"):
    """``text`` with its docstrings blanked out; same number of lines; compiles the same."""
    tree = ast.parse(text, filename)
    lines = text.splitlines(keepends=True)
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        body = node.body
        if not body:
            continue
        first = body[0]
        if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)):
            continue
        start, end = first.lineno - 1, first.end_lineno - 1
        if lines[start][:first.col_offset].strip() or lines[end][first.end_col_offset:].strip():
            continue  # shares a line with other code: leave it alone
        filler = ""
        if len(body) == 1:
            filler = " " * first.col_offset + "pass"
        for i in range(start, end + 1):
            nl = "\n" if lines[i].endswith("\n") else ""
            lines[i] = (filler if i == start else "") + nl
    out = "".join(lines)
    compile(out, filename, "exec")
    return out


def shrink_tree(src_dir, dst_dir):
    """Copy every ``.py`` under ``src_dir`` to ``dst_dir`` stripped; return {relpath: bytes}."""
    sizes = {}
    for dirpath, dirnames, filenames in os.walk(src_dir):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for fn in sorted(filenames):
            if not fn.endswith(".py"):
                continue
            src = os.path.join(dirpath, fn)
            rel = os.path.relpath(src, src_dir)
            dst = os.path.join(dst_dir, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(src, encoding="utf-8") as f:
                data = strip_docstrings(f.read(), src).encode("utf-8")
            with open(dst, "wb") as f:
                f.write(data)
            sizes[rel] = len(data)
    return sizes


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    s = shrink_tree(sys.argv[1], sys.argv[2])
    print("stripped %d files, %d bytes" % (len(s), sum(s.values())))
