"""A match: hands strung together to a target under each game's end rules.

The game class supplies the rules through the match hooks of the contract
(:mod:`domino.game`): ``sides_for``, ``match_start``, ``next_starter`` and
``settle``. Game options travel as the game's 7-bit options code
(``options``, as in a deal code; 0: the defaults): every hand is made by
``from_options(players, seed, starter, options)``.

Each hand is dealt from a 24-bit seed taken from the match's own PRNG, so a
match is reproduced by its seed and its moves, and each hand has a deal code.
"""

from .rng import Rng


class Match:
    """Hands of one game played to ``target`` (the game's default if None).

    ``options`` is the game's options code (0: the defaults).
    ``scores`` (per side), ``over``, ``winner`` (side, -1 for none or a draw),
    ``call`` (e.g. "kapot"), ``restarts``, ``story`` (what the last hand did to
    the match in plain words, seats ``@n`` and sides ``#n`` as in a hand's
    summary, e.g. why it starts over; "" for nothing), ``hand_no`` (hands finished),
    ``seat_of[player]`` (which seat each player sits in), ``draw``,
    ``drawn_for`` and ``first`` (the tiles drawn before the first hand, see
    :func:`domino.matchdraw.draw_for`; ``[]`` where the game draws none), ``extra`` (the
    game's own match state, small signed ints saved with the match),
    ``game`` (the current hand, or None between hands).
    """

    def __init__(self, game_cls, players=None, seed=0, target=None, options=0):
        if players is None:
            players = game_cls.PLAYERS[-1]
        if type(players) is not int or players not in game_cls.PLAYERS:
            raise ValueError("players: %s is played by %s, not %r" % (
                game_cls.NAME, "/".join(str(p) for p in game_cls.PLAYERS), players))
        if target is not None and (not isinstance(target, int) or target <= 0):
            raise ValueError("target: must be a positive whole number, not %r" % (target,))
        why = game_cls.refuses(players, options)
        if why:
            raise ValueError("options: " + why)
        self.cls = game_cls
        self.options = options
        self.players = players
        self.seed = seed
        self.target = game_cls.TARGET if target is None else target
        self.rng = Rng(seed)
        self.scores = [0] * game_cls.sides_for(players, options)
        self.hand_no = 0
        self.over = False
        self.winner = -1
        self.call = ""
        self.restarts = 0
        self.story = ""
        self.seat_of = list(range(players))
        self.game = None
        self.last = None
        self.extra = []
        self.draw = []
        self.drawn_for = ""
        self.first = 0
        game_cls.match_start(self)

    def deal(self):
        """Deal the next hand and return it (also kept as ``self.game``)."""
        if self.over:
            raise ValueError("the match is over")
        if self.game is not None and not self.game.over:
            raise ValueError("the current hand is not finished")
        seed = (self.rng.next16() << 8) | (self.rng.next16() & 255)
        starter = self.cls.next_starter(self)
        g = self.game = self.cls.from_options(self.players, seed, starter, self.options)
        g.standing = (self.target, self.hand_no, tuple(self.scores))
        return g

    def finish_hand(self):
        """Score the ended current hand into the match; return its HandResult."""
        g = self.game
        if g is None or not g.over:
            raise ValueError("the hand is not over")
        r = g.result()
        self.story = ""
        self.cls.settle(self, r)
        self.hand_no += 1
        self.last = r
        self.game = None
        return r


def deal_code(game):
    """The deal code that reproduces ``game``'s deal and starter (its module is
    imported here: a device forgets it during play, ``scenes.SCREENS``)."""
    from . import dealcode
    return dealcode.encode(game.GAME_ID, game.players, game.starter, game.options_code(), game.seed)

