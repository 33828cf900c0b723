"""The element list every pipeline stage passes along, and the ``detact/parse@2`` JSON.

`Elements` is columnar (numpy arrays, one row per element) so that stages can filter,
merge and score whole lists at once; iterate it to get `Element` rows. Every column is
declared once in `COLUMNS`; construction, slicing, concatenation, `with_` and the JSON
round trip all follow that table.

Element ids are a column, not row positions: the parser numbers the final elements once (in
reading order) and every subset, filter result or JSON round trip keeps them.

``detact/parse@2`` keeps every ``parse@1`` field and adds, per element, what an accessibility
tree gives: ``role``, ``states``, ``name``, ``value`` and ``parent`` (the id of a container),
plus the containers themselves (toolbars, menus, dialogs, lists, rows) in a ``containers``
list that shares the elements' id space. ``center`` is where a click should land: the box's
centre unless a stage set another point (a checkbox whose box spans its label is clicked on
the box itself).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

import numpy as np

from .errors import DocumentError

SCHEMA = "detact/parse@2"
SCHEMA_V1 = "detact/parse@1"
SCHEMAS = (SCHEMA, SCHEMA_V1)
KINDS = ("text", "icon", "region")
#: The visible states an element may show.
STATES = ("checked", "selected", "disabled", "expanded", "focused", "pressed")
#: Roles of things an agent operates, then roles of everything else. ``group`` is what a
#: candidate compound control (a frame around several elements) is called when it is no control.
INTERACTIVE = ("button", "checkbox", "radio", "switch", "textbox", "combobox", "slider", "spinbox",
               "tab", "link", "menuitem", "listitem")
ROLES = INTERACTIVE + ("text", "heading", "icon", "image", "group")


def _states(value) -> tuple[str, ...]:
    """A states value from code or JSON: a list/tuple of known state names, deduplicated."""
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise ValueError("states must be a list of names")
    bad = [v for v in value if v not in STATES]
    if bad:
        raise ValueError(f"unknown state(s) {bad[:3]}; expected some of {', '.join(STATES)}")
    return tuple(dict.fromkeys(value))


@dataclass(frozen=True)
class Column:
    """One per-element column: numpy dtype, value for rows that do not set it, and how a
    value is read from JSON."""

    dtype: Any
    default: Any
    convert: Any


#: Every column but the boxes, in JSON order. ``id`` -1 means "not numbered yet"; ``parent``
#: -1 "none"; ``role`` "" "not classified". The last six are parse@2's; ``label`` is what an
#: icon does (a function such as "close"), ``icon`` the icon set's own name for it ("fa:xmark").
COLUMNS: dict[str, Column] = {
    "id": Column(np.int32, -1, int),
    "kind": Column(object, "region", str),
    "text": Column(object, "", str),
    "label": Column(object, "", str),
    "score": Column(np.float32, 0.0, float),
    "color": Column(object, "", str),
    "role": Column(object, "", str),
    "states": Column(object, (), _states),
    "name": Column(object, "", str),
    "value": Column(object, "", str),
    "parent": Column(np.int32, -1, int),
    "icon": Column(object, "", str),
}
V2_COLUMNS = ("role", "states", "name", "value", "parent", "icon")


@dataclass(frozen=True)
class Element:
    """One UI element. ``bbox`` is ``(x0, y0, x1, y1)`` in integer pixels, x1/y1 exclusive;
    ``center`` the click point."""

    kind: str
    bbox: tuple[int, int, int, int]
    text: str = ""
    label: str = ""
    score: float = 0.0
    color: str = ""
    id: int = -1
    role: str = ""
    states: tuple[str, ...] = ()
    name: str = ""
    value: str = ""
    parent: int = -1
    center: tuple[int, int] = (-1, -1)
    icon: str = ""

    def __post_init__(self):
        if self.center == (-1, -1):
            x0, y0, x1, y1 = self.bbox
            object.__setattr__(self, "center", ((x0 + x1) // 2, (y0 + y1) // 2))

    @property
    def title(self) -> str:
        """What a person would call it: its name, else OCR text, else icon label, else its kind."""
        return self.name or self.text or self.label or self.kind

    def to_dict(self, schema: str = SCHEMA) -> dict:
        d = {"id": self.id, "kind": self.kind, "text": self.text, "label": self.label,
             "bbox": list(self.bbox), "center": list(self.center),
             "score": round(float(self.score), 4), "color": self.color}
        if schema == SCHEMA:
            d.update(role=self.role, states=list(self.states), name=self.name, value=self.value,
                     parent=None if self.parent < 0 else self.parent, icon=self.icon)
        return d


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
                 point=None, frame=None, **columns):
        xyxy = np.zeros((0, 4), np.int32) if xyxy is None else np.asarray(xyxy, np.int32).reshape(-1, 4)
        n = len(xyxy)
        unknown = set(columns) - set(COLUMNS)
        if unknown:
            raise TypeError(f"unknown element column(s): {', '.join(sorted(unknown))}")
        given = {"kind": kind, "text": text, "label": label, "score": score, "color": color, **columns}
        self.xyxy = xyxy
        for name in COLUMNS:
            setattr(self, name, _column(name, given.get(name), n))
        # click points: (-1, -1) means "the box's centre"
        self.point = np.full((n, 2), -1, np.int32) if point is None else np.asarray(point, np.int32).reshape(n, 2)
        # the box of a frame drawn around just this element (a button's border around its label),
        # all -1 for none; the merge step finds it, the semantics stage reads it; not in the JSON
        self.frame = np.full((n, 4), -1, np.int32) if frame is None else np.asarray(frame, np.int32).reshape(n, 4)
        bad = set(self.kind) - set(KINDS)
        if bad:
            raise ValueError(f"unknown element kind(s) {sorted(bad)}; expected one of {KINDS}")

    def _columns(self) -> dict[str, np.ndarray]:
        return {"xyxy": self.xyxy, "point": self.point, "frame": self.frame,
                **{name: getattr(self, name) for name in COLUMNS}}

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
                      for name in ("xyxy", "point", "frame", *COLUMNS)})

    @classmethod
    def from_dicts(cls, items: Sequence[dict]) -> "Elements":
        """Elements from JSON element dicts (``bbox`` required). Missing ids are numbered by
        position; a malformed element is a `DocumentError` naming it."""
        boxes, points, columns = [], [], {name: [] for name in COLUMNS}
        for pos, d in enumerate(items):
            try:
                box = _bbox(d["bbox"])
                boxes.append(box)
                points.append(_point(d.get("center"), box))
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
            return cls(np.array(boxes, np.int64).reshape(-1, 4), point=np.array(points, np.int64).reshape(-1, 2),
                       **columns)
        except ValueError as exc:
            raise DocumentError(str(exc)) from None

    # --- access ---------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.xyxy)

    def __getitem__(self, index):
        if isinstance(index, (int, np.integer)):
            i = int(index)
            return Element(str(self.kind[i]), tuple(int(v) for v in self.xyxy[i]), str(self.text[i]),
                           str(self.label[i]), float(self.score[i]), str(self.color[i]), int(self.id[i]),
                           str(self.role[i]), tuple(self.states[i]), str(self.name[i]), str(self.value[i]),
                           int(self.parent[i]), tuple(int(v) for v in self.centers[i]), str(self.icon[i]))
        return Elements(**{name: col[index] for name, col in self._columns().items()})

    def __iter__(self) -> Iterator[Element]:
        return (self[i] for i in range(len(self)))

    def __repr__(self) -> str:
        counts = {k: int((self.kind == k).sum()) for k in KINDS}
        return f"Elements(n={len(self)}, {counts})"

    @property
    def centers(self) -> np.ndarray:
        """(N, 2) integer click points: the set point, else the box's centre."""
        middle = (self.xyxy[:, :2] + self.xyxy[:, 2:]) // 2
        return np.where(self.point >= 0, self.point, middle)

    @property
    def areas(self) -> np.ndarray:
        wh = np.clip(self.xyxy[:, 2:] - self.xyxy[:, :2], 0, None)
        return wh[:, 0].astype(np.int64) * wh[:, 1]

    def with_(self, **columns) -> "Elements":
        """A copy with some columns replaced (e.g. ``els.with_(color=colors)``)."""
        unknown = set(columns) - {"xyxy", "point", "frame", *COLUMNS}
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

    def to_dicts(self, schema: str = SCHEMA) -> list[dict]:
        return [e.to_dict(schema) for e in self]


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


def _point(value, box: list[int]) -> list[int]:
    """A click point from JSON: ``[x, y]``, or (-1, -1) when it is the box's centre or absent."""
    if value is None:
        return [-1, -1]
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and abs(v) <= 1e6
            for v in value):
        raise ValueError("center must be [x, y] with finite numbers")
    x, y = int(round(value[0])), int(round(value[1]))
    if [x, y] == [(box[0] + box[2]) // 2, (box[1] + box[3]) // 2] or x < 0 or y < 0:
        return [-1, -1]
    return [x, y]


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
    containers: Elements = field(default_factory=Elements)
    #: coordinates are image pixels divided by this (1: pixels; 2: logical units of a 2x screen)
    screen_scale: float = 1.0
    #: the UI scale the screenshot looks taken at, read off its text heights (`detact.scale`)
    ui_scale: float = 1.0

    @property
    def screen_size(self) -> tuple[int, int]:
        """(width, height) in the units of the coordinates: what PyAutoGUI's screen measures."""
        return round(self.width / self.screen_scale), round(self.height / self.screen_scale)

    def to_dict(self, schema: str = SCHEMA) -> dict:
        """The parse document: ``detact/parse@2`` (default) or ``detact/parse@1`` (the same
        without roles, states, names, values, parents and containers)."""
        if schema not in SCHEMAS:
            raise ValueError(f"unknown schema {schema!r}; use one of {', '.join(SCHEMAS)}")
        image = {"width": self.width, "height": self.height, "sha256": self.sha256}
        if schema == SCHEMA:
            sw, sh = self.screen_size
            image.update(ui_scale=self.ui_scale, screen_scale=self.screen_scale, screen_width=sw, screen_height=sh)
        doc = {"schema": schema, "image": image, "elements": self.elements.to_dicts(schema)}
        if schema == SCHEMA:
            doc["containers"] = [_container_dict(e) for e in self.containers]
        doc["timings_ms"] = {k: round(float(v), 2) for k, v in self.timings_ms.items()}
        doc["backends"] = dict(self.backends)
        return doc

    def to_json(self, indent: int | None = None, schema: str = SCHEMA) -> str:
        return json.dumps(self.to_dict(schema), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict) -> "ParseResult":
        """Read a parse document; anything malformed is a one-line `DocumentError`."""
        if not isinstance(data, dict) or data.get("schema") not in SCHEMAS:
            got = data.get("schema") if isinstance(data, dict) else type(data).__name__
            raise DocumentError(f"not a detact/parse@1 or @2 document (schema={got!r})")
        img = data.get("image")
        if not isinstance(img, dict):
            raise DocumentError("'image' must be an object with width and height")
        width, height = (_dimension(img, k) for k in ("width", "height"))
        items = data.get("elements", [])
        if not isinstance(items, list) or not all(isinstance(d, dict) for d in items):
            raise DocumentError("'elements' must be a list of objects")
        containers = data.get("containers", [])
        if not isinstance(containers, list) or not all(isinstance(d, dict) for d in containers):
            raise DocumentError("'containers' must be a list of objects")
        timings, backends = data.get("timings_ms", {}), data.get("backends", {})
        elements = Elements.from_dicts(items)
        try:
            boxes = Elements.from_dicts(containers) if containers else Elements()
        except DocumentError as exc:
            raise DocumentError(f"containers: {exc}") from None
        if containers and (set(boxes.id.tolist()) & set(elements.id.tolist())):
            raise DocumentError("container ids must differ from element ids")
        return cls(width, height, str(img.get("sha256", "")), elements,
                   dict(timings) if isinstance(timings, dict) else {},
                   dict(backends) if isinstance(backends, dict) else {}, boxes,
                   _scale_of(img, "screen_scale"), _scale_of(img, "ui_scale"))

    @classmethod
    def from_json(cls, text: str) -> "ParseResult":
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise DocumentError(f"not valid JSON ({_why(exc)})") from None
        return cls.from_dict(data)


def _scale_of(image: dict, key: str) -> float:
    value = image.get(key, 1.0)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not 0.25 <= value <= 8:
        raise DocumentError(f"image {key} must be a number from 0.25 to 8, got {value!r}")
    return float(value)


def _container_dict(e: Element) -> dict:
    return {"id": e.id, "role": e.role, "bbox": list(e.bbox), "name": e.name,
            "parent": None if e.parent < 0 else e.parent}


def _dimension(image: dict, key: str) -> int:
    value = image.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not 1 <= value <= 1_000_000 or value != int(value):
        raise DocumentError(f"image {key} must be a whole number of pixels from 1 to 1,000,000, got {value!r}")
    return int(value)
