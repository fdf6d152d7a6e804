"""Host-side name for the save module: ``from storage import Storage, ...``.

The code lives in ``savestore.py``. On CircuitPython ``import storage`` always
returns the built-in ``storage`` module (built-ins are looked up before files),
so this file is never imported on a device and ``tools/deploy.py`` does not copy
it; device code (code.py/hardware.py) builds the Storage from ``savestore``
and passes it to the app.
"""

from savestore import (  # noqa: F401
    FileBackend,
    MemoryBackend,
    NvmBackend,
    Storage,
    crc32,
    encode_slot,
)
