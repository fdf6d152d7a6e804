"""The rules page of All Fives, in words (``@T``: the match's target): a module of its own,
imported only while a rules page is built (``domino/game.py``, "Rules page")."""

TEXT = ("Double-six for 2-3 players, double-nine for 4-6, double-twelve for "
        "7-8 (or as chosen), 7 tiles each (5 with 4 on double-six); the rest "
        "is the boneyard.\n"
        "The first double is the spinner: once both its line sides are played "
        "its up and down arms open.\n"
        "After each play, if the open ends add up to a multiple of 5 you score "
        "that many. No play: draw until you can; empty boneyard: pass.\n"
        "Going out scores the others' pips rounded to 5. First side to @T "
        "wins.")
