"""Pressed toggle buttons in a drawn header bar: the one plate on the other side of the bar."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.semantics.pressed import plate_colours, pressed_buttons, pressed_labels

LIGHT_BAR, LIGHT_PLATE, LIGHT_PRESSED = (220, 217, 213), (241, 240, 238), (207, 202, 196)
DARK_BAR, DARK_PLATE, DARK_PRESSED = (40, 40, 40), (51, 51, 51), (30, 30, 30)
RED = (192, 28, 40)


def header_bar(plates: list[tuple[int, int, int] | None], bar=LIGHT_BAR, ink=(46, 52, 54),
               scale: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """A GTK-like header bar with one 34 x 34 button per entry of ``plates`` (None: a flat
    button) holding a 16 px hamburger glyph; returns the image and the glyph boxes."""
    s = scale
    img = Image.new("RGB", (60 * s * len(plates) + 40 * s, 48 * s), bar)
    draw = ImageDraw.Draw(img)
    boxes = []
    for k, plate in enumerate(plates):
        x, y = 20 * s + 60 * s * k, 7 * s
        if plate is not None:
            draw.rounded_rectangle((x, y, x + 34 * s, y + 34 * s), radius=5 * s, fill=plate)
        gx, gy = x + 9 * s, y + 9 * s
        for line in range(3):
            draw.rectangle((gx, gy + (2 + 5 * line) * s, gx + 15 * s, gy + (3 + 5 * line) * s), fill=ink)
        boxes.append((gx, gy + 2 * s, gx + 16 * s, gy + 14 * s))
    return np.asarray(img), np.array(boxes)


P, L = LIGHT_PRESSED, LIGHT_PLATE
CASES = [  # id, plates, bar, glyph colour, scale, pressed
    ("light, third pressed", [L, L, P, L], LIGHT_BAR, (46, 52, 54), 1, [False, False, True, False]),
    ("dark, last pressed", [DARK_PLATE] * 3 + [DARK_PRESSED], DARK_BAR, (238, 238, 236), 1,
     [False, False, False, True]),
    ("scale 2, first pressed", [P, L, L], LIGHT_BAR, (46, 52, 54), 2, [True, False, False]),
    ("all plates alike", [L, L, L, L], LIGHT_BAR, (46, 52, 54), 1, [False] * 4),
    ("flat buttons", [None] * 4, LIGHT_BAR, (46, 52, 54), 1, [False] * 4),
    ("a red button is coloured, not pressed", [L, L, RED, L], LIGHT_BAR, (255, 255, 255), 1, [False] * 4),
    ("two plated buttons are no row", [L, P, None], LIGHT_BAR, (46, 52, 54), 1, [False] * 3),
    ("half of them darker: no odd one out", [L, P, L, P], LIGHT_BAR, (46, 52, 54), 1, [False] * 4),
]


@pytest.mark.parametrize("plates,bar,ink,scale,want", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_pressed_buttons_on_drawn_bars(plates, bar, ink, scale, want):
    rgb, boxes = header_bar(plates, bar, ink, scale)
    assert pressed_buttons(rgb, boxes, scale).tolist() == want


def test_plate_colours_are_the_plate_and_the_bar():
    rgb, boxes = header_bar([LIGHT_PLATE, None, LIGHT_PRESSED])
    near, far = plate_colours(rgb, boxes)
    assert np.allclose(far, LIGHT_BAR, atol=1)
    assert np.allclose(near, [LIGHT_PLATE, LIGHT_BAR, LIGHT_PRESSED], atol=1)


def test_parse_marks_the_pressed_toolbar_button(parser):
    """End to end: Lucide icons (drawn with cairosvg) on the plates of a header bar, the
    middle one pressed; the parser's elements there carry "pressed" only for that one."""
    from tests.test_icons import LUCIDE, paste_svg
    img = Image.new("RGB", (900, 120), (246, 245, 244))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, 900, 48), fill=LIGHT_BAR)
    names = ["search", "home", "download", "notifications", "search"]
    plates = [L, L, P, L, L]
    boxes = []
    for k, (name, plate) in enumerate(zip(names, plates)):
        x, y = 20 + 60 * k, 7
        draw.rounded_rectangle((x, y, x + 34, y + 34), radius=5, fill=plate)
        boxes.append(paste_svg(img, LUCIDE[name], 16, (x + 9, y + 9), (46, 52, 54)))
    draw.text((400, 18), "Documents", fill=(46, 52, 54))
    els = parser.parse(np.asarray(img)).elements
    pressed = []
    for x0, y0, x1, y1 in boxes:
        inside = [e for e in els if x0 <= e.center[0] <= x1 and y0 <= e.center[1] <= y1]
        assert len(inside) == 1, (x0, y0, x1, y1, inside)
        pressed.append("pressed" in inside[0].states)
    assert pressed == [p is P for p in plates]


def _text_button(bar, plate, ink) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A 40 x 30 px framed plate with a label bar drawn in ``ink`` on a ``bar`` window: the
    picture, the label's box and the frame's."""
    rgb = np.zeros((80, 120, 3), np.uint8)
    rgb[:] = bar
    rgb[25:55, 40:80] = plate
    rgb[35:45, 48:72] = ink
    return rgb, np.array([[47, 34, 73, 46]]), np.array([[40, 25, 80, 55]])


@pytest.mark.parametrize("bar, plate, ink, pressed", [
    ((206, 206, 206), (177, 177, 177), (20, 20, 20), True),    # a light theme's pressed toggle (Greybird)
    ((206, 206, 206), (212, 212, 212), (20, 20, 20), False),   # ... the same button released: lighter
    ((246, 246, 246), (236, 236, 236), (20, 20, 20), False),   # a plate a few levels darker: released
    ((50, 50, 50), (25, 25, 25), (220, 220, 220), True),       # a dark theme's pressed toggle
    ((255, 255, 255), (60, 60, 60), (255, 255, 255), False),   # a dark button with white text on a page
    ((246, 246, 246), (40, 110, 220), (255, 255, 255), False),  # a blue suggested-action button
    ((250, 250, 250), (207, 226, 250), (26, 115, 232), True),   # Materia's pressed toggle: tinted plate, accent label
    ((250, 250, 250), (207, 226, 250), (40, 40, 40), False),    # ... a tinted plate under a black label: a selected row
    ((250, 250, 250), (242, 242, 242), (26, 115, 232), False),  # ... an accent label on a grey plate: a link-like button
    ((250, 250, 250), (250, 226, 207), (26, 115, 232), False),  # ... a blue label on an orange tint: two hues
])
def test_a_text_button_on_a_plate_darker_than_its_bar_is_pressed(bar, plate, ink, pressed):
    rgb, text, frame = _text_button(bar, plate, ink)
    assert pressed_labels(rgb, text, frame).tolist() == [pressed]
