"""Exact search of the end of a block-play hand on bitmasks: the fast solver.

The same search as :mod:`domino.ai.endgame` (alpha-beta, an explicit stack, a
node limit; with three sides, below, not paranoid), for the line games whose
ending is pure block play: two arms, no boneyard left and no points scored
during play, so a hand's value depends only on who went out and the pips
left in each hand. Those games give their points by ``points_from(pips,
winner, out)`` (Seychelles, Domino Whist; every line game not
``SCORES_IN_PLAY``), which their ``result`` uses too, so both solvers value
an ended hand alike.

Instead of calling the game's ``legal_moves``/``apply``/``undo`` on every
node, it copies the position once per solve into small ints and never touches
the game again: the tiles left in the hands are renumbered 0..n-1, heaviest
first, so each hand is one small int bitmask (any set size: only the tiles in
the hands get a bit) and a suit's tiles are one mask. A seat's plays on an end
are then ``hand & suit[end]``, taken lowest bit first (heaviest tile first); a
play flips a bit, updates the seat's pip count and opens
``pips(tile) - end``. The value of an ended hand comes from the game's
``points_from`` with those pip counts. A node costs about a quarter of a
generic one under MicroPython (``tools/ai_cost.py`` times Hard with it).

With two sides the search is exact minimax. With more (three-handed
Seychelles, each for himself) a paranoid search, every other seat playing
against us, reads the others as a coalition the table does not have, and
chooses worse than the playouts do (docs/ai-measured.md): there each other seat plays
the move the playouts' fast policy would (:mod:`.blockothers`, imported only
then: off the heap of the other tables), so only our own seat's moves branch.

The same state serves Hard's playouts in block play (:mod:`.blockplay`).
"""

from micropython import const
from array import array

from .. import tiles
from ..ai.endgame import value, spread as _spread

_HI = tiles.HI
_LO = tiles.LO

# (constants: MicroPython puts these in the code, no lookup in the search's loop)
_INF = const(32767)  # beyond any hand's value (array 'h')
_PASS = const(255)  # move code of a pass; a play is local tile << 1 | arm
DEPTH = const(48)  # plies the search may open; deeper, it gives up
MAX_TILES = const(29)  # tiles in the hands the masks can hold (small ints)
_MOST = const(27)  # the most moves a node can have (two suits of a double-12 set)
_ENDS = const(29)  # (MAX_TILES) where the two open ends are kept (after the tiles' pips)
_ENDS1 = const(30)  # _ENDS + 1
BIT_INDEX = bytearray(37)  # [(1 << k) % 37] == k for k < 36 (2 is a primitive root mod 37)
for _k in range(36):
    BIT_INDEX[(1 << _k) % 37] = _k
_BY_PIPS = bytes(sorted(range(len(_HI)), key=lambda t: -_HI[t] - _LO[t]))  # heaviest first


def applies(g):
    """True if this solver can search ``g`` from here: a two-arm line game
    scoring by ``points_from`` (not ``SCORES_IN_PLAY``), past the first play,
    no boneyard left."""
    return not g.SCORES_IN_PLAY and g.narms == 2 and g.nplayed > 0 and g.top >= len(g.stock)


class BlockSolver:
    """Alpha-beta over one deal of a block-play ending; see the module docstring."""

    UNIT = 6  # Hard counts a work unit per 2**UNIT nodes (about a playout's time)

    def __init__(self, lists=None, size=128):
        """``lists``: three lists of 13 or more slots the solver may overwrite
        during a solve (Hard lends its move buffers, idle then: less heap)."""
        if lists is None:
            lists = ([0] * 13, [0] * 13, [0] * 13)
        self.stack = bytearray(size)  # moves of the open plies, one block per ply
        # per ply d: [3d] where its moves start in stack, [3d+1] the slot of the
        # move being searched, [3d+2] passes in a row before it
        self.ply = bytearray(3 * DEPTH + 1)
        self.ab = array("h", range(2 * DEPTH))  # per ply: alpha, beta (fail-hard)
        self.sums = bytearray(MAX_TILES + 2)  # per local tile: its pips; then the ends
        self.hand = [0] * 8  # per seat: mask of its local tiles
        self.suit = lists[0]  # per pip value: mask of the local tiles showing it
        self.pips = lists[1]  # per seat: pips left in its hand
        self.pts = lists[2]  # per side: points of an ended hand
        self.others = None  # with three sides, the others' move (imported then)
        self.nodes = 0

    def load(self, g, side, cnt=None):
        """Copy ``g``'s hands into the masks; return the mask of the seats on
        ``side`` (-1 if the hands hold too many tiles). With ``cnt``, also each
        seat's count of tiles showing each pip value, at ``cnt[seat * 13 + v]``,
        and in ``stack[n]`` local tile n's lower pip (for :mod:`.blockplay`)."""
        loc = g.loc
        nt = len(loc)
        players = g.players
        sums = self.sums
        suit = self.suit
        hand = self.hand
        pips = self.pips
        for v in range(13):
            suit[v] = 0
        mine = 0
        for s in range(players):
            hand[s] = 0
            pips[s] = 0
            if g.side(s) == side:
                mine |= 1 << s
        if cnt is not None:
            for i in range(players * 13):
                cnt[i] = 0
        lo = self.stack  # with cnt: per local tile, its lower pip (a playout pushes no moves)
        n = 0
        for t in _BY_PIPS:  # local tiles numbered heaviest first
            if t < nt and loc[t] < players:
                if n == MAX_TILES:
                    return -1
                b = 1 << n
                s = loc[t]
                hand[s] |= b
                sums[n] = _HI[t] + _LO[t]
                pips[s] += sums[n]
                suit[_HI[t]] |= b
                suit[_LO[t]] |= b
                if cnt is not None:
                    lo[n] = _LO[t]
                    cnt[s * 13 + _HI[t]] += 1
                    if _LO[t] != _HI[t]:
                        cnt[s * 13 + _LO[t]] += 1
                n += 1
        return mine

    def solve(self, g, side, nsides, bad, limit, floor=-_INF):
        """The value of ``g`` for ``side`` (:func:`~domino.ai.endgame.value`) under perfect
        play (with more than two sides, the others playing the fast policy:
        module doc), or None when it needs more than ``limit`` nodes (or more plies,
        open moves or tiles than the solver holds). ``g`` is not changed. With
        ``floor``, a value at or under it comes back as some value at or under
        it (a search with that lower bound: cheaper), one over it exactly."""
        self.nodes = 1
        if g.over:
            return value(g, side, nsides, bad)
        mine = self.load(g, side)
        if mine < 0:
            return None
        stack = self.stack
        ply = self.ply
        ab = self.ab
        sums = self.sums  # (and the open ends at _ENDS, _ENDS1)
        suit = self.suit
        hand = self.hand
        pips = self.pips
        log = BIT_INDEX
        spread = _spread  # (a local: looked up once)
        pts = self.pts
        room = len(stack) - _MOST
        players = g.players
        seat = g.turn
        passes = g.passes
        sums[_ENDS] = g.ends[0]
        sums[_ENDS1] = g.ends[1]
        won = -1
        nodes = 0
        model = None
        if nsides > 2:  # the other seats play the fast policy (module doc)
            model = self.others
            if model is None:
                from .blockothers import policy_move
                model = self.others = policy_move
        d = 0  # the ply of the current node: moves made since the root
        ply[0] = 0
        alpha = floor
        beta = _INF
        while True:
            # enter the node at ply d with window (alpha, beta)
            nodes += 1
            k = 3 * d
            if nodes > limit or d >= DEPTH or ply[k] > room:  # give up
                self.nodes = nodes
                return None
            if won < 0 and passes < players:
                h = hand[seat]
                n = i = ply[k]
                for a in range(1 if sums[_ENDS] == sums[_ENDS1] else 2):
                    m = h & suit[sums[_ENDS + a]]
                    while m:  # lowest bit first: heaviest tile first
                        b = m & -m
                        m ^= b
                        stack[n] = log[b % 37] << 1 | a
                        n += 1
                if n == i:
                    stack[n] = _PASS
                    n += 1
                elif model and n > i + 1 and not mine >> seat & 1:
                    nx = seat + 1 if seat + 1 < players else 0
                    stack[i] = model(self, i, n, h, hand[nx],
                                     hand[nx + 1 if nx + 1 < players else 0])
                    n = i + 1
                ply[k + 3] = n
                ply[k + 2] = passes
                ab[2 * d] = alpha
                ab[2 * d + 1] = beta
            else:  # the hand is over
                g.points_from(pips, won, pts)
                v = spread(pts, side, nsides, bad)
                # the node at ply d is done with value v: back to its parent
                while True:
                    if d == 0:
                        self.nodes = nodes
                        return v
                    d -= 1
                    seat = seat - 1 if seat else players - 1
                    k = 3 * d
                    i = ply[k + 1]
                    mv = stack[i]
                    if mv != _PASS:
                        t = mv >> 1
                        hand[seat] |= 1 << t
                        pips[seat] += sums[t]
                        a = _ENDS + (mv & 1)
                        sums[a] = sums[t] - sums[a]
                    passes = ply[k + 2]
                    won = -1
                    alpha = ab[2 * d]
                    beta = ab[2 * d + 1]
                    if mine >> seat & 1:
                        if v > alpha:
                            alpha = v
                    elif v < beta:
                        beta = v
                    i += 1
                    if alpha < beta and i < ply[k + 3]:
                        ab[2 * d] = alpha
                        ab[2 * d + 1] = beta
                        break
                    v = alpha if mine >> seat & 1 else beta  # done too (fail-hard)
            # make move i of the node at ply d and enter the child
            ply[3 * d + 1] = i
            mv = stack[i]
            if mv == _PASS:
                passes += 1
            else:
                t = mv >> 1
                h = hand[seat] ^ (1 << t)
                hand[seat] = h
                pips[seat] -= sums[t]
                a = _ENDS + (mv & 1)
                sums[a] = sums[t] - sums[a]
                passes = 0
                if not h:
                    won = seat
            seat = seat + 1 if seat + 1 < players else 0
            d += 1
