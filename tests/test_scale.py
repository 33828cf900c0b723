"""The screen's scale as its text tells it (`detact.scale.pixel_scale`): from the width, or
from the text's size on a HiDPI capture narrower than 2400 px; and a wide text field of such a
capture, 70 px tall (too tall for the edge segmenter's fields at scale 1), found as a text box
by the search for fields (`segment.fills`), which takes that scale; and a header bar's menu
button on such a capture, a 74 px plate, an icon (the icon stage takes that scale too); and an
icon with a hole on such a capture, one icon (merge's glyph size takes it too)."""
from __future__ import annotations

import numpy as np
import pytest

from chromium import chromium_binary, render_html
from detact import Elements
from detact.boxes import iou
from detact.scale import pixel_scale


def runs(heights, others: int = 0) -> Elements:
    """Text runs of the given heights (px) stacked down a column, and ``others`` icon regions."""
    boxes = [(10, 40 * i, 200, 40 * i + h) for i, h in enumerate(heights)]
    boxes += [(300, 40 * i, 340, 40 * i + 40) for i in range(others)]
    kinds = ["text"] * len(heights) + ["region"] * others
    return Elements(np.array(boxes, np.int32).reshape(-1, 4), kinds, ["word"] * len(heights) + [""] * others)


@pytest.mark.parametrize("width, heights, scale", [
    (2560, [20] * 10, 2),                 # wide enough to be HiDPI whatever its text
    (2048, [34] * 10, 2),                 # all text twice a 1x screen's: a 2x capture
    (2048, [31, 33, 35, 36, 38] * 4, 2),
    (1920, [33] * 12 + [20] * 8, 1),      # large glyphs beside small menu text: 1x
    (1920, [22] * 20, 1),
    (2048, [34] * 4, 1),                  # too few runs to tell
    (1280, [], 1),
])
def test_pixel_scale(width, heights, scale):
    assert pixel_scale(width, runs(heights, others=30)) == scale


PAGE = """<!doctype html><html><head><style>
body{margin:0;background:#f6f5f4;font-family:'DejaVu Sans',sans-serif;font-size:14px;color:#222}
.bar{position:absolute;left:0;top:0;right:0;height:30px;display:flex;gap:18px;padding:6px 12px;box-sizing:border-box}
input{position:absolute;left:150px;top:50px;width:760px;height:35px;box-sizing:border-box;border:1px solid #9a9996;
 border-radius:5px;background:#fff;font-size:14px;padding:0 8px}
.row{position:absolute;left:20px;font-size:14px}
</style></head><body>
<div class="bar"><span>File</span><span>Edit</span><span>View</span><span>Go</span><span>Help</span></div>
<div class="row" style="top:58px">Search for:</div>
<input value="">
<div class="row" style="top:120px">Documents</div><div class="row" style="top:150px">Downloads</div>
<div class="row" style="top:180px">Music</div><div class="row" style="top:210px">Pictures</div>
<div class="row" style="top:240px">Videos</div><div class="row" style="top:270px">Recent files</div>
</body></html>"""


@pytest.mark.skipif(chromium_binary() is None, reason="chromium is not installed")
@pytest.mark.parametrize("scale", [1, 2])
def test_wide_field_of_a_2x_capture_is_a_text_box(parser, tmp_path, scale):
    (tmp_path / "page.html").write_text(PAGE)
    png = render_html(tmp_path / "page.html", tmp_path / "page.png", 1024, 768, scale)
    result = parser.parse(png)
    assert result.width == 1024 * scale           # 2048 px: narrower than the width rule's 2400
    field = np.array([[150, 50, 910, 85]]) * scale
    els = result.elements
    overlap = iou(els.xyxy, field)[:, 0]
    best = int(np.argmax(overlap))
    assert overlap[best] >= 0.8, els.xyxy[best]
    assert els.role[best] == "textbox" and els.name[best] == "Search for"


def _hidpi_header_bar() -> np.ndarray:
    """A 2048x1536 capture of a scale-2 screen: lines of 28 px text and, top right, catfish's menu
    button, a 74 px plate holding three 4 px bars 6 px apart (too thin for the segmenter alone)."""
    from PIL import Image, ImageDraw

    from conftest import font

    img = Image.new("RGB", (2048, 1536), (246, 245, 244))
    d = ImageDraw.Draw(img)
    for k, word in enumerate(["Search for files", "Documents", "Pictures", "Downloads", "Music", "Videos"]):
        d.text((60, 200 + 60 * k), word, fill=(40, 40, 40), font=font(28))
    d.rounded_rectangle((1967, 7, 2040, 76), radius=8, fill=(249, 249, 249), outline=(170, 170, 165), width=2)
    for y in (30, 40, 50):
        d.rectangle((1990, y, 2017, y + 3), fill=(43, 43, 43))
    return np.asarray(img)


def test_an_icon_plate_of_a_2x_capture_is_an_icon(parser):
    plate = [e for e in parser.parse(_hidpi_header_bar()).elements if e.bbox[0] > 1900]
    assert len(plate) == 1 and plate[0].kind == "icon" and plate[0].role == "button", plate
    assert plate[0].label, "the encoder named nothing: the icon stage never saw the plate"


RING_PAGE = """<!doctype html><html><head><style>
body{margin:0;background:#fff;font-family:'DejaVu Sans',sans-serif;font-size:14px;color:#222}
.row{position:absolute;left:20px;font-size:14px} svg{position:absolute;left:600px;top:100px}
</style></head><body>
<div class="row" style="top:20px">Documents</div><div class="row" style="top:50px">Downloads</div>
<div class="row" style="top:80px">Music</div><div class="row" style="top:110px">Pictures</div>
<div class="row" style="top:140px">Videos</div><div class="row" style="top:170px">Recent files</div>
<svg width="18" height="18" viewBox="0 0 18 18" fill="none" stroke="#444" stroke-width="1.5">
<circle cx="9" cy="9" r="8"/><circle cx="9" cy="9" r="3"/></svg>
</body></html>"""


@pytest.mark.skipif(chromium_binary() is None, reason="chromium is not installed")
def test_an_icon_with_a_hole_on_a_2x_capture_is_one_icon(parser, tmp_path):
    """An 18 px icon drawn at scale 2 (36 px) whose inner ring the segmenter finds apart: merge
    takes glyph sizes at the scale the text tells, so the outer ring holds the inner one as a
    stroke of one icon; at the width's scale (1) the outer ring went as the inner one's frame
    and the icon was its 12 px hole (pico's gear, named "record")."""
    (tmp_path / "page.html").write_text(RING_PAGE)
    png = render_html(tmp_path / "page.html", tmp_path / "page.png", 1024, 768, 2)
    els = parser.parse(png).elements
    here = [e for e in els if 1180 <= (e.bbox[0] + e.bbox[2]) / 2 <= 1240 and 180 <= (e.bbox[1] + e.bbox[3]) / 2 <= 240]
    assert len(here) == 1 and here[0].bbox[2] - here[0].bbox[0] >= 30, [(e.kind, e.bbox) for e in here]
