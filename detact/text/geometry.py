"""Helpers shared by the OCR engines: quads to boxes, clipping."""
from __future__ import annotations

import numpy as np


def quads_to_xyxy(quads: np.ndarray, width: int, height: int) -> np.ndarray:
    """(N, 4, 2) corner points -> (N, 4) integer boxes clipped to the image, x1/y1 exclusive."""
    quads = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    if not len(quads):
        return np.zeros((0, 4), np.int32)
    lo = np.floor(quads.min(axis=1))
    hi = np.ceil(quads.max(axis=1))
    xyxy = np.concatenate([lo, hi], axis=1)
    xyxy[:, [0, 2]] = np.clip(xyxy[:, [0, 2]], 0, width)
    xyxy[:, [1, 3]] = np.clip(xyxy[:, [1, 3]], 0, height)
    return xyxy.astype(np.int32)
