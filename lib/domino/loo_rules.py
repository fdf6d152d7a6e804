"""The rules page of Domino Loo, in words (``@T``: the match's target): a module of its own,
imported only while a rules page is built (``domino/game.py``, "Rules page")."""

TEXT = ("2-4 players, double-six, 5 pieces each, played in tricks. The turn-up "
        "makes trumps: its heavier end (a double's number).\n"
        "First each player keeps his hand or takes miss (take a miss, discard "
        "down to 5); the dealer may instead swap a piece for the turn-up.\n"
        "Lead any piece and say its suit (one of its numbers; a trump as trump). "
        "With two trumps lead one; after winning a trick lead a trump. Follow "
        "suit if able. A trump beats other suits; in a suit the double is "
        "highest.\n"
        "A point a trick; no trick: looed, 5 back. First to @T wins; with four, "
        "if nobody gets there in @T hands (whole rounds), the top score.\n"
        "Pool play: each trick takes a fifth of the pool; a looed player pays "
        "the next pool; you may pass (throw up your hand) and lose only your "
        "stake. A pool match has no score to reach: it plays @T hands (whole "
        "rounds), then on until a hand leaves the pool empty.")
