"""A game's rules page: its own words (the module ``domino.<game module>_rules``, see
``domino/game.py``), else a line built from its class (name, players, target), then the
controls. A screen module (``scenes.SCREENS``): in RAM only while a rules page is built.
"""

import sys

from domino import games
from domino.modules import forget

_CONTROLS = ("\n\n#Keys\nLeft/right pick a tile, A plays it. Two ways to play it: "
             "choose, then A. B (or hold A): the menu, with hint, undo, rules and quit. "
             "Left and right together show the moves so far.")


def text(gid, target=None):
    """The rules page text for game ``gid`` played to ``target`` (None: the game's
    default), with the controls appended."""
    try:
        cls = games.load(gid)
    except ValueError:
        return "#Rules\nNo rules for this game." + _CONTROLS
    if target is None:
        target = cls.TARGET
    name = "domino.%s_rules" % games.entry(gid)[1]
    try:
        __import__(name)
        t = sys.modules[name].TEXT
    except ImportError:  # a game without its own page
        t = "#%s\n%s players, to @T points." % (cls.NAME, "/".join(str(p) for p in cls.PLAYERS))
    forget([name])  # its words go with the page
    return t.replace("@T", str(target)) + _CONTROLS
