"""Render a `ParseResult` for people (table) and for LLM prompts (the paper's three lists)."""
from __future__ import annotations

from .elements import Elements, ParseResult
from .color import COLOR_NAMES


def _clip(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "\u2026"


def format_table(result: ParseResult, max_text: int = 48) -> str:
    """A fixed-width table: id, kind, centre, box, colour, score, text or label."""
    lines = [f"{result.width}x{result.height}  {len(result.elements)} elements  "
             f"{result.timings_ms.get('total', 0.0):.0f} ms  "
             + " ".join(f"{k}={v}" for k, v in result.backends.items()),
             f"{'id':>4} {'kind':<6} {'center':>11} {'bbox':>21} {'color':<7} {'score':>5}  text / label"]
    for e in result.elements:
        bbox = ",".join(str(v) for v in e.bbox)
        lines.append(f"{e.id:>4} {e.kind:<6} {e.center[0]:>5},{e.center[1]:<5} {bbox:>21} {e.color:<7} "
                     f"{e.score:>5.2f}  {_clip(e.text or e.label, max_text)}")
    return "\n".join(lines)


def text_lines(elements: Elements) -> list[str]:
    return [f'"{e.text}": <x: {e.center[0]}, y: {e.center[1]}>' for e in elements if e.kind == "text"]


def icon_lines(elements: Elements, describe=None) -> list[str]:
    """Labelled icons; ``describe(label)`` may expand a label with what the icon does."""
    out = []
    for e in elements:
        if e.kind == "icon" and e.label:
            out.append(f'"{_short_description(e.label, describe)} icon": <x: {e.center[0]}, y: {e.center[1]}>')
    return out


def _short_description(label: str, describe, max_tags: int = 3) -> str:
    """``trash (delete, remove, garbage)``: the label and the first few of its tags."""
    if describe is None:
        return label
    _, _, tags = describe(label).partition(":")
    tags = [t.strip() for t in tags.split(",") if t.strip()][:max_tags]
    return f"{label} ({', '.join(tags)})" if tags else label


def color_lines(elements: Elements) -> list[str]:
    """One line per colour: the centres of the non-text elements of that colour (the paper
    lists colours this way so a task's "the blue button" finds its candidates)."""
    by_color: dict[str, list[str]] = {}
    for e in elements:
        if e.color and e.kind != "text":
            by_color.setdefault(e.color, []).append(f"<x: {e.center[0]}, y: {e.center[1]}>")
    return [f"{c}: [{', '.join(by_color[c])}]" for c in COLOR_NAMES if c in by_color]


def format_prompt(result: ParseResult, describe=None) -> str:
    """The element part of an agent prompt: text, icon and colour lists with coordinates."""
    sections = [("Text elements on the screen, with their coordinates:", text_lines(result.elements)),
                ("Icon elements on the screen, with their coordinates:", icon_lines(result.elements, describe)),
                ("Elements by color, with their coordinates:", color_lines(result.elements))]
    return "\n".join(f"{title}\n" + ("\n".join(lines) if lines else "(none)") + "\n" for title, lines in sections)
