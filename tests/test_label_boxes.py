"""Faint check boxes found before their labels (`detact.segment.label_boxes`): a table of drawn
windows for the box finder and the state reader, and drawn dialogs through the whole parser."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from conftest import font
from detact.segment.label_boxes import faint_box, faint_box_state, faint_ring_state, label_boxes

LIGHT, DARK = (246, 246, 246), (64, 66, 72)


def _dialog(background, rows, heading: str = "") -> np.ndarray:
    """A 420x240 panel: ``heading`` at (20, 10) in 16 px DejaVu Sans, then rows of (box outline
    or None, box fill or None, ticked, label) 40 px apart from y=46: a 14 px box at x=20, its
    label at x=42 in 15 px."""
    img = Image.new("RGB", (420, 240), background)
    d = ImageDraw.Draw(img)
    ink = (30, 30, 30) if sum(background) > 384 else (225, 225, 225)
    if heading:
        d.text((20, 10), heading, fill=ink, font=font(16))
    for k, (outline, fill, ticked, label) in enumerate(rows):
        y = 46 + 40 * k
        d.rectangle((20, y, 33, y + 13), outline=outline, fill=fill)
        if ticked:
            d.line((23, y + 7, 26, y + 10, 31, y + 3), fill=ink, width=2)
        d.text((42, y + 7), label, fill=ink, font=font(15), anchor="lm")
    return np.asarray(img)


@pytest.mark.parametrize("background, outline, fill, ticked", [
    (LIGHT, (222, 222, 222), None, False),        # Adwaita-like light grey outline on a light panel
    (LIGHT, (222, 222, 222), (255, 255, 255), False),
    (DARK, None, (48, 50, 56), False),            # a dark theme's box: a fill a few levels darker
    (DARK, None, (48, 50, 56), True),
    (LIGHT, (222, 222, 222), None, True),
])
def test_a_faint_box_before_its_label_is_found_and_read(background, outline, fill, ticked):
    rgb = _dialog(background, [(outline, fill, ticked, "Remember my choice")])
    text = np.array([[42, 44, 190, 62]])
    found = label_boxes(rgb, text, np.zeros((0, 4)))
    assert len(found) == 1
    x0, y0, x1, y1 = found[0].tolist()
    assert abs(x0 - 20) <= 1 and abs(y0 - 46) <= 1 and abs(x1 - 34) <= 1 and abs(y1 - 60) <= 1
    assert faint_box_state(rgb, found[0]) is ticked


@pytest.mark.parametrize("draw, why", [
    (lambda d: None, "nothing drawn"),
    (lambda d: d.rectangle((10, 33, 34, 41), outline=(200, 200, 200)), "a bar is no square"),
    (lambda d: (d.rectangle((6, 30, 18, 42), outline=(200, 200, 200)),
                d.rectangle((22, 30, 34, 42), outline=(200, 200, 200))), "two boxes: a row of icons"),
    (lambda d: d.rectangle((24, 34, 30, 40), outline=(200, 200, 200)), "far smaller than the letters"),
])
def test_what_is_no_faint_box(draw, why):
    img = Image.new("RGB", (60, 70), LIGHT)
    draw(ImageDraw.Draw(img))
    gray = np.asarray(img.convert("L"))
    assert faint_box(gray[20:55, 0:42], 18) is None, why


@pytest.mark.parametrize("draw, checked", [
    (lambda d: d.ellipse((20, 30, 34, 44), outline=(200, 200, 200)), False),                 # a light ring
    (lambda d: d.ellipse((20, 30, 34, 44), fill=(229, 229, 229)), False),                    # a faint disc
    (lambda d: (d.ellipse((20, 30, 34, 44), fill=(229, 229, 229)),
                d.ellipse((25, 35, 29, 39), fill=(150, 150, 150))), True),                   # with its dot
])
def test_a_faint_radio_is_found_and_read(draw, checked):
    img = Image.new("RGB", (60, 70), LIGHT)
    draw(ImageDraw.Draw(img))
    gray = np.asarray(img.convert("L"))
    box = faint_box(gray[20:55, 0:42], 18)
    assert box is not None
    x0, y0, x1, y1 = box
    assert faint_ring_state(np.asarray(img), (x0, y0 + 20, x1, y1 + 20)) is checked
    assert faint_box_state(np.asarray(img), (x0, y0 + 20, x1, y1 + 20)) is None      # no check box


def test_a_box_already_found_is_not_proposed_again():
    rgb = _dialog(LIGHT, [((222, 222, 222), None, False, "Remember my choice")])
    text = np.array([[42, 44, 190, 62]])
    assert len(label_boxes(rgb, text, np.array([[19, 45, 35, 61]]))) == 0
    # a contour running from the box on into the label does not hide it, nor a tick inside it
    assert len(label_boxes(rgb, text, np.array([[19, 45, 120, 61]]))) == 1
    assert len(label_boxes(rgb, text, np.array([[23, 49, 31, 57]]))) == 1
    # nor an icon further left, before the box
    assert len(label_boxes(rgb, text, np.array([[0, 40, 12, 66]]))) == 1


@pytest.mark.parametrize("background, outline, fill", [
    (LIGHT, (222, 222, 222), None),
    (DARK, None, (48, 50, 56)),
])
def test_faint_check_boxes_come_back_as_named_check_boxes(parser, background, outline, fill):
    rgb = _dialog(background, [(outline, fill, False, "Show hidden files"), (outline, fill, True, "Sort folders first"),
                               (outline, fill, False, "Remember each folder's view")], heading="Folder view")
    elements = parser.parse(rgb).elements
    boxes = [e for e in elements if e.role == "checkbox"]
    checked = {e.name: "checked" in e.states for e in boxes if e.kind == "icon"}
    assert checked == {"Show hidden files": False, "Sort folders first": True, "Remember each folder's view": False}


def _dark_radios() -> np.ndarray:
    """A dark panel (60) with three radio buttons 26 px apart: the first checked, a disc in an
    accent blue with a dot in the panel's tone at its centre, the others discs 11 levels darker
    than the panel, each with its label 16 px right of it."""
    img = Image.new("RGB", (360, 120), (60, 60, 60))
    d = ImageDraw.Draw(img)
    for k, label in enumerate(("Grab the whole desktop", "Grab the current window", "Select area to grab")):
        y = 20 + 26 * k
        if k == 0:
            d.ellipse((20, y, 34, y + 14), fill=(53, 132, 228))
            d.ellipse((25, y + 5, 29, y + 9), fill=(47, 47, 47))
        else:
            d.ellipse((20, y, 34, y + 14), fill=(49, 49, 49))
        d.text((42, y + 7), label, fill=(220, 220, 220), font=font(15), anchor="lm")
    return np.asarray(img)


def test_dark_themes_radios_come_back_as_named_radios(parser):
    radios = {e.name: "checked" in e.states for e in parser.parse(_dark_radios()).elements
              if e.role == "radio" and e.kind == "icon"}
    assert radios == {"Grab the whole desktop": True, "Grab the current window": False, "Select area to grab": False}
