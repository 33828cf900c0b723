"""A row of linked buttons is no row of tabs (`detact.semantics.tabs.linked_rows`): GTK 3 widgets
rendered under Xvfb (Adwaita; `tests/fixtures/gtk3-*.png`), read by the full parser. AT-SPI calls
the path bar's segments toggle buttons, the current folder's checked, and the notebook's labels
page tabs."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from tests.conftest import font, pasted_fixture


def parse_strip(name: str):
    from detact.parser import Parser
    return Parser().parse(pasted_fixture(name, (1000, 560))).elements


@pytest.mark.parametrize("name, labels, role, checked", [
    # the file chooser's path bar: framed whole, the current folder's plate darker
    ("gtk3-pathbar.png", ["tmp", "fcdemo", "Documents", "Projects", "detact"], "button", ["detact"]),
    # a notebook's tabs (Adwaita: bare labels, a rule under them, the selected one underlined)
    ("gtk3-notebook-tabs.png", ["Status", "Compiler", "Messages", "Scribble", "Terminal"], "tab", None),
    # Qt's (Fusion, FeatherPad's preferences): framed side by side, the selected one's plate
    # apart, more than a compound control holds: no row of linked radios
    ("featherpad-prefs-tabs-fusion.png", ["Window", "Text", "Files", "Shortcuts", "Syntax Colors"], "tab", None),
])
def test_linked_buttons_and_tabs(name, labels, role, checked):
    els = parse_strip(name)
    found = {str(els.text[i]): i for i in range(len(els)) if els.kind[i] == "text" and els.xyxy[i, 1] < 48}
    assert set(labels) <= set(found), found
    assert [els.role[found[t]] for t in labels] == [role] * len(labels)
    if checked is not None:
        assert [t for t in labels if "checked" in els.states[found[t]]] == checked


def test_the_icons_that_continue_a_path_bar_are_its_buttons():
    # the root folder before "tmp" and the scroll arrows at both ends: toggle and push buttons
    els = parse_strip("gtk3-pathbar.png")
    icons = [i for i in range(len(els)) if els.kind[i] == "icon" and els.xyxy[i, 1] < 48 and els.xyxy[i, 0] < 620]
    assert len(icons) >= 2, [(els.label[i], els.xyxy[i].tolist()) for i in icons]
    assert [els.role[i] for i in icons] == ["button"] * len(icons)


BAR, PRESSED, RAISED, BORDER = (235, 233, 231), (214, 209, 205), (241, 239, 238), (205, 199, 194)


def linked_pair(labels: list[str], pressed: int, width: int = 121) -> np.ndarray:
    """A GTK 4 pair of linked toggle buttons (gitg's "Unified | Split"): ``width`` x 34 px plates
    sharing a 1 px border, the ``pressed`` one darker, labels centred, on a bar the colour of
    the window, with a line of text above (so that the screen is not the pair alone)."""
    from conftest import font
    img = Image.new("RGB", (900, 300), BAR)
    draw = ImageDraw.Draw(img)
    draw.text((40, 40), "Changes in the selected commit", fill=(46, 52, 54), font=font(15))
    x0, y0 = 400, 140
    for k, label in enumerate(labels):
        box = (x0 + width * k, y0, x0 + width * (k + 1), y0 + 34)
        draw.rectangle(box, fill=PRESSED if k == pressed else RAISED, outline=BORDER)
        text_w = draw.textlength(label, font=font(15))
        draw.text(((box[0] + box[2] - text_w) / 2, y0 + 8), label, fill=(46, 52, 54), font=font(15))
    return np.asarray(img)


@pytest.mark.parametrize("labels, pressed", [(["Unified", "Split"], 0), (["Unified", "Split"], 1),
                                             (["Day", "Week", "Month"], 2)])
def test_linked_toggles_without_frames_are_a_radio_group(parser, labels, pressed):
    # GTK 4 draws linked toggles as flat plates the segmenter may leave unframed: their plates are
    # found from the labels, the darker one is the checked radio of the group
    els = parser.parse(linked_pair(labels, pressed)).elements
    found = {str(els.text[i]): i for i in range(len(els)) if els.kind[i] == "text"}
    assert set(labels) <= set(found), found
    assert [els.role[found[t]] for t in labels] == ["radio"] * len(labels)
    assert [t for t in labels if "checked" in els.states[found[t]]] == [labels[pressed]]


@pytest.mark.parametrize("pressed", [0, 3])
def test_a_row_of_more_linked_toggles_than_a_control_holds_is_a_radio_group(parser, pressed):
    # simple-scan's page delays: five linked radios, more parts than a compound control takes
    labels = ["0", "3", "6", "10", "15"]
    els = parser.parse(linked_pair(labels, pressed, width=50)).elements
    found = {str(els.text[i]): i for i in range(len(els)) if els.kind[i] == "text"}
    assert set(labels) <= set(found), found
    assert [els.role[found[t]] for t in labels] == ["radio"] * len(labels)
    assert [t for t in labels if "checked" in els.states[found[t]]] == [labels[pressed]]


def segmented(labels: list[str], checked: int, page, plate, accent, ink, border) -> np.ndarray:
    """A segmented control with no rules between its segments (a dark GTK theme's, a web kit's):
    one frame, 58 px per segment, the ``checked`` segment filled with the ``accent`` colour and
    its label white, the others on the frame's ``plate``; a line of text above it."""
    from conftest import font
    img = Image.new("RGB", (800, 300), page)
    draw = ImageDraw.Draw(img)
    draw.text((40, 40), "Scan sides", fill=ink, font=font(15))
    x0, y0, w, h = 300, 140, 58, 28
    draw.rounded_rectangle((x0, y0, x0 + w * len(labels), y0 + h), radius=4, fill=plate, outline=border)
    for k, label in enumerate(labels):
        if k == checked:
            draw.rectangle((x0 + w * k + 1, y0 + 1, x0 + w * (k + 1) - 1, y0 + h - 1), fill=accent)
        width = draw.textlength(label, font=font(15))
        draw.text((x0 + w * k + (w - width) / 2, y0 + 5), label, fill=(255, 255, 255) if k == checked else ink,
                  font=font(15))
    return np.asarray(img)


@pytest.mark.parametrize("labels, checked, colours", [
    (["Front", "Back", "Both"], 2, ((56, 60, 74), (64, 69, 82), (82, 148, 226), (211, 218, 227), (43, 46, 57))),
    (["Day", "Week", "Month"], 0, ((255, 255, 255), (248, 249, 250), (13, 110, 253), (33, 37, 41), (206, 212, 218))),
])
def test_a_segmented_control_with_an_accent_segment_is_a_radio_group(parser, labels, checked, colours):
    els = parser.parse(segmented(labels, checked, *colours)).elements
    found = {str(els.text[i]): i for i in range(len(els)) if els.kind[i] == "text"}
    assert set(labels) <= set(found), found
    assert [els.role[found[t]] for t in labels] == ["radio"] * len(labels)
    assert [t for t in labels if "checked" in els.states[found[t]]] == [labels[checked]]


def test_accent_segment_needs_one_accent_plate_among_plain_ones():
    from detact.semantics.compounds import accent_segment
    labels = np.array([[312, 145, 346, 163], [370, 145, 404, 163], [428, 145, 462, 163]])
    frame = np.array([300, 140, 474, 168])
    plain = segmented(["Front", "Back", "Both"], -1, (56, 60, 74), (64, 69, 82), (82, 148, 226), (211, 218, 227),
                      (43, 46, 57))
    assert accent_segment(plain, frame, labels) == -1
    both = segmented(["Front", "Back", "Both"], 1, (56, 60, 74), (64, 69, 82), (82, 148, 226), (211, 218, 227),
                     (43, 46, 57))
    assert accent_segment(both, frame, labels) == 1


def test_a_linked_pair_of_icon_toggles_is_radios_named_by_their_icons(parser):
    """gitg's diff view toggles (Adwaita, colours and places as gitg draws them): two icons in one
    frame, the pressed one's plate shaded grey, a 1 px divider right at the left icon's end (no
    room to see it as a rule). They are radios, the shaded one checked, each named by what its
    icon shows, taking no label beside it."""
    from tests.test_icons import ADWAITA, paste_svg
    edge, window = (205, 199, 194), (246, 245, 244)
    for pressed in (0, 1):
        img = Image.new("RGB", (700, 300), window)
        d = ImageDraw.Draw(img)
        d.rectangle((71, 123, 138, 157), fill=(241, 240, 238), outline=edge)
        shaded = (72, 124, 103, 156) if pressed == 0 else (105, 124, 137, 156)
        d.rectangle(shaded, fill=(214, 209, 205))
        d.line((104, 124, 104, 156), fill=edge)
        for x, name in ((89, "actions/document-edit-symbolic.svg"), (113, "actions/view-grid-symbolic.svg")):
            paste_svg(img, (ADWAITA / name).read_text(), 16, (x, 132), (46, 52, 54))
        d.text((160, 131), "Changes", fill=(46, 52, 54), font=font(14))
        els = parser.parse(np.asarray(img)).elements
        inside = [i for i in range(len(els)) if els.xyxy[i, 0] >= 70 and els.xyxy[i, 2] <= 140
                  and els.xyxy[i, 1] >= 120 and els.xyxy[i, 3] <= 160 and els.kind[i] != "region"]
        got = [(str(els.role[i]), "checked" in els.states[i]) for i in inside]
        assert got == [("radio", pressed == 0), ("radio", pressed == 1)], \
            [(els.kind[i], els.role[i], els.label[i], els.xyxy[i].tolist()) for i in range(len(els))]
        assert all(els.name[i] and els.name[i] != "Changes" for i in inside), [els.name[i] for i in inside]
