"""Club players: rule-based baselines that play as a careful club player does.

Written from the rules texts and their strategy notes (``../shared/rules``),
each player reads only its own seat's :class:`~domino.game.Observation`: its
hand, the table, the public moves and the counts. Nothing random: the same
observation gives the same move.

:class:`LineClubPlayer` (Seychelles, Domino Whist, All Fives), the Seychelles
text's tips: dump doubles and heavy tiles early, keep a tile of as many suits
as possible, stay in the game (keep a play for the next turn), hold the key
of a number (lakle), and block: every pass and draw proves a seat lacks
the numbers then open, and the tiles played and held say how many of each
suit are still out, so each play is weighed by how likely each following seat
can answer it (opponents blocked, the partner kept in). In All Fives it adds
the points the play scores and the points it leaves the next opponent.

:class:`LooClubPlayer` (Domino Loo): counts the pieces played, the turn-up
and the voids each seat has shown, and from them how likely a piece is to win
a trick; keeps, exchanges for the turn-up or takes miss by the tricks the hand
should make and its risk of a loo; discards the least useful; cashes winners,
leads trumps high only when they are masters, follows with the cheapest piece
that wins (at once when last to play), else throws its least useful piece.

:class:`CastleClubPlayer` (Castle Rock): searches every capture sequence and
takes the one that gains most this turn, less what the row it leaves offers
the next player, who places one of two tiles drawn from those still unseen
(so a suit whose mates are captured, an orphan, offers nothing), and chooses
the tile to place by the same measure.

:class:`ClubPlayer` plays any of these games by the game's layout.
"""

from domino import tiles
from domino.game import PASS, DRAW, SPECIAL, LINE, TRICKS

_HI = tiles.HI
_LO = tiles.LO


def _has(t, v):
    return _HI[t] == v or _LO[t] == v


def _pips(t):
    return _HI[t] + _LO[t]


def _none_of(pool, bad, k):
    """Chance that ``k`` tiles drawn from ``pool`` tiles include none of ``bad``."""
    if bad <= 0:
        return 1.0
    p = 1.0
    for i in range(k):
        if pool - i <= 0:
            break
        p *= max(0.0, (pool - bad - i) / (pool - i))
    return p


# -- line games -----------------------------------------------------------------

_PLAIN, _DOUBLE, _SPIN = 0, 1, 2
_W_LINE = (1, 2, 2)
_W_SIDE = (1, 2, 0)


class LineView:
    """The open ends of a line: values, the tile at each end and the spinner
    (All Fives), enough to play a tile on it and count the ends as All Fives
    scores them."""

    def __init__(self, spinning):
        self.spinning = spinning
        self.ends = []
        self.etile = []
        self.spinner = -1

    @classmethod
    def from_board(cls, board, spinning):
        v = cls(spinning)
        if board.first < 0:
            return v
        v.ends = list(board.ends)
        v.spinner = board.spinner if spinning else -1
        v.etile = [board.arms[a][-1] if board.arms[a] else
                   (board.first if a < 2 else v.spinner) for a in range(len(v.ends))]
        return v

    def copy(self):
        v = LineView(self.spinning)
        v.ends = list(self.ends)
        v.etile = list(self.etile)
        v.spinner = self.spinner
        return v

    def kind(self, a):
        t = self.etile[a]
        if t == self.spinner and self.spinner >= 0:
            return _SPIN
        return _DOUBLE if _HI[t] == _LO[t] else _PLAIN

    def after(self, t, a):
        """The line with tile ``t`` laid on arm ``a``."""
        v = self.copy()
        d = _HI[t] == _LO[t]
        if not v.ends:
            v.ends = [_HI[t], _LO[t]]
            v.etile = [t, t]
            if d and v.spinning:
                v.spinner = t
            return v
        v.ends[a] = _HI[t] + _LO[t] - v.ends[a]
        v.etile[a] = t
        if d and v.spinning and v.spinner < 0:
            v.spinner = t
        if (len(v.ends) == 2 and v.spinner >= 0 and v.kind(0) != _SPIN
                and v.kind(1) != _SPIN):
            s = _HI[v.spinner]
            v.ends += [s, s]
            v.etile += [v.spinner, v.spinner]
        return v

    def total(self):
        """The open ends added up as All Fives counts them."""
        if not self.ends:
            return 0
        k0, k1 = self.kind(0), self.kind(1)
        if k0 == _SPIN and k1 == _SPIN:
            return self.ends[0] * 2
        s = self.ends[0] * _W_LINE[k0] + self.ends[1] * _W_LINE[k1]
        for a in range(2, len(self.ends)):
            s += self.ends[a] * _W_SIDE[self.kind(a)]
        return s

    def points(self, t, a):
        """What laying ``t`` on arm ``a`` scores in All Fives."""
        s = self.after(t, a).total()
        return s if s % 5 == 0 else 0

    def arms_for(self, t):
        """The arms ``t`` can be laid on (any arm showing one of its numbers)."""
        if not self.ends:
            return [0]
        return [a for a in range(len(self.ends)) if _has(t, self.ends[a])]


class LineSeen:
    """What a seat has seen of a line hand: the tiles still out of its sight
    (``unseen``), per seat the numbers it has shown it lacks (``void``, a bit
    mask) and the line now (``view``)."""

    def __init__(self, game_cls, obs):
        n = obs.players
        spinning = bool(getattr(game_cls, "SCORES_IN_PLAY", False))
        self.view = LineView.from_board(obs.board, spinning)
        ntiles = tiles.count(obs.nset)
        gone = bytearray(ntiles)
        if game_cls.GAME_ID == 0 and n == 3:
            gone[0] = 1  # three-handed Seychelles plays without the double blank
        for t in obs.hand:
            gone[t] = 1
        void = [0] * n
        line = LineView(spinning)
        for seat, mv in obs.events:
            if mv < SPECIAL:
                t = mv >> 2
                gone[t] = 1
                line = line.after(t, mv & 3)
            else:
                m = 0
                for e in line.ends:
                    m |= 1 << e
                if mv == PASS:
                    void[seat] |= m
                elif mv == DRAW:
                    void[seat] = m  # the tiles drawn were checked only against these
        self.void = void
        self.unseen = [t for t in range(ntiles) if not gone[t]]

    def chance_holds(self, seat, counts, t):
        """Chance that ``seat`` holds the unseen tile ``t``."""
        v = self.void[seat]
        if v >> _HI[t] & 1 or v >> _LO[t] & 1:
            return 0.0
        room = sum(1 for u in self.unseen if not (v >> _HI[u] & 1 or v >> _LO[u] & 1))
        return min(1.0, counts[seat] / room) if room else 0.0

    def chance_answers(self, seat, counts, ends):
        """Chance that ``seat`` holds a tile that plays on ``ends``."""
        v = self.void[seat]
        fit = 0
        room = 0
        for u in self.unseen:
            if v >> _HI[u] & 1 or v >> _LO[u] & 1:
                continue
            room += 1
            if _HI[u] in ends or _LO[u] in ends:
                fit += 1
        if not room:
            return 0.0
        return 1.0 - _none_of(room, fit, min(counts[seat], room))


class LineClubPlayer:
    """A line game as a club player plays it (module doc)."""

    PIP = 1.0  # a pip got rid of
    DOUBLE = 5.0  # a double got rid of
    SUIT = 2.5  # each number still held
    FOLLOW = 1.0  # a play of my own on the new ends (up to two)
    STUCK = 2.0  # none
    BLOCK = 20.0  # an opponent unable to answer, by how soon it plays
    HELP = 4.0  # the partner able to answer
    KEY = 3.0  # an end whose every other tile is mine (lakle)
    BWI = 4.0  # a double of mine whose number is running out
    OPEN = 10.0  # leading with the highest double (the text's double six)
    SOON = (0.0, 1.0, 0.55, 0.3, 0.2, 0.15, 0.1, 0.1)
    # All Fives
    SCORE = 1.0  # points scored by the play
    THREAT = 0.8  # the points the next opponent can score after it
    AF_PIP = 0.15
    AF_DOUBLE = 1.0
    AF_SUIT = 0.5

    def __init__(self, seed=0):
        pass

    def choose(self, game_cls, obs):
        legal = obs.legal
        if len(legal) == 1 or legal[0] >= SPECIAL:
            return legal[0]
        seen = LineSeen(game_cls, obs)
        scoring = bool(getattr(game_cls, "SCORES_IN_PLAY", False))
        best, bestv = legal[0], None
        for mv in legal:
            v = (self._scoring if scoring else self._blocking)(seen, obs, mv)
            if bestv is None or v > bestv + 1e-9:
                best, bestv = mv, v
        return best

    def _common(self, seen, obs, t, rest, line, pip, double, suit):
        """What every line game values: tiles and numbers kept, the next turn, the key."""
        v = pip * _pips(t)
        if _HI[t] == _LO[t]:
            v += double
        ends = set(line.ends)
        have = 0
        for u in rest:
            have |= 1 << _HI[u] | 1 << _LO[u]
        v += suit * bin(have).count("1")
        mine = sum(1 for u in rest if _HI[u] in ends or _LO[u] in ends)
        v += self.FOLLOW * min(mine, 2) * (1.0 if not line.spinning else 0.3)
        if not mine:
            v -= self.STUCK * (1.0 if not line.spinning else 0.3)
        left = [0] * (obs.nset + 1)
        for u in seen.unseen:
            left[_HI[u]] += 1
            if _HI[u] != _LO[u]:
                left[_LO[u]] += 1
        for e in ends:
            if not left[e] and have >> e & 1:
                v += self.KEY
        for u in rest:
            if _HI[u] == _LO[u] and _HI[u] not in ends and left[_HI[u]] <= 1:
                v -= self.BWI
        return v

    def _blocking(self, seen, obs, mv):
        t = mv >> 2
        rest = [u for u in obs.hand if u != t]
        if not rest:
            return 1e6
        line = seen.view.after(t, mv & 3)
        v = self._common(seen, obs, t, rest, line, self.PIP, self.DOUBLE, self.SUIT)
        if not seen.view.ends and _HI[t] == _LO[t] and t == max(obs.hand):
            # the opening lead: the hand's highest tile when a double (the text's
            # double six), unless long in its number
            if sum(1 for u in rest if _has(u, _HI[t])) < 4:
                v += self.OPEN
        ends = set(line.ends)
        n = obs.players
        ns = len(obs.scores)
        me = obs.seat
        for d in range(1, n):
            o = (me + d) % n
            if not obs.counts[o]:
                continue
            p = seen.chance_answers(o, obs.counts, ends)
            if o % ns == me % ns:
                v += self.HELP * p * self.SOON[d]
            else:
                v -= self.BLOCK * p * self.SOON[d]
        return v

    def _scoring(self, seen, obs, mv):
        t = mv >> 2
        a = mv & 3
        view = seen.view
        rest = [u for u in obs.hand if u != t]
        line = view.after(t, a)
        s = line.total()
        v = self.SCORE * (s if s % 5 == 0 else 0)
        n = obs.players
        ns = len(obs.scores)
        me = obs.seat
        if not rest:
            opp = sum(obs.counts[o] for o in range(n) if o % ns != me % ns)
            return 1000 + v + 5 * opp
        v += self._common(seen, obs, t, rest, line, self.AF_PIP, self.AF_DOUBLE, self.AF_SUIT)
        # the next opponent's best answer, by the chance it holds each tile
        o = (me + 1) % n
        while o % ns == me % ns and o != me:
            o = (o + 1) % n
        if o != me and obs.counts[o]:
            gains = []
            for u in seen.unseen:
                p = seen.chance_holds(o, obs.counts, u)
                if p <= 0:
                    continue
                g = 0
                for b in line.arms_for(u):
                    g = max(g, line.points(u, b))
                if g:
                    gains.append((g, p))
            gains.sort(reverse=True)
            miss = 1.0
            exp = 0.0
            for g, p in gains:
                exp += g * p * miss
                miss *= 1.0 - p
            v -= self.THREAT * exp
        return v


# -- Domino Loo -----------------------------------------------------------------

class LooSeen:
    """What a seat has seen of a Loo hand: the pieces it cannot place
    (``unseen``), a piece known in a seat's hand (the turn-up the dealer took),
    the voids each seat has shown, and the trick in progress."""

    def __init__(self, obs):
        from domino.loo import LEADS, FOLLOW, DISCARD, EXCHANGE, KEEP, TRUMP
        pub = obs.public
        self.trump = trump = pub.trump
        self.turnup = pub.turnup
        self.dealer = pub.dealer
        self.players = obs.players
        gone = bytearray(28)
        for t in obs.hand:
            gone[t] = 1
        gone[self.turnup] = 1
        self.known = {}  # seat -> a piece it is known to hold
        void = [set() for _ in range(obs.players)]
        suit = -1
        tricks_done = 0
        in_trick = 0
        nactive = sum(1 for st in pub.status if st != 4) or obs.players
        for seat, mv in obs.events:
            if mv < LEADS:
                t = mv >> 3
                gone[t] = 1
                suit = mv & 7
                if suit != TRUMP and tricks_done:
                    void[seat].add(TRUMP)  # after winning a trick a trump must be led
                in_trick = 1
                self._played(seat, t)
            elif FOLLOW <= mv < DISCARD:
                t = mv - FOLLOW
                gone[t] = 1
                if not self._follows(t, suit):
                    void[seat].add(suit)
                self._played(seat, t)
                in_trick += 1
                if in_trick == nactive:
                    tricks_done += 1
                    in_trick = 0
            elif DISCARD <= mv < EXCHANGE + 28 and seat == obs.seat:
                gone[mv - (DISCARD if mv < EXCHANGE else EXCHANGE)] = 1
            elif mv >= EXCHANGE and mv < KEEP and seat != obs.seat:
                self.known[seat] = self.turnup
        for s, t in list(self.known.items()):
            if t in obs.hand:
                del self.known[s]
        self.void = void
        self.unseen = [t for t in range(28) if not gone[t]]

    def _played(self, seat, t):
        if self.known.get(seat) == t:
            del self.known[seat]

    def _follows(self, t, suit):
        from domino.loo import TRUMP
        tr = _has(t, self.trump)
        if suit == TRUMP:
            return tr
        return not tr and _has(t, suit)

    def holds(self, seat, counts):
        """Pieces ``seat`` holds that are not known: its count less the known piece."""
        return counts[seat] - (1 if seat in self.known else 0)

    def beaten_by(self, seat, counts, t, suit, rank):
        """Chance that ``seat`` beats rank ``rank`` in a trick of ``suit`` (it
        follows suit when it can, and may trump when void)."""
        from domino.loo import TRUMP, trick_rank
        trump = self.trump
        k = self.holds(seat, counts)
        kp = self.known.get(seat, -1)
        if kp >= 0 and suit == TRUMP and trick_rank(kp, suit, trump) > rank:
            return 1.0
        void = self.void[seat]
        pool = [u for u in self.unseen if not self._excluded(u, void)]
        U = len(pool)
        if U == 0 or k <= 0:
            return 0.0
        k = min(k, U)
        same = [u for u in pool if self._follows(u, suit)]
        hi_same = sum(1 for u in same if trick_rank(u, suit, trump) > rank)
        p_none = _none_of(U, hi_same, k)
        if suit == TRUMP or rank >= 16:
            return 1.0 - p_none
        if suit in void:
            p_void = 1.0
        else:
            p_void = _none_of(U, len(same), k)
        if kp >= 0 and self._follows(kp, suit):
            p_void = 0.0
        if TRUMP in void:
            p_trump = 0.0
        else:
            ntr = sum(1 for u in pool if _has(u, trump))
            p_trump = 1.0 - _none_of(U, ntr, k)
            if kp >= 0 and _has(kp, trump):
                p_trump = 1.0
        return 1.0 - p_none * (1.0 - p_void * p_trump)

    def _excluded(self, u, void):
        from domino.loo import TRUMP
        if _has(u, self.trump):
            return TRUMP in void
        return (_HI[u] in void) or (_LO[u] in void)

    def wins(self, seats, counts, t, suit, rank):
        """Chance that none of ``seats`` beats rank ``rank``."""
        p = 1.0
        for s in seats:
            p *= 1.0 - self.beaten_by(s, counts, t, suit, rank)
        return p


class LooClubPlayer:
    """Domino Loo as a club player plays it (module doc)."""

    MISS_GAIN = 0.15  # a miss is six pieces: the worst is discarded
    LOO = 5.0

    def __init__(self, seed=0):
        pass

    @staticmethod
    def _best_lead(t, trump):
        """``(suit, rank)``: the announcement under which ``t`` ranks highest."""
        from domino.loo import TRUMP, trick_rank
        if _has(t, trump):
            return TRUMP, trick_rank(t, TRUMP, trump)
        a, b = _HI[t], _LO[t]
        ra, rb = trick_rank(t, a, trump), trick_rank(t, b, trump)
        return (a, ra) if ra >= rb else (b, rb)

    def _lead_chance(self, seen, obs, t, others):
        s, r = self._best_lead(t, seen.trump)
        return seen.wins(others, obs.counts, t, s, r)

    def _others(self, obs):
        st = obs.public.status
        return [s for s in range(obs.players) if s != obs.seat and st[s] != 4]

    @staticmethod
    def _strength(t, trump, players):
        """The tricks a piece is good for, as a club player counts them before
        play: trumps by rank, then doubles (masters of their suit), then high
        pieces; fewer the more hands can beat them."""
        hi, lo = _HI[t], _LO[t]
        if hi == trump or lo == trump:
            v = 1.0 if hi == lo else 0.35 + 0.09 * (hi + lo - trump)
        elif hi == lo:
            v = 0.15 + 0.06 * hi
        else:
            v = max(0.0, 0.04 * hi - 0.05)
        return v * (1.0, 1.0, 1.0, 0.8, 0.65)[players]

    def _hand_value(self, chances):
        """Tricks expected less the loo's cost by its chance."""
        e = sum(chances)
        none = 1.0
        for p in chances:
            none *= 1.0 - p
        return min(e, 5.0) - self.LOO * none

    def choose(self, game_cls, obs):
        from domino.loo import (FOLLOW, DISCARD, EXCHANGE, KEEP, MISS, FOR_POOL, THROW_UP,
                                LEADS, trick_rank)
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        seen = LooSeen(obs)
        trump = seen.trump
        others = self._others(obs)
        if KEEP in legal:
            n = len(others) + 1

            def strength(t):
                return self._strength(t, trump, n)

            mine = [strength(t) for t in obs.hand]
            keep = self._hand_value(mine)
            options = [(keep, KEEP)]
            ex = [m for m in legal if EXCHANGE <= m < KEEP]
            if ex:
                worst = min(ex, key=lambda m: (mine[obs.hand.index(m - EXCHANGE)], m))
                hand2 = [t for t in obs.hand if t != worst - EXCHANGE] + [seen.turnup]
                options.append((self._hand_value([strength(t) for t in hand2]) + 0.01, worst))
            if MISS in legal:
                pool = [strength(t) for t in seen.unseen] or [0.0]
                mean = sum(pool) / len(pool)
                options.append((self._hand_value([mean] * 5) + self.MISS_GAIN, MISS))
            if THROW_UP in legal:
                options.append((-1.0 if keep < 0 else -9.0, THROW_UP))
            if FOR_POOL in legal and keep < 0:
                options.append((keep + 0.5, FOR_POOL))
            return max(options, key=lambda o: o[0])[1]
        if legal[0] >= DISCARD:  # discard the piece least likely to take a trick
            n = len(others) + 1
            return min(legal, key=lambda m: (self._strength(m - DISCARD, trump, n),
                                             -self._shortness(obs, m - DISCARD, trump), m))
        pub = obs.public
        if legal[0] < LEADS:
            return self._lead(seen, obs, legal, others, trump)
        suit = pub.suit
        played = [t for t in pub.trick if t >= 0]
        best = max([trick_rank(t, suit, trump) for t in played] + [-1])
        later = [s for s in others if pub.trick[s] < 0]
        wins = [m for m in legal if trick_rank(m - FOLLOW, suit, trump) > best]
        if wins:
            scored = []
            for m in wins:
                t = m - FOLLOW
                r = trick_rank(t, suit, trump)
                p = seen.wins(later, obs.counts, t, suit, r) if later else 1.0
                scored.append((p, m))
            cheapest = min(wins, key=lambda m: (self._worth(seen, obs, m - FOLLOW, others), m))
            if not later:
                return cheapest
            good = [m for p, m in scored if p >= 0.6]
            if good:
                return min(good, key=lambda m: (self._worth(seen, obs, m - FOLLOW, others), m))
            p, m = max(scored, key=lambda x: (x[0], -x[1]))
            if p >= (0.25 if pub.tricks[obs.seat] == 0 else 0.45):
                return m
        return min(legal, key=lambda m: (self._worth(seen, obs, m - FOLLOW, others),
                                         -self._shortness(obs, m - FOLLOW, trump), m))

    def _worth(self, seen, obs, t, others):
        """How much keeping ``t`` is worth: its chance to take a trick when led."""
        v = self._lead_chance(seen, obs, t, others)
        if _has(t, seen.trump):
            v += 0.3  # a trump also wins tricks of a suit this seat lacks
        return v

    @staticmethod
    def _shortness(obs, t, trump):
        """Fewer other pieces of ``t``'s suits in the hand: throwing it makes a void."""
        if _has(t, trump):
            return -9
        k = 0
        for u in obs.hand:
            if u != t and not _has(u, trump) and (_has(u, _HI[t]) or _has(u, _LO[t])):
                k += 1
        return -k

    def _lead(self, seen, obs, legal, others, trump):
        from domino.loo import TRUMP, trick_rank
        byt = {}
        for m in legal:
            t = m >> 3
            s = m & 7
            r = trick_rank(t, s, trump)
            p = seen.wins(others, obs.counts, t, s, r)
            if t not in byt or p > byt[t][0] + 1e-9:
                byt[t] = (p, m)
        cands = sorted(byt.items())
        if all(m & 7 == TRUMP for _, (p, m) in cands):  # trumps: the master, else the lowest
            top = max(cands, key=lambda c: (c[1][0], c[0]))
            if top[1][0] >= 0.6:
                return top[1][1]
            return min(cands, key=lambda c: (trick_rank(c[0], TRUMP, trump), c[0]))[1][1]
        p, m = max((pm for _, pm in cands), key=lambda pm: (pm[0], -pm[1]))
        if p >= 0.4:
            # of the near-sure winners, the one worth least otherwise
            sure = [pm for _, pm in cands if pm[0] >= p - 0.05]
            return min(sure, key=lambda pm: (self._worth(seen, obs, pm[1] >> 3, others), pm[1]))[1]
        low = min(cands, key=lambda c: (self._worth(seen, obs, c[0], others),
                                        -self._shortness(obs, c[0], trump), c[0]))
        return low[1][1]


# -- Castle Rock ----------------------------------------------------------------

def _shared(a, b):
    """The suit tiles ``a`` and ``b`` share, or -1."""
    ah, al, bh, bl = _HI[a], _LO[a], _HI[b], _LO[b]
    if ah == bh or ah == bl:
        return ah
    if al == bh or al == bl:
        return al
    return -1


def row_captures(row):
    """``(place, size)`` of every capture the row offers (size 1 or 3)."""
    out = []
    for i in range(1, len(row) - 1):
        s = _shared(row[i - 1], row[i + 1])
        if s < 0:
            continue
        out.append((i, 1))
        if _has(row[i], s):
            out.append((i, 3))
    return out


def row_after(row, i, w):
    """The row with the capture ``(i, w)`` taken."""
    if w == 1:
        return row[:i] + row[i + 1:]
    return row[:i - 1] + row[i + 2:]


def most_taken(row, memo):
    """The most tiles any capture sequence takes from ``row``."""
    r = memo.get(row)
    if r is None:
        r = 0
        for i, w in row_captures(row):
            r = max(r, w + most_taken(row_after(row, i, w), memo))
        memo[row] = r
    return r


class CastleClubPlayer:
    """Castle Rock as a club player plays it (module doc)."""

    NEXT = (0, 0, 1.0, 0.8, 0.8)  # by players: the weight of the next seat's gain

    def __init__(self, seed=0):
        pass

    def choose(self, game_cls, obs):
        from domino.castle import TAKE, TRIPLE, END
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        row = tuple(obs.board.row)
        n = obs.players
        gone = set(obs.hand) | set(row)
        for cap in obs.board.captured:
            gone |= set(cap)
        pool = [t for t in range(tiles.count(obs.nset)) if t not in gone]
        self.taken = {}
        self.threats = {}
        self.pool = pool
        self.keep = self._next_holds(obs)
        self.weight = self.NEXT[min(n, 4)]
        if legal[0] < TAKE:  # placing: the tile whose best turn is worth most
            best, bestv = legal[0], None
            for mv in legal:
                v = self._turn(row + (mv,))[0]
                if bestv is None or v > bestv + 1e-9:
                    best, bestv = mv, v
            return best
        v, first = self._turn(row)
        if first is None:
            return END
        i, w = first
        mv = (TAKE if w == 1 else TRIPLE) + row[i]
        return mv if mv in legal else END

    @staticmethod
    def _next_holds(obs):
        """Tiles the next seat to place will choose from (0 when no other seat places again)."""
        n = obs.players
        for d in range(1, n):
            c = obs.counts[(obs.seat + d) % n]
            if c:
                return c
        return 0

    def _turn(self, row):
        """``(value, first capture)`` of the best sequence of captures from ``row``:
        tiles taken less what the row left offers the next seat."""
        best = (-self.weight * self._threat(row), None)
        for i, w in row_captures(row):
            v = w + self._turn(row_after(row, i, w))[0]
            if v > best[0] + 1e-9:
                best = (v, (i, w))
        return best

    def _threat(self, row):
        """The tiles the next seat is expected to take from ``row``: the best of
        the tiles it holds, drawn from those still unseen."""
        r = self.threats.get(row)
        if r is not None:
            return r
        k = self.keep
        pool = self.pool
        if not k or not pool:
            r = 0.0
        else:
            vals = sorted((most_taken(row + (u,), self.taken) for u in pool), reverse=True)
            n = len(vals)
            k = min(k, n)
            # chance that the i-th best tile is the best one held: C(n-1-i, k-1) / C(n, k)
            r = 0.0
            c = _comb(n, k)
            for i in range(n - k + 1):
                r += vals[i] * _comb(n - 1 - i, k - 1) / c
        self.threats[row] = r
        return r


def _comb(n, k):
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


class ClubPlayer:
    """The club player of any of the games, by its layout."""

    def __init__(self, seed=0):
        self.line = LineClubPlayer(seed)
        self.loo = LooClubPlayer(seed)
        self.castle = CastleClubPlayer(seed)

    def choose(self, game_cls, obs):
        if game_cls.LAYOUT == LINE:
            return self.line.choose(game_cls, obs)
        if game_cls.LAYOUT == TRICKS:
            return self.loo.choose(game_cls, obs)
        return self.castle.choose(game_cls, obs)
