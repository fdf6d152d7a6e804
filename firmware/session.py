"""A match (or one coded deal) being played: the model behind the table.

:class:`Session` owns the core objects (``Match``, the current hand), the
save record (the match as it stood at this hand's deal, and this hand's
moves, each stored as its index among the legal moves, see :mod:`savegame`),
one AI engine per level in use (shared by the AI seats of that level, which
think one at a time), and replay of a saved record. It knows no game's rules:
everything goes through the game contract, so a new game in ``domino.games.GAMES``
needs no change here.
"""

import gc

from domino import games, matchsave
from domino.game import new_move_buffer
from domino.match import Match, deal_code
from savegame import MatchRecord, KIND_MATCH, KIND_DEAL, BadSave

# the layout kinds (a game's LAYOUT) the table draws, one board view each
# (firmware/views/<kind>.py); games of other kinds are not offered, and their
# deal codes are refused with the reason
LAYOUTS = ("line", "tricks", "tableau")


def new_player(level, seed):
    """An AI player of ``level`` (0 easy, 1 medium, 2 hard) whose choices come from ``seed``."""
    from domino import ai
    return ai.new_player(level, seed)


class Session:
    """Play state of one match or deal, rebuilt from and saved as a MatchRecord."""

    def __init__(self, rec):
        self.rec = rec
        try:
            self.cls = games.load(rec.gid)
        except ValueError:
            raise BadSave("match: unknown game %d" % rec.gid)
        self.buf = new_move_buffer()
        self.match = None
        try:
            if rec.kind == KIND_MATCH:
                if rec.players not in self.cls.PLAYERS:
                    raise BadSave("match: bad player count for the game")
                self.match = Match(self.cls, rec.players, rec.seed, rec.target or None, rec.options)
                if rec.snap:
                    matchsave.restore(self.match, rec.snap)
                self.game = self.match.deal()
            else:
                from domino import dealcode
                code = dealcode.encode(rec.gid, rec.players, rec.starter, rec.options, rec.seed)
                self.game = games.from_code(code)
        except ValueError as e:
            raise BadSave("match: %s" % e)
        seat_of = self.match.seat_of if self.match else list(range(rec.players))
        self.kinds = bytearray(rec.players)  # per seat: 0 human, else AI level + 1
        for p in range(rec.players):
            self.kinds[seat_of[p]] = rec.seats[p]
        self.humans = [s for s in range(rec.players) if self.kinds[s] == 0]
        self.engines = [None, None, None]  # one AI player per level in use
        try:  # made now, on the heap as it is at the start
            for s in range(rec.players):
                if self.kinds[s]:
                    self.player(s)
        except MemoryError:  # made at each seat's first decision instead (table.py:
            self.release_engines()  # out of RAM there, a lower level plays and says so)
            gc.collect()
        self.result = None
        self.drew = False  # the match's draw shown (firstdraw.py)
        self.last = None  # (seat, move) of the last move
        self.scored = None  # (side, points) of the last scoring move
        self.hand_moves = 0  # record bytes at the start of this hand
        moves = rec.moves
        rec.moves = bytearray()
        for i in range(len(moves)):
            k = moves[i]
            if self.result is not None:
                raise BadSave("match: moves after the end of a hand")
            g = self.game
            n = g.legal_moves(self.buf)
            if k >= n:
                raise BadSave("match: a saved move is not legal")
            self.play(self.buf[k])

    # -- queries ----------------------------------------------------------------

    def legal(self):
        """The legal moves of the seat to act (a fresh list)."""
        n = self.game.legal_moves(self.buf)
        return self.buf[:n]

    def player(self, seat, level=None, seed=None):
        """The AI engine for ``seat`` (at its level, or ``level``), seeded for that
        seat (or with ``seed``: the hint's).

        Each seat has its own seed (from the match seed and the seat), fixed
        whenever the session is built, and ``domino.ai`` reseeds at each
        decision from it and the position, so one engine serves every seat of
        a level and a resumed match makes the same AI moves as one never
        interrupted (the app saves only when a person is to act; tested in
        host_tests/test_ui_save.py).
        """
        if level is None:
            level = self.kinds[seat] - 1
        p = self.engines[level]
        if p is None:
            p = self.engines[level] = new_player(level, 0)
            p.prepare(self.cls, self.game.observation(seat))  # its search game, now
        p.seed = (self.rec.seed * 8 + seat + 1) & 0xFFFFFF if seed is None else seed
        return p

    def release_engines(self):
        """Drop the AI engines to give their memory back (made again when needed)."""
        self.engines = [None, None, None]

    def is_ai(self, seat):
        """True if an AI plays ``seat``."""
        return self.kinds[seat] != 0

    def level(self):
        """Stats level: the highest AI level at the table, or 3 with no AI."""
        best = -1
        for k in self.kinds:
            if k and k - 1 > best:
                best = k - 1
        return 3 if best < 0 else best

    def scores(self):
        """Points per side shown on the table: match scores (plus this hand's)."""
        g = self.game
        hs = g.hand_scores() if hasattr(g, "hand_scores") else [0] * g.nsides
        if self.match is None:
            return hs
        if self.result is not None:
            return list(self.match.scores)
        return [self.match.scores[i] + hs[i] for i in range(len(hs))]

    def can_undo(self):
        """True when a human's last move can be taken back (all others are AI)."""
        return (len(self.humans) == 1 and self.result is None and
                len(self.rec.moves) > self.hand_moves and self._undo_count() > 0)

    def _undo_count(self):
        seat = self.humans[0]
        ev = self.game.observation(seat).events
        k = 0
        for i in range(len(ev) - 1, -1, -1):
            k += 1
            if ev[i][0] == seat:
                return k
        return 0

    # -- changes ----------------------------------------------------------------

    def play(self, move):
        """Play ``move`` for the seat to act (IllegalMove if it is not legal)."""
        g = self.game
        n = g.legal_moves(self.buf)
        k = 0
        while k < n and self.buf[k] != move:
            k += 1
        seat = g.turn
        before = g.hand_scores() if hasattr(g, "hand_scores") else None
        g.play(move, seat)
        try:
            self.rec.moves.append(k)
        except MemoryError:  # the record and the game stay in step
            g.undo()
            raise
        self.last = (seat, move)
        self.scored = None
        if before is not None:
            after = g.hand_scores()
            for s in range(len(after)):
                if after[s] != before[s]:
                    self.scored = (s, after[s] - before[s])
        if g.over:
            self.result = self.match.finish_hand() if self.match else g.result()

    def undo(self):
        """Take back moves up to and including the human's last one."""
        if not self.can_undo():
            return False
        k = self._undo_count()
        for _ in range(k):
            self.game.undo()
        moves = self.rec.moves  # a bytearray: CircuitPython's has no pop()
        moves[len(moves) - k:] = b""
        self.last = None
        self.scored = None
        return True

    def next_hand(self):
        """Deal the next hand of the match (after a hand summary); the record now
        holds the match as it stands and no moves."""
        self.rec.snap = matchsave.snapshot(self.match)
        self.game = None  # the old hand's blocks free for the new one, same sizes
        gc.collect()
        self.game = self.match.deal()
        self.rec.moves = bytearray()
        self.result = None
        self.last = None
        self.scored = None
        self.hand_moves = 0

    @property
    def code(self):
        """This hand's deal code ("1G0-C2N-VVJ"), made when asked: the summary and the
        deal-code entry want it, play does not (``deal_code`` imports its module)."""
        return deal_code(self.game)

    def done(self):
        """True when nothing more is to be played (match over, or the deal played)."""
        if self.result is None:
            return False
        return self.match is None or self.match.over


def new_match(gid, players, seats, target, seed, options=0):
    """A fresh match session (ValueError for AI seats in a game no AI plays)."""
    _check_seats(games.load(gid), seats)
    return Session(MatchRecord(KIND_MATCH, gid, players, seats, target, seed, 0, options))


def new_deal(code, seats=None):
    """A session that plays the single deal named by ``code`` (BadDealCode if bad)."""
    from domino import dealcode
    gid, players, starter, options, seed = dealcode.decode(code)
    g = games.from_code(code)  # validates the whole code
    if g.LAYOUT not in LAYOUTS:
        raise dealcode.BadDealCode("%s cannot be played on this handheld" % g.NAME)
    if seats is None:  # you against the AI, or pass-and-play where no AI plays the game
        seats = [0] + [2 if has_ai(type(g)) else 0] * (players - 1)
    _check_seats(type(g), seats)
    return Session(MatchRecord(KIND_DEAL, gid, players, seats, 0, seed, starter, options))


def has_ai(cls):
    """True if the AI players play game class ``cls`` (:func:`domino.ai.supports`)."""
    from domino import ai
    return ai.supports(cls)


def _check_seats(cls, seats):
    """ValueError if an AI seat is asked for in a game no AI plays."""
    if not has_ai(cls) and any(seats):
        raise ValueError("no AI plays %s yet: every seat is a person" % cls.NAME)
