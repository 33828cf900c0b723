"""Vectorised box geometry used by the segmenter and the merge step."""
from __future__ import annotations

import numpy as np


def areas(xyxy: np.ndarray) -> np.ndarray:
    wh = np.clip(xyxy[:, 2:] - xyxy[:, :2], 0, None).astype(np.int64)
    return wh[:, 0] * wh[:, 1]


def intersections(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(len(a), len(b)) intersection areas."""
    lt = np.maximum(a[:, None, :2], b[None, :, :2])
    rb = np.minimum(a[:, None, 2:], b[None, :, 2:])
    wh = np.clip(rb - lt, 0, None).astype(np.int64)
    return wh[..., 0] * wh[..., 1]


def iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    inter = intersections(a, b)
    union = areas(a)[:, None] + areas(b)[None, :] - inter
    return inter / np.maximum(union, 1)


def coverage(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(len(a), len(b)): the share of each box of ``b`` that lies inside each box of ``a``."""
    return intersections(a, b) / np.maximum(areas(b)[None, :], 1)


def reading_order(xyxy: np.ndarray, line_tolerance: int = 8) -> np.ndarray:
    """Indices sorting boxes top-to-bottom, then left-to-right within a line band."""
    if not len(xyxy):
        return np.zeros(0, np.int64)
    cy = (xyxy[:, 1] + xyxy[:, 3]) // 2
    return np.lexsort((xyxy[:, 0], cy // max(1, line_tolerance)))
