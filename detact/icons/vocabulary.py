"""The function vocabulary: what icons *do*, in the words agents and users say.

``detact/data/icons/functions.json`` lists UI functions (``close``, ``back``, ``add``,
``more options``, ``bold``...), each with its synonyms and a one-line description. Icon
elements carry a function as their ``label`` (the icon set's own name stays in ``icon``); the
filter, the prompt and locate match a task's words against a function's synonyms.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from ..errors import ModelUnavailable
from ..runtime import package_data


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

    def get(self, function_id: str) -> Function | None:
        return self._by_id().get(function_id)

    def _by_id(self) -> dict[str, Function]:
        return {f.id: f for f in self.functions}

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
