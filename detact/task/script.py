"""Validate a PyAutoGUI script written by an LLM — by parsing it with `ast`, never by running it.

Only ``import pyautogui`` and direct calls ``pyautogui.<action>(...)`` from a fixed whitelist
are accepted, with literal arguments (numbers, strings, booleans, lists of key names), each
checked against the action's signature, the screen size and PyAutoGUI's key list. The result is
a list of JSON-able actions and a normalised script rendered from those actions (so nothing of
the original text survives except what was validated). Anything else raises `ScriptRejected`
naming the line and the reason.
"""
from __future__ import annotations

import ast
import json
import math
import re
from dataclasses import dataclass
from typing import Any

from ..errors import ScriptRejected
from .keys import normalize_key

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
BUTTONS = ("left", "middle", "right", "primary", "secondary")


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

_STATEMENT_REASONS = {
    ast.For: "loops are not allowed", ast.AsyncFor: "loops are not allowed",
    ast.While: "loops are not allowed", ast.If: "conditionals are not allowed",
    ast.Assign: "variables/assignments are not allowed",
    ast.AugAssign: "variables/assignments are not allowed",
    ast.AnnAssign: "variables/assignments are not allowed",
    ast.FunctionDef: "function definitions are not allowed",
    ast.AsyncFunctionDef: "function definitions are not allowed",
    ast.ClassDef: "class definitions are not allowed",
    ast.With: "with-blocks are not allowed", ast.AsyncWith: "with-blocks are not allowed",
    ast.Try: "try-blocks are not allowed", ast.Raise: "raise is not allowed",
    ast.Delete: "del is not allowed", ast.Global: "global is not allowed",
    ast.Nonlocal: "nonlocal is not allowed", ast.Return: "return is not allowed",
    ast.Assert: "assert is not allowed", ast.ImportFrom: "only `import pyautogui` is allowed",
}
_EXPR_REASONS = {
    ast.JoinedStr: "f-strings are not allowed", ast.FormattedValue: "f-strings are not allowed",
    ast.Lambda: "lambdas are not allowed", ast.Call: "nested calls are not allowed",
    ast.BinOp: "arithmetic is not allowed; write the number itself",
    ast.BoolOp: "boolean expressions are not allowed", ast.Compare: "comparisons are not allowed",
    ast.Attribute: "attribute access is not allowed", ast.Subscript: "subscripts are not allowed",
    ast.Starred: "*args unpacking is not allowed", ast.IfExp: "conditional expressions are not allowed",
    ast.ListComp: "comprehensions are not allowed", ast.GeneratorExp: "comprehensions are not allowed",
    ast.DictComp: "comprehensions are not allowed", ast.SetComp: "comprehensions are not allowed",
    ast.Dict: "dicts are not allowed", ast.Set: "sets are not allowed",
    ast.NamedExpr: "variables/assignments are not allowed", ast.Await: "await is not allowed",
}

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+.-]*)[^\n]*\n(.*?)(?:```|\Z)", re.S)
_PREAMBLE = re.compile(r"^\s*(?:output script|python script|script)\s*:\s*$", re.I)


def extract_code(reply: str) -> str:
    """The script inside an LLM reply: the first fenced code block that mentions pyautogui
    (else the first block), else the whole reply; a leading "Output Script:" line is dropped."""
    blocks = [(m.group(1).lower(), m.group(2)) for m in _FENCE.finditer(reply)]
    if blocks:
        code = next((b for lang, b in blocks if "pyautogui" in b and lang in ("", "python", "py",
                                                                              "python3")),
                    blocks[0][1])
    else:
        code = reply
    lines = code.strip("\n").splitlines()
    while lines and (not lines[0].strip() or _PREAMBLE.match(lines[0])):
        lines.pop(0)
    return "\n".join(lines)


def _reject(line: int | None, reason: str) -> ScriptRejected:
    where = f"line {line}: " if line else ""
    return ScriptRejected(f"script rejected: {where}{reason}")


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
            source = raw.decode("utf-8")
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
    return source


def _literal(node: ast.AST, line: int) -> Any:
    """A literal argument: int/float/str/bool (negative numbers allowed) or a list/tuple of them."""
    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, (bool, int, float, str)):
            if isinstance(value, float) and not math.isfinite(value):
                raise _reject(line, f"number {_snippet(node)} is not finite")
            return value
        raise _reject(line, f"{type(value).__name__} literals are not allowed ({_snippet(node)})")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)) \
            and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) in (int, float):
        value = node.operand.value
        if isinstance(value, float) and not math.isfinite(value):
            raise _reject(line, f"number {_snippet(node)} is not finite")
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
    for kind, reason in _EXPR_REASONS.items():
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
            raise _reject(line, f"{axis} must be a number, got {value!r:.40}")
        limit = self.width if axis == "x" else self.height
        hi = (limit - 1) if limit else MAX_COORD
        if not 0 <= value <= hi:
            where = f"the {self.width}x{self.height} screen" if limit else f"0..{MAX_COORD}"
            raise _reject(line, f"{axis}={value!r:.40} is outside {where}")
        return int(round(value))

    @staticmethod
    def number(value: Any, name: str, line: int, lo: float, hi: float, integer: bool = False):
        if not _is_number(value) or (integer and not float(value).is_integer()):
            kind = "an integer" if integer else "a number"
            raise _reject(line, f"{name} must be {kind}, got {value!r:.40}")
        if not lo <= value <= hi:
            raise _reject(line, f"{name}={value!r:.40} is outside {lo:g}..{hi:g}")
        return int(value) if integer or float(value).is_integer() else float(value)

    @staticmethod
    def key(value: Any, line: int) -> str:
        if not isinstance(value, str):
            raise _reject(line, f"key names must be strings, got {value!r:.40}")
        key = normalize_key(value)
        if key is None:
            raise _reject(line, f"unknown key {value!r:.40} (not in PyAutoGUI's KEYBOARD_KEYS)")
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
                raise _reject(line, f"button must be one of {', '.join(BUTTONS)}, got {value!r:.40}")
            action["button"] = value.lower()

    def action(self, name: str, args: dict, line: int) -> dict:
        """The checked action for a call of ``name`` with bound ``args`` (consumed as read)."""
        family = _FAMILY[name]
        act = getattr(self, f"_{family}")(name, args, line)
        self.timing(args, act, line)
        if args:  # every accepted parameter is consumed above
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
            raise _reject(line, f"{name} needs a string, got {message!r:.40}")
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


@dataclass
class ValidatedScript:
    """A script that passed validation: its actions (JSON-able dicts, each with the source
    ``line``) and the screen size it was checked against."""

    actions: list[dict]
    width: int | None = None
    height: int | None = None

    @property
    def script(self) -> str:
        """The normalised script (PyAutoGUI calls rendered from the validated actions)."""
        return render_script(self.actions)

    def portable(self, paste_keys: tuple[str, ...] = ("ctrl", "v")) -> "ValidatedScript":
        """Rewrite for portability: a ``write`` of non-ASCII text becomes a clipboard paste
        (PyAutoGUI types only ASCII reliably), and a scroll at a point becomes a ``moveTo``
        then a plain scroll (scrolling at x/y is not honoured on every platform)."""
        out: list[dict] = []
        for act in self.actions:
            if act["action"] == "write" and not act["text"].isascii():
                out.append({"action": "paste", "text": act["text"], "keys": list(paste_keys)})
            elif act["action"] in ("scroll", "hscroll") and "x" in act:
                out.append({"action": "moveTo", "x": act["x"], "y": act["y"]})
                out.append({k: v for k, v in act.items() if k not in ("x", "y")})
            else:
                out.append(dict(act))
        return ValidatedScript(out, self.width, self.height)

    def to_dict(self) -> dict:
        return {"actions": self.actions, "script": self.script,
                "screen": {"width": self.width, "height": self.height}}


def _lit(value: Any) -> str:
    # JSON string syntax is valid Python and gives the double quotes OmniACT's scripts use.
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else repr(value)


def render_action(act: dict) -> list[str]:
    """Python lines for one action dict."""
    name = act["action"]
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


def validate_script(source: str | bytes, *, width: int | None = None, height: int | None = None,
                    strip_fences: bool = True) -> ValidatedScript:
    """Parse and check a PyAutoGUI script (or an LLM reply holding one) without running it.

    ``width``/``height``: the screen the coordinates must fall inside (else only 0..16384).
    Raises `ScriptRejected` ("script rejected: line N: reason") for anything not whitelisted.
    """
    if (width is None) != (height is None):
        raise ScriptRejected("script rejected: give both screen width and height, or neither")
    if width is not None and (width <= 0 or height <= 0):
        raise ScriptRejected(f"script rejected: screen size {width}x{height} is not positive")
    text = _decode(source)
    code = extract_code(text) if strip_fences else text
    if not code.strip():
        raise _reject(None, "no script found (empty reply)")
    if len(code) > MAX_SCRIPT_CHARS:
        raise _reject(None, f"script is {len(code):,} characters, over the limit of "
                            f"{MAX_SCRIPT_CHARS:,}")
    n_lines = code.count("\n") + 1
    if n_lines > MAX_LINES:
        raise _reject(None, f"script has {n_lines} lines, over the limit of {MAX_LINES}")
    try:
        tree = ast.parse(code, mode="exec")
    except SyntaxError as exc:
        raise _reject(exc.lineno, f"not valid Python ({_short(exc.msg)})") from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise _reject(None, f"not valid Python ({type(exc).__name__}: {_short(str(exc))})") from None

    checker = _Checker(width, height)
    actions: list[dict] = []
    for stmt in tree.body:
        line = getattr(stmt, "lineno", None)
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
            reason = next((r for k, r in _EXPR_REASONS.items() if isinstance(stmt.value, k)),
                          "bare expressions are not allowed")
            raise _reject(line, f"{reason} ({_snippet(stmt)})")
        reason = next((r for k, r in _STATEMENT_REASONS.items() if isinstance(stmt, k)),
                      f"`{type(stmt).__name__}` statements are not allowed")
        raise _reject(line, f"{reason} ({_snippet(stmt)})")
    if not actions:
        raise _reject(None, "no pyautogui actions found")
    return ValidatedScript(actions, width, height)
