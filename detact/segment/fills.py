"""Text fields drawn as a flat fill with no border: a GTK entry on a grey panel, a spin box's
entry, a filled web input. The edge segmenter (`classical`) needs a border line to find a
field; a fill only a few grey levels off its panel gives Canny no edge, and the field is lost
(only its text, or nothing, comes back).

`filled_fields` finds them from the fills themselves, at half resolution (fields are large):

1. Flat pixels: the grey level is the same (within `FLAT_LEVELS`) over each 2x2 block.
2. Their 4-connected components that are field-shaped: 16 to 56 px tall (times ``scale``), at
   least `FIELD_ASPECT` times as wide as tall, at most 95% of the screen's width, filling 60% or
   more of their box (text inside takes the rest), not touching the screen's edge.
3. Set off from what surrounds them on all four sides: the median grey just outside each side
   differs from the fill by at least `SIDE_STEP` levels. The empty end of a tab bar or toolbar
   runs into the window's edge or into a tab of its own colour; a field does not.
4. Holding what a field holds: one or two text runs that start within two heights of its left
   edge and end before 60% of its width (a value or a placeholder), or no text but an icon (a
   search field's magnifier) or a label (a text run ending within three heights on its left,
   or one right above it, within 1.5 heights; not a run framed by a segmented box wider than
   it by a height, such as a combo box's value): an empty stretch of toolbar between two
   widgets is none. A centred caption is a button's; a row of words is a toolbar's.
5. Not a box the segmenter has already (IoU 0.7).
"""
from __future__ import annotations

import cv2
import numpy as np

from ..boxes import coverage, holds_point, iou

#: Grey levels within which a 2x2 block counts as flat (anti-aliased edges and text are not).
FLAT_LEVELS = 2
#: A field is at least this many times as wide as it is tall.
FIELD_ASPECT = 6.0
#: Grey levels between a field's fill and the panel around it, on each of its four sides.
SIDE_STEP = 6


def filled_fields(rgb: np.ndarray, text_xyxy: np.ndarray, regions_xyxy: np.ndarray, scale: float = 1.0
                  ) -> np.ndarray:
    """Boxes (K, 4) int32 xyxy of the flat-filled text fields in an RGB uint8 image (H, W, 3)
    that no box of ``regions_xyxy`` (M, 4) already covers, by the module's rules; ``text_xyxy``
    (N, 4) are the text runs read on it, ``scale`` the screen's pixel scale."""
    gray = cv2.cvtColor(np.ascontiguousarray(rgb[::2, ::2]), cv2.COLOR_RGB2GRAY)
    block = np.ones((2, 2), np.uint8)
    spread = cv2.dilate(gray, block, anchor=(0, 0)) - cv2.erode(gray, block, anchor=(0, 0))
    flat = (spread <= FLAT_LEVELS).astype(np.uint8)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    x, y, bw, bh, area = (stats[:, k] for k in range(5))
    gh, gw = gray.shape
    half = scale / 2.0
    cand = np.flatnonzero((bh >= 16 * half) & (bh <= 56 * half) & (bw >= FIELD_ASPECT * bh) & (bw <= 0.95 * gw)
                          & (area >= 0.6 * bw * bh) & (x >= 2) & (y >= 2) & (x + bw <= gw - 2) & (y + bh <= gh - 2))
    text = np.asarray(text_xyxy, np.float64).reshape(-1, 4)
    centres = (text[:, :2] + text[:, 2:]) / 2
    regions = np.asarray(regions_xyxy, np.float64).reshape(-1, 4)
    label_runs = text[~_framed(text, regions)]    # the runs that may label an empty field (rule 4)
    out = []
    for i in cand:
        x0, y0, x1, y1 = int(x[i]), int(y[i]), int(x[i] + bw[i]), int(y[i] + bh[i])
        fill = int(np.median(gray[y0:y1, x0:x1][labels[y0:y1, x0:x1] == i]))
        sides = (gray[y0 - 2, x0:x1], gray[y1 + 1, x0:x1], gray[y0:y1, x0 - 2], gray[y0:y1, x1 + 1])
        if min(abs(int(np.median(side)) - fill) for side in sides) < SIDE_STEP:
            continue
        box = _to_full_size(rgb, np.array([x0, y0, x1, y1]) * 2, fill)
        runs = text[holds_point(box, centres)]
        height = box[3] - box[1]
        if len(runs) > 2 or (len(runs) and (runs[:, 0].min() - box[0] > 2 * height
                                            or runs[:, 2].max() >= box[0] + 0.6 * (box[2] - box[0]))):
            continue
        if not len(runs) and not _labelled_or_marked(box, label_runs, regions):
            continue
        out.append(box)
    found = np.array(out, np.int32).reshape(-1, 4)
    if len(found) and len(regions):
        found = found[iou(found, regions).max(axis=1) < 0.7]
    return found


def _to_full_size(rgb: np.ndarray, box: np.ndarray, fill: int) -> np.ndarray:
    """``box`` (a half-resolution component's, doubled) grown by up to 2 px on each side while
    the full-resolution line beyond it is still the fill's grey ``fill``: the fill's own box."""
    gray = cv2.cvtColor(rgb[max(box[1] - 2, 0):box[3] + 2, max(box[0] - 2, 0):box[2] + 2], cv2.COLOR_RGB2GRAY)
    ox, oy = max(box[0] - 2, 0), max(box[1] - 2, 0)
    x0, y0, x1, y1 = (int(v) for v in box)

    def same(line: np.ndarray) -> bool:
        return line.size > 0 and abs(int(np.median(line)) - fill) <= FLAT_LEVELS

    for _ in range(2):
        if x0 - 1 >= ox and same(gray[y0 - oy:y1 - oy, x0 - 1 - ox]):
            x0 -= 1
        if x1 - ox < gray.shape[1] and same(gray[y0 - oy:y1 - oy, x1 - ox]):
            x1 += 1
        if y0 - 1 >= oy and same(gray[y0 - 1 - oy, x0 - ox:x1 - ox]):
            y0 -= 1
        if y1 - oy < gray.shape[0] and same(gray[y1 - oy, x0 - ox:x1 - ox]):
            y1 += 1
    return np.array([x0, y0, x1, y1])


def _labelled_or_marked(box: np.ndarray, text: np.ndarray, regions: np.ndarray) -> bool:
    """Whether an empty fill ``box`` has a label (a text run of ``text`` (N, 4), the runs no box
    of ``regions`` (M, 4) frames (`_framed`: a combo box's value is no label), ending within
    three heights on its left, on its row, or one right above it) or an icon inside (a box of
    ``regions`` centred in it, under half its width): rule 4."""
    x0, y0, x1, y1 = (float(v) for v in box)
    h = y1 - y0
    cy = (text[:, 1] + text[:, 3]) / 2
    left = (np.abs(cy - (y0 + y1) / 2) <= h / 2) & (x0 - text[:, 2] >= 0) & (x0 - text[:, 2] <= 3 * h)
    above = (y0 - text[:, 3] >= 0) & (y0 - text[:, 3] <= 1.5 * h) & (np.abs(text[:, 0] - x0) <= 2 * h)
    centres = (regions[:, :2] + regions[:, 2:]) / 2
    marked = holds_point(box, centres) & (regions[:, 2] - regions[:, 0] < 0.5 * (x1 - x0))
    return bool(left.any() or above.any() or marked.any())


def _framed(text: np.ndarray, regions: np.ndarray) -> np.ndarray:
    """(N,) bool: the runs ``text`` (N, 4) that lie inside a box of ``regions`` (M, 4) wider
    than themselves by at least their height (a control's frame around its value; the
    segmenter's contour around a word's own letters is about the word's size)."""
    if not len(text) or not len(regions):
        return np.zeros(len(text), bool)
    inside = coverage(regions, text).T >= 1.0                               # (N, M)
    wider = (regions[None, :, 2] - regions[None, :, 0]) >= (text[:, 2] - text[:, 0] + text[:, 3] - text[:, 1])[:, None]
    return (inside & wider).any(axis=1)
