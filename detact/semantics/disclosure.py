"""A disclosure triangle before a label says whether what the label heads is open.

Trees (a settings editor's channels, a file manager's folders), expanders ("Keypad" under its
triangle) and sidebars draw a small caret or chevron just left of a row's label: pointing down,
the row is expanded; pointing right, collapsed. The control classifier, seeing one element at a
time, calls rows and paragraphs of a document "expanded" without such a glyph; the glyph is
what says it. So:

1. `disclosures`: icons the icon stage names a caret or chevron pointing down (`OPEN`) or right
   (`CLOSED`), at most `MAX_GLYPH` px (or `GLYPH_TO_LABEL` of their label's height, a scale-2
   screen's), with a text run beginning on their right on their row within `MAX_GAP` glyph
   widths and nothing between: the glyph, its label, and whether it is open. The label and the
   glyph are "expanded" when it is.
2. The glyph is the row's expander, a button, unless a text run ends just left of it on its
   row (`SEPARATOR_GAP` glyph widths, and no more than `SEPARATOR_BALANCE` times the gap after
   it and half a glyph width): a path bar's separator between two folders, spaced alike on both
   sides.
3. Elsewhere "expanded" stays only on the roles whose popup the classifier may see open (combo
   boxes, menu items and buttons; `EXPANDABLE`), never on text, fields or rows without a glyph
   (`without_unfounded_expanded`).
4. An expander standing alone (GtkExpander: "Keypad" over what it shows, which accessibility
   trees call a toggle button) is no tree's row: no text run starts level with its label (within
   an eighth of its height) within `LONE_REACH` label heights above or below it (a tree's sibling
   rows do, never framed each by a plate of its own; what an expander shows may start anywhere
   under it), no other disclosure glyph stands so near in the glyph's column or a step in or out
   on another row (up to `CHILD_STEP` label heights: a child or parent row that opens too), and
   no two text runs start at one x a step in, one under the other right under it, the first
   within a label height (an open tree row's children) (`lone_expanders`). Its label is the
   button, grown over the glyph, which is its icon; it is "expanded" and "checked" when open (a
   toggle button pressed in).
5. A glyph pointing up (`UP`) is only an expander standing alone, open: Materia points an open
   expander up and a closed one down, so where one on the screen points up, the lone ones
   pointing down are closed (`materia_closed`); or one of two or more expanders pointing up
   in one column (within a glyph width) on different rows (`stacked_up`: Materia's open
   sections down a sidebar, gitg's "Branches" and "Remotes"). Elsewhere a caret up is no
   disclosure (a column header's sort arrow).
6. An open expander is a toggle pressed in: "checked" as well as "expanded".
"""
from __future__ import annotations

import numpy as np

#: What the icon stage calls a disclosure triangle pointing down (open) or right (closed).
OPEN = ("caret down", "chevron down")
CLOSED = ("caret right", "chevron right")
#: ... and pointing up: an open expander in Materia, which points a closed one down (rule 5).
UP = ("caret up", "chevron up")
#: A disclosure glyph is at most this many px wide and tall at scale 1.
MAX_GLYPH = 20
#: ... or at most this share of its label's height.
GLYPH_TO_LABEL = 0.8
#: Its label begins at most this many glyph widths (and 12 px at scale 1) after it.
MAX_GAP = 1.5
#: A text run ending this close before the glyph (in glyph widths) makes it a separator ...
SEPARATOR_GAP = 3.0
#: ... when it ends no further before it than this many times the gap after it (and half a
#: glyph width): a path bar spaces a separator alike on both sides.
SEPARATOR_BALANCE = 1.5
#: An expander's label with no text run starting level with it this many label heights above
#: or below it stands alone (rule 4).
LONE_REACH = 2.5
#: ... and with no column of text runs starting up to this many label heights past its start
#: right under it (a tree row's children).
CHILD_STEP = 3.0
#: Roles on which the classifier's "expanded" stands without a glyph: their popup is open.
EXPANDABLE = ("combobox", "menuitem", "button")


def disclosures(kind: np.ndarray, xyxy: np.ndarray, labels: np.ndarray,
                scale: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Rule 1 and 2 over elements (``kind``, ``labels`` (N,), boxes ``xyxy`` (N, 4)): rows of the
    disclosure glyphs (K,), their labels' rows (K,), whether each is open (K,) bool, and whether
    each glyph is an expander button (K,) bool (not a separator)."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    kind, labels = np.asarray(kind, dtype=object), np.asarray(labels, dtype=object)
    s = max(1.0, float(scale))
    wh = b[:, 2:] - b[:, :2]
    glyphs = np.flatnonzero((kind == "icon") & np.isin(labels, OPEN + CLOSED + UP)
                            & (wh.max(axis=1) <= max(MAX_GLYPH * s, 2 * GLYPH_TO_LABEL * MAX_GLYPH)))
    texts = np.flatnonzero(kind == "text")
    empty = np.zeros(0, np.int64)
    if not len(glyphs) or not len(texts):
        return empty, empty, np.zeros(0, bool), np.zeros(0, bool)
    cy = (b[:, 1] + b[:, 3]) / 2
    found, owners, opened, buttons = [], [], [], []
    for g in glyphs.tolist():
        w, h = max(wh[g, 0], 1.0), max(wh[g, 1], 1.0)
        row = texts[np.abs(cy[texts] - cy[g]) <= np.maximum(h, 0.5 * (b[texts, 3] - b[texts, 1]))]
        after = row[(b[row, 0] >= b[g, 2] - 1) & (b[row, 0] - b[g, 2] <= min(MAX_GAP * w, 12 * s))]
        if not len(after):
            continue
        label = int(after[np.argmin(b[after, 0])])
        if wh[g].max() > max(MAX_GLYPH * s, GLYPH_TO_LABEL * wh[label, 1]):
            continue
        # nothing between the glyph and its label
        between = (b[:, 0] >= b[g, 2] - 1) & (b[:, 2] <= b[label, 0] + 1) & (np.abs(cy - cy[g]) <= h)
        between[[g, label]] = False
        if between.any():
            continue
        # (a path bar spaces a separator alike on both sides; an expander after another one's
        # label stands clear of it and close to its own)
        gap_after = b[label, 0] - b[g, 2]
        before = row[(b[row, 2] <= b[g, 0] + 1) & (b[g, 0] - b[row, 2] <= SEPARATOR_GAP * w)
                     & (b[g, 0] - b[row, 2] <= SEPARATOR_BALANCE * max(gap_after, 0.0) + w / 2)]
        found.append(g)
        owners.append(label)
        opened.append(str(labels[g]) in OPEN + UP)
        buttons.append(not len(before))
    return (np.array(found, np.int64), np.array(owners, np.int64), np.array(opened, bool),
            np.array(buttons, bool))


def without_unfounded_expanded(states: list[tuple[str, ...]], roles: np.ndarray) -> list[tuple[str, ...]]:
    """``states`` (N,) with "expanded" left only on `EXPANDABLE` ``roles`` (N,) (rule 3); a copy.
    Run before rule 1 sets the glyphs' own."""
    return [st if role in EXPANDABLE or "expanded" not in st else tuple(x for x in st if x != "expanded")
            for st, role in zip(states, np.asarray(roles, dtype=object).tolist())]


def lone_expanders(kind: np.ndarray, xyxy: np.ndarray, glyphs: np.ndarray, heads: np.ndarray,
                   framed: np.ndarray | None = None) -> np.ndarray:
    """Rule 4 over the disclosure ``glyphs`` and their labels ``heads`` (K,) (rows of ``kind``
    (N,) and ``xyxy`` (N, 4), from `disclosures`): (K,) bool, which stand alone, no tree's rows.
    Text runs ``framed`` (N,) bool by a plate of their own (a button's label under the
    expander) are no tree's rows."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    texts = np.asarray(kind, dtype=object) == "text"
    if framed is not None:
        texts &= ~np.asarray(framed, bool)
    texts = np.flatnonzero(texts)
    out = np.zeros(len(glyphs), bool)
    for k, (g, t) in enumerate(zip(np.asarray(glyphs, np.int64).tolist(), np.asarray(heads, np.int64).tolist())):
        h = b[t, 3] - b[t, 1]
        near = (b[:, 1] < b[t, 3] + LONE_REACH * h) & (b[:, 3] > b[t, 1] - LONE_REACH * h)
        near[[g, t]] = False
        column = near[texts] & (np.abs(b[texts, 0] - b[t, 0]) <= max(2.0, h / 8))
        w = b[g, 2] - b[g, 0]
        others = np.asarray(glyphs, np.int64)
        # (another triangle in its column, or a step in or out on another row: a child or
        # parent row that opens too)
        other_row = np.abs((b[others, 1] + b[others, 3]) / 2 - (b[g, 1] + b[g, 3]) / 2) > h / 2
        stacked = near[others] & ((np.abs(b[others, 0] - b[g, 0]) <= w)
                                  | (other_row & (np.abs(b[others, 0] - b[g, 0]) <= CHILD_STEP * h)))
        out[k] = not column.any() and not stacked.any() and not _children_under(b, texts, t)
    return out


def _children_under(b: np.ndarray, texts: np.ndarray, t: int) -> bool:
    """Whether two of the ``texts`` (rows of ``b`` (N, 4)) start at one x (within 2 px) a step in
    from the label ``t`` (past its start, by at most `CHILD_STEP` of its heights), the first
    within its height under it and the second within a height under the first: a tree row's
    children."""
    h = b[t, 3] - b[t, 1]
    stepped = texts[(b[texts, 0] > b[t, 0] + 2) & (b[texts, 0] <= b[t, 0] + CHILD_STEP * h)]
    first = stepped[(b[stepped, 1] >= b[t, 3] - 2) & (b[stepped, 1] - b[t, 3] <= h)]
    for f in first.tolist():
        below = stepped[(np.abs(b[stepped, 0] - b[f, 0]) <= 2) & (b[stepped, 1] >= b[f, 3] - 2)
                        & (b[stepped, 1] - b[f, 3] <= h)]
        if len(below):
            return True
    return False


def materia_closed(labels: np.ndarray, glyphs: np.ndarray, lone: np.ndarray) -> np.ndarray:
    """Rule 5 over the disclosure ``glyphs`` (K,) (rows of ``labels`` (N,)) and which stand alone
    ``lone`` (K,) bool: (K,) bool, the lone ones pointing down on a screen where a lone one points
    up, which are closed."""
    labels = np.asarray(labels, dtype=object)
    up = lone & np.isin(labels[glyphs], UP)
    return lone & np.isin(labels[glyphs], OPEN) & up.any()


def stacked_up(xyxy: np.ndarray, labels: np.ndarray, glyphs: np.ndarray, expanders: np.ndarray) -> np.ndarray:
    """Rule 5's column over the disclosure ``glyphs`` (K,) (rows of ``xyxy`` (N, 4) and ``labels``
    (N,)) and which are expanders (K,) bool: (K,) bool, the expanders pointing up with another
    such in their column (left edges within a glyph width) on another row."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    g = np.asarray(glyphs, np.int64)
    up = np.asarray(expanders, bool) & np.isin(np.asarray(labels, dtype=object)[g], UP)
    w = b[g, 2] - b[g, 0]
    cy = (b[g, 1] + b[g, 3]) / 2
    h = b[g, 3] - b[g, 1]
    pair = (up[:, None] & up[None, :] & (np.abs(b[g, 0][:, None] - b[g, 0][None, :]) <= w[:, None])
            & (np.abs(cy[:, None] - cy[None, :]) > h[:, None]))
    return pair.any(axis=1)
