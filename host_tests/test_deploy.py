"""tools/deploy.py: copies to a folder or a CIRCUITPY drive, refuses other paths, picks the board."""

import os
import subprocess
import sys

import pytest

import deploy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(argv, capsys):
    rc = deploy.main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def test_folder_deploy_copies_everything(tmp_path, capsys):
    dest = tmp_path / "dev"
    rc, out, _ = run([str(dest), "--folder"], capsys)
    assert rc == 0
    for rel in ("code.py", "hardware.py", "savestore.py", "lib/domino/__init__.py", "lib/domino/tiles.py",
                "lib/adafruit_displayio_ssd1306.py", "boards/__init__.py", "boards/pico.py",
                "boards/xiao_rp2040.py", "boards/qtpy_rp2040.py"):
        assert (dest / rel).is_file(), rel
    # text is drawn with terminalio.FONT: the 12.7 KB adafruit_display_text is not shipped
    assert not (dest / "lib/adafruit_display_text").exists()
    assert not (dest / "boards/template.py").exists()
    assert not (dest / "storage.py").exists()
    assert (dest / "settings.toml").read_text() == "CIRCUITPY_PYSTACK_SIZE = 3072\n"
    # every firmware module and core file is there, docstrings stripped, lines kept
    from shrink import strip_docstrings
    for sub, rel_root in (("firmware", ""), ("lib/domino", "lib/domino")):
        for dirpath, _, files in os.walk(os.path.join(ROOT, sub)):
            if "__pycache__" in dirpath:
                continue
            for f in files:
                if f.endswith(".py"):
                    src = os.path.join(dirpath, f)
                    rel = os.path.join(rel_root, os.path.relpath(src, os.path.join(ROOT, sub)))
                    text = open(src, encoding="utf-8").read()
                    got = (dest / rel).read_text(encoding="utf-8")
                    assert got == strip_docstrings(text), rel
                    assert got.count("\n") == text.count("\n"), rel
    assert not list(dest.rglob("__pycache__"))


def test_sizes_printed_and_total_correct(tmp_path, capsys):
    dest = tmp_path / "dev"
    rc, out, _ = run([str(dest), "--folder"], capsys)
    assert rc == 0
    lines = [line for line in out.splitlines() if line.startswith("  ") and "skipped" not in line
             and "board:" not in line and "settings.toml" not in line]
    listed = {}
    for line in lines:
        size, rel = line.split(None, 1)
        listed[rel] = int(size)
        assert (dest / rel).stat().st_size == int(size)
    total = sum(p.stat().st_size for p in dest.rglob("*") if p.is_file() and p.name != "settings.toml")
    last = out.strip().splitlines()[-1]
    assert last.startswith("copied %d files, %d bytes" % (len(listed), total))
    assert list(listed)[-1] == "code.py"  # code.py last: the board restarts once, complete


def test_refuses_non_circuitpython_path(tmp_path, capsys):
    dest = tmp_path / "not_a_drive"
    dest.mkdir()
    rc, out, err = run([str(dest)], capsys)
    assert rc == 2
    assert "boot_out.txt" in err and "--folder" in err
    assert list(dest.iterdir()) == []


def test_accepts_circuitpy_drive(tmp_path, capsys):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n")
    (drive / "settings.toml").write_text('CIRCUITPY_WEB_API_PASSWORD = "x"\nPOCKET_DOMINO_BOARD = "qtpy_rp2040"\n')
    rc, out, _ = run([str(drive), "--board", "pico"], capsys)
    assert rc == 0
    assert (drive / "code.py").is_file()
    settings = (drive / "settings.toml").read_text().splitlines()
    assert settings == ['CIRCUITPY_WEB_API_PASSWORD = "x"', 'POCKET_DOMINO_BOARD = "pico"',
                        "CIRCUITPY_PYSTACK_SIZE = 3072"]


def test_board_choice_copies_only_that_profile(tmp_path, capsys):
    dest = tmp_path / "dev"
    rc, out, _ = run([str(dest), "--folder", "--board", "xiao_rp2040"], capsys)
    assert rc == 0
    assert sorted(p.name for p in (dest / "boards").iterdir()) == ["__init__.py", "xiao_rp2040.py"]
    assert (dest / "settings.toml").read_text() == ('POCKET_DOMINO_BOARD = "xiao_rp2040"\n'
                                                     "CIRCUITPY_PYSTACK_SIZE = 3072\n")
    assert "Seeed XIAO RP2040" in out


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


def test_command_line(tmp_path):
    dest = tmp_path / "cli"
    res = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "deploy.py"), str(dest),
                          "--folder", "--board", "qtpy_rp2040"], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "copied" in res.stdout and (dest / "boards" / "qtpy_rp2040.py").is_file()
    res = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "deploy.py"), str(tmp_path / "x")],
                         capture_output=True, text=True)
    assert res.returncode == 2


def test_keep_docstrings_copies_sources_unchanged(tmp_path, capsys):
    dest = tmp_path / "dev"
    rc, _, _ = run([str(dest), "--folder", "--keep-docstrings"], capsys)
    assert rc == 0
    src = os.path.join(ROOT, "lib", "domino", "line.py")
    assert (dest / "lib/domino/line.py").read_bytes() == open(src, "rb").read()


def test_stripped_sources_are_smaller_and_compile(tmp_path, capsys):
    dest = tmp_path / "dev"
    rc, _, _ = run([str(dest), "--folder"], capsys)
    assert rc == 0
    src = os.path.join(ROOT, "lib", "domino", "line.py")
    got = (dest / "lib/domino/line.py").read_text(encoding="utf-8")
    assert len(got) < 0.8 * os.path.getsize(src)
    assert '"""' not in got  # line.py has no triple-quoted strings but docstrings
    for p in dest.rglob("*.py"):
        compile(p.read_text(encoding="utf-8"), str(p), "exec")


@pytest.mark.parametrize("before,after", [
    ("CIRCUITPY_PYSTACK_SIZE = 8192\n", "CIRCUITPY_PYSTACK_SIZE = 8192\n"),  # larger: kept
    ("A = 1\nCIRCUITPY_PYSTACK_SIZE = 2000  # mine\nB = 2\n", "A = 1\nB = 2\nCIRCUITPY_PYSTACK_SIZE = 3072\n"),
    ('CIRCUITPY_PYSTACK_SIZE = "big"\n', "CIRCUITPY_PYSTACK_SIZE = 3072\n"),  # not a number
    # CircuitPython reads the root table only: the setting goes before the first [table],
    # and a key of that name inside a table does not count
    ("A = 1\n\n[wifi]\nCIRCUITPY_PYSTACK_SIZE = 9000\n",
     "A = 1\nCIRCUITPY_PYSTACK_SIZE = 3072\n\n[wifi]\nCIRCUITPY_PYSTACK_SIZE = 9000\n"),
    ("[t]\nX = 1\n", "CIRCUITPY_PYSTACK_SIZE = 3072\n[t]\nX = 1\n"),
])
def test_pystack_setting_raised_never_lowered(tmp_path, capsys, before, after):
    dest = tmp_path / "dev"
    dest.mkdir()
    (dest / "settings.toml").write_text(before)
    rc, out, _ = run([str(dest), "--folder"], capsys)
    assert rc == 0
    assert (dest / "settings.toml").read_text() == after
    assert ("settings.toml: CIRCUITPY_PYSTACK_SIZE = 3072" in out) == (before != after)


def test_every_adafruit_import_is_shipped(tmp_path, capsys):
    """Each adafruit_* module a deployed file imports is deployed, and nothing else of Adafruit's."""
    import ast
    dest = tmp_path / "dev"
    rc, _, _ = run([str(dest), "--folder"], capsys)
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
