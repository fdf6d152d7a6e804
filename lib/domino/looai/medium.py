"""Medium's move features for Domino Loo: what the table and the proofs show about each move.

:func:`medium_scores` is the Loo family's feature score (``medium_scores``
of the family interface, :mod:`domino.ai.interface`): Medium takes the best,
Hard picks and ranks its candidates by it. It reads the observation
(``public``: trump, trick in progress, tricks won, statuses) and the
:class:`~.know.Knowledge` proofs. Keep, exchange or take miss by the hand's
worth in play (:func:`_hand`): each trump by its rank, two or three trumps
together, other doubles, against what the miss is worth (less for each seat
that kept before, more for each that took a miss); a small table per table
size, fitted to the outcome of each choice played out against the club
player (a kept hand of plain pieces is worth far less than a count of its
tricks says: the miss is taken more often). The dealer gives the piece
whose loss costs least, of equals the lowest plain piece; after a miss,
trumps and doubles are kept by worth and of the plain pieces the one with
fewest mates goes (a void to trump in). In play, the chance that a piece
wins the trick (:func:`_win`: each seat still to play holds hidden pieces
its voids allow, drawn at random, none it showed it lacks by losing a trick
it was last to; a first leader who led a plain piece and has since shown a
trump holds no other): lead a likely winner, else the least useful piece;
win with the cheapest piece likely to win, try a less likely one (more
readily while no trick is taken), else throw the least useful. All in
integers, so the device chooses as the host does.
"""

from .. import tiles
from ..loo import (FOLLOW, DISCARD, EXCHANGE, KEEP, MISS, THROW_UP, FOR_POOL, TRUMP, PASSED,
                   KEPT, MISSED, trick_rank)
from .know import suit_bits
from .policy import keepval, pieces_worth, _MODEL2, _MODEL3, _MODEL4

_HI = tiles.HI
_LO = tiles.LO

LOO = 5  # what a loo costs, in tricks, when deciding to pass (pool play)
# chances (per mille) of winning the trick: to lead a piece, to win with it
# surely, to try while no trick is taken yet, to try else
LEAD_P = 400
SURE_P = 600
LOOM_P = 250
TRY_P = 450
UNIT = 15  # 1/1000 tricks a unit of the decision's scores (Hard's prior at it)
VUNIT = 3  # units a tenth of a point of :func:`_hand`


def _none(u, h, k):
    """Per mille, the chance that ``k`` pieces drawn from ``u`` hold none of ``h``."""
    p = 1000
    for i in range(k):
        if u - i <= 0:
            break
        p = p * (u - h - i) // (u - i) if u - h - i > 0 else 0
    return p


def _win(K, suit, rank, seats):
    """Per mille, the chance that none of ``seats`` beats rank ``rank`` in a
    trick of suit ``suit``: each seat's hidden pieces drawn from those its
    voids and ``K.lacks`` allow; it beats with a higher piece of the suit, or
    a higher trump when void in the suit."""
    trump = K.trump
    w = 1000
    for s in seats:
        k = K.room[s]
        sure = 0  # its known trump (the turn-up) beats
        if s == K.dealer and K.known >= 0 and trick_rank(K.known, suit, trump) > rank:
            if suit == TRUMP or not k:
                return 0
            sure = 1
        if not k:
            continue
        void = K.void[s]
        if s == K.cap_seat and K.cap <= 0:
            void |= 128  # it led plain holding at most one trump, now shown
        u = same = hf = ht = 0
        lk = K.lacks[s]
        for q in K.pool:
            b = suit_bits(q, trump)
            if void & b or lk >> q & 1:
                continue
            u += 1
            r = trick_rank(q, suit, trump)
            if r >= 0 and (suit == TRUMP or b != 128):
                same += 1
                if r > rank:
                    hf += 1
            elif r > rank:
                ht += 1
        if sure:
            ht = u
        if k > u:
            k = u
        p = 1000 if void & (1 << suit) else _none(u, same, k)
        q = _none(u, hf, k) * (1000 - p * (1000 - _none(u, ht, k)) // 1000) // 1000
        w = w * q // 1000
    return w


def _chance(t, trump, f):
    """Per mille, the chance that ``t`` takes a trick, counted before play:
    trumps by rank, then doubles, then high pieces; ``f`` (per cent) fewer
    with more hands to beat them."""
    hi = _HI[t]
    lo = _LO[t]
    if hi == trump or lo == trump:
        v = 1000 if hi == lo else 350 + 90 * (hi + lo - trump)
    elif hi == lo:
        v = 150 + 60 * hi
    else:
        v = 40 * hi - 50 if hi > 1 else 0
    return v * f // 100


def _value(ps):
    """A hand's worth, in 1/1000 trick: its pieces' chances ``ps`` summed, less
    the loo (five) by the chance that none takes a trick."""
    e = 0
    none = 1000
    for p in ps:
        e += p
        none = none * (1000 - p) // 1000
    return min(e, 5000) - LOO * none


def _mates(hand, t, trump):
    """How many other plain pieces of ``t``'s numbers the hand holds (at most 3)."""
    k = 0
    for u in hand:
        if u != t and _HI[u] != trump and _LO[u] != trump and (
                _HI[u] == _HI[t] or _LO[u] == _HI[t] or _HI[u] == _LO[t] or _LO[u] == _LO[t]):
            k += 1
    return k if k < 3 else 3


def _hand(hand, trump, m, dealer):
    """A hand's worth kept, tenths of a point (``m``: a model above)."""
    v, k = pieces_worth(hand, trump, m)
    v += m[13] + m[12] * dealer
    if k:
        v += m[8 + k] if k < 3 else m[11]
    return v


def medium_scores(K, rng):
    """A score per legal move of ``K.obs`` (module doc). ``rng`` is not needed."""
    obs = K.obs
    me = obs.seat
    n = obs.players
    pub = obs.public
    trump = pub.trump
    leader = pub.leader
    suit = pub.suit
    trick = pub.trick
    tricks = pub.tricks
    status = pub.status
    hand = obs.hand
    if pub.phase == 0:  # deciding: keep, exchange or miss
        model = _MODEL2 if n == 2 else _MODEL3 if n == 3 else _MODEL4
        dl = 1 if me == pub.dealer else 0
        keep = -1  # pool play: the hand's tricks less the loo by its chance
        if THROW_UP in obs.legal or FOR_POOL in obs.legal:
            active = 0
            for s in range(n):
                if status[s] != PASSED:
                    active += 1
            f = (100, 100, 100, 80, 65)[active]
            keep = _value([_chance(t, trump, f) for t in hand])
    # the seats still to play to this trick (after me)
    after = []
    s = me
    for _ in range(n - 1):
        s = (s + 1) % n
        if s != leader and status[s] != PASSED and trick[s] < 0:
            after.append(s)
    best = -1
    if suit >= 0:
        for s in range(n):
            if trick[s] >= 0:
                r = trick_rank(trick[s], suit, trump)
                if r > best:
                    best = r
    out = []
    for mv in obs.legal:
        sc = 0
        if mv < FOLLOW:  # a lead: a likely winner, else the least useful piece
            t = mv >> 3
            p = _win(K, mv & 7, trick_rank(t, mv & 7, trump), after)
            kv = keepval(t, trump)
            sc = 24 + p // 100 - kv // 8 if p >= LEAD_P else 8 - kv // 2
        elif mv < DISCARD:  # win cheaply when likely, else the least useful piece
            t = mv - FOLLOW
            kv = keepval(t, trump)
            sc = 8 - kv // 2
            if trick_rank(t, suit, trump) > best:
                p = _win(K, suit, trick_rank(t, suit, trump), after)
                if p >= SURE_P:
                    sc = 32 - kv // 2
                elif p >= (LOOM_P if tricks[me] == 0 else TRY_P):
                    sc = 9 + p // 100
        elif mv < EXCHANGE:  # a trump or double by its worth, else the fewest mates
            t = mv - DISCARD
            kv = keepval(t, trump)
            sc = (24 - (kv if kv > 6 else 3)) * 4 - _mates(hand, t, trump)
        elif mv < KEEP:  # the hand with the turn-up for the piece; of equals the lowest
            t = mv - EXCHANGE
            kv = keepval(t, trump)
            sc = _hand([K.turnup if u == t else u for u in hand], trump, model, dl) * VUNIT + (
                2 if kv < 5 else 1 if kv < 6 else 0)
        elif mv == KEEP:
            sc = _hand(hand, trump, model, dl) * VUNIT
        elif mv == MISS:
            sc = model[14 + dl] * VUNIT
            for s in range(n):
                if status[s] == KEPT:
                    sc += model[16] * VUNIT
                elif status[s] == MISSED:
                    sc += model[17] * VUNIT
        elif mv == THROW_UP:
            sc = (-1000 if keep < 0 else -9000) // UNIT
        elif mv == FOR_POOL:
            sc = _hand(hand, trump, model, dl) * VUNIT + 500 // UNIT if keep < 0 else -9000 // UNIT
        out.append(sc)
    return out
