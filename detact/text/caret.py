"""The blinking caret of a focused text field or editor, read as a letter.

A focused GTK or Qt entry draws its caret as a 1 px vertical bar at the start of the field; the
recognizer reads it "1", "l" or "|". Left in, the empty field holds one text element, which
takes the field's frame as its own (`merge`, rule 4): the field is lost as a text box and a
phantom "1" names it. `field_carets` finds such reads so that the parser puts the field back as
the empty region it is.

In a field or an editor with text, the caret stands before or after a line's letters and is
read as one more character ("value,|" for "value,"). It spans the line's whole height, above
the tallest letter and below the lowest descender, where no letter reaches: `line_carets` takes
it off the read and the run's box.
"""
from __future__ import annotations

import numpy as np

from ..boxes import field_tall
from ..elements import Elements
from .split import baseline_and_top, median_ink, to_gray, true_runs

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


#: What a caret beside a line's letters is read as: the bar itself (an "l" or an "I" there is
#: most often a letter, whatever its pixels say).
CARET_READS = frozenset("|")
#: A caret is at most this many px wide (at scale 1; 2 px at scale 2) ...
CARET_WIDTH = 2
#: ... and reaches at least this many px above the top of the line's other ink (a "|" or a "["
#: rises about as high as a capital or an ascender, the caret spans the whole line) ...
CARET_ABOVE = 2
#: ... and this many px below its baseline, as no "l", "i", "I", "1" or "!" does ...
CARET_BELOW = 2
#: ... followed this many px past the run's box, which may end where the letters do.
CARET_LOOK = 4


def _bar_rows(gray: np.ndarray, box, bar, contrast: int) -> tuple[int, int] | None:
    """[top, bottom) rows (image) of the thin bar in columns ``bar`` [start, end) of run ``box``
    (x0, y0, x1, y1) of ``gray``, followed `CARET_LOOK` px past the box: the stretch of rows
    inked in the bar's columns and in no column beside it (past the box, ink beside the bar is
    something else: a highlight's edge, the next item), that holds the bar's first row in the
    box; None when the bar holds no ink there."""
    x0, y0, x1, y1 = box
    top, bottom = max(0, y0 - CARET_LOOK), min(gray.shape[0], y1 + CARET_LOOK)
    background = int(np.median(gray[y0:y1, x0:x1]))
    left = max(0, x0 + bar[0] - 1)
    inked = np.abs(gray[top:bottom, left:x0 + bar[1] + 1].astype(np.int16) - background) > contrast
    width = bar[1] - bar[0]
    column = inked[:, x0 + bar[0] - left:x0 + bar[1] - left].any(axis=1) & (inked.sum(axis=1) <= width)
    inside = np.flatnonzero(column[y0 - top:y1 - top])
    if not len(inside):
        return None
    first = inside[0] + y0 - top
    spans = true_runs(column)
    span = spans[(spans[:, 0] <= first) & (spans[:, 1] > first)][0]
    return int(span[0] + top), int(span[1] + top)


def _caret(gray: np.ndarray, box, bar, rest: np.ndarray, contrast: int) -> bool:
    """Whether the thin ink in columns ``bar`` of run ``box`` (the rest of its letters' ink
    ``rest``) is a caret: at most `CARET_WIDTH` px wide, rising `CARET_ABOVE` px
    over the letters and reaching `CARET_BELOW` px under their baseline."""
    if bar[1] - bar[0] > CARET_WIDTH:
        return False
    line = baseline_and_top(rest)
    rows = None if line is None else _bar_rows(gray, box, bar, contrast)
    if rows is None:
        return False
    y0 = box[1]
    return line[1] - (rows[0] - y0) >= CARET_ABOVE and (rows[1] - 1 - y0) - line[0] >= CARET_BELOW


def line_carets(gray: np.ndarray, xyxy: np.ndarray, texts: list[str], char_x: list[np.ndarray],
                contrast: int = 40) -> tuple[np.ndarray, list[str], list[np.ndarray]]:
    """The runs (``xyxy`` (N, 4) of the grey screen ``gray``, read ``texts``, each character's x
    in ``char_x``) without a caret read as their first or last character (`CARET_READS`, `_caret`:
    one column run set apart from the rest). Returns the boxes (shrunk to leave the caret out),
    texts and characters' x."""
    xyxy, texts, char_x = np.array(xyxy, copy=True), list(texts), list(char_x)
    for i, text in enumerate(texts):
        read = text.strip()
        if len(read) < 2 or not (read[0] in CARET_READS or read[-1] in CARET_READS):
            continue
        box = tuple(int(v) for v in xyxy[i])
        ink = median_ink(gray[box[1]:box[3], box[0]:box[2]], contrast)
        runs = true_runs(ink.any(axis=0))
        if len(runs) < 2:
            continue
        xs = np.asarray(char_x[i])
        if read[-1] in CARET_READS and _caret(gray, box, runs[-1], ink[:, :runs[-2][1]], contrast):
            texts[i] = text[:len(text.rstrip()) - 1].rstrip()
            char_x[i] = xs[:len(texts[i])]
            xyxy[i, 2] = box[0] + runs[-1][0] - 1
        elif read[0] in CARET_READS and _caret(gray, box, runs[0], ink[:, runs[1][0]:], contrast):
            texts[i] = text[len(text) - len(text.lstrip()) + 1:].lstrip()
            char_x[i] = xs[len(text) - len(texts[i]):]
            xyxy[i, 0] = box[0] + runs[0][1] + 1
    return xyxy, texts, char_x
