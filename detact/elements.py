"""The element list every pipeline stage passes along, and the ``detact/parse@1`` JSON.

`Elements` is columnar (numpy arrays, one row per element) so that stages can filter,
merge and score whole lists at once; iterate it to get `Element` rows. Every column is
declared once in `COLUMNS`; construction, slicing, concatenation, `with_` and the JSON
round trip all follow that table.

Element ids are a column, not row positions: the parser numbers the final elements once (in
reading order) and every subset, filter result or JSON round trip keeps them.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

import numpy as np

from .errors import DocumentError

SCHEMA = "detact/parse@1"
KINDS = ("text", "icon", "region")


@dataclass(frozen=True)
class Column:
    """One per-element column: numpy dtype, value for rows that do not set it, and how a
    value is read from JSON."""

    dtype: Any
    default: Any
    convert: Any


#: Every column but the boxes, in JSON order. ``id`` -1 means "not numbered yet".
COLUMNS: dict[str, Column] = {
    "id": Column(np.int32, -1, int),
    "kind": Column(object, "region", str),
    "text": Column(object, "", str),
    "label": Column(object, "", str),
    "score": Column(np.float32, 0.0, float),
    "color": Column(object, "", str),
}


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


def _column(name: str, values, n: int) -> np.ndarray:
    """``values`` (None: the column's default) as an (n,) array of the column's dtype."""
    spec = COLUMNS[name]
    if spec.dtype is object:
        arr = np.empty(n, dtype=object)
        arr[:] = [spec.default] * n if values is None else [spec.convert(v) for v in values]
        return arr
    if values is None:
        return np.full(n, spec.default, spec.dtype)
    return np.asarray(values, spec.dtype).reshape(n)


class Elements:
    """A list of elements stored as parallel arrays (like ``supervision.Detections``).

    xyxy: (N, 4) int32 boxes; one (N,) array per entry of `COLUMNS` (kind/text/label/color
    object arrays of str, score float32, id int32). Index with an int (-> Element), a slice, a
    bool mask or an index array (-> Elements).
    """

    def __init__(self, xyxy=None, kind=None, text=None, label=None, score=None, color=None, *,
                 id=None):  # noqa: A002 - the column is called id
        xyxy = np.zeros((0, 4), np.int32) if xyxy is None else np.asarray(xyxy, np.int32).reshape(-1, 4)
        n = len(xyxy)
        given = {"kind": kind, "text": text, "label": label, "score": score, "color": color, "id": id}
        self.xyxy = xyxy
        for name in COLUMNS:
            setattr(self, name, _column(name, given[name], n))
        bad = set(self.kind) - set(KINDS)
        if bad:
            raise ValueError(f"unknown element kind(s) {sorted(bad)}; expected one of {KINDS}")

    def _columns(self) -> dict[str, np.ndarray]:
        return {"xyxy": self.xyxy, **{name: getattr(self, name) for name in COLUMNS}}

    # --- construction -------------------------------------------------------------------
    @classmethod
    def empty(cls) -> "Elements":
        return cls()

    @classmethod
    def concat(cls, parts: Sequence["Elements"]) -> "Elements":
        parts = [p for p in parts if len(p)]
        if not parts:
            return cls()
        return cls(**{name: np.concatenate([getattr(p, name) for p in parts])
                      for name in ("xyxy", *COLUMNS)})

    @classmethod
    def from_dicts(cls, items: Sequence[dict]) -> "Elements":
        """Elements from JSON element dicts (``bbox`` required). Missing ids are numbered by
        position; a malformed element is a `DocumentError` naming it."""
        boxes, columns = [], {name: [] for name in COLUMNS}
        for pos, d in enumerate(items):
            try:
                boxes.append(_bbox(d["bbox"]))
                for name, spec in COLUMNS.items():
                    value = d.get(name, spec.default)
                    columns[name].append(spec.convert(value) if value is not None else spec.default)
            except (KeyError, TypeError, ValueError, OverflowError) as exc:
                raise DocumentError(f"element {pos}: {_why(exc)}") from None
        ids = columns["id"]
        if ids and all(i == -1 for i in ids):
            columns["id"] = list(range(len(ids)))
        elif len(set(ids)) != len(ids):
            raise DocumentError("element ids are not unique")
        try:
            return cls(np.array(boxes, np.int64).reshape(-1, 4), **columns)
        except ValueError as exc:
            raise DocumentError(str(exc)) from None

    # --- access ---------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.xyxy)

    def __getitem__(self, index):
        if isinstance(index, (int, np.integer)):
            i = int(index)
            return Element(str(self.kind[i]), tuple(int(v) for v in self.xyxy[i]), str(self.text[i]),
                           str(self.label[i]), float(self.score[i]), str(self.color[i]), int(self.id[i]))
        return Elements(**{name: col[index] for name, col in self._columns().items()})

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
        unknown = set(columns) - {"xyxy", *COLUMNS}
        if unknown:
            raise TypeError(f"unknown element column(s): {', '.join(sorted(unknown))}")
        return Elements(**{**self._columns(), **columns})

    def numbered(self) -> "Elements":
        """A copy with ids 0..N-1 in the current row order (the parser calls this once, when
        the element set is final)."""
        return self.with_(id=np.arange(len(self), dtype=np.int32))

    def by_id(self, ids) -> "Elements":
        """The elements with these ids, in the order given; an unknown id is a KeyError."""
        row = {int(i): r for r, i in enumerate(self.id)}
        return self[np.array([row[int(i)] for i in ids], np.int64)]

    def to_dicts(self) -> list[dict]:
        return [e.to_dict() for e in self]


def _bbox(value) -> list[int]:
    """``[x0, y0, x1, y1]`` as four integers within a sane pixel range, x0 <= x1, y0 <= y1."""
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        raise ValueError("bbox must be a list of 4 numbers")
    out = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or abs(v) > 1e6:
            raise ValueError("bbox must hold 4 finite numbers of at most 1e6 pixels")
        out.append(int(round(v)))
    if out[2] < out[0] or out[3] < out[1]:
        raise ValueError("bbox is inverted (x1 < x0 or y1 < y0)")
    return out


def _why(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return f"missing {exc.args[0]!r}"
    return str(exc)[:200] or type(exc).__name__


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
        """Read a parse document; anything malformed is a one-line `DocumentError`."""
        if not isinstance(data, dict) or data.get("schema") != SCHEMA:
            got = data.get("schema") if isinstance(data, dict) else type(data).__name__
            raise DocumentError(f"not a {SCHEMA} document (schema={got!r})")
        img = data.get("image")
        if not isinstance(img, dict):
            raise DocumentError("'image' must be an object with width and height")
        width, height = (_dimension(img, k) for k in ("width", "height"))
        items = data.get("elements", [])
        if not isinstance(items, list) or not all(isinstance(d, dict) for d in items):
            raise DocumentError("'elements' must be a list of objects")
        timings, backends = data.get("timings_ms", {}), data.get("backends", {})
        return cls(width, height, str(img.get("sha256", "")), Elements.from_dicts(items),
                   dict(timings) if isinstance(timings, dict) else {},
                   dict(backends) if isinstance(backends, dict) else {})

    @classmethod
    def from_json(cls, text: str) -> "ParseResult":
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise DocumentError(f"not valid JSON ({_why(exc)})") from None
        return cls.from_dict(data)


def _dimension(image: dict, key: str) -> int:
    value = image.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not 1 <= value <= 1_000_000 or value != int(value):
        raise DocumentError(f"image {key} must be a whole number of pixels from 1 to 1,000,000, got {value!r}")
    return int(value)
