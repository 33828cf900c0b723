"""Read PyAutoGUI scripts (gold or predicted) into a list of actions.

Scripts are parsed with :mod:`ast` and argument values are read with
``ast.literal_eval`` on single nodes; nothing is ever executed. Predicted scripts
are often sloppy (markdown fences, prose, half a line), so parsing never fails on
them: a call that cannot be parsed becomes an action with ``parsed=False`` and
scores as wrong wherever its arguments matter.
"""
from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass, field
from typing import Any

#: Stands for an argument that is not a literal (a variable, an expression, ``*args``).
UNKNOWN: Any = type("Unknown", (), {"__repr__": lambda self: "UNKNOWN"})()

_CALL_NAME = re.compile(r"^\s*pyautogui\s*\.\s*([A-Za-z_]\w*)")


@dataclass(frozen=True)
class Action:
    """One ``pyautogui.<name>(...)`` call, as written."""

    name: str                         # as written, e.g. "rightClick"
    args: tuple = ()                  # literal positional values, UNKNOWN where not literal
    kwargs: dict = field(default_factory=dict)
    line: int = 0                     # 1-based line in the script it came from
    source: str = ""                  # the call's text
    parsed: bool = True               # False: the line named a call but was not valid Python

    def arg(self, index: int, keyword: str | None = None) -> Any:
        """Positional argument ``index`` (or ``keyword=``), UNKNOWN when absent."""
        if index < len(self.args):
            return self.args[index]
        if keyword is not None and keyword in self.kwargs:
            return self.kwargs[keyword]
        return UNKNOWN

    def point(self) -> tuple[float, float] | None:
        """The (x, y) a click-like call targets, or None when not given as finite numbers
        (``click(1e999, 0)`` or a 400-digit hex coordinate is no point on any screen)."""
        first = self.arg(0, "x")
        if isinstance(first, (tuple, list)) and len(first) == 2:
            x, y = first
        else:
            x, y = first, self.arg(1, "y")
        x, y = _finite(x), _finite(y)
        return None if x is None or y is None else (x, y)

    def keys(self) -> list[str] | None:
        """Key names of a press/hotkey call in order (lists flattened), None if not literal."""
        values = list(self.args) if self.args else [self.kwargs.get("keys", UNKNOWN)]
        keys: list[str] = []
        for value in values:
            if isinstance(value, str):
                keys.append(value)
            elif isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
                keys.extend(value)
            else:
                return None
        return keys or None

    def text(self) -> str | None:
        """The string a write/typewrite call types, None if not a literal string."""
        value = self.arg(0, "message")
        if isinstance(value, str):
            return value
        if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            return "".join(value)  # typewrite(['a', 'b']) types the keys in turn
        return None


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _finite(value: Any) -> float | None:
    """``value`` as a finite float, None for anything else (huge integers overflow)."""
    if not _is_number(value):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def _literal(node: ast.AST) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return UNKNOWN


def _pyautogui_call(node: ast.AST) -> ast.Call | None:
    if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Attribute)
            and isinstance(node.value.func.value, ast.Name)
            and node.value.func.value.id == "pyautogui"):
        return node.value
    return None


def _action_from_call(call: ast.Call, line: int, source: str) -> Action:
    args = tuple(UNKNOWN if isinstance(a, ast.Starred) else _literal(a) for a in call.args)
    kwargs = {k.arg: _literal(k.value) for k in call.keywords if k.arg is not None}
    return Action(name=call.func.attr, args=args, kwargs=kwargs, line=line, source=source.strip())


def _strip_fences(text: str) -> str:
    # LLMs wrap code in ``` fences; blank those lines out so line numbers stay true.
    return "\n".join("" if ln.lstrip().startswith("```") else ln for ln in text.splitlines())


class _Source:
    """The source text of nodes, in time linear in the script: ``ast.get_source_segment``
    splits the whole text again for every node, which made long predictions quadratic
    (10,000 lines took minutes). Lines are encoded once; AST columns are UTF-8 offsets."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self._encoded: dict[int, bytes] = {}

    def _line(self, number: int) -> bytes:
        if number not in self._encoded:
            self._encoded[number] = self.lines[number - 1].encode("utf-8", "surrogatepass")
        return self._encoded[number]

    def segment(self, node: ast.AST) -> str:
        first, last = node.lineno, getattr(node, "end_lineno", None) or node.lineno
        start, end = node.col_offset, getattr(node, "end_col_offset", None)
        if first == last:
            raw = self._line(first)[start:end]
        else:
            raw = b"\n".join([self._line(first)[start:]] + [self._line(n) for n in range(first + 1, last)]
                             + [self._line(last)[:end]])
        return raw.decode("utf-8", "replace") or self.lines[first - 1]


#: Meta actions (OSWorld, Computer Agent Arena), read with ``meta=True``.
META_NAMES = ("WAIT", "DONE", "FAIL", "CALL_USER")
_META_LINE = re.compile(r"^\s*(WAIT|DONE|FAIL|CALL_USER)\b")


def _meta_action(node: ast.AST, source: "_Source") -> Action | None:
    """A statement ``WAIT`` / ``DONE`` / ``CALL_USER("...")`` as an Action named after it."""
    if not isinstance(node, ast.Expr):
        return None
    value = node.value
    if isinstance(value, ast.Name) and value.id in META_NAMES:
        return Action(name=value.id, line=node.lineno, source=value.id)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in META_NAMES:
        args = tuple(UNKNOWN if isinstance(a, ast.Starred) else _literal(a) for a in value.args)
        return Action(name=value.func.id, args=args, line=node.lineno, source=source.segment(node))
    return None


def parse_script(text: str, meta: bool = False) -> list[Action]:
    """All statement-level ``pyautogui.*`` calls of ``text`` in source order.

    Other statements (imports, ``time.sleep``, comments, prose) are ignored, as
    OmniACT's scorer ignores lines that do not start with ``pyautogui``; with ``meta``,
    the meta actions WAIT, DONE, FAIL and CALL_USER are read too (CC-Score has a wait).
    """
    text = _strip_fences(text.replace("\r\n", "\n").replace("\r", "\n"))
    lines = text.split("\n")
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return _parse_lines(lines, meta)
    source = _Source(lines)
    found = []
    for node in ast.walk(tree):
        call = _pyautogui_call(node)
        if call is not None:
            found.append((node.lineno, node.col_offset,
                          _action_from_call(call, node.lineno, source.segment(node))))
        elif meta and (action := _meta_action(node, source)) is not None:
            found.append((node.lineno, node.col_offset, action))
    found.sort(key=lambda item: item[:2])
    return [action for _, _, action in found]


def _parse_lines(lines: list[str], meta: bool = False) -> list[Action]:
    # The whole text is not Python (prose around the code, a truncated line):
    # read it line by line, like the official scorer does.
    actions = []
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if meta and (m := _META_LINE.match(line)):
            actions.append(Action(name=m.group(1), line=number, source=line))
            continue
        match = _CALL_NAME.match(line)
        if not match:
            continue
        try:
            body = ast.parse(line).body
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            body = []
        call = _pyautogui_call(body[0]) if len(body) == 1 else None
        if call is not None:
            actions.append(_action_from_call(call, number, line))
        else:
            actions.append(Action(name=match.group(1), line=number, source=line, parsed=False))
    return actions
