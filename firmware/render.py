"""Drawing for a 128x64 1-bit screen: one Bitmap, a fixed set of labels.

:class:`Screen` builds its display objects once: a 2-colour
``displayio.Bitmap`` shown by one ``TileGrid`` and ``NLABELS`` text labels
(``terminalio.FONT``) on top. Screens draw into the bitmap with the
primitives here (rectangles, a 3x5 pixel font, domino tiles with pips) and set
label texts; a label's text is only touched when it changes, so redrawing a
screen creates no display objects.
"""

import displayio
import terminalio
from adafruit_display_text import label

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


W = const(128)
H = const(64)
NLABELS = const(5)
ROW0 = const(8)  # y of the first label row
ROWH = const(11)  # label row pitch

# 3x5 font: each glyph is 15 bits, row 0 in bits 14..12 (bit 14 = left pixel).
_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ :/+-.<>!?*=()#'"
_GLYPHS = (
    0x7B6F, 0x2C97, 0x73E7, 0x73CF, 0x5BC9, 0x79CF, 0x79EF, 0x7292, 0x7BEF, 0x7BCF,
    0x2BED, 0x6BAE, 0x3923, 0x6B6E, 0x79A7, 0x79A4, 0x396B, 0x5BED, 0x7497, 0x126A,
    0x5BAD, 0x4927, 0x5FED, 0x6B6D, 0x2B6A, 0x6BA4, 0x2B73, 0x6BAD, 0x388E, 0x7492,
    0x5B6F, 0x5B6A, 0x5BFD, 0x5AAD, 0x5A92, 0x72A7, 0x0000, 0x0410, 0x12A4, 0x05D0,
    0x01C0, 0x0002, 0x1511, 0x4454, 0x2482, 0x7282, 0x0AA8, 0x0E38, 0x2922, 0x224A,
    0x5F7D, 0x2400,
)

# pip cells on a 3x3 grid (index r*3+c) for 0..9
_PIPS = (
    (), (4,), (0, 8), (0, 4, 8), (0, 2, 6, 8), (0, 2, 4, 6, 8),
    (0, 2, 3, 5, 6, 8), (0, 2, 3, 4, 5, 6, 8), (0, 1, 2, 3, 5, 6, 7, 8),
    (0, 1, 2, 3, 4, 5, 6, 7, 8),
)

try:
    import bitmaptools  # fast fills on the device
except ImportError:  # pragma: no cover
    bitmaptools = None


class Screen:
    """The display objects (made once) and drawing primitives over them."""

    def __init__(self, display):
        self.display = display
        bmp = displayio.Bitmap(W, H, 2)
        pal = displayio.Palette(2)
        pal[0] = 0x000000
        pal[1] = 0xFFFFFF
        self.bitmap = bmp
        self.group = displayio.Group()
        self.group.append(displayio.TileGrid(bmp, pixel_shader=pal))
        self.labels = []
        self._texts = []
        self._inv = []
        for i in range(NLABELS):
            lb = label.Label(terminalio.FONT, text="", color=0xFFFFFF)
            lb.anchor_point = (0, 0)
            lb.anchored_position = (2, ROW0 + i * ROWH - 2)
            self.group.append(lb)
            self.labels.append(lb)
            self._texts.append("")
            self._inv.append(False)
        self._fast = bitmaptools is not None and hasattr(bitmaptools, "fill_region")

    # -- labels ---------------------------------------------------------------

    def text(self, i, s, inverted=False, x=2):
        """Show ``s`` on label row ``i`` (black on white if ``inverted``)."""
        lb = self.labels[i]
        if self._texts[i] != s:
            self._texts[i] = s
            lb.text = s
        if self._inv[i] != inverted:
            self._inv[i] = inverted
            lb.color = 0x000000 if inverted else 0xFFFFFF
        if lb.anchored_position[0] != x:
            lb.anchored_position = (x, ROW0 + i * ROWH - 2)

    def clear_labels(self, start=0):
        """Empty the label rows from ``start`` on."""
        for i in range(start, NLABELS):
            self.text(i, "")

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
        return x

    def title(self, s):
        """The inverted title bar across the top (rows 0..6)."""
        self.fill(0, 0, W, 7, 1)
        self.small(2, 1, s, 0)

    def row_bar(self, i):
        """Invert the background of label row ``i`` (a menu selection)."""
        self.fill(0, ROW0 + i * ROWH - 1, W, ROWH, 1)

    # -- dominoes ---------------------------------------------------------------

    def half(self, x, y, v, c=1):
        """Draw value ``v`` in the 9x9 square at (x, y): pips, or digits above 9."""
        if v > 9:
            self.small(x + 1, y + 2, str(v), c)
            return
        for cell in _PIPS[v]:
            px = x + 1 + (cell % 3) * 3
            py = y + 1 + (cell // 3) * 3
            self.fill(px, py, 2, 2, c)

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
