"""End-to-end parsing on real pixels: drawn screens, the bundled Chromium-rendered sample."""
from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image, ImageDraw

from conftest import SAMPLE, draw_keypad, draw_screen, find_text, font
from detact import Elements, ParseResult
from detact.color import dominant_colors
from detact.icons.vocabulary import load_vocabulary
from detact.segment.classical import ClassicalSegmenter

BLUE, RED, GREEN = (37, 99, 235), (220, 38, 38), (22, 163, 74)


def _center_inside(el, box, pad=3):
    cx, cy = el.center
    return box[0] - pad <= cx < box[2] + pad and box[1] - pad <= cy < box[3] + pad


def test_text_comes_back_where_it_was_drawn(parser):
    items = [
        {"kind": "text", "xy": (40, 30), "text": "Quarterly report"},
        {"kind": "text", "xy": (420, 30), "text": "Settings"},
        {"kind": "text", "xy": (40, 120), "text": "Name"}, {"kind": "text", "xy": (300, 120), "text": "Email"},
        {"kind": "text", "xy": (40, 160), "text": "Alice Johnson"},
        {"kind": "text", "xy": (300, 160), "text": "alice@example.com"},
    ]
    rgb = draw_screen(items)
    result = parser.parse(rgb)
    for it in items:
        hits = [e for e in result.elements if e.text.lower() == it["text"].lower()]
        assert hits, f"{it['text']!r} not read; got {[e.text for e in result.elements]}"
        x, y = it["xy"]
        assert abs(hits[0].bbox[0] - x) <= 8 and abs(hits[0].bbox[1] - y) <= 10, (it, hits[0].bbox)
    # table columns stay separate text runs
    assert not find_text(result.elements, "Name Email")


def test_buttons_fields_and_checkboxes_are_one_element_each(parser):
    items = [
        {"kind": "button", "box": (40, 40, 170, 76), "fill": BLUE, "text": "Save", "text_fill": (255, 255, 255)},
        {"kind": "button", "box": (190, 40, 320, 76), "fill": RED, "text": "Delete", "text_fill": (255, 255, 255)},
        {"kind": "box", "box": (40, 120, 360, 150), "outline": (140, 140, 140)},  # empty text field
        {"kind": "checkbox", "xy": (40, 190)}, {"kind": "text", "xy": (66, 188), "text": "Remember me"},
    ]
    result = parser.parse(draw_screen(items))
    els = result.elements
    save, delete = find_text(els, "save"), find_text(els, "delete")
    assert len(save) == 1 and len(delete) == 1
    assert save[0].color == "blue" and delete[0].color == "red"
    field = [e for e in els if e.kind != "text" and _center_inside(e, (40, 120, 360, 150))]
    assert len(field) == 1, field
    box = [e for e in els if e.kind != "text" and _center_inside(e, (40, 190, 57, 207))]
    assert len(box) == 1, [e for e in els]
    # ids are 0..n-1 in reading order
    assert [e.id for e in els] == list(range(len(els)))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_segmenter_finds_widgets_in_both_themes_and_at_scale_2(theme):
    bg, fg = ((255, 255, 255), (90, 90, 90)) if theme == "light" else ((24, 24, 27), (170, 170, 170))
    for scale in (1, 2):
        s = lambda v: v * scale  # noqa: E731
        items = [{"kind": "box", "box": (s(40), s(40), s(200), s(70)), "outline": fg},
                 {"kind": "checkbox", "xy": (s(40), s(100)), "side": s(16), "outline": fg},
                 {"kind": "button", "box": (s(240), s(40), s(330), s(70)), "fill": BLUE}]
        rgb = draw_screen(items, size=(s(800), s(400)), background=bg)
        regions = ClassicalSegmenter(scale=scale).segment(rgb)
        for target in [(40, 40, 200, 70), (40, 100, 56, 116), (240, 40, 330, 70)]:
            target = tuple(s(v) for v in target)
            hits = [r for r in regions if _center_inside(r, target) and r.bbox[2] - r.bbox[0] >= (target[2] - target[0]) * 0.8]
            assert len(hits) == 1, (theme, scale, target, [r.bbox for r in regions])


@pytest.mark.parametrize("box, found", [
    ((40, 40, 1560, 72), True),     # a search bar across 95% of the screen, 32 px tall
    ((40, 40, 500, 72), True),      # a field of ordinary width
    ((40, 40, 1560, 130), False),   # a 90 px tall band that wide: a panel, not a field
    ((40, 40, 1560, 50), False),    # a 10 px tall strip: no field
])
def test_segmenter_keeps_text_fields_across_most_of_the_screen(box, found):
    rgb = draw_screen([{"kind": "box", "box": box, "outline": (90, 90, 90)}], size=(1600, 900))
    regions = ClassicalSegmenter(scale=1).segment(rgb)
    hits = [r for r in regions if abs(r.bbox[0] - box[0]) <= 2 and abs(r.bbox[2] - box[2]) <= 2
            and abs(r.bbox[1] - box[1]) <= 2 and abs(r.bbox[3] - box[3]) <= 2]
    assert (len(hits) == 1) == found, [r.bbox for r in regions]


def _framed(x0, y0, x1, y1, text=""):
    return {"kind": "button", "box": (x0, y0, x1, y1), "fill": (255, 255, 255), "outline": (150, 150, 150),
            "text": text}


@pytest.mark.parametrize("layout, targets, found", [
    # three fields stacked 3 px apart: their borders touch after dilation, one component
    ([_framed(100, 100, 600, 146, "alpha"), _framed(100, 149, 600, 195), _framed(100, 198, 600, 244, "beta")],
     [(100, 100, 600, 146), (100, 149, 600, 195), (100, 198, 600, 244)], True),
    # dialog buttons 4 px apart
    ([_framed(300, 300, 419, 334, "Cancel"), _framed(423, 300, 542, 334, "OK")],
     [(300, 300, 419, 334), (423, 300, 542, 334)], True),
    # linked buttons: one frame cut by 1 px rules is cells, no frames of their own
    ([_framed(100, 100, 460, 134), {"kind": "box", "box": (220, 100, 220, 134)},
      {"kind": "box", "box": (340, 100, 340, 134)}, {"kind": "text", "xy": (130, 106), "text": "Page 1"},
      {"kind": "text", "xy": (250, 106), "text": "Page 2"}, {"kind": "text", "xy": (370, 106), "text": "Page 3"}],
     [(100, 100, 220, 134), (220, 100, 340, 134), (340, 100, 460, 134)], False),
    # a keypad: 2 x 3 keys sharing their borders, one component; holes of the same size
    # beside and above or below each other are keys, not cells
    ([_framed(100 + 120 * c, 100 + 36 * r, 220 + 120 * c, 136 + 36 * r, k)
      for r, row in enumerate(["789", "456"]) for c, k in enumerate(row)],
     [(100 + 120 * c, 100 + 36 * r, 220 + 120 * c, 136 + 36 * r) for r in range(2) for c in range(3)], True),
    # a calculator's large keys (150 x 100), split keys with a drop-down part, 8 px apart on a
    # panel whose rules join them into one component: too tall for a field, found as keys
    ([{"kind": "box", "box": (10, 10, 570, 250)}]
     + [{"kind": "box", "box": (x, 10, x + 8, 250), "fill": (120, 120, 120)} for x in (192, 382)]
     + [{"kind": "box", "box": (10, 126, 570, 134), "fill": (120, 120, 120)}]
     + [{"kind": "box", "box": (x, 10, x, 250)} for x in (160, 350, 540)],
     [(10 + 190 * c, 10 + 124 * r, 160 + 190 * c, 126 + 124 * r) for r in range(2) for c in range(3)], True),
    # the same keys in one row only: a strip of frames, no keypad
    ([{"kind": "box", "box": (10, 10, 570, 126)}]
     + [{"kind": "box", "box": (x, 10, x + 8, 126), "fill": (120, 120, 120)} for x in (192, 382)]
     + [{"kind": "box", "box": (x, 10, x, 126)} for x in (160, 350, 540)],
     [(10 + 190 * c, 10, 160 + 190 * c, 126) for c in range(3)], False),
    # a table whose columns differ in width, cut by 1 px rules: cells, no frames of their own
    ([_framed(100, 100, 560, 160), {"kind": "box", "box": (260, 100, 260, 160)},
      {"kind": "box", "box": (100, 130, 560, 130)}, {"kind": "text", "xy": (110, 106), "text": "Name"},
      {"kind": "text", "xy": (270, 106), "text": "Size"}],
     [(100, 100, 260, 130), (260, 100, 560, 130), (100, 130, 260, 160), (260, 130, 560, 160)], False),
    # a filter field 1 px above a table's header row of narrow cells: the borders touch, but the
    # field shares no rule along its side with any cell, so it is a frame of its own
    ([_framed(200, 60, 640, 86, "Filter"), _framed(10, 87, 700, 300), {"kind": "box", "box": (10, 109, 700, 109)}]
     + [{"kind": "box", "box": (x, 87, x, 109)} for x in range(70, 700, 60)],
     [(200, 60, 640, 86)], True),
    # an empty swatch twice as wide as tall, its border run into a panel's edge: no field
    ([{"kind": "box", "box": (50, 50, 500, 400)}, {"kind": "box", "box": (450, 100, 498, 124), "fill": (200, 140, 90)},
      {"kind": "box", "box": (450, 124, 498, 125)}], [(450, 100, 498, 124)], False),
])
def test_segmenter_finds_frames_whose_borders_touch(layout, targets, found):
    """Frames that close into one component with their neighbours are found from its holes
    (`framed_holes`), except cells cut by a single rule (but a keypad's keys are found) and
    empty swatches."""
    rgb = draw_screen(layout, size=(800, 500))
    regions = ClassicalSegmenter(scale=1).segment(rgb)
    for t in targets:
        hits = [r for r in regions if max(abs(a - b) for a, b in zip(r.bbox, t)) <= 3]
        assert bool(hits) == found, (t, [r.bbox for r in regions])


def test_keypad_labels_are_read_once_each(parser):
    """Lone key labels the text detector skips ("-", ".", "=", "+/-") are read from the key's
    ink; a glyph found both as text and as a region is listed once."""
    rgb, boxes = draw_keypad()
    els = parser.parse(rgb).elements
    for key, box in boxes.items():
        inside = [e for e in els if _center_inside(e, box, pad=0)]
        assert len(inside) == 1, (key, inside)
        if key not in ("/", "+"):  # "/" stays a region; "+" is an icon: the function "add"
            assert inside[0].kind == "text" and inside[0].text == key, (key, inside)
    assert [e.label for e in els if _center_inside(e, boxes["+"], pad=0)] == ["add"]


def test_an_icon_views_large_file_icons_are_no_sliders(parser):
    """The classifier calls a 77 x 93 px page icon with ruled lines a slider; a slider is thin one
    way, so a box thick both ways takes its likeliest other role (no tick box either)."""
    img = Image.new("RGB", (1200, 260), (255, 255, 255))
    d = ImageDraw.Draw(img)
    for k, name in enumerate(["README.md", "notes.txt", "report.odt", "data.csv"]):
        x = 80 + 220 * k
        d.rectangle((x, 60, x + 77, 153), fill=(250, 250, 250), outline=(120, 120, 120))
        for j in range(6):
            d.line((x + 12, 80 + j * 10, x + 65, 80 + j * 10), fill=(150, 150, 150), width=2)
        d.text((x + 38, 175), name, fill=(20, 20, 20), font=font(16), anchor="mm")
    els = parser.parse(np.asarray(img)).elements
    icons = [e for e in els if e.kind != "text" and e.bbox[3] - e.bbox[1] > 80]
    assert len(icons) == 4
    assert all(e.role not in ("slider", "checkbox", "radio", "switch", "text") for e in icons), icons


def test_color_buckets_on_drawn_swatches():
    names = {"red": (220, 30, 30), "blue": (37, 99, 235), "green": (22, 160, 60), "yellow": (250, 220, 40),
             "orange": (245, 140, 20), "pink": (240, 120, 190), "violet": (140, 60, 220), "white": (250, 250, 250),
             "black": (10, 10, 10), "grey": (128, 128, 128), "brown": (120, 70, 30)}
    rgb = np.zeros((40, 40 * len(names), 3), np.uint8)
    boxes = []
    for i, color in enumerate(names.values()):
        rgb[:, i * 40:(i + 1) * 40] = color
        boxes.append((i * 40, 0, (i + 1) * 40, 40))
    assert dominant_colors(rgb, np.array(boxes)) == list(names)


def test_bundled_sample_parses_with_labels(parser):
    result = parser.parse(SAMPLE)
    els = result.elements
    for word in ("Compose", "Reply", "Forward", "Delete", "Grace Hopper", "Send now", "Cancel"):
        assert find_text(els, word), word
    # the sidebar's glyphs are not read as letters
    assert not [e for e in els if e.kind == "text" and e.text in ("0", "4") and e.bbox[0] < 40]
    if result.backends["icons"] != "none":
        labels = {e.label for e in els if e.kind == "icon"}     # functions, not shape names
        assert {"print", "settings"} <= labels, labels
        # the bins are the delete function: its id, or its first free synonym where a text on
        # the screen reads "Delete" whole (`Vocabulary.distinct_labels`)
        delete = load_vocabulary().get("delete")
        bins = [e.label for e in els if e.icon == "fa6-solid:trash"]
        assert bins and all(load_vocabulary().get(b) is delete for b in bins), bins
        assert {e.icon for e in els if e.label == "settings"} == {"fa6-solid:gear"}


def test_a_ticked_box_is_checked_and_its_label_is_not(parser):
    """The sample's "Keep a copy in Sent" box is ticked: the check box says so, its label (a
    child of it) does not."""
    els = parser.parse(SAMPLE).elements
    [label] = find_text(els, "Keep a copy in Sent")
    box = next(e for e in els if e.id == label.parent)
    assert box.role == "checkbox" and "checked" in box.states
    assert "checked" not in label.states


def test_json_round_trip_and_contract(parser):
    result = parser.parse(SAMPLE)
    data = json.loads(result.to_json())
    assert data["schema"] == "detact/parse@2"
    assert data["image"]["width"] == 1280 and data["image"]["height"] == 800 and len(data["image"]["sha256"]) == 64
    assert data["backends"]["device"] == "cpu" and data["timings_ms"]["total"] > 0
    for e in data["elements"]:
        x0, y0, x1, y1 = e["bbox"]
        assert 0 <= x0 < x1 <= 1280 and 0 <= y0 < y1 <= 800
        # the click point: the box's centre, or (a checkbox whose box spans its label) a point
        # the semantics stage set inside the box (docs/schema.md)
        cx, cy = e["center"]
        assert x0 <= cx < x1 and y0 <= cy < y1, e
        if e["role"] not in ("checkbox", "radio", "switch"):
            assert e["center"] == [(x0 + x1) // 2, (y0 + y1) // 2], e
        assert e["kind"] in ("text", "icon", "region") and isinstance(e["score"], float)
    again = ParseResult.from_json(result.to_json())
    assert np.array_equal(again.elements.xyxy, result.elements.xyxy)
    assert [e.center for e in again.elements] == [e.center for e in result.elements]


def test_parse_accepts_every_input_type(parser):
    rgb = draw_screen([{"kind": "text", "xy": (20, 20), "text": "Hello"}], size=(200, 80))
    pil = Image.fromarray(rgb)
    import io
    buf = io.BytesIO()
    pil.convert("RGBA").save(buf, format="PNG")
    results = parser.parse_batch([rgb, pil, buf.getvalue(), np.asarray(pil.convert("L"))])
    assert all(find_text(r.elements, "hello") for r in results)
    assert len({r.sha256 for r in results[:3]}) == 1  # same pixels, same hash


def test_empty_image_gives_no_elements(parser):
    assert len(parser.parse(np.full((100, 100, 3), 255, np.uint8)).elements) == 0
    assert isinstance(Elements(), Elements)
