"""Short rules paraphrases per game id, for the rules pages.

A game without a text here still gets a page built from its class
(name, players, target), so a new game needs no change to the UI.
"""

_TEXT = {
    0: "Double-six set, block play. 4 play as partners (1+3 vs 2+4), 7 tiles "
       "each; 3 play alone with the 0-0 removed, 9 each; 2 play with 14 each.\n"
       "The double six leads every hand. If you can play you must; else you "
       "pass (pase).\n"
       "Tape: you play your last tile; your side scores the pips left in the "
       "other hands. Krose: all pass; the side with the fewest pips scores the "
       "rest. Zete: fewest pips shared, nobody scores.\n"
       "First to @T wins if the others have under 10: kapot (0) or kapot bef "
       "(1-9). Else all scores go back to 0.",
    1: "4 players as partners (1+3 vs 2+4), double-six, 7 tiles each. Seats "
       "are drawn: the heaviest stone is forehand and leads the first game; "
       "the lead then moves clockwise.\n"
       "Block play: lay a stone if you can, else pass. A game ends when a "
       "player is out or all pass.\n"
       "Each team's pips left are bad points. After a team reaches @T, the "
       "team with fewer bad points wins.",
    2: "Double-six for 2-3 players, double-nine for 4-6, double-twelve for "
       "7-8 (or as chosen), 7 tiles each (5 with 4 on double-six); the rest "
       "is the boneyard.\n"
       "The first double is the spinner: once both its line sides are played "
       "its up and down arms open.\n"
       "After each play, if the open ends add up to a multiple of 5 you score "
       "that many. No play: draw until you can; empty boneyard: pass.\n"
       "Going out scores the others' pips rounded to 5. First side to @T "
       "wins.",
    3: "2-4 players, double-six, 5 pieces each, played in tricks. The turn-up "
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
       "rounds), then on until a hand leaves the pool empty.",
    4: "2-6 players, double-six (double-9 or -12 as chosen), 2 tiles each. "
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
       "(ticked), then END TURN; where one tile or three may go, A asks which.",
}

_CONTROLS = ("\nKeys: left/right pick a tile, A plays it. If it can go two ways "
             "(two ends, a lead's suit), choose and press A again. B (or hold A) opens the menu: "
             "hint, undo, rules, quit. Left and right together show the moves "
             "so far.")


def text(gid, target=None):
    """The rules page text for game ``gid`` played to ``target`` (None: the game's
    default), with the controls appended."""
    from domino import games
    try:
        cls = games.load(gid)
    except ValueError:
        return "No rules for this game." + _CONTROLS
    if target is None:
        target = cls.TARGET
    t = _TEXT.get(gid)
    if t is None:
        t = "%s: %s players, to @T points." % (cls.NAME, "/".join(str(p) for p in cls.PLAYERS))
    return t.replace("@T", str(target)) + _CONTROLS
