#!/usr/bin/env bash
# Optional: .venv-pypy, a PyPy 3 environment with the PyPI `dominoes` 6.1.0 library, for
# long adapter runs against its searching player (`probabilistic_alphabeta`), which runs
# about 5x faster under PyPy than under CPython with the same choices (the same seeds give
# the same rows). Needs `pypy3` (Debian: `apt-get install pypy3`; installed here when
# missing and run as root). The tests do not need it.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v pypy3 >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get update -q && apt-get install -y -q pypy3
    else
        echo "setup_pypy: pypy3 not found; install it (Debian: apt-get install pypy3)" >&2
        exit 1
    fi
fi
if [ ! -x .venv-pypy/bin/python ]; then
    pypy3 -m venv .venv-pypy
fi
.venv-pypy/bin/python -m pip install -q --disable-pip-version-check dominoes==6.1.0
# The core writes `from micropython import const`; CPython's .venv gets that module from
# Adafruit-Blinka, which this environment does not need: a stub of the same function.
site="$(.venv-pypy/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
printf 'def const(x):\n    """CircuitPython'"'"'s const: the value itself."""\n    return x\n' > "$site/micropython.py"
