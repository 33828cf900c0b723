"""Names and values: what an accessibility tree would call each element, from pixels.

Rules, in order (all distances in px at the screen's scale; ``h`` is the control's height):

1. Own name: an element's own text (buttons, links, tabs, menu items, list items, text).
   An icon, or a control made only of an icon, is named as GTK names a button showing that
   icon when it is a freedesktop theme's ("view-refresh" -> "Refresh", a menu button's
   "open-menu" -> "Menu": `icons.vocabulary.toolkit_name`; so is a button showing another
   set's menu glyph, three dots or bars: `icons.vocabulary.menu_button_name`), else by what the
   icon does (its label);
   a field only by a search or filter icon in it (`FIELD_ICON_NAMES`), not by its clear button.
   A compound control (see `compounds`) is named by its parts' text. An icon that is a check
   box, radio or switch itself (a view switcher's item, a segment of a row of linked toggles:
   ``self_named``) is named by its function and takes no label beside it (rule 2).
2. Checkboxes and radios (and an icon called a menu item: the box or ring of a check or radio
   menu item, from its right only, and only a menu item's text) take the text beside them: the
   nearest text on their line starting
   within 4h to their right, else ending within 4h to their left (its box may overlap the
   control's by half the control's width), with the runs that continue it within a word space
   on its line (a label the line splitter cut in two). The control's box grows to
   cover that label (as toolkits draw the clickable area) while its click point stays on the
   box itself, and the label's parent is the control; it labels no other control. A text on
   the left with a glyph standing between it and the control is no label (a table's "Boolean"
   cell, the row's "Locked" box, then its value's box). A form's
   label on the left, ending in a colon, is a widget of its own (a Qt form layout's row): it
   names the control (without the colon) from as far as a field's label (12h,
   `FORM_LABEL_REACH`), and the control's box stays its own.
3. Switches take the nearest text on their row to the right within 4h, else the nearest to
   their left on the same row (settings pages put the label far left). A label within h of
   the switch is part of its clickable area, as for checkboxes (a web page's <label> around
   both, a Qt switch): the box grows over it. A label far away does not; when it is a
   description's line under a title (the lines above it in its column each at most half a
   line height apart, as in rule 5), the switch takes the title, the first line, as settings
   rows name their switch (GNOME's, a web settings page's): unless that line is level with
   another control, whose label it is (a column of switch rows drawn close).
4. Text boxes, combo boxes, spin boxes and sliders (but a volume button, an icon alone) take the label to their left on the same
   row (on their mid-line within h/4, ending within 12h of them) or the one right above them (its bottom within 1.5h of
   their top, its left edge within 2h of theirs; a slider's knob may stand half its height, down
   to its track, higher than the label's bottom), whichever is closer. A label is short (at
   most `LABEL_WORDS` words) and has a letter or digit: a sentence beside a control describes
   it. Without one, a text box is named by its own placeholder text. Their own text (or their
   parts' text) is their value. A text run read as a text box (no frame found around it) takes
   only the label above it or a form label ending in a colon on its left; one that is part of
   a control is that control's value and takes none. Text that is part of a control never
   labels another one, nor does a text box's value, a button, link, tab, menu item (a menu
   bar's "File" over a toolbar's combo box) or a check box's, radio's or switch's own text
   (`NOT_LABELS`) label a field. A label names one field: fields are named in reading order,
   so the combo box on a label's row takes it before the entry below that row could, and after
   check boxes, radios and switches have taken theirs (rules 2 and 3).
5. A combo box, spin box or slider still unnamed sits at the right end of a settings row: a
   block of text lines to its left (a title, then a description) that reaches its height, one
   of those lines ending within 12h of it. It takes the block's first line, the title
   (aria-labelledby in web settings pages). The block is the column of lines starting where
   the line beside the control starts, each at most half a line height below the one above,
   its top at most 6h above the control.
6. Zoom buttons: a "+" and a "-" (read as text, or icons named add / remove, plus / minus) on
   the row of a percentage ("100%", "75 %"), within `ZOOM_REACH` heights of it (theirs or its),
   are named "Zoom in" and "Zoom out" and are buttons, whatever the classifier called them:
   document and image viewers, file managers and browsers flank their zoom level so, and an
   agent asks for "zoom in", not for "add".
7. Page buttons: arrows (icons named back / forward, previous / next, up / down, left and right
   chevrons or carets; first / last) on the row of a page counter ("1 / 12", "3 of 12"), within
   `ZOOM_REACH` heights of it, are named "Previous page" and "Next page" ("First page", "Last
   page") and are buttons: document viewers flank their page number so, and name them so.
   The page number itself is a text box (`page_fields`, applied by the stage with the roles):
   a counter framed alone, or a number ending just before its count ("1", then "(1 of 12)");
   so is the count when one frame holds the two (`linked_page_counts`: evince's greyed entry).
8. A button that is a drop-down arrow alone (`DROPDOWN_ARROWS`, named by its glyph in rule 1),
   touching no field (a field's box within half the arrow's width: a combo box's own arrow),
   is a menu button and is named "Menu" (`MENU_BUTTON`), as GTK names a menu button that has
   no label of its own; what it does is open a menu, so its ``label`` (function) is "menu" and
   the arrow's shape stays in ``icon``.
"""
from __future__ import annotations

import re

import numpy as np

from ..boxes import reading_order
from ..elements import Elements
from ..icons.vocabulary import menu_button_name, toolkit_name

FIELDS = ("textbox", "combobox", "spinbox", "slider")
BESIDE = ("checkbox", "radio")
OWN_TEXT = ("button", "link", "tab", "menuitem", "listitem", "text", "heading")

#: What a spin button's steppers read as, when read as text: its buttons, no name or value.
STEPPER_SIGNS = ("+", "-", "\u2212")
#: Text runs that are controls of their own and never a field's label (rules 4 and 5): a menu
#: bar's "Search" above a toolbar's split button does not name it.
NOT_LABELS = ("button", "link", "tab", "menuitem", "checkbox", "radio", "switch")
#: A form's label (ending in a colon) names a check box, radio or switch on its right from up
#: to this many of the control's heights away (rule 2), as a field's label does (rule 4).
FORM_LABEL_REACH = 12
#: Icons that name the field they are drawn in (rule 1): a search entry's magnifier does, its
#: clear button does not.
FIELD_ICON_NAMES = ("search", "find", "filter")
#: Icon functions of a drop-down arrow (also the end of a combo box, see `compounds`).
DROPDOWN_ARROWS = ("caret down", "chevron down")
#: The name of a button that is a drop-down arrow alone (rule 8).
MENU_BUTTON = "Menu"
#: The most words a field's label has (rule 4); longer text beside a field describes it.
LABEL_WORDS = 6
#: What a zoom button's glyph is read as or named (rule 6).
ZOOM_GLYPHS = {"Zoom in": ("+", "add", "plus", "zoom in"),
               "Zoom out": ("-", "\u2212", "\u2013", "remove", "minus", "zoom out")}
#: A zoom level: "100%", "75 %", "12.5%".
PERCENT = re.compile(r"^\d{1,4}(?:[.,]\d+)?\s?%$")
#: Farthest a zoom button stands from the zoom level, in heights (the button's or the level's,
#: the larger: a "+" is read tight to its ink) (rule 6), and a page button from the page counter
#: (rule 7).
ZOOM_REACH = 4.0
#: What a page button's glyph is named (rule 7); a drop-down arrow ("caret down") is a combo's.
PAGE_GLYPHS = {"Previous page": ("back", "previous", "up", "chevron left", "chevron up", "caret left", "caret up"),
               "Next page": ("forward", "next", "down", "chevron right", "caret right"),
               "First page": ("first", "double chevron left"), "Last page": ("last", "double chevron right")}
#: A page counter: "1 / 12", "3 of 12", "(3 of 12)", "Page 3 of 12".
PAGE_COUNTER = re.compile(r"^\(?(?:page\s+)?\d{1,5}\s*(?:/|of)\s*\d{1,5}\)?$", re.IGNORECASE)
#: ... and the count a page number field is followed by: "of 12", "/ 12", or a whole counter.
PAGE_COUNT = re.compile(r"^\(?(?:\d{1,5}\s*)?(?:/|of)\s*\d{1,5}\)?$", re.IGNORECASE)
#: A page number field ends at most this many of its heights before its count.
PAGE_FIELD_REACH = 2.5


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


def _gap_between(boxes: np.ndarray, i: int, j: int) -> int:
    """Horizontal gap between boxes ``i`` and ``j`` (negative when they overlap)."""
    (ax0, _, ax1, _), (bx0, _, bx1, _) = boxes[i].astype(np.int64), boxes[j].astype(np.int64)
    return int(max(bx0 - ax1, ax0 - bx1))


def _nearest(dist: np.ndarray, ok: np.ndarray) -> int:
    """Index of the smallest ``dist`` where ``ok``, else -1."""
    if not ok.any():
        return -1
    d = np.where(ok, dist, np.inf)
    return int(d.argmin())


def _label_beside(boxes, is_text, i, reach_right, reach_left, glyphs=None) -> int:
    right, left, line = _gaps(boxes, i)
    # a label's box may reach into the control's by up to half its width: text boxes are padded
    # and a glyph's edge is often read with its label ("| Show this dialog")
    overlap = -max(2, (int(boxes[i, 2]) - int(boxes[i, 0])) // 2)
    j = _nearest(right, is_text & line & (right >= overlap) & (right <= reach_right))
    if j < 0:
        left_ok = is_text & line & (left >= overlap) & (left <= reach_left)
        if glyphs is not None:
            left_ok &= ~_glyph_between(boxes, glyphs, i, line)
        j = _nearest(left, left_ok)
    return j


def _glyph_between(boxes, glyphs, i, line) -> np.ndarray:
    """(N,) bool: whether one of the ``glyphs`` (N,) bool on the line of control ``i``, three
    quarters of its height or taller, stands wholly between each box and the control, on its
    left (rule 2: a table row's other cell)."""
    b = boxes.astype(np.int64)
    between = np.zeros(len(b), bool)
    g = np.flatnonzero(glyphs & line)
    # (a glyph: at least three quarters of the control's height; a speck is none)
    g = g[(g != i) & (b[g, 2] <= b[i, 0] + 2) & (4 * (b[g, 3] - b[g, 1]) >= 3 * (b[i, 3] - b[i, 1]))]
    for k in g.tolist():
        between |= b[:, 2] <= b[k, 0] + 2
    return between


def _label_of_box(boxes, is_text, form_label, i, switch: bool, menu_glyph: bool, glyphs=None) -> int:
    """Rules 2 and 3: the label of check box, radio, switch or menu glyph ``i`` among the text
    ``is_text`` (form labels: ``form_label``; a text on its left with one of the ``glyphs`` (N,)
    bool between is none), or -1."""
    h = max(1, int(boxes[i, 3]) - int(boxes[i, 1]))
    j = _label_beside(boxes, is_text, i, 4 * h, np.inf if switch else 0 if menu_glyph else 4 * h, glyphs)
    if j < 0 and not menu_glyph:               # a form's label, as far off as a field's
        j = _label_beside(boxes, is_text & form_label, i, 0, FORM_LABEL_REACH * h, glyphs)
    return j


def _label_run(boxes, is_text, j, h) -> list[int]:
    """Label ``j`` and the text runs that continue it on its line, each starting within a word
    space (``h`` / 2, ``h`` the control's height) of the one before: a label the line splitter
    cut in two ("Notify" | "me by SMS", where a mnemonic or a colour change cut it)."""
    b = boxes.astype(np.int64)
    run = [j]
    cy = (b[:, 1] + b[:, 3]) / 2
    while True:
        last = run[-1]
        gap = b[:, 0] - b[last, 2]
        nxt = _nearest(gap, is_text & (np.abs(cy - cy[last]) <= max(h / 2, 4)) & (gap >= -2) & (gap <= max(h / 2, 4)))
        if nxt < 0 or nxt in run:
            return run
        run.append(nxt)


def _label_like(texts) -> np.ndarray:
    """(N,) bool: text that can be a field's label (rule 4)."""
    return np.array([len(str(t).split()) <= LABEL_WORDS and any(c.isalnum() for c in str(t)) for t in texts],
                    bool)


def _title_of_block(boxes, is_text, i) -> int:
    """Rule 5: the first line of the text block left of box ``i`` that reaches its height, or -1."""
    b = boxes.astype(np.int64)
    x0, y0, x1, y1 = b[i]
    h = max(1, y1 - y0)
    beside = is_text & (b[:, 2] <= x0) & (b[:, 1] < y1) & (b[:, 3] > y0 - h)
    if not beside.any() or x0 - b[beside, 2].max() > 12 * h:   # the block must reach towards it
        return -1
    start = b[beside, 0].min()
    column = is_text & (np.abs(b[:, 0] - start) <= h) & (b[:, 2] <= x0)
    rows = np.flatnonzero(column)
    top = int(rows[np.argmin(np.where(beside[rows], b[rows, 1], np.inf))])
    while True:                          # climb while the next line up is within half a line height
        gap = b[top, 1] - b[rows, 3]
        above = rows[(gap >= -4) & (gap <= (b[top, 3] - b[top, 1]) / 2)]
        if not len(above):
            break
        top = int(above[np.argmax(b[above, 3])])
    return top if y0 - b[top, 1] <= 6 * h else -1


def _title_above(boxes, is_text, j, i, controls, switch: bool = True) -> int:
    """Rule 3: the first line of the block that text ``j``, a far label on the left of switch
    ``i`` (more than its height away; else, or not a ``switch``, ``j`` itself), ends
    (lines left-aligned within a line height, each at most half a line height below the one
    above), the switch centred on it: no line reaches higher above the switch's centre than
    the block's last line (the last starting above the switch's bottom) reaches below it
    (give or take half a line). It stops under a line level with
    another of the ``controls`` boxes ``(C, 4)``; ``j`` itself when nothing is above it."""
    b = boxes.astype(np.int64)
    if not switch or b[j, 2] > b[i, 0] or _gap_between(b, i, j) <= b[i, 3] - b[i, 1]:
        return j
    c = np.asarray(controls, np.int64).reshape(-1, 4)
    others = c[~(c == b[i]).all(axis=1)]
    cy_switch = (b[i, 1] + b[i, 3]) / 2
    column = is_text & (b[:, 2] <= b[i, 0])
    low = j                                # the block's last line, the last starting above the switch's bottom
    while (down := _next_line(b, column & (b[:, 1] <= b[i, 3]), low, below=True)) >= 0:
        low = down
    top = j
    while (up := _next_line(b, column, top, below=False)) >= 0:
        line = b[top, 3] - b[top, 1]
        cy = (b[up, 1] + b[up, 3]) / 2
        level = (np.abs((others[:, 1] + others[:, 3]) / 2 - cy) <= line / 2) & (others[:, 0] >= b[up, 2])
        if level.any() or cy_switch - b[up, 1] > b[low, 3] - cy_switch + line / 2:
            break
        top = up
    return top


def _next_line(b: np.ndarray, column: np.ndarray, k: int, below: bool) -> int:
    """The line of ``column`` (N,) bool right under (``below``) or over line ``k`` of the boxes
    ``b`` (N, 4): its left edge within a line height of ``k``'s, at most half a line height
    away (or overlapping by as much); the nearest, or -1 (`_title_above`)."""
    line = b[k, 3] - b[k, 1]
    gap = b[:, 1] - b[k, 3] if below else b[k, 1] - b[:, 3]
    beyond = b[:, 1] > b[k, 1] if below else b[:, 3] < b[k, 3]
    near = np.flatnonzero(column & (gap >= -line / 2) & (gap <= line / 2) & beyond
                          & (np.abs(b[:, 0] - b[k, 0]) <= line))
    if not len(near):
        return -1
    return int(near[np.argmin(b[near, 1])] if below else near[np.argmax(b[near, 3])])


def _label_for_field(boxes, is_text, i, left: bool = True, overhang: float = 2) -> int:
    b = boxes.astype(np.int64)
    x0, y0, x1, y1 = b[i]
    h = max(1, y1 - y0)
    _, gap_left, _ = _gaps(boxes, i)
    # a field's label is drawn on its mid-line (centred, or top-aligned with a taller field)
    level = np.abs((b[:, 1] + b[:, 3]) / 2 - (y0 + y1) / 2) <= max(h / 4, 3)
    j_left = _nearest(gap_left, is_text & level & (gap_left >= -2) & (gap_left <= 12 * h)) if left else -1
    above = y0 - b[:, 3]
    j_above = _nearest(above, is_text & (above >= -overhang) & (above <= 1.5 * h) & (np.abs(b[:, 0] - x0) <= 2 * h))
    if j_left >= 0 and j_above >= 0:
        return j_left if gap_left[j_left] <= above[j_above] else j_above
    return max(j_left, j_above)


def _icon_name(icon: str, label: str, button: bool) -> str:
    """The name of a control shown by the bank template ``icon`` of function ``label`` (rule 1):
    what GTK calls a button (or image) showing it, a button showing another set's menu glyph
    "Menu", else the function."""
    gtk = toolkit_name(icon, button=button) or (menu_button_name(label) if button else "")
    return gtk if gtk.lower() not in ("", label.lower()) else label


def assign_names(elements: Elements, parts: dict[int, np.ndarray] | None = None,
                 self_named: np.ndarray | None = None) -> Elements:
    """``name`` and ``value`` for every element by the module's rules; checkboxes and radios
    also get their label inside their box and their click point on the box itself.

    parts: for compound controls, row -> rows of the elements they are made of.
    self_named: rows of icons that are check boxes, radios or switches themselves (a view
    switcher's items, a linked row's segments): named by their function, they take no label."""
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
        if not name[i] and label[i]:                      # an icon: what GTK calls it, else its function
            name[i] = _icon_name(str(elements.icon[i]), str(label[i]), role[i] == "button")
        if not name[i]:
            icons = [j for j in parts.get(i, ()) if label[j]
                     and (role[i] not in FIELDS or str(label[j]) in FIELD_ICON_NAMES)]
            name[i] = _icon_name(str(elements.icon[icons[0]]), str(label[icons[0]]), role[i] == "button") \
                if icons else ""
    # a control's own text (a combo box's value, a button's caption) labels no other control,
    # and is not a control of its own to label
    is_part = np.zeros(n, bool)
    for rows in parts.values():
        is_part[rows] = True
    candidates = is_text & ~is_part
    label_like = _label_like(text)
    form_label = label_like & np.array([str(t).rstrip().endswith(":") for t in text], bool)
    # A text run names itself, unless it is a flat text box (its text the value, no part of a
    # control) with its label above it or a form label ending in a colon on its left: a run read
    # as a combo box, spin box, check box or with a plain word beside it on its row is more
    # often a misread key or toolbar word (a calculator's "EE" must not be renamed after the
    # key beside it).
    flat_field = is_text & (role == "textbox") & ~is_part
    # a text box's value, a button, link, tab or menu item labels no field (rule 4)
    no_field_label = flat_field | np.isin(role, NOT_LABELS)
    # the box or ring of a check or radio menu item (a glyph the semantics stage called a menu
    # item) takes its item's text as a check box does (rule 2), from its right only
    menu_glyph = (role == "menuitem") & (elements.kind == "icon")
    # a slider drawn as an icon alone (a volume button) is named by its icon (rule 1)
    icon_slider = (role == "slider") & (elements.kind == "icon")
    # an icon that is a check box, radio or switch itself is named by what it does (rule 1)
    icon_control = np.zeros(n, bool)
    icon_control[np.asarray(self_named if self_named is not None else [], np.int64)] = True
    controls = np.flatnonzero((np.isin(role, BESIDE + ("switch",) + FIELDS) & (~is_text | flat_field) & ~icon_slider
                               & ~icon_control) | menu_glyph)
    # the glyphs a control's label on its left may not stand behind (rule 2): small icons
    wh = elements.xyxy[:, 2:] - elements.xyxy[:, :2]
    glyphs = (elements.kind == "icon") & (wh.max(axis=1) <= 2 * np.maximum(wh.min(axis=1), 1))
    # check boxes, radios and switches take the text beside them first (rules 2 and 3), then the
    # fields, in reading order (rules 4 and 5): a field far right of a check box's label must not
    # take it for the title of its row
    beside = np.isin(role[controls], BESIDE + ("switch",)) | menu_glyph[controls]
    order = reading_order(elements.xyxy[controls])
    for i in np.concatenate([controls[order][beside[order]], controls[order][~beside[order]]]).tolist():
        available = candidates.copy()
        available[list(parts.get(i, ()))] = False
        available[i] = False
        h = max(1, xyxy[i, 3] - xyxy[i, 1])
        if role[i] in BESIDE + ("switch",) or menu_glyph[i]:   # rules 2 and 3
            switch = role[i] == "switch"
            # a menu glyph's item is a menu item (the rest of its label may be called otherwise)
            first = available & ((role == "menuitem") | ~menu_glyph[i])
            j = _label_of_box(elements.xyxy, first, form_label, i, switch, bool(menu_glyph[i]), glyphs)
            if j < 0:
                continue
            # (a switch far right of a settings row's description takes the row's title)
            j = _title_above(elements.xyxy, available, j, i, elements.xyxy[controls], switch)
            run = _label_run(elements.xyxy, available, j, h)
            name[i] = " ".join(str(text[k]) for k in run)
            # a form's label on the left, ending in a colon, is a widget of its own (a Qt form
            # layout's "Restore tabs:" beside its check box): it names the box, which keeps its size
            if elements.xyxy[j, 0] < elements.xyxy[i, 0] and form_label[j]:
                name[i] = name[i].rstrip().rstrip(":").rstrip()
                candidates[run] = False                   # it labels nothing else
            elif not switch or _gap_between(elements.xyxy, i, j) <= h:
                point[i] = (elements.xyxy[i, :2] + elements.xyxy[i, 2:]) // 2
                box = np.concatenate([xyxy[[i]], elements.xyxy[run]])
                xyxy[i] = np.concatenate([box[:, :2].min(axis=0), box[:, 2:].max(axis=0)])
                parent[run] = elements.id[i]
                candidates[run] = False                   # the box grew over it: it labels nothing else
        else:                                             # rule 4
            own = name[i]
            # (a spin button's steppers read as text are its buttons, not its value)
            value[i] = " ".join(w for w in own.split() if w not in STEPPER_SIGNS) if role[i] == "spinbox" else own
            # a flat text box takes a label on its left only when it ends in a colon, a form's
            # label; a word beside a misread key is none
            available &= ~no_field_label
            j = _label_for_field(elements.xyxy, available & form_label, i) if flat_field[i] else -1
            if j < 0:
                j = _label_for_field(elements.xyxy, available & label_like, i, left=not flat_field[i],
                                     overhang=max(2, h / 2) if role[i] == "slider" else 2)
            if j < 0 and role[i] != "textbox":              # rule 5
                j = _title_of_block(elements.xyxy, available, i)
            if j >= 0:
                name[i] = str(text[j]).rstrip(":").strip()
                candidates[j] = False                     # one label, one control
            elif role[i] != "textbox":
                name[i] = ""
    name, role, label = _named_buttons(elements.xyxy, text, label, role, name)
    return elements.with_(name=name, value=value, xyxy=xyxy, point=point, parent=parent, role=role,
                          label=label)


def _named_buttons(xyxy: np.ndarray, text: np.ndarray, label: np.ndarray, role: np.ndarray,
                   name: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rules 6 to 8: zoom and page buttons and lone drop-down arrows named by what they do;
    returns the names, roles and icon labels (each (N,)) with theirs changed."""
    name, role = name.copy(), role.copy()
    for found in (zoom_buttons(xyxy, text, label, role), page_buttons(xyxy, text, label, role)):
        for i, button_name in found.items():                                   # rules 6 and 7
            # an icon already labelled so keeps its label's spelling: one name, not two
            # differing in case ("zoom in" and "Zoom in")
            same = str(label[i]).lower() == button_name.lower()
            name[i], role[i] = (str(label[i]) if same else button_name), "button"
    menu = (role == "button") & np.isin(name, DROPDOWN_ARROWS)                  # rule 8
    menu[menu] = ~_touch_fields(xyxy[menu], xyxy[np.isin(role, FIELDS)])
    name[menu] = MENU_BUTTON
    return name, role, np.where(menu & np.isin(label, DROPDOWN_ARROWS), MENU_BUTTON.lower(), label)


def _touch_fields(glyphs: np.ndarray, fields: np.ndarray) -> np.ndarray:
    """(K,) bool: whether each glyph box ``(K, 4)``, widened by half its width, meets a field box
    of ``fields`` ``(F, 4)`` (rule 8)."""
    if not len(glyphs) or not len(fields):
        return np.zeros(len(glyphs), bool)
    g = glyphs.astype(np.float64)
    pad = (g[:, 2] - g[:, 0]) / 2
    x0, x1 = g[:, 0] - pad, g[:, 2] + pad
    f = fields.astype(np.float64)
    return ((x0[:, None] < f[None, :, 2]) & (x1[:, None] > f[None, :, 0])
            & (g[:, 1, None] < f[None, :, 3]) & (g[:, 3, None] > f[None, :, 1])).any(axis=1)


def zoom_buttons(xyxy: np.ndarray, text: np.ndarray, label: np.ndarray, role: np.ndarray) -> dict[int, str]:
    """Rule 6: row -> "Zoom in" or "Zoom out" for the elements (boxes ``(N, 4)``, their
    ``text``, icon ``label`` and ``role``, each ``(N,)``) that are a "+" or a "-" on the row of
    a zoom level (`PERCENT`), at most `ZOOM_REACH` heights (theirs or the level's, the larger)
    from it. Only plain text, icons, pictures and buttons take part."""
    return _flanking_buttons(xyxy, text, label, role, PERCENT, ZOOM_GLYPHS)


def page_buttons(xyxy: np.ndarray, text: np.ndarray, label: np.ndarray, role: np.ndarray) -> dict[int, str]:
    """Rule 7: row -> "Previous page", "Next page", "First page" or "Last page" for the arrows
    (`PAGE_GLYPHS`) on the row of a page counter (`PAGE_COUNTER`), as `zoom_buttons` finds them."""
    return _flanking_buttons(xyxy, text, label, role, PAGE_COUNTER, PAGE_GLYPHS)


def page_fields(kind: np.ndarray, xyxy: np.ndarray, text: np.ndarray, frame: np.ndarray, role: np.ndarray
                ) -> np.ndarray:
    """Rows of the page number fields of document viewers (``kind``, ``text``, ``role`` (N,),
    boxes ``xyxy`` and the frames drawn round each alone, ``frame`` (N, 4), -1 for none): a
    page counter ("1 / 12", `PAGE_COUNTER`) drawn in a frame of its own (qpdfview), and a number
    (or a box where nothing was read, or only its selection) ending at most `PAGE_FIELD_REACH`
    of its height before a count on its row ("(1 of 12)", "of 12", `PAGE_COUNT`; atril, evince).
    The classifier calls such a field a button or a spin box: it has no arrows, and it is typed
    in. Fields wider than six heights, and texts that are not numbers, are left out."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    text = np.array([str(t).strip() for t in text], dtype=object)
    framed = (np.asarray(frame) >= 0).all(axis=1)
    found = [i for i in np.flatnonzero(framed & (kind == "text")).tolist() if PAGE_COUNTER.match(text[i])]
    counts = np.flatnonzero([kind[i] == "text" and bool(PAGE_COUNT.match(text[i])) for i in range(len(b))])
    h = b[:, 3] - b[:, 1]
    # a number's field is its frame when one is drawn round it alone (the number sits at its left)
    outer = np.where(framed[:, None], np.asarray(frame, np.float64), b)
    field = ((kind == "region") | np.array([t.isdigit() for t in text], bool)) \
        & (outer[:, 2] - outer[:, 0] <= 6 * h) & ~np.isin(role, ("icon", "image"))
    for c in counts.tolist():
        ch = b[c, 3] - b[c, 1]
        on_row = np.minimum(b[:, 3], b[c, 3]) - np.maximum(b[:, 1], b[c, 1]) >= 0.5 * np.minimum(h, ch)
        gap = b[c, 0] - outer[:, 2]
        near = np.flatnonzero(field & on_row & (gap >= -1) & (gap <= PAGE_FIELD_REACH * np.maximum(h, ch)))
        if len(near):
            found.append(int(near[np.argmin(gap[near])]))
    return np.array(sorted(set(found)), np.int64)


def linked_page_counts(kind: np.ndarray, text: np.ndarray, fields: np.ndarray, parts: list[np.ndarray]) -> np.ndarray:
    """Rows of the page counts (`PAGE_COUNT`; ``kind``, ``text`` (N,)) that a candidate
    (``parts``: the rows each holds) holds with one of the page number ``fields`` and nothing
    else: evince draws its count in a greyed entry linked to the number's, a text box to
    accessibility trees too. A count outside the number's frame (atril's label) is left."""
    fields = set(np.asarray(fields, np.int64).tolist())
    found = []
    for rows in parts:
        rows = [int(r) for r in rows]
        if len(rows) != 2 or not fields & set(rows):
            continue
        other = next((r for r in rows if r not in fields), -1)
        if other >= 0 and kind[other] == "text" and PAGE_COUNT.match(str(text[other]).strip()):
            found.append(other)
    return np.array(sorted(found), np.int64)


def _flanking_buttons(xyxy: np.ndarray, text: np.ndarray, label: np.ndarray, role: np.ndarray,
                      anchor: re.Pattern, glyphs: dict[str, tuple[str, ...]]) -> dict[int, str]:
    """Row -> name (a key of ``glyphs``) for the elements whose own text or icon label is one of
    that name's glyphs, on the row of a text matching ``anchor`` and at most `ZOOM_REACH`
    heights (theirs or the anchor's, the larger) from it; plain text, icons, pictures and
    buttons only."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    own = [str(t).strip().lower() or str(lb).strip().lower() for t, lb in zip(text, label)]
    levels = np.flatnonzero([bool(anchor.match(str(t).strip())) for t in text])
    out: dict[int, str] = {}
    if not len(levels):
        return out
    lv = b[levels]
    for i, glyph in enumerate(own):
        name = next((z for z, names in glyphs.items() if glyph in names), None)
        if name is None or role[i] not in ("text", "icon", "image", "button"):
            continue
        h = np.maximum(b[i, 3] - b[i, 1], lv[:, 3] - lv[:, 1])      # a "+" is read tight to its ink
        on_row = np.abs((lv[:, 1] + lv[:, 3]) / 2 - (b[i, 1] + b[i, 3]) / 2) <= h / 2
        gap = np.maximum(lv[:, 0] - b[i, 2], b[i, 0] - lv[:, 2])
        if (on_row & (gap <= ZOOM_REACH * h)).any():
            out[i] = name
    return out
