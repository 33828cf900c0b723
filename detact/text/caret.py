"""The blinking caret of a focused, empty text field, read as a letter.

A focused GTK or Qt entry draws its caret as a 1 px vertical bar at the start of the field; the
recognizer reads it "1", "l" or "|". Left in, the empty field holds one text element, which
takes the field's frame as its own (`merge`, rule 4): the field is lost as a text box and a
phantom "1" names it. `field_carets` finds such reads so that the parser puts the field back as
the empty region it is.
"""
from __future__ import annotations

import numpy as np

from ..boxes import field_tall
from ..elements import Elements
from .split import median_ink, to_gray

#: What a thin vertical bar is read as ("" for a region not read yet).
BAR_READS = frozenset(["", *"1lI|!i[]"])


def field_carets(rgb: np.ndarray, xyxy: np.ndarray, texts, frames: np.ndarray, scale: float = 1.0,
                 contrast: int = 40) -> np.ndarray:
    """(N,) bool: elements (``xyxy`` (N, 4), ``texts``, ``frames`` (N, 4), -1 for none) that are
    a caret: no text (a region the segmenter or the text detector found) or one bar character
    (`BAR_READS`), whose ink is a single column run at most
    2 px wide (at ``scale`` 1) and at least half of its frame's height minus the border, in a frame
    of a field's shape (18 to 56 px tall at scale 1, at least 4 times as wide) that it starts
    within one frame height of, on the RGB uint8 screen ``rgb`` (H, W, 3)."""
    b, f = np.asarray(xyxy, np.int64).reshape(-1, 4), np.asarray(frames, np.int64).reshape(-1, 4)
    out = np.zeros(len(b), bool)
    fw, fh = f[:, 2] - f[:, 0], f[:, 3] - f[:, 1]
    rows = np.flatnonzero((f >= 0).all(axis=1) & field_tall(fh, scale) & (fw >= 4 * fh)
                          & (b[:, 0] - f[:, 0] <= fh)
                          & np.array([str(t).strip() in BAR_READS for t in texts], bool))
    for r in rows.tolist():
        # the frame's inside, 3 px in from its border, across the text's columns
        x0, x1 = max(b[r, 0], f[r, 0] + 3), min(b[r, 2], f[r, 2] - 3)
        y0, y1 = f[r, 1] + 3, f[r, 3] - 3
        if x1 - x0 < 2 or y1 - y0 < 6:
            continue
        ink = median_ink(to_gray(rgb[y0:y1, x0:x1]), contrast)
        cols, lines = np.flatnonzero(ink.any(axis=0)), np.flatnonzero(ink.any(axis=1))
        if not len(cols):
            continue
        one_run = cols[-1] - cols[0] + 1 == len(cols) and len(cols) <= 2 * scale
        out[r] = one_run and lines[-1] - lines[0] + 1 >= 0.5 * (y1 - y0) and len(lines) == lines[-1] - lines[0] + 1
    return out


def fields_for_carets(rgb: np.ndarray, elements: Elements, scale: float = 1.0) -> Elements:
    """``elements`` (merged, with frames) on the RGB uint8 screen ``rgb`` with each caret of
    `field_carets` replaced by its field: a bare region of the caret's frame."""
    carets = field_carets(rgb, elements.xyxy, elements.text, elements.frame, scale)
    if not carets.any():
        return elements
    boxes = elements.frame[carets]
    fields = Elements(boxes, ["region"] * len(boxes), score=[0.5] * len(boxes))
    return Elements.concat([elements[~carets], fields])
