"""Which tiles a seat drew: the boneyard half of rebuilding a sampled deal.

:meth:`~.know.Knowledge.replay` needs each seat's ORIGINAL hand and the boneyard
in draw order; a sampled deal gives current hands. :func:`unplay_draws`
takes the drawn tiles back out of the hands, in draw order, consistent with
what each draw showed (``drawseq``: the ends mask at each draw, else -1).
"""

from ..game import DRAW, SPECIAL
from .. import tiles

_HI = tiles.HI
_LO = tiles.LO


def unplay_draws(events, drawseq, hands, stock):
    """Move each drawn tile from its seat's hand to the boneyard, in draw order.

    Draws are assigned latest first: the tiles a draw may have brought (not
    played before it) only grow for earlier draws, so taking any of them
    for the latest draws never starves an earlier one. A run of draws
    followed by a play brought the played tile last."""
    ne = len(events)
    picks = []
    i = ne - 1
    while i >= 0:
        seat, mv = events[i]
        if mv == DRAW:
            h = hands[seat]
            pick = -1
            if i + 1 < ne and events[i + 1][0] == seat and events[i + 1][1] < SPECIAL:
                t = events[i + 1][1] >> 2
                if t in h:
                    pick = t
            if pick < 0:
                m = drawseq[i] if drawseq[i] > 0 else 0
                # prefer a tile that did not match the ends then
                for t in h:
                    if not (m & ((1 << _HI[t]) | (1 << _LO[t]))) \
                            and not _played_before(t, seat, events, i):
                        pick = t
                        break
            if pick < 0:
                for t in h:
                    if not _played_before(t, seat, events, i):
                        pick = t
                        break
            if pick >= 0:
                h.remove(pick)
                picks.append(pick)
        i -= 1
    i = len(picks) - 1
    while i >= 0:
        stock.append(picks[i])
        i -= 1


def _played_before(t, seat, events, i):
    # did ``seat`` play ``t`` before event ``i``
    for k in range(i):
        s, mv = events[k]
        if s == seat and mv < SPECIAL and (mv >> 2) == t:
            return True
    return False
