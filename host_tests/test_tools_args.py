"""The measuring tools refuse an argument they do not know, naming it, before any work
(a mistyped flag must not run a long measurement at other settings, or rewrite data)."""

import os

import pytest

import ai_cost
import ai_identity
import budget
import devscript
import device_budget
import hard_cost
import perft
import perft_allfives
import refresh_golden

BAD = [
    (perft.main, ["--chek"], "--chek"),
    (perft_allfives.main, ["--chek"], "--chek"),
    (ai_identity.main, ["--chek"], "--chek"),
    (device_budget.main, ["--part=time,tim"], "'tim'"),
    (device_budget.main, ["--games=loo,zz"], "'zz'"),
    (device_budget.main, ["--per_phase=15"], "--per_phase"),
    (budget.main, ["--device", "--games=zz"], "'zz'"),
    (budget.main, ["--quick", "--full"], "--full"),
    (ai_cost.main, ["--games=sey"], "'sey'"),
    (hard_cost.main, ["--family=lo", "raw.txt"], "'lo'"),
    (hard_cost.main, [], "RAW_FILE"),
    (devscript.main, ["ram_foo"], "'ram_foo'"),
    (refresh_golden.main, ["title", "titel"], "'titel'"),
]


@pytest.mark.parametrize("main,argv,named", BAD, ids=[" ".join(b[1]) or "none" for b in BAD])
def test_a_bad_argument_is_refused_by_name(main, argv, named, capsys):
    data = [perft.DATA, perft_allfives.DATA, ai_identity.REF]
    before = [os.stat(p).st_mtime_ns for p in data]
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    assert named in capsys.readouterr().err
    assert [os.stat(p).st_mtime_ns for p in data] == before


def test_the_documented_flags_parse(monkeypatch):
    """The spellings the docs give (``--part=time``, ``--games=...``, ``--per-phase=15``,
    ``--raw=FILE``) reach the measurement."""
    seen = {}

    def fake(parts, **kw):
        seen.update(kw, parts=parts)
        raise SystemExit(0)

    monkeypatch.setattr(device_budget, "measure", fake)
    with pytest.raises(SystemExit):
        device_budget.main(["--part=time", "--games=seychelles_4p", "--per-phase=15", "--full"])
    assert seen == {"parts": ("time",), "full": True, "quick": False, "out": seen["out"],
                    "names": ["seychelles_4p"], "per_phase": 15}
