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
A row that passes rules 1 and 2 framed button by button, three or more, one of them on a plate
apart (pressed) and closed by a line under it (`_closed_under`: a notebook's selected tab, the
odd one of its row, opens into the pane) is a row of toggle buttons (libfm-qt's path bar,
checkable tool buttons that accessibility trees call check boxes), the pressed one checked.

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

Rule (`underlined_switchers`): a header bar's view switcher (GTK's stack switcher as Materia
draws it) shows flat items of one width and, under the selected one, a bar in the header's text
colour, no accent: 2 to 6 px thick at scale 1 (a tab's or a frame's edge is one pixel) or a
quarter of the label's height, across the item's icon and label, ending at most `SWITCHER_PAST`
heights past the label (a header bar's edge runs on), no side rising from its ends (a combo
box's or a key's frame has its bottom so). Such a bar under one label and bare labels level
with it, centred at whole multiples of the bar's length from it (`SWITCHER_PITCH`), are the
switcher's items: radio buttons to accessibility trees, the barred one checked. A notebook's
tabs carry an accent bar (rule above), a link's underline is one pixel under its text alone.

Rule (`open_tab_rows`): three or more short labels on one row (item roles, buttons or field
guesses; none ending in ":", a form's label; one button at most, the selected tab's plate: a
toolbar's framed buttons over a rule are no tabs) with, within one label height under them, a
pixel row whose pixels differ from the pane below (by `EDGE_CONTRAST` grey levels, less than
rule 2 asks: Arc's and Greybird's pane edges are faint) in one line (no gap wider than
`EDGE_GAP`) along the row and `PANE_PAST` heights past its end, except for one hole that holds
one whole label's width and reaches under no other: the pane's edge with the selected tab
opening into it. Flat tabs have no rules between them (Arc), so rule 1 cannot find them. An
open menu under a menu bar's title is no such hole: the menu is wider than its title and runs
on under the next ones. Framed tabs (Greybird's: each on a plate with a border, which the
classifier calls buttons) are taken in rows of two or more, whatever their roles, when the
edge also differs from the plates just above it (the selected tab's plate runs on down into
its page, which may be darker than the pane's white view), that plate lies `TAB_PLATE` grey
levels off the others' in a grey (within `compounds.FIELD_TINT`): a menu bar's open title has an accent
bar under it instead. Of two labels, the page under the hole must differ from the plate too (a
form's label beside a combo box's value has the window's grey on both sides of the box's edge),
or a line run over the selected label within a label height, across it and past both its ends
but not on over the other labels nor more than `LID_PAD` heights past the label (`_lid_over`:
Arc frames its selected tab, as white as its page, and leaves the other a bare word; a tool
bar's, a window's or a popover's edge runs on). When the selected tab is the last, the edge
starts again at its side, past its label's end by the tab's padding. A row that fails is tried
again without its first or last label (a sidebar's combo box on the tabs' line), the selected
tab then framed over its label as above: a menu bar's menu, open under one title and running on
under the next, leaves a hole under that next one when the first is left out.

Rule (`side_tabs`): a notebook with its tabs down its side (GTK's, in a preferences dialog) shows
them as a column of labels centred under one another, the selected one marked by an accent bar
(2 to `SIDE_BAR` px wide, as tall as the label, 2 px to `SIDE_REACH` label heights from it, nothing
else coloured between) at the side of the pane. Three or more short labels centred within
`SIDE_ALIGN` heights of the barred one's centre, chained up and down with gaps of at most
`COLUMN_STEP` heights, their left edges `SIDE_SPREAD` heights apart or more (centred, not a list's
rows flush left), exactly one of them barred, are tabs. A list's selected row is a plate under
its label (accent all along), not a bar beside it. Themes that draw no bar (Arc) frame the
selected tab and open it into the pane: such a column with no bar is tabs when, within
`SIDE_REACH` heights on its right or left, a line down one pixel column (off the pixels either
side by `EDGE_CONTRAST`) runs along it but for a hole beside exactly one label, as the pane's
edge under a row of tabs does (`_opens_beside_one`, `_holes`), the hole closed above and below
by lines from the label's side over to the edge (`_framed_beside`: the selected tab's frame), the
labels at one pitch (`_evenly_spaced`: a menu's items under a menu bar's title are not).

Rule (`flat_toggle_rows`): three or more short labels on one row, each at most
`TOGGLE_GAP` heights from the next, none a tab, not all numbers (a page list), not a menu bar's
(most of them menu items), where the plate behind exactly one label (its box's median grey)
differs from the others' (by `ODD_PLATE` grey levels, the others within `SAME_PLATE`) and ends
within a label height on both sides of it (a menu or a pane beside it runs on) are a row of
flat toggle buttons,
the odd one pressed: Qt's path bar, whose checkable tool buttons accessibility trees call
check boxes, the current folder's checked.

Rule (`tab_icons`): a glyph the classifier called a check box, radio or switch with a tab's
label on its right is that tab's icon (an editor's file-type icon, an empty page drawn as a
box): a tab holds no check box.
"""
from __future__ import annotations

import numpy as np

from ..color import chroma
from ..text.fast import to_gray
from ..text.split import median_ink, true_runs
from .compounds import FIELD_TINT, ODD_PLATE, SAME_PLATE
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
#: ... and, for tabs stretched over a strip only, a cross the icon stage named "stop" (Adwaita
#: draws process-stop as the same cross; right after a table's cell it is some other glyph).
SPREAD_CLOSE_GLYPHS = CLOSE_GLYPHS + ("stop",)
#: ... which stands at most this many label heights right of the label; or, for two or more
#: labels on one row (tabs stretched over a wide strip), at most `SPREAD_REACH`.
CLOSE_REACH = 1.5
SPREAD_REACH = 20.0
#: Grey levels between a notebook's pane edge and the pane under it (`open_tab_rows`) ...
EDGE_CONTRAST = 12
#: ... the edge covering at least this share of the row outside the selected tab's hole.
EDGE_COVER = 0.9
#: ... with no gap in it wider than this (px) but the selected tab's; it runs on at least
#: this many label heights past the last tab (the pane is wider than its tab row).
EDGE_GAP = 2
PANE_PAST = 2
#: ... and a framed selected tab's plate is at least this many grey levels off the others'.
TAB_PLATE = 5
#: Labels on one line more than this many heights apart may belong to two notebooks.
NOTEBOOK_GAP = 2.5
#: A framed tab's top runs past its label by at most this many label heights each side.
LID_PAD = 2
#: Roles the labels of `open_tab_rows` may have (a selected tab's framed plate: a button).
OPEN_TAB_GUESSES = ITEM_ROLES + ("button",) + FIELD_GUESSES
#: Farthest apart (in label heights) two neighbours of a row of flat toggles stand (`flat_toggle_rows`).
TOGGLE_GAP = 1.5
#: Roles a closable tab's label may have been given (not a menu item's or a check box's).
TAB_GUESSES = ("text", "button", "listitem", "link", "textbox")


def closable_tabs(kind: np.ndarray, xyxy: np.ndarray, labels: np.ndarray, roles: np.ndarray) -> np.ndarray:
    """Rows of the text runs (``(N,)`` kind, ``(N, 4)`` boxes, icon ``labels``, ``roles``) that are
    tabs by `closable_tabs`' rule: a role in `TAB_GUESSES` (or a tab already), and an icon named
    in `CLOSE_GLYPHS` at most as tall as the run, its centre within half the run's height of the
    run's, starting 0 to `CLOSE_REACH` heights after the run's end, with no other text run in
    between; or, for two or more runs on one row, up to `SPREAD_REACH` heights after it with
    nothing in between (an icon named in `SPREAD_CLOSE_GLYPHS`)."""
    kind, b = np.asarray(kind), np.asarray(xyxy, np.float64).reshape(-1, 4)
    roles = np.asarray(roles, dtype=object)[:len(b)]
    labels = np.asarray(labels, dtype=object)
    closes = np.flatnonzero((kind == "icon") & np.isin(labels, SPREAD_CLOSE_GLYPHS))
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
            if not (between & (kind == "text")).any() and labels[after[np.argmin(b[after, 0])]] in CLOSE_GLYPHS:
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
    words, with a letter, in `TAB_GUESSES` roles (or tabs already) that sit on an accent bar (the
    module docstring's rule)."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    H, W = rgb.shape[:2]
    found = []
    for r in np.flatnonzero(np.isin(roles, TAB_GUESSES + ("tab",))).tolist():
        # a number over a slider's filled track is a spin box's value, not a tab
        if not 0 < len(str(texts[r]).split()) <= 3 or not any(c.isalpha() for c in str(texts[r])):
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
        # a bar apart from the label: not the bottom of a selected row's plate the label sits on
        rows = bar_rows(accent, x0 - wx0, x1 - wx0, 2, max(6, h // 4))
        if rows is None:
            continue
        mid = chroma(rgb[(y0 + y1) // 2, max(0, x0 - side):x0])
        if len(mid) and (mid >= ACCENT_CHROMA).mean() > 0.5:
            continue
        band = accent[rows].all(axis=0)
        if band[x0 - side - wx0:x0 - wx0].all() and band[x1 - wx0:x1 + side - wx0].all():
            found.append(r)
    return np.array(found, np.int64)


def bar_rows(mask: np.ndarray, x0: int, x1: int, fewest: int, most: int, ignored: np.ndarray | None = None
             ) -> np.ndarray | None:
    """The rows of a bar in the (R, W) bool ``mask`` of a window under a label spanning columns
    ``x0:x1``: the rows (not ``ignored``, (R,) bool) set in at least 90 % of those columns, one
    run of ``fewest`` to ``most`` rows, apart from the label (not the window's first row); else
    None. `underlined_tabs` looks for an accent colour, `underlined_switchers` for a grey."""
    full = mask[:, x0:x1].mean(axis=1) >= 0.9
    if ignored is not None:
        full &= ~ignored
    rows = np.flatnonzero(full)
    if not fewest <= len(rows) <= most or rows[-1] - rows[0] + 1 != len(rows) or rows[0] == 0:
        return None
    return rows


#: A view switcher's bar (`underlined_switchers`) differs from the strip under its label by at
#: least this many grey levels, in no colour (chroma under `ACCENT_CHROMA`) ...
SWITCHER_CONTRAST = 60
#: ... runs at most this many label heights past the label on either side (the item's width:
#: an icon before the label and the padding, not a header bar's edge running on) ...
SWITCHER_PAST = 4.0
#: ... and the other items' labels stand at multiples of the item's width from it, within this
#: share of it (a stack switcher's items are of one width).
SWITCHER_PITCH = 0.25
#: Roles a view switcher's label may have been given (a header bar's flat labels look like
#: anything to the classifier: buttons, menu items, fields).
SWITCHER_GUESSES = TAB_GUESSES + ("tab", "menuitem", "combobox", "spinbox", "heading")
#: ... an icon-only switcher's icons (`underlined_switchers` with ``icons``), and the share of
#: the pitch their centres may stand off it.
ICON_SWITCHER_GUESSES = ("button", "icon", "radio", "checkbox", "tab")
ICON_PITCH = 0.15


def underlined_switchers(rgb: np.ndarray, xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray,
                         scale: float = 1.0, icons: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The items of view switchers (the module docstring's rule) among the labels of one to three
    words (boxes ``xyxy`` (N, 4), ``texts`` and ``roles`` (N,), in `SWITCHER_GUESSES`), or with
    ``icons`` among icons (roles in `ICON_SWITCHER_GUESSES`; gitg's switcher shows no labels): a
    label with a colourless bar under it (`_neutral_bar`) and the bare ones level with it (centres
    within a third of its height, heights within `HEIGHT_RATIO`) centred at whole multiples of
    the bar's length from it (within `SWITCHER_PITCH` of it, `ICON_PITCH` for icons, whose
    centres are exact: a search button stands beside gitg's), chained with no step missed.
    Returns (rows of the items, rows of the barred ones)."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    texts, roles = np.asarray(texts, dtype=object), np.asarray(roles, dtype=object)
    if icons:
        cand, tolerance = np.flatnonzero(np.isin(roles, ICON_SWITCHER_GUESSES)), ICON_PITCH
    else:
        worded = np.array([0 < len(str(t).split()) <= 3 and any(c.isalpha() for c in str(t)) for t in texts], bool)
        cand, tolerance = np.flatnonzero(worded & np.isin(roles, SWITCHER_GUESSES)), SWITCHER_PITCH
    h = np.maximum(b[:, 3] - b[:, 1], 1)
    cy = (b[:, 1] + b[:, 3]) / 2
    cx = (b[:, 0] + b[:, 2]) / 2
    items: set[int] = set()
    checked: list[int] = []
    for r in cand.tolist():
        bar = _neutral_bar(rgb, b[r], scale)
        if bar is None:
            continue
        pitch = float(bar[1] - bar[0])
        level = cand[(np.abs(cy[cand] - cy[r]) <= h[r] / 3)
                     & (np.maximum(h[cand], h[r]) <= HEIGHT_RATIO * np.minimum(h[cand], h[r]))]
        mates = []
        centre = (bar[0] + bar[1]) / 2
        for step in (-1, 1):
            k = 1
            while True:
                want = centre + step * k * pitch
                near = level[np.abs(cx[level] - want) <= tolerance * pitch]
                if len(near) != 1 or near[0] == r:
                    break
                mates.append(int(near[0]))
                k += 1
        # the others bare: two bars on one row are no single selection
        if mates and not any(_neutral_bar(rgb, b[m], scale) is not None for m in mates):
            items.update([r, *mates])
            checked.append(r)
    return np.array(sorted(items), np.int64), np.array(sorted(checked), np.int64)


def _neutral_bar(rgb: np.ndarray, box: np.ndarray, scale: float = 1.0) -> tuple[int, int] | None:
    """The x extent (x0, x1) of a colourless bar under the label ``box`` (xyxy) of ``rgb`` as
    `underlined_switchers` wants it (off the strip by `SWITCHER_CONTRAST`, 2 px thick or more
    at ``scale`` 1, across the label and a third of its height past both ends, at most
    `SWITCHER_PAST` heights past either, within a label height under it, no side rising from
    either end), or None. A frame's or a tab's one-pixel edge is thinner; a frame's bottom (a
    combo box's, a key's) has its sides rising from its ends."""
    H, W = rgb.shape[:2]
    x0, y0, x1, y1 = (int(v) for v in box)
    h = y1 - y0
    side, past = max(2, h // 3), int(SWITCHER_PAST * h)
    wx0, wx1, wy1 = max(0, x0 - past - 2), min(W, x1 + past + 2), min(H, y1 + h + 4)
    if wy1 - y1 < 4 or x0 - side < wx0 or x1 + side > wx1:
        return None
    # five columns under the label first, a bar crossing all five on one row: most labels have
    # nothing so under them (a whole window's grey and chroma cost ~0.2 ms a label)
    cols = to_gray(rgb[y1:wy1, np.linspace(x0, x1 - 1, 5).astype(np.int64)]).astype(np.int16)
    if not (np.abs(cols - np.median(cols[:max(2, h // 3)], axis=0)) >= SWITCHER_CONTRAST).all(axis=1).any():
        return None
    window = rgb[y1:wy1, wx0:wx1]
    grey = to_gray(window).astype(np.int16)
    # the strip the label stands on, just under it (the pane below may be of any grey)
    strip = np.median(grey[:max(2, h // 3), x0 - wx0:x1 - wx0])
    off = np.abs(grey - strip) >= SWITCHER_CONTRAST
    # (rows off the strip all across are the pane under the header, not a bar; a bar ends above
    # the window's last row: an open menu under a menu bar's title runs on)
    thick = max(2, int(round(2 * scale)))
    rows = bar_rows(off, x0 - wx0, x1 - wx0, thick, max(3 * thick, h // 4), off.mean(axis=1) >= 0.98)
    if rows is None or rows[-1] >= len(off) - 1:
        return None
    # in no colour (an accent bar is a notebook's tab's), looked at on the bar's rows alone
    bar = off[rows] & (chroma(window[rows]) < ACCENT_CHROMA)
    if (bar[:, x0 - wx0:x1 - wx0].mean(axis=1) < 0.9).any():
        return None
    band = bar.all(axis=0)
    runs = [(s, e) for s, e in true_runs(band) if s <= x0 - wx0 - side and e >= x1 - wx0 + side]
    if len(runs) != 1:
        return None
    s, e = runs[0]
    # a bar running on to the window's edge is a border or a rule, not one item's
    if s == 0 or e >= wx1 - wx0:
        return None
    # ... and one with a side rising from an end, over the label's height, a frame's bottom
    above = np.abs(to_gray(rgb[y0:y1 + rows[0], wx0:wx1]).astype(np.int16) - strip) >= SWITCHER_CONTRAST
    for end in (s, e - 1):
        if above[:, max(0, end - 2):end + 3].any(axis=1).mean() >= 0.8:
            return None
    return wx0 + int(s), wx0 + int(e)


#: Roles a bare tab on an underlined tab's row may have been given (a tab label the classifier
#: took for a combo box too, as `tab_rows` allows); not a button: a dialog's buttons may stand
#: on a notebook's row (measured: four dev2 buttons became tabs).
MATE_GUESSES = tuple(r for r in TAB_GUESSES if r != "button") + ("tab", "combobox", "spinbox")


def level_with(xyxy: np.ndarray, tabs: np.ndarray) -> np.ndarray:
    """(N,) bool: which of the boxes ``xyxy`` (N, 4) have their top level with one of the rows
    ``tabs``' (within 2 px or a tenth of its height): labels on that tab row's line."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    level = np.zeros(len(b), bool)
    for t in np.asarray(tabs, np.int64).tolist():
        level |= np.abs(b[:, 1] - b[t, 1]) <= max(2, 0.1 * (b[t, 3] - b[t, 1]))
    return level


def underlined_tab_mates(xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray, tabs: np.ndarray,
                         menu_bar: np.ndarray | None = None) -> np.ndarray:
    """Rows of the text runs (boxes ``xyxy`` (N, 4), ``texts`` and ``roles`` (N,)) that stand on
    the row of an underlined tab (``tabs``: rows found by `underlined_tabs`) as the module
    docstring's rule says: one to four words in `MATE_GUESSES` roles (not ending in ":", a
    form's label), centres within a third of
    the tab's height of its centre line, heights within `HEIGHT_RATIO`, chained left and right
    with gaps of at most `ROW_GAP` heights. A run taken for a menu item counts too when its top
    is level with a tab's (`level_with`) and bare texts stand level with one as well, unless it
    is one of the rows ``menu_bar`` (a menu bar's titles: Adwaita underlines the open one; a row
    of menu items alone is a menu's; an open list's item beside the row is some pixels off)."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    if not len(tabs):
        return np.zeros(0, np.int64)
    roles = np.asarray(roles, dtype=object).copy()
    level = level_with(b, tabs)
    level[np.asarray(tabs, np.int64)] = False
    items = (roles == "menuitem") & level
    if menu_bar is not None:
        items[np.asarray(menu_bar, np.int64)] = False
    if (level & ~items & (roles == "text")).any():
        roles[items] = "text"
    h = np.maximum(b[:, 3] - b[:, 1], 1.0)
    cy = (b[:, 1] + b[:, 3]) / 2
    short = np.array([0 < len(str(t).split()) <= 4 and not str(t).rstrip().endswith(":") for t in texts], bool)
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


#: A side tab's accent bar stands at most this many label heights beside its label.
SIDE_REACH = 4
#: ... and is 2 to this many px wide (at scale 1).
SIDE_BAR = 6
#: Side tabs stacked down their column: centres within this many heights across (GTK centres
#: them to the pixel), gaps of at most `COLUMN_STEP` heights between neighbours, their left edges
#: `SIDE_SPREAD` heights apart or more (centred labels of different widths; a list's rows are
#: flush left, a tree's indented, and their centres may happen to line up too).
SIDE_ALIGN = 0.25
COLUMN_STEP = 2.5
SIDE_SPREAD = 1.0
#: Roles a side tab's label may have been given (a bold one: a heading; a greyed one: a menu item).
SIDE_GUESSES = MATE_GUESSES + ("button", "checkbox", "heading", "menuitem")


def side_tabs(rgb: np.ndarray, xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray,
              scale: float = 1.0) -> np.ndarray:
    """Rows of the text runs (boxes ``xyxy`` (N, 4), ``texts`` and ``roles`` (N,)) that the
    module docstring's rule `side_tabs` takes: a notebook's tabs stacked down its side, the
    selected one marked by an accent bar on its side or by the pane's edge open beside it."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    short = np.array([0 < len(str(t).split()) <= 3 and not str(t).rstrip().endswith(":")
                      and any(c.isalpha() for c in str(t)) for t in texts], bool)
    items = np.flatnonzero(short & np.isin(roles, SIDE_GUESSES))
    if len(items) < 3:
        return np.zeros(0, np.int64)
    h = np.maximum(b[:, 3] - b[:, 1], 1)
    cx = (b[:, 0] + b[:, 2]) / 2
    barred = {r: _side_bar(rgb, b[r], scale) for r in items.tolist()}
    seen: set[int] = set()
    found: set[int] = set()
    # barred labels first: their columns are chained from the bar's label
    for r in sorted(items.tolist(), key=lambda k: not barred[k]):
        if r in seen:
            continue
        # the column: labels centred under one another, chained up and down from this one
        mates = items[(np.abs(cx[items] - cx[r]) <= SIDE_ALIGN * h[r]) & (items != r)]
        column = {r}
        for step in (-1, 1):
            edge = b[r, 1] if step < 0 else b[r, 3]
            while True:
                gap = (edge - b[mates, 3]) if step < 0 else (b[mates, 1] - edge)
                near = (gap >= 0) & (gap <= COLUMN_STEP * h[r]) & ~np.isin(mates, list(column))
                if not near.any():
                    break
                nxt = int(mates[near][np.argmin(gap[near])])
                column.add(nxt)
                edge = b[nxt, 1] if step < 0 else b[nxt, 3]
        rows = sorted(column)
        seen.update(rows)
        # three or more, centred (not flush left), one bar among them (a list's selected row is
        # a plate, not a bar) or none and the pane's edge open beside one
        if len(rows) < 3 or np.ptp(b[rows, 0]) < SIDE_SPREAD * h[r]:
            continue
        bars = sum(barred[k] for k in rows)
        if bars == 1 or (bars == 0 and _evenly_spaced(b[rows]) and _opens_beside_one(rgb, b[rows], scale)):
            found.update(rows)
    return np.array(sorted(found), np.int64)


def _evenly_spaced(r: np.ndarray, spread: float = 0.15) -> bool:
    """Whether the labels ``r`` (K, 4) stand one under another at one pitch (their centres'
    steps within ``spread`` of the median step): a notebook's tabs do, a menu's items under a
    menu bar's title do not line up with it so."""
    cy = np.sort((r[:, 1] + r[:, 3]) / 2)
    steps = np.diff(cy)
    return bool(len(steps)) and np.abs(steps - np.median(steps)).max() <= spread * np.median(steps)


def _opens_beside_one(rgb: np.ndarray, r: np.ndarray, scale: float) -> bool:
    """Whether a pane's edge runs down beside the column of labels ``r`` (K, 4), on its right or
    its left within `SIDE_REACH` label heights, along all of it but a hole beside one label
    (`_holes`): the selected tab opening into its pane (Arc's side tabs)."""
    W = rgb.shape[1]
    r = r[np.argsort(r[:, 1])]
    h = int(np.median(r[:, 3] - r[:, 1]))
    y0, y1 = int(r[0, 1]), int(r[-1, 3])
    spans = r[:, [1, 3]] - y0
    for right in (True, False):
        a, e = (int(r[:, 2].max()), min(W - 3, int(r[:, 2].max()) + SIDE_REACH * h)) if right else \
               (max(3, int(r[:, 0].min()) - SIDE_REACH * h), int(r[:, 0].min()))
        if e - a < 3:
            continue
        line = _column_lines(to_gray(rgb[y0:y1, a - 3:e + 3]))
        for x in np.flatnonzero(line.mean(axis=0) >= 0.5).tolist():
            k = _holes(line[:, x], spans)
            if k is not None and _framed_beside(rgb, r[k], a + x):
                return True
    return False


def _column_lines(gray: np.ndarray) -> np.ndarray:
    """(H, W - 6) bool over the grey (H, W) strip less 3 px each side: pixels `EDGE_CONTRAST` off
    the pixels 3 px either side of them on their row, a line down a pixel column between a
    window and a pane."""
    g = gray.astype(np.int16)
    return (np.abs(g[:, 3:-3] - g[:, 6:]) >= EDGE_CONTRAST) & (np.abs(g[:, 3:-3] - g[:, :-6]) >= EDGE_CONTRAST)


def _framed_beside(rgb: np.ndarray, box: np.ndarray, edge_x: int) -> bool:
    """Whether the hole in the pane's edge (a line down x ``edge_x``) beside the label ``box`` is
    closed above and below by lines running from the label's side over to the edge: the
    selected side tab's frame (a menu's border, beside which a menu bar's title happens to
    stand, has none)."""
    H, W = rgb.shape[:2]
    x0, y0, x1, y1 = (int(v) for v in box)
    h = y1 - y0
    lo, hi = max(0, y0 - 2 * h), min(H, y1 + 2 * h)
    if edge_x < 3 or edge_x + 4 > W:
        return False
    edge = _column_lines(to_gray(rgb[lo:hi, edge_x - 3:edge_x + 4]))[:, 0]
    cy = (y0 + y1) // 2 - lo
    if edge[cy]:
        return False
    g0 = cy - (int(np.argmax(edge[:cy][::-1])) if edge[:cy].any() else cy)
    g1 = cy + (int(np.argmax(edge[cy:])) if edge[cy:].any() else len(edge) - cy)
    a, e = (x0, edge_x) if edge_x > x1 else (edge_x + 1, x1)
    top = lo + max(0, g0 - 3)
    gray = to_gray(rgb[top:lo + g1 + 3, a:e]).astype(np.int16)
    steps = np.abs(np.diff(gray, axis=0)) >= EDGE_CONTRAST
    lines = top + np.flatnonzero(steps.mean(axis=1) >= EDGE_COVER)
    # a line over the label and one under it, within the hole (the first tab's hole may run on
    # up past its frame, beside the dialog's bare top)
    return bool((lines < y0).any() and (lines >= y1).any())


def _side_bar(rgb: np.ndarray, box: np.ndarray, scale: float) -> bool:
    """Whether an accent bar (`ACCENT_CHROMA`, 2 to `SIDE_BAR` px wide, covering the label's
    height) stands 2 px to `SIDE_REACH` label heights beside the label ``box``, the pixels
    between it and the label no accent (a selected row's plate is accent all along)."""
    W = rgb.shape[1]
    x0, y0, x1, y1 = (int(v) for v in box)
    h = y1 - y0
    # the label's middle row first: most labels have no colour beside them
    mid = chroma(rgb[(y0 + y1) // 2, max(0, x0 - SIDE_REACH * h):min(W, x1 + SIDE_REACH * h)])
    if not (mid >= ACCENT_CHROMA).any():
        return False
    for a, e, right in ((max(0, x0 - SIDE_REACH * h), x0, False), (x1, min(W, x1 + SIDE_REACH * h), True)):
        if e - a < 3:
            continue
        accent = chroma(rgb[y0:y1, a:e]) >= ACCENT_CHROMA                 # (h, w)
        runs = true_runs(accent.all(axis=0))
        if not len(runs):
            continue
        start, stop = runs[0] if right else runs[-1]                        # the bar nearest the label
        between = accent[:, :start] if right else accent[:, stop:]
        # apart from the label, nothing coloured between (a selected row's plate, which the
        # label sits on, ends in a strip of accent right at the label's edge)
        if 2 <= stop - start <= SIDE_BAR * scale and between.shape[1] >= 2 and between.mean(axis=0).max() < 0.5:
            return True
    return False


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
                         ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The rows ruled as tabs are (rules 1 and 2), in one pass: indices into ``xyxy`` (N, 4) of
    the tabs (`tab_rows`), of the linked buttons, of those among the linked buttons and the
    toggles that are pressed, and of the toggles. A row framed whole (`_framed_row`) is a row
    of linked buttons (GTK's path bar: "tmp | Documents | Projects", toggle buttons to
    accessibility trees), not a notebook's tabs, whose selected tab opens into the pane and
    whose tops are no single line; of its items, the one drawn on a plate apart (`ODD_PLATE`
    grey levels off the others' median, which agree within `SAME_PLATE`) is pressed (the path
    bar's current folder). A row framed button by button, one of them pressed so and closed by
    a line under it (`_closed_under`: a notebook's selected tab opens into its pane) is a row
    of toggle buttons (libfm-qt's path bar: checkable tool buttons, check boxes to
    accessibility trees)."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    tabs, linked, pressed, toggles = [], [], [], []
    for rows, framed in _ruled_rows(rgb, xyxy, roles, scale):
        greys = np.array([float(np.median(to_gray(rgb[y0:y1, x0:x1]))) for x0, y0, x1, y1 in b[rows].tolist()])
        odd = [int(rows[k]) for k in _odd_ones(greys)]
        if not framed:
            h = int(np.median(b[rows, 3] - b[rows, 1]))
            if len(odd) == 1 and _closed_under(rgb, b[odd[0]], h):
                # with a label between them that the row's line left out (its box cut short)
                cy = (b[:, 1] + b[:, 3]) / 2
                between = np.flatnonzero(np.isin(roles, ITEM_ROLES) & (np.abs(cy - np.median(cy[rows])) <= h / 2)
                                         & (b[:, 0] >= b[rows, 0].min()) & (b[:, 2] <= b[rows, 2].max()))
                toggles.extend(rows.tolist() + between.tolist())
                pressed.extend(odd)
            else:
                tabs.extend(rows.tolist())
            continue
        linked.extend(rows.tolist())
        pressed.extend(odd)
    return (np.array(sorted(set(tabs)), np.int64), np.array(sorted(set(linked)), np.int64),
            np.array(pressed, np.int64), np.array(sorted(set(toggles)), np.int64))


def _odd_ones(greys: np.ndarray) -> list[int]:
    """Indices of the plates (grey levels ``greys``, three or more) each `ODD_PLATE` off the
    median of the others, which agree within `SAME_PLATE`: a pressed button among its row's."""
    if len(greys) < 3:
        return []
    return [k for k in range(len(greys)) if np.ptp(np.delete(greys, k)) <= SAME_PLATE
            and abs(greys[k] - np.median(np.delete(greys, k))) >= ODD_PLATE]


def _closed_under(rgb: np.ndarray, box: np.ndarray, h: int, cover: float = 0.8) -> bool:
    """Whether a line runs under the label ``box`` (x0, y0, x1, y1), from a pixel above its
    bottom to half a height below it, across ``cover`` of its width: a pressed button's own
    border. A notebook's selected tab opens into its pane there."""
    x0, y0, x1, y1 = (int(v) for v in box)
    window = rgb[max(0, y1 - 1):min(rgb.shape[0], y1 + h // 2 + 1), x0:x1]
    if not window.size:
        return False
    return bool((median_ink(to_gray(window), INK_CONTRAST).mean(axis=1) >= cover).any())


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


def open_tab_rows(rgb: np.ndarray, xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray,
                  scale: float = 1.0) -> np.ndarray:
    """Indices into ``xyxy`` (N, 4) (``texts``, ``roles`` (N,)) of the labels of rows found by the
    module docstring's rule `open_tab_rows`: a notebook's tabs over its pane's edge, the edge
    open under the selected one."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    H, W = rgb.shape[:2]
    # a form's "Label:" is no tab (the frame of its field runs on from under it)
    short = np.array([0 < len(str(t).split()) <= 3 and not str(t).rstrip().endswith(":") for t in texts], bool)
    items = np.flatnonzero(np.isin(roles, OPEN_TAB_GUESSES) & short)
    if len(items) < 2:
        return np.zeros(0, np.int64)
    found: list[int] = []
    # rows of labels lined up alike, and (two notebooks side by side, an IDE's sidebar and
    # editor, share a line; a notebook may have two tabs) each stretch of two or more labels
    # on a line between gaps wider than `NOTEBOOK_GAP` heights
    lines = [items[line] for line in aligned_lines(b[items], scale, axes=("row",))]
    lines += [items[run] for run in aligned_lines(b[items], scale, axes=("row",), row_gap=NOTEBOOK_GAP, min_line=2)]
    for rows in lines:
        rows = rows[np.argsort(b[rows, 0])]
        # ... or all of it but its first or last label (a sidebar's combo box on the tabs' line),
        # the selected tab then framed over its label: a menu bar's open menu under one title
        # leaves a hole under the next
        trims = [rows[1:], rows[:-1]] if len(rows) > 2 else []
        for k, run in enumerate([rows] + trims):
            if _opens_under_one(rgb, b[run], roles[run], scale, lid=k > 0):
                found.extend(run.tolist())
                break
    return np.array(sorted(set(found)), np.int64)


def _opens_under_one(rgb: np.ndarray, r: np.ndarray, roles: np.ndarray, scale: float, lid: bool = False) -> bool:
    """Whether the labels ``r`` (K, 4), left to right, their ``roles`` (K,), stand over a pane's
    edge that opens under one of them (`open_tab_rows`); with ``lid``, one framed over its label
    (`_lid_over`) only."""
    H, W = rgb.shape[:2]
    # one button at most: the selected tab's plate may be taken for one; a toolbar's
    # framed buttons over a rule are no tabs (but see framed tabs below)
    loose = len(r) >= 3 and (roles == "button").sum() <= 1
    h = int(np.median(r[:, 3] - r[:, 1]))
    x0, x1 = int(r[0, 0]), int(r[-1, 2])
    # from inside the labels' boxes: a box may reach a pixel or two past the pane's edge
    y0, y1 = int(np.median(r[:, 3])) - 3, min(H - 4, int(r[:, 3].max()) + h)
    past = min(W, x1 + PANE_PAST * h)
    if y1 <= y0 or x1 - x0 < 4 * h or past - x1 < PANE_PAST * h:
        return False
    gray = to_gray(rgb[y0:y1 + 4, x0:past]).astype(np.int16)
    spans = r[:, [0, 2]] - x0
    for y in range(y1 - y0):
        below = int(np.median(gray[y + 3]))
        edge = np.abs(gray[y] - below) >= EDGE_CONTRAST
        # the pane's edge runs on past the last tab
        if loose and _runs_on(edge, x1 - x0, 0):
            hole = _holes(edge[:x1 - x0], spans)
            if hole is not None and (not lid or _lid_over(rgb, r, hole, h)):
                return True
        # framed tabs (Greybird's, buttons to the classifier; two of them too): the edge
        # also differs from the plates above it, and the selected tab's plate, running on
        # into the page, is lighter or darker than the others'
        if y == 0:
            continue
        framed = edge & (np.abs(gray[y] - gray[y - 1]) >= EDGE_CONTRAST)
        hole = _holes(framed[:x1 - x0], spans)
        if hole is None:
            continue
        # the edge runs on past the last tab; the selected one, when last, reaches past its
        # label by its padding (the edge starts again at its side)
        tail = x1 - x0
        if hole == len(r) - 1:
            tail += int(np.argmax(framed[tail:])) if framed[tail:].any() else len(framed)
        if len(framed) - tail < h or _longest_gap(framed[tail:]) > EDGE_GAP:
            continue
        # (under half of a row of two the edge may run: the open tab is the wider)
        if len(r) > 2 and framed[:x1 - x0].mean() < 0.5:
            continue
        if _plate_apart(gray[y - 1], spans, hole):
            # ... a grey one: an open menu's title has an accent bar under it (SciTE's)
            a, e = (int(v) for v in spans[hole])
            plate = np.median(rgb[y0 + y - 1, x0 + a:x0 + e].reshape(-1, 3), axis=0)
            # ... and of two, the page under the hole is no more of that plate, or the hole's
            # tab is framed over its label (Arc's, its page as white as its plate): "Show:"
            # before a combo box's value has the window's grey above and below the box's edge
            page = np.median(gray[min(y + 2, len(gray) - 1), a:e])
            framed_over = _lid_over(rgb, r, hole, h)
            if float(plate.max() - plate.min()) <= FIELD_TINT and (framed_over or not lid) \
                    and (len(r) > 2 or abs(page - np.median(gray[y - 1, a:e])) >= EDGE_CONTRAST or framed_over):
                return True
    return False


def _lid_over(rgb: np.ndarray, r: np.ndarray, k: int, h: int) -> bool:
    """Whether a line runs over label ``k`` of the row ``r`` (K, 4) (x0, y0, x1, y1), within ``h``
    px above its top, across its width and beyond it on both sides by at most `LID_PAD` heights,
    and not on over its neighbours: the top of the tab framed round it (a bar's, a window's or a
    popover's edge runs on)."""
    W = rgb.shape[1]
    x0, y0, x1, y1 = (int(v) for v in r[k])
    top = max(0, y0 - h)
    if y0 - top < 2:
        return False
    a = max(0, min(int(r[:, 0].min()), x0 - (LID_PAD + 1) * h) - 2)
    e = min(W, max(int(r[:, 2].max()), x1 + (LID_PAD + 1) * h) + 2)
    gray = to_gray(rgb[top:y0 + 1, a:e]).astype(np.int16)
    steps = np.abs(np.diff(gray, axis=0)) >= EDGE_CONTRAST                    # (rows, width)
    own = steps[:, max(0, x0 - 2 - a):x1 + 2 - a].mean(axis=1) >= EDGE_COVER
    others = [steps[:, max(0, int(o[0]) - a):int(o[2]) - a].mean(axis=1) >= 0.5 for j, o in enumerate(r) if j != k]
    on = np.any(others, axis=0) if others else np.zeros(len(own), bool)
    for y in np.flatnonzero(own & ~on).tolist():
        # the line's run through the label's middle ends near the label, both sides
        runs = [run for run in true_runs(steps[y]).tolist() if run[0] <= (x0 + x1) // 2 - a < run[1]]
        if runs and runs[0][0] >= x0 - LID_PAD * h - a and runs[0][1] <= x1 + LID_PAD * h - a:
            return True
    return False


def _runs_on(edge: np.ndarray, end: int, gap: int) -> bool:
    """Whether the (W,) bool ``edge`` covers half its first ``end`` pixels (under the labels)
    and the rest (the pane's edge past the last tab) but for gaps of at most ``gap`` px (the
    last framed tab's border, which the framed test cannot tell from the edge)."""
    return edge[:end].mean() >= 0.5 and _longest_gap(edge[end:]) <= gap


def _plate_apart(row: np.ndarray, spans: np.ndarray, k: int) -> bool:
    """Whether, along the grey ``row`` just above a pane's edge, the plate under label ``k`` of
    ``spans`` (K, 2) lies `TAB_PLATE` or more off the others', which agree within `SAME_PLATE`."""
    plates = np.array([np.median(row[a:e]) for a, e in spans.tolist()], np.float64)
    others = np.delete(plates, k)
    return bool(np.ptp(others) <= SAME_PLATE and abs(plates[k] - np.median(others)) >= TAB_PLATE)


def _holes(edge: np.ndarray, spans: np.ndarray) -> int | None:
    """The index of the one label (``spans`` (K, 2): x0, x1 along ``edge``, left to right) whose
    whole width a gap in the (W,) bool ``edge`` holds, the gap reaching under no other label,
    the edge covering `EDGE_COVER` of the rest; None when there is no such one."""
    gaps = ~edge
    hit = None
    for k, (a, e) in enumerate(spans.tolist()):
        if not gaps[a:e].all():
            continue
        if hit is not None:
            return None
        # the gap's ends: it must stop before the neighbours' labels
        left = a - (np.flatnonzero(~gaps[:a][::-1])[0] if (~gaps[:a]).any() else a)
        right = e + (np.flatnonzero(~gaps[e:])[0] if (~gaps[e:]).any() else len(gaps) - e)
        if (k > 0 and left < spans[k - 1, 1]) or (k + 1 < len(spans) and right > spans[k + 1, 0]):
            return None
        hit = k
        # elsewhere the edge is one line: no gap wider than the antialiasing of a corner
        rest = np.concatenate([edge[:left], edge[right:]])
        if len(rest) and (rest.mean() < EDGE_COVER or _longest_gap(rest) > EDGE_GAP):
            return None
    return hit


def _longest_gap(line: np.ndarray) -> int:
    """The longest run of False in the (W,) bool ``line``."""
    runs = true_runs(~line)
    return int((runs[:, 1] - runs[:, 0]).max()) if len(runs) else 0


def flat_toggle_rows(rgb: np.ndarray, xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray,
                     scale: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """The rows of flat toggle buttons (the module docstring's rule `flat_toggle_rows`) among
    text runs (``xyxy`` (N, 4), ``texts``, ``roles`` (N,)): indices of their labels, and of the
    pressed ones among them."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    short = np.array([0 < len(str(t).split()) <= 3 for t in texts], bool)
    items = np.flatnonzero(np.isin(roles, OPEN_TAB_GUESSES) & (np.asarray(roles) != "tab") & short)
    found, pressed = [], []
    if len(items) < 3:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    for line in aligned_lines(b[items], scale, axes=("row",)):
        rows = items[line]
        rows = rows[np.argsort(b[rows, 0])]
        r = b[rows]
        h = int(np.median(r[:, 3] - r[:, 1]))
        if len(rows) < 3 or ((r[1:, 0] - r[:-1, 2]) > TOGGLE_GAP * h).any():
            continue
        if (roles[rows] == "menuitem").sum() * 2 > len(rows) or all(str(texts[k]).strip().isdigit() for k in rows):
            continue
        # the plate behind a label is most of its box's pixels (a pressed one's box may take in
        # the plate's edges, or stop inside it); only the row's strip is greyed
        ox, oy = max(0, int(r[:, 0].min()) - h), int(r[:, 1].min())
        gray = to_gray(rgb[oy:int(r[:, 3].max()), ox:int(r[:, 2].max()) + h])
        local = r - np.array([ox, oy, ox, oy])
        plates = np.array([float(np.median(gray[y0:y1, x0:x1])) for x0, y0, x1, y1 in local.tolist()])
        odd = [k for k in _odd_ones(plates) if _plate_bounded(gray, local[k], float(np.median(np.delete(plates, k))), h)]
        if len(odd) == 1:
            found.extend(rows.tolist())
            pressed.append(int(rows[odd[0]]))
    return np.array(found, np.int64), np.array(pressed, np.int64)


def _plate_bounded(gray: np.ndarray, box: np.ndarray, bar: float, h: int) -> bool:
    """Whether, along the middle rows of ``box`` (x0, y0, x1, y1) on the grey image ``gray``, the
    bar's grey ``bar`` (within `SAME_PLATE`) comes back within ``h`` px of the box on both sides:
    a button's plate round its label, not a menu or a pane that runs on beside it."""
    x0, y0, x1, y1 = (int(v) for v in box)
    band = np.median(gray[y0 + (y1 - y0) // 4:y1 - (y1 - y0) // 4 + 1], axis=0)
    left = band[max(0, x0 - h):x0][::-1]
    right = band[x1:x1 + h]
    return all(len(side) and (np.abs(side.astype(np.float64) - bar) <= SAME_PLATE).any() for side in (left, right))
