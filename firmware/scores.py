"""Every side's score on the hand summary and the match result, and the result in words.

Its own module, imported by those screens to draw and forgotten right after,
so its code takes no RAM while the AI thinks.
"""

from scenes import side_name


def grid(scr, se, y, rows):
    """Every side's points in the small font, one column per side (2 to 8): a row
    of side names at ``y``, then one row per ``(label, values)`` in ``rows``
    (labels of up to 3 letters: "PTS", "TOT"). Columns keep four blank pixels
    between numbers; when three-digit numbers at 8 sides leave no room for the
    labels, each label is its first letter."""
    n = se.game.nsides
    wide = 3 if max(len(str(v)) for r in rows for v in r[1]) > 2 else 2
    lw = 14
    if lw + n * (wide * 4 + 3) > 128:
        lw = 8
    cw = (128 - lw) // n
    for i in range(len(rows) + 1):
        yy = y + i * 7
        if i:
            scr.small(0, yy, rows[i - 1][0][:3 if lw > 8 else 1])
        for s in range(n):
            if i:
                txt = str(rows[i - 1][1][s])
            else:
                txt = side_name(se, s, True).upper()
            scr.small(lw + (s + 1) * cw - len(txt) * 4, yy, txt)


def result_words(se, winner):
    """"You win", "You lose", "We win", "We lose", "Seat 3 wins" or "A draw"."""
    if winner < 0:
        return "A draw"
    if len(se.humans) == 1:
        mine = se.game.side(se.humans[0])
        who = "You" if se.game.nsides == se.game.players else "We"
        return who + (" win" if mine == winner else " lose")
    return side_name(se, winner) + " wins"
