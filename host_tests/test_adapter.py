"""tools/dominoes_adapter.py: our players inside the PyPI ``dominoes`` game."""

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
