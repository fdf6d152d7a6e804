"""Board profiles: data only, complete and sane; detection; errors name the bad field."""

import ast
import os
import sys
import types

import pytest

import hardware
import profiles

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = os.path.join(ROOT, "boards")
NAMES = profiles.profile_names(os.listdir(BOARDS))
ALL = NAMES + ["template"]

# Pin names of each board, as CircuitPython's board module has them.
PICO_PINS = {"GP%d" % i for i in range(29)} | {"A0", "A1", "A2", "LED"}
XIAO_PINS = {"D%d" % i for i in range(11)} | {"A0", "A1", "A2", "A3", "SDA", "SCL", "TX", "RX",
                                               "SCK", "MISO", "MOSI"}
QTPY_PINS = {"D%d" % i for i in range(11)} | {"A0", "A1", "A2", "A3", "SDA", "SCL", "TX", "RX",
                                               "SCK", "MISO", "MOSI", "SDA1", "SCL1", "BUTTON"}
BOARD_PINS = {"pico": PICO_PINS, "xiao_rp2040": XIAO_PINS, "qtpy_rp2040": QTPY_PINS}
# Same physical pin under two names must not be used twice.
XIAO_ALIASES = {"A3": "D3", "SDA": "D4", "SCL": "D5", "TX": "D6", "RX": "D7"}
QTPY_ALIASES = {"A0": "D0", "A1": "D1", "A2": "D2", "A3": "D3", "SDA": "D4", "SCL": "D5",
                "TX": "D6", "RX": "D7"}


def load(name):
    """Parse boards/<name>.py as data: a docstring and one literal PROFILE, nothing else."""
    path = os.path.join(BOARDS, name + ".py")
    tree = ast.parse(open(path).read())
    body = tree.body
    assert isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant), "docstring first"
    assert len(body) == 2, "only a docstring and PROFILE"
    assign = body[1]
    assert isinstance(assign, ast.Assign) and [t.id for t in assign.targets] == ["PROFILE"]
    return ast.literal_eval(assign.value), "boards/%s.py" % name


def test_expected_profiles_exist():
    assert {"pico", "xiao_rp2040", "qtpy_rp2040"} <= set(NAMES)
    assert "template" not in NAMES and "__init__" not in NAMES


@pytest.mark.parametrize("name", ALL)
def test_profile_is_data_and_valid(name):
    prof, where = load(name)
    assert profiles.validate(prof, where, BOARD_PINS.get(name)) is prof
    assert set(prof) == set(profiles.FIELDS)
    assert prof["address"] in (0x3C, 0x3D)
    assert (prof["width"], prof["height"]) == (128, 64)
    actions = profiles.button_actions(prof)
    assert 3 <= len(actions) <= 6
    assert {"A", "LEFT", "RIGHT"} <= set(actions)
    pins = [pin for pin, _ in prof["buttons"]] + [prof["i2c_sda"], prof["i2c_scl"]]
    if prof["buzzer"]:
        pins.append(prof["buzzer"])
    assert len(pins) == len(set(pins))


@pytest.mark.parametrize("name,aliases", [("xiao_rp2040", XIAO_ALIASES), ("qtpy_rp2040", QTPY_ALIASES)])
def test_no_physical_pin_twice(name, aliases):
    prof, _ = load(name)
    pins = [pin for pin, _ in prof["buttons"]] + [prof["i2c_sda"], prof["i2c_scl"], prof["buzzer"]]
    canon = [aliases.get(p, p) for p in pins if p]
    assert len(canon) == len(set(canon))


def test_known_pins():
    pico, _ = load("pico")
    assert (pico["i2c_sda"], pico["i2c_scl"]) == ("GP4", "GP5")
    xiao, _ = load("xiao_rp2040")
    assert ("D1", "A") in xiao["buttons"] and xiao["buzzer"] == "A3" and xiao["address"] == 0x3C
    qt, _ = load("qtpy_rp2040")
    assert (qt["i2c_sda"], qt["i2c_scl"]) == ("SDA1", "SCL1")


def test_board_ids_unique_across_profiles():
    seen = {}
    for n in NAMES:
        for bid in load(n)[0]["board_ids"]:
            assert bid not in seen, (bid, n, seen.get(bid))
            seen[bid] = n


@pytest.mark.parametrize("board_id,expect", [
    ("raspberry_pi_pico", "pico"), ("raspberry_pi_pico2", "pico"), ("raspberry_pi_pico_w", "pico"),
    ("seeeduino_xiao_rp2040", "xiao_rp2040"), ("adafruit_qtpy_rp2040", "qtpy_rp2040"),
])
def test_detect_by_board_id(board_id, expect):
    name, prof = profiles.choose(None, board_id, NAMES, load)
    assert name == expect and prof["name"]


def test_setting_wins_over_board_id():
    name, _ = profiles.choose("xiao_rp2040", "raspberry_pi_pico", NAMES, load)
    assert name == "xiao_rp2040"


def test_unknown_board_and_unknown_setting():
    with pytest.raises(profiles.ProfileError, match="POCKET_DOMINO_BOARD"):
        profiles.choose(None, "some_other_board", NAMES, load)
    with pytest.raises(profiles.ProfileError, match="no boards/nope.py"):
        profiles.choose("nope", "raspberry_pi_pico", NAMES, load)


def _with(**changes):
    prof = dict(load("pico")[0])
    prof.update(changes)
    return prof


@pytest.mark.parametrize("field,value", [
    ("address", 0x3E), ("width", 96), ("height", 48), ("rotation", 45), ("display", "SH1106"),
    ("name", ""), ("board_ids", "raspberry_pi_pico"), ("i2c_sda", None), ("buzzer", 18),
    ("buttons", (("GP8", "LEFT"), ("GP9", "RIGHT"))),
    ("buttons", (("GP8", "LEFT"), ("GP9", "RIGHT"), ("GP10", "B"))),
    ("buttons", (("GP8", "LEFT"), ("GP9", "RIGHT"), ("GP10", "A"), ("GP11", "FIRE"))),
    ("buttons", (("GP8", "LEFT"), ("GP8", "RIGHT"), ("GP10", "A"))),
    ("buttons", (("GP8", "LEFT"), ("GP9", "LEFT"), ("GP10", "A"), ("GP11", "RIGHT"))),
    ("buzzer", "GP4"),
])
def test_bad_field_is_named(field, value):
    with pytest.raises(profiles.ProfileError) as err:
        profiles.validate(_with(**{field: value}), "boards/x.py")
    assert "boards/x.py: field '%s'" % field in str(err.value)


def test_missing_and_unknown_fields_named():
    prof = _with()
    del prof["rotation"]
    with pytest.raises(profiles.ProfileError, match="field 'rotation': missing"):
        profiles.validate(prof)
    with pytest.raises(profiles.ProfileError, match="field 'colour': unknown"):
        profiles.validate(_with(colour=1))


def test_pin_not_on_board_named():
    with pytest.raises(profiles.ProfileError, match="field 'buttons': pin GP8 is not a pin"):
        profiles.validate(load("pico")[0], "boards/pico.py", XIAO_PINS | {"GP4", "GP5"})


def test_profile_names_from_listing():
    assert profiles.profile_names(["pico.py", "x.mpy", "__init__.py", "template.py", "notes.txt"]) == ["pico", "x"]


def test_wrap_fits_screen():
    lines = hardware._wrap("ProfileError: boards/pico.py: field 'address': must be 0x3C or 0x3D", 21)
    assert all(len(line) <= 21 for line in lines)
    assert "".join(lines).replace(" ", "") == "ProfileError:boards/pico.py:field'address':mustbe0x3Cor0x3D"


def test_make_storage_prefers_nvm(monkeypatch, tmp_path):
    fake = types.ModuleType("microcontroller")
    fake.nvm = bytearray(b"\xff" * 4096)
    monkeypatch.setitem(sys.modules, "microcontroller", fake)
    st = hardware.make_storage(str(tmp_path / "s.sav"))
    st.save(0, b"hi")
    assert b"hi" in bytes(fake.nvm)
    assert not (tmp_path / "s.sav").exists()


def test_make_storage_falls_back_to_file_then_ram(monkeypatch, tmp_path):
    fake = types.ModuleType("microcontroller")
    fake.nvm = bytearray(256)  # too small (e.g. SAMD21)
    monkeypatch.setitem(sys.modules, "microcontroller", fake)
    st = hardware.make_storage(str(tmp_path / "s.sav"))
    st.save(1, b"stats")
    assert (tmp_path / "s.sav").stat().st_size == 4096
    st = hardware.make_storage(str(tmp_path / "missing_dir" / "s.sav"))
    assert st.errors and "read-only" in st.errors[0]
    st.save(1, b"ram")
    assert st.load(1) == b"ram"


def test_profiles_load_and_validate_under_micropython(tmp_path):
    """On the device profiles are imported as boards.<name>; check that path under real MicroPython."""
    import mpwasm as mp
    try:
        mp.check_available()
    except mp.MicroPythonUnavailable as e:
        pytest.fail(str(e))
    lib = tmp_path / "lib"
    (lib / "boards").mkdir(parents=True)
    for f in os.listdir(BOARDS):
        if f.endswith(".py"):
            (lib / "boards" / f).write_bytes(open(os.path.join(BOARDS, f), "rb").read())
    for name in ("profiles.py",):
        (lib / name).write_bytes(open(os.path.join(ROOT, "firmware", name), "rb").read())
    script = (
        "import os, profiles\n"
        "names = profiles.profile_names(os.listdir('/lib/boards'))\n"
        "print(names)\n"
        "for bid in ('raspberry_pi_pico2', 'seeeduino_xiao_rp2040', 'adafruit_qtpy_rp2040'):\n"
        "    n, p = profiles.choose(None, bid, names, profiles._load_device)\n"
        "    print(n, profiles.button_actions(p))\n"
        "p = dict(profiles._load_device('pico')[0]); p['rotation'] = 45\n"
        "try:\n"
        "    profiles.validate(p, 'boards/pico.py')\n"
        "except profiles.ProfileError as e:\n"
        "    print(e)\n"
    )
    out = mp.run_source(script, lib=str(lib)).strip().splitlines()
    assert out[0] == str(NAMES)
    assert out[1] == "pico ('LEFT', 'RIGHT', 'UP', 'DOWN', 'A', 'B')"
    assert out[2].startswith("xiao_rp2040 (") and out[3].startswith("qtpy_rp2040 (")
    assert out[4].startswith("boards/pico.py: field 'rotation'")
