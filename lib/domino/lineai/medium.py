"""Medium's move features for line games: what the table shows about each play.

:func:`medium_scores` is the line family's feature score (``medium_scores``
of the family interface, :mod:`domino.ai.interface`): Medium takes the best of it,
Hard picks and ranks its candidates by it.
"""

from ..game import SPECIAL
from .. import tiles
from .know import end_mask
from . import policy
from ..ai import exp_table

_HI = tiles.HI
_LO = tiles.LO
_SUIT = tiles.SUIT
_ROW = tiles.SUIT_ROW


# Medium's weights: per pip of the tile, beside the fast policy's score (which
# counts 2), an opponent able to answer the new ends (minus), the partner able to
# (per 1 of the chance, the next seat in full, each later one half the one
# before), a key end, the partner's shown suit, an opponent's shown suit (minus),
# a block when our pips are lower (higher: minus), points scored in play (per
# point), the points the next opponent is expected to score on the new ends (per
# point, minus; over the other sides less one, as a point one of them scores costs
# us that share of one of ours in the hand's spread: docs/ai-measured.md)
MEDIUM_W = [-1, 40, 20, 20, 4, 4, 100, 3, 3]
# All Fives (any table): the fast policy's weights (``policy.SCORE_W``'s order) and
# these, fitted by least squares to the outcome of each legal move of a Medium seat
# played out against the club players with 2 to 4, twice (docs/ai-measured.md): doubles shed
# sooner, points weigh more, and the blocked line's term turns its sign (as fitted)
SCORE_W_FIVES = [2, 26, 9, 4]
MEDIUM_W_FIVES = [-1, 30, 20, 28, 4, 5, -30, 5, 6]

# In block play, how likely a seat holds each hidden tile by its seen plays
# (:func:`.plays.weights`, the general model's style): the softmax sharpness
# (Hard's ``BETA``) and the least weight (of 255) of a tile it may hold
_BETA = 0.5
_FLOOR = 32
_ETAB = []  # exp_table(_BETA), made at the first block-play decision

# With at most ENDING tiles left in the hands of block play (under Hard's EXACT:
# Hard asks for no scores there), Medium looks at the end exactly (:mod:`.mediumend`)
ENDING = 12


def medium_scores(K, rng):
    """A score per legal move of ``K.obs`` (``K`` a :class:`~.know.Knowledge`):
    the fast policy score plus what the table shows: how likely each seat after
    us can answer the new ends (from the hidden tiles, the suits it has shown it
    lacks and, in block play, what its plays say of its tiles: opponents
    blocked, the partner kept in), ends only we can follow
    (lakle), a block when our pips are lower, going out, the partner's suits,
    points scored in play and those the next opponent is expected to score after
    it (its best scoring answer, by the chance it holds each tile, shared over the
    other sides less one); in the
    last ``ENDING`` tiles of block play, each move's value under exact play on
    a few deals drawn by the seen plays (:func:`.mediumend.look`). ``rng``
    deals the hidden tiles if the game does not stand at the position yet
    (only public facts and our own hand are read)."""
    obs = K.obs
    me = obs.seat
    n = obs.players
    nsides = K.nsides
    scoring = K.scoring
    g = K.game
    if not K.at_position:
        K.replay(K.deal(rng))
    # the game stands at the position with some deal of the hidden tiles:
    # only public facts and our own hand are read below
    unseen = [0] * (obs.nset + 1)
    pool_pips = 0
    for t in K.pool:
        unseen[_HI[t]] += 1
        if _HI[t] != _LO[t]:
            unseen[_LO[t]] += 1
        pool_pips += _HI[t] + _LO[t]
    hidden = len(K.pool)
    my_pips = 0
    for t in obs.hand:
        my_pips += _HI[t] + _LO[t]
    partner = (me + 2) % n if nsides == 2 and n == 4 else -1
    # a blocked line's count: the other seats' pips, estimated from the hidden tiles
    # (with each for himself, the lightest other hand's: the fewest pips take the block)
    mates = others = 0
    low = -1
    for s in range(n):
        if s != me:
            est = pool_pips * obs.counts[s] // max(hidden, 1)
            if s == partner:
                mates += est
            else:
                others += est
                if low < 0 or est < low:
                    low = est
    if nsides > 2:
        others = low
    void = K.void
    # in block play each hidden tile weighs by how likely the seat holds it, from
    # its seen plays (one that played light while a heavier tile fit likely lacks
    # it); elsewhere every tile it may hold weighs 1
    pool = K.pool
    npool = len(pool)
    wt = None
    if K.block and not scoring:
        from .plays import read_plays, weights  # (block play only: off All Fives' heap)
        if not _ETAB:
            _ETAB.append(exp_table(_BETA))
        wt = weights(read_plays(K)[0], pool, n, _ETAB[0], 1, _FLOOR)
    # per seat after us (the next three): the hidden tiles it may hold (none of a
    # number it has shown it lacks), how many and their weight, each tile's weight
    # (0: not one of them) and the weight of those showing each number
    seats = min(n, 4)
    room = [0] * seats
    mass = [0] * seats
    held = [None] * seats
    per = [None] * seats
    for d in range(1, seats):
        s = (me + d) % n
        vs = void[s]
        c = per[d] = [0] * (obs.nset + 1)
        h = held[d] = bytearray(tiles.count(obs.nset))
        for i in range(npool):
            u = pool[i]
            if not (vs >> _HI[u] | vs >> _LO[u]) & 1:
                x = wt[s * npool + i] if wt is not None else 1
                h[u] = x
                room[d] += 1
                mass[d] += x
                c[_HI[u]] += x
                if _HI[u] != _LO[u]:
                    c[_LO[u]] += x
    W = MEDIUM_W
    SW = policy.SCORE_W
    if scoring:
        W = MEDIUM_W_FIVES
        SW = SCORE_W_FIVES
    out = []
    for mv in obs.legal:
        if mv >= SPECIAL:
            out.append(0)
            continue
        t = mv >> 2
        sc = policy.score(g, me, mv, SW) + W[0] * (_HI[t] + _LO[t])
        if scoring:
            sc += W[7] * g.play_points(mv)  # what the play scores for our side
        g.apply(mv)
        ends = g.open_ends()
        m = end_mask(ends)
        if not g.over:  # (going out needs no weight: all of a last tile's plays do)
            vals = []  # the numbers open, each once
            for v in ends:
                if v not in vals:
                    vals.append(v)
            for d in range(1, seats if m else 1):
                # each of the three seats after us able to answer the new ends, the next
                # one most (later ones would count an eighth or less, at a Pico's time)
                s = (me + d) % n
                vs = void[s]
                c = per[d]
                h = held[d]
                fit = 0  # its possible tiles showing an open number (one showing two: once)
                for i in range(len(vals)):
                    v = vals[i]
                    fit += c[v]
                    for j in range(i):
                        fit -= h[tiles.tile(v, vals[j])]
                if wt is not None and mass[d]:  # as a count of tiles of equal weight
                    fit = (fit * room[d] + (mass[d] >> 1)) // mass[d]
                gains = None
                if scoring and d == 1:
                    # the next seat's scoring answers: each possible tile's best on any arm
                    gains = []
                    for v in vals:
                        if (vs >> v) & 1:
                            continue
                        base = v * _ROW
                        for j in range(obs.nset + 1):
                            u = _SUIT[base + j]
                            o = _HI[u] + _LO[u] - v
                            if (not h[u]  # (not one it may hold: o is void)
                                    or (o < v and (m >> o) & 1)):  # (o's row has it)
                                continue
                            best = 0
                            for a in range(len(ends)):
                                if ends[a] == v or ends[a] == o:
                                    pp = g.play_points(u << 2 | a)
                                    if pp > best:
                                        best = pp
                            if best:
                                gains.append(best)
                if gains:
                    # its best scoring answer, each tile held with the same chance
                    gains.sort(reverse=True)
                    pr = min(256, obs.counts[s] * 256 // room[d])
                    miss = 256
                    ex = 0
                    for pp in gains:
                        ex += pp * pr * miss
                        miss = miss * (256 - pr) >> 8
                    sc -= W[8] * ex // ((nsides - 1) << 16)
                q = 256  # the chance, in 256ths, that none of its tiles answers
                r = room[d]
                for i in range(min(obs.counts[s], r)):
                    q = q * (r - fit - i) // (r - i)  # (0 from i = r - fit on)
                p = (256 - q) * 100 >> d - 1  # the next seat counts most
                if s == partner:
                    sc += W[2] * p // 25600
                else:
                    sc -= W[1] * p // 25600
            dead = True
            for v in ends:
                if unseen[v]:
                    dead = False
                else:
                    for u in obs.hand:
                        if u != t and (_HI[u] == v or _LO[u] == v):
                            sc += W[3]  # only we hold that suit: a key end
                            dead = False
                            break
                if partner >= 0 and (K.shown[partner] >> v) & 1 and not (void[partner] >> v) & 1:
                    sc += W[4]
                for s in range(n):
                    if s != me and s != partner and (K.shown[s] >> v) & 1:
                        sc -= W[5]
            if dead:
                # the line is blocked: lowest pips wins
                ours = my_pips - _HI[t] - _LO[t] + mates
                sc += W[6] if ours < others else -W[6]
        g.undo()
        out.append(sc)
    if wt is not None and len(out) > 1 and sum(obs.counts) <= ENDING:
        from .mediumend import look  # (block play's end only: off All Fives' heap)
        look(K, wt, out)
    return out
