"""Each rule of `detact.merge` on hand-drawn box layouts (see the module docstring), table
driven: text and region boxes in, which boxes come out."""
from __future__ import annotations

import numpy as np
import pytest

from detact.elements import Elements
from detact.merge import (collapse_overlaps, drop_phantom_text, glyphs_beside_icons, icons_read_as_symbols, joined_icon_pieces,
                          merge, merge_layout)


def text(*items) -> Elements:
    """Text elements from (box, text, score) tuples."""
    return Elements([b for b, _, _ in items], ["text"] * len(items), [t for _, t, _ in items],
                    score=[s for _, _, s in items])


def regions(*boxes) -> Elements:
    return Elements(list(boxes), ["region"] * len(boxes), score=[0.5] * len(boxes))


def boxes_of(els: Elements) -> list[list[int]]:
    return els.xyxy.tolist()


@pytest.mark.parametrize("read, kept", [
    (("J", 0.5), False),     # a checkbox read as one low-confidence letter: phantom
    (("J", 0.9), True),      # one confident letter (a key) stays
    (("OK", 0.3), True),     # two characters are not phantoms, whatever the score
    ((" x ", 0.5), False),   # one character once stripped, not confident
])
def test_rule1_phantom_single_characters(read, kept):
    t, score = read
    out = drop_phantom_text(text(([0, 0, 10, 10], t, score)))
    assert (len(out) == 1) is kept


@pytest.mark.parametrize("middle, left, right, kept", [
    ("=", [0, 0, 40, 20], [66, 0, 100, 20], True),     # "width = width": a symbol between two words
    ("=", [0, 0, 40, 20], None, False),                # a word on one side only: a menu glyph beside a title
    ("=", [0, 0, 10, 20], [90, 0, 100, 20], False),    # words too far off (more than a line height)
    ("=", [0, 30, 40, 50], [66, 30, 100, 50], False),  # words on the next line
    ("J", [0, 0, 40, 20], [66, 0, 100, 20], False),    # a letter between words stays a phantom (a checkbox)
])
def test_rule1_a_symbol_between_two_words_is_no_phantom(middle, left, right, kept):
    rows = [([46, 0, 60, 20], middle, 0.6), (left, "self.width", 0.99)] + ([(right, "width", 0.99)] if right else [])
    out = drop_phantom_text(text(*rows))
    assert (middle in list(out.text)) is kept


@pytest.mark.parametrize("read, inner, misread", [
    # lximage-qt's copy and paste icons read as one word "€€": two 22 px icons inside it
    ("€€", [[195, 32, 217, 54], [230, 31, 252, 54]], True),
    ("@ @", [[195, 32, 217, 54], [230, 31, 252, 54]], True),
    ("e€", [[195, 32, 215, 52], [218, 31, 238, 52]], False),      # a letter in it, touching: a word
    ("€€", [[195, 32, 217, 54]], False),                          # one icon: the icon stage decides
    ("()", [[200, 34, 206, 54], [240, 34, 246, 54]], False),      # a key's parentheses: narrow strokes
    ("[.!]", [[200, 35, 207, 47], [218, 35, 225, 47]], False),    # a code line's brackets: narrow
    ('"",', [[200, 31, 210, 38], [214, 31, 224, 38]], False),     # code's quotes: short marks
    ("€€", [[195, 32, 217, 54], [210, 31, 232, 54]], False),      # overlapping regions: one thing
    ("€€", [[195, 44, 225, 54], [230, 31, 252, 54]], False),      # a flat bar beside an icon: no icon row
    # lximage-qt's framed zoom-in and zoom-out icons read as "00": one character per square icon
    ("00", [[195, 32, 217, 54], [230, 32, 252, 54]], True),
    ("0D", [[195, 32, 217, 54], [230, 32, 252, 54]], True),
    ("000", [[195, 32, 217, 54], [230, 32, 252, 54]], False),     # more characters than icons
    ("00", [[195, 32, 209, 54], [230, 32, 244, 54]], False),      # tall narrow marks: digits
    ("00", [[195, 38, 211, 54], [230, 38, 246, 54]], False),      # short of the read's height
    ("ok", [[195, 32, 217, 54], [219, 32, 241, 54]], False),      # not round letters, touching: a word
    # two characters holding two square icons set apart: qpdfview's "new" and "open" read "+C"
    ("+C", [[195, 32, 217, 54], [230, 32, 252, 54]], True),
    ("e€", [[195, 32, 217, 54], [230, 31, 252, 54]], True),
    ("ok", [[195, 40, 205, 50], [230, 40, 240, 50]], False),      # small letters: a word's
    ("ok", [[195, 32, 217, 54], [201, 32, 223, 54]], False),      # overlapping: one thing
    ("okk", [[195, 32, 217, 54], [230, 32, 252, 54]], False),     # three letters: a word
])
def test_rule1_icons_read_as_symbols(read, inner, misread):
    t = text(([194, 30, 253, 59], read, 0.4))
    assert icons_read_as_symbols(t, regions(*inner)).tolist() == [misread]
    out = merge(t, regions(*inner))
    assert (read in out.text.tolist()) is not misread
    if misread:                                                   # the icons stand in its place
        assert sorted(boxes_of(out)) == sorted(inner)


@pytest.mark.parametrize("rs, expected", [
    # two proposals of one thing (IoU 0.82): the larger stays
    ([[0, 0, 100, 40], [0, 0, 90, 36]], [[0, 0, 100, 40]]),
    # overlapping by IoU 0.33 only: two things
    ([[0, 0, 100, 40], [50, 0, 150, 40]], [[0, 0, 100, 40], [50, 0, 150, 40]]),
    # nested small inside large (IoU 0.04): both stay here (rule 4 decides later)
    ([[0, 0, 100, 100], [10, 10, 30, 30]], [[0, 0, 100, 100], [10, 10, 30, 30]]),
])
def test_rule1_overlapping_regions_collapse_to_the_largest(rs, expected):
    assert boxes_of(collapse_overlaps(regions(*rs))) == expected


@pytest.mark.parametrize("region, stays", [
    ([12, 12, 20, 22], False),     # a glyph contour inside the word's box
    ([8, 8, 62, 30], False),       # the same box as the text (IoU >= 0.5): a key's "1" found twice
    ([100, 8, 116, 28], True),     # beside the text: its own thing
    ([40, 5, 90, 35], True),       # only partly over the text (less than 70 % inside)
])
def test_rule2_regions_inside_text_go(region, stays):
    out = merge(text(([10, 10, 60, 28], "Save", 0.9)), regions(region))
    assert (region in boxes_of(out)) is stays, boxes_of(out)


@pytest.mark.parametrize("region, frame", [
    ([4, 5, 66, 33], [4, 5, 66, 33]),   # a filled button's plate: IoU 0.52, 5-6 px past the text on every side
    ([2, 9, 68, 29], [-1, -1, -1, -1]), # IoU 0.68 and 1 px past the text at top and bottom: the same box
    ([8, 8, 62, 30], [-1, -1, -1, -1]), # 76 % covered by the text: the same box
    # Qt's spin box at scale 1: the value's box as tall as the frame, the steppers 12 px past its end
    ([8, 8, 72, 27], [8, 8, 72, 27]),
    ([8, 8, 66, 27], [-1, -1, -1, -1]), # 6 px past it: the text's own padding
])
def test_rule2_a_plate_around_the_text_is_its_frame(region, frame):
    out = merge_layout(text(([10, 10, 60, 28], "Save", 0.9)), regions(region)).elements
    assert out.frame[list(out.text).index("Save")].tolist() == frame


def test_rule3_glyph_sized_region_absorbs_its_strokes():
    icon = [200, 200, 220, 220]                     # 20 px: glyph-sized (glyph_max 24)
    strokes = [[204, 204, 212, 216], [213, 205, 218, 215]]
    out = merge(Elements(), regions(icon, *strokes), glyph_max=24)
    assert boxes_of(out) == [icon]


def test_rule3_only_applies_to_glyph_sized_boxes():
    panel = [0, 0, 200, 120]                        # far larger than a glyph
    inner = [[10, 10, 60, 40], [100, 10, 150, 40]]
    out = merge(Elements(), regions(panel, *inner), glyph_max=24)
    assert boxes_of(out) == inner                   # the panel goes by rule 4, not by rule 3


@pytest.mark.parametrize("layout, expected", [
    # a button frame around its label: the label stands for it
    ({"text": [([20, 12, 60, 28], "Save")], "regions": [[10, 5, 70, 35]]}, [[20, 12, 60, 28]]),
    # a frame around an icon glyph: the icon stands for it
    ({"text": [], "regions": [[10, 10, 40, 40], [18, 18, 32, 32]]}, [[18, 18, 32, 32]]),
    # a toolbar holding two buttons: a container, its children are listed
    ({"text": [([20, 12, 60, 28], "Cut"), ([90, 12, 130, 28], "Copy")], "regions": [[0, 0, 200, 40]]},
     [[20, 12, 60, 28], [90, 12, 130, 28]]),
    # an empty field and a checkbox contain nothing: they stay
    ({"text": [], "regions": [[10, 10, 300, 40], [10, 60, 26, 76]]}, [[10, 10, 300, 40], [10, 60, 26, 76]]),
])
def test_rule4_frames_and_containers_go_empty_regions_stay(layout, expected):
    t = text(*[(b, s, 0.9) for b, s in layout["text"]])
    out = merge(t, regions(*layout["regions"]))
    assert sorted(boxes_of(out)) == sorted(expected)


def test_rule5_reading_order():
    t = text(([300, 10, 360, 26], "Help", 0.9), ([10, 12, 60, 28], "File", 0.9),
             ([10, 60, 80, 76], "Open", 0.9))
    out = merge(t, regions([100, 10, 116, 26]))
    assert [e.text or "icon" for e in out] == ["File", "icon", "Help", "Open"]


def test_merge_of_nothing_is_empty():
    assert len(merge(Elements(), Elements())) == 0
    assert np.array_equal(merge(text(([0, 0, 30, 12], "Hi", 0.9)), Elements()).xyxy, [[0, 0, 30, 12]])


@pytest.mark.parametrize("glyph, region, dropped", [
    # "lDesktop": the glyph is the right edge of the folder icon the segmenter found
    ((71, 343, 79, 385), (40, 346, 73, 375), True),
    ((75, 343, 80, 385), (40, 346, 73, 375), True),       # 2 px apart: still its edge
    # a glyph apart from any icon, or beside the label's first letter (starting right of it)
    ((90, 343, 98, 385), (40, 346, 73, 375), False),
    ((71, 343, 79, 385), (79, 350, 95, 380), False),
    # another line's icon, and a panel too big to be an icon
    ((71, 343, 79, 385), (40, 400, 73, 430), False),
    ((71, 343, 79, 385), (0, 300, 400, 500), False),
])
def test_a_glyph_cut_off_a_run_beside_an_icon_is_that_icon(glyph, region, dropped):
    out = glyphs_beside_icons(np.array([glyph]), np.array([region]), glyph_max=48)
    assert out.tolist() == [dropped]
    assert glyphs_beside_icons(np.zeros((0, 4)), np.array([region])).shape == (0,)
    assert glyphs_beside_icons(np.array([glyph]), np.zeros((0, 4))).tolist() == [False]


@pytest.mark.parametrize("boxes, expected", [
    # a sign-out icon: its bracket and its arrow, boxes crossing by 3 px -> one icon over both
    ([[1442, 62, 1455, 93], [1452, 69, 1473, 87]], [[1442, 62, 1473, 93]]),
    # two toolbar icons side by side, 4 px apart: left alone
    ([[10, 10, 30, 30], [34, 10, 54, 30]], [[10, 10, 30, 30], [34, 10, 54, 30]]),
    # a glyph inside a plate: rule 4's business, not a crossing
    ([[0, 0, 60, 40], [20, 10, 40, 30]], [[0, 0, 60, 40], [20, 10, 40, 30]]),
    # pieces whose union would be too long for one icon (a row of crossing boxes 70 px long)
    ([[0, 0, 30, 20], [25, 0, 50, 20], [45, 0, 70, 20]], [[0, 0, 30, 20], [25, 0, 50, 20], [45, 0, 70, 20]]),
])
def test_rule3_crossing_glyph_pieces_are_one_icon(boxes, expected):
    out = joined_icon_pieces(regions(*boxes), glyph_max=24)
    assert sorted(out.xyxy.tolist()) == sorted(expected)
