"""Power-cut safe saves in a small byte region (``microcontroller.nvm`` or a file).

The region is split into three records (0 settings, 1 statistics, 2 match in
progress), each with two slots A and B. A save writes the slot that does *not*
hold the newest valid copy, so a write cut short at any byte leaves the last
good copy readable; on load the valid slot with the newest sequence number wins.

Slot layout (little endian), 12 header bytes then the payload::

    0  2  magic b"PD"
    2  1  format version (1)
    3  1  record id
    4  2  sequence number (mod 2**16, serial-number arithmetic)
    6  2  payload length
    8  4  CRC-32 (IEEE, as zlib/binascii) of bytes 0..7 and the payload
    12 .. payload

Data that is not blank (all 0x00 or all 0xFF) and fails these checks is
foreign or corrupt: it is ignored and described once in ``Storage.errors``.

Default layout (bytes per slot: 128, 640, 1280) fills exactly 4096 bytes, the
size of ``microcontroller.nvm`` on RP2040/RP2350 CircuitPython. Payload room:
settings 116, statistics 628, match 1268 bytes.

Hardware note (RP2040/RP2350): CircuitPython writes nvm bytes that are still
erased (0xFF) by programming pages, but any other write erases and reprograms
the whole 4 KB sector, which holds every slot. A power cut inside that window
(tens of milliseconds) can lose all records; the CRC then makes them read as
missing rather than as garbage. Saves of an unchanged payload are skipped to
keep such windows (and flash wear) rare.

On CircuitPython ``import storage`` always gives the built-in module, so device
code imports this module as ``savestore``; ``storage.py`` re-exports it for
the host (simulator, tests).
"""

try:
    from binascii import crc32 as _native_crc32
except ImportError:  # CircuitPython builds without zlib have no binascii.crc32
    _native_crc32 = None

MAGIC = b"PD"
VERSION = 1
HEADER = 12
SETTINGS, STATS, MATCH = 0, 1, 2
NAMES = ("settings", "stats", "match")
# Bytes per slot for record 0, 1, 2; two slots each: 2 * 2048 = 4096 bytes.
SLOT_SIZES = (128, 640, 1280)

_tab_lo = None
_tab_hi = None


def _tables():
    # Table-driven CRC-32 with each entry split into 16-bit halves, so that all
    # arithmetic stays in MicroPython small ints (no long-int allocation).
    global _tab_lo, _tab_hi
    lo = []
    hi = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
        lo.append(c & 0xFFFF)
        hi.append(c >> 16)
    _tab_lo = tuple(lo)
    _tab_hi = tuple(hi)


def crc32_py(data, crc=0):
    """CRC-32 (IEEE 802.3, as zlib.crc32) in pure Python with 16-bit halves."""
    if _tab_lo is None:
        _tables()
    tlo = _tab_lo
    thi = _tab_hi
    lo = (crc & 0xFFFF) ^ 0xFFFF
    hi = ((crc >> 16) & 0xFFFF) ^ 0xFFFF
    for b in data:
        i = (lo ^ b) & 0xFF
        lo = ((lo >> 8) | ((hi & 0xFF) << 8)) ^ tlo[i]
        hi = (hi >> 8) ^ thi[i]
    return ((hi ^ 0xFFFF) << 16) | (lo ^ 0xFFFF)


def crc32(data, crc=0):
    """CRC-32 of ``data``: binascii.crc32 where the firmware has it, else pure Python."""
    if _native_crc32 is not None:
        return _native_crc32(data, crc) & 0xFFFFFFFF
    return crc32_py(data, crc)


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def encode_slot(record_id, seq, payload):
    """The bytes of one slot image: header followed by ``payload``."""
    n = len(payload)
    head = bytearray(HEADER)
    head[0:2] = MAGIC
    head[2] = VERSION
    head[3] = record_id
    head[4] = seq & 0xFF
    head[5] = (seq >> 8) & 0xFF
    head[6] = n & 0xFF
    head[7] = n >> 8
    c = crc32(payload, crc32(head[0:8]))
    head[8] = c & 0xFF
    head[9] = (c >> 8) & 0xFF
    head[10] = (c >> 16) & 0xFF
    head[11] = (c >> 24) & 0xFF
    return bytes(head) + bytes(payload)


def newer(a, b):
    """True if sequence number ``a`` is newer than ``b`` (mod 2**16)."""
    d = (a - b) & 0xFFFF
    return 0 < d < 0x8000


class MemoryBackend:
    """A bytearray (or anything sliceable like one) as the save region."""

    def __init__(self, buf):
        self.buf = buf
        self.size = len(buf)

    def read(self, offset, n):
        return bytes(self.buf[offset:offset + n])

    def write(self, offset, data):
        self.buf[offset:offset + len(data)] = data


class NvmBackend(MemoryBackend):
    """``microcontroller.nvm``; each save is one slice assignment (one flash write)."""

    def __init__(self, nvm):
        if nvm is None:
            raise ValueError("this board has no microcontroller.nvm")
        MemoryBackend.__init__(self, nvm)


class FileBackend:
    """A preallocated file as the save region, for boards without nvm.

    CIRCUITPY is read-only to code unless ``boot.py`` calls
    ``storage.remount("/", readonly=False)`` (which makes it read-only to the
    computer instead); opening then raises OSError and the caller falls back.
    The A/B slots make a temp file + rename unnecessary.
    """

    def __init__(self, path, size=4096):
        self.path = path
        self.size = size
        try:
            f = open(path, "r+b")
        except OSError:
            f = open(path, "w+b")
        f.seek(0, 2)
        have = f.tell()
        if have < size:
            f.write(b"\xff" * (size - have))
            f.flush()
        self._f = f

    def read(self, offset, n):
        self._f.seek(offset)
        return self._f.read(n)

    def write(self, offset, data):
        self._f.seek(offset)
        self._f.write(data)
        self._f.flush()
        try:
            import os
            os.sync()
        except (ImportError, AttributeError, OSError):
            pass

    def close(self):
        self._f.close()


def _blank(b):
    first = b[0]
    if first != 0 and first != 0xFF:
        return False
    for x in b:
        if x != first:
            return False
    return True


class Storage:
    """Versioned, CRC-checked A/B records: ``load(id)``, ``save(id, payload)``, ``errors``."""

    def __init__(self, backend, slot_sizes=SLOT_SIZES):
        self.backend = backend
        self.slot_sizes = tuple(slot_sizes)
        need = 2 * sum(self.slot_sizes)
        if backend.size < need:
            raise ValueError("save region has %d bytes, needs %d" % (backend.size, need))
        for s in self.slot_sizes:
            if s <= HEADER or s - HEADER > 0xFFFF:
                raise ValueError("bad slot size %d" % s)
        self.offsets = []
        off = 0
        for s in self.slot_sizes:
            self.offsets.append((off, off + s))
            off += 2 * s
        self.errors = []
        # Per record: [slot index of newest valid copy or -1, its seq]
        self._state = []
        problems = []
        for rid in range(len(self.slot_sizes)):
            best, seq, bad = self._scan(rid)
            self._state.append([best, seq])
            problems.append(bad)
        self._report(problems)

    def capacity(self, record_id):
        """Largest payload, in bytes, that record ``record_id`` can hold."""
        return self.slot_sizes[self._check_id(record_id)] - HEADER

    def _check_id(self, record_id):
        if not isinstance(record_id, int) or not 0 <= record_id < len(self.slot_sizes):
            raise ValueError("unknown record id %r" % (record_id,))
        return record_id

    def _read_slot(self, rid, k):
        """(status, seq, payload) of slot k: status 'ok', 'blank', 'foreign' or a defect."""
        off = self.offsets[rid][k]
        cap = self.slot_sizes[rid]
        head = self.backend.read(off, HEADER)
        if len(head) < HEADER:
            return "truncated", 0, None
        if head[0:2] != MAGIC:
            if _blank(head) and _blank(self.backend.read(off, cap)):
                return "blank", 0, None
            return "foreign", 0, None
        if head[2] != VERSION:
            return "version %d" % head[2], 0, None
        if head[3] != rid:
            return "foreign", 0, None
        n = _u16(head, 6)
        if n > cap - HEADER:
            return "bad length", 0, None
        payload = self.backend.read(off + HEADER, n)
        if len(payload) < n:
            return "truncated", 0, None
        c = head[8] | (head[9] << 8) | (head[10] << 16) | (head[11] << 24)
        if crc32(payload, crc32(head[0:8])) != c:
            return "bad checksum", 0, None
        return "ok", _u16(head, 4), payload

    def _scan(self, rid):
        best = -1
        seq = 0
        bad = []
        for k in (0, 1):
            status, s, _ = self._read_slot(rid, k)
            if status == "ok":
                if best < 0 or newer(s, seq):
                    best, seq = k, s
            elif status != "blank":
                bad.append(status)
        return best, seq, bad

    def _report(self, problems):
        nslots = 2 * len(problems)
        foreign = sum(p.count("foreign") for p in problems)
        if foreign == nslots:
            self.errors.append("save memory holds foreign data: ignored")
            return
        for rid, bad in enumerate(problems):
            if not bad:
                continue
            name = NAMES[rid] if rid < len(NAMES) else "record %d" % rid
            what = ", ".join(bad)
            if self._state[rid][0] >= 0:
                self.errors.append("%s save: one copy damaged (%s); older copy used" % (name, what))
            else:
                self.errors.append("%s save unreadable (%s): ignored" % (name, what))

    def load(self, record_id):
        """The newest valid payload of the record as bytes, or None."""
        rid = self._check_id(record_id)
        best = self._state[rid][0]
        if best < 0:
            return None
        status, _, payload = self._read_slot(rid, best)
        if status == "ok":
            return payload
        # Changed under us (should not happen): rescan once.
        best, seq, _ = self._scan(rid)
        self._state[rid] = [best, seq]
        if best < 0:
            return None
        return self._read_slot(rid, best)[2]

    def save(self, record_id, payload):
        """Store ``payload`` (bytes) in the record; returns False if it was unchanged.

        Writes the slot not holding the newest copy, in one backend write.
        Raises ValueError if the payload is too large, OSError if the write
        did not read back.
        """
        rid = self._check_id(record_id)
        payload = bytes(payload)
        cap = self.slot_sizes[rid] - HEADER
        if len(payload) > cap:
            raise ValueError("%s payload %d bytes > %d" % (NAMES[rid] if rid < 3 else rid, len(payload), cap))
        best, seq = self._state[rid]
        if best >= 0:
            if self.load(rid) == payload:
                return False
            best, seq = self._state[rid]
        target = 1 - best if best >= 0 else 0
        new_seq = (seq + 1) & 0xFFFF if best >= 0 else 1
        image = encode_slot(rid, new_seq, payload)
        off = self.offsets[rid][target]
        self.backend.write(off, image)
        if self.backend.read(off, len(image)) != image:
            raise OSError("save of %s did not read back" % NAMES[rid])
        self._state[rid] = [target, new_seq]
        return True
