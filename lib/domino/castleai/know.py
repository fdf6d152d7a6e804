"""What a seat knows from its observation of a Castle Rock hand, and deals consistent with it.

:class:`Knowledge` reads an :class:`~domino.game.Observation` only (never the
game). Seen: the seat's hand, the tableau, every capture (public), every tile
placed. Hidden: the other seats' hands (``counts`` tiles each) and the
boneyard (``stock`` tiles, in an unknown order): every tile of the set not
seen (a scripted deal may leave some out of play: the rest). Nothing is
proven about them: any tile may be placed whatever the tableau shows and
captures are optional, so no play rules a hidden tile out of a hand (no
voids in this game); a seat's choice of which tile to place only makes some
hands likelier, and Hard does not weigh deals by it.

:meth:`Knowledge.deal` samples a deal (the other hands' sizes and the
boneyard's size respected, its order random); :meth:`Knowledge.replay`
stands the search game at the observed position with it directly (the row,
the captures, the hands, the boneyard, whose turn and its step): the moves
seen before need not be replayed, since no past hand changes what can happen
from here. Reads Castle Rock's state (:mod:`domino.castle`) and
``Observation.board``.
"""

from micropython import const
from .. import tiles
from ..ai.anytime import new_game
from ..castle import ROW, TAKEN, STOCK, OUT, PLACING, TAKING

STOCK_AT = const(8)  # ``owner`` value of a hidden tile in the boneyard: STOCK_AT + its place


class Knowledge:
    """Everything a seat can infer from one observation of a Castle Rock hand
    (module doc): the family interface's ``Knowledge`` (:mod:`domino.ai.interface`)."""

    def __init__(self, game_cls, obs, game=None):
        self.cls = game_cls
        self.obs = obs
        n = obs.players
        me = obs.seat
        self.me = me
        self.players = n
        self.nsides = len(obs.scores)
        self.scoring = False
        b = obs.board
        self.row = b.row
        self.captured = b.captured
        self.step = PLACING if b.placing else TAKING
        self.closed = obs.stock == 0  # no tile comes into a hand any more
        g = game
        if g is None or type(g) is not game_cls or g.players != n \
                or g.options_code() != obs.options:
            g = new_game(game_cls, obs)
        while g.nhist:
            g.undo()
        self.game = g
        ntiles = tiles.count(obs.nset)
        self.ntiles = ntiles
        seen = bytearray(ntiles)
        for t in obs.hand:
            seen[t] = 1
        for t in self.row:
            seen[t] = 1
        for c in self.captured:
            for t in c:
                seen[t] = 1
        self.pool = [t for t in range(ntiles) if not seen[t]]
        self.unseen = seen  # 1 where seen (medium reads the suits of the unseen)
        self._owner = bytearray(len(self.pool))
        self._order = bytearray(len(self.pool))
        self._stock = bytearray(obs.stock)
        self.at_position = False
        self.logq = 0.0

    def deal(self, rng, tries=20, wt=None):
        """Sample where the hidden tiles are: a bytearray ``owner`` parallel to
        ``pool`` (a seat, :data:`STOCK_AT` + the tile's place in the
        boneyard, or ``OUT``: out of play, only in scripted deals that leave
        tiles out), each other seat holding its count (the same buffer each
        call). Every such deal is consistent (nothing is proven): ``tries`` and
        ``wt`` are not used."""
        order = self._order
        owner = self._owner
        k = len(order)
        for i in range(k):
            order[i] = i
        i = k - 1
        while i > 0:
            j = rng.below(i + 1)
            order[i], order[j] = order[j], order[i]
            i -= 1
        counts = self.obs.counts
        p = 0
        for s in range(self.players):
            if s != self.me:
                for _ in range(counts[s]):
                    owner[order[p]] = s
                    p += 1
        q = 0
        ns = self.obs.stock
        while p < k:
            owner[order[p]] = STOCK_AT + q if q < ns else OUT
            p += 1
            q += 1
        return owner

    def replay(self, owner, weigh=None):
        """Stand ``game`` at the observed position with the deal ``owner``
        (module doc); 0.0 (no seen play is weighed: ``weigh`` is not used)."""
        obs = self.obs
        g = self.game
        while g.nhist:
            g.undo()
        loc = g.loc
        for t in range(self.ntiles):
            loc[t] = OUT
        me = self.me
        for t in obs.hand:
            loc[t] = me
        row = g.row
        r = self.row
        for i in range(len(r)):
            row[i] = r[i]
            loc[r[i]] = ROW
        g.rlen = len(r)
        k = 0
        took = g.took
        for s in range(self.players):
            c = self.captured[s]
            g.ncap[s] = len(c)
            g.held[s] = obs.counts[s]
            for t in c:
                loc[t] = TAKEN + s
                took[k] = t
                k += 1
        g.ntook = k
        pool = self.pool
        stock = self._stock
        for i in range(len(pool)):
            s = owner[i]
            t = pool[i]
            if s == OUT:
                pass
            elif s >= STOCK_AT:
                stock[s - STOCK_AT] = t
                loc[t] = STOCK
            else:
                loc[t] = s
        g.stock = stock
        g.top = 0
        g.step = self.step
        g.turn = obs.turn
        g.starter = obs.starter
        g.dealer = obs.board.dealer
        g.over = False
        self.at_position = True
        return 0.0

    def reweigh(self, owner, weigh=None):
        """The replay is already the cheap way (no moves replayed): it, 0.0."""
        return self.replay(owner, weigh)
