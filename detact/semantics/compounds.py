"""Compound controls: a frame drawn around a few elements on one line is often one control
made of parts -- a combo box around its value and arrow, a spin box around its number and
buttons, a search field around its glass icon and placeholder, a button around an icon and
its label. The merge step drops such frames as containers; here they come back as candidates,
and the control classifier decides whether each is a control (and which) or just a group.

A group is a candidate when it holds 2 to `MAX_PARTS` elements whose vertical spans overlap
(one line), and it is at most `MAX_HEIGHT` px tall (at scale 1) and at most 3.5 times as tall
as its tallest part.

A text box whose frame ends in an icon the icon stage names a drop-down arrow is a combo box
you can type in (`entries_with_arrow`): GTK's combo box entry, an HTML input with a datalist.
So is such a frame the classifier calls a button or an item when its one text stands at least
a text height clear of the arrow (`value_apart`): a file manager's "Icon View  v" view
chooser; a menu button ("Open v") draws its arrow right after its label. So is one holding just
an icon, a text and the arrow, whatever the classifier calls it (`icon_led`): GTK's file chooser
button ("[folder] home v"), a combo box drawing its items' icons; a menu button shows an icon or
a label before its arrow, seldom both.

A combo box or text box whose frame is at least 2.5 times as wide as tall and ends in a "+"
(an icon the icon stage names "add", or the text "+") is a spin box (`spin_buttons`): GTK's
spin button draws its value, then "-" and "+" buttons inside one frame, and a disabled "-" is
often too faint to be found.

A combo box you can type in is a text box beside an arrow button, and an accessibility tree
lists that text box as the combo box's child (GTK's combo box entry, Qt's editable combo). Its
frame draws a rule (or the edge of the button's plate) between the value and the arrow, where
a combo box you cannot type in draws both on one plate (`entry_end`); the text box then spans
the frame from its left edge to that rule (`entries_in_combos`).

A frame of a text field's shape (18 to 56 px tall at scale 1, at least 3 times as wide) around
a single icon at one of its ends is a text field with its search glass, clear button or
password eye (`fields_around_icons`): an icon button's frame is about as wide as tall. Its
inside is a grey, white or black (`neutral_inside`): a plate of an accent colour round an
icon and a word is a selected breadcrumb or row.

A frame of a text field's shape drawn round a single text at its left end, with at least two
of its heights free right of the text, bordered on all four sides and plain inside, is a text
field showing its placeholder or value (`placeholder_fields`): a flat search bar's "Search..."
the classifier took for a button or a combo box. A compound candidate made of that one text
is judged the same way, its box taken as the frame (`placeholder_compounds`).

Empty regions taken for text boxes that share a side with another (`grid_cells`, `abutting`)
are a grid's cells, a chart's or an empty table's, and no fields: a form spaces its fields apart.

A number with a "+" after it on its line, nothing between but a "-", is the value of a spin box
drawn flat (`flat_spin_values`: Materia's value, "-" and "+" on one plate with an underline,
which the segmenter frames not at all and whose thin "-" it loses).

A frame around two to four parts on one line with a rule between each two (`entry_end` finds
each) is a row of linked buttons: GTK's stack switcher ("Page 1 | Page 2"), linked toggles,
a web kit's segmented control (`linked_buttons`). When one of three or more segments has its
plate drawn darker or lighter than the rest, which agree, or one of two is darker than the
other, the row is a radio group and that segment is the checked one (otherwise the
classifier's roles stay: it knows some switchers). A segmented control drawn without rules
between its segments is such a row when one segment's plate is an accent colour that fills it
and the others are one plain grey (`accent_segment`: "Front | Back | Both" with "Both" blue;
segments part half-way between labels). Labels the segmenter framed one by one,
frames abutting within `LINK_GAP` px on one line, are such a row too (`linked_frames`: gitg's
"Unified | Split", radio buttons to AT-SPI), the odd plate pressed unless it is a strong red
(a destructive action's; an accent's blue, Arc's, is a selected segment's).

A frame around a single text is a combo box when its free right end holds a drop-down arrow
(`dropdown_rows`): a small mark, wider than tall, centred on the frame's mid-line, alone
between the text and the right border. The segmenter drops such marks (a 10x6 px chevron is
below its size floor), so they are looked for in the pixels here; a rule, because a framed
word alone looks like a button to the classifier.
Two small triangles stacked there, one pointing up and one down, are a
select's arrows too (web kits, macOS pop-up buttons) when the value is a word; beside a number
they are a spin box's steppers, left to the classifier and `spin_buttons`. Set apart from the
value by a rule down the frame (`stepper_divider`), they are a spin box's whatever the value
reads: Qt draws its spin box's buttons in a column of their own, and shows a word ("None", "Auto")
at its special value, where a select's arrows sit on its plate. Where no frame was
found round such steppers, a text run with an up arrow straight above a down arrow on its right
is one field all the same (`stepper_fields`): a spin box beside a number, a combo box beside a
word.

A plain plate the segmenter missed that starts with an icon and holds text on the icon's line,
right of a form label ending in a colon, is a text field showing a value (`labelled_plates`): a
file or archive manager's "Location: [folder-icon /]", drawn a few grey levels off its toolbar
with no border. The colon-ended label is what tells it from a selected list row, which is a
plate with an icon and text too.
"""
from __future__ import annotations

import colorsys

import cv2
import numpy as np

from ..boxes import coverage, field_tall, holds_none, holds_point
from ..color import chroma
from ..elements import Elements
from ..text.fast import to_gray
from ..text.split import median_ink, true_runs
from .labels import DROPDOWN_ARROWS, FIELDS, PERCENT, STEPPER_SIGNS

MAX_PARTS = 4
MAX_HEIGHT = 64


def compound_candidates(elements: Elements, groups: np.ndarray, scale: float = 1.0,
                        contained: float = 0.9) -> tuple[Elements, np.ndarray, list[np.ndarray]]:
    """Candidate compound controls among ``groups`` (G, 4): as region elements framed by the
    group's box, how many parts each holds, and each one's part rows in ``elements``."""
    boxes, parts = _line_groups(elements, groups, 2, MAX_PARTS, scale, contained)
    if not len(boxes):
        return Elements(), np.zeros(0, np.int32), []
    return framed_regions(boxes), np.array([len(p) for p in parts], np.int32), parts


def _line_groups(elements: Elements, groups: np.ndarray, fewest: int, most: int, scale: float = 1.0,
                 contained: float = 0.9) -> tuple[np.ndarray, list[np.ndarray]]:
    """The ``groups`` (G, 4) holding ``fewest`` to ``most`` elements (``contained`` of each
    inside) on one line, no taller than `MAX_HEIGHT` (at ``scale``) nor 3.5 times the tallest:
    their boxes (R, 4) and part rows in ``elements``."""
    if not len(groups) or not len(elements):
        return np.zeros((0, 4), np.int32), []
    inside = coverage(groups, elements.xyxy) >= contained          # (G, N)
    boxes, parts = [], []
    for g, box in enumerate(groups):
        rows = np.flatnonzero(inside[g])
        if not fewest <= len(rows) <= most:
            continue
        b = elements.xyxy[rows]
        height = box[3] - box[1]
        one_line = b[:, 1].max() < b[:, 3].min()
        tallest = (b[:, 3] - b[:, 1]).max()
        if one_line and height <= MAX_HEIGHT * scale and height <= 3.5 * max(tallest, 1):
            boxes.append(box)
            parts.append(rows)
    return np.array(boxes, np.int32).reshape(-1, 4), parts


#: How far a plate is followed either way from the element it holds (px at scale 1): a
#: search entry can span a 1920 px window.
PLATE_REACH = 2400


def framed_regions(boxes: np.ndarray) -> Elements:
    """Candidate compound controls as region elements framed by their (K, 4) boxes."""
    return Elements(boxes, ["region"] * len(boxes), score=[0.5] * len(boxes), frame=boxes)


def _window_right_of(rgb: np.ndarray, frame: np.ndarray, inner: np.ndarray, contrast: int = 60
                     ) -> tuple[np.ndarray, int, int, int] | None:
    """The ink (bool mask: ``contrast`` grey levels off the median) of the window inside
    ``frame`` (x0, y0, x1, y1) right of ``inner`` (the text it holds) on the RGB uint8 image
    ``rgb``, with the window's left x, top y and right x; None when the window is too small."""
    x0, y0, x1, y1 = (int(v) for v in frame)
    left, top, right, bottom = int(inner[2]) + 3, y0 + 3, x1 - 2, y1 - 2
    if right - left < 6 or bottom - top < 6 or y1 - y0 < 12:
        return None
    return median_ink(to_gray(rgb[top:bottom, left:right]), contrast), left, top, right


def _ink_right_of(rgb: np.ndarray, frame: np.ndarray, inner: np.ndarray, contrast: int = 60
                  ) -> tuple[np.ndarray, int, int, int, int, int] | None:
    """The ink of `_window_right_of` with that window's left x, top y and right x and the
    frame's y0 and y1; None when the window is too small or holds almost no ink. A line down
    the window's height (at most 3 px) is left out: the divider before a combo box's button."""
    window = _window_right_of(rgb, frame, inner, contrast)
    if window is None:
        return None
    ink, left, top, right = window
    # a divider down the frame's height (an editable combo box's button) is no mark
    divider = _divider(ink)
    if len(divider):
        ink[:, divider] = False
    return (ink, left, top, right, int(frame[1]), int(frame[3])) if ink.sum() >= 6 else None


def _divider(ink: np.ndarray, cover: float = 0.8, max_stroke: int = 3) -> np.ndarray:
    """Columns of the (h, w) bool ``ink`` that make one line down >= ``cover`` of its rows, at
    most ``max_stroke`` px wide; empty when there is none (or more than one)."""
    cols = np.flatnonzero(ink.mean(axis=0) >= cover)
    return cols if 0 < len(cols) <= max_stroke and cols[-1] - cols[0] < max_stroke else cols[:0]


def combo_divider(rgb: np.ndarray, frame: np.ndarray, text: np.ndarray) -> int:
    """The x of the divider between an editable combo box's entry and its button -- a line down
    ``frame`` right of ``text`` (boxes x0, y0, x1, y1 on the RGB uint8 ``rgb``) with a
    drop-down arrow after it (`has_dropdown_arrow`) -- or -1."""
    window = _window_right_of(rgb, frame, text)
    if window is None:
        return -1
    divider = _divider(window[0])
    if not len(divider) or not has_dropdown_arrow(rgb, frame, text):
        return -1
    return window[1] + int(divider[0])


def has_dropdown_arrow(rgb: np.ndarray, frame: np.ndarray, inner: np.ndarray) -> bool:
    """Whether the part of ``frame`` (x0, y0, x1, y1) right of ``inner`` (the text it holds)
    on the RGB uint8 image ``rgb`` holds one drop-down arrow and nothing else."""
    found = _ink_right_of(rgb, frame, inner)
    if found is None:
        return False
    ink, left, top, right, y0, y1 = found
    fh = y1 - y0
    ys, xs = np.nonzero(ink)
    w, h = int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)
    mid = (ys.min() + ys.max()) / 2 + top
    return (3 <= h <= 0.5 * fh and h <= w <= 3 * h              # flat: a down-pointing chevron/triangle
            and abs(mid - (y0 + y1) / 2) <= 0.2 * fh          # on the frame's mid-line
            and right - (left + xs.max()) <= fh)              # at the right end


#: How far in from its end a window right of a frame's text may hold the frame's own border.
BORDER_REACH = 6


def stepper_divider(rgb: np.ndarray, frame: np.ndarray, inner: np.ndarray, contrast: int = 60) -> bool:
    """Whether a rule (`_divider`: ink ``contrast`` grey levels off the median, at most 3 px wide)
    runs down the part of ``frame`` right of ``inner`` (boxes x0, y0, x1, y1 on the RGB uint8
    ``rgb``): the column a spin box's or an editable combo box's buttons stand in."""
    window = _window_right_of(rgb, frame, inner, contrast)
    if window is None:
        return False
    # (the window may take in the frame's own right border at its end: that line is no divider)
    ink = window[0]
    end = ink.shape[1]
    while end > 0 and ink.shape[1] - end < BORDER_REACH and (ink[:, end - 1].mean() >= 0.8 or not ink[:, end - 1].any()):
        end -= 1
    trimmed = ink[:, :end]
    return len(_divider(trimmed if trimmed.any() else ink)) > 0


def has_updown_arrows(rgb: np.ndarray, frame: np.ndarray, inner: np.ndarray, contrast: int = 60) -> bool:
    """Whether the part of ``frame`` right of ``inner`` (as in `has_dropdown_arrow`, ink
    ``contrast`` grey levels off its median) holds two small marks and nothing else, one above
    the other around the frame's mid-line at its right end, each at least as wide as tall: a
    select's up and down arrows, or a spin box's."""
    found = _ink_right_of(rgb, frame, inner, contrast)
    if found is None:
        return False
    ink, left, top, right, y0, y1 = found
    fh = y1 - y0
    rows = true_runs(ink.any(axis=1))
    # a speck of two pixels or less (the frame's rounded corner) is no mark
    rows = rows[[int(ink[r0:r1].sum()) > 2 for r0, r1 in rows]] if len(rows) else rows
    # a rule between the two (Qt's Cleanlooks splits its stepper into two buttons) is no mark;
    # each arrow then sits in the middle of its half, further apart
    split = len(rows) == 3 and rows[1, 1] - rows[1, 0] <= 2 \
        and np.ptp(np.flatnonzero(ink[rows[1, 0]:rows[1, 1]].any(axis=0))) >= 4 * (rows[1, 1] - rows[1, 0])
    if split:
        rows = rows[[0, 2]]
    if len(rows) != 2:
        return False
    mid = (y0 + y1) / 2 - top
    marks = []
    for r0, r1 in rows:
        xs = np.flatnonzero(ink[r0:r1].any(axis=0))
        marks.append((r1 - r0, xs.max() - xs.min() + 1, xs.min(), xs.max()))
    (_, _, a0, a1), (_, _, b0, b1) = marks
    span = rows[1, 1] - rows[0, 0]
    return (all(2 <= h <= w <= 4 * h for h, w, _, _ in marks)
            and rows[0, 1] <= mid + 1 and rows[1, 0] >= mid - 1        # one above, one below the mid-line
            and span <= (0.75 if split else 0.6) * fh and max(a0, b0) <= min(a1, b1)   # a small stack, one over the other
            and right - (left + max(a1, b1)) <= fh)                     # at the right end


def numeric_text(text: str) -> bool:
    """Whether ``text`` reads as a number (a spin box's value): digits, with sign, separators,
    a decimal point or a unit of at most two letters."""
    t = str(text).strip().replace(",", "").replace(" ", "")
    digits = sum(c.isdigit() for c in t)
    return digits > 0 and digits >= len(t) - 3


#: A flat spin box's "+" stands at most this many value heights after its value (`flat_spin_values`).
STEPPER_REACH = 6.0
#: What the icon stage calls a spin box's "+" and "-" glyphs (a bare "+" also matches the
#: themes' "tab-new" icons: HighContrast's).
PLUS_GLYPHS, MINUS_GLYPHS = ("add", "plus", "new tab", "add tab"), ("remove", "minus")


def flat_spin_values(elements: Elements, rows: np.ndarray) -> np.ndarray:
    """Those of the text ``rows`` of ``elements`` that are the value of a spin box drawn flat
    (Materia: the value, "-" and "+" on one plate with an underline, no frame the segmenter sees,
    its thin "-" often lost): a number (`numeric_text`, not a zoom level's "%") with a "+" after
    it on its line (an icon named `PLUS_GLYPHS` or the text "+", centres within a third of the
    value's height) within `STEPPER_REACH` heights, nothing between but a "-"."""
    b = elements.xyxy.astype(np.float64)
    cy = (b[:, 1] + b[:, 3]) / 2
    kind, label = elements.kind, elements.label
    text = np.array([str(t).strip() for t in elements.text], dtype=object)
    plus = ((kind == "icon") & np.isin(label, PLUS_GLYPHS)) | ((kind == "text") & (text == "+"))
    minus = ((kind == "icon") & np.isin(label, MINUS_GLYPHS)) | ((kind == "text") & np.isin(text, STEPPER_SIGNS))
    found = []
    for r in np.asarray(rows, np.int64).tolist():
        if not numeric_text(text[r]) or text[r].endswith("%"):
            continue
        h = b[r, 3] - b[r, 1]
        after = (b[:, 0] >= b[r, 2] - 1) & (np.abs(cy - cy[r]) <= h / 3)
        near = np.flatnonzero(after & plus & (b[:, 0] - b[r, 2] <= STEPPER_REACH * h))
        if not len(near):
            continue
        first = near[np.argmin(b[near, 0])]
        between = np.flatnonzero(after & (b[:, 2] <= b[first, 0] + 1))
        if all(minus[k] for k in between.tolist() if k != first):
            found.append(r)
    return np.array(found, np.int64)


def flat_spin_plates(elements: Elements, parts: list[np.ndarray], values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The candidates (their ``parts``, rows of ``elements``) that hold one of the flat spin
    boxes' ``values`` (`flat_spin_values`) and, besides it, no text but "+" and "-" (its
    steppers, icons or texts): the plate the segmenter found round the spin box (a form row's
    field, Materia-dark's), that spin box. Returns (candidates, the value each holds)."""
    text = np.array([str(t).strip() for t in elements.text], dtype=object)
    words = (elements.kind == "text") & ~np.isin(text, STEPPER_SIGNS)
    plates, held = [], []
    for k, rows in enumerate(parts):
        rows = np.asarray(rows, np.int64)
        inside = rows[words[rows]]
        if len(inside) == 1 and np.isin(inside, values).all() and len(rows) > 1:
            plates.append(k)
            held.append(int(inside[0]))
    return np.array(plates, np.int64), np.array(held, np.int64)


#: A combo box's frame is at most this many times as tall as its value's text (`dropdown_rows`).
MAX_FRAME_TO_TEXT = 2.5


def _framed_texts(elements: Elements, exclude=()) -> np.ndarray:
    """Rows of the text elements framed alone (`Elements.frame`) by a frame at most
    `MAX_FRAME_TO_TEXT` times as tall as they are, but ``exclude``."""
    h_frame = elements.frame[:, 3].astype(np.int64) - elements.frame[:, 1]
    h_text = elements.xyxy[:, 3].astype(np.int64) - elements.xyxy[:, 1]
    framed = (elements.frame >= 0).all(axis=1) & (elements.kind == "text") & (h_frame <= MAX_FRAME_TO_TEXT * h_text)
    framed[list(exclude)] = False
    return np.flatnonzero(framed)


def dropdown_rows(rgb: np.ndarray, elements: Elements, exclude=()) -> np.ndarray:
    """Rows of text elements framed alone (`Elements.frame`) whose frame holds a drop-down
    arrow right of the text, or up and down arrows right of a value that is no number: combo
    boxes showing their value. A frame more than ``MAX_FRAME_TO_TEXT`` times as tall as its
    text is a key or a tile with a menu arrow (a calculator's split keys), not a combo box.
    ``exclude``: rows to skip."""
    rows = _framed_texts(elements, exclude)
    if not len(rows):
        return rows
    keep = [i for i in rows if has_dropdown_arrow(rgb, elements.frame[i], elements.xyxy[i])
            or (not numeric_text(elements.text[i]) and has_updown_arrows(rgb, elements.frame[i], elements.xyxy[i])
                and not stepper_divider(rgb, elements.frame[i], elements.xyxy[i]))]
    return np.array(keep, np.int64)


#: Grey levels off the frame's inside that a spin box's stacked arrows stand out by, at least
#: (`stepper_rows`; Qt's Fusion draws them in a light grey, 60 to 65 levels off).
STEPPER_CONTRAST = 40


def stepper_rows(rgb: np.ndarray, elements: Elements, exclude=()) -> np.ndarray:
    """Rows of text elements reading as a number (`numeric_text`) or set apart from the arrows
    by a rule (`stepper_divider`: Qt's special value, "None"), framed alone (`Elements.frame`)
    as `dropdown_rows` asks, whose frame holds stacked up and down arrows right of them
    (`has_updown_arrows`): spin boxes drawn with arrows too small or faint to be icons of their
    own (Qt's). ``exclude``: rows to skip."""
    rows = [i for i in _framed_texts(elements, exclude).tolist()
            if numeric_text(elements.text[i]) or stepper_divider(rgb, elements.frame[i], elements.xyxy[i])]
    return np.array([i for i in rows if has_updown_arrows(rgb, elements.frame[i], elements.xyxy[i], STEPPER_CONTRAST)],
                    np.int64)


#: What the icon stage calls the up-and-down arrows a pop-up button shows at its right end
#: instead of a drop-down arrow (Qt's Cleanlooks, macOS).
POPUP_ARROWS = ("sort",)


def entries_with_arrow(elements: Elements, boxes: np.ndarray, parts: list[np.ndarray]) -> np.ndarray:
    """Indices of the candidates (``boxes`` (K, 4), their ``parts`` rows in ``elements``) whose
    rightmost part is an icon named a drop-down arrow (`DROPDOWN_ARROWS`, or a pop-up button's
    `POPUP_ARROWS`) ending within one frame height of the frame's right edge, with at most one
    text part: a text entry with its arrow button, an editable combo box."""
    def arrow(row: int) -> bool:
        return elements.kind[row] == "icon" and elements.label[row] in DROPDOWN_ARROWS + POPUP_ARROWS

    return _frames_ending_in(elements, boxes, parts, arrow)


def value_apart(elements: Elements, parts: list[np.ndarray], candidates: np.ndarray) -> np.ndarray:
    """(K,) bool over ``candidates`` (indices into ``parts``, rows of ``elements``): whether the
    candidate holds one text run, starting within one of its heights of the candidate's first
    part, and at least one text height between its end and the part on its right (a combo
    box's value and arrow; a menu button's label runs up to its arrow)."""
    out = np.zeros(len(candidates), bool)
    b = elements.xyxy
    for i, k in enumerate(np.asarray(candidates, np.int64).tolist()):
        rows = np.asarray(parts[k])
        text = rows[elements.kind[rows] == "text"]
        if len(text) != 1:
            continue
        t = int(text[0])
        h = b[t, 3] - b[t, 1]
        right = rows[b[rows, 0] >= b[t, 2] - 2]
        out[i] = bool(len(right)) and b[right, 0].min() - b[t, 2] >= h and b[t, 0] - b[rows, 0].min() <= h
    return out


def icon_led(elements: Elements, parts: list[np.ndarray], candidates: np.ndarray) -> np.ndarray:
    """(K,) bool over ``candidates`` (indices into ``parts``, rows of ``elements``): whether the
    candidate holds just an icon, a text run right of it and the arrow after that, left to right
    (GTK's file chooser button and a combo box drawing its items' icons: "[folder] home ▾"; a
    menu button shows an icon or a label before its arrow, seldom both)."""
    out = np.zeros(len(candidates), bool)
    for i, k in enumerate(np.asarray(candidates, np.int64).tolist()):
        rows = np.asarray(parts[k])
        if len(rows) != 3:
            continue
        rows = rows[np.argsort(elements.xyxy[rows, 0])]
        out[i] = elements.kind[rows].tolist() == ["icon", "text", "icon"] \
            and elements.label[rows[0]] not in DROPDOWN_ARROWS
    return out


def form_labelled(elements: Elements, boxes: np.ndarray, parts: list[np.ndarray], candidates: np.ndarray) -> np.ndarray:
    """(K,) bool over ``candidates`` (indices into ``boxes`` (K, 4) and ``parts``, rows of
    ``elements``): whether the nearest element before the candidate on its line, within
    `FORM_REACH` heights of its text, is a text run ending in ":" -- a form's label, which
    names a combo box ("Sort by: Name"); a menu button in a toolbar has none. The candidate's
    text gives the height (its box's when it has none)."""
    out = np.zeros(len(candidates), bool)
    b = elements.xyxy
    for i, k in enumerate(np.asarray(candidates, np.int64).tolist()):
        box = np.asarray(boxes[k], np.float64)
        rows = np.asarray(parts[k])
        text = rows[elements.kind[rows] == "text"]
        h = float((b[text, 3] - b[text, 1]).max()) if len(text) else box[3] - box[1]
        j = _nearest_before(b, elements.centers, box[0], (box[1] + box[3]) / 2, h)
        out[i] = j >= 0 and elements.kind[j] == "text" and str(elements.text[j]).rstrip().endswith(":")
    return out


def _nearest_before(b: np.ndarray, centres: np.ndarray, x0: float, cy: float, h: float) -> int:
    """Row of the box of ``b`` (N, 4) ending nearest before ``x0`` (at most 1 px past it, within
    `FORM_REACH` of ``h``) on the line of height ``h`` centred at ``cy`` (``centres`` (N, 2)
    within half of ``h`` of it): where a form's label stands; -1 when none does."""
    before = np.flatnonzero((np.abs(centres[:, 1] - cy) <= h / 2) & (b[:, 2] <= x0 + 1) & (x0 - b[:, 2] <= FORM_REACH * h))
    return int(before[np.argmax(b[before, 2])]) if len(before) else -1


def spin_buttons(elements: Elements, boxes: np.ndarray, parts: list[np.ndarray]) -> np.ndarray:
    """Indices of the candidates (``boxes`` (K, 4), their ``parts`` rows in ``elements``) at
    least 2.5 times as wide as tall whose rightmost part is a "+" (an icon named `PLUS_GLYPHS`, or
    the text "+") ending within one frame height of the frame's right edge, with at most one
    other text part: a spin box's value and its "-" and "+" buttons."""
    def plus(row: int) -> bool:
        return (elements.kind[row] == "icon" and elements.label[row] in PLUS_GLYPHS) or \
            (elements.kind[row] == "text" and str(elements.text[row]).strip() == "+")

    return _frames_ending_in(elements, boxes, parts, plus, min_aspect=2.5)


#: A count beside a drop-down arrow has at most this many characters (`value_texts`).
COUNT_CHARS = 4


def value_texts(elements: Elements, rows: np.ndarray) -> int:
    """How many text runs the parts ``rows`` of a candidate hold, leaving out a stepper's sign
    (`STEPPER_SIGNS`) and a count just left of a drop-down arrow that ends the candidate (at most
    `COUNT_CHARS` digits, within two of its heights): a filter's combo box shows its value, then
    how many items match ("All  0 v")."""
    rows = np.asarray(rows)
    # (a spin button's "+" or "-" read as text is its button, no second name)
    texts = rows[(elements.kind[rows] == "text")
                 & ~np.isin([str(t).strip() for t in elements.text[rows]], STEPPER_SIGNS)]
    last = rows[np.argmax(elements.xyxy[rows, 2])]
    if len(texts) < 2 or elements.kind[last] != "icon" or elements.label[last] not in DROPDOWN_ARROWS:
        return len(texts)
    t = texts[np.argmax(elements.xyxy[texts, 2])]
    count = str(elements.text[t]).strip().replace("O", "0")
    near = elements.xyxy[last, 0] - elements.xyxy[t, 2] <= 2 * (elements.xyxy[t, 3] - elements.xyxy[t, 1])
    return len(texts) - int(near and 0 < len(count) <= COUNT_CHARS and count.isdigit())


def _frames_ending_in(elements: Elements, boxes: np.ndarray, parts: list[np.ndarray], mark,
                      min_aspect: float = 0.0) -> np.ndarray:
    """Indices of the candidates at least ``min_aspect`` times as wide as tall whose rightmost
    part is a ``mark(row)``, ending within one frame height of the frame's right edge, with at
    most one text part besides it (`value_texts`)."""
    keep = []
    for k, rows in enumerate(parts):
        rows = np.asarray(rows)
        last = rows[np.argmax(elements.xyxy[rows, 2])]
        frame_w, frame_h = boxes[k, 2] - boxes[k, 0], boxes[k, 3] - boxes[k, 1]
        if (mark(last) and frame_w >= min_aspect * frame_h and boxes[k, 2] - elements.xyxy[last, 2] <= frame_h
                and value_texts(elements, rows) - int(elements.kind[last] == "text") <= 1):
            keep.append(k)
    return np.array(keep, np.int64)


def entry_end(rgb: np.ndarray, frame: np.ndarray, text: np.ndarray, arrow: np.ndarray, contrast: int = 18,
              min_rows: float = 0.8) -> int:
    """The x where the text box of an editable combo box ends, or -1: the first column between
    ``text``'s right end and ``arrow``'s left (boxes x0, y0, x1, y1 on the RGB uint8 ``rgb``,
    inside ``frame``) that differs by more than ``contrast`` grey levels from the background
    just right of the text on at least ``min_rows`` of the frame's inner rows."""
    x0, y0, x1, y1 = (int(v) for v in frame)
    lo, hi = int(text[2]) + 1, int(arrow[0]) - 1
    top, bottom = y0 + 3, y1 - 2
    if hi - lo < 5 or bottom - top < 6:
        return -1
    gray = rgb[top:bottom, lo:hi].astype(np.int16).mean(axis=2)
    background = np.median(gray[:, :3], axis=1, keepdims=True)
    differs = (np.abs(gray - background) > contrast).mean(axis=0) >= min_rows
    differs[:3] = False
    cols = np.flatnonzero(differs)
    return lo + int(cols[0]) if len(cols) else -1


def entries_in_combos(rgb: np.ndarray, elements: Elements, parts: dict[int, np.ndarray]) -> list[tuple[int, int, np.ndarray]]:
    """The text boxes inside editable combo boxes: for each row of ``elements`` with the role
    "combobox" made (``parts``: row -> part rows) of a drop-down arrow icon and, left of it, one
    text or nothing (an empty entry), whose frame has a rule between the two (`entry_end`), or
    of one text whose frame draws a divider and then the arrow (`combo_divider`): (combo row,
    text row or -1, text box (4,) from the frame's left edge to the rule)."""
    found = []
    for row, rows in parts.items():
        rows = np.asarray(rows)
        if elements.role[row] != "combobox" or len(rows) not in (1, 2):
            continue
        if len(rows) == 1 and elements.kind[rows[0]] == "text":   # the arrow drawn in the frame, no icon
            frame = elements.xyxy[row]
            end = combo_divider(rgb, frame, elements.xyxy[rows[0]])
            if end > 0:
                found.append((int(row), int(rows[0]), np.array([frame[0], frame[1], end, frame[3]], np.int32)))
            continue
        text = rows[elements.kind[rows] == "text"]
        arrow = rows[(elements.kind[rows] == "icon") & np.isin(elements.label[rows], DROPDOWN_ARROWS)]
        if len(text) != len(rows) - 1 or len(arrow) != 1:
            continue
        frame = elements.xyxy[row]
        # an empty entry: look for the rule from just inside the frame's border
        before = elements.xyxy[text[0]] if len(text) else np.array([frame[0], frame[1], frame[0] + 4, frame[3]])
        if elements.xyxy[arrow[0], 0] < before[2]:
            continue
        end = entry_end(rgb, frame, before, elements.xyxy[arrow[0]])
        if end > 0:
            found.append((int(row), int(text[0]) if len(text) else -1,
                          np.array([frame[0], frame[1], end, frame[3]], np.int32)))
    return found


#: The glyphs a zoom entry's drop-down icon is named (`zoom_entries`): a caret, a chevron, or
#: evince's arrow with a stem.
ZOOM_ARROWS = DROPDOWN_ARROWS + ("down",)
#: The grey levels a zoom entry's plate stays within (`zoom_entries`), and the most times it
#: is as wide as tall.
ZOOM_TOLERANCE, ZOOM_ASPECT = 3, 8


def zoom_entries(rgb: np.ndarray, elements: Elements, scale: float = 1.0) -> list[tuple[np.ndarray, np.ndarray]]:
    """Zoom entries: a zoom level (`labels.PERCENT`) followed, within two of its heights, by a
    drop-down icon (`ZOOM_ARROWS`), both on one plain plate -- the flood fill from between them
    (`flood_box`, `ZOOM_TOLERANCE`) holds the two, is a field's height (18 to 56 px at
    ``scale`` 1) and taller than the level by 4 px, and at most `ZOOM_ASPECT` times as wide as
    tall (seeded right of the icon when the level's box runs up to it). Where no icon was found
    after the level (a caret lost at scale 2), the plate is flooded from just right of the
    level and must hold a drop-down arrow drawn after it (`has_dropdown_arrow`) and no element
    there (an icon of another name is no lost caret). Document and image viewers draw the
    level in a text entry whose menu opens from that icon (evince's; eog's between its zoom
    buttons); an editable combo box rules its arrow button off the entry, so the fill stops
    short of the arrow. For each: the entry's box (4,) (the plate and
    its 1 px border) and the rows of the level and the icon (2,), or of the level alone (1,)."""
    found = []
    b = elements.xyxy.astype(np.int64)
    icons = np.flatnonzero((elements.kind == "icon") & np.isin(elements.label, ZOOM_ARROWS))
    for t in np.flatnonzero(elements.kind == "text").tolist():
        if not PERCENT.match(str(elements.text[t]).strip()):
            continue
        h = b[t, 3] - b[t, 1]
        cy = (b[t, 1] + b[t, 3]) / 2
        after = icons[(b[icons, 0] >= b[t, 2] - 1) & (b[icons, 0] - b[t, 2] <= 2 * h)
                      & (np.abs((b[icons, 1] + b[icons, 3]) / 2 - cy) <= h / 2)]
        icon = int(after[np.argmin(b[after, 0])]) if len(after) else -1
        end = b[icon, 2] if icon >= 0 else b[t, 2]
        reach = int(8 * 56 * scale)
        window = (max(0, b[t, 0] - reach), max(0, b[t, 1] - int(40 * scale)),
                  min(rgb.shape[1], end + reach), min(rgb.shape[0], b[t, 3] + int(40 * scale)))
        # seeded between the two, or right of the icon when the level's box runs up to it
        if icon < 0:
            x = b[t, 2] + 2
        else:
            x = (b[t, 2] + b[icon, 0]) // 2 if b[icon, 0] - b[t, 2] >= 3 else b[icon, 2] + 2
        if not (window[0] <= x < window[2] and window[1] <= cy < window[3]):
            continue                                  # the level at the screen's edge
        flooded = flood_box(rgb, window, (x - window[0], int(cy) - window[1]), ZOOM_TOLERANCE)
        if flooded is None:
            continue
        plate = flooded[1]
        pw, ph = plate[2] - plate[0], plate[3] - plate[1]
        holds = plate[0] <= b[t, 0] and end <= plate[2] and plate[1] <= b[t, 1] and b[t, 3] <= plate[3]
        if not (holds and field_tall(ph + 2, scale) and ph >= h + 4 and pw <= ZOOM_ASPECT * ph):
            continue
        if icon >= 0:
            found.append((plate + np.array([-1, -1, 1, 1]), np.array([t, icon], np.int64)))
        elif not _holds_after(b, t, plate) and has_dropdown_arrow(rgb, plate, b[t]):
            found.append((plate + np.array([-1, -1, 1, 1]), np.array([t], np.int64)))
    return found


def _holds_after(b: np.ndarray, t: int, plate: np.ndarray) -> bool:
    """Whether any of the boxes ``b`` (N, 4) but ``t`` lies inside ``plate`` right of box ``t``."""
    after = (b[:, 0] >= b[t, 2] - 1) & (b[:, 2] <= plate[2] + 1) & (b[:, 1] >= plate[1] - 1) & (b[:, 3] <= plate[3] + 1)
    after[t] = False
    return bool(after.any())


#: A text field's inside is a grey: its median's channels differ by at most this much ...
FIELD_MAX_CHROMA = 48
#: ... and right of the text it shows, by at most this much: a selected row's highlight, even
#: Materia's pale blue, is further off (`placeholder_fields`), and so is the accent bar under a
#: menu bar's open title (`tabs.open_tab_rows`).
FIELD_TINT = 24


def neutral_inside(rgb: np.ndarray, box: np.ndarray, max_chroma: float = FIELD_MAX_CHROMA) -> bool:
    """Whether the inside of ``box`` (x0, y0, x1, y1; 2 px in from its edges) on the RGB image
    is a grey, white or black as a text field's is, not an accent colour (a selected
    breadcrumb or row): the channels of its median colour within ``max_chroma`` (True for an
    empty inside)."""
    x0, y0, x1, y1 = (int(v) for v in box)
    inside = rgb[y0 + 2:y1 - 2, x0 + 2:x1 - 2].reshape(-1, 3)
    if not len(inside):
        return True
    median = np.median(inside, axis=0)
    return float(median.max() - median.min()) <= max_chroma


def fields_around_icons(elements: Elements, scale: float = 1.0) -> np.ndarray:
    """Rows of icons framed alone (`Elements.frame`) by a text field: a frame 18 to 56 px tall
    (at ``scale`` 1), the icon at most 0.8 of its height and within 1.5 of its heights of its
    left or right edge; the frame at least 3 times as wide as tall, or 2.2 times with the
    icon's centre in its outer quarters (a narrow search entry and its clear icon; an icon
    button's icon sits in the middle of its plate)."""
    framed = (elements.frame >= 0).all(axis=1) & (elements.kind == "icon")
    rows = np.flatnonzero(framed)
    if not len(rows):
        return rows
    f, b = elements.frame[rows].astype(np.int64), elements.xyxy[rows].astype(np.int64)
    fw, fh = f[:, 2] - f[:, 0], f[:, 3] - f[:, 1]
    at_end = np.minimum(b[:, 0] - f[:, 0], f[:, 2] - b[:, 2]) <= 1.5 * fh
    off_centre = np.abs((b[:, 0] + b[:, 2]) - (f[:, 0] + f[:, 2])) / 2 >= 0.25 * fw
    wide = (fw >= 3 * fh) | ((fw >= 2.2 * fh) & off_centre)
    ok = field_tall(fh, scale) & wide & (b[:, 3] - b[:, 1] <= 0.8 * fh) & at_end
    return rows[ok]


def plate_frames(rgb: np.ndarray, elements: Elements, scale: float = 1.0, tolerance: int = 3,
                 reach: int = PLATE_REACH, min_fill: float = 0.9) -> np.ndarray:
    """``elements.frame`` (N, 4) with a frame added for each unframed icon that lies at one end
    of a plain plate of a text field's shape, found in the pixels (`find_plate`): the segmenter
    misses a field whose plate differs from its window by a few grey levels and has no border
    (a Greybird search entry around its clear icon) or whose border runs into others. The plate
    must hold no other element; drop-down arrows are left to `plate_combos`."""
    frames = elements.frame.copy()
    b = elements.xyxy.astype(np.int64)
    side = (b[:, 2:] - b[:, :2]).max(axis=1)
    rows = np.flatnonzero((elements.kind == "icon") & (frames < 0).any(axis=1) & (side <= 32 * scale)
                          & ~np.isin(elements.label, DROPDOWN_ARROWS))
    centres = elements.centers
    for r in rows.tolist():
        for away in (-1, 1):
            plate = find_plate(rgb, b[r], away, scale, tolerance, reach, min_fill)
            if plate is not None and holds_only(plate, centres, r):
                frames[r] = plate
                break
    return frames


#: Farthest a form's label ends before its field's text, in text heights (`text_plates`).
FORM_REACH = 12


def text_plates(rgb: np.ndarray, elements: Elements, scale: float = 1.0, among: np.ndarray | None = None,
                tolerance: int = 3, reach: int = PLATE_REACH, min_fill: float = 0.9) -> np.ndarray:
    """``elements.frame`` (N, 4) with a frame added for each unframed text run that starts a
    plain plate of a text field's shape, found in the pixels from just left of it
    (`find_plate`, the text within 1.5 plate heights of its left end), holding no other element
    and labelled by a run ending in ":", the nearest element before it on its line (within
    `FORM_REACH` text heights, outside the plate): the segmenter misses an entry whose border
    is a few grey levels off a dark panel (a terminal's "Profile name:"). ``among`` (N,) bool
    limits the runs looked at (default all).
    `placeholder_fields` then decides whether the plate is a field's."""
    frames = elements.frame.copy()
    b = elements.xyxy.astype(np.int64)
    among = np.ones(len(elements), bool) if among is None else np.asarray(among, bool)
    texts = np.flatnonzero(elements.kind == "text")
    colon = texts[[str(elements.text[t]).rstrip().endswith(":") for t in texts]]
    if not len(colon):
        return frames
    rows = np.flatnonzero((elements.kind == "text") & (frames < 0).any(axis=1) & among)
    rows = rows[~np.isin(rows, colon)]
    centres = elements.centers
    for r in rows.tolist():
        # a form's field: a label ending in ":" on the text's line, the nearest thing before it
        # and within `FORM_REACH` of its heights (a table's header cells and a list's selected
        # rows are plates with no such label)
        label = _nearest_before(b, centres, b[r, 0], (b[r, 1] + b[r, 3]) / 2, b[r, 3] - b[r, 1])
        if label not in colon:
            continue
        plate = find_plate(rgb, b[r], -1, scale, tolerance, reach, min_fill, at_end="left", look_along=False)
        if plate is not None and b[label, 2] <= plate[0] and holds_only(plate, centres, r):
            frames[r] = plate + np.array([-1, -1, 1, 1])   # the fill stops inside the border
    return frames


def plate_combos(rgb: np.ndarray, elements: Elements, groups: np.ndarray, scale: float = 1.0,
                 tolerance: int = 3, reach: int = PLATE_REACH, min_fill: float = 0.9) -> tuple[np.ndarray, list[np.ndarray]]:
    """Combo boxes drawn as a plain plate the segmenter missed (Greybird's filter and font combo
    boxes): a drop-down arrow icon inside no frame or group (``groups`` (G, 4)) at the right end
    of a plate found from beside it (`find_plate`), the plate holding only elements on the
    arrow's line. Returns the plates (K, 4) and each one's rows in ``elements`` (the arrow last)."""
    b = elements.xyxy.astype(np.int64)
    centres = elements.centers
    arrows = np.flatnonzero((elements.kind == "icon") & np.isin(elements.label, DROPDOWN_ARROWS)
                            & (elements.frame < 0).any(axis=1))
    plates, parts = [], []
    for r in arrows.tolist():
        c = centres[r]
        if len(groups) and holds_point(groups, c).any():
            continue
        plate = find_plate(rgb, b[r], -1, scale, tolerance, reach, min_fill, at_end="right", look_along=False)
        if plate is None:
            continue
        others = _held_on_line(plate, b, centres, r)
        if others is None:
            continue
        plates.append(plate)
        parts.append(np.concatenate([others[np.argsort(b[others, 0], kind="stable")], [r]]).astype(np.int64))
    return np.array(plates, np.int64).reshape(-1, 4), parts


def labelled_plates(rgb: np.ndarray, elements: Elements, scale: float = 1.0, tolerance: int = 3,
                    reach: int = PLATE_REACH, min_fill: float = 0.9) -> tuple[np.ndarray, list[np.ndarray]]:
    """Text fields drawn as a plain plate the segmenter missed (see the module docstring): an
    unframed icon of at most 32 px (``scale`` 1), no drop-down arrow, at the left end of a plate
    found from its right (`find_plate`), the plate holding only elements on the icon's line, one
    or more of them text runs, none framed, and a text run ending in ":" on the plate's row that
    ends within two plate heights left of it. Returns the plates (K, 4) and each one's rows in
    ``elements`` (the icon, then the texts left to right)."""
    b = elements.xyxy.astype(np.int64)
    centres = elements.centers
    framed = (elements.frame >= 0).all(axis=1)
    side = (b[:, 2:] - b[:, :2]).max(axis=1)
    texts = np.flatnonzero(elements.kind == "text")
    colon = texts[[str(elements.text[t]).rstrip().endswith(":") for t in texts]]
    icons = np.flatnonzero((elements.kind == "icon") & ~framed & (side <= 32 * scale)
                           & ~np.isin(elements.label, DROPDOWN_ARROWS))
    plates, parts = [], []
    if not len(colon):
        return np.zeros((0, 4), np.int64), parts
    for r in icons.tolist():
        plate = find_plate(rgb, b[r], 1, scale, tolerance, reach, min_fill, at_end="left", look_along=False)
        if plate is None:
            continue
        ph = plate[3] - plate[1]
        cy = (plate[1] + plate[3]) / 2
        label = (np.abs((b[colon, 1] + b[colon, 3]) / 2 - cy) <= ph / 2) & (b[colon, 2] <= plate[0] + 2) \
            & (plate[0] - b[colon, 2] <= 2 * ph)
        others = _held_on_line(plate, b, centres, r)
        if not label.any() or others is None:
            continue
        held_texts = others[elements.kind[others] == "text"]
        if not len(held_texts) or framed[others].any() or np.isin(elements.label[others], DROPDOWN_ARROWS).any():
            continue
        plates.append(plate)
        parts.append(np.concatenate([[r], held_texts[np.argsort(b[held_texts, 0], kind="stable")]]).astype(np.int64))
    return np.array(plates, np.int64).reshape(-1, 4), parts


def holds_only(plate: np.ndarray, centres: np.ndarray, r: int) -> bool:
    """Whether ``plate`` (4,) holds none of the (N, 2) ``centres`` but row ``r``'s (a plate
    found round one element must hold that element alone)."""
    inside = holds_point(plate, centres)
    inside[r] = False
    return not inside.any()


def _held_on_line(plate: np.ndarray, boxes: np.ndarray, centres: np.ndarray, r: int) -> np.ndarray | None:
    """The rows other than ``r`` whose centres (``centres`` (N, 2)) the ``plate`` (4,) holds, or
    None when one of them is off the line of element ``r`` (``boxes`` (N, 4))."""
    inside = np.flatnonzero(holds_point(plate, centres))
    others = inside[inside != r]
    on_line = (boxes[others, 1] < boxes[r, 3]) & (boxes[others, 3] > boxes[r, 1])
    return others if on_line.all() else None


#: Icon labels of a stepper's up and down arrows (`stepper_fields`).
UP_ARROWS, DOWN_ARROWS = ("chevron up", "caret up"), DROPDOWN_ARROWS


def stepper_fields(elements: Elements, scale: float = 1.0, reach: float = 14.0) -> tuple[np.ndarray, list[np.ndarray]]:
    """Fields drawn with stacked steppers that no frame holds (Qt's spin boxes whose frame the
    segmenter missed): a text run, and on its right within ``reach`` of its heights, with no
    other text run between, an icon named an up arrow straight above one named a down arrow
    (centres within 4 px at ``scale`` 1), both within the run's height. Returns the fields'
    boxes (K, 4), grown by a third of the run's height round the three, and each one's rows
    in ``elements`` (the text, then the arrows)."""
    b = elements.xyxy.astype(np.float64)
    icons = elements.kind == "icon"
    ups = np.flatnonzero(icons & np.isin(elements.label, UP_ARROWS))
    downs = np.flatnonzero(icons & np.isin(elements.label, DOWN_ARROWS))
    texts = np.flatnonzero(elements.kind == "text")
    boxes, parts = [], []
    if not len(ups) or not len(downs) or not len(texts):
        return np.zeros((0, 4), np.int64), parts
    used = set()
    h = b[texts, 3] - b[texts, 1]
    for u in ups.tolist():
        cx = (b[u, 0] + b[u, 2]) / 2
        below = downs[(np.abs((b[downs, 0] + b[downs, 2]) / 2 - cx) <= 4 * scale) & (b[downs, 1] >= b[u, 3] - 2 * scale)]
        if not len(below):
            continue
        d = int(below[np.argmin(b[below, 1])])
        y0, y1 = b[u, 1], b[d, 3]
        # a run on the arrows' left whose height spans both of them (give or take a third)
        fits = (b[texts, 2] <= b[u, 0]) & (b[u, 0] - b[texts, 2] <= reach * h) \
            & (b[texts, 1] <= y0 + h / 3) & (b[texts, 3] >= y1 - h / 3) & (y1 - y0 <= 1.5 * h)
        cand = texts[fits]
        if not len(cand):
            continue
        t = int(cand[np.argmax(b[cand, 2])])                     # the nearest on the left
        between = (b[texts, 0] >= b[t, 2]) & (b[texts, 2] <= b[u, 0]) \
            & (b[texts, 3] > y0) & (b[texts, 1] < y1)
        if between.any() or t in used:
            continue
        used.add(t)
        pad = (b[t, 3] - b[t, 1]) / 3
        box = [b[t, 0] - pad, min(b[t, 1], y0) - pad / 2, max(b[u, 2], b[d, 2]) + pad, max(b[t, 3], y1) + pad / 2]
        boxes.append([int(round(v)) for v in box])
        parts.append(np.array([t, u, d], np.int64))
    return np.array(boxes, np.int64).reshape(-1, 4), parts


def find_plate(rgb: np.ndarray, box: np.ndarray, away: int, scale: float = 1.0, tolerance: int = 3,
               reach: int = PLATE_REACH, min_fill: float = 0.9, at_end: str = "either",
               look_along: bool = True) -> np.ndarray | None:
    """The plain plate round the element ``box`` (x0, y0, x1, y1), or None: from a seed 2-3 px
    beside it (``away`` -1: on its left, 1: on its right), a flood fill over the grey image
    within ``tolerance`` levels of the seed (4-connected, up to ``reach`` px either way at
    ``scale`` 1) that is a rectangle (its fill covers at least ``min_fill`` of its box, the
    element's box left out), does not run out of the searched window, is 18 to 56 px tall
    (``scale`` 1) and taller than the element by 4 px, at least 3 times as wide as tall, and
    holds the element within 1.5 of its heights of its ``at_end`` end ("left", "right" or
    "either"). A cheap look comes first: the plain run up and down the seed's column must be a
    field's height, and (``look_along``) the run along its row away from the element long
    enough (not for an arrow, whose value lies next to it)."""
    h, w = rgb.shape[:2]
    x0, y0, x1, y1 = (int(v) for v in box)
    wy0, wy1 = max(0, y0 - int(40 * scale)), min(h, y1 + int(40 * scale))
    wx0, wx1 = max(0, x0 - int(reach * scale)), min(w, x1 + int(reach * scale))
    cy = (y0 + y1) // 2 - wy0
    sx = (x0 - 3 if away < 0 else x1 + 2) - wx0
    if not (0 <= sx < wx1 - wx0 and 0 <= cy < wy1 - wy0):
        return None
    row = to_gray(rgb[wy0 + cy:wy0 + cy + 1, wx0:wx1])[0].astype(np.int16)
    seed = int(row[sx])
    column = np.abs(to_gray(rgb[wy0:wy1, wx0 + sx:wx0 + sx + 1])[:, 0].astype(np.int16) - seed) > tolerance
    tall = _run(column[:cy][::-1]) + _run(column[cy:])
    line = np.abs(row - seed) > tolerance
    along = _run(line[:sx][::-1] if away < 0 else line[sx:])
    if not (field_tall(tall, scale) and (along + (x1 - x0) >= 2.5 * tall or not look_along)):
        return None
    flooded = flood_box(rgb, (wx0, wy0, wx1, wy1), (sx, cy), tolerance)
    if flooded is None:
        return None                                         # ran out of the window: no plate
    count, plate = flooded
    pw, ph = plate[2] - plate[0], plate[3] - plate[1]
    ends = {"left": x0 - plate[0], "right": plate[2] - x1, "either": min(x0 - plate[0], plate[2] - x1)}
    if not (field_tall(ph, scale) and ph >= (y1 - y0) + 4 and pw >= 3 * ph
            and plate[0] - 1 <= x0 and x1 <= plate[2] + 1 and plate[1] - 1 <= y0 and y1 <= plate[3] + 1
            and ends[at_end] <= 1.5 * ph and count >= min_fill * pw * ph - (x1 - x0) * (y1 - y0)):
        return None
    return plate


def flood_box(rgb: np.ndarray, window, seed: tuple[int, int], tolerance: int,
              fixed: bool = True) -> tuple[int, np.ndarray] | None:
    """The pixel count and box (x0, y0, x1, y1, image pixels) of the 4-connected flood fill over
    the grey of ``window`` (x0, y0, x1, y1) of ``rgb`` from ``seed`` (x, y, window pixels),
    within ``tolerance`` levels of the seed (``fixed``) or of each filled neighbour (not
    ``fixed``: a plate drawn as a gradient); None when it runs out of the window (a panel, not
    a plate)."""
    wx0, wy0, wx1, wy1 = (int(v) for v in window)
    gray = np.ascontiguousarray(to_gray(rgb[wy0:wy1, wx0:wx1]))
    mask = np.zeros((gray.shape[0] + 2, gray.shape[1] + 2), np.uint8)
    count, _, _, (px0, py0, pw, ph) = cv2.floodFill(
        gray, mask, seed, 0, tolerance, tolerance,
        4 | cv2.FLOODFILL_MASK_ONLY | (cv2.FLOODFILL_FIXED_RANGE if fixed else 0) | (255 << 8))
    if px0 == 0 or py0 == 0 or px0 + pw == gray.shape[1] or py0 + ph == gray.shape[0]:
        return None
    return int(count), np.array([px0 + wx0, py0 + wy0, px0 + pw + wx0, py0 + ph + wy0], np.int64)


def _run(off: np.ndarray) -> int:
    """Length of the leading run of False in the 1-D bool array ``off``."""
    hits = np.flatnonzero(off)
    return int(hits[0]) if len(hits) else len(off)


#: Grey levels between a filled field's inside and the panel round it, at least (`empty_fields`).
FILL_EDGE = 4
#: A narrow field's text starts at most this share of the frame's height from its left edge
#: (`_text_at_field_start`; GTK's entries: 0.2 to 0.3).
NARROW_FIELD_INDENT = 0.4


def empty_fields(rgb: np.ndarray, elements: Elements, scale: float = 1.0, contrast: int = 15) -> np.ndarray:
    """Rows of bare regions (holding no other element) that are empty text fields: 18 to 56 px
    tall (at ``scale`` 1), at least 4 times as wide, a border on all four sides (the middle
    60% of each side's outer 3 px differs by more than ``contrast`` grey levels from the
    inside) around an inside of one colour (at most 1% of it off that colour by more than
    ``contrast``). An empty combo box has its arrow, a slider its knob, a progress bar its fill.
    A field drawn as a fill with a rule under it (Greybird, Material: no border on the other
    sides, the fill a few grey levels off the panel) counts when its bottom differs by more than
    ``contrast`` and the other three sides by at least `FILL_EDGE`: the classifier took such a
    long plain strip with a line for a slider's track."""
    b = elements.xyxy.astype(np.int64)
    w, h = b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]
    rows = np.flatnonzero((elements.kind == "region") & field_tall(h, scale) & (w >= 4 * h))
    found = [r for r in holds_none(b, rows).tolist()
             if _bordered_plain(rgb, b[r], None, contrast, faint_sides=FILL_EDGE)]
    return np.array(found, np.int64)


def grid_cells(elements: Elements) -> np.ndarray:
    """Rows of the empty regions called text boxes (no text, no value, holding no other
    element, nobody's parent) that share a side with another such (`abutting`): the cells of a
    chart's grid or of an empty table, which the classifier takes for fields one by one (a system
    monitor's graphs came back as 86 text boxes). A form spaces its fields apart."""
    rows = np.flatnonzero((elements.kind == "region") & (elements.role == "textbox")
                          & (elements.text == "") & (elements.value == "")
                          & ~np.isin(elements.id, elements.parent[elements.parent >= 0]))
    rows = holds_none(elements.xyxy, rows)
    return rows[abutting(elements.xyxy[rows])] if len(rows) > 1 else rows[:0]


def abutting(xyxy: np.ndarray, gap: int = 2, overlap: float = 0.5) -> np.ndarray:
    """(N,) bool: which of the boxes ``xyxy`` (N, 4) share a side with another of them: one's
    bottom within ``gap`` px of the other's top (or one's right of the other's left), the two
    overlapping across it by at least ``overlap`` of the smaller one's width (height)."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    out = np.zeros(len(b), bool)
    for lo, hi, a0, a1 in ((3, 1, 0, 2), (2, 0, 1, 3)):     # stacked, then side by side
        touch = np.abs(b[:, None, lo] - b[None, :, hi]) <= gap
        span = b[:, a1] - b[:, a0]
        across = np.minimum(b[:, None, a1], b[None, :, a1]) - np.maximum(b[:, None, a0], b[None, :, a0])
        pairs = touch & (across >= overlap * np.minimum(span[:, None], span[None, :]))
        np.fill_diagonal(pairs, False)
        out |= pairs.any(axis=1) | pairs.any(axis=0)
    return out


def placeholder_fields(rgb: np.ndarray, elements: Elements, scale: float = 1.0, contrast: int = 15) -> np.ndarray:
    """Rows of text elements that are the placeholder or value of a text field drawn round them
    alone: their frame (`Elements.frame`) has a field's shape as in `empty_fields`, starts at
    most one frame height left of the text and leaves at least two frame heights free right of
    it (one when the text is selected, drawn on a plate of an accent colour: a focused entry
    selects its whole value), and twice the room left of it, and shows the field's border on all four sides round an
    inside of one colour outside the text's box. A button centres its label (as much room on
    both sides); a selected row or a menu item's highlight is a plate without a border; a combo
    box has its arrow inside."""
    b, f = elements.xyxy.astype(np.int64), elements.frame.astype(np.int64)
    framed = (elements.kind == "text") & (f >= 0).all(axis=1)
    start = _text_at_field_start(f, b, scale)
    # a selected value may fill the field: one frame height free on its right is enough
    wider = np.concatenate([f[:, :2], f[:, 2:3] + (f[:, 3:4] - f[:, 1:2]), f[:, 3:]], axis=1)
    selected = framed & ~start & _text_at_field_start(wider, b, scale)
    selected[selected] = [_on_accent(rgb, b[r]) for r in np.flatnonzero(selected).tolist()]
    rows = np.flatnonzero(framed & (start | selected))
    # a frame found as the field's flat inside (`segment.fills`) has the border just outside it:
    # a grey inside, and a line round it that differs from what lies beyond (a selected row's
    # red plate has the list's white round it, no line)
    grown = np.concatenate([np.maximum(f[:, :2] - 1, 0), f[:, 2:] + 1], axis=1)
    # a thin drop-down chevron may stay under `_bordered_plain`'s 1% of other pixels: no field;
    # nor is a plate of an accent colour right of the text too (a selected row's, edged by the
    # list's white; a focused entry's selection covers its text alone)
    return np.array([r for r in rows.tolist() if (_bordered_plain(rgb, f[r], b[r], contrast)
                     or (neutral_inside(rgb, f[r]) and _outlined(rgb, f[r], contrast)
                         and _bordered_plain(rgb, grown[r], b[r], contrast)))
                     and not has_dropdown_arrow(rgb, f[r], b[r])
                     and neutral_inside(rgb, np.array([b[r, 2], f[r, 1], f[r, 2], f[r, 3]]), FIELD_TINT)],
                    np.int64)


def _on_accent(rgb: np.ndarray, box: np.ndarray, share: float = 0.5) -> bool:
    """Whether at least ``share`` of the pixels of ``box`` (x0, y0, x1, y1) on the RGB image are of an
    accent colour (chroma above `FIELD_MAX_CHROMA` * 3): text selected, drawn on its highlight."""
    x0, y0, x1, y1 = (int(v) for v in box)
    crop = rgb[y0:y1, x0:x1].reshape(-1, 3)
    return bool(len(crop)) and float((chroma(crop) > 3 * FIELD_MAX_CHROMA).mean()) >= share


def _outlined(rgb: np.ndarray, box: np.ndarray, contrast: int) -> bool:
    """Whether the pixel line just outside ``box`` (x0, y0, x1, y1) differs, along the middle 60%
    of each of its four sides, by more than ``contrast`` grey levels (median) from the line 3 px
    further out: a border drawn round the box, not the panel it lies on."""
    H, W = rgb.shape[:2]
    x0, y0, x1, y1 = (int(v) for v in box)
    if x0 < 4 or y0 < 4 or x1 + 4 > W or y1 + 4 > H:
        return False
    g = to_gray(rgb[y0 - 4:y1 + 4, x0 - 4:x1 + 4]).astype(np.int16)
    hh, ww = y1 - y0, x1 - x0
    mx, my = slice(4 + int(0.2 * ww), 4 + int(0.8 * ww)), slice(4 + int(0.2 * hh), 4 + int(0.8 * hh))
    pairs = ((g[3, mx], g[0, mx]), (g[4 + hh, mx], g[7 + hh, mx]), (g[my, 3], g[my, 0]), (g[my, 4 + ww], g[my, 7 + ww]))
    return all(abs(float(np.median(line)) - float(np.median(beyond))) > contrast for line, beyond in pairs)


def placeholder_compounds(rgb: np.ndarray, elements: Elements, boxes: np.ndarray, parts: list[np.ndarray],
                          scale: float = 1.0, contrast: int = 15) -> np.ndarray:
    """Indices of the compound candidates (``boxes`` (K, 4), ``parts`` rows of ``elements``)
    that are a text field showing its one text as `placeholder_fields` sees it, the
    candidate's box taken as the frame, and maybe an icon at its right end (a clear or search
    button; no drop-down arrow, "+" or "-": those are combo and spin boxes') or right before the
    text at its start (a location entry's folder): a group found round a path in a file
    manager's location entry, which the classifier calls a button."""
    b = elements.xyxy.astype(np.int64)
    found = []
    for k, rows in enumerate(parts):
        rows = np.asarray(rows)
        text, icon = rows[elements.kind[rows] == "text"], rows[elements.kind[rows] == "icon"]
        if len(text) != 1 or len(icon) > 1 or len(text) + len(icon) != len(rows):
            continue
        frame = np.asarray(boxes[k], np.int64)
        fh = frame[3] - frame[1]
        start = b[text]
        if len(icon):
            small = b[icon[0], 3] - b[icon[0], 1] <= 0.8 * fh
            # an icon at the field's start, right before the text (a location entry's folder,
            # a search field's magnifier), is the field's own: the text starts after it
            leading = small and b[icon[0], 0] - frame[0] <= fh and 0 <= b[text[0], 0] - b[icon[0], 2] <= fh
            trailing = small and frame[2] - b[icon[0], 2] <= 1.5 * fh \
                and elements.label[icon[0]] not in DROPDOWN_ARROWS + ("add", "remove")
            if not (leading or trailing):
                continue
            if leading:
                start = np.concatenate([b[icon[0], :2], b[text[0], 2:]])[None]
        holes = b[rows]
        if _text_at_field_start(frame[None], start, scale)[0] and _bordered_plain(rgb, frame, holes, contrast):
            found.append(k)
    return np.array(found, np.int64)


def _text_at_field_start(frames: np.ndarray, texts: np.ndarray, scale: float) -> np.ndarray:
    """(N,) bool: ``frames`` (N, 4) of a field's shape (18 to 56 px tall at ``scale`` 1, at least
    4 times as wide) holding ``texts`` (N, 4) at most one frame height from their left edge,
    with at least two frame heights, and twice the room on the left, free on their right. A
    narrower frame (a toolbar's search or line-number entry, 1.8 to 4 heights wide) needs its
    text nearer its left edge (`NARROW_FIELD_INDENT` of its height) and at least one height
    and three times the room on the left free on the right: a button centres its label."""
    fw, fh = frames[:, 2] - frames[:, 0], frames[:, 3] - frames[:, 1]
    left, right = texts[:, 0] - frames[:, 0], frames[:, 2] - texts[:, 2]
    wide = (fw >= 4 * fh) & (left <= fh) & (right >= np.maximum(2 * fh, 2 * left))
    narrow = (fw >= 1.8 * fh) & (fw < 4 * fh) & (left <= NARROW_FIELD_INDENT * fh) & (right >= np.maximum(fh, 3 * left))
    return field_tall(fh, scale) & (wide | narrow)


def _bordered_plain(rgb: np.ndarray, box: np.ndarray, hole: np.ndarray | None, contrast: int,
                    faint_sides: int | None = None) -> bool:
    """Whether ``box`` (x0, y0, x1, y1) shows a border on all four sides round an inside of one
    colour, the pixels of ``hole`` (a box, (M, 4) boxes, or None) left out of the inside: at most 1% of the
    inside 4 px in from the border is more than ``contrast`` grey levels off its median, and
    one of each side's outer 3 lines differs from that median along the side's middle 60%
    (by more than ``contrast``; with ``faint_sides``, the bottom so and the other three by at
    least ``faint_sides``: a filled field with a rule under it)."""
    x0, y0, x1, y1 = (int(v) for v in box)
    # the box and 3 px round it (the faint-sides test reads just outside it), in grey, once
    oy, ox = min(y0, 3), min(x0, 3)
    grown = to_gray(rgb[y0 - oy:y1 + 3, x0 - ox:x1 + 3]).astype(np.int16)
    g = grown[oy:oy + y1 - y0, ox:ox + x1 - x0]
    hh, ww = g.shape
    inside = np.zeros(g.shape, bool)
    inside[4:hh - 4, 4:ww - 4] = True
    for hx0, hy0, hx1, hy1 in ([] if hole is None else np.asarray(hole).reshape(-1, 4).tolist()):
        inside[max(int(hy0) - y0, 0):max(int(hy1) - y0, 0), max(int(hx0) - x0, 0):max(int(hx1) - x0, 0)] = False
    if not inside.any():
        return False
    core = g[inside]
    base = int(np.median(core))
    if (np.abs(core - base) > contrast).mean() > 0.01:
        return False
    # a side is drawn when one of its outer 3 lines differs from the inside along its length
    if all(d > contrast for d in _side_offsets(g, 0, 0, base)):
        return True
    if faint_sides is None:
        return False
    # a fill's edge and the rule under it may lie just outside the box the segmenter drew
    top, bottom, left, right = _side_offsets(grown, oy, ox, base, (hh, ww))
    return bottom > contrast and min(top, left, right) >= faint_sides


def _side_offsets(g: np.ndarray, oy: int, ox: int, base: int, size: tuple[int, int] | None = None) -> list[float]:
    """For a box of ``size`` (h, w; default all of ``g``) at (``oy``, ``ox``) in the grey crop
    ``g``: per side (top, bottom, left, right), the largest median grey-level distance from
    ``base`` of its lines along the side's middle 60%, the lines from the crop's edge to 3 px
    inside the box."""
    hh, ww = g.shape if size is None else size
    mx, my = slice(ox + int(0.2 * ww), ox + int(0.8 * ww)), slice(oy + int(0.2 * hh), oy + int(0.8 * hh))
    sides = [g[:oy + 3, mx], g[oy + hh - 3:, mx], g[my, :ox + 3], g[my, ox + ww - 3:]]
    return [max([float(np.median(np.abs(line - base))) for line in (side if k < 2 else side.T)] or [0.0])
            for k, side in enumerate(sides)]


#: Plate grey levels: the odd segment of linked buttons differs from the others' median by at
#: least ``ODD_PLATE``, while the others lie within ``SAME_PLATE`` of it (`linked_buttons`).
ODD_PLATE, SAME_PLATE = 12.0, 6.0


#: Frames of linked buttons stand at most this many px apart (`linked_frames`; GTK's: 3 px
#: once the segmenter's border is given back) ...
LINK_GAP = 4
#: ... their tops and bottoms within this many px, sharing a border at most this wide; a
#: pressed plate's colour is at most this strong (`color.chroma`) unless its hue is no red's
#: (`RED_HUES`, degrees: a destructive action's plate; an accent's blue or green is a
#: selected segment's).
LINK_ALIGN, SHARED_BORDER, PRESSED_CHROMA = 2, 3, 60
RED_HUES = (330.0, 25.0)


def linked_frames(rgb: np.ndarray, elements: Elements, roles: np.ndarray) -> list[tuple[np.ndarray, int]]:
    """Rows of linked buttons that no candidate holds (the segmenter framed each label apart):
    two to `MAX_PARTS` text runs, each alone in its frame, not a field (``roles`` ``(N,)``), the
    frames on one line (tops and bottoms within `LINK_ALIGN` px) each within `LINK_GAP` px of
    the next. For each: the rows left to right and the index of the pressed one (its plate the
    odd one out, as `linked_buttons` tells), or -1."""
    f = elements.frame.astype(np.int64)
    framed = np.flatnonzero((elements.kind == "text") & (f >= 0).all(axis=1)
                            & ~np.isin(np.asarray(roles, dtype=object)[:len(elements)], FIELDS))
    if len(framed) < 2:
        return []
    # a frame holding another element is no single button's
    holds = holds_point(f[framed][:, None, :], elements.centers[None, :, :])
    alone = framed[holds.sum(axis=1) == 1]
    alone = alone[np.argsort(f[alone, 0], kind="stable")]
    # a keypad's keys abut above or below too, keys of their width, whatever they show
    a, b = f[alone][:, None, :], f[(f >= 0).all(axis=1)][None, :, :]
    over = np.minimum(a[..., 2], b[..., 2]) - np.maximum(a[..., 0], b[..., 0])
    gap_y = np.maximum(b[..., 1] - a[..., 3], a[..., 1] - b[..., 3])
    wide = (a[..., 2] - a[..., 0]).astype(np.float64)
    stacked = ((gap_y >= 0) & (gap_y <= LINK_GAP) & (over >= 0.5 * wide)
               & (np.abs((b[..., 2] - b[..., 0]) / np.maximum(wide, 1) - 1) <= 0.3)).any(axis=1)
    found, used = [], set(alone[stacked].tolist())
    for r in alone.tolist():
        if r in used:
            continue
        row = [r]
        for q in alone.tolist():
            last = f[row[-1]]
            if q not in used and q not in row and 0 <= f[q, 0] - last[2] <= LINK_GAP \
                    and abs(f[q, 1] - last[1]) <= LINK_ALIGN and abs(f[q, 3] - last[3]) <= LINK_ALIGN:
                row.append(q)
        if not 2 <= len(row) <= MAX_PARTS:
            continue
        used.update(row)
        insides = [rgb[f[q, 1] + 2:f[q, 3] - 2, f[q, 0] + 2:f[q, 2] - 2].reshape(-1, 3) for q in row]
        plates = np.array([np.median(to_gray(p[None])) for p in insides])
        if all(_shared_border(rgb, f[p], f[q], plates[i:i + 2]) for i, (p, q) in enumerate(zip(row, row[1:]))):
            odd = _odd_plate(plates)
            # a plate in a strong red is a destructive action (a red "Clear"), not a pressed
            # toggle (gitg's pale blue one, or its accent blue in Arc)
            if odd >= 0:
                plate = np.median(insides[odd], axis=0)
                odd = -1 if chroma(plate[None])[0] > PRESSED_CHROMA and _reddish(plate) else odd
            found.append((np.array(row, np.int64), odd))
    return found


def _reddish(colour: np.ndarray) -> bool:
    """Whether an RGB ``colour`` (3,) has a red's hue (`RED_HUES`)."""
    r, g, b = (float(v) / 255.0 for v in colour[:3])
    hue = colorsys.rgb_to_hsv(r, g, b)[0] * 360.0
    return hue >= RED_HUES[0] or hue <= RED_HUES[1]


def _shared_border(rgb: np.ndarray, left: np.ndarray, right: np.ndarray, plates: np.ndarray) -> bool:
    """Whether the frames ``left`` and ``right`` (xyxy) share their border: along their middle
    row, between the plates (grey levels ``plates``), at most one run at most `SHARED_BORDER` px
    wide is darker than both by 15 levels. Buttons apart show two borders with the window
    between, or a wide run of a dark window between plates whose borders do not show."""
    y = int((max(left[1], right[1]) + min(left[3], right[3])) // 2)
    line = to_gray(rgb[y:y + 1, int(left[2]) - 4:int(right[0]) + 4])[0].astype(np.float32)
    runs = true_runs(line < plates.min() - 15)
    return len(runs) <= 1 and all(e - s <= SHARED_BORDER for s, e in runs)


def _odd_plate(plates: np.ndarray) -> int:
    """Index of the pressed segment of linked buttons by their plates' grey levels: the odd one
    out among three or more (`ODD_PLATE`, the others within `SAME_PLATE`), the darker of two,
    or -1."""
    if not np.isfinite(plates).all():
        return -1
    if len(plates) == 2:
        return int(np.argmin(plates)) if abs(plates[0] - plates[1]) >= ODD_PLATE else -1
    for i in range(len(plates)):
        others = np.delete(plates, i)
        centre = np.median(others)
        if abs(plates[i] - centre) >= ODD_PLATE and np.abs(others - centre).max() <= SAME_PLATE:
            return i
    return -1


#: A segmented control's checked segment (`accent_segment`) is an accent colour at least this
#: strong (`color.chroma`), filling at least ACCENT_FILL of its segment off its label; the other
#: segments are plain (chroma under PLAIN_SEGMENT) and within ODD_PLATE grey levels of each other.
ACCENT_SEGMENT, ACCENT_FILL, PLAIN_SEGMENT = 60, 0.8, 30


def shaded_segment(rgb: np.ndarray, frame: np.ndarray, labels: np.ndarray) -> int:
    """`accent_segment` for a row holding icons, whose checked segment is shaded in no colour:
    every segment's plate (off its label, inside the frame's border; segments part half-way
    between neighbouring labels) one grey (`ACCENT_FILL` of it within 30 levels of its median)
    in no colour (chroma under `PLAIN_SEGMENT`), one the odd one out (`_odd_plate`: the darker
    of two); its index, or -1."""
    plates = _segment_plates(rgb, frame, labels)
    if plates is None:
        return -1
    medians, fills = plates
    if (np.array(fills) < ACCENT_FILL).any() or (chroma(medians) >= PLAIN_SEGMENT).any():
        return -1
    return _odd_plate(medians.mean(axis=1))


def _segment_plates(rgb: np.ndarray, frame: np.ndarray, labels: np.ndarray
                    ) -> tuple[np.ndarray, list[float]] | None:
    """Each segment's plate colour (K, 3) (the median of its pixels off its label) and the share
    of its pixels within 30 levels of that, for the ``labels`` (K, 4) left to right inside
    ``frame`` (4,) of ``rgb`` (segments part half-way between neighbouring labels, inside the
    frame's border); None when a segment has no pixels."""
    x0, y0, x1, y1 = (int(v) for v in frame)
    b = np.asarray(labels, np.int64).reshape(-1, 4)
    if len(b) < 2 or y1 - y0 < 10:
        return None
    cuts = [x0 + 2] + [int(v) for v in (b[:-1, 2] + b[1:, 0]) // 2] + [x1 - 2]
    medians, fills = [], []
    for i, (a, e) in enumerate(zip(cuts, cuts[1:])):
        seg = rgb[y0 + 3:y1 - 3, a:e].astype(np.int16)
        if seg.size == 0:
            return None
        keep = np.ones(seg.shape[:2], bool)
        keep[max(0, b[i, 1] - y0 - 3):max(0, b[i, 3] - y0 - 3), max(0, b[i, 0] - a):max(0, b[i, 2] - a)] = False
        pixels = seg[keep]
        if not len(pixels):
            return None
        median = np.median(pixels, axis=0)
        medians.append(median)
        fills.append(float((np.abs(pixels - median).max(axis=1) <= 30).mean()))
    return np.array(medians), fills


def accent_segment(rgb: np.ndarray, frame: np.ndarray, labels: np.ndarray) -> int:
    """Index of the checked segment of a segmented control drawn without rules between its
    segments, or -1: ``labels`` (K, 4) left to right inside ``frame`` (4,) of ``rgb``; segments
    part half-way between neighbouring labels; the one segment whose plate (its pixels off its
    label, inside the frame's border) is mostly one accent colour while the rest are plain and
    alike (`ACCENT_SEGMENT`)."""
    plates = _segment_plates(rgb, frame, labels)
    if plates is None:
        return -1
    medians, fills = plates
    strong = chroma(medians)
    accent = np.flatnonzero((strong >= ACCENT_SEGMENT) & (np.array(fills) >= ACCENT_FILL))
    if len(accent) != 1:
        return -1
    others = np.delete(np.arange(len(medians)), accent)
    grey = medians[others].mean(axis=1)
    if (strong[others] >= PLAIN_SEGMENT).any() or grey.max() - grey.min() > ODD_PLATE:
        return -1
    return int(accent[0])


def _entry_and_arrow(elements: Elements, rows: np.ndarray) -> bool:
    """Whether the parts ``rows`` of ``elements`` are one text and a drop-down arrow icon: an
    editable combo box's entry and its button, not a row of linked buttons."""
    kinds = elements.kind[rows]
    return len(rows) == 2 and (kinds == "text").sum() == 1 \
        and bool(np.isin(elements.label[rows[kinds == "icon"]], DROPDOWN_ARROWS).any())


def long_rows(elements: Elements, groups: np.ndarray, scale: float = 1.0,
              contained: float = 0.9) -> tuple[np.ndarray, list[np.ndarray]]:
    """The ``groups`` (G, 4) `compound_candidates` leaves out for holding too many parts that may
    be rows of linked buttons: one line of more than `MAX_PARTS` and at most twice as many
    parts, no taller than a candidate. Their boxes (R, 4) and part rows in ``elements``."""
    return _line_groups(elements, groups, MAX_PARTS + 1, 2 * MAX_PARTS, scale, contained)


def linked_buttons(rgb: np.ndarray, elements: Elements, boxes: np.ndarray, parts: list[np.ndarray],
                   roles: np.ndarray, max_segments: int = MAX_PARTS) -> list[tuple[int, list[np.ndarray], int]]:
    """Candidates (``boxes`` (K, 4), their ``parts`` rows in ``elements``, their ``roles`` (K,))
    that are rows of linked buttons: two to ``max_segments`` segments on one line with a rule between each
    two (`entry_end`), a segment being the parts that overlap one another across (a glyph read as
    two runs: gitg's "+-" toggle read "#" and ":"), the candidate no field (`labels.FIELDS`: a
    combo box's value and arrow, an entry and its clear button) nor an editable combo box's entry
    and its arrow button (`_entry_and_arrow`: the white entry's plate apart from the button's).
    For each: (candidate index, the segments' part rows left to right, index of the segment
    whose plate is the odd one out among three or more, or the darker of two, or -1)."""
    found = []
    for k, rows in enumerate(parts):
        rows = np.asarray(rows)
        if not 2 <= len(rows) <= 2 * max_segments or roles[k] in FIELDS or _entry_and_arrow(elements, rows):
            continue
        rows = rows[np.argsort(elements.xyxy[rows, 0], kind="stable")]
        segments = _overlapping_runs(elements.xyxy[rows])
        if not 2 <= len(segments) <= max_segments:
            continue
        segs = [rows[s] for s in segments]
        b = np.array([[elements.xyxy[s, 0].min(), elements.xyxy[s, 1].min(), elements.xyxy[s, 2].max(),
                       elements.xyxy[s, 3].max()] for s in segs])
        rules = [entry_end(rgb, boxes[k], b[i], b[i + 1]) for i in range(len(segs) - 1)]
        if min(rules) < 0:
            # (icons' segments with no rule between: one plate shaded apart, gitg's "+-" | folder)
            odd = accent_segment(rgb, boxes[k], b) if (elements.kind[rows] == "text").all() else \
                shaded_segment(rgb, boxes[k], b)
            if odd >= 0:
                found.append((k, segs, odd))
            continue
        x0, y0, x1, y1 = (int(v) for v in boxes[k])
        gray = to_gray(rgb[y0 + 2:y1 - 2, x0:x1]).astype(np.float32)   # only the frame: this runs per row
        edges = [2] + [r + 2 - x0 for r in rules]
        ends = [r - 1 - x0 for r in rules] + [x1 - 2 - x0]
        plates = np.array([np.median(gray[:, a:e]) if e > a else np.nan for a, e in zip(edges, ends)])
        found.append((k, segs, _odd_plate(plates)))
    return found


def _overlapping_runs(b: np.ndarray) -> list[np.ndarray]:
    """The (N, 4) boxes ``b``, sorted by their left edge, grouped into runs of boxes that overlap
    across (each starting before the run so far ends): indices into ``b``, left to right."""
    runs: list[list[int]] = []
    end = -np.inf
    for i, (x0, x1) in enumerate(zip(b[:, 0].tolist(), b[:, 2].tolist())):
        if runs and x0 < end:
            runs[-1].append(i)
            end = max(end, x1)
        else:
            runs.append([i])
            end = x1
    return [np.array(r, np.int64) for r in runs]
