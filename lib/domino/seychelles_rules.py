"""The rules page of Seychelles, in words (``@T``: the match's target): a module of its own,
imported only while a rules page is built (``domino/game.py``, "Rules page")."""

TEXT = ("Double-six set, block play. 4 play as partners (1+3 vs 2+4), 7 tiles "
        "each; 3 play alone with the 0-0 removed, 9 each; 2 play with 14 each.\n"
        "The double six leads every hand. If you can play you must; else you "
        "pass (pase).\n"
        "Tape: you play your last tile; your side scores the pips left in the "
        "other hands. Krose: all pass; the side with the fewest pips scores the "
        "rest. Zete: fewest pips shared, nobody scores.\n"
        "First to @T wins if the others have under 10: kapot (0) or kapot bef "
        "(1-9). Else all scores go back to 0.")
