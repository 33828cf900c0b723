"""Vectorised box geometry shared by the segmenters, the merge step and the icon stage.

Boxes are ``(N, 4)`` arrays of ``x0, y0, x1, y1`` in pixels, x1/y1 exclusive."""
from __future__ import annotations

import numpy as np


def areas(xyxy: np.ndarray) -> np.ndarray:
    """(N,) int64 areas (inverted boxes count as 0)."""
    wh = np.clip(xyxy[:, 2:] - xyxy[:, :2], 0, None).astype(np.int64)
    return wh[:, 0] * wh[:, 1]


def intersections(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(len(a), len(b)) intersection areas."""
    lt = np.maximum(a[:, None, :2], b[None, :, :2])
    rb = np.minimum(a[:, None, 2:], b[None, :, 2:])
    wh = np.clip(rb - lt, 0, None).astype(np.int64)
    return wh[..., 0] * wh[..., 1]


def iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(len(a), len(b)) intersection over union."""
    inter = intersections(a, b)
    union = areas(a)[:, None] + areas(b)[None, :] - inter
    return inter / np.maximum(union, 1)


def coverage(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(len(a), len(b)): the share of each box of ``b`` that lies inside each box of ``a``."""
    return intersections(a, b) / np.maximum(areas(b)[None, :], 1)


def nms(xyxy: np.ndarray, scores: np.ndarray, iou_threshold: float) -> np.ndarray:
    """Greedy non-maximum suppression, as ``torchvision.ops.nms``: visit boxes best score
    first and drop every later box whose IoU with a kept one exceeds ``iou_threshold``.
    Ties in score keep the earlier box. Returns the kept indices, best score first."""
    n = len(xyxy)
    if n == 0:
        return np.zeros(0, np.int64)
    order = np.argsort(-np.asarray(scores, np.float64), kind="stable")
    over = iou(xyxy[order], xyxy[order]) > iou_threshold   # one (N, N) pass, then O(N) row ORs
    suppressed = np.zeros(n, bool)
    keep = []
    for i in range(n):
        if not suppressed[i]:
            keep.append(i)
            suppressed |= over[i]
    return order[np.array(keep, np.int64)]


def centred_across(inner: np.ndarray, outer: np.ndarray, tolerance: float, room: float) -> np.ndarray:
    """(K,) bool: whether each box of ``inner`` (K, 4) sits centred across its box of ``outer``
    (K, 4): its centre within ``tolerance`` of the outer box's width of the outer box's centre,
    with at least ``room`` of its own heights free on both sides (a label on its button)."""
    inner = np.asarray(inner, np.float64).reshape(-1, 4)
    outer = np.asarray(outer, np.float64).reshape(-1, 4)
    height = np.maximum(inner[:, 3] - inner[:, 1], 1)
    width = np.maximum(outer[:, 2] - outer[:, 0], 1)
    off = np.abs((inner[:, 0] + inner[:, 2]) - (outer[:, 0] + outer[:, 2])) / 2
    free = np.minimum(inner[:, 0] - outer[:, 0], outer[:, 2] - inner[:, 2])
    return (off <= tolerance * width) & (free >= room * height)


def holds_point(xyxy: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Whether each box holds each point (x0 <= x < x1, y0 <= y < y1), broadcast over the
    leading axes: boxes (N, 4) and one point (2,) -> (N,); one box (4,) and points (N, 2) -> (N,)."""
    b, p = np.asarray(xyxy), np.asarray(points)
    return ((b[..., :2] <= p) & (p < b[..., 2:])).all(axis=-1)


def holds_none(xyxy: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``rows`` of ``xyxy`` (N, 4) whose box holds no other box entirely (a bare region)."""
    b = np.asarray(xyxy)
    rows = np.asarray(rows, np.int64)
    if not len(rows):
        return rows
    r = b[rows]
    held = ((b[None, :, 0] >= r[:, None, 0]) & (b[None, :, 1] >= r[:, None, 1])
            & (b[None, :, 2] <= r[:, None, 2]) & (b[None, :, 3] <= r[:, None, 3]))
    held[np.arange(len(rows)), rows] = False
    return rows[~held.any(axis=1)]


def gaps_beside(a: np.ndarray, b: np.ndarray, max_gap: float, left_too: bool = True) -> np.ndarray:
    """(A, B) float64 horizontal gaps from each box of ``a`` (A, 4) to each box of ``b`` (B, 4)
    that sits beside it -- on its row (vertical centres within half the taller height), on its
    right (or left, when ``left_too``), at most ``max_gap`` widths of the ``a`` box away and
    reaching into it by at most half its width (or 2 px); ``inf`` for the others. How a glyph
    finds the label beside it."""
    a, b = np.asarray(a, np.float64).reshape(-1, 4), np.asarray(b, np.float64).reshape(-1, 4)
    aw, ah, bh = a[:, 2] - a[:, 0], a[:, 3] - a[:, 1], b[:, 3] - b[:, 1]
    same_row = np.abs((a[:, None, 1] + a[:, None, 3]) - (b[None, :, 1] + b[None, :, 3])) / 2 \
        <= np.maximum(ah[:, None], bh[None, :]) / 2
    gap = b[None, :, 0] - a[:, None, 2]
    if left_too:
        gap = np.maximum(gap, a[:, None, 0] - b[None, :, 2])
    beside = same_row & (gap >= -np.maximum(2, aw[:, None] / 2)) & (gap <= max_gap * aw[:, None])
    return np.where(beside, gap, np.inf)


#: A text field's or a button's frame is 18 to 56 px tall at scale 1 (`field_tall`).
FIELD_HEIGHT = (18, 56)


def field_tall(h, scale: float = 1.0):
    """Whether the height(s) ``h`` (a number or an array) lie in `FIELD_HEIGHT` at ``scale``: a
    field's, a combo box's or a button's frame (bool, or a bool array)."""
    return (h >= FIELD_HEIGHT[0] * scale) & (h <= FIELD_HEIGHT[1] * scale)


def centred_under(a: np.ndarray, b: np.ndarray, reach: float = 0.5, off_centre: float = 0.25) -> np.ndarray:
    """(A, B) bool: whether each box of ``b`` (B, 4) starts under each box of ``a`` (A, 4) --
    from 2 px inside its bottom to ``reach`` of its heights below -- with its centre within
    ``off_centre`` of its widths of its centre. How a picture finds the name under it."""
    a, b = np.asarray(a, np.float64).reshape(-1, 4)[:, None, :], np.asarray(b, np.float64).reshape(-1, 4)[None]
    below = b[..., 1] - a[..., 3]
    off = np.abs((b[..., 0] + b[..., 2]) - (a[..., 0] + a[..., 2])) / 2
    return (below >= -2) & (below <= reach * (a[..., 3] - a[..., 1])) & (off <= off_centre * (a[..., 2] - a[..., 0]))


def reading_order(xyxy: np.ndarray, line_tolerance: int = 8) -> np.ndarray:
    """Indices sorting boxes top to bottom in lines, left to right within a line.

    Boxes are taken by vertical centre; a line starts at the first box not yet placed and
    takes every box whose centre lies within ``line_tolerance`` px below that first one (so
    two boxes 1 px apart are never split by a fixed band edge)."""
    n = len(xyxy)
    if not n:
        return np.zeros(0, np.int64)
    cy = (xyxy[:, 1].astype(np.int64) + xyxy[:, 3]) / 2
    by_y = np.argsort(cy, kind="stable")
    line = np.empty(n, np.int64)
    start, current = cy[by_y[0]], 0
    for i in by_y:
        if cy[i] - start > line_tolerance:
            current += 1
            start = cy[i]
        line[i] = current
    return np.lexsort((xyxy[:, 0], line))
