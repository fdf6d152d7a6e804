"""The rules page of Domino Whist, in words (``@T``: the match's target): a module of its own,
imported only while a rules page is built (``domino/game.py``, "Rules page")."""

TEXT = ("#How to play\n"
        "Empty your hand.\n"
        "Match an open end.\n"
        "Fewest pips wins.\n"
        "\n#The deal\n"
        "4 players as partners, double-six, 7 stones each. Seats are drawn by "
        "stones: the heaviest is forehand, the next sits opposite as partner.\n"
        "#Play\n"
        "Forehand leads the first game with any stone; the lead then moves "
        "clockwise. Block play: lay a stone if you can, else pass. A game ends "
        "when a player is out or all pass.\n"
        "#Scoring\n"
        "Each team's pips left are its bad points. After a team reaches @T, the "
        "team with fewer bad points wins.")
