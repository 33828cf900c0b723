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

Buttons are drawn so too (a dark theme's flat button, a header bar's): `filled_plates` finds
fills of a button's shape by rules 1-3 and 5 that hold one label centred, and nothing else.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ..boxes import centred_across, coverage, holds_point, iou

#: Grey levels within which a 2x2 block counts as flat (anti-aliased edges and text are not).
FLAT_LEVELS = 2
#: A field is at least this many times as wide as it is tall.
FIELD_ASPECT = 6.0
#: Grey levels between a field's fill and the panel around it, on each of its four sides.
SIDE_STEP = 6


@dataclass(frozen=True)
class FlatComponents:
    """The flat pixels of a screenshot at half resolution (rule 1), as 4-connected components:
    ``gray`` (H/2, W/2) uint8, ``labels`` (H/2, W/2) int32 and ``stats`` (C, 5) as
    ``cv2.connectedComponentsWithStats`` gives them (x, y, width, height, area)."""

    gray: np.ndarray
    labels: np.ndarray
    stats: np.ndarray


def flat_components(rgb: np.ndarray) -> FlatComponents:
    """Rule 1 on an RGB uint8 image (H, W, 3): what `filled_fields` and `filled_plates` search."""
    gray = cv2.cvtColor(np.ascontiguousarray(rgb[::2, ::2]), cv2.COLOR_RGB2GRAY)
    block = np.ones((2, 2), np.uint8)
    spread = cv2.dilate(gray, block, anchor=(0, 0)) - cv2.erode(gray, block, anchor=(0, 0))
    flat = (spread <= FLAT_LEVELS).astype(np.uint8)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    return FlatComponents(gray, labels, stats)


def _set_off_fills(rgb: np.ndarray, flat: FlatComponents, cand: np.ndarray):
    """For each candidate component (rows of ``flat.stats``) set off from its surroundings on all
    four sides (rule 3): its full-resolution box (4,)."""
    gray, labels = flat.gray, flat.labels
    for i in cand:
        x, y, bw, bh = (int(v) for v in flat.stats[i, :4])
        x0, y0, x1, y1 = x, y, x + bw, y + bh
        fill = int(np.median(gray[y0:y1, x0:x1][labels[y0:y1, x0:x1] == i]))
        sides = (gray[y0 - 2, x0:x1], gray[y1 + 1, x0:x1], gray[y0:y1, x0 - 2], gray[y0:y1, x1 + 1])
        if min(abs(int(np.median(side)) - fill) for side in sides) < SIDE_STEP:
            continue
        yield _to_full_size(rgb, np.array([x0, y0, x1, y1]) * 2, fill)


def _candidates(flat: FlatComponents, scale: float, min_aspect: float, max_width: float, min_fill: float) -> np.ndarray:
    """Rows of ``flat.stats``: components 16 to 56 px tall (times ``scale``), at least
    ``min_aspect`` times as wide as tall and at most ``max_width`` of the screen's width,
    filling at least ``min_fill`` of their box, not touching the screen's edge (rule 2)."""
    x, y, bw, bh, area = (flat.stats[:, k] for k in range(5))
    gh, gw = flat.gray.shape
    half = scale / 2.0
    return np.flatnonzero((bh >= 16 * half) & (bh <= 56 * half) & (bw >= min_aspect * bh) & (bw <= max_width * gw)
                          & (area >= min_fill * bw * bh) & (x >= 2) & (y >= 2) & (x + bw <= gw - 2) & (y + bh <= gh - 2))


def filled_fields(rgb: np.ndarray, text_xyxy: np.ndarray, regions_xyxy: np.ndarray, scale: float = 1.0,
                  flat: FlatComponents | None = None) -> np.ndarray:
    """Boxes (K, 4) int32 xyxy of the flat-filled text fields in an RGB uint8 image (H, W, 3)
    that no box of ``regions_xyxy`` (M, 4) already covers, by the module's rules; ``text_xyxy``
    (N, 4) are the text runs read on it, ``scale`` the screen's pixel scale, ``flat`` its
    `flat_components` (computed when None)."""
    flat = flat_components(rgb) if flat is None else flat
    cand = _candidates(flat, scale, FIELD_ASPECT, 0.95, 0.6)
    text = np.asarray(text_xyxy, np.float64).reshape(-1, 4)
    centres = (text[:, :2] + text[:, 2:]) / 2
    regions = np.asarray(regions_xyxy, np.float64).reshape(-1, 4)
    label_runs = text[~_framed(text, regions)]    # the runs that may label an empty field (rule 4)
    out = []
    for box in _set_off_fills(rgb, flat, cand):
        runs = text[holds_point(box, centres)]
        height = box[3] - box[1]
        if len(runs) > 2 or (len(runs) and (runs[:, 0].min() - box[0] > 2 * height
                                            or runs[:, 2].max() >= box[0] + 0.6 * (box[2] - box[0]))):
            continue
        if not len(runs) and not _labelled_or_marked(box, label_runs, regions):
            continue
        out.append(box)
    return _new_boxes(out, regions)


def _new_boxes(boxes: list, regions: np.ndarray) -> np.ndarray:
    """``boxes`` as (K, 4) int32, less those the segmenter has already (IoU 0.7 with a box of
    ``regions``; rule 5)."""
    found = np.array(boxes, np.int32).reshape(-1, 4)
    if len(found) and len(regions):
        found = found[iou(found, regions).max(axis=1) < 0.7]
    return found


#: A button's plate is at least this many times as wide as tall, and at most ...
PLATE_ASPECT = 1.2
#: ... this many label heights wider than its label.
PLATE_MARGIN = 8.0
#: The label's centre is at most this share of the plate's width off the plate's centre (as
#: `semantics.plates` asks of a button's label).
PLATE_CENTRING = 0.1
#: Free room left and right of the label inside the plate, in run heights (a run's box is
#: padded: a 23 px run holds 12 px letters).
PLATE_ROOM = 0.35


def filled_plates(rgb: np.ndarray, text_xyxy: np.ndarray, regions_xyxy: np.ndarray, scale: float = 1.0,
                  flat: FlatComponents | None = None) -> np.ndarray:
    """Boxes (K, 4) int32 xyxy of buttons drawn as a flat plate with no border round their label
    (a dark theme's button, a header bar's flat button): fills found as for `filled_fields`
    (rules 1 to 3, 5) but of a button's shape (at least `PLATE_ASPECT` times as wide as tall, at
    most half the screen's width, half filled or more), holding one text run of ``text_xyxy``
    (N, 4) and nothing the segmenter found beside it (``regions_xyxy`` (M, 4)), centred (its
    centre within `PLATE_CENTRING` of the plate's width of the plate's, with `PLATE_ROOM` run
    heights free on each side) in a plate at most `PLATE_MARGIN` run heights wider than it. The plate
    becomes the label's frame, and a label centred in its frame is a button
    (`semantics.plates`)."""
    flat = flat_components(rgb) if flat is None else flat
    cand = _candidates(flat, scale, PLATE_ASPECT, 0.5, 0.5)
    text = np.asarray(text_xyxy, np.float64).reshape(-1, 4)
    centres = (text[:, :2] + text[:, 2:]) / 2
    regions = np.asarray(regions_xyxy, np.float64).reshape(-1, 4)
    region_centres = (regions[:, :2] + regions[:, 2:]) / 2
    plates, labels = [], []
    for box in _set_off_fills(rgb, flat, cand):
        held = np.flatnonzero(holds_point(box, centres))
        if len(held) != 1:
            continue
        run = text[held[0]]
        th, tw, pw = run[3] - run[1], run[2] - run[0], box[2] - box[0]
        if not centred_across(run, box, PLATE_CENTRING, PLATE_ROOM)[0] or pw > tw + PLATE_MARGIN * th:
            continue
        beside = holds_point(box, region_centres) & ~holds_point(run, region_centres)
        if beside.any():
            continue
        plates.append(box)
        labels.append(held[0])
    # a tab is drawn on a plate too: the selected one, its row's other labels bare beside it,
    # or every one, their plates touching (buttons stand apart)
    bare = text[np.setdiff1d(np.arange(len(text)), labels)]
    boxes = np.array(plates, np.float64).reshape(-1, 4)
    out = [box for box, label in zip(plates, labels)
           if not (_beside(box, text[label], bare, 2 * (text[label][3] - text[label][1])).any()
                   or _beside(box, text[label], boxes, 1).any())]
    return _new_boxes(out, regions)


def _beside(box: np.ndarray, run: np.ndarray, others: np.ndarray, reach: float) -> np.ndarray:
    """(K,) bool: the boxes ``others`` (K, 4) centred on the line of ``run`` (within half its
    height) that lie beside the plate ``box``, at most ``reach`` px from it (not overlapping)."""
    cy = (others[:, 1] + others[:, 3]) / 2
    gap = np.maximum(others[:, 0] - box[2], box[0] - others[:, 2])
    return (np.abs(cy - (run[1] + run[3]) / 2) <= (run[3] - run[1]) / 2) & (gap >= 0) & (gap <= reach)


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
