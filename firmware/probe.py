"""Free-RAM probe for measuring the firmware on a device.

On when settings.toml sets ``POCKET_DOMINO_PROBE = 1``: after every frame the
app collects garbage and reads ``gc.mem_free()``, and prints on the console

    @@MEM <scene> <free now> <lowest so far> <lowest's scene> <game id, or -1> <block>

whenever the scene changes, a move is played, and every ``EVERY`` frames;
``block`` is the largest block that can be allocated whole then (found by
trying, to ``STEP`` bytes): free RAM broken into small pieces fails an
allocation as surely as too little.
``tools/pico.py`` and ``tools/budget.py`` read these lines from an emulated
Pico. The collections slow the app down; leave it off for play.
"""

import gc

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


EVERY = const(50)
STEP = const(64)


def largest_block(free):
    """The largest bytearray that can be allocated now, to ``STEP`` bytes (at most ``free``)."""
    lo, hi = 0, free + STEP  # lo fits, hi does not
    while hi - lo > STEP:
        mid = (lo + hi) // 2
        try:
            b = bytearray(mid)
            b = None
            lo = mid
        except MemoryError:
            hi = mid
    return lo


class Probe:
    """Lowest free RAM after a collection, sampled once a frame."""

    def __init__(self, out=print):
        self.out = out
        self.low = None
        self.low_at = ""
        self.scene = ""
        self.moves = -1
        self.frames = 0

    def tick(self, app):
        """Sample after one frame of ``app``; report on a change of scene or move."""
        gc.collect()
        free = gc.mem_free()
        scene = type(app.scene).__name__
        if self.low is None or free < self.low:
            self.low = free
            self.low_at = scene
        se = app.session
        moves = len(se.rec.moves) if se is not None else -1
        self.frames += 1
        if scene != self.scene or moves != self.moves or self.frames >= EVERY:
            self.scene = scene
            self.moves = moves
            self.frames = 0
            block = largest_block(free)
            self.out("@@MEM %s %d %d %s %d %d" % (scene, free, self.low, self.low_at,
                                                 se.rec.gid if se is not None else -1, block))
