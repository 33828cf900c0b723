"""Siblings share a role: text items lined up in a row or a column are the same kind of thing.

The control classifier looks at one element at a time, so the entries of one menu come back as
a mix of menu items, list items and plain text, and a row of tabs as tabs and text. Toolkits
draw the items of one menu, menu bar, tab row or list alike and line them up, so:

1. A *line* is three or more text runs of about the same height (within a factor of 4/3) that
   share a row (centres within a third of a height, gaps of at most ``ROW_GAP`` heights) or a
   column (left edges within ``COLUMN_ALIGN`` px, gaps of at most ``COLUMN_GAP`` heights).
2. Only the item roles take part (``ITEM_ROLES``: text, list item, link, menu item, tab);
   buttons, check boxes and the like keep what the classifier said.
3. When one item role other than plain text holds at least half of a line, the line's other
   items take it (a column's heights may differ by `COLUMN_HEIGHT_RATIO` here). Plain text
   never wins: a column of labels with a few list items among them stays as it is (measured:
   making such lines all text lost role accuracy). A row that menu items win takes the buttons
   that continue it on its row too (`ROW_GAP`): a menu bar's title the classifier called a
   button (qps's "Command" before "Fields", "Options", "Help").
4. Glyphs with a label on their right (icons, `glyphs_with_labels`) lined up the same way
   (heights within ``GLYPH_HEIGHT_RATIO``) are
   one kind of control too: when check boxes, radios or switches (``GLYPH_LINE_ROLES``) hold
   at least half of such a line, and two or more of it, the line's glyphs that are none of
   these take that role (a switch among check boxes stays a switch). Glyphs labelled by a menu
   item take no part (a check menu item is a menu item), unless other so-called menu items
   stand beside it on its row (`menu_items`: menus are columns). Why: a column of GTK check boxes in
   every state comes back as check boxes and icons (a mixed state's dash named "zoom out", a
   disabled tick "stop"), each glyph judged alone. A glyph that a compound control holds
   votes with the compound's role (the classifier may call the compound, glyph and label, a
   radio and the glyph alone an icon), and a one-glyph text run (a pale ring read "O")
   counts as a glyph (`semantics.annotate` passes both).
5. Icons lined up the same way, each labelled by a list item, are the icon cells of those
   list rows (a file manager's file icons, a sidebar's place icons): the ones the classifier
   called a plain icon or image become list items (`list_row_icons`). Down a column whose
   labels have another cell on their right (a table), so do the check boxes and radios: an
   accessibility tree's checkable table cells (yad's check list), or file icons the classifier
   took for check boxes. An icon labelled by anything else keeps its role -- but a column of
   plain text, links or list items of which three or more have icons on their left, aligned
   and no control but a button or tab, is a list: the icons and the column's runs become list
   items (`icon_list_rows`: a folder tree's "Desktop", "Trash" read as plain text beside their
   icons, some icons missed). Fewer than half of such a column's runs may be called a check
   box, radio or switch (a Qt file list's "Projects" beside its folder icon): their icons,
   being of the list, are no tick boxes or rings. A column of `MIN_LINE` or more check boxes,
   radios or switches (glyphs, labelled or not) of which at least half have a list item's text
   ending at most `CELL_LEFT` glyph heights before them on their row is a table's toggle column
   (`checkable_cells`: a settings editor's "Locked" column between its "Type" and "Value"
   cells, some rows with no value to label the box): its glyphs are cells too, unless half or
   more of them have a text starting within `LABEL_AFTER` of their widths after them: their own
   labels, a dialog's column of check boxes beside another column's texts. So is a box
   alone, unlabelled, after a cell on its row and left-aligned with `MIN_LINE` or more list
   item texts: a table column's cell (a settings editor's values: texts, a box for a boolean).
6. Three or more small icons (at most ``TOOLBAR_GLYPH`` px) in a row with no label on their
   right are a toolbar: the ones the classifier called a plain icon or image become buttons
   (`toolbar_icons`). Toolbars draw flat buttons, whose glyph alone looks like a picture.
7. A column of text runs (rule 1, whatever their roles) is a menu when two or more of its
   rows end in a keyboard accelerator ("Ctrl+M", "Shift+Ctrl+Delete", "F11") or a submenu
   arrow (an icon named caret or chevron right, with no text run starting just right of it: a
   tree's expander in the pane beside heads its own row) with no other text between, at least one of
   them an accelerator, or three or more (`SUBMENU_MIN`) of them arrows standing at most
   `SUBMENU_REACH` heights right of the column's widest item (a menu of submenus; a list's rows
   that open a page end in a chevron at the window's far side): its runs become menu items
   (`menu_columns`). A check menu item's box
   then stays an icon (`roles.control_glyphs` skips labels that are menu items). Why: an open
   menu's items come back as list items, links, plain text or a combo box, and its check
   items as check boxes; what only menus draw is accelerators and submenu arrows at the row's
   end. The accelerators are menu items too: they are drawn inside the item's row, and a
   click on them chooses it.
8. A keypad is a grid of short labels (at most ``KEY_CHARS`` characters, or glyphs): items
   with two others on their row and one on their column, or one and two, at least two heights
   apart across and 1.2 heights down, their centres within ``max(4 px, 0.3 height)``, in three
   or more rows and columns spaced alike (within ``KEY_PITCH_RATIO``; a code editor's short
   tokens and line numbers are not), in at most ``MAX_KEY_COLUMNS`` columns (a character map's
   glyph table has dozens). Each keypad (items joined through row and column mates) is judged
   apart, and so is each run of its columns spaced alike (a calculator's two pads side by
   side, their keys of two widths). When buttons are the classifier's commonest role there other than
   plain text, and at least a third of the grid, every key is a button (`keypad_keys`); a
   text label called a field (`KEY_VOTES`: a spin box, text box, combo box or slider, which a
   lone short label in a grid never is) votes button. Why: a calculator's keys share their
   borders, so few have a frame of their own, and the classifier, judging each label alone,
   calls half of them spin boxes, text or icons (a dark theme's keys, whose borders do not
   show, nearly all spin boxes). A table of short values (a character map, a spreadsheet)
   votes list item and is left alone.
9. A small icon standing in a row of other small icons and in no column of them is a flat
   toolbar button, and so is a short label on its right (`toolbar_labels`): a file manager's
   "<- Back", "-> Forward" and the drop-down arrows of their history menus. Why: with no plate
   round them, the label alone reads as plain text and the arrow as a picture; rule 6 wants
   icons of one height spaced closely, and a label or a 7 px arrow breaks such a row.
10. Text runs in two columns (left edges aligned, or right edges: a table's numbers, a process
   list's sizes and PIDs) side by side that share three or more rows, with no accelerator
   on those rows and fewer than half of them menu items, are a table's cells: the plain text,
   menu items and links drawn in plain ink among them become list items (`table_cells`: a file
   list's names, sizes and dates, a symbol list; rows as tall as a file list's big icons may
   stand up to `TABLE_ROW_GAP` heights apart), and so do the icons on those rows' left (rule 5,
   applied again). A lone column of text stays as the classifier said: it may be a form's
   labels or a paragraph; so do two columns whose left one ends in colons (a form's labels and
   values) or holds bare numbers (an editor's line numbers and code); a blue link keeps its role.
12. An icon view's items: a picture with its label centred under it (`labels_below`), two or
   more such pairs on one row, is the icon of a list item when its label is a list item
   (`icon_view_items`: a file manager's folders in icon view, whose 48 px pictures the
   classifier calls images, buttons or icons). Why: the item's box holds picture and label,
   and the picture is most of it; the label, in a row of alike names, is told a list item by
   the rules above.
11. A tree's section headers: a plain text run or link of at most `HEADER_WORDS` words, not
   ending in a colon, alone on its line, with a list item's text starting within
   `HEADER_REACH` heights below it and indented by `HEADER_INDENT` heights or more (the rows'
   icons sit in that indent; `EXPANDED_INDENT` when a tree's expander arrow stands on the
   header's left, a GTK tree's 16 px), is a row of that tree: a list item (`tree_headers`: a file
   manager's "Places", "Devices", "Computer", "Network"). Why: GTK draws these headers as tree
   rows without an icon, bold or grey, flush with the rows' icons, so nothing else marks them
   as rows; a form's "Label:" above a list is excluded by its colon, a paragraph by its length.
"""
from __future__ import annotations

import re
from collections import Counter

import numpy as np

from ..boxes import centred_under, gaps_beside

ITEM_ROLES = ("text", "listitem", "link", "menuitem", "tab")
#: Largest gap between neighbours in a row, in heights of the first run.
ROW_GAP = 3.0
#: Largest gap between neighbours in a column, in heights of the first run.
COLUMN_GAP = 1.5
#: Left edges of a column differ by at most this many px (at scale 1).
COLUMN_ALIGN = 3.0
#: Heights of one line differ by at most this factor.
HEIGHT_RATIO = 4 / 3
#: Heights of one column of items differ by at most this factor in rule 3: a list's rows are
#: one height, but their detected text boxes are not ("Linear A" 17 px beside "Lepcha" 24 px,
#: for want of descenders).
COLUMN_HEIGHT_RATIO = 1.5
MIN_LINE = 3


def aligned_lines(xyxy: np.ndarray, scale: float = 1.0, height_ratio: float = HEIGHT_RATIO,
                  axes: tuple[str, ...] = ("row", "column"), column_gap: float = COLUMN_GAP,
                  row_gap: float = ROW_GAP, min_line: int = MIN_LINE) -> list[np.ndarray]:
    """Rows and columns (``axes``: "row", "column" (left edges aligned), "right" (right edges
    aligned)) of ``min_line`` or more boxes ``(N, 4)`` xyxy (rule 1; heights within
    ``height_ratio``; gaps along a row at most ``row_gap`` heights, down a column at most
    ``column_gap``), as arrays of row indices, left to right or top to bottom. A box can be in
    one line of each axis."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    h = np.maximum(b[:, 3] - b[:, 1], 1.0)
    cy = (b[:, 1] + b[:, 3]) / 2
    lines = []
    for axis in axes:
        used = np.zeros(len(b), bool)
        edge = b[:, 2] if axis == "right" else b[:, 0]
        for k in np.argsort(cy if axis == "row" else edge, kind="stable"):
            if used[k]:
                continue
            alike = ~used & (h / h[k] <= height_ratio) & (h[k] / h <= height_ratio)
            if axis == "row":
                same = np.flatnonzero(alike & (np.abs(cy - cy[k]) <= h[k] / 3))
                order, start, end, gap = b[same, 0], b[same, 0], b[same, 2], row_gap
            else:
                same = np.flatnonzero(alike & (np.abs(edge - edge[k]) <= COLUMN_ALIGN * scale))
                order, start, end, gap = b[same, 1], b[same, 1], b[same, 3], column_gap
            used[same] = True
            sort = np.argsort(order, kind="stable")
            same, start, end = same[sort], start[sort], end[sort]
            # split where the gap to the previous box is too wide
            breaks = np.flatnonzero(start[1:] - end[:-1] > gap * h[k]) + 1
            lines += [run for run in np.split(same, breaks) if len(run) >= min_line]
    return lines


def harmonised_roles(xyxy: np.ndarray, roles: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """``roles`` ``(N,)`` of text runs at ``xyxy`` ``(N, 4)`` with the minority of each line
    given the line's item role (rules 2 and 3); a copy."""
    roles = np.asarray(roles, dtype=object).copy()
    takes_part = np.flatnonzero(np.isin(roles, ITEM_ROLES))
    if len(takes_part) < MIN_LINE:
        return roles
    new = {}
    boxes = np.asarray(xyxy)[takes_part]
    row_lines = aligned_lines(boxes, scale, axes=("row",))
    lines = row_lines + aligned_lines(boxes, scale, COLUMN_HEIGHT_RATIO, axes=("column",))
    for k, line in enumerate(lines):
        rows = takes_part[line]
        votes = Counter(role for role in roles[rows] if role != "text")
        if not votes:
            continue
        role, count = min(votes.items(), key=lambda kv: (-kv[1], kv[0]))   # ties: by name
        if 2 * count >= len(rows):
            new.update({int(r): role for r in rows})
            if role == "menuitem" and k < len(row_lines):
                new.update({int(r): role for r in _continuing(np.asarray(xyxy), roles, rows, "button")})
    for row, role in new.items():
        roles[row] = role
    return roles


def _continuing(xyxy: np.ndarray, roles: np.ndarray, rows: np.ndarray, role: str) -> list[int]:
    """The runs of ``role`` (of ``xyxy`` (N, 4), ``roles`` (N,)) that continue the row of runs
    ``rows`` on either side: on its row (centres within a third of a height, heights within
    `HEIGHT_RATIO`), each within `ROW_GAP` heights of the row's end so far."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    h = float(np.median(b[rows, 3] - b[rows, 1]))
    cy = float(np.median((b[rows, 1] + b[rows, 3]) / 2))
    hs = b[:, 3] - b[:, 1]
    cand = np.flatnonzero((roles == role) & (np.abs((b[:, 1] + b[:, 3]) / 2 - cy) <= h / 3)
                          & (hs <= HEIGHT_RATIO * h) & (h <= HEIGHT_RATIO * hs))
    x0, x1 = b[rows, 0].min(), b[rows, 2].max()
    found: list[int] = []
    grew = True
    while grew:
        grew = False
        for c in cand.tolist():
            if c in found:
                continue
            if 0 <= x0 - b[c, 2] <= ROW_GAP * h or 0 <= b[c, 0] - x1 <= ROW_GAP * h:
                found.append(c)
                x0, x1 = min(x0, b[c, 0]), max(x1, b[c, 2])
                grew = True
    return found


#: Words that title a menu bar's menus (lower case). A row of runs is a menu bar when at least
#: `MENU_BAR_TITLES_MIN` of them, and at least half, are such words, the first among them
#: (`menu_bar_rows`).
MENU_BAR_TITLES = frozenset({
    "file", "edit", "view", "go", "search", "find", "help", "tools", "options", "settings", "preferences",
    "window", "windows", "format", "insert", "bookmarks", "history", "image", "project", "build", "run",
    "debug", "document", "documents", "selection", "terminal", "tabs", "actions", "archive", "game",
    "navigation", "layers", "filters", "colors", "select", "sheet", "data", "table", "styles", "text",
    "playback", "audio", "video", "subtitles", "media", "playlist", "library", "account", "session",
    "mode", "plugins", "extensions", "code", "message", "calculator", "favorites", "bookmark", "layout"})
MENU_BAR_TITLES_MIN = 3


def menu_bar_rows(xyxy: np.ndarray, texts: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """Rows into ``xyxy`` ``(N, 4)`` of the text runs that make a menu bar: a row of runs
    (`aligned_lines`) whose first run and at least `MENU_BAR_TITLES_MIN` runs, half the row or
    more, read a menu title (`MENU_BAR_TITLES`: "File", "Edit", "View", "Help"). The classifier
    judges each title alone and calls a few of a bar's "File", "View" and "Help" plain text;
    the bar's titles are menu items (and label no field below them)."""
    words = np.array([str(t).strip().replace("_", "").lower() in MENU_BAR_TITLES for t in texts], bool)
    if words.sum() < MENU_BAR_TITLES_MIN:
        return np.zeros(0, np.int64)
    out = [row for row in aligned_lines(xyxy, scale, axes=("row",))
           if words[row[0]] and words[row].sum() >= max(MENU_BAR_TITLES_MIN, len(row) / 2)]
    return np.concatenate(out) if out else np.zeros(0, np.int64)


#: The roles a line of labelled glyphs can share (rule 4).
GLYPH_LINE_ROLES = ("checkbox", "radio", "switch")
#: Heights of one line of glyphs differ by at most this factor (a ring read as the letter "O"
#: has a box of the letter's height, 13 px beside 18 px icons).
GLYPH_HEIGHT_RATIO = 1.5


def glyphs_with_labels(kind: np.ndarray, xyxy: np.ndarray, glyph: np.ndarray | None = None,
                       max_gap: float = 2.0) -> tuple[np.ndarray, np.ndarray]:
    """Rows of glyphs (``glyph`` ``(N,)`` bool, default: the icons of ``kind`` ``(N,)``; ``(N, 4)``
    boxes) with a text run on their right within ``max_gap`` glyph widths (`boxes.gaps_beside`),
    and the row of that (nearest) text run."""
    glyph = kind == "icon" if glyph is None else glyph
    glyphs, texts = np.flatnonzero(glyph), np.flatnonzero((kind == "text") & ~glyph)
    if not len(glyphs) or not len(texts):
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    gap = gaps_beside(np.asarray(xyxy)[glyphs], np.asarray(xyxy)[texts], max_gap, left_too=False)
    found = np.isfinite(gap).any(axis=1)
    return glyphs[found], texts[gap.argmin(axis=1)][found]


def harmonised_glyphs(kind: np.ndarray, xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray,
                      scale: float = 1.0, glyph: np.ndarray | None = None) -> np.ndarray:
    """``roles`` ``(N,)`` with the labelled glyphs of each line given the line's check box,
    radio or switch role when that role holds at least half of it (rule 4); a copy. ``glyph``
    ``(N,)`` bool: what counts as a glyph (default: the icons); ``texts`` ``(N,)`` the runs'
    texts (accelerators are told apart by them)."""
    roles = np.asarray(roles, dtype=object).copy()
    glyphs, labels = glyphs_with_labels(np.asarray(kind), xyxy, glyph)
    glyphs = glyphs[~menu_items(xyxy, roles, texts)[labels]]     # a check menu item is a menu item
    if len(glyphs) < MIN_LINE:
        return roles
    new = {}
    for line in aligned_lines(np.asarray(xyxy)[glyphs], scale, GLYPH_HEIGHT_RATIO):
        rows = glyphs[line]
        votes = Counter(role for role in roles[rows] if role in GLYPH_LINE_ROLES)
        if not votes:
            continue
        role, count = min(votes.items(), key=lambda kv: (-kv[1], kv[0]))
        if count >= 2 and 2 * count >= len(rows):
            new.update({int(r): role for r in rows if roles[r] not in GLYPH_LINE_ROLES})
    for row, role in new.items():
        roles[row] = role
    return roles


#: Icons down a list's column may stand this many heights apart (`list_row_icons`): a tree's
#: section headers (rule 11) and rows whose icon was read into their text break the column.
LIST_ICON_GAP = 2.5


#: The farthest a table row's next cell stands right of a check box's label, in label heights
#: (file-roller's name column is 9 heights wide) (`list_row_icons`).
CELL_REACH = 12.0


def list_row_icons(kind: np.ndarray, xyxy: np.ndarray, roles: np.ndarray, scale: float = 1.0,
                   column_roles: tuple[str, ...] = ()) -> np.ndarray:
    """Rows of the icons and unnamed pictures (``(N,)`` kind, ``(N, 4)`` boxes) that rule 5 makes
    list items: in a line of `MIN_LINE` or more labelled icons (`glyphs_with_labels`,
    `aligned_lines` with heights within ``GLYPH_HEIGHT_RATIO``) whose labels are list items for at
    least half of the line, those whose own role (``roles`` ``(N,)``) is "icon" or "image" (or,
    down a column, one of ``column_roles`` with another list item on its label's right: a
    table's column of check boxes is its rows' cells) and whose label is a list item. Down a
    column the icons may stand `LIST_ICON_GAP` heights apart."""
    roles, kind = np.asarray(roles, dtype=object), np.asarray(kind)
    # a picture the icon stage did not name (a region the classifier calls an image) counts
    pictures = (kind == "icon") | ((kind == "region") & np.isin(roles[:len(kind)], ("icon", "image")))
    glyphs, labels = glyphs_with_labels(kind, xyxy, pictures)
    if len(glyphs) < MIN_LINE:
        return np.zeros(0, np.int64)
    found = []
    # a check box is a cell only in a table: its label has another cell on its right (a settings
    # page's column of check boxes whose labels the classifier called list items has none, nor
    # has a dialog's over a file list, whose cells stand farther than `CELL_REACH`, nor a group
    # of radios beside another)
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    # (another check box's or radio's label is no cell: groups of radios side by side)
    controlled = np.zeros(len(kind), bool)
    controlled[labels[np.isin(roles[glyphs], GLYPH_LINE_ROLES)]] = True
    cells = np.flatnonzero((kind == "text") & (roles[:len(kind)] == "listitem") & ~controlled)
    lb = b[labels]
    h = np.maximum(lb[:, 3] - lb[:, 1], 1.0)
    gap = b[None, cells, 0] - lb[:, None, 2]
    beside = (np.abs((lb[:, None, 1] + lb[:, None, 3]) / 2 - (b[None, cells, 1] + b[None, cells, 3]) / 2)
              <= h[:, None] / 2) & (gap >= 0) & (gap <= CELL_REACH * h[:, None])
    tabled = beside.any(axis=1)
    for axis, taken in (("row", ("icon", "image")), ("column", ("icon", "image") + tuple(column_roles))):
        for line in aligned_lines(b[glyphs], scale, GLYPH_HEIGHT_RATIO, axes=(axis,), column_gap=LIST_ICON_GAP):
            listed = roles[labels[line]] == "listitem"
            if 2 * listed.sum() < len(line):
                continue
            plain = np.isin(roles[glyphs[line]], ("icon", "image"))
            stateful = np.isin(roles[glyphs[line]], taken) & ~plain & tabled[line]
            found += glyphs[line][(plain | stateful) & listed].tolist()
    return np.unique(np.array(found, np.int64))


#: A toggle column's box stands at most this many of its heights after its row's cell on its
#: left (`checkable_cells`; a settings editor's: 1.8).
CELL_LEFT = 3.0
#: A check box's own label starts within this many of its widths after it (`checkable_cells`);
#: a table's next cell stands farther (a settings editor's: 1.3).
LABEL_AFTER = 1.0


def checkable_cells(kind: np.ndarray, xyxy: np.ndarray, roles: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """Rows of the glyphs (``kind`` "icon"; boxes ``xyxy`` (N, 4)) whose ``roles`` (N,) are in
    `GLYPH_LINE_ROLES` that rule 5's `checkable_cells` makes list items: a table's toggle
    column, half or more of its boxes after a list item's text on their row; a lone box in a
    column of cells."""
    kind, roles = np.asarray(kind), np.asarray(roles, dtype=object)[:len(kind)]
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    glyphs = np.flatnonzero((kind == "icon") & np.isin(roles, GLYPH_LINE_ROLES))
    texts = np.flatnonzero(kind == "text")
    cell = roles[texts] == "listitem"
    if len(glyphs) < MIN_LINE or not cell.any():
        return np.zeros(0, np.int64)
    g, t = b[glyphs], b[texts]
    h, w = np.maximum(g[:, 3] - g[:, 1], 1.0), np.maximum(g[:, 2] - g[:, 0], 1.0)
    # (G, T): the texts on each box's row and the gap on to their left
    level = np.abs((g[:, None, 1] + g[:, None, 3]) / 2 - (t[None, :, 1] + t[None, :, 3]) / 2) <= h[:, None] / 2
    ahead = t[None, :, 0] - g[:, None, 2]
    after = _ends_before(g, h, t[cell])
    # a box with its label right after it is a form's check box (a dialog's column of them,
    # some text of another column on their left)
    labelled = (level & (ahead >= -1) & (ahead <= LABEL_AFTER * w[:, None])).any(axis=1)
    found = []
    for line in aligned_lines(g, scale, GLYPH_HEIGHT_RATIO, axes=("column",), column_gap=LIST_ICON_GAP):
        if 2 * after[line].sum() >= len(line) and 2 * labelled[line].sum() < len(line):
            found += glyphs[line].tolist()
    # a box alone, unlabelled, after a cell on its row (a text, or a toggle column's box) and
    # left-aligned with `MIN_LINE` or more of a column's cells, is that column's cell (a settings
    # editor's value column: text values, and a box where the value is a boolean)
    items = np.flatnonzero((roles == "listitem") | ((kind == "icon") & np.isin(roles, GLYPH_LINE_ROLES)))
    on_row = _ends_before(g, h, b[items])
    starts = b[texts[cell], 0]
    aligned = (np.abs(starts[None, :] - g[:, None, 0]) <= np.maximum(COLUMN_ALIGN * scale, w[:, None] / 2)).sum(axis=1)
    found += glyphs[on_row & ~labelled & (aligned >= MIN_LINE)].tolist()
    return np.unique(np.array(found, np.int64))


def _ends_before(glyphs: np.ndarray, heights: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """(G,) bool: whether one of the ``cells`` boxes (C, 4), on the row of each of the
    ``glyphs`` boxes (G, 4) (centres within half its height, ``heights`` (G,)), ends at most
    `CELL_LEFT` heights before it (`checkable_cells`)."""
    g, c = glyphs, cells
    level = np.abs((g[:, None, 1] + g[:, None, 3]) / 2 - (c[None, :, 1] + c[None, :, 3]) / 2) <= heights[:, None] / 2
    back = g[:, None, 0] - c[None, :, 2]
    return (level & (back >= 0) & (back <= CELL_LEFT * heights[:, None])).any(axis=1)


def icon_list_rows(kind: np.ndarray, xyxy: np.ndarray, roles: np.ndarray, scale: float = 1.0
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Rule 5b: the icons and labels of a list drawn as a column of text runs (`aligned_lines`
    over the runs ``roles`` ``(N,)`` calls plain text, a link or a list item, or, fewer than
    half of them, a check box, radio or switch) of which
    `MIN_LINE` or more have an icon on their left (`glyphs_with_labels`), those icons' left
    edges (or centres) within ``2 * COLUMN_ALIGN`` px and none of them a control but a button or
    tab: a sidebar's places, a folder tree's rows (some icons may be missing). Returns the icon
    rows and the column's runs."""
    kind, b = np.asarray(kind), np.asarray(xyxy, np.float64).reshape(-1, 4)
    roles = np.asarray(roles, dtype=object)[:len(b)]
    none = np.zeros(0, np.int64)
    glyphs, labels = glyphs_with_labels(kind, b)
    texts = np.flatnonzero((kind == "text") & np.isin(roles, ("text", "link", "listitem") + GLYPH_LINE_ROLES))
    if len(glyphs) < MIN_LINE or len(texts) < MIN_LINE:
        return none, none
    icon_of = dict(zip(labels.tolist(), glyphs.tolist()))
    icons, runs = [], []
    for line in aligned_lines(b[texts], scale, axes=("column",)):
        rows = texts[line]
        # a few names the classifier called a check box or radio (a folder's "Projects") are
        # the list's too, when their icons are of the list (checked below)
        if 2 * np.isin(roles[rows], GLYPH_LINE_ROLES).sum() >= len(rows):
            continue
        mine = np.array([icon_of[r] for r in rows.tolist() if r in icon_of], np.int64)
        # the icons line up by their left edges or, when their widths differ (an 18 px glyph
        # among 32 px ones, each centred in its cell), by their centres
        centres = (b[mine, 0] + b[mine, 2]) / 2
        if len(mine) < MIN_LINE or min(np.ptp(b[mine, 0]), np.ptp(centres)) > 2 * COLUMN_ALIGN * scale:
            continue
        if not np.isin(roles[mine], ("icon", "image", "button", "tab", "link", "listitem")).all():
            continue
        icons += mine.tolist()
        runs += rows.tolist()
    return np.array(icons, np.int64), np.array(runs, np.int64)


#: A label under a picture (`labels_below`) starts at most this many of the picture's heights
#: below it, its centre at most this many of the picture's widths off the picture's.
BELOW_REACH, BELOW_CENTRE = 0.5, 0.25


def labels_below(kind: np.ndarray, xyxy: np.ndarray, picture: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows of the pictures (``picture`` ``(N,)`` bool among ``kind`` ``(N,)``, ``(N, 4)`` boxes)
    with a text run centred under them (`BELOW_REACH`, `BELOW_CENTRE`), and the row of that
    (nearest) run."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    pics, texts = np.flatnonzero(picture), np.flatnonzero(np.asarray(kind) == "text")
    if not len(pics) or not len(texts):
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    fits = centred_under(b[pics], b[texts], BELOW_REACH, BELOW_CENTRE)
    below = b[None, texts, 1] - b[pics, None, 3]
    found = fits.any(axis=1)
    nearest = np.where(fits, below, np.inf).argmin(axis=1)
    return pics[found], texts[nearest][found]


#: The pictures of one icon view differ in height by at most this fraction (`icon_view_items`).
ICON_VIEW_SIZE = 0.2


def icon_view_items(kind: np.ndarray, xyxy: np.ndarray, roles: np.ndarray) -> np.ndarray:
    """Rule 12: rows of the pictures (icons, or regions ``roles`` ``(N,)`` calls an icon or
    image) of an icon view: labelled from below (`labels_below`) by a list item, where two or
    more such pictures share a row (centres within a third of a height); the last row's lone
    item counts when its picture is of their size (within `ICON_VIEW_SIZE`)."""
    kind, roles = np.asarray(kind), np.asarray(roles, dtype=object)[:len(kind)]
    pictures = (kind == "icon") | ((kind == "region") & np.isin(roles, ("icon", "image")))
    pics, labels = labels_below(kind, xyxy, pictures)
    pics = pics[roles[labels] == "listitem"]
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)[pics]
    cy, h = (b[:, 1] + b[:, 3]) / 2, np.maximum(b[:, 3] - b[:, 1], 1.0)
    mates = (np.abs(cy[:, None] - cy[None, :]) <= h[:, None] / 3).sum(axis=1) >= 2
    if not mates.any():
        return np.zeros(0, np.int64)
    alike = (np.abs(h[:, None] / h[None, mates] - 1) <= ICON_VIEW_SIZE).any(axis=1)
    return pics[mates | alike]


#: A tree's section header (`tree_headers`) has at most this many words ...
HEADER_WORDS = 3
#: ... the text of a list item starts within this many of its heights below its bottom ...
HEADER_REACH = 2.5
#: ... indented by at least this many heights (where the rows' icons are) ...
HEADER_INDENT = 0.8
#: ... and by at most this many (farther, it is another column's text).
HEADER_MAX_INDENT = 6.0
#: A header with a tree's expander on its left (`EXPANDERS`, within a height) needs its rows
#: indented by this many heights only: the expander column is the indent (GTK's is 16 px).
EXPANDED_INDENT = 0.5
#: Icon labels of a tree's expanders.
EXPANDERS = ("caret down", "caret right", "chevron down", "chevron right")


def tree_headers(kind: np.ndarray, xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray,
                 labels: np.ndarray | None = None) -> np.ndarray:
    """Rule 11: rows of the text runs (``(N,)`` kind, ``(N, 4)`` boxes, texts, ``roles``) that head
    a tree's section: plain text or a link of at most `HEADER_WORDS` words, not ending in ":",
    nothing else on its line within 4 heights to its right, and the text of a list item starting
    within `HEADER_REACH` heights below it, indented by `HEADER_INDENT` to `HEADER_MAX_INDENT`
    heights (`EXPANDED_INDENT` when an expander, an icon ``labels`` names in `EXPANDERS`, stands
    on its left), its height within ``HEIGHT_RATIO`` (all in heights: no scale needed)."""
    kind, b = np.asarray(kind), np.asarray(xyxy, np.float64).reshape(-1, 4)
    roles = np.asarray(roles, dtype=object)[:len(b)]
    texts = [str(t or "").strip() for t in texts]
    h = np.maximum(b[:, 3] - b[:, 1], 1.0)
    expanders = np.flatnonzero((kind == "icon") & np.isin(np.asarray(labels if labels is not None else
                                                                     [""] * len(b), dtype=object), EXPANDERS))
    items = np.flatnonzero((kind == "text") & (roles == "listitem"))
    found = []
    if not len(items):
        return np.array(found, np.int64)
    for k in np.flatnonzero((kind == "text") & np.isin(roles, ("text", "link"))):
        words = texts[k].split()
        if not words or len(words) > HEADER_WORDS or texts[k].endswith(":"):
            continue
        overlap = np.minimum(b[:, 3], b[k, 3]) - np.maximum(b[:, 1], b[k, 1])
        beside = (overlap > 0.5 * h[k]) & (b[:, 0] >= b[k, 2]) & (b[:, 0] - b[k, 2] <= 4 * h[k])
        beside[k] = False
        if beside.any():
            continue
        below = b[items, 1] - b[k, 3]
        indent = (b[items, 0] - b[k, 0]) / h[k]
        ratio = h[items] / h[k]
        cy = (b[expanders, 1] + b[expanders, 3]) / 2
        expanded = ((b[expanders, 2] <= b[k, 0] + 2) & (b[k, 0] - b[expanders, 2] <= h[k])
                    & (cy >= b[k, 1]) & (cy <= b[k, 3])).any()
        least = EXPANDED_INDENT if expanded else HEADER_INDENT
        under = ((below >= -0.5 * h[k]) & (below <= HEADER_REACH * h[k]) & (indent >= least)
                 & (indent <= HEADER_MAX_INDENT) & (ratio <= HEIGHT_RATIO) & (1 / ratio <= HEIGHT_RATIO))
        if under.any():
            found.append(k)
    return np.array(found, np.int64)


#: A table has at least this many rows shared by two of its columns (`table_cells`).
MIN_TABLE_ROWS = 3
#: Largest gap between a table's rows, in run heights (`table_cells`): rows as tall as their
#: pictures (a file list's 128 px folder icons) stand far apart.
TABLE_ROW_GAP = 8.0


def table_cells(xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray, scale: float = 1.0,
                plain: np.ndarray | None = None) -> np.ndarray:
    """Rule 10: rows of the text runs ``xyxy`` ``(N, 4)`` that ``roles`` ``(N,)`` calls plain
    text or a menu item, or a link drawn in plain ink (``plain`` ``(N,)`` bool: `color.ink_chroma`),
    and that stand in a table: two columns of such runs or list items (`aligned_lines`, left
    or right edges aligned, rows up
    to `TABLE_ROW_GAP` heights apart) side by side that share `MIN_TABLE_ROWS` or more rows
    (centres within a third of a height), no run on those rows a keyboard accelerator and fewer
    than half of their cells menu items (a menu's labels and accelerators are two columns too),
    the left one's runs not ending in colons (a form's labels) nor bare numbers (a code
    editor's line numbers) for half its rows. A file list's name, size and date cells, a symbol
    list's rows: the cells of a table or tree are list items, also where the classifier called
    some of them menu items, or links though they are drawn like the rest (a file list's names);
    a blue link keeps its role."""
    xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
    roles = np.asarray(roles, dtype=object)[:len(xyxy)]
    texts = np.asarray(texts, dtype=object)
    accel = accelerators(texts)
    plain_links = (roles == "link") & (np.zeros(len(xyxy), bool) if plain is None else np.asarray(plain, bool))
    items = np.flatnonzero((np.isin(roles, ("text", "listitem", "menuitem")) | plain_links) & ~accel)
    out = np.zeros(len(xyxy), bool)
    if len(items) < 2 * MIN_TABLE_ROWS:
        return np.zeros(0, np.int64)
    columns = [items[line] for line in aligned_lines(xyxy[items], scale, axes=("column", "right"),
                                                     column_gap=TABLE_ROW_GAP)]
    cy = (xyxy[:, 1] + xyxy[:, 3]) / 2
    h = np.maximum(xyxy[:, 3] - xyxy[:, 1], 1.0)
    for i, a in enumerate(columns):
        for c in columns[i + 1:]:
            if xyxy[c, 0].min() <= xyxy[a, 0].min() + 1:
                left, right = c, a
            else:
                left, right = a, c
            same = np.abs(cy[left][:, None] - cy[right][None]) <= h[left][:, None] / 3
            same &= xyxy[right][None, :, 0] >= xyxy[left][:, None, 2]
            rows_l, rows_r = np.flatnonzero(same.any(axis=1)), np.flatnonzero(same.any(axis=0))
            colons = sum(str(texts[r]).rstrip().endswith(":") for r in left[rows_l])
            numbers = sum(str(texts[r]).strip().isdigit() for r in left[rows_l])
            if len(rows_l) < MIN_TABLE_ROWS or 2 * max(colons, numbers) >= len(rows_l):
                continue
            cells = np.concatenate([left[rows_l], right[rows_r]])
            on_rows = np.abs(cy[None] - cy[cells][:, None]) <= h[None] / 3
            if (on_rows & accel[None]).any() or 2 * (roles[cells] == "menuitem").sum() >= len(cells):
                continue
            out[cells] = True
    return np.flatnonzero(out & np.isin(roles, ("text", "menuitem", "link")))


#: Largest glyph of a toolbar button (px at scale 1, rule 6): bigger icons in a row are an
#: icon view's files or pictures.
TOOLBAR_GLYPH = 32


def toolbar_icons(kind: np.ndarray, xyxy: np.ndarray, roles: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """Rows of the icons (``kind`` ``(N,)``, boxes ``(N, 4)``) that rule 6 makes buttons: in a row
    of `MIN_LINE` or more icons of at most `TOOLBAR_GLYPH` px with no label on their right
    (`glyphs_with_labels`; `aligned_lines` rows, heights within ``GLYPH_HEIGHT_RATIO``), those
    whose role (``roles`` ``(N,)``) is "icon" or "image", and those called a check box, radio or
    switch when fewer of the row are so called than not: an unlabelled glyph among media keys
    (qmmp's outlined stop square) is a key, not a tick box."""
    kind, b, roles = np.asarray(kind), np.asarray(xyxy), np.asarray(roles, dtype=object)
    labelled = np.zeros(len(kind), bool)
    labelled[glyphs_with_labels(kind, b)[0]] = True
    small = (b[:, 2:] - b[:, :2]).max(axis=1) <= TOOLBAR_GLYPH * scale
    icons = np.flatnonzero((kind == "icon") & ~labelled & small)
    if len(icons) < MIN_LINE:
        return np.zeros(0, np.int64)
    found = []
    for line in aligned_lines(b[icons], scale, GLYPH_HEIGHT_RATIO, axes=("row",)):
        rows = icons[line]
        glyph = np.isin(roles[rows], GLYPH_LINE_ROLES)
        taken = ("icon", "image") + (GLYPH_LINE_ROLES if 2 * glyph.sum() < len(rows) else ())
        found += rows[np.isin(roles[rows], taken)].tolist()
    return np.unique(np.array(found, np.int64))


#: A toolbar item's label has at most this many words ("Back", "Add Files").
TOOLBAR_LABEL_WORDS = 2
#: A toolbar's other icons sit within this many icon heights of an item, on its row; an
#: item's height counts as at least `TOOLBAR_ITEM` px (at scale 1): a 7 px drop-down arrow
#: stands as far from its neighbours as the 22 px icons around it.
TOOLBAR_REACH = 10.0
TOOLBAR_ITEM = 16


def toolbar_labels(kind: np.ndarray, xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray,
                   scale: float = 1.0, free: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Rule 9: the small icons (at most `TOOLBAR_GLYPH` px; ``free`` ``(N,)`` bool, default all;
    a label must be free too: a zoom entry's level beside the zoom-out button is no label)
    that stand in a toolbar -- two or more other small icons on their row within
    ``TOOLBAR_REACH`` icon heights (at least `TOOLBAR_ITEM` px each) of the item, or one when
    both have a label (two labelled items side by side), and no icon
    straight above or below within two heights (a list's or sidebar's rows stack) -- with, for
    each, its label: a short text run
    on its right, one icon width away at most (``TOOLBAR_LABEL_WORDS`` words, at most twice the
    icon's height), or -1 when nothing is written within two icon widths on its right. Only
    icons ``roles`` ``(N,)`` calls an icon, image or button and labels it calls text, a list
    item, link or menu item take part; an icon with any other text on its right takes none.
    Returns icon rows and label rows ``(K,)``: each one toolbar button drawn flat (a file
    manager's "<- Back", whose label alone reads as plain text, and the drop-down arrow of its
    history menu beside it)."""
    kind, b = np.asarray(kind), np.asarray(xyxy, np.float64).reshape(-1, 4)
    roles, texts = np.asarray(roles, dtype=object)[:len(b)], np.asarray(texts, dtype=object)
    free = np.ones(len(b), bool) if free is None else np.asarray(free, bool)
    small = (kind == "icon") & ((b[:, 2:] - b[:, :2]).max(axis=1) <= TOOLBAR_GLYPH * scale)
    candidates = small & free & np.isin(roles, ("icon", "image", "button"))
    label = np.full(len(b), -2, np.int64)                       # -2: takes no part
    label[candidates] = -1
    near_text = glyphs_with_labels(kind, b, candidates)         # any text within two widths
    label[near_text[0]] = -2
    glyphs, labels = glyphs_with_labels(kind, b, candidates, 1.0)
    h = np.maximum(b[:, 3] - b[:, 1], 1.0)
    for g, t in zip(glyphs.tolist(), labels.tolist()):
        if (0 < len(str(texts[t]).split()) <= TOOLBAR_LABEL_WORDS and h[t] <= 2 * h[g]
                and roles[t] in ("text", "listitem", "link", "menuitem") and free[t]):
            label[g] = t
    others = np.flatnonzero(small)
    cy = (b[:, 1] + b[:, 3]) / 2
    icons, out = [], []
    for g in np.flatnonzero(label >= -1).tolist():
        t = int(label[g])
        end = b[t, 2] if t >= 0 else b[g, 2]
        o = others[others != g]
        on_row = np.abs(cy[o] - cy[g]) <= np.maximum(h[g], h[o]) / 2
        reach = TOOLBAR_REACH * max(h[g], TOOLBAR_ITEM * scale)
        near = (b[o, 0] <= end + reach) & (b[o, 2] >= b[g, 0] - reach)
        gap = np.maximum(b[o, 1] - b[g, 3], b[g, 1] - b[o, 3])
        stacked = (np.abs(b[o, 0] - b[g, 0]) <= COLUMN_ALIGN * scale) & (gap <= 2 * h[g])
        # two others make a toolbar; so does one other that has a label of its own beside a
        # labelled item (atril's "Previous" and "Next")
        row = on_row & near
        paired = t >= 0 and bool((row & (label[o] >= 0)).any())
        if (int(row.sum()) >= 2 or paired) and not stacked.any() and (t >= 0 or roles[g] in ("icon", "image")):
            icons.append(g)
            out.append(t)
    return np.array(icons, np.int64), np.array(out, np.int64)


#: Menu items side by side on one row within this many heights are no menu's (`menu_items`),
#: and nor is one beside another label (`LABEL_ROLES`, at least `LABEL_CHARS` characters: a
#: glyph read as "0" or a tick read as "v" is none).
MENU_ROW_SPREAD = 8.0
LABEL_ROLES = ("menuitem", "text", "link", "tab", "listitem", "heading")
LABEL_CHARS = 3
#: A keyboard accelerator as menus print it: modifiers joined by "+" (OCR reads "Ctrl" as
#: "CtrI" too) and a key, or a function key alone.
ACCELERATOR = re.compile(
    r"(?:(?:shift|ctr[li1]|control|alt|super|meta|cmd|command)\s*\+\s*)+"
    r"(?:[a-z0-9]|f\d{1,2}|space|tab|enter|return|esc|escape|delete|del|backspace|home|end|insert|"
    r"page ?up|page ?down|pgup|pgdn|up|down|left|right|plus|minus|[-+=/\\.,;'`\[\]])"
    r"|f(?:[1-9]|1[0-2])", re.IGNORECASE)
#: Icon labels that are a submenu's arrow at the end of a menu row.
SUBMENU_ARROWS = ("caret right", "chevron right")
#: How far right of an item its accelerator or arrow may sit, in item heights.
MENU_ROW_REACH = 25.0
#: A column with no accelerator is a menu when this many submenu arrows end its rows, at most
#: `SUBMENU_REACH` item heights right of its widest item.
SUBMENU_MIN = 3
SUBMENU_REACH = 4.0


def accelerators(texts) -> np.ndarray:
    """(N,) bool: which of ``texts`` (N,) read as a keyboard accelerator (`ACCELERATOR`)."""
    return np.array([bool(ACCELERATOR.fullmatch(str(t).strip())) for t in texts], bool)


def menu_items(xyxy: np.ndarray, roles: np.ndarray, texts: np.ndarray, reach: float = MENU_ROW_SPREAD
               ) -> np.ndarray:
    """(N,) bool: the runs of ``xyxy`` ``(N, 4)`` that ``roles`` ``(N,)`` calls a menu item,
    except those with another label (`LABEL_ROLES`, `LABEL_CHARS` or more characters of
    ``texts``) beside them on their row (centres within half a height, at most ``reach``
    heights apart), a keyboard accelerator not counted: where a box or ring comes before the
    label, a check or radio menu item's.
    Menus are columns and a menu bar draws no glyphs, so items side by side, each after its
    ring or box (a toolbar's "(o) Linear  ( ) Tree  [ ] Thread"), are radios and check boxes
    whatever the classifier called their labels."""
    xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
    roles = np.asarray(roles, dtype=object)[:len(xyxy)]
    texts = np.asarray(texts, dtype=object)[:len(xyxy)]
    out = roles == "menuitem"
    accel = accelerators(texts)
    words = ~accel & np.array([len(str(t).strip()) >= LABEL_CHARS for t in texts], bool)
    items = np.flatnonzero(out & ~accel)
    others = np.flatnonzero(words & np.isin(roles, LABEL_ROLES))
    if not len(items) or not len(others):
        return out
    b, o = xyxy[items], xyxy[others]
    h = np.maximum(b[:, 3] - b[:, 1], 1.0)
    cy, ocy = (b[:, 1] + b[:, 3]) / 2, (o[:, 1] + o[:, 3]) / 2
    gap = np.maximum(o[None, :, 0] - b[:, None, 2], b[:, None, 0] - o[None, :, 2])     # (M, K) horizontal
    beside = (np.abs(cy[:, None] - ocy[None]) <= h[:, None] / 2) & (gap <= reach * h[:, None])
    beside &= items[:, None] != others[None]
    out[items[beside.any(axis=1)]] = False
    return out


def menu_glyphs(kind: np.ndarray, xyxy: np.ndarray, roles: np.ndarray, items: np.ndarray) -> np.ndarray:
    """Rows of the icons of ``kind`` ``(N,)`` that ``roles`` ``(N,)`` calls a check box or radio
    and whose label (`glyphs_with_labels`, within one glyph width) is one of the menu ``items``
    (rows, `menu_columns`): the box or ring of a check or radio menu item."""
    glyph = (np.asarray(kind) == "icon") & np.isin(np.asarray(roles, dtype=object)[:len(kind)], ("checkbox", "radio"))
    glyphs, labels = glyphs_with_labels(np.asarray(kind), xyxy, glyph, max_gap=1.0)
    return glyphs[np.isin(labels, items)]


def menu_columns(xyxy: np.ndarray, texts: np.ndarray, marks: np.ndarray, mark_labels: np.ndarray,
                 scale: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """Rule 7: of the text runs ``xyxy`` ``(N, 4)`` (and their ``texts``), the items
    of menus and the accelerators at the end of those items' rows, as two index arrays.
    ``marks`` ``(M, 4)`` are the icons with their labels ``mark_labels`` (submenu arrows are
    looked for among them)."""
    xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
    texts = np.asarray(texts, dtype=object)
    accel = accelerators(texts)
    # every run takes part, whatever the classifier called it (an entry of a menu can come
    # back as a combo box or a button), but the accelerators
    items = np.flatnonzero(~accel)
    none = np.zeros(0, np.int64)
    if len(items) < MIN_LINE:
        return none, none
    arrows = np.asarray(marks, np.float64).reshape(-1, 4)[np.isin(np.asarray(mark_labels, dtype=object),
                                                                 SUBMENU_ARROWS)]
    # a submenu arrow ends its item's row; one with a text run starting just right of it on its
    # row heads that run (a tree's expander in the pane beside a list)
    acy, th = (arrows[:, 1] + arrows[:, 3]) / 2, xyxy[:, 3] - xyxy[:, 1]
    heads = (np.abs((xyxy[None, :, 1] + xyxy[None, :, 3]) / 2 - acy[:, None]) <= th[None] / 2) \
        & (xyxy[None, :, 0] >= arrows[:, 2, None] - 1) & (xyxy[None, :, 0] - arrows[:, 2, None] <= th[None])
    arrows = arrows[~heads.any(axis=1)]
    ends = np.concatenate([xyxy[accel], arrows])
    is_accel = np.r_[np.ones(int(accel.sum()), bool), np.zeros(len(arrows), bool)]
    accel_rows = np.flatnonzero(accel)
    ecy = (ends[:, 1] + ends[:, 3]) / 2
    tcy = (xyxy[:, 1] + xyxy[:, 3]) / 2
    out, keys = [], []
    for line in aligned_lines(xyxy[items], scale, axes=("column",)):
        rows = items[line]
        b = xyxy[rows]
        h = b[:, 3] - b[:, 1]
        cy = (b[:, 1] + b[:, 3]) / 2
        same_row = (np.abs(ecy[None] - cy[:, None]) <= h[:, None] / 2) \
            & (ends[None, :, 0] >= b[:, 2, None]) & (ends[None, :, 0] - b[:, 2, None] <= MENU_ROW_REACH * h[:, None])
        # ... with no other text run between the item and its end (a code line or a gutter's
        # number beside an open menu is not that menu's item)
        on_row = np.abs(tcy[None] - cy[:, None]) <= h[:, None] / 2                        # (R, T)
        between = on_row[:, None, :] & (xyxy[None, None, :, 0] >= b[:, 2, None, None]) \
            & (xyxy[None, None, :, 2] <= ends[None, :, 0, None])                          # (R, E, T)
        same_row &= ~between.any(axis=2)
        ended = same_row.any(axis=1)
        by_accel = (same_row & is_accel[None]).any(axis=1)
        # ... or three or more submenu arrows close after the column's widest item (a list's
        # rows that open a page end in a chevron at the window's far side)
        by_arrow = same_row[:, ~is_accel].any(axis=0)
        near = (by_arrow.sum() >= SUBMENU_MIN
                and ends[~is_accel][by_arrow, 0].max() - b[:, 2].max() <= SUBMENU_REACH * np.median(h))
        if ended.sum() >= 2 and (by_accel.any() or near):
            out.append(rows)
            keys.append(accel_rows[same_row[:, is_accel].any(axis=0)])
    if not out:
        return none, none
    return np.concatenate(out).astype(np.int64), np.unique(np.concatenate(keys)).astype(np.int64)


#: Keys of a keypad hold at most this many characters ("MR", "sin", "1/x").
KEY_CHARS = 4
#: The least number of keys in a keypad.
MIN_KEYS = 9
#: Keys are of one size: the rows (columns) of a keypad are spaced alike within this factor.
KEY_PITCH_RATIO = 1.6
#: A keypad has at most this many columns (a calculator's two pads side by side have ten; a
#: character map's grid, a table of glyphs, has dozens).
MAX_KEY_COLUMNS = 12


#: The classifier's calls on a key's label that vote button in a keypad: a field's look is a
#: key's plate (an icon called a field is no key: a file view's icons).
KEY_VOTES = ("button", "spinbox", "textbox", "combobox", "slider")


def keypad_keys(kind: np.ndarray, xyxy: np.ndarray, texts: np.ndarray, roles: np.ndarray,
                scale: float = 1.0) -> np.ndarray:
    """Rows of the keys of keypads (rule 8) among elements of ``kind`` ``(N,)`` at ``xyxy``
    ``(N, 4)`` with ``texts`` and the classifier's ``roles`` ``(N,)``; empty when buttons do not
    win the grid's vote."""
    short = np.array([k == "icon" or (k == "text" and 1 <= len(str(t).replace(" ", "")) <= KEY_CHARS)
                      for k, t in zip(kind, texts)], bool)
    # a list row's icon cell (`list_row_icons`) is no key: a sidebar's column of places beside
    # a toolbar's row of icons made a grid
    row_icon = (np.asarray(kind) == "icon") & (np.asarray(roles, dtype=object) == "listitem")
    # a key's label the classifier took for a tab or a check box ("5", "-" on a dark theme's pad)
    # still stands on the grid: it counts for the grid's lines, and the vote (those roles vote
    # against buttons) says what the grid is; a menu item is none (a menu bar's "Help" over a
    # pad's column), nor is a glyph called a check box, radio or tab
    glyph = (np.asarray(kind) == "icon") & np.isin(roles, GLYPH_LINE_ROLES + ("tab",))
    cand = np.flatnonzero(short & ~glyph & ~row_icon & (np.asarray(roles, dtype=object) != "menuitem"))
    if len(cand) < MIN_KEYS:
        return np.zeros(0, np.int64)
    b = np.asarray(xyxy, np.float64)[cand]
    cx, cy = (b[:, 0] + b[:, 2]) / 2, (b[:, 1] + b[:, 3]) / 2
    h = np.maximum(b[:, 3] - b[:, 1], 1)
    hm = np.maximum(h[:, None], h[None, :])
    tol = np.maximum(4 * scale, 0.3 * hm)
    dx, dy = np.abs(cx[:, None] - cx[None, :]), np.abs(cy[:, None] - cy[None, :])
    row_mate = (dy <= tol) & (dx >= 2 * hm)
    col_mate = (dx <= tol) & (dy >= 1.2 * hm)
    keep = np.ones(len(cand), bool)
    while True:
        across, down = (row_mate & keep[None, :]).sum(axis=1), (col_mate & keep[None, :]).sum(axis=1)
        now = keep & (((across >= 2) & (down >= 1)) | ((across >= 1) & (down >= 2)))
        if (now == keep).all():
            break
        keep = now
    found = []
    for joined in _components((row_mate | col_mate) & keep[:, None] & keep[None, :], keep):
        g_tol = tol[np.ix_(joined, joined)].min()
        if len(joined) < MIN_KEYS:
            continue
        # two pads side by side, their keys of two widths, are judged apart
        for run in _alike_runs(_lines(cx[joined], g_tol)):
            group = joined[(cx[joined] >= run[0] - g_tol) & (cx[joined] <= run[-1] + g_tol)]
            if len(group) < MIN_KEYS or len(run) > MAX_KEY_COLUMNS or not _alike(_lines(cy[group], g_tol)):
                continue
            keys = cand[group]
            votes = Counter("button" if r in KEY_VOTES and k == "text" else r
                            for r, k in zip(roles[keys], kind[keys]) if r != "text")
            if votes and votes.most_common(1)[0][0] == "button" and 3 * votes["button"] >= len(keys):
                found.append(keys)
    return np.unique(np.concatenate(found)) if found else np.zeros(0, np.int64)


def _components(adjacent: np.ndarray, members: np.ndarray) -> list[np.ndarray]:
    """The connected groups of ``members`` ``(N,)`` bool under ``adjacent`` ``(N, N)`` bool."""
    left, groups = set(np.flatnonzero(members).tolist()), []
    while left:
        todo, group = [left.pop()], []
        while todo:
            i = todo.pop()
            group.append(i)
            for j in np.flatnonzero(adjacent[i]).tolist():
                if j in left:
                    left.remove(j)
                    todo.append(j)
        groups.append(np.array(sorted(group), np.int64))
    return groups


def _lines(centres: np.ndarray, tol: float) -> np.ndarray:
    """The lines ``centres`` (1-D) fall on: the means of runs of sorted values less than ``tol``
    apart that hold two or more of them."""
    c = np.sort(centres)
    runs = np.split(c, np.flatnonzero(np.diff(c) > tol) + 1) if len(c) else []
    return np.array([r.mean() for r in runs if len(r) >= 2])


def _alike_runs(lines: np.ndarray) -> list[np.ndarray]:
    """The runs of three or more neighbouring ``lines`` (sorted, 1-D) spaced alike (`_alike`)
    that cover the most lines, no line in two runs (of equal covers, the first found: one run
    for lines all spaced alike): two pads side by side, their keys of two widths, split where
    the pitch changes."""
    n = len(lines)
    if n > 3 * MAX_KEY_COLUMNS:              # a table of glyphs, dozens of columns: no keypads
        return []
    best = [(0, [])] * (n + 1)               # best[i]: the most lines covered among lines[:i]
    for end in range(1, n + 1):
        best[end] = best[end - 1]
        for start in range(end - 2):
            if _alike(lines[start:end]) and best[start][0] + end - start > best[end][0]:
                best[end] = (best[start][0] + end - start, best[start][1] + [(start, end)])
    return [lines[a:b] for a, b in best[n][1]]


def _alike(lines: np.ndarray) -> bool:
    """Whether there are three or more ``lines`` (sorted, 1-D) spaced alike: the largest step
    between neighbours at most ``KEY_PITCH_RATIO`` times the smallest."""
    if len(lines) < 3:
        return False
    steps = np.diff(lines)
    return bool(steps.max() <= KEY_PITCH_RATIO * steps.min())
