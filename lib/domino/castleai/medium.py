"""Medium's move features for Castle Rock: what the turn takes, less what the row left offers the next seat.

:func:`medium_scores` is the family's feature score (``medium_scores`` of the
family interface, :mod:`domino.lineai`): Medium takes the best, Hard picks and
ranks its candidates by it and adds it as a prior. A move is valued by the
best way to finish the own turn from it, searched over every order of
captures (a capture is optional, so every point of the turn may end it): the
tiles taken (:data:`W_TILE` each) less ``W_NEXT`` times the tiles the next
seat to place is expected to take from the row left. That seat holds ``k``
tiles (its count, seen) out of the tiles this seat has not seen, any ``k`` of
them alike; with each it would take the most any order of captures takes
from the row with that tile placed, so it is expected to take the mean of the
best of ``k`` such values (an orphaned suit offers it nothing). When no other
seat places again the row left costs all alike (the Devil's hand): nothing
is charged. Everything is read from the observation (the row, the captures
and the counts are public; the unseen tiles are the set less the seat's hand,
the row and the captures): no deal is drawn. Small ints and preallocated
bytearrays; the work (a row scanned counts its length) is bounded by
:data:`WORK` per move, past which no further capture is searched.
"""

from micropython import const
from .. import tiles
from ..castle import TAKE, TRIPLE, END

_HI = tiles.HI
_LO = tiles.LO
_M = [(1 << _HI[t]) | (1 << _LO[t]) for t in range(len(_HI))]  # a tile's suits as bits
W_TILE = const(4)  # a tile captured
W_NEXT = (4, 4, 4, 3, 3, 3, 3)  # by players: a tile the next seat is expected to take (4: as much as one taken)
WORK = 20000  # work limit per move (rows scanned, by length)
_DEPTH = const(9)  # rows of the search's stack (a turn's captures and the next seat's; a small pystack)
_CAP = const(96)  # a row's room (double-twelve: 91 tiles, and the next seat's)
_R = [bytearray(_CAP) for _ in range(_DEPTH + 1)]
_C = [0] * (_CAP + 1)  # by tiles taken: unseen tiles whose placing lets the next seat take that many
_ST = [0, 0, 0, 0, 0, 0]  # work, limit, next seat's tiles (k), W_NEXT, unseen count, C(n, k)


def _cut(r, q, n, i, w):
    """Copy row ``r[0:n]`` into ``q`` without the capture at ``i`` (``w``
    tiles: 1 the tile alone, 3 with its neighbours); the new length."""
    a = i if w == 1 else i - 1
    b = i + 1 if w == 1 else i + 2
    for j in range(a):
        q[j] = r[j]
    for j in range(b, n):
        q[j - b + a] = r[j]
    return n - b + a


def _most(d, n):
    """The most tiles any order of captures takes from the row ``_R[d][0:n]``."""
    st = _ST
    st[0] += n
    if d >= _DEPTH or st[0] > st[1]:
        return 0
    r = _R[d]
    q = _R[d + 1]
    M = _M
    best = 0
    for i in range(1, n - 1):
        s = M[r[i - 1]] & M[r[i + 1]]
        if s:
            v = 1 + _most(d + 1, _cut(r, q, n, i, 1))
            if v > best:
                best = v
            if s & M[r[i]]:
                v = 3 + _most(d + 1, _cut(r, q, n, i, 3))
                if v > best:
                    best = v
            if best >= n - 2:
                break  # nothing takes more
    return best


def _threat(d, n, pool):
    """What the next seat is expected to take from the row ``_R[d][0:n]``
    (module doc), :data:`W_TILE` a tile."""
    st = _ST
    k = st[2]
    if not k or not st[4]:
        return 0
    r = _R[d]
    q = _R[d + 1]
    M = _M
    have = 0
    for j in range(n):
        q[j] = r[j]
        have |= M[r[j]]
    base = -1
    c = _C
    top = 0
    for u in pool:
        if M[u] & have or base < 0:
            q[n] = u
            v = _most(d + 1, n + 1)
            if not M[u] & have:
                base = v
        else:
            v = base  # a tile sharing no suit with the row takes no part in a capture
        c[v] += 1
        if v > top:
            top = v
    # E[best of k] = sum over v >= 1 of P(best >= v) = 1 - C(n - (tiles worth >= v), k) / C(n, k)
    npool = st[4]
    ck = st[5]
    tot = 0
    ge = 0
    v = top
    while v >= 1:
        ge += c[v]
        tot += ck - _comb(npool - ge, k)
        v -= 1
    for v in range(top + 1):
        c[v] = 0
    return W_TILE * tot // ck


def _comb(n, k):
    if k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def _turn(d, n, pool):
    """The best rest of the own turn from the row ``_R[d][0:n]`` (module doc)."""
    best = -_ST[3] * _threat(d, n, pool) // W_TILE
    if d + 1 >= _DEPTH or _ST[0] > _ST[1]:
        return best
    r = _R[d]
    q = _R[d + 1]
    M = _M
    for i in range(1, n - 1):
        s = M[r[i - 1]] & M[r[i + 1]]
        if s:
            v = W_TILE + _turn(d + 1, _cut(r, q, n, i, 1), pool)
            if v > best:
                best = v
            if s & M[r[i]]:
                v = 3 * W_TILE + _turn(d + 1, _cut(r, q, n, i, 3), pool)
                if v > best:
                    best = v
    return best


def _next_holds(obs):
    """Tiles the next seat to place chooses from (0 when no other seat places again)."""
    n = obs.players
    for d in range(1, n):
        c = obs.counts[(obs.seat + d) % n]
        if c:
            return c
    return 0


def medium_scores(K, rng):
    """A score per legal move of ``K.obs`` (module doc), :data:`W_TILE` a
    tile. ``rng`` is not used (nothing is drawn)."""
    obs = K.obs
    legal = obs.legal
    pool = K.pool
    st = _ST
    st[2] = _next_holds(obs)
    st[3] = W_NEXT[obs.players] if obs.players < len(W_NEXT) else W_NEXT[-1]
    st[4] = len(pool)
    if st[2] > st[4]:
        st[2] = st[4]
    st[5] = _comb(st[4], st[2])
    row = K.row
    n = len(row)
    r = _R[0]
    for j in range(n):
        r[j] = row[j]
    out = [0] * len(legal)
    for i in range(len(legal)):
        mv = legal[i]
        st[0] = 0
        st[1] = WORK
        if mv == END:
            out[i] = -st[3] * _threat(0, n, pool) // W_TILE
        elif mv < TAKE:
            q = _R[1]
            for j in range(n):
                q[j] = r[j]
            q[n] = mv
            out[i] = _turn(1, n + 1, pool)
        else:
            t = mv - (TRIPLE if mv >= TRIPLE else TAKE)
            j = 0
            while r[j] != t:
                j += 1
            w = 3 if mv >= TRIPLE else 1
            out[i] = w * W_TILE + _turn(1, _cut(r, _R[1], n, j, w), pool)
    return out
