"""A window's minimize button, found in the pixels of its title bar.

The minimize glyph of GTK's header bar (and of most title bars) is a short flat dash: 8 x 2 px at
scale 1. The segmenter's size floor (8 px on each side) drops it, OCR sees no text, and even a
box drawn round it would be named "remove" by the icon stage: a dash alone says minus. Where
it sits says more. A lone dash at the top right of the screen, with at most two glyphs between
it and the right edge (maximize and close) and nothing else there, is the minimize button.

Rule (`minimize_dashes`), sizes at scale 1 and grown with the screen's scale:
1. Look in the top `BAND` px and the right `REACH` px of the image; ink is what differs from
   the band's median grey by more than `INK_CONTRAST`.
2. A dash is one ink component 6-16 px wide, 1-4 px tall and at least 2.5 times as wide as
   tall, that no element found so far covers.
3. On its row (its centre line, give or take `ROW` px) to its right lie at most two other ink
   components, each at most `GLYPH` px on a side, and nothing else lies within one dash width
   of it.
"""
from __future__ import annotations

import cv2
import numpy as np

from ..elements import Elements
from ..text.split import median_ink

BAND = 48
REACH = 160
INK_CONTRAST = 50
ROW = 12
GLYPH = 20
#: The function of the found button (an id of ``detact/data/icons/functions.json``).
MINIMIZE = "minimize"


def minimize_dashes(rgb: np.ndarray, elements: Elements, scale: float = 1.0) -> Elements:
    """Icon elements (label `MINIMIZE`, score 1) for the title-bar dashes of the RGB uint8
    image ``rgb`` (H, W, 3) that none of ``elements`` covers; empty when there is none."""
    h, w = rgb.shape[:2]
    top, left = min(h, int(BAND * scale)), max(0, w - int(REACH * scale))
    band = cv2.cvtColor(np.ascontiguousarray(rgb[:top, left:]), cv2.COLOR_RGB2GRAY)
    if band.size == 0:
        return Elements()
    ink = median_ink(band, INK_CONTRAST).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    boxes = stats[1:, :4].astype(np.int64)              # x, y, w, h of each component, background left out
    if not len(boxes):
        return Elements()
    bx, by, bw, bh = boxes.T
    dash = (bw >= 6 * scale) & (bw <= 16 * scale) & (bh <= 4 * scale) & (2 * bw >= 5 * bh)
    found = []
    for k in np.flatnonzero(dash):
        cy = by[k] + bh[k] / 2
        others = np.arange(len(boxes)) != k
        row = others & (np.abs(by + bh / 2 - cy) <= ROW * scale)
        right = row & (bx >= bx[k] + bw[k])
        glyphs_ok = right.sum() <= 2 and bool(np.all(np.maximum(bw[right], bh[right]) <= GLYPH * scale))
        # nothing else within one dash width of it (a dash inside a drawing, an underline)
        near = others & ~right & (bx < bx[k] + 2 * bw[k]) & (bx + bw > bx[k] - bw[k]) \
            & (by < by[k] + bh[k] + bw[k]) & (by + bh > by[k] - bw[k])
        if not glyphs_ok or near.any():
            continue
        box = np.array([left + bx[k], by[k], left + bx[k] + bw[k], by[k] + bh[k]], np.int64)
        centre = (box[:2] + box[2:]) / 2
        if not ((elements.xyxy[:, :2] <= centre) & (centre < elements.xyxy[:, 2:])).all(axis=1).any():
            found.append(box)
    if not found:
        return Elements()
    # the element is a square round the dash, twice its width on a side: the button's click area
    b = np.array(found, np.int64)
    cx, cy, r = (b[:, 0] + b[:, 2]) // 2, (b[:, 1] + b[:, 3]) // 2, b[:, 2] - b[:, 0]
    boxes = np.stack([np.maximum(cx - r, 0), np.maximum(cy - r, 0), np.minimum(cx + r, w), np.minimum(cy + r, h)], axis=1)
    return Elements(boxes, ["icon"] * len(boxes), [""] * len(boxes), [MINIMIZE] * len(boxes),
                    score=[1.0] * len(boxes))
