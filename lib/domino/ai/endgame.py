"""Exact search of the end of a hand on one full deal: alpha-beta, paranoid.

:class:`~.hard.Hard` uses it instead of a playout once few tiles are left in
the hands (``Hard.EXACT``) and the boneyard is empty: on each sampled deal
every candidate is then valued by perfect play of all seats to the end of the
hand rather than by the fast policy. With two sides this is exact minimax;
with more sides it is the paranoid reading (every other side plays against
us), the usual safe choice for a searcher that cannot model coalitions.

Written against the game contract only (``legal_moves``/``apply``/``undo``,
``turn``, ``side``, ``over``, ``result`` through :func:`.policy.value`). The
moves of every open node live in one preallocated list (``stack``), so the
search allocates nothing per node except the result of each ended hand, and
a node limit bounds its cost: past it the search gives up (``None``) and Hard
falls back to a playout.
"""

from ..game import new_move_buffer
from . import policy

_INF = 1 << 20


class Solver:
    """Alpha-beta over one deal; see the module docstring."""

    def __init__(self, buf=None, size=96):
        self.stack = [0] * size  # moves of the open nodes, one block per depth
        self.buf = new_move_buffer() if buf is None else buf  # scratch for legal_moves
        self.nodes = 0
        self.limit = 0

    def solve(self, g, side, nsides, bad, limit):
        """The value of ``g`` for ``side`` (:func:`.policy.value`) under perfect
        play, or None when it needs more than ``limit`` nodes. ``g`` is left as
        it was."""
        self.nodes = 0
        self.limit = limit
        self.side = side
        self.nsides = nsides
        self.bad = bad
        v = self._ab(g, 0, -_INF, _INF)
        return None if self.nodes > limit else v

    def _ab(self, g, sp, alpha, beta):
        self.nodes += 1
        if self.nodes > self.limit:
            return 0  # over the limit: the caller sees None
        if g.over:
            return policy.value(g, self.side, self.nsides, self.bad)
        stack = self.stack
        buf = self.buf
        n = g.legal_moves(buf)
        if sp + n > len(stack):
            self.nodes = self.limit + 1  # give up: the caller sees None
            return 0
        for i in range(n):
            stack[sp + i] = buf[i]
        mine = g.side(g.turn) == self.side
        best = -_INF if mine else _INF
        for i in range(sp, sp + n):
            g.apply(stack[i])
            v = self._ab(g, sp + n, alpha, beta)
            g.undo()
            if mine:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best
