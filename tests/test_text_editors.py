"""Text as editors and terminals draw it: monospace lines whose spaces stand beside punctuation
("# Title", ") {", "]) # note"), a caret after a line's last letter, a "{" closing a line.
Lines are drawn with DejaVu Sans Mono at 15 px (Pillow advances it 9 px a cell, as hinted
screens do) and read by the real recognizer."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from detact.elements import Elements
from detact.icons.glyphs import closing_brackets
from detact.text.monospace import grid_spaces
from detact.text.split import split_line, split_lines, split_lines_on_grids, to_gray

MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
needs_fonts = pytest.mark.skipif(not (Path(MONO).is_file() and Path(SANS).is_file()),
                                 reason="DejaVu Sans and DejaVu Sans Mono are not installed")


@pytest.fixture(scope="module")
def engine():
    from detact.text.fast import FastTextEngine

    return FastTextEngine(device="cpu")


def line_crop(text: str, path: str = MONO, size: int = 15) -> np.ndarray:
    """(h, w) grey crop of one line of ``text``, dark on white, 4 px of margin."""
    f = ImageFont.truetype(path, size)
    img = Image.new("RGB", (int(f.getlength(text)) + 8, size + 8), (255, 255, 255))
    ImageDraw.Draw(img).text((4, 3), text, fill=(30, 30, 30), font=f)
    return np.asarray(img.convert("L"))


def read_lines(engine, lines: list[str], path: str = MONO, size: int = 15, pitch: int = 22) -> list[str]:
    """Each of ``lines`` drawn on its own row of one image, read by ``engine``, the runs of each
    row joined left to right with single spaces."""
    f = ImageFont.truetype(path, size)
    img = Image.new("RGB", (560, 20 + pitch * len(lines)), (255, 255, 255))
    d = ImageDraw.Draw(img)
    for k, text in enumerate(lines):
        d.text((10, 10 + pitch * k), text, fill=(20, 20, 20), font=f)
    els = engine.read(np.asarray(img))
    rows: dict[int, list] = {}
    for box, kind, text in zip(els.xyxy, els.kind, els.text):
        if kind == "text":
            rows.setdefault(int((box[1] + box[3]) / 2 - 10) // pitch, []).append((box[0], str(text)))
    return [" ".join(t for _, t in sorted(rows.get(k, []))) for k in range(len(lines))]


# (drawn, as the recognizer read it, what the grid makes of the read)
GRID_CASES = [
    ("# Request request", "#Request request", "# Request request"),
    ("if (n != NULL) {", "if (n != NULL){", "if (n != NULL) {"),
    ("buf.append(x[i:j])  # note", "buf.append(x[i:j])# note", "buf.append(x[i:j]) # note"),
    ("def name(y_list, i_id=None):", "def name (y_list, i_id=None) :", "def name(y_list, i_id=None):"),
    ("- Close config file", "-Close config file", "- Close config file"),
    ("return data[1] + y", "return data[1] + y", "return data[1] + y"),
]


@needs_fonts
@pytest.mark.parametrize("drawn, read, expected", GRID_CASES)
def test_a_monospace_runs_spaces_are_its_blank_cells(drawn, read, expected):
    spaced = grid_spaces(line_crop(drawn), read)
    assert spaced is not None
    text, xs = spaced
    assert text == expected
    assert len(xs) == len(text) and np.all(np.diff(xs) > 0)


@needs_fonts
@pytest.mark.parametrize("drawn, read", [
    ("Save it", "Saveit"),                          # fewer than MIN_GLYPHS letters: too few to trust
    ("# Request request", "#Request reques"),       # a letter read short: no grid has one cell per letter
    ("# Request request", "#Request request!"),     # ... or one too many
])
def test_runs_the_grid_cannot_vouch_for_are_left_as_read(drawn, read):
    assert grid_spaces(line_crop(drawn), read) is None


@needs_fonts
@pytest.mark.parametrize("size", [11, 12, 13, 14, 15, 16])
def test_proportional_lines_keep_their_spaces(size):
    """DejaVu Sans's letters are not on a grid, whatever evenly spaced stretch a line has."""
    lines = ["That for read.", "# That name here", "Close config file open date write!",
             "Print self be import name on?", "Item client data start open def file!"]
    for text in lines:
        spaced = grid_spaces(line_crop(text, SANS, size), text)
        assert spaced is None or spaced[0] == text, (size, text, spaced)


@needs_fonts
def test_a_monospace_line_is_cut_at_two_blank_cells_not_at_one():
    """One empty cell is a word space, wider than the proportional rule's 0.8 ink heights at
    small sizes; two or more part a line's columns."""
    for text, runs in (("Save it are of!", 1), ("value = 12  size = 4", 2)):
        f = ImageFont.truetype(MONO, 15)
        img = Image.new("RGB", (320, 40), (255, 255, 255))
        ImageDraw.Draw(img).text((10, 10), text, fill=(20, 20, 20), font=f)
        rgb = np.asarray(img)
        box = np.array([6, 6, 300, 34])
        boxes, icons = split_line(to_gray(rgb), box, rgb=rgb)
        assert len(boxes) == runs and not icons, (text, boxes)


@needs_fonts
def test_code_lines_read_with_their_spaces_and_brackets(engine):
    lines = ["# Request request", "if (n != NULL && count > 15) {", "- Close config file open date write!",
             "for (int i = 0; i < n; i++) {", "Save it are of!", "return data[1] + y"]
    assert read_lines(engine, lines) == lines


@needs_fonts
@pytest.mark.parametrize("text, size", [("cd /tmp", 13), ("cd /tmp", 15), ("printf(x);", 15)])
def test_a_caret_after_the_last_letter_is_no_character(engine, text, size):
    """A focused editor's caret: a 1 px bar from above the capitals to below the descenders,
    2 px after the line's last letter (read "|" and taken off the run)."""
    f = ImageFont.truetype(SANS, size)
    img = Image.new("RGB", (260, 40), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.text((10, 10), text, fill=(20, 20, 20), font=f)
    x = 10 + int(f.getlength(text)) + 2
    _, top, _, bottom = f.getbbox("Ág")
    d.rectangle((x, 10 + top - 2, x, 10 + bottom + 2), fill=(20, 20, 20))
    els = engine.read(np.asarray(img))
    assert [str(t) for t in els.text] == [text]
    assert els.xyxy[0, 2] < x


@needs_fonts
@pytest.mark.parametrize("text", ["Cool tool", "Icon View", "Install"])
def test_tall_letters_at_a_runs_ends_stay(engine, text):
    f = ImageFont.truetype(SANS, 15)
    img = Image.new("RGB", (260, 40), (255, 255, 255))
    ImageDraw.Draw(img).text((10, 10), text, fill=(20, 20, 20), font=f)
    assert [str(t) for t in engine.read(np.asarray(img)).text] == [text]


def _runs(*items):
    """Elements of (box, kind, text)."""
    return Elements([b for b, _, _ in items], [k for _, k, _ in items], [t for _, _, t in items],
                    score=[0.9] * len(items))


@pytest.mark.parametrize("items, expected", [
    # a "{" a word space after the line's last run closes the line
    ([((10, 10, 60, 26), "text", "i++)"), ((66, 10, 73, 26), "text", "{")], [False, True]),
    ([((10, 10, 60, 26), "text", "f(a, b"), ((64, 10, 70, 26), "text", ")")], [False, True]),
    # with nothing before it, or far from the line, it may be an icon
    ([((66, 10, 73, 26), "text", "{")], [False]),
    ([((10, 10, 60, 26), "text", "i++)"), ((100, 10, 107, 26), "text", "{")], [False, False]),
    # a one-character read before it is no line ("<" and "{" side by side: two icons)
    ([((10, 10, 17, 26), "text", "<"), ((22, 10, 29, 26), "text", "{")], [False, False]),
    # another symbol, or a bracket on another line
    ([((10, 10, 60, 26), "text", "i++)"), ((66, 10, 73, 26), "text", "^")], [False, False]),
    ([((10, 10, 60, 26), "text", "i++)"), ((66, 40, 73, 56), "text", "{")], [False, False]),
])
def test_closing_brackets(items, expected):
    assert closing_brackets(_runs(*items)).tolist() == expected


NIMBUS_MONO = "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf"
LIBERATION_MONO = "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf"


def _font_or_skip(path: str) -> str:
    if not Path(path).is_file():
        pytest.skip(f"{Path(path).name} is not installed")
    return path


def _drawn_line(text: str, path: str, size: int, width: int = 480) -> np.ndarray:
    f = ImageFont.truetype(path, size)
    img = Image.new("RGB", (width, size + 20), (255, 255, 255))
    ImageDraw.Draw(img).text((10, 10), text, fill=(20, 20, 20), font=f)
    return np.asarray(img)


# (font, px, line): lines the old pitch estimate took for proportional text and cut into words,
# each then read alone ("are" lost as "Mare" at a confidence of 0.2)
WHOLE_LINES = [
    (NIMBUS_MONO, 15, "Be and start are load."),     # capitals 0.95 of a cell tall: cell > 0.9 ink heights
    (NIMBUS_MONO, 20, "Be and start are load."),
    (MONO, 14, "Be and start are load."),            # 8.43 px a cell, drawn at whole pixels
    # a letter alone, or two that touch, are as wide as an icon: on the grid they are letters
    (NIMBUS_MONO, 20, "On a line of its own here"),      # the "a" was split off as an icon
    (NIMBUS_MONO, 25, "OK this is a line of text"),
    (LIBERATION_MONO, 10, "Do not run this at all now"),  # ... and the "Do" in front
    (NIMBUS_MONO, 15, "Or request return load self time."),
]


@pytest.mark.parametrize("path, size, text", WHOLE_LINES)
def test_a_monospace_line_with_one_cell_spaces_stays_one_run(path, size, text):
    rgb = _drawn_line(text, _font_or_skip(path), size)
    boxes, icons = split_line(to_gray(rgb), np.array([6, 6, 470, size + 16]), rgb=rgb)
    assert len(boxes) == 1 and not icons, (boxes, icons)


def test_a_comment_the_detector_boxed_apart_takes_its_lines_grid():
    """The text detector cuts an editor's line at a comment's two spaces; the comment's three
    glyph runs ("#", "be", "it") are too few to show a grid, and alone they were cut at each
    word and the "#" taken for an icon. Beside a box on a grid, they stand on that grid."""
    path = _font_or_skip(LIBERATION_MONO)
    rgb = _drawn_line("count = value + 12  # be it", path, 15)
    gray = to_gray(rgb)
    comment_x = 10 + int(ImageFont.truetype(path, 15).getlength("count = value + 12  ")) - 2
    lines = np.array([[6, 6, comment_x - 6, 31], [comment_x, 7, 280, 30]])
    texts, owners, icons, grids = split_lines_on_grids(gray, lines, rgb)
    assert not len(icons)
    assert owners.tolist() == [0, 1]
    assert len(grids) == 2 and np.allclose(grids[:, 4], 9.0)      # Liberation Mono at 15 px: 9 px a cell
    assert split_lines(gray, lines, rgb)[0].tolist() == texts.tolist()


@needs_fonts
@pytest.mark.parametrize("drawn, read, expected", [
    ("# id", "#id", "# id"),
    ("x = 1", "x=1", "x = 1"),
    ("a  b", "ab", "a b"),
])
def test_a_short_run_takes_its_lines_grid_for_its_spaces(drawn, read, expected):
    """Fewer than MIN_GLYPHS letters fit no grid of their own; given their line's (DejaVu Sans
    Mono at 15 px: 9 px cells from the pen's start, 4 px in) they are spaced by it."""
    assert grid_spaces(line_crop(drawn), read) is None
    spaced = grid_spaces(line_crop(drawn), read, grid=(9.0, 4.0))
    assert spaced is not None and spaced[0] == expected


@needs_fonts
def test_a_grid_that_does_not_fit_the_run_leaves_it_as_read():
    """Half a cell off, the glyphs stand between cells: the read is kept."""
    assert grid_spaces(line_crop("# id"), "#id", grid=(9.0, 8.5)) is None


def test_proportional_words_beside_a_monospace_line_keep_their_own_spacing():
    """A dialog's title drawn beside an editor's code line on the same row is no part of it:
    its letters do not all stand on the code's cells, so it borrows no grid."""
    path = _font_or_skip(LIBERATION_MONO)
    img = Image.new("RGB", (480, 35), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.text((10, 10), "count = value + 12", fill=(20, 20, 20), font=ImageFont.truetype(path, 15))
    d.text((200, 10), "Window Settings", fill=(20, 20, 20), font=ImageFont.truetype(SANS, 15))
    rgb = np.asarray(img)
    lines = np.array([[6, 6, 180, 31], [196, 6, 340, 31]])
    texts, owners, _, grids = split_lines_on_grids(to_gray(rgb), lines, rgb)
    assert len(grids) == 1 and grids[0, 2] <= 180       # the code's run only
    assert texts[owners == 1].tolist() and all(box[0] >= 196 for box in texts[owners == 1])
