"""Medium's move features for Castle Rock: what the turn takes, less what the row left
offers the others.

:func:`medium_scores` is the family's feature score (``medium_scores`` of the
family interface, :mod:`domino.ai.interface`): Medium takes the best, Hard picks and
ranks its candidates by it and adds it as a prior. A move is valued by the
best way to finish the own turn from it, searched over every order of
captures (a capture is optional, so every point of the turn may end it): the
tiles taken (:data:`W_TILE` each) less ``W_NEXT`` times the tiles the next
seat to place is expected to take from the row left. That seat holds ``k``
tiles (its count, seen) out of the tiles this seat has not seen, any ``k`` of
them alike; with each it would take the most any order of captures takes
from the row with that tile placed, so it is expected to take the mean of the
best of ``k`` such values (an orphaned suit offers it nothing). Beyond the
club player's measure (``tools/clubplayers.py``), what comes after that turn:

- with 2 players, the next seat's reply is followed: taking the most (and
  among its ways to, leaving the least), it ends its turn where the row
  offers no capture, and this seat then places the tile it keeps (its other
  tile, seen): what that tile takes there, meaned like the reply by the tile
  the next seat places, is credited :data:`W_FOLLOW` a tile;
- with 3 players or more, where the next seat takes nothing its tile stays
  beside the tile this seat left at the open end, and the seat after takes it
  if it holds a tile sharing a suit with that one: that chance, times the
  chance the next seat takes nothing, is charged :data:`W_SECOND` a tile.

When no other seat places again the row left costs all alike (the Devil's
hand): nothing is charged. Everything is read from the observation (the row,
the captures, the counts and the hand are the seat's to see; the unseen
tiles are the set less the seat's hand, the row and the captures): no deal
is drawn. Small ints and bytearrays sized by the row; the work (a row scanned
counts its length) is bounded by :data:`WORK` per decision, shared by its
moves: past a move's share a turn follows its first capture only and the
next seat's take is valued the cheap way (the row's own captures, and one
more for a tile sharing a suit with the tile before the open end's), which
is also how ending the turn while the row still offers a capture is valued
(seldom the best).
"""

from micropython import const
from array import array
from .. import tiles
from ..castle import TAKE, TRIPLE, END

_HI = tiles.HI
_LO = tiles.LO
_M = array("H", [(1 << _HI[t]) | (1 << _LO[t]) for t in range(len(_HI))])  # a tile's suits as bits
W_TILE = const(4)  # a tile captured
# by players: a tile the next seat is expected to take (4: as much as one taken; 2-4
# players set in play against the club player on deal sets 7 and 11, 5-6 as it weighs them)
W_NEXT = (5, 5, 5, 4, 4, 3, 3)
W_SECOND = 6  # with 3 players or more: a tile the seat after the next takes (the next seat's)
W_FOLLOW = 4  # with 2 players: a tile this seat is expected to take with the tile it keeps
WORK = 1600  # work limit per decision (rows scanned, by length), shared by its moves
_DEPTH = const(9)  # rows of the search's stack (a turn's captures, the next seat's; small pystack)
# made by medium_scores for its decision, sized by the row, and let go after (Hard's
# playouts then have the heap): the search's rows by depth; by tiles taken, the unseen
# tiles whose placing lets the next seat take that many, and what this seat then takes
_R = _C = _F = None
# work, limit, next seat's tiles (k), W_NEXT, unseen count, C(n, k),
# the tile this seat keeps for its next turn (-1: none followed), W_FOLLOW, the hard limit,
# 1: the threat the cheap way, W_SECOND, the seat after's tiles (k2), C(unseen, k2)
_ST = [0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0]


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
    if d >= _DEPTH:
        return 0
    r = _R[d]
    q = _R[d + 1]
    M = _M
    best = 0
    for i in range(1, n - 1):
        s = M[r[i - 1]] & M[r[i + 1]]
        if s:
            if s & M[r[i]]:
                v = 3 + _most(d + 1, _cut(r, q, n, i, 3))
                if v > best:
                    best = v
            v = 1 + _most(d + 1, _cut(r, q, n, i, 1))
            if v > best:
                best = v
            if best >= n - 2 or st[0] > st[1]:
                break  # nothing takes more, or past the limit: the first capture only
    return best


def _reply(d, n):
    """The next seat's turn on the row ``_R[d][0:n]`` (its tile placed) when
    this seat holds ``_ST[6]``: the most it takes and, among its ways to take
    that many, the least it leaves this seat to take with that tile next
    turn: ``taken * 64 + 63 - left``. (Taking the most, it stops only where
    the row offers no capture.)"""
    st = _ST
    st[0] += n
    if d >= _DEPTH:
        return 63
    r = _R[d]
    q = _R[d + 1]
    M = _M
    best = -1
    for i in range(1, n - 1):
        s = M[r[i - 1]] & M[r[i + 1]]
        if s:
            if s & M[r[i]]:
                v = 192 + _reply(d + 1, _cut(r, q, n, i, 3))
                if v > best:
                    best = v
            v = 64 + _reply(d + 1, _cut(r, q, n, i, 1))
            if v > best:
                best = v
            if st[0] > st[1]:
                break  # past the limit: the first capture only
    if best >= 0:
        return best
    # no capture in the row: this seat's tile starts one only at the open end
    b = st[6]
    if n < 2 or not M[b] & M[r[n - 2]]:
        return 63
    for j in range(n):
        q[j] = r[j]
    q[n] = b
    return 63 - _most(d + 1, n + 1)


def _threat(d, n, pool):
    """The charge for the row ``_R[d][0:n]`` left to the next seat (module
    doc), :data:`W_TILE` a tile: ``W_NEXT`` the tiles it is expected to take,
    less ``W_FOLLOW`` those this seat is then expected to take with the
    tile it keeps (``_ST[6]``, with 2 players)."""
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
    q[n] = 0xFF
    # past the limit (or asked): the row's captures, and one more by a tile at the open end
    cheap = st[0] > st[1] or st[9]
    base = _most(d + 1, n)  # what the row offers whatever the tile placed
    # (no capture yet: only one at the open end starts)
    end = M[r[n - 2]] if n >= 2 and (base == 0 or cheap) else have
    c = _C
    f = _F
    fol = st[6] >= 0 and not cheap
    sb = fol and n and M[st[6]] & M[r[n - 1]]
    top = 0
    for u in pool:
        st[0] += 2
        if fol:
            q[n] = u
            if M[u] & end or base:
                v = _reply(d + 1, n + 1)
                f[v >> 6] += 63 - (v & 63)
                v >>= 6
            else:  # the next seat takes nothing: this seat's tile after its
                v = 0
                if sb:  # (a capture only at the tile placed, by a kept tile of the open end's suit)
                    q[n + 1] = st[6]
                    f[0] += _most(d + 1, n + 2)
        elif M[u] & end:
            if cheap:
                v = base + 1
            else:
                q[n] = u
                v = _most(d + 1, n + 1)
        else:
            v = base  # a tile sharing no suit with the row (or, with no capture in it, with
            # the tile before the open end's) takes no part in a capture
        c[v] += 1
        if v > top:
            top = v
    # E[best of k] = sum over v >= 1 of P(best >= v) = 1 - C(n - (tiles worth >= v), k) / C(n, k);
    # what this seat then takes: by the value of the tile placed, its mean over those tiles
    npool = st[4]
    ck = st[5]
    tot = 0
    fo = 0
    ge = 0
    v = top
    above = ck  # C(npool - (tiles worth more than v), k)
    while v >= 0:
        if c[v]:
            ge += c[v]
            b = _comb(npool - ge, k)
            if fol:
                fo += f[v] * (above - b) * W_TILE // c[v]
                f[v] = 0
            above = b
        if v:
            tot += ck - above
        v -= 1
    c0 = c[0]
    for v in range(top + 1):
        c[v] = 0
    out = (st[3] * W_TILE * tot - st[7] * fo) // (W_TILE * ck)
    k2 = st[11]
    if st[10] and k2 and n:  # the seat after: the next seat's tile taken, when it takes nothing
        a = M[r[n - 1]]
        m = 0
        for u in pool:
            if M[u] & a:
                m += 1
        out += st[10] * _comb(c0, k) * (st[12] - _comb(npool - m, k2)) // (ck * st[12])
    return out


def _comb(n, k):
    if k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def _turn(d, n, pool):
    """The best rest of the own turn from the row ``_R[d][0:n]`` (module doc).
    Ending the turn where the row still offers a capture is charged the
    cheap way (:func:`_threat`): it is seldom the best."""
    st = _ST
    best = -30000
    some = 0
    if d + 1 < _DEPTH and st[0] <= st[8]:
        r = _R[d]
        q = _R[d + 1]
        M = _M
        for i in range(1, n - 1):
            s = M[r[i - 1]] & M[r[i + 1]]
            if s:
                some = 1
                if s & M[r[i]]:
                    v = 3 * W_TILE + _turn(d + 1, _cut(r, q, n, i, 3), pool)
                    if v > best:
                        best = v
                v = W_TILE + _turn(d + 1, _cut(r, q, n, i, 1), pool)
                if v > best:
                    best = v
                if st[0] > st[1]:
                    break  # past the limit: the first capture only
    st[9] = some
    v = -_threat(d, n, pool)
    st[9] = 0
    return v if v > best else best


def _next_holds(obs):
    """Tiles the next seat to place chooses from (0 when no other seat places again)."""
    n = obs.players
    for d in range(1, n):
        c = obs.counts[(obs.seat + d) % n]
        if c:
            return c
    return 0


def _after_holds(obs):
    """Tiles the seat after the next to place chooses from (0: none)."""
    n = obs.players
    seen = 0
    for d in range(1, n):
        c = obs.counts[(obs.seat + d) % n]
        if c:
            if seen:
                return c
            seen = 1
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
    st[7] = W_FOLLOW
    st[10] = W_SECOND if obs.players > 2 else 0
    st[11] = _after_holds(obs)
    if st[11] > st[4]:
        st[11] = st[4]
    st[12] = _comb(st[4], st[11])
    hand = obs.hand
    fol = obs.players == 2 and W_FOLLOW and st[2]
    row = K.row
    n = len(row)
    global _R, _C, _F
    room = n + 3  # the row, a tile placed, the next seat's, a kept tile
    _R = [bytearray(room) for _ in range(_DEPTH + 1)]
    _C = bytearray(room)
    _F = [0] * room
    try:
        return _scores(K, legal, pool, hand, fol, n)
    finally:
        _R = _C = _F = None


def _scores(K, legal, pool, hand, fol, n):
    """:func:`medium_scores` once its rows are made."""
    st = _ST
    row = K.row
    r = _R[0]
    for j in range(n):
        r[j] = row[j]
    nl = len(legal)
    out = [0] * nl
    st[0] = 0
    for i in range(nl):
        mv = legal[i]
        st[1] = st[0] + (WORK - st[0]) // (nl - i)  # the work left, shared by the moves left
        st[8] = st[1] + WORK // (4 * nl)  # past it, the own turn's first capture only
        st[6] = -1
        if fol:  # the tile kept for the next turn
            if mv < TAKE:
                if len(hand) == 2:
                    st[6] = hand[0] if hand[1] == mv else hand[1]
            elif len(hand) == 1:
                st[6] = hand[0]
        if mv == END:
            out[i] = -_threat(0, n, pool)
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
