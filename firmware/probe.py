"""Free-RAM probe for measuring the firmware on a device.

On when settings.toml sets ``POCKET_DOMINO_PROBE = 1``: after every frame the
app collects garbage and reads ``gc.mem_free()``, and prints on the console

    @@MEM <scene> <free now> <lowest> <lowest's scene> <game id, or -1> <block> <fill> <ms>

whenever the scene changes, a move is played, and every ``EVERY`` frames;
``lowest`` is the lowest free RAM of every frame since the line before (this
frame's included), so the lines' ``lowest`` cover every frame. An idle frame (a
screen other than the table, which alone works between presses, that took no press
and drew nothing: it holds what the frame before held) is sampled only as the
``EVERY``-th: a collection a frame would cost a menu several times its own time.
``block`` is the largest block that can be allocated whole then (found by
trying, to ``STEP`` bytes): free RAM broken into small pieces fails an
allocation as surely as too little. ``fill`` is what a program could allocate
then, in ``FILL`` byte blocks and then smaller ones until MemoryError
(CircuitPython 10's ``gc.mem_free()`` rounds its largest free block down to a
size class, up to 8 KiB short; the fill test has no such gap); ``ms`` is the app's clock.
``tools/pico.py`` and ``tools/budget.py`` read these lines from an emulated
Pico. The probe also seeds each match from the count of matches this program run has started
rather than the clock: a run deals the same hands whatever the firmware's timing, so its
readings move only with the code. The collections slow the app down; leave it off for play.
"""

import gc

from micropython import const


EVERY = const(50)
STEP = const(64)
FILL = const(1024)
_SLOTS = const(512)  # blocks the fill test can hold
_SLACK = const(8192)  # how far gc.mem_free() can fall short of the largest free block


def largest_block(free, guess=0):
    """The largest bytearray that can be allocated now, to ``STEP`` bytes. A trial's block
    is collected before the next trial (held, it would fail every larger trial); a failed
    one collects too. ``guess`` (the last answer; the block rarely moves between
    readings) is tried first, then a step above it: two trials usually settle it."""
    lo, hi = 0, free + _SLACK + STEP  # lo fits, hi does not
    tries = (guess, guess + STEP) if STEP <= guess < free + _SLACK else ()
    while hi - lo > STEP:
        mid = tries[0] if tries else (lo + hi) // 2
        tries = tries[1:]
        try:
            b = bytearray(mid)
            b = None
            lo = mid
            gc.collect()  # the trial block back before a larger trial
        except MemoryError:
            hi = mid
            tries = ()
    return lo


def fill_test():
    """Bytes a program could allocate now: ``FILL`` byte blocks, then ever smaller ones
    down to ``STEP`` bytes, until MemoryError (the list holding them counted too); all
    given back before returning."""
    try:
        held = [None] * _SLOTS
    except MemoryError:
        return 0
    n = 0
    total = _SLOTS * 4
    size = FILL
    while size >= STEP and n < _SLOTS:
        try:
            held[n] = bytearray(size)
            n += 1
            total += size
        except MemoryError:
            size //= 4
    held = None
    gc.collect()
    return total


class Probe:
    """Free RAM after a collection, sampled once a frame; the lowest since the last line.
    Given the ``app``, it deals the app's matches (:meth:`seed`)."""

    def __init__(self, app=None, out=print):
        self.out = out
        self.matches = 0
        if app is not None:
            app._seed = self.seed
        self.low = None
        self.low_at = ""
        self.scene = ""
        self.moves = -1
        self.frames = 0
        self.block = 0  # the last largest block: the next search starts there

    def seed(self):
        """The seed of the next match: fixed by how many matches this run has started."""
        self.matches += 1
        return (self.matches * 2654435761) & 0xFFFFFF

    def tick(self, app, idle=False):
        """Sample after one frame of ``app``; report on a change of scene or move. An
        ``idle`` frame (no code ran that could keep an object) is sampled only as the
        ``EVERY``-th frame or on a change of scene."""
        self.frames += 1
        scene = type(app.scene).__name__
        if idle and self.frames < EVERY and scene == self.scene:
            return
        gc.collect()
        free = gc.mem_free()
        if self.low is None or free < self.low:
            self.low = free
            self.low_at = scene
        se = app.session
        moves = len(se.rec.moves) if se is not None else -1
        if scene != self.scene or moves != self.moves or self.frames >= EVERY:
            self.scene = scene
            self.moves = moves
            self.frames = 0
            block = self.block = largest_block(free, self.block)
            self.out("@@MEM %s %d %d %s %d %d %d %d" % (scene, free, self.low, self.low_at,
                                                       se.rec.gid if se is not None else -1, block,
                                                       fill_test(), app.now_ms()))
            self.low = None
