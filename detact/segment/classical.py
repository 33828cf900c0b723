"""Classical region segmenter (OpenCV): the non-text things an agent clicks — buttons, fields,
checkboxes, toggles, icons, thumbnails — from edges and contours, in ~10-50 ms on a CPU.

Edges are taken on every color channel (a blue button on a grey bar can have almost no
luminance edge), closed with a small dilation so borders and glyph strokes join, and every
contour's bounding box becomes a candidate. Candidates are then cleaned in bulk: too small, too
large or too thin boxes go, and near-identical boxes (the inner and outer edge of one border)
collapse into one."""
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
        xyxy = np.unique(xyxy[keep], axis=0)
        xyxy = self._collapse_duplicates(xyxy)
        # dilation grew every box by one pixel on each side: give it back
        xyxy = xyxy + np.array([1, 1, -1, -1], np.int32)
        score = np.full(len(xyxy), 0.5, np.float32)
        return Elements(xyxy, ["region"] * len(xyxy), score=score)

    def _collapse_duplicates(self, xyxy: np.ndarray) -> np.ndarray:
        """Of boxes that overlap almost entirely, keep the largest (the outer border)."""
        return xyxy[nms(xyxy, areas(xyxy), self.duplicate_iou)]
