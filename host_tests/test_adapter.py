"""tools/dominoes_adapter.py: our players inside the PyPI ``dominoes`` game."""

import copy
import json
import os
import platform
import random

import dominoes

import dominoes_adapter as da


def test_library_scoring_matches_the_library():
    # LibraryGame (the rules our players are given there) scores a finished
    # library game exactly as the library does, dominoed and stuck alike
    ends = set()
    for seed in range(40):
        game = da.new_game(seed)
        while game.result is None:
            game.make_move(*game.valid_moves[0])
        g, _ = da.rebuild_final(game)
        lib = game.result.points
        assert da.LibraryGame.result(g).points == [max(lib, 0), max(-lib, 0)], seed
        ends.add(game.result.won)
    assert ends == {True, False}


def test_duplicate_run_reports_shares():
    r = da.run("medium", "bota_gorda", 2, seed=3)
    assert r["deals"] == 2
    assert 0.0 <= r["points_share_a"] <= 1.0
    assert 0.0 <= r["seychelles_share_a"] <= 1.0
    lo, hi = r["points_share_ci95"]
    assert lo <= r["points_share_a"] <= hi


def _late_positions(n_seeds, after):
    out = []
    for seed in range(n_seeds):
        game = da.new_game(seed)
        while game.result is None:
            if len(game.valid_moves) > 1 and len(game.moves) >= after:
                out.append(copy.deepcopy(game))
            game.make_move(*game.valid_moves[0])
    return out


def test_library_speed_up_keeps_every_decision():
    # the Hand.__iter__ patch changes no choice of probabilistic_alphabeta
    # (same sampling seed, same ordering of valid moves, patch on and off)
    pos = _late_positions(5, 12)
    assert len(pos) >= 10
    orders = []
    try:
        for on in (False, True):
            da.speed_up_library(on)
            assert ("__iter__" in vars(dominoes.Hand)) == on
            pa = da.library_player("probabilistic_alphabeta", 0)
            got = []
            for k, g in enumerate(pos):
                g = copy.deepcopy(g)
                random.seed(k)
                pa(g)
                got.append(g.valid_moves)
            orders.append(got)
    finally:
        da.speed_up_library(True)
    assert orders[0] == orders[1]
    assert any(o != p.valid_moves for o, p in zip(orders[1], pos))  # it did reorder


def test_log_resumes_and_adds_up(tmp_path, capsys):
    path = str(tmp_path / "run.jsonl")
    first = da.run("medium", "bota_gorda", 2, seed=4, path=path)
    assert first["deals"] == 2
    with open(path, "a") as f:
        f.write('{"cut by a power')  # a stopped run's last line
    more = da.run("medium", "bota_gorda", 2, seed=4, path=path, first=2)
    assert more["deals"] == 4
    with open(path) as f:
        assert sum(1 for _ in f) == 5  # two + two rows + the cut line
    whole = da.run("medium", "bota_gorda", 4, seed=4)
    assert more["points_share_a"] == whole["points_share_a"]
    assert more["hands_won_a"] == whole["hands_won_a"]
    # other sides, seeds or core code do not mix in
    assert da.run("medium", "bota_gorda", 0, seed=5, path=path)["deals"] == 0
    # rows name their interpreter; --report sums the log per code and interpreter
    with open(path) as f:
        rows = [json.loads(line) for line in f if line.endswith("}\n")]
    assert len(rows) == 4 and all(r["py"] == platform.python_implementation() for r in rows)
    other = dict(rows[0], code="0000000000", py="PyPy", x=0.0)
    with open(path, "a") as f:
        f.write(json.dumps(other) + "\n")
    da.main(["--a", "medium", "--b", "bota_gorda", "--seed", "4", "--log", path, "--report"])
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2
    assert out[0].startswith("code %s %s: deals 4 (0..3) points_share_a %.4f " % (
        da.code_version(), platform.python_implementation(), whole["points_share_a"]))
    assert out[1].startswith("code 0000000000 PyPy: deals 1 (0..0) points_share_a 0.0000 ")


def test_code_version_ignores_docs_not_code(tmp_path, monkeypatch):
    import shutil
    root = tmp_path / "root"
    shutil.copytree(os.path.join(da.ROOT, "lib", "domino"), str(root / "lib" / "domino"))
    monkeypatch.setattr(da, "ROOT", str(root))
    v0 = da.code_version()
    f = root / "lib" / "domino" / "tiles.py"
    text = f.read_text()
    f.write_text(text.replace('"""', '"""Reworded. ', 1) + "\n# a comment\n")
    assert da.code_version() == v0
    f.write_text(text + "\nX_NEW = 1\n")
    assert da.code_version() != v0
