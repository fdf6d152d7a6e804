"""tools/deploy.py: compiles to CircuitPython .mpy with the board's mpy-cross (or writes .py
sources without one), removes stale twins, writes a folder, a CIRCUITPY drive or a zip.

Nothing is downloaded: every test runs with POCKET_DOMINO_OFFLINE=1, so the compiler is
CircuitPython 10's mpy-cross that tools/setup.sh puts into circuitpython-build-tools'
cache from ../shared/picoemu. Without it the tests that compile are skipped, or fail
where POCKET_DOMINO_DEVICE_TESTS is set (CI).
"""

import ast
import os
import pathlib
import subprocess
import sys
import zipfile

import pytest

import deploy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# `mpy-cross-circuitpython --version`: "CircuitPython 10.3.0-... mpy-cross emitting mpy v6.3";
# its files start b"C" (CircuitPython), then the version; MicroPython's start b"M".
MPY_HEADER = b"C\x06"
BOOT_10 = "Adafruit CircuitPython 10.3.0-alpha.4-53-gcd3da4a5d8-dirty on 2026-11-23; Raspberry Pi Pico with rp2040\n"
BOOT_9 = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\nBoard ID:raspberry_pi_pico\n"


@pytest.fixture(autouse=True)
def offline(monkeypatch):
    """No download, here or in a deploy.py subprocess."""
    monkeypatch.setenv(deploy.OFFLINE, "1")


@pytest.fixture
def compiler():
    """CircuitPython 10's mpy-cross from build-tools' cache (tools/setup.sh puts it there)."""
    path, why = deploy.find_compiler(10, out=lambda s: None)
    if path is None:
        why = "no CircuitPython 10 mpy-cross (%s): run bash tools/setup.sh with ../shared/picoemu" % why
        if os.environ.get("POCKET_DOMINO_DEVICE_TESTS"):
            pytest.fail(why)
        pytest.skip(why)
    return path


def run(argv, capsys):
    rc = deploy.main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def sources():
    """Relative paths (on the device) of every .py in firmware/ and lib/domino."""
    out = []
    for sub, rel_root in (("firmware", ""), ("lib/domino", "lib/domino")):
        for dirpath, dirs, files in os.walk(os.path.join(ROOT, sub)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for f in files:
                if f.endswith(".py"):
                    src = os.path.join(dirpath, f)
                    out.append((src, os.path.join(rel_root, os.path.relpath(src, os.path.join(ROOT, sub)))))
    assert len(out) > 40
    return out


def listed(out):
    """{relative path: size} from deploy's listing of written files."""
    got = {}
    for line in out.splitlines():
        parts = line.split(None, 1)
        if line.startswith("  ") and parts[0].isdigit():
            got[parts[1]] = int(parts[0])
    return got


def test_folder_deploy_compiles_every_module(tmp_path, capsys, compiler):
    dest = tmp_path / "dev"
    rc, out, _ = run([str(dest), "--folder"], capsys)
    assert rc == 0
    assert "compiling to .mpy for CircuitPython 10 with %s" % compiler in out
    from shrink import strip_docstrings
    for src, rel in sources():
        if rel == "code.py":  # CircuitPython runs code.py only: it stays source
            assert (dest / rel).read_text(encoding="utf-8") == strip_docstrings(open(src, encoding="utf-8").read())
            continue
        mpy = dest / (rel[:-3] + ".mpy")
        assert mpy.read_bytes()[:2] == MPY_HEADER, rel
        assert not (dest / rel).exists(), rel
    for rel in ("lib/adafruit_displayio_ssd1306.mpy", "boards/__init__.mpy", "boards/pico.mpy",
                "boards/xiao_rp2040.mpy", "boards/qtpy_rp2040.mpy", "views/__init__.mpy"):
        assert (dest / rel).read_bytes()[:2] == MPY_HEADER, rel
    assert sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*.py")) == ["code.py"]
    # text is drawn with terminalio.FONT: the 12.7 KB adafruit_display_text is not shipped
    assert not (dest / "lib/adafruit_display_text").exists()
    assert not list(dest.glob("boards/template*"))
    assert not list(dest.glob("storage*"))
    assert (dest / "settings.toml").read_text() == "CIRCUITPY_PYSTACK_SIZE = 3072\nCIRCUITPY_HEAP_START_SIZE = 131072\n"
    assert not list(dest.rglob("__pycache__"))


def test_compiler_is_circuitpythons(tmp_path, compiler):
    said = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout
    assert said.startswith("CircuitPython 10.") and "mpy v6." in said
    (tmp_path / "m.py").write_text("x = 1\n")
    subprocess.run([compiler, "-o", str(tmp_path / "c.mpy"), str(tmp_path / "m.py")], check=True)
    subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(tmp_path / "m.mpy"), str(tmp_path / "m.py")],
                   check=True)
    assert (tmp_path / "c.mpy").read_bytes()[:2] == MPY_HEADER
    assert (tmp_path / "m.mpy").read_bytes()[:1] == b"M"  # MicroPython's: CircuitPython refuses it


def test_cache_path_is_build_tools(compiler):
    from circuitpython_build_tools import build
    from circuitpython_build_tools.target_versions import VERSIONS
    entry = deploy.target(10)
    assert entry in VERSIONS and entry["name"] == "10.x"
    assert deploy.cache_path(entry) == build.mpy_cross_path / "mpy-cross-10.x"
    assert str(deploy.cache_path(entry)) == compiler
    # build-tools finds it there too: no download
    assert str(build.mpy_cross(entry, quiet=True)) == compiler


def test_sizes_printed_and_total_correct(tmp_path, capsys, compiler):
    dest = tmp_path / "dev"
    rc, out, _ = run([str(dest), "--folder"], capsys)
    assert rc == 0
    files = listed(out)
    for rel, size in files.items():
        assert (dest / rel).stat().st_size == size
    total = sum(p.stat().st_size for p in dest.rglob("*") if p.is_file() and p.name != "settings.toml")
    assert total == sum(files.values())
    last = out.strip().splitlines()[-1]
    assert last.startswith("copied %d files, %d bytes" % (len(files), total))
    assert list(files)[-1] == "code.py"  # code.py last: the board restarts once, complete


def test_py_writes_sources_without_looking_for_a_compiler(tmp_path, capsys, monkeypatch):
    def no(*a, **k):
        raise AssertionError("--py looked for a compiler")
    monkeypatch.setattr(deploy, "find_compiler", no)
    dest = tmp_path / "dev"
    rc, out, _ = run([str(dest), "--folder", "--py"], capsys)
    assert rc == 0
    assert not list(dest.rglob("*.mpy"))
    from shrink import strip_docstrings
    for src, rel in sources():  # docstrings stripped, lines kept
        text = open(src, encoding="utf-8").read()
        got = (dest / rel).read_text(encoding="utf-8")
        assert got == strip_docstrings(text), rel
        assert got.count("\n") == text.count("\n"), rel
    assert (dest / "lib/adafruit_displayio_ssd1306.py").is_file() and (dest / "boards/pico.py").is_file()
    assert deploy.FALLBACK not in out  # asked for, not a fallback
    assert deploy.SOURCES_WARNING in out  # what sources cost on the board, said all the same


def test_no_compiler_falls_back_to_sources_saying_why(tmp_path, capsys, monkeypatch):
    """The cache is empty and the download fails (offline): .py sources, and a line says so."""
    monkeypatch.delenv(deploy.OFFLINE)
    monkeypatch.setattr(deploy, "cache_path", lambda entry: tmp_path / "cache" / ("mpy-cross-" + entry["name"]))
    fetched = []

    def fetch(entry):
        fetched.append(entry["name"])
        raise OSError("Could not resolve host")
    monkeypatch.setattr(deploy, "fetch", fetch)
    dest = tmp_path / "dev"
    rc, out, _ = run([str(dest), "--folder"], capsys)
    assert rc == 0 and fetched == ["10.x"]
    line = next(x for x in out.splitlines() if deploy.FALLBACK in x)
    assert line == ("no mpy-cross for CircuitPython 10: circuitpython-build-tools could not get it "
                    "(OSError: Could not resolve host); copying .py sources instead, docstrings stripped")
    assert deploy.SOURCES_WARNING in out
    assert not list(dest.rglob("*.mpy"))
    assert (dest / "lib/domino/line.py").is_file() and (dest / "app.py").is_file()


def test_offline_never_fetches(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(deploy, "cache_path", lambda entry: tmp_path / "none" / "mpy-cross-10.x")
    monkeypatch.setattr(deploy, "fetch", lambda entry: pytest.fail("fetched while offline"))
    rc, out, _ = run([str(tmp_path / "dev"), "--folder"], capsys)
    assert rc == 0
    assert "mpy-cross-10.x is missing and POCKET_DOMINO_OFFLINE forbids downloading it" in out
    assert deploy.FALLBACK in out


def test_wrong_compiler_in_cache_not_used(tmp_path, capsys, monkeypatch):
    """A file in the cache that is not CircuitPython 10's mpy-cross (here: a script saying 9) is refused."""
    fake = tmp_path / "mpy-cross-10.x"
    fake.write_text("#!/bin/sh\necho 'CircuitPython 9.2.9 on 2025-01-01; mpy-cross emitting mpy v6.3'\n")
    fake.chmod(0o755)
    monkeypatch.setattr(deploy, "cache_path", lambda entry: fake)
    rc, out, _ = run([str(tmp_path / "dev"), "--folder"], capsys)
    assert rc == 0
    assert "is not CircuitPython 10's" in out and deploy.FALLBACK in out
    assert not list((tmp_path / "dev").rglob("*.mpy"))


@pytest.mark.parametrize("text,major", [
    (BOOT_10, 10),
    (BOOT_9, 9),
    ("Adafruit CircuitPython 10.3.1 on 2026-12-01; Adafruit QT Py RP2040 with rp2040\n", 10),
    ("Adafruit CircuitPython 11.0.0-alpha.1 on 2027-01-01; Seeed XIAO RP2040 with rp2040", 11),
])
def test_boot_out_version(text, major):
    assert deploy.cp_major(text) == major


@pytest.mark.parametrize("text", ["", "\n", "MicroPython v1.27.0 on 2025-12-09; Raspberry Pi Pico with RP2040\n",
                                  "Adafruit CircuitPython on ; Pico\n", "Board ID:raspberry_pi_pico\n" + BOOT_10])
def test_boot_out_unknown_version_is_an_error(text):
    with pytest.raises(deploy.DeployError, match="--cp 10"):
        deploy.cp_major(text)


@pytest.mark.parametrize("boot,argv,major", [
    (BOOT_10, [], 10),
    (BOOT_9, [], 9),
    (BOOT_9, ["--cp", "10"], 10),  # --cp wins
    (None, ["--folder"], 10),  # a folder: 10 by default
    (None, ["--folder", "--cp", "9"], 9),
])
def test_compiler_follows_the_board(tmp_path, capsys, monkeypatch, boot, argv, major):
    asked = []

    def find(m, out):
        asked.append(m)
        return None, "recorded"
    monkeypatch.setattr(deploy, "find_compiler", find)
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    if boot:
        (drive / "boot_out.txt").write_text(boot)
    rc, out, _ = run([str(drive)] + argv, capsys)
    assert rc == 0 and asked == [major]
    assert "no mpy-cross for CircuitPython %d: recorded; copying .py sources instead" % major in out


def test_unreadable_or_unsupported_version_refused(tmp_path, capsys):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("garbage\n")
    rc, _, err = run([str(drive)], capsys)
    assert rc == 2 and "boot_out.txt does not say which CircuitPython" in err and "--cp" in err
    rc, _, err = run([str(drive), "--cp", "8"], capsys)
    assert rc == 2 and "no mpy-cross for CircuitPython 8" in err
    assert sorted(p.name for p in drive.iterdir()) == ["boot_out.txt"]
    rc, _, _ = run([str(drive), "--py"], capsys)  # sources need no version
    assert rc == 0 and (drive / "code.py").is_file()


def test_stale_twins_removed(tmp_path, capsys, compiler):
    """A .py from an older deploy would shadow the new .mpy (CircuitPython imports .py first),
    and the other way round a stale .mpy wastes room: the twin is deleted, and listed."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(BOOT_10)
    (drive / "lib").mkdir()
    (drive / "lib" / "mine.py").write_text("x = 1\n")  # not ours: kept
    rc, _, _ = run([str(drive), "--py"], capsys)
    assert rc == 0 and (drive / "lib/domino/line.py").is_file() and (drive / "app.py").is_file()
    rc, out, _ = run([str(drive)], capsys)
    assert rc == 0
    assert sorted(p.relative_to(drive).as_posix() for p in drive.rglob("*.py")) == ["code.py", "lib/mine.py"]
    assert (drive / "lib/domino/line.mpy").read_bytes()[:2] == MPY_HEADER
    assert "  removed  lib/domino/line.py (left by an older deploy; line.mpy replaces it)" in out.splitlines()
    assert "  removed  views/tableau.py (left by an older deploy; tableau.mpy replaces it)" in out.splitlines()
    assert not any("removed  code." in x for x in out.splitlines())
    removed = [x for x in out.splitlines() if x.startswith("  removed  ")]
    assert len(removed) == len(listed(out)) - 1  # every module but code.py had a twin
    rc, out, _ = run([str(drive), "--py"], capsys)  # and back
    assert rc == 0
    assert not list(drive.rglob("*.mpy"))
    assert "  removed  lib/domino/line.mpy (left by an older deploy; line.py replaces it)" in out.splitlines()


def test_zip_holds_what_a_folder_deploy_writes(tmp_path, capsys, compiler):
    dest = tmp_path / "dev"
    rc, _, _ = run([str(dest), "--folder", "--board", "pico"], capsys)
    assert rc == 0
    rc, out, _ = run(["--zip", str(tmp_path / "out" / "pocket.zip"), "--board", "pico"], capsys)
    assert rc == 0
    assert "compiling to .mpy for CircuitPython 10" in out and out.strip().splitlines()[-1].startswith("zipped ")
    with zipfile.ZipFile(tmp_path / "out" / "pocket.zip") as z:
        names = z.namelist()
        zipped = {n: z.read(n) for n in names}
    on_disk = {p.relative_to(dest).as_posix(): p.read_bytes() for p in dest.rglob("*") if p.is_file()}
    assert zipped == on_disk
    assert (dest / "settings.toml").read_text() == ('POCKET_DOMINO_BOARD = "pico"\nCIRCUITPY_PYSTACK_SIZE = 3072\n'
                                                     "CIRCUITPY_HEAP_START_SIZE = 131072\n")
    assert names[-1] == "code.py" and "lib/domino/line.mpy" in names and "lib/adafruit_displayio_ssd1306.mpy" in names


def test_zip_of_sources(tmp_path, capsys):
    rc, _, _ = run(["--zip", str(tmp_path / "p.zip"), "--py"], capsys)
    assert rc == 0
    with zipfile.ZipFile(tmp_path / "p.zip") as z:
        names = z.namelist()
        assert z.read("settings.toml") == b"CIRCUITPY_PYSTACK_SIZE = 3072\nCIRCUITPY_HEAP_START_SIZE = 131072\n"
    assert "boards/xiao_rp2040.py" in names and not [n for n in names if n.endswith(".mpy")]


def test_path_or_zip_not_both(tmp_path, capsys):
    with pytest.raises(SystemExit):
        deploy.main([str(tmp_path / "d"), "--folder", "--zip", str(tmp_path / "z.zip")])
    with pytest.raises(SystemExit):
        deploy.main([])
    capsys.readouterr()


def test_refuses_non_circuitpython_path(tmp_path, capsys):
    dest = tmp_path / "not_a_drive"
    dest.mkdir()
    rc, out, err = run([str(dest)], capsys)
    assert rc == 2
    assert "boot_out.txt" in err and "--folder" in err
    assert list(dest.iterdir()) == []


def test_accepts_circuitpy_drive(tmp_path, capsys, compiler):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(BOOT_10)
    (drive / "settings.toml").write_text('CIRCUITPY_WEB_API_PASSWORD = "x"\nPOCKET_DOMINO_BOARD = "qtpy_rp2040"\n')
    rc, out, _ = run([str(drive), "--board", "pico"], capsys)
    assert rc == 0
    assert (drive / "code.py").is_file() and (drive / "app.mpy").read_bytes()[:2] == MPY_HEADER
    assert deploy.SOURCES_WARNING not in out
    settings = (drive / "settings.toml").read_text().splitlines()
    assert settings == ['CIRCUITPY_WEB_API_PASSWORD = "x"', 'POCKET_DOMINO_BOARD = "pico"',
                        "CIRCUITPY_PYSTACK_SIZE = 3072", "CIRCUITPY_HEAP_START_SIZE = 131072"]


def test_drive_too_small_refused(tmp_path, capsys, monkeypatch):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(BOOT_10)
    monkeypatch.setattr(deploy.shutil, "disk_usage", lambda p: type("U", (), {"free": 1000})())
    rc, _, err = run([str(drive), "--py"], capsys)
    assert rc == 2 and "not enough room" in err
    assert sorted(p.name for p in drive.iterdir()) == ["boot_out.txt"]


def test_board_choice_writes_only_that_profile(tmp_path, capsys, compiler):
    dest = tmp_path / "dev"
    rc, out, _ = run([str(dest), "--folder", "--board", "xiao_rp2040"], capsys)
    assert rc == 0
    assert sorted(p.name for p in (dest / "boards").iterdir()) == ["__init__.mpy", "xiao_rp2040.mpy"]
    assert (dest / "settings.toml").read_text() == ('POCKET_DOMINO_BOARD = "xiao_rp2040"\n'
                                                     "CIRCUITPY_PYSTACK_SIZE = 3072\nCIRCUITPY_HEAP_START_SIZE = 131072\n")
    assert "Seeed XIAO RP2040" in out


def test_device_profile_listing_finds_mpy_profiles(tmp_path, capsys, compiler):
    """firmware/profiles.py imports boards.NAME: it lists .mpy profiles as well as .py ones."""
    import profiles
    dest = tmp_path / "dev"
    rc, _, _ = run([str(dest), "--folder"], capsys)
    assert rc == 0
    assert profiles.profile_names(os.listdir(dest / "boards")) == deploy.board_names()


def test_unknown_board_refused(tmp_path, capsys):
    dest = tmp_path / "dev"
    rc, _, err = run([str(dest), "--folder", "--board", "arduino_uno"], capsys)
    assert rc == 2 and "unknown board" in err and "pico" in err
    assert not (dest / "code.py").exists()


def test_bad_profile_refused_naming_field(tmp_path, capsys, monkeypatch):
    boards = tmp_path / "repo" / "boards"
    boards.mkdir(parents=True)
    for f in ("__init__.py", "pico.py"):
        (boards / f).write_text(open(os.path.join(ROOT, "boards", f)).read())
    bad = open(os.path.join(ROOT, "boards", "pico.py")).read().replace('"address": 0x3C', '"address": 0x3E')
    (boards / "broken.py").write_text(bad)
    monkeypatch.setattr(deploy, "ROOT", str(tmp_path / "repo"))
    with pytest.raises(deploy.DeployError, match="field 'address'"):
        deploy.load_profile("broken")


def test_command_line(tmp_path, compiler):
    dest = tmp_path / "cli"
    res = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "deploy.py"), str(dest),
                          "--folder", "--board", "qtpy_rp2040"], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "copied" in res.stdout and (dest / "boards" / "qtpy_rp2040.mpy").is_file()
    res = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "deploy.py"), str(tmp_path / "x")],
                         capture_output=True, text=True)
    assert res.returncode == 2


def test_keep_docstrings_copies_sources_unchanged(tmp_path, capsys):
    dest = tmp_path / "dev"
    rc, _, _ = run([str(dest), "--folder", "--py", "--keep-docstrings"], capsys)
    assert rc == 0
    src = os.path.join(ROOT, "lib", "domino", "line.py")
    assert (dest / "lib/domino/line.py").read_bytes() == open(src, "rb").read()


def test_stripped_sources_are_smaller_and_compile(tmp_path, capsys):
    dest = tmp_path / "dev"
    rc, _, _ = run([str(dest), "--folder", "--py"], capsys)
    assert rc == 0
    src = os.path.join(ROOT, "lib", "domino", "line.py")
    got = (dest / "lib/domino/line.py").read_text(encoding="utf-8")
    assert len(got) < 0.8 * os.path.getsize(src)
    assert '"""' not in got  # line.py has no triple-quoted strings but docstrings
    for p in dest.rglob("*.py"):
        compile(p.read_text(encoding="utf-8"), str(p), "exec")


def test_mpy_smaller_than_sources(tmp_path, capsys, compiler):
    rc, _, _ = run([str(tmp_path / "m"), "--folder"], capsys)
    assert rc == 0
    rc, _, _ = run([str(tmp_path / "p"), "--folder", "--py"], capsys)
    assert rc == 0
    size = {k: sum(f.stat().st_size for f in (tmp_path / k / "lib" / "domino").rglob("*")) for k in "mp"}
    assert size["m"] < 0.6 * size["p"]


def test_mpy_leaves_out_line_numbers_unless_asked(tmp_path, capsys, compiler):
    """The .mpy files are compiled without line numbers (-O3: RAM in play); --lines keeps
    them, and every module is then larger."""
    rc, _, _ = run([str(tmp_path / "o"), "--folder"], capsys)
    assert rc == 0 and deploy.OPTIMISE == ["-O3"]
    rc, _, _ = run([str(tmp_path / "l"), "--folder", "--lines"], capsys)
    assert rc == 0 and deploy.OPTIMISE == []
    for mod in ("lib/domino/allfives.mpy", "table.mpy", "lib/domino/ai/hard.mpy"):
        assert (tmp_path / "o" / mod).stat().st_size < (tmp_path / "l" / mod).stat().st_size, mod
    run([str(tmp_path / "o"), "--folder"], capsys)  # (back to the default for the other tests)


@pytest.mark.parametrize("key,least", deploy.MINIMUMS)
@pytest.mark.parametrize("before,after", [
    ("{k} = {big}\n", "{k} = {big}\n"),  # larger: kept
    ("A = 1\n{k} = {small}  # mine\nB = 2\n", "A = 1\nB = 2\n{k} = {least}\n"),
    ('{k} = "big"\n', "{k} = {least}\n"),  # not a number
    # CircuitPython reads the root table only: the setting goes before the first [table],
    # and a key of that name inside a table does not count
    ("A = 1\n\n[wifi]\n{k} = {big}\n", "A = 1\n{k} = {least}\n\n[wifi]\n{k} = {big}\n"),
    ("[t]\nX = 1\n", "{k} = {least}\n[t]\nX = 1\n"),
])
def test_minimum_settings_raised_never_lowered(tmp_path, capsys, key, least, before, after):
    """Each setting deploy keeps at a minimum (the other one already set as deploy sets it)."""
    other = "".join("%s = %d\n" % (k, v) for k, v in deploy.MINIMUMS if k != key)
    f = dict(k=key, least=least, big=least * 2, small=least // 2)
    before, after = other + before.format(**f), other + after.format(**f)
    dest = tmp_path / "dev"
    dest.mkdir()
    (dest / "settings.toml").write_text(before)
    rc, out, _ = run([str(dest), "--folder", "--py"], capsys)
    assert rc == 0
    assert (dest / "settings.toml").read_text() == after
    assert ("settings.toml: %s = %d" % (key, least) in out) == (before != after)


def test_every_adafruit_import_is_shipped(tmp_path, capsys):
    """Each adafruit_* module a deployed file imports is deployed, and nothing else of Adafruit's."""
    dest = tmp_path / "dev"
    rc, _, _ = run([str(dest), "--folder", "--py"], capsys)
    assert rc == 0
    imported = set()
    for p in dest.rglob("*.py"):
        if p.parts[len(dest.parts)] == "lib" and p.parts[len(dest.parts) + 1].startswith("adafruit_"):
            continue
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            imported |= {n.split(".")[0] for n in names if n.startswith("adafruit_")}
    shipped = {p.name[:-3] if p.name.endswith(".py") else p.name
               for p in (dest / "lib").iterdir() if p.name.startswith("adafruit_")}
    assert imported == shipped == set(deploy.LIBRARIES) == {"adafruit_displayio_ssd1306"}


@pytest.mark.parametrize("mpy", [True, False])
def test_pico_build_image_deploys_mpy_or_sources(tmp_path, monkeypatch, mpy, request):
    """tools/pico.py's image: .mpy modules by default, .py sources with mpy=False (its --py)."""
    import pico
    if mpy:
        request.getfixturevalue("compiler")
    seen = {}

    def pack(folder, img, files=None):
        seen.update((p.relative_to(folder).as_posix(), p.read_bytes()[:2])
                    for p in pathlib.Path(folder).rglob("*") if p.is_file())
        return img
    monkeypatch.setattr(pico, "pack", pack)
    pico.build_image(str(tmp_path / "fs.img"), mpy=mpy)
    assert seen["code.py"] and "boards/pico.%s" % ("mpy" if mpy else "py") in seen
    modules = [k for k in seen if k.endswith((".py", ".mpy")) and k != "code.py"]
    assert modules and all(k.endswith(".mpy") == mpy for k in modules)
    assert all(seen[k] == MPY_HEADER for k in modules if mpy)


def test_pico_build_image_says_when_it_fell_back(tmp_path, monkeypatch, capsys):
    import pico
    monkeypatch.setattr(deploy, "find_compiler", lambda m, out: (None, "none here"))
    monkeypatch.setattr(pico, "pack", lambda folder, img, files=None: img)
    pico.build_image(str(tmp_path / "fs.img"))
    err = capsys.readouterr().err
    assert "no mpy-cross for CircuitPython 10: none here; copying .py sources instead" in err
