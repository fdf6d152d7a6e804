"""The screens at arm's length (issue 30): no two runs of text drawn over each
other or run together at crowded tables (``soak.track_text``), glyphs that tell
letters from digits, whose turn it is always said, menus that keep their place
and rules pages a player can read."""

import soak
import sim

# All Fives, 8 players on double-twelve, seven Hard seats (issue 30's setup)
EIGHT = "A D D A R R R R D " + "D R " * 7 + "D D D D A w500"


def frames(script, board=6):
    """Play ``script`` at the default pace, checking each frame; return the harness and
    the overlaps seen as (screen, a, b)."""
    h = sim.Harness(board, settings_speed=None)
    scr = h.app.scr
    soak.track_text(scr)
    seen = []
    step = h.step

    def checked(ms=sim.FRAME_MS):
        step(ms)
        if scr.overlap is not None:
            seen.append((type(h.app.scene).__name__,) + scr.overlap)
            scr.overlap = None
    h.step = checked
    h.run_script(script)
    return h, seen


def test_track_text_notes_text_over_text_and_run_together():
    h = sim.Harness(6)
    scr = h.app.scr
    soak.track_text(scr)
    scr.clear()
    scr.small(0, 0, "65")
    scr.small(10, 0, "230")  # three blank columns after "65": reads "65230"
    assert scr.overlap == ("65", "230")
    scr.overlap = None
    scr.small(30, 0, "B27")
    scr.small(45, 0, "5-0")  # four blank columns: apart
    scr.small(60, 0, "1:10")
    scr.small(78, 0, "2:4")  # three blank columns before a seat's label: apart
    assert scr.overlap is None
    scr.small(92, 0, "12")  # three after "2:4" without a label: run together
    assert scr.overlap == ("2:4", "12")
    scr.overlap = None
    scr.small(40, 14, "3:7")
    scr.small(22, 14, "1:10")  # drawn after, on the left: three columns before "3:7"
    assert scr.overlap is None
    scr.small(40, 21, "6:1")
    scr.small(30, 21, "65")  # on the left, three columns before a label: apart
    assert scr.overlap is None
    scr.small(54, 21, "230")  # three columns after "6:1" without one: run together
    assert scr.overlap == ("6:1", "230")
    scr.overlap = None
    scr.small(0, 7, "YOUR TURN")  # the next row
    assert scr.overlap is None
    scr.fill(0, 0, 128, 6, 0)  # row 0 blanked: its runs are gone
    scr.small(0, 0, "Y:12")
    assert scr.overlap is None
    scr.text(1, "Seat 7")
    scr.text(1, "x", False, 30)
    assert scr.overlap == ("Seat 7", "x")


def test_eight_seat_summary_keeps_three_digit_scores_apart():
    """All Fives, 8 players: the hand's summary with a three-digit score beside a
    two-digit one ("65" and "230" read as "65230" before)."""
    h, seen = frames(EIGHT)
    for _ in range(60):  # A when it is our turn, until the hand's summary
        if type(h.app.scene).__name__ == "Summary":
            break
        h.run_script("A w3000")
    assert type(h.app.scene).__name__ == "Summary", h.app.scene
    assert max(h.app.session.result.points) >= 100
    seen = [s for s in seen if s[0] == "Summary"]
    assert seen == [], sorted(set(seen))[:10]


def _glyph(ch):
    h = sim.Harness(6)
    scr = h.app.scr
    scr.clear()
    scr.small(0, 0, ch)
    return [[scr.bitmap[x, y] for x in range(3)] for y in range(5)]


def test_small_font_tells_letters_from_digits():
    """B, D and O have a straight left side, 0 and 8 do not (0 round, 8 pinched):
    the boneyard's "B27" does not read "827", "7-6D" not "7-60" (issue 30, fault 5)."""
    for letter, digit in (("B", "8"), ("D", "0"), ("O", "0")):
        a, b = _glyph(letter), _glyph(digit)
        assert all(a[y][0] for y in range(5)), letter
        assert not all(b[y][0] for y in range(5)), digit
        assert sum(a[y][x] != b[y][x] for y in range(5) for x in range(3)) >= 2, (letter, digit)


def test_your_turn_stays_on_row_1_when_the_plays_fill_it():
    """Seychelles, 4 players: on your turn row 1 starts "YOUR TURN" at every frame,
    however many plays are shown after it, which page behind it (issue 30, fault 4)."""
    h, _ = frames("A A D D R D R D R D D A w3000 A w4000")
    t = h.app.scene
    assert type(t).__name__ == "Table" and t.to_act
    assert len(t.plays) >= 3  # three seats have played: they do not fit beside the words
    pages = set()
    end = h.clock() + 6000  # row 1 pages every 2.5 s
    while h.clock() < end:
        h.step()
        msg = t.message()
        assert msg.startswith("YOUR TURN  "), msg
        pages.add(msg)
    shown = " ".join(pages)
    for play in t.plays:  # every play is shown on one page or another
        assert play in shown, (play, pages)


def _menu(h):
    sc = h.app.scene
    return type(sc).__name__, sc.rows()[sc.sel]


def test_menus_remember_the_row_that_opened_a_screen():
    """Back from Settings lands on "Settings", back from a game's options on that
    game, in the rules picker on the game read (issue 30, fault 12)."""
    h = sim.Harness(6)
    h.run_script("D D D D A")  # Title: New game, Deal by code, Statistics, Rules, Settings
    assert _menu(h)[0] == "SettingsMenu"
    h.run_script("B")
    assert _menu(h) == ("Title", "Settings")
    h.run_script("U U U U A D D A")  # New game, then the third game's options
    assert type(h.app.scene).__name__ == "Options"
    h.run_script("B")
    assert _menu(h) == ("Picker", "All Fives")
    h.run_script("B")
    assert _menu(h) == ("Title", "New game")
    h.run_script("D D D A D A B")  # Rules, the second game's pages, back
    assert _menu(h) == ("Picker", "Domino Whist")
    h.run_script("B A")  # the rules picker again from the title: still there
    assert _menu(h) == ("Picker", "Domino Whist")


def test_menus_forget_their_rows_when_a_match_starts():
    """A match starts the device's program again, which forgets the cursors: the
    simulator forgets them too, so its screens stay the device's."""
    h = sim.Harness(6)
    h.run_script("A D A")  # New game, Domino Whist's options
    assert h.app.cursor
    h.app.start_match(0, 4, [0, 1, 1, 1], 0)
    assert h.app.cursor == {}


def test_three_button_menus_say_how_to_go_back():
    """On the 3-button build (no B) every menu with a way back says "HOLD A: BACK" in
    its title bar; the title screen, with none, does not."""
    h = sim.Harness(3)
    scr = h.app.scr
    soak.track_text(scr)
    said = []
    small = scr.small
    scr.small = lambda x, y, s, c=1: (said.append(s), small(x, y, s, c))[1]
    h.app.dirty = True
    h.step()
    assert "HOLD A: BACK" not in said
    for script, name in (("A", "Picker"), ("A", "Options")):
        del said[:]
        h.run_script(script)
        assert type(h.app.scene).__name__ == name
        assert "HOLD A: BACK" in said, (name, said)
        assert scr.overlap is None, scr.overlap
    h.run_script("~A")
    assert type(h.app.scene).__name__ == "Picker"


def _rules(gid):
    import menus
    return menus.Rules(sim.Harness(6).app, gid)


def test_rules_pages_start_with_how_to_play_and_end_at_sentences():
    """Every game's rules: a first page "How to play" in three lines; headings;
    every page whole sentences (it starts at a heading or a sentence and ends at a
    sentence's end), of at most 5 rows of 20 characters (issue 30, fault 13)."""
    from domino import games
    for gid in [g[0] for g in games.GAMES]:
        r = _rules(gid)
        first = r.pages[0]
        assert first[0] == "#HOW TO PLAY" and len(first) == 4, first
        heads = [ln for p in r.pages for ln in p if ln[:1] == "#"]
        assert len(heads) >= 4 and heads[-1] == "#KEYS", heads
        for p in r.pages:
            assert 1 <= len(p) <= 5 and all(len(ln) <= 20 for ln in p), p
            words = [ln for ln in p if ln[:1] != "#"]
            assert p[-1][:1] != "#", p  # a heading never ends a page
            assert words[-1][-1] in ".?!:" or words[-1][-1] == ")" and "." in words[-1], p
            assert p[0][:1] == "#" or p[0][0].isupper() or p[0][0].isdigit(), p


def test_rules_page_turns_and_headings_are_drawn_inverted():
    """RIGHT/A turn a page, LEFT back, A on the last page leaves; a heading row is
    drawn inverted (its bar lit)."""
    h = sim.Harness(6)
    h.run_script("D D D A A")  # Rules, Seychelles
    r = h.app.scene
    assert type(r).__name__ == "Rules" and r.page() == (1, len(r.pages))
    assert h.app.scr.bitmap[126, 9] == 1  # the heading's bar on row 0
    h.run_script("R R L")
    assert r.page() == (2, len(r.pages))
    h.run_script(" ".join("A" * (len(r.pages) - 1)))
    assert type(h.app.scene).__name__ == "Picker"


def test_seychelles_rules_say_the_double_six_holder_leads_any_tile():
    """The page says what the game does: the double six's holder leads, with any tile."""
    from domino.seychelles import Seychelles
    text = " ".join(ln for p in _rules(0).pages for ln in p)
    assert "The holder of the double six leads each hand, with any tile." in text
    assert "double six leads every hand" not in text
    g = Seychelles(4, seed=3)
    buf = [0] * 64
    assert g.legal_moves(buf) == 7  # any of the leader's seven tiles


def test_castle_which_one_says_the_arrows_switch_and_the_box_follows():
    """Castle Rock, a capture of one tile or all three: row 1 says the arrows go to
    the other, and the box reads the capture chosen (issue 30, fault 9)."""
    import refresh_golden
    h = sim.Harness(6)
    refresh_golden._castle(h, placed=True)
    h.run_script("R A")
    t = h.app.table
    assert t.choice is not None and len(t.choice) == 2
    said = []
    scr = h.app.scr
    small = scr.small
    scr.small = lambda x, y, s, c=1: (said.append((y, s, c)), small(x, y, s, c))[1]
    g = h.app.session.game
    for k in range(2):
        del said[:]
        h.app.dirty = True
        h.step()
        m = t.choice[t.ci]
        assert t.message().endswith("? A  <> OTHER"), t.message()
        box = " ".join(s for y, s, c in said if y > 40 and c == 0)  # the selected box, inverted
        assert box == g.move_name(m).upper(), (box, said)
        h.tap("RIGHT")
    assert g.move_takes(t.choice[0]) != g.move_takes(t.choice[1])


def test_pass_and_play_turn_opens_on_the_last_plays():
    """Castle Rock, every seat a person: the next player's turn opens with "YOUR
    TURN" and what the others did (the prompt would hide it); a key pressed, row 1
    says what A does (issue 30, fault 8)."""
    import refresh_golden
    from domino.game import ENDS_TURN
    h = sim.Harness(6)
    refresh_golden._castle(h)
    t = h.app.table
    assert t.message().startswith("A: PLACE"), t.message()  # nothing played yet: the prompt
    h.tap("A")  # seat 1 places its first tile
    refresh_golden._castle_select(h, lambda m: h.app.session.game.move_kind(m) == ENDS_TURN)
    h.tap("A")  # and ends its turn
    refresh_golden._through_privacy(h)
    assert h.app.scene is t and t.to_act and t.viewer == 1
    msg = t.message()
    assert msg.startswith("YOUR TURN  S1 "), msg
    h.tap("RIGHT")
    assert t.message().startswith("A: "), t.message()


def _moves_timed(h, until_ms):
    """Step the harness to ``until_ms``; return (time, board before, seat) for each move."""
    se = h.app.session
    out = []
    n = len(se.game.observation(0).events)
    b = se.game.board()
    while h.clock() < until_ms:
        h.step()
        ev = se.game.observation(0).events
        if len(ev) > n:
            out.append((h.clock(), b, ev[-1][0]))
            n = len(ev)
        b = se.game.board()
    return out


def test_a_finished_loo_trick_stays_before_the_next_lead():
    """Domino Loo at the normal pace: an AI seat leading after a finished trick
    waits the pace and 1.6 s more (the trick shows as LAST), other AI plays the
    pace alone (issue 30, fault 7)."""
    import savegame
    h = sim.Harness(6, settings_speed=1)
    h.app.start_match(3, 4, [1, 1, 1, 1], 0)  # every seat Easy: the table plays itself
    pace = savegame.SPEEDS[1]
    timed = _moves_timed(h, h.clock() + 60000)
    leads = plays = 0
    for (t0, _, _), (t1, b, _) in zip(timed, timed[1:]):
        if not b.deciding and not b.led and b.last_winner >= 0:  # a lead after a finished trick
            assert t1 - t0 >= pace + 1600, (t1 - t0)
            leads += 1
        elif not b.deciding and b.led:  # following to a trick
            assert t1 - t0 < pace + 1600, (t1 - t0)
            plays += 1
    assert leads >= 3 and plays >= 6, (leads, plays)


def test_the_pace_wait_for_a_holds_each_ai_play_until_a():
    """Settings, AI pace "wait for A": an AI seat's move waits for A however long,
    row 1 saying "A: S2 PLAYS"; A lets one move through (issue 30, keep up)."""
    import savegame
    h = sim.Harness(6)
    h.run_script("D D D D A U U L")  # Settings, AI pace: from fast back to "wait for A"
    assert "AI pace: wait for A" in h.app.scene.rows(), h.app.scene.rows()
    assert h.app.settings.speed == savegame.WAIT
    h.run_script("B")
    h.app.start_match(0, 4, [0, 3, 3, 3], 0)  # Seychelles, three Hard seats
    se = h.app.session
    t = h.app.table
    for _ in range(3):
        if se.game.turn == 0:
            h.run_script("w500 A w500")  # your move, whatever the hand
            assert se.game.turn != 0
        n = len(se.game.observation(0).events)
        h.wait(8000)
        assert len(se.game.observation(0).events) == n  # held
        assert t.message().startswith("A: S%d PLAYS" % (se.game.turn + 1)), t.message()
        h.tap("A")
        h.wait(1000)
        assert len(se.game.observation(0).events) == n + 1  # one move, then held again


def test_whist_says_its_scores_are_bad_points_and_why_a_side_won():
    """Domino Whist: the status bar labels the scores "BAD US 0 THEM 0", and the
    match's result says that fewer bad points win, its grid labelled BAD (issue
    30, faults 6 and 10)."""
    import handend
    h = sim.Harness(6)
    h.app.start_match(1, 4, [0, 1, 1, 1], 50)
    h.tap("A")  # past the draw for seats
    said = []
    scr = h.app.scr
    small, text = scr.small, scr.text
    scr.small = lambda x, y, s, c=1: (said.append(s), small(x, y, s, c))[1]
    scr.text = lambda i, s, inv=False, x=2: (said.append(s), text(i, s, inv, x))[1]
    h.app.dirty = True
    h.step()
    assert "BAD US 0 THEM 0" in said, said
    for _ in range(3000):  # every move the first legal one: to the match's result
        if isinstance(h.app.scene, handend.Result):
            break
        h.run_script("A w300")
    assert isinstance(h.app.scene, handend.Result)
    del said[:]
    h.app.dirty = True
    h.step()
    assert "FEWER BAD POINTS WIN" in said and "BAD" in said, said


def test_eight_seats_with_ten_tiles_keep_row_0_apart():
    """All Fives, 8 players, a seat holding 10 or more tiles: every frame of the
    table keeps row 0's cells apart ("Y:122:6" before; issue 30, fault 2)."""
    h, seen = frames(EIGHT + " A w3000" * 9)
    assert type(h.app.scene).__name__ == "Table"
    assert max(h.app.table.counts) >= 10, h.app.table.counts
    assert seen == [], sorted(set(seen))[:10]


def test_partners_scores_read_us_and_them():
    """Seychelles, you and seat 3 against seats 2 and 4: the status bar says "US"
    and "THEM" with your side's points first, on row 0 beside the cells."""
    h = sim.Harness(6)
    h.app.start_match(0, 4, [0, 1, 1, 1], 50)
    se = h.app.session
    h.app.dirty = True
    h.step()
    se.match.scores[:] = [12, 30] if se.game.side(0) == 0 else [30, 12]
    h.app.table.dirty_model = True  # as a move leaves it: the status bar is made again
    said = []
    scr = h.app.scr
    small = scr.small
    scr.small = lambda x, y, s, c=1: (said.append((y, s)), small(x, y, s, c))[1]
    h.app.dirty = True
    h.step()
    assert (0, "US 12 THEM 30") in said, said


def test_match_result_says_the_call_in_words():
    """Seychelles won kapot: the result says what the call means for this table
    ("THEY ON 0: KAPOT"), not the Creole word alone (issue 30, fault 11)."""
    import handend
    h = sim.Harness(6)
    h.app.start_match(0, 4, [0, 1, 1, 1], 50)
    se = h.app.session
    m = se.match
    them = 1 - se.game.side(0)
    m.scores[:] = [0, 0]
    m.scores[1 - them] = 52
    m.over, m.winner, m.call, m.story = True, 1 - them, "kapot", "#%d on 0: kapot" % them
    h.app.session_done = se
    said = []
    scr = h.app.scr
    text = scr.text
    scr.text = lambda i, s, inv=False, x=2: (said.append(s), text(i, s, inv, x))[1]
    handend.Result(h.app).draw(scr)
    assert "THEY ON 0: KAPOT" in said, said


def test_match_result_names_a_seat_short_where_the_row_is_full():
    """Seychelles for 2 or 3 won kapot bef: "SEAT 2 ON 8: KAPOT BEF" is wider than
    the row, so the seat goes by its short name; "YOU" keeps its own."""
    import handend
    h = sim.Harness(6)
    for loser, want in ((1, "S2 ON 8: KAPOT BEF"), (0, "YOU ON 8: KAPOT BEF")):
        h.app.start_match(0, 2, [0, 1], 50)
        se = h.app.session
        m = se.match
        m.scores[:] = [8, 8]
        m.scores[1 - loser] = 51
        m.over, m.winner, m.call, m.story = True, 1 - loser, "kapot bef", "#%d on 8: kapot bef" % loser
        h.app.session_done = se
        scr = h.app.scr
        scr.ran_off = None
        said = []
        text = scr.text
        scr.text = lambda i, s, inv=False, x=2: (said.append(s), text(i, s, inv, x))[1]
        handend.Result(h.app).draw(scr)
        scr.text = text
        assert want in said and scr.ran_off is None, (said, scr.ran_off)


def test_options_name_people_and_what_auto_gives():
    """The options screen: one person is "You", pass and play names each
    "Person"; All Fives' "auto" set and hand size say what they give; option
    names are capitalised in every game (issue 30, fault 11)."""
    import newgame
    from domino import games
    h = sim.Harness(6)
    opt = newgame.Options(h.app, 2)  # All Fives
    opt.players = 2
    opt.kinds[:2] = bytearray([0, 3])
    rows = opt.rows()
    assert "P1: You" in rows and "P2: AI hard" in rows, rows
    assert "Set: auto=double-6" in rows and "Tiles: auto=7" in rows, rows
    opt.players = 8
    opt.kinds[:8] = bytearray([0, 0] + [3] * 6)
    rows = opt.rows()
    assert "P1: Person" in rows and "P2: Person" in rows, rows
    assert "Set: auto=double-12" in rows and "Tiles: auto=7" in rows, rows
    for g in games.GAMES:
        for name, _, _ in games.load(g[0]).OPTIONS:
            assert name[:1].isupper() and name[1:].islower(), (g[3], name)


def test_pass_and_play_recaps_the_plays_since_your_last_turn():
    """Pass and play: the pass-the-device screen lists every play made since the
    seat it goes to last moved, oldest first (issue 30's "since your last turn")."""
    import refresh_golden
    from domino.game import DRAW
    h = sim.Harness(6)
    refresh_golden._privacy_recap(h)
    sc = h.app.scene
    se = h.app.session
    g = se.game
    ev = g.observation(1).events
    last = max(i for i in range(len(ev)) if ev[i][0] == 1)
    want = [(s, m) for s, m in ev[last + 1:] if m != DRAW]
    assert len(want) >= 2
    shown = "  ".join(sc.rows).split("  ")
    assert [p.split(" ")[0] for p in shown] == ["S%d" % (s + 1) for s, m in want], shown
    view = h.app.table.board_view(g)
    assert shown == ["S%d %s" % (ev[i][0] + 1, view.said(g, ev, i, True))
                     for i in range(last + 1, len(ev)) if ev[i][1] != DRAW], shown


def test_loo_words_are_the_rules_words():
    """Domino Loo's short words on row 1 and the decision column keep "DISCARD"
    (not "DROP") and shorten "EXCHANGE" to "SWAP", the rules text's word."""
    from views import tricks
    from domino import loo_rules
    assert tricks._said_short("DISCARD 6-5") == "DISCARD 6-5"
    assert tricks._said_short("EXCHANGE 6-5") == "SWAP 6-5"
    assert " swap " in loo_rules.TEXT.lower()


def test_the_draw_before_the_first_hand_is_shown_once():
    """Domino Whist's seat draw, All Fives' draw for the first lead and Castle Rock's for
    the first deal are shown before the first hand: each seat's tile, what it decided,
    where you sit; A goes on to the table (issue 30: "the Whist seat draw and partners
    shown before the first hand"). Games that draw nothing, and deals by code, go
    straight to the table."""
    from domino import tiles
    import firstdraw
    import refresh_golden
    for gid, players, word in ((1, 4, "seats"), (2, 8, "lead"), (4, 3, "deal")):
        h = sim.Harness(6, settings_speed=None, restarts=True)  # as the device: the match restarts it
        refresh_golden._start(h, gid, [0] + [1] * (players - 1), players, draw=True)
        assert h.restarts == 1
        sc = h.app.scene
        assert type(sc).__name__ == "FirstDraw", (gid, sc)
        m = h.app.session.match
        assert m.drawn_for == word and len(m.draw) == players
        rows = firstdraw.rows(h.app.session)
        for seat in range(players):
            p = m.seat_of.index(seat)
            assert tiles.name(m.draw[p]) in rows[seat]
            decides = seat == 0 if word == "seats" else p == m.first
            assert rows[seat].endswith((" LEADS", " DEALS")) == decides, rows
        assert rows[0].startswith("YOU ") or word == "seats"
        if word == "seats":  # the two highest tiles sit at seats 1 and 3, partners
            rank = sorted(range(4), key=lambda p: -tiles.rank_key(m.draw[p]))
            assert [m.seat_of[p] for p in rank] == [0, 2, 1, 3]
            assert sc.you == "YOU SIT AT SEAT %d" % (h.app.session.humans[0] + 1)
        h.tap("A")
        assert type(h.app.scene).__name__ == "Table"
        h.run_script("B w300 A w300")  # the pause menu and back: not shown again
        assert type(h.app.scene).__name__ == "Table"
    for gid, players in ((0, 4), (3, 3)):  # Seychelles, Domino Loo: no draw
        h = sim.Harness(6, settings_speed=None)
        h.app.start_match(gid, players, [0] + [1] * (players - 1), 0)
        assert type(h.app.scene).__name__ == "Table"
    from devscript import code_keys, valid_code
    h = sim.Harness(6, settings_speed=None)
    h.run_script(" ".join(code_keys(valid_code(1, 4, 9))) + " w500")  # a Whist deal by code
    assert type(h.app.scene).__name__ == "Table"


def test_row_0_cells_hold_two_digit_hands():
    """Two-player Seychelles deals fourteen tiles each: row 0's cells are laid out for
    two digits ("YOU:14 2:14"), not run together."""
    import refresh_golden
    h = sim.Harness(6, settings_speed=None)
    scr = h.app.scr
    soak.track_text(scr)
    refresh_golden._start(h, 0, players=2, kinds=[0, 1])
    h.step()
    assert max(h.app.table.counts) == 14
    assert scr.overlap is None, scr.overlap


def test_statistics_say_what_their_short_column_heads_mean():
    """The statistics' columns are headed EASY MED HARD FRND (21 pixels each): the screen
    says under them that a match counts under the table's strongest AI, MED meaning
    Medium and FRND people only (issue 30, fault 11)."""
    h = sim.Harness(6)
    said = []
    scr = h.app.scr
    small = scr.small
    scr.small = lambda x, y, s, c=1: (said.append(s), small(x, y, s, c))[1]
    soak.track_text(scr)
    h.run_script("D D A")
    assert type(h.app.scene).__name__ == "StatsScene"
    assert "MED MEDIUM, FRND PEOPLE ONLY" in said and "BY THE TABLE'S STRONGEST AI:" in said, said
    assert scr.overlap is None and scr.ran_off is None
