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
  checked (`semantics.tabs.flat_toggle_rows`, `semantics.tabs.tabs_and_linked_rows`)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

FIXTURES = Path(__file__).parent / "fixtures"
TABS = ["Editor", "Files", "Terminal", "Keybindings"]


def parse(name: str):
    """The parse of a fixture pasted at the top left of a 1000x600 screen of its corner's colour."""
    strip = Image.open(FIXTURES / name).convert("RGB")
    screen = Image.new("RGB", (1000, 600), strip.getpixel((strip.width - 1, strip.height - 1)))
    screen.paste(strip, (0, 0))
    return parser().parse(np.asarray(screen)).elements


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
