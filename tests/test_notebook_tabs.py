"""Notebook tabs no row of tabs shows: a notebook with one page shows one tab, a label framed on
three sides over its pane's edge, the edge open under it (`detact.semantics.tabs.lone_tabs`); a
notebook with its tabs down its side stacks them centred, the selected one marked by an accent
bar (`side_tabs`). Table driven on drawn strips, and drawn windows the full parser reads."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.semantics.tabs import lone_tabs, side_tabs
from tests.conftest import font

WINDOW, PANE, LINE, INK = (239, 239, 239), (255, 255, 255), (180, 180, 180), (30, 30, 30)


def strip(shape: str, left: int = 40, width: int = 120, label: str = "Playlist") -> tuple[np.ndarray, list[int]]:
    """A 600 x 160 window strip with ``label`` drawn at (``left`` + 14, 40) in a ``shape``:
    "tab" (frame's top and sides, the pane's edge under it open), "button" (a closed frame over
    the edge), "rule" (a bare label over an unbroken rule), "heading" (the rule broken under the
    label but no frame round it), "tab at the window's side" (the tab's left side is the image's
    edge). Returns the image and the label's box."""
    img = Image.new("RGB", (600, 160), WINDOW)
    d = ImageDraw.Draw(img)
    f = font(14)
    edge = 66
    d.rectangle((0, edge + 1, 599, 159), fill=PANE)
    x0, x1 = left, left + width
    if shape in ("tab", "tab at the window's side"):
        x0 = 0 if shape == "tab at the window's side" else x0
        d.line((x1, edge, 599, edge), fill=LINE)
        if x0 > 0:
            d.line((0, edge, x0, edge), fill=LINE)
            d.line((x0, 30, x0, edge), fill=LINE)
        d.line((x1, 30, x1, edge), fill=LINE)
        d.line((x0, 30, x1, 30), fill=LINE)
        d.rectangle((x0 + 1, 31, x1 - 1, edge), fill=PANE)
    elif shape == "button":
        d.line((0, edge, 599, edge), fill=LINE)
        d.rectangle((x0, 30, x1, edge - 4), outline=LINE, fill=PANE)
    elif shape == "rule":
        d.line((0, edge, 599, edge), fill=LINE)
    elif shape == "heading":
        d.line((0, edge, x0, edge), fill=LINE)
        d.line((x1, edge, 599, edge), fill=LINE)
    tx = x0 + 14
    w = int(d.textlength(label, font=f))
    d.text((tx, 40), label, fill=INK, font=f)
    return np.asarray(img), [tx, 40, tx + w, 57]


@pytest.mark.parametrize("shape, role, found", [
    ("tab", "text", True),
    ("tab", "button", False),                       # a framed button over a toolbar's edge looks alike
    ("tab at the window's side", "listitem", True),
    ("button", "button", False),
    ("rule", "text", False),
    ("heading", "text", False),
    ("tab", "checkbox", False),                     # roles no tab label is taken for stay
])
def test_lone_tabs(shape, role, found):
    rgb, box = strip(shape)
    got = lone_tabs(rgb, np.array([box]), np.array(["Playlist"], object), np.array([role], object))
    assert got.tolist() == ([0] if found else []), shape


@pytest.mark.parametrize("label, found", [("Playlist", True), ("Name:", False), ("A sentence of many words", False)])
def test_lone_tab_labels_are_short_and_no_form_labels(label, found):
    rgb, box = strip("tab", width=260, label=label)
    got = lone_tabs(rgb, np.array([box]), np.array([label], object), np.array(["text"], object))
    assert (len(got) == 1) is found


def test_a_stretched_tab_holds_its_label_in_the_middle():
    rgb, box = strip("tab", width=400)
    box = [box[0] + 150, box[1], box[2] + 150, box[3]]
    img = Image.fromarray(rgb)
    d = ImageDraw.Draw(img)
    d.rectangle((41, 31, 439, 65), fill=PANE)
    d.text((box[0], 40), "Playlist", fill=INK, font=font(14))
    got = lone_tabs(np.asarray(img), np.array([box]), np.array(["Playlist"], object), np.array(["text"], object))
    assert got.tolist() == [0]


def test_a_parsed_window_calls_its_one_tab_a_tab():
    from detact.parser import Parser
    rgb, box = strip("tab", label="[Playlist]")
    img = Image.new("RGB", (900, 500), WINDOW)
    img.paste(Image.fromarray(rgb), (0, 60))
    d = ImageDraw.Draw(img)
    f = font(14)
    d.rectangle((600, 127, 899, 499), fill=PANE)
    d.line((600, 126, 899, 126), fill=LINE)
    for k, line in enumerate(("1. Anna Berg - Oslo", "2. Ravi Shah - Pune", "3. Lea Roth - Basel")):
        d.text((20, 150 + 26 * k), line, fill=INK, font=f)
    els = Parser().parse(np.asarray(img)).elements
    tab = [i for i in range(len(els)) if "Playlist" in str(els.text[i])]
    assert len(tab) == 1 and els.role[tab[0]] == "tab", \
        [(els.text[i], els.role[i], els.xyxy[i].tolist()) for i in range(len(els))]
    rows = [i for i in range(len(els)) if str(els.text[i]).startswith(("1.", "2.", "3."))]
    assert rows and all(els.role[i] != "tab" for i in rows)


SIDE_LABELS = ("Behavior", "Look & Feel", "Numbers & Operators", "Units", "Completion", "Fonts & Colors")


def side_column(marking: str, selected: int = 0, bar: int = 4) -> tuple[np.ndarray, list[list[int]]]:
    """A preferences dialog's side: ``SIDE_LABELS`` centred on a grey column at x 40-200, 44 px
    apart, the pane on the right. ``marking``: "bar" (a 4 px accent bar at the column's right
    edge beside the ``selected`` label), "two bars", "plate" (a list's selected row: an accent
    plate behind the label), "none"; "bar, left-aligned" puts the labels flush left. Returns the
    image and the labels' boxes."""
    img = Image.new("RGB", (700, 320), PANE)
    d = ImageDraw.Draw(img)
    d.rectangle((40, 0, 200, 319), fill=(222, 221, 218))
    f = font(14)
    boxes = []
    for k, text in enumerate(SIDE_LABELS):
        y = 20 + 44 * k
        if marking == "plate" and k == selected:
            d.rectangle((40, y - 8, 200, y + 26), fill=(53, 132, 228))
        w = int(d.textlength(text, font=f))
        x = 50 if marking.endswith("left-aligned") else 120 - w // 2
        d.text((x, y), text, fill=INK if marking != "plate" or k != selected else (255, 255, 255), font=f)
        boxes.append([x, y, x + w, y + 18])
    bars = {"bar": [selected], "bar, left-aligned": [selected], "two bars": [selected, selected + 2]}.get(marking, [])
    for k in bars:
        d.rectangle((201 - bar, 20 + 44 * k - 8, 200, 20 + 44 * k + 26), fill=(53, 132, 228))
    return np.asarray(img), boxes


@pytest.mark.parametrize("marking, selected, found", [
    ("bar", 0, True),
    ("bar", 3, True),
    ("none", 0, False),
    ("two bars", 1, False),                          # one tab is selected
    ("plate", 2, False),                             # a list's selected row
    ("bar, left-aligned", 0, False),                 # a list's rows: not centred under one another
])
def test_side_tabs(marking, selected, found):
    rgb, boxes = side_column(marking, selected)
    # whatever the classifier took each label for: a bold one a heading, a greyed one a menu item
    roles = np.array(["text", "heading", "checkbox", "menuitem", "listitem", "link"], object)
    got = side_tabs(rgb, np.array(boxes), np.array(SIDE_LABELS, object), roles)
    assert got.tolist() == (list(range(len(SIDE_LABELS))) if found else []), marking


@pytest.mark.parametrize("scale, found", [(1.0, False), (2.0, True)])
def test_a_side_tabs_bar_grows_with_the_scale(scale, found):
    """An 8 px bar is a scale-2 screen's (2 to 6 px at scale 1)."""
    rgb, boxes = side_column("bar", 1, bar=8)
    roles = np.array(["text"] * len(SIDE_LABELS), object)
    got = side_tabs(rgb, np.array(boxes), np.array(SIDE_LABELS, object), roles, scale)
    assert (len(got) == len(SIDE_LABELS)) is found


def test_a_parsed_dialog_calls_its_side_tabs_tabs():
    from detact.parser import Parser
    rgb, _ = side_column("bar", 0)
    img = Image.fromarray(rgb)
    d = ImageDraw.Draw(img)
    for k, text in enumerate(("Save definitions on exit", "Clear history on exit", "Allow multiple instances")):
        d.rectangle((240, 22 + 34 * k, 254, 36 + 34 * k), outline=(130, 130, 130), fill=PANE)
        d.text((264, 20 + 34 * k), text, fill=INK, font=font(14))
    els = Parser().parse(np.asarray(img)).elements
    tabs = {str(els.text[i]) for i in range(len(els)) if els.role[i] == "tab"}
    assert {"Behavior", "Completion", "Fonts & Colors"} <= tabs, \
        [(els.text[i], els.role[i], els.xyxy[i].tolist()) for i in range(len(els))]
    assert not any(t.startswith(("Save", "Clear", "Allow")) for t in tabs)
