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


# Menu glyphs drawn as three strokes each too small to keep (`three_strokes`): (x, y, w, h) of
# each stroke on a 64 px tall bar at (100, 0), the screen's scale, and whether the glyph is found.
DARK, LIGHT = (43, 43, 43), (232, 232, 232)
BARS_AT_2 = [(100, 22, 22, 4), (100, 30, 22, 4), (100, 38, 22, 4)]        # a hamburger at scale 2
DOTS_APART = [(104, 20, 3, 3), (104, 27, 3, 3), (104, 34, 3, 3)]          # "more": dots 4 px apart
DOTS_CLOSE = [(104, 24, 2, 2), (104, 28, 2, 2), (104, 32, 2, 2)]          # ... 2 px apart: one component
#: a stroke's right column is drawn this much lighter, as anti-aliasing does: Canny finds no edge
#: round a perfectly even 2 px dot (its suppression drops both sides of a tie)
SHADE = 2
DOTS_IN_ROW = [(100, 30, 3, 3), (107, 30, 3, 3), (114, 30, 3, 3)]         # horizontal "more"


@pytest.mark.parametrize("strokes, scale, fg, bg, found", [
    (BARS_AT_2, 2, (190, 190, 190), DARK, True),
    (DOTS_APART, 1, (100, 100, 100), LIGHT, True),
    (DOTS_CLOSE, 1, (132, 132, 132), LIGHT, True),
    (DOTS_IN_ROW, 1, (60, 60, 60), LIGHT, True),
    (DOTS_APART + [(104, 41, 3, 3)], 1, (100, 100, 100), LIGHT, False),    # four: a dotted rule
    (DOTS_IN_ROW + [(121, 28, 2, 8)], 1, (60, 60, 60), LIGHT, False),      # "...]": text goes on
    ([(100, 24, 3, 3), (107, 23, 5, 5), (116, 24, 3, 3)], 1, (60, 60, 60), LIGHT, False),  # unlike
    ([(104, 20, 3, 3), (104, 27, 3, 3), (104, 38, 3, 3)], 1, (100, 100, 100), LIGHT, False),  # uneven
])
def test_menu_glyphs_of_three_strokes_are_found(strokes, scale, fg, bg, found):
    im = Image.new("RGB", (400, 64), bg)
    d = ImageDraw.Draw(im)
    for x, y, w, h in strokes:
        d.rectangle((x, y, x + w - 1, y + h - 1), fill=fg)
        d.line((x + w - 1, y, x + w - 1, y + h - 1), fill=tuple(v + SHADE for v in fg))
    x0, y0 = min(s[0] for s in strokes), min(s[1] for s in strokes)
    x1, y1 = max(s[0] + s[2] for s in strokes), max(s[1] + s[3] for s in strokes)
    cx, cy, side = (x0 + x1) / 2, (y0 + y1) / 2, max(x1 - x0, y1 - y0)
    regions = ClassicalSegmenter(scale=scale).segment(np.asarray(im))
    # the glyph's square about its centre (a stroke big enough to keep alone is no glyph)
    hit = [r.bbox for r in regions if abs((r.bbox[0] + r.bbox[2]) / 2 - cx) <= 2
           and abs((r.bbox[1] + r.bbox[3]) / 2 - cy) <= 2
           and abs((r.bbox[2] - r.bbox[0]) - side) <= 4 and abs((r.bbox[3] - r.bbox[1]) - side) <= 4]
    assert bool(hit) == found, [r.bbox for r in regions]


def _chevron(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, width: int, fill) -> None:
    d.line((x, y, x + w // 2, y + h, x + w, y), fill=fill, width=width)


@pytest.mark.parametrize("draw, scale, box, found", [
    # GTK's pan-down chevron at scale 2: 20 x 8 px, too flat for the 16 px floor
    (lambda d: _chevron(d, 100, 30, 20, 8, 3, (50, 50, 50)), 2, (100, 30, 121, 39), True),
    # a drop-down caret (a solid triangle) 12 x 6 px at scale 1
    (lambda d: d.polygon([(100, 30), (112, 30), (106, 36)], fill=(60, 60, 60)), 1, (100, 30, 113, 37), True),
    # a minus key's dash, solid: no glyph (nor a minimize button's, found by where it sits)
    (lambda d: d.rectangle((100, 30, 107, 31), fill=(40, 40, 40)), 1, (100, 30, 108, 32), False),
    (lambda d: d.rectangle((100, 30, 115, 33), fill=(40, 40, 40)), 2, (100, 30, 116, 34), False),
    # an expander's triangle pointing right at scale 2: 11 x 25 px, too narrow for the floor
    (lambda d: d.polygon([(100, 30), (110, 42), (100, 54)], fill=(60, 60, 60)), 2, (100, 30, 111, 55), True),
    # ... but not a letter as narrow: a "(" or a "1" (the text stage reads them)
    (lambda d: d.arc((100, 30, 124, 56), 110, 250, fill=(40, 40, 40), width=3), 2, (100, 32, 109, 54), False),
    (lambda d: d.line((100, 34, 106, 30, 106, 54), fill=(40, 40, 40), width=3), 2, (99, 29, 108, 55), False),
])
def test_flat_glyphs_are_boxed_and_bars_are_not(draw, scale, box, found):
    im = Image.new("RGB", (400, 80), LIGHT)
    draw(ImageDraw.Draw(im))
    regions = ClassicalSegmenter(scale=scale).segment(np.asarray(im))
    assert _found(regions, box, tol=3) == found, [r.bbox for r in regions]
