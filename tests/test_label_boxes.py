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


def _mask(draw_shape, size: int) -> np.ndarray:
    """A (size, size) bool mask of one shape drawn by ``draw_shape(ImageDraw, last)``."""
    img = Image.new("L", (size, size), 0)
    draw_shape(ImageDraw.Draw(img), size - 1)
    return np.asarray(img) > 0


TK_FACE = """
...####...
.########.
.########.
##########
##########
##########
##########
.########.
.########.
...####..."""          # a classic Tk radio's 10 px face, as the faint threshold finds it


def test_a_small_disc_that_inks_its_corner_pixel_is_round():
    # a 2 px square corner holds the disc's innermost corner pixel; the corner's triangle does not
    from detact.segment.label_boxes import is_round

    assert is_round(np.array([[c == "#" for c in row] for row in TK_FACE.split()]))


@pytest.mark.parametrize("name, draw_shape, size, expected", [
    ("disc", lambda d, e: d.ellipse((0, 0, e, e), fill=255), 10, True),          # a Tk radio's face
    ("disc", lambda d, e: d.ellipse((0, 0, e, e), fill=255), 20, True),
    ("ring", lambda d, e: d.ellipse((0, 0, e, e), outline=255, width=2), 14, True),
    ("diamond", lambda d, e: d.polygon([(e / 2, 0), (e, e / 2), (e / 2, e), (0, e / 2)], fill=255), 13, True),
    ("square", lambda d, e: d.rectangle((0, 0, e, e), fill=255), 12, False),
    ("rounded square", lambda d, e: d.rounded_rectangle((0, 0, e, e), radius=3, fill=255), 12, False),
    ("rounded square", lambda d, e: d.rounded_rectangle((0, 0, e, e), radius=4, fill=255), 18, False),
])
def test_is_round(name, draw_shape, size, expected):
    from detact.segment.label_boxes import is_round

    assert is_round(_mask(draw_shape, size)) is expected, name


def _bevelled(kind: str, checked: bool, dark: bool = False) -> np.ndarray:
    """A 24 x 24 patch of a panel with one classic Tk radio at (6, 6)-(18, 18): a "ring" (dark
    upper-left arc, lit lower-right arc, white face, a black dot when checked) or a "diamond"
    (lit upper edge and dark lower edge, 2 px each; sunken, the other way round, and filled
    in an accent blue when checked)."""
    panel = (45, 45, 45) if dark else (217, 217, 217)
    img = Image.new("RGB", (24, 24), panel)
    d = ImageDraw.Draw(img)
    box = (6, 6, 18, 18)
    if kind == "ring":
        d.ellipse(box, fill=(255, 255, 255) if not dark else (30, 30, 30))
        d.arc(box, 135, 315, fill=(130, 130, 130) if not dark else (10, 10, 10))
        d.arc(box, 315, 135, fill=(255, 255, 255) if not dark else (90, 90, 90))
        if checked:
            d.ellipse((10, 10, 14, 14), fill=(0, 0, 0) if not dark else (230, 230, 230))
    else:
        pts = [(12, 6), (18, 12), (12, 18), (6, 12)]
        lit, shade = ((139, 139, 139), (255, 255, 255)) if checked else ((255, 255, 255), (139, 139, 139))
        d.polygon(pts, fill=(74, 105, 189) if checked else (232, 232, 232))
        d.line([(6, 12), (12, 6), (18, 12)], fill=lit, width=2)
        d.line([(6, 12), (12, 18), (18, 12)], fill=shade, width=2)
    return np.asarray(img)


@pytest.mark.parametrize("kind, dark", [("ring", False), ("ring", True), ("diamond", False)])
@pytest.mark.parametrize("checked", [False, True])
def test_a_bevelled_radio_is_a_ring(kind, dark, checked):
    # Tk's classic looks (and Motif's) draw a radio's outline half dark, half lit: at the usual
    # contrast only the dark half shows, no ring; a faint look sees the whole face
    from detact.semantics.roles import ring_state

    assert ring_state(_bevelled(kind, checked, dark), (6, 6, 19, 19)) is checked


@pytest.mark.parametrize("face, expected", [((232, 232, 232), False), ((255, 255, 255), False),
                                            ((74, 105, 189), True), ((176, 48, 96), True)])
def test_a_box_filled_in_an_accent_colour_is_ticked(face, expected):
    # classic Tk's and Motif's check box: a bevelled square whose face turns an accent colour
    # when on, nothing drawn on it
    from detact.semantics.roles import box_state

    img = Image.new("RGB", (28, 28), (217, 217, 217))
    d = ImageDraw.Draw(img)
    d.rectangle((6, 6, 20, 20), fill=face)
    lit, shade = ((139, 139, 139), (255, 255, 255)) if expected else ((255, 255, 255), (139, 139, 139))
    d.line([(6, 20), (6, 6), (20, 6)], fill=lit, width=2)
    d.line([(7, 20), (20, 20), (20, 7)], fill=shade, width=2)
    assert box_state(np.asarray(img), (6, 6, 21, 21)) is expected


def test_a_picture_on_a_disc_is_no_bevelled_radio():
    # a home folder's icon (thunar's sidebar, on its selected row): a white house on an orange
    # disc; the ink at the usual contrast, the house, stands inside the disc, no side of it
    from detact.semantics.roles import ring_state

    img = Image.new("RGB", (30, 30), (27, 106, 203))
    d = ImageDraw.Draw(img)
    d.ellipse((5, 5, 24, 24), fill=(203, 75, 22))
    d.polygon([(14.5, 8), (22, 14), (7, 14)], fill=(250, 240, 235))
    d.rectangle((10, 14, 19, 19), fill=(250, 240, 235))
    assert ring_state(np.asarray(img), (6, 6, 24, 24)) is None
