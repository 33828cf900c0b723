"""Classical region segmenter (OpenCV): the non-text things an agent clicks — buttons, fields,
checkboxes, toggles, icons, thumbnails — from edges and contours, in ~10-50 ms on a CPU.

Edges are taken on every color channel (a blue button on a grey bar can have almost no
luminance edge), closed with a small dilation so borders and glyph strokes join, and every
contour's bounding box becomes a candidate. Candidates are then cleaned in bulk: too small, too
large or too thin boxes go, and near-identical boxes (the inner and outer edge of one border)
collapse into one.

A contour's holes are the inside of its border, except where borders touch: fields stacked 3 px
apart, a text field whose frame runs into a toolbar's edge, a dialog's buttons 4 px apart close
into one component, and each field or button is then only a hole of it. Holes of that shape
inside a larger component are kept too (`framed_holes`)."""
from __future__ import annotations

import cv2
import numpy as np

from ..boxes import areas, nms
from ..elements import Elements
from ..imageio import screen_scale
from .base import Segmenter


class ClassicalSegmenter(Segmenter):
    """Parameters are in pixels at scale 1 and grow with ``scale`` (2 for HiDPI screenshots;
    ``None`` guesses it from the image width)."""

    name = "cv"

    def __init__(self, min_side: int = 8, max_area_frac: float = 0.08, canny: tuple[int, int] = (40, 120),
                 duplicate_iou: float = 0.75, scale: float | None = None):
        self.min_side, self.max_area_frac, self.canny = min_side, max_area_frac, canny
        self.duplicate_iou, self.scale = duplicate_iou, scale

    def segment(self, rgb: np.ndarray) -> Elements:
        h, w = rgb.shape[:2]
        scale = self.scale or screen_scale(w)
        edges = np.zeros((h, w), np.uint8)
        for c in range(3):
            edges |= cv2.Canny(rgb[:, :, c], *self.canny)
        edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
        # CCOMP lists every component's outer boundary at the top level and its holes below
        # it; a hole is the inside of a border, never a thing of its own, so only outer
        # boundaries (no parent) are kept.
        contours, hierarchy = cv2.findContours(edges, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
        if not contours:
            return Elements()
        outer = np.flatnonzero(hierarchy[0][:, 3] < 0)
        rects = np.array([cv2.boundingRect(contours[i]) for i in outer], np.int32).reshape(-1, 4)
        xyxy = np.concatenate([rects[:, :2], rects[:, :2] + rects[:, 2:]], axis=1)
        bw, bh = rects[:, 2], rects[:, 3]
        min_side = self.min_side * scale
        # a text field can span most of the screen's width (a search bar, a location bar): a
        # box of a field's height (20 to 54 px once the dilation is given back; a slider's
        # trough and knob are less) at least 6 times as wide is kept up to 0.98 of the width,
        # however long
        field = (bh >= 22 * scale) & (bh <= 56 * scale) & (bw >= 6 * bh) & (bw <= 0.98 * w)
        keep = (bw >= min_side) & (bh >= min_side) & (bw * bh <= self.max_area_frac * w * h) \
            & (bh <= 0.5 * h) & (((bw <= 0.6 * w) & (np.maximum(bw, bh) <= 25 * np.minimum(bw, bh))) | field)
        # dilation grew every box by one pixel on each side: give it back
        xyxy = np.concatenate([xyxy[keep] + np.array([1, 1, -1, -1], np.int32),
                               framed_holes(contours, hierarchy[0], edges, scale)])
        xyxy = self._collapse_duplicates(np.unique(xyxy, axis=0))
        score = np.full(len(xyxy), 0.5, np.float32)
        return Elements(xyxy, ["region"] * len(xyxy), score=score)

    def _collapse_duplicates(self, xyxy: np.ndarray) -> np.ndarray:
        """Of boxes that overlap almost entirely, keep the largest (the outer border)."""
        return xyxy[nms(xyxy, areas(xyxy), self.duplicate_iou)]


#: A hole is a cell of its neighbour (`framed_holes`) when they share at least this fraction
#: of the hole's side.
SHARED_SIDE = 0.5


def framed_holes(contours, hierarchy: np.ndarray, edges: np.ndarray, scale: float, cell_gap: int = 4) -> np.ndarray:
    """Frames of fields and buttons that are only holes of a larger component (see the module
    docstring), from ``cv2.findContours(..., RETR_CCOMP)`` output and the ``edges`` it ran on:
    holes 18 to 56 px tall (at ``scale`` 1), at least twice as wide (4 times when nothing is
    drawn inside) and at most 0.98 of the screen's width, whose component's box is at least 1.5
    times their area. A hole with another hole of its component (at least 8 px both ways)
    within ``cell_gap`` px beside, above or below it is a cell cut by a single rule (linked
    buttons, list rows, an entry joined to its button), not a frame of its own, and is left
    out, unless holes of its size lie both beside it and above or below it: a keypad's key.
    Keys too tall for those sizes are found by `_large_keys`. Returns (K, 4) int32 xyxy, grown
    by the 2 px of border and dilation the hole lies inside."""
    holes = np.flatnonzero(hierarchy[:, 3] >= 0)
    if not len(holes):
        return np.zeros((0, 4), np.int32)
    rects = np.array([cv2.boundingRect(contours[i]) for i in holes], np.int64).reshape(-1, 4)
    bw, bh = rects[:, 2], rects[:, 3]
    keep = (bh >= 18 * scale) & (bh <= 56 * scale) & (bw >= 2 * bh) & (bw <= 0.98 * edges.shape[1])
    # an empty hole is an empty field only when it is field-wide (a colour swatch is not)
    for i in np.flatnonzero(keep & (bw < 4 * bh)):
        x, y, rw, rh = rects[i]
        keep[i] = bool(edges[y + 2:y + rh - 2, x + 2:x + rw - 2].any())
    box = np.concatenate([rects[:, :2], rects[:, :2] + rects[:, 2:]], axis=1)
    parent = hierarchy[holes, 3]
    big = box[_large_keys(box, parent, scale)]
    if not keep.any():
        return big.astype(np.int32) + np.array([-2, -2, 2, 2], np.int32)
    outer = np.array([cv2.boundingRect(contours[i]) for i in hierarchy[holes[keep], 3]], np.int64).reshape(-1, 4)
    keep[keep] = outer[:, 2] * outer[:, 3] >= 1.5 * bw[keep] * bh[keep]
    f = np.flatnonzero(keep)
    # a sliver between a button's border and the next rule is no cell
    same = (parent[f][:, None] == parent[None, :]) & (np.minimum(bw, bh) >= 8 * scale)[None, :]
    same[np.arange(len(f)), f] = False
    a, b = box[f][:, None, :], box[None, :, :]
    gap_x = np.maximum(b[..., 0] - a[..., 2], a[..., 0] - b[..., 2])
    gap_y = np.maximum(b[..., 1] - a[..., 3], a[..., 1] - b[..., 3])
    gap = cell_gap * scale
    # a neighbour shares a cell's rule along most of the cell's side: a field drawn just
    # above a table's narrow header cells is no cell of that table
    shared_x = np.minimum(a[..., 2], b[..., 2]) - np.maximum(a[..., 0], b[..., 0])
    shared_y = np.minimum(a[..., 3], b[..., 3]) - np.maximum(a[..., 1], b[..., 1])
    beside = (gap_x >= 0) & (gap_x <= gap) & (shared_y >= SHARED_SIDE * bh[f][:, None])
    above = (gap_y >= 0) & (gap_y <= gap) & (shared_x >= SHARED_SIDE * bw[f][:, None])
    cell = (same & (beside | above)).any(axis=1)
    # ... unless it is a key of a keypad: a hole of the same size lies beside it and another
    # above or below it (a calculator's keys, 4 px apart, close into one component)
    size = rects[:, 2:]
    alike = same & (np.abs(size[f][:, None, :] - size[None, :, :]) <= 2 * scale).all(axis=2)
    key = (alike & beside).any(axis=1) & (alike & above).any(axis=1)
    cell &= ~key
    keep[f[cell]] = False
    joined = _entries_with_button(box, f[cell], same[cell] & beside[cell], parent, scale)
    return np.concatenate([box[keep], joined, big]).astype(np.int32) + np.array([-2, -2, 2, 2], np.int32)


#: Keys taller than a field (`_large_keys`) are at most this tall, in px at scale 1.
KEY_MAX = 160


def _large_keys(box: np.ndarray, parent: np.ndarray, scale: float) -> np.ndarray:
    """Rows of holes (``box`` (H, 4) xyxy, ``parent`` (H,) their components) that are keys of
    a keypad too tall for `framed_holes`' field sizes (a calculator's 100 px keys): 57 to
    `KEY_MAX` px tall (at ``scale`` 1), 0.6 to 4 times as wide, with a hole of the same
    component of the same size (within 2 px) on its row less than half its width away and
    one in its column less than half its height away. A split key's drop-down part, a
    narrow strip beside it, is no key."""
    bw, bh = box[:, 2] - box[:, 0], box[:, 3] - box[:, 1]
    rows = np.flatnonzero((bh > 56 * scale) & (bh <= KEY_MAX * scale) & (bw >= 0.6 * bh) & (bw <= 4 * bh))
    if len(rows) < 4:
        return np.zeros(0, np.int64)
    a, b = box[rows][:, None, :], box[rows][None, :, :]
    tol = 2 * scale
    alike = (parent[rows][:, None] == parent[rows][None, :]) \
        & (np.abs((a[..., 2:] - a[..., :2]) - (b[..., 2:] - b[..., :2])) <= tol).all(axis=2)
    np.fill_diagonal(alike, False)
    gap_x = np.maximum(b[..., 0] - a[..., 2], a[..., 0] - b[..., 2])
    gap_y = np.maximum(b[..., 1] - a[..., 3], a[..., 1] - b[..., 3])
    row = alike & (np.abs(a[..., 1] - b[..., 1]) <= tol) & (gap_x >= 0) & (gap_x < bw[rows][:, None] / 2)
    col = alike & (np.abs(a[..., 0] - b[..., 0]) <= tol) & (gap_y >= 0) & (gap_y < bh[rows][:, None] / 2)
    return rows[row.any(axis=1) & col.any(axis=1)]


def _entries_with_button(box: np.ndarray, cells: np.ndarray, beside: np.ndarray, parent: np.ndarray,
                         scale: float) -> np.ndarray:
    """An entry joined to its button (a GTK editable combo box: the entry, a rule, the arrow
    button) as one frame: of the ``cells`` (rows into ``box`` (H, 4), the holes `framed_holes`
    left out as cells; ``beside``: (C, H) which holes of their component lie beside each), each
    at least 2.5 times as wide as tall with one hole beside it, on its right, about square (at
    most 1.6 times as wide as tall), its top and bottom within ``scale`` px of the cell's, and
    no other hole beside that one. Returns (K, 4) int64 xyxy, the two holes' union."""
    out = []
    for c, row in enumerate(cells):
        nb = np.flatnonzero(beside[c])
        if len(nb) != 1:
            continue
        e, b = box[row], box[nb[0]]
        ew, eh, bw, bh = e[2] - e[0], e[3] - e[1], b[2] - b[0], b[3] - b[1]
        if not (ew >= 2.5 * eh and b[0] >= e[2] and bw <= 1.6 * bh
                and abs(b[1] - e[1]) <= scale and abs(b[3] - e[3]) <= scale):
            continue
        # the button is the last cell of the row: nothing of the component lies beside it
        others = (parent == parent[row]) & (np.arange(len(box)) != row) & (np.arange(len(box)) != nb[0])
        o = box[others]
        near = (o[:, 0] - b[2] >= 0) & (o[:, 0] - b[2] <= 4 * scale) & (o[:, 1] < b[3]) & (o[:, 3] > b[1])
        if near.any():
            continue
        out.append([e[0], min(e[1], b[1]), b[2], max(e[3], b[3])])
    return np.array(out, np.int64).reshape(-1, 4)
