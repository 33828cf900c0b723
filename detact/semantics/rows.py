"""Two-line list rows: a title over a second line, repeated down a column, is one row each.

Lists of applications, themes, accounts and settings pages draw each row as a title over a
smaller or greyer line ("Arc" over "Gtk3, Gtk2, Xfwm4"; "Archive Manager" over "Create and
modify an archive"), often after an icon that spans both. An accessibility tree has one row
there (a table cell or list item) named by both lines, "Arc\\nGtk3, Gtk2, Xfwm4", and a click
anywhere on it selects it; the text stage finds two runs. So:

1. Down a column of left-aligned text runs (`siblings.aligned_lines`), the pitches from one
   run's centre to the next fall in two groups, short (inside a row) and long (between rows),
   their medians at least `PITCH_STEP` heights (and `PITCH_STEP_PX` px) apart, each pitch
   within `PITCH_SPREAD` heights of its group's median; a pitch over `LONG_MAX` times the
   least (a line skipped, a section's break) belongs to neither and ends a list. A paragraph
   or a one-line list has one pitch and no rows.
2. A row is two runs a short pitch apart with a long pitch (or the column's end) on each side;
   `MIN_ROWS` or more such rows, each a long pitch from the next, make a list. Three runs at
   short pitches (a paragraph under a title) are no row.
3. Both lines are plain text, list items, links or headings that no control holds (the
   column's other runs count for its pitches only). Not a row: one with a control on its band
   right of its lines (a settings row's switch, button or field, which its title names:
   `labels`), nor one whose title ends in ":" (a form's label over its value) or runs past
   `TITLE_WORDS` words (a code view's lines, paired by blank lines).
4. Each row becomes a list item (kind region) round its two runs and the icon on their left
   whose centre lies between them, its text and name both lines (as a tree's table cell), its
   states those of its lines (selected, focused, greyed out);
   the runs stay, as plain text, and they and the icon have it as parent. It is clicked on
   its title: the space between the lines may belong to neither.
"""
from __future__ import annotations

import numpy as np

from ..elements import Elements
from .siblings import aligned_lines

#: Roles a row's line may have been given (the classifier's guesses for a row's text).
LINE_ROLES = ("text", "listitem", "link", "heading")
#: Roles that, on a row's band right of its lines, make it a settings row rather than a list's.
CONTROL_ROLES = ("button", "checkbox", "radio", "switch", "textbox", "combobox", "slider", "spinbox")
#: Least difference of the long and short pitch medians, in median run heights ...
PITCH_STEP = 0.2
#: ... and in px at scale 1.
PITCH_STEP_PX = 4.0
#: Pitches over this many times the column's least are no row's or list's: a missing line
#: or a section break.
LONG_MAX = 2.0
#: Largest distance of a pitch from its group's median, in median run heights.
PITCH_SPREAD = 0.15
#: Fewest rows that make a list.
MIN_ROWS = 3
#: The states of a row's lines that are the row's.
ROW_STATES = ("selected", "focused", "disabled")
#: Most words in a row's title.
TITLE_WORDS = 6
#: Farthest an icon's right edge may stand left of the lines, in run heights.
ICON_REACH = 1.5


def _pairs(cy: np.ndarray, height: float, scale: float) -> list[list[int]]:
    """Rules 1 and 2 on one column: ``cy`` (L,) run centres top to bottom, ``height`` their
    median height. Runs of consecutive rows, each row the index of its first line."""
    pitch = np.diff(cy)
    if len(pitch) < 2 * MIN_ROWS - 1 or pitch.min() < height / 2:   # lines that overlap: no list's
        return []
    near = pitch <= LONG_MAX * pitch.min()           # a wider one skips a line or a section
    short = near & (pitch < (pitch.min() + pitch[near].max()) / 2)
    if not short.any() or not (near & ~short).any():
        return []
    s, g = float(np.median(pitch[short])), float(np.median(pitch[near & ~short]))
    if g - s < max(PITCH_STEP * height, PITCH_STEP_PX * scale):
        return []
    spread = PITCH_SPREAD * height
    fits = near & (np.where(short, np.abs(pitch - s), np.abs(pitch - g)) <= spread)
    runs, run, i = [], [], 0
    while i < len(pitch):
        alone = short[i] and fits[i] and (i == 0 or not short[i - 1]) \
            and (i + 1 == len(pitch) or not short[i + 1])
        if alone and (not run or (run[-1] + 2 == i and fits[i - 1])):
            run.append(i)
            i += 2
            continue
        if len(run) >= MIN_ROWS:
            runs.append(run)
        run = [i] if alone else []
        i += 2 if alone else 1
    if len(run) >= MIN_ROWS:
        runs.append(run)
    return runs


def two_line_rows(kind: np.ndarray, xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray,
                  parents: np.ndarray, scale: float = 1.0) -> list[tuple[int, int, int]]:
    """The two-line rows (rules 1-3) as ``(title, second line, icon or -1)`` row indices into
    the (N,) columns and (N, 4) xyxy boxes; ``parents`` (N,) -1 for elements no control holds."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    texts = np.asarray(texts, object)
    lines = np.flatnonzero((np.asarray(kind) == "text") & np.array([bool(str(t).strip()) for t in texts], bool))
    free = np.isin(roles, LINE_ROLES) & (parents < 0)
    if free[lines].sum() < 2 * MIN_ROWS:
        return []
    controls = np.flatnonzero(np.isin(roles, CONTROL_ROLES))
    icons = np.flatnonzero((np.asarray(kind) == "icon") & (parents < 0))
    cyc = (b[controls, 1] + b[controls, 3]) / 2
    cyi = (b[icons, 1] + b[icons, 3]) / 2
    rows = []
    for column in aligned_lines(b[lines], scale, axes=("column",), min_line=2 * MIN_ROWS):
        run_rows = lines[column]
        cy = (b[run_rows, 1] + b[run_rows, 3]) / 2
        height = float(np.median(b[run_rows, 3] - b[run_rows, 1]))
        for run in _pairs(cy, height, scale):
            for i in run:
                top, low = int(run_rows[i]), int(run_rows[i + 1])
                title = str(texts[top]).strip()
                if not free[[top, low]].all() or title.endswith(":") or len(title.split()) > TITLE_WORDS:
                    continue
                y0, y1, x0 = b[top, 1], b[low, 3], min(b[top, 0], b[low, 0])
                if ((cyc >= y0) & (cyc <= y1) & (b[controls, 0] >= min(b[top, 2], b[low, 2]))).any():
                    continue
                left = (cyi >= cy[i]) & (cyi <= cy[i + 1]) & (b[icons, 2] <= x0 + 2 * scale) \
                    & (b[icons, 2] >= x0 - ICON_REACH * height)
                icon = int(icons[left][np.argmax(b[icons[left], 2])]) if left.any() else -1
                rows.append((top, low, icon))
    return rows


def with_two_line_rows(elements: Elements, scale: float = 1.0) -> Elements:
    """``elements`` (numbered: ids are row numbers) and a list item for each two-line row
    (rule 4), numbered after them; the rows' lines become text and, with their icons, its
    children."""
    rows = two_line_rows(elements.kind, elements.xyxy, elements.text, elements.role, elements.parent, scale)
    if not rows:
        return elements
    role, parent = elements.role.copy(), elements.parent.copy()
    boxes, names, points, states = [], [], [], []
    first = int(elements.id.max()) + 1 if len(elements) else 0
    for k, (top, low, icon) in enumerate(rows):
        members = [top, low] + ([icon] if icon >= 0 else [])
        sel = elements.xyxy[members]
        boxes.append([sel[:, 0].min(), sel[:, 1].min(), sel[:, 2].max(), sel[:, 3].max()])
        names.append(f"{str(elements.text[top]).strip()}\n{str(elements.text[low]).strip()}")
        points.append(elements.centers[top])
        shown = set(elements.states[top]) | set(elements.states[low])
        states.append(tuple(st for st in ROW_STATES if st in shown))
        role[[top, low]] = "text"
        parent[members] = first + k
    added = Elements(np.array(boxes, np.int64), kind=["region"] * len(rows), text=names,
                     role=["listitem"] * len(rows), name=names, id=first + np.arange(len(rows)),
                     point=np.array(points, np.int64), states=states)
    return Elements.concat([elements.with_(role=role, parent=parent), added])
