"""A GTK 3 popover's items are buttons, check boxes and radios (`detact.semantics.popovers`):
a header bar's menu (a GMenuModel opened by a GtkMenuButton) rendered under Xvfb in Adwaita and
Adwaita dark (`tests/fixtures/gtk3-popover*.png`), read by the full parser. AT-SPI calls "New
Window" a push button, "Show Hidden Files" a check box and "Sort by Name" a radio button; a
GtkMenu's items would be menu items. The plate's notch points at the pressed menu button."""
from __future__ import annotations

import numpy as np
import pytest

from detact.elements import Elements
from detact.semantics.popovers import popover_items
from tests.conftest import pasted_fixture

BUTTONS = ["New Window", "Preferences", "Keyboard Shortcuts", "About Pop"]
#: name -> (role, checked) of the items drawn with a glyph on their right
GLYPHS = {"Show Hidden Files": ("checkbox", True), "Dark Style": ("checkbox", False),
          "Sort by Name": ("radio", True), "Sort by Size": ("radio", False), "Sort by Date": ("radio", False)}


def screen(name: str) -> np.ndarray:
    return pasted_fixture(name, (1000, 560))


@pytest.fixture(scope="module", params=["gtk3-popover.png", "gtk3-popover-dark.png"])
def popover(request):
    from detact.parser import Parser
    return Parser().parse(screen(request.param)).elements


def test_a_popovers_plain_items_are_push_buttons(popover):
    els = popover
    roles = {str(els.text[i]): els.role[i] for i in range(len(els)) if els.kind[i] == "text"}
    assert [roles.get(name) for name in BUTTONS] == ["button"] * len(BUTTONS), roles


def test_a_popovers_check_and_radio_items_keep_their_glyphs_role_state_and_name(popover):
    # the empty radios' rings were read as "0", which the classifier called a slider
    els = popover
    glyphs = {str(els.name[i]): (els.role[i], "checked" in els.states[i]) for i in range(len(els))
              if els.kind[i] == "icon" and els.role[i] in ("checkbox", "radio")}
    assert glyphs == GLYPHS


def test_a_column_without_a_notch_is_no_popover():
    """The same items, the plate's notch painted over: a menu or a list, left as they were."""
    rgb = screen("gtk3-popover.png").copy()
    from detact.parser import Parser
    els = Parser().parse(rgb).elements
    assert len(popover_items(rgb, els, els.role)[0]) == len(BUTTONS)
    # the notch stands on the plate's top edge (row 62), under the header bar (row 50)
    gray = rgb.mean(axis=2)
    assert (gray[62, 130:180] < 220).all() and (gray[52:62, 180:210] < 220).any()
    rgb[51:62, :] = rgb[70, 40]
    found, reads, _, _ = popover_items(rgb, els, els.role)
    assert len(found) == 0 and len(reads) == 0


def test_three_lines_of_plain_text_are_no_popover():
    rgb = np.full((200, 300, 3), 245, np.uint8)
    rgb[20, 10:290] = 200                                    # a rule over them, no notch
    els = Elements([[20, 40 + 30 * k, 120, 60 + 30 * k] for k in range(3)], ["text"] * 3, ["Open", "Save", "Quit"],
                   role=["listitem"] * 3)
    assert popover_items(rgb, els, els.role)[0].tolist() == []


def _drawn_notch(behind: int, notch: bool = True) -> np.ndarray:
    """A plate (grey 245, its top edge a 200 line at row 40) under a window of grey ``behind``,
    with a 45-degree notch 22 px wide and 11 px tall drawn on the edge when ``notch``."""
    gray = np.full((160, 320), behind, np.uint8)
    gray[41:] = 245
    gray[40] = 200
    if notch:
        for k in range(11):
            gray[39 - k, 140 + k:162 - k] = 245
            gray[39 - k, [140 + k, 161 - k]] = 207
        gray[40, 141:161] = 245
    return np.repeat(gray[..., None], 3, axis=2)


@pytest.mark.parametrize("behind, notch, found", [
    (245, True, True),     # the window's grey behind it (Adwaita's light window)
    (119, True, True),     # a selected row's blue behind the apex: both slopes join it
    (119, False, False),   # an edge without a notch
    (245, False, False),
])
def test_a_notch_on_the_plates_edge(behind, notch, found):
    from detact.semantics.popovers import _notched
    rgb = _drawn_notch(behind, notch)
    apex = _notched(rgb, np.array([100, 50, 250, 120]), 20.0, 1.0, up=True)
    assert (apex is not None) == found
    if found:           # the notch's apex: over the base's centre (x 150.5), 11 rows over the edge
        assert abs(apex[0] - 150.5) <= 2 and 27 <= apex[1] <= 31, apex


def test_the_button_the_notch_points_at_is_pressed_with_its_popover_expanded(popover):
    # the header bar's menu button (its glyph at x 188-202) opened the popover; the window's
    # maximize and close buttons, on the same bar, did not
    els = popover
    bar = {str(els.label[i]): set(els.states[i]) for i in range(len(els)) if els.kind[i] == "icon" and els.xyxy[i, 3] < 50}
    assert bar["menu"] >= {"pressed", "expanded"}, bar
    assert not {"pressed", "expanded"} & (bar["maximize"] | bar["close"]), bar


def test_a_notch_under_a_plate_that_opens_upwards_points_down():
    # the drawn notch turned upside down: the plate above, its notch on its bottom edge; the
    # apex lies where the upright one's does, mirrored
    from detact.semantics.popovers import _notched
    rgb = _drawn_notch(245)
    up = _notched(rgb, np.array([100, 50, 250, 120]), 20.0, 1.0, up=True)
    down = _notched(rgb[::-1].copy(), np.array([100, 40, 250, 110]), 20.0, 1.0, up=False)
    assert up is not None and down is not None
    assert down[0] == up[0] and down[1] == rgb.shape[0] - 1 - up[1]
