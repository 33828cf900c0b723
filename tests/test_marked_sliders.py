"""A slider with marks (a track and knob over a row of tick labels, GTK's scale with marks) is one
slider holding its marks' texts (`detact.semantics.sliders.marked_sliders`): table driven on
drawn rows, and a drawn preferences pane the full parser reads."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.elements import Elements
from detact.semantics.sliders import (band_background, boxes_round_sliders, marked_sliders, marks_over, slider_values,
                                      track_regions)
from tests.conftest import font

GREY, INK, ACCENT, TRACK = (246, 245, 244), (46, 52, 54), (53, 132, 228), (205, 199, 194)
MARKS = ("0.5 s", "1 s", "2 s", "5 s", "10 s")


def draw_slider(d: ImageDraw.ImageDraw, x0: int, y0: int, width: int, marks=MARKS, knob: bool = True,
                at: float = 0.4) -> list[tuple[list[int], str]]:
    """A GTK-like scale from (``x0``, ``y0``): a 4 px track, accent left of the knob, a round
    knob, a tick under the track for each of ``marks`` and the mark's label under its tick.
    Returns the labels' (box, text)."""
    d.rounded_rectangle((x0, y0 + 8, x0 + width, y0 + 11), radius=2, fill=TRACK)
    kx = x0 + int(at * width)
    if knob:
        d.rounded_rectangle((x0, y0 + 8, kx, y0 + 11), radius=2, fill=ACCENT)
        d.ellipse((kx - 10, y0, kx + 10, y0 + 20), fill="white", outline=(154, 148, 142))
    f = font(12)
    labels = []
    for k, text in enumerate(marks):
        x = x0 + round(k * width / (len(marks) - 1))
        d.line((x, y0 + 22, x, y0 + 27), fill=(154, 148, 142))
        w = int(d.textlength(text, font=f))
        d.text((x - w // 2, y0 + 29), text, fill=(146, 149, 149), font=f)
        labels.append(([x - w // 2, y0 + 29, x - w // 2 + w, y0 + 43], text))
    return labels


def _row(knob=True, marks=MARKS, line_only=False):
    img = Image.new("RGB", (500, 120), GREY)
    d = ImageDraw.Draw(img)
    if line_only:                                   # a rule over a row of labels, no track
        d.line((40, 38, 440, 38), fill=TRACK)
        labels = draw_slider(ImageDraw.Draw(Image.new("RGB", (500, 120))), 40, 30, 400, marks, knob)
        f = font(12)
        for (box, text) in labels:
            d.text((box[0], box[1]), text, fill=(146, 149, 149), font=f)
    else:
        labels = draw_slider(d, 40, 30, 400, marks, knob)
    els = Elements(np.array([b for b, _ in labels], np.int32), ["text"] * len(labels),
                   text=[t for _, t in labels])
    b = els.xyxy                                    # the layout's box round the track and its marks
    group = np.array([[min(40, b[:, 0].min()), 30, max(441, b[:, 2].max()), 70]], np.int32)
    return np.asarray(img), els, group


@pytest.mark.parametrize("case, kwargs, found", [
    ("a track with a knob over its marks", {}, True),
    ("no knob on the track: a rule over labels", {"knob": False}, False),
    ("a plain rule over a row of words", {"line_only": True}, False),
    ("labels too long for marks", {"marks": ("Very slow indeed", "Slow", "Medium", "Fast", "Faster")}, False),
    ("two marks are enough", {"marks": ("Min", "Max")}, True),
])
def test_marked_sliders(case, kwargs, found):
    rgb, els, group = _row(**kwargs)
    boxes, parts, groups = marked_sliders(rgb, els, group)
    assert (len(boxes) == 1) is found, case
    if found:
        # the slider is the track's band, from the group's top down to its marks
        g = group[0].tolist()
        assert boxes[0].tolist() == [g[0], g[1], g[2], int(np.median(els.xyxy[:, 1]))]
        assert groups.tolist() == [g]
        assert sorted(parts[0].tolist()) == list(range(len(els)))


def test_marks_must_share_a_line():
    rgb, els, group = _row()
    xyxy = els.xyxy.copy()
    xyxy[1, [1, 3]] += 30                           # one label a line lower
    boxes, _, _ = marked_sliders(rgb, els.with_(xyxy=xyxy), np.array([[20, 30, 460, 110]], np.int32))
    assert len(boxes) == 0


def test_a_parsed_pane_names_its_marked_slider_by_the_label_over_it():
    from detact.parser import Parser
    img = Image.new("RGB", (900, 420), GREY)
    d = ImageDraw.Draw(img)
    f = font(14)
    d.text((60, 40), "Delay:", fill=INK, font=f)
    draw_slider(d, 72, 66, 560)
    d.text((60, 160), "Plot time limit:", fill=INK, font=f)
    draw_slider(d, 72, 186, 560, ("1 s", "5 s", "10 s", "20 s", "60 s", "180 s", "600 s"), at=0.1)
    result = Parser().parse(np.asarray(img))
    els = result.elements
    sliders = np.flatnonzero(els.role == "slider")
    assert sorted(els.name[sliders].tolist()) == ["Delay", "Plot time limit"], \
        [(els.kind[i], els.role[i], els.text[i], els.xyxy[i].tolist()) for i in range(len(els))]
    for s in sliders.tolist():
        marks = np.flatnonzero(els.parent == els.id[s])
        texts = [str(els.text[i]) for i in marks if els.kind[i] == "text"]
        assert len(texts) >= 4 and all(els.role[i] in ("text", "icon") for i in marks)
        assert els.value[s] == "" and els.states[s] == ()
        # the slider's box is its track (what a drag must hit); its marks hang right under it
        assert all(0 <= els.xyxy[i, 1] - els.xyxy[s, 3] <= 20 for i in marks)


DARK, DARK_TRACK, DARK_EDGE = (45, 45, 45), (30, 30, 30), (27, 27, 27)


def _free_row(knob: str = "round", walls: bool = False):
    """Marks under a track with no layout group round them (`marks_over`): ``knob`` "round" (a
    white disc), "hollow" (a dark theme's: the trough and the knob drawn as outlines), "pin" (a
    disc with a point down over the ticks) or "" (none); ``walls``: a rule with button walls
    crossing it over a row of key labels (a calculator's keypad), no track at all."""
    dark = knob == "hollow"
    img = Image.new("RGB", (600, 120), DARK if dark else GREY)
    d = ImageDraw.Draw(img)
    x0, y0, width = 60, 30, 360
    f = font(12)
    if walls:
        d.line((20, y0 + 10, 580, y0 + 10), fill=(120, 120, 120))
        for x in (105, 195, 285, 375):              # the keys' sides, up through the rule and down
            d.line((x, y0 - 12, x, y0 + 40), fill=(120, 120, 120))
    elif dark:
        d.rectangle((x0, y0 + 8, x0 + width, y0 + 11), outline=DARK_EDGE, fill=DARK)
        d.ellipse((x0 + 150, y0, x0 + 170, y0 + 20), outline=(90, 90, 90), fill=DARK)
    else:
        d.rounded_rectangle((x0, y0 + 8, x0 + width, y0 + 11), radius=2, fill=TRACK)
        if knob == "round":
            d.ellipse((x0 + 150, y0, x0 + 170, y0 + 20), fill="white", outline=(154, 148, 142))
        elif knob == "pin":
            d.ellipse((x0 + 150, y0 + 1, x0 + 168, y0 + 19), fill=ACCENT)
            d.polygon([(x0 + 151, y0 + 13), (x0 + 167, y0 + 13), (x0 + 159, y0 + 24)], fill=ACCENT)
    labels = []
    for k, text in enumerate(MARKS):
        x = x0 + round(k * width / (len(MARKS) - 1))
        if not walls:
            d.line((x, y0 + 14, x, y0 + 20), fill=(154, 148, 142))
        w = int(d.textlength(text, font=f))
        d.text((x - w // 2, y0 + 26), text, fill=(146, 149, 149), font=f)
        labels.append(([x - w // 2, y0 + 26, x - w // 2 + w, y0 + 40], text))
    # the slider's label over it, and a region the segmenter drew round the track and its ticks
    d.text((x0, 6), "Delay:", fill=(200, 200, 200) if dark else INK, font=f)
    boxes = [[x0, 6, x0 + 40, 20]] + [b for b, _ in labels] + [[x0 - 2, y0, x0 + width + 2, y0 + 22]]
    els = Elements(np.array(boxes, np.int32), ["text"] * (len(labels) + 1) + ["region"],
                   text=["Delay:"] + [t for _, t in labels] + [""])
    return np.asarray(img), els


@pytest.mark.parametrize("case, kwargs, found", [
    ("a round knob on a track over ticks and marks", {}, True),
    ("a dark theme's outlined trough and knob", {"knob": "hollow"}, True),
    ("a pin hanging over the ticks", {"knob": "pin"}, True),
    ("a track with no knob: a rule over labels", {"knob": ""}, False),
    ("keys' walls crossing a rule over their labels", {"walls": True}, False),
])
def test_marks_over_a_track_make_a_slider_without_a_layout_group(case, kwargs, found):
    rgb, els = _free_row(**kwargs)
    boxes, parts = marks_over(rgb, els)
    assert (len(boxes) == 1) is found, case
    if found:
        x0, y0, x1, y1 = boxes[0].tolist()
        # the track's length, from the knob's top down to the marks
        assert abs(x0 - 60) <= 3 and abs(x1 - 420) <= 3 and 28 <= y0 <= 32 and y1 == 56, case
        assert sorted(parts[0].tolist()) == [1, 2, 3, 4, 5]
        # the segmenter's region round the track and its ticks is that slider
        assert track_regions(els.kind, els.xyxy, boxes).tolist() == [6]
        # marks already taken (a layout group's slider) or a slider found there are left alone
        assert len(marks_over(rgb, els, taken=np.array([1, 2, 3, 4, 5]))[0]) == 0
        assert len(marks_over(rgb, els, found=boxes)[0]) == 0


WHITE, WINDOW = (255, 255, 255), (240, 240, 240)


def _dialog_row(read=("1 s", "2 s", "5 s", "10 s"), behind=("12", "34", "56"), track=(40, 330), edge=360, at=1 / 3,
                marks=("0.5 s", "1 s", "2 s", "5 s", "10 s")):
    """A slider (its knob ``at`` that share of its ``track``, ``marks`` under it) on a white
    dialog whose right ``edge`` shows the window behind it, grey, with short numbers on the
    marks' line (``behind``); only the marks in ``read`` were read; the label "Delay:" over the
    track's left end."""
    img = Image.new("RGB", (900, 120), WINDOW)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, edge, 119), fill=WHITE)
    d.line((edge, 0, edge, 119), fill=(200, 200, 200))
    x0, x1 = track
    y0, f = 30, font(12)
    d.rounded_rectangle((x0, y0 + 8, x1, y0 + 11), radius=2, fill=TRACK)
    kx = x0 + int(at * (x1 - x0))
    d.rounded_rectangle((x0, y0 + 8, kx, y0 + 11), radius=2, fill=ACCENT)
    d.ellipse((kx - 10, y0, kx + 10, y0 + 20), fill="white", outline=(154, 148, 142))
    d.text((x0, 6), "Delay:", fill=INK, font=f)
    boxes, texts = [[x0, 6, x0 + 40, 20]], ["Delay:"]
    for k, text in enumerate(marks):
        x = x0 + round(k * (x1 - x0) / (len(marks) - 1))
        d.line((x, y0 + 14, x, y0 + 20), fill=(154, 148, 142))
        w = int(d.textlength(text, font=f))
        d.text((x - w // 2, y0 + 26), text, fill=(146, 149, 149), font=f)
        if text in read:
            boxes.append([x - w // 2, y0 + 26, x - w // 2 + w, y0 + 40])
            texts.append(text)
    for k, text in enumerate(behind):
        x = 420 + 100 * k
        d.text((x, y0 + 26), text, fill=INK, font=f)
        boxes.append([x, y0 + 26, x + int(d.textlength(text, font=f)), y0 + 40])
        texts.append(text)
    els = Elements(np.array(boxes, np.int32), ["text"] * len(boxes), text=texts)
    return np.asarray(img), els


@pytest.mark.parametrize("case, kwargs", [
    # the band over the marks' line runs on past the dialog's edge, most of it the window's grey
    ("marks running on into numbers behind the dialog", {}),
    # the marks read stand at the track's right end: it runs on past where it is looked for first
    ("a track running far past the marks read", {"read": ("80", "90", "100"), "behind": (), "track": (250, 700),
                                                "edge": 899, "at": 0.9, "marks": tuple(str(10 * k) for k in range(11))}),
])
def test_marks_over_a_track_find_all_of_it(case, kwargs):
    rgb, els = _dialog_row(**kwargs)
    boxes, parts = marks_over(rgb, els)
    assert len(boxes) == 1, case
    x0, x1 = kwargs.get("track", (40, 330))
    assert abs(boxes[0, 0] - x0) <= 3 and abs(boxes[0, 2] - x1) <= 3, (case, boxes.tolist())
    # the marks are the slider's texts under the track, not the numbers behind the dialog
    assert sorted(str(t) for t in els.text[parts[0]]) == sorted(kwargs.get("read", ("1 s", "2 s", "5 s", "10 s")))


@pytest.mark.parametrize("case, box, found", [
    ("the segmenter's region round the track and its marks", [48, 28, 434, 66], True),
    ("the track's own region", [60, 30, 420, 52], False),
    ("a region reaching well past the marks (a pane)", [10, 0, 590, 110], False),
    ("a region round the track alone, no mark in it", [40, 28, 422, 52], False),
    # the first mark, centred under the track's start, hangs out of the region by half its width
    ("a region ending at the track's ends", [58, 28, 422, 70], True),
])
def test_boxes_round_sliders(case, box, found):
    track = np.array([[60, 30, 420, 52]])
    marks = [np.array([[50, 56, 64, 70], [140, 56, 155, 70], [400, 56, 432, 70]])]
    assert boxes_round_sliders(np.array([box]), track, marks).tolist() == [found], case


def test_a_parsed_slider_whose_knob_stands_over_its_labels_bottom_is_named_by_it():
    from detact.parser import Parser
    img = Image.new("RGB", (900, 300), GREY)
    d = ImageDraw.Draw(img)
    d.text((60, 47), "Plot time limit:", fill=INK, font=font(14))
    # the knob's top (y 66) stands over the label's bottom (about y 71)
    draw_slider(d, 62, 66, 560, ("1 s", "5 s", "10 s", "20 s", "60 s", "180 s", "600 s"), at=0.1)
    els = Parser().parse(np.asarray(img)).elements
    sliders = np.flatnonzero(els.role == "slider")
    assert els.name[sliders].tolist() == ["Plot time limit"], \
        [(els.kind[i], els.role[i], els.text[i], els.xyxy[i].tolist()) for i in range(len(els))]


@pytest.mark.parametrize("width", [10, 11, 84, 200])
def test_band_background_keeps_the_bands_width_and_its_steps(width):
    # a band narrower than the median's window (an even width too) keeps its width; where a
    # dialog's white ends and the window's grey begins, the background steps with it
    band = np.full((12, width), 255, np.uint8)
    band[:, width // 2:] = 240
    band[5:7, :] = 120                                   # a track across the band
    got = band_background(band, 14)
    assert got.shape == (width,)
    assert got[0] == 255 and got[-1] == 240


@pytest.mark.parametrize("case, boxes, texts, found", [
    ("a value drawn before the track", [[80, 10, 100, 30]], ["71"], {0: 1}),
    ("a value drawn after the track", [[402, 12, 430, 28]], ["0.5"], {0: 1}),
    ("the nearer of two", [[40, 10, 60, 30], [80, 10, 100, 30]], ["5", "71"], {0: 2}),
    ("a label, no number", [[60, 10, 100, 30]], ["Zoom"], {}),
    ("a number too far before it", [[20, 10, 40, 30]], ["71"], {}),
    ("a number on another row", [[80, 40, 100, 60]], ["71"], {}),
])
def test_slider_values(case, boxes, texts, found):
    # the track of a slider at row 0, 100..400 px, 16 px tall
    xyxy = np.array([[100, 12, 400, 28]] + boxes)
    kind = np.array(["region"] + ["text"] * len(boxes), dtype=object)
    text = np.array([""] + texts, dtype=object)
    assert slider_values(kind, xyxy, text, np.array([0])) == found, case


def test_a_parsed_slider_across_a_form_shows_its_value_and_is_named_by_its_label():
    # GTK's scale with its value drawn, across a form's column: too long and thin for a field
    from detact.parser import Parser
    img = Image.new("RGB", (900, 60), GREY)
    d = ImageDraw.Draw(img)
    d.text((20, 20), "Zoom", fill=INK, font=font(14))
    d.text((90, 20), "71", fill=(146, 149, 149), font=font(14))
    d.rounded_rectangle((122, 28, 880, 31), radius=2, fill=TRACK)
    d.rounded_rectangle((122, 28, 660, 31), radius=2, fill=ACCENT)
    d.ellipse((652, 21, 668, 37), fill="white", outline=(154, 148, 142))
    els = Parser().parse(np.asarray(img)).elements
    sliders = np.flatnonzero(els.role == "slider")
    got = [(els.kind[i], els.role[i], els.text[i], els.name[i], els.value[i], els.xyxy[i].tolist()) for i in range(len(els))]
    assert len(sliders) == 1 and els.name[sliders[0]] == "Zoom" and els.value[sliders[0]] == "71", got
    assert els.xyxy[sliders[0], 2] - els.xyxy[sliders[0], 0] > 700, got
    assert [els.role[i] for i in range(len(els)) if els.text[i] == "71"] == ["text"], got


def test_a_hollow_knob_cut_by_the_marks_band_still_makes_a_slider():
    # qalculate's preferences in Numix, cut from our own read corpus: the knob is an outline that
    # reaches on below the band over the marks ("1 s  5 s  10 s ..."), so it shows under the
    # track for two rows only, and looked three times as tall over the track as under it
    from pathlib import Path

    from detact.parser import Parser
    path = Path(__file__).parent / "fixtures" / "qalculate-sliders-numix.png"
    els = Parser().parse(np.asarray(Image.open(path).convert("RGB"))).elements
    sliders = [els.xyxy[i].tolist() for i in range(len(els)) if els.role[i] == "slider"]
    # the lower slider (its track at y 98-110 of the crop) runs most of the 296 px track
    assert any(y0 > 80 and x1 - x0 > 250 for x0, y0, x1, _ in sliders), sliders


def test_a_slider_drawn_right_under_its_label_is_found_from_its_marks():
    # qalculate's preferences in Arc-Darker, from our own read corpus: "Delay:" ends one row over
    # the track, so the band over the marks is the track alone and the knob's top stands over the
    # label's bottom; the hollow knob breaks the track, and two of the five marks were not read
    from pathlib import Path

    from detact.parser import Parser
    path = Path(__file__).parent / "fixtures" / "qalculate-slider-under-label.png"
    els = Parser().parse(np.asarray(Image.open(path).convert("RGB"))).elements
    sliders = {els.name[i]: els.xyxy[i].tolist() for i in range(len(els)) if els.role[i] == "slider"}
    # the track at y 447-451, x 602-929
    assert "Delay" in sliders, sliders
    x0, y0, x1, y1 = sliders["Delay"]
    assert y0 < 449 < y1 and x1 - x0 > 300, sliders
