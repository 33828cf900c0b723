"""Small text helpers the filter and prompt share: normalisation, quoted phrases, colour words."""
from __future__ import annotations

import re
import unicodedata

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
