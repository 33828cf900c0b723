"""The function vocabulary: what icons *do*, in the words agents and users say.

``detact/data/icons/functions.json`` lists UI functions (``close``, ``back``, ``add``,
``more options``, ``bold``...), each with its synonyms and a one-line description. Icon
elements carry a function as their ``label`` (the icon set's own name stays in ``icon``); the
filter, the prompt and locate match a task's words against a function's synonyms.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from ..elements import Elements
from ..errors import ModelUnavailable
from ..runtime import package_data
from ..task.textmatch import tokens


#: Icon functions that are things done, not things shown: an icon the icon stage names one of
#: these, alone (no label on its right), is a button the classifier may have taken for a picture
#: (`semantics.roles.action_icons`), and a button named one keeps the word from an icon drawn
#: alike that is no button (`distinct_icon_names`). Object and status functions (folder, file,
#: user, warning) and shapes (caret down) stay out.
ACTION_FUNCTIONS = frozenset({
    "back", "forward", "up", "home", "reload", "search", "find", "open", "save", "save as", "close", "menu",
    "more options", "add", "remove", "delete", "edit", "settings", "play", "pause", "stop", "next",
    "previous", "undo", "redo", "cut", "copy", "paste", "print", "zoom in", "zoom out", "download",
    "upload", "share", "send", "new", "new folder", "new tab", "minimize", "maximize", "restore",
    "rotate left", "rotate right", "fullscreen", "help"})


@dataclass(frozen=True)
class Function:
    """One UI function: its id (also its main word), synonyms and description."""

    id: str
    words: tuple[str, ...]
    description: str

    def text(self, max_words: int = 4) -> str:
        """``close: dismiss, exit, x`` -- the id and its first synonyms, for prompts and matching."""
        more = [w for w in self.words if w != self.id][:max_words - 1]
        return f"{self.id}: {', '.join(more)}" if more else self.id


@dataclass(frozen=True)
class Vocabulary:
    functions: tuple[Function, ...]

    def __len__(self) -> int:
        return len(self.functions)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.functions)

    def get(self, label: str) -> Function | None:
        """The function with id ``label``, else the one function that lists ``label`` among its
        words (an icon renamed by `distinct_labels` still finds its synonyms); None otherwise."""
        return self._by_id.get(label) or self._by_own_word.get(label)

    @cached_property
    def _by_id(self) -> dict[str, Function]:
        return {f.id: f for f in self.functions}

    @cached_property
    def _by_own_word(self) -> dict[str, Function]:
        """Words that exactly one function lists (``"go back"``), each to that function."""
        owners: dict[str, list[Function]] = {}
        for f in self.functions:
            for w in dict.fromkeys(f.words):
                owners.setdefault(w, []).append(f)
        return {w: fs[0] for w, fs in owners.items() if len(fs) == 1}

    def distinct_labels(self, labels: Sequence[str], screen_texts: Iterable[str],
                        buttons: Sequence[bool] | None = None) -> list[str]:
        """``labels`` with every function id that a text on the screen also spells (one of
        ``screen_texts``, compared by its `tokens`: case and punctuation aside) replaced by the
        function's first synonym that no text spells and that is its own word or the id of a
        function no label on this screen has: a "Search" menu keeps its word and the magnifier
        beside it becomes "find" (what a text editor calls that button), or "magnifying glass"
        when a find icon is there too; a sidebar's "Trash" row and its bin icon, "Trash" and
        "recycle bin".
        What a screen writes names its text with certainty, an icon's function is a guess, and
        two elements that answer to one word leave an agent (or a grounding metric) to pick by
        size. Labels that are no function id, or whose synonyms are all taken, stay.
        ``buttons`` (one per label): which icons are buttons. An icon that is none takes another
        word as well when a button has its label: the house before a path bar's folder name
        and the toolbar's Home button, "house" and "home" (a button does what its icon says;
        the other icon shows the thing its text names)."""
        taken = {tuple(tokens(t)) for t in screen_texts}
        own, ids = self._by_own_word, self._by_id
        on_screen = set(labels)
        button_labels = {lab for lab, button in zip(labels, buttons) if button} if buttons is not None else set()
        out = list(labels)
        for i, label in enumerate(labels):
            f = ids.get(label)
            shown = label in button_labels and not buttons[i]
            if f is None or (tuple(tokens(label)) not in taken and not shown):
                continue
            free = [w for w in f.words if tuple(tokens(w)) not in taken and w != label
                    and (own.get(w) is f if w not in ids else w not in on_screen)]
            if free:
                out[i] = free[0]
        return out

    def describe(self, label: str) -> str:
        """``close: dismiss, exit, x`` for a function id; any other label as it is."""
        f = self.get(label)
        return f.text() if f else label


@lru_cache(maxsize=1)
def load_vocabulary() -> Vocabulary:
    """The bundled vocabulary (read once per process; it is data, not state)."""
    path = package_data("icons", "functions.json")
    try:
        items = json.loads(path.read_text(encoding="utf-8"))
        functions = tuple(Function(str(d["id"]), tuple(str(w) for w in d.get("words", [d["id"]])),
                                   str(d.get("description", ""))) for d in items)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ModelUnavailable(f"icon function vocabulary {path} is missing or malformed ({exc})") from None
    ids = [f.id for f in functions]
    if len(set(ids)) != len(ids):
        raise ModelUnavailable(f"{path}: function ids are not unique")
    return Vocabulary(functions)


@lru_cache(maxsize=4096)
def function_words(label: str) -> tuple[str, ...]:
    """The words of function ``label`` (id first, then its synonyms: ``("add", "plus", "new",
    ...)``); ``()`` for a label that is not a function id or without the vocabulary."""
    try:
        f = load_vocabulary().get(str(label))
    except ModelUnavailable:
        return ()
    return (f.id, *[w for w in f.words if w != f.id]) if f else ()


@lru_cache(maxsize=1)
def _toolkit_names() -> tuple[frozenset[str], dict[str, str], dict[str, str], frozenset[str]]:
    """``toolkit_names.json`` (see ``icon_templates/toolkit_names.py``): its sets, the names GTK
    gives buttons showing those icons and those it gives menu buttons, and the functions of the
    icons menu buttons show; empty when it is missing."""
    try:
        table = json.loads(package_data("icons", "toolkit_names.json").read_text(encoding="utf-8"))
        return (frozenset(table["sets"]), dict(table["button"]), dict(table["menu_button"]),
                frozenset(table.get("menu_function", ())))
    except (OSError, ValueError, KeyError, TypeError):
        return frozenset(), {}, {}, frozenset()


def toolkit_name(icon: str, button: bool = True) -> str:
    """The accessible name GTK 3 gives a ``button`` (else an image) that shows only the bank
    template ``icon`` (``"adwaita-symbolic:view-refresh-symbolic@24#dark"`` -> ``"Refresh"``):
    GTK names an image by its icon name through a table of stock labels, and a menu button
    (open-menu, view-more) "Menu". ``""`` for other sets' icons and those GTK names nothing: the
    icon's function names them."""
    sets, names, menu, _ = _toolkit_names()
    icon_set, _, name = str(icon).partition(":")
    if icon_set not in sets:
        return ""
    name = base_icon_name(name)
    return names.get(name) or (menu.get(name, "") if button else "")


def menu_button_name(label: str) -> str:
    """The name GTK gives a menu button ("Menu"), for a button whose icon, from any set, does
    what GTK's menu buttons show (function ``label`` "more options" or "menu": a header bar's
    three dots or three bars); ``""`` otherwise."""
    _, _, menu, functions = _toolkit_names()
    return next(iter(menu.values()), "") if str(label) in functions else ""


@lru_cache(maxsize=1)
def _digit_lookalikes() -> dict[str, str]:
    """``digit_lookalikes.json`` (see ``icon_templates/digit_lookalikes.py``): per bank template
    ("set:name"), the digits a lone read of which matches it exactly; empty when it is missing."""
    try:
        table = json.loads(package_data("icons", "digit_lookalikes.json").read_text(encoding="utf-8"))
        return {str(k): str(v) for k, v in table["templates"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def digit_lookalike_icons() -> frozenset[str]:
    """The bank templates ("set:name") some lone digit matches exactly (`digit_lookalike`)."""
    return frozenset(_digit_lookalikes())


def digit_lookalike(read: str, icon: str) -> bool:
    """Whether the text ``read`` is one or more digits that the bank template ``icon``
    ("set:name") is drawn like, so that a read of them matching it is those digits and not the
    icon (a calculator's "0" key and Tabler's upright battery outline)."""
    read = str(read).replace(" ", "")
    digits = _digit_lookalikes().get(str(icon), "")
    return bool(read) and read.isdigit() and set(read) <= set(digits)


def base_icon_name(name: str) -> str:
    """A freedesktop template's icon name without its size, dark twin and symbolic suffixes:
    ``go-previous-symbolic@24#dark`` -> ``go-previous``."""
    return name.split("@")[0].split("#")[0].removesuffix("-symbolic")


def distinct_icon_names(elements: Elements) -> Elements:
    """``elements`` with each icon's function label (and its name, where it is the label) made
    one that no text element reads, nor a button whose label is that action (`ACTION_FUNCTIONS`)
    when the icon is no button (`Vocabulary.distinct_labels`); unchanged without the vocabulary."""
    icons = np.flatnonzero((elements.kind == "icon") & (elements.label != ""))
    if not len(icons):
        return elements
    try:
        vocabulary = load_vocabulary()
    except ModelUnavailable:
        return elements
    old = elements.label[icons]
    new = vocabulary.distinct_labels(old.tolist(), elements.text[elements.kind == "text"].tolist(),
                                     buttons=((elements.role[icons] == "button")
                                              & np.isin(old, list(ACTION_FUNCTIONS))).tolist())
    label, name = elements.label.copy(), elements.name.copy()
    label[icons] = new
    renamed = icons[(old != np.array(new, dtype=object)) & (name[icons] == old)]
    name[renamed] = label[renamed]
    return elements.with_(label=label, name=name)
