"""The script-generation prompt (the paper's Listing 2 structure, our wording): role and
rules, an API reference of the allowed PyAutoGUI calls, retrieved examples, the screen's text /
icon / colour elements with centre coordinates, and the task.

Token budget: `estimate_tokens` is a conservative stand-in for a BPE tokenizer (none is
available offline): every run of up to 4 letters, every run of up to 3 digits and every other
non-space character counts as one token. On English prose and PyAutoGUI code that over-counts
GPT-style tokenizers by roughly 10-40 %, so a prompt within the budget by this count is within
it for real. With ``max_tokens`` set, elements are dropped lowest-confidence first (confidence
= the filter's relevance when given, else the detector's score) until the prompt fits.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from ..elements import Elements
from ..errors import DetactError
from ..formats import (  # noqa: F401 - the section titles are re-exported for callers
    EMPTY, SECTION_COLOR, SECTION_ICON, SECTION_TEXT, SECTIONS, element_sections)
from .examples import Example
from .textmatch import task_colors

_TOKEN = re.compile(r"[^\W\d_]{1,4}|\d{1,3}|[^\w\s]|_", re.UNICODE)


def estimate_tokens(text: str) -> int:
    """Conservative token count (see module docstring)."""
    return len(_TOKEN.findall(text))


ROLE = """\
You are a careful desktop and web automation agent. For each task you write a short PyAutoGUI
script that performs it on the screen described below. The screen's UI elements are given as
tuples (name, role, x, y): what the element is called, what it is (button, checkbox, text
box, ...) with its state (checked, selected, ...), and the pixel coordinates to click{size}.

[IMPORTANT] Output only the script: `import pyautogui` and then one pyautogui call per line,
with no explanations, comments or code fences.
[IMPORTANT] Use only the functions listed in the API reference, with literal numbers and
strings as arguments (no variables, loops or other code).
[IMPORTANT] Take coordinates from the element lists and follow the format of the examples."""

API_REFERENCE = """\
API reference (the only calls allowed):
pyautogui.click(x, y)  # left-click at (x, y); optional clicks=2, button="right"
    e.g. task "Click the point (150, 230)" -> pyautogui.click(150, 230)
pyautogui.rightClick(x, y)  # right-click at (x, y), e.g. to open a context menu
    e.g. task "Open the context menu at (350, 680)" -> pyautogui.rightClick(350, 680)
pyautogui.doubleClick(x, y)  # double-click at (x, y), e.g. to open a file or select a word
    e.g. task "Open the file icon at (90, 400)" -> pyautogui.doubleClick(90, 400)
pyautogui.moveTo(x, y)  # move the pointer to (x, y) without clicking (hover)
    e.g. task "Hover over (450, 600)" -> pyautogui.moveTo(450, 600)
pyautogui.dragTo(x, y, button="left")  # drag from the pointer's position to (x, y)
    e.g. task "Drag the item at (300, 200) to (450, 600)" ->
        pyautogui.moveTo(300, 200)
        pyautogui.dragTo(450, 600, button="left")
pyautogui.scroll(clicks)  # scroll vertically under the pointer; positive = up, negative = down
    e.g. task "Scroll down a bit" -> pyautogui.scroll(-5)
pyautogui.hscroll(clicks)  # scroll horizontally; positive = right, negative = left
    e.g. task "Scroll right" -> pyautogui.hscroll(10)
pyautogui.write(text)  # type text where the keyboard focus is; optional interval=seconds
    e.g. task "Type Hello world" -> pyautogui.write("Hello world")
pyautogui.press(key)  # press and release one key, or a list of keys in turn
    e.g. task "Confirm with the enter key" -> pyautogui.press("enter")
pyautogui.hotkey(key1, key2, ...)  # hold the keys down together, e.g. a shortcut
    e.g. task "Paste from the clipboard" -> pyautogui.hotkey("ctrl", "v")
Key names are PyAutoGUI's: "enter", "tab", "esc", "backspace", "delete", "up", "down", "left",
"right", "pageup", "pagedown", "home", "end", "ctrl", "alt", "shift", "win", "command", "f1"..."f12",
single characters such as "a" or "1"."""

@dataclass
class Prompt:
    """A built prompt and what went into it."""

    text: str
    tokens: int
    examples: list[Example]
    kept: np.ndarray                      # rows of the given elements that are in the prompt
    dropped: int = 0                      # elements left out to fit the budget
    notes: list[str] = field(default_factory=list)

    def messages(self) -> list[dict]:
        """OpenAI chat messages for this prompt."""
        return [{"role": "user", "content": self.text}]


def informative_colors(elements: Elements, task: str) -> set[str]:
    """Colours worth a line in the colour section: all but the one most elements share (the
    page's own colour says nothing about any element), plus any colour the task names."""
    colors = [str(c) for c in elements.color if c]
    keep = set(colors)
    if colors:
        common = max(set(colors), key=colors.count)
        if colors.count(common) * 2 > len(colors):
            keep.discard(common)
    return keep | task_colors(task)


def _render(role: str, examples: Sequence[Example], sections: tuple[list, list, list],
            task: str) -> str:
    parts = [role, "", API_REFERENCE, "",
             "Here are solved examples; follow their output format:"]
    for n, ex in enumerate(examples, 1):
        parts += [f"Example {n}:", ex.to_text().rstrip()]
    parts.append("")
    for title, lines in zip(SECTIONS, sections):
        parts += [title, *(lines or [EMPTY]), ""]
    parts += ["Using the elements and the examples above, write the PyAutoGUI script for this "
              "task.", f"Task: {' '.join(task.split())}", "Output Script:"]
    return "\n".join(parts) + "\n"


def build_prompt(task: str, elements: Elements, examples: Sequence[Example], *,
                 width: int | None = None, height: int | None = None,
                 priority: np.ndarray | None = None, max_tokens: int | None = None) -> Prompt:
    """Build the script prompt. Elements are listed in the given order; with ``max_tokens``
    the lowest-``priority`` ones (default: ``elements.score``) are dropped until it fits."""
    if not task or not task.strip():
        raise DetactError("task is empty")
    size = f" on a {width}x{height} screen" if width and height else ""
    role = ROLE.format(size=size)
    n = len(elements)
    priority = elements.score if priority is None else np.asarray(priority, np.float32)
    if len(priority) != n:
        raise DetactError(f"priority has {len(priority)} values for {n} elements")
    rows = np.arange(n)
    colors = informative_colors(elements, task)

    def sections(chosen):
        return element_sections(elements, chosen, colors)

    if max_tokens is None:
        text = _render(role, examples, sections(rows), task)
        return Prompt(text, estimate_tokens(text), list(examples), rows)
    if max_tokens < 1:
        raise DetactError(f"--max-tokens must be positive, got {max_tokens}")

    base = estimate_tokens(_render(role, examples, ([], [], []), task))
    if base > max_tokens:
        raise DetactError(f"--max-tokens {max_tokens} is too small: the prompt needs about {base} "
                          f"tokens before any element (role, API reference, {len(examples)} "
                          f"examples, task)")
    # Each element's lines cost about the same wherever they land; add the most confident ones
    # first while they fit. "(none)" placeholders vanish as sections fill, so the sum is an
    # upper bound and the final render is re-checked below.
    costs = np.array([sum(estimate_tokens(line) for sec in sections([i]) for line in sec) + 2
                      for i in rows], np.int64)
    order = np.argsort(-priority, kind="stable")
    keep = order[np.cumsum(costs[order]) <= max_tokens - base]   # most confident first
    text = _render(role, examples, sections(np.sort(keep)), task)
    while estimate_tokens(text) > max_tokens and len(keep):
        keep = keep[:-1]                                        # drop the least confident
        text = _render(role, examples, sections(np.sort(keep)), task)
    chosen = np.sort(keep)
    dropped = n - len(chosen)
    notes = [f"dropped {dropped} lowest-confidence element(s) to fit {max_tokens} tokens"] if dropped else []
    return Prompt(text, estimate_tokens(text), list(examples), chosen, dropped, notes)
