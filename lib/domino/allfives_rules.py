"""The rules page of All Fives, in words (``@T``: the match's target): a module of its own,
imported only while a rules page is built (``domino/game.py``, "Rules page")."""

TEXT = ("#How to play\n"
        "Match an open end.\n"
        "Ends adding to 5,\n"
        "10, 15... score.\n"
        "\n#The deal\n"
        "2-3 players use a double-six set, 4-6 double-nine, 7-8 double-twelve. "
        "Others may be chosen. 7 tiles each (5 with 4 on double-six). The rest is the "
        "boneyard.\n"
        "#The spinner\n"
        "The first double is the spinner. Once both its sides are played, its up "
        "and down arms open: four ends count.\n"
        "#Play\n"
        "No play: draw until you can. Empty boneyard: pass.\n"
        "#Scoring\n"
        "After each play, open ends adding up to a multiple of 5 score that many. "
        "Going out scores the others' pips, rounded to 5. First side to @T wins.")
