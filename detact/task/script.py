"""Validate a PyAutoGUI script written by an LLM — by parsing it with `ast`, never by running it.

Only ``import pyautogui`` and direct calls ``pyautogui.<action>(...)`` from a fixed whitelist
are accepted, with literal arguments (numbers, strings, booleans, lists of key names), each
checked against the action's signature, the screen size and PyAutoGUI's key list. The result is
a list of JSON-able actions and a normalised script rendered from those actions (so nothing of
the original text survives except what was validated). Anything else raises `ScriptRejected`
naming the line and the reason; messages quote values through `_show` (truncated, escaped), so
no value, however large or strange, can break the message itself.

The validator reads the text exactly as Python would, or refuses it: a coding cookie naming
anything but UTF-8 (``# -*- coding: utf-7 -*-``) is refused, because Python would decode the
file into a different program. An LLM reply may hold one code block (prose blocks such as
```text aside); a reply with several is refused, since nobody can tell which one would be run.

Risk policy: well-formed scripts can still do harm. Every action gets a risk class (`Risk`,
`RISK_CLASSES`): system hotkeys (ctrl+alt+del, win+r, ...), text typed and submitted into a run
dialog or terminal, typed shell commands, close shortcuts repeated, a total run time over
`MAX_TOTAL_SECONDS`, hidden characters in typed text. Risky scripts raise `RiskyScript` unless
``allow_risky`` (CLI ``--allow-risky``, HTTP ``allow_risky``); the risks are listed either way.

Meta actions, as OSWorld and Computer Agent Arena write them: a statement ``WAIT`` (or
``WAIT(2)``, seconds), ``DONE``, ``FAIL`` or ``CALL_USER`` (or ``CALL_USER("which file?")``) is
validated and kept in the action list (``{"action": "DONE"}``); none of them does anything on the
screen. ``DONE``, ``FAIL`` and ``CALL_USER`` end the step: nothing may follow them.

Action formats (``format=``): ``pyautogui`` (the default: a script as above) or ``screenagent``
(ScreenAgent's JSON action list; `detact.task.screenagent`), read into the same checked actions.
"""
from __future__ import annotations

import ast
import codecs
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from ..errors import RiskyScript, ScriptRejected
from .keys import normalize_key
from .textmatch import escape_unprintable, hidden_characters

#: Calls a script may make, as PyAutoGUI names them.
ALLOWED_ACTIONS = ("click", "rightClick", "doubleClick", "moveTo", "dragTo", "scroll", "hscroll",
                   "write", "typewrite", "press", "hotkey")
#: Size caps: a real single-screen task needs a handful of lines; anything far larger is a
#: runaway or hostile reply and is refused before parsing.
MAX_REPLY_CHARS = 100_000
MAX_SCRIPT_CHARS = 20_000
MAX_LINES = 200
MAX_ACTIONS = 100
MAX_TEXT_CHARS = 5_000
MAX_KEYS = 32
#: Coordinate limit when the screen size is unknown (the largest X11/Win32 screen coordinate).
MAX_COORD = 16_384
MAX_SECONDS = 10.0      # interval / duration
MAX_SCROLL = 10_000
MAX_CLICKS = 10
MAX_PRESSES = 100
#: Integer literals with more digits are refused before anything converts them to text or a
#: float (Python refuses to print an integer of over 4,300 digits; floats end near 1e308).
MAX_INT_DIGITS = 100
#: A script whose estimated run time passes this many seconds is risky (`estimate_seconds`).
MAX_TOTAL_SECONDS = 300.0
#: PyAutoGUI sleeps this long after every call (its ``PAUSE`` default).
PYAUTOGUI_PAUSE = 0.1
BUTTONS = ("left", "middle", "right", "primary", "secondary")
#: Meta actions (OSWorld: WAIT, DONE, FAIL; Computer Agent Arena: DONE, FAIL, CALL_USER): kept
#: in the action list, never anything on the screen. The terminal ones end the step.
META_ACTIONS = ("WAIT", "DONE", "FAIL", "CALL_USER")
TERMINAL_ACTIONS = frozenset({"DONE", "FAIL", "CALL_USER"})
#: A WAIT without its seconds waits this long (run-time estimate; OSWorld's harness decides).
DEFAULT_WAIT_SECONDS = 1.0
MAX_WAIT_SECONDS = 60.0
#: Action formats the validator reads and writes.
ACTION_FORMATS = ("pyautogui", "screenagent")


@dataclass(frozen=True)
class _Signature:
    positional: tuple[str, ...]          # parameter names in PyAutoGUI's positional order
    keywords: tuple[str, ...] = ()       # extra keyword-only parameters we accept
    required: tuple[str, ...] = ()
    varargs: bool = False                # hotkey(*keys)


# PyAutoGUI's own parameter order; parameters we do not accept (tween, logScreenshot, _pause)
# are left out, so passing them is rejected.
_SIGNATURES: dict[str, _Signature] = {
    "click": _Signature(("x", "y", "clicks", "interval", "button", "duration")),
    "rightClick": _Signature(("x", "y", "interval", "duration")),
    "doubleClick": _Signature(("x", "y", "interval", "button", "duration")),
    "moveTo": _Signature(("x", "y", "duration")),
    "dragTo": _Signature(("x", "y", "duration"), keywords=("button",)),
    "scroll": _Signature(("clicks", "x", "y"), required=("clicks",)),
    "hscroll": _Signature(("clicks", "x", "y"), required=("clicks",)),
    "write": _Signature(("message", "interval"), required=("message",)),
    "typewrite": _Signature(("message", "interval"), required=("message",)),
    "press": _Signature(("keys", "presses", "interval"), required=("keys",)),
    "hotkey": _Signature((), keywords=("interval",), varargs=True),
}


def _by_reason(groups: dict[str, tuple[type, ...]]) -> dict[type, str]:
    """{reason: node types} turned round into {node type: reason}."""
    return {kind: reason for reason, kinds in groups.items() for kind in kinds}


#: Why a script may not contain a node of each type (statements, then expressions).
_REASONS = _by_reason({
    "loops are not allowed": (ast.For, ast.AsyncFor, ast.While),
    "conditionals are not allowed": (ast.If,),
    "variables/assignments are not allowed": (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.NamedExpr),
    "function definitions are not allowed": (ast.FunctionDef, ast.AsyncFunctionDef),
    "class definitions are not allowed": (ast.ClassDef,),
    "with-blocks are not allowed": (ast.With, ast.AsyncWith),
    "try-blocks are not allowed": (ast.Try,),
    "raise is not allowed": (ast.Raise,),
    "del is not allowed": (ast.Delete,),
    "global is not allowed": (ast.Global,),
    "nonlocal is not allowed": (ast.Nonlocal,),
    "return is not allowed": (ast.Return,),
    "assert is not allowed": (ast.Assert,),
    "only `import pyautogui` is allowed": (ast.ImportFrom,),
    "f-strings are not allowed": (ast.JoinedStr, ast.FormattedValue),
    "lambdas are not allowed": (ast.Lambda,),
    "nested calls are not allowed": (ast.Call,),
    "arithmetic is not allowed; write the number itself": (ast.BinOp,),
    "boolean expressions are not allowed": (ast.BoolOp,),
    "comparisons are not allowed": (ast.Compare,),
    "attribute access is not allowed": (ast.Attribute,),
    "subscripts are not allowed": (ast.Subscript,),
    "*args unpacking is not allowed": (ast.Starred,),
    "conditional expressions are not allowed": (ast.IfExp,),
    "comprehensions are not allowed": (ast.ListComp, ast.GeneratorExp, ast.DictComp, ast.SetComp),
    "dicts are not allowed": (ast.Dict,),
    "sets are not allowed": (ast.Set,),
    "await is not allowed": (ast.Await,),
})

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+.-]*)[^\n]*\n(.*?)(?:```|\Z)", re.S)
_PREAMBLE = re.compile(r"^\s*(?:output script|python script|script)\s*:\s*$", re.I)
#: Fence languages that mark explanation, not code: such blocks are not scripts.
PROSE_FENCES = frozenset({"text", "txt", "plaintext", "plain", "markdown", "md", "output"})
#: PEP 263: a comment on line 1 or 2 naming the source encoding.
_CODING = re.compile(r"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.ASCII)


def extract_code(reply: str) -> str:
    """The script inside an LLM reply: its one fenced code block (blocks fenced as prose, e.g.
    ```text, are explanation and skipped; a reply with only prose blocks uses the first), else
    the whole reply; a leading "Output Script:" line is dropped. A reply with more than one
    code block is refused: every block would have to be the script, and only one can be."""
    blocks = [(m.group(1).lower(), m.group(2)) for m in _FENCE.finditer(reply)]
    if blocks:
        code_blocks = [b for lang, b in blocks if lang not in PROSE_FENCES and b.strip()]
        if len(code_blocks) > 1:
            raise _reject(None, f"the reply holds {len(code_blocks)} code blocks; send the script "
                                "as one block")
        code = code_blocks[0] if code_blocks else blocks[0][1]
    else:
        code = reply
    lines = code.strip("\n").splitlines()
    while lines and (not lines[0].strip() or _PREAMBLE.match(lines[0])):
        lines.pop(0)
    return "\n".join(lines)


def _reject(line: int | None, reason: str) -> ScriptRejected:
    where = f"line {line}: " if line else ""
    return ScriptRejected(f"script rejected: {where}{_printable(reason)}")


def _printable(text: str) -> str:
    """One line with every unprintable character escaped (messages quote the user's text)."""
    return escape_unprintable(" ".join(str(text).split()))


def _show(value: Any, limit: int = 40) -> str:
    """A short, safe rendering of a literal for messages: huge integers by their size (turning
    one with thousands of digits into text raises ValueError), strings cut before ``repr``
    (which escapes controls, bidi overrides and lone surrogates), lists item by item."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if abs(value) < 10 ** 30:
            return repr(value)
        digits = int(abs(value).bit_length() * 0.30103) + 1     # log10(2): no decimal conversion
        return f"<integer of about {digits:,} digits>"
    if isinstance(value, str):
        return repr(value[:limit]) + ("..." if len(value) > limit else "")
    if isinstance(value, (list, tuple)):
        inner = ", ".join(_show(v, 12) for v in value[:4]) + (", ..." if len(value) > 4 else "")
        return f"[{inner}]"
    return repr(value)[:limit]


def _snippet(node: ast.AST, limit: int = 60) -> str:
    try:
        text = ast.unparse(node)
    except Exception:  # unparse of odd trees is best effort; the reason matters, not the text
        text = type(node).__name__
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _short(text: str, limit: int = 100) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _decode(source: str | bytes) -> str:
    if isinstance(source, (bytes, bytearray, memoryview)):
        raw = bytes(source)
        if len(raw) > MAX_REPLY_CHARS * 4:
            raise _reject(None, f"input is {len(raw):,} bytes, over the limit of "
                                f"{MAX_REPLY_CHARS * 4:,}")
        try:
            source = raw.decode("utf-8-sig")   # Python skips a UTF-8 byte-order mark too
        except UnicodeDecodeError as exc:
            raise _reject(None, f"not valid UTF-8 (byte 0x{raw[exc.start]:02x} at offset "
                                f"{exc.start})") from None
    if not isinstance(source, str):
        raise _reject(None, f"expected text, got {type(source).__name__}")
    if len(source) > MAX_REPLY_CHARS:
        raise _reject(None, f"input is {len(source):,} characters, over the limit of "
                            f"{MAX_REPLY_CHARS:,}")
    try:
        source.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise _reject(None, f"not valid UTF-8 (unpaired surrogate at offset {exc.start})") from None
    if "\x00" in source:
        raise _reject(None, "contains NUL bytes")
    return source.removeprefix("\ufeff")


def _check_encoding_cookie(text: str) -> None:
    """Refuse a PEP 263 coding cookie that names anything but UTF-8: Python would decode the
    file with that codec (UTF-7 turns ``+AAo-import os`` into a new line of code) and run a
    different program from the one validated here."""
    for number, line in enumerate(text.split("\n", 2)[:2], 1):
        m = _CODING.match(line)
        if not m:
            continue
        name = m.group(1)
        try:
            codec = codecs.lookup(name).name
        except LookupError:
            raise _reject(number, f"unknown source encoding {_show(name)} in the coding comment") from None
        if codec != "utf-8":
            raise _reject(number, f"declares source encoding {_show(name)}; only UTF-8 scripts are "
                                  "accepted (Python would decode this file differently)")


def _checked_constant(value: Any, line: int) -> Any:
    """A constant's value after the checks every literal gets: finite, not absurdly large,
    text that can be encoded (no lone surrogates, which ``'\\ud800'`` escapes produce)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise _reject(line, f"number {_show(value)} is not finite")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** MAX_INT_DIGITS:
        raise _reject(line, f"number {_show(value)} is too large (over {MAX_INT_DIGITS} digits)")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise _reject(line, f"text holds an unpaired surrogate (U+{ord(value[exc.start]):04X}), "
                                "which cannot be typed") from None
    return value


def _literal(node: ast.AST, line: int) -> Any:
    """A literal argument: int/float/str/bool (negative numbers allowed) or a list/tuple of them."""
    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, (bool, int, float, str)):
            return _checked_constant(value, line)
        raise _reject(line, f"{type(value).__name__} literals are not allowed ({_snippet(node)})")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)) \
            and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) in (int, float):
        value = _checked_constant(node.operand.value, line)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, (ast.List, ast.Tuple)):
        if len(node.elts) > MAX_KEYS:
            raise _reject(line, f"list of {len(node.elts)} items is too long (max {MAX_KEYS})")
        items = [_literal(e, line) for e in node.elts]
        if any(isinstance(i, list) for i in items):
            raise _reject(line, "nested lists are not allowed")
        return items
    if isinstance(node, ast.Name):
        raise _reject(line, f"variables are not allowed (`{node.id}`); write literal values")
    for kind, reason in _REASONS.items():
        if isinstance(node, kind):
            raise _reject(line, f"{reason} ({_snippet(node)})")
    raise _reject(line, f"only literal arguments are allowed, got {_snippet(node)}")


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


class _Checker:
    """Checks one call's bound arguments and turns them into an action dict."""

    def __init__(self, width: int | None, height: int | None):
        self.width, self.height = width, height

    def coord(self, value: Any, axis: str, line: int) -> int:
        if not _is_number(value):
            raise _reject(line, f"{axis} must be a number, got {_show(value)}")
        limit = self.width if axis == "x" else self.height
        hi = (limit - 1) if limit else MAX_COORD
        if not 0 <= value <= hi:
            where = f"the {self.width}x{self.height} screen" if limit else f"0..{MAX_COORD}"
            raise _reject(line, f"{axis}={_show(value)} is outside {where}")
        return int(round(value))

    @staticmethod
    def number(value: Any, name: str, line: int, lo: float, hi: float, integer: bool = False):
        if not _is_number(value) or (integer and not float(value).is_integer()):
            kind = "an integer" if integer else "a number"
            raise _reject(line, f"{name} must be {kind}, got {_show(value)}")
        if not lo <= value <= hi:
            raise _reject(line, f"{name}={_show(value)} is outside {lo:g}..{hi:g}")
        return int(value) if integer or float(value).is_integer() else float(value)

    @staticmethod
    def key(value: Any, line: int) -> str:
        if not isinstance(value, str):
            raise _reject(line, f"key names must be strings, got {_show(value)}")
        key = normalize_key(value)
        if key is None:
            raise _reject(line, f"unknown key {_show(value)} (not in PyAutoGUI's KEYBOARD_KEYS)")
        return key

    def keys(self, value: Any, line: int) -> list[str]:
        items = value if isinstance(value, list) else [value]
        if not items:
            raise _reject(line, "empty key list")
        return [self.key(v, line) for v in items]

    def point(self, args: dict, action: dict, line: int, required: bool) -> None:
        x, y = args.pop("x", None), args.pop("y", None)
        if isinstance(x, list) and y is None:   # click((x, y)) is PyAutoGUI-legal
            if len(x) != 2:
                raise _reject(line, f"a point needs two coordinates, got {len(x)}")
            x, y = x
        if x is None and y is None:
            if required:
                raise _reject(line, "needs x and y")
            return
        if x is None or y is None:
            raise _reject(line, "give both x and y, or neither")
        action["x"], action["y"] = self.coord(x, "x", line), self.coord(y, "y", line)

    def timing(self, args: dict, action: dict, line: int) -> None:
        for name in ("interval", "duration"):
            if name in args:
                value = self.number(args.pop(name), name, line, 0.0, MAX_SECONDS)
                if value:
                    action[name] = value

    def button(self, args: dict, action: dict, line: int) -> None:
        if "button" in args:
            value = args.pop("button")
            if not isinstance(value, str) or value.lower() not in BUTTONS:
                raise _reject(line, f"button must be one of {', '.join(BUTTONS)}, got {_show(value)}")
            action["button"] = value.lower()

    def action(self, name: str, args: dict, line: int) -> dict:
        """The checked action for a call of ``name`` with bound ``args`` (consumed as read)."""
        family = _FAMILY[name]
        act = getattr(self, f"_{family}")(name, args, line)
        self.timing(args, act, line)
        if args:  # every accepted parameter is consumed above
            raise _reject(line, f"{name}: unsupported argument(s) {', '.join(sorted(args))}")
        return act

    def meta(self, name: str, args: dict, line: int) -> dict:
        """A meta action: ``WAIT`` (optional seconds), ``DONE``, ``FAIL``, ``CALL_USER`` (optional
        message to the user)."""
        act: dict[str, Any] = {"action": name}
        if name == "WAIT" and "seconds" in args:
            act["seconds"] = self.number(args.pop("seconds"), "seconds", line, 0.0, MAX_WAIT_SECONDS)
        if name == "CALL_USER" and "message" in args:
            message = args.pop("message")
            if not isinstance(message, str):
                raise _reject(line, f"CALL_USER needs a string, got {_show(message)}")
            if len(message) > MAX_TEXT_CHARS:
                raise _reject(line, f"message of {len(message):,} characters is over the limit "
                                    f"of {MAX_TEXT_CHARS:,}")
            act["text"] = message
        if args:
            raise _reject(line, f"{name}: unsupported argument(s) {', '.join(sorted(args))}")
        return act

    def _pointer(self, name: str, args: dict, line: int) -> dict:
        act: dict[str, Any] = {"action": name}
        self.point(args, act, line, required=name in ("moveTo", "dragTo"))
        if name == "click" and "clicks" in args:
            act["clicks"] = self.number(args.pop("clicks"), "clicks", line, 1, MAX_CLICKS, True)
        self.button(args, act, line)
        if name == "dragTo":
            act.setdefault("button", "left")
        return act

    def _scroll(self, name: str, args: dict, line: int) -> dict:
        act: dict[str, Any] = {"action": name}
        act["clicks"] = self.number(args.pop("clicks"), "clicks", line, -MAX_SCROLL, MAX_SCROLL)
        self.point(args, act, line, required=False)
        return act

    def _write(self, name: str, args: dict, line: int) -> dict:
        message = args.pop("message")
        if isinstance(message, list):     # typewrite(["a", "enter"]) presses keys in turn
            return {"action": "press", "keys": self.keys(message, line)}
        if not isinstance(message, str):
            raise _reject(line, f"{name} needs a string, got {_show(message)}")
        if len(message) > MAX_TEXT_CHARS:
            raise _reject(line, f"text of {len(message):,} characters is over the limit "
                                f"of {MAX_TEXT_CHARS:,}")
        return {"action": "write", "text": message}

    def _press(self, name: str, args: dict, line: int) -> dict:
        act: dict[str, Any] = {"action": name, "keys": self.keys(args.pop("keys"), line)}
        if "presses" in args:
            presses = self.number(args.pop("presses"), "presses", line, 1, MAX_PRESSES, True)
            if presses != 1:
                act["presses"] = presses
        return act

    def _hotkey(self, name: str, args: dict, line: int) -> dict:
        keys = args.pop("*keys")
        if len(keys) == 1 and isinstance(keys[0], list):   # hotkey(["ctrl", "c"])
            keys = keys[0]
        if len(keys) > MAX_KEYS:
            raise _reject(line, f"hotkey of {len(keys)} keys is too long")
        return {"action": name, "keys": self.keys(keys, line)}


#: Which `_Checker` method checks each action.
_FAMILY = {"click": "pointer", "rightClick": "pointer", "doubleClick": "pointer", "moveTo": "pointer",
           "dragTo": "pointer", "scroll": "scroll", "hscroll": "scroll", "write": "write",
           "typewrite": "write", "press": "press", "hotkey": "hotkey"}


def _bind(name: str, call: ast.Call, line: int) -> dict:
    """Map a call's arguments onto the action's parameter names (like Python would)."""
    sig = _SIGNATURES[name]
    values = [_literal(a, line) for a in call.args]
    bound: dict[str, Any] = {}
    if sig.varargs:
        if not values:
            raise _reject(line, f"{name} needs at least one key")
        bound["*keys"] = values
    else:
        positional = list(sig.positional)
        # The paper's API reference writes dragTo(x, y, 'left'); PyAutoGUI's third parameter
        # is duration, so a button name there is taken as the button PyAutoGUI users meant.
        if name == "dragTo" and len(values) == 3 and isinstance(values[2], str):
            positional = ["x", "y", "button"]
        if len(values) > len(positional):
            raise _reject(line, f"{name} takes at most {len(positional)} positional arguments, "
                                f"got {len(values)}")
        bound.update(zip(positional, values))
    allowed = set(sig.positional) | set(sig.keywords)
    for kw in call.keywords:
        if kw.arg is None:
            raise _reject(line, "**kwargs unpacking is not allowed")
        if kw.arg not in allowed:
            raise _reject(line, f"{name} has no argument {kw.arg!r} (allowed: "
                                f"{', '.join(sorted(allowed)) or 'none'})")
        if kw.arg in bound:
            raise _reject(line, f"{name}: argument {kw.arg!r} given twice")
        bound[kw.arg] = _literal(kw.value, line)
    missing = [p for p in sig.required if p not in bound]
    if missing:
        raise _reject(line, f"{name} is missing {', '.join(missing)}")
    return bound


_META_PARAMETER = {"WAIT": "seconds", "CALL_USER": "message"}


def _meta_statement(stmt: ast.stmt, checker: "_Checker", line: int) -> dict | None:
    """The meta action of a statement ``DONE`` / ``WAIT(2)`` / ``CALL_USER("...")``, else None."""
    if not isinstance(stmt, ast.Expr):
        return None
    node = stmt.value
    if isinstance(node, ast.Name) and node.id in META_ACTIONS:
        return checker.meta(node.id, {}, line)
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in META_ACTIONS):
        return None
    name, param = node.func.id, _META_PARAMETER.get(node.func.id)
    if len(node.args) > (1 if param else 0):
        raise _reject(line, f"{name} takes {'at most one argument' if param else 'no arguments'}")
    args: dict[str, Any] = {param: _literal(node.args[0], line)} if node.args else {}
    for kw in node.keywords:
        if kw.arg is None or kw.arg != param:
            raise _reject(line, f"{name} has no argument {kw.arg!r}")
        if param in args:
            raise _reject(line, f"{name}: argument {param!r} given twice")
        args[param] = _literal(kw.value, line)
    return checker.meta(name, args, line)


def _call_name(call: ast.Call, line: int) -> str:
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
            and func.value.id == "pyautogui":
        if func.attr not in ALLOWED_ACTIONS:
            raise _reject(line, f"pyautogui.{func.attr} is not an allowed action (allowed: "
                                f"{', '.join(ALLOWED_ACTIONS)})")
        return func.attr
    if isinstance(func, ast.Attribute):
        raise _reject(line, f"only direct pyautogui.<action>(...) calls are allowed, got "
                            f"{_snippet(func)}")
    if isinstance(func, ast.Name):
        raise _reject(line, f"call to {func.id}() is not allowed; only pyautogui actions are")
    raise _reject(line, f"only direct pyautogui.<action>(...) calls are allowed, got {_snippet(call)}")


# --- risk policy ---------------------------------------------------------------------------

#: Every risk class and what it means. An action none of them covers is "safe".
RISK_CLASSES: dict[str, str] = {
    "system-hotkey": "a shortcut the operating system acts on whatever has the focus (secure "
                     "attention, task manager, lock, log out, run dialog, terminal, console switch)",
    "command-entry": "text typed and submitted with Enter after a shortcut opened a run dialog or "
                     "terminal",
    "shell-command": "typed text that reads as a shell command, submitted with Enter",
    "repeated-close": "a close or quit shortcut (alt+f4, command+q) used three times or more",
    "long-running": "an estimated run time over the cap (PyAutoGUI pauses, intervals, durations)",
    "hidden-characters": "typed text holding control, bidirectional-override or other invisible "
                         "characters",
}
SAFE = "safe"

#: Key spellings folded together before comparing shortcuts.
_KEY_CANON = {"ctrlleft": "ctrl", "ctrlright": "ctrl", "altleft": "alt", "altright": "alt",
              "shiftleft": "shift", "shiftright": "shift", "winleft": "win", "winright": "win",
              "optionleft": "option", "optionright": "option", "delete": "del", "escape": "esc",
              "return": "enter", "\n": "enter", "\r": "enter", "prtsc": "printscreen",
              "prtscr": "printscreen", "prntscrn": "printscreen", "print": "printscreen"}


def _combo(*keys: str) -> frozenset:
    return frozenset(_KEY_CANON.get(k, k) for k in keys)


#: Shortcuts the operating system acts on, with what they do.
SYSTEM_HOTKEYS: dict[frozenset, str] = {
    _combo("ctrl", "alt", "del"): "secure attention screen (lock, log out, task manager)",
    _combo("ctrl", "shift", "esc"): "opens the task manager",
    _combo("ctrl", "alt", "backspace"): "kills the graphical session",
    _combo("win", "r"): "opens the Run dialog",
    _combo("win", "l"): "locks the session",
    _combo("win", "x"): "opens the power-user menu",
    _combo("ctrl", "alt", "t"): "opens a terminal",
    _combo("alt", "f2"): "opens the run-command dialog",
    _combo("command", "option", "esc"): "opens Force Quit",
    _combo("ctrl", "command", "q"): "locks the session",
    _combo("command", "shift", "q"): "logs out",
    **{_combo("ctrl", "alt", f"f{n}"): "switches to a text console" for n in range(1, 13)},
}
#: Shortcuts after which typed text and Enter run as a command.
COMMAND_LAUNCHERS = frozenset({_combo("win", "r"), _combo("ctrl", "alt", "t"), _combo("alt", "f2")})
#: Close/quit shortcuts: one closes a window, several in a row close everything.
CLOSE_HOTKEYS = frozenset({_combo("alt", "f4"), _combo("command", "q")})
MAX_CLOSES = 2

#: Commands that start a shell, delete, format, download, change permissions or run code.
SHELL_COMMANDS = frozenset("""
cmd cmd.exe command.com powershell powershell.exe pwsh bash sh zsh dash ksh csh tcsh fish sudo su
doas rm rmdir del erase rd format mkfs dd shred wipefs shutdown reboot halt poweroff systemctl reg
regedit net netsh sc taskkill kill killall pkill curl wget chmod chown chattr diskpart bcdedit
vssadmin wmic icacls takeown cipher msiexec mshta rundll32 regsvr32 certutil bitsadmin schtasks
crontab python python3 perl ruby node nc ncat netcat telnet ssh scp ftp tftp iex invoke-expression
invoke-webrequest start-process remove-item set-executionpolicy nohup runas
""".split())
#: Commands flagged whatever follows them: they run the rest with more privileges, or they
#: destroy, stop or wipe, and they mean nothing else as a first word.
UNCONDITIONAL_COMMANDS = frozenset({"sudo", "su", "doas", "runas", "rm", "rmdir", "shred", "wipefs",
                                    "mkfs", "dd", "shutdown", "reboot", "halt", "poweroff", "taskkill",
                                    "killall", "pkill", "diskpart"})
#: After the command word: a flag, a path or drive, a variable, a wildcard, a pipe, a
#: redirection or a chain.
_SHELL_ARGUMENT = re.compile(r"(?:^|\s)(?:-{1,2}\w|/\S|[A-Za-z]:(?:[\\/]|\s|$)|~|\.{1,2}[/\\])|[$|;&<>`*]")
_PIPE_TO_SHELL = re.compile(r"\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\|\s*(?:iex|pwsh|powershell)\b", re.I)


def looks_like_shell_command(text: str) -> bool:
    """Whether typed ``text`` reads as a shell command: it starts with one of
    `UNCONDITIONAL_COMMANDS` ("shutdown now"), or with one of `SHELL_COMMANDS` given bare or
    with a flag/path/operator after it ("cmd /c ...", "format c:", but not "python tutorial"
    or "Format the report"), or it pipes into a shell ("... | sh")."""
    text = text.strip()
    if _PIPE_TO_SHELL.search(text):
        return True
    words = text.split(maxsplit=1)
    command = words[0].lower().strip("\"'") if words else ""
    if command in UNCONDITIONAL_COMMANDS:
        return True
    if command not in SHELL_COMMANDS:
        return False
    return len(words) == 1 or bool(_SHELL_ARGUMENT.search(words[1]))


@dataclass(frozen=True)
class Risk:
    """One risk found in a script: its class (a key of `RISK_CLASSES`), the source lines of the
    actions involved, and a one-line reason."""

    kind: str
    lines: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict:
        return {"class": self.kind, "lines": list(self.lines), "reason": self.reason}

    def describe(self) -> str:
        where = f"line {self.lines[0]}" if self.lines else "script"
        return f"{where}: {self.kind}: {self.reason}"


def _lines(actions: list[dict], positions) -> tuple[int, ...]:
    return tuple(sorted({actions[i].get("line") or 0 for i in positions}))


def _hotkey_risks(actions: list[dict]) -> list[Risk]:
    """System shortcuts, and close shortcuts used more than `MAX_CLOSES` times."""
    risks, closes = [], []
    for i, act in enumerate(actions):
        if act["action"] != "hotkey":
            continue
        combo = _combo(*act["keys"])
        name = "+".join(act["keys"])
        what = SYSTEM_HOTKEYS.get(combo)
        if what is None and {"alt", "printscreen"} <= combo:
            what = "a magic SysRq combination (can reboot or kill processes)"
        if what:
            risks.append(Risk("system-hotkey", _lines(actions, [i]), f"{name} {what}"))
        if combo in CLOSE_HOTKEYS:
            closes.append(i)
    if len(closes) > MAX_CLOSES:
        risks.append(Risk("repeated-close", _lines(actions, closes),
                          f"{len(closes)} close/quit shortcuts in one script"))
    return risks


def _keystrokes(act: dict) -> Iterator[str]:
    """What a keyboard action sends, one item per key: a typed character, "enter", or another
    key's name (anything that is not a character moves the caret or the focus)."""
    if act["action"] == "write":
        for ch in act["text"]:
            yield "enter" if ch in "\r\n" else ch
        return
    for _ in range(act.get("presses", 1)):
        for key in act["keys"]:
            key = _KEY_CANON.get(key, key)
            yield key if len(key) == 1 or key == "enter" else f"<{key}>"


@dataclass
class _Typing:
    """Text typed into one field since the focus last moved, and the actions that typed it."""

    text: str = ""
    positions: list[int] = field(default_factory=list)

    def add(self, ch: str, position: int) -> None:
        self.text += ch
        if not self.positions or self.positions[-1] != position:
            self.positions.append(position)


def _submitted(actions: list[dict], typed: _Typing, enter: int, launcher: int | None) -> Risk | None:
    """The risk of submitting ``typed`` with the Enter of action ``enter``, if any."""
    text = typed.text.strip()
    if not text:
        return None
    lines = _lines(actions, [*typed.positions, enter] + ([launcher] if launcher is not None else []))
    if launcher is not None:
        opener = "+".join(actions[launcher]["keys"])
        return Risk("command-entry", lines, f"types {_show(text)} and presses Enter after {opener} "
                                            "opened a command prompt")
    if looks_like_shell_command(text):
        return Risk("shell-command", lines, f"types the shell command {_show(text)} and presses Enter")
    return None


def _typing_risks(actions: list[dict]) -> list[Risk]:
    """Text submitted with Enter into a run dialog or terminal (opened by a launcher shortcut
    earlier in the script), or text that reads as a shell command. A pointer action moves the
    focus: it ends both the typed text and the launcher's effect."""
    risks: list[Risk] = []
    typed, launcher = _Typing(), None
    for i, act in enumerate(actions):
        name = act["action"]
        if name == "hotkey":
            if _combo(*act["keys"]) in COMMAND_LAUNCHERS:
                launcher = i
            typed = _Typing()
        elif name in ("write", "press"):
            for key in _keystrokes(act):
                if key == "enter":
                    risk = _submitted(actions, typed, i, launcher)
                    risks += [risk] if risk else []
                    typed = _Typing()
                elif len(key) == 1:
                    typed.add(key, i)
                else:
                    typed = _Typing()
        elif name not in ("scroll", "hscroll", "WAIT"):
            typed, launcher = _Typing(), None
    return risks


def action_seconds(act: dict) -> float:
    """How long PyAutoGUI takes for one action: its move ``duration``, the ``interval`` it
    sleeps per click, key press or typed character, and the pause after every call."""
    name, interval = act["action"], act.get("interval", 0.0)
    if name == "WAIT":
        return act.get("seconds", DEFAULT_WAIT_SECONDS)
    if name in META_ACTIONS:
        return 0.0
    if name == "write":
        steps = len(act["text"])
    elif name == "press":
        steps = act.get("presses", 1)
    elif name == "hotkey":
        steps = 2 * len(act["keys"])          # every key goes down, then up, with a sleep each
    else:
        steps = act.get("clicks", 1) if name in ("click",) else 0
    return act.get("duration", 0.0) + steps * interval + PYAUTOGUI_PAUSE


def estimate_seconds(actions: list[dict]) -> float:
    """The script's run time as PyAutoGUI would spend it (`action_seconds` summed)."""
    return sum(action_seconds(a) for a in actions)


def _duration_risks(actions: list[dict]) -> list[Risk]:
    total = estimate_seconds(actions)
    if total <= MAX_TOTAL_SECONDS:
        return []
    slow = [i for i, a in enumerate(actions) if action_seconds(a) > PYAUTOGUI_PAUSE]
    hours = f" ({total / 3600:.1f} h)" if total >= 3600 else ""
    return [Risk("long-running", _lines(actions, slow or range(len(actions))),
                 f"runs for about {total:,.0f} s{hours}, over the cap of {MAX_TOTAL_SECONDS:g} s")]


def _hidden_character_risks(actions: list[dict]) -> list[Risk]:
    risks = []
    for i, act in enumerate(actions):
        if act["action"] != "write":
            continue
        hidden = hidden_characters(act["text"])
        if hidden:
            codes = ", ".join(f"U+{ord(c):04X}" for c in dict.fromkeys(hidden))
            risks.append(Risk("hidden-characters", _lines(actions, [i]),
                              f"typed text holds {len(hidden)} invisible or control character(s) ({_short(codes, 60)})"))
    return risks


def assess_risks(actions: list[dict]) -> list[Risk]:
    """Every risk in a list of validated actions, in script order (see `RISK_CLASSES`)."""
    risks = _hotkey_risks(actions) + _typing_risks(actions) + _duration_risks(actions) + \
        _hidden_character_risks(actions)
    return sorted(risks, key=lambda r: (r.lines[:1], r.kind))


def _risk_message(risks: list[Risk]) -> str:
    listed = "; ".join(r.describe() for r in risks[:3]) + (f"; and {len(risks) - 3} more" if len(risks) > 3 else "")
    return _printable(f"script rejected: {len(risks)} risk(s) found, risky scripts are refused by "
                      f"default (allow with --allow-risky / allow_risky): {_short(listed, 400)}")


@dataclass
class ValidatedScript:
    """A script that passed validation: its actions (JSON-able dicts, each with the source
    ``line``), the screen size it was checked against and the risks found in it."""

    actions: list[dict]
    width: int | None = None
    height: int | None = None
    risks: list[Risk] = field(default_factory=list)

    @property
    def script(self) -> str:
        """The normalised script (PyAutoGUI calls rendered from the validated actions)."""
        return render_script(self.actions)

    def risk_classes(self) -> list[str]:
        """The risk class of every action, in order: "safe", or of the risks its line is part
        of the first in `RISK_CLASSES` order (win+r opening a command prompt is a
        system-hotkey; the text typed into it and its Enter are command-entry)."""
        rank = {kind: n for n, kind in enumerate(RISK_CLASSES)}
        by_line: dict[int, str] = {}
        for risk in self.risks:
            for line in risk.lines:
                if line not in by_line or rank[risk.kind] < rank[by_line[line]]:
                    by_line[line] = risk.kind
        return [by_line.get(a.get("line") or 0, SAFE) for a in self.actions]

    def portable(self, paste_keys: tuple[str, ...] = ("ctrl", "v")) -> "ValidatedScript":
        """Rewrite for portability: a ``write`` of non-ASCII text becomes a clipboard paste
        (PyAutoGUI types only ASCII reliably), and a scroll at a point becomes a ``moveTo``
        then a plain scroll (scrolling at x/y is not honoured on every platform)."""
        out: list[dict] = []
        for act in self.actions:
            if act["action"] == "write" and not act["text"].isascii():
                out.append({"action": "paste", "text": act["text"], "keys": list(paste_keys),
                            **({"line": act["line"]} if "line" in act else {})})
            elif act["action"] in ("scroll", "hscroll") and "x" in act:
                out.append({"action": "moveTo", "x": act["x"], "y": act["y"],
                            **({"line": act["line"]} if "line" in act else {})})
                out.append({k: v for k, v in act.items() if k not in ("x", "y")})
            else:
                out.append(dict(act))
        return ValidatedScript(out, self.width, self.height, list(self.risks))

    def screenagent(self) -> list[dict]:
        """The actions in ScreenAgent's JSON action space (`detact.task.screenagent`); raises
        `ScriptRejected` for an action that has no form there (hscroll, DONE, ...)."""
        from .screenagent import to_screenagent

        return to_screenagent(self.actions)

    def to_dict(self) -> dict:
        return {"actions": self.actions, "script": self.script,
                "screen": {"width": self.width, "height": self.height},
                "risky": bool(self.risks), "risks": [r.to_dict() for r in self.risks],
                "risk_classes": self.risk_classes()}


def _lit(value: Any) -> str:
    # JSON string syntax is valid Python and gives the double quotes OmniACT's scripts use;
    # unprintable characters (bidi overrides, controls) are written as escapes, never raw.
    return escape_unprintable(json.dumps(value, ensure_ascii=False)) if isinstance(value, str) else repr(value)


def render_action(act: dict) -> list[str]:
    """Python lines for one action dict."""
    name = act["action"]
    if name in META_ACTIONS:
        value = act.get("seconds", act.get("text"))
        return [name if value is None else f"{name}({_lit(value)})"]
    if name == "paste":
        keys = ", ".join(_lit(k) for k in act.get("keys", ("ctrl", "v")))
        return [f"pyperclip.copy({_lit(act['text'])})", f"pyautogui.hotkey({keys})"]
    args: list[str] = []
    if name in ("scroll", "hscroll"):
        args.append(_lit(act["clicks"]))
        if "x" in act:
            args += [f"x={act['x']}", f"y={act['y']}"]
    elif "x" in act:
        args += [_lit(act["x"]), _lit(act["y"])]
    if name == "write":
        args.append(_lit(act["text"]))
    elif name == "press":
        keys = act["keys"]
        args.append(_lit(keys[0]) if len(keys) == 1 else "[" + ", ".join(map(_lit, keys)) + "]")
    elif name == "hotkey":
        args += [_lit(k) for k in act["keys"]]
    if name == "click" and act.get("clicks", 1) != 1:
        args.append(f"clicks={act['clicks']}")
    if "presses" in act:
        args.append(f"presses={act['presses']}")
    if "button" in act and not (name == "click" and act["button"] == "left"):
        args.append(f"button={_lit(act['button'])}")
    for opt in ("interval", "duration"):
        if opt in act:
            args.append(f"{opt}={_lit(act[opt])}")
    return [f"pyautogui.{name}({', '.join(args)})"]


def render_script(actions: list[dict]) -> str:
    """``import pyautogui`` (plus ``import pyperclip`` for pastes) and one line per action."""
    lines = ["import pyautogui"]
    if any(a["action"] == "paste" for a in actions):
        lines.append("import pyperclip")
    for act in actions:
        lines += render_action({k: v for k, v in act.items() if k != "line"})
    return "\n".join(lines) + "\n"


def _check_screen(width: int | None, height: int | None) -> None:
    if (width is None) != (height is None):
        raise ScriptRejected("script rejected: give both screen width and height, or neither")
    if width is not None and (width <= 0 or height <= 0):
        raise ScriptRejected(f"script rejected: screen size {width}x{height} is not positive")


def _parse(code: str) -> ast.Module:
    """The syntax tree of ``code`` after the size checks (one line for every failure)."""
    if not code.strip():
        raise _reject(None, "no script found (empty reply)")
    if len(code) > MAX_SCRIPT_CHARS:
        raise _reject(None, f"script is {len(code):,} characters, over the limit of "
                            f"{MAX_SCRIPT_CHARS:,}")
    n_lines = code.count("\n") + 1
    if n_lines > MAX_LINES:
        raise _reject(None, f"script has {n_lines} lines, over the limit of {MAX_LINES}")
    try:
        return ast.parse(code, mode="exec")
    except SyntaxError as exc:
        raise _reject(exc.lineno, f"not valid Python ({_short(exc.msg)})") from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise _reject(None, f"not valid Python ({type(exc).__name__}: {_short(str(exc))})") from None


def _actions(tree: ast.Module, checker: _Checker) -> list[dict]:
    """The checked action of every statement (imports of pyautogui aside); anything else is
    refused with its line and the reason."""
    actions: list[dict] = []
    for stmt in tree.body:
        line = getattr(stmt, "lineno", None)
        if actions and actions[-1]["action"] in TERMINAL_ACTIONS and not isinstance(stmt, ast.Import):
            raise _reject(line, f"{actions[-1]['action']} ends the step; nothing may follow it")
        meta = _meta_statement(stmt, checker, line)
        if meta is not None:
            meta["line"] = line
            actions.append(meta)
            if len(actions) > MAX_ACTIONS:
                raise _reject(line, f"more than {MAX_ACTIONS} actions")
            continue
        if isinstance(stmt, ast.Import):
            bad = [a for a in stmt.names if a.name != "pyautogui" or a.asname]
            if bad:
                raise _reject(line, f"only `import pyautogui` is allowed, got `{_snippet(stmt)}`")
            continue
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            name = _call_name(stmt.value, line)
            act = checker.action(name, _bind(name, stmt.value, line), line)
            act["line"] = line
            actions.append(act)
            if len(actions) > MAX_ACTIONS:
                raise _reject(line, f"more than {MAX_ACTIONS} actions")
            continue
        if isinstance(stmt, ast.Expr):
            reason = next((r for k, r in _REASONS.items() if isinstance(stmt.value, k)),
                          "bare expressions are not allowed")
            raise _reject(line, f"{reason} ({_snippet(stmt)})")
        reason = next((r for k, r in _REASONS.items() if isinstance(stmt, k)),
                      f"`{type(stmt).__name__}` statements are not allowed")
        raise _reject(line, f"{reason} ({_snippet(stmt)})")
    if not actions:
        raise _reject(None, "no pyautogui actions found")
    return actions


def check_action_format(name: Any) -> str:
    """``name`` when it is one of `ACTION_FORMATS`, else one clear error."""
    if name not in ACTION_FORMATS:
        raise ScriptRejected(f"unknown action format {_show(name)}; use {' or '.join(ACTION_FORMATS)}")
    return name


def validate_script(source: str | bytes, *, width: int | None = None, height: int | None = None,
                    strip_fences: bool = True, allow_risky: bool = False,
                    format: str = "pyautogui") -> ValidatedScript:
    """Parse and check a PyAutoGUI script (or an LLM reply holding one) without running it.

    ``width``/``height``: the screen the coordinates must fall inside (else only 0..16384).
    Raises `ScriptRejected` ("script rejected: line N: reason") for anything not whitelisted,
    and its subclass `RiskyScript` for a well-formed script with risks (see `RISK_CLASSES`)
    unless ``allow_risky``. The risks of an allowed script are in ``.risks`` and in its JSON.
    ``format``: ``pyautogui`` (a script, or a reply holding one) or ``screenagent`` (ScreenAgent's
    JSON action list, `detact.task.screenagent.read_screenagent`).
    """
    check_action_format(format)
    _check_screen(width, height)
    if format == "screenagent":
        from .screenagent import read_screenagent

        actions = read_screenagent(source, _Checker(width, height), strip_fences=strip_fences)
        return _checked(actions, width, height, allow_risky)
    text = _decode(source)
    _check_encoding_cookie(text)
    code = extract_code(text) if strip_fences else text
    _check_encoding_cookie(code)
    return _checked(_actions(_parse(code), _Checker(width, height)), width, height, allow_risky)


def _checked(actions: list[dict], width: int | None, height: int | None, allow_risky: bool) -> ValidatedScript:
    checked = ValidatedScript(actions, width, height, assess_risks(actions))
    if checked.risks and not allow_risky:
        raise RiskyScript(_risk_message(checked.risks), checked.risks)
    return checked
