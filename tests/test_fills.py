"""Text fields drawn as a flat fill with no border (`detact.segment.fills`): table-driven on a
drawn panel, and the parse of it."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from conftest import font
from detact.segment.fills import filled_fields, filled_plates

PANEL = (246, 245, 244)


def panel_with(fill_box, fill, text=None, size=(900, 140), label=True) -> tuple[np.ndarray, np.ndarray]:
    """A grey panel with one flat rectangle ``fill_box`` of colour ``fill``, optionally
    ``text`` (word, x) drawn in it and a "Name:" label on its left; returns the RGB image and
    the text runs' boxes (K, 4)."""
    img = Image.new("RGB", size, PANEL)
    d = ImageDraw.Draw(img)
    d.rectangle(fill_box, fill=fill)
    runs = np.zeros((0, 4))
    if label and fill_box[0] >= 60:
        d.text((fill_box[0] - 52, fill_box[1] + 7), "Name:", fill=(30, 30, 30), font=font(14))
        runs = np.array([[fill_box[0] - 54, fill_box[1] + 4, fill_box[0] - 8, fill_box[1] + 26]])
    if text:
        word, x = text
        d.text((x, fill_box[1] + 7), word, fill=(30, 30, 30), font=font(14))
        x0, y0, x1, y1 = d.textbbox((x, fill_box[1] + 7), word, font=font(14))
        runs = np.concatenate([runs, [[x0 - 2, y0 - 3, x1 + 2, y1 + 3]]])
    return np.asarray(img), runs


@pytest.mark.parametrize("fill_box, fill, text, found", [
    ((100, 40, 600, 70), (255, 255, 255), None, True),                 # an empty white entry
    ((100, 40, 600, 70), (232, 232, 231), ("report.pdf", 110), True),  # a grey one with its value
    ((100, 40, 600, 70), (238, 238, 237), None, True),                 # 7 grey levels off the panel
    ((100, 40, 600, 70), (244, 243, 242), None, False),                # 2 levels: no fill to see
    ((100, 40, 600, 70), (225, 225, 225), ("Continue", 320), False),   # a caption in the middle: a button
    ((0, 40, 899, 70), (235, 235, 235), None, False),                  # a strip across the window
    ((100, 40, 200, 70), (255, 255, 255), None, False),                # too short for a field
    ((100, 20, 600, 120), (255, 255, 255), None, False),               # too tall: a text area, a panel
])
def test_filled_fields(fill_box, fill, text, found):
    rgb, runs = panel_with(fill_box, fill, text)
    boxes = filled_fields(rgb, runs, np.zeros((0, 4)))
    assert len(boxes) == int(found)
    if found:   # the fill's own box (PIL's rectangle includes its far corner)
        assert boxes[0].tolist() == [fill_box[0], fill_box[1], fill_box[2] + 1, fill_box[3] + 1]


@pytest.mark.parametrize("label, icon, found", [
    (True, False, True),          # an empty field with its label on its left
    (False, True, True),          # ... or a magnifier inside
    (False, False, False),        # an empty stretch of toolbar between two widgets
])
def test_an_empty_fill_needs_a_label_or_an_icon(label, icon, found):
    rgb, runs = panel_with((100, 40, 600, 70), (255, 255, 255), label=label)
    regions = np.array([[570, 47, 586, 63]]) if icon else np.zeros((0, 4))
    assert len(filled_fields(rgb, runs, regions)) == int(found)


@pytest.mark.parametrize("frame, found", [
    ([10, 40, 99, 70], False),    # the run beside it is a combo box's value, inside its frame
    ([45, 43, 93, 67], True),     # a contour round the label's own letters frames nothing
])
def test_a_value_framed_by_a_control_is_no_label(frame, found):
    rgb, runs = panel_with((100, 40, 600, 70), (255, 255, 255))
    assert len(filled_fields(rgb, runs, np.array([frame]))) == int(found)


def test_a_field_the_segmenter_found_is_not_proposed_again():
    rgb, _ = panel_with((100, 40, 600, 70), (255, 255, 255))
    assert len(filled_fields(rgb, np.zeros((0, 4)), np.array([[99, 39, 601, 71]]))) == 0


def test_an_empty_borderless_field_is_a_named_text_box(parser):
    img = Image.new("RGB", (900, 200), PANEL)
    d = ImageDraw.Draw(img)
    d.text((20, 30), "Search:", fill=(30, 30, 30), font=font(14))
    d.rectangle((100, 22, 600, 52), fill=(255, 255, 255))
    d.text((20, 120), "Files are searched in your home folder.", fill=(30, 30, 30), font=font(14))
    els = parser.parse(np.asarray(img)).elements
    hit = [i for i in range(len(els)) if els.xyxy[i].tolist() == [100, 22, 601, 53]]
    assert len(hit) == 1
    assert els.role[hit[0]] == "textbox" and els.name[hit[0]] == "Search"


@pytest.mark.parametrize("fill_box, fill, text, found", [
    ((300, 40, 420, 74), (48, 48, 48), ("Reset", 335), True),          # a dark theme's flat button
    ((300, 40, 420, 74), (225, 225, 225), ("Reset", 335), True),       # ... or a grey one on the panel
    ((300, 40, 420, 74), (225, 225, 225), ("Reset", 305), False),      # the label at its start: a field's value
    ((300, 40, 420, 74), (244, 243, 242), ("Reset", 335), False),      # 2 grey levels: no plate to see
    ((100, 40, 700, 74), (225, 225, 225), ("Reset", 375), False),      # far wider than its label: a bar
    ((300, 40, 420, 74), (225, 225, 225), None, False),                # no label: not this rule's
])
def test_filled_plates(fill_box, fill, text, found):
    rgb, runs = panel_with(fill_box, fill, text, label=False)
    boxes = filled_plates(rgb, runs, np.zeros((0, 4)))
    assert len(boxes) == int(found)
    if found:
        assert boxes[0].tolist() == [fill_box[0], fill_box[1], fill_box[2] + 1, fill_box[3] + 1]
    # an icon beside the label (found by the segmenter) makes it a compound, not this rule's
    if text:
        icon = np.array([[fill_box[0] + 6, fill_box[1] + 9, fill_box[0] + 22, fill_box[1] + 25]])
        assert len(filled_plates(rgb, runs, icon)) == 0


def test_a_label_on_a_borderless_plate_is_a_button(parser):
    img = Image.new("RGB", (900, 200), (30, 30, 30))
    d = ImageDraw.Draw(img)
    d.rectangle((40, 60, 200, 96), fill=(48, 48, 48))
    d.text((120, 78), "Reset to Defaults", fill=(200, 200, 200), font=font(14), anchor="mm")
    d.text((40, 140), "Pointer speed and acceleration are reset.", fill=(200, 200, 200), font=font(14))
    result = parser.parse(np.asarray(img))
    els = result.elements
    label = [i for i in range(len(els)) if els.text[i] == "Reset to Defaults"]
    assert len(label) == 1
    assert els.role[label[0]] == "button"


def _plates_row(plates: list[tuple[int, int, str]], bare: list[tuple[int, str]]) -> tuple[np.ndarray, np.ndarray]:
    """A panel with labels on plates ((x0, x1, word): a 36 px tall grey plate from x0 to x1,
    the word centred on it) and bare labels ((x, word)) on one line; the image and the runs."""
    img = Image.new("RGB", (900, 120), PANEL)
    d = ImageDraw.Draw(img)
    runs = []
    for x0, x1, word in plates:
        d.rectangle((x0, 40, x1, 75), fill=(215, 215, 215))
        d.text(((x0 + x1) / 2, 58), word, fill=(30, 30, 30), font=font(14), anchor="mm")
        runs.append(d.textbbox(((x0 + x1) / 2, 58), word, font=font(14), anchor="mm"))
    for x, word in bare:
        d.text((x, 58), word, fill=(30, 30, 30), font=font(14), anchor="lm")
        runs.append(d.textbbox((x, 58), word, font=font(14), anchor="lm"))
    runs = np.array([[x0 - 2, y0 - 3, x1 + 2, y1 + 3] for x0, y0, x1, y1 in runs], np.float64)
    return np.asarray(img), runs


@pytest.mark.parametrize("plates, bare, found", [
    ([(300, 400, "Cancel"), (410, 510, "Apply")], [], 2),                   # dialog buttons stand apart
    ([(100, 200, "General")], [(215, "Advanced"), (320, "About")], 0),      # the selected tab, its row bare
    ([(100, 200, "General"), (201, 300, "Advanced")], [], 0),               # tabs whose plates touch
])
def test_tabs_on_plates_are_not_buttons(plates, bare, found):
    rgb, runs = _plates_row(plates, bare)
    assert len(filled_plates(rgb, runs, np.zeros((0, 4)))) == found


def test_a_charts_grid_is_no_text_boxes_and_a_forms_fields_stay(parser):
    """A system monitor's graph drawn as a grid of empty cells under "CPU" (the classifier calls
    each cell a text box: `compounds.grid_cells` drops them), above a form's two empty fields
    spaced apart, which stay text boxes named by their labels."""
    img = Image.new("RGB", (1280, 720), (250, 250, 250))
    d = ImageDraw.Draw(img)
    d.text((30, 20), "CPU", fill=(30, 30, 30), font=font(15))
    x0, y0, cw, ch = 30, 50, 305, 48
    for r in range(5):
        for c in range(4):
            d.rectangle((x0 + c * cw, y0 + r * ch, x0 + (c + 1) * cw, y0 + (r + 1) * ch), fill=(253, 253, 253),
                        outline=(200, 200, 200))
    for c, t in enumerate(["1 min", "50 secs", "40 secs", "30 secs"]):
        d.text((x0 + c * cw + 4, y0 + 5 * ch + 4), t, fill=(60, 60, 60), font=font(10))
    for k, label in enumerate(("Name:", "Command:")):
        y = 420 + 50 * k
        d.text((30, y + 7), label, fill=(30, 30, 30), font=font(14))
        d.rectangle((130, y, 530, y + 30), fill=(255, 255, 255), outline=(160, 160, 160))
    els = parser.parse(np.asarray(img)).elements
    boxes = [(str(n), els.xyxy[i].tolist()) for i, (n, r) in enumerate(zip(els.name, els.role)) if r == "textbox"]
    assert not [b for b in boxes if b[1][1] < 400], boxes
    assert sorted(n for n, _ in boxes) == ["Command", "Name"], boxes


def _flat_spin(d: ImageDraw.ImageDraw, plate: tuple[int, int, int, int], fill, underline, value: str,
               at: tuple[int, int], ink, signs: tuple[int, int], mid: int, minus_ink, plus_ink) -> None:
    """A spin box drawn flat: a ``plate`` (x0, y0, x1, y1) of ``fill`` with an ``underline``
    colour along its bottom row, the ``value`` at ``at``, a 12 px "-" and "+" starting at the x's
    ``signs`` on the row ``mid``."""
    x0, y0, x1, y1 = plate
    d.rectangle((x0, y0, x1, y1 - 1), fill=fill)
    d.line((x0, y1, x1, y1), fill=underline)
    d.text(at, value, fill=ink, font=font(14))
    d.line((signs[0], mid, signs[0] + 12, mid), fill=minus_ink, width=2)
    d.line((signs[1], mid, signs[1] + 12, mid), fill=plus_ink, width=2)
    d.line((signs[1] + 6, mid - 6, signs[1] + 6, mid + 6), fill=plus_ink, width=2)


def test_a_flat_spin_boxs_value_before_its_plus(parser):
    """Materia's spin box drawn flat (a plate 3 grey levels off the window, a faint underline,
    the value, a thin "-" and a "+": no frame for the segmenter): the number is a spin box, its
    value the number (its name its own text: the label stays a label); the word after it stays a
    word."""
    img = Image.new("RGB", (1280, 720), (250, 250, 250))
    d = ImageDraw.Draw(img)
    d.text((40, 106), "Default size:", fill=(90, 90, 90), font=font(14))
    _flat_spin(d, (150, 98, 260, 128), (247, 247, 247), (225, 225, 225), "80", (158, 106), (40, 40, 40),
               (206, 234), 113, (60, 60, 60), (60, 60, 60))
    d.text((272, 106), "columns", fill=(90, 90, 90), font=font(14))
    els = parser.parse(np.asarray(img)).elements
    spins = [(str(t), str(n), str(v)) for t, n, v, r in zip(els.text, els.name, els.value, els.role) if r == "spinbox"]
    assert spins == [("80", "80", "80")], spins
    assert "Default size:" in set(els.text.tolist()) and "columns" in set(els.text.tolist())


def test_a_flat_spin_boxs_plate_is_the_spin_box(parser):
    """Materia-dark's flat spin box in a form row (yad's): a plate 9 grey levels off the window
    running the row's width, an underline, the value, a dim "-" and a "+" at its right end, its
    label on the window to the left. The plate is the spin box, named by the label, its value
    the number, which stays text inside it."""
    img = Image.new("RGB", (1024, 600), (18, 18, 18))
    d = ImageDraw.Draw(img)
    d.text((2, 363), "Line height", fill=(208, 208, 208), font=font(14))
    _flat_spin(d, (87, 355, 1020, 390), (27, 27, 27), (86, 86, 86), "1", (940, 363), (208, 208, 208),
               (968, 998), 372, (86, 86, 86), (208, 208, 208))
    els = parser.parse(np.asarray(img)).elements
    spins = np.flatnonzero(els.role == "spinbox")
    assert [(str(els.name[i]), str(els.value[i])) for i in spins] == [("Line height", "1")], \
        [(els.kind[i], els.role[i], els.text[i], els.xyxy[i].tolist()) for i in range(len(els))]
    x0, y0, x1, y1 = els.xyxy[spins[0]].tolist()
    assert x0 >= 80 and x1 >= 1010 and y0 <= 360 and y1 >= 385
    number = [i for i in range(len(els)) if str(els.text[i]) == "1"]
    assert [(els.role[i], els.parent[i]) for i in number] == [("text", els.id[spins[0]])]
