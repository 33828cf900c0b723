"""The title bar's own buttons (`detact.icons.window_controls`), on drawn title bars and on a
full parse of one."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.elements import Elements
from detact.icons.window_controls import title_bar_controls, window_buttons


def title_bar(scale: int = 1, dash_x: int = 1256, extra: str = "", width: int = 1366,
              maximize: str = "box") -> np.ndarray:
    """A 1366-wide (at scale 1) dark window with a GTK header bar: minimize dash, maximize box and
    close cross at the top right. ``extra``: "button" puts a word button right of the dash,
    "underline" a line under it, "low" draws the dash in the window body instead, "border" a
    light 1 px window border round the whole image.
    ``maximize``: "box" (Adwaita), "arrows" (two arrow heads 1 px apart, as Greybird draws it)
    or "none" (a dialog: minimize and close only)."""
    s = scale
    img = Image.new("RGB", (width * s, 300 * s), (48, 48, 48))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 44 * s, width * s, 300 * s], fill=(36, 36, 36))            # the window body
    y = 200 if extra == "low" else 22
    d.rectangle([dash_x * s, y * s, (dash_x + 8) * s - 1, (y + 2) * s - 1], fill=(230, 230, 230))
    if maximize == "box":
        d.rectangle([1303 * s, 18 * s, 1310 * s, 25 * s], outline=(230, 230, 230), width=s)
    elif maximize == "arrows":
        d.rectangle([1306 * s, 18 * s, 1309 * s, 21 * s], fill=(230, 230, 230))
        d.rectangle([1303 * s, 23 * s, 1306 * s, 26 * s], fill=(230, 230, 230))
    d.line([(1340 * s, 18 * s), (1348 * s, 26 * s)], fill=(230, 230, 230), width=2 * s)   # close
    d.line([(1348 * s, 18 * s), (1340 * s, 26 * s)], fill=(230, 230, 230), width=2 * s)
    if extra == "button":
        d.rectangle([1280 * s, 14 * s, 1296 * s, 30 * s], fill=(230, 230, 230))
        d.rectangle([1320 * s, 14 * s, 1334 * s, 30 * s], fill=(230, 230, 230))
    if extra == "border":
        d.rectangle([0, 0, width * s - 1, 300 * s - 1], outline=(160, 160, 160), width=s)
    if extra == "underline":
        d.rectangle([dash_x * s, 28 * s, (dash_x + 8) * s, 29 * s], fill=(230, 230, 230))
    return np.asarray(img)


def centre_x(elements: Elements, label: str) -> float:
    (row,) = np.flatnonzero(elements.label == label)
    return (elements.xyxy[row, 0] + elements.xyxy[row, 2]) / 2


@pytest.mark.parametrize("scale, extra, maximize, found", [
    (1, "", "box", True),           # GTK's header bar: dash, maximize, close
    (2, "", "box", True),           # the same at scale 2
    (1, "", "arrows", True),        # a maximize glyph of two pieces is one glyph
    (1, "", "none", True),          # minimize and close only
    (1, "border", "box", True),     # the window's border round it is no neighbour
    (1, "button", "box", False),    # more than two glyphs to its right: not the window's controls
    (1, "underline", "box", False),  # ink right below it: part of a drawing
    (1, "low", "box", False),       # not in the title bar
])
def test_title_bar_controls(scale, extra, maximize, found):
    controls = title_bar_controls(title_bar(scale, extra=extra, maximize=maximize), scale)
    assert len(controls) == int(found)
    if found:
        (c,) = controls
        cx, cy = (c.dash[0] + c.dash[2]) / 2, (c.dash[1] + c.dash[3]) / 2
        assert abs(cx - 1260 * scale) <= scale and abs(cy - 23 * scale) <= scale
        assert c.functions == (("close",) if maximize == "none" else ("maximize", "close"))
        assert abs((c.glyphs[-1, 0] + c.glyphs[-1, 2]) / 2 - 1344.5 * scale) <= 2 * scale


@pytest.mark.parametrize("maximize", ["box", "arrows", "none"])
def test_window_buttons_adds_the_buttons_nothing_covers(maximize):
    got = window_buttons(title_bar(maximize=maximize), Elements(), 1)
    want = ["minimize", "close"] if maximize == "none" else ["minimize", "maximize", "close"]
    assert sorted(got.label.tolist()) == sorted(want)
    assert (got.kind == "icon").all()
    assert abs(centre_x(got, "minimize") - 1260) <= 1 and abs(centre_x(got, "close") - 1344.5) <= 2
    if maximize != "none":
        assert abs(centre_x(got, "maximize") - 1306.5) <= 2


@pytest.mark.parametrize("before, after", [
    (("icon", "", "crop"), ("icon", "", "maximize")),        # the square read as a shape
    (("icon", "", "restore"), ("icon", "", "restore")),      # the icon stage saw two squares: kept
    (("text", "O", ""), ("icon", "", "maximize")),           # the square read as a letter
])
def test_window_buttons_names_the_elements_over_the_glyphs(before, after):
    kind, text, label = before
    known = Elements([[1296, 12, 1318, 32], [1334, 12, 1356, 32]], [kind, "icon"], [text, ""],
                     [label, "cancel"], icon=["mdi:crop-square", "material-symbols:cancel"])
    got = window_buttons(title_bar(), known, 1)
    assert (got.kind[0], got.text[0], got.label[0]) == after
    assert got.label[1] == "close" and got.icon[1] == ""
    assert got.label[2:].tolist() == ["minimize"]           # the dash nothing covered


def test_a_dash_already_found_is_named_not_added_again():
    known = Elements([[1250, 14, 1270, 32]], ["icon"], [""], ["remove"])
    got = window_buttons(title_bar(), known, 1)
    assert got.label[0] == "minimize" and (got.label == "minimize").sum() == 1


def test_no_title_bar_leaves_the_elements_as_they_are():
    known = Elements([[1296, 12, 1318, 32]], ["icon"], [""], ["crop"])
    assert window_buttons(title_bar(extra="low"), known, 1) is known


def test_the_parse_names_the_window_buttons():
    from detact.parser import Parser
    result = Parser().parse(title_bar())
    for name, x in [("minimize", 1260), ("maximize", 1306), ("close", 1344)]:
        hits = [e for e in result.elements if e.name == name]
        assert len(hits) == 1 and hits[0].bbox[0] <= x < hits[0].bbox[2], name
