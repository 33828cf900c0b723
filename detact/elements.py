"""The element list every pipeline stage passes along, and the ``detact/parse@1`` JSON.

`Elements` is columnar (numpy arrays, one row per element) so that stages can filter,
merge and score whole lists at once; iterate it to get `Element` rows.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterator, Sequence

import numpy as np

SCHEMA = "detact/parse@1"
KINDS = ("text", "icon", "region")


@dataclass(frozen=True)
class Element:
    """One UI element. ``bbox`` is ``(x0, y0, x1, y1)`` in integer pixels, x1/y1 exclusive."""

    kind: str
    bbox: tuple[int, int, int, int]
    text: str = ""
    label: str = ""
    score: float = 0.0
    color: str = ""
    id: int = -1

    @property
    def center(self) -> tuple[int, int]:
        x0, y0, x1, y1 = self.bbox
        return (x0 + x1) // 2, (y0 + y1) // 2

    @property
    def name(self) -> str:
        """What a person would call it: OCR text, else icon label, else its kind."""
        return self.text or self.label or self.kind

    def to_dict(self) -> dict:
        return {"id": self.id, "kind": self.kind, "text": self.text, "label": self.label,
                "bbox": list(self.bbox), "center": list(self.center),
                "score": round(float(self.score), 4), "color": self.color}


class Elements:
    """A list of elements stored as parallel arrays (like ``supervision.Detections``).

    xyxy: (N, 4) int32 boxes; kind/text/label/color: (N,) object arrays of str;
    score: (N,) float32. Index with an int (-> Element), a slice, a bool mask or an index array
    (-> Elements).
    """

    def __init__(self, xyxy=None, kind=None, text=None, label=None, score=None, color=None):
        xyxy = np.zeros((0, 4), np.int32) if xyxy is None else np.asarray(xyxy, np.int32).reshape(-1, 4)
        n = len(xyxy)

        def strings(values, default: str = "") -> np.ndarray:
            arr = np.empty(n, dtype=object)
            arr[:] = [default] * n if values is None else [str(v) for v in values]
            return arr

        self.xyxy = xyxy
        self.kind = strings(kind, "region")
        self.text = strings(text)
        self.label = strings(label)
        self.color = strings(color)
        self.score = np.zeros(n, np.float32) if score is None else np.asarray(score, np.float32).reshape(n)
        bad = set(self.kind) - set(KINDS)
        if bad:
            raise ValueError(f"unknown element kind(s) {sorted(bad)}; expected one of {KINDS}")

    # --- construction -------------------------------------------------------------------
    @classmethod
    def empty(cls) -> "Elements":
        return cls()

    @classmethod
    def concat(cls, parts: Sequence["Elements"]) -> "Elements":
        parts = [p for p in parts if len(p)]
        if not parts:
            return cls()
        return cls(np.concatenate([p.xyxy for p in parts]),
                   np.concatenate([p.kind for p in parts]),
                   np.concatenate([p.text for p in parts]),
                   np.concatenate([p.label for p in parts]),
                   np.concatenate([p.score for p in parts]),
                   np.concatenate([p.color for p in parts]))

    @classmethod
    def from_dicts(cls, items: Sequence[dict]) -> "Elements":
        return cls([d["bbox"] for d in items], [d.get("kind", "region") for d in items],
                   [d.get("text", "") for d in items], [d.get("label", "") for d in items],
                   [d.get("score", 0.0) for d in items], [d.get("color", "") for d in items])

    # --- access ---------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.xyxy)

    def __getitem__(self, index):
        if isinstance(index, (int, np.integer)):
            i = int(index)
            return Element(str(self.kind[i]), tuple(int(v) for v in self.xyxy[i]), str(self.text[i]),
                           str(self.label[i]), float(self.score[i]), str(self.color[i]), i)
        return Elements(self.xyxy[index], self.kind[index], self.text[index], self.label[index],
                        self.score[index], self.color[index])

    def __iter__(self) -> Iterator[Element]:
        return (self[i] for i in range(len(self)))

    def __repr__(self) -> str:
        counts = {k: int((self.kind == k).sum()) for k in KINDS}
        return f"Elements(n={len(self)}, {counts})"

    @property
    def centers(self) -> np.ndarray:
        """(N, 2) integer click points."""
        return (self.xyxy[:, :2] + self.xyxy[:, 2:]) // 2

    @property
    def areas(self) -> np.ndarray:
        wh = np.clip(self.xyxy[:, 2:] - self.xyxy[:, :2], 0, None)
        return wh[:, 0].astype(np.int64) * wh[:, 1]

    def with_(self, **columns) -> "Elements":
        """A copy with some columns replaced (e.g. ``els.with_(color=colors)``)."""
        cols = dict(xyxy=self.xyxy, kind=self.kind, text=self.text, label=self.label,
                    score=self.score, color=self.color)
        cols.update(columns)
        return Elements(**cols)

    def to_dicts(self) -> list[dict]:
        return [e.to_dict() for e in self]


@dataclass
class ParseResult:
    """What one parse returns: the image's facts, its elements and how they were made."""

    width: int
    height: int
    sha256: str
    elements: Elements
    timings_ms: dict = field(default_factory=dict)
    backends: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"schema": SCHEMA,
                "image": {"width": self.width, "height": self.height, "sha256": self.sha256},
                "elements": self.elements.to_dicts(),
                "timings_ms": {k: round(float(v), 2) for k, v in self.timings_ms.items()},
                "backends": dict(self.backends)}

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict) -> "ParseResult":
        if data.get("schema") != SCHEMA:
            raise ValueError(f"not a {SCHEMA} document (schema={data.get('schema')!r})")
        img = data["image"]
        return cls(int(img["width"]), int(img["height"]), str(img.get("sha256", "")),
                   Elements.from_dicts(data.get("elements", [])),
                   dict(data.get("timings_ms", {})), dict(data.get("backends", {})))

    @classmethod
    def from_json(cls, text: str) -> "ParseResult":
        return cls.from_dict(json.loads(text))
