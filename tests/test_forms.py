"""Form widgets as dialogs and toolbars draw them, read by the full parser: GTK 3 windows in
Greybird, Arc and Adwaita and Qt windows in Fusion, rendered under Xvfb and cut out of the forms
corpus (`benchmarks/forms_corpus.py --fixtures tests/fixtures`). The roles asserted are what
AT-SPI says of each widget there:

- notebook tabs whose pane edge opens under the selected one, with no rules between them (Arc)
  or faint ones (Greybird): page tabs (`semantics.tabs.open_tab_rows`);
- a toolbar's narrow search and line-number entries: text boxes (`compounds.placeholder_fields`);
- a combo box after a "Label:" whose arrow follows its value closely: a combo box
  (`compounds.form_labelled`); an editable one, its entry's white plate apart from its arrow's
  button: a combo box holding a text box, no radio group (`compounds.linked_buttons`);
- GTK 3.24's font button, its font's name centred: a push button (`plates.font_buttons`);
- Qt's combo box and spin box, their arrows too small to be icons: a combo box and spin boxes
  (`compounds.dropdown_rows`, `compounds.stepper_rows`);
- Qt's path bar, flat or framed checkable tool buttons: check boxes, the current folder's
  checked (`semantics.tabs.flat_toggle_rows`, `semantics.tabs.tabs_and_linked_rows`);
- a document viewer's header bar: the page number's entry and the greyed count linked to it,
  text boxes, no radio pair (`labels.linked_page_counts`); a zoom level with its drop-down icon
  on one plate, a text box cut out of the zoom buttons around it (`compounds.zoom_entries`);
  a list's selected row, its highlight running on right of its text, no text field
  (`compounds.placeholder_fields`);
- Greybird's framed notebook tabs, which the classifier calls buttons, two or five to a
  notebook, two notebooks on one line: tabs (`semantics.tabs.open_tab_rows`)."""
from __future__ import annotations

import numpy as np
import pytest

from tests.conftest import pasted_fixture

TABS = ["Editor", "Files", "Terminal", "Keybindings"]


def parse(name: str):
    """The parse of a fixture pasted at the top left of a 1000x600 screen of its corner's colour."""
    return parser().parse(pasted_fixture(name, (1000, 600))).elements


_PARSER = []


def parser():
    from detact.parser import Parser
    if not _PARSER:
        _PARSER.append(Parser())
    return _PARSER[0]


def roles_of_texts(els) -> dict[str, str]:
    return {str(els.text[i]): str(els.role[i]) for i in range(len(els)) if els.kind[i] == "text"}


@pytest.fixture(scope="module")
def greybird():
    return parse("gtk3-forms-greybird.png")


@pytest.mark.parametrize("name", ["gtk3-forms-greybird.png", "gtk3-tabs-arc.png"])
def test_notebook_tabs_over_a_pane_edge_open_under_one_are_tabs(name):
    roles = roles_of_texts(parse(name))
    assert [roles.get(t) for t in TABS] == ["tab"] * len(TABS), roles


def test_a_toolbars_narrow_entries_are_text_boxes():
    roles = roles_of_texts(parse("gtk3-toolbar-entries.png"))
    assert roles.get("Search") == "textbox" and roles.get("42") == "textbox", roles


def test_combo_boxes_after_a_label_and_an_editable_one_are_combo_boxes_not_radios():
    els = parse("gtk3-combos.png")
    named = {}
    for i in range(len(els)):
        named.setdefault(str(els.name[i]), []).append(str(els.role[i]))
    assert "combobox" in named["Sort by"], named
    # the editable one: a combo box holding its entry, a text box of the same name
    assert sorted(r for r in named["Location"] if r != "text") == ["combobox", "textbox"], named
    assert "radio" not in els.role.tolist()


def test_a_font_button_with_its_name_centred_is_a_button(greybird):
    roles = roles_of_texts(greybird)
    assert roles.get("Monospace Regular") == "button" and roles.get("10") == "button", roles


def test_a_combo_boxs_value_after_a_label_is_its_value_not_a_field(greybird):
    els = greybird
    combo = [i for i in range(len(els)) if els.name[i] == "Indent with" and els.kind[i] == "region"]
    assert [str(els.role[i]) for i in combo] == ["combobox"]
    assert str(els.value[combo[0]]) == "Spaces"


def test_qt_combo_and_spin_boxes_with_small_arrows():
    els = parse("qt-forms-fusion.png")
    regions = {str(els.name[i]): str(els.role[i]) for i in range(len(els)) if els.kind[i] == "region"}
    assert regions.get("Sort files by") == "combobox", regions
    assert regions.get("Font size") == "spinbox", regions


@pytest.mark.parametrize("name, root", [("qt-pathbar-fusion.png", "/"), ("qt-pathbar-raised-fusion.png", "Filesystem Root")])
def test_qt_path_bar_buttons_are_check_boxes_the_current_folder_checked(name, root):
    """Flat (auto-raised) tool buttons and libfm-qt's framed ones alike."""
    els = parse(name)
    crumbs = {str(els.text[i]): (str(els.role[i]), "checked" in els.states[i]) for i in range(len(els))
              if els.kind[i] == "text" and 60 < els.xyxy[i, 1] < 95}
    assert crumbs == {root: ("checkbox", False), "home": ("checkbox", False), "user": ("checkbox", False),
                      "Projects": ("checkbox", False), "site": ("checkbox", True)}


def _edge(width: int, gaps: list[tuple[int, int]]) -> np.ndarray:
    line = np.ones(width, bool)
    for a, b in gaps:
        line[a:b] = False
    return line


SPANS = np.array([[10, 50], [70, 100], [120, 170]])


@pytest.mark.parametrize("gaps, hole", [
    ([(0, 60)], 0),                   # the first tab selected: the edge opens under it
    ([(62, 110)], 1),                 # the middle one
    ([], None),                       # no opening: a plain rule under a row
    ([(0, 60), (62, 110)], None),     # two openings
    ([(5, 105)], None),               # an opening under two labels (an open menu's)
    ([(62, 110), (130, 135)], None),  # a second gap in the edge: no one line
])
def test_pane_edge_holes(gaps, hole):
    from detact.semantics.tabs import _holes
    assert _holes(_edge(180, gaps), SPANS) == hole


@pytest.mark.parametrize("frame, text, field", [
    ((0, 0, 200, 34), (8, 7, 60, 27), True),     # a wide field, text at its start
    ((0, 0, 66, 34), (6, 7, 30, 27), True),      # a narrow one (a toolbar's line number)
    ((0, 0, 66, 34), (20, 7, 46, 27), False),    # its text centred: a button
    ((0, 0, 40, 34), (6, 7, 30, 27), False),     # too narrow to be a field
    ((0, 0, 200, 80), (8, 30, 60, 50), False),   # too tall
])
def test_text_at_a_fields_start(frame, text, field):
    from detact.semantics.compounds import _text_at_field_start
    assert bool(_text_at_field_start(np.array([frame]), np.array([text]), 1.0)[0]) is field


def _at(els, x: float, y: float, role: str):
    """The smallest element of ``role`` whose box holds (x, y), or None."""
    rows = [i for i in range(len(els)) if els.role[i] == role
            and els.xyxy[i, 0] <= x <= els.xyxy[i, 2] and els.xyxy[i, 1] <= y <= els.xyxy[i, 3]]
    return min(rows, key=lambda i: (els.xyxy[i, 2] - els.xyxy[i, 0]) * (els.xyxy[i, 3] - els.xyxy[i, 1]), default=None)


def test_a_document_viewers_page_and_zoom_entries_are_text_boxes():
    # evince's header bar: the page number's entry linked to a greyed "of 12" entry, and the zoom
    # level's entry with its drop-down icon; AT-SPI calls all three text (gview-Adwaita)
    els = parse("gtk3-viewer-header-adwaita.png")
    roles = roles_of_texts(els)
    assert roles.get("3") == "textbox" and roles.get("of 12") == "textbox", roles
    zoom = _at(els, 740, 27, "textbox")
    assert zoom is not None and els.value[zoom] == "125%" and els.name[zoom] == "Zoom", roles
    # the entry's box is its frame (AT-SPI: x 691-789, y 11-43 inside the header bar)
    assert np.abs(els.xyxy[zoom] - [691, 11, 789, 43]).max() <= 3, els.xyxy[zoom]
    assert "radio" not in set(els.role.tolist())


def test_a_zoom_entry_between_zoom_buttons_is_cut_out_of_them():
    # eog's header bar: [-][100% v][+] linked; the entry alone is the text box and the two
    # buttons stay buttons named for what they do (zoom-Greybird; AT-SPI: entry x 731-796)
    els = parse("gtk3-zoom-header-greybird.png")
    zoom = _at(els, 760, 24, "textbox")
    assert zoom is not None and els.value[zoom] == "100%" and els.name[zoom] == "Zoom"
    assert 725 <= els.xyxy[zoom, 0] <= 735 and 792 <= els.xyxy[zoom, 2] <= 800, els.xyxy[zoom]
    assert els.role[els.text == "100%"].tolist() == ["text"]          # the entry's value
    names = {str(els.name[i]).lower() for i in range(len(els)) if els.role[i] == "button"}
    assert {"zoom in", "zoom out"} <= names, names


@pytest.mark.parametrize("text, arrow, zoom", [
    ("100%", "caret down", True),
    ("75 %", "down", True),
    ("100%", "zoom in", False),       # no drop-down icon after it
    ("Name", "caret down", False),    # no zoom level: a combo box's value
    ("100%", None, True),             # the arrow drawn, found as no element
])
def test_zoom_entries_drawn(text, arrow, zoom):
    # a white entry on a grey bar: the level, then its icon 14 px after it
    from detact.elements import Elements
    from detact.semantics.compounds import zoom_entries
    rgb = np.full((60, 300, 3), 220, np.uint8)
    rgb[10:44, 50:160] = 120                  # the entry's border
    rgb[11:43, 51:159] = 255                  # its plate
    rgb[19:35, 60:100] = 40                   # the level's ink
    rgb[24:30, 120:134] = 40                  # the arrow's
    if arrow is None:     # the arrow drawn but found as no element (a caret lost at scale 2)
        els = Elements(np.array([[60, 19, 100, 35]]), ["text"], text=[text], label=[""])
    else:
        els = Elements(np.array([[60, 19, 100, 35], [120, 24, 134, 30]]), ["text", "icon"],
                       text=[text, ""], label=["", arrow])
    found = zoom_entries(rgb, els)
    assert bool(found) == zoom
    if zoom:
        box, rows = found[0]
        assert box.tolist() == [50, 10, 160, 44] and rows.tolist() == ([0] if arrow is None else [0, 1])


def test_a_lists_selected_row_is_no_text_field():
    # gview-Arc: the side pane's first row, selected, white text on the accent plate that runs
    # on across the list: a row (AT-SPI: table cell), which came back a text box
    roles = roles_of_texts(parse("gtk3-viewer-sidebar-arc.png"))
    assert roles.get("Page 1") not in (None, "textbox"), roles
    assert roles.get("Page 1") == roles.get("Page 2"), roles


@pytest.mark.parametrize("name, tabs", [
    ("gtk3-messages-greybird.png", ["Status", "Compiler", "Messages", "Scribble", "Terminal"]),
    ("gtk3-notebooks-greybird.png", ["Symbols", "Documents", "main.c"]),
])
def test_greybirds_framed_notebook_tabs_are_tabs(name, tabs):
    # each tab framed on its own plate (buttons to the classifier), the selected one's lighter
    # plate running on into its page; the sidebar's notebook has two tabs, beside the editor's
    roles = roles_of_texts(parse(name))
    assert [roles.get(t) for t in tabs] == ["tab"] * len(tabs), roles
    assert "tab" not in {roles.get(t) for t in ("File", "Edit", "Functions")}


@pytest.mark.parametrize("rows, plates, k, apart", [
    ([[0, 10], [14, 24], [28, 38]], [217, 206, 206], 0, True),      # the selected one lighter
    ([[0, 10], [14, 24]], [206, 217], 1, True),                     # two tabs
    ([[0, 10], [14, 24], [28, 38]], [206, 206, 206], 0, False),     # no plate apart
    ([[0, 10], [14, 24], [28, 38]], [217, 206, 230], 0, False),     # the others disagree
])
def test_a_selected_tabs_plate_apart(rows, plates, k, apart):
    from detact.semantics.tabs import _plate_apart
    row = np.zeros(40, np.int16)
    for (a, e), g in zip(rows, plates):
        row[a:e] = g
    assert _plate_apart(row, np.array(rows), k) == apart


def test_a_zoom_level_at_the_screens_edge_is_no_entry_and_no_crash():
    # a percentage read at the right edge of a capture: nothing right of it to flood
    from detact.elements import Elements
    from detact.semantics.compounds import zoom_entries
    rgb = np.full((40, 100, 3), 255, np.uint8)
    rgb[12:28, 70:99] = 40
    els = Elements(np.array([[70, 12, 100, 28]]), ["text"], text=["100%"], label=[""])
    assert zoom_entries(rgb, els) == []


@pytest.mark.parametrize("texts, fields, parts, counts", [
    (["3", "of 12"], [0], [[0, 1]], [1]),            # evince: the count linked to the number
    (["3", "Open"], [0], [[0, 1]], []),               # no count
    (["3", "of 12"], [0], [[0], [1]], []),            # the count in a frame of its own
    (["3", "4"], [0, 1], [[0, 1]], []),               # two page fields in one frame
])
def test_linked_page_counts(texts, fields, parts, counts):
    from detact.semantics.labels import linked_page_counts
    kind = np.array(["text"] * len(texts), dtype=object)
    found = linked_page_counts(kind, np.array(texts, dtype=object), np.array(fields), [np.array(p) for p in parts])
    assert found.tolist() == counts
