"""The other seats' move in a block-play ending searched with three sides (:mod:`.blockend`).

There :class:`~.blockend.BlockSolver` does not read the others as a coalition
against the searching seat: each plays the move the playouts' fast policy
would (:mod:`.blockplay`: each for himself, blocking the next seat and the
one after it), on the solver's masks. Imported only for such a solve
(three-handed Seychelles), so the other tables keep its code off the heap.
"""

from .policy import SCORE_W, W_BLOCK, W_AFTER
from .blockend import MAX_TILES as _E  # the solver keeps the open ends at sums[_E], sums[_E + 1]


def policy_move(sv, i, n, h, nx, nx2):
    """The move of ``sv.stack[i:n]`` (a seat holding ``h``, the next seat
    ``nx``, the one after it ``nx2``; ``sv`` a :class:`~.blockend.BlockSolver`
    mid-search) that the fast policy plays with three sides: its score
    (:func:`.policy.score`, plus ``W_BLOCK`` where the next seat then holds no
    tile of either end and ``W_AFTER`` where ``nx2`` holds none), the first
    best in ``legal_moves``' order (arm 0 before arm 1, in an arm the lighter
    tile first; the stack holds each arm heaviest first). Tested against the
    policy's definition (``host_tests/test_ai_endgame.py``)."""
    stack = sv.stack
    sums = sv.sums  # a tile's pips, then the open ends
    suit = sv.suit
    w0, w1, w2, w3 = SCORE_W
    best = -1
    bm = 0
    for j in range(i, n):
        mv = stack[j]
        t = mv >> 1
        s = sums[t]
        e = sums[_E + (mv & 1)]
        ne = s - e
        sc = s * w0
        if ne == e:
            sc += w1
        m = h & suit[ne]  # the seat's tiles of the new end, this one among them
        k = -1
        while m:
            m &= m - 1
            k += 1
        if k:
            sc += w2 + w3 * k
        ends = suit[ne] | suit[sums[_E + 1 - (mv & 1)]]
        if not nx & ends:
            sc += W_BLOCK
        if not nx2 & ends:
            sc += W_AFTER
        if sc > best or (sc == best and (mv & 1) == (bm & 1)):
            best = sc
            bm = mv
    return bm
