"""A window's own buttons (minimize, maximize, close), found in the pixels of its title bar.

The minimize glyph of GTK's header bar (and of most title bars) is a short flat dash: 8 x 2 px at
scale 1. The segmenter's size floor (8 px on each side) drops it, OCR sees no text, and even a
box drawn round it would be named "remove" by the icon stage: a dash alone says minus. Where
it sits says more. A lone dash at the top right of the screen, with at most two glyphs between
it and the right edge (maximize and close) and nothing else there, is the minimize button. The
same convention names the glyphs after it: title bars (GTK, Qt, Windows, macOS's order
reversed aside) put maximize next and close last. Read alone, those glyphs get shape names
("crop" for the maximize square, "cancel" for a cross in a red disc, nothing for a theme's
tiny arrows); beside a found dash they get their function.

Rule (`title_bar_controls`), sizes at scale 1 and grown with the screen's scale:
1. Look in the top `BAND` px and the right `REACH` px of the image; ink is what differs from
   the band's median grey by more than `INK_CONTRAST`.
2. A dash is one ink component 6-16 px wide, 1-4 px tall and at least 2.5 times as wide as
   tall.
3. On its row (its centre line, give or take `ROW` px) to its right lie at most two glyphs,
   each at most `GLYPH` px on a side, and nothing else lies within one dash width of it
   (a frame round it, such as the window's border, does not count). A
   glyph is one or more ink components less than `GLYPH_GAP` px apart (a theme's maximize
   glyph may be two arrow heads).
4. With two glyphs the first is maximize (restore when the icon stage already said so) and the
   last close; with one it is close.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ..boxes import holds_point
from ..elements import Elements
from ..text.split import median_ink

BAND = 48
REACH = 160
INK_CONTRAST = 50
ROW = 12
GLYPH = 20
GLYPH_GAP = 3
#: The functions of the found buttons (ids of ``detact/data/icons/functions.json``).
MINIMIZE, MAXIMIZE, RESTORE, CLOSE = "minimize", "maximize", "restore", "close"


@dataclass(frozen=True)
class TitleBarControls:
    """One title bar's controls: the minimize dash and the glyphs to its right, as (4,) and
    (K, 4) int64 ``xyxy`` ink boxes in image pixels, K = 1 or 2, glyphs left to right."""

    dash: np.ndarray
    glyphs: np.ndarray

    @property
    def functions(self) -> tuple[str, ...]:
        """The glyphs' functions, left to right: (close,) or (maximize, close)."""
        return (MAXIMIZE, CLOSE)[-len(self.glyphs):]


def title_bar_controls(rgb: np.ndarray, scale: float = 1.0) -> list[TitleBarControls]:
    """The title-bar controls (rules 1-3 of the module docstring) of the RGB uint8 image ``rgb``
    (H, W, 3); empty when its top right holds none."""
    h, w = rgb.shape[:2]
    top, left = min(h, int(BAND * scale)), max(0, w - int(REACH * scale))
    band = cv2.cvtColor(np.ascontiguousarray(rgb[:top, left:]), cv2.COLOR_RGB2GRAY)
    if band.size == 0:
        return []
    ink = median_ink(band, INK_CONTRAST).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    boxes = stats[1:, :4].astype(np.int64)              # x, y, w, h of each component, background left out
    if not len(boxes):
        return []
    bx, by, bw, bh = boxes.T
    dash = (bw >= 6 * scale) & (bw <= 16 * scale) & (bh <= 4 * scale) & (2 * bw >= 5 * bh)
    found = []
    for k in np.flatnonzero(dash):
        cy = by[k] + bh[k] / 2
        others = np.arange(len(boxes)) != k
        row = others & (np.abs(by + bh / 2 - cy) <= ROW * scale)
        right = row & (bx >= bx[k] + bw[k])
        glyphs = _glyphs(boxes[right], GLYPH_GAP * scale)
        sides = np.maximum(glyphs[:, 2] - glyphs[:, 0], glyphs[:, 3] - glyphs[:, 1])
        # nothing else within one dash width of it (a dash inside a drawing, an underline)
        # (a frame round it, such as the window's border, does not count)
        near = others & ~right & (bx < bx[k] + 2 * bw[k]) & (bx + bw > bx[k] - bw[k]) \
            & (by < by[k] + bh[k] + bw[k]) & (by + bh > by[k] - bw[k])
        encloses = (bx <= bx[k]) & (by <= by[k]) & (bx + bw >= bx[k] + bw[k]) & (by + bh >= by[k] + bh[k])
        near &= ~encloses
        if len(glyphs) > 2 or not bool(np.all(sides <= GLYPH * scale)) or near.any():
            continue
        shift = np.array([left, 0, left, 0], np.int64)
        found.append(TitleBarControls(np.array([bx[k], by[k], bx[k] + bw[k], by[k] + bh[k]], np.int64) + shift,
                                      glyphs + shift))
    return found


def _glyphs(boxes: np.ndarray, gap: float) -> np.ndarray:
    """(K, 4) ``xyxy`` boxes of the glyphs made of ink components ``boxes`` ((N, 4) x, y, w, h):
    components less than ``gap`` px apart are one glyph; left to right."""
    merged: list[list[int]] = []
    for x, y, bw, bh in boxes[np.argsort(boxes[:, 0], kind="stable")]:
        b = [int(x), int(y), int(x + bw), int(y + bh)]
        if merged and b[0] <= merged[-1][2] + gap and b[1] <= merged[-1][3] + gap and b[3] >= merged[-1][1] - gap:
            m = merged[-1]
            merged[-1] = [min(m[0], b[0]), min(m[1], b[1]), max(m[2], b[2]), max(m[3], b[3])]
        else:
            merged.append(b)
    return np.array(merged, np.int64).reshape(-1, 4)


def window_buttons(rgb: np.ndarray, elements: Elements, scale: float = 1.0) -> Elements:
    """``elements`` with the title bar's buttons named (rule 4): the element over each glyph
    right of a minimize dash gets its function as label, and an icon element is added for each
    dash or glyph that no element covers. Unchanged when the title bar holds no dash."""
    controls = title_bar_controls(rgb, scale)
    if not controls:
        return elements
    label, kind, text, icon, score = (elements.label.copy(), elements.kind.copy(), elements.text.copy(),
                                      elements.icon.copy(), elements.score.copy())
    new_boxes, new_labels = [], []
    for c in controls:
        for box, function in [(c.dash, MINIMIZE), *zip(c.glyphs, c.functions)]:
            over = _covering(elements, box, max_side=3 * GLYPH * scale)
            if not over.size:
                new_boxes.append(box)
                new_labels.append(function)
                continue
            i = over[np.argmin(elements.areas[over])]
            if function == MAXIMIZE and label[i] == RESTORE:
                continue
            label[i], icon[i], score[i] = function, "", 1.0
            if kind[i] == "text" and len(str(text[i]).strip()) <= 2:     # a cross read as "X"
                kind[i], text[i] = "icon", ""
    named = elements.with_(label=label, kind=kind, text=text, icon=icon, score=score)
    added = _buttons_around(np.array(new_boxes, np.int64).reshape(-1, 4), new_labels, rgb.shape)
    return Elements.concat([named, added])


def _covering(elements: Elements, box: np.ndarray, max_side: float = np.inf) -> np.ndarray:
    """Rows of ``elements`` whose box holds the centre of ``box`` and is at most ``max_side``
    px on a side."""
    sides = (elements.xyxy[:, 2:] - elements.xyxy[:, :2]).max(axis=1)
    return np.flatnonzero(holds_point(elements.xyxy, (box[:2] + box[2:]) / 2) & (sides <= max_side))


def _buttons_around(boxes: np.ndarray, labels: list[str], shape: tuple) -> Elements:
    """Icon elements (score 1) square round each ink box, twice its longer side on a side: the
    button's click area."""
    if not len(boxes):
        return Elements()
    h, w = shape[:2]
    cx, cy = (boxes[:, 0] + boxes[:, 2]) // 2, (boxes[:, 1] + boxes[:, 3]) // 2
    r = np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
    xyxy = np.stack([np.maximum(cx - r, 0), np.maximum(cy - r, 0), np.minimum(cx + r, w), np.minimum(cy + r, h)], axis=1)
    return Elements(xyxy, ["icon"] * len(xyxy), [""] * len(xyxy), list(labels), score=[1.0] * len(xyxy))
