"""Settings, statistics and the match in progress as small byte records.

The storage layer (``savestore.Storage``) keeps CRC-checked copies in a log; these records
carry their own version byte and are checked field by field on decoding, so a
foreign or truncated payload raises :class:`BadSave` and is ignored.

A match is stored as what is needed to rebuild the hand in play: game id,
players, target, seat kinds (0 human, 1..3 AI level + 1), the match seed, the
match as it stood when this hand was dealt (``domino.matchsave.snapshot``: hand number,
restarts, PRNG state, scores; 2 bytes each) and the moves of this hand only,
each as its index in the legal-move list at that point (one byte). So the
record stays a few dozen bytes however long the match runs. A single deal
played from a deal code stores the code's fields instead of a match seed.
"""

REC_SETTINGS = 0
REC_STATS = 1
REC_MATCH = 2
VERSION = 1
NGAMES = 8
NLEVELS = 4  # easy, medium, hard, no AI (friends)
# a game's last choices on New game, in the settings record: game id, players, 8 seat
# kinds, target (2 bytes), options code
CHOICE = 13

CONTRASTS = (0.05, 0.25, 0.5, 0.75, 1.0)
TIMEOUTS = (0, 30, 60, 300)  # seconds; 0 = never
SPEEDS = (400, 900, 1600, 400)  # least time an AI play takes on screen, ms (fast, normal, slow,
WAIT = 3  # and the pace that waits for A before each AI play)


class BadSave(ValueError):
    """A record that is truncated, foreign or inconsistent."""


class Settings:
    """Contrast, screen-off timeout, sound and AI pace (indexes into the tables), and
    the choices of each game's last match (``CHOICE`` bytes a game: :mod:`choices`)."""

    def __init__(self):
        self.contrast = 3
        self.timeout = 2
        self.sound = 1
        self.speed = 1
        self.choices = b""

    def encode(self):
        """The settings record."""
        return bytes((VERSION, self.contrast, self.timeout, self.sound, self.speed)) + self.choices

    @classmethod
    def decode(cls, b):
        """Settings from a record; BadSave if it is not one."""
        if len(b) < 5 or (len(b) - 5) % CHOICE or b[0] != VERSION:
            raise BadSave("settings: not a version %d record" % VERSION)
        s = cls()
        if b[1] >= len(CONTRASTS) or b[2] >= len(TIMEOUTS) or b[3] > 1 or b[4] >= len(SPEEDS):
            raise BadSave("settings: value out of range")
        for i in range(5, len(b), CHOICE):
            if b[i] >= NGAMES or not 1 <= b[i + 1] <= 8 or max(b[i + 2:i + 10]) >= NLEVELS \
                    or b[i + 12] > 127:
                raise BadSave("settings: a game's choices out of range")
        s.contrast, s.timeout, s.sound, s.speed = b[1], b[2], b[3], b[4]
        s.choices = bytes(b[5:])
        return s


class Stats:
    """Matches played and won per game id and level (no AI = level 3)."""

    def __init__(self):
        self.played = [0] * (NGAMES * NLEVELS)
        self.won = [0] * (NGAMES * NLEVELS)

    def add(self, gid, level, won):
        """Count one finished match."""
        i = gid * NLEVELS + level
        if 0 <= i < len(self.played):
            self.played[i] = min(self.played[i] + 1, 65535)
            if won:
                self.won[i] = min(self.won[i] + 1, 65535)

    def get(self, gid, level):
        """``(played, won)`` for a game and level."""
        i = gid * NLEVELS + level
        return self.played[i], self.won[i]

    def encode(self):
        """The statistics record."""
        b = bytearray(1 + 4 * NGAMES * NLEVELS)
        b[0] = VERSION
        j = 1
        for i in range(NGAMES * NLEVELS):
            p, w = self.played[i], self.won[i]
            b[j] = p >> 8
            b[j + 1] = p & 255
            b[j + 2] = w >> 8
            b[j + 3] = w & 255
            j += 4
        return bytes(b)

    @classmethod
    def decode(cls, b):
        """Statistics from a record; BadSave if it is not one."""
        if len(b) != 1 + 4 * NGAMES * NLEVELS or b[0] != VERSION:
            raise BadSave("stats: not a version %d record" % VERSION)
        s = cls()
        j = 1
        for i in range(NGAMES * NLEVELS):
            p = (b[j] << 8) | b[j + 1]
            w = (b[j + 2] << 8) | b[j + 3]
            if w > p:
                raise BadSave("stats: more wins than matches")
            s.played[i] = p
            s.won[i] = w
            j += 4
        return s


KIND_MATCH = 1
KIND_DEAL = 2
# 2 and 3: match snapshot + this hand's moves; a version 2 record was written before a
# game's default changed, so its options code is read as the game meant it then
# (``legacy_options``: All Fives with 4 players on double-six)
MATCH_VERSION = 3


def _legacy_options(gid, players, options):
    """The options code of a version 2 record as its game meant it (``legacy_options``)."""
    from domino import games
    try:
        legacy = getattr(games.load(gid), "legacy_options", None)
    except ValueError:
        return options  # an unknown game: the session refuses it
    return options if legacy is None else legacy(players, options)


class MatchRecord:
    """A match (or a single coded deal) in progress: how to rebuild it."""

    def __init__(self, kind, gid, players, seats, target=0, seed=0, starter=0, options=0):
        self.kind = kind
        self.gid = gid
        self.players = players
        self.seats = bytearray(seats)
        self.target = target
        self.seed = seed
        self.starter = starter
        self.options = options
        self.snap = []  # Match.snapshot() when this hand was dealt ([] for the first hand)
        self.moves = bytearray()

    def encode(self):
        """The match record (a few bytes, the snapshot, and one byte per move of this hand)."""
        n = len(self.moves)
        head = bytes((MATCH_VERSION, self.kind, self.gid, self.players,
                      self.target >> 8, self.target & 255,
                      (self.seed >> 16) & 255, (self.seed >> 8) & 255, self.seed & 255,
                      self.starter, self.options, n >> 8, n & 255, len(self.snap)))
        snap = bytearray()
        for v in self.snap:
            snap.append(v >> 8)
            snap.append(v & 255)
        return head + bytes(self.seats) + bytes(snap) + bytes(self.moves)

    @classmethod
    def decode(cls, b):
        """A record from bytes; BadSave if it is truncated or inconsistent."""
        if len(b) < 14 or b[0] not in (2, MATCH_VERSION) or b[1] not in (KIND_MATCH, KIND_DEAL):
            raise BadSave("match: not a version 2 or %d record" % MATCH_VERSION)
        players = b[3]
        if not 1 <= players <= 8:
            raise BadSave("match: bad player count")
        n = (b[11] << 8) | b[12]
        nsnap = b[13]
        start = 14 + players + 2 * nsnap
        if len(b) != start + n:
            raise BadSave("match: wrong length (truncated?)")
        seats = b[14:14 + players]
        for k in seats:
            if k > 3:
                raise BadSave("match: bad seat kind")
        options = b[10]
        if b[0] == 2:  # written before a game's default changed: its options as meant then
            options = _legacy_options(b[2], players, options)
        r = cls(b[1], b[2], players, seats, (b[4] << 8) | b[5], (b[6] << 16) | (b[7] << 8) | b[8],
                b[9], options)
        r.snap = [(b[i] << 8) | b[i + 1] for i in range(14 + players, start, 2)]
        r.moves = bytearray(b[start:])
        return r
