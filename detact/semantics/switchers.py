"""A row of icon-and-label segments of one width, one on a plate, is a stack switcher.

GTK's stack switcher (a GNOME app's "Processes | Resources | File Systems" in its header bar)
is a row of linked toggle buttons that accessibility trees call radio buttons, one checked. Its
segments are one width (homogeneous), each an icon with its label centred in it; where the theme
frames only the checked one (HighContrast: a darker plate round "Processes", the others flat on
the bar), the segmenter sees no linked frames (`compounds.linked_frames`) and the classifier
calls the pairs buttons, check boxes or text. So (`stack_switchers`):

- a pair is an icon and the text run that starts right after it on its row (within
  `PAIR_GAP` of the text's height), the icon no taller than `ICON_TO_TEXT` text heights (or an
  icon the icon stage grew over its label, holding it);
- three or more pairs on one row whose centres stand at one pitch (each step within
  `PITCH_TOLERANCE` of the median, the pitch wider than every pair) are a switcher's segments;
- the checked one stands on a plate: the background on both sides of it (a strip `SIDE_STRIP`
  of the space left to the segment's edge) differs from the bar's (the other segments' sides)
  by `PLATE_STEP` grey levels or more, the other segments' sides agreeing with one another.
  Without exactly one such segment the row is left as it was (a toolbar's buttons with labels).
"""
from __future__ import annotations

import numpy as np

from ..text.split import to_gray

#: An icon and its label: the label starts at most this many of its heights after the icon ...
PAIR_GAP = 1.0
#: ... and the icon is at most this many of the label's heights tall.
ICON_TO_TEXT = 2.0
#: Segment centres step alike within this share of the median step.
PITCH_TOLERANCE = 0.05
#: The sides sampled, as a share of the room between a pair and its segment's edges.
SIDE_STRIP = 0.6
#: A plate differs from the bar by at least this many grey levels ...
PLATE_STEP = 6.0
#: ... where the other segments' sides agree within this many.
BAR_AGREE = 3.0


def icon_label_pairs(kind: np.ndarray, xyxy: np.ndarray, text: np.ndarray, label: np.ndarray) -> list[tuple[int, int]]:
    """(icon row, text row) pairs among elements (``kind``, ``text``, ``label`` (N,), boxes
    ``xyxy`` (N, 4)): the module docstring's pairs, each text taken once, by its nearest icon.
    A glyph read as a character or two that the icon stage also named (a speedometer read "0")
    counts as an icon."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    kind = np.asarray(kind, dtype=object)
    short = np.array([len(str(t).strip()) <= 2 for t in text], bool)
    named = np.array([bool(str(v).strip()) for v in label], bool)
    glyph = (kind == "icon") | ((kind == "text") & short & named)
    icons, texts = np.flatnonzero(glyph), np.flatnonzero((kind == "text") & ~glyph)
    pairs = []
    for t in texts.tolist():
        h = b[t, 3] - b[t, 1]
        cy = (b[t, 1] + b[t, 3]) / 2
        on_row = icons[np.abs((b[icons, 1] + b[icons, 3]) / 2 - cy) <= h / 2]
        # an icon before the text, or one grown over it (its box holds the text)
        before = on_row[(b[on_row, 2] <= b[t, 0] + 2) & (b[t, 0] - b[on_row, 2] <= PAIR_GAP * h)
                        & (b[on_row, 3] - b[on_row, 1] <= ICON_TO_TEXT * h)]
        grown = on_row[(b[on_row, 0] < b[t, 0] - h / 2) & (b[on_row, 0] >= b[t, 0] - (PAIR_GAP + ICON_TO_TEXT) * h)
                       & (np.abs(b[on_row, 2] - b[t, 2]) <= 2)]
        found = np.concatenate([before, grown])
        if len(found):
            pairs.append((int(found[np.argmax(b[found, 0])]), t))
    return pairs


def stack_switchers(rgb: np.ndarray, kind: np.ndarray, xyxy: np.ndarray, text: np.ndarray, label: np.ndarray
                    ) -> list[tuple[list[np.ndarray], int]]:
    """Stack switchers (module docstring) among elements (``kind``, ``text``, ``label`` (N,),
    boxes ``xyxy`` (N, 4)) on the RGB uint8 ``rgb``: for each, its segments' rows (every
    element inside a pair's span) and the index of the checked segment."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    pairs = icon_label_pairs(kind, b, text, label)
    if len(pairs) < 3:
        return []
    span = np.array([[min(b[i, 0], b[t, 0]), min(b[i, 1], b[t, 1]), max(b[i, 2], b[t, 2]), max(b[i, 3], b[t, 3])]
                     for i, t in pairs])
    gray = to_gray(rgb).astype(np.float64)
    cy, h = (span[:, 1] + span[:, 3]) / 2, span[:, 3] - span[:, 1]
    found, used = [], set()
    order = np.argsort(span[:, 0]).tolist()
    for k in order:
        if k in used:
            continue
        row = [j for j in order if j not in used and abs(cy[j] - cy[k]) <= h[k] / 4 and span[j, 0] >= span[k, 0]]
        run = _equal_pitch_run(span[row])
        if run is None:
            continue
        members = [row[j] for j in run]
        odd = _plated(gray, span[members])
        if odd is None:
            continue
        used |= set(members)
        inside = [np.flatnonzero((b[:, 0] >= span[m, 0] - 2) & (b[:, 2] <= span[m, 2] + 2)
                                 & (b[:, 1] >= span[m, 1] - 2) & (b[:, 3] <= span[m, 3] + 2)) for m in members]
        found.append((inside, odd))
    return found


def _equal_pitch_run(span: np.ndarray) -> list[int] | None:
    """The longest run (three or more, from the first) of the (K, 4) spans, left to right, whose
    centres step at one pitch wider than each span; None if there is none."""
    if len(span) < 3:
        return None
    cx = (span[:, 0] + span[:, 2]) / 2
    pitch = cx[1] - cx[0]
    if pitch <= 0:
        return None
    run = [0, 1]
    for j in range(2, len(span)):
        if abs(cx[j] - cx[run[-1]] - pitch) <= PITCH_TOLERANCE * pitch:
            run.append(j)
        elif cx[j] - cx[run[-1]] > pitch * (1 + PITCH_TOLERANCE):
            break
    widths = span[run, 2] - span[run, 0]
    return run if len(run) >= 3 and (widths < pitch).all() else None


def _plated(gray: np.ndarray, span: np.ndarray) -> int | None:
    """Which of the (K, 4) segment spans (one pitch apart) stands on a plate of its own: the
    module docstring's test on the grey image ``gray``; None when not exactly one."""
    cx = (span[:, 0] + span[:, 2]) / 2
    pitch = float(np.median(np.diff(cx)))
    sides = []
    for x0, y0, x1, y1 in span.astype(int).tolist():
        room = max(0.0, (pitch - (x1 - x0)) / 2)
        reach = max(1, int(SIDE_STRIP * room))
        left = gray[y0:y1, max(0, x0 - reach - 2):max(0, x0 - 2)]
        right = gray[y0:y1, x1 + 2:x1 + 2 + reach]
        if not left.size or not right.size:
            return None
        sides.append((float(np.median(left)), float(np.median(right))))
    sides = np.array(sides)
    level = sides.mean(axis=1)
    bar = np.median(level)
    off = np.flatnonzero(np.abs(level - bar) >= PLATE_STEP)
    if len(off) != 1 or abs(sides[off[0], 0] - sides[off[0], 1]) > BAR_AGREE:
        return None
    rest = np.delete(level, off)
    return int(off[0]) if np.ptp(rest) <= BAR_AGREE else None
