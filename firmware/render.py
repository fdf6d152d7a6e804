"""Drawing for a 128x64 1-bit screen: one Bitmap, one TileGrid, nothing else.

:class:`Screen` builds its display objects once: a 2-colour
``displayio.Bitmap`` shown by one ``TileGrid``. Screens draw everything into
that bitmap: rectangles, a 3x5 pixel font, domino tiles with pips, and
``NLABELS`` rows of text in the built-in ``terminalio.FONT`` (6x12 cells),
whose glyphs are copied from the font's own tile sheet (``bitmaptools.blit``
where the device has it). Redrawing a screen creates no display objects and
no text objects: ``adafruit_display_text`` is not needed.
"""

import displayio
import terminalio

from micropython import const


W = const(128)
H = const(64)
NLABELS = const(5)
ROW0 = const(9)  # y of the first text row (its 6x12 cells start 2 px higher; a row's bar 1 px)
ROWH = const(11)  # text row pitch
NOGLYPH = const(255)

# 3x5 font: each glyph is 15 bits, row 0 in bits 14..12 (bit 14 = left pixel).
# B, D and O have a straight left side, 0 and 8 do not (0 is round, 8 pinched), so
# that "B27" and "6D" do not read "827" and "60".
_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ :/+-.<>!?*=()#',"
_GLYPHS = (
    0x2B6A, 0x2C97, 0x73E7, 0x73CF, 0x5BC9, 0x79CF, 0x79EF, 0x7292, 0x7AAF, 0x7BCF,
    0x2BED, 0x6BAE, 0x3923, 0x6B6E, 0x79A7, 0x79A4, 0x396B, 0x5BED, 0x7497, 0x126A,
    0x5BAD, 0x4927, 0x5FED, 0x6B6D, 0x7B6F, 0x6BA4, 0x2B73, 0x6BAD, 0x388E, 0x7492,
    0x5B6F, 0x5B6A, 0x5BFD, 0x5AAD, 0x5A92, 0x72A7, 0x0000, 0x0410, 0x12A4, 0x05D0,
    0x01C0, 0x0002, 0x1511, 0x4454, 0x2482, 0x7282, 0x0AA8, 0x0E38, 0x2922, 0x224A,
    0x5F7D, 0x2400, 0x0014,
)

# pip cells on a 3x3 grid (index r*3+c) for 0..9
_PIPS = (
    (), (4,), (0, 8), (0, 4, 8), (0, 2, 6, 8), (0, 2, 4, 6, 8),
    (0, 2, 3, 5, 6, 8), (0, 2, 3, 4, 5, 6, 8), (0, 1, 2, 3, 5, 6, 7, 8),
    (0, 1, 2, 3, 4, 5, 6, 7, 8),
)

# where a pip column (row) starts in the 9x9 half and how wide it is
_PIP_AT = b"\x01\x04\x06"
_PIP_W = b"\x02\x01\x02"

try:
    import bitmaptools  # fast fills and copies on the device
except ImportError:  # pragma: no cover
    bitmaptools = None

_BLIT = bitmaptools is not None and hasattr(bitmaptools, "blit")


class Font:
    """A fixed-cell font as one tile sheet: ``terminalio.FONT`` for printable ASCII.

    ``sheet`` is a Bitmap of ``cw`` x ``ch`` tiles (ink = 1), ``tiles[code]``
    the tile of character ``code`` (``NOGLYPH`` if none), ``per_row`` tiles per
    sheet row, ``adv`` the pen advance. On CircuitPython the sheet is the
    font's own bitmap (nothing copied); where every glyph has a bitmap of its
    own (Blinka on a PC) they are copied once into a new sheet.
    """

    def __init__(self, font):
        ref = font.get_glyph(ord("M"))
        self.cw = cw = ref.width
        self.ch = ch = ref.height
        self.adv = ref.shift_x
        base = ref.height + ref.dy  # cell top to baseline, as Label places a line
        self.tiles = tiles = bytearray(b"\xff" * 128)
        n = 0
        shared = True
        for code in range(32, 127):
            g = font.get_glyph(code)
            if g is None:
                continue
            n += 1
            if g.bitmap is not ref.bitmap or g.tile_index >= NOGLYPH or (
                    g.width, g.height, g.dx, g.dy) != (cw, ch, ref.dx, ref.dy):
                shared = False
            elif shared:
                tiles[code] = g.tile_index
        if shared:
            self.sheet = ref.bitmap
        else:
            self.sheet = sheet = displayio.Bitmap(cw * n, ch, 2)
            n = 0
            for code in range(32, 127):
                g = font.get_glyph(code)
                if g is None:
                    continue
                b = g.bitmap
                per = max(1, b.width // g.width)
                sx = (g.tile_index % per) * g.width
                sy = (g.tile_index // per) * g.height
                x0 = n * cw
                ox = x0 + g.dx - ref.dx
                oy = base - (g.height + g.dy)
                for yy in range(g.height):
                    for xx in range(g.width):
                        tx = ox + xx
                        ty = oy + yy
                        if x0 <= tx < x0 + cw and 0 <= ty < ch and b[sx + xx, sy + yy]:
                            sheet[tx, ty] = 1
                tiles[code] = n
                n += 1
        self.per_row = max(1, self.sheet.width // cw)


_font = None


def font():
    """The terminalio font's tile sheet, loaded once."""
    global _font
    if _font is None:
        _font = Font(terminalio.FONT)
    return _font


def draw_text(bmp, x, y, s, c=1, f=None):
    """Draw ``s`` in ``terminalio.FONT`` with its cells' top left at (x, y) in colour ``c``.

    Only the ink is drawn (the background shows through), clipped to ``bmp``;
    returns the x after the text. Allocates no display objects.
    """
    if f is None:
        f = font()
    sheet = f.sheet
    cw = f.cw
    ch = f.ch
    adv = f.adv
    bw = bmp.width
    bh = bmp.height
    y1 = -y if y < 0 else 0
    y2 = bh - y if y + ch > bh else ch
    if y1 >= y2:
        return x + adv * len(s)
    sw = sheet.width
    tiles = f.tiles
    per_row = f.per_row
    for ch_ in s:
        code = ord(ch_)
        t = tiles[code] if code < 128 else NOGLYPH
        cx = x
        x += adv
        if t == NOGLYPH or cx + cw <= 0 or cx >= bw:
            continue
        k1 = -cx if cx < 0 else 0
        k2 = bw - cx if cx + cw > bw else cw
        sx = (t % per_row) * cw
        sy = (t // per_row) * ch
        if _BLIT and c == 1:
            bitmaptools.blit(bmp, sheet, cx + k1, y + y1, x1=sx + k1, y1=sy + y1,
                             x2=sx + k2, y2=sy + y2, skip_source_index=0)
            continue
        for r in range(y1, y2):
            src = (sy + r) * sw + sx
            dst = (y + r) * bw + cx
            for k in range(k1, k2):
                if sheet[src + k]:
                    bmp[dst + k] = c
    return x


class Screen:
    """The display objects (made once) and drawing primitives over them.

    ``ran_off`` is the last text drawn past the screen's edge (None if none).
    """

    ran_off = None

    def __init__(self, display):
        self.display = display
        bmp = displayio.Bitmap(W, H, 2)
        pal = displayio.Palette(2)
        pal[0] = 0x000000
        pal[1] = 0xFFFFFF
        self.bitmap = bmp
        self.group = displayio.Group()
        self.group.append(displayio.TileGrid(bmp, pixel_shader=pal))
        self.font = font()
        self._fast = bitmaptools is not None and hasattr(bitmaptools, "fill_region")

    # -- text rows --------------------------------------------------------------

    def text(self, i, s, inverted=False, x=2):
        """Draw ``s`` on text row ``i`` from ``x`` (black ink, for a :meth:`row_bar`, if
        ``inverted``).

        The text goes into the bitmap at once, over what is there: draw a
        screen's rows after :meth:`clear` (and after :meth:`row_bar`).
        """
        if s:
            if x + len(s) * self.font.adv > W or not 0 <= i < NLABELS:
                self.ran_off = s  # noted for tests: text past the screen's edge
            draw_text(self.bitmap, x, ROW0 + i * ROWH - 2, s, 0 if inverted else 1, self.font)

    def clear_labels(self, start=0):
        """Nothing to do: text rows are part of the bitmap, which :meth:`clear` blanks.

        Kept for the screens written when the rows were separate labels.
        """

    # -- bitmap primitives ------------------------------------------------------

    def clear(self):
        """Blank the bitmap."""
        self.bitmap.fill(0)

    def fill(self, x, y, w, h, c=1):
        """Fill a rectangle (clipped to the screen) with colour ``c``."""
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if x + w > W:
            w = W - x
        if y + h > H:
            h = H - y
        if w <= 0 or h <= 0:
            return
        if self._fast:
            bitmaptools.fill_region(self.bitmap, x, y, x + w, y + h, c)
            return
        b = self.bitmap
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                b[xx, yy] = c

    def pixel(self, x, y, c=1):
        """Set one pixel if it is on the screen."""
        if 0 <= x < W and 0 <= y < H:
            self.bitmap[x, y] = c

    def rect(self, x, y, w, h, c=1, dotted=False):
        """Outline a rectangle (every other pixel if ``dotted``)."""
        b = self.bitmap
        for xx in range(x, x + w):
            if 0 <= xx < W and (not dotted or not (xx - x) & 1):
                if 0 <= y < H:
                    b[xx, y] = c
                if 0 <= y + h - 1 < H:
                    b[xx, y + h - 1] = c
        for yy in range(y, y + h):
            if 0 <= yy < H and (not dotted or not (yy - y) & 1):
                if 0 <= x < W:
                    b[x, yy] = c
                if 0 <= x + w - 1 < W:
                    b[x + w - 1, yy] = c

    def small(self, x, y, s, c=1):
        """Draw ``s`` in the 3x5 font at (x, y); return the x after it."""
        b = self.bitmap
        for ch in s:
            i = _CHARS.find(ch.upper())
            g = _GLYPHS[i] if i >= 0 else 0x7FFF
            bit = 14
            for r in range(5):
                yy = y + r
                for k in range(3):
                    if g >> bit & 1:
                        xx = x + k
                        if 0 <= xx < W and 0 <= yy < H:
                            b[xx, yy] = c
                    bit -= 1
            x += 4
        if x > W + 1 or y + 5 > H:
            self.ran_off = s  # noted for tests: text past the screen's edge
        return x

    def title(self, s):
        """The inverted title bar across the top (rows 0..6)."""
        self.fill(0, 0, W, 7, 1)
        self.small(2, 1, s, 0)

    def row_bar(self, i):
        """Invert the background of text row ``i`` (a menu selection)."""
        self.fill(0, ROW0 + i * ROWH - 1, W, ROWH, 1)

    # -- dominoes ---------------------------------------------------------------

    def half(self, x, y, v, c=1):
        """Draw value ``v`` in the 9x9 square at (x, y): pips, or digits above 9.

        Pips sit on a 3x3 grid inside a one-pixel margin (the ring next to the
        tile's edge and centre line stays clear): corner pips 2x2, side pips
        2x1 or 1x2, the centre pip 1x1, or a plus when it stands alone.
        """
        if v > 9:
            self.small(x + 1, y + 2, str(v), c)
            return
        cells = _PIPS[v]
        for cell in cells:
            col = cell % 3
            row = cell // 3
            px = x + _PIP_AT[col]
            py = y + _PIP_AT[row]
            if cell == 4 and v < 7:  # the centre alone: a plus
                self.fill(px - 1, py, 3, 1, c)
                self.fill(px, py - 1, 1, 3, c)
            else:
                self.fill(px, py, _PIP_W[col], _PIP_W[row], c)

    def tile(self, x, y, a, b, vertical=True, selected=False, dotted=False):
        """A tile 11x21 (vertical, ``a`` on top) or 21x11 (``a`` on the left)."""
        w, h = (11, 21) if vertical else (21, 11)
        fg = 0 if selected else 1
        if selected:
            self.fill(x, y, w, h, 1)
        else:
            self.fill(x, y, w, h, 0)
            self.rect(x, y, w, h, 1, dotted)
        if vertical:
            self.half(x + 1, y + 1, a, fg)
            self.fill(x + 2, y + 10, 7, 1, fg)
            self.half(x + 1, y + 11, b, fg)
        else:
            self.half(x + 1, y + 1, a, fg)
            self.fill(x + 10, y + 2, 1, 7, fg)
            self.half(x + 11, y + 1, b, fg)

    def square(self, x, y, v, selected=False):
        """One open end shown alone as an 11x11 square."""
        if selected:
            self.fill(x, y, 11, 11, 1)
        else:
            self.fill(x, y, 11, 11, 0)
            self.rect(x, y, 11, 11, 1)
        self.half(x + 1, y + 1, v, 0 if selected else 1)

    def refresh(self):
        """Push the frame to the display when it does not refresh by itself."""
        d = self.display
        if not getattr(d, "auto_refresh", True):
            d.refresh()
