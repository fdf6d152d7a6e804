"""The rules page of Domino Whist, in words (``@T``: the match's target): a module of its own,
imported only while a rules page is built (``domino/game.py``, "Rules page")."""

TEXT = ("4 players as partners (1+3 vs 2+4), double-six, 7 tiles each. Seats "
        "are drawn: the heaviest stone is forehand and leads the first game; "
        "the lead then moves clockwise.\n"
        "Block play: lay a stone if you can, else pass. A game ends when a "
        "player is out or all pass.\n"
        "Each team's pips left are bad points. After a team reaches @T, the "
        "team with fewer bad points wins.")
