"""Names and values: what an accessibility tree would call each element, from pixels.

Rules, in order (all distances in px at the screen's scale; ``h`` is the control's height):

1. Own name: an element's own text (buttons, links, tabs, menu items, list items, text).
   An icon, or a control made only of an icon, is named by what the icon does (its label).
   A compound control (see `compounds`) is named by its parts' text.
2. Checkboxes and radios take the text beside them: the nearest text on their line starting
   within 4h to their right, else ending within 4h to their left. The control's box grows to
   cover that label (as toolkits draw the clickable area) while its click point stays on the
   box itself, and the label's parent is the control.
3. Switches take the nearest text on their row to the right within 4h, else the nearest to
   their left on the same row (settings pages put the label far left).
4. Text boxes, combo boxes, spin boxes and sliders take the label to their left on the same
   row (ending within 12h of them) or the one right above them (its bottom within 1.5h of
   their top, its left edge within 2h of theirs), whichever is closer. Without one, a text box
   is named by its own placeholder text. Their own text (or their parts' text) is their value.
"""
from __future__ import annotations

import numpy as np

from ..elements import Elements

FIELDS = ("textbox", "combobox", "spinbox", "slider")
BESIDE = ("checkbox", "radio")
OWN_TEXT = ("button", "link", "tab", "menuitem", "listitem", "text", "heading")


def _gaps(boxes: np.ndarray, i: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For box ``i``: horizontal gap from its right edge to each box's left edge, from each
    box's right edge to its left edge, and whether each box sits on its line (vertical centres
    within half its height)."""
    b = boxes.astype(np.int64)
    x0, y0, x1, y1 = b[i]
    h = max(1, y1 - y0)
    cy = (b[:, 1] + b[:, 3]) / 2
    on_line = np.abs(cy - (y0 + y1) / 2) <= max(h / 2, 6)
    return b[:, 0] - x1, x0 - b[:, 2], on_line


def _nearest(dist: np.ndarray, ok: np.ndarray) -> int:
    """Index of the smallest ``dist`` where ``ok``, else -1."""
    if not ok.any():
        return -1
    d = np.where(ok, dist, np.inf)
    return int(d.argmin())


def _label_beside(boxes, is_text, i, reach_right, reach_left) -> int:
    right, left, line = _gaps(boxes, i)
    j = _nearest(right, is_text & line & (right >= -2) & (right <= reach_right))
    if j < 0:
        j = _nearest(left, is_text & line & (left >= -2) & (left <= reach_left))
    return j


def _label_for_field(boxes, is_text, i, left: bool = True) -> int:
    b = boxes.astype(np.int64)
    x0, y0, x1, y1 = b[i]
    h = max(1, y1 - y0)
    _, gap_left, line = _gaps(boxes, i)
    j_left = _nearest(gap_left, is_text & line & (gap_left >= -2) & (gap_left <= 12 * h)) if left else -1
    above = y0 - b[:, 3]
    j_above = _nearest(above, is_text & (above >= -2) & (above <= 1.5 * h) & (np.abs(b[:, 0] - x0) <= 2 * h))
    if j_left >= 0 and j_above >= 0:
        return j_left if gap_left[j_left] <= above[j_above] else j_above
    return max(j_left, j_above)


def assign_names(elements: Elements, parts: dict[int, np.ndarray] | None = None) -> Elements:
    """``name`` and ``value`` for every element by the module's rules; checkboxes and radios
    also get their label inside their box and their click point on the box itself.

    parts: for compound controls, row -> rows of the elements they are made of."""
    parts = parts or {}
    n = len(elements)
    role, text, label = elements.role, elements.text, elements.label
    name = np.array([str(t) for t in text], dtype=object)
    value = np.full(n, "", dtype=object)
    xyxy, point, parent = elements.xyxy.copy(), elements.point.copy(), elements.parent.copy()
    is_text = np.array([k == "text" and bool(t) for k, t in zip(elements.kind, text)], bool)
    for i in range(n):                                    # rule 1
        inner = " ".join(str(text[j]) for j in parts.get(i, ()) if text[j])
        if not name[i] and inner:
            name[i] = inner
        if not name[i] and label[i]:
            name[i] = str(label[i])
        if not name[i]:
            icons = [str(label[j]) for j in parts.get(i, ()) if label[j]]
            name[i] = icons[0] if icons else ""
    candidates = is_text.copy()
    # A text run names itself, unless it is a flat text box (its text the value) with its label
    # above it: a run read as a combo box, spin box, check box or with a "label" beside it on
    # its row is more often a misread key or toolbar word (a calculator's "EE" must not be
    # renamed after the key beside it).
    flat_field = is_text & (role == "textbox")
    for i in np.flatnonzero(np.isin(role, BESIDE + ("switch",) + FIELDS) & (~is_text | flat_field)):
        available = candidates.copy()
        available[list(parts.get(i, ()))] = False
        available[i] = False
        h = max(1, xyxy[i, 3] - xyxy[i, 1])
        if role[i] in BESIDE:                             # rule 2
            j = _label_beside(elements.xyxy, available, i, 4 * h, 4 * h)
            if j >= 0:
                name[i] = str(text[j])
                point[i] = (elements.xyxy[i, :2] + elements.xyxy[i, 2:]) // 2
                xyxy[i] = np.concatenate([np.minimum(xyxy[i, :2], xyxy[j, :2]), np.maximum(xyxy[i, 2:], xyxy[j, 2:])])
                parent[j] = elements.id[i]
        elif role[i] == "switch":                         # rule 3
            j = _label_beside(elements.xyxy, available, i, 4 * h, np.inf)
            if j >= 0:
                name[i] = str(text[j])
        else:                                             # rule 4
            own = name[i]
            value[i] = own
            j = _label_for_field(elements.xyxy, available, i, left=not flat_field[i])
            if j >= 0:
                name[i] = str(text[j]).rstrip(":").strip()
            elif role[i] != "textbox":
                name[i] = ""
    return elements.with_(name=name, value=value, xyxy=xyxy, point=point, parent=parent)
