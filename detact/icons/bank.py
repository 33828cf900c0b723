"""The labelled icon template bank shipped in ``detact/data/icons/`` (built by
``icon_templates/build_bank.py``)."""
from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import ModelUnavailable
from ..runtime import package_data
from ..settings import Settings

#: Environment variable naming a folder that holds ``bank.npz`` + ``manifest.json``.
BANK_ENV = "DETACT_ICON_BANK"
BANK_FORMAT = "detact/icon-bank@2"
#: Older banks (labels are shape names, no ``function``) still load.
READABLE_FORMATS = ("detact/icon-bank@1", BANK_FORMAT)


@dataclass(frozen=True)
class IconBank:
    """Templates ``(T, S, S)`` uint8 (255 = ink) with one label row per template: the set's
    own ``names`` (``window-close-symbolic``), the UI ``functions`` they perform (vocabulary
    ids such as ``close``; empty in banks older than format 2), ``tags``, ``sets``, ``licences``."""

    templates: np.ndarray
    names: list[str]
    tags: list[list[str]]
    sets: list[str]
    licences: list[str]
    path: Path | None = None
    functions: list[str] | None = None

    def __post_init__(self) -> None:
        t = self.templates
        if t.ndim != 3 or t.shape[1] != t.shape[2] or t.dtype != np.uint8:
            raise ValueError(f"templates must be uint8 (T, S, S), got {t.dtype} {t.shape}")
        if self.functions is None:
            object.__setattr__(self, "functions", [""] * len(t))
        if not (len(self.names) == len(self.tags) == len(self.sets) == len(self.licences)
                == len(self.functions) == len(t)):
            raise ValueError("templates and label lists differ in length")

    def __len__(self) -> int:
        return len(self.names)

    @property
    def size(self) -> int:
        """Side of a template in pixels."""
        return int(self.templates.shape[1])

    def glyphs(self) -> np.ndarray:
        """Templates as float32 in [0, 1]."""
        return self.templates.astype(np.float32) / 255.0

    def icon_id(self, i: int) -> str:
        """``"set:name"`` of template ``i`` (``"adwaita-symbolic:window-close-symbolic"``)."""
        return f"{self.sets[i]}:{self.names[i]}"

    def tags_for(self, name: str, limit: int = 8) -> list[str]:
        """Tags of every template called ``name``, most shared first."""
        counts: Counter[str] = Counter()
        first: dict[str, int] = {}
        for n, tags in zip(self.names, self.tags):
            if n == name:
                for t in tags:
                    counts[t] += 1
                    first.setdefault(t, len(first))
        ranked = sorted(counts, key=lambda t: (-counts[t], first[t]))
        return [t for t in ranked if t != name and t != "filled"][:limit]

    def describe(self, name: str, limit: int = 8) -> str:
        """What a label means, for prompts and filters: a function id gives its synonyms
        (``"close: dismiss, exit, x"``); a template name its function's words and its tags
        (``"trash: delete, remove, erase, bin"``); anything else comes back as it is."""
        if not name:
            return ""
        from .vocabulary import load_vocabulary

        vocab = load_vocabulary()
        if vocab.get(name) is not None:
            return vocab.describe(name)
        words: list[str] = []
        for n, f in zip(self.names, self.functions):
            if n == name and f and f not in words:
                fn = vocab.get(f)
                words.extend(w for w in (fn.words if fn else (f,)) if w not in words)
        tags = [t for t in self.tags_for(name, limit) if t not in words]
        more = [w for w in words + tags if w != name][:limit]
        return f"{name}: {', '.join(more)}" if more else name


def default_bank_dir() -> Path:
    """``$DETACT_ICON_BANK`` if set, else the bank bundled in ``detact/data/icons``."""
    return Settings.from_env().icon_bank or package_data("icons")


def load_bank(path: str | os.PathLike | None = None) -> IconBank:
    """Read ``bank.npz`` + ``manifest.json`` from ``path`` (default: :func:`default_bank_dir`)."""
    folder = Path(path).expanduser() if path is not None else default_bank_dir()
    npz, manifest = folder / "bank.npz", folder / "manifest.json"
    if not npz.is_file() or not manifest.is_file():
        raise ModelUnavailable(
            f"icon bank not found in {folder} (need bank.npz and manifest.json); set "
            f"{BANK_ENV} to a folder holding them or rebuild with "
            f"'python icon_templates/build_bank.py'")
    try:
        meta = json.loads(manifest.read_text(encoding="utf-8"))
        with np.load(npz) as data:
            templates = np.asarray(data["templates"])
    except (OSError, ValueError, KeyError) as exc:
        raise ModelUnavailable(f"icon bank in {folder} is unreadable: {exc}") from None
    if meta.get("format") not in READABLE_FORMATS:
        raise ModelUnavailable(f"{manifest}: format {meta.get('format')!r}, expected {BANK_FORMAT!r}")
    icons = meta.get("icons", [])
    if len(icons) != len(templates):
        raise ModelUnavailable(f"icon bank in {folder} is inconsistent: {len(templates)} templates, "
                               f"{len(icons)} manifest entries; rebuild it")
    try:
        return IconBank(templates=templates, names=[str(e["name"]) for e in icons],
                        tags=[list(e.get("tags", [])) for e in icons],
                        sets=[str(e.get("set", "")) for e in icons],
                        licences=[str(e.get("licence", "")) for e in icons], path=folder,
                        functions=[str(e.get("function") or "") for e in icons])
    except (ValueError, KeyError, TypeError) as exc:
        raise ModelUnavailable(f"icon bank in {folder} is malformed: {exc}") from None
