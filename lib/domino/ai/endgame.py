"""Exact search of the end of a hand on one full deal: alpha-beta, paranoid.

:class:`~.hard.Hard` uses it instead of a playout once few tiles are left in
the hands (``Hard.EXACT_GENERIC``; where the game's family has a faster
solver, e.g. :mod:`domino.lineai.blockend`, that one) and the boneyard is empty: on
each sampled deal every candidate is then valued by perfect play of all seats to the end of the
hand rather than by the fast policy. With two sides this is exact minimax;
with more sides it is the paranoid reading (every other side plays against
us), the usual safe choice for a searcher that cannot model coalitions.

Written against the game contract only (``legal_moves``/``apply``/``undo``,
``turn``, ``side``, ``over``, ``result`` through :func:`value`). The
moves of every open node live in one preallocated list (``stack``), so the
search allocates nothing per node except the result of each ended hand, and
a node limit bounds its cost: past it the search gives up (``None``) and Hard
falls back to a playout.

The search is a loop over an explicit stack, not recursion: CircuitPython
keeps the frames of Python calls in a small fixed "pystack" (1536 bytes by
default), which a recursive search 20 plies deep under the firmware's own
calls would exhaust. Each ply keeps its first move's slot, its move being
searched and its alpha, beta and best value in small arrays (``DEPTH`` plies;
deeper, the search gives up like past the node limit).
"""

from array import array

from ..game import new_move_buffer

_INF = 32767  # beyond any hand's value (array 'h')
DEPTH = 48  # plies the search may open; deeper, it gives up


def value(g, side, nsides, bad):
    """Value of the ended hand ``g`` for ``side``: :func:`spread` of its result's points."""
    return spread(g.result().points, side, nsides, bad)


def spread(pts, side, nsides, bad):
    """The value for ``side`` of an ended hand whose sides scored ``pts[0:nsides]``:
    its points minus the others' mean (times nsides - 1, to stay an int),
    negated for bad points (Whist)."""
    v = nsides * pts[side]  # (nsides - 1) * mine - the others'
    for i in range(nsides):
        v -= pts[i]
    return -v if bad else v


class Solver:
    """Alpha-beta over one deal; see the module docstring."""

    UNIT = 4  # Hard counts a work unit per 2**UNIT nodes (about a playout's time)

    def __init__(self, buf=None, size=96):
        # (arrays filled from a range: no temporary buffer on the heap)
        self.stack = array("H", range(size))  # moves of the open plies, one block per ply
        self.base = bytearray(DEPTH + 1)  # per ply: where its moves start in stack
        self.at = bytearray(DEPTH)  # per ply: the slot of the move being searched
        self.ab = array("h", range(3 * DEPTH))  # per ply: alpha, beta, best
        self.buf = new_move_buffer() if buf is None else buf  # scratch for legal_moves
        self.nodes = 0

    def solve(self, g, side, nsides, bad, limit, floor=-_INF):
        """The value of ``g`` for ``side`` (:func:`value`) under perfect
        play, or None when it needs more than ``limit`` nodes (or more plies or
        open moves than the solver holds). ``g`` is left as it was. With
        ``floor``, a value at or under it comes back as some value at or under
        it (a search with that lower bound: cheaper), one over it exactly."""
        stack = self.stack
        base = self.base
        at = self.at
        ab = self.ab
        buf = self.buf
        size = len(stack)
        nodes = 0
        d = 0  # the ply of the current node: moves applied since the root
        base[0] = 0
        alpha = floor
        beta = _INF
        while True:
            # enter the node at ply d with window (alpha, beta)
            nodes += 1
            n = 0
            if nodes <= limit and not g.over:
                n = g.legal_moves(buf)
            sp = base[d]
            if nodes > limit or n and (d >= DEPTH or sp + n > size):  # give up
                self.nodes = nodes
                for _ in range(d):
                    g.undo()
                return None
            if not n:  # the hand is over
                v = value(g, side, nsides, bad)
            else:
                for i in range(n):
                    stack[sp + i] = buf[i]
                base[d + 1] = sp + n
                at[d] = sp
                k = 3 * d
                ab[k] = alpha
                ab[k + 1] = beta
                ab[k + 2] = -_INF if g.side(g.turn) == side else _INF
                g.apply(stack[sp])
                d += 1
                continue
            # the node at ply d is done with value v: back to its parent
            while True:
                if d == 0:
                    self.nodes = nodes
                    return v
                d -= 1
                g.undo()
                k = 3 * d
                alpha = ab[k]
                beta = ab[k + 1]
                best = ab[k + 2]
                if g.side(g.turn) == side:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                i = at[d] + 1
                if alpha >= beta or i >= base[d + 1]:
                    v = best  # this node is done too
                    continue
                ab[k] = alpha
                ab[k + 1] = beta
                ab[k + 2] = best
                at[d] = i
                g.apply(stack[i])
                d += 1
                break
