"""PyAutoGUI's key names, so scripts can be checked without importing PyAutoGUI (which needs a
display). Copied from PyAutoGUI 0.9.54 ``KEY_NAMES`` (BSD-3-Clause, Al Sweigart)."""
from __future__ import annotations

KEYBOARD_KEYS: tuple[str, ...] = (
    "\t", "\n", "\r", " ", "!", '"', "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".",
    "/", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ":", ";", "<", "=", ">", "?", "@",
    "[", "\\", "]", "^", "_", "`", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l",
    "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z", "{", "|", "}", "~",
    "accept", "add", "alt", "altleft", "altright", "apps", "backspace", "browserback",
    "browserfavorites", "browserforward", "browserhome", "browserrefresh", "browsersearch",
    "browserstop", "capslock", "clear", "convert", "ctrl", "ctrlleft", "ctrlright", "decimal",
    "del", "delete", "divide", "down", "end", "enter", "esc", "escape", "execute",
    "f1", "f10", "f11", "f12", "f13", "f14", "f15", "f16", "f17", "f18", "f19", "f2", "f20",
    "f21", "f22", "f23", "f24", "f3", "f4", "f5", "f6", "f7", "f8", "f9",
    "final", "fn", "hanguel", "hangul", "hanja", "help", "home", "insert", "junja", "kana",
    "kanji", "launchapp1", "launchapp2", "launchmail", "launchmediaselect", "left", "modechange",
    "multiply", "nexttrack", "nonconvert", "num0", "num1", "num2", "num3", "num4", "num5",
    "num6", "num7", "num8", "num9", "numlock", "pagedown", "pageup", "pause", "pgdn", "pgup",
    "playpause", "prevtrack", "print", "printscreen", "prntscrn", "prtsc", "prtscr", "return",
    "right", "scrolllock", "select", "separator", "shift", "shiftleft", "shiftright", "sleep",
    "space", "stop", "subtract", "tab", "up", "volumedown", "volumemute", "volumeup", "win",
    "winleft", "winright", "yen", "command", "option", "optionleft", "optionright",
)

_KEYS = frozenset(KEYBOARD_KEYS)

#: Names LLMs often write for keys PyAutoGUI spells differently. Mapped (not rejected) because
#: the intent is unambiguous; the normalised script shows PyAutoGUI's spelling.
KEY_ALIASES: dict[str, str] = {
    "control": "ctrl", "cmd": "command", "meta": "command", "super": "win", "windows": "win",
    "arrowup": "up", "arrowdown": "down", "arrowleft": "left", "arrowright": "right",
    "page_up": "pageup", "page_down": "pagedown", "pg_up": "pgup", "pg_down": "pgdn",
    "caps_lock": "capslock", "return_key": "return", "spacebar": "space", "bksp": "backspace",
    "opt": "option", "ins": "insert",
}


def normalize_key(name: str) -> str | None:
    """PyAutoGUI's spelling of a key name, or None when it is not a key PyAutoGUI knows.

    Like PyAutoGUI, multi-character names are case-insensitive; an upper-case letter is its
    lower-case key (PyAutoGUI presses shift for it, which a hotkey already names).
    """
    if len(name) == 1:
        if name in _KEYS:
            return name
        low = name.lower()
        return low if low in _KEYS and low.isalpha() else None
    low = name.lower()
    if low in _KEYS:
        return low
    return KEY_ALIASES.get(low)
