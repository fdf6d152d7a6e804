"""Saves through the UI: resume mid-hand and mid-match gives the same hand,
settings and statistics persist, bad match saves are reported once and ignored."""

import pytest

import refresh_golden
import scenes
import sim
import table
from savegame import MatchRecord, Settings
from storage import Storage, MemoryBackend


def fresh(buf, board=6):
    return sim.Harness(board, storage=Storage(MemoryBackend(buf)))


def state(app):
    se = app.session
    g = se.game
    obs = [g.observation(s).key() for s in range(g.players)]
    m = se.match
    return obs, (list(m.scores), m.hand_no) if m else None, bytes(se.rec.moves)


def play_some(h, moves):
    app = h.app
    done = 0
    for _ in range(5000):
        sc = app.scene
        if done >= moves:
            return
        if isinstance(sc, table.Table) and sc.to_act and not sc.dirty_model:
            h.tap("A")
            done += 1
        elif isinstance(sc, (scenes.Summary, scenes.Privacy)):
            h.tap("A")
        else:
            h.step(50)


@pytest.mark.parametrize("gid_index,moves", [(0, 2), (1, 5), (2, 3), (0, 20), (2, 25)])
def test_resume_same_hand(gid_index, moves):
    buf = bytearray(4096)
    h = fresh(buf)
    refresh_golden._start(h, gid_index)
    play_some(h, moves)
    before = state(h.app)
    assert len(before[2]) > 0
    rec = h.storage.load(2)
    assert 13 < len(rec) < 400
    h2 = fresh(buf)  # power off, power on
    assert h2.app.errors == []
    assert state(h2.app) == before
    assert isinstance(h2.app.scene, scenes.Title)
    assert h2.app.scene.rows()[0] == "Continue"
    h2.tap("A")
    assert isinstance(h2.app.scene, (table.Table, scenes.Summary))
    # and play on to the end of the match from there
    for _ in range(5000):
        if isinstance(h2.app.scene, scenes.Result):
            break
        sc = h2.app.scene
        if isinstance(sc, table.Table) and sc.to_act and not sc.dirty_model:
            h2.tap("A")
        elif isinstance(sc, (scenes.Summary, scenes.Privacy)):
            h2.tap("A")
        else:
            h2.step(50)
    assert isinstance(h2.app.scene, scenes.Result)


def test_resume_pass_and_play_shows_privacy():
    buf = bytearray(4096)
    h = fresh(buf)
    refresh_golden._start(h, 0, kinds=[0, 0, 0, 0])
    play_some(h, 3)
    h2 = fresh(buf)
    h2.tap("A")
    assert isinstance(h2.app.scene, scenes.Privacy)
    assert h2.app.scene.seat == h2.app.session.game.turn


def test_undo_rewrites_save():
    buf = bytearray(4096)
    h = fresh(buf)
    refresh_golden._start(h, 0)
    play_some(h, 2)
    h.wait(200)
    n = len(h.app.session.rec.moves)
    assert h.app.session.can_undo()
    h.tap("DOWN")  # undo on a 6-button board
    assert len(h.app.session.rec.moves) < n
    assert h.app.session.game.turn == h.app.session.humans[0]
    assert MatchRecord.decode(h.storage.load(2)).moves == h.app.session.rec.moves


def _errors_shown(h):
    return isinstance(h.app.scene, scenes.Message) and h.app.scene.ttl == "SAVE PROBLEM"


def _saved_match(buf):
    h = fresh(buf)
    refresh_golden._start(h, 0)
    play_some(h, 4)
    return h.storage.load(2)


@pytest.mark.parametrize("how", ["truncated", "foreign_game", "bad_move", "garbage", "extra"])
def test_bad_match_record_reported_once(how):
    buf = bytearray(4096)
    rec = _saved_match(buf)
    if how == "truncated":
        bad = rec[:-2]
    elif how == "foreign_game":
        bad = rec[:2] + b"\x07" + rec[3:]
    elif how == "bad_move":
        bad = rec[:-1] + b"\x3f"
    elif how == "extra":
        bad = rec + b"\x00"
    else:
        bad = b"\x99hello"
    Storage(MemoryBackend(buf)).save(2, bad)
    h = fresh(buf)
    assert _errors_shown(h)
    assert len(h.app.errors) == 1
    assert h.app.session is None
    h.tap("A")
    assert isinstance(h.app.scene, scenes.Title)
    assert "Continue" not in h.app.scene.rows()
    h3 = fresh(buf)  # reported once: the next start is clean
    assert not _errors_shown(h3) and h3.app.errors == []


def test_corrupt_bytes_in_storage_reported():
    buf = bytearray(4096)
    _saved_match(buf)
    # damage the payload of every copy of the match in the log a little
    st = Storage(MemoryBackend(buf))
    for off in st.copies(2):
        for i in range(off + 12, off + 20):
            buf[i] ^= 0x5A
    h = fresh(buf)
    assert _errors_shown(h)
    assert h.app.session is None
    h.tap("A")
    refresh_golden._start(h, 0)  # a new match still saves fine
    play_some(h, 1)
    assert h.storage.load(2)


def test_every_prefix_of_a_record_is_refused():
    buf = bytearray(4096)
    rec = _saved_match(buf)
    for n in range(len(rec)):
        with pytest.raises(ValueError):
            MatchRecord.decode(rec[:n])


def test_settings_and_stats_persist():
    buf = bytearray(4096)
    h = fresh(buf, board=3)
    h.run_script("R R R R A")  # Settings on a 3-button board
    assert isinstance(h.app.scene, scenes.SettingsMenu)
    h.tap("A")  # contrast +1 (wraps)
    c = h.app.settings.contrast
    h.hold("A")  # back: saves
    assert isinstance(h.app.scene, scenes.Title)
    h2 = fresh(buf)
    assert h2.app.settings.contrast == c
    assert Settings.decode(h2.storage.load(0)).contrast == c
