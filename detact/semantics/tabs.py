"""Tab rows from the rules drawn round them.

The classifier sees one text item at a time; a flat tab ("Lists", "Controls") looks like a link
or a word. What makes a row of tabs is drawn between the items: each tab is a box open into the
pane below it, so a vertical rule taller than the label stands between every two neighbours and
a horizontal rule (the pane's top edge) runs under the whole row.

Only the windows looked at are greyed (a whole screenshot's grey costs ~10 ms).

Rule (`tab_rows`): a row of three or more item texts (`siblings.aligned_lines`, roles in
`siblings.ITEM_ROLES`, or a field's role: a bare tab label the classifier took for a combo box,
`FIELD_GUESSES`) is a tab row when

1. between every two neighbours there is a vertical rule: a run of ink (grey level more than
   `INK_CONTRAST` from the gap's median) down one pixel column of the gap `RULE` to 2 label
   heights long and a few pixels wide at most -- a tab's side, not a table's grid line, which
   runs on through the rows above and below, nor a band of colour behind the row, and
2. under the row, from the labels' middle to one label height below them, a pixel row has ink
   over at least `UNDERLINE` of the row's width (the pane's edge; the selected tab opens
   into the pane, so the edge has a hole under it).

A nav bar without separators fails rule 1; links split by "|" and underlined fail it too when
the bars are shorter than the text boxes, which are padded.

Rule (linked rows, `tabs_and_linked_rows`): a row that passes rules 1 and 2 but is framed
whole, a line over it and one under it each across `LINKED` of its width and both ending at the
frame's corner past its last item, is a row of linked buttons (GTK's path bar, a segmented
control): tabs have no single line over them, or (Qt's) the pane's edge under them runs on past
the last tab. Icons that continue such a row at either end, each within 1.5 heights of the last,
are its buttons too (`linked_row_icons`: the path bar's root folder and its scroll arrows).

Rule (`closable_tabs`): a label with a small close glyph right after it on its line (an icon
named `CLOSE_GLYPHS`, no taller than the label, within `CLOSE_REACH` label heights, nothing
between) is a tab: an editor's or a browser's document tab ("script.py x"), which may stand
alone, so rule 1 has no neighbours to look between. Tabs stretched over a wide strip (gedit's)
hold their close glyph at their far end: two or more labels on one row, each with a close glyph
within `SPREAD_REACH` heights and nothing between, are tabs too (one such pair alone is more
likely a window's title and its close button).

Rule (`underlined_tabs`): a short label over an accent bar (`ACCENT_CHROMA`, 2 to 6 px thick or
a quarter of the label's height, under it within half its height) that runs past the label on both sides by at least a third of
its height is the selected tab of a notebook drawn with an underline (Adwaita-like and
Material themes; an editor with one document open has a row of one). A link's underline is its
own colour, one pixel thick and no wider than its text.

Rule (`underlined_tab_mates`): the labels on an underlined tab's row, each within `ROW_GAP`
heights of the next and of about its height, are that notebook's other tabs: only the selected
tab has the bar, the others are bare labels the classifier may take for plain text.

Rule (`tab_icons`): a glyph the classifier called a check box, radio or switch with a tab's
label on its right is that tab's icon (an editor's file-type icon, an empty page drawn as a
box): a tab holds no check box.
"""
from __future__ import annotations

import numpy as np

from ..color import chroma
from ..text.fast import to_gray
from ..text.split import median_ink
from .compounds import ODD_PLATE, SAME_PLATE
from .siblings import GLYPH_LINE_ROLES, HEIGHT_RATIO, ITEM_ROLES, ROW_GAP, aligned_lines, glyphs_with_labels

#: Roles a bare text run is given by mistake that may still be a tab's label (Qt's boxed tabs:
#: one of "Behavior | Graphics | Interface" came back a combo box). Buttons are left out: a row
#: of framed buttons has rules between its labels and under them too.
FIELD_GUESSES = ("combobox", "textbox", "spinbox")
INK_CONTRAST = 40
RULE = 0.9
UNDERLINE = 0.6
#: A row ruled as tabs are whose lines over and under it run across this share of it is linked buttons.
LINKED = 0.95
#: Icon names of a tab's close button (`closable_tabs`) ...
CLOSE_GLYPHS = ("close", "window close")
#: ... which stands at most this many label heights right of the label; or, for two or more
#: labels on one row (tabs stretched over a wide strip), at most `SPREAD_REACH`.
CLOSE_REACH = 1.5
SPREAD_REACH = 20.0
#: Roles a closable tab's label may have been given (not a menu item's or a check box's).
TAB_GUESSES = ("text", "button", "listitem", "link", "textbox")


def closable_tabs(kind: np.ndarray, xyxy: np.ndarray, labels: np.ndarray, roles: np.ndarray) -> np.ndarray:
    """Rows of the text runs (``(N,)`` kind, ``(N, 4)`` boxes, icon ``labels``, ``roles``) that are
    tabs by `closable_tabs`' rule: a role in `TAB_GUESSES` (or a tab already), and an icon named
    in `CLOSE_GLYPHS` at most as tall as the run, its centre within half the run's height of the
    run's, starting 0 to `CLOSE_REACH` heights after the run's end, with no other text run in
    between; or, for two or more runs on one row, up to `SPREAD_REACH` heights after it with
    nothing in between."""
    kind, b = np.asarray(kind), np.asarray(xyxy, np.float64).reshape(-1, 4)
    roles = np.asarray(roles, dtype=object)[:len(b)]
    closes = np.flatnonzero((kind == "icon") & np.isin(np.asarray(labels, dtype=object), CLOSE_GLYPHS))
    texts = np.flatnonzero(kind == "text")
    cy_all = (b[:, 1] + b[:, 3]) / 2
    found, spread = [], []
    for k in texts[np.isin(roles[texts], TAB_GUESSES + ("tab",))]:
        h = b[k, 3] - b[k, 1]
        gap = b[closes, 0] - b[k, 2]
        on_line = (b[closes, 3] - b[closes, 1] <= h) & (np.abs(cy_all[closes] - cy_all[k]) <= h / 2) & (gap >= 0)
        after = closes[on_line & (gap <= SPREAD_REACH * h)]
        if not len(after):
            continue
        end = b[after, 0].min()
        # no text between the label and its close button (nothing at all when it is far)
        between = (b[:, 0] >= b[k, 2]) & (b[:, 0] < end) & (np.abs(cy_all - cy_all[k]) <= h / 2)
        if end - b[k, 2] <= CLOSE_REACH * h:
            if not (between & (kind == "text")).any():
                found.append(k)
        elif not between.any():
            spread.append(k)
    # tabs stretched over a wide strip put their close buttons far from their labels: two or
    # more such pairs in a row are tabs (a window's title and its close button are one pair)
    spread = np.array(spread, np.int64)
    for k in spread.tolist():
        if (np.abs(cy_all[spread] - cy_all[k]) <= (b[k, 3] - b[k, 1]) / 2).sum() >= 2:   # itself and another
            found.append(k)
    return np.array(sorted(found), np.int64)


#: Chroma (largest minus smallest channel) of a selected tab's accent bar: a colour, not a grey.
ACCENT_CHROMA = 60


def underlined_tabs(rgb: np.ndarray, xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray) -> np.ndarray:
    """Rows of the text runs (boxes ``xyxy`` (N, 4), ``texts`` and ``roles`` (N,)) of one to three
    words in `TAB_GUESSES` roles (or tabs already) that sit on an accent bar (the module
    docstring's rule)."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    H, W = rgb.shape[:2]
    found = []
    for r in np.flatnonzero(np.isin(roles, TAB_GUESSES + ("tab",))).tolist():
        if not 0 < len(str(texts[r]).split()) <= 3:
            continue
        x0, y0, x1, y1 = b[r].tolist()
        h = y1 - y0
        side = max(2, h // 3)
        wx0, wx1, wy1 = x0 - side, x1 + side, min(H, y1 + h // 2 + 6)
        if wy1 <= y1 or wx0 < 0 or wx1 > W:
            continue
        # one column under the label's middle first: most labels have no colour under them
        if (chroma(rgb[y1:wy1, (x0 + x1) // 2]) >= ACCENT_CHROMA).sum() < 2:
            continue
        accent = chroma(rgb[y1:wy1, wx0:wx1]) >= ACCENT_CHROMA
        rows = np.flatnonzero(accent[:, x0 - wx0:x1 - wx0].mean(axis=1) >= 0.9)
        # a bar apart from the label: not the bottom of a selected row's plate the label sits on
        if not 2 <= len(rows) <= max(6, h // 4) or rows[-1] - rows[0] + 1 != len(rows) or rows[0] == 0:
            continue
        mid = chroma(rgb[(y0 + y1) // 2, max(0, x0 - side):x0])
        if len(mid) and (mid >= ACCENT_CHROMA).mean() > 0.5:
            continue
        band = accent[rows].all(axis=0)
        if band[x0 - side - wx0:x0 - wx0].all() and band[x1 - wx0:x1 + side - wx0].all():
            found.append(r)
    return np.array(found, np.int64)


#: Roles a bare tab on an underlined tab's row may have been given (a tab label the classifier
#: took for a combo box too, as `tab_rows` allows); not a button: a dialog's buttons may stand
#: on a notebook's row (measured: four dev2 buttons became tabs).
MATE_GUESSES = tuple(r for r in TAB_GUESSES if r != "button") + ("tab", "combobox", "spinbox")


def underlined_tab_mates(xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray, tabs: np.ndarray) -> np.ndarray:
    """Rows of the text runs (boxes ``xyxy`` (N, 4), ``texts`` and ``roles`` (N,)) that stand on
    the row of an underlined tab (``tabs``: rows found by `underlined_tabs`) as the module
    docstring's rule says: one to four words in `MATE_GUESSES` roles, centres within a third of
    the tab's height of its centre line, heights within `HEIGHT_RATIO`, chained left and right
    with gaps of at most `ROW_GAP` heights."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    if not len(tabs):
        return np.zeros(0, np.int64)
    h = np.maximum(b[:, 3] - b[:, 1], 1.0)
    cy = (b[:, 1] + b[:, 3]) / 2
    short = np.array([0 < len(str(t).split()) <= 4 for t in texts], bool)
    found: set[int] = set()
    for t in np.asarray(tabs).tolist():
        mates = np.flatnonzero(short & np.isin(roles, MATE_GUESSES) & (np.abs(cy - cy[t]) <= h[t] / 3)
                               & (np.maximum(h, h[t]) <= HEIGHT_RATIO * np.minimum(h, h[t])))
        for step in (-1, 1):                    # walk left, then right, from the tab
            edge = b[t, 0] if step < 0 else b[t, 2]
            while True:
                gap = (edge - b[mates, 2]) if step < 0 else (b[mates, 0] - edge)
                near = (gap >= -1) & (gap <= ROW_GAP * h[t]) & ~np.isin(mates, [t, *found])
                if not near.any():
                    break
                nxt = int(mates[near][np.argmin(np.abs(gap[near]))])
                found.add(nxt)
                edge = b[nxt, 0] if step < 0 else b[nxt, 2]
    return np.array(sorted(found - {int(t) for t in tabs}), np.int64)


def tab_icons(kind: np.ndarray, xyxy: np.ndarray, roles: np.ndarray) -> np.ndarray:
    """Rows of the glyphs (icons of ``kind`` ``(N,)`` at ``xyxy`` ``(N, 4)``) whose ``roles``
    ``(N,)`` is a check box, radio or switch and whose label (`siblings.glyphs_with_labels`) is a
    tab: the tab's icons."""
    roles = np.asarray(roles, dtype=object)
    glyphs, labels = glyphs_with_labels(np.asarray(kind), xyxy)
    return glyphs[(roles[labels] == "tab") & np.isin(roles[glyphs], GLYPH_LINE_ROLES)]


def tab_rows(rgb: np.ndarray, xyxy: np.ndarray, roles: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """Indices into ``xyxy`` (N, 4) of the text items that are tabs on the RGB uint8 image
    ``rgb``; ``roles`` (N,) are their roles so far (only `ITEM_ROLES` and `FIELD_GUESSES` take
    part)."""
    return tabs_and_linked_rows(rgb, xyxy, roles, scale)[0]


def tabs_and_linked_rows(rgb: np.ndarray, xyxy: np.ndarray, roles: np.ndarray, scale: float = 1.0
                         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rows ruled as tabs are (rules 1 and 2), in one pass: indices into ``xyxy`` (N, 4) of
    the tabs (`tab_rows`), of the linked buttons, and of those among the linked buttons that are
    pressed. A row framed whole (`_framed_row`) is a row of linked buttons (GTK's path bar:
    "tmp | Documents | Projects", toggle buttons to accessibility trees), not a notebook's tabs,
    whose selected tab opens into the pane and whose tops are no single line; of its items, the
    one drawn on a plate apart (`ODD_PLATE` grey levels off the others' median, which agree
    within `SAME_PLATE`) is pressed (the path bar's current folder)."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    tabs, linked, pressed = [], [], []
    for rows, framed in _ruled_rows(rgb, xyxy, roles, scale):
        if not framed:
            tabs.extend(rows.tolist())
            continue
        linked.extend(rows.tolist())
        greys = np.array([float(np.median(to_gray(rgb[y0:y1, x0:x1]))) for x0, y0, x1, y1 in b[rows].tolist()])
        for k in range(len(rows)):
            others = np.delete(greys, k)
            if len(others) >= 2 and np.ptp(others) <= SAME_PLATE and abs(greys[k] - np.median(others)) >= ODD_PLATE:
                pressed.append(int(rows[k]))
    return (np.array(sorted(set(tabs)), np.int64), np.array(sorted(set(linked)), np.int64),
            np.array(pressed, np.int64))


def linked_row_icons(kind: np.ndarray, xyxy: np.ndarray, roles: np.ndarray, linked: np.ndarray,
                     reach: float = 1.5) -> np.ndarray:
    """Rows of icons (``kind`` "icon", boxes ``xyxy`` (N, 4)) that continue a row of linked
    buttons (``linked``: rows of its texts, from `tabs_and_linked_rows`) at either end: on its line (centre
    within half its height of the texts' centre line), each within ``reach`` heights of the
    previous one, chained outwards through icons and texts already called buttons (``roles``):
    a path bar's root folder and its scroll arrows."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    kind, linked = np.asarray(kind), np.asarray(linked, np.int64)
    if not len(linked):
        return np.zeros(0, np.int64)
    h = float(np.median(b[linked, 3] - b[linked, 1]))
    cy = (b[:, 1] + b[:, 3]) / 2
    level = np.abs(cy - float(np.median(cy[linked]))) <= h / 2
    links = np.flatnonzero(level & ((kind == "icon") | ((kind == "text") & (np.asarray(roles) == "button"))))
    links = np.setdiff1d(links, linked)
    found: list[int] = []
    for step in (-1, 1):                         # leftwards from the first text, then rightwards from the last
        edge = b[linked, 0].min() if step < 0 else b[linked, 2].max()
        while True:
            gap = (edge - b[links, 2]) if step < 0 else (b[links, 0] - edge)
            near = (gap >= -1) & (gap <= reach * h) & ~np.isin(links, found)
            if not near.any():
                break
            nxt = int(links[near][np.argmin(gap[near])])
            found.append(nxt)
            edge = b[nxt, 0] if step < 0 else b[nxt, 2]
    return np.array(sorted(r for r in found if kind[r] == "icon"), np.int64)


def _ruled_rows(rgb: np.ndarray, xyxy: np.ndarray, roles: np.ndarray, scale: float) -> list[tuple[np.ndarray, bool]]:
    """The rows of item texts with rules between them and under them (the module docstring's
    rules 1 and 2), each as (indices into ``xyxy`` left to right, whether a frame closes round it)."""
    items = np.flatnonzero(np.isin(roles, ITEM_ROLES + FIELD_GUESSES))
    if len(items) < 3:
        return []
    found = []
    b_all = np.asarray(xyxy, np.int64)
    for line in aligned_lines(b_all[items], scale):
        rows = items[line]
        b = b_all[rows]
        h = int(np.median(b[:, 3] - b[:, 1]))
        cy = (b[:, 1] + b[:, 3]) / 2
        if cy.max() - cy.min() > h / 2:          # a column, not a row
            continue
        order = np.argsort(b[:, 0])
        rows, b = rows[order], b[order]
        if all(_rule_between(rgb, b[k], b[k + 1], h) for k in range(len(b) - 1)) and _rule_under(rgb, b, h):
            found.append((rows, _framed_row(rgb, b, h)))
    return found


def _rule_between(rgb: np.ndarray, a: np.ndarray, b: np.ndarray, h: int) -> bool:
    """Whether a vertical rule `RULE` to 2 label heights long runs in the gap between boxes
    ``a`` and ``b`` (left to right), within a height above and below them."""
    x0, x1 = int(a[2]), int(b[0])
    top, bottom = max(0, int(min(a[1], b[1])) - h), min(rgb.shape[0], int(max(a[3], b[3])) + h)
    if x1 - x0 < 2 or bottom - top < h:
        return False
    runs = _longest_runs(median_ink(to_gray(rgb[top:bottom, x0:x1]), INK_CONTRAST))
    rule = (runs >= RULE * h) & (runs <= 2 * h)
    # a rule is thin: a band of colour behind the row (a menu bar on a dark window) is none
    return 0 < int(rule.sum()) <= max(4, (x1 - x0) // 3)


def _longest_runs(ink: np.ndarray) -> np.ndarray:
    """(W,) the longest vertical run of True in each column of the (H, W) bool array ``ink``."""
    run = np.zeros(ink.shape[1], np.int64)
    best = np.zeros(ink.shape[1], np.int64)
    for row in ink:
        run = np.where(row, run + 1, 0)
        best = np.maximum(best, run)
    return best


def _framed_row(rgb: np.ndarray, b: np.ndarray, h: int) -> bool:
    """Whether a frame closes round the row of boxes ``b`` (left to right): a pixel row of ink
    across `LINKED` of the row's width over it and one under it (the nearest such), both ending past the last box
    at the same place (within 3 px, and within 2 heights of it): the frame's corner. Under
    Qt's tabs the pane's edge runs on where the tabs' tops end."""
    x0, x1 = int(b[:, 0].min()), int(b[:, 2].max())
    mid = int(np.median((b[:, 1] + b[:, 3]) / 2))
    reach = min(rgb.shape[1], x1 + 4 * h)
    ends = []
    for above, (y0, y1) in ((True, (max(0, int(b[:, 1].min()) - h), mid)),
                            (False, (mid, min(rgb.shape[0], int(b[:, 3].max()) + h + 1)))):
        if y1 <= y0 or x1 <= x0:
            return False
        ink = median_ink(to_gray(rgb[y0:y1, x0:reach]), INK_CONTRAST)
        lines = np.flatnonzero(ink[:, :x1 - x0].mean(axis=1) >= LINKED)
        if not len(lines):
            return False
        # the line nearest the row: the frame's, not a panel's edge beyond it
        line = ink[lines[-1] if above else lines[0], x1 - x0:]
        ends.append(len(line) if line.all() else int(np.argmin(line)))
    return abs(ends[0] - ends[1]) <= 3 and max(ends) <= 2 * h


def _rule_under(rgb: np.ndarray, b: np.ndarray, h: int) -> bool:
    """Whether a horizontal rule runs under the middle of boxes ``b`` (a row, left to right),
    down to one height below their lowest bottom, over `UNDERLINE` of the row's width."""
    x0, x1 = int(b[:, 0].min()), int(b[:, 2].max())
    y0 = int(np.median((b[:, 1] + b[:, 3]) / 2))
    y1 = min(rgb.shape[0], int(b[:, 3].max()) + h + 1)
    if y1 <= y0 or x1 <= x0:
        return False
    return bool((median_ink(to_gray(rgb[y0:y1, x0:x1]), INK_CONTRAST).mean(axis=1) >= UNDERLINE).any())
