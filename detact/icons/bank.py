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
BANK_FORMAT = "detact/icon-bank@1"


@dataclass(frozen=True)
class IconBank:
    """Templates ``(T, S, S)`` uint8 (255 = ink) with one label row per template."""

    templates: np.ndarray
    names: list[str]
    tags: list[list[str]]
    sets: list[str]
    licences: list[str]
    path: Path | None = None

    def __post_init__(self) -> None:
        t = self.templates
        if t.ndim != 3 or t.shape[1] != t.shape[2] or t.dtype != np.uint8:
            raise ValueError(f"templates must be uint8 (T, S, S), got {t.dtype} {t.shape}")
        if not len(self.names) == len(self.tags) == len(self.sets) == len(self.licences) == len(t):
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
        """``"trash: delete, remove, garbage"`` -- the name plus its tags, for prompts/filters."""
        if not name:
            return ""
        tags = self.tags_for(name, limit)
        return f"{name}: {', '.join(tags)}" if tags else name


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
    if meta.get("format") != BANK_FORMAT:
        raise ModelUnavailable(f"{manifest}: format {meta.get('format')!r}, expected {BANK_FORMAT!r}")
    icons = meta.get("icons", [])
    if len(icons) != len(templates):
        raise ModelUnavailable(f"icon bank in {folder} is inconsistent: {len(templates)} templates, "
                               f"{len(icons)} manifest entries; rebuild it")
    try:
        return IconBank(templates=templates, names=[str(e["name"]) for e in icons],
                        tags=[list(e.get("tags", [])) for e in icons],
                        sets=[str(e.get("set", "")) for e in icons],
                        licences=[str(e.get("licence", "")) for e in icons], path=folder)
    except (ValueError, KeyError, TypeError) as exc:
        raise ModelUnavailable(f"icon bank in {folder} is malformed: {exc}") from None
