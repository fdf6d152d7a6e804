"""What a seat knows from its observation.

:class:`Knowledge` reads an :class:`~domino.game.Observation` only (never the
game): tiles each seat played, the hidden pool (tiles in other hands or the
boneyard), and per seat a mask of suits it is proven to lack. Proofs: a PASS
shows the seat held no tile of any open end; a DRAW shows the same for the
hand at that time, and the tiles drawn in that run did not match either (so
a new run of draws replaces the older proof, which no longer covers newly
drawn tiles).

Sampling hidden hands consistent with that knowledge (:meth:`Knowledge.deal`)
and rebuilding the position for one sample (:meth:`Knowledge.replay`) are
inherited from :class:`~.deals.Deals` (:mod:`domino.ai.deals`). The AI knows
rules only through the game contract; it relies on line-game move codes
(``tile << 2 | arm``, codes from 1000 up are specials), documented in
:mod:`domino.game`.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from ..game import PASS, DRAW
from .. import tiles
from .deals import Deals

_HI = tiles.HI
_LO = tiles.LO
_SPECIAL = const(1000)
_NOWHERE = const(255)
_STOCKSEAT = const(254)


def new_game(game_cls, obs):
    """A game object of ``game_cls`` for search, made with the observation's
    options code (set, hand size, sides); its own deal is replaced later."""
    if obs.options:
        return game_cls.from_options(obs.players, 0, None, obs.options)
    return game_cls(obs.players, 0)


def end_mask(ends):
    """Bit mask of the suit values in ``ends``."""
    m = 0
    for v in ends:
        m |= 1 << v
    return m


class Knowledge(Deals):
    """Everything a seat can infer from one observation (see module doc)."""

    def __init__(self, game_cls, obs, game=None):
        self.cls = game_cls
        self.obs = obs
        me = obs.seat
        n = obs.players
        self.me = me
        self.players = n
        self.nsides = len(obs.scores)
        ntiles = tiles.count(obs.nset)
        self.ntiles = ntiles
        events = obs.events
        # where each known tile is: a seat that played it (or me for my hand)
        played = bytearray([_NOWHERE] * ntiles)
        nplays = 0
        for seat, mv in events:
            if mv < _SPECIAL:
                played[mv >> 2] = seat
                nplays += 1
        self.played = played
        self.nplays = nplays
        mine = bytearray(ntiles)
        for t in obs.hand:
            mine[t] = 1
        self.mine = mine
        # a game object for replays; its fresh deal tells which tiles are out of play
        g = game
        if (g is None or type(g) is not game_cls or g.players != n or g.nset != obs.nset
                or g.nsides != len(obs.scores)):
            g = new_game(game_cls, obs)
        while g.nhist:
            g.undo()
        self.game = g
        # tiles in play: a fresh deal's hands and boneyard (line games mark the
        # tiles a game removes, e.g. Seychelles for 3, as out of play in ``loc``)
        inplay = bytearray(ntiles)
        loc = getattr(g, "loc", None)
        if loc is not None:
            for t in range(ntiles):
                inplay[t] = 0 if loc[t] == 0xFF else 1
        else:
            for s in range(n):
                for t in g.observation(s).hand:
                    inplay[t] = 1
            if obs.stock or DRAW in [mv for _, mv in events]:
                for t in range(ntiles):
                    inplay[t] = 1
        pool = []
        for t in range(ntiles):
            if inplay[t] and not mine[t] and played[t] == _NOWHERE:
                pool.append(t)
        self.pool = pool
        self.void = [0] * n
        self.shown = [0] * n  # suits a seat chose to expose (its likely strength)
        self.drawseq = []  # per event index: ends mask when it is a draw, else -1
        self._owner = None  # deal() buffers, made on first use
        self._wt = None  # the weights they were made for
        self.at_position = False  # self.game stands at the observed position
        self._history(events)

    def _history(self, events):
        """Replay the public moves to learn the open ends at every pass and draw."""
        obs = self.obs
        n = self.players
        g = self.game
        ne = len(events)
        # skeleton deal: the hidden tiles handed out in pool order (no inference yet)
        self.drawseq = [-1] * ne
        owner = bytearray(len(self.pool))
        k = 0
        for s in range(n):
            if s != self.me:
                for _ in range(obs.counts[s]):
                    if k < len(owner):
                        owner[k] = s
                        k += 1
        while k < len(owner):
            owner[k] = _STOCKSEAT
            k += 1
        hands, stock = self._build(owner)
        void = self.void
        shown = self.shown
        drawmask = [-1] * ne
        try:
            g.redeal(hands, stock, obs.starter)
            prev = -1
            for i in range(ne):
                seat, mv = events[i]
                ends = g.open_ends() if hasattr(g, "open_ends") else g.observation(seat).ends
                m = end_mask(ends)
                if mv == PASS:
                    void[seat] |= m
                elif mv == DRAW:
                    drawmask[i] = m
                    if prev == i - 1 and i > 0 and events[i - 1] == (seat, DRAW):
                        void[seat] |= m
                    else:
                        void[seat] = m
                    prev = i
                elif mv < _SPECIAL and ends:
                    t = mv >> 2
                    e = ends[mv & 3] if (mv & 3) < len(ends) else _HI[t]
                    shown[seat] |= 1 << (_HI[t] + _LO[t] - e)
                g.apply(mv)
            # the skeleton now stands at the observed position (hidden tiles
            # dealt without inference): good enough for reading public facts
            self.at_position = True
        except Exception:  # an unexpected game: fall back to no inference
            for s in range(n):
                void[s] = 0
            while g.nhist:
                g.undo()
        self.drawseq = drawmask
        self.void[self.me] = 0
        # block play so far (no boneyard, no draw): deals differ only in ``loc``
        self.block = (self.at_position and not obs.stock and type(getattr(g, "loc", None)) is bytearray
                      and DRAW not in [mv for _, mv in events])

    def reweigh(self, owner, weigh=None):
        """:meth:`~.deals.Deals.replay` for block play, without a redeal.

        With no boneyard and no draws seen, deals differ only in where the
        hidden tiles are now: put them where ``owner`` says, then undo every
        seen move (each ``undo`` gives a played tile back to its seat, so the
        hands before each play are those of this deal) summing ``weigh`` over
        the other seats' plays, and redo them (without ``weigh``, placing the
        tiles is all). Returns the sum (0.0 without ``weigh``); None when this
        shortcut does not apply (then replay)."""
        if not self.block or not self.at_position:
            return None
        g = self.game
        loc = g.loc
        pool = self.pool
        for i in range(len(pool)):
            loc[pool[i]] = owner[i]
        if weigh is None:
            return 0.0  # the position of this deal: nothing more to do
        events = self.obs.events
        me = self.me
        ll = 0.0
        k = len(events)
        while k > 0:
            k -= 1
            g.undo()
            seat, mv = events[k]
            if seat != me and mv < _SPECIAL:
                ll += weigh(g, seat, mv)
        for seat, mv in events:
            g.apply(mv)
        return ll

    def unseen(self, v):
        """How many tiles of suit ``v`` are hidden from this seat."""
        c = 0
        for t in self.pool:
            if _HI[t] == v or _LO[t] == v:
                c += 1
        return c
