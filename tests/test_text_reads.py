"""What agents type back must be read character for character: the bundled sample's time and
e-mail address, a toolbar like the admin dashboard's ("Export CSV" behind a download icon),
and the bundled screen recognizer is the file the registry names."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from chromium import chromium_binary, render_html
from conftest import SAMPLE, SHARED_EVAL, font


@pytest.fixture(scope="module")
def engine():
    from detact.text.fast import FastTextEngine

    return FastTextEngine(device="cpu")


def texts(elements) -> list[str]:
    return [str(t) for t, k in zip(elements.text, elements.kind) if k == "text"]


def test_the_bundled_recognizer_is_the_one_the_registry_names():
    from detact.models.registry import load_registry
    from detact.runtime import sha256_file
    from detact.text.fast import bundled_recognizer

    spec = load_registry()["recognizer"]
    assert spec.bundled and spec.path == bundled_recognizer() and spec.path.is_file()
    assert sha256_file(spec.path) == spec.sha256 and spec.path.stat().st_size == spec.size
    assert spec.size <= 20 * 2 ** 20


def test_the_default_engine_runs_the_bundled_recognizer(engine):
    from detact.text.recognize import ScreenRecognizer

    assert isinstance(engine.recognizer, ScreenRecognizer) and engine.notes == []


def test_without_the_bundled_file_the_engine_falls_back_and_says_so(tmp_path):
    from detact.text.fast import load_recognizer
    from detact.text.recognize import TextRecognizer

    recognizer, notes = load_recognizer("cpu", tmp_path / "missing.onnx")
    assert isinstance(recognizer, TextRecognizer) and "english_g2" in notes[0] and "missing" in notes[0]


def test_the_bundled_sample_reads_time_and_address_exactly(engine):
    read = texts(engine.read(np.asarray(Image.open(SAMPLE).convert("RGB"))))
    assert "09:14" in read and "team@example.com" in read, read


@pytest.mark.parametrize("bg, fg, stretched", [
    ((31, 41, 55), (117, 117, 117), True),       # a placeholder on a dark field
    ((255, 255, 255), (190, 190, 190), True),    # disabled grey on white
    ((255, 255, 255), (17, 24, 39), False),      # ordinary text: left as it is
    ((120, 120, 120), (121, 121, 121), False),   # no ink to speak of: nothing to stretch
])
def test_faint_crops_are_stretched_before_reading(bg, fg, stretched):
    """(The dark page of test_rendered_pages.py is the end-to-end case: its grey "Username"
    placeholder was read at 0.25 confidence, under the engine's 0.3, and lost.)"""
    from detact.text.recognize import stretch_low_contrast

    img = Image.new("RGB", (120, 24), bg)
    ImageDraw.Draw(img).text((4, 4), "Username", fill=fg, font=font(14))
    crop = np.asarray(img)
    out = stretch_low_contrast([crop])[0]
    assert out.shape == crop.shape and out.dtype == np.uint8
    if stretched:
        assert np.percentile(out, 99) - np.percentile(out, 1) >= 250
    else:
        assert np.array_equal(out, crop)


def test_a_bold_title_and_a_grey_url_on_one_line_read_as_two_runs(engine):
    img = Image.new("RGB", (460, 40), (255, 255, 255))
    d = ImageDraw.Draw(img)
    bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    title_font = ImageFont.truetype(bold, 15) if Path(bold).exists() else font(15)
    d.text((10, 28), "Release notes", fill=(31, 35, 40), font=title_font, anchor="ls")
    x = 10 + d.textlength("Release notes ", font=title_font)
    d.text((x, 28), "github.com/acme/app", fill=(101, 109, 118), font=font(15), anchor="ls")
    read = texts(engine.read(np.asarray(img)))
    assert read == ["Release notes", "github.com/acme/app"], read


def icon_and_label(square) -> np.ndarray:
    """A grey filled square at ``square`` (x0, y0, x1, y1), then "Other Locations" at 15 px."""
    img = Image.new("RGB", (300, 36), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rectangle(square, fill=(101, 109, 118))
    d.text((34, 9), "Other Locations", fill=(31, 35, 40), font=font(15))
    return np.asarray(img)


def test_a_leading_icon_square_is_not_read_as_a_letter(engine):
    elements = engine.read(icon_and_label((8, 10, 21, 23)))
    assert texts(elements) == ["Other Locations"], texts(elements)
    icons = [b for b, k in zip(elements.xyxy, elements.kind) if k == "region"]
    assert len(icons) == 1 and icons[0][0] <= 10 and icons[0][2] <= 24


def test_an_icon_the_detector_boxes_apart_leaves_no_sliver_in_the_label(engine):
    assert texts(engine.read(icon_and_label((10, 11, 24, 25)))) == ["Other Locations"]


# a toolbar like the admin dashboard's: buttons with icons (inline SVG) in front of labels
TOOLBAR = """<!doctype html><html><head><style>
body { margin: 0; background: #f3f4f6; font-family: 'DejaVu Sans', sans-serif; font-size: 13px; }
.bar { display: flex; gap: 10px; padding: 20px; }
button { display: flex; align-items: center; gap: 6px; padding: 7px 12px; border-radius: 4px; font-size: 13px;
         border: 1px solid #6b7280; background: #fff; color: #111827; font-family: inherit; }
.primary { background: #2563eb; border-color: #2563eb; color: #fff; }
.danger { background: #dc2626; border-color: #dc2626; color: #fff; }
</style></head><body><div class="bar">
<button class="primary"><svg width="12" height="12" viewBox="0 0 12 12"><path d="M6 1v10M1 6h10" stroke="#fff"
 stroke-width="2"/></svg>New user</button>
<button><svg width="13" height="13" viewBox="0 0 13 13"><path d="M6.5 1v7M3 5l3.5 3.5L10 5M1 11h11" stroke="#111"
 stroke-width="2" fill="none"/></svg>Export CSV</button>
<button><svg width="12" height="12" viewBox="0 0 12 12"><path d="M1 1h10L7 6v5L5 10V6z" fill="#111"/></svg>Filter</button>
<button class="danger"><svg width="11" height="12" viewBox="0 0 11 12"><path d="M1 3h9M3 3V1h5v2M2 3l1 9h5l1-9"
 fill="#fff"/></svg>Delete selected</button>
</div></body></html>"""


@pytest.mark.skipif(chromium_binary() is None, reason="chromium is not installed")
@pytest.mark.parametrize("scale", [1, 2])
def test_a_dashboard_toolbar_reads_export_csv(engine, tmp_path, scale):
    (tmp_path / "bar.html").write_text(TOOLBAR)
    shot = render_html(tmp_path / "bar.html", tmp_path / "bar.png", 640, 80, scale)
    read = texts(engine.read(np.asarray(Image.open(shot).convert("RGB"))))
    assert "Export CSV" in read and "Filter" in read and "Delete selected" in read, read


BREADCRUMBS = """<!doctype html><html><head><style>
body{margin:0;background:#fff;font:15px 'DejaVu Sans',sans-serif;color:#212529}
.crumbs{position:absolute;left:24px;top:20px}.crumbs a{color:#0d6efd;text-decoration:none}
.crumbs span{color:#6c757d;padding:0 8px}
.path{position:absolute;left:24px;top:70px;background:#303030;color:#eee;padding:6px 10px;border-radius:6px}
.expr{position:absolute;left:24px;top:120px}
</style></head><body>
<nav class="crumbs"><a>Home</a><span>/</span><a>Library</a><span>/</span><a>Data</a></nav>
<div class="path">/ org / gnome / desktop</div>
<div class="expr">ratio = total / count</div>
</body></html>"""


@pytest.mark.skipif(chromium_binary() is None, reason="chromium is not installed")
def test_breadcrumbs_read_as_one_run_per_crumb(engine, tmp_path):
    """A breadcrumb or path bar is cut at its spaced separators (each crumb is a link or a button),
    an expression with one spaced "/" is not. (At scale 2 the line splitter already cuts at the
    wider gaps, the expression too.)"""
    (tmp_path / "crumbs.html").write_text(BREADCRUMBS)
    shot = render_html(tmp_path / "crumbs.html", tmp_path / "crumbs.png", 520, 160)
    read = texts(engine.read(np.asarray(Image.open(shot).convert("RGB"))))
    for crumb in ("Home", "Library", "Data", "org", "gnome", "desktop"):
        assert crumb in read, read
    assert "ratio = total / count" in read, read


def test_the_admin_dashboard_sample_reads_export_csv(engine):
    sample = SHARED_EVAL / "samples" / "admin-dashboard.png"
    if not sample.exists():
        pytest.skip("../shared/eval/samples is not beside this checkout")
    read = texts(engine.read(np.asarray(Image.open(sample).convert("RGB"))))
    assert "Export CSV" in read, read


def test_registry_entry_says_how_the_recognizer_was_made():
    from detact.runtime import package_data

    entry = next(m for m in json.loads(package_data("models", "registry.json").read_text())["models"]
                 if m["name"] == "recognizer")
    assert entry["file"] == "models/recognizer.onnx" and "training/text" in entry["description"]


def test_benchmark_and_recipe_agree_on_the_held_out_fonts():
    import importlib.util

    from conftest import ROOT

    def module(path):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod

    common = module(ROOT / "training" / "text" / "common.py")
    assert len(common.HELD_OUT_FONTS) >= 3 and not set(common.HELD_OUT_FONTS) & set(common.SEEN_FONTS)
    text = (ROOT / "benchmarks" / "text_quality.py").read_text()
    assert "UNSEEN_FONTS = (" + ", ".join(f'"{name}"' for name in common.HELD_OUT_FONTS) + ")" in text


#: (window background, field, text, border) of a Qt-style field, light (False) and dark (True)
FIELD_COLOURS = {False: ((239, 239, 239), (255, 255, 255), (20, 20, 20), (120, 120, 120)),
                 True: ((49, 54, 59), (35, 38, 41), (230, 230, 230), (110, 110, 110))}

@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("px", [12, 13, 14])
def test_a_tight_field_border_is_not_read_as_a_bar(engine, dark, px):
    """A Qt-style field whose 1-px border hugs the text: the detector's line box takes the
    border in, which read as "|name@example.com" before `split.inside_frame`."""
    bg, field, fg, edge = FIELD_COLOURS[dark]
    img = Image.new("RGB", (420, 60), bg)
    d = ImageDraw.Draw(img)
    d.rectangle((100, 18, 400, 18 + px + 8), fill=field, outline=edge)
    d.text((104, 21), "name@example.com", fill=fg, font=font(px))
    d.text((10, 21), "Email:", fill=fg, font=font(px))
    assert texts(engine.read(np.asarray(img))) == ["Email:", "name@example.com"]


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("px, dx, label", [(12, 4, "27"), (11, 5, "8"), (15, 4, "10"), (14, 3, "%")])
def test_a_short_label_read_in_a_window_past_its_box_leaves_the_frame_out(engine, dark, px, dx, label):
    """A spin box's "27": the glyph read's line-sized window reaches past the ink's box to
    the field's border, which read as "[27" before the window was cut to the frame's inside."""
    bg, field, fg, edge = FIELD_COLOURS[dark]
    img = Image.new("RGB", (200, 60), bg)
    d = ImageDraw.Draw(img)
    d.rectangle((20, 18, 180, 18 + px + 9), fill=field, outline=edge)
    d.text((20 + dx, 21), label, fill=fg, font=font(px))
    rgb = np.asarray(img)
    ink = np.argwhere(np.abs(rgb.astype(int) - np.array(field)).sum(axis=2) > 120)
    ink = ink[(ink[:, 0] > 19) & (ink[:, 0] < 18 + px + 9) & (ink[:, 1] > 21) & (ink[:, 1] < 179)]
    (y0, x0), (y1, x1) = ink.min(axis=0), ink.max(axis=0)
    box = np.array([[x0 - 4, y0 - 4, x1 + 5, y1 + 5]])    # the glyph stage pads icon boxes by 4 px
    assert list(engine.read_glyphs(rgb, box).text) == [label]


def _radio_line(label: str, lead: str, px: int = 13) -> tuple[np.ndarray, int, int]:
    """A label with, in front of it, a radio ring ("ring": taller than the capitals, centred on
    the line; "dotted": capital-sized with a dot inside) or a round character itself ("O",
    "Q", "0", "o"). Returns the image, where the lead ends and where the label starts."""
    img = Image.new("RGB", (260, 40), (246, 245, 244))
    d = ImageDraw.Draw(img)
    f = font(px)
    _, top, _, base = d.textbbox((30, 12), "H", font=f)
    if lead not in ("ring", "dotted"):
        end = d.textbbox((8, 12), lead, font=f)[2]
        d.text((8, 12), lead, fill=(46, 52, 54), font=f)
    else:
        side = (base - top) + 6 if lead == "ring" else base - top
        cy = (top + base) / 2
        d.ellipse((8, cy - side / 2, 8 + side, cy + side / 2), outline=(120, 120, 120), width=1)
        if lead == "dotted":
            d.ellipse((8 + side / 2 - 2.5, cy - 2.5, 8 + side / 2 + 2.5, cy + 2.5), fill=(53, 132, 228))
        end = int(8 + side + 1)
    d.text((end + 5, 12), label, fill=(46, 52, 54), font=f)
    return np.asarray(img), end + 1, end + 4


@pytest.mark.parametrize("lead, px, ring", [
    ("ring", 13, True),            # GTK: a ring taller than the capitals, centred on the line
    ("dotted", 13, True),          # Qt at scale 2: a checked ring as tall as the capitals
    ("dotted", 18, True),
    ("O", 13, False), ("O", 18, False), ("Q", 13, False), ("0", 13, False), ("o", 13, False),
])
def test_a_ring_is_told_from_a_round_letter(lead, px, ring):
    from detact.text.fast import ring_not_letter, to_gray

    img, glyph_end, text_start = _radio_line("Large", lead, px)
    assert ring_not_letter(to_gray(img), (4, 4, 200, 36), glyph_end, text_start) is ring


@pytest.mark.parametrize("lead, boxed", [
    ("crossed", True),             # Tk's clam look at scale 2: a crossed box read "X" glued on
    ("X", False), ("x", False),    # "XML", "Xfce": a letter has no frame
])
def test_a_crossed_box_is_told_from_an_x(lead, boxed):
    from detact.text.fast import box_not_letter, to_gray

    img = Image.new("RGB", (260, 40), (246, 245, 244))
    d = ImageDraw.Draw(img)
    if lead == "crossed":
        d.rectangle((8, 10, 25, 27), outline=(120, 120, 120), width=2)
        d.line((11, 13, 22, 24), fill=(20, 20, 20), width=2)
        d.line((11, 24, 22, 13), fill=(20, 20, 20), width=2)
        end = 26
    else:
        end = d.textbbox((8, 12), lead, font=font(18))[2]
        d.text((8, 12), lead, fill=(46, 52, 54), font=font(18))
    d.text((end + 6, 12), "Highlight", fill=(46, 52, 54), font=font(18))
    assert box_not_letter(to_gray(np.asarray(img)), (4, 4, 200, 36), end + 1, end + 5) is boxed


def test_a_crossed_box_read_with_its_label_is_cut_off(engine):
    """Tk's clam check boxes at scale 2, from our own read corpus: the ticked one's bold cross
    in its framed box read glued to the label, "XHighlight matching brackets"."""
    path = Path(__file__).parent / "fixtures" / "tk-clam-crossed-box-2x.png"
    read = texts(engine.read(np.asarray(Image.open(path).convert("RGB"))))
    assert read == ["Enable debug mode", "Highlight matching brackets"]


@pytest.mark.parametrize("lead, read, ring", [
    ("ring", "O", True), ("dotted", "O", True),          # xfce's radios: the ring a run of its own
    ("O", "O", False), ("0", "0", False), ("o", "o", False),
    ("ring", "Q", False),                                 # only reads of a round letter are looked at
])
def test_a_ring_read_as_a_run_of_its_own(lead, read, ring):
    from detact.text.fast import lone_rings, to_gray

    img, glyph_end, text_start = _radio_line("Active window", lead)
    runs = np.array([[6, 8, glyph_end, 34], [text_start, 8, 140, 34]])
    assert lone_rings(to_gray(img), runs, [read, "Active window"]).tolist() == [ring, False]


@pytest.mark.parametrize("gap, dot", [(2, False), (3, True), (5, False)])
def test_a_radio_ring_read_with_its_label_is_cut_off(engine, gap, dot):
    """GTK's radio ring close to its label read "Oradiobutton" or "O radiobutton"."""
    img = Image.new("RGB", (260, 40), (246, 245, 244))
    d = ImageDraw.Draw(img)
    _, top, _, base = d.textbbox((30, 12), "H", font=font(13))
    side, cy = base - top + 6, (top + base) / 2
    d.ellipse((8, cy - side / 2, 8 + side, cy + side / 2), outline=(180, 178, 176), width=1)
    if dot:
        d.ellipse((8 + side / 2 - 3, cy - 3, 8 + side / 2 + 3, cy + 3), fill=(53, 132, 228))
    d.text((8 + side + gap, 12), "radiobutton", fill=(46, 52, 54), font=font(13))
    assert texts(engine.read(np.asarray(img))) == ["radiobutton"]


@pytest.mark.parametrize("label", ["Open recent", "OK", "Options", "Orange", "o'clock", "ON"])
def test_words_that_start_round_keep_their_first_letter(engine, label):
    img = Image.new("RGB", (260, 40), (255, 255, 255))
    ImageDraw.Draw(img).text((10, 12), label, fill=(30, 30, 30), font=font(13))
    assert texts(engine.read(np.asarray(img))) == [label]


@pytest.mark.parametrize("side, radius, colour", [(16, 3, (190, 186, 182)), (14, 0, (120, 120, 120)), (20, 4, (90, 90, 90))])
def test_an_empty_check_box_is_not_read_as_a_letter(engine, side, radius, colour):
    """An unchecked check box's frame read "O" at 0.99 (english_g2), and the check box
    became the text "O" beside its label."""
    img = Image.new("RGB", (80, 60), (246, 245, 244))
    ImageDraw.Draw(img).rounded_rectangle((30, 20, 30 + side - 1, 20 + side - 1), radius=radius, outline=colour)
    box = np.array([[26, 16, 30 + side + 4, 20 + side + 4]])
    assert len(engine.read_glyphs(np.asarray(img), box)) == 0


@pytest.mark.parametrize("side, width, grey", [(16, 1, 60), (20, 1, 60), (26, 1, 110), (20, 2, 150), (26, 2, 150)])
def test_a_sunken_check_box_is_not_read_as_a_letter(engine, side, width, grey):
    """Qt draws an empty check box as a white square lit from the top left: only its top and
    left edges stand out from the page, and it read "F" or "C"."""
    img = Image.new("RGB", (80, 60), (239, 239, 239))
    d = ImageDraw.Draw(img)
    d.rectangle((30, 20, 30 + side, 20 + side), fill=(255, 255, 255))
    d.line((30, 20, 30 + side, 20), fill=(grey,) * 3, width=width)
    d.line((30, 20, 30, 20 + side), fill=(grey,) * 3, width=width)
    assert len(engine.read_glyphs(np.asarray(img), np.array([[26, 16, 30 + side + 5, 20 + side + 5]]))) == 0


@pytest.mark.parametrize("label", ["O", "0", "D", "o", "8", "Q", "F", "T", "L", "7"])
def test_round_and_square_letters_in_a_box_are_still_read(engine, label):
    # (a lone "O" reads "0": which of the two it is, one glyph alone does not say)
    img = Image.new("RGB", (80, 60), (255, 255, 255))
    ImageDraw.Draw(img).text((32, 18), label, fill=(30, 30, 30), font=font(16))
    read = engine.read_glyphs(np.asarray(img), np.array([[24, 12, 56, 44]])).text
    assert len(read) == 1 and read[0].upper().replace("0", "O") == label.upper().replace("0", "O")


@pytest.mark.parametrize("label,px", [
    ("6 comments", 11), ("6 comments", 13), ("40 files selected", 11),   # one or two digits
    # two letters that touch ("Do", "To"), a word space from the next word
    ("Do not show toolbar", 11), ("Do not show toolbar", 13), ("To be done later", 12), ("To be done later", 15),
])
def test_a_leading_number_or_short_word_the_splitter_takes_for_an_icon_is_read_with_its_label(engine, label, px):
    """A number or a short word is a blob about as wide as the line is tall, a space from the
    next word: the splitter cuts it off like an icon; the read puts it back."""
    from detact.text.fast import to_gray
    from detact.text.split import split_lines

    img = Image.new("RGB", (360, 40), (255, 255, 255))
    ImageDraw.Draw(img).text((10, 20), label, fill=(31, 35, 40), font=font(px), anchor="lm")
    rgb = np.asarray(img)
    lines, _ = engine.detector.detect(rgb)
    _, _, glyphs = split_lines(to_gray(rgb), lines, rgb)
    assert len(glyphs) == 1, "the blob is no longer cut off as an icon: this test checks nothing"
    elements = engine.read(rgb)
    assert texts(elements) == [label]
    assert "region" not in list(elements.kind)


@pytest.mark.parametrize("gap", [0, 2])
@pytest.mark.parametrize("word", ["Trash", "Work", "Desktop"])
def test_a_folder_icons_edge_touching_a_name_is_not_read_into_it(engine, word, gap):
    """A file list's row: a folder icon whose dark right edge stands 0-2 px from the name. The
    recognizer reads the edge as "]" glued to the word ("]Trash"); the word comes back alone,
    its run starting at its first letter, and the whole icon (x 8-29), not only its edge, as an
    icon candidate left of it."""
    img = Image.new("RGB", (220, 40), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rectangle((8, 10, 28, 30), fill=(240, 200, 120), outline=(150, 110, 40))
    d.line((28, 10, 28, 30), fill=(60, 40, 10), width=2)
    d.text((30 + gap, 20), word, fill=(30, 30, 30), font=font(16), anchor="lm")
    els = engine.read(np.asarray(img))
    assert texts(els) == [word]
    run = els.xyxy[list(els.kind).index("text")]
    regions = els.xyxy[els.kind == "region"]
    assert 28 + gap <= run[0] <= 32 + gap       # the word's ink starts at 30 + gap
    assert len(regions) == 1 and 6 <= regions[0][0] <= 10 and 27 <= regions[0][2] <= run[0] + 1


@pytest.mark.parametrize("capital, rest", [("M", "alik Garcia"), ("M", "usic"), ("C", "ontents")])
def test_a_capital_spaced_like_an_icon_stays_in_its_word(engine, capital, rest):
    """Some fonts set an "M" or a "C" as far from its next letter as an icon from its label
    (yad's "M alik García"), and the line splitter cuts it off by its shape. The capital sits on
    the word's rows, and read with the word's start it is read as a capital: the run takes it
    back, and no icon candidate is left (the recognizer may still read a space after it)."""
    from detact.text.fast import to_gray
    from detact.text.split import split_lines

    img = Image.new("RGB", (220, 30), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.text((20, 7), capital, fill=(20, 20, 20), font=font(13))
    d.text((20 + int(d.textlength(capital, font=font(13))) + 3, 7), rest, fill=(20, 20, 20), font=font(13))
    rgb = np.asarray(img)
    lines, _ = engine.detector.detect(rgb)
    _, _, glyphs = split_lines(to_gray(rgb), lines, rgb)
    assert len(glyphs) == 1, "the capital is no longer cut off as an icon: this test checks nothing"
    els = engine.read(rgb)
    assert [t.replace(" ", "")[:4] for t in texts(els)] == [(capital + rest)[:4]]
    assert "region" not in list(els.kind)


def test_a_kebab_the_recognizer_leaves_unread_becomes_an_icon_candidate(engine):
    """A "more options" glyph (three dots in a column) beside nothing: the line detector boxes
    it, the recognizer reads no text there, and the dots come back as a region."""
    img = Image.new("RGB", (120, 60), (255, 255, 255))
    d = ImageDraw.Draw(img)
    for y in (18, 27, 36):
        d.ellipse((50, y, 54, y + 4), fill=(60, 60, 60))
    els = engine.read(np.asarray(img))
    assert "text" not in list(els.kind) or not any(t.strip() for t in els.text), list(els.text)
    regions = els.xyxy[els.kind == "region"]
    assert len(regions) == 1 and regions[0][0] <= 50 and regions[0][2] >= 55 and regions[0][1] <= 18 and regions[0][3] >= 41


MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"


@pytest.mark.skipif(not Path(MONO).is_file(), reason="DejaVu Sans Mono is not installed")
@pytest.mark.parametrize("fg", [(150, 150, 150), (200, 200, 200)])
def test_years_in_a_dark_monospace_table_read_without_a_phantom_digit(engine, fg):
    """Grey 13 px DejaVu Sans Mono on a dark page: the first window cuts a "2"'s stroke and reads
    "2 2019" unsurely; two other windows agree on "2019" (`unsure_reads_retried`). A monospace
    line is cut at two empty cells, not one: "17 Jun 2019" is one run."""
    strings = ["17 Jun 2019", "Q3 2014", "build 20240906", "Feb 27, 2002", "April 2017", "20 Aug 1999"]
    img = Image.new("RGB", (720, 120), (30, 30, 30))
    draw = ImageDraw.Draw(img)
    for i, s in enumerate(strings):
        draw.text((20 + 230 * (i % 3), 20 + 40 * (i // 3)), s, fill=fg, font=ImageFont.truetype(MONO, 13))
    runs = texts(engine.read(np.asarray(img)))
    assert {"17 Jun 2019", "2014"} <= set(runs)      # no phantom digit: not "17 Jun 2 2019", "2 2014"
    assert not any("2 20" in run for run in runs)
