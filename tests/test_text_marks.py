"""Small marks in screen text, on drawn images and tables:

* subpixel anti-aliasing (ClearType, FreeType's LCD filter) colours a stem's two sides orange
  and blue: a short read drawn so ("PM", "1%") is one colour of text, not a full-colour icon
  (`detact.icons.glyphs.multicoloured`, `subpixel_text`);
* a monospace "||" between words is cut off as a run of its own by its wide side bearings and
  read alone unsurely: it is read again with its neighbours (`marks_read_apart`), and so is a
  "==" cut off as bars no letter draws;
* a "7" ends most of its columns under its top bar: the baseline is found among the columns
  that end low (`split.baseline_and_top`), and a quote mark, high above the baseline, is no
  word of another size (`split.style_changes`);
* a sign or a flag split off the front of a number ("-1 dB", "-v 3383") or a drive's letter
  ("C" + ":\\Downloads") is the run's first word (`fast._LEADING_NUMBER`, `_LEADING_CAPITAL`).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from detact.elements import Elements
from detact.icons.glyphs import multicoloured, subpixel_text
from detact.text.fast import _LEADING_CAPITAL, _LEADING_NUMBER
from detact.text.split import WordStyle, baseline_and_top, style_changes

MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _font(path: str, size: int):
    if not Path(path).exists():
        pytest.skip(f"{path} is not installed (apt-get install fonts-dejavu-core)")
    return ImageFont.truetype(path, size)


def _coverage(lines, size: tuple[int, int], font_path: str, px: int, over: int) -> np.ndarray:
    """(H, over * W) float coverage of ``lines`` ((x, y, text) in output px) drawn at ``over``
    times the resolution across and down, then averaged down the rows."""
    w, h = size
    img = Image.new("L", (w * over, h * over), 0)
    d = ImageDraw.Draw(img)
    f = _font(font_path, px * over)
    for x, y, text in lines:
        d.text((x * over, y * over), text, fill=255, font=f)
    cov = np.asarray(img, np.float32) / 255.0
    return cov.reshape(h, over, w * over).mean(axis=1)


def draw_text(lines, size=(360, 120), fg=(31, 35, 40), bg=(246, 248, 250), subpixel=True,
              font_path=SANS, px=15) -> np.ndarray:
    """An RGB screen of ``lines`` drawn as screens do: grey anti-aliasing, or subpixel (each
    pixel's R, G and B stripes cover the glyph on their own, a third of a pixel apart, through
    FreeType's default five-tap LCD filter)."""
    cov = _coverage(lines, size, font_path, px, 3)             # (H, 3W): one sample per stripe
    if subpixel:
        taps = np.array([8, 77, 86, 77, 8], np.float32) / 256.0
        cov = np.apply_along_axis(lambda row: np.convolve(row, taps, mode="same"), 1, cov)
        stripes = cov.reshape(size[1], size[0], 3)             # R, G, B left to right
    else:
        stripes = np.repeat(cov.reshape(size[1], size[0], 3).mean(axis=2, keepdims=True), 3, axis=2)
    fg, bg = np.array(fg, np.float32), np.array(bg, np.float32)
    return np.clip(bg + stripes * (fg - bg), 0, 255).round().astype(np.uint8)


def _floppy_icon(rgb: np.ndarray, x: int, y: int, side: int = 24) -> None:
    """A full-colour icon (blue body, grey label, red mark) drawn in place."""
    img = Image.fromarray(rgb)
    d = ImageDraw.Draw(img)
    d.rectangle([x + 2, y + 2, x + side - 3, y + side - 3], fill=(52, 101, 164))
    d.rectangle([x + 6, y + 3, x + side - 7, y + 9], fill=(211, 215, 207))
    d.ellipse([x + 8, y + 12, x + side - 9, y + side - 5], fill=(204, 0, 0))
    rgb[:] = np.asarray(img)


@pytest.mark.parametrize("text", ["PM", "1%", "OK", "48"])
def test_subpixel_text_is_one_colour_on_a_subpixel_screen(text):
    rgb = draw_text([(10, 10, text)], size=(60, 40), font_path=MONO)
    box = np.array([[6, 8, 40, 32]])
    assert multicoloured(rgb, box, subpixel=True).tolist() == [False]


@pytest.mark.parametrize("bg", [(246, 245, 244), (53, 53, 53)])
def test_full_colour_icons_stay_multicoloured_on_a_subpixel_screen(bg):
    rgb = draw_text([], size=(40, 40), bg=bg)
    _floppy_icon(rgb, 8, 8)
    box = np.array([[4, 4, 36, 36]])
    assert multicoloured(rgb, box, subpixel=True).tolist() == [True]
    assert multicoloured(rgb, box, subpixel=False).tolist() == [True]


LINES = [(10, 8, "Settings"), (110, 8, "Documents"), (10, 40, "Downloads"), (110, 40, "Preferences"),
         (10, 72, "Network"), (110, 72, "Bluetooth")]


def _word_boxes(lines, px=15) -> Elements:
    f = _font(SANS, px)
    boxes = []
    for x, y, text in lines:
        x0, y0, x1, y1 = f.getbbox(text)
        boxes.append((x + x0 - 2, y + y0 - 2, x + x1 + 2, y + y1 + 2))
    return Elements(np.array(boxes, np.int32), ["text"] * len(lines), [t for _, _, t in lines],
                    score=[0.99] * len(lines))


@pytest.mark.parametrize("subpixel, fg, bg", [
    (True, (31, 35, 40), (246, 248, 250)),
    (True, (230, 237, 243), (13, 17, 23)),       # light on dark
    (False, (31, 35, 40), (246, 248, 250)),
    (False, (53, 132, 228), (255, 255, 255)),    # coloured text, grey anti-aliasing
])
def test_a_screen_tells_its_anti_aliasing_by_its_words(subpixel, fg, bg):
    rgb = draw_text(LINES, fg=fg, bg=bg, subpixel=subpixel)
    assert subpixel_text(rgb, _word_boxes(LINES)) is subpixel


def test_a_screen_without_words_is_not_subpixel():
    rgb = draw_text([(10, 10, "OK")])
    assert subpixel_text(rgb, Elements(np.array([[6, 6, 40, 32]], np.int32), ["text"], ["OK"], score=[0.9])) is False


def test_a_short_read_on_a_subpixel_screen_stays_text(parser):
    """The clock of a status bar drawn with subpixel anti-aliasing: "PM" is a word of it."""
    lines = [(10, 10, "11:50 PM"), (10, 50, "Downloads folder"), (10, 90, "Network settings"),
             (200, 10, "Recent files"), (200, 50, "Documents"), (200, 90, "Preferences")]
    rgb = draw_text(lines, size=(400, 130), font_path=MONO, px=15)
    read = [str(t) for t, k in zip(parser.parse(rgb).elements.text, parser.parse(rgb).elements.kind) if k == "text"]
    assert any("PM" in t for t in read), read


@pytest.fixture(scope="module")
def engine():
    from detact.text.fast import FastTextEngine

    return FastTextEngine(device="cpu")


@pytest.mark.parametrize("line", ["id && flag.height || !ok", "path && count || done"])
def test_a_monospace_double_bar_is_read_with_its_words(engine, line):
    rgb = draw_text([(8, 10, line)], size=(300, 40), fg=(141, 150, 160), bg=(22, 27, 34), subpixel=False,
                    font_path=MONO, px=15)
    read = [str(t) for t, k in zip(engine.read(rgb).text, engine.read(rgb).kind) if k == "text"]
    joined = " ".join(read)
    assert "||" in joined and joined.startswith(line.split(" || ")[0]), read


def _ink(rows: list[str]) -> np.ndarray:
    return np.array([[c == "#" for c in r] for r in rows], bool)


@pytest.mark.parametrize("rows, baseline, top", [
    # a "7" and a "1": the 7's bar ends most of its columns at the top
    (["#######.....#..",
      ".....##....##..",
      "....##......#..",
      "...##.......#..",
      "..##........#..",
      "..#.........#..",
      "..#........###."], 6, 0),
    # plain letters stand on the bottom row
    (["#....#.####",
      "#....#.#...",
      "######.###.",
      "#....#.#...",
      "#....#.####"], 4, 0),
    # a dash alone
    ([".....", "#####", "....."], 1, 1),
])
def test_baseline_and_top(rows, baseline, top):
    assert baseline_and_top(_ink(rows)) == (baseline, top)


def _style(height: float, baseline: float, runs: int = 3) -> WordStyle:
    return WordStyle(np.array([40.0, 40.0, 40.0]), 2.0, height, 200, runs, 3.0, baseline)


@pytest.mark.parametrize("left, right, changes", [
    (_style(20, 25), _style(36, 25), True),           # a heading beside body text, one baseline
    (_style(20, 25), _style(6, 10, runs=2), False),   # a quote mark high above the baseline
    (_style(20, 25), _style(19, 24), False),          # the same size
    (_style(11, 15, runs=15), _style(21, 25), False),  # no common baseline
])
def test_size_changes_need_a_common_baseline(left, right, changes):
    assert style_changes(left, right) is changes


def _weighed(stroke: float, bars: float, runs: int) -> WordStyle:
    return WordStyle(np.array([52.0, 52.0, 52.0]), stroke, 18.0, 60, runs, bars, 23.0)


@pytest.mark.parametrize("left, right, changes", [
    # "1%" at scale 2: a "1" (a stem and a foot) looks 1.5 times as bold as a "%"'s thin rings
    (_weighed(2.73, 5.2, 1), _weighed(1.82, 2.1, 1), False),
    # a bold word beside a regular one is a change of weight
    (_weighed(2.73, 5.2, 6), _weighed(1.82, 2.1, 5), True),
    (_weighed(2.73, 5.2, 1), _weighed(1.82, 2.1, 5), True),
])
def test_one_glyph_on_each_side_says_nothing_of_weight(left, right, changes):
    assert style_changes(left, right) is changes


@pytest.mark.parametrize("read, first_word", [
    ("-1 dB", True), ("-v 3383", True), ("+12 items", True), ("6 comments", True),
    ("--retries", False), ("- Remove", False), ("7 checkbutton", False), ("-verbose", False),
])
def test_a_signed_number_or_a_flag_leads_its_run(read, first_word):
    assert bool(_LEADING_NUMBER.match(read)) is first_word


@pytest.mark.parametrize("read, first_word", [
    ("C :\\Downloads", True), ("D:/data", True), ("M alik", True), ("C ontents", True),
    ("C:", False), ("Q 1", False),
])
def test_a_capital_or_a_drive_leads_its_run(read, first_word):
    assert bool(_LEADING_CAPITAL.match(read)) is first_word


@pytest.mark.parametrize("rows, body_rows, underlined", [
    # a word, a blank row, then a rule under it
    (["#.#.###",
      "###.#..",
      "#.#.###",
      ".......",
      "#######"], 3, True),
    # the tops of the next line's letters under a word: no rule
    (["#.#.###",
      "###.#..",
      "#.#.###",
      ".......",
      "#...#.."], 3, False),
    # a descender joins the body
    (["#.#.###",
      "###.#.#",
      "#.#.###",
      "......#"], 4, False),
])
def test_body_and_underline(rows, body_rows, underlined):
    from detact.text.split import body_and_underline

    body, rule = body_and_underline(_ink(rows))
    assert rule is underlined
    assert np.flatnonzero(body.any(axis=1)).max() + 1 == body_rows


def test_an_underlined_link_is_a_run_of_its_own():
    """A sentence with one underlined word (a link): the line splitter cuts the link off."""
    from detact.text.split import split_line, to_gray

    img = Image.new("RGB", (420, 40), (255, 255, 255))
    d = ImageDraw.Draw(img)
    f = _font(SANS, 15)
    x = 10
    for word in ("Read", "the", "guide", "for", "details"):
        d.text((x, 10), word, fill=(30, 30, 30), font=f)
        w = d.textlength(word, font=f)
        if word == "guide":
            d.line([(x, 29), (x + w, 29)], fill=(30, 30, 30), width=1)
        x += w + d.textlength(" ", font=f)
    rgb = np.asarray(img)
    texts, _ = split_line(to_gray(rgb), (6, 6, int(x) + 4, 34), rgb=rgb)
    guide_start = 10 + sum(d.textlength(w + " ", font=f) for w in ("Read", "the"))
    starts = [t[0] for t in texts]
    assert len(texts) == 3 and any(abs(s - guide_start) <= 3 for s in starts), texts


@pytest.mark.parametrize("rows", [
    ["#####", ".....", "#####"],                     # an "=": two bars, no body over a rule
    ["#", "#", "#", "#", ".", "#"],                  # a "!": its dot is no underline
])
def test_a_glyph_is_no_underlined_word(rows):
    from detact.text.split import body_and_underline

    body, rule = body_and_underline(_ink(rows))
    assert rule is False


def _drawn_run(text: str, px: int = 16) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A gray image of ``text``, its run box (1, 4), and the x centres of its glyphs (column runs)."""
    from detact.text.split import median_ink, to_gray, true_runs

    img = Image.new("RGB", (220, 40), (255, 255, 255))
    ImageDraw.Draw(img).text((10, 10), text, fill=(30, 30, 30), font=_font(SANS, px))
    gray = to_gray(np.asarray(img))
    box = np.array([[6, 6, 200, 34]], np.int32)
    runs = true_runs(median_ink(gray[6:34, 6:200], 40).any(axis=0)) + 6
    return gray, box, (runs[:, 0] + runs[:, 1]) / 2


@pytest.mark.parametrize("drawn, read, quarter_on, expected", [
    ("20191024", "Q2 20191024", [0, 0], "20191024"),   # the quarter copies the first digit
    ("2001", "Q2 001", [0, 0], "2001"),                # ... or takes it: the 2 read into "Q2"
    ("Q2 2024", "Q2 2024", [0, 1], "Q2 2024"),         # drawn: a blank between Q and 2, a word space
    ("1999", "Q2 1999", [0, 0], "Q2 1999"),            # no glyph to spare, and no copied digit
])
def test_phantom_quarters(drawn, read, quarter_on, expected):
    from detact.text.fast import phantom_quarters

    gray, box, centres = _drawn_run(drawn)
    # the characters' x as the recognizer places them: the "Q" and its digit on ``quarter_on``
    # glyphs, the space between, the number's digits on the glyphs after
    digits = read.split(" ")[1]
    first = len(centres) - len(digits)
    xs = [centres[quarter_on[0]], centres[quarter_on[1]], (centres[quarter_on[1]] + centres[first]) / 2,
          *centres[first:]]
    texts, _ = phantom_quarters(gray, box, [read], [np.array(xs)])
    assert texts == [expected]


@pytest.mark.parametrize("line", ["retries == flag.mode", "count != limit"])
def test_an_operator_cut_off_as_bars_is_read_with_its_words(engine, line):
    rgb = draw_text([(8, 10, line)], size=(300, 40), fg=(31, 35, 40), bg=(255, 255, 255), subpixel=False,
                    font_path=MONO, px=15)
    read = " ".join(str(t) for t, k in zip(engine.read(rgb).text, engine.read(rgb).kind) if k == "text")
    operator = line.split(" ")[1]
    assert operator in read and read.startswith(line.split(" ")[0]), read


@pytest.mark.parametrize("marks, operator", [
    ("==", True), ("!=", True), ("===", True), ("&&", True), ("||", True), ("->", True), ("+=", True),
    ("=", True), ("-", True),
    (">", False), ("<", False), ("/", False), ("!", False),      # a breadcrumb's chevron or slash
    ("=>>", False), ("@", False), ("a", False),
])
def test_operators_read_between_words(marks, operator):
    from detact.text.fast import _OPERATOR

    assert bool(_OPERATOR.fullmatch(marks)) is operator


def _coloured_line(parts, px=14, font_path=MONO, size=(420, 36), bg=(255, 255, 255)) -> np.ndarray:
    """An RGB line of ``parts`` ((text, colour), ...) drawn one after another, grey anti-aliased."""
    img = Image.new("RGB", size, bg)
    d = ImageDraw.Draw(img)
    f = _font(font_path, px)
    x = 8
    for text, colour in parts:
        d.text((x, 8), text, fill=colour, font=f)
        x += d.textlength(text, font=f)
    return np.asarray(img)


@pytest.mark.parametrize("font_path, monospace", [(MONO, True), (SANS, False)])
def test_a_monospace_line_has_a_grid(font_path, monospace):
    from detact.text.split import line_ink, monospace_grid, to_gray, true_runs

    rgb = _coloured_line([("option_tuples = self._get_option_tuples(arg)", (30, 30, 30))], font_path=font_path)
    line = line_ink(to_gray(rgb), (4, 4, 416, 32))
    grid = monospace_grid(true_runs(line.ink.any(axis=0)), line.ink_h)
    assert (grid is not None) is monospace


def test_a_row_of_icons_is_no_monospace_text():
    from detact.text.split import line_ink, monospace_grid, to_gray, true_runs

    img = Image.new("RGB", (420, 36), (255, 255, 255))
    d = ImageDraw.Draw(img)
    for k in range(10):                      # ten 16 px glyphs every 36 px
        d.rectangle([8 + 36 * k, 10, 24 + 36 * k, 26], outline=(40, 40, 40), width=2)
    line = line_ink(to_gray(np.asarray(img)), (4, 4, 416, 32))
    assert monospace_grid(true_runs(line.ink.any(axis=0)), line.ink_h) is None


def test_a_keyword_coloured_name_is_not_cut_from_its_attribute():
    """A code editor's "self" in the keyword colour, then "._options": one run, not two."""
    from detact.text.split import split_line, to_gray

    rgb = _coloured_line([("if ", (0, 0, 192)), ("self", (0, 0, 192)), ("._options[key] in chars:", (30, 30, 30))])
    texts, _ = split_line(to_gray(rgb), (4, 4, 416, 32), rgb=rgb)
    d, f = ImageDraw.Draw(Image.new("RGB", (1, 1))), _font(MONO, 14)
    self_x = 8 + d.textlength("if ", font=f)
    options_end = self_x + d.textlength("self._options", font=f)
    assert any(x0 <= self_x + 1 and x1 >= options_end - 1 for x0, _, x1, _ in texts), texts


def test_two_colours_of_a_code_line_are_no_subpixel_fringes():
    lines = [(10, 8 + 30 * k, w) for k, w in enumerate(["def parse_args", "return options", "raise ValueError",
                                                          "import argparse"])]
    img = Image.new("RGB", (360, 140), (255, 255, 255))
    d = ImageDraw.Draw(img)
    f = _font(MONO, 15)
    for x, y, text in lines:
        kw, rest = text.split(" ", 1)
        d.text((x, y), kw, fill=(0, 0, 192), font=f)
        d.text((x + d.textlength(kw + " ", font=f), y), rest, fill=(163, 21, 21), font=f)
    boxes = [(x - 2, y - 2, x + int(d.textlength(t, font=f)) + 2, y + 20) for x, y, t in lines]
    els = Elements(np.array(boxes, np.int32), ["text"] * len(lines), [t for _, _, t in lines], score=[0.99] * len(lines))
    assert subpixel_text(np.asarray(img), els) is False


EDITOR_LINES = [
    ("if", " option_string ", "in", " ", "self", "._option_string_actions:"),
    ("", "action = ", "self", "._option_string_actions[option_string]", "", ""),
    ("", "option_tuples = ", "self", "._get_option_tuples(arg_string)", "", ""),
    ("", "chars = ", "self", ".prefix_chars", "", ""),
]


def test_code_in_an_editor_reads_line_by_line(parser, tmp_path):
    """Python source as an editor draws it (DejaVu Sans Mono, keywords in blue): "self" and
    "._option_string_actions" are one word, read as one run."""
    from chromium import chromium_binary, render_html

    if chromium_binary() is None:
        pytest.skip("chromium is not installed")
    rows = []
    for parts in EDITOR_LINES:
        spans = [f'<span style="color:#0000c0">{p}</span>' if k % 2 == 0 else f"<span>{p}</span>"
                 for k, p in enumerate(parts) if p]
        rows.append(f'<div style="white-space:pre">{"".join(spans)}</div>')
    (tmp_path / "page.html").write_text(
        "<html><body style='margin:8px;background:#fff;color:#1f1f1f;font:14px \"DejaVu Sans Mono\";"
        f"line-height:1.35'>{''.join(rows)}</body></html>")
    elements = parser.parse(render_html(tmp_path / "page.html", tmp_path / "page.png", 640, 240)).elements
    read = [str(t) for t, k in zip(elements.text, elements.kind) if k == "text"]
    assert "action = self._option_string_actions[option_string]" in read, read
    assert "chars = self.prefix_chars" in read, read


@pytest.mark.parametrize("box, ink, grown_x0", [
    # a backtick above the x-height, 3 px left of the detector's box: taken in
    ((40, 10, 120, 30), [(30, 11, 34, 17)], 30),
    # a double quote's two strokes: one mark
    ((40, 10, 120, 30), [(29, 11, 31, 17), (33, 11, 35, 17)], 29),
    # an underscore's first pixels cut at the box's edge, then a quote beyond it
    ((40, 10, 120, 30), [(37, 27, 40, 28), (31, 11, 34, 17)], 31),
    # a bullet at mid-height, a tall icon, ink far away: left out
    ((40, 10, 120, 30), [(33, 17, 37, 22)], 40),
    ((40, 10, 120, 30), [(24, 11, 37, 29)], 40),
    ((40, 10, 120, 30), [(20, 11, 23, 17)], 40),
])
def test_leading_marks_the_detector_left_out(box, ink, grown_x0):
    from detact.text.split import with_leading_marks

    gray = np.full((40, 140), 250, np.uint8)
    gray[14:26, 42:118:4] = 20                        # the run's letters: strokes, mostly background
    for x0, y0, x1, y1 in ink:
        gray[y0:y1, x0:x1] = 20
    assert with_leading_marks(gray, np.array([box]))[0].tolist() == [grown_x0, *box[1:]]


def test_opening_quotes_and_backticks_are_read(parser, tmp_path):
    """Code words in quotes and backticks (DejaVu Sans Mono, scale 2, dark): the detector's
    boxes start after the opening mark; the run takes it back in."""
    from chromium import chromium_binary, render_html

    if chromium_binary() is None:
        pytest.skip("chromium is not installed")
    words = ["`nameTimeout`", "`mode2`", '"_retries": "5.01"']
    rows = "".join(f'<div style="margin:10px 20px">{w}</div>' for w in words)
    (tmp_path / "page.html").write_text(
        "<html><body style='margin:8px;background:#1e1e2e;color:#cdd6f4;font:17px \"DejaVu Sans Mono\"'>"
        f"{rows}</body></html>")
    elements = parser.parse(render_html(tmp_path / "page.html", tmp_path / "page.png", 480, 200, scale=2.0)).elements
    read = [str(t) for t, k in zip(elements.text, elements.kind) if k == "text"]
    for word in words:
        assert word in read or word.split(" ")[0] in read, read


@pytest.mark.parametrize("whole, head, tail, joined", [
    ("a == b", "a", "b", True),
    ("id || ok", "id", "ok", True),
    ("count != limit", "count", "limit", True),
    ("x - 1", "x", "1", True),
    ("20-+", "20", "+", False),            # a spin button's value and its two steppers
    ("20 - +", "20", "+", False),
    ("a b", "a", "b", False),               # nothing between
    ("a / b", "a", "b", False),             # a breadcrumb's slash is no operator here
    ("ab == c", "a", "c", False),           # does not start with the left read
])
def test_marks_between(whole, head, tail, joined):
    from detact.text.fast import marks_between
    assert marks_between(whole, head, tail) is joined
