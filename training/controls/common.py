"""Shared output handling: case folders, gt.json writing, the failure log."""
from __future__ import annotations

import json
import threading
import time
from collections import Counter
from pathlib import Path

SPLITS = ("train", "heldout")
STATES = ("checked", "selected", "disabled", "expanded", "focused", "pressed")
REQUIRED_KEYS = ("app", "source", "width", "height", "scale", "theme", "toolkit", "widget_theme", "split",
                 "elements", "ignore_regions")


class CaseWriter:
    """Writes cases as OUT/<split>/<source>-<kit>-<n>/{screenshot.png,gt.json}."""

    def __init__(self, out: Path):
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.counts: Counter = Counter()
        self._lock = threading.Lock()
        self.log_path = self.out / "_build.log"

    def write(self, split: str, source: str, kit: str, png: bytes, gt: dict) -> Path:
        """Validate and store one case; returns its folder."""
        if split not in SPLITS:
            raise ValueError(f"bad split {split!r}")
        missing = [k for k in REQUIRED_KEYS if k not in gt]
        if missing:
            raise ValueError(f"gt.json lacks {missing}")
        for e in gt["elements"]:
            bad = [s for s in e.get("states", []) if s not in STATES]
            if bad:
                raise ValueError(f"unknown states {bad}")
            x0, y0, x1, y1 = e["bbox"]
            if not (0 <= x0 < x1 <= gt["width"] and 0 <= y0 < y1 <= gt["height"]):
                raise ValueError(f"bbox {e['bbox']} outside {gt['width']}x{gt['height']}")
        with self._lock:
            key = f"{source}-{kit}"
            self.counts[key] += 1
            case = self.out / split / f"{key}-{self.counts[key]}"
        case.mkdir(parents=True, exist_ok=True)
        (case / "screenshot.png").write_bytes(png)
        (case / "gt.json").write_text(json.dumps(gt, ensure_ascii=False, indent=1))
        return case

    def log(self, line: str) -> None:
        """Append a failure or note to OUT/_build.log."""
        with self._lock, open(self.log_path, "a") as f:
            f.write(f"{time.strftime('%H:%M:%S')} {line}\n")
