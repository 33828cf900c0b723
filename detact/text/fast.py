"""DetACT's default text engine: PP-OCRv4 DB detection, style-aware line splitting and DetACT's
screen-text recognizer (PP-OCRv4 architecture fine-tuned on rendered UI text, shipped in
``detact/data/models/recognizer.onnx``), all on onnxruntime (no torch at run time). Without the
bundled recognizer it falls back to EasyOCR's English recognizer, exported once, and says so
in ``notes``."""
from __future__ import annotations

import logging
import re
from functools import cached_property
from pathlib import Path

import cv2
import numpy as np

from ..elements import Elements
from ..errors import ModelUnavailable
from ..runtime import package_data
from ..segment.label_boxes import box_sides
from .base import TextEngine
from .detect import TextDetector
from .export import RECOGNIZER_HEIGHT
from .caret import line_carets
from .lexicon import calculator_keys, known_words, repaired_words
from .monospace import grid_spaces
from .recognize import ScreenRecognizer, TextRecognizer
from .split import (baseline_and_top, find_underlines, inside_frame, line_ink, median_ink, pair_gaps, split_at_columns,
                    over_cut_strokes, split_lines_on_grids, to_gray, true_runs, with_leading_marks)

log = logging.getLogger("detact.text")


# " - ", " – ", " — ", " | ", " · " between words: separate runs (e.g. a description and its
# platform list). The recognizer tends to read the dash as "~" or "_". A dash between two numbers
# is a range, part of one value ("9:00 - 17:00", "10.0.0.1 - 10.0.0.9", "1 - 20 of 96"): no cut.
_SEPARATOR = re.compile(r"\s+[~_\-\u2013\u2014|\u00b7]\s+")
#: The separators that are dashes (as read), the ones a range between two numbers keeps.
_DASHES = "~_-\u2013\u2014"
# A word's colon, a space, then a bar or bracket glued to a word ("Type: |Full screen",
# "Delay: |None"): the left edge of the combo or spin box the label names, read as a glyph. The
# label and the box's value are two runs; the edge goes. Not when the bar or bracket is
# closed later in the run ("Note: [optional]", "a: |b|").
_FIELD_EDGE = re.compile(r"(?<=[A-Za-z]:) +(?:\|(?!.*\|)|\[(?!.*\]))(?=\w)")
# Breadcrumbs and path bars ("/ org / gnome / desktop", "Settings > Privacy > Cookies"): every
# crumb is its own button or link. A spaced "/", ">", "›" or "»" cuts a run only where it
# separates at least three short crumbs, so "total / count" or "if a > b:" stay whole.
_CRUMB = re.compile(r"(?:^|\s+)[/>\u203a\u00bb]\s+")
_CRUMB_TEXT = re.compile(r"[\w.\-]+(?: [\w.\-]+){0,2}")


def _operator_bar(text: str, a: int, b: int) -> bool:
    """Whether ``text[a:b]`` is a spaced bar with a one-letter operand on one side: an
    expression's "|" ("x ^ y | 8", "a | b", "y | 192"), not a separator between words or page
    numbers ("5 | 6")."""
    before, after = text[:a].split(), text[b:].split()
    if text[a:b].strip() != "|" or not before or not after:
        return False
    return any(len(w) == 1 and w.isalpha() for w in (before[-1], after[0]))


def separator_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` character spans of ``text`` to cut out: spaced dashes (not between two
    numbers), bars and dots, a field's edge read after a label's colon (`_FIELD_EDGE`), and the
    separators of a breadcrumb (three or more crumbs of one to three words)."""
    spans = [(a, b) for a, b in (m.span() for m in _SEPARATOR.finditer(text))
             if not (a > 0 and b < len(text) and text[a - 1].isdigit() and text[b].isdigit()
                     and text[a:b].strip() in _DASHES) and not _operator_bar(text, a, b)]
    spans += [m.span() for m in _FIELD_EDGE.finditer(text)]
    crumbs = [m.span() for m in _CRUMB.finditer(text)]
    inner = [c for c in crumbs if c[0] > 0]
    if len(inner) >= 2:
        bounds = [0] + [i for c in crumbs for i in c] + [len(text)]
        parts = [text[a:b] for a, b in zip(bounds[::2], bounds[1::2])]
        if all(_CRUMB_TEXT.fullmatch(p) for p in parts if p):
            spans = sorted(set(spans) | set(crumbs))
    return sorted(spans)


#: Confidence given to a lone "-" or "." recognised by shape (`lone_mark`) rather than by OCR.
MARK_CONFIDENCE = 0.6
#: Background read on each side of a lone one-glyph run, in run heights (`with_side_room`).
SIDE_ROOM = 0.2
#: A run is one glyph, narrow enough to need that room, when its width is under this many heights.
NARROW = 0.8
#: What a run of marks read apart from its line may hold (`marks_read_apart`): thin marks, or an
#: operator ("==", "!==", "&&", "->", "+="; alone only "=", "&", "|", "+", "*", "%", "^", "~" and
#: "-": a lone ">" or "/" between two words is a breadcrumb's chevron or slash, an icon); how wide
#: it may be and how far from it (in its heights) the runs it is read again with may lie.
THIN_MARKS = frozenset("|!:;.,'`\"")
_OPERATOR = re.compile(r"[=!]==|[=!<>+\-*/%&|^]=|&&|\|\||->|=>|<<|>>|\*\*|//|[=&|+*%^~-]")
MARKS_WIDTH = 1.6
MARKS_GAP = 1.5
#: What the ink a run's box took in left of the detector's own box may read as
#: (`split.with_leading_marks`, `leading_marks_confirmed`): quotes, a backtick, dots, dashes.
LEADING_MARKS = frozenset("'\"`\u2018\u201c.-_~")


def marks_between(whole: str, head: str, tail: str) -> bool:
    """Whether ``whole``, the read of three runs joined (`FastTextEngine.marks_read_apart`),
    starts with the left run's read ``head``, ends with the right one's ``tail`` and holds
    between them only thin marks (`THIN_MARKS`) or an operator (`_OPERATOR`), ``tail`` being an
    operand (a letter or a digit in it: a spin button's "20 [-] +" is a number and two signs)."""
    if not whole.startswith(head) or not whole.endswith(tail) or not any(ch.isalnum() for ch in tail):
        return False
    # (empty when the two reads overlap in the joined one)
    marks = whole[len(head):len(whole) - len(tail)].replace(" ", "")
    return bool(marks) and (set(marks) <= THIN_MARKS or _OPERATOR.fullmatch(marks) is not None)


#: A number the recognizer reads with a quarter in front ("20191024" -> "Q2 20191024", "2001" ->
#: "Q2 001": its training strings hold "Q2 2024"); `phantom_quarters` asks the ink.
_QUARTER_READ = re.compile(r"Q([1-4]) (\d{3,})")


def phantom_quarters(gray: np.ndarray, xyxy: np.ndarray, texts: list[str], char_x: list[np.ndarray]
                     ) -> tuple[list[str], list[np.ndarray]]:
    """Runs read as a quarter and a number ("Q2 20191024") whose ink draws one number: the "Q"
    read on its digit's glyph (no blank column between the two, `pair_gaps`), no blank between
    the glyphs wider than ``max(3 px, 2.5 x`` their median) (a drawn "Q2 2024" has a word space)
    and at most one column run of ink fewer than the number has digits. Counting a column run
    twice as wide as most as two digits that touch, the read becomes the digits read when the
    ink has no more glyphs than they and they start with the quarter's digit ("build Q2 20191024"
    -> "20191024"), or the quarter's digit and them when the ink has one glyph more ("Q2 001" ->
    "2001", the 2 read into the quarter). Returns the texts and the characters' x."""
    texts, char_x = list(texts), list(char_x)
    for k, (box, text) in enumerate(zip(xyxy, texts)):
        m = _QUARTER_READ.fullmatch(text.strip())
        line = line_ink(gray, box) if m else None
        if line is None:
            continue
        runs = true_runs(line.ink.any(axis=0))
        blanks = runs[1:, 0] - runs[:-1, 1]
        digits, xs = m.group(2), np.asarray(char_x[k])
        start = len(text) - len(text.lstrip())
        # the digits' glyphs must mostly stand apart for their count to tell anything
        if len(runs) < len(digits) - 1 or (len(blanks) and blanks.max() >= max(3.0, 2.5 * float(np.median(blanks)))):
            continue
        # ... and the "Q" must lie on its digit's glyph: no blank between the two
        if len(xs) == len(text):
            a, b, gaps, _ = pair_gaps(gray, box, text, xs)
            if gaps[(a == start) & (b == start + 1)].max(initial=0.0) > 0:
                continue
        # glyphs: column runs, one twice as wide as their median being two digits that touch
        widths = runs[:, 1] - runs[:, 0]
        glyphs = int(np.maximum(1, np.round(widths / max(1.0, float(np.median(widths))))).sum())
        if glyphs <= len(digits) and digits[0] == m.group(1):   # the quarter copies the first digit
            texts[k] = digits
            char_x[k] = xs[start + 3:] if len(xs) == len(text) else xs
        elif glyphs == len(digits) + 1:
            texts[k] = m.group(1) + digits
            char_x[k] = np.concatenate([xs[start + 1:start + 2], xs[start + 3:]]) if len(xs) == len(text) else xs
    return texts, char_x


def split_at_separators(xyxy: np.ndarray, texts: list[str], conf: np.ndarray, char_x: list[np.ndarray]):
    """Cut text runs at spaced separators, placing the cut from each character's x position."""
    out_boxes, out_texts, out_conf = [], [], []
    for box, text, c, xs in zip(xyxy, texts, conf, char_x):
        pieces = separator_spans(text) if len(xs) == len(text) else []
        if not pieces:
            out_boxes.append(box), out_texts.append(text), out_conf.append(c)
            continue
        start = 0
        for cut_start, cut_end in pieces + [(len(text), len(text))]:
            part = text[start:cut_start]
            if part.strip():
                x0 = box[0] if start == 0 else int(xs[start] - (xs[start] - xs[start - 1]) / 2)
                x1 = box[2] if cut_start == len(text) else int(xs[cut_start - 1] + (xs[cut_start] - xs[cut_start - 1]) / 2)
                out_boxes.append((x0, box[1], max(x1, x0 + 1), box[3])), out_texts.append(part), out_conf.append(c)
            start = cut_end
    return np.array(out_boxes, np.int32).reshape(-1, 4), out_texts, np.array(out_conf, np.float32)


# A lone symbol, a space, then a word ("@ Create", "> Reports", "| Smooth images", "] Fullscreen"):
# the symbol is an icon in front of the label that the line splitter could not tell from a letter
# (narrower than the line is tall, or too close) -- a check box read as "]" or "[". Symbols that
# start real UI text are not in the set: "+ Add row", "< Back", "/ usr", "# general", "$ 12",
# "- 5", "(optional)", "* Required", quotes; nor is "O", a word in some languages ("O arquivo");
# nor "=" before a number: a result or an assignment ("= 42", "x = 0" cut at its wide space).
_LEADING_GLYPH = re.compile(r"^(?:[@>_.:|\\^?!\[\]\u2022\u00b7\u00bb\u203a]|=(?= +\D)) +(?=\w)")

# The same symbol read glued to a capitalised word ("]Work", "|Archive", "lDesktop", "jWork",
# "JAdd"): the right edge of a folder icon or a check box's tick read as a stroke letter. Only
# strokes, and only before a capital and a small letter: "iPhone", "eBay", "IDs", "(Optional",
# "JSON" stay; "[" only without its "]" later ("[Optional]" stays). A bar or bracket (never a
# letter) is cut before a word in capitals or three small letters too: a column header's rule
# ("|COMMAND_LINE", "[START") or a file-type icon's edge ("]script.py"); "[INFO]" and "|a" stay.
# Only the first kind (group "icon": a folder's edge before a name) leaves its icon as a
# candidate; a rule before a header leaves none, and a file icon that tall was found already.
_GLUED_GLYPH = re.compile(r"^(?:(?P<icon>[|\]ljJ]|\[(?=[^\]]*$))(?=[A-Z][a-z])|(?:[|\]]|\[(?=[^\]]*$))(?=[A-Z]{2}|[a-z]{3}))")


#: A round letter at the front of a run: a radio's ring read as a letter ("O radiobutton",
#: "Oradiobutton" when close), cut off only when its ink is no letter (`ring_not_letter`):
#: "O" is a word in Portuguese, and "Open" starts with one.
_LEADING_ROUND = re.compile(r"^[Oo0] *(?=\w)")


#: A crossed check box read as a letter glued to its capitalised label ("XHighlight matching
#: brackets", Tk's clam look at scale 2), cut off only when its ink is a box (`box_not_letter`).
_LEADING_BOXED = re.compile(r"^[Xx] *(?=[A-Z])")


def box_not_letter(gray: np.ndarray, box, glyph_end: int, text_start: int, contrast: int = 40) -> bool:
    """Whether the ink of run ``box`` left of ``glyph_end`` is a check box drawn before the text
    (from ``text_start`` on) rather than a letter of it: about as wide as tall and framed, three
    or more of its sides inked along 80% of their length in their outer 2 px. An "X" has no
    sides."""
    x0, y0, x1, y1 = (int(v) for v in box)
    if glyph_end - x0 < 3 or x1 - text_start < 3 or y1 - y0 < 6:
        return False
    glyph = median_ink(gray[y0:y1, x0:glyph_end], contrast)
    rows, cols = np.flatnonzero(glyph.any(axis=1)), np.flatnonzero(glyph.any(axis=0))
    if len(rows) < 6 or len(cols) < 6:
        return False
    ink = glyph[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
    return 0.8 <= ink.shape[1] / ink.shape[0] <= 1.25 and sum(box_sides(ink)) >= 3


def ring_not_letter(gray: np.ndarray, box, glyph_end: int, text_start: int, contrast: int = 40) -> bool:
    """Whether the ink of run ``box`` left of ``glyph_end`` is a ring drawn beside the text
    (from ``text_start`` on) rather than a round letter of it: about as wide as tall, and
    either a ring around a dot (`dotted_ring`) or reaching above the text's top and at least
    2 px below its baseline (the median of its columns' lowest ink) while being at least 1.15
    times as tall as its ascender-to-baseline height. A letter "O" sits on the baseline and is
    no taller than the capitals (a "Q" only hangs below); a radio ring is centred on the line
    and taller."""
    x0, y0, x1, y1 = (int(v) for v in box)
    if glyph_end - x0 < 3 or x1 - text_start < 3 or y1 - y0 < 6:
        return False
    ink = median_ink(gray[y0:y1, x0:x1], contrast)
    glyph, rest = ink[:, :glyph_end - x0], ink[:, text_start - x0:]
    g_rows, g_cols = np.flatnonzero(glyph.any(axis=1)), np.flatnonzero(glyph.any(axis=0))
    if not len(g_rows) or rest.any(axis=0).sum() < 3:
        return False
    # a mnemonic's underline under an "O" ("Open..."): a bottom row spanning the glyph, one
    # blank row below the letter, makes it look taller than the line, like a ring
    if len(g_rows) >= 4 and not glyph[g_rows[-1] - 1].any() \
            and glyph[g_rows[-1]].sum() >= 0.8 * (g_cols[-1] - g_cols[0] + 1):
        g_rows = g_rows[g_rows < g_rows[-1] - 1]
        g_cols = np.flatnonzero(glyph[g_rows[0]:g_rows[-1] + 1].any(axis=0))
    baseline, top = baseline_and_top(rest)
    baseline = int(baseline)
    g_h, g_w = g_rows[-1] - g_rows[0] + 1, g_cols[-1] - g_cols[0] + 1
    if not 0.8 <= g_w / g_h <= 1.25:
        return False
    centred = g_rows[-1] >= baseline + 2 and g_rows[0] < top and g_h >= 1.15 * (baseline - top + 1)
    return bool(centred or dotted_ring(glyph[g_rows[0]:g_rows[-1] + 1, g_cols[0]:g_cols[-1] + 1]))


def dotted_ring(ink: np.ndarray) -> bool:
    """Whether ``ink`` (H, W bool, cut to its box) is a ring around a separate dot, a checked
    radio button (no letter has ink inside its bowl): along the middle rows, the ring's side,
    a gap, then ink on the centre (the ring's far side may be too faint to see); and the
    centre's ink is a blob of its own, less than 0.6 of the ring across (a "no entry" sign's
    slash joins the ring)."""
    h, w = ink.shape
    if min(h, w) < 7:
        return False
    for row in ink[h // 2 - 1:h // 2 + 2]:
        runs = true_runs(row)
        centre = np.flatnonzero((runs[:, 0] <= w // 2) & (w // 2 < runs[:, 1]))
        if not len(centre) or centre[0] == 0:
            return False
    _, labels = cv2.connectedComponents(ink.astype(np.uint8), connectivity=8)
    ys, xs = np.nonzero(labels == labels[h // 2, w // 2])
    return bool(ys.max() - ys.min() < 0.6 * h and xs.max() - xs.min() < 0.6 * w)


def lone_rings(gray: np.ndarray, xyxy: np.ndarray, texts: list[str]) -> np.ndarray:
    """(N,) bool: runs read as a lone "O", "o" or "0" whose ink is a radio's ring beside the
    text run that follows on their line within their own width (`ring_not_letter`): the line
    splitter cut the ring off its label as a run of its own, and it read as a letter."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    out = np.zeros(len(b), bool)
    lone = [i for i, t in enumerate(texts) if str(t).strip() in ("O", "o", "0")]
    for i in lone:
        h, w, cy = b[i, 3] - b[i, 1], b[i, 2] - b[i, 0], (b[i, 1] + b[i, 3]) / 2
        gap = b[:, 0] - b[i, 2]
        after = np.flatnonzero((gap >= -2) & (gap <= max(w, h)) & (np.abs((b[:, 1] + b[:, 3]) / 2 - cy) * 2 <= h))
        after = after[after != i]
        if not len(after):
            continue
        j = after[np.argmin(gap[after])]
        box = (b[i, 0], min(b[i, 1], b[j, 1]), b[j, 2], max(b[i, 3], b[j, 3]))
        out[i] = ring_not_letter(gray, box, int(b[i, 2]), int(max(b[j, 0], b[i, 2])))
    return out


def word_start(gray: np.ndarray, box, glyph_x: float, word_x: float, fallback: int, pad: int = 2) -> int:
    """Where a run's word starts once the symbol in front is cut off: ``pad`` px before the
    first ink column after the last blank column between the symbol's estimated centre
    ``glyph_x`` and the word's first letter's ``word_x`` (`median_ink` over the run ``box`` of
    the grey image). The letters' positions are estimates; cutting midway between them clips a
    wide first letter ("Desktop" read "0)esktop"). ``fallback`` when no blank column parts them."""
    x0, y0, x1, y1 = (int(v) for v in box)
    a, b = int(np.ceil(glyph_x)), int(word_x) + 1
    if b - a < 2 or y1 - y0 < 4:
        return fallback
    ink = median_ink(gray[y0:y1, x0:min(x1, b)], 40).any(axis=0)[max(a - x0, 0):]
    blank = np.flatnonzero(~ink)
    if not len(blank) or blank[-1] + 1 >= len(ink):
        return fallback
    return max(a, max(a, x0) + int(blank[-1]) + 1 - pad)


def _stretch(ink: np.ndarray, lo: int, hi: int) -> tuple[int, int]:
    """The unbroken inked stretch of the 1-D bool ``ink`` around ``[lo, hi]`` (inclusive)."""
    while lo > 0 and ink[lo - 1]:
        lo -= 1
    while hi < len(ink) - 1 and ink[hi + 1]:
        hi += 1
    return lo, hi


def next_blank_column(gray: np.ndarray, box, x: int, contrast: int = 40) -> int:
    """The first column at or after ``x`` with no ink (`median_ink`) on the rows of the run
    ``box`` (x0, y0, x1, y1) of ``gray`` (H, W); the box's right edge when there is none."""
    x0, y0, x1, y1 = (int(v) for v in box)
    x = max(int(x), x0)
    if x >= x1:
        return x1
    blank = np.flatnonzero(~median_ink(gray[y0:y1, x0:x1], contrast)[:, x - x0:].any(axis=0))
    return x + int(blank[0]) if len(blank) else x1


def icon_box(gray: np.ndarray, box, x_end: int, contrast: int = 40) -> tuple[int, int, int, int] | None:
    """The box (x0, y0, x1, y1) of the icon whose right edge a run's glued symbol is ("]Work"):
    the unbroken stretch of inked columns ending at the last one before ``x_end``, up to two run
    heights left of the run ``box`` (a two-line row's icon), looked for on the run's rows only
    (above them a selected row's highlight may span every column); and its rows, the unbroken
    stretch around those inked beside the run, up to a run height above and below. Ink is what
    differs by ``contrast`` from the run's background (the median of the run and that margin:
    an icon filling the margin is no background). The line detector boxes the label and at most
    the icon's edge; the icon itself may be too faint for the segmenter (a pale folder). None
    when no ink is there."""
    x0, y0, x1, y1 = (int(v) for v in box)
    h = y1 - y0
    left = max(0, x0 - 2 * h)
    if x_end - left < 2 or h < 4:
        return None
    background = int(np.median(gray[y0:y1, left:x1]))

    def inked(rows: slice, cols: slice) -> np.ndarray:
        return np.abs(gray[rows, cols].astype(np.int16) - background) > contrast

    columns = inked(slice(y0, y1), slice(left, x_end)).any(axis=0)
    if not columns.any():
        return None
    end = int(np.flatnonzero(columns)[-1])
    start, _ = _stretch(columns, end, end)
    top = max(0, y0 - h)
    rows = inked(slice(top, y1 + h), slice(left + start, left + end + 1)).any(axis=1)
    beside = np.flatnonzero(rows[y0 - top:y1 - top])
    if not len(beside):
        return None
    lo, hi = _stretch(rows, int(beside[0]) + y0 - top, int(beside[-1]) + y0 - top)
    return left + start, top + lo, left + end + 1, top + hi + 1


def icon_shaped(box) -> bool:
    """Whether a box (x0, y0, x1, y1) found by `icon_box` can be an icon: at most three times as
    tall as wide and at most twice as wide as tall (not a rule: a column header's separator, a
    text cursor; not a stretch of ink: the header before it)."""
    w, h = box[2] - box[0], box[3] - box[1]
    return h <= 3 * w <= 6 * h


def split_leading_glyphs(xyxy: np.ndarray, texts: list[str], conf: np.ndarray, char_x: list[np.ndarray],
                         gray: np.ndarray | None = None):
    """Cut a lone leading symbol (`_LEADING_GLYPH`, `_GLUED_GLYPH`) off each run, placing the
    cut from the characters' x positions, and with ``gray`` (the image) a leading round letter
    whose ink is a ring (`_LEADING_ROUND`, `ring_not_letter`) or an "X" whose ink is a box
    (`_LEADING_BOXED`, `box_not_letter`); with ``gray`` the cut falls on
    the word's first ink (`word_start`) and a glued symbol before a capitalised word leaves its
    whole icon (`icon_box`), none when that is a rule or a stretch (thinner than a third of its
    height, or wider than twice); one before capitals or small letters leaves none. Returns the
    runs' (boxes, texts, confidences, character x positions) and the (G, 4) boxes of the
    symbols cut off (icon candidates)."""
    out_boxes, out_texts, out_x, glyphs = [], [], [], []
    for box, text, xs in zip(xyxy, texts, char_x):
        m = (_LEADING_GLYPH.match(text) or _GLUED_GLYPH.match(text)) if len(xs) == len(text) else None
        if m is None and gray is not None and len(xs) == len(text) and len(xs) > 2:
            for pattern, not_letter in ((_LEADING_ROUND, ring_not_letter), (_LEADING_BOXED, box_not_letter)):
                m = pattern.match(text)
                if m is not None:
                    # the glyph's ink: as far right of its centre as its box starts left of it
                    start = int(xs[m.end()] - (xs[m.end()] - xs[m.end() - 1]) / 2)
                    if not not_letter(gray, box, min(start, int(2 * xs[0] - box[0]) + 1), start):
                        m = None
                if m is not None:
                    break
        if m is None:
            out_boxes.append(tuple(box)), out_texts.append(text), out_x.append(xs)
            continue
        k = m.end()
        x_text = int(xs[k] - (xs[k] - xs[k - 1]) / 2)
        if gray is not None:
            x_text = word_start(gray, box, xs[0], xs[k], x_text)
        x_glyph = min(int(xs[0] + (xs[1] - xs[0]) / 2), x_text)
        out_boxes.append((max(box[0], x_text), box[1], box[2], box[3])), out_texts.append(text[k:])
        out_x.append(xs[k:])
        glued = m.re is _GLUED_GLYPH
        if glued and m.group("icon") is None:
            continue
        # the glued symbol's whole icon; a rule (a column header's separator, a text cursor)
        # thinner than a third of its height, or a stretch of ink more than twice as wide as
        # tall (the header before it), is no icon and leaves none
        icon = icon_box(gray, box, x_glyph) if glued and gray is not None else None
        if icon is not None and not icon_shaped(icon):
            continue
        glyphs.append(icon if icon is not None else (box[0], box[1], max(x_glyph, box[0] + 1), box[3]))
    return (np.array(out_boxes, np.int32).reshape(-1, 4), out_texts, np.asarray(conf, np.float32), out_x,
            np.array(glyphs, np.int32).reshape(-1, 4))


def icon_edge(gray: np.ndarray, box, first_x: float, contrast: int = 40, min_gap: float = 0.1,
              tall: float = 1.3) -> tuple[tuple[int, int, int, int], int] | None:
    """The icon whose right edge a run's ``box`` starts on, when the recognizer read nothing
    for that edge: the box's first column and the one left of it are inked on the run's rows
    (ink the box cuts through), that ink ends within half a line height, and either a blank gap
    of ``min_gap`` line heights parts it from the next ink, which starts before the first
    character's position ``first_x``, or it stands ``tall`` times as high as the run's tallest
    letter after ``first_x`` and ends before ``first_x`` (a folder's edge touching its name).
    The line detector boxes a label with the edge of the folder beside it ("Archive" in a file
    list); a recognizer that learned icons are not letters reads no "|" or "]" there for
    `split_leading_glyphs` to cut. Returns the icon's box (`icon_box`, shaped as an icon:
    `icon_shaped`) and the run's new left edge, or None."""
    x0, y0, x1, y1 = (int(v) for v in box)
    h = y1 - y0
    if x0 < 1 or first_x - x0 < 2:
        return None
    edge = gray[y0:y1, x0 - 1]
    if int(edge.max()) - int(edge.min()) <= contrast:    # plain column: no icon's edge (most runs)
        return None
    # the first character's position is its CTC step's centre, which can fall a few pixels
    # before its ink (engrampa's "Invoices": the step at x 29, the "I" at 30): look a quarter
    # line height past it for the ink after the gap
    ink = median_ink(gray[y0:y1, x0 - 1:x1], contrast)
    cols = ink.any(axis=0)[:int(first_x + 0.25 * h) - x0 + 1]
    if len(cols) < 4 or not (cols[0] and cols[1]):
        return None
    blank = np.flatnonzero(~cols)
    end = int(blank[0]) if len(blank) else len(cols)
    nxt = np.flatnonzero(cols[end:])
    if end - 1 > 0.5 * h or not len(nxt) or nxt[0] < max(2, min_gap * h):
        end = tall_edge_end(ink, int(first_x) - x0 + 1, tall)
        if end is None or end - 1 > 0.5 * h:
            return None
        nxt = np.flatnonzero(cols[end:])
        if not len(nxt):
            return None
    icon = icon_box(gray, box, x0 - 1 + end, contrast)
    if icon is None or not icon_shaped(icon):
        return None
    return icon, x0 - 1 + end + int(nxt[0])


def tall_edge_end(ink: np.ndarray, first: int, tall: float = 1.3) -> int | None:
    """The end (exclusive column) of the stretch of columns at the left of the (H, W) bool
    ``ink`` whose inked rows span ``tall`` times the tallest span among the columns from
    ``first`` on (the letters the recognizer read), when it ends at or before ``first``: an
    icon's edge that stands higher than any letter of its label. None when the first two
    columns are not that tall or no letters follow."""
    if ink.shape[1] <= first + 1 or first < 2:
        return None
    any_ink = ink.any(axis=0)
    top = np.where(any_ink, ink.argmax(axis=0), 0)
    bottom = np.where(any_ink, ink.shape[0] - ink[::-1].argmax(axis=0), 0)
    span = bottom - top
    letters = int(span[first:].max())
    if letters < 3:
        return None
    high = span > tall * letters
    if not (high[0] and high[1]):
        return None
    end = int(np.argmin(high)) if not high.all() else len(high)
    return end if end <= first else None


def split_icon_edges(gray: np.ndarray, xyxy: np.ndarray, char_x: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Cut each run that starts on an unread icon's edge (`icon_edge`) to its first ink after
    the icon. Done before `split_leading_glyphs`, whose ring test would take the edge and a
    first "O" together for a radio's ring ("Open" read "pen"). Returns the (N, 4) runs and the
    (G, 4) boxes of the icons."""
    out, icons = np.array(xyxy, np.int32).reshape(-1, 4).copy(), []
    for i, (box, xs) in enumerate(zip(out, char_x)):
        edge = icon_edge(gray, box, xs[0]) if len(xs) and box[3] - box[1] >= 6 else None
        if edge is not None:
            icons.append(edge[0])
            out[i, 0] = edge[1]
    return out, np.array(icons, np.int32).reshape(-1, 4)


def split_unread_leading_ink(gray: np.ndarray, xyxy: np.ndarray, char_x: list[np.ndarray], contrast: int = 40,
                             min_gap: float = 0.15, min_room: float = 0.5) -> tuple[np.ndarray, np.ndarray]:
    """Cut off the front of each run ink that the recognizer read no character for: a check
    box, radio ring or icon the line splitter kept with the label and the recognizer, which
    learned such marks are not letters, skipped. The mark is the ink before the last blank gap
    (``min_gap`` line heights, at least 2 px) that ends at or before the first character's
    position, which lies at least ``min_room`` line heights into the run. Ink is what differs by
    ``contrast`` from the run's median grey (the whole run: a large icon fills the stretch before
    the label). Returns the (N, 4) runs, trimmed, and the (G, 4) boxes of the marks cut off."""
    out, glyphs = np.array(xyxy, np.int32).reshape(-1, 4).copy(), []
    for i, (box, xs) in enumerate(zip(out, char_x)):
        x0, y0, x1, y1 = (int(v) for v in box)
        h = y1 - y0
        if not len(xs) or h < 6 or xs[0] - x0 < min_room * h:
            continue
        cols = median_ink(gray[y0:y1, x0:x1], contrast).any(axis=0)[:int(xs[0]) - x0 + 1]
        gaps = [(a, b) for a, b in true_runs(~cols)
                if a > 0 and b < len(cols) and b - a >= max(2, min_gap * h)]
        if not gaps:
            continue
        start, end = gaps[-1]
        first = int(np.flatnonzero(cols[:start])[0])
        glyphs.append((x0 + first, y0, x0 + start, y1))
        out[i, 0] = x0 + end
    return out, np.array(glyphs, np.int32).reshape(-1, 4)


def split_unread_trailing_ink(gray: np.ndarray, xyxy: np.ndarray, texts: list[str], char_x: list[np.ndarray],
                              contrast: int = 40,
                              min_gap: float = 0.15, min_room: float = 0.8, min_tall: float = 0.2
                              ) -> tuple[np.ndarray, np.ndarray]:
    """`split_unread_leading_ink` at the run's end: ink after the last character's position
    (which lies at least ``min_room`` line heights before the run's end) past a blank gap of
    ``min_gap`` line heights (at least 2 px) that the recognizer read no character for -- a combo
    box's chevron drawn after its value ("Use system settings v"), which kept the arrow out of
    the frame's free end. Ink less than ``min_tall`` line heights tall (dropped dots) stays.
    ``texts`` (N,) are the reads, ``char_x`` each character's x. Returns the (N, 4) runs,
    trimmed, and the (G, 4) boxes of the marks cut off."""
    out, glyphs = np.array(xyxy, np.int32).reshape(-1, 4).copy(), []
    for i, (box, text, xs) in enumerate(zip(out, texts, char_x)):
        x0, y0, x1, y1 = (int(v) for v in box)
        h = y1 - y0
        shown = [x for c, x in zip(text, xs) if not c.isspace()]    # a trailing space is read at the gap
        if not shown or h < 6 or x1 - shown[-1] < min_room * h:
            continue
        last = max(0, int(shown[-1]) - x0)
        ink = median_ink(gray[y0:y1, x0:x1], contrast)
        cols = ink.any(axis=0)
        gaps = [(a, b) for a, b in true_runs(~cols[last:])
                if a > 0 and b < len(cols) - last and b - a >= max(2, min_gap * h)]
        if not gaps:
            continue
        start, end = gaps[0][0] + last, gaps[0][1] + last
        inked = np.flatnonzero(cols[end:]) + end
        rows = np.flatnonzero(ink[:, end:].any(axis=1))
        if not len(inked) or rows[-1] - rows[0] + 1 < min_tall * h:
            continue
        glyphs.append((x0 + end, y0, x0 + int(inked[-1]) + 1, y1))
        out[i, 2] = x0 + start
    return out, np.array(glyphs, np.int32).reshape(-1, 4)


# A number, a space, then more text ("6 comments", "17 files selected", "20 Feb"): what a run
# read together with the glyph split off its front must say for the glyph to be its first word.
# Not a lone "7": that is how a bare tick mark in front of a label reads ("7 checkbutton"). A
# signed number or a command-line flag counts too ("-1 dB", "-v 3383": a dash touching a digit
# or a letter is a blob about as wide as the line is tall).
_LEADING_NUMBER = re.compile(r"^(?!7 )(?:[-+]?\d{1,4}|[-+][A-Za-z]{1,2}) +\S")
#: A capital letter read before the lower-case word it starts ("M" + "alik García", "C ontents":
#: some fonts space an "M" or a "C" from its next letter like an icon from its label), or before
#: the colon and slash of a drive ("C" + ":\\Downloads").
_LEADING_CAPITAL = re.compile(r"^[A-Z] ?(?:[a-z]{2}|:[\\/])")
#: A short word read before the words it starts ("Do" + "not show toolbar": two letters that
#: touch are a blob about as wide as the line is tall, like an icon before its label).
_LEADING_WORD = re.compile(r"^([A-Za-z][a-z]{1,2}) [a-z]{2}")


def per_word_confidence(conf: np.ndarray, lengths: np.ndarray, word: int = 4) -> np.ndarray:
    """Confidences (N,) of reads ``lengths`` (N,) characters long, brought to what a ``word``-
    character read with the same mean per-character certainty would score. The recognizer's
    confidence is a product over steps raised to 2/sqrt(n), so it falls with length; the
    engine's threshold is there for short glyph reads ("7", "())"), and without this a long
    line read at a per-character certainty that passes for a word is dropped. Reads up to
    ``word`` characters keep their confidence."""
    n = np.maximum(np.asarray(lengths, np.float64), word)
    return np.asarray(conf, np.float64) ** np.sqrt(word / n)


def glyph_before(glyphs: np.ndarray, runs: np.ndarray, max_gap: float = 1.2) -> np.ndarray:
    """For each (G, 4) glyph box, the index of the text run (N, 4) that starts right of it on
    its line (vertical overlap over half the glyph's height, gap under ``max_gap`` x the glyph's
    height), or -1."""
    out = np.full(len(glyphs), -1, np.int64)
    if not len(glyphs) or not len(runs):
        return out
    g, r = np.asarray(glyphs)[:, None, :], np.asarray(runs)[None, :, :]
    gh = g[..., 3] - g[..., 1]
    overlap = np.minimum(g[..., 3], r[..., 3]) - np.maximum(g[..., 1], r[..., 1])
    gap = r[..., 0] - g[..., 2]
    ok = (overlap > 0.5 * gh) & (gap >= -2) & (gap <= max_gap * gh)
    nearest = np.where(ok, gap, np.inf).argmin(axis=1)
    return np.where(ok.any(axis=1), nearest, -1)


def letter_sized(gray: np.ndarray, glyph, joined, slack: int = 1) -> bool:
    """Whether the ink of ``glyph`` (a box in ``gray`` (H, W)) spans no rows outside those of the
    ink right of it in ``joined`` (the glyph and the start of its word, both boxes xyxy), give
    or take ``slack`` px: a capital stands on the word's baseline and is no taller than its
    ascenders; an icon beside a label overhangs it."""
    x0, y0, x1, y1 = (int(v) for v in joined)
    inner = gray[y0:y1, x0:x1]
    if not inner.size or int(glyph[2]) >= x1:
        return False
    ink = median_ink(inner.astype(np.int16), 40)
    split = int(glyph[2]) - x0
    mine, word = np.flatnonzero(ink[:, :split].any(axis=1)), np.flatnonzero(ink[:, split:].any(axis=1))
    if not len(mine) or not len(word):
        return False
    return bool(mine[0] >= word[0] - slack and mine[-1] <= word[-1] + slack)


#: A capital that ends a lower-case word and is drawn like its small letter ("MusiC", "UnitS",
#: "clasS": at 12-14 px the recognizer cannot tell "c" from "C" by shape alone).
_WORD_END_CAPITAL = re.compile(r"(?<=[a-z]{2})[COSVWXZ]\b")


def lowered_word_ends(text: str) -> str:
    """``text`` with a capital read at the end of a lower-case word, one whose small letter has
    the same shape (`_WORD_END_CAPITAL`), made small: "MusiC" -> "Music". "macOS", "iOS",
    "TeX", "LaTeX" stay (no two small letters right before the capital, or more follow)."""
    return _WORD_END_CAPITAL.sub(lambda m: m.group(0).lower(), text)


def capitals_joined(gray: np.ndarray, xyxy: np.ndarray, texts: list[str], conf: np.ndarray,
                    char_x: list[np.ndarray]) -> tuple[list[str], np.ndarray, list[np.ndarray]]:
    """``texts`` (one per (N, 4) run, with confidences ``conf`` (N,) and each character's x in
    ``char_x``) without the space read after a run's first letter, a capital, before a
    lower-case letter ("C ommand", "C ontents") where the blank columns of ``gray`` (H, W)
    between the capital's ink and the next letter's are no wider than the widest blank between
    other letters of the run and than a fifth of the run's ink height (2 px at least): the
    capital's open side, not a word space (which is wider than the letters' spacing). Only a
    read of two words: "C octal escaped" (the language) keeps its space, narrow as it is after
    a "C"; so do "A list" and "I agree". A joined read keeps its per-character certainty
    (`per_word_confidence` gives it the same score one character shorter)."""
    texts, conf, char_x = list(texts), np.array(conf, np.float64), list(char_x)
    for i, (box, text, xs) in enumerate(zip(xyxy, texts, char_x)):
        if len(text) < 4 or len(xs) != len(text) or not (text[0].isupper() and text[1] == " " and text[2].islower()) \
                or " " in text[2:].strip():
            continue
        x0, y0, x1, y1 = (int(v) for v in box)
        ink = median_ink(gray[y0:y1, x0:x1].astype(np.int16), 40)
        rows, cols = np.flatnonzero(ink.any(axis=1)), ink.any(axis=0)
        inked = np.flatnonzero(cols)
        if not len(inked):
            continue
        blanks = true_runs(~cols[inked[0]:inked[-1] + 1]) + inked[0]       # (K, 2) [start, end) columns
        if not len(blanks):
            continue
        widths = blanks[:, 1] - blanks[:, 0]
        here = (blanks[:, 0] >= xs[0] - x0 - 1) & (blanks[:, 1] <= xs[2] - x0 + 1)
        if not here.any() or here.all():
            continue
        gap = int(widths[here].max())
        if gap <= widths[~here].max() and gap <= max(2, 0.2 * (rows[-1] - rows[0] + 1)):
            texts[i], char_x[i] = text[0] + text[2:], np.delete(xs, 1)
            conf[i] = conf[i] ** np.sqrt(max(len(text) - 1, 4) / max(len(text), 4))
    return texts, conf.astype(np.float32), char_x


#: Characters drawn between words with a space on each side ("1 / 1", "Type / to search") that
#: the recognizer reads glued to their neighbours (`spaced_slashes`).
SPACED_MARKS = "/"
#: A blank this many ink heights wide beside such a mark is a space (a glued mark's gap is its
#: side bearings: a pixel or two).
MARK_SPACE = 0.3


def monospace_spaces(gray: np.ndarray, xyxy: np.ndarray, texts: list[str], char_x: list[np.ndarray],
                     grids: np.ndarray | None = None) -> tuple[list[str], list[np.ndarray]]:
    """``texts`` (one per (N, 4) run of ``gray``, each character's x in ``char_x``) with the
    spaces of runs set in a monospace font put where their grid's blank cells are
    (`monospace.grid_spaces`); other runs as read. A run cut from a monospace line (``grids``
    (M, 6): the boxes cut, pitch, origin; `split.split_lines_on_grids`) stands on its line's
    grid, however few its letters. Returns the texts and the characters' x."""
    texts, char_x = list(texts), list(char_x)
    grids = np.zeros((0, 6)) if grids is None else np.asarray(grids, np.float64).reshape(-1, 6)
    for i, (box, text) in enumerate(zip(xyxy, texts)):
        x0, y0, x1, y1 = (int(v) for v in box)
        # the box it was cut as (later steps trim a run's ends): most of it, on its rows
        cols = np.minimum(grids[:, 2], x1) - np.maximum(grids[:, 0], x0)
        rows = np.minimum(grids[:, 3], y1) - np.maximum(grids[:, 1], y0)
        share = np.where(rows >= 0.8 * (y1 - y0), cols, 0) / max(1, x1 - x0)
        line = int(np.argmax(share)) if len(share) else -1
        grid = (grids[line, 4], grids[line, 5] - x0) if line >= 0 and share[line] >= 0.8 else None
        spaced = grid_spaces(gray[y0:y1, x0:x1], text, np.asarray(char_x[i], np.float64) - x0, grid=grid)
        if spaced is not None:
            texts[i], char_x[i] = spaced[0], spaced[1] + x0
    return texts, char_x


def spaced_slashes(gray: np.ndarray, xyxy: np.ndarray, texts: list[str], char_x: list[np.ndarray]
                   ) -> tuple[list[str], list[np.ndarray]]:
    """``texts`` (one per (N, 4) run of ``gray``, each character's x in ``char_x``) with a space
    put between a mark of `SPACED_MARKS` and a letter or digit read glued to it, when the mark
    stands apart on both sides: a space read there, or blank columns at least `MARK_SPACE` of
    the run's ink height (and 3 px) wide (qpdfview's page box "1 / 1" read "1/1", "Type / to
    search" read "Type /to search"). A path's slash touches a neighbour on at least one side
    ("docs.python.org/img": a slanted slash beside an "i" leaves a gap on that side only), and
    punctuation beside it ("https://", "../") is narrow ink, never spaced. Returns the texts and
    their characters' x."""
    texts, char_x = list(texts), list(char_x)
    for i, (box, text, xs) in enumerate(zip(xyxy, texts, char_x)):
        if len(xs) != len(text) or not any(c in SPACED_MARKS for c in text):
            continue
        a, b, gaps, h = pair_gaps(gray, box, text, xs)
        spaced = (b - a > 1) | (gaps >= max(3.0, MARK_SPACE * h))      # a space read, or as wide as one
        todo = []
        for m in np.flatnonzero([c in SPACED_MARKS for c in text]).tolist():
            left, right = np.flatnonzero(b == m), np.flatnonzero(a == m)
            if not len(left) or not len(right) or not (spaced[left[0]] and spaced[right[0]]):
                continue                                        # spaced on both sides, or a path's slash
            todo += [k for k, other in ((left[0], a[left[0]]), (right[0], b[right[0]]))
                     if b[k] - a[k] == 1 and text[other].isalnum()]
        todo = np.array(sorted(todo), np.int64)
        if not len(todo):
            continue
        out, pos = list(text), list(np.asarray(xs, np.float64))
        for k in todo[::-1]:
            out.insert(b[k], " ")
            pos.insert(b[k], (pos[a[k]] + pos[b[k]]) / 2)
        texts[i], char_x[i] = "".join(out), np.array(pos)
    return texts, char_x


def trailing_dots(ink: np.ndarray) -> int | None:
    """The column where a run's trailing ellipsis starts in its (H, W) bool ``ink``, or None:
    its last three stretches of inked columns are dots (each at most a fifth of the run's
    height wide and tall, 3 px at least, their bottoms level within a pixel and in the lower
    half of the ink), parted by blank gaps of equal width (within a pixel) no wider than three
    dots, after some other ink. A recognizer that never saw a truncated label reads "Hu..." as
    "Hu.a." or "Network" for "New..."."""
    h = ink.shape[0]
    runs = true_runs(ink.any(axis=0))
    if len(runs) < 4:
        return None
    dots, size = runs[-3:], max(3, 0.2 * h)
    rows = [np.flatnonzero(ink[:, a:b].any(axis=1)) for a, b in dots]
    inked = np.flatnonzero(ink.any(axis=1))
    gaps = dots[1:, 0] - dots[:-1, 1]
    if any(b - a > size or r[-1] - r[0] + 1 > size for (a, b), r in zip(dots, rows)):
        return None
    if max(r[-1] for r in rows) - min(r[-1] for r in rows) > 1 or min(r[0] for r in rows) < (inked[0] + inked[-1]) / 2:
        return None
    if abs(int(gaps[0]) - int(gaps[1])) > 1 or gaps.max() > 3 * (dots[:, 1] - dots[:, 0]).max():
        return None
    return int(dots[0, 0])


def three_dots(ink: np.ndarray, tolerance: int = 1) -> bool:
    """Whether the (H, W) bool ``ink`` is three dots and nothing else: three blobs of one size
    (sides within ``tolerance`` px of each other, each no more than twice as long one way as the
    other, 2 px at least) set in a row or a column (centres level within ``tolerance``) with
    equal gaps (within ``tolerance``) no wider than three dots: a kebab or meatball "more"
    glyph (⋮, ⋯)."""
    n, _, stats, centroids = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    if n != 4:
        return False
    x, y, w, h = (stats[1:, k] for k in range(4))
    if min(w.min(), h.min()) < 2 or np.ptp(w) > tolerance or np.ptp(h) > tolerance \
            or (np.maximum(w, h) > 2 * np.minimum(w, h)).any():
        return False
    for along, across, size in ((x, centroids[1:, 1], w), (y, centroids[1:, 0], h)):
        order = np.argsort(along)
        gaps = np.diff(along[order]) - size[order][:-1]
        if np.ptp(across) <= tolerance and (gaps >= 1).all() and np.ptp(gaps) <= tolerance \
                and gaps.max() <= 3 * size.max():
            return True
    return False


def with_side_room(xyxy: np.ndarray, width: int, room: float = SIDE_ROOM) -> np.ndarray:
    """Boxes (N, 4) to read: lone one-glyph runs (narrower than `NARROW` heights, no other run
    on their line within a run height) widened by ``room`` of their height on each side,
    clipped to ``width``. Text boxes hug the ink, and a lone glyph cropped that tight leaves the
    recognizer too few columns to tell a "2" from an "N"; a little background on both sides
    reads it as in running text. Pieces of a line split at gaps keep their boxes: widened, they
    take in their neighbours' edges."""
    xyxy = np.asarray(xyxy).copy()
    if not len(xyxy):
        return xyxy
    w, h = xyxy[:, 2] - xyxy[:, 0], xyxy[:, 3] - xyxy[:, 1]
    # neighbours: runs overlapping half the height of the other, less than a height apart sideways
    overlap = np.minimum(xyxy[:, None, 3], xyxy[None, :, 3]) - np.maximum(xyxy[:, None, 1], xyxy[None, :, 1])
    gap = np.maximum(xyxy[None, :, 0] - xyxy[:, None, 2], xyxy[:, None, 0] - xyxy[None, :, 2])
    near = (overlap > 0.5 * np.minimum(h[:, None], h[None, :])) & (gap < h[:, None])
    np.fill_diagonal(near, False)
    pad = np.where((w < NARROW * h) & ~near.any(axis=1), np.round(room * h), 0).astype(xyxy.dtype)
    xyxy[:, 0] = np.maximum(xyxy[:, 0] - pad, 0)
    xyxy[:, 2] = np.minimum(xyxy[:, 2] + pad, width)
    return xyxy


def without_line_above(gray: np.ndarray, xyxy: np.ndarray, contrast: int = 48,
                       max_share: float = 0.4) -> np.ndarray:
    """Boxes (N, 4) to read, with the sliver of the line above cut off: in dense text (code,
    terminals) a detected box often takes in the descenders of the line above, which the
    recognizer reads as a leading "_" or "'". A sliver is a band of ink rows touching the box's
    top edge, parted from the rest by a blank row and at most ``max_share`` of the box's
    height; the box then starts at that blank row. Ink is a grey level more than ``contrast``
    from the crop's median. (A band at the bottom edge is as often the line's own underscores as the
    next line's ascenders: `without_line_below` tells them apart by the next line's run.)"""
    out = np.asarray(xyxy).copy()
    for k, (x0, y0, x1, y1) in enumerate(out.tolist()):
        crop = gray[y0:y1, x0:x1]
        if crop.shape[0] < 6 or crop.shape[1] < 2:
            continue
        inked = median_ink(crop, contrast).sum(axis=1) >= 2
        blank = np.flatnonzero(~inked)
        if not len(blank) or inked.sum() == 0:
            continue
        if inked[0] and blank[0] <= max_share * len(inked) and inked[blank[0]:].any():
            out[k, 1] = y0 + int(blank[0])
    return out


def without_line_below(gray: np.ndarray, xyxy: np.ndarray, contrast: int = 48,
                       max_share: float = 0.4, min_width: float = 4.0) -> np.ndarray:
    """Boxes (N, 4) to read, with the top of the next line cut off their bottom: in tightly set
    text (monospace on 15 px lines) a detected box takes in the next line's ascenders, which a
    recognizer can read as "_" in every word gap ("Linux_x86_64" on chrome://version). The band
    is ink rows touching the box's bottom edge, parted from the rest by a blank row, at most
    ``max_share`` of the box's height, and lying inside another of the boxes (the next line:
    it starts in this box's lower half and overlaps it sideways); the box then ends after that
    blank row. A band under the line where no run starts is the line's own underscores and stays
    (`without_line_above` cuts the line above). Only boxes at least ``min_width`` heights wide
    are cut (runs of words: an icon over its label keeps its box). Ink is a grey level more than
    ``contrast`` from the crop's median."""
    boxes = np.asarray(xyxy)
    out = boxes.copy()
    for k, (x0, y0, x1, y1) in enumerate(boxes.tolist()):
        h = y1 - y0
        if h < 6 or x1 - x0 < min_width * h:  # a word gap read "_" needs words: icons and short labels stay
            continue
        below = (boxes[:, 1] > y0 + h / 2) & (boxes[:, 1] < y1) & (boxes[:, 0] < x1) & (boxes[:, 2] > x0)
        below[k] = False
        if not below.any():  # most runs: no line starts inside them
            continue
        inked = median_ink(gray[y0:y1, x0:x1], contrast).sum(axis=1) >= 2
        blank = np.flatnonzero(~inked)
        if not len(blank) or not inked[-1] or not inked[:blank[-1]].any():
            continue
        band = int(blank[-1]) + 1
        if h - band <= max_share * h and y0 + band >= boxes[below, 1].min() - 1:
            out[k, 3] = y0 + band
    return out


def with_row_height(xyxy: np.ndarray, taller: float = 1.15, tallest: float = 1.8, reach: float = 8.0,
                    baseline: float = 0.15) -> np.ndarray:
    """Boxes (N, 4), a run of small letters only raised to the top of a taller run standing on
    its baseline nearby (`FastTextEngine.small_letters_read_tall`): a word with no capital, ascender or descender ("rows",
    "none") gets a box as tall as its x-height, and the recognizer, which scales every crop to
    one height, reads such a crop as capitals ("OWS"). The neighbour is ``taller`` to
    ``tallest`` times the run's height, its bottom within ``baseline`` of its height of the
    run's, its centre-line overlapping the run's rows, at most ``reach`` of its heights away
    sideways; the nearest one counts."""
    out = np.asarray(xyxy).copy()
    if len(out) < 2:
        return out
    b = out.astype(np.int64)
    h = np.maximum(1, b[:, 3] - b[:, 1])
    gap = np.maximum(b[None, :, 0] - b[:, None, 2], b[:, None, 0] - b[None, :, 2])   # [run, other]
    ok = ((h[None, :] >= taller * h[:, None]) & (h[None, :] <= tallest * h[:, None])
          & (np.abs(b[None, :, 3] - b[:, None, 3]) <= np.maximum(1, baseline * h[None, :]))
          & (gap >= 0) & (gap <= reach * h[None, :]))
    for k in np.flatnonzero(ok.any(axis=1)):
        j = np.flatnonzero(ok[k])
        out[k, 1] = b[j[np.argmin(gap[k, j])], 1]
    return out


def boxes_to_read(gray: np.ndarray, xyxy: np.ndarray) -> np.ndarray:
    """The boxes (N, 4) the recognizer reads for the runs ``xyxy`` (N, 4) of ``gray`` (H, W):
    without the sliver of the line above or the top of the line below (`without_line_above`,
    `without_line_below`), and a lone glyph with room beside it (`with_side_room`)."""
    return with_side_room(without_line_below(gray, without_line_above(gray, xyxy)), gray.shape[1])


def erase_underlines(image: np.ndarray, gray: np.ndarray, xyxy: np.ndarray) -> np.ndarray:
    """A copy of ``image`` (gray (H, W) or RGB (H, W, 3)) with the underline strokes of the text
    runs, found on ``gray``, painted over with the colour of the row above each stroke."""
    strokes = [u for box in xyxy for u in find_underlines(gray, box)]
    if not strokes:
        return image
    clean = image.copy()
    for x0, y0, x1, y1, _ in strokes:
        clean[y0:y1, x0:x1] = np.median(image[max(0, y0 - 1), x0:x1], axis=0).astype(image.dtype)
    return clean


def bundled_recognizer() -> Path:
    """DetACT's fine-tuned screen-text recognizer inside the package (training/text made it)."""
    return package_data("models", "recognizer.onnx")


def load_recognizer(device: str, path: Path | None = None) -> tuple[ScreenRecognizer | TextRecognizer, list[str]]:
    """(recognizer, notes): the screen recognizer at ``path`` (default: the bundled one), else
    EasyOCR's english_g2, exported once, with a note saying why."""
    path = bundled_recognizer() if path is None else Path(path)
    if path.is_file():
        try:
            return ScreenRecognizer(path, device=device), []
        except ModelUnavailable as exc:
            why = str(exc)
    else:
        why = f"{path} is missing"
    note = f"text read with EasyOCR's english_g2 (exported once), not the screen recognizer: {why}"
    log.warning(note)
    return TextRecognizer(device=device), [note]


def ink_inside(gray: np.ndarray, box, border: int = 3, contrast: int = 40):
    """The ink inside ``box`` (its border excluded): its top-left corner in the image, the
    ink mask cut to its bounding box, and the inner size (h, w); None when blank or tiny."""
    x0, y0, x1, y1 = (int(v) for v in box)
    inner = gray[y0 + border:y1 - border, x0 + border:x1 - border].astype(np.int16)
    if inner.shape[0] < 6 or inner.shape[1] < 6:
        return None
    ink = median_ink(inner, contrast)
    rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    if not len(rows):
        return None
    mask = ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
    return (x0 + border + int(cols[0]), y0 + border + int(rows[0])), mask, inner.shape


def glyph_crop(ink, shape: tuple[int, ...], max_height: int = 48, min_crop: int = 24):
    """A recognition crop around ``ink`` (from `ink_inside`) in an image of ``shape``, or None
    when there is none or it is not one short line of text. The crop is at least ``min_crop``
    px tall and centred on the ink, so a lone "-" or "*" sits in a line-sized window as it
    would in running text; it may extend past the box (never past the image)."""
    if ink is None:
        return None
    (gx0, gy0), mask, _ = ink
    h, w = mask.shape
    if h > max_height or w > 8 * max(h, 8):
        return None
    half_h = max(min_crop, h + 2 * max(6, h // 2)) // 2
    half_w = max(int(0.8 * min_crop), w + 2 * max(6, int(0.4 * h))) // 2
    cx, cy = gx0 + w // 2, gy0 + h // 2
    H, W = shape[:2]
    return (max(0, cx - half_w), max(0, cy - half_h), min(W, cx + half_w + 1), min(H, cy + half_h + 1))


def lone_mark(ink) -> str:
    """"-" or "." when ``ink`` (from `ink_inside`) is one small solid bar or dot well inside
    its box (a calculator's minus or decimal-point key), else "". The recognizer cannot read
    these: a 1-px dash or a 3-px dot alone in a crop carries no context, and reads as "6" or "3"."""
    if ink is None:
        return ""
    _, mask, (H, W) = ink
    h, w = mask.shape
    if mask.mean() < 0.8 or 6 * h > H or 4 * w > W:  # not solid, or not small in its box
        return ""
    if w >= 4 and w >= 2.5 * h:
        return "-"
    if h <= 4 and w <= 4:
        return "."
    return ""


def hollow_box(ink, edge: float = 0.7, inside: float = 0.05) -> bool:
    """True when ``ink`` (from `ink_inside`) is an empty square frame: each side's outer two
    rows or columns inked along at least ``edge`` of it (or, 10 px or more, only the top and
    left ones), the middle half blank. That is an unchecked check box or a maximize button,
    never a character, though english_g2 reads one as "O" at 0.99 and a sunken one as "F" (the
    letters it could be, "O" and "0", are round: their outer rows are short)."""
    if ink is None:
        return False
    _, mask, _ = ink
    h, w = mask.shape
    if min(h, w) < 7 or not 0.7 <= w / h <= 1.4:
        return False
    top, bottom, left, right = (mask[:2].mean(axis=1).max(), mask[-2:].mean(axis=1).max(),
                                mask[:, :2].mean(axis=0).max(), mask[:, -2:].mean(axis=0).max())
    if mask[h // 4:h - h // 4, w // 4:w - w // 4].mean() > inside:
        return False
    if min(top, bottom, left, right) >= edge:
        return True
    # a sunken frame lit from the top left (Qt): its bottom and right edges are as light as the
    # page; a letter drawn as a corner ("Γ") is narrower
    return min(h, w) >= 10 and min(top, left) >= edge and max(bottom, right) <= 0.2


#: Reads under this per-word confidence are read again from two other windows
#: (`unsure_reads_retried`), shifted and shortened by `RETRY_SHIFT` px: only runs whose shorter
#: window keeps `RETRY_MIN_HEIGHT` px, and of at most `RETRY_MAX_CHARS` characters (a value, a
#: name, a path: a sentence's unsure word is its spacing, which another window reads no better).
UNSURE_READ = 0.75
RETRY_SHIFT = 2
RETRY_MIN_HEIGHT = 12
RETRY_MAX_CHARS = 30


class FastTextEngine(TextEngine):
    """``min_confidence`` drops low-confidence reads (glyph icons read as letters land there);
    ``recognizer``: an ONNX screen recognizer to use instead of the bundled one. ``notes`` says
    when the engine runs on the fallback recognizer."""

    name = "fast"

    def __init__(self, device: str = "cpu", min_confidence: float = 0.3, max_side: int = 1920,
                 recognizer: Path | None = None):
        self.detector = TextDetector(device=device, max_side=max_side)
        self.recognizer, self.notes = load_recognizer(device, recognizer)
        self._glyph_device = device
        self.min_confidence = min_confidence

    @cached_property
    def glyph_recognizer(self) -> TextRecognizer:
        """english_g2 (float, at its trained height 64) for lone glyphs (a key's "-", "/",
        "%"): few crops, read in milliseconds. Loaded on first use."""
        return TextRecognizer(device=self._glyph_device, height=RECOGNIZER_HEIGHT, quantized=False)

    def runs(self, rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Where the text runs are, before reading: (N, 4) run boxes, (G, 4) boxes of glyphs
        split off the front of labels, and the image to crop the runs from (underlines
        erased; RGB for the screen recognizer, gray for english_g2)."""
        return self._runs(rgb, to_gray(rgb))[:3]

    def _runs(self, rgb: np.ndarray, gray: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """`runs` with the gray image (`to_gray` of ``rgb``) already made, and per run (N,) the
        left edge of the detector's own box where the run starts left of it, in the marks
        `split.with_leading_marks` took in (else -1), and the (M, 6) boxes cut from monospace
        lines with their lines' grids (`split.split_lines_on_grids`)."""
        lines, _ = self.detector.detect(rgb)
        # a letter's stroke the detector's box cut through goes back in, and an opening quote
        # or backtick the detector left out of its line (read again below, `leading_marks_confirmed`)
        lines = over_cut_strokes(gray, lines) if len(lines) else lines
        grown = with_leading_marks(gray, lines) if len(lines) else lines
        xyxy, _, glyphs, grids = (split_lines_on_grids(gray, grown, rgb) if len(lines) else
                                  (lines, None, np.zeros((0, 4), np.int32), np.zeros((0, 6))))
        xyxy = split_at_columns(gray, xyxy)
        source = rgb if isinstance(self.recognizer, ScreenRecognizer) else gray
        edge = np.full(len(xyxy), -1, np.int32)
        moved = np.flatnonzero(grown[:, 0] < lines[:, 0]) if len(lines) else []
        for k in moved:
            gx0, y0, _, y1 = (int(v) for v in grown[k])
            own = int(lines[k, 0])
            starts = (xyxy[:, 0] >= gx0) & (xyxy[:, 0] < own) & (xyxy[:, 2] > own) & (xyxy[:, 1] < y1) & (xyxy[:, 3] > y0)
            edge[starts] = own
        return xyxy, glyphs, erase_underlines(source, gray, xyxy), edge, grids

    def read(self, rgb: np.ndarray) -> Elements:
        """Text runs (kind "text"), plus the glyphs split off the front of labels (by their
        shape, `split.leading_icon`, or read as a lone symbol before a word,
        `split_leading_glyphs`) as kind "region" elements: icon candidates the segmenter may
        have missed."""
        gray = to_gray(rgb)
        xyxy, glyphs, source, edge, grids = self._runs(rgb, gray)
        if not len(xyxy):
            return Elements()
        x0_split = xyxy[:, 0].copy()
        xyxy, glyphs = self.numbers_split_as_glyphs(source, xyxy, glyphs, gray)
        edge[xyxy[:, 0] != x0_split] = -1          # a run that took a number in front is read as it is
        texts, conf, char_x = self.read_runs(source, gray, xyxy)
        texts, conf, char_x = self.small_letters_read_tall(source, gray, xyxy, texts, conf, char_x)
        texts, conf, char_x = self.unsure_reads_retried(source, gray, xyxy, texts, conf, char_x)
        xyxy, texts, conf, char_x = self.leading_marks_confirmed(source, gray, xyxy, edge, texts, conf, char_x)
        texts, conf, char_x = self.ellipses_read_apart(source, gray, xyxy, list(texts), conf, char_x)
        xyxy, texts, conf, char_x = self.marks_read_apart(source, gray, xyxy, texts, conf, char_x)
        texts, char_x = phantom_quarters(gray, xyxy, texts, char_x)
        xyxy, texts, char_x = line_carets(gray, xyxy, texts, char_x)
        read = list(texts)
        xyxy, edges = split_icon_edges(gray, xyxy, char_x)
        xyxy, texts, conf, char_x, leading = split_leading_glyphs(xyxy, texts, conf, char_x, gray)
        # a run read with the glyph in front is read again without it: the glyph's odd letter
        # lowered the whole read's confidence (a folder icon's edge in "|Trash": 0.22). Only the
        # confidence is taken, and only when the words read the same: a cut that clips the first
        # letter reads another word ("0)esktop")
        cut = np.flatnonzero([a != b for a, b in zip(read, texts)])
        if len(cut):
            again = self.read_runs(source, gray, xyxy[cut])
            for k, text, c in zip(cut, again[0], again[1]):
                if text.strip() == texts[k].strip():
                    conf[k] = max(conf[k], c)
        xyxy, unread = split_unread_leading_ink(gray, xyxy, char_x)
        xyxy, unread_end = split_unread_trailing_ink(gray, xyxy, texts, char_x)
        unread = np.concatenate([unread, unread_end])
        rings = lone_rings(gray, xyxy, texts)
        leading = np.concatenate([edges, leading, unread, xyxy[rings]])
        if rings.any():
            xyxy, conf = xyxy[~rings], conf[~rings]
            texts = [t for t, ring in zip(texts, rings) if not ring]
            char_x = [x for x, ring in zip(char_x, rings) if not ring]
        if len(leading):  # cut to their ink, so that they coincide with the segmenter's box of the icon
            inks = [ink for ink in (ink_inside(gray, b, border=0) for b in leading) if ink is not None]
            leading = np.array([(x, y, x + mask.shape[1], y + mask.shape[0]) for (x, y), mask, _ in inks],
                               np.int32).reshape(-1, 4)
        glyphs = np.concatenate([glyphs.reshape(-1, 4), leading]).astype(np.int32)
        texts, conf, char_x = capitals_joined(gray, xyxy, texts, conf, char_x)
        texts, char_x = spaced_slashes(gray, xyxy, texts, char_x)
        texts, char_x = monospace_spaces(gray, xyxy, texts, char_x, grids)
        xyxy, texts, conf = split_at_separators(xyxy, texts, conf, char_x)
        texts = np.array(calculator_keys([repaired_words(lowered_word_ends(t.strip())) for t in texts]), dtype=object)
        lengths = np.array([len(t) for t in texts])
        keep = (per_word_confidence(conf, lengths) >= self.min_confidence) & (lengths > 0)
        text = Elements(xyxy[keep], ["text"] * int(keep.sum()), texts[keep], score=conf[keep])
        # a run left unread that draws three dots in a row or a column is a "more" menu's glyph
        # (a recognizer taught that icons are no text reads it as nothing; the segmenter finds
        # no region in dots that small)
        dotted = [box for box in xyxy[~keep] if three_dots(median_ink(gray[box[1]:box[3], box[0]:box[2]], 40))]
        glyphs = np.concatenate([glyphs.reshape(-1, 4), np.array(dotted, np.int32).reshape(-1, 4)])
        return Elements.concat([text, Elements(glyphs, ["region"] * len(glyphs), score=[0.5] * len(glyphs))])

    def read_runs(self, source: np.ndarray, gray: np.ndarray, xyxy: np.ndarray) -> tuple[list[str], np.ndarray, list]:
        """The recognizer's (texts, confidences, characters' x) for the (N, 4) runs of ``source``
        (`_runs`' image), each read without the lines above and below it and, when it is a lone glyph, with
        room beside it (`boxes_to_read` on ``gray``)."""
        return self.recognizer.recognize(source, boxes_to_read(gray, xyxy))

    def small_letters_read_tall(self, source: np.ndarray, gray: np.ndarray, xyxy: np.ndarray, texts: list[str],
                                conf: np.ndarray, char_x: list[np.ndarray], sure: float = 0.9
                                ) -> tuple[list[str], np.ndarray, list[np.ndarray]]:
        """Runs read unsurely (`per_word_confidence` under ``sure``) that `with_row_height` would
        raise to their row's top are read again so; the new read is kept when it is surer. A
        box as tall as the x-height of "rows" was read "OWS" (0.75), raised "rows" (0.98).
        Only the read changes, not the run's box; sure reads are not looked at (raising every
        short run changed the reads of a character map's glyph cells)."""
        raised = with_row_height(xyxy)
        lengths = np.array([len(t) for t in texts])
        todo = np.flatnonzero((raised[:, 1] < xyxy[:, 1])
                              & (per_word_confidence(np.asarray(conf, np.float32), lengths) < sure) & (lengths > 1))
        if not len(todo):
            return texts, conf, char_x
        again, again_conf, again_x = self.read_runs(source, gray, raised[todo])
        texts, conf, char_x = list(texts), np.array(conf, np.float32), list(char_x)
        for k, text, c, xs in zip(todo.tolist(), again, again_conf, again_x):
            if c > conf[k] and text.strip():
                texts[k], conf[k], char_x[k] = text, c, xs
        return texts, conf, char_x

    def unsure_reads_retried(self, source: np.ndarray, gray: np.ndarray, xyxy: np.ndarray, texts: list[str],
                             conf: np.ndarray, char_x: list[np.ndarray], sure: float = UNSURE_READ
                             ) -> tuple[list[str], np.ndarray, list[np.ndarray]]:
        """Short runs read unsurely (`per_word_confidence` under ``sure``) are read again from two
        other windows, `RETRY_SHIFT` px further left and `RETRY_SHIFT` px shorter at top and
        bottom. When both read the same other text, and more surely than the first read, that
        text is kept. Where a window cuts a digit's stroke at its edge the recognizer reads a
        phantom character ("2 20240906" at 0.41; the two other windows read "20240906" at 0.68
        and 0.94); one other window alone is wrong about as often as it is right ("npm" read
        "opm", "6:32 am" read "6:32 Mam"). Reads that are words of the list only
        (`lexicon.known_words`) are not retried: they are likely right, and they are most of a
        screen's unsure reads (10 of the admin dashboard's 13). Only the read changes, not the
        run's box."""
        lengths = np.array([len(t) for t in texts])
        b = xyxy.astype(np.int64)
        todo = np.flatnonzero((per_word_confidence(np.asarray(conf, np.float32), lengths) < sure)
                              & (lengths > 1) & (lengths <= RETRY_MAX_CHARS)
                              & ((b[:, 3] - b[:, 1]) - 2 * RETRY_SHIFT >= RETRY_MIN_HEIGHT))  # a shorter window clips letters
        todo = todo[[not known_words(texts[k]) for k in todo.tolist()]] if len(todo) else todo
        if not len(todo):
            return texts, conf, char_x
        left, short = b[todo].copy(), b[todo] + np.array([0, RETRY_SHIFT, 0, -RETRY_SHIFT])
        left[:, 0] = np.maximum(0, left[:, 0] - RETRY_SHIFT)
        again, again_conf, again_x = self.read_runs(source, gray, np.concatenate([left, short]).astype(np.int32))
        n = len(todo)
        texts, conf, char_x = list(texts), np.array(conf, np.float32), list(char_x)
        for m, k in enumerate(todo.tolist()):
            a, s = again[m].strip(), again[n + m].strip()
            if not a or a != s or a == texts[k].strip():
                continue
            best = m if again_conf[m] >= again_conf[n + m] else n + m
            if again_conf[best] > conf[k]:
                texts[k], conf[k], char_x[k] = again[best], again_conf[best], again_x[best]
        return texts, conf, char_x

    def ellipses_read_apart(self, source: np.ndarray, gray: np.ndarray, xyxy: np.ndarray, texts: list[str],
                            conf: np.ndarray, char_x: list[np.ndarray]) -> tuple[list[str], np.ndarray, list[np.ndarray]]:
        """Runs that end in three dots (`trailing_dots`) but were not read ending in "..." are
        read again without the dots, and "..." is put back after the read: a truncated label
        ("Old Hu...", "Save as..."). Only runs read with a dot among their last three characters
        or with a confidence (`per_word_confidence`) under 0.9 are looked at ("Old Hu.a.",
        "Nework" for "New..."). The run's box keeps the dots."""
        todo, cuts = [], []
        sure = per_word_confidence(np.asarray(conf, np.float32), np.array([len(t) for t in texts])) >= 0.9
        for i, (box, text) in enumerate(zip(xyxy, texts)):
            # a sure read with no dot near its end is taken as read (most runs: no pixels looked
            # at); one ending in two dots is read again too: a letter before an ellipsis can
            # merge into it ("please wai.." for "please wait...")
            if text.rstrip().endswith("...") or box[3] - box[1] < 6 or (sure[i] and "." not in text[-3:]):
                continue
            # the run's last four heights: three dots and a letter before them, mostly background
            x0 = max(int(box[0]), int(box[2]) - 4 * int(box[3] - box[1]))
            window = gray[box[1]:box[3], x0:box[2]]
            # quick test first (no median): the last three stretches of columns holding any
            # contrast are narrow, as dots are
            narrow = true_runs((window.max(axis=0).astype(np.int16) - window.min(axis=0)) > 40)[-3:]
            if len(narrow) < 3 or (narrow[:, 1] - narrow[:, 0]).max() > max(3, 0.2 * window.shape[0]):
                continue
            start = trailing_dots(median_ink(window, 40))
            if start is not None and x0 + start - box[0] >= 2:
                todo.append(i), cuts.append((box[0], box[1], x0 + start - 1, box[3]))
        if not todo:
            return texts, conf, char_x
        cut = np.array(cuts, np.int32).reshape(-1, 4)
        again, again_conf, again_x = self.read_runs(source, gray, cut)
        conf, char_x = np.array(conf, np.float32), list(char_x)
        for i, box, text, c, xs in zip(todo, cut, again, again_conf, again_x):
            word = text.rstrip(". ")
            if not word:
                continue
            dot = (xyxy[i][2] - box[2]) / 3
            texts[i] = word + "..."
            conf[i] = c
            char_x[i] = np.concatenate([np.asarray(xs[:len(word)], np.float64), box[2] + dot * (np.arange(3) + 0.5)])
        return texts, conf, char_x

    def marks_read_apart(self, source: np.ndarray, gray: np.ndarray, xyxy: np.ndarray, texts: list[str],
                         conf: np.ndarray, char_x: list[np.ndarray]
                         ) -> tuple[np.ndarray, list[str], np.ndarray, list[np.ndarray]]:
        """A run of marks between two runs of its line, read alone as nothing or too unsurely to
        keep, is read again joined with both, and the joined read replaces the three when it
        starts with the left run's read, ends with the right one's and holds between them only
        thin marks (`THIN_MARKS`) or an operator (`_OPERATOR`): the "||" of "a || b" in a
        monospace font, where a space and the bars' side bearings make a gap wider than a word's
        and cut the bars off, or the "==" of "a == b", cut off as bars no letter draws
        (`split.style_changes`) and read alone as nothing. The run is at most `MARKS_WIDTH` of
        its height wide; its neighbours lie on its rows (overlapping >= 0.7 of the lower one's
        height) within `MARKS_GAP` of its height (`marks_between`)."""
        conf = np.asarray(conf, np.float32)
        lengths = np.array([len(t.strip()) for t in texts])
        h = np.maximum(xyxy[:, 3] - xyxy[:, 1], 1)
        unsure = ((xyxy[:, 2] - xyxy[:, 0]) <= MARKS_WIDTH * h) & (per_word_confidence(conf, lengths) < self.min_confidence)
        if not unsure.any() or len(xyxy) < 3:
            return xyxy, texts, conf, char_x
        rows = (np.minimum(xyxy[:, None, 3], xyxy[None, :, 3]) - np.maximum(xyxy[:, None, 1], xyxy[None, :, 1])
                >= 0.7 * np.minimum(h[:, None], h[None, :]))
        sure = lengths > 0
        trios = []
        for i in np.flatnonzero(unsure):
            after = xyxy[:, 0] - xyxy[i, 2]     # how far each run starts right of run i
            before = xyxy[i, 0] - xyxy[:, 2]    # how far each run ends left of it
            reach = MARKS_GAP * h[i]
            left = np.flatnonzero(rows[i] & sure & (before >= 0) & (before <= reach))
            right = np.flatnonzero(rows[i] & sure & (after >= 0) & (after <= reach))
            if len(left) and len(right):
                trios.append((int(left[before[left].argmin()]), int(i), int(right[after[right].argmin()])))
        if not trios:
            return xyxy, texts, conf, char_x
        joined = np.array([[xyxy[[a, b], 0].min(), xyxy[[a, i, b], 1].min(), xyxy[[a, b], 2].max(),
                            xyxy[[a, i, b], 3].max()] for a, i, b in trios], np.int32)
        again, again_conf, again_x = self.read_runs(source, gray, joined)
        xyxy, texts, char_x, gone = xyxy.copy(), list(texts), list(char_x), set()
        for (a, i, b), box, text, c, xs in zip(trios, joined, again, again_conf, again_x):
            if ({a, i, b} & gone or not marks_between(text.strip(), texts[a].strip(), texts[b].strip())
                    or per_word_confidence(np.array([c]), np.array([len(text.strip())]))[0] < self.min_confidence):
                continue
            xyxy[a], texts[a], conf[a], char_x[a] = box, text, c, xs
            gone |= {i, b}
        keep = np.array([k not in gone for k in range(len(texts))], bool)
        return (xyxy[keep], [t for t, k in zip(texts, keep) if k], conf[keep],
                [x for x, k in zip(char_x, keep) if k])

    def leading_marks_confirmed(self, source: np.ndarray, gray: np.ndarray, xyxy: np.ndarray, edge: np.ndarray,
                                texts: list[str], conf: np.ndarray, char_x: list[np.ndarray]
                                ) -> tuple[np.ndarray, list[str], np.ndarray, list[np.ndarray]]:
        """Runs that start in marks the detector left out (``edge`` (N,) >= 0: its box's left
        edge; `split.with_leading_marks`) are read again from that edge; the run keeps the marks
        only when its read is the edge's read with `LEADING_MARKS` in front (a quote, a
        backtick, "../", "---"). Else (the recognizer read the marks and the letter after them as
        something else: "'\\b'" as "b'") the run goes back to the edge with that read."""
        rows = np.flatnonzero(edge >= 0)
        if not len(rows):
            return xyxy, texts, conf, char_x
        bare = xyxy[rows].copy()
        bare[:, 0] = edge[rows]
        again, again_conf, again_x = self.read_runs(source, gray, bare)
        xyxy, texts, conf, char_x = xyxy.copy(), list(texts), conf.copy(), list(char_x)
        for k, box, text, c, xs in zip(rows.tolist(), bare, again, again_conf, again_x):
            grown, plain = texts[k].strip(), text.strip()
            extra = grown[:len(grown) - len(plain)]
            if plain and grown.endswith(plain) and extra and set(extra) <= LEADING_MARKS:
                continue
            xyxy[k], texts[k], conf[k], char_x[k] = box, text, c, xs
        return xyxy, texts, conf, char_x

    def numbers_split_as_glyphs(self, source: np.ndarray, xyxy: np.ndarray, glyphs: np.ndarray,
                                gray: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Glyphs that the line splitter cut off the front of a run by their shape but that are
        a number ("6 comments", "17 files selected", "Sat 20 Feb": one or two digits are about
        as wide as the line is tall, like an icon) or a word's capital ("M alik"), put back: each
        glyph is read together with the start of the run right of it (`glyph_before`) from
        ``source`` (the image the recognizer reads), and the run takes the glyph in when that
        read starts with a number and a space, or with a capital (or a short word: "Do not
        show") read off the glyph and lower-case letters read off the word while the glyph's ink
        in ``gray`` (H, W) stays within the word's rows (`letter_sized`). Returns the (N, 4) runs
        and the (G', 4) glyphs left."""
        nxt = glyph_before(glyphs, xyxy)
        cand = np.flatnonzero(nxt >= 0)
        if not len(cand):
            return xyxy, glyphs
        # the glyph and the start of the run (two heights of it: enough for a space and a letter)
        run = xyxy[nxt[cand]]
        joined = np.stack([np.maximum(glyphs[cand, 0] - 2, 0), run[:, 1],
                           np.minimum(run[:, 2], run[:, 0] + 2 * (run[:, 3] - run[:, 1])), run[:, 3]], axis=1)
        # ... ending between letters: a letter cut in half lowers the whole read's certainty
        joined[:, 2] = [next_blank_column(gray, r, x) for r, x in zip(run, joined[:, 2])]
        texts, conf, char_x = self.recognizer.recognize(source, joined)
        xyxy, keep = xyxy.copy(), np.ones(len(glyphs), bool)
        for k, box, text, c, xs in zip(cand, joined, texts, conf, char_x):
            # the capital must be read from the glyph and the next letter from the word: an icon
            # before "Trash" is skipped by the read, which still starts "Tra"
            capital = (_LEADING_CAPITAL.match(text) is not None and len(xs) == len(text)
                       and xs[0] <= glyphs[k, 2] < xs[len(text) - len(text[1:].lstrip())]
                       and letter_sized(gray, glyphs[k], box))
            # ... and so must a short word's letters, the word after it from the run
            word = _LEADING_WORD.match(text)
            short_word = (word is not None and len(xs) == len(text)
                          and xs[word.end(1) - 1] <= glyphs[k, 2] < xs[word.end(1) + 1]
                          and letter_sized(gray, glyphs[k], box))
            if c >= self.min_confidence and (_LEADING_NUMBER.match(text.strip()) or capital or short_word):
                xyxy[nxt[k], 0] = min(xyxy[nxt[k], 0], box[0])
                keep[k] = False
        return xyxy, glyphs[keep]

    def read_glyphs(self, rgb: np.ndarray, boxes: np.ndarray, min_confidence: float = 0.5) -> Elements:
        """Read the short label inside each box (a calculator key's "7", a "+" button): DB
        detection misses lone characters, so the ink inside each box is cropped and recognised
        directly. Returns text elements for the boxes that read confidently; an empty square
        frame (`hollow_box`) is not read."""
        gray = to_gray(rgb)
        inks = [ink_inside(gray, b) for b in boxes]  # one pass per box serves crop and mark
        found = [(None if hollow_box(ink) else glyph_crop(ink, gray.shape), lone_mark(ink)) for ink in inks]
        # a line-sized window around a key's short label may take in the key's frame ("[27"),
        # with the window's margin outside it
        crops = np.array([inside_frame(gray, c, max_pad=8) for c, _ in found if c is not None],
                         np.int32).reshape(-1, 4)
        if not len(crops):
            return Elements()
        marks = np.array([m for c, m in found if c is not None], dtype=object)
        is_mark = marks != ""
        texts = marks.copy()
        conf = np.where(is_mark, MARK_CONFIDENCE, 0.0).astype(np.float32)
        if (~is_mark).any():
            rows = crops[~is_mark]
            read, read_conf, _ = self.glyph_recognizer.recognize(gray, rows)
            # ... and by the line recognizer too, the surer read kept: english_g2 reads a 9 px
            # "0" on a calculator key "~0" (0.19), the screen recognizer "0" (0.58); where the
            # two agree, each is evidence for the other (a key's "8": 0.38 and 0.78, beside wider
            # keys in english_g2's batch)
            source = rgb if isinstance(self.recognizer, ScreenRecognizer) else gray
            again, again_conf, _ = self.recognizer.recognize(source, rows)
            read, again = [t.strip() for t in read], [t.strip() for t in again]
            agree = np.array([bool(a) and a == t for t, a in zip(read, again)], bool)
            surer = np.array([bool(a) for a in again], bool) & (again_conf > read_conf)
            texts[~is_mark] = [a if s else t for t, a, s in zip(read, again, surer)]
            conf[~is_mark] = np.where(agree, 1 - (1 - read_conf) * (1 - again_conf),
                                      np.where(surer, again_conf, read_conf))
        keep = (conf >= min_confidence) & (np.array([0 < len(t) <= 6 for t in texts]))
        return Elements(crops[keep], ["text"] * int(keep.sum()), texts[keep], score=conf[keep])
