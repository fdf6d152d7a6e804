"""The turn planner of Castle Rock play on a full hand state, the fast policy and the model of play.

A turn is a placing, then captures one at a time, then the end of the turn;
a capture can make or break the next (a middle taken alone may join or split
a suit's run), so the planner (:func:`plan`) searches the turn exactly: a
depth-first search over every placing and every order of captures, each
capture worth :data:`W_TILE` per tile, the end of the turn less
:data:`W_THREAT` per place the next seat may capture at in the row left (none
when the hand ends with it). Past a node limit a branch is followed along its
first capture only (triplets are listed just after their singles, so the
greedy line then is "the nearest capture first"). The limit counts work, a
node its row's length plus 2 (its legal moves scan the row), so that a
long row costs no more time than a short one. The playout (:func:`rollout`, to a
horizon of :data:`HORIZON` rounds) plans the captures of the current turn with
:data:`NODES_OWN` nodes (once per decision: :func:`_own`) and the rest
with :data:`NODES_PLAYOUT`; no deal is weighed, so the model of play
(:func:`loglik`) is none. Reads and changes the search game
through ``legal_moves``/``apply``/``undo`` only; the search's move lists are
preallocated, one per ply (arrays of 16-bit moves).
"""

from micropython import const
from array import array
from ..ai import exp_table  # noqa: F401  (the interface)
from ..castle import TRIPLE, END, PLACING
from ..game import MAX_MOVES

W_TILE = const(4)  # a tile captured
W_THREAT = const(3)  # a place the next seat may capture at, left by the end of a turn
NODES_OWN = 1500  # the planner's work limit for the captures of the turn a playout starts in
NODES_PLAYOUT = 80  # ... for the later turns of a playout
HORIZON = 2  # rounds a playout plays after this turn (0: to the hand's end; docs/ai-measured.md)
HORIZON_TURNS = const(8)  # ... at most this many turns (2 rounds of 5-6 seats left Hard 2 deals)
_DEPTH = const(8)  # plies the planner opens (a placing, 7 captures; small pystack); deeper: the end
_BUFS = [array("H", [0] * MAX_MOVES) for _ in range(_DEPTH)]  # move buffers by ply
_PTS = [0] * 6
_ST = [0, 0, 0]  # the planner's work, limit, best first move
_WORK = [0]  # the planner's work since work() was last called
_CACHE = 8  # the rollout's plans of capturing steps remembered (rows and moves)
_CK = [b""] * _CACHE
_CM = [0] * _CACHE
_CI = [0]


def _last_turn(g):
    """True if the hand ends with this turn: no tile left in any hand but the
    one placed, and no boneyard to draw from."""
    if g.top < len(g.stock):
        return False
    for h in g.held:
        if h:
            return False
    return True


def _search(g, d):
    """The planner's value of the rest of the turn at ``g`` (module doc);
    at ply 0 the best move is left in ``_ST[2]``."""
    st = _ST
    st[0] += g.rlen + 2  # a node's work: its legal moves scan the row
    buf = _BUFS[d]
    n = g.legal_moves(buf)
    if g.step == PLACING:
        best = -10000
        for i in range(n):
            g.apply(buf[i])
            v = _search(g, d + 1) if d + 1 < _DEPTH else 0
            g.undo()
            if v > best:
                best = v
                if d == 0:
                    st[2] = buf[i]
        return best
    places = 0
    for i in range(n - 1):
        if buf[i] < TRIPLE:
            places += 1
    best = 0 if places == 0 or _last_turn(g) else -W_THREAT * places
    if d == 0:
        st[2] = END
    if d + 1 >= _DEPTH:
        return best
    for i in range(n - 1):
        mv = buf[i]
        g.apply(mv)
        v = (3 * W_TILE if mv >= TRIPLE else W_TILE) + _search(g, d + 1)
        g.undo()
        if v > best:
            best = v
            if d == 0:
                st[2] = mv
        if st[0] > st[1]:
            break  # past the limit: this branch's first capture only
    return best


def plan(g, limit):
    """The planner's best move for the seat to act at ``g`` and its value
    (module doc), within about ``limit`` work (module doc): ``(move, value)``."""
    _ST[0] = 0
    _ST[1] = limit
    v = _search(g, 0)
    _WORK[0] += _ST[0]
    return _ST[2], v


def work():
    """The planner's work (module doc) since the last call (Hard counts it)."""
    w = _WORK[0]
    _WORK[0] = 0
    return w


def _own(g):
    """:func:`plan`'s move within :data:`NODES_OWN` nodes for a capturing step.
    It depends on the row and on whether the hand ends with this turn only, not
    on the hidden tiles, so it is remembered: a decision's playouts all start
    from the same turn, which is searched once, not once per playout."""
    key = bytes(g.row[:g.rlen]) + (b"\1" if _last_turn(g) else b"\0")
    for i in range(_CACHE):
        if _CK[i] == key:
            return _CM[i]
    mv, _ = plan(g, NODES_OWN)
    i = _CI[0]
    _CK[i] = key
    _CM[i] = mv
    _CI[0] = (i + 1) % _CACHE
    return mv


def forget():
    """Forget the plans :func:`_own` remembers (a new decision starts)."""
    for i in range(_CACHE):
        _CK[i] = b""
    _CI[0] = 0


def rollout(g, buf, rng, scoring, cnt):
    """Play ``g`` to the end of the hand or of :data:`HORIZON` rounds of turns
    after the current one (at most :data:`HORIZON_TURNS` turns), whichever comes first
    (:func:`points` values the captures so far: what is taken within a few turns decides most, and
    shorter playouts buy more deals), every seat by :func:`plan` (the
    captures of the turn it starts in within :data:`NODES_OWN` work, the
    rest within :data:`NODES_PLAYOUT`); return the number of moves made.
    ``buf``, ``rng``, ``scoring`` and ``cnt`` (the interface's) are not needed."""
    depth = 0
    first = g.turn
    turns = min(HORIZON * g.players, HORIZON_TURNS) if HORIZON else 1000
    while not g.over:
        if g.turn != first:
            first = -1
        if g.step == PLACING:
            turns -= 1
            if turns < 0:
                break
        if first >= 0 and g.step != PLACING:
            mv = _own(g)
        else:
            mv, _ = plan(g, NODES_PLAYOUT)
        g.apply(mv)
        depth += 1
    return depth


def loglik(g, buf, sbuf, seat, mv, etab, scoring, eps=0.0):
    """The interface's model of play: 0.0. Castle Rock weighs no deal (its
    ``Knowledge.replay`` stands the position without replaying the seen moves,
    and calls no ``weigh``), so Hard never asks for it."""
    return 0.0


def points(g):
    """Each seat's points of the hand ``g`` for search (ended, or stopped at
    the playout's horizon), without building its result: its captures less
    the Devil's hand. The same list each call."""
    pts = _PTS
    devil = g.rlen
    for s in range(g.players):
        pts[s] = g.ncap[s] - devil
    return pts
