"""Check boxes drawn too faintly for the edge segmenter, found before their labels.

Themes draw an unticked check box as a light grey outline on white (Adwaita, a yad form), a
fill a few levels darker than a dark panel (thunar under a dark theme) or a sunken white box on
a grey dialog (Qt's Windows style). Canny at the segmenter's thresholds sees no edge there, so
neither the box nor the check box it stands for comes back; only its label does.

A label tells where to look: a check box sits just before its label's first letter, centred on
its row, about as tall as its letters. `label_boxes` looks in that window left of each text run
for one shape that differs from the panel by a few grey levels (`FAINT`) and is a box
(`faint_box`): square, 0.5 to 1.3 text heights, drawn along at least three of its sides, and
alone in the window between it and the label. What is found becomes an icon candidate like any
glyph the segmenter found; the semantics stage decides whether it is a check box
(`semantics.roles.box_glyphs`) and reads whether it is ticked (`box_state`).
"""
from __future__ import annotations

import cv2
import numpy as np

from ..color import ACCENT_CHROMA, middle_chroma
from ..text.split import to_gray

#: Grey levels a faint box differs from its panel by (the segmenter's Canny needs ~40).
FAINT = 10
#: Farthest a box starts left of its label, in text heights, and the largest gap between them.
REACH, MAX_GAP = 2.2, 1.2
#: A box's side, in text heights (a check box is about as tall as the label's letters).
MIN_SIDE, MAX_SIDE = 0.5, 1.3


def box_sides(ink: np.ndarray) -> tuple[bool, bool, bool, bool]:
    """Whether each side (top, bottom, left, right) of the (h, w) bool ``ink``, cut to its
    bounding box, is drawn: inked along at least 80% of its length in its outer 2 px."""
    return tuple(bool(side.mean() >= 0.8) for side in (ink[:2].any(axis=0), ink[-2:].any(axis=0),
                                                       ink[:, :2].any(axis=1), ink[:, -2:].any(axis=1)))


#: Most of its bounding box a round shape's outline encloses (a disc's is pi / 4; a rounded
#: square's more).
ROUND_FILL = 0.88


def is_round(ink: np.ndarray) -> bool:
    """Whether the (h, w) bool ``ink``, cut to its bounding box, is a disc, a ring or a diamond:
    its four corners blank (the triangle of a fifth of its side each, at most 15% inked), its
    bounding box touched at the middle of each side (a radio button's circle, or a classic
    Tk or Motif radio's diamond), and its outline enclosing at most `ROUND_FILL` of the box (a
    square with rounded corners encloses more). Why triangles: a 10 px circle inks the
    innermost pixel of a 2 px square corner."""
    h, w = ink.shape
    c = max(2, min(h, w) // 5)
    tri = np.add.outer(np.arange(c), np.arange(c)) < c
    corners = (ink[:c, :c][tri], ink[:c, -c:][tri[:, ::-1]], ink[-c:, :c][tri[::-1]], ink[-c:, -c:][tri[::-1, ::-1]])
    if max(corner.mean() for corner in corners) > 0.15:
        return False
    mid_r, mid_c = slice(h // 2 - 1, h // 2 + 1), slice(w // 2 - 1, w // 2 + 1)
    if not (ink[:2, mid_c].any() and ink[-2:, mid_c].any() and ink[mid_r, :2].any() and ink[mid_r, -2:].any()):
        return False
    rows = ink.any(axis=1)
    first = ink.argmax(axis=1)
    last = w - 1 - ink[:, ::-1].argmax(axis=1)
    return bool(((last - first + 1) * rows).sum() <= ROUND_FILL * h * w)


def is_square(h: float, w: float, smallest: float, largest: float) -> bool:
    """Whether an ``h`` x ``w`` shape is about square (sides within 0.85 to 1.18 of each other)
    with both sides from ``smallest`` to ``largest``."""
    return smallest <= min(h, w) <= max(h, w) <= largest and 0.85 <= w / h <= 1.18


def label_boxes(rgb: np.ndarray, texts: np.ndarray, boxes: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """(K, 4) int32 boxes of faint check boxes in ``rgb`` (H, W, 3) uint8 right before text runs
    ``texts`` (N, 4) where nothing found so far (``boxes`` (M, 4): regions and texts) ends,
    but a tick inside the box. Only the windows looked at are greyed. Runs under 8 px or over
    40 px tall (at ``scale`` 1) are no check box labels."""
    t = np.asarray(texts, np.int64).reshape(-1, 4)
    taken = np.asarray(boxes, np.int64).reshape(-1, 4)
    H, W = rgb.shape[:2]
    found = []
    for x0, y0, x1, y1 in t.tolist():
        h = y1 - y0
        if not 8 * scale <= h <= 40 * scale:
            continue
        cy = (y0 + y1) / 2
        win = (max(int(x0 - REACH * h), 0), max(int(cy - 0.9 * h), 0), x0, min(int(cy + 0.9 * h) + 1, H))
        if win[2] - win[0] < MIN_SIDE * h + 4 or win[3] - win[1] < h:
            continue
        box = faint_box(to_gray(rgb[win[1]:win[3], win[0]:win[2]]), h)
        if box is None:
            continue
        bx0, by0, bx1, by1 = box[0] + win[0], box[1] + win[1], box[2] + win[0], box[3] + win[1]
        # centred on the label's row, and close before it
        if abs((by0 + by1) / 2 - cy) > 0.25 * h or x0 - bx1 > MAX_GAP * h:
            continue
        # something already found on the box's rows and ending in the window past the box's left
        # edge (an icon further left stands before the box; the row above's glyph may reach into
        # the window), other than a tick the box holds: the box is
        # found already, or something else stands before the label (a contour
        # running on into the label, the box's edges joined to its first letters, is not the box)
        crosses = (np.minimum(taken[:, 2], win[2]) > np.maximum(taken[:, 0], win[0]) + 1) \
            & (np.minimum(taken[:, 3], by1) > np.maximum(taken[:, 1], by0) + 1)
        held = (taken[:, 0] > bx0) & (taken[:, 1] > by0) & (taken[:, 2] < bx1) & (taken[:, 3] < by1)
        if (crosses & (taken[:, 2] <= x0 + 1) & (taken[:, 2] > bx0 + 1) & ~held).any():
            continue
        found.append((bx0, by0, bx1, by1))
    return np.array(found, np.int32).reshape(-1, 4)


def faint_box(gray: np.ndarray, text_h: float) -> tuple[int, int, int, int] | None:
    """The box (x0, y0, x1, y1, in ``gray``'s pixels) of the one shape in the grey window
    ``gray`` that is a check box drawn faintly, or None: ink (more than `FAINT` levels off the
    window's median) in one piece that does not touch the window's edge, square (sides within
    0.85 to 1.18 of each other), `MIN_SIDE` to `MAX_SIDE` of ``text_h``, with three of its
    sides inked along 80% of their length in their outer 2 px, or round (`is_round`: a radio
    button's circle); and no other ink right of it on its rows."""
    g = gray.astype(np.int16)
    ink = (np.abs(g - int(np.median(g))) > FAINT).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    hh, ww = ink.shape
    best = None
    for x, y, w, h, area in stats[1:].tolist():
        if area < 8 or x == 0 or y == 0 or x + w >= ww or y + h >= hh:
            continue
        shape = ink[y:y + h, x:x + w].astype(bool)
        if not is_square(h, w, MIN_SIDE * text_h, MAX_SIDE * text_h) \
                or (sum(box_sides(shape)) < 3 and not is_round(shape)):
            continue
        if best is not None:
            return None                     # two box-like shapes: a row of icons, not a check box
        best = (x, y, x + w, y + h)
    if best is None or ink[best[1]:best[3], best[2]:].any():
        return None
    return best


def faint_ring_state(image: np.ndarray, box, scale: float = 1.0) -> bool | None:
    """Whether the faint radio button in ``box`` of ``image`` (RGB (H, W, 3) or gray (H, W)) is
    checked: None when the ink (more than `FAINT` levels off the median of the 2 px round
    ``box``) is no round shape (`is_round`) 10 to 24 px across (at ``scale`` 1), else whether a
    dot is drawn in its middle third (more than `FAINT` levels off the inside's median)."""
    found = _faint_shape(image, box)
    if found is None:
        return None
    g, shape, (r0, c0) = found
    h, w = shape.shape
    if not is_square(h, w, 10 * scale, 24 * scale) or not is_round(shape):
        return None
    inside = g[r0 + h // 5:r0 + h - h // 5, c0 + w // 5:c0 + w - w // 5]
    middle = g[r0 + h // 3:r0 + h - h // 3, c0 + w // 3:c0 + w - w // 3]
    if middle.size and (np.abs(middle - int(np.median(inside))) > FAINT).mean() > 0.3:
        return True
    # ... or filled in an accent colour (a classic Tk or Motif radio's diamond)
    gx0, gy0 = max(int(box[0]) - 2, 0), max(int(box[1]) - 2, 0)
    return middle_chroma(image, (gx0 + c0, gy0 + r0, gx0 + c0 + w, gy0 + r0 + h)) >= ACCENT_CHROMA


def _faint_ink(image: np.ndarray, box) -> tuple[np.ndarray, np.ndarray, tuple[int, int]] | None:
    """The grey crop of ``box`` of ``image`` with 2 px round it (int16), the ink in it (more than
    `FAINT` levels off the median of those 2 px), and the crop's top-left corner (x, y) in
    ``image``; None when the crop is too small."""
    x0, y0, x1, y1 = (int(v) for v in box)
    gx0, gy0 = max(x0 - 2, 0), max(y0 - 2, 0)
    crop = image[gy0:y1 + 2, gx0:x1 + 2]
    if crop.shape[0] < 8 or crop.shape[1] < 8:
        return None
    g = (to_gray(crop) if crop.ndim == 3 else crop).astype(np.int16)
    ring = np.ones(g.shape, bool)
    ring[y0 - gy0:y1 - gy0, x0 - gx0:x1 - gx0] = False
    if not ring.any():
        return None
    return g, np.abs(g - int(np.median(g[ring]))) > FAINT, (gx0, gy0)


def _faint_shape(image: np.ndarray, box) -> tuple[np.ndarray, np.ndarray, tuple[int, int]] | None:
    """The grey crop of ``box`` of ``image`` with 2 px round it (int16), the ink in it (more than
    `FAINT` levels off the median of those 2 px) cut to its bounding box, and that box's top-left
    in the crop; None when the crop is too small or holds no ink."""
    found = _faint_ink(image, box)
    if found is None:
        return None
    g, ink, _ = found
    rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    if not len(rows):
        return None
    return g, ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1], (int(rows[0]), int(cols[0]))


#: A bevelled glyph's face is filled: its faint piece covers at least this share of its box
#: (a disc pi / 4, a diamond half; an outline icon's strokes little of theirs).
BEVEL_FILL = 0.45


def faint_piece(image: np.ndarray, box) -> tuple[int, int, int, int] | None:
    """The box (x0, y0, x1, y1) of the piece of faint ink (`FAINT` levels off the panel round
    ``box``, 8-connected) that holds ``box``'s centre, looked for in ``box`` grown on both ends
    of its shorter side by the difference of its sides (the segmenter may have boxed a bevelled
    glyph's dark half alone); None when there is none, or it fills less than `BEVEL_FILL` of
    its box."""
    x0, y0, x1, y1 = (int(v) for v in box)
    d = (x1 - x0) - (y1 - y0)
    found = _faint_ink(image, (x0, y0 - d, x1, y1 + d) if d > 0 else (x0 + d, y0, x1 - d, y1))
    if found is None:
        return None
    _, ink, (gx0, gy0) = found
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    cy, cx = (y0 + y1) // 2 - gy0, (x0 + x1) // 2 - gx0
    window = labels[max(cy - 1, 0):cy + 2, max(cx - 1, 0):cx + 2]
    if not (window > 0).any():
        return None
    x, y, w, h, area = stats[np.bincount(window[window > 0]).argmax()].tolist()
    if area < BEVEL_FILL * w * h:
        return None
    return gx0 + x, gy0 + y, gx0 + x + w, gy0 + y + h


def faint_box_state(image: np.ndarray, box, scale: float = 1.0) -> bool | None:
    """Whether the faint check box in ``box`` of ``image`` (RGB (H, W, 3) or gray (H, W)) is
    ticked: None when the ink (more than `FAINT` levels off the median of the 2 px round
    ``box``) is no square box 10 to 24 px (at ``scale`` 1) drawn along three of its sides, else
    whether more than 6% of its inside differs by `FAINT` from the inside's own median (a fill
    counts as the box's colour, a tick, cross or dash on it as drawn)."""
    found = _faint_shape(image, box)
    if found is None:
        return None
    g, shape, (r0, c0) = found
    h, w = shape.shape
    if not is_square(h, w, 10 * scale, 24 * scale) or sum(box_sides(shape)) < 3:
        return None
    inside = g[r0 + 3:r0 + h - 2, c0 + 3:c0 + w - 2]
    return bool(inside.size and (np.abs(inside - int(np.median(inside))) > FAINT).mean() > 0.06)
