"""Saves: round trips, a power cut at every byte of a write, corrupt/foreign data, seq wrap."""

import os
import zlib

import pytest

import savestore
from storage import FileBackend, MemoryBackend, NvmBackend, Storage, encode_slot

SIZE = 4096


class CutPower(Exception):
    pass


class CuttingBackend(MemoryBackend):
    """Writes byte by byte in order and loses power after ``budget`` bytes."""

    def __init__(self, buf, budget):
        MemoryBackend.__init__(self, buf)
        self.budget = budget

    def write(self, offset, data):
        for i, b in enumerate(data):
            if self.budget <= 0:
                raise CutPower()
            self.buf[offset + i] = b
            self.budget -= 1


def fresh(fill=0xFF):
    return bytearray([fill]) * SIZE


def test_crc_matches_zlib_both_paths():
    for data in (b"", b"123456789", bytes(range(256)) * 3):
        assert savestore.crc32_py(data) == zlib.crc32(data)
        assert savestore.crc32(data) == zlib.crc32(data)
        assert savestore.crc32_py(data[5:], savestore.crc32_py(data[:5])) == zlib.crc32(data)
    assert savestore.crc32_py(b"123456789") == 0xCBF43926


@pytest.mark.parametrize("fill", [0x00, 0xFF])
def test_blank_region_loads_nothing_without_errors(fill):
    st = Storage(MemoryBackend(fresh(fill)))
    assert [st.load(i) for i in range(3)] == [None, None, None]
    assert st.errors == []


def test_round_trips_and_persistence():
    buf = fresh()
    st = Storage(MemoryBackend(buf))
    st.save(0, b"\x01\x02")
    st.save(1, b"stats" * 20)
    st.save(2, bytes(range(256)) * 2)
    assert st.load(0) == b"\x01\x02"
    st.save(0, b"\x03")
    st.save(2, b"")
    again = Storage(MemoryBackend(buf))
    assert again.load(0) == b"\x03"
    assert again.load(1) == b"stats" * 20
    assert again.load(2) == b""
    assert again.errors == []


def test_capacity_and_layout_fit_4k():
    st = Storage(MemoryBackend(fresh()))
    assert 2 * sum(savestore.SLOT_SIZES) == 4096
    assert st.capacity(2) >= 1000  # a match record: a few hundred bytes
    st.save(2, b"x" * st.capacity(2))
    with pytest.raises(ValueError):
        st.save(2, b"x" * (st.capacity(2) + 1))
    with pytest.raises(ValueError):
        st.save(3, b"")
    with pytest.raises(ValueError):
        st.load(-1)
    with pytest.raises(ValueError):
        Storage(MemoryBackend(bytearray(1024)))


def test_unchanged_payload_is_not_rewritten():
    st = Storage(MemoryBackend(fresh()))
    assert st.save(1, b"abc") is True
    assert st.save(1, b"abc") is False
    assert st.save(1, b"abd") is True


def test_alternates_slots():
    buf = fresh()
    st = Storage(MemoryBackend(buf))
    a, b = st.offsets[0]
    st.save(0, b"one")
    st.save(0, b"two")
    assert bytes(buf[a + 12:a + 15]) == b"one"
    assert bytes(buf[b + 12:b + 15]) == b"two"
    st.save(0, b"three")
    assert bytes(buf[a + 12:a + 17]) == b"three"


@pytest.mark.parametrize("rid", [0, 1, 2])
@pytest.mark.parametrize("history", [0, 1, 2])
def test_power_cut_at_every_byte(rid, history):
    """history = how many saves happened before: 0 (no old copy), 1 (slot B blank), 2 (both used)."""
    base = fresh()
    st = Storage(MemoryBackend(base))
    old = None
    cap = st.capacity(rid)
    for h in range(history):
        old = bytes([h + 1]) * min(cap, 40 + 7 * h)
        st.save(rid, old)
    new = bytes((i * 37 + 11) & 0xFF for i in range(min(cap, 300)))
    image_len = 12 + len(new)
    for cut in range(image_len + 1):
        buf = bytearray(base)
        cutter = CuttingBackend(buf, cut)
        st2 = Storage(cutter)
        if cut < image_len:
            with pytest.raises(CutPower):
                st2.save(rid, new)
        else:
            assert st2.save(rid, new)
        after = Storage(MemoryBackend(buf))
        got = after.load(rid)
        if cut == image_len:
            assert got == new
        else:
            assert got == old, cut
        assert len(after.errors) <= 1
        # Other records are untouched and the next save works.
        for other in range(3):
            if other != rid:
                assert after.load(other) is None
        after.save(rid, b"next")
        assert Storage(MemoryBackend(buf)).load(rid) == b"next"


def test_torn_write_is_reported_once_and_older_copy_used():
    buf = fresh()
    st = Storage(MemoryBackend(buf))
    st.save(2, b"A" * 100)
    st.save(2, b"B" * 100)
    a, _ = st.offsets[2]
    buf[a + 50] ^= 0x40  # damage the next target (holds the older copy)
    st2 = Storage(MemoryBackend(buf))
    assert st2.load(2) == b"B" * 100
    assert len(st2.errors) == 1 and "match" in st2.errors[0]


@pytest.mark.parametrize("damage", ["crc", "magic", "version", "length", "record", "truncate"])
def test_corrupt_slot_ignored_with_one_error(damage):
    buf = fresh()
    st = Storage(MemoryBackend(buf))
    st.save(1, b"good stats")
    a, _ = st.offsets[1]
    if damage == "crc":
        buf[a + 13] ^= 1
    elif damage == "magic":
        buf[a] = ord("X")
    elif damage == "version":
        buf[a + 2] = 99
    elif damage == "length":
        buf[a + 6] = 0xFF
        buf[a + 7] = 0xFF
    elif damage == "record":
        buf[a + 3] = 2
    elif damage == "truncate":
        buf[a + 12 + 4:a + 12 + 10] = b"\xff" * 6
    st2 = Storage(MemoryBackend(buf))
    assert st2.load(1) is None
    assert len(st2.errors) == 1
    assert "stats" in st2.errors[0]
    assert st2.load(0) is None and st2.load(2) is None
    st2.save(1, b"fresh")
    st3 = Storage(MemoryBackend(buf))
    assert st3.load(1) == b"fresh"


def test_foreign_region_one_error():
    buf = bytearray((i * 7 + 3) & 0xFF for i in range(SIZE))
    st = Storage(MemoryBackend(buf))
    assert [st.load(i) for i in range(3)] == [None, None, None]
    assert st.errors == ["save memory holds foreign data: ignored"]
    st.save(0, b"mine")
    assert Storage(MemoryBackend(buf)).load(0) == b"mine"


def test_truncated_region_backend():
    """A backend whose reads come back short (e.g. a truncated file) loads nothing."""

    class Short(MemoryBackend):
        def read(self, offset, n):
            return MemoryBackend.read(self, offset, n)[: max(0, 2000 - offset)]

    buf = fresh()
    good = Storage(MemoryBackend(buf))
    good.save(2, b"m" * 500)
    good.save(2, b"n" * 500)
    st = Storage(Short(buf))
    assert st.load(2) is None
    assert len(st.errors) == 1 and "match" in st.errors[0]


@pytest.mark.parametrize("start", [0xFFFD, 0x7FFE, 0])
def test_sequence_wrap(start):
    buf = fresh()
    st = Storage(MemoryBackend(buf))
    a, b = st.offsets[0]
    first = encode_slot(0, start, b"old")
    buf[a:a + len(first)] = first
    st = Storage(MemoryBackend(buf))
    assert st.load(0) == b"old"
    for i in range(6):
        st.save(0, b"v%d" % i)
        again = Storage(MemoryBackend(buf))
        assert again.load(0) == b"v%d" % i
        assert again.errors == []


def test_seq_newer():
    assert savestore.newer(1, 0)
    assert savestore.newer(0, 0xFFFF)
    assert not savestore.newer(0xFFFF, 0)
    assert not savestore.newer(5, 5)


def test_nvm_backend_and_file_backend(tmp_path):
    with pytest.raises(ValueError):
        NvmBackend(None)
    st = Storage(NvmBackend(fresh()))
    st.save(0, b"x")
    path = str(tmp_path / "save.bin")
    fb = FileBackend(path, 4096)
    assert os.path.getsize(path) == 4096
    st = Storage(fb)
    st.save(2, b"match bytes")
    fb.close()
    st = Storage(FileBackend(path, 4096))
    assert st.load(2) == b"match bytes"
    assert st.errors == []


def test_file_backend_short_file_is_extended(tmp_path):
    path = tmp_path / "save.bin"
    path.write_bytes(b"\xff" * 100)
    st = Storage(FileBackend(str(path), 4096))
    assert st.errors == []
    assert os.path.getsize(path) == 4096


MP_SCRIPT = r'''
import savestore
from savestore import Storage, MemoryBackend, encode_slot
print(savestore.crc32_py(b"123456789"), savestore.crc32(b"123456789"))
print(savestore.crc32_py(bytes(range(256)) * 2))

class Cut(Exception):
    pass

class Cutter(MemoryBackend):
    def __init__(self, buf, budget):
        MemoryBackend.__init__(self, buf)
        self.budget = budget
    def write(self, offset, data):
        for i in range(len(data)):
            if self.budget <= 0:
                raise Cut()
            self.buf[offset + i] = data[i]
            self.budget -= 1

buf = bytearray(b"\xff" * 4096)
st = Storage(MemoryBackend(buf))
st.save(2, b"old" * 30)
base = bytes(buf)
new = bytes(range(200))
ok = 0
for cut in range(0, 213):
    b = bytearray(base)
    try:
        Storage(Cutter(b, cut)).save(2, new)
    except Cut:
        pass
    got = Storage(MemoryBackend(b)).load(2)
    ok += got == (new if cut == 212 else b"old" * 30)
print("cuts", ok)
buf[100] = 1
b2 = bytearray(b"\x55" * 4096)
print(Storage(MemoryBackend(b2)).errors)
for seq in (0xFFFE, 0xFFFF, 0, 1):
    pass
x = bytearray(b"\xff" * 4096)
img = encode_slot(0, 0xFFFE, b"w")
x[0:len(img)] = img
s = Storage(MemoryBackend(x))
for i in range(4):
    s.save(0, bytes([i]))
print("wrap", Storage(MemoryBackend(x)).load(0))
'''


def test_under_micropython(tmp_path):
    """savestore runs unchanged under real MicroPython and agrees with CPython."""
    mp = pytest.importorskip("micropython")
    try:
        mp.check_available()
    except mp.MicroPythonUnavailable as e:
        pytest.skip(str(e))
    lib = tmp_path / "lib"
    lib.mkdir()
    here = os.path.dirname(os.path.abspath(__file__))
    (lib / "savestore.py").write_bytes(open(os.path.join(here, "..", "firmware", "savestore.py"), "rb").read())
    out = mp.run_source(MP_SCRIPT, lib=str(lib))
    lines = out.strip().splitlines()
    crc = zlib.crc32(b"123456789")
    assert lines[0] == "%d %d" % (crc, crc)
    assert lines[1] == str(zlib.crc32(bytes(range(256)) * 2))
    assert lines[2] == "cuts 213"
    assert lines[3] == "['save memory holds foreign data: ignored']"
    assert lines[4] == "wrap b'\\x03'"
