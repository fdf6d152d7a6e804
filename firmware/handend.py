"""The end of a hand and of a match: the hand's summary (:class:`Summary`: every
seat's tiles and pips (:class:`Reveal`), how the hand ended (:func:`hand_story`),
what it did to the match (:func:`match_story`), the scores and the deal code) and
the match's result (:class:`Result`). A screen module (``scenes.SCREENS``): not in
RAM during play.
"""

import sys

from domino import tiles
from scenes import Scene, seat_name, side_name, target_text, target_unit, wrap
from wraptext import COLS


def describe(se, text, short=False):
    """A hand result's ``summary`` with this table's names: each ``@n`` is seat
    ``n`` ("You", "Seat 3"; ``short``: "YOU", "S3") and each ``#n`` side ``n`` as
    a sentence's subject ("We", "They", "2+4"; "we" within a sentence)."""
    out = ""
    i = 0
    while i < len(text):
        c = text[i]
        if c in "@#" and i + 1 < len(text) and "0" <= text[i + 1] <= "9":
            n = ord(text[i + 1]) - 48
            nm = seat_name(se, n, short) if c == "@" else side_name(se, n, short)
            nm = {"Us": "We", "Them": "They"}.get(nm, nm)
            if nm in ("We", "They", "You") and out and out.rstrip()[-1:] not in ".:":
                nm = nm.lower()  # within a sentence
            out += nm
            i += 2
        else:
            out += c
            i += 1
    return out


def hand_story(se, r):
    """How the hand ended in plain words (the game's summary), the game's own
    call after them: "Blocked, they had fewer pips (krose)"."""
    how = describe(se, r.summary)
    return how[:1].upper() + how[1:] + (" (%s)" % r.call if r.call else "")


def _called(plain, call):
    """Plain words with the game's call after them where the row has room."""
    return plain + " (%s)" % call if call and len(plain) + len(call) <= 18 else plain


def match_story(se):
    """What this hand did to the match in this table's words (the game's
    ``match.story``: Seychelles' start over), or ""."""
    return describe(se, se.match.story) if se.match is not None else ""


class Reveal:
    """The hands at the end of a hand: every seat's tiles and pips, in the small
    font, paged by 8 rows (never cut), or the board view's own title and rows
    (its ``reveal(se, r)``, e.g. the Devil's hand); in a game without pips (``pips`` None)
    the tiles still held, and ``empty`` when no seat holds any; a hand the game
    keeps ``face_down`` (a Loo hand thrown up) is named, its tiles not shown."""

    def __init__(self, se, r):
        g = se.game
        rows = []
        held = False
        self.title = "HANDS AT THE END"
        view = sys.modules.get("views." + g.LAYOUT)  # the board view may tell the end its own way
        tell = getattr(view, "reveal", None)
        if tell is not None:
            self.title, rows = tell(se, r)
            held = True
        down = getattr(g, "face_down", None)  # hands the rules keep hidden even now
        for s in range(g.players if tell is None else 0):
            name = seat_name(se, s, True)
            if down is not None and down(s):
                rows.append(name + " FACE DOWN")
                continue
            hand = g.hand(s)
            held = held or bool(hand)
            if r.pips is None:  # a game that counts no pips (tricks): the tiles held
                line = name + (":" if hand else " NO TILES LEFT")
            else:
                line = "%s %d PIPS:" % (name, r.pips[s]) if hand else "%s WENT OUT" % name
            for t in hand:
                nm = " " + str(tiles.HI[t]) + "-" + str(tiles.LO[t])
                if len(line) + len(nm) > 31:
                    rows.append(line)
                    line = "  "
                line += nm
            rows.append(line)
        self.rows = rows
        self.empty = r.pips is None and not held  # nothing to show: the summary skips it
        self.page = 0
        self.pages = (len(rows) + 7) // 8

    def draw(self, scr):
        scr.clear()
        scr.title(self.title)
        pg = "%d/%d" % (self.page + 1, self.pages)
        scr.small(127 - 4 * len(pg), 1, pg, 0)
        n = 0
        for i in range(8):
            j = self.page * 8 + i
            if j < len(self.rows):
                scr.small(1, 9 + 7 * i, self.rows[j])
                n += 1
        if n < 8:  # room for the key
            scr.small(1, 58, "A: MORE" if self.page + 1 < self.pages else "A: SUMMARY")


class Summary(Scene):
    """Hand over: first the hands revealed (:class:`Reveal`), then, when they
    take more than a row, how it ended and why a match starts over in words
    (scrolled), then the score grid (every side's points and totals) and the deal code."""

    def __init__(self, app):
        Scene.__init__(self, app)
        se = app.session
        self.reveal = Reveal(se, se.result)
        self.top = 0
        self.words = True  # the words page (skipped when they fit row 0)
        if self.reveal.empty:  # no tiles left to show (a trick game played out)
            self.reveal = None
            self.words = len(self.lines()) > 1

    def enter(self):
        # the deal code, for Deal by code: made once the AI players have let their RAM go
        self.app.last_code = self.app.session.code

    def on(self, act):
        if act == "B":
            self.app.to_title()
            return
        rv = self.reveal
        if rv is not None:
            if act in ("A", "RIGHT", "DOWN"):
                if rv.page + 1 < rv.pages:
                    rv.page += 1
                elif act == "A":
                    self.reveal = None  # on to the words
                    self.words = len(self.lines()) > 1
            elif act in ("LEFT", "UP"):
                rv.page = max(0, rv.page - 1)
            return
        if not self.words:
            if act == "A":
                self.app.after_summary()
            elif act in ("LEFT", "UP") and len(self.lines()) > 1:
                self.words = True
            return
        n = len(self.lines())
        if act in ("RIGHT", "DOWN", "A") and self.top + 4 < n:
            self.top += 3
        elif act in ("LEFT", "UP"):
            self.top = max(0, self.top - 3)
        elif act == "A":
            self.words = False  # on to the scores

    def lines(self):
        """The words: how the hand ended, and why the match starts over (if it does)."""
        se = self.app.session
        r = se.result
        out = wrap(hand_story(se, r))
        why = match_story(se)
        if why:
            out.extend(wrap(why))
        return out

    def draw(self, scr):
        if self.reveal is not None:
            self.reveal.draw(scr)
            return
        se = self.app.session
        r = se.result
        m = se.match
        scr.clear()
        scr.title(("HAND %d OVER" % m.hand_no) if m else "DEAL OVER")
        lines = self.lines()
        if self.words:
            for i in range(4):
                j = self.top + i
                scr.text(i, lines[j] if j < len(lines) else "")
            more = self.top + 4 < len(lines)
            scr.text(4, "A: more" if more else "A: scores")
            if more:
                scr.small(122, 58, ">", 1)
            return
        if len(lines) == 1:
            scr.text(0, lines[0])
        elif r.end in ("domino", "block"):  # as on the page before: the call, or who went out
            scr.text(0, _called("%s went out" % seat_name(se, r.winner) if r.winner >= 0
                                else "Blocked", r.call))
        else:  # another game's end: who won the hand, the call beside
            scr.text(0, _called("%s won the hand" % seat_name(se, r.winner) if r.winner >= 0
                                else "No winner", r.call))
        # the score part: every side's points and totals (scores() are the totals)
        bad = getattr(se.cls, "BAD_POINTS", False)
        rows = [("BAD" if bad else "PTS", r.points)]
        unit = target_unit(se.cls, m.players, m.options) if m else ""
        if unit:  # a match with a score to reach (none: a single hand, no match score)
            rows.append(("TOT", m.scores))
            to = target_text(unit, m.target)
            scr.small(127 - len(to) * 4, 1, to, 0)
        import scores
        scores.grid(scr, se, 20, rows)
        scr.text(3, "Code " + se.code)
        scr.text(4, "A: next" if not se.done() else "A: done")


class Result(Scene):
    """Match over: the winning side, the call in words ("THEM ON 0: KAPOT"), the final scores."""

    def on(self, act):
        if act in ("A", "B"):
            self.app.to_title()

    def draw(self, scr):
        se = self.app.session_done
        m = se.match
        scr.clear()
        restarts = (" %d RESTARTS" % m.restarts) if m.restarts else ""
        scr.title("MATCH OVER  %d HAND%s%s" % (m.hand_no, "S" if m.hand_no > 1 else "", restarts))
        import scores
        scr.text(0, scores.result_words(se, m.winner))
        bad = getattr(se.cls, "BAD_POINTS", False)
        if m.call and m.story:
            words = describe(se, m.story).upper()
            if len(words) > COLS:  # "SEAT 2 ON 8: KAPOT BEF" is a column too wide: "S2 ON 8: ..."
                words = describe(se, m.story, True).upper()
        else:
            words = m.call.upper() if m.call else "FEWER BAD POINTS WIN" if bad else ""
        scr.text(1, words)
        single = not target_unit(se.cls, m.players, m.options)  # a single hand: no match score
        scores.grid(scr, se, 31, [("PTS", se.result.points) if single
                                  else ("BAD" if bad else "TOT", m.scores)])
        scr.text(4, "A: title")
