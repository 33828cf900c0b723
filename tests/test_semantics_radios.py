"""Radio buttons drawn as a light ring round a dark dot: the ring is the glyph, the dot its state."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from conftest import font

LABELS = ["Grab the whole desktop", "Grab the current window", "Select area to grab"]


def radio_column(checked: int, scale: int = 2, page=(206, 206, 206)) -> np.ndarray:
    """MATE's screenshot dialog, drawn: three radios (a 16 px ring filled near-white, a dark dot
    in the ``checked`` one) with their labels, at ``scale``."""
    s = scale
    img = Image.new("RGB", (350 * s, 100 * s + 60), page)
    draw = ImageDraw.Draw(img)
    for k, label in enumerate(LABELS):
        x, y = 30 * s, 20 * s + 27 * s * k
        draw.ellipse((x, y, x + 16 * s, y + 16 * s), fill=(240, 240, 240), outline=(120, 120, 120), width=s)
        if k == checked:
            draw.ellipse((x + 5 * s, y + 5 * s, x + 11 * s, y + 11 * s), fill=(50, 50, 50))
        draw.text((x + 22 * s, y), label, fill=(50, 50, 50), font=font(11 * s))
    return np.asarray(img)


@pytest.mark.parametrize("checked", [0, 1, 2])
def test_the_checked_radio_is_its_ring_with_the_dot(parser, checked):
    # the segmenter frames the dot by the ring; the ring is the radio's glyph all the same
    els = parser.parse(radio_column(checked)).elements
    radios = {str(els.name[i]): i for i in range(len(els)) if els.role[i] == "radio"}
    assert set(radios) == set(LABELS), radios
    assert [t for t in LABELS if "checked" in els.states[radios[t]]] == [LABELS[checked]]
    ring = els.xyxy[radios[LABELS[checked]]]
    assert ring[0] <= 61 and ring[1] <= 41 + 54 * checked       # the box starts at the ring, not the dot
