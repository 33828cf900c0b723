"""ScreenAgent's JSON action space (its acting-phase prompt), read into and written from the
validator's checked actions. Parsed with `json`, never evaluated.

The actions (a JSON list; a single object is read as a list of one)::

    {"action_type": "MouseAction", "mouse_action_type": "click" | "double_click" | "move" | "drag",
     "mouse_button": "left" | "right" | "middle", "mouse_position": {"width": x, "height": y}}
    {"action_type": "MouseAction", "mouse_action_type": "scroll_up" | "scroll_down", "scroll_repeat": n}
    {"action_type": "KeyboardAction", "keyboard_action_type": "press", "keyboard_key": "Return" | "Ctrl+A"}
    {"action_type": "KeyboardAction", "keyboard_action_type": "text", "keyboard_text": "Hello"}
    {"action_type": "WaitAction", "wait_time": 1.5}

Reading: a click becomes ``click`` (``rightClick`` for the right button), ``double_click``
``doubleClick``, ``move`` ``moveTo``, ``drag`` ``dragTo``, scrolls ``scroll(+n / -n)``, a key press
``press`` (one key; keysym names such as Return, BackSpace, Control_L are understood) or
``hotkey`` ("Ctrl+Shift+T"), text ``write``, a wait ``WAIT(seconds)``. ``mouse_button`` defaults to
left; every other field named above is required. Every action is then checked like a script's
call (screen bounds, key names, sizes) and its ``line`` is its 1-based position in the list.

Writing is the reverse; what ScreenAgent cannot say is refused with the action's line: a click
without a position, ``clicks`` of 3 or more, ``hscroll``, ``scroll(0)``, DONE / FAIL / CALL_USER.
A scroll at a point is written as a move, then the scroll; ``interval``/``duration`` are dropped.
"""
from __future__ import annotations

import json
import re
from typing import Any

from ..errors import ScriptRejected
from .script import (MAX_ACTIONS, MAX_REPLY_CHARS, _Checker, _decode, _printable, _show, extract_code)

MOUSE_TYPES = ("click", "double_click", "scroll_up", "scroll_down", "move", "drag")
KEYBOARD_TYPES = ("press", "text")
ACTION_TYPES = ("MouseAction", "KeyboardAction", "WaitAction")
SA_BUTTONS = ("left", "right", "middle")

#: keysymdef names (and the spellings ScreenAgent's prompts use) -> PyAutoGUI key names;
#: matched case-insensitively, anything else goes through PyAutoGUI's own names and aliases.
KEYSYMS: dict[str, str] = {
    "return": "enter", "kp_enter": "enter", "escape": "esc", "backspace": "backspace",
    "iso_left_tab": "tab", "prior": "pageup", "next": "pagedown", "page_up": "pageup",
    "page_down": "pagedown", "control_l": "ctrlleft", "control_r": "ctrlright", "ctrl": "ctrl",
    "control": "ctrl", "alt_l": "altleft", "alt_r": "altright", "shift_l": "shiftleft",
    "shift_r": "shiftright", "super_l": "winleft", "super_r": "winright", "super": "win",
    "meta_l": "command", "meta_r": "command", "caps_lock": "capslock", "num_lock": "numlock",
    "scroll_lock": "scrolllock", "print": "printscreen", "menu": "apps", "kp_add": "add",
    "kp_subtract": "subtract", "kp_multiply": "multiply", "kp_divide": "divide",
    "kp_decimal": "decimal", **{f"kp_{n}": f"num{n}" for n in range(10)},
    "comma": ",", "period": ".", "slash": "/", "backslash": "\\", "minus": "-", "plus": "+",
    "equal": "=", "semicolon": ";", "colon": ":", "apostrophe": "'", "quotedbl": '"',
    "grave": "`", "bracketleft": "[", "bracketright": "]", "braceleft": "{", "braceright": "}",
    "parenleft": "(", "parenright": ")", "less": "<", "greater": ">", "question": "?",
    "exclam": "!", "at": "@", "numbersign": "#", "dollar": "$", "percent": "%",
    "asciicircum": "^", "ampersand": "&", "asterisk": "*", "underscore": "_", "bar": "|",
    "asciitilde": "~",
}
#: PyAutoGUI key names -> what ScreenAgent writes (its prompt's "Ctrl+A"; keysymdef names).
_OUT_KEYS: dict[str, str] = {
    "ctrl": "Ctrl", "ctrlleft": "Control_L", "ctrlright": "Control_R", "alt": "Alt",
    "altleft": "Alt_L", "altright": "Alt_R", "shift": "Shift", "shiftleft": "Shift_L",
    "shiftright": "Shift_R", "win": "Super", "winleft": "Super_L", "winright": "Super_R",
    "command": "Super", "option": "Alt", "optionleft": "Alt_L", "optionright": "Alt_R",
    "enter": "Return", "return": "Return", "\n": "Return", "\r": "Return", "esc": "Escape",
    "escape": "Escape", "backspace": "BackSpace", "tab": "Tab", "\t": "Tab", "del": "Delete",
    "delete": "Delete", "insert": "Insert", "home": "Home", "end": "End", "pageup": "Page_Up",
    "pgup": "Page_Up", "pagedown": "Page_Down", "pgdn": "Page_Down", "up": "Up", "down": "Down",
    "left": "Left", "right": "Right", "space": "space", " ": "space", "capslock": "Caps_Lock",
    "numlock": "Num_Lock", "scrolllock": "Scroll_Lock", "printscreen": "Print", "prtsc": "Print",
    "prtscr": "Print", "prntscrn": "Print", "print": "Print", "apps": "Menu", "pause": "Pause",
    "+": "plus",
}


def _bad(number: int | None, reason: str) -> ScriptRejected:
    where = f"action {number}: " if number else ""
    return ScriptRejected(_printable(f"script rejected: ScreenAgent JSON: {where}{reason}"))


def _json_text(source: str | bytes, strip_fences: bool) -> Any:
    text = _decode(source)
    if strip_fences:
        text = extract_code(text)
    if not text.strip():
        raise _bad(None, "empty input")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _bad(None, f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:    # 5,000-digit numbers, deep nesting
        raise _bad(None, f"not valid JSON ({type(exc).__name__}: {str(exc)[:80]})") from None


def _field(item: dict, name: str, number: int, kinds: tuple[type, ...], what: str) -> Any:
    if name not in item:
        raise _bad(number, f"{item.get('action_type')} is missing {name!r}")
    value = item[name]
    if not isinstance(value, kinds) or isinstance(value, bool):
        raise _bad(number, f"{name!r} must be {what}, got {_show(value)}")
    return value


def _position(item: dict, number: int) -> list:
    pos = _field(item, "mouse_position", number, (dict,), 'an object {"width": x, "height": y}')
    missing = [k for k in ("width", "height") if k not in pos]
    if missing:
        raise _bad(number, f"'mouse_position' is missing {' and '.join(map(repr, missing))}")
    return [pos["width"], pos["height"]]


def _keys(text: str, number: int) -> list[str]:
    """ "Ctrl+Shift+T" -> PyAutoGUI names; "+" alone, or last as in "Ctrl++", is the plus key."""
    text = text.strip()
    if text == "+":
        parts = ["+"]
    elif text.endswith("++"):
        parts = text[:-2].split("+") + ["+"]
    else:
        parts = text.split("+")
    parts = [p.strip() if p != "+" else p for p in parts]
    if not all(parts):
        raise _bad(number, f"'keyboard_key' {_show(text)} has an empty key name")
    return [KEYSYMS.get(k.lower(), k) if len(k) > 1 else k for k in parts]


def _action(item: Any, number: int, checker: _Checker) -> dict:
    if not isinstance(item, dict):
        raise _bad(number, f"each action must be a JSON object, got {_show(item)}")
    kind = item.get("action_type")
    if kind not in ACTION_TYPES:
        what = "missing 'action_type'" if kind is None else f"action_type {_show(kind)} is not a screen action"
        raise _bad(number, f"{what} (use {', '.join(ACTION_TYPES)})")
    try:
        return _checked_action(item, kind, number, checker)
    except ScriptRejected as exc:       # the checker says "line N"; here N is the action's number
        msg = str(exc).removeprefix("script rejected: ").removeprefix(f"line {number}: ")
        if msg.startswith("ScreenAgent JSON: "):
            raise
        raise _bad(number, msg) from None


def _checked_action(item: dict, kind: str, number: int, checker: _Checker) -> dict:
    if kind == "WaitAction":
        seconds = _field(item, "wait_time", number, (int, float), "a number of seconds")
        return checker.meta("WAIT", {"seconds": seconds}, number)
    if kind == "KeyboardAction":
        sub = _field(item, "keyboard_action_type", number, (str,), "press or text")
        if sub == "text":
            text = _field(item, "keyboard_text", number, (str,), "a string")
            return checker.action("write", {"message": text}, number)
        if sub == "press":
            keys = _keys(_field(item, "keyboard_key", number, (str,), "a key name"), number)
            if len(keys) == 1:
                return checker.action("press", {"keys": keys[0]}, number)
            return checker.action("hotkey", {"*keys": keys}, number)
        raise _bad(number, f"unknown keyboard_action_type {_show(sub)} (use {', '.join(KEYBOARD_TYPES)})")
    sub = _field(item, "mouse_action_type", number, (str,), f"one of {', '.join(MOUSE_TYPES)}")
    if sub not in MOUSE_TYPES:
        raise _bad(number, f"unknown mouse_action_type {_show(sub)} (use {', '.join(MOUSE_TYPES)})")
    if sub in ("scroll_up", "scroll_down"):
        n = _field(item, "scroll_repeat", number, (int,), "a whole number")
        if n < 1:
            raise _bad(number, f"'scroll_repeat' must be at least 1, got {_show(n)}")
        return checker.action("scroll", {"clicks": n if sub == "scroll_up" else -n}, number)
    args: dict[str, Any] = {"x": _position(item, number)}
    if sub == "move":
        return checker.action("moveTo", args, number)
    button = item.get("mouse_button", "left")
    if not isinstance(button, str) or button.lower() not in SA_BUTTONS:
        raise _bad(number, f"'mouse_button' must be one of {', '.join(SA_BUTTONS)}, got {_show(button)}")
    button = button.lower()
    if sub == "click" and button == "right":
        return checker.action("rightClick", args, number)
    if button != "left" or sub == "drag":
        args["button"] = button
    return checker.action({"click": "click", "double_click": "doubleClick", "drag": "dragTo"}[sub], args, number)


def read_screenagent(source: str | bytes, checker: _Checker, *, strip_fences: bool = True) -> list[dict]:
    """The checked actions of a ScreenAgent JSON action list (or an LLM reply holding one in a
    fenced block); one `ScriptRejected` line naming the action for anything malformed."""
    data = _json_text(source, strip_fences)
    items = [data] if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise _bad(None, f"expected a list of actions, got {type(data).__name__}")
    if not items:
        raise _bad(None, "the action list is empty")
    if len(items) > MAX_ACTIONS:
        raise _bad(None, f"{len(items)} actions, over the limit of {MAX_ACTIONS}")
    actions = []
    for number, item in enumerate(items, 1):
        act = _action(item, number, checker)
        act["line"] = number
        actions.append(act)
    return actions


def _out_key(key: str) -> str:
    if key in _OUT_KEYS:
        return _OUT_KEYS[key]
    if re.fullmatch(r"f\d{1,2}", key):
        return key.upper()
    return key


def _no_form(act: dict, why: str) -> ScriptRejected:
    where = f"line {act['line']}: " if act.get("line") else ""
    return ScriptRejected(f"script rejected: {where}{act['action']} has no ScreenAgent form ({why})")


def _mouse(sub: str, act: dict, button: str | None = None) -> dict:
    out: dict[str, Any] = {"action_type": "MouseAction", "mouse_action_type": sub}
    if button is not None:
        out["mouse_button"] = {"primary": "left", "secondary": "right"}.get(button, button)
    out["mouse_position"] = {"width": act["x"], "height": act["y"]}
    return out


def _press(key_text: str) -> dict:
    return {"action_type": "KeyboardAction", "keyboard_action_type": "press", "keyboard_key": key_text}


def _pointer_out(act: dict) -> list[dict]:
    name = act["action"]
    if "x" not in act:
        raise _no_form(act, "ScreenAgent's mouse actions name a position")
    if name == "click":
        clicks = act.get("clicks", 1)
        if clicks > 2:
            raise _no_form(act, f"clicks={clicks}; ScreenAgent has click and double_click")
        return [_mouse("double_click" if clicks == 2 else "click", act, act.get("button", "left"))]
    if name == "rightClick":
        return [_mouse("click", act, "right")]
    if name == "moveTo":
        return [_mouse("move", act)]
    return [_mouse("double_click" if name == "doubleClick" else "drag", act, act.get("button", "left"))]


def _scroll_out(act: dict) -> list[dict]:
    if act["action"] == "hscroll":
        raise _no_form(act, "ScreenAgent scrolls only up and down")
    if act["clicks"] == 0:
        raise _no_form(act, "a scroll of 0 clicks")
    move = [_mouse("move", act)] if "x" in act else []
    return move + [{"action_type": "MouseAction", "mouse_action_type": "scroll_up" if act["clicks"] > 0 else "scroll_down",
                    "scroll_repeat": abs(act["clicks"])}]


def _keyboard_out(act: dict) -> list[dict]:
    name = act["action"]
    if name in ("write", "paste"):
        return [{"action_type": "KeyboardAction", "keyboard_action_type": "text", "keyboard_text": act["text"]}]
    if name == "press":
        return [_press(_out_key(k)) for _ in range(act.get("presses", 1)) for k in act["keys"]]
    keys = [_out_key(k) for k in act["keys"]]
    return [_press("+".join(k.upper() if len(k) == 1 and k.isalpha() and len(keys) > 1 else k for k in keys))]


_WRITERS = {"click": _pointer_out, "rightClick": _pointer_out, "doubleClick": _pointer_out,
            "moveTo": _pointer_out, "dragTo": _pointer_out, "scroll": _scroll_out, "hscroll": _scroll_out,
            "write": _keyboard_out, "paste": _keyboard_out, "press": _keyboard_out, "hotkey": _keyboard_out,
            "WAIT": lambda act: [{"action_type": "WaitAction", "wait_time": act.get("seconds", 1.0)}]}


def to_screenagent(actions: list[dict]) -> list[dict]:
    """Checked actions (``ValidatedScript.actions``) as ScreenAgent's JSON action list."""
    out: list[dict] = []
    for act in actions:
        writer = _WRITERS.get(act["action"])
        if writer is None:
            raise _no_form(act, "ScreenAgent's action space has no such action")
        out += writer(act)
    return out


def dumps(actions: list[dict]) -> str:
    """The list as ScreenAgent's prompt writes it: one action per line."""
    if len(json.dumps(actions)) > MAX_REPLY_CHARS * 4:      # cannot happen for checked actions
        raise ScriptRejected("script rejected: the ScreenAgent JSON would be too large")
    return "[\n" + ",\n".join(json.dumps(a, ensure_ascii=False) for a in actions) + "\n]\n"
