"""Medium's move features for Domino Loo: what the table and the proofs show about each move.

:func:`medium_scores` is the Loo family's feature score (``medium_scores``
of the family interface, :mod:`domino.lineai`): Medium takes the best,
Hard picks and ranks its candidates by it. It reads the observation
(``public``: trump, trick in progress, tricks won, statuses) and the
:class:`~.know.Knowledge` proofs: a piece "sure" to win is one no hidden
piece can beat in the hand of a seat still to play (voids respected).
"""

from .. import tiles
from ..loo import (FOLLOW, DISCARD, EXCHANGE, KEEP, MISS, THROW_UP, FOR_POOL, TRUMP, PASSED,
                   trick_rank)
from .know import hand_strength, suit_bits
from .policy import keepval

_HI = tiles.HI
_LO = tiles.LO

# weights: a sure win, the cheapest win (per rank over the trick's best), a win
# not sure, a trump spent on it, keeping the hand (by strength), a loo threatened
MEDIUM_W = [24, 1, 8, 6, 3, 6]


def _sure(K, suit, rank, seats):
    """True if no hidden piece that a seat of ``seats`` may hold and play beats
    rank ``rank`` in a trick of suit ``suit``. A plain piece of the suit counts
    where the seat is not proven void in it; a trump over a plain suit where
    the seat is not proven void in trumps and cannot follow (proven void in
    the suit, or no hidden piece of it may be in its hand)."""
    trump = K.trump
    room = K.room
    void = K.void
    for q in K.pool:
        if trick_rank(q, suit, trump) <= rank:
            continue
        b = suit_bits(q, trump)
        for s in seats:
            if not room[s] or void[s] & b:
                continue
            if suit == TRUMP or b != 128 or not _may_follow(K, s, suit):
                return False
    return True


def _may_follow(K, s, suit):
    """True if seat ``s`` may hold a plain piece of ``suit``."""
    if K.void[s] & (1 << suit):
        return False
    trump = K.trump
    for q in K.pool:
        if (_HI[q] == suit or _LO[q] == suit) and _HI[q] != trump and _LO[q] != trump:
            return True
    return False


def medium_scores(K, rng):
    """A score per legal move of ``K.obs`` (module doc). ``rng`` is not needed."""
    obs = K.obs
    me = obs.seat
    n = obs.players
    pub = obs.public
    trump = pub[0]
    leader = pub[4]
    suit = pub[5]
    trick = pub[6]
    tricks = pub[7]
    status = pub[8]
    W = MEDIUM_W
    hand = obs.hand
    strength = hand_strength(hand, trump)
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
    left = len(hand)  # tricks still to play, this one included
    looming = tricks[me] == 0 and left <= 3
    out = []
    for mv in obs.legal:
        sc = 0
        if mv < FOLLOW:  # a lead
            t = mv >> 3
            a = mv & 7
            r = trick_rank(t, a, trump)
            sc = r // 2
            if _sure(K, a, r, after):
                sc += W[0]
        elif mv < DISCARD:
            t = mv - FOLLOW
            r = trick_rank(t, suit, trump)
            kv = keepval(t, trump)
            if r > best:
                if not after or _sure(K, suit, r, after):
                    sc = W[0] + 8 - W[1] * (r - best) // 2
                else:
                    sc = W[2] - W[1] * (r - best) // 2 - (W[3] if kv >= 16 else 0)
                if looming:
                    sc += W[5]
            else:
                sc = 8 - kv // 2
        elif mv < EXCHANGE:
            sc = 24 - keepval(mv - DISCARD, trump)
        elif mv < KEEP:
            sc = 10 + (keepval(pub[1], trump) - keepval(mv - EXCHANGE, trump)) // 2
        elif mv == KEEP:
            sc = 10
        elif mv == MISS:
            sc = 10 + W[4] * (2 - strength)
        elif mv == THROW_UP:
            sc = 10 + W[4] * (1 - strength) - 2
        elif mv == FOR_POOL:
            sc = 10 + W[4] * (2 - strength) - 1
        out.append(sc)
    return out
