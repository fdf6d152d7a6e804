"""Each game's last choices on New game, as the settings record keeps them
(``savegame.Settings.choices``, ``savegame.CHOICE`` bytes a game: game id, players, 8
seat kinds, target in 2 bytes, options code).

A screen module (``scenes.SCREENS``): not in RAM during play.
"""

from savegame import CHOICE


def last(settings, gid):
    """``(players, seat kinds, target, options code)`` of game ``gid``'s last match, or None."""
    c = settings.choices
    for i in range(0, len(c), CHOICE):
        if c[i] == gid:
            return c[i + 1], c[i + 2:i + 10], c[i + 10] << 8 | c[i + 11], c[i + 12]
    return None


def remember(settings, gid, players, kinds, target, options):
    """Keep these as game ``gid``'s last choices (``kinds``: a seat kind a seat, up to 8)."""
    c = settings.choices
    rest = b"".join(c[i:i + CHOICE] for i in range(0, len(c), CHOICE) if c[i] != gid)
    kinds = bytes(kinds[:8])
    settings.choices = (bytes((gid, players)) + kinds + bytes(8 - len(kinds))
                        + bytes((target >> 8, target & 255, options)) + rest)
