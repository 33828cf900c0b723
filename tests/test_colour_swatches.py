"""Colour buttons (`detact.icons.swatches`): a plate showing one flat rectangle of colour, on
drawn crops (table driven) and on a drawn preferences page the full parser reads."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.icons.swatches import SWATCH_FUNCTION, is_colour_swatch


def plate(inner: str, colour=(204, 0, 0), size=(44, 36)) -> np.ndarray:
    """A 44x36 button plate (light grey, 1 px border) holding ``inner``: "swatch" (a 30x20
    rectangle of ``colour`` with a darker edge), "square" (a 14x14 one: a stop button's),
    "tick" (a ticked box), "field" (the plate's inside left plain), "two" (two colours)."""
    im = Image.new("RGB", size, (246, 245, 244))
    d = ImageDraw.Draw(im)
    w, h = size
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=4, fill=(237, 235, 233), outline=(180, 174, 169))
    if inner == "swatch":
        d.rectangle((6, 7, 36, 27), fill=colour, outline=tuple(max(0, c - 60) for c in colour))
        d.rectangle((7, 8, 35, 26), fill=colour)
    elif inner == "square":
        d.rectangle((15, 11, 28, 24), fill=(46, 52, 54))
    elif inner == "tick":
        d.rectangle((12, 8, 31, 27), fill=(53, 132, 228))
        d.line((16, 18, 20, 23, 28, 12), fill="white", width=2)
    elif inner == "two":
        d.rectangle((6, 7, 20, 27), fill=colour)
        d.rectangle((21, 7, 36, 27), fill=(52, 101, 164))
    return np.asarray(im)


@pytest.mark.parametrize("inner, colour, expected", [
    ("swatch", (204, 0, 0), True),          # a red palette entry
    ("swatch", (0, 0, 0), True),            # black
    ("swatch", (255, 255, 255), True),      # white on the light plate: its edge sets it apart
    ("square", (0, 0, 0), False),           # a stop button: square, small
    ("tick", (0, 0, 0), False),             # a ticked check box: a mark inside the fill
    ("field", (0, 0, 0), False),            # nothing inside: the plate's own face touches its border
    ("two", (204, 0, 0), False),            # two colours: a picture, no swatch
])
def test_is_colour_swatch(inner, colour, expected):
    assert is_colour_swatch(plate(inner, colour)) is expected


def test_a_palette_of_colour_buttons_is_buttons(tmp_path):
    from detact.parser import Parser
    from tests.conftest import font
    im = Image.new("RGB", (1000, 400), (246, 245, 244))
    d = ImageDraw.Draw(im)
    d.text((20, 28), "Palette:", fill=(46, 52, 54), font=font(15))
    colours = [(0, 0, 0), (204, 0, 0), (78, 154, 6), (196, 160, 0), (52, 101, 164), (117, 80, 123)]
    for k, colour in enumerate(colours):
        im.paste(Image.fromarray(plate("swatch", colour)), (97 + 54 * k, 19))
    els = Parser().parse(np.asarray(im)).elements
    found = [i for i in range(len(els)) if els.label[i] == SWATCH_FUNCTION]
    assert len(found) == len(colours), [(els.kind[i], els.label[i], els.xyxy[i].tolist()) for i in range(len(els))]
    assert all(els.role[i] == "button" and "checked" not in els.states[i] for i in found)
