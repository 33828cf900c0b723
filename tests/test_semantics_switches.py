"""Switches drawn as toolkits draw them: a pill with a knob at one end, on at the right."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.semantics.switches import pill_state

WHITE, PAGE_DARK = (255, 255, 255), (30, 30, 30)
BLUE, GREY, SLATE, PALE_BLUE, GREEN = (53, 132, 228), (203, 213, 225), (84, 102, 130), (138, 180, 248), (52, 199, 89)


def switch(on: bool, track, knob, page=WHITE, height: int = 24, width: int = 48, knob_size: float = 0.8,
           track_height: float = 1.0, outline=None, scale: int = 1, supersample: int = 4) -> tuple[np.ndarray, tuple]:
    """A switch on a page: a pill ``width`` x ``height`` px (times ``scale``) in the ``track``
    colour, ``track_height`` of the height tall, and a disc ``knob_size`` of the height across
    at its right end when ``on``, else at its left; drawn ``supersample`` times larger and
    shrunk, so its edges are anti-aliased as a screen draws them. Returns the image and the
    switch's box."""
    k = scale * supersample
    w, h = width * k, height * k
    pad = 10 * k
    img = Image.new("RGB", (w + 2 * pad, h + 2 * pad), page)
    draw = ImageDraw.Draw(img)
    th = h * track_height
    ty = pad + (h - th) / 2
    draw.rounded_rectangle((pad, ty, pad + w, ty + th), radius=th / 2, fill=track, outline=outline,
                           width=k if outline else 0)
    d = h * knob_size
    cx = pad + w - h / 2 if on else pad + h / 2
    cy = pad + h / 2
    draw.ellipse((cx - d / 2, cy - d / 2, cx + d / 2, cy + d / 2), fill=knob)
    img = img.resize((img.width // supersample, img.height // supersample), Image.LANCZOS)
    s = pad // supersample
    return np.asarray(img), (s, s, s + w // supersample, s + h // supersample)


CASES = [  # id, drawing, scale, state
    ("libadwaita on", dict(on=True, track=BLUE, knob=WHITE), 1, True),
    ("libadwaita off", dict(on=False, track=GREY, knob=WHITE), 1, False),
    ("libadwaita on at scale 2", dict(on=True, track=BLUE, knob=WHITE, scale=2), 2, True),
    ("knob as tall as the pill", dict(on=True, track=BLUE, knob=WHITE, knob_size=1.0, page=PAGE_DARK), 1, True),
    ("dark theme on: thin track, big pale knob", dict(on=True, track=SLATE, knob=PALE_BLUE, page=PAGE_DARK,
                                                     track_height=0.6, knob_size=1.0, height=20, width=36), 1, True),
    ("dark theme off", dict(on=False, track=(70, 70, 70), knob=(190, 190, 190), page=PAGE_DARK,
                            track_height=0.6, knob_size=1.0, height=20, width=36), 1, False),
    ("iOS on", dict(on=True, track=GREEN, knob=WHITE, height=31, width=51, knob_size=0.9), 1, True),
    ("outlined off, grey knob on white", dict(on=False, track=WHITE, knob=(120, 120, 120), outline=(120, 120, 120),
                                              knob_size=0.6, height=20, width=40), 1, False),
    ("small web switch", dict(on=True, track=BLUE, knob=WHITE, height=16, width=30), 1, True),
    ("small web switch, off", dict(on=False, track=GREY, knob=WHITE, height=16, width=30), 1, False),
]


@pytest.mark.parametrize("drawing,scale,want", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_pill_state_reads_the_knob_end(drawing, scale, want):
    rgb, box = switch(**drawing)
    assert pill_state(rgb, box, scale) is want


def pill_button(page=WHITE) -> tuple[np.ndarray, tuple]:
    """A round-ended button in one colour with a white label on it: no knob."""
    img = Image.new("RGB", (120, 44), page)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((10, 10, 110, 34), radius=12, fill=BLUE)
    draw.text((40, 15), "Save", fill=WHITE)
    return np.asarray(img), (10, 10, 111, 35)


def square_field() -> tuple[np.ndarray, tuple]:
    """A text field's square-cornered frame, half grey and half white."""
    img = Image.new("RGB", (80, 40), WHITE)
    draw = ImageDraw.Draw(img)
    draw.rectangle((10, 10, 70, 30), fill=GREY, outline=(90, 90, 90))
    draw.rectangle((40, 11, 69, 29), fill=WHITE)
    return np.asarray(img), (10, 10, 71, 31)


def two_halves() -> tuple[np.ndarray, tuple]:
    """A pill cut straight down its middle into two colours: no round knob edge."""
    img = Image.new("RGB", (80, 40), WHITE)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((10, 10, 58, 34), radius=12, fill=BLUE)
    draw.rectangle((34, 10, 46, 34), fill=GREEN)
    draw.pieslice((34, 10, 58, 34), -90, 90, fill=GREEN)
    return np.asarray(img), (10, 10, 59, 35)


def ring() -> tuple[np.ndarray, tuple]:
    """A radio button's ring: round, not a pill."""
    img = Image.new("RGB", (40, 40), WHITE)
    ImageDraw.Draw(img).ellipse((10, 10, 30, 30), outline=(90, 90, 90), width=2)
    return np.asarray(img), (10, 10, 31, 31)


@pytest.mark.parametrize("drawn", [pill_button, square_field, two_halves, ring],
                         ids=["pill button in one colour", "square field", "pill cut straight", "radio ring"])
def test_pill_state_is_none_for_what_is_no_switch(drawn):
    rgb, box = drawn()
    assert pill_state(rgb, box) is None


def test_pill_state_is_none_for_a_blank_or_tiny_box():
    rgb = np.full((40, 80, 3), 255, np.uint8)
    assert pill_state(rgb, (10, 10, 60, 30)) is None
    assert pill_state(rgb, (10, 10, 11, 11)) is None
    on, box = switch(True, BLUE, WHITE, height=6, width=12)      # smaller than any switch drawn
    assert pill_state(on, box) is None
