"""The title menu's screens that play never needs: the settings
(:class:`SettingsMenu`) and the statistics (:class:`StatsScene`).

A screen module (``scenes.SCREENS``): not in RAM during play.
"""

from domino import games
import savegame
from listmenu import Menu
from scenes import Scene
from session import LAYOUTS


class SettingsMenu(Menu):
    """Contrast, screen-off timeout, sound (with a buzzer), AI pace."""

    TITLE = "SETTINGS"

    def _keys(self):
        k = ["contrast", "timeout"]
        if self.app.buzzer is not None:
            k.append("sound")
        return k + ["speed", "back"]

    def rows(self):
        s = self.app.settings
        out = []
        for k in self._keys():
            if k == "contrast":
                out.append("Contrast: %d" % (s.contrast + 1))
            elif k == "timeout":
                t = savegame.TIMEOUTS[s.timeout]
                out.append("Screen off: " + ("never" if t == 0 else "%ds" % t))
            elif k == "sound":
                out.append("Sound: " + ("on" if s.sound else "off"))
            elif k == "speed":
                out.append("AI pace: " + ("fast", "normal", "slow", "wait for A")[s.speed])
            else:
                out.append("Back")
        return out

    def change(self, i, d):
        s = self.app.settings
        k = self._keys()[i]
        if k == "contrast":
            s.contrast = (s.contrast + d) % len(savegame.CONTRASTS)
            self.app.apply_contrast()
        elif k == "timeout":
            s.timeout = (s.timeout + d) % len(savegame.TIMEOUTS)
        elif k == "sound":
            s.sound ^= 1
        elif k == "speed":
            s.speed = (s.speed + d) % len(savegame.SPEEDS)

    def pick(self, i):
        if self._keys()[i] == "back":
            self.back()
        else:
            self.change(i, 1)

    def back(self):
        self.app.save_settings()
        self.app.to_title()


class StatsScene(Scene):
    """Matches won/played per game and level, in the small font: the games'
    whole names (up to 12 letters), then a column per level, its figures
    ending at its right edge (up to 4 letters clear of the names, 5 of each other),
    and under them what the short column heads mean."""

    def draw(self, scr):
        scr.clear()
        scr.clear_labels()
        scr.title("STATISTICS  WON/PLAYED")
        y = 9
        st = self.app.stats
        for g in [None] + games.shown(LAYOUTS):
            scr.small(0, y, g[3] if g else "GAME")
            for lv in range(4):
                if g:
                    p, w = st.get(g[0], lv)
                    txt = "%d/%d" % (w, p)
                else:
                    txt = ("EASY", "MED", "HARD", "FRND")[lv]
                scr.small(66 + 21 * lv - len(txt) * 4, y, txt)  # ends at x 64 + 21 * lv
            y += 8 if g is None else 7
            if y > 58:
                break
        if y <= 52:  # the columns' words, where there is room under the games
            scr.small(0, y, "BY THE TABLE'S STRONGEST AI:")
            scr.small(0, y + 7, "MED MEDIUM, FRND PEOPLE ONLY")
