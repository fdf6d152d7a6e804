"""Onboard AI players for every game: the general layer, written against the game contract.

    from domino import ai
    p = ai.new_player(level, seed)   # 0 easy, 1 medium, 2 hard
    p.begin(game_cls, obs)           # obs = game.observation(seat); game_cls = type(game)
    move = p.step(budget)            # None while thinking, else a move from obs.legal
    p.choose(game_cls, obs)          # begin + step until done

A player is given only the observation of its seat and the game's class (the
rules), never the game, so it cannot see hidden tiles; ``host_tests/
test_ai_fair.py`` checks that moving hidden tiles around in any way consistent
with the observation never changes its move. ``budget`` counts work units:
one deal drawn or one playout for Hard (about 10 ms on an RP2040 in a
4-player block game, so ``step(4)`` between frames keeps a ~20 fps animation;
a decision is at most 48 playouts, 24 in All Fives, and stops within a counted
cost of about 850 ms on an RP2040: ``Hard.COST``); Easy and Medium finish in
their first call. The
same seed and observation give the same move on the device and the host.

This package never decodes a move, never reads a game's private state and
knows no game family: what a family's observations prove, its sampler of
deals, its playout policy and its move features come from the family module
the game class declares (``AI``, see :func:`family`; the interface is written
down in :mod:`domino.ai.interface`).
"""

from micropython import const
import math
import sys

_DMAX = const(47)  # score gaps past this share the softmax table's last weight
EASY = 0
MEDIUM = 1
HARD = 2
LEVELS = ("Easy", "Medium", "Hard")


def supports(game_cls):
    """True if these players can play ``game_cls``: it names its family's
    knowledge in ``AI`` (a game without one is offered by no screen with AI
    seats): the line games (:mod:`domino.lineai`), Domino Loo
    (:mod:`domino.looai`), Castle Rock (:mod:`domino.castleai`)."""
    return getattr(game_cls, "AI", None) is not None


def family(game_cls):
    """The family module ``game_cls`` declares (``domino.`` + its ``AI``), imported
    on first use; a level resolves it once per decision."""
    name = __name__[:__name__.rfind(".")] + "." + game_cls.AI
    m = sys.modules.get(name)
    if m is None:
        __import__(name)
        m = sys.modules[name]
    return m


def unload():
    """Forget the levels' and the game families' modules (``domino.ai.*`` and
    the family packages a game's ``AI`` names, all ``domino.*ai``, with their
    parts), so that on a device their code's RAM goes back to the heap once no
    player holds them; the next player imports them again."""
    from ..modules import forget

    pkg = __name__[:__name__.rfind(".")]
    forget([k for k in sys.modules if k != __name__ and k.startswith(pkg + ".")
            and k[len(pkg) + 1:].split(".")[0].endswith("ai")])  # domino.ai.* and domino.*ai*


def new_player(level, seed=0):
    """A player of ``level`` (0 easy, 1 medium, 2 hard) whose random choices come from ``seed``."""
    if level == EASY:
        from .heuristic import Easy
        return Easy(seed)
    if level == MEDIUM:
        from .heuristic import Medium
        return Medium(seed)
    if level == HARD:
        from .hard import Hard
        return Hard(seed)
    raise ValueError("level must be 0, 1 or 2, not %r" % (level,))


def one_deal(K):
    """True where a single deal of the hidden tiles is possible (``K``: a family's
    knowledge): no tile comes into a hand, none is out of play and one other
    seat holds every hidden tile (two players once the boneyard is empty)."""
    obs = K.obs
    others = 0
    for s in range(obs.players):
        if s != obs.seat and obs.counts[s]:
            others += 1
    return K.closed and others <= 1 and sum(obs.counts) - len(obs.hand) == len(K.pool)


def exp_table(beta):
    """``round(65536 * exp(-beta * d))`` for d = 0.._DMAX (at least 1): the
    weights of :func:`softmax_loglik` in small ints, so a weighed replay makes
    few floats. A family's model of play (``exp_table`` of the interface)."""
    return [max(1, int(65536 * math.exp(-beta * d) + 0.5)) for d in range(_DMAX + 1)]


def softmax_loglik(buf, sbuf, n, mv, etab, eps):
    """Log-probability of choosing ``mv`` among the moves ``buf[0:n]`` (n > 1)
    under a softmax of their scores ``sbuf[0:n]`` with the weights ``etab``
    (:func:`exp_table`, by each score's gap to the top one, gaps past _DMAX
    alike), mixed with a uniform choice of weight ``eps``: every family's
    model of play (its ``loglik``) ends here."""
    top = sbuf[0]
    mine = 0
    for i in range(n):
        if sbuf[i] > top:
            top = sbuf[i]
        if buf[i] == mv:
            mine = sbuf[i]
    tot = 0
    for i in range(n):
        d = top - sbuf[i]
        tot += etab[d if d < _DMAX else _DMAX]
    d = top - mine
    p = etab[d if d < _DMAX else _DMAX] / tot
    return math.log((1.0 - eps) * p + eps / n if eps else p)
