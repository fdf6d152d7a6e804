"""The rules page of Castle Rock, in words (``@T``: the match's target): a module of its own,
imported only while a rules page is built (``domino/game.py``, "Rules page")."""

TEXT = ("2-6 players, double-six (double-9 or -12 as chosen), 2 tiles each. "
        "Four tiles face up make the tableau, a row (three with five players); "
        "only its open end, on the right, is played on.\n"
        "Your turn: place a tile from your hand at the open end (any tile). Then "
        "capture if you like, one at a time: a tile between two tiles that share "
        "a number may be taken alone, or with them when it has that number too. "
        "The row closes up; new captures may appear anywhere. End your turn: you "
        "draw while the boneyard lasts. A capture you leave is lost.\n"
        "When all hands are empty, each scores a point a tile taken, less one "
        "per tile left in the row (the Devil's hand). Game @T: if several reach "
        "it in one hand the highest wins (a tie: the last dealt). If nobody "
        "does in half @T hands (whole rounds), the top score wins. Drinks: one "
        "hand, its best score wins.\n"
        "Here: once placed, left/right move over the captures along the row "
        "(ticked), then END TURN; where one tile or three may go, A asks which.")
