"""Icons drawn against a frame's or a pane's rule (`detact.segment.classical.glyphs_on_rules`):
the segmenter's dilation joins them to the rule, whose component is too large to keep, so they
are found again with the long straight edges taken out. Drawn screens, the real segmenter."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.segment.classical import ClassicalSegmenter

GREY, BLUE, WHITE = (150, 150, 150), (53, 132, 228), (255, 255, 255)


def folder(draw: ImageDraw.ImageDraw, x: int, y: int, side: int) -> tuple[int, int, int, int]:
    """A folder-like picture ``side`` px square at (x, y): a tab and a body, with a fold line."""
    draw.rectangle((x, y, x + side // 2, y + side // 5), fill=BLUE)
    draw.rectangle((x, y + side // 6, x + side - 1, y + side - 1), fill=BLUE)
    draw.line((x + 2, y + side // 3, x + side - 3, y + side // 3), fill=WHITE)
    return x, y, x + side, y + side


def screen() -> tuple[np.ndarray, dict[str, list[tuple[int, int, int, int]]]]:
    """A window: a file view's frame with its first row of 46 px pictures 2 px under the top rule,
    a sidebar whose 16 px icons stand 3 px from the pane's edge and 2 px apart, and a slider's
    knob on a track too long to keep (a knob is the slider's, no icon of its own)."""
    im = Image.new("RGB", (1000, 560), (239, 239, 239))
    d = ImageDraw.Draw(im)
    drawn: dict[str, list[tuple[int, int, int, int]]] = {"view": [], "sidebar": []}
    d.rectangle((200, 96, 990, 540), fill=WHITE, outline=GREY)
    for k in range(5):
        drawn["view"].append(folder(d, 236 + 110 * k, 99, 46))
    d.rectangle((0, 60, 190, 540), fill=WHITE, outline=GREY)
    for k in range(6):
        drawn["sidebar"].append(folder(d, 3, 63 + 18 * k, 16))
    d.line((40, 480, 640, 480), fill=GREY, width=2)          # a long slider track ...
    d.ellipse((40, 473, 54, 487), fill=WHITE, outline=GREY)  # ... and its knob at the start
    return np.asarray(im), drawn


def _found(regions, box, tol=3) -> bool:
    return any(all(abs(int(a) - b) <= tol for a, b in zip(r.bbox, box)) for r in regions)


@pytest.mark.parametrize("where", ["view", "sidebar"])
def test_icons_against_a_rule_are_found(where):
    rgb, drawn = screen()
    regions = ClassicalSegmenter(scale=1).segment(rgb)
    missed = [box for box in drawn[where] if not _found(regions, box)]
    assert not missed, (missed, [r.bbox for r in regions])


def test_a_knob_on_its_track_is_no_icon():
    rgb, _ = screen()
    regions = ClassicalSegmenter(scale=1).segment(rgb)
    assert not _found(regions, (40, 473, 55, 488)), [r.bbox for r in regions]


@pytest.mark.parametrize("text, labelled", [
    ((30, 4, 90, 20), True),        # a sidebar's place: its name on the icon's right
    ((50, 4, 110, 20), False),      # ... too far right (over a width)
    ((30, -20, 90, 60), False),     # ... over twice as tall: no label of it
    ((30, 30, 90, 46), False),      # ... on another row
    ((-10, 26, 30, 40), True),      # an icon view's name centred under its picture
    ((-10, 26, 30, 52), False),     # ... but taller than the picture
    ((-10, 40, 30, 54), False),     # ... too far under it
    ((20, 26, 60, 40), False),      # ... off its centre
])
def test_a_box_found_against_a_rule_needs_a_label(text, labelled):
    from detact.segment.classical import labelled_boxes
    box = np.array([[0, 0, 20, 24]])
    assert labelled_boxes(box, np.array([text])).tolist() == [labelled]
