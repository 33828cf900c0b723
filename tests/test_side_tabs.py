"""A notebook with its tabs down its side stacks them centred, the selected one marked by an
accent bar (`detact.semantics.tabs.side_tabs`): table driven on drawn columns, and a drawn
preferences dialog the full parser reads."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.semantics.tabs import side_tabs
from tests.conftest import font

PANE, INK = (255, 255, 255), (30, 30, 30)
SIDE_LABELS = ("Behavior", "Look & Feel", "Numbers & Operators", "Units", "Completion", "Fonts & Colors")


def side_column(marking: str, selected: int = 0, bar: int = 4) -> tuple[np.ndarray, list[list[int]]]:
    """A preferences dialog's side: ``SIDE_LABELS`` centred on a grey column at x 40-200, 44 px
    apart, the pane on the right. ``marking``: "bar" (a ``bar`` px wide accent bar at the column's
    right edge beside the ``selected`` label), "two bars", "plate" (a list's selected row: an accent
    plate behind the label), "open" (Arc's: the pane's edge down the column's right side, the
    selected tab framed, white, open into the pane), "hole" (the edge broken beside the selected
    label, no frame round it), "edge" (that edge with no tab open), "none";
    ", left-aligned" puts the labels flush left. Returns the image and the labels' boxes."""
    img = Image.new("RGB", (700, 320), PANE)
    d = ImageDraw.Draw(img)
    d.rectangle((40, 0, 200, 319), fill=(222, 221, 218))
    if marking.startswith(("open", "edge", "hole")):
        d.line((200, 0, 200, 319), fill=(190, 196, 210))
    if marking.startswith(("open", "hole")):
        y = 20 + 44 * selected
        d.rectangle((40 if marking.startswith("open") else 199, y - 8, 200, y + 26), fill=PANE)
    if marking.startswith("open"):
        d.line((40, y - 8, 200, y - 8), fill=(190, 196, 210))
        d.line((40, y + 26, 200, y + 26), fill=(190, 196, 210))
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
    ("open", 0, True), ("open", 3, True),            # no bar: the pane's edge open beside one
    ("edge", 0, False),                              # a sidebar's edge, open beside none
    ("hole", 2, False),                              # a break in a line, no tab framed there
    ("open, left-aligned", 2, False),
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
