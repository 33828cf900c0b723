"""A 2048 px capture of a screen at scale 2 (a 1024x768 screen, GDK_SCALE=2) draws a spin button
70 px tall: the compound candidates take the scale the text tells (`scale.pixel_scale`), so its
frame is still one control (`semantics.compounds.compound_candidates`), named by its label."""
from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from tests.conftest import font

WINDOW, INK, BORDER = (250, 250, 250), (46, 52, 54), (140, 130, 120)


def spin_button_screen(width: int = 2048, height: int = 1536, k: int = 2) -> np.ndarray:
    """A preferences page drawn at scale ``k``: "Update interval in seconds" and a GTK 4 spin
    button ("3.00 | - | +") on its right, with a few lines of text above and below."""
    img = Image.new("RGB", (width, height), WINDOW)
    d = ImageDraw.Draw(img)
    f = font(14 * k)
    for row, text in enumerate(("Behavior", "Show all processes", "Smooth refresh", "Alert before ending")):
        d.text((60 * k, (40 + 50 * row) * k), text, fill=INK, font=f)
    y = 260 * k
    d.text((60 * k, y + 8 * k), "Update interval in seconds", fill=INK, font=f)
    x0, x1 = 650 * k, 782 * k
    d.rounded_rectangle((x0, y, x1, y + 34 * k), radius=6 * k, outline=BORDER, width=k, fill="white")
    d.text((x0 + 10 * k, y + 8 * k), "3.00", fill=INK, font=f)
    for sep in (x1 - 70 * k, x1 - 35 * k):
        d.line((sep, y + k, sep, y + 33 * k), fill=(220, 220, 218), width=k)
    cy = y + 17 * k
    d.line((x1 - 60 * k, cy, x1 - 45 * k, cy), fill=INK, width=2 * k)                       # "-"
    d.line((x1 - 25 * k, cy, x1 - 10 * k, cy), fill=INK, width=2 * k)                       # "+"
    d.line((x1 - 17 * k, cy - 8 * k, x1 - 17 * k, cy + 7 * k), fill=INK, width=2 * k)
    for row, text in enumerate(("Show dependencies", "Draw stacked charts")):
        d.text((60 * k, (330 + 50 * row) * k), text, fill=INK, font=f)
    return np.asarray(img)


def test_a_spin_button_on_a_scale_two_capture_is_one_named_spin_box():
    from detact.parser import Parser
    els = Parser().parse(spin_button_screen()).elements
    spins = [i for i in range(len(els)) if els.role[i] == "spinbox" and els.kind[i] == "region"]
    assert len(spins) == 1, [(els.kind[i], els.role[i], els.text[i], els.xyxy[i].tolist()) for i in range(len(els))]
    i = spins[0]
    assert els.name[i] == "Update interval in seconds"
    assert els.value[i] == "3.00"
    assert 1295 <= els.xyxy[i, 0] <= 1310 and els.xyxy[i, 2] >= 1550
