"""One element holds the keyboard focus: the classifier's "focused" goes to the likeliest one of
a screenshot only (`semantics.roles.ControlClassifier.classify`), on the bundled sample and on a
drawn form whose three fields are all ringed in the accent colour."""
from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from tests.conftest import SAMPLE, font


def _focused(result) -> list[int]:
    return [i for i, s in enumerate(result.elements.states) if "focused" in s]


def test_the_sample_has_one_focus_at_most(parser):
    result = parser.parse(np.asarray(Image.open(SAMPLE).convert("RGB")))
    assert len(result.elements) > 20
    assert len(_focused(result)) <= 1


def test_fields_ringed_alike_share_one_focus(parser):
    img = Image.new("RGB", (700, 360), (246, 245, 244))
    d = ImageDraw.Draw(img)
    f = font(15)
    for k, (label, value) in enumerate((("Name:", "Ada"), ("E-mail:", "ada@example.com"), ("City:", "London"))):
        y = 40 + 90 * k
        d.text((40, y + 8), label, fill=(46, 52, 54), font=f)
        d.rounded_rectangle((160, y, 520, y + 36), radius=5, fill="white", outline=(53, 132, 228), width=2)
        d.text((172, y + 8), value, fill=(46, 52, 54), font=f)
    result = parser.parse(np.asarray(img))
    assert any(str(t) == "ada@example.com" for t in result.elements.text)
    assert len(_focused(result)) <= 1
