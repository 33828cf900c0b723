"""Which of two stages is right when they disagree about a small thing, on drawn images,
table driven:

* `detact.icons.glyphs.multicoloured`: text is ink of one colour, a full-colour toolbar icon
  is not (OCR reads such icons as "0", "8", "@");
* `detact.icons.glyphs.label_icons`: such a read becomes an icon;
* `RoleResult.without_stateful` / `shows_other_glyph`: an icon the icon stage surely names
  (a play triangle, a folder) is no checkbox, radio or switch;
* `detact.icons.glyphs.between_words`: a short read between two words of its line is a
  character of the line ("width = 70"), not an icon.
"""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from detact.elements import Elements
from detact.icons.glyphs import ENCODER_SURE, between_words, label_icons, multicoloured, words
from detact.semantics.roles import STATEFUL_GLYPHS, RoleResult, shows_other_glyph

FONT = "DejaVuSans-Bold.ttf"


def _font(size: int):
    try:
        return ImageFont.truetype(FONT, size)
    except OSError:               # Pillow's own scalable font when DejaVu is not installed
        return ImageFont.load_default(size)


def _tile(draw, bg=(246, 245, 244), side=32) -> np.ndarray:
    img = Image.new("RGB", (side, side), bg)
    draw(ImageDraw.Draw(img), side)
    return np.asarray(img)


def _text(s: str, fg):
    return lambda d, side: d.text((side // 2, side // 2), s, fill=fg, font=_font(22), anchor="mm")


def _floppy(d, side):                      # a full-colour icon: blue body, grey label, red mark
    d.rectangle([4, 4, side - 5, side - 5], fill=(52, 101, 164))
    d.rectangle([9, 6, side - 10, 13], fill=(211, 215, 207))
    d.ellipse([12, 17, side - 13, side - 7], fill=(204, 0, 0))


def _brick(d, side):                       # brown with yellow and black
    d.rectangle([3, 8, side - 4, side - 8], fill=(143, 89, 2))
    d.rectangle([6, 11, 14, 17], fill=(252, 233, 79))
    d.rectangle([17, 11, side - 7, 17], fill=(46, 52, 54))


def _solid_symbol(d, side):                # one colour, anti-aliased: a symbolic icon
    d.ellipse([6, 6, side - 7, side - 7], outline=(46, 52, 54), width=3)
    d.line([(side // 2, 10), (side // 2, side - 11)], fill=(46, 52, 54), width=3)


@pytest.mark.parametrize("draw, bg, expected", [
    (_text("0", (0, 0, 0)), (255, 255, 255), False),          # black digit on white
    (_text("8", (53, 132, 228)), (255, 255, 255), False),     # a blue link-coloured digit
    (_text("@", (230, 230, 230)), (36, 36, 36), False),       # light on dark
    (_text("Q", (200, 30, 30)), (250, 250, 250), False),      # red text is still one colour
    (_solid_symbol, (246, 245, 244), False),                  # a symbolic (one-colour) icon
    (_floppy, (246, 245, 244), True),
    (_brick, (246, 245, 244), True),
    (_brick, (53, 53, 53), True),                             # full colour on a dark toolbar
])
def test_multicoloured(draw, bg, expected):
    rgb = _tile(draw, bg)
    assert multicoloured(rgb, np.array([[0, 0, 32, 32]])).tolist() == [expected]


def test_multicoloured_ignores_a_coloured_strip_along_the_edge_and_tiny_boxes():
    """A tab's accent underline or a neighbour's edge along the box is not the glyph's ink."""
    rgb = _tile(_text("1", (0, 0, 0)), (246, 245, 244)).copy()
    rgb[:3] = (53, 132, 228)
    assert multicoloured(rgb, np.array([[0, 0, 32, 32], [2, 2, 6, 30], [0, 0, 0, 0]])).tolist() == [False] * 3


class FixedRecognizer:
    """The icon stage's recognizer answering a fixed label per box (stands in for the models
    only in what they say, so that the rule that uses the answer is what is tested)."""

    def __init__(self, answers):
        self.answers = answers

    def label(self, rgb, xyxy):
        from detact.icons.recognizer import IconLabels

        rows = [self.answers[tuple(int(v) for v in b)] for b in xyxy]
        return IconLabels([r[0] for r in rows], [r[1] for r in rows], np.array([r[2] for r in rows], np.float32),
                          [r[3] for r in rows])


@pytest.mark.parametrize("draw, read, answer, kind, text, label", [
    # a full-colour icon read as a digit: an icon, with the recognizer's label or none
    (_floppy, "0", ("save", "", 0.8, "encoder"), "icon", "", "save"),
    (_brick, "8", ("", "", 0.0, ""), "icon", "", ""),
    # a one-colour digit stays text unless the bank matches it exactly
    (_text("7", (0, 0, 0)), "7", ("info", "", 0.9, "encoder"), "text", "7", ""),
    (_text("7", (0, 0, 0)), "7", ("info", "x:info", 0.95, "ssim"), "icon", "", "info"),
    # so do two: a grid's four squares read "88" match a grid icon exactly; a key's "10" no icon
    (_text("88", (0, 0, 0)), "88", ("grid view", "x:view-grid", 0.95, "ssim"), "icon", "", "grid view"),
    (_text("10", (0, 0, 0)), "10", ("grid view", "", 0.9, "encoder"), "text", "10", ""),
    # a read with no letter or digit is an icon when the encoder is sure of a function
    (_solid_symbol, "<^", ("fullscreen", "", ENCODER_SURE + 0.1, "encoder"), "icon", "", "fullscreen"),
    (_solid_symbol, "<^", ("fullscreen", "", ENCODER_SURE - 0.1, "encoder"), "text", "<^", ""),
    # two letters in one colour are a word ("EE", "MS"), whatever the encoder thinks
    (_text("EE", (0, 0, 0)), "EE", ("mail", "", 0.9, "encoder"), "text", "EE", ""),
])
def test_short_reads_that_are_icons(draw, read, answer, kind, text, label):
    rgb = _tile(draw)
    box = [0, 0, 32, 32]
    els = Elements([box], ["text"], [read], score=[0.9])
    out = label_icons(rgb, els, FixedRecognizer({tuple(box): answer}))
    assert (out.kind[0], out.text[0], out.label[0]) == (kind, text, label)


def _letter_toolbar(letter_plate: bool, word: bool) -> tuple[np.ndarray, Elements]:
    """A toolbar row: a one-colour letter-like icon read "D", two symbolic icons beside it, and
    (``word``) a word right after the letter; ``letter_plate``: the letter sits on its own plate."""
    img = Image.new("RGB", (200, 32), (246, 245, 244))
    d = ImageDraw.Draw(img)
    d.text((16, 16), "D", fill=(0, 0, 0), font=_font(22), anchor="mm")
    for x in (48, 80):
        d.ellipse([x + 4, 6, x + 24, 26], outline=(46, 52, 54), width=3)
    boxes = [[4, 2, 28, 30], [48, 4, 76, 28], [80, 4, 108, 28]]
    kinds, texts = ["text", "region", "region"], ["D", "", ""]
    if word:
        d.text((150, 16), "Open", fill=(0, 0, 0), font=_font(16), anchor="mm")
        boxes, kinds, texts = [[4, 2, 28, 30], [128, 6, 172, 26]], ["text", "text"], ["D", "Open"]
    frame = np.full((len(boxes), 4), -1, np.int32)
    if letter_plate:
        frame[0] = [0, 0, 32, 32]
    return np.asarray(img), Elements(boxes, kinds, texts, score=[0.9] * len(boxes), frame=frame)


@pytest.mark.parametrize("letter_plate, word, sure, kind", [
    (False, False, True, "icon"),     # a flat "new" (document) icon read as "D" among icons: the icon
    (False, False, False, "text"),    # the encoder unsure: the read stays
    (True, False, True, "text"),      # on its own plate: a key's letter
    (False, True, True, "text"),      # a word beside it: a letter of the line
])
def test_a_letter_among_toolbar_icons(letter_plate, word, sure, kind):
    rgb, els = _letter_toolbar(letter_plate, word)
    score = ENCODER_SURE + 0.1 if sure else ENCODER_SURE - 0.1
    # the letter on a plate of its own is looked up on the plate (`icon_frames`)
    answers = {tuple(int(v) for v in b): ("new", "", score, "encoder") for b in [*els.xyxy, *els.frame]}
    out = label_icons(rgb, els, FixedRecognizer(answers))
    assert out.kind[0] == kind
    assert out.label[0] == ("new" if kind == "icon" else "")


def _result(roles, probs, classes, states):
    roles = np.array(roles, dtype=object)
    probs = None if probs is None else np.array(probs, np.float32)
    return RoleResult(roles, states, np.ones(len(roles), np.float32), probs, tuple(classes))


@pytest.mark.parametrize("roles, probs, rows, expected_roles, expected_states", [
    # a radio by a nose: the next likeliest role takes over, and "checked" goes with it
    (["radio", "text"], [[0.5, 0.4, 0.1], [0.0, 0.1, 0.9]], [0], ["button", "text"], [("focused",), ("checked",)]),
    # rows that are no stateful control are left alone
    (["text", "checkbox"], [[0.1, 0.0, 0.9], [0.2, 0.7, 0.1]], [0], ["text", "checkbox"],
     [("checked", "focused"), ("checked",)]),
    # without probabilities (the rules stand-in): a button
    (["radio", "checkbox"], None, [0, 1], ["button", "button"], [("focused",), ()]),
])
def test_without_stateful(roles, probs, rows, expected_roles, expected_states):
    classes = ("button", "radio", "text") if probs is not None and roles[0] == "radio" else ("button", "checkbox", "text")
    states = [("checked", "focused"), ("checked",)]
    out = _result(roles, probs, classes, states).without_stateful(np.array(rows))
    assert out.roles.tolist() == expected_roles
    assert out.states == expected_states


@pytest.mark.parametrize("kind, label, icon, score, expected", [
    ("icon", "play", "adwaita:media-playback-start", 0.95, True),   # exact bank match
    ("icon", "folder", "", ENCODER_SURE, True),                      # sure encoder guess
    ("icon", "folder", "", ENCODER_SURE - 0.01, False),              # unsure guess
    ("icon", "check", "x:check", 0.99, False),                       # a tick: may be a checkbox
    ("icon", "", "", 0.0, False),                                    # unnamed
    ("text", "play", "", 0.99, False),                               # only icons
])
def test_shows_other_glyph(kind, label, icon, score, expected):
    els = Elements([[0, 0, 16, 16]], [kind], [""], [label], score=[score], icon=[icon])
    assert shows_other_glyph(els, ENCODER_SURE).tolist() == [expected]


def test_stateful_glyphs_are_in_the_function_vocabulary():
    from detact.icons.vocabulary import load_vocabulary

    assert STATEFUL_GLYPHS <= set(load_vocabulary().ids)


@pytest.mark.parametrize("boxes, kinds, expected, texts", [
    # "width = 70": the "=" has a word a space away on both sides
    ([[0, 0, 50, 18], [60, 0, 70, 18], [80, 0, 110, 18]], ["text"] * 3, [False, True, False], None),
    # a word on one side only: a leading icon ("+ Other Locations"), a trailing one
    ([[0, 0, 14, 18], [22, 0, 120, 18]], ["text"] * 2, [False, False], None),
    # gaps wider than a word space: toolbar buttons, not one line of text
    ([[0, 0, 50, 18], [80, 0, 98, 18], [130, 0, 180, 18]], ["text"] * 3, [False, False, False], None),
    # the neighbours are icons, not text
    ([[0, 0, 18, 18], [24, 0, 42, 18], [48, 0, 66, 18]], ["icon", "text", "icon"], [False, False, False], None),
    # a segmenter's tight box of the "=" (a third of the line's height) between two words
    ([[0, 0, 50, 18], [58, 6, 66, 12], [74, 0, 110, 18]], ["text", "region", "text"], [False, True, False], None),
    # a neighbour on another line, five times as tall, or much smaller does not count
    ([[0, 0, 50, 18], [60, 0, 70, 18], [80, 30, 110, 48]], ["text"] * 3, [False, False, False], None),
    ([[0, 0, 50, 18], [60, 6, 70, 12], [80, -12, 110, 30]], ["text"] * 3, [False, False, False], None),
    ([[0, 6, 20, 12], [24, 0, 44, 18], [48, 6, 68, 12]], ["text"] * 3, [False, False, False], None),
    # one-character reads are no words: a toolbar's icons read "^", "X", "C" side by side
    ([[0, 0, 18, 18], [24, 0, 42, 18], [48, 0, 66, 18]], ["text"] * 3, [False, False, False], ["^", "X", "C"]),
    # ... but two characters are ("width = 70" with a short word on the right)
    ([[0, 0, 50, 18], [60, 0, 70, 18], [80, 0, 100, 18]], ["text"] * 3, [False, True, False], ["width", "=", "70"]),
])
def test_between_words(boxes, kinds, expected, texts):
    els = Elements(boxes, kinds, texts or ["word"] * len(boxes))
    assert between_words(els).tolist() == expected


@pytest.mark.parametrize("text, kind, is_word", [
    ("Open", "text", True),
    ("70", "text", True),
    ("^", "text", False),      # what an icon reads as: one character ...
    ("X", "text", False),
    ("<<", "text", False),     # ... or symbols
    ("Open", "icon", False),   # not text at all
])
def test_words_are_text_runs_of_two_letters_or_digits(text, kind, is_word):
    assert words(Elements([[0, 0, 40, 18]], [kind], [text])).tolist() == [is_word]


def test_a_check_box_after_a_clipped_line_is_not_between_words():
    # mousepad's search dialog: its check boxes sit a word space after the editor's clipped lines
    els = Elements([[38, 397, 436, 420], [445, 399, 463, 417], [465, 399, 584, 422]], ["text", "region", "text"],
                   ["the other met", "", "Regular expression"])
    assert between_words(els, max_height=0.6).tolist() == [False, False, False]
    assert between_words(els).tolist() == [False, True, False]       # a read as tall would be a character


def test_an_equals_sign_in_a_line_of_code_stays_text(parser):
    """Parsed for real: the "=" of a code line, cut off as its own run, was named "menu" by the
    icon encoder (two bars) and the line read "self.width menu width". A monospace line is no
    longer cut at one empty cell (`text.split.split_line`): it is one run, and no icon."""
    mono = ImageFont.truetype("DejaVuSansMono.ttf", 16) if _has("DejaVuSansMono.ttf") else _font(16)
    img = Image.new("RGB", (400, 60), (40, 42, 46))
    ImageDraw.Draw(img).text((40, 20), "self.width = width", fill=(230, 230, 230), font=mono)
    els = parser.parse(np.asarray(img)).elements
    assert [(str(k), str(t), str(label)) for k, t, label in zip(els.kind, els.text, els.label)] == [
        ("text", "self.width = width", "")]


def _has(font_name: str) -> bool:
    try:
        ImageFont.truetype(font_name, 10)
        return True
    except OSError:
        return False


def _toolbar(n: int) -> tuple[np.ndarray, np.ndarray]:
    """A flat toolbar of ``n`` 20 px glyphs, a magnifier first (which reads as "Q"): the image
    and the glyphs' boxes."""
    img = Image.new("RGB", (200, 40), (246, 246, 246))
    d = ImageDraw.Draw(img)
    d.ellipse((12, 10, 26, 24), outline=(30, 30, 30), width=2)
    d.line((24, 22, 30, 29), fill=(30, 30, 30), width=3)
    d.rectangle((50, 10, 66, 28), outline=(30, 30, 30), width=2)
    d.rectangle((90, 10, 106, 28), outline=(30, 30, 30), width=2)
    d.line((90, 16, 106, 16), fill=(30, 30, 30), width=2)
    return np.asarray(img), np.array([[11, 9, 32, 31], [49, 9, 68, 30], [89, 9, 108, 30]][:n])


@pytest.mark.parametrize("n, framed, stays_icon", [
    (3, False, True),     # a flat toolbar: the surely named magnifier stays an icon
    (1, False, False),    # alone, its confident read "Q" replaces it (a key's "=" taken for a handle)
    (3, True, False),     # on a plate of its own (a keypad's key) it is read, as before
])
def test_a_surely_named_toolbar_glyph_is_not_read_as_a_letter(n, framed, stays_icon):
    from detact.icons.glyphs import read_glyphs
    from detact.text.fast import FastTextEngine

    rgb, boxes = _toolbar(n)
    frame = np.where(framed, boxes + [-3, -3, 3, 3], -1)
    els = Elements(boxes, ["icon"] * n, label=["search", "stop", "window"][:n], score=[0.9] * n, frame=frame)
    out = read_glyphs(rgb, els, FastTextEngine(device="cpu"))
    first = int(np.argmin(out.xyxy[:, 0]))
    assert (out.kind[first], out.label[first]) == ("icon" if stays_icon else "text", "search")
    if not stays_icon:
        assert out.text[first] == "Q", "the magnifier no longer reads as a letter: this test checks nothing"


@pytest.mark.parametrize("label, score, stays_icon", [
    ("checkbox", 0.9, True),                  # a check box's glyph is never read as letters
    ("radio button", 0.9, True),
    ("checkbox", ENCODER_SURE - 0.1, False),  # an unsure guess is read (and replaced by "Q")
    ("search", 0.9, False),                   # alone, any other guess is read
])
def test_a_surely_guessed_control_glyph_is_not_read(label, score, stays_icon):
    from detact.icons.glyphs import read_glyphs
    from detact.text.fast import FastTextEngine

    rgb, boxes = _toolbar(1)
    els = Elements(boxes, ["icon"], label=[label], score=[score], frame=np.full((1, 4), -1))
    out = read_glyphs(rgb, els, FastTextEngine(device="cpu"))
    assert len(out) == 1 and out.kind[0] == ("icon" if stays_icon else "text")
    if not stays_icon:
        assert out.text[0] == "Q"


@pytest.mark.parametrize("dash, expected", [
    ([91, 26, 108, 33], True),      # transmission's Remove: a 17x7 bar across a row of icons
    ([91, 40, 108, 47], False),     # below the icons' rows
    ([191, 26, 208, 33], False),    # beyond four icon heights of the last icon
    ([91, 24, 108, 36], False),     # 17x12: square enough for rule 1 already
    ([91, 28, 131, 31], False),     # 40x3: a rule, too flat for a glyph
])
def test_a_dash_across_a_row_of_icons_is_an_icon_candidate(dash, expected):
    from detact.icons.glyphs import toolbar_dashes

    boxes = [[10, 20, 30, 40], [50, 20, 70, 40], dash]
    els = Elements(boxes, ["region"] * 3)
    icons = np.array([True, True, False])
    assert toolbar_dashes(els, icons).tolist() == [False, False, expected]
    # without icons on the screen no bar is a toolbar's
    assert toolbar_dashes(els, np.zeros(3, bool)).tolist() == [False] * 3


@pytest.mark.parametrize("source, kind", [("ssim", "icon"), ("encoder", "region")])
def test_a_toolbar_dash_is_an_icon_on_an_exact_bank_match_only(source, kind):
    img = Image.new("RGB", (140, 60), (246, 245, 244))
    d = ImageDraw.Draw(img)
    for x in (10, 50):
        d.ellipse((x + 2, 22, x + 18, 38), outline=(46, 52, 54), width=2)
    d.rectangle((92, 28, 107, 31), fill=(46, 52, 54))
    boxes = [[10, 20, 30, 40], [50, 20, 70, 40], [91, 26, 108, 33]]
    els = Elements(boxes, ["region"] * 3, score=[0.5] * 3)
    answers = {tuple(b): ("info", "x:info", 0.9, "ssim") for b in boxes[:2]}
    answers[tuple(boxes[2])] = ("remove", "x:list-remove" if source == "ssim" else "", 0.95, source)
    out = label_icons(np.asarray(img), els, FixedRecognizer(answers))
    assert out.kind[2] == kind and out.label[2] == ("remove" if kind == "icon" else "")


@pytest.mark.parametrize("boxes, icons, expected", [
    ([[0, 0, 20, 20], [30, 0, 50, 20], [60, 0, 80, 20]], [1, 1, 1], [2, 2, 2]),     # a row of three
    ([[0, 0, 20, 20], [30, 0, 50, 20], [95, 0, 115, 20]], [1, 1, 1], [1, 2, 1]),    # the third beyond 4 heights of the first
    ([[0, 0, 20, 20], [30, 8, 50, 28], [60, 0, 80, 20]], [1, 1, 1], [1, 0, 1]),     # one off the row
    ([[0, 0, 20, 20], [30, 0, 50, 20], [60, 0, 80, 20]], [1, 0, 1], [1, 2, 1]),     # a text between counts not
    ([[0, 0, 20, 20], [30, 0, 50, 40], [60, 0, 80, 20]], [1, 1, 1], [1, 0, 1]),     # twice as tall: no mate
])
def test_icon_neighbours_counts_the_icons_on_a_row(boxes, icons, expected):
    from detact.icons.glyphs import icon_neighbours

    assert icon_neighbours(np.array(boxes), np.array(icons, bool)).tolist() == expected


@pytest.mark.parametrize("read, texts, reaches", [
    ([28, 376, 85, 445], [[76, 394, 215, 433]], True),      # a drive icon's read window took in the "F" of "File System"
    ([28, 376, 78, 445], [[76, 394, 215, 433]], False),     # 2 px in: the run's padding
    ([944, 616, 963, 640], [[960, 619, 988, 640]], False),  # the "<" of "< Back": 3 px, its window's edge
    ([28, 376, 85, 445], [[76, 450, 215, 480]], False),     # the run is on the next line
    ([28, 376, 85, 445], [], False),
    ([10, 10, 40, 30], [[0, 40, 50, 60], [35, 12, 90, 28]], True),   # any run on its line counts
])
def test_a_glyph_read_reaching_into_a_text_run_is_found(read, texts, reaches):
    from detact.icons.glyphs import reaches_into

    assert reaches_into(np.array([read]), np.array(texts).reshape(-1, 4)).tolist() == [reaches]


@pytest.mark.parametrize("boxes, words, beside", [
    ([[950, 624, 956, 632], [960, 619, 988, 640]], [0, 1], [True, False]),    # "<" of "< Back": its word after it
    ([[122, 34, 138, 54], [152, 35, 174, 50]], [0, 0], [False, False]),      # a glyph read "~" is no word
    ([[10, 10, 30, 30], [70, 10, 120, 30]], [0, 1], [False, False]),         # 40 px away: beyond 1.5 heights
    ([[10, 10, 30, 30], [32, 40, 90, 60]], [0, 1], [False, False]),          # on the next line
])
def test_beside_words_finds_a_word_next_to_a_glyph(boxes, words, beside):
    from detact.icons.glyphs import beside_words

    assert beside_words(np.array(boxes), np.array(words, bool)).tolist() == beside


def _pause_bars(d, side):
    w, g = max(2, side // 6), side // 6
    for x0 in (side // 2 - g - w, side // 2 + g):
        d.rectangle((x0, side // 5, x0 + w, side - side // 5), fill=(60, 60, 60))


@pytest.mark.parametrize("draw, read, kind", [
    (_pause_bars, "00", "icon"),                          # a pause glyph's bars read as two zeros
    (_pause_bars, "||", "icon"),
    (_text("00", (30, 30, 30)), "00", "text"),            # two zeros are two zeros
    (_text("OO", (30, 30, 30)), "OO", "text"),
])
def test_a_pause_glyph_read_as_two_bars_is_the_pause_icon(draw, read, kind):
    from detact.icons.recognizer import IconRecognizer

    rgb = _tile(draw, side=24)
    out = label_icons(rgb, Elements([[0, 0, 24, 24]], ["text"], [read], score=[0.5]), IconRecognizer())
    assert (out.kind[0], out.label[0]) == ((kind, "pause") if kind == "icon" else (kind, ""))
    assert out.text[0] == ("" if kind == "icon" else read)


@pytest.mark.parametrize("read, icon, stays_digits", [
    ("0", "tabler:battery-vertical", True),     # a "0" key and an upright battery's outline
    ("8", "elementary-xfce:user-trash@22", True),
    ("88", "tabler:battery-vertical", False),   # no "8" was ever taken for it
    ("O", "tabler:battery-vertical", False),    # a letter: the table is the digits'
    ("0", "adwaita-symbolic:edit-copy-symbolic", False),
])
def test_digit_lookalikes(read, icon, stays_digits):
    from detact.icons.vocabulary import digit_lookalike
    assert digit_lookalike(read, icon) is stays_digits


def keypad(size: int) -> np.ndarray:
    """A calculator's keypad: twelve 80 x 46 px keys, their labels in DejaVu Sans ``size`` px."""
    from conftest import font
    img = Image.new("RGB", (300, 240), (246, 245, 244))
    d = ImageDraw.Draw(img)
    for k, key in enumerate("789456123"[:9] + "0.="):
        x, y = 10 + 90 * (k % 3), 10 + 56 * (k // 3)
        d.rounded_rectangle((x, y, x + 80, y + 46), radius=4, fill=(252, 252, 252), outline=(190, 188, 185))
        d.text((x + 40, y + 23), key, fill=(46, 52, 54), font=font(size), anchor="mm")
    return np.asarray(img)


@pytest.mark.parametrize("size", [13, 15, 18])
def test_a_keypads_digits_are_read_as_digits(parser, size):
    """Every key reads its digit: at 18 px DejaVu's "0" matched Tabler's upright battery
    outline exactly and the "8" was read "8 " beside wider keys in one recognizer batch (an
    hourglass to the encoder); at 15 px the "7"'s bar was cut off as a frame line ("1")."""
    els = parser.parse(keypad(size)).elements
    got = sorted((str(els.text[i]), str(els.kind[i])) for i in range(len(els)))
    assert got == sorted((key, "text") for key in "7894561230.="), got
