"""Medium's exact look at the end of a block-play hand (Seychelles, Domino Whist).

With at most ``medium.ENDING`` tiles left in the hands, :func:`look` adds to
Medium's feature scores each move's value under exact play
(:class:`.blockend.BlockSolver`) on ``DEALS`` deals drawn by the seen plays'
weights, within ``NODES`` nodes in all (about 80 ms on a Pico; past them, the
deals solved so far), ``ENDING_W`` a point. Imported by :mod:`.medium` only
there, so that All Fives keeps this code off the heap.
"""

from ..rng import Rng
from ..ai import one_deal
from .blockend import BlockSolver, applies

DEALS = 4
NODES = 350
ENDING_W = 32


def look(K, wt, out):
    """Add to ``out`` each legal move's mean value under exact play
    (:func:`~domino.ai.endgame.value`), ``ENDING_W`` a point, over up to
    ``DEALS`` deals drawn with the draw weights ``wt`` (one where a single other
    seat holds every hidden tile), those solved within ``NODES`` nodes in all
    (none: ``out`` unchanged). The deals come from a generator seeded by the
    count of moves seen, so that the scores are a function of the observation,
    as the others are. The game is left standing at the last deal drawn."""
    g = K.game
    if not applies(g):
        return
    obs = K.obs
    legal = obs.legal
    n = len(out)
    solver = BlockSolver()
    side = g.side(obs.seat)
    bad = g.BAD_POINTS
    sums = [0] * n
    vals = [0] * n
    nodes = 0
    done = 0
    rng = Rng(len(obs.events) + 1)
    for _ in range(1 if one_deal(K) else DEALS):
        K.reweigh(K.deal(rng, 20, wt))
        for i in range(n):
            g.apply(legal[i])
            v = solver.solve(g, side, K.nsides, bad, NODES - nodes)
            g.undo()
            nodes += solver.nodes
            if v is None:
                break
            vals[i] = v
        if v is None:
            break
        done += 1
        for i in range(n):
            sums[i] += vals[i]
    if done:
        for i in range(n):
            out[i] += ENDING_W * sums[i] // done
