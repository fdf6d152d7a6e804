"""Random presses on the emulated Pico, every game, seeded, with free RAM read throughout.

    .venv/bin/python tools/pico_soak.py                          # 5 games x 300 emulated s
    .venv/bin/python tools/pico_soak.py --seconds 40 --games 0,3 --seed 2

For each game: fast AI pace, a new match of that game with its default seats, then
random presses (``devscript.soak_keys``: A most, arrows, B, left and right together,
long presses, waits) for the given emulated seconds, the firmware's free-RAM probe on.
The presses go wherever they lead: menus, the move log, quitting, other games. Prints
per game the presses, the screens seen, the hand summaries reached, the lowest free RAM
after a collection, the smallest largest block and the lowest fill test, and exits 1 on
a traceback, on "out of RAM", on a run out of wall time, or when free RAM or the largest
block falls under the guards (``pico.MIN_FREE``, ``pico.MIN_BLOCK``).
host_tests/test_device.py runs a short soak of every game in CI.
"""

import argparse
import os
import random
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
import devscript  # noqa: E402
import pico  # noqa: E402

_PRESS_MS = 600  # a press and its wait take at least this long: presses enough for the time


def script(gid, seconds, seed):
    """The soak's script for game ``gid``: fast pace, a new match, random presses."""
    keys, _ = devscript.new_game_keys(gid, [])
    rng = random.Random(seed * 1000 + gid)
    return "%s %s w1500 %s" % (devscript.FAST, keys, devscript.soak_keys(rng, int(seconds * 1000 / _PRESS_MS)))


def figures(r):
    """What one soak run showed: a dict of its figures (see the module docstring)."""
    mem = devscript.mem_lines(r.console)
    scenes = []
    summaries = 0
    prev = None
    for m in mem:
        if m[0] != prev and m[0] == "Summary":
            summaries += 1
        prev = m[0]
        if m[0] not in scenes:
            scenes.append(m[0])
    return {
        "readings": len(mem),
        "scenes": scenes,
        "summaries": summaries,
        "free": min((m[1] for m in mem), default=0),  # every frame's lowest (firmware/probe.py)
        "block": min((m[3] for m in mem), default=0),
        "fill": min((m[4] for m in mem), default=0),
        "traceback": r.traceback(),
        "timed_out": r.timed_out(),
        "out_of_ram": "out of RAM" in r.console,
    }


def soak(gid, keys, seconds, image):
    """Run game ``gid``'s soak, ``keys`` (:func:`script`, built beforehand on the caller's
    thread: simulator harnesses are for one thread at a time) for ``seconds``, on
    ``image`` (a probe image); its :func:`figures`."""
    r = pico.run(image, script=keys, emu_s=seconds + pico.START_MS / 1000.0 + 2,
                 timeout_s=max(900, int(seconds * 6)))
    f = figures(r)
    f["gid"] = gid
    f["presses"] = len(keys.split()) // 2
    return f


def broken(f):
    """Why a soak's figures fail (an empty list if they hold)."""
    why = []
    if f["traceback"]:
        why.append("traceback: " + f["traceback"])
    if f["out_of_ram"]:
        why.append("out of RAM")
    if f["timed_out"]:
        why.append("the run ran out of wall time")
    if not f["readings"]:
        why.append("no probe readings")
    elif f["free"] < pico.MIN_FREE or f["block"] < pico.MIN_BLOCK:
        why.append("free %d (guard %d), block %d (guard %d)" % (f["free"], pico.MIN_FREE, f["block"],
                                                                pico.MIN_BLOCK))
    return why


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=300, help="emulated seconds per game")
    ap.add_argument("--games", default="0,1,2,3,4", help="game ids")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--py", action="store_true", help="deploy .py sources instead of .mpy")
    args = ap.parse_args(argv)
    try:
        pico.locate()
    except pico.PicoMissing as e:
        print(e, file=sys.stderr)
        return 2
    gids = [int(g) for g in args.games.split(",")]
    bad = 0
    with tempfile.TemporaryDirectory() as d:
        img = pico.probe_image(os.path.join(d, "probe.img"), mpy=not args.py)
        with ThreadPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1))) as pool:
            runs = [pool.submit(soak, g, script(g, args.seconds, args.seed), args.seconds, img)
                    for g in gids]
            for fut in runs:
                f = fut.result()
                why = broken(f)
                bad += bool(why)
                print("game %d: %d presses, %d readings, %d hand summaries, lowest free %d B, "
                      "smallest block %d B, lowest fill %d B; screens %s%s"
                      % (f["gid"], f["presses"], f["readings"], f["summaries"], f["free"], f["block"],
                         f["fill"], " ".join(f["scenes"]), "".join("\n  FAIL " + w for w in why)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
