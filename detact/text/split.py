"""Split detected text lines into visual text runs using the ink between them.

DB detection links anything close on a line: a glyph icon and its label ("[trash] Delete"), a
radio button and its caption, or two table cells. We look at each line's column ink profile and
cut where the gap is wider than a word space; a leading run shaped like an icon (about as wide as
it is tall, then a gap) is split off as an icon candidate instead of being read as a letter."""
from __future__ import annotations

import numpy as np


def _runs(mask: np.ndarray) -> np.ndarray:
    """(K, 2) [start, end) index pairs of the True runs in a 1-D bool array."""
    d = np.diff(np.concatenate([[0], mask.astype(np.int8), [0]]))
    return np.stack([np.flatnonzero(d == 1), np.flatnonzero(d == -1)], axis=1)


def find_underlines(gray: np.ndarray, box, contrast: int = 40) -> list[tuple[int, int, int, int, int]]:
    """Underline strokes of a text run as (x0, y0, x1, y1, background gray): ink rows in the
    lower half that span nearly the whole run. Recognizers read an underlined space as "_"."""
    x0, y0, x1, y1 = (int(v) for v in box)
    crop = gray[y0:y1, x0:x1].astype(np.int16)
    if crop.shape[0] < 6 or crop.shape[1] < 6:
        return []
    bg = int(np.median(np.concatenate([crop[0], crop[-1], crop[:, 0], crop[:, -1]])))
    ink = np.abs(crop - bg) > contrast
    cols = np.flatnonzero(ink.any(axis=0))
    if len(cols) < 6:
        return []
    span = ink[:, cols[0]:cols[-1] + 1].mean(axis=1)
    rows = np.flatnonzero(span >= 0.9)
    rows = rows[rows >= crop.shape[0] // 2]
    return [(x0 + int(cols[0]), y0 + int(r), x0 + int(cols[-1]) + 1, y0 + int(r) + 1, bg) for r in rows]


def split_line(gray: np.ndarray, box, gap_factor: float = 0.8, icon_gap: float = 0.25,
               contrast: int = 40) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int, int]]]:
    """Return (text boxes, icon boxes) for one detected line box of a grayscale image."""
    x0, y0, x1, y1 = (int(v) for v in box)
    crop = gray[y0:y1, x0:x1].astype(np.int16)
    if crop.size == 0:
        return [], []
    border = np.concatenate([crop[0], crop[-1], crop[:, 0], crop[:, -1]])
    ink = np.abs(crop - int(np.median(border))) > contrast
    rows = np.flatnonzero(ink.any(axis=1))
    if len(rows) == 0:
        return [(x0, y0, x1, y1)], []
    ink_h = int(rows[-1] - rows[0] + 1)
    runs = _runs(ink.any(axis=0))
    if len(runs) <= 1:
        return [(x0, y0, x1, y1)], []
    gaps = runs[1:, 0] - runs[:-1, 1]
    # group ink runs into words/phrases: cut only at gaps clearly wider than a word space
    cuts = np.flatnonzero(gaps > gap_factor * ink_h)
    groups = np.split(runs, cuts + 1)
    pad = 2
    texts, icons = [], []
    for g_i, group in enumerate(groups):
        first = group[0]
        fw = first[1] - first[0]
        col_rows = np.flatnonzero(ink[:, first[0]:first[1]].any(axis=1))
        fh = col_rows[-1] - col_rows[0] + 1 if len(col_rows) else 0
        icon_shaped = 0.75 * ink_h <= fw <= 1.6 * ink_h and fh >= 0.55 * ink_h
        # a leading blob about as wide as the line is tall, then a clear gap and more ink
        # (inside this group, or the next group): an icon, not a letter
        # (inside this group, or the next group) that is a word, not one more letter ("MS")
        lead_gap = group[1, 0] - first[1] if len(group) > 1 else 0
        rest = group[1:] if len(group) > 1 else (groups[g_i + 1] if g_i + 1 < len(groups) else group[:0])
        # the gap must also be clearly wider than the letter spacing of the word that follows
        letter_gap = float(np.median(rest[1:, 0] - rest[:-1, 1])) if len(rest) >= 2 else 0.0
        wide_gap = lead_gap >= max(icon_gap * ink_h, 2.0 * letter_gap + 1.0)
        followed = (wide_gap or len(group) == 1) and len(rest) >= 2
        if icon_shaped and followed:
            icons.append((x0 + int(first[0]), y0 + int(rows[0]), x0 + int(first[1]), y0 + int(rows[-1]) + 1))
            group = group[1:]
            if not len(group):
                continue
        gx0 = max(x0, x0 + int(group[0, 0]) - pad)
        gx1 = min(x1, x0 + int(group[-1, 1]) + pad)
        texts.append((gx0, y0, gx1, y1))
    return texts, icons


def split_lines(gray: np.ndarray, xyxy: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Split every line box. Returns (text boxes, index of the source line per text box,
    icon boxes)."""
    texts, owners, icons = [], [], []
    for i, box in enumerate(xyxy):
        t, ic = split_line(gray, box)
        texts += t
        owners += [i] * len(t)
        icons += ic
    as_boxes = lambda b: np.array(b, np.int32).reshape(-1, 4)  # noqa: E731
    return as_boxes(texts), np.array(owners, np.int64), as_boxes(icons)
