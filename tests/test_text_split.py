"""Text-run splitting (`detact.text.split`, `detact.text.fast`) on drawn lines: where a
detected line is cut into runs, which leading blob is an icon, which strokes are underlines."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from conftest import font
from detact.text.fast import (capitals_joined, glyph_before, icon_box, icon_edge, letter_sized, lowered_word_ends,
                              per_word_confidence, split_at_separators, split_icon_edges, split_leading_glyphs,
                              split_unread_leading_ink, split_unread_trailing_ink, trailing_dots, with_row_height,
                              with_side_room, without_line_above, without_line_below, word_start)
from detact.text.split import (border_ink, find_underlines, inside_frame, median_ink, over_cut_strokes, split_line,
                               split_lines)


def line_image(parts, size=(420, 30), icon_at=None, underline=None) -> np.ndarray:
    """A gray line: text ``parts`` as (x, text); optionally a filled 14 px square icon at x and
    an underline from x0 to x1 at the text's baseline."""
    img = Image.new("L", size, 255)
    d = ImageDraw.Draw(img)
    for x, t in parts:
        d.text((x, 6), t, fill=20, font=font(16))
    if icon_at is not None:
        d.rectangle((icon_at, 8, icon_at + 13, 21), fill=40)
    if underline is not None:
        d.line((underline[0], 24, underline[1], 24), fill=20, width=1)
    return np.asarray(img)


def whole(img) -> tuple[int, int, int, int]:
    return (0, 0, img.shape[1], img.shape[0])


@pytest.mark.parametrize("parts, runs", [
    ([(10, "Save as")], 1),                            # a word space does not cut
    ([(10, "Name"), (200, "Email")], 2),               # two table cells: a wide gap cuts
    ([(10, "Open recent"), (300, "Ctrl+O")], 2),      # a label and its shortcut far right
])
def test_runs_are_cut_at_gaps_wider_than_a_word_space(parts, runs):
    img = line_image(parts)
    texts, icons = split_line(img, whole(img))
    assert len(texts) == runs and icons == []
    starts = [t[0] for t in texts]
    assert starts == sorted(starts)


def test_leading_icon_is_split_off_not_read_as_a_letter():
    img = line_image([(40, "Delete")], icon_at=10)
    texts, icons = split_line(img, whole(img))
    assert len(icons) == 1 and 8 <= icons[0][0] <= 12 and icons[0][2] - icons[0][0] <= 16
    assert len(texts) == 1 and texts[0][0] >= 30       # the text run starts after the icon


def test_a_leading_capital_is_not_an_icon():
    img = line_image([(10, "MS Office")])
    texts, icons = split_line(img, whole(img))
    assert icons == [] and len(texts) == 1


def test_blank_line_is_kept_whole():
    img = np.full((20, 100), 255, np.uint8)
    assert split_line(img, whole(img)) == ([whole(img)], [])


def test_split_lines_records_the_source_line_of_every_run():
    img = line_image([(10, "Name"), (200, "Email")], size=(420, 60))
    boxes = np.array([[0, 0, 420, 30], [0, 30, 420, 60]], np.int32)
    texts, owners, icons = split_lines(img, boxes)
    # two runs from the first line; the blank second line is kept whole
    assert len(texts) == 3 and owners.tolist() == [0, 0, 1] and icons.shape == (0, 4)


def test_underline_is_found_under_a_link_and_not_under_plain_text():
    link = line_image([(10, "Privacy policy")], underline=(10, 118))
    plain = line_image([(10, "Privacy policy")])
    strokes = find_underlines(link, whole(link))
    assert strokes and all(y0 >= 15 for _, y0, _, _, _ in strokes)
    assert find_underlines(plain, whole(plain)) == []


@pytest.mark.parametrize("text", ["EE", "L", "ZZ", "E"])
def test_the_bars_letters_end_in_are_no_underline(text):
    # a calculator key's "EE": its bottom row spans the run, yet erasing it reads "FF"
    img = line_image([(10, text)], size=(60, 30))
    assert find_underlines(img, whole(img)) == []
    underlined = line_image([(10, text + " Format")], size=(160, 30), underline=(10, 150))
    assert find_underlines(underlined, whole(underlined))


@pytest.mark.parametrize("text, pieces", [
    ("Settings - Chrome", ["Settings", "Chrome"]),
    ("Linux | Mac | Windows", ["Linux", "Mac", "Windows"]),
    ("well-known", ["well-known"]),                    # an unspaced dash is part of the word
    ("plain words", ["plain words"]),
    # breadcrumbs and path bars: three crumbs or more, each one to three words
    ("/ org / gnome / desktop", ["org", "gnome", "desktop"]),
    ("Home / Library / Data", ["Home", "Library", "Data"]),
    ("Settings > Privacy > Site data", ["Settings", "Privacy", "Site data"]),
    ("Home \u203a Docs \u203a Plans", ["Home", "Docs", "Plans"]),
    ("total / count", ["total / count"]),             # two operands are no breadcrumb
    ("if a > b:", ["if a > b:"]),
    ("x = a / b / c", ["x = a / b / c"]),             # "x = a" is no crumb
    # a dash between two numbers is a range, one value
    ("9:00 - 17:00", ["9:00 - 17:00"]),
    ("10.0.0.1 - 10.0.0.9", ["10.0.0.1 - 10.0.0.9"]),
    ("1 \u2013 20 of 96", ["1 \u2013 20 of 96"]),
    ("Page 2 - Report", ["Page 2", "Report"]),         # a number on one side only
    ("5 | 6", ["5", "6"]),                             # a bar still separates
    ("x ^ y | 8", ["x ^ y | 8"]),                     # ... but not two operands, one a letter
    ("a | b", ["a | b"]),
    ("x ^ y | 192", ["x ^ y | 192"]),
    ("Home | 2 | About", ["Home", "2", "About"]),       # no letter alone beside it: a separator
    # a combo or spin box's left edge read after its label's colon
    ("Type: |Full screen", ["Type:", "Full screen"]),
    ("Delay: [None", ["Delay:", "None"]),
    ("Note: [optional]", ["Note: [optional]"]),       # closed later: text
    ("a: |b| c", ["a: |b| c"]),
    ("x = 1: |y", ["x = 1: |y"]),                      # a digit before the colon: no label
])
def test_split_at_separators_uses_character_positions(text, pieces):
    xs = np.arange(len(text), dtype=np.float64) * 8 + 4     # one character every 8 px
    box = np.array([[0, 0, 8 * len(text), 16]], np.int32)
    out_boxes, out_texts, _ = split_at_separators(box, [text], np.array([0.9], np.float32), [xs])
    assert out_texts == pieces
    for b, t in zip(out_boxes, out_texts):   # each piece's box covers its characters
        start = text.index(t)
        assert b[0] <= xs[start] and b[2] >= xs[start + len(t) - 1]


# --- style-aware runs: a change of colour, weight or size at a word space is a new run --------

BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
BLACK, GREY, RED, BLUE, WHITE, DARK = (31, 35, 40), (101, 109, 118), (207, 34, 46), (9, 105, 218), (255, 255, 255), (13, 17, 23)


def styled_line(parts, background=WHITE, size=(520, 34)):
    """An RGB line of ``parts``: (text, colour, font size, bold) drawn left to right with one
    word space between them; returns (rgb, gray, x where each part starts)."""
    from pathlib import Path

    from PIL import ImageFont

    img = Image.new("RGB", size, background)
    d = ImageDraw.Draw(img)
    x, starts = 8.0, []
    for text, colour, px, bold in parts:
        f = ImageFont.truetype(BOLD, px) if bold and Path(BOLD).exists() else font(px)
        starts.append(x)
        d.text((x, size[1] - 8), text, fill=colour, font=f, anchor="ls")  # one baseline
        x += d.textlength(text + " ", font=f)
    rgb = np.asarray(img)
    gray = (rgb[:, :, 0] * 0.299 + rgb[:, :, 1] * 0.587 + rgb[:, :, 2] * 0.114).astype(np.uint8)
    return rgb, gray, starts


@pytest.mark.parametrize("parts, runs", [
    # title and URL: colour (and weight) change
    ([("Release notes", BLACK, 14, True), ("github.com/acme/app", GREY, 14, False)], 2),
    # a red heading and the sentence after it
    ([("WARNING:", RED, 13, True), ("disk almost full", BLACK, 13, False)], 2),
    ([("Signed in as", GREY, 12, False), ("carol@example.com", BLUE, 12, False)], 2),
    # weight alone: a bold label and its value in the same colour
    ([("Status:", BLACK, 15, True), ("running since 09:14", BLACK, 15, False)], 2),
    # size alone: a big title and small text on one line
    ([("Inbox", BLACK, 26, False), ("12 unread messages", BLACK, 12, False)], 2),
    # dark theme
    ([("Build", (230, 237, 243), 14, True), ("passed in 2m 14s", (141, 150, 160), 14, False)], 2),
    # one style: never cut, whatever the letters
    ([("Typography and spacing", BLACK, 14, False)], 1),
    ([("Export CSV", BLACK, 13, False)], 1),
    ([("illicit Wombat jumps", GREY, 11, False)], 1),
    ([("Mixed CAPS and lower case", BLUE, 16, True)], 1),
    ([("/home/alice/Documents/notes.txt", BLACK, 10, False)], 1),
    # upright stems beside round letters: the stems' horizontal runs are thinner, the weight the same
    ([("All Processes", BLACK, 12, False)], 1),
    ([("Fill all cells", BLACK, 12, False)], 1),
    ([("Will document", BLACK, 12, False)], 1),
    ([("Will document", BLACK, 16, False)], 1),
])
def test_runs_are_cut_where_the_style_changes(parts, runs):
    background = DARK if min(parts[0][1]) > 120 else WHITE  # light text: a dark theme
    rgb, gray, starts = styled_line(parts, background)
    box = (0, 0, rgb.shape[1], rgb.shape[0])
    texts, icons = split_line(gray, box, rgb=rgb)
    assert len(texts) == runs, texts
    if runs == 2:  # the cut falls in the space before the second part
        assert abs(texts[1][0] - starts[1]) <= 4 and texts[0][2] <= starts[1] + 3


def test_without_colours_a_grey_level_change_still_cuts():
    rgb, gray, _ = styled_line([("Release notes", BLACK, 14, False), ("github.com/acme", GREY, 14, False)])
    texts, _ = split_line(gray, (0, 0, gray.shape[1], gray.shape[0]))
    assert len(texts) == 2


@pytest.mark.parametrize("icon, colour", [("square", GREY), ("outline", BLACK), ("plus", BLUE)])
def test_a_leading_icon_of_any_shape_is_kept_out_of_the_text(icon, colour):
    img = Image.new("RGB", (300, 30), WHITE)
    d = ImageDraw.Draw(img)
    if icon == "square":
        d.rectangle((8, 8, 21, 21), fill=colour)
    elif icon == "outline":
        d.rectangle((8, 8, 21, 21), outline=colour, width=2)
    else:
        d.rectangle((8, 13, 21, 15), fill=colour)
        d.rectangle((13, 8, 15, 21), fill=colour)
    d.text((32, 6), "Other Locations", fill=BLACK, font=font(14))
    rgb = np.asarray(img)
    gray = (rgb[:, :, 0] * 0.299 + rgb[:, :, 1] * 0.587 + rgb[:, :, 2] * 0.114).astype(np.uint8)
    texts, icons = split_line(gray, (0, 0, 300, 30), rgb=rgb)
    assert len(icons) == 1 and icons[0][0] <= 9 and icons[0][2] <= 24
    assert len(texts) == 1 and texts[0][0] >= 26


@pytest.mark.parametrize("gap, caret", [(6, "down"), (3, "down"), (6, "v")])
def test_an_expanders_caret_flatter_than_an_icon_is_kept_out_of_the_text(gap, caret):
    """qalculate's "[v]Keypad" at scale 2: a filled triangle 24 x 12 px, 6 px before its label,
    is no letter; a "v" of the word is one."""
    img = Image.new("L", (300, 44), 240)
    d = ImageDraw.Draw(img)
    if caret == "down":
        d.polygon([(4, 14), (28, 14), (16, 26)], fill=40)
        d.text((28 + gap, 22), "Keypad", fill=40, font=font(26), anchor="lm")
    else:
        d.text((4, 22), "vKeypad", fill=40, font=font(26), anchor="lm")
    img = np.asarray(img)
    texts, icons = split_line(img, whole(img))
    assert len(texts) == 1
    if caret == "down":
        assert len(icons) == 1 and icons[0][0] <= 5 and icons[0][2] <= 30 and texts[0][0] >= 26
    else:
        assert icons == [] and texts[0][0] <= 6


def framed_field(text: str, frame: str, dark: bool = False, size=(260, 26)) -> np.ndarray:
    """A gray text field: ``text`` at x=8 inside a 1-px border drawn along the image's edges
    ("box": all four sides, "left": only a left edge running past the top and bottom, as when
    the detector's line box starts inside a taller field, "rounded": a left edge and a bottom
    edge joined by a rounded corner, the top above the box, "none")."""
    bg, fg, edge = (37, 220, 120) if dark else (255, 20, 130)
    img = Image.new("L", size, bg)
    d = ImageDraw.Draw(img)
    w, h = size
    if frame == "box":
        d.rectangle((1, 1, w - 2, h - 2), outline=edge)
    elif frame == "rounded":
        d.line((2, 0, 2, h - 3), fill=edge)
        d.point((3, h - 3), fill=edge)
        d.line((3, h - 2, w - 1, h - 2), fill=edge)
    elif frame == "left":
        d.line((1, 0, 1, h - 1), fill=edge)
    d.text((8, 5), text, fill=fg, font=font(14))
    return np.asarray(img)


@pytest.mark.parametrize("text, frame, dark, inside", [
    # the field's border in the box: left out, the text kept
    ("name@example.com", "box", False, (2, 2, 258, 24)),
    # a rounded field whose top border lies above the detector's box: its corner curls in
    # along the bottom row beside the left edge (Qt's Fusion style)
    ("Filter", "rounded", False, (3, 0, 260, 24)),
    ("Product manager", "box", True, (2, 2, 258, 24)),
    ("27", "left", False, (2, 0, 260, 26)),
    # no frame, or strokes that are text: the box stays whole
    ("name@example.com", "none", False, (0, 0, 260, 26)),
    ("| Options", "none", False, (0, 0, 260, 26)),
    ("[x] Remember me", "none", False, (0, 0, 260, 26)),
    ("lllll IIIII", "none", True, (0, 0, 260, 26)),
    ("E", "none", False, (0, 0, 260, 26)),
    ("L = T", "none", False, (0, 0, 260, 26)),
])
def test_a_frame_around_the_text_is_left_out(text, frame, dark, inside):
    img = framed_field(text, frame, dark)
    assert inside_frame(img, whole(img)) == inside


@pytest.mark.parametrize("size", [15, 18])
def test_a_lone_sevens_bar_is_no_frame(size):
    """A calculator key's "7" in the window the glyph reader crops round it: its bar spans the
    ink and the diagonal under it stands at one side only, which no frame's sides do (it was cut
    off, and the rest read "1")."""
    img = Image.new("L", (22, 26), 252)
    ImageDraw.Draw(img).text((11, 13), "7", fill=46, font=font(size), anchor="mm")
    img = np.asarray(img)
    assert inside_frame(img, whole(img), max_pad=8) == whole(img)


def test_an_underline_with_descenders_below_it_is_no_frame():
    img = Image.new("L", (200, 26), 255)
    d = ImageDraw.Draw(img)
    d.text((4, 2), "Typography", fill=20, font=font(16))
    d.line((4, 17, 190, 17), fill=20)     # through the descenders of y, p, g
    img = np.asarray(img)
    assert inside_frame(img, whole(img)) == whole(img)


@pytest.mark.parametrize("frame", ["box", "left"])
def test_a_field_border_is_not_read_into_the_text(frame):
    img = framed_field("name@example.com", frame)
    texts, icons = split_line(img, whole(img))
    assert icons == [] and len(texts) == 1 and texts[0][0] >= 4   # the run starts after the border


@pytest.mark.parametrize("text, kept, cut", [
    ("@ Create", "Create", True),             # an icon read as a symbol, then the label
    ("> Reports", "Reports", True),
    ("| Smooth images", "Smooth images", True),
    ("\u2022 Inbox", "Inbox", True),
    ("] Show White Space", "Show White Space", True),   # a check box read as a bracket
    ("[ Fullscreen", "Fullscreen", True),
    ("+ Add row", "+ Add row", False),        # symbols that start real UI text stay
    ("< Back", "< Back", False),
    ("# general", "# general", False),
    ("$ 12.00", "$ 12.00", False),
    ("- 5 items", "- 5 items", False),
    ("(optional)", "(optional)", False),
    ("+1 555 0100", "+1 555 0100", False),    # no space: part of the word
    ("a + b", "a + b", False),
    ("+ -", "+ -", False),                    # no word after it
    ("= Menu", "Menu", True),                 # three bars read as "="
    ("= 5741", "= 5741", False),              # a result or an assignment's right side
    # a folder icon's edge or a tick read glued to a capitalised name
    ("]Work", "Work", True),
    ("|Archive", "Archive", True),
    ("lDesktop", "Desktop", True),
    ("jWork", "Work", True),
    ("JAdd result", "Add result", True),
    ("[None", "None", True),
    ("iPhone", "iPhone", False),              # real words and names with a letter in front
    ("eBay", "eBay", False),
    ("IDs", "IDs", False),
    ("JSON", "JSON", False),
    ("lowercase", "lowercase", False),
    ("[Optional]", "[Optional]", False),      # a bracket that closes is text
    ("(Optional", "(Optional", False),
    ("|a", "|a", False),
    ("[INFO] ready", "[INFO] ready", False),
    ("lowercase", "lowercase", False),
    ("JSON", "JSON", False),
])
def test_a_lone_leading_symbol_is_cut_off_as_an_icon(text, kept, cut):
    xs = [np.arange(len(text), dtype=float) * 8 + 14]      # 8 px per character from x=10
    boxes, texts, conf, char_x, glyphs = split_leading_glyphs(np.array([[10, 0, 10 + 8 * len(text), 20]]),
                                                              [text], np.array([0.9]), xs)
    assert texts == [kept] and len(char_x[0]) == len(kept) and conf.tolist() == pytest.approx([0.9])
    assert len(glyphs) == int(cut)
    if cut:   # the icon's box ends between the symbol and the space; the text starts at its word
        assert glyphs[0][0] == 10 and 17 <= glyphs[0][2] <= 19
        assert boxes[0][0] == int(xs[0][len(text) - len(kept)] - 4)


@pytest.mark.parametrize("shape, icon", [
    ("box", True),          # an empty check box 2 px from its label: an icon, not "]" or "O"
    ("filled", True),       # a checked one
    ("ring", False),        # a focus ring round the word: no box of its own
    ("letter", False),      # a round "O" starting the label
])
def test_a_check_box_close_to_its_label_is_an_icon(shape, icon):
    img = Image.new("L", (260, 30), 246)
    d = ImageDraw.Draw(img)
    if shape in ("box", "filled"):
        d.rounded_rectangle((4, 7, 19, 22), radius=3, outline=150, fill=60 if shape == "filled" else 255)
        d.text((21, 15), "Show this dialog", fill=40, font=font(12), anchor="lm")
    elif shape == "ring":
        d.text((8, 15), "Home", fill=40, font=font(12), anchor="lm")
        d.rounded_rectangle((3, 4, 48, 26), radius=4, outline=20, width=2)
    else:
        d.text((4, 15), "Options", fill=40, font=font(12), anchor="lm")
    img = np.asarray(img)
    texts, icons = split_line(img, whole(img))
    assert len(texts) == 1 and (len(icons) == 1) == icon
    if icon:
        assert icons[0][0] <= 5 and icons[0][2] <= 21 and texts[0][0] >= 18


@pytest.mark.parametrize("boxes, read", [
    ([[100, 10, 112, 30]], [[96, 10, 116, 30]]),                       # a lone "2": 4 px each side
    ([[2, 10, 14, 30]], [[0, 10, 18, 30]]),                            # clipped at the left edge
    ([[100, 10, 160, 30]], [[100, 10, 160, 30]]),                      # a word: as it is
    ([[100, 10, 112, 30], [118, 10, 170, 30]],                         # a piece of a split line
     [[100, 10, 112, 30], [118, 10, 170, 30]]),
    ([[100, 10, 112, 30], [100, 60, 112, 80]],                         # a column of key digits
     [[96, 10, 116, 30], [96, 60, 116, 80]]),
])
def test_lone_glyphs_are_read_with_room_on_both_sides(boxes, read):
    assert with_side_room(np.array(boxes), width=640).tolist() == read


def dense_code(gap: int) -> np.ndarray:
    """Two lines of code drawn ``gap`` px apart (gray): "spring_typing" with its descenders
    above "self.width = width"."""
    img = Image.new("L", (300, 60), 40)
    d = ImageDraw.Draw(img)
    d.text((10, 2), "spring_typing", fill=220, font=font(14))
    d.text((10, 2 + gap), "self.width = width", fill=220, font=font(14))
    return np.asarray(img)


@pytest.mark.parametrize("gap, box_top, trimmed_top", [
    (17, 16, 18),     # the box of the lower line takes in the descenders above: cut at the blank row
    (40, 40, 40),     # lines far apart: nothing to cut
])
def test_the_line_above_is_cut_off_before_reading(gap, box_top, trimmed_top):
    gray = dense_code(gap)
    ink_rows = np.flatnonzero((np.abs(gray[box_top:, 10:200].astype(int) - 40) > 48).any(axis=1))
    bottom = box_top + int(ink_rows.max()) + 2
    out = without_line_above(gray, np.array([[8, box_top, 200, bottom]]))
    assert out[0].tolist() == [8, trimmed_top, 200, bottom]


@pytest.mark.parametrize("glyph,runs,expected", [
    ((10, 10, 20, 24), [(24, 8, 90, 26)], 0),                       # the run right after it
    ((10, 10, 20, 24), [(60, 8, 90, 26)], -1),                      # too far: gap 40 > 1.2 x 14
    ((10, 10, 20, 24), [(24, 30, 90, 48)], -1),                     # the next line down
    ((10, 10, 20, 24), [(0, 8, 8, 26)], -1),                        # left of it
    ((10, 10, 20, 24), [(40, 8, 90, 26), (22, 8, 36, 26)], 1),      # the nearest of two
])
def test_glyph_before_finds_the_run_that_follows_a_glyph(glyph, runs, expected):
    found = glyph_before(np.array([glyph], np.int32), np.array(runs, np.int32))
    assert found.tolist() == [expected]


@pytest.mark.parametrize("mark, first_char_at, cut", [
    ("box", 40, True),       # a check box the recognizer read nothing for, 6 px before the label
    ("ring", 40, True),      # a radio ring
    (None, 40, False),       # blank before the first character: nothing to cut
    ("box", 22, False),      # first character within a line height of the run's start: no room for a mark
    ("touching", 40, False),  # ink running into the first letter: no gap, so not a separate mark
    ("icon", 40, True),      # a filled icon as wide as the line is tall, 6 px before the label
    ("box", 16, False),      # first character within half a line height of the run's start
])
def test_ink_the_recognizer_read_no_character_for_is_cut_off_the_front(mark, first_char_at, cut):
    img = Image.new("L", (200, 20), 250)
    d = ImageDraw.Draw(img)
    d.text((34, 1), "Label", fill=20, font=font(14))      # first character's ink from x=34 or so
    if mark == "box":
        d.rectangle((12, 4, 24, 16), outline=60)
    elif mark == "ring":
        d.ellipse((12, 4, 24, 16), outline=60)
    elif mark == "touching":
        d.rectangle((12, 9, 35, 11), fill=60)
    elif mark == "icon":
        d.rectangle((12, 1, 24, 18), fill=60)
    runs, marks = split_unread_leading_ink(np.asarray(img), np.array([[10, 0, 90, 20]]), [np.array([first_char_at, 50.0])])
    assert len(marks) == int(cut)
    if cut:   # the mark's box is its ink; the run now starts at the label's ink
        assert marks[0][0] == 12 and marks[0][2] == 25
        assert 30 <= runs[0][0] <= 35 and tuple(runs[0][1:]) == (0, 90, 20)
    else:
        assert runs.tolist() == [[10, 0, 90, 20]]


@pytest.mark.parametrize("mark, cut", [
    ("chevron", True),      # a combo box's arrow after its value, read as nothing
    (None, False),          # blank after the last character: nothing to cut
    ("dots", False),        # dots the recognizer dropped: too short to be a mark
    ("touching", False),    # ink running on from the last letter: no gap, so not a separate mark
])
def test_ink_the_recognizer_read_no_character_for_is_cut_off_the_end(mark, cut):
    img = Image.new("L", (200, 20), 250)
    d = ImageDraw.Draw(img)
    d.text((12, 1), "None", fill=20, font=font(14))        # ink to x=50 or so
    if mark == "chevron":
        d.line((70, 8, 74, 12, 78, 8), fill=60, width=2)
    elif mark == "dots":
        for x in (62, 66, 70):
            d.point((x, 15), fill=20)
    elif mark == "touching":
        d.rectangle((46, 9, 62, 11), fill=60)
    x1 = 84
    runs, marks = split_unread_trailing_ink(np.asarray(img), np.array([[10, 0, x1, 20]]), ["None"],
                                            [np.array([16.0, 26.0, 36.0, 45.0])])
    assert len(marks) == int(cut)
    if cut:   # the mark's box is its ink; the run now ends at the gap after the label
        assert marks[0][0] == 70 and marks[0][2] in (79, 80)
        assert 46 <= runs[0][2] <= 52 and tuple(runs[0][:2]) == (10, 0)
    else:
        assert runs.tolist() == [[10, 0, x1, 20]]


@pytest.mark.parametrize("conf, length, expected", [
    (0.2, 1, 0.2),              # glyph-sized reads keep their confidence (the threshold is for them)
    (0.2, 4, 0.2),
    (0.2, 16, 0.2 ** 0.5),      # 16 characters at a word's per-character certainty score as the word
    (0.09, 36, 0.09 ** (1 / 3)),
    (1.0, 60, 1.0),
    (0.0, 60, 0.0),
])
def test_long_reads_are_judged_by_per_character_certainty(conf, length, expected):
    assert per_word_confidence(np.array([conf]), np.array([length]))[0] == pytest.approx(expected)


def table_image(rows, column2: int | None = None, size=(520, 160), pitch: int = 26) -> tuple[np.ndarray, np.ndarray]:
    """A gray table: each row (first cell, second cell) drawn at x 10 and ``column2`` (None:
    right after the first cell, one space apart: a paragraph line), ``pitch`` px apart. Returns
    the image and the detector's line boxes (one per row, the image's width)."""
    img = Image.new("L", size, 255)
    d = ImageDraw.Draw(img)
    f = font(16)
    for r, (first, second) in enumerate(rows):
        y = 6 + r * pitch
        d.text((10, y), first, fill=20, font=f)
        if second:
            x = column2 if column2 is not None else 10 + f.getlength(first + " ")
            d.text((x, y), second, fill=20, font=f)
    lines = np.array([[0, 4 + r * pitch, size[0], 4 + r * pitch + 22] for r in range(len(rows))], np.int32)
    return np.asarray(img), lines


def _cells(img, lines) -> list[int]:
    from detact.text.split import split_at_columns
    runs, _, _ = split_lines(img, lines)
    cut = split_at_columns(img, runs)
    return [int(((cut[:, 1] + cut[:, 3]) // 2 // 26 == r).sum()) for r in range(len(lines))]


def test_a_row_whose_cells_are_two_spaces_apart_is_cut_where_the_other_rows_show_the_column():
    f = font(16)
    long_first = "Quarterly report"
    column2 = int(round(10 + f.getlength(long_first + "  ")))
    rows = [("Notes", "folder"), ("Budget", "spreadsheet"), (long_first, "document"), ("Plan", "text file")]
    img, lines = table_image(rows, column2)
    runs, _, _ = split_lines(img, lines)
    assert len(runs) == 7                               # the third row's cells are one run to the gap rule
    assert _cells(img, lines) == [2, 2, 2, 2]
    # one space apart, the cells are no wider apart than the words: no cut
    img, lines = table_image(rows, int(round(10 + f.getlength(long_first + " "))))
    assert _cells(img, lines) == [2, 2, 1, 2]


def test_prose_lines_stay_whole():
    rows = [("The quick brown fox", "jumps over"), ("the lazy dog and", "runs away"), ("into the woods", "again")]
    img, lines = table_image(rows)                      # each second part one space after the first
    assert _cells(img, lines) == [1, 1, 1]


def test_two_rows_showing_the_column_are_not_enough():
    f = font(16)
    column2 = int(round(10 + f.getlength("Quarterly report  ")))
    rows = [("Notes", "folder"), ("Budget", "sheet"), ("Quarterly report", "document"), ("Plan", ""), ("Ideas", "")]
    img, lines = table_image(rows, column2)
    assert _cells(img, lines) == [2, 2, 1, 1, 1]


@pytest.mark.parametrize("fill, edge, line, icon", [
    # a pale folder: its fill too faint to be ink, found by its outline where the line box spans it
    ((200, 225, 250), (120, 170, 230), (2, 28), (8, 4, 30, 27)),
    ((200, 225, 250), (120, 170, 230), (6, 24), (28, 4, 30, 27)),    # only its right edge then
    # a tan one, taller than the line box
    ((240, 200, 120), (150, 110, 40), (6, 24), (8, 4, 30, 27)),
    ((255, 255, 255), (255, 255, 255), (6, 24), None),                # nothing drawn left of the word
])
def test_the_icon_behind_a_glued_symbol_and_the_word_after_it(fill, edge, line, icon):
    """A 22 px icon at x 8-29, y 4-26 and "Work" from x 33, the line box starting at 26 (the
    icon's edge read as "]"): `icon_box` finds the whole icon, also above and below the line,
    and `word_start` the word's first column."""
    img = Image.new("L", (160, 30), 255).convert("RGB")
    d = ImageDraw.Draw(img)
    d.rectangle((8, 4, 29, 26), fill=fill, outline=edge, width=2)
    d.text((33, 15), "Work", fill=(30, 30, 30), font=font(16), anchor="lm")
    gray = np.asarray(img.convert("L"))
    box = (26, line[0], 80, line[1])
    assert icon_box(gray, box, 30) == icon
    assert 31 <= word_start(gray, box, 28.0, 38.0, 33) <= 33


@pytest.mark.parametrize("text, kept", [
    ("|COMMAND_LINE", "COMMAND_LINE"),      # a header's rule before capitals
    ("[START", "START"),
    ("]script.py", "script.py"),            # a file icon's edge before small letters
])
def test_a_bar_glued_to_capitals_or_small_letters_is_cut_off_and_leaves_no_icon(text, kept):
    xs = [np.arange(len(text), dtype=float) * 8 + 14]
    boxes, texts, _, char_x, glyphs = split_leading_glyphs(np.array([[10, 0, 10 + 8 * len(text), 20]]),
                                                           [text], np.array([0.9]), xs)
    assert texts == [kept] and len(char_x[0]) == len(kept) and len(glyphs) == 0


#: Marks drawn before a word in the tests below, by name.
MARKS = {
    "rule": lambda d: d.line((29, 2, 29, 28), fill=150),                         # a header's separator
    "header": lambda d: d.rectangle((0, 9, 29, 20), fill=150),                   # ink running on from the left
    "folder": lambda d: d.rectangle((8, 4, 29, 26), fill=200, outline=120, width=2),
    "icon": lambda d: d.rectangle((10, 8, 25, 25), outline=60),                  # a 16 px file icon
    "dot": lambda d: d.ellipse((14, 14, 19, 19), fill=60),
}


@pytest.mark.parametrize("mark, leaves_icon", [("rule", False), ("header", False), ("folder", True)])
def test_a_rule_glued_to_a_header_is_cut_off_and_leaves_no_icon(mark, leaves_icon):
    """A symbol read glued to a capitalised word ("|Start") is cut off; a 1 px rule (or a stretch
    of ink running on into the header before, wider than twice its height) leaves no icon
    candidate, a folder's edge leaves its icon."""
    img = Image.new("L", (160, 30), 255)
    d = ImageDraw.Draw(img)
    MARKS[mark](d)
    d.text((33, 15), "Start", fill=30, font=font(14), anchor="lm")
    text = "|Start"
    xs = [np.array([29.0] + [37.0 + 9 * k for k in range(5)])]
    boxes, texts, _, _, glyphs = split_leading_glyphs(np.array([[26, 2, 85, 28]]), [text], np.array([0.9]), xs,
                                                      np.asarray(img))
    assert texts == ["Start"] and boxes[0][0] >= 30
    assert len(glyphs) == int(leaves_icon)


@pytest.mark.parametrize("glyph, taken", [
    ("M", True),        # a capital stands on the word's baseline, no taller than its ascenders
    ("C", True),
    ("icon", False),    # a 16 px file icon overhangs the word's rows above and below
    ("dot", True),      # a small mark inside the rows is not what this rules out
])
def test_a_glyph_is_letter_sized_when_its_ink_stays_in_the_words_rows(glyph, taken):
    img = Image.new("L", (120, 34), 255)
    d = ImageDraw.Draw(img)
    if glyph in MARKS:
        MARKS[glyph](d)
    else:
        d.text((12, 17), glyph, fill=20, font=font(13), anchor="lm")
    d.text((30, 17), "usic", fill=20, font=font(13), anchor="lm")
    assert letter_sized(np.asarray(img), (10, 6, 27, 30), (8, 6, 60, 30)) is taken


@pytest.mark.parametrize("first, rest, gap, joined", [
    ("C", "ommand", 2, True),     # the capital's open side read as a space: "Command"
    ("C", "ontents", 1, True),
    ("C", "ommand", 7, False),    # a real word space, wider than the letters' spacing, stays
    ("A", "list", 4, False),      # "A list": a one-letter word
    ("C", "octal escaped", 2, False),   # more words: the language's name, its space narrow after a "C"
])
def test_a_space_read_in_a_capitals_open_side_is_dropped(first, rest, gap, joined):
    img = Image.new("L", (200, 30), 255)
    d = ImageDraw.Draw(img)
    f = font(13)
    d.text((10, 15), first, fill=20, font=f, anchor="lm")
    x_rest = 10 + int(d.textlength(first, font=f)) + gap
    d.text((x_rest, 15), rest, fill=20, font=f, anchor="lm")
    text = first + " " + rest
    starts = [10, (10 + x_rest) // 2] + [x_rest + int(d.textlength(rest[:k], font=f)) for k in range(len(rest))]
    xs = np.array(starts, float) + 3
    box = np.array([[6, 4, 20 + x_rest + int(d.textlength(rest, font=f)), 26]])
    texts, conf, char_x = capitals_joined(np.asarray(img), box, [text], np.array([0.2]), [xs])
    assert texts == [first + rest if joined else text] and len(char_x[0]) == len(texts[0])
    # the read one character shorter passes the engine's threshold as it did before
    assert per_word_confidence(conf, np.array([len(texts[0])])) == pytest.approx(
        per_word_confidence(np.array([0.2]), np.array([len(text)])), rel=1e-5)


@pytest.mark.parametrize("drawn, read, expected", [
    ("1 / 1", "1/1", "1 / 1"),                          # qpdfview's page box
    ("Page 3 / 12", "Page 3 /12", "Page 3 / 12"),       # one side read spaced, the other glued
    ("1/1", "1/1", "1/1"),                              # drawn glued: left as read
    ("docs.org/img", "docs.org/img", "docs.org/img"),  # a path's slash touches its letters
    ("https://a.b", "https://a.b", "https://a.b"),    # punctuation beside it is no word
])
def test_a_slash_standing_between_spaces_keeps_them(drawn, read, expected):
    from detact.text.fast import spaced_slashes

    img = Image.new("L", (300, 30), 255)
    d = ImageDraw.Draw(img)
    f = font(13)
    d.text((10, 15), drawn, fill=20, font=f, anchor="lm")
    # each read character's x: the centre of the drawn character it stands for (spaces where read)
    centres, k = [], 0
    for c in read:
        while drawn[k] != c:
            k += 1
        x0 = 10 + d.textlength(drawn[:k], font=f)
        centres.append(x0 + d.textlength(c, font=f) / 2)
        k += 1
    box = np.array([[6, 4, 16 + int(d.textlength(drawn, font=f)), 26]])
    texts, char_x = spaced_slashes(np.asarray(img), box, [read], [np.array(centres)])
    assert texts == [expected] and len(char_x[0]) == len(expected)


@pytest.mark.parametrize("read, expected", [
    ("MusiC", "Music"), ("UnitS", "Units"), ("class clasS", "class class"), ("BasiC mode", "Basic mode"),
    ("macOS", "macOS"), ("iOS", "iOS"), ("TeX", "TeX"), ("LaTeX", "LaTeX"), ("GitHub", "GitHub"),
    ("Windows XP", "Windows XP"), ("tcpOK", "tcpOK"), ("MusiCal", "MusiCal"),
])
def test_a_capital_ending_a_lower_case_word_is_made_small(read, expected):
    assert lowered_word_ends(read) == expected


# --- frames standing inside a line box, grips, coloured icons close to their names ---------

def toolbar_line():
    """A toolbar drawn like qpdfview's: a dotted grip, a page field "1 / 1" in a frame, and the
    start of a zoom box "100 %" whose frame the line box runs into. Returns (gray, line box,
    the two frames' x spans)."""
    img = Image.new("RGB", (300, 40), (239, 239, 239))
    d = ImageDraw.Draw(img)
    for y in range(10, 30, 3):
        d.point((6, y), fill=(150, 150, 150))
    page, zoom = (30, 6, 80, 33), (130, 6, 230, 33)
    for x0, y0, x1, y1 in (page, zoom):
        d.rounded_rectangle((x0, y0, x1, y1), radius=2, fill=(255, 255, 255), outline=(120, 120, 120))
    d.text((38, 20), "1 / 1", fill=(20, 20, 20), font=font(13), anchor="lm")
    d.text((138, 20), "100 %", fill=(20, 20, 20), font=font(13), anchor="lm")
    rgb = np.asarray(img)
    gray = (rgb[:, :, 0] * 0.299 + rgb[:, :, 1] * 0.587 + rgb[:, :, 2] * 0.114).astype(np.uint8)
    return gray, (2, 8, 190, 34), (page[0], page[2]), (zoom[0], zoom[2])


def test_frames_inside_a_line_cut_it_and_their_sides_stay_out_of_the_runs():
    gray, box, page, zoom = toolbar_line()
    texts, icons = split_line(gray, box)
    framed = [t for t in texts if t[2] - t[0] >= 20]
    assert len(framed) == 2, texts
    (a0, _, a1, _), (b0, _, b1, _) = framed
    assert page[0] < a0 and a1 <= page[1]        # the page field's sides are not in its run
    assert zoom[0] < b0 and b1 <= box[2]
    assert not any(t[0] <= 6 <= t[2] for t in texts) and not icons  # the grip is neither text nor icon


def test_a_frame_the_line_box_runs_past_still_cuts_it_at_its_side():
    """A spin box's frame right after its label ("Delay: [None]", Qt's Cleanlooks): the line box
    ends inside the frame's right side and runs on rows past its bottom border, and the frame's
    rounded corner sets one pixel beside its side; the side still cuts the line, and the
    border under the value is no part of its run."""
    img = Image.new("RGB", (200, 44), (239, 239, 239))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((62, 6, 150, 32), radius=2, fill=(255, 255, 255), outline=(140, 140, 140))
    d.text((14, 20), "Delay:", fill=(30, 30, 30), font=font(13), anchor="lm")
    d.text((68, 20), "None", fill=(30, 30, 30), font=font(13), anchor="lm")
    rgb = np.asarray(img)
    gray = (rgb[:, :, 0] * 0.299 + rgb[:, :, 1] * 0.587 + rgb[:, :, 2] * 0.114).astype(np.uint8)
    texts, icons = split_line(gray, (10, 8, 140, 36), rgb=rgb)
    assert len(texts) == 2 and texts[0][2] <= 62 < texts[1][0] and texts[1][2] <= 110, texts


def test_a_stepper_column_joined_by_its_rule_is_cut_off_the_value():
    """A spin box's stepper column whose divider meets the rule between its two arrows, all one
    run of ink with the frame's right side (Qt's Plastique): the divider is a wall of the frame,
    and the value's run stops before it."""
    img = Image.new("RGB", (220, 44), (239, 239, 239))
    d = ImageDraw.Draw(img)
    d.rectangle((62, 6, 132, 32), fill=(255, 255, 255), outline=(140, 140, 140))
    d.line((112, 6, 112, 32), fill=(140, 140, 140))
    d.line((112, 19, 132, 19), fill=(140, 140, 140))
    d.polygon([(118, 15), (126, 15), (122, 10)], fill=(20, 20, 20))
    d.polygon([(118, 23), (126, 23), (122, 28)], fill=(20, 20, 20))
    d.text((14, 20), "Delay:", fill=(30, 30, 30), font=font(13), anchor="lm")
    d.text((68, 20), "None", fill=(30, 30, 30), font=font(13), anchor="lm")
    rgb = np.asarray(img)
    gray = (rgb[:, :, 0] * 0.299 + rgb[:, :, 1] * 0.587 + rgb[:, :, 2] * 0.114).astype(np.uint8)
    texts, icons = split_line(gray, (10, 4, 135, 35), rgb=rgb)
    values = [t for t in texts if t[0] > 62]
    assert values and values[0][2] <= 112, texts


@pytest.mark.parametrize("word, colour", [("Desktop", (53, 132, 228)), ("Trash", (80, 160, 60))])
def test_a_coloured_icon_three_px_from_its_name_is_split_off(word, colour):
    img = Image.new("RGB", (200, 30), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rectangle((4, 7, 19, 22), fill=colour)
    d.text((23, 15), word, fill=(40, 40, 40), font=font(11), anchor="lm")
    rgb = np.asarray(img)
    gray = (rgb[:, :, 0] * 0.299 + rgb[:, :, 1] * 0.587 + rgb[:, :, 2] * 0.114).astype(np.uint8)
    texts, icons = split_line(gray, (2, 4, 80, 26), rgb=rgb)
    assert len(texts) == 1 and 20 <= texts[0][0] <= 23
    assert len(icons) == 1 and icons[0][0] <= 4 and icons[0][2] >= 19


@pytest.mark.parametrize("word", ["Desktop", "Trash"])
def test_an_icon_in_the_words_colour_close_to_it_stays_a_question_for_the_gap_rule(word):
    """The colour rule says nothing when icon and word share a colour: a dark first letter
    stays with its word ("Menu" is no icon "M" and "enu")."""
    img = Image.new("RGB", (200, 30), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.text((6, 15), "M" + word.lower(), fill=(40, 40, 40), font=font(13), anchor="lm")
    rgb = np.asarray(img)
    gray = (rgb[:, :, 0] * 0.299 + rgb[:, :, 1] * 0.587 + rgb[:, :, 2] * 0.114).astype(np.uint8)
    texts, icons = split_line(gray, (2, 4, 120, 26), rgb=rgb)
    assert len(texts) == 1 and texts[0][0] <= 6 and not icons


@pytest.mark.parametrize("text, px, pad", [("one | two | six", 13, 2), ("one | two | six", 15, 3),
                                           ("one | two | six", 14, 2), ("[::1]:80", 11, 2)])
def test_a_bar_or_bracket_in_text_is_no_frame_side(text, px, pad):
    """A "|" set between words, or a "]" after colons and a "1", rises far above the small
    marks round it, down most of a tight line box, like a frame's side; it meets no border at
    its ends (a bracket's arms are short), so the line stays one run with it."""
    img = Image.new("RGB", (300, 40), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.text((10, 20), text, fill=(30, 30, 30), font=font(px), anchor="lm")
    rgb = np.asarray(img)
    gray = (rgb[:, :, 0] * 0.299 + rgb[:, :, 1] * 0.587 + rgb[:, :, 2] * 0.114).astype(np.uint8)
    rows = np.flatnonzero((gray < 200).any(axis=1))
    texts, icons = split_line(gray, (6, int(rows[0]) - pad, 200, int(rows[-1]) + 1 + pad), rgb=rgb)
    assert len(texts) == 1 and not icons, texts


def test_an_inline_icon_of_bars_cuts_the_sentence_round_it():
    """catfish's hint "or click the [=] icon for more options.": the menu icon's three bars
    are drawn in the text's colour and weight, but no letter's ink runs that far across."""
    img = Image.new("RGB", (420, 34), (255, 255, 255))
    d = ImageDraw.Draw(img)
    f = font(15)
    d.text((8, 17), "or click the", fill=(40, 40, 40), font=f, anchor="lm")
    x = 8 + d.textlength("or click the ", font=f)
    for y in (11, 16, 21):
        d.rectangle((x, y, x + 13, y + 1), fill=(40, 40, 40))
    d.text((x + 20, 17), "icon for more options.", fill=(40, 40, 40), font=f, anchor="lm")
    rgb = np.asarray(img)
    gray = (rgb[:, :, 0] * 0.299 + rgb[:, :, 1] * 0.587 + rgb[:, :, 2] * 0.114).astype(np.uint8)
    texts, _ = split_line(gray, (4, 4, 400, 30), rgb=rgb)
    assert any(t[2] <= x + 2 for t in texts) and any(t[0] >= x + 12 for t in texts), texts


@pytest.mark.parametrize("box_x0, gap, first_char_at, expected", [
    (20, 6, 40, ((4, 2, 24, 20), 30)),   # the run starts on the icon's right edge: the whole icon is cut off
    (20, 6, 29, ((4, 2, 24, 20), 30)),   # the first character's step centre a pixel before its ink
    (24, 6, 40, None),                   # the run starts in the blank after the icon: nothing to cut
    (20, 1, 40, ((4, 2, 24, 20), 25)),   # icon 1 px from the label: no gap, but it stands taller than the letters
    (20, 0, 40, ((4, 2, 24, 20), 24)),   # ... or touching it
    (20, 6, 22, None),                   # the recognizer read a character at the edge (the old "|Archive")
    (2, 6, 40, None),                    # the run holds the whole icon (`split_unread_leading_ink` cuts it)
])
def test_an_icon_whose_edge_starts_the_run_is_cut_off(box_x0, gap, first_char_at, expected):
    img = Image.new("L", (200, 22), 250)
    d = ImageDraw.Draw(img)
    d.rectangle((4, 2, 23, 19), fill=70)                      # a folder icon, 20 x 18
    d.text((24 + gap, 3), "Archive", fill=20, font=font(14))
    gray, box = np.asarray(img), np.array([box_x0, 0, 120, 22])
    assert icon_edge(gray, box, first_char_at) == expected
    runs, icons = split_icon_edges(gray, box[None], [np.array([first_char_at, 60.0])])
    if expected is None:
        assert len(icons) == 0 and runs.tolist() == [box.tolist()]
    else:
        assert icons.tolist() == [list(expected[0])] and runs[0, 0] == expected[1]


@pytest.mark.parametrize("top, bottom, cut", [
    (2, 19, True),     # an 18 px folder beside 10 px capitals: its edge is no letter
    (7, 17, False),    # an edge no taller than the letters may be one ("[Archive", "|Archive")
    (5, 16, False),
])
def test_an_edge_touching_the_label_is_cut_off_only_when_taller_than_its_letters(top, bottom, cut):
    img = Image.new("L", (200, 22), 250)
    d = ImageDraw.Draw(img)
    d.rectangle((4, top, 23, bottom), fill=70)
    d.text((24, 3), "Archive", fill=20, font=font(14))
    gray = np.asarray(img)
    assert (icon_edge(gray, np.array([20, 0, 120, 22]), 40) is not None) is cut


@pytest.mark.parametrize("text, found", [
    ("Old Hu...", True),      # a label cut short by the toolkit
    ("Save as...", True),
    ("Old Hu.", False),       # one dot is a full stop
    ("v1.2.3", False),        # dots between digits are not the run's last three stretches of ink
    ("...", False),           # nothing before the dots
    ("Hungarian", False),
])
def test_a_trailing_ellipsis_is_found_by_its_three_dots(text, found):
    img = Image.new("L", (200, 24), 250)
    d = ImageDraw.Draw(img)
    f = font(13)
    d.text((4, 4), text, fill=20, font=f)
    ink = np.asarray(img) < 200
    start = trailing_dots(ink[:, :int(4 + f.getlength(text)) + 3])
    if found:   # the dots start where the text before them ends
        assert start is not None and abs(start - (4 + f.getlength(text.rstrip(".")))) <= 3
    else:
        assert start is None


@pytest.mark.parametrize("band_rows, next_line, expected_bottom", [
    ((26, 31), (0, 25, 200, 45), 26),     # the next line's ascenders in the box: cut after the blank rows
    ((26, 31), None, 31),                 # no run starts there: the line's own underscores stay
    ((26, 31), (0, 40, 200, 60), 31),     # the next run starts below the box: nothing to cut
    ((17, 31), (0, 16, 200, 45), 31),     # no blank row between the letters and the band: one ink
    ((26, 31), (300, 25, 400, 45), 31),   # a run beside, not under the box
])
def test_the_top_of_the_line_below_is_cut_off(band_rows, next_line, expected_bottom):
    """chrome://version's command line (monospace on 15 px lines): a box that takes in the next
    line's ascenders reads every word gap as "_" with the newer recognizers."""
    gray = np.full((64, 420), 250, np.uint8)
    for x in range(4, 190, 12):
        gray[10:23, x:x + 7] = 30                          # the line's letters, rows 10-22
        gray[band_rows[0]:band_rows[1], x + 2:x + 4] = 30  # ascenders or underscores under it
    boxes = np.array([(0, 8, 200, 31)] + ([next_line] if next_line else []))
    assert without_line_below(gray, boxes)[0].tolist() == [0, 8, 200, expected_bottom]


def _dots(n: int, vertical: bool, size: int = 4, gap: int = 4, sizes: list[int] | None = None) -> np.ndarray:
    """A bool ink mask of ``n`` square dots of ``size`` px (or ``sizes``), ``gap`` px apart."""
    sizes = sizes or [size] * n
    length = sum(sizes) + gap * (n - 1) + 4
    ink = np.zeros((length, max(sizes) + 4) if vertical else (max(sizes) + 4, length), bool)
    at = 2
    for s in sizes:
        if vertical:
            ink[at:at + s, 2:2 + s] = True
        else:
            ink[2:2 + s, at:at + s] = True
        at += s + gap
    return ink


@pytest.mark.parametrize("ink, dots", [
    (_dots(3, True), True),                        # a kebab (more options)
    (_dots(3, False), True),                       # a meatball
    (_dots(3, True, size=3, gap=2), True),
    (_dots(2, True), False),                       # a colon
    (_dots(4, False), False),                      # four dots
    (_dots(3, False, gap=16), False),              # dots too far apart to be one glyph
    (_dots(3, False, sizes=[4, 4, 8]), False),     # a dot and a bigger blob
])
def test_three_dots_are_a_more_glyph(ink, dots):
    from detact.text.fast import three_dots

    assert three_dots(ink) is dots



def menu_bar(rule_gap: int | None) -> np.ndarray:
    """A gray menu bar, "File  Edit  View  Help" 30 px apart, with a full-width rule under
    it ``rule_gap`` px below the letters' bottom (None: no rule)."""
    img = Image.new("L", (300, 30), 245)
    d = ImageDraw.Draw(img)
    x = 6
    for word in ("File", "Edit", "View", "Help"):
        d.text((x, 4), word, fill=30, font=font(14))
        x += int(d.textlength(word, font=font(14))) + 30
    if rule_gap is not None:
        d.line((0, 21 + rule_gap, 299, 21 + rule_gap), fill=190, width=1)
    return np.asarray(img)


@pytest.mark.parametrize("rule_gap, runs", [
    (None, 4),     # no rule: cut at the gaps
    (4, 4),        # the bar's bottom border under the words: it joins no columns
    (2, 4),
])
def test_a_rule_across_a_line_box_does_not_join_its_words(rule_gap, runs):
    img = menu_bar(rule_gap)
    texts, _ = split_line(img, whole(img))
    assert len(texts) == runs


def cut_word(word: str = "rows", x: int = 20) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """``word`` drawn at ``x`` (gray, 13 px) and the box of its ink, x0 at the first inked column."""
    img = Image.new("L", (120, 24), 255)
    ImageDraw.Draw(img).text((x, 2), word, fill=60, font=font(13))
    gray = np.asarray(img)
    cols = np.flatnonzero((gray < 215).any(axis=0))
    rows = np.flatnonzero((gray < 215).any(axis=1))
    return gray, (int(cols[0]), int(rows[0]) - 1, int(cols[-1]) + 3, int(rows[-1]) + 2)


@pytest.mark.parametrize("cut_by, grown_by", [
    (1, 3),        # the box starts one column into the "r": the stem and 2 px of padding go back in
    (0, 0),        # the box starts at the ink: as it is
])
def test_a_letter_stroke_the_box_cuts_through_is_taken_back(cut_by, grown_by):
    gray, (x0, y0, x1, y1) = cut_word()
    out = over_cut_strokes(gray, np.array([[x0 + cut_by, y0, x1, y1]]))
    assert out[0].tolist() == [x0 + cut_by - grown_by, y0, x1, y1]


def test_a_frame_side_or_a_comma_beside_the_box_is_no_cut_stroke():
    gray, (x0, y0, x1, y1) = cut_word()
    framed = gray.copy()
    framed[:, x0 - 1] = 60          # a frame's side, the whole height, right against the box
    assert over_cut_strokes(framed, np.array([[x0, y0, x1, y1]]))[0, 0] == x0
    comma, box = cut_word(", rows")
    start = int(np.flatnonzero((comma[:, box[0] + 6:] < 215).any(axis=0))[0]) + box[0] + 6   # the "r"
    assert over_cut_strokes(comma, np.array([[start, box[1], box[2], box[3]]]))[0, 0] == start


@pytest.mark.parametrize("boxes, tops", [
    ([[10, 4, 60, 22], [90, 7, 120, 22]], [4, 4]),        # "columns" then "rows": raised to its row
    ([[10, 4, 60, 22], [400, 7, 430, 22]], [4, 7]),       # too far away
    ([[10, 4, 60, 22], [90, 7, 120, 18]], [4, 7]),        # another baseline
    ([[10, 4, 60, 40], [90, 7, 120, 40]], [4, 7]),        # the other run is no letter-height away
    ([[90, 7, 120, 22]], [7]),                            # alone
])
def test_a_run_of_small_letters_is_read_as_tall_as_its_row(boxes, tops):
    assert with_row_height(np.array(boxes))[:, 1].tolist() == tops


def test_border_ink_finds_a_bar_that_fills_its_window():
    """A dark bar filling most of its window is ink against the window's border, where the
    window's own median (the bar's grey) would call the light rim the ink."""
    window = np.full((5, 12), 240.0)
    window[1:4] = 40.0                      # 36 of the 60 pixels
    assert border_ink(window, 40)[1:4].all() and not border_ink(window, 40)[[0, 4]].any()
    assert median_ink(window.astype(np.uint8), 40)[[0, 4]].all()


def tight_menu_bar(stray: bool = False) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """A gray menu bar (13 px titles 14 px apart, as mate-terminal's) and its titles' x spans;
    ``stray``: the top of a letter of the line below, taken into the box."""
    img = Image.new("L", (320, 30), 246)
    d = ImageDraw.Draw(img)
    x, spans = 8, []
    for title in ("File", "Edit", "View", "Help"):
        d.text((x, 4), title, fill=40, font=font(13))
        w = int(d.textlength(title, font=font(13)))
        spans.append((x, x + w))
        x += w + 14
    if stray:
        d.rectangle((spans[2][0] + 1, 26, spans[2][0] + 8, 27), fill=40)
    return np.asarray(img), spans


@pytest.mark.parametrize("stray", [False, True])
def test_a_menu_bar_is_cut_between_its_titles_whatever_its_box_took_in(stray):
    """A speck of the next line far under the titles made the line's ink twice their height,
    and the gaps between them no wider than its gap rule."""
    img, spans = tight_menu_bar(stray)
    texts, icons = split_line(img, whole(img))
    assert icons == [] and len(texts) == len(spans)
    for (x0, _, x1, _), (a, b) in zip(texts, spans):
        assert x0 <= a + 1 and x1 >= b - 1 and x1 - x0 <= b - a + 8


def glyph_ink(text: str, path: str, size: int) -> np.ndarray:
    """The ink (bool, cropped to it) of ``text`` drawn dark on white in the font at ``path``."""
    from PIL import ImageFont
    if not Path(path).exists():
        pytest.skip(f"{path} is not installed")
    img = Image.new("L", (64, 48), 255)
    ImageDraw.Draw(img).text((8, 8), text, fill=30, font=ImageFont.truetype(path, size))
    ink = np.asarray(img) < 215
    rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    return ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]


DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
DEJAVU_MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
LIBERATION_MONO = "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf"


@pytest.mark.parametrize("text, path, size, expected", [
    ("#", DEJAVU, 13, True),
    ("#", DEJAVU, 20, True),
    ("#", DEJAVU_MONO, 12, True),
    ("#", LIBERATION_MONO, 12, True),
    ("H", DEJAVU, 16, False),      # one bar
    ("=", DEJAVU, 16, False),      # bars, no stems
    ("||", DEJAVU, 16, False),     # stems, no bars (a pause icon)
    ("\u229e", DEJAVU, 16, False),  # a squared plus: a frame's top and bottom are bars
])
def test_hash_sign(text, path, size, expected):
    from detact.text.split import hash_sign
    assert hash_sign(glyph_ink(text, path, size)) is expected


def test_a_comments_hash_is_no_leading_icon():
    """DejaVu Sans 13 px "# Are list" (a comment in an editor set in a proportional font): the
    "#" is as wide as the line is tall and a word space from the word, as an icon would be."""
    img = Image.new("L", (200, 24), 255)
    ImageDraw.Draw(img).text((6, 4), "# Are list", fill=30, font=font(13))
    texts, icons = split_line(np.asarray(img), (0, 0, 200, 24))
    assert icons == [] and len(texts) == 1 and texts[0][0] <= 6


@pytest.mark.parametrize("size", [12, 13, 14, 16])
def test_a_speck_of_the_line_above_does_not_make_a_word_taller(size):
    """A descender's tip of the line above, three blank rows over "data", that the line box took
    in: measured as part of "data", the word was twice as tall as "on" and the line was cut
    between them as if the size changed."""
    text = "Self load item file def data on save the def."
    img = Image.new("L", (360, 28), 255)
    d = ImageDraw.Draw(img)
    d.text((6, 8), text, fill=40, font=font(size))
    top = int(np.flatnonzero((np.asarray(img) < 215).any(axis=1))[0])
    x = 6 + int(d.textlength("Self load item file def da", font=font(size)))
    d.line((x, top - 4, x + 1, top - 4), fill=60)
    texts, icons = split_line(np.asarray(img), (0, 0, 360, 28))
    assert icons == [] and len(texts) == 1
