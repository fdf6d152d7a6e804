"""Board profiles: checking one, and picking the one for this board.

Pure helpers (``validate``, ``choose``, ``profile_names``) run on the host too
(``tools/deploy.py`` checks a profile before copying it). On the device
``code.py`` uses this module once at start-up and then drops it
(``sys.modules``), so its code takes no RAM during play.
"""

FIELDS = (
    "name", "board_ids", "i2c_sda", "i2c_scl", "display", "address",
    "width", "height", "rotation", "buttons", "buzzer",
)
ACTIONS = ("LEFT", "RIGHT", "UP", "DOWN", "A", "B")
REQUIRED_ACTIONS = ("A", "LEFT", "RIGHT")
DISPLAYS = ("SSD1306",)
ADDRESSES = (0x3C, 0x3D)
SETTING = "POCKET_DOMINO_BOARD"


class ProfileError(ValueError):
    """A board profile is missing, unknown or has a bad field (named in the message)."""


def _bad(where, field, why):
    raise ProfileError("%s: field '%s': %s" % (where, field, why))


def _is_str(x):
    return isinstance(x, str) and len(x) > 0


def validate(profile, where="profile", pins=None):
    """Check a PROFILE dict; return it, or raise ProfileError naming the bad field.

    ``pins``: optional collection of the board's pin names (``dir(board)``) to
    check that every pin exists.
    """
    if not isinstance(profile, dict):
        raise ProfileError("%s: PROFILE must be a dict" % where)
    for f in FIELDS:
        if f not in profile:
            _bad(where, f, "missing")
    for f in profile:
        if f not in FIELDS:
            _bad(where, f, "unknown field")
    p = profile
    if not _is_str(p["name"]):
        _bad(where, "name", "must be a non-empty string")
    ids = p["board_ids"]
    if not isinstance(ids, tuple) or not all(_is_str(i) for i in ids):
        _bad(where, "board_ids", "must be a tuple of board.board_id strings")
    for f in ("i2c_sda", "i2c_scl"):
        if not _is_str(p[f]):
            _bad(where, f, "must be a pin name such as 'GP4'")
    if p["display"] not in DISPLAYS:
        _bad(where, "display", "must be one of %s, not %r" % (", ".join(DISPLAYS), p["display"]))
    if p["address"] not in ADDRESSES or isinstance(p["address"], bool):
        _bad(where, "address", "must be 0x3C or 0x3D, not %r" % (p["address"],))
    for f, ok in (("width", (128,)), ("height", (32, 64))):
        if p[f] not in ok or isinstance(p[f], bool):
            _bad(where, f, "must be one of %s, not %r" % (ok, p[f]))
    if p["rotation"] not in (0, 90, 180, 270) or isinstance(p["rotation"], bool):
        _bad(where, "rotation", "must be 0, 90, 180 or 270, not %r" % (p["rotation"],))
    buttons = p["buttons"]
    if not isinstance(buttons, tuple) or not 3 <= len(buttons) <= 6:
        _bad(where, "buttons", "must be a tuple of 3 to 6 (pin, action) pairs")
    seen_actions = []
    for i, pair in enumerate(buttons):
        if not isinstance(pair, tuple) or len(pair) != 2 or not _is_str(pair[0]):
            _bad(where, "buttons", "entry %d must be a (pin name, action) pair" % i)
        if pair[1] not in ACTIONS:
            _bad(where, "buttons", "entry %d: action %r is not one of %s"
                 % (i, pair[1], " ".join(ACTIONS)))
        if pair[1] in seen_actions:
            _bad(where, "buttons", "action %s appears twice" % pair[1])
        seen_actions.append(pair[1])
    for a in REQUIRED_ACTIONS:
        if a not in seen_actions:
            _bad(where, "buttons", "needs a %s button" % a)
    if p["buzzer"] is not None and not _is_str(p["buzzer"]):
        _bad(where, "buzzer", "must be a pin name or None")
    used = [("i2c_sda", p["i2c_sda"]), ("i2c_scl", p["i2c_scl"])]
    used += [("buttons", pin) for pin, _ in buttons]
    if p["buzzer"] is not None:
        used.append(("buzzer", p["buzzer"]))
    names = []
    for field, pin in used:
        if pin in names:
            _bad(where, field, "pin %s is used twice" % pin)
        names.append(pin)
        if pins is not None and pin not in pins:
            _bad(where, field, "pin %s is not a pin of this board" % pin)
    return profile


def button_actions(profile):
    """The tuple of action names by key number, as App expects."""
    return tuple(action for _, action in profile["buttons"])


def profile_names(listing):
    """Profile names from a directory listing of boards/ (template excluded)."""
    out = []
    for f in listing:
        for ext in (".py", ".mpy"):
            if f.endswith(ext):
                n = f[:-len(ext)]
                if n not in ("__init__", "template") and not n.startswith(".") and n not in out:
                    out.append(n)
    out.sort()
    return out


def choose(setting, board_id, names, load):
    """Pick the profile: by name ``setting`` if given, else the one listing ``board_id``.

    ``load(name)`` returns (PROFILE, where). Returns (name, profile).
    """
    if setting:
        if setting not in names:
            raise ProfileError("%s = %r in settings.toml: no boards/%s.py (have: %s)"
                               % (SETTING, setting, setting, ", ".join(names) or "none"))
        prof, where = load(setting)
        return setting, validate(prof, where)
    for n in names:
        prof, where = load(n)
        if isinstance(prof, dict) and board_id in prof.get("board_ids", ()):
            return n, validate(prof, where)
    raise ProfileError("no board profile for board_id %r; set %s in settings.toml to one of: %s"
                       % (board_id, SETTING, ", ".join(names) or "none"))


# ---- device side -------------------------------------------------------------


def _load_device(name):
    import sys
    mod_name = "boards." + name
    __import__(mod_name)
    mod = sys.modules[mod_name]
    prof = getattr(mod, "PROFILE", None)
    return prof, "boards/%s.py" % name


def setting(key):
    """The value of ``key`` in settings.toml on the device, or None."""
    import os
    try:
        return os.getenv(key)
    except AttributeError:
        return None


def select_profile():
    """On the device: (name, profile) from settings.toml or board.board_id."""
    import os
    import board
    setting_ = setting(SETTING)
    try:
        listing = os.listdir("/boards")
    except OSError:
        listing = []
    name, prof = choose(setting_, board.board_id, profile_names(listing), _load_device)
    validate(prof, "boards/%s.py" % name, dir(board))
    return name, prof
