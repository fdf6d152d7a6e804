"""Power-cut safe saves in a small byte region (``microcontroller.nvm`` or a file).

Three records (0 settings, 1 statistics, 2 match in progress) live in one
append-only log. Every save APPENDS a new copy of its record to the still
erased (0xFF) tail of the region and leaves every older copy where it is, so a
write cut short at any byte can only damage the copy being written: on load
the newest copy of each record whose CRC checks wins, and the one before it is
still there. Copy layout (little endian), 12 header bytes then the payload::

    0  2  magic b"PD"
    2  1  format version (2)
    3  1  record id (0xFE: acknowledgement marker, empty payload)
    4  2  sequence number (mod 2**16, serial-number arithmetic)
    6  2  payload length
    8  4  CRC-32 (IEEE, as zlib/binascii) of bytes 0..7 and the payload
    12 .. payload, then 0xFF up to the next multiple of 4

Why a log: on RP2040/RP2350 CircuitPython ``microcontroller.nvm`` is ONE 4 KB
flash sector. Its write (``common_hal_nvm_bytearray_set_bytes`` in
ports/raspberrypi/common-hal/nvm/ByteArray.c) programs 256-byte pages without
erasing only when every target byte is still 0xFF; any other write copies the
sector to RAM, erases it and programs it back. An append into the 0xFF tail
takes the first path: only the new copy's bits go from 1 to 0 (the page's
older bytes are programmed again with the values they already hold, which
changes no bit), so no erase happens and older copies survive a power cut.
The previous A/B-slot format overwrote used bytes and so erased the sector,
which holds every record, on every save.

Reading the log (at start-up): copies are found by walking it from offset 0,
jumping over each good copy; anything unreadable is stepped over 4 bytes at a
time, so a torn copy never hides later ones. After a torn or foreign area the
next append starts on a fresh 256-byte flash page (a cut program can leave
weak bits anywhere in its page). Damage found after the last acknowledgement
marker is described in ``Storage.errors`` (one line per record, one for
damage no record claims, or one for a region of foreign data); the next save
appends a marker in front of its copy, so the damage is not reported again
after that save. A region of all 0x00 or all 0xFF is blank, not damaged.

Compaction: when the new copy does not fit in the tail, the newest copy of
every record (the new payload for the record being saved; statistics first,
then settings, then the match) is packed at the start of a 0xFF-filled image
of the whole region (built in a buffer of the region's size made for the
compaction and dropped after it: compactions are rare, and a buffer kept for
the session would take 4 KB of the heap from every match), written by
ONE backend write (one ``nvm`` slice
assignment: one sector erase, then one program of all 16 pages; writing less
than the whole region would not help, as CircuitPython programs back the rest
of the old sector after the erase). Record sizes are capped (``SLOT_SIZES``:
at most half the region for all three at their largest), so a compacted log
always leaves room for appends; with real record sizes a compaction happens
once every few tens of saves (host_tests/test_storage.py counts 11 erases in
500 saves of a long match; the A/B-slot format erased on 494 of them).

RESIDUAL RISK (cannot be removed with one sector): an erase is not atomic. A
power cut between the start of the compaction's erase and the end of its
program (an erase typically takes tens of milliseconds, up to a few hundred
by flash datasheets, plus well under 1 ms per page programmed) can lose every
record: the sector is then blank (nothing to resume, no error shown), partly
erased (copies in the part not yet erased still load, the rest is reported
once as damage) or holds a prefix of the new image (the copies programmed
before the cut load; statistics come first for that reason). The CRC-32 makes
loading a wrong copy vanishingly unlikely. The log makes this window rare
(one erase per compaction instead of one per save); it cannot make it
impossible.

On boards with a file instead of nvm the same log is used; there the
append-only argument holds only as far as the filesystem updates blocks in
place, and the CRC still rejects any torn copy.

The module is called ``savestore``, not ``storage``: on CircuitPython
``import storage`` always gives the built-in module of that name.
"""

try:
    from binascii import crc32 as _native_crc32
except ImportError:  # CircuitPython builds without zlib have no binascii.crc32
    _native_crc32 = None

MAGIC = b"PD"
VERSION = 2
HEADER = 12
SETTINGS, STATS, MATCH = 0, 1, 2
NAMES = ("settings", "stats", "match")
# Largest copy (header + payload) of record 0, 1, 2. The region must hold at
# least twice their sum (2 * 2048 = 4096 bytes, the RP2040 nvm), so that a
# compacted log is at most half full.
SLOT_SIZES = (128, 640, 1280)
ALIGN = 4  # copies start at multiples of 4
PAGE = 256  # flash program page: fresh start after a torn area
ACK = 0xFE  # record id of the "damage before this point was reported" marker
COMPACT_ORDER = (STATS, SETTINGS, MATCH)  # most precious first

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


def encode_slot(record_id, seq, payload):
    """The bytes of one record copy: header followed by ``payload``."""
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


def _align(n):
    return (n + ALIGN - 1) & ~(ALIGN - 1)


def _all_ff(b):
    for x in b:
        if x != 0xFF:
            return False
    return True


_FF_PAGE = b"\xff" * PAGE


def _region(size):
    """A buffer of the region's size, for a scan or a compaction: on MemoryError
    the heap is collected and it is asked for once more (a save that still
    fails raises MemoryError and leaves the log as it was)."""
    try:
        return bytearray(size)
    except MemoryError:
        import gc
        gc.collect()
        return bytearray(size)


def _used(buf, lim, blank):
    """Length of ``buf[:lim]`` without its trailing ``blank`` bytes (no copy of the buffer)."""
    fill = _FF_PAGE if blank == 0xFF else bytes(PAGE)
    n = lim
    while n >= PAGE and buf[n - PAGE:n] == fill:
        n -= PAGE
    while n and buf[n - 1] == blank:
        n -= 1
    return n


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
    The log (older copies are never overwritten until a compaction) makes a
    temp file + rename unnecessary.
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


class Storage:
    """Versioned, CRC-checked records in an append-only log: ``load(id)``,
    ``save(id, payload)``, ``errors``.

    ``compactions`` counts the saves that had to rewrite the whole region (on
    nvm: one sector erase each); every other save is an append.
    """

    def __init__(self, backend, slot_sizes=SLOT_SIZES):
        self.backend = backend
        self.slot_sizes = tuple(slot_sizes)
        self.size = backend.size
        need = 2 * sum(self.slot_sizes)
        if self.size < need:
            raise ValueError("save region has %d bytes, needs %d" % (self.size, need))
        for s in self.slot_sizes:
            if s <= HEADER or s - HEADER > 0xFFFF:
                raise ValueError("bad slot size %d" % s)
        if len(self.slot_sizes) >= ACK:
            raise ValueError("too many records")
        self.compactions = 0
        self.errors = []
        self._report(self._scan())

    def capacity(self, record_id):
        """Largest payload, in bytes, that record ``record_id`` can hold."""
        return self.slot_sizes[self._check_id(record_id)] - HEADER

    def _check_id(self, record_id):
        if not isinstance(record_id, int) or not 0 <= record_id < len(self.slot_sizes):
            raise ValueError("unknown record id %r" % (record_id,))
        return record_id

    # -- reading the log -----------------------------------------------------------

    def _parse(self, data, p, lim):
        """(status, record id or -1, seq, payload length) of a copy at ``p``, or None (no magic)."""
        if data[p] != 0x50 or p + 1 >= lim or data[p + 1] != 0x44:
            return None
        if p + HEADER > lim:
            return "truncated", -1, 0, 0
        rid = data[p + 3]
        n = data[p + 6] | (data[p + 7] << 8)
        nrec = len(self.slot_sizes)
        if rid == ACK:
            cap = 0
        elif rid < nrec:
            cap = self.slot_sizes[rid] - HEADER
        else:
            return "foreign", -1, 0, n
        if n > cap:
            return "bad length", rid, 0, n
        if p + HEADER + n > lim:
            return "truncated", rid, 0, n
        c = data[p + 8] | (data[p + 9] << 8) | (data[p + 10] << 16) | (data[p + 11] << 24)
        mv = memoryview(data)
        if crc32(mv[p + HEADER:p + HEADER + n], crc32(mv[p:p + 8])) != c:
            return "bad checksum", rid, 0, n
        if data[p + 2] != VERSION:
            return "version %d" % data[p + 2], rid, 0, n
        return "ok", rid, data[p + 4] | (data[p + 5] << 8), n

    def _scan(self, found=None):
        """Walk the log: newest good copy per record, the append point, unacknowledged damage.

        Returns ``(problems, anything_good)``; ``found``, if a list, gets
        ``(record id, offset)`` of every good copy in log order.
        """
        nrec = len(self.slot_sizes)
        data = _region(self.size)
        lim = self._read_all(data)
        used = _used(data, lim, 0xFF)
        self._best = [None] * nrec  # per record: (seq, offset, payload length)
        problems = []  # (record id or -1, what)
        good = False
        if used == 0 or _used(data, lim, 0) == 0:
            # blank: all 0xFF (erased flash, new file) or all 0x00 (a fresh bytearray)
            self._end = 0 if used == 0 and lim == self.size else self.size
            self._ack = False
            return problems, good
        p = 0
        in_bad = False  # inside an unreadable stretch already reported
        last_end = 0  # end of the last good copy
        while p < used:
            r = self._parse(data, p, lim)
            if r is None:
                if not in_bad and not _all_ff(data[p:p + ALIGN]):
                    problems.append((-1, "damaged"))
                    in_bad = True
                p += ALIGN
                continue
            status, rid, seq, n = r
            if status != "ok":
                if not in_bad or rid >= 0:
                    problems.append((rid, status))
                in_bad = True
                p += ALIGN
                continue
            good = True
            in_bad = False
            if rid == ACK:
                problems = []
            else:
                b = self._best[rid]
                if b is None or not newer(b[0], seq):
                    self._best[rid] = (seq, p, n)
                if found is not None:
                    found.append((rid, p))
            last_end = p + HEADER + n
            p = _align(last_end)
        if lim < self.size:
            self._end = self.size  # short read: the next save rewrites the whole region
        elif last_end >= used:
            self._end = _align(last_end)
        else:
            self._end = (used // PAGE + 1) * PAGE  # a fresh page after torn or foreign bytes
        self._ack = len(problems) > 0
        return problems, good

    def _read_all(self, buf):
        """Read the region into ``buf`` a page at a time; the bytes read."""
        p = 0
        while p < self.size:
            d = self.backend.read(p, min(PAGE, self.size - p))
            buf[p:p + len(d)] = d
            p += len(d)
            if len(d) < PAGE:
                break
        return p

    def _matches(self, img, n):
        """True if the region's first ``n`` bytes read back as ``img`` (a page at a time)."""
        p = 0
        while p < n:
            k = min(PAGE, n - p)
            if self.backend.read(p, k) != img[p:p + k]:
                return False
            p += k
        return True

    def _report(self, scanned):
        problems, good = scanned
        if not problems:
            return
        loose = False
        known = False
        for rid, what in problems:
            if rid < 0 or rid == ACK:
                loose = True
            else:
                known = True
        if not good and not known:
            self.errors.append("save memory holds foreign data: ignored")
            return
        for rid in range(len(self.slot_sizes)):
            bad = []
            for r, what in problems:
                if r == rid and what not in bad:
                    bad.append(what)
            if not bad:
                continue
            name = NAMES[rid] if rid < len(NAMES) else "record %d" % rid
            what = ", ".join(bad)
            if self._best[rid] is not None:
                self.errors.append("%s save: a damaged copy (%s) skipped; last good copy used"
                                   % (name, what))
            else:
                self.errors.append("%s save unreadable (%s): ignored" % (name, what))
            loose = False  # the bytes around a damaged copy belong to it
        if loose:
            self.errors.append("save memory partly damaged: skipped")

    def copies(self, record_id):
        """Offsets of every good copy of the record, oldest first (for tests and tools)."""
        rid = self._check_id(record_id)
        found = []
        self._scan(found)
        return [off for r, off in found if r == rid]

    # -- load and save -----------------------------------------------------------------

    def load(self, record_id):
        """The newest valid payload of the record as bytes, or None."""
        rid = self._check_id(record_id)
        for _ in range(2):
            b = self._best[rid]
            if b is None:
                return None
            seq, off, n = b
            data = self.backend.read(off, HEADER + n)
            r = self._parse(data, 0, len(data)) if len(data) else None
            if r is not None and r[0] == "ok" and r[1] == rid:
                return data[HEADER:]
            self._scan()  # changed under us (should not happen): rescan once
        return None

    def save(self, record_id, payload):
        """Store ``payload`` (bytes) in the record; returns False if it was unchanged.

        Appends one copy to the erased tail of the log in one backend write
        (no erase on nvm), or compacts the log when the tail is too short.
        Raises ValueError if the payload is too large, OSError if the write
        did not read back.
        """
        rid = self._check_id(record_id)
        payload = bytes(payload)
        cap = self.slot_sizes[rid] - HEADER
        if len(payload) > cap:
            raise ValueError("%s payload %d bytes > %d" % (NAMES[rid] if rid < len(NAMES) else rid,
                                                          len(payload), cap))
        b = self._best[rid]
        if b is not None:
            if b[2] == len(payload) and self.backend.read(b[1] + HEADER, b[2]) == payload:
                return False
            seq = (b[0] + 1) & 0xFFFF
        else:
            seq = 1
        image = encode_slot(rid, seq, payload)
        end = self._end
        off = end
        if self._ack:
            image = encode_slot(ACK, 0, b"") + image
            off += HEADER
        n = len(image)
        if end + n <= self.size and _all_ff(self.backend.read(end, n)):
            self.backend.write(end, image)
            if self.backend.read(end, n) != image:
                self._end = ((end + n) // PAGE + 1) * PAGE
                raise OSError("save of %s did not read back" % NAMES[rid])
            self._best[rid] = (seq, off, len(payload))
            self._end = _align(end + n)
            self._ack = False
        else:
            self._compact(rid, seq, payload)
        return True

    def acknowledge(self):
        """Mark the damage reported so far as seen, so that the next start does not
        report it again: the log is compacted (rare: only after damage was found).
        Returns False when there was nothing to acknowledge."""
        if not self._ack:
            return False
        self._compact(-1, 0, b"")
        return True

    def _compact(self, rid, seq, payload):
        """Rewrite the region as the newest copy of each record, in one write (one erase);
        ``rid`` -1: no new copy, only the records as they are."""
        nrec = len(self.slot_sizes)
        order = [r for r in COMPACT_ORDER if r < nrec]
        for r in range(nrec):
            if r not in order:
                order.append(r)
        copies = []  # (record id, seq, payload)
        for r in order:
            if r == rid:
                copies.append((r, seq, payload))
            elif self._best[r] is not None:
                pl = self.load(r)
                if pl is not None:
                    copies.append((r, self._best[r][0], pl))
        img = _region(self.size)
        for q in range(0, self.size, PAGE):
            img[q:q + PAGE] = _FF_PAGE[:min(PAGE, self.size - q)]
        best = [None] * nrec
        p = 0
        for r, s, pl in copies:
            rec = encode_slot(r, s, pl)
            img[p:p + len(rec)] = rec
            best[r] = (s, p, len(pl))
            p = _align(p + len(rec))
        self.backend.write(0, img)
        self.compactions += 1
        if not self._matches(img, self.size):
            self._scan()
            raise OSError("save of %s did not read back" % (NAMES[rid] if rid >= 0 else "the log"))
        self._best = best
        self._end = p
        self._ack = False
