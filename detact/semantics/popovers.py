"""A popover's items are buttons, not a menu's items.

GTK 3 shows the menus of a header bar's buttons (a GMenuModel opened by a GtkMenuButton) as a
popover: a plate with a border and a triangular notch on its edge pointing at the button that
opened it. Its items are model buttons, which accessibility trees call push buttons, check
boxes and radio buttons, where a GtkMenu's items (a menu bar's, a context menu's) are menu
items (checked with AT-SPI on a rendered popover: "New Window" a push button, "Show Hidden
Files" a check box, "Sort by Name" a radio button). The items look like a menu's or a list's,
and the control classifier calls them list items or menu items; the notch tells them apart:

1. A *column* is three or more text runs aligned on their left edges (`siblings.aligned_lines`)
   that the rules so far call anything but a field or a tab (`ITEM_GUESSES`).
2. Its plate's edge is the first row above the column's top (within `EDGE_REACH` heights)
   that differs from the row two pixels below along at least `EDGE_SHARE` of the column's
   width; it runs on left and right while it keeps differing.
3. The *notch* is drawn on that edge, over it, within `NOTCH_HEIGHT` px: its outline, pixels
   off the plate's grey by `NOTCH_CONTRAST` levels, is two slopes standing on the edge and
   climbing towards each other, 1 to 4 px a row, until they meet in an apex at most
   `APEX_WIDTH` px wide (or the inside between them closes, where a dark window behind the
   apex joins them), over the base's centre, having risen at least `MIN_RISE` of
   `NOTCH_HEIGHT`, the notch 1.3 to 3 times as wide as tall: a V turned upside down. An edge
   is one colour (`EDGE_SPREAD`), not a line of text. A popover that opens upwards carries
   the notch under its bottom edge, which is looked for the same way.
4. The column's runs then are push buttons (`popover_items`), except the labels of check boxes,
   radios and switches on their rows, which stay the labels of those controls. A glyph read as
   a letter on an item's row (an empty radio's ring read "0", which the classifier may call
   anything), standing under or over such a glyph, is a glyph of that control's kind.
5. The notch points at the button that opened the popover: the icon or text nearest beyond
   its apex (`_opener`), which is a pressed button with its popover expanded (AT-SPI: a toggle
   button, checked, while its popover is open).
"""
from __future__ import annotations

import numpy as np

from ..elements import Elements
from ..text.fast import to_gray
from ..text.split import true_runs
from .roles import one_glyph_reads
from .siblings import GLYPH_LINE_ROLES, aligned_lines

#: Roles the classifier gives a popover's items, which become buttons (a column broken by one
#: item called a heading finds the wrong edge: a separator's).
ITEM_GUESSES = ("text", "link", "listitem", "menuitem", "heading", "button") + GLYPH_LINE_ROLES
#: The plate's edge lies at most this many item heights over the column's top.
EDGE_REACH = 2.0
#: ... and differs from the plate two rows below along this share of the column's width (the
#: notch breaks it).
EDGE_SHARE = 0.75
#: Grey levels by which an edge differs from the row two below it, and a notch's outline from
#: the plate's grey.
EDGE_CONTRAST, NOTCH_CONTRAST = 10, 12
#: A notch is at most this tall (px at scale 1) and at least 5 px ...
NOTCH_HEIGHT = 16
#: ... and its top at most this wide (px at scale 1) ...
APEX_WIDTH = 5
#: ... both grown with the items' height over this one (px at scale 1), when it is larger.
ITEM_HEIGHT = 21
#: The plate's edge is followed at most this many px (at any scale) beyond the column's sides.
SIDE_REACH = 300
#: A notch rises at least this share of `NOTCH_HEIGHT` (GTK's: 11 of 16 px).
MIN_RISE = 0.4
#: The edge's grey levels stray from their median by at most this much (their median
#: deviation: the notch's opening breaks the line): one colour.
EDGE_SPREAD = 4


def popover_items(rgb: np.ndarray, elements: Elements, roles: np.ndarray, scale: float = 1.0
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The items of popovers among ``elements`` (on the RGB uint8 ``rgb``; the module
    docstring): the rows of the text runs that are push buttons (the columns' runs bar the labels
    of glyph controls, ``roles`` ``(N,)`` in `GLYPH_LINE_ROLES`, on their rows), the rows of
    glyphs read as a letter (`roles.one_glyph_reads`: an empty radio's ring read "0") standing
    under or over such a control's glyph on an item's row, with the role each takes (its
    neighbour's), and the rows of the buttons the notches point at (rule 5)."""
    n = len(elements)
    roles = np.asarray(roles, dtype=object)[:n]
    b = elements.xyxy.astype(np.int64)
    none = np.zeros(0, np.int64)
    texts = np.flatnonzero((elements.kind == "text") & np.isin(roles, ITEM_GUESSES))
    if len(texts) < 3:
        return none, none, np.zeros(0, object), none
    glyphs = np.flatnonzero(np.isin(roles, GLYPH_LINE_ROLES) & (elements.kind == "icon"))
    reads = np.flatnonzero(one_glyph_reads(elements))
    buttons, letters, letter_roles, openers = [], [], [], []
    for line in aligned_lines(b[texts], scale, axes=("column",)):
        rows = texts[line]
        box = np.array([b[rows, 0].min(), b[rows, 1].min(), b[rows, 2].max(), b[rows, 3].max()])
        h = float(np.median(b[rows, 3] - b[rows, 1]))
        up = _notched(rgb, box, h, scale, up=True)
        apex = up if up is not None else _notched(rgb, box, h, scale, up=False)
        if apex is None:
            continue
        opener = _opener(elements, apex, up is not None, h, scale)
        if opener >= 0:
            openers.append(opener)
        reach = (b[:, 0] >= box[0] - 2 * h) & (b[:, 2] <= box[2] + 6 * h)
        mine = glyphs[reach[glyphs]]
        for r in rows.tolist():
            cy = (b[r, 1] + b[r, 3]) / 2
            level = (b[:, 1] <= cy) & (b[:, 3] >= cy) & reach
            if level[mine].any():
                continue
            read = reads[level[reads] & (b[reads, 0] >= b[r, 2])]
            if len(read) and len(mine):
                # the glyph nearest above or below it in its column (radios follow radios)
                under = mine[np.abs((b[mine, 0] + b[mine, 2]) / 2 - (b[read[0], 0] + b[read[0], 2]) / 2)
                             <= 4 * scale]
                if len(under):
                    letters.append(int(read[0]))
                    letter_roles.append(roles[under[np.abs(b[under, 1] - b[read[0], 1]).argmin()]])
                    continue
            buttons.append(r)
    return (np.array(buttons, np.int64), np.array(letters, np.int64), np.array(letter_roles, object),
            np.array(sorted(set(openers)), np.int64))


#: The button a notch points at (rule 5) ends at most this many item heights beyond the apex,
#: and the apex lies at most OPENER_SIDE item heights beyond its sides.
OPENER_REACH, OPENER_SIDE = 2.0, 0.5


def _opener(elements: Elements, apex: tuple[float, float], up: bool, h: float, scale: float) -> int:
    """Rule 5: the row of the icon or text the notch with ``apex`` (x, y) points at, above it
    (``up``) or below, or -1: the nearest whose box ends within `OPENER_REACH` item heights of
    the apex, the apex's x within its sides (`OPENER_SIDE` heights of slack)."""
    x, y = apex
    b = elements.xyxy.astype(np.float64)
    side = max(OPENER_SIDE * h, 4 * scale)
    near = (b[:, 0] - side <= x) & (x <= b[:, 2] + side) & np.isin(elements.kind, ("icon", "text"))
    gap = (y - b[:, 3]) if up else (b[:, 1] - y)
    near &= (gap >= -2 * scale) & (gap <= OPENER_REACH * h)
    rows = np.flatnonzero(near)
    if not len(rows):
        return -1
    return int(rows[np.lexsort((np.abs((b[rows, 0] + b[rows, 2]) / 2 - x), gap[rows]))[0]])


def _notched(rgb: np.ndarray, box: np.ndarray, h: float, scale: float, up: bool) -> tuple[float, float] | None:
    """Where the notch on the plate round the column ``box`` (xyxy) of items ``h`` px tall
    points, its apex (x, y) in the RGB uint8 ``rgb``, when there is one on its top edge
    (``up``) or its bottom edge; else None."""
    # notches grow with the items' text (a scale-2 screen told scale 1 by its width)
    tall = int(round(max(NOTCH_HEIGHT * scale, NOTCH_HEIGHT * h / ITEM_HEIGHT)))
    # only the band the edge and its notch can lie in is greyed (this runs per column)
    reach = int(EDGE_REACH * h) + tall + 4
    a = max(int(box[0]) - SIDE_REACH, 0)
    cols = slice(a, min(int(box[2]) + SIDE_REACH, rgb.shape[1]))
    if up:
        first_row = max(int(box[1]) - reach, 0)           # the image's row of the band's first
        gray = to_gray(rgb[first_row:int(box[1]) + 2, cols]).astype(np.int16)
        box = np.array([box[0] - a, box[1] - first_row, box[2] - a, box[3] - first_row])
    else:
        first_row = int(box[3]) - 2
        y1 = min(int(box[3]) + reach, rgb.shape[0])
        gray = to_gray(rgb[first_row:y1, cols]).astype(np.int16)[::-1]
        box = np.array([box[0] - a, gray.shape[0] - 2, box[2] - a, gray.shape[0] - 2 + (box[3] - box[1])])
    x0, top, x1 = int(box[0]), int(box[1]), int(box[2])
    edge = None
    for y in range(top - 1, max(int(top - EDGE_REACH * h), 2) - 1, -1):
        differs = np.abs(gray[y, x0:x1] - gray[y + 2, x0:x1]) > EDGE_CONTRAST
        if differs.mean() >= EDGE_SHARE:
            edge = y
            break
    # ... drawn in one colour (a line of text below a rule differs from its next rows too)
    if edge is None or np.median(np.abs(gray[edge, x0:x1] - np.median(gray[edge, x0:x1]))) > EDGE_SPREAD:
        return None
    left, right = _run_on(gray, edge, x0, -1), _run_on(gray, edge, x1 - 1, 1)
    band = gray[max(edge - tall, 0):edge, left:right + 1]
    if band.shape[0] < 5 or band.shape[1] < 10:
        return None
    # ink: what differs from the plate (the notch's inside is the plate; a list's selected row
    # may lie behind the notch, where the window's colour would not do)
    plate = np.median(gray[edge + 2:edge + 6, x0:x1])
    ink = (np.abs(band - plate) > NOTCH_CONTRAST)[::-1]      # from the edge upwards
    first = _runs(ink[0])
    pairs = [(le, rs) for (_, le), (rs, _) in zip(first[:-1], first[1:]) if 4 <= rs - le <= 3 * tall]
    if not pairs:
        return None
    runs = [first] + [_runs(row) for row in ink[1:]]

    def point(x: float, k: int) -> tuple[float, float]:
        # (x, k rows over the edge) in the band -> the image's (x, y); a bottom edge's band is
        # read upside down
        row = edge - 1 - k
        return a + left + x, float(first_row + row if up else first_row + gray.shape[0] - 1 - row)

    apex = max(APEX_WIDTH * scale, APEX_WIDTH * h / ITEM_HEIGHT)
    for le, rs in pairs:
        centre, base = (le + rs) / 2, rs - le

        def apex_at(a: int, z: int, k: int) -> bool:
            # an apex from a to z, k rows over the edge: over the base's centre, the notch risen
            # far enough and 1.3 to 3 times as wide as tall (GTK's: 45 degrees)
            return (abs((a + z) / 2 - centre) <= 2 * scale and k >= MIN_RISE * tall
                    and 1.3 * k <= base + 2 <= 3 * k + 4)

        # the slopes' inner sides climb towards each other, 1 to 4 px a row, until they meet
        for k in range(1, len(runs)):
            meet = [(a, z) for a, z in runs[k] if a <= le + 1 and z >= rs - 1]
            if meet:
                a, z = meet[0]
                if z - a + 1 <= apex and apex_at(a, z, k):
                    return point((a + z) / 2, k)
                break
            left_on = [z for a, z in runs[k] if le <= z <= le + 4]
            right_on = [a for a, z in runs[k] if rs - 4 <= a <= rs]
            if not left_on or not right_on or right_on[-1] <= left_on[0]:
                break
            le, rs = left_on[0], right_on[-1]
            # ... or until the inside between them closes, where a dark window behind the apex
            # joins both slopes into one run (a selected row under the notch)
            if rs - le <= 3 * apex / APEX_WIDTH and apex_at(le, rs, k):
                return point((le + rs) / 2, k)
    return None


def _runs(row: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) of each run of True in the 1-D bool ``row``, ends inclusive (`true_runs`'
    are exclusive)."""
    return [(a, z - 1) for a, z in true_runs(row).tolist()]


def _run_on(gray: np.ndarray, y: int, x: int, step: int) -> int:
    """The last column from ``x`` in direction ``step`` along which row ``y`` of ``gray`` keeps
    differing from the row two below (one miss allowed)."""
    differs = np.abs(gray[y] - gray[y + 2]) > EDGE_CONTRAST
    ahead = differs[x::step] if step > 0 else differs[x::-1]
    # the run ends at the first two misses in a row
    misses = np.flatnonzero(~ahead[:-1] & ~ahead[1:])
    stop = int(misses[0]) if len(misses) else len(ahead)
    hits = np.flatnonzero(ahead[:stop])
    return x + step * (int(hits[-1]) if len(hits) else 0)
