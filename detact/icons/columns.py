"""Icons down a list's icon column that no stage found.

A file list draws an icon before every name, all of one size in one column. The segmenter
misses pale ones (a light blue folder on white), and the text stage finds one only where its
edge is read as a symbol glued to the name. When two or more names of a column have an icon
right before them, lined up and of one size (`column_icons`), every other name of that column
whose same spot on its row holds ink has an icon there too: that spot becomes an icon
candidate. Rows whose spot is blank (a tree's rows without icons) get none.
"""
from __future__ import annotations

import numpy as np

from ..text.fast import to_gray
from ..text.split import true_runs

#: Icons of one column: left edges and sizes within this many px (at scale 1).
ALIGN = 2
#: Names of one column: left edges within this many px (at scale 1).
NAME_ALIGN = 3
#: Farthest an icon stands left of its name, in icon widths.
ICON_GAP = 0.5
#: Share of a candidate spot that must be ink, and of its columns that hold some.
INK_SHARE, INK_COLUMNS = 0.12, 0.5


def column_icons(rgb: np.ndarray, texts: np.ndarray, icons: np.ndarray, scale: float = 1.0,
                 contrast: int = 40) -> np.ndarray:
    """(K, 4) boxes of icons missed down list columns of ``rgb`` (H, W, 3) uint8, only the spots
    looked at greyed (a whole screenshot's grey costs ~10 ms a parse): ``texts`` (N, 4) are
    the text runs, ``icons`` (M, 4) the icon candidates found so far. A column is two or more
    runs with left edges within `NAME_ALIGN` px, each with an icon ending at most `ICON_GAP` of
    its width before it on its row, those icons' left edges and sizes within `ALIGN` px. Each
    other run of the column between the column's first and last icon row (or one pitch past
    them) gets an icon where the column's icon box centred on its row holds ink (`_ink_box`),
    cut to that ink."""
    t = np.asarray(texts, np.float64).reshape(-1, 4)
    ic = np.asarray(icons, np.float64).reshape(-1, 4)
    none = np.zeros((0, 4), np.int32)
    if len(t) < 3 or len(ic) < 2:
        return none
    iw, ih = ic[:, 2] - ic[:, 0], ic[:, 3] - ic[:, 1]
    t_cy, i_cy = (t[:, 1] + t[:, 3]) / 2, (ic[:, 1] + ic[:, 3]) / 2
    gap = t[None, :, 0] - ic[:, None, 2]                                   # [icon, text]
    beside = (gap >= -2) & (gap <= ICON_GAP * iw[:, None]) & (np.abs(i_cy[:, None] - t_cy[None, :]) <= ih[:, None] / 2)
    pairs = [(i, int(np.argmin(np.where(beside[i], gap[i], np.inf)))) for i in np.flatnonzero(beside.any(axis=1))]
    found, used = [], set()
    for i, j in pairs:
        if j in used:
            continue
        mates = [(a, b) for a, b in pairs if abs(t[b, 0] - t[j, 0]) <= NAME_ALIGN * scale
                 and abs(ic[a, 0] - ic[i, 0]) <= ALIGN * scale and abs(iw[a] - iw[i]) <= ALIGN * scale
                 and abs(ih[a] - ih[i]) <= ALIGN * scale]
        used.update(b for _, b in mates)
        if len(mates) < 2:
            continue
        rows = np.array([b for _, b in mates])
        box_w, box_h = float(np.median(iw[[a for a, _ in mates]])), float(np.median(ih[[a for a, _ in mates]]))
        x0 = float(np.median(ic[[a for a, _ in mates], 0]))
        ys = np.sort(t_cy[rows])
        aligned = np.flatnonzero(np.abs(t[:, 0] - t[j, 0]) <= NAME_ALIGN * scale)
        steps = np.diff(np.sort(t_cy[aligned]))
        pitch = float(np.median(steps[steps > box_h / 2])) if (steps > box_h / 2).any() else box_h
        column = aligned[(t_cy[aligned] >= ys[0] - pitch * 1.1) & (t_cy[aligned] <= ys[-1] + pitch * 1.1)]
        for k in np.setdiff1d(column, rows).tolist():
            if beside[:, k].any():
                continue
            ink = _ink_box(rgb, (x0, t_cy[k] - box_h / 2, x0 + box_w, t_cy[k] + box_h / 2), contrast)
            if ink is not None:
                found.append(ink)
    return np.round(np.array(found)).astype(np.int32).reshape(-1, 4) if found else none


def _ink_box(rgb: np.ndarray, box, contrast: int, slack: int = 3, ring: int = 2):
    """The box of the ink in ``box`` of ``rgb``, greyed (``slack`` px more above and below: a name's
    row centre is not its icon's), or None when ``box`` holds no icon's ink: under `INK_SHARE`
    of its pixels, or in under `INK_COLUMNS` of its columns, differ by ``contrast`` from the
    background (the median of the ``ring`` px wide columns on either side: an icon fills its
    own box, so the box's own median is the icon's colour)."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    h, w = rgb.shape[:2]
    x0, x1, top, bottom = max(x0, 0), min(x1, w), max(y0 - slack, 0), min(y1 + slack, h)
    left = max(x0 - ring - 1, 0)
    patch = to_gray(rgb[top:bottom, left:x1 + ring + 1])          # its own columns and both sides
    rows = slice(max(y0, 0) - top, y1 - top)
    sides = np.concatenate([patch[rows, :max(x0 - 1, 0) - left].ravel(),
                            patch[rows, x1 + 1 - left:x1 + ring + 1 - left].ravel()])
    if x1 <= x0 or y1 <= max(y0, 0) or not sides.size:
        return None
    wide = np.abs(patch[:, x0 - left:x1 - left].astype(np.int16) - int(np.median(sides))) > contrast
    ink = wide[max(y0, 0) - top:y1 - top]
    if ink.mean() < INK_SHARE or ink.any(axis=0).mean() < INK_COLUMNS:
        return None
    # the unbroken inked rows around the box's middle: a neighbour row's icon may show above
    runs = true_runs(wide.any(axis=1))
    middle = (y0 + y1) / 2 - top
    r0, r1 = runs[np.argmin(np.abs((runs[:, 0] + runs[:, 1]) / 2 - middle))]
    cols = np.flatnonzero(wide[r0:r1].any(axis=0))
    return (x0 + cols[0], top + r0, x0 + cols[-1] + 1, top + r1)
