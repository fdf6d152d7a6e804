"""The games the core knows, imported only when chosen.

``GAMES`` lists ``(game_id, module, class name, title, layout)`` (the class's
``LAYOUT``, here too so that a menu can tell which games a screen can draw
without importing them); :func:`load` imports
one game's module on demand so that the device loads only what it plays.

A deal code keeps the deal it was made for when a game's defaults change: the
game's optional ``legacy_options`` reads an options code as it was meant when
the code was made (All Fives: a 4-player code with set bits 0 is double-six).
"""

import sys


GAMES = (
    (0, "seychelles", "Seychelles", "Seychelles", "line"),
    (1, "whist", "Whist", "Domino Whist", "line"),
    (2, "allfives", "AllFives", "All Fives", "line"),
    (3, "loo", "Loo", "Domino Loo", "tricks"),
    (4, "castle", "CastleRock", "Castle Rock", "tableau"),
)


def entry(game_id):
    """The entry of ``GAMES`` for ``game_id``; ValueError for an unknown id."""
    for g in GAMES:
        if g[0] == game_id:
            return g
    raise ValueError("no game with id %r" % (game_id,))


def load(game_id):
    """The game class for ``game_id``; ValueError for an unknown id."""
    g = entry(game_id)
    name = "domino." + g[1]
    __import__(name)
    return getattr(sys.modules[name], g[2])


def shown(layouts):
    """The entries of ``GAMES`` whose layout kind is one of ``layouts`` (the kinds a
    screen can draw)."""
    return [g for g in GAMES if g[4] in layouts]


def unload_others(game_id):
    """Forget every game module but ``game_id``'s, with the modules named after it (its
    AI family: ``domino.loo``, ``domino.looai.*``), after
    the other layouts (``domino.line*`` unless ``game_id`` is a line game) and
    ``domino.options`` (a match's start needs it, play does not); a later import loads
    them again, so that on a device their code's RAM goes back to the heap once nothing
    else holds them."""
    from .modules import forget

    own = [g[4] for g in GAMES if g[0] == game_id]
    drop = ["domino." + g[1] for g in GAMES if g[0] != game_id]
    drop += ["domino." + g[4] for g in GAMES if g[4] not in own]
    drop.append("domino.options")
    forget([k for k in sys.modules if any(k.startswith(d) for d in drop)])


def from_code(code):
    """A new hand dealt exactly as deal code ``code`` says (as it was dealt when
    the code was made: see the module doc); BadDealCode if it cannot be."""
    from . import dealcode  # imported when wanted: not in a device's RAM during play
    gid, players, starter, options, seed = dealcode.decode(code)
    try:
        cls = load(gid)
    except ValueError:
        raise dealcode.BadDealCode("deal code names an unknown game (%d)" % gid)
    legacy = getattr(cls, "legacy_options", None)
    if legacy is not None:
        options = legacy(players, options)
    if players not in cls.PLAYERS:
        raise dealcode.BadDealCode("deal code names %d player%s for %s, which takes %s players" % (
            players, "" if players == 1 else "s", cls.NAME, "/".join(str(p) for p in cls.PLAYERS)))
    if options != 0 and not cls.OPTIONS:
        raise dealcode.BadDealCode("deal code has options %s does not use" % cls.NAME)
    try:
        return cls.from_options(players, seed, starter, options)
    except ValueError as e:
        raise dealcode.BadDealCode("deal code names no valid deal: %s" % e)
