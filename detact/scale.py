"""HiDPI screenshots: the UI scale a screenshot was taken at, and its coordinates in the
logical units PyAutoGUI clicks in.

A screenshot of a HiDPI screen (macOS Retina, Windows at 150%) has 2x or 1.5x the pixels of the
coordinates PyAutoGUI uses. `guess_ui_scale` reads the scale off the text: the median height of
text runs grows with it (the reference heights were measured on our own generated screens,
`training/controls`, at known scales). `to_logical` turns a parse into logical coordinates.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from .elements import Elements, ParseResult
from .imageio import screen_scale

#: Median text-run box height (px) of screens at each UI scale.
TEXT_HEIGHT_AT_SCALE = ((1.0, 21.5), (1.5, 28.5), (2.0, 35.0), (3.0, 48.0))
#: Fewer text runs than this say nothing reliable about the scale.
MIN_TEXT_RUNS = 5


def guess_ui_scale(elements: Elements) -> float:
    """The UI scale (1, 1.5, 2 or 3) whose typical text height is nearest the median height of
    the text runs; 1 when there is too little text to tell."""
    text = elements.kind == "text"
    if int(text.sum()) < MIN_TEXT_RUNS:
        return 1.0
    heights = elements.xyxy[text, 3] - elements.xyxy[text, 1]
    median = float(np.median(heights))
    return min(TEXT_HEIGHT_AT_SCALE, key=lambda sh: abs(sh[1] - median))[0]


#: Text-run heights (px) that say a screenshot narrower than 2400 px is a scale-2 capture
#: (`pixel_scale`): its 10th and 25th percentiles reach these (1x screens' runs are about 21.5
#: px tall, 2x screens' about 35). A 1x screen of large glyphs (a character map's grid) still
#: has its small menu and label text below them.
DOUBLE_TEXT_HEIGHTS = ((10, 24.5), (25, 30.5))


def pixel_scale(width: int, elements: Elements) -> int:
    """The screen's pixel scale as its text tells it, for the search for borderless text
    fields (`segment.fills`), the icon stage and merge's glyph size (the other stages keep
    `imageio.screen_scale`, see the parser):
    2 for screenshots 2400 px wide or wider (`imageio.screen_scale`) and for narrower ones whose
    text runs (the kind "text" ``elements``, at least `MIN_TEXT_RUNS`) are all drawn at twice
    the size (`DOUBLE_TEXT_HEIGHTS`: a 2048x1536 capture of a 1024x768 screen at scale 2, where
    a text field is 70 px tall), else 1. Only whole factors: 1.5 stays 1, as the width rule had it."""
    if screen_scale(width) == 2:
        return 2
    text = elements.kind == "text"
    if int(text.sum()) < MIN_TEXT_RUNS:
        return 1
    heights = elements.xyxy[text, 3] - elements.xyxy[text, 1]
    return 2 if all(np.percentile(heights, q) >= h for q, h in DOUBLE_TEXT_HEIGHTS) else 1


def _scaled(els: Elements, scale: float) -> Elements:
    if not len(els):
        return els
    xyxy = np.round(els.xyxy / scale).astype(np.int32)
    xyxy[:, 2:] = np.maximum(xyxy[:, 2:], xyxy[:, :2] + 1)
    point = np.where(els.point >= 0, np.round(els.point / scale), -1).astype(np.int32)
    frame = np.where(els.frame >= 0, np.round(els.frame / scale), -1).astype(np.int32)
    return els.with_(xyxy=xyxy, point=point, frame=frame)


def to_logical(result: ParseResult, screen_scale: float) -> ParseResult:
    """``result`` with every coordinate divided by ``screen_scale`` (boxes, click points,
    containers) and the scale recorded, so that its coordinates are the ones PyAutoGUI clicks
    at on that screen. The image's own size stays as it is; its logical size is
    `ParseResult.screen_size`."""
    if screen_scale <= 0 or not np.isfinite(screen_scale):
        raise ValueError(f"screen scale must be a positive number, got {screen_scale}")
    if result.screen_scale != 1.0:
        raise ValueError("this parse is already in logical coordinates")
    if screen_scale == 1.0:
        return result
    return replace(result, elements=_scaled(result.elements, screen_scale),
                   containers=_scaled(result.containers, screen_scale), screen_scale=float(screen_scale))
