"""The screens use of a game only the contract: every name the firmware reads on a
game is one ``domino/game.py`` documents.

The session's game is replaced by a guard: a subclass of the game's class whose
every attribute read from a module under ``firmware/`` must be a name written in
``game.py``'s docstrings (the contract), or it raises :class:`Breach` (not an
AttributeError, which a ``getattr`` default would hide). Reads from the core (the
AI, the match) and from tools are not the UI's and pass. The screens are driven
through every golden screenshot's setup, a whole match of every game at its
largest table, and random presses in every game.
"""

import os
import random
import re
import sys

import pytest

import devscript
import refresh_golden
import session
import sim
from domino import game, games

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")


class Breach(Exception):
    """The UI read a name of a game the contract does not document."""


def documented():
    """The names ``game.py`` documents: each ``name`` or ``name(...)`` in double backquotes
    in its module's and its classes' docstrings."""
    text = game.__doc__ + "".join(c.__doc__ or "" for c in vars(game).values() if isinstance(c, type))
    return set(re.findall(r"``([A-Za-z_]\w*)", text))


NAMES = documented()


def guarded(real):
    """``real`` seen through the guard (see the module doc)."""
    cls = type(real)

    class Guard(cls):
        def __new__(c, *args, **kw):  # a new hand of the class (the AI's search game): the real one
            return cls(*args, **kw) if args or kw else object.__new__(c)

        def __init__(self):
            pass

        def __getattribute__(self, name):
            f = sys._getframe(1)
            if f.f_code.co_filename.startswith(FIRMWARE) and name not in NAMES:
                raise Breach("%s (%s, %s) reads %s.%s, which game.py does not document" % (
                    os.path.basename(f.f_code.co_filename), f.f_code.co_name, f.f_lineno, cls.__name__, name))
            return getattr(real, name)

        def __setattr__(self, name, value):
            raise Breach("the UI sets %s.%s" % (cls.__name__, name))

    Guard.__name__ = cls.__name__
    return Guard()


@pytest.fixture
def guard(monkeypatch):
    """Every session's ``game`` seen through :func:`guarded` while the test runs."""
    def get(se):
        g = se.__dict__.get("_real_game")
        return None if g is None else guarded(g)

    def put(se, g):
        se.__dict__["_real_game"] = g
    monkeypatch.setattr(session.Session, "game", property(get, put), raising=False)
    yield


def test_the_guard_catches_a_read_outside_the_contract(guard):
    """The check can fail: a firmware module reading ``nplayed`` is caught."""
    h = sim.Harness(6)
    refresh_golden._start(h, 0)
    g = h.app.session.game
    code = compile("g.nplayed", os.path.join(FIRMWARE, "probe_of_the_guard.py"), "eval")
    with pytest.raises(Breach):
        eval(code, {"g": g})
    assert g.players == 4 and g.move_name(game.PASS) == "pass"


@pytest.mark.parametrize("name", list(refresh_golden.SCREENS))
def test_every_golden_screen_uses_only_the_contract(guard, name):
    refresh_golden.make(name, sim.shared_display())


@pytest.mark.parametrize("gid", [g[0] for g in games.GAMES])
def test_a_whole_match_at_the_largest_table_uses_only_the_contract(guard, gid):
    """You and Hard seats at the game's largest table, a hand played to its summary
    and on (the first legal move each turn), the move log, the pause menu, the hint
    and undo on the way."""
    cls = games.load(gid)
    n = cls.PLAYERS[-1]
    rows = (["Players: %d" % n] if len(cls.PLAYERS) > 1 else []) + ["P%d: AI hard" % (p + 1) for p in range(1, n)]
    keys, _ = devscript.new_game_keys(gid, rows)
    h = sim.Harness(6, settings_speed=None, restarts=True)
    h.run_script(devscript.FAST + " " + keys)
    seen = set()
    for i in range(400):
        sc = type(h.app.scene).__name__
        seen.add(sc)
        if sc == "Table" and h.app.scene.to_act and i % 9 == 3:
            h.run_script("U w3000 D w500 L+R w300 B w300 B w300 B w300 A w300")
        h.run_script("A w1500")
        if "Summary" in seen and sc == "Table" and i > 60:
            break
    assert {"Table", "Summary"} <= seen, seen


@pytest.mark.parametrize("gid", [g[0] for g in games.GAMES])
def test_random_presses_use_only_the_contract(guard, gid):
    cls = games.load(gid)
    keys, _ = devscript.new_game_keys(gid, [])
    h = sim.Harness(6, settings_speed=None, restarts=True)
    h.run_script(devscript.FAST + " " + keys)
    h.run_script(devscript.soak_keys(random.Random(gid), 600))
    assert cls.NAME
