"""Buttons to actions: keypad events in, LEFT/RIGHT/UP/DOWN/A/B out.

``Input(keys, buttons)`` reads a ``keypad.Keys``-like object (its
``events.get()`` returns an event with ``key_number`` and ``pressed``, or
None) and maps key numbers through ``buttons`` (the board profile's action
names, e.g. ``("LEFT", "RIGHT", "A")``). Arrows fire on press and auto-repeat
while held. When the board has no B button, A fires on release and a long
press of A is BACK ("B"); otherwise A fires on press. LEFT and RIGHT pressed
together (the second while the first is held) are "LR", on every board, after
the second arrow (which undoes the first's step); neither repeats then.
"""

from micropython import const


LONG_MS = const(700)
REPEAT_DELAY_MS = const(400)
REPEAT_MS = const(120)
ARROWS = ("LEFT", "RIGHT", "UP", "DOWN")
_LR = ("LEFT", "RIGHT")


class Input:
    """Turns key events into a queue of action names, with repeat and long press."""

    def __init__(self, keys, buttons):
        self.keys = keys
        self.buttons = tuple(buttons)
        self.has_b = "B" in self.buttons
        self.has_updown = "UP" in self.buttons and "DOWN" in self.buttons
        self.held = None  # action held down
        self.held_since = 0
        self.next_repeat = 0
        self.long_done = False
        self.out = []
        self.any_key = False

    def poll(self, now):
        """Read pending key events at time ``now`` (ms); return a list of actions."""
        out = self.out
        del out[:]
        self.any_key = False
        ev = self.keys.events.get()
        while ev is not None:
            self.any_key = True
            n = ev.key_number
            act = self.buttons[n] if 0 <= n < len(self.buttons) else None
            if act is not None:
                if ev.pressed:
                    self._press(act, now)
                else:
                    self._release(act)
            ev = self.keys.events.get()
        h = self.held
        if h is not None:
            if h in ARROWS and now >= self.next_repeat:
                out.append(h)
                self.next_repeat = now + REPEAT_MS
            elif h == "A" and not self.has_b and not self.long_done \
                    and now - self.held_since >= LONG_MS:
                self.long_done = True
                out.append("B")
        return out

    def _press(self, act, now):
        h = self.held
        self.held = act
        self.held_since = now
        self.long_done = False
        if act in ARROWS:
            if h in _LR and act in _LR and h != act:  # both together
                self.held = "LR"
                self.out.append(act)
                act = "LR"
            self.out.append(act)
            self.next_repeat = now + REPEAT_DELAY_MS
        elif act != "A" or self.has_b:
            self.out.append(act)

    def _release(self, act):
        if act == "A" and not self.has_b and self.held == "A" and not self.long_done:
            self.out.append("A")
        if self.held == act:
            self.held = None
