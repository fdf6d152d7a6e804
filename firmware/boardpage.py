"""The whole board of a line game and the tiles played, from the pause menu.

Two pages, LEFT and RIGHT switch them; UP and DOWN scroll; A or B go back:

* **Board**: the layout in words: the first tile laid ("FIRST 6-4"), then each arm
  from it outwards (left, right; up and down from the spinner), every tile turned so
  that touching ends meet ("LEFT: 4-1 1-3 (END 3)"), the spinner marked "*", and
  how many tiles of the set are laid.
* **Tiles**: the set as a grid, a row per higher end and a column per lower end
  (7x7 for double-six, 10x10 and 13x13 for the larger sets): a filled square for a
  tile on the table, an open square for one in your hand, a dot for one you have not
  seen; the counts beside it. Both come from the board and the seat's own hand, what
  that seat sees.

A screen module (``scenes.SCREENS``): loaded when shown, not in RAM during play.
"""

from domino import tiles
from scenes import Scene

from micropython import const


_ROWS = const(7)  # small-font rows under the title
_WIDTH = const(29)  # small-font characters a row holds (the scroll marks apart, beyond)
_ARMS = ("LEFT", "RIGHT", "UP", "DOWN")


def arm_pairs(board, i):
    """Arm ``i``'s tiles from the centre outwards as (inner, outer) pips: each tile's
    outer end is the next one's inner end, the last one's the arm's open end."""
    out = []
    end = board.ends[i]
    for t in reversed(board.arms[i]):
        hi, lo = tiles.HI[t], tiles.LO[t]
        inner = lo if hi == end else hi
        out.append((inner, end))
        end = inner
    out.reverse()
    return out


def layout_lines(board, nset):
    """The board page's rows: the first tile, each arm, the spinner's mark, the count laid."""
    if board.first < 0:
        return ["NO TILE LAID YET"]
    spin = board.spinner
    lines = ["FIRST " + tiles.name(board.first) + (", THE SPINNER" if spin == board.first else "")]
    laid = 1
    for i in range(len(board.arms)):
        words = ["%d-%d" % p + ("*" if t == spin else "")
                 for t, p in zip(board.arms[i], arm_pairs(board, i))]
        laid += len(words)
        words = (words or ["NONE"]) + ["(END %d)" % board.ends[i]]
        row = _ARMS[i] + ":"
        for w in words:
            if len(row) + 1 + len(w) > _WIDTH:
                lines.append(row)
                row = "  "
            row += " " + w if row.strip() else w
        lines.append(row)
    if spin >= 0 and spin != board.first:  # the spinner lies in an arm, marked there
        lines.append("* SPINNER" + (", UP/DOWN OFF IT" if len(board.arms) > 2 else ""))
    lines.append("%d OF %d TILES LAID" % (laid, tiles.count(nset)))
    return lines


def played(board):
    """The tiles on the table (a set of tile indices)."""
    out = set()
    if board.first >= 0:
        out.add(board.first)
    for arm in board.arms:
        for t in arm:
            out.add(t)
    return out


class BoardPage(Scene):
    """The board in words and the tiles-played grid for the seat the table shows."""

    def __init__(self, app):
        Scene.__init__(self, app)
        t = app.table
        # (the board is public: any seat's view shows it)
        ob = app.session.game.observation(t.viewer if t.viewer is not None else 0)
        self.nset = ob.nset
        self.lines = layout_lines(ob.board, ob.nset)
        self.on_table = played(ob.board)
        self.mine = set(ob.hand) if t.viewer is not None else set()  # the hand hidden: none marked
        self.page = 0
        self.top = 0

    def on(self, act):
        if act in ("LEFT", "RIGHT"):
            self.page = 1 - self.page
        elif act == "UP":
            self.top = max(0, self.top - 1)
        elif act == "DOWN":
            self.top = max(0, min(len(self.lines) - _ROWS, self.top + 1))
        elif act in ("A", "B"):
            self.app.go(self.app.table)

    def draw(self, scr):
        scr.clear()
        if self.page == 0:
            scr.title("BOARD       R: TILES PLAYED")
            for i in range(_ROWS):
                j = self.top + i
                if j < len(self.lines):
                    scr.small(2, 9 + i * 8, self.lines[j])
            if self.top > 0:
                scr.small(124, 9, "<")
            if self.top + _ROWS < len(self.lines):
                scr.small(124, 57, ">")
        else:
            scr.title("TILES PLAYED      L: BOARD")
            self.grid(scr)

    def grid(self, scr):
        """The set's grid at the left, its legend and counts at the right."""
        n = self.nset + 1
        cell = 7 if n <= 7 else 5 if n <= 10 else 4
        x0 = 10
        y0 = 64 - n * cell
        box = cell - 1
        counts = [0, 0, 0]
        for hi in range(n):
            y = y0 + hi * cell
            if cell == 7 or not hi & 1:  # smaller cells: every other row named
                scr.small(0 if hi > 9 else 4, y if cell == 7 else y - 1, str(hi))
            for lo in range(hi + 1):
                t = tiles.tile(hi, lo)
                x = x0 + lo * cell
                if t in self.on_table:
                    scr.fill(x, y, box, box)
                    counts[0] += 1
                elif t in self.mine:
                    scr.rect(x, y, box, box)
                    counts[1] += 1
                else:
                    scr.pixel(x + box // 2, y + box // 2)
                    counts[2] += 1
        lx = x0 + n * cell + 6
        words = ("ON TABLE", "YOURS", "UNSEEN")
        for k in range(3):
            y = 12 + k * 14
            if k == 0:
                scr.fill(lx, y, 5, 5)
            elif k == 1:
                scr.rect(lx, y, 5, 5)
            else:
                scr.pixel(lx + 2, y + 2)
            scr.small(lx + 8, y, words[k])
            scr.small(lx + 8, y + 7, str(counts[k]))
