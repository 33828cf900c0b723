"""Small text helpers the filter and prompt share: normalisation, quoted phrases, colour words,
a fuzzy ratio whose cost is bounded, and escaping of characters that must never be printed raw.

Size caps: every text that reaches fuzzy matching or a prompt is bounded here, so that the work
one request can cause is bounded too (a 9 KB request once held the service for minutes).
"""
from __future__ import annotations

import json
import re
import unicodedata

from ..errors import InputTooLarge

#: Longest task accepted, in characters: a task is a sentence or a short paragraph.
MAX_TASK_CHARS = 2_000
#: Element names are matched, embedded and shown to an LLM on at most this many characters
#: (OCR lines and labels are far shorter; the cap only bites on hostile documents).
MAX_NAME_CHARS = 200
#: Quoted phrases of a task that are matched against element names.
MAX_PHRASES = 8
#: Longest text, label, name or value an element of a parse document may have (our parser's
#: never come near it; a document from elsewhere could hold anything, and these texts reach
#: MiniLM and the prompts).
MAX_ELEMENT_TEXT = 2_000

#: The paper's 11 colour buckets, with the words people use for them.
COLOR_WORDS: dict[str, str] = {
    "yellow": "yellow", "gold": "yellow", "golden": "yellow",
    "blue": "blue", "navy": "blue", "cyan": "blue", "teal": "blue", "azure": "blue",
    "green": "green", "lime": "green", "olive": "green",
    "red": "red", "crimson": "red", "scarlet": "red", "maroon": "red",
    "pink": "pink", "magenta": "pink", "rose": "pink",
    "violet": "violet", "purple": "violet", "lilac": "violet", "lavender": "violet",
    "white": "white", "black": "black",
    "orange": "orange", "amber": "orange",
    "brown": "brown", "tan": "brown", "beige": "brown",
    "grey": "grey", "gray": "grey", "silver": "grey",
}

# Words that say how to act rather than what to act on; they carry no element identity.
STOPWORDS = frozenset("""
a an the on in at to of for from with by into onto and or then now please this that these those
it its is are be button buttons icon icons link links tab field box option menu item click
clicks double right left press type write enter select open go use using hover move scroll
drag drop screen page window element elements there here named labelled labeled called
""".split())

_QUOTE = re.compile(r"""(?:(?<![\w])'([^'\n]{1,200})'(?![\w])|"([^"\n]{1,200})"|“([^”\n]{1,200})”|‘([^’\n]{1,200})’)""")
_WORD = re.compile(r"[^\W_]+|[^\w\s]", re.UNICODE)


def norm(text: str) -> str:
    """Case-folded, NFKC, whitespace-collapsed; trailing ellipsis/colon dropped (menu labels
    such as "Preferences..." and "Replace all in:" are matched without them)."""
    text = unicodedata.normalize("NFKC", str(text)).casefold()
    text = " ".join(text.split())
    text = re.sub(r"(?:\.\.\.|…|:)$", "", text).strip()
    return text


def tokens(text: str) -> list[str]:
    """Words of ``text`` (letters/digits), or its symbols when it has no words (e.g. "+/-")."""
    text = norm(text)
    words = [w for w in _WORD.findall(text) if w[0].isalnum()]
    return words if words else [c for c in _WORD.findall(text)]


def quoted_phrases(task: str) -> list[str]:
    """Text the task quotes: 'Save', "Reset all", “Help”."""
    return [next(g for g in m.groups() if g is not None).strip() for m in _QUOTE.finditer(task)
            if any(g and g.strip() for g in m.groups())]


def content_words(task: str) -> list[str]:
    """Task words that may name an element (stop words and quote marks removed)."""
    return [w for w in tokens(task) if w not in STOPWORDS and (len(w) > 1 or not w.isalpha())]


def task_colors(task: str) -> set[str]:
    """Colour buckets the task names ("the blue button" -> {"blue"})."""
    return {COLOR_WORDS[w] for w in tokens(task) if w in COLOR_WORDS}


# What people call the symbols that label keys and small buttons, so that "Click on '='" finds
# an icon the icon bank labels "equals", and "the plus button" finds a key reading "+".
SYMBOL_NAMES: dict[str, str] = {
    "=": "equals", "+": "plus add", "-": "minus subtract", "−": "minus subtract",
    "*": "multiply times", "×": "multiply times close", "÷": "divide", "/": "divide slash",
    "%": "percent", ".": "dot decimal point", ",": "comma", "^": "power caret",
    "√": "square root", "!": "factorial", "?": "help question", "<": "back previous",
    ">": "next forward", "←": "back left arrow", "→": "forward right arrow",
    "↑": "up arrow", "↓": "down arrow", "…": "more", "⋮": "more menu", "☰": "menu",
    "⌫": "backspace delete", "+/-": "plus minus sign negate", "±": "plus minus sign negate",
}


def symbol_words(text: str) -> str:
    """The words for a label made only of symbols ("=" -> "equals", "+/-" -> "plus minus sign
    negate"); "" when ``text`` has letters or digits or an unknown symbol."""
    t = "".join(norm(text).split())
    if not t or any(c.isalnum() for c in t):
        return ""
    if t in SYMBOL_NAMES:
        return SYMBOL_NAMES[t]
    parts = [SYMBOL_NAMES.get(c) for c in t]
    return " ".join(parts) if all(parts) else ""


def check_task_length(task: str) -> str:
    """``task`` itself, or `InputTooLarge` when it is longer than `MAX_TASK_CHARS`."""
    if len(task) > MAX_TASK_CHARS:
        raise InputTooLarge(f"task is {len(task):,} characters, over the limit of {MAX_TASK_CHARS:,}")
    return task


def clip(text: str, limit: int = MAX_NAME_CHARS) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def lcs_length(a: str, b: str) -> int:
    """Length of the longest common subsequence of ``a`` and ``b``.

    Bit-parallel (Allison-Dix / Hyyro): one pass over the shorter string, each step a few
    operations on an integer holding one bit per character of the longer one. The cost depends
    only on the lengths, never on the content, unlike difflib whose worst case ("ab ab ..."
    against "ba ba ...") took 21 s for two 1,000-character strings.
    """
    if len(a) > len(b):
        a, b = b, a                      # a: the shorter (the loop), b: the bit vector
    if not a:
        return 0
    masks: dict[str, int] = {}
    for i, ch in enumerate(b):
        masks[ch] = masks.get(ch, 0) | (1 << i)
    full = (1 << len(b)) - 1
    v = full
    for ch in a:
        u = v & masks.get(ch, 0)
        v = ((v + u) | (v - u)) & full
    return len(b) - bin(v).count("1")


def fuzzy_ratio(a: str, b: str, floor: float = 0.0) -> float:
    """Similarity in [0, 1]: 2 * LCS / (len(a) + len(b)) (difflib's ``ratio`` up to its greedy
    block choice). Returns 0.0 without the work when even a perfect overlap of the shorter
    string could not reach ``floor``."""
    total = len(a) + len(b)
    if total == 0:
        return 1.0
    if 2 * min(len(a), len(b)) / total < floor:
        return 0.0
    return 2 * lcs_length(a, b) / total


# --- printing user text safely -------------------------------------------------------------

#: Characters that steer how text is displayed without being visible (Trojan Source).
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_NON_ASCII_OR_CONTROL = re.compile(r"[^\x20-\x7e\n]")


def hidden_characters(text: str) -> list[str]:
    """The characters of ``text`` a reader cannot see or that change what they see: control
    characters (tab, newline and carriage return excepted), bidirectional controls, other
    format characters (zero-width joiner and non-joiner excepted: scripts and emoji need them),
    line/paragraph separators, private-use and unassigned code points."""
    found = []
    for ch in text:
        if ch in "\t\n\r" or ch.isprintable() and ch not in BIDI_CONTROLS:
            continue
        cat = unicodedata.category(ch)
        if ch in BIDI_CONTROLS or cat in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp") or \
                (cat == "Cf" and ch not in "\u200c\u200d"):
            found.append(ch)
    return found


def _escape(ch: str, style: str) -> str:
    code = ord(ch)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    if style == "json":                  # JSON spells astral characters as surrogate pairs
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\U{code:08x}"


def escape_unprintable(text: str, style: str = "python") -> str:
    """``text`` with every character Python does not count as printable (controls, bidi
    overrides, lone surrogates, ...; the plain space and newline excepted) written as an
    escape: ``\\u202e`` (``style="python"`` uses ``\\U0010ffff`` above the BMP, ``"json"``
    surrogate pairs). Safe inside Python and JSON string literals alike."""
    def fix(m: re.Match) -> str:
        ch = m.group(0)
        return ch if ch.isprintable() else _escape(ch, style)

    return _NON_ASCII_OR_CONTROL.sub(fix, text)


def json_printable(obj, **kwargs) -> str:
    """``json.dumps(obj, ensure_ascii=False)`` with unprintable characters escaped, so that
    printing the result never puts a raw control or bidi character on a terminal."""
    return escape_unprintable(json.dumps(obj, ensure_ascii=False, **kwargs), "json")
