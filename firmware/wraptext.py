"""Word wrap for the 128x64 screen, shared by the screens and the start-up error page.

Its own module, free of imports, so that ``hardware.py`` can show an error
even when the app's modules fail to import.
"""

COLS = 21  # characters on a text row: 6 px each from x 2 across the 128 px screen


def wrap(text, width=COLS):
    """Split ``text`` into lines of at most ``width`` characters (paragraphs on ``\\n``;
    a word longer than a line is cut)."""
    out = []
    for para in str(text).split("\n"):
        line = ""
        for w in para.split(" "):
            if not line:
                line = w
            elif len(line) + 1 + len(w) <= width:
                line += " " + w
            else:
                out.append(line)
                line = w
            while len(line) > width:
                out.append(line[:width])
                line = line[width:]
        out.append(line)
    return out
