"""Text fields the parser used to lose, on drawn screens: a field inside a slightly taller panel
(`merge.nested_fields`), a focused empty field whose caret was read as "1"
(`text.caret.field_carets`), and a focused field or spin box whose whole value is selected
(`semantics.compounds.placeholder_fields`, `SPIN_GUESSES`)."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from detact.elements import Elements
from detact.merge import nested_fields
from detact.parser import Parser
from detact.semantics.compounds import placeholder_fields
from detact.text.caret import field_carets

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"


def font(size: int, path: str = FONT):
    try:
        return ImageFont.truetype(path, size)
    except OSError:
        pytest.skip(f"{path} is not installed")


@pytest.fixture(scope="module")
def parser() -> Parser:
    return Parser()


# ---------------------------------------------------------------- nested fields

@pytest.mark.parametrize("boxes, kept, expected", [
    # an editor's 26 px search bar inside its 43 px panel: both stay
    ([[1, 730, 1138, 773], [2, 746, 1137, 772]], [0], [1]),
    # the same panel round a box of a button's shape: NMS decides
    ([[1, 730, 1138, 773], [2, 746, 200, 772]], [0], []),
    # two outlines of one field (the outer only 2 px taller): one thing
    ([[1, 744, 1138, 774], [2, 746, 1137, 772]], [0], []),
    # a field sticking out of the box that suppressed it: no panel of it
    ([[100, 730, 1138, 773], [2, 746, 1137, 772]], [0], []),
    # a field too thin to be one (a slider's track)
    ([[1, 730, 1138, 773], [2, 760, 1137, 770]], [0], []),
])
def test_nested_fields(boxes, kept, expected):
    assert nested_fields(np.array(boxes), np.array(kept)).tolist() == expected


# ---------------------------------------------------------------- carets

def field_image(inner: str) -> tuple[np.ndarray, list[int], list[int]]:
    """A 600x30 field with a blue focus border on a light 1280x240 screen holding ``inner`` at its start:
    "caret" (a 1 px bar 16 px tall), "thick" (a 4 px bar), "one" (the digit drawn in DejaVu Sans
    14 px). Returns the image, the field's box and the box of what is inside."""
    im = Image.new("RGB", (1280, 240), (243, 244, 245))
    d = ImageDraw.Draw(im)
    field = [40, 20, 640, 50]
    d.rectangle(field, fill="white", outline=(85, 150, 220), width=1)
    if inner == "caret":   # 16 px: the recognizer reads it "1" at 0.98
        d.rectangle([50, 27, 50, 42], fill=(92, 97, 108))
        box = [47, 22, 54, 48]
    elif inner == "thick":
        d.rectangle([50, 24, 53, 45], fill=(80, 80, 90))
        box = [47, 22, 57, 48]
    else:
        d.text((48, 26), "1", fill=(40, 40, 40), font=font(14))
        box = [46, 24, 58, 46]
    return np.asarray(im), field, box


@pytest.mark.parametrize("inner, read, framed, expected", [
    ("caret", "1", True, True),     # the caret read as a one
    ("caret", "", True, True),      # ... or found as a bare region
    ("caret", "|", True, True),
    ("caret", "1", False, False),   # no field round it: nothing to say
    ("caret", "Al", True, False),   # a read of more than one bar is text
    ("thick", "1", True, False),    # a 4 px bar is no caret
    ("one", "1", True, False),      # a drawn "1" has its flag and foot
])
def test_field_carets(inner, read, framed, expected):
    rgb, field, box = field_image(inner)
    frame = field if framed else [-1, -1, -1, -1]
    assert field_carets(rgb, np.array([box]), [read], np.array([frame])).tolist() == [expected]


def test_a_caret_in_a_field_is_no_text_and_the_field_a_text_box(parser):
    rgb, field, _ = field_image("caret")
    result = parser.parse(rgb)
    els = result.elements
    inside = [i for i in range(len(els)) if els.xyxy[i, 0] >= field[0] - 2 and els.xyxy[i, 2] <= field[2] + 2
              and els.xyxy[i, 1] >= field[1] - 2 and els.xyxy[i, 3] <= field[3] + 2]
    assert not any(str(els.text[i]).strip() for i in inside)
    assert [els.role[i] for i in inside] == ["textbox"]


def test_a_search_field_inside_its_panel_is_a_text_box(parser):
    # a find bar as featherpad draws it: under the editor's last code line, 4 px of grey panel,
    # then a 26 px field; the line's ink, the panel's edge and the field's border make one
    # contour 43 px tall round the field, which used to swallow it
    im = Image.new("RGB", (1280, 800), (239, 239, 239))
    d = ImageDraw.Draw(im)
    d.rectangle([0, 0, 1279, 741], fill="white")
    mono = font(16, MONO)
    for y in (704, 726):
        d.text((30, y), 'App("xfce4-taskmanager", ("xfce4-taskmanager",)),', fill=(0, 128, 0), font=mono)
    d.rectangle([2, 746, 1137, 771], fill="white", outline=(171, 171, 171))
    d.text((7, 751), "Search...", fill=(150, 150, 150), font=font(14))
    els = parser.parse(np.asarray(im)).elements
    hits = [i for i in range(len(els)) if els.xyxy[i, 1] >= 744 and els.xyxy[i, 3] <= 774 and els.xyxy[i, 0] <= 10]
    assert "textbox" in {els.role[i] for i in hits}, [(els.xyxy[i].tolist(), els.role[i], els.text[i]) for i in hits]


# ---------------------------------------------------------------- selected values

ACCENT = (53, 132, 228)


def focused_field(text: str, selected: bool, width: int = 215) -> tuple[np.ndarray, list[int], list[int]]:
    """A 35 px entry with a blue focus ring on a light 1000x300 screen at (117, 29) holding ``text``
    (DejaVu Sans 15 px) 8 px from its left, drawn white on the accent colour when
    ``selected``. Returns the image, the frame and the text's box."""
    im = Image.new("RGB", (1000, 300), (246, 245, 244))
    d = ImageDraw.Draw(im)
    frame = [117, 29, 117 + width, 64]
    d.rounded_rectangle((frame[0], frame[1], frame[2] - 1, frame[3] - 1), radius=5, fill="white", outline=ACCENT, width=2)
    f = font(15)
    x0, y0, x1, y1 = d.textbbox((126, 38), text, font=f)
    if selected:
        d.rectangle((x0 - 1, 37, x1 + 1, 56), fill=ACCENT)
    d.text((126, 38), text, fill="white" if selected else (46, 52, 54), font=f)
    return np.asarray(im), frame, [x0 - 1, 37, x1 + 1, 57]


@pytest.mark.parametrize("text, selected, expected", [
    ("Terminal window title", True, True),    # the whole value selected: 50 px free on its right
    ("Terminal window title", False, False),  # the same text plain: as much room as a button's label
    ("Terminal", False, True),                # a short value: room enough either way
])
def test_a_selected_value_fills_its_field(text, selected, expected):
    rgb, frame, box = focused_field(text, selected)
    els = Elements([box], ["text"], [text], frame=[frame])
    assert placeholder_fields(rgb, els).tolist() == ([0] if expected else [])


def test_a_focused_spin_box_with_its_value_selected_is_a_spin_box(parser):
    # GTK selects a focused spin button's value: "0" white on blue, "-" greyed out at the minimum
    im = Image.new("RGB", (1000, 300), (246, 245, 244))
    d = ImageDraw.Draw(im)
    d.text((19, 37), "Delay:", fill=(46, 52, 54), font=font(15))
    d.rounded_rectangle((117, 29, 249, 63), radius=5, fill="white", outline=ACCENT, width=2)
    for x in (179, 214):
        d.line((x, 31, x, 61), fill=(205, 199, 194))
    d.line((190, 46, 203, 46), fill=(190, 190, 190), width=2)
    d.line((225, 46, 238, 46), fill=(46, 52, 54), width=2)
    d.line((231, 40, 231, 53), fill=(46, 52, 54), width=2)
    d.rectangle((126, 36, 136, 56), fill=ACCENT)
    d.text((127, 37), "0", fill="white", font=font(15))
    d.text((260, 37), "seconds", fill=(46, 52, 54), font=font(15))
    els = parser.parse(np.asarray(im)).elements
    spins = [i for i in range(len(els)) if els.role[i] == "spinbox"]
    assert len(spins) == 1, [(els.kind[i], els.text[i], els.label[i], els.role[i], els.xyxy[i].tolist())
                             for i in range(len(els))]
    assert els.xyxy[spins[0], 0] <= 126 and els.xyxy[spins[0], 2] >= 238
