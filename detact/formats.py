"""Render a `ParseResult` for people (table), for agents that read accessibility trees (a11y:
OSWorld's table) and for LLM prompts (the paper's text / icon / colour lists)."""
from __future__ import annotations

import json
from typing import Sequence

from .color import COLOR_NAMES
from .elements import Element, Elements, ParseResult


def _clip(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "\u2026"


def _one_line(s: str) -> str:
    return " ".join(str(s).split())


def role_of(e: Element) -> str:
    """The element's role with its states ("checkbox checked"); its kind before semantics."""
    return " ".join([e.role or e.kind, *e.states])


def title_of(e: Element) -> str:
    """What the element is called: its name, else its text, else its icon label."""
    return _one_line(e.name or e.text or e.label)


def _icon_title(e: Element, title: str) -> str:
    """An icon named by its function ("add") is listed with the function's first synonyms
    ("add: plus, new, create"), the words a task may use for it."""
    if not e.label or title != _one_line(e.label):
        return title
    from .icons.vocabulary import function_words

    words = function_words(e.label)
    return f"{words[0]}: {', '.join(words[1:4])}" if len(words) > 1 else title


def phrase(e: Element) -> str:
    """``switch 'Developer mode' (checked)``: role, name and states, for people and prompts."""
    title = title_of(e)
    words = [e.role or e.kind] + ([f"'{title}'"] if title else [])
    if e.states:
        words.append(f"({', '.join(e.states)})")
    return " ".join(words)


def format_table(result: ParseResult, max_text: int = 40) -> str:
    """A fixed-width table: id, role and states, centre, box, colour, score, name (and the
    value or read text where it differs)."""
    lines = [f"{result.width}x{result.height}  {len(result.elements)} elements, "
             f"{len(result.containers)} containers  {result.timings_ms.get('total', 0.0):.0f} ms  "
             + " ".join(f"{k}={v}" for k, v in result.backends.items() if ":" not in str(v)),
             f"{'id':>4} {'role':<18} {'center':>11} {'bbox':>21} {'color':<7} {'score':>5} {'parent':>6}  name"]
    for e in result.elements:
        bbox = ",".join(str(v) for v in e.bbox)
        extra = [x for x in (e.value, e.text) if x and x != e.name]
        name = title_of(e) + (f"  [{_one_line(extra[0])}]" if extra else "")
        parent = str(e.parent) if e.parent >= 0 else "-"
        lines.append(f"{e.id:>4} {_clip(role_of(e), 18):<18} {e.center[0]:>5},{e.center[1]:<5} {bbox:>21} "
                     f"{e.color:<7} {e.score:>5.2f} {parent:>6}  {_clip(name, max_text)}")
    for c in result.containers:
        bbox = ",".join(str(v) for v in c.bbox)
        parent = str(c.parent) if c.parent >= 0 else "-"
        lines.append(f"{c.id:>4} {c.role:<18} {'':>11} {bbox:>21} {'':<7} {'':>5} {parent:>6}  {c.name}")
    return "\n".join(lines)


def format_a11y(result: ParseResult) -> str:
    """OSWorld's accessibility-tree table, tab-separated: index (the element id, which is also
    its Set-of-Mark number), tag (role), name, text, x, y (top left), w, h."""
    rows = ["index\ttag\tname\ttext\tx\ty\tw\th"]
    for e in result.elements:
        x0, y0, x1, y1 = e.bbox
        text = _one_line(e.value or e.text)
        rows.append(f"{e.id}\t{e.role or e.kind}\t{title_of(e)}\t{text}\t{x0}\t{y0}\t{x1 - x0}\t{y1 - y0}")
    return "\n".join(rows)


def _q(s: str) -> str:
    return json.dumps(_one_line(s), ensure_ascii=False)


SECTION_TEXT = "Text elements on the screen (text, role, x, y):"
SECTION_ICON = "Icon and image elements on the screen (what it does, role, x, y):"
SECTION_COLOR = "Color elements on the screen (color, element, x, y):"
SECTIONS = (SECTION_TEXT, SECTION_ICON, SECTION_COLOR)
EMPTY = "(none)"


def element_sections(elements: Elements, rows: Sequence[int] | None = None, colors: set[str] | None = None
                     ) -> tuple[list[str], list[str], list[str]]:
    """Text, icon and colour lines (the paper's three lists) for the given element rows
    (default: all); colour lines only for ``colors`` (None = every coloured element).
    Each line is ``(name, role, x, y)`` with the click point."""
    text, icon, color = [], [], []
    rows = range(len(elements)) if rows is None else rows
    for i in rows:
        e = elements[int(i)]
        title, role = title_of(e), role_of(e)
        cx, cy = e.center
        if e.kind == "text" or (e.kind != "icon" and (e.text or e.name)):
            text.append(f"({_q(title)}, {role}, {cx}, {cy})")
        elif e.kind == "icon":
            icon.append(f"({_q(_icon_title(e, title) or 'unlabelled icon')}, {role}, {cx}, {cy})")
        if e.color and (colors is None or e.color in colors):
            what = title or ("icon" if e.kind == "icon" else e.role or "region")
            color.append(f"({_q(e.color)}, {_q(what)}, {cx}, {cy})")
    return text, icon, color


def render_sections(sections: tuple[list[str], list[str], list[str]]) -> str:
    return "\n".join(f"{title}\n" + ("\n".join(lines) if lines else EMPTY) + "\n"
                     for title, lines in zip(SECTIONS, sections))


def format_prompt(result: ParseResult) -> str:
    """The element part of an agent prompt: text, icon and colour lists with coordinates."""
    return render_sections(element_sections(result.elements, colors=None)).rstrip("\n") + "\n"


__all__ = ["format_table", "format_a11y", "format_prompt", "element_sections", "render_sections", "phrase",
           "role_of", "title_of", "SECTIONS", "SECTION_TEXT", "SECTION_ICON", "SECTION_COLOR", "EMPTY", "COLOR_NAMES"]
