"""The end of a Castle Rock hand searched on one full deal: every seat's choice of tile, to
the hand's end.

Hard's exact endings (the family's ``FastSolver``, :mod:`.search`): once the
boneyard is empty and few tiles are left in the hands (``exact_at``), each
candidate is valued on each sampled deal by :class:`EndSolver` instead of a
playout. The search goes turn by turn to the end of the hand: at each of its
own turns the searching seat tries every tile it may place, each followed by
the turn planner's captures (:func:`.policy.plan`, step by step, within
:data:`PLAN` work each), and keeps the best result (its captures less the
others' mean; the Devil's hand costs all alike); the other seats play their
turns as the planner does (their tile too, as in the playouts). With
``OTHERS = 0`` every seat chooses its tile for itself instead (max-n, ties
going against the searching seat): against two greedy players (``castlegreedy``,
1,500 deals, points share paired with no end search) -0.0023 +- 0.0013 where
the planner's model gains +0.0026 +- 0.0009; against the club player with 2
players level with it (docs/ai-measured.md). At most two tiles a hand, so the tree is small; past
the work limit the search gives up (None) and Hard plays a playout instead.
Work (:attr:`EndSolver.nodes`) counts like the planner's (a node its row's
length + 2), the planner's included, in units of 4.
"""

from micropython import const
from ..castle import END, PLACING
from . import policy

PLAN = 200  # the planner's work limit for a step of a turn's captures
OTHERS = 1  # 1: the other seats play their turns as the planner does (0: each for itself)
_DEPTH = const(12)  # turns the search opens (six seats of two tiles); deeper: it gives up
_W = const(8)  # slots per turn: a seat's captures (6 seats), the searching seat's key, spare
_SLOTS = const(4)  # placings a turn may list (hands hold two tiles)


class EndSolver:
    """Search of the rest of a hand, turn by turn (module doc); the
    interface of :class:`domino.ai.endgame.Solver` (``solve``, ``nodes``, ``UNIT``)."""

    UNIT = 6  # Hard counts a work unit per 2**UNIT nodes (about a playout's time)

    def __init__(self, lists=None):
        self.best = bytearray((_DEPTH + 1) * _W)  # per turn: its best child's captures
        self.has = bytearray(_DEPTH + 1)  # per turn: 1 once a child was valued
        self.moves = [0] * (_DEPTH * _SLOTS)  # per turn: its placings
        self.buf = [0] * 64 if lists is None else lists[0]  # scratch for legal_moves
        self.nodes = 0
        self.work = 0
        self.limit = 0

    def solve(self, g, side, nsides, bad, limit, floor=None):
        """The value of ``g`` for ``side`` (``spread`` of the hand's captures)
        when ``side`` plays the rest of the hand at its best (module doc), or
        None past ``limit`` nodes; ``g`` is left as it was. ``floor`` is not
        used (every value comes back exact)."""
        w0 = policy._WORK[0]
        policy._WORK[0] = 0
        self.work = 0
        self.limit = limit << 2
        self.side = side
        ok = self._turn(g, 0)
        policy._WORK[0] = w0  # the planner's work is counted here, not by work()
        self.nodes = self.work >> 2
        if not ok:
            return None
        b = self.best
        v = 0
        for s in range(nsides):
            v -= b[s]
        v += nsides * b[side]
        return -v if bad else v

    def _planned(self, g):
        """Play the rest of the turn at ``g`` as the planner does (a placing
        too at a turn's start), to its end; the moves made."""
        a = 0
        while True:
            p, _ = policy.plan(g, PLAN)
            self.work += policy._WORK[0]
            policy._WORK[0] = 0
            g.apply(p)
            a += 1
            if p == END:
                return a

    def _turn(self, g, d):
        """Search from ``g`` (a turn's start, or within the root's turn) at
        depth ``d``; its best captures in ``best[d * _W:]``. False: gave up.
        The other seats' turns (``OTHERS``) are played in a loop, not
        searched: the depth is the searching seat's turns (a small pystack)."""
        self.work += g.rlen + 2
        if self.work > self.limit or d >= _DEPTH:
            return False
        a = 0
        while OTHERS and not g.over and g.turn != self.side:
            a += self._planned(g)
            self.work += g.rlen + 2  # (the next turn's node)
            if self.work > self.limit:
                break
        ok = self.work <= self.limit and self._node(g, d)
        for _ in range(a):
            g.undo()
        return ok

    def _node(self, g, d):
        """:meth:`_turn` at the searching seat's turn (any seat's, without
        ``OTHERS``) or at the hand's end."""
        b = self.best
        o = d * _W
        n = g.players
        if g.over:
            for s in range(n):
                b[o + s] = g.ncap[s]
            self.has[d] = 1
            return True
        self.has[d] = 0
        seat = g.turn
        mv = self.moves
        m = d * _SLOTS
        if g.step == PLACING:
            k = g.legal_moves(self.buf)
            if k > _SLOTS:
                return False
            for i in range(k):
                mv[m + i] = self.buf[i]
        else:
            k = 1
            mv[m] = -1  # within the root's turn: its captures only
        for i in range(k):
            if mv[m + i] >= 0:
                g.apply(mv[m + i])
            a = self._planned(g)  # the planner's captures, then the end of the turn
            ok = self._turn(g, d + 1) and self._take(g, d, seat, n)
            for _ in range(a):
                g.undo()
            if mv[m + i] >= 0:
                g.undo()
            if not ok:
                return False
        return True

    def _take(self, g, d, seat, n):
        """Keep the child's captures (``best[(d + 1) * _W:]``) as turn ``d``'s
        best if ``seat`` likes them better (ties: the worse for the searching
        seat). True."""
        b = self.best
        o = d * _W
        c = o + _W
        if self.has[d]:
            tc = tb = 0
            for s in range(n):
                tc += b[c + s]
                tb += b[o + s]
            kc = n * b[c + seat] - tc
            kb = n * b[o + seat] - tb
            if kc < kb:
                return True
            if kc == kb:
                me = self.side
                if n * b[c + me] - tc >= n * b[o + me] - tb:
                    return True
        for s in range(n):
            b[o + s] = b[c + s]
        self.has[d] = 1
        return True
