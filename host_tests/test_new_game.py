"""A new game of a known layout kind is one module and one registry line.

Three throwaway games written here, one per layout kind (a line, tricks, a
tableau), each registered from the test in one line (:func:`register`: its
module under ``domino.`` and its entry in ``games.GAMES``, as a real game's file
and registry line would be), then played through the simulator's menus and table
with the UI behind ``test_ui_contract``'s guard: AI seats of every level where the
game names an AI family (the line game, with ``lineai``), else every seat a
person; a save and a resume on a fresh harness; the rules screen showing the
game's own page (``domino.<module>_rules``) or the page built from its class;
and the deal code on the summary dealing the same hand again.
"""

import sys
import types

import pytest

import devscript
import handend
import menus
import refresh_golden
import scenes
import sim
import table
from domino import games, tiles
from domino.game import (ENDS_TURN, SPECIAL, TABLEAU, TAKES, TRICKS, Board, Game, HandResult,
                         Observation)
from domino.line import LineGame
from domino.match import deal_code
from savestore import MemoryBackend, Storage
from test_ui_contract import guard  # noqa: F401  (the fixture)


def register(monkeypatch, cls, rules=None):
    """Register game class ``cls`` for this test, as its module and registry line
    would: the module ``domino.test_<layout>`` holding it (and, given ``rules``, the
    rules page ``domino.test_<layout>_rules``) and its entry in ``games.GAMES``."""
    name = "test_" + cls.LAYOUT
    mod = types.ModuleType("domino." + name)
    setattr(mod, cls.__name__, cls)
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    if rules is not None:
        page = types.ModuleType(mod.__name__ + "_rules")
        page.TEXT = rules
        monkeypatch.setitem(sys.modules, page.__name__, page)
    monkeypatch.setattr(games, "GAMES", games.GAMES + ((cls.GAME_ID, name, cls.__name__, cls.NAME, cls.LAYOUT),))


def _deck(nset, seed):
    deck = list(range(tiles.count(nset)))
    r = seed * 7 + 3
    for i in range(len(deck) - 1, 0, -1):  # a small shuffle of the test's own
        r = (r * 1103515245 + 12345) & 0x7FFFFFFF
        j = r % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


class _Match:
    """Match hooks shared by the throwaway games: the lead moves round, the hands'
    points add up, the first side to the target wins."""

    TARGET = 3
    TARGETS = (3, 5)
    PLAYERS = (2,)

    @classmethod
    def next_starter(cls, match):
        return match.hand_no % match.players

    @classmethod
    def settle(cls, match, result):
        for s in range(len(match.scores)):
            match.scores[s] += result.points[s]
        best = max(match.scores)
        if best >= match.target:
            match.over = True
            match.winner = match.scores.index(best) if match.scores.count(best) == 1 else -1
            match.story = "#%d reached %d." % (match.winner, best) if match.winner >= 0 else ""


class TinyLine(_Match, LineGame):
    """Block play on a double-three set, 3 tiles each; going out scores the other
    hand's pips, a block the fewer pips' side scores the other's."""

    GAME_ID = 5
    NAME = "Tiny Line"

    def __init__(self, players=2, seed=0, starter=None):
        if players != 2:
            raise ValueError("Tiny Line is played by 2")
        self.nsides = 2
        LineGame.__init__(self, 2, seed, 3, 3, 0 if starter is None else starter)

    def points_from(self, pips, winner, out):
        out[0] = out[1] = 0
        w = winner if winner >= 0 else (-1 if pips[0] == pips[1] else (0 if pips[0] < pips[1] else 1))
        if w >= 0:
            out[w] = pips[1 - w]
        return w

    def result(self):
        if not self.over:
            raise ValueError("the hand is not over")
        pips = [self.pips(s) for s in range(2)]
        points = [0, 0]
        side = self.points_from(pips, self.winner, points)
        return HandResult("domino" if self.winner >= 0 else "block", self.winner, side, pips, points,
                          "", "@%d went out" % self.winner if self.winner >= 0 else "blocked")


class _Replayed(_Match, Game):
    """A hand kept as its deal and the moves applied: ``undo`` replays all but the last."""

    AI = None

    def __init__(self, players=2, seed=0, starter=None):
        if players != 2:
            raise ValueError("%s is played by 2" % self.NAME)
        self.players = self.nsides = 2
        self.seed = seed
        self.starter = 0 if starter is None else starter
        self._buf = [0] * 64
        self._done = []
        self._deal()

    def apply(self, move):
        self._done.append(move)
        self._step(move)

    def undo(self):
        done = self._done[:-1]
        self._done = []
        self._deal()
        for m in done:
            self.apply(m)

    def moves(self):
        return list(self._done)

    def hand(self, seat):
        return sorted(self.hands[seat])

    def move_name(self, move):
        return tiles.name(move)

    def move_tile(self, move):
        return move if move < SPECIAL and move < tiles.count(self.NSET) else -1

    def move_group(self, move):
        return move

    def result(self):
        if not self.over:
            raise ValueError("the hand is not over")
        pts = self.hand_scores()
        side = -1 if pts[0] == pts[1] else (0 if pts[0] > pts[1] else 1)
        return HandResult("end", -1, side, None, pts, "", "#%d took more" % side if side >= 0 else "a tie")

    def observation(self, seat):
        if seat not in (0, 1):
            raise ValueError("no seat %r" % (seat,))
        n = self.legal_moves(self._buf)
        return Observation(seat, 2, self.turn, self.NSET, self.hand(seat), [len(h) for h in self.hands],
                           self._stock(), (), [(s, m) for s, m in self._events], self.hand_scores(),
                           self.starter, self._buf[:n] if not self.over else [], 0, self.board())

    def _stock(self):
        return 0


class TinyTricks(_Replayed):
    """Double-two, 3 pieces each, no trumps: the heavier piece takes the trick (a
    tie: the lead), its winner leads the next; a point a trick."""

    GAME_ID = 6
    NAME = "Tiny Tricks"
    LAYOUT = TRICKS
    NSET = 2

    def _deal(self):
        d = _deck(2, self.seed)
        self.hands = [d[0:3], d[3:6]]
        self.trick = [-1, -1]
        self.last = [-1, -1]
        self.last_winner = -1
        self.won = [0, 0]
        self.lead = self.turn = self.starter
        self.over = False
        self._events = []

    def legal_moves(self, buf):
        n = 0
        if not self.over:
            for t in sorted(self.hands[self.turn]):
                buf[n] = t
                n += 1
        return n

    def _step(self, t):
        s = self.turn
        self._events.append((s, t))
        self.hands[s].remove(t)
        self.trick[s] = t
        if self.trick[1 - s] < 0:
            self.turn = 1 - s
            return
        pips = [tiles.HI[p] + tiles.LO[p] for p in self.trick]
        w = self.lead if pips[0] == pips[1] else (0 if pips[0] > pips[1] else 1)
        self.won[w] += 1
        self.last, self.last_winner, self.trick = self.trick, w, [-1, -1]
        self.lead = self.turn = w
        self.over = not self.hands[0] and not self.hands[1]

    def hand_scores(self):
        return list(self.won)

    def board(self):
        led = self.trick[self.lead]
        return Board(trump=2, turnup=-1, dealer=0, deciding=False, playing=not self.over,
                     decisions=["", ""], misses=0, led=str(tiles.HI[led]) if led >= 0 else "",
                     trick=list(self.trick), tricks=list(self.won), last_winner=self.last_winner,
                     last_trick=list(self.last), discards=0)


class TinyTableau(_Replayed):
    """Double-three, 2 tiles each, two face up make the row, the rest the boneyard.
    A turn: place a tile at the row's open end, then take, one at a time, a tile
    between two that share a number; end the turn and draw. When the hands are
    empty each scores the tiles it took."""

    GAME_ID = 7
    NAME = "Tiny Tableau"
    LAYOUT = TABLEAU
    NSET = 3
    TAKE = 100  # TAKE + i: take the tile at place i of the row
    END = SPECIAL + 1

    def _deal(self):
        d = _deck(3, self.seed)
        self.hands = [d[0:2], d[2:4]]
        self.row = d[4:6]
        self.stock = d[6:]
        self.took = [[], []]
        self.turn = self.starter
        self.placing = True
        self.over = False
        self._events = []

    def _stock(self):
        return len(self.stock)

    def legal_moves(self, buf):
        if self.over:
            return 0
        if self.placing:
            moves = sorted(self.hands[self.turn])
        else:
            r = self.row
            moves = [self.TAKE + i for i in range(1, len(r) - 1)
                     if set((tiles.HI[r[i - 1]], tiles.LO[r[i - 1]])) & set((tiles.HI[r[i + 1]], tiles.LO[r[i + 1]]))]
            moves.append(self.END)
        for i, m in enumerate(moves):
            buf[i] = m
        return len(moves)

    def _step(self, m):
        s = self.turn
        self._events.append((s, m))
        if self.placing:
            self.hands[s].remove(m)
            self.row.append(m)
            self.placing = False
        elif m == self.END:
            if self.stock:
                self.hands[s].append(self.stock.pop())
            self.placing = True
            if self.hands[1 - s]:
                self.turn = 1 - s
            self.over = not self.hands[0] and not self.hands[1]
        else:
            self.took[s].append(self.row.pop(m - self.TAKE))

    def move_name(self, m):
        if m == self.END:
            return "end turn"
        if m >= self.TAKE:
            return "take " + tiles.name(self.row[m - self.TAKE]) if m - self.TAKE < len(self.row) else "take"
        return tiles.name(m)

    def move_kind(self, m):
        if m == self.END:
            return ENDS_TURN
        return TAKES if self.TAKE <= m < SPECIAL else Game.move_kind(self, m)

    def move_takes(self, m):
        return 1 if self.TAKE <= m < SPECIAL else 0

    def move_span(self, m):
        return (m - self.TAKE, 1) if self.TAKE <= m < SPECIAL else (-1, 0)

    def move_group(self, m):
        return m

    def hand_scores(self):
        return [len(t) for t in self.took]

    def board(self):
        return Board(row=tuple(self.row), dealer=0, captured=[list(t) for t in self.took],
                     placing=self.placing, stock=len(self.stock), devil=len(self.row))


RULES = "#How to play\nTiny Line: double-three, 3 tiles each, block play. First to @T."
CASES = [(TinyLine, RULES), (TinyTricks, None), (TinyTableau, None)]


def _play_to_result(h):
    """Press A whenever a person is to act or a summary shows, until the match's result."""
    refresh_golden._play_until(h, lambda app: isinstance(app.scene, handend.Result), 4000)


@pytest.mark.parametrize("cls,rules", CASES, ids=[c.LAYOUT for c, _ in CASES])
def test_a_new_game_plays_through_menus_table_ai_and_a_save(guard, monkeypatch, cls, rules):  # noqa: F811
    register(monkeypatch, cls, rules)
    assert games.load(cls.GAME_ID) is cls
    from domino import ai
    ai_seats = ai.supports(cls)
    assert ai_seats == (cls is TinyLine)

    # from the title's menus: the picker lists it, its options start a match
    rows = ["P2: AI hard"] if ai_seats else []
    keys, se = devscript.new_game_keys(cls.GAME_ID, rows)
    assert isinstance(se.game, cls) and list(se.rec.seats) == ([0, 3] if ai_seats else [0, 0])

    # a match through the table, the level of each AI seat in turn
    for kinds in ([[0, 1], [0, 2], [0, 3]] if ai_seats else [[0, 0]]):
        h = sim.Harness(6, settings_speed=None)
        h.app.start_match(cls.GAME_ID, 2, kinds, cls.TARGET)
        assert isinstance(h.app.scene, (table.Table, scenes.Privacy))
        _play_to_result(h)


def _fresh_hand_same(cls, g):
    """A hand dealt again from ``g``'s deal code, in the same match (its standing), with
    ``g``'s moves applied: the same."""
    again = games.from_code(deal_code(g))
    again.standing = g.standing
    for m in g.moves():
        again.play(m)
    return [again.observation(s).key() for s in range(2)] == [g.observation(s).key() for s in range(2)]


@pytest.mark.parametrize("cls,rules", CASES, ids=[c.LAYOUT for c, _ in CASES])
def test_a_new_game_saves_resumes_and_deals_by_code(guard, monkeypatch, cls, rules):  # noqa: F811
    register(monkeypatch, cls, rules)
    buf = bytearray(4096)
    h = sim.Harness(6, storage=Storage(MemoryBackend(buf)), settings_speed=None)
    h.app.start_match(cls.GAME_ID, 2, [0, 3] if cls.AI else [0, 0], cls.TARGET)
    for _ in range(3):
        for _ in range(200):
            sc = h.app.scene
            if isinstance(sc, table.Table) and sc.to_act and not sc.dirty_model:
                break
            h.tap("A") if isinstance(sc, scenes.Privacy) else h.step(50)
        h.tap("A")
    se = h.app.session
    assert se.rec.moves and _fresh_hand_same(cls, se.game)
    h.app.save_match()
    before = [se.game.observation(s).key() for s in range(2)], bytes(se.rec.moves)
    h2 = sim.Harness(6, storage=Storage(MemoryBackend(buf)), settings_speed=None)  # power off, on
    assert h2.app.errors == []
    assert h2.app.scene.rows()[0] == "Continue"
    h2.tap("A")
    se2 = h2.app.session
    assert isinstance(se2.game, cls)
    assert ([se2.game.observation(s).key() for s in range(2)], bytes(se2.rec.moves)) == before
    _play_to_result(h2)


@pytest.mark.parametrize("cls,rules", CASES, ids=[c.LAYOUT for c, _ in CASES])
def test_a_new_game_has_its_rules_page(monkeypatch, cls, rules):
    register(monkeypatch, cls, rules)
    h = sim.Harness(6)
    h.app.go(menus.Picker(h.app, rules=True))
    sc = h.app.scene
    sc.sel = sc.rows().index(cls.NAME)
    h.tap("A")
    page = " ".join(h.app.scene.lines)
    want = rules if rules else "#%s\n2 players, to @T points." % cls.NAME
    want = " ".join(want.replace("@T", str(cls.TARGET)).split())
    assert page.startswith(want.replace("#How to play", "#HOW TO PLAY").replace("#" + cls.NAME, "#" + cls.NAME.upper()))
    assert "domino.test_%s_rules" % cls.LAYOUT not in sys.modules  # read, then forgotten
