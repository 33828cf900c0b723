"""Split detected text lines into visual text runs using the ink between them.

DB detection links anything close on a line: a glyph icon and its label ("[trash] Delete"), a
radio button and its caption, or two table cells. We look at each line's column ink profile and
cut where the gap is wider than a word space, and at a word space where the style changes (a
bold black title then a grey URL, a red "WARNING:" then the sentence: another colour, weight or
size is another run, so each can be found); a leading run shaped like an icon (about as wide as
it is tall, then a gap) is split off as an icon candidate instead of being read as a letter,
and a frame the detector took into the box (a text field's border) is left out. A line box
that runs across several framed fields (a toolbar's page and zoom boxes) holds their sides:
each is a cut, and it and the borders between two sides go (`frame_sides`); a column of dots
(a toolbar's grip) is neither text nor an icon. A rule across the whole box above or below the
words (a menu bar's bottom border) joins every column and goes first (`without_rules`).

Table cells a word space or two apart are one run to the gap rule; the rows around them show
the columns (`split_at_columns`): a run is cut at a word gap wider than its other word gaps
where, on at least three other rows nearby, one run starts at the next word and the run before
it on that row lines up with this run's start (a left-aligned column) or ends where this word
ends (a right-aligned one)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..boxes import intersections


def to_gray(rgb: np.ndarray) -> np.ndarray:
    """ITU-R 601 luma of an RGB uint8 image: (H, W, 3) -> (H, W) uint8."""
    return (rgb[:, :, 0] * 0.299 + rgb[:, :, 1] * 0.587 + rgb[:, :, 2] * 0.114).astype(np.uint8)


def median_ink(gray: np.ndarray, contrast: int) -> np.ndarray:
    """(H, W) bool: the pixels of the grey window ``gray`` more than ``contrast`` grey levels
    from its median -- ink on a plain background, whatever its polarity."""
    g = np.asarray(gray, np.int16)
    return np.abs(g - int(np.median(g))) > contrast


def border_ink(gray: np.ndarray, contrast: int) -> np.ndarray:
    """(H, W) bool: the pixels of the grey window ``gray`` more than ``contrast`` grey levels
    from the median of its border -- ink that may fill most of the window (a solid bar), which
    `median_ink`'s whole-window median would take for the background."""
    g = np.asarray(gray, np.float64)
    return np.abs(g - np.median(np.concatenate([g[0], g[-1], g[:, 0], g[:, -1]]))) > contrast


def true_runs(mask: np.ndarray) -> np.ndarray:
    """(K, 2) [start, end) index pairs of the True runs in a 1-D bool array."""
    d = np.diff(np.concatenate([[0], mask.astype(np.int8), [0]]))
    return np.stack([np.flatnonzero(d == 1), np.flatnonzero(d == -1)], axis=1)


def pair_gaps(gray: np.ndarray, box, text: str, xs: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """For each pair of neighbouring non-space characters of ``text`` (read in the run ``box``
    (4,) of ``gray`` (H, W), each character's x in ``xs``): the widest run of blank columns of the
    run's ink whose centre lies between the two characters' x (0 when none). Returns the pairs'
    first and second character indices (P,), their gaps in px (P,) and the ink's height in rows."""
    x0, y0, x1, y1 = (int(v) for v in box)
    ink = median_ink(gray[y0:y1, x0:x1], 40)
    rows, cols = np.flatnonzero(ink.any(axis=1)), ink.any(axis=0)
    inked = np.flatnonzero(cols)
    chars = np.array([k for k, c in enumerate(text) if c != " "], np.int64)
    if len(inked) < 2 or len(chars) < 2:
        return chars[:0], chars[:0], np.zeros(0), 0.0
    blanks = true_runs(~cols[inked[0]:inked[-1] + 1]) + inked[0]
    if not len(blanks):
        return chars[:-1], chars[1:], np.zeros(len(chars) - 1), float(rows[-1] - rows[0] + 1)
    centres, widths = (blanks[:, 0] + blanks[:, 1]) / 2 + x0, blanks[:, 1] - blanks[:, 0]
    a, b = chars[:-1], chars[1:]
    x = np.asarray(xs, np.float64)
    between = (centres[None, :] > x[a][:, None]) & (centres[None, :] < x[b][:, None])
    gaps = np.where(between, widths[None, :], 0).max(axis=1)
    return a, b, gaps.astype(np.float64), float(rows[-1] - rows[0] + 1)


def find_underlines(gray: np.ndarray, box, contrast: int = 40, min_aspect: float = 3.0
                    ) -> list[tuple[int, int, int, int, int]]:
    """Underline strokes of a text run as (x0, y0, x1, y1, background gray): ink rows in the
    lower half that span nearly the whole run. Recognizers read an underlined space as "_".
    A run less than ``min_aspect`` times as wide as its ink is tall has none: its bottom row
    spans it because its letters end in bars ("EE", "L", "Z": erased, they read "FF", "I")."""
    x0, y0, x1, y1 = (int(v) for v in box)
    crop = gray[y0:y1, x0:x1].astype(np.int16)
    if crop.shape[0] < 6 or crop.shape[1] < 6:
        return []
    bg = int(np.median(np.concatenate([crop[0], crop[-1], crop[:, 0], crop[:, -1]])))
    ink = np.abs(crop - bg) > contrast
    cols = np.flatnonzero(ink.any(axis=0))
    rows = np.flatnonzero(ink.any(axis=1))
    if len(cols) < 6 or cols[-1] - cols[0] + 1 < min_aspect * (rows[-1] - rows[0] + 1):
        return []
    span = ink[:, cols[0]:cols[-1] + 1].mean(axis=1)
    rows = np.flatnonzero(span >= 0.9)
    rows = rows[rows >= crop.shape[0] // 2]
    return [(x0 + int(cols[0]), y0 + int(r), x0 + int(cols[-1]) + 1, y0 + int(r) + 1, bg) for r in rows]


def _edge_line(full: np.ndarray, pad: np.ndarray, gap: np.ndarray, from_end: bool, max_pad: int,
               max_stroke: int) -> int:
    """How far in from the start (the end, ``from_end``) of a row or column profile a frame line
    reaches: at most ``max_pad`` ``pad`` entries (blank margin), then 1 to ``max_stroke``
    ``full`` ones, then a ``gap`` one (the frame stands clear of what it holds). 0: no line."""
    if from_end:
        full, pad, gap = full[::-1], pad[::-1], gap[::-1]
    k = 0
    while k < len(full) and k < max_pad and pad[k] and not full[k]:
        k += 1
    start = k
    while k < len(full) and full[k]:
        k += 1
    return k if 0 < k - start <= max_stroke and k < len(full) and gap[k] else 0


#: Rows at the top and bottom of a frame's side line where its rounded corners curl in.
ROUNDED_CORNER = 2


def _side_lines(ink: np.ndarray, max_pad: int, max_stroke: int) -> tuple[int, int]:
    """Columns [left, right) of ``ink`` inside vertical frame lines at its sides: a column of
    ink down >= 90 % of the rows that touches the first and the last row (a glyph does not: the
    detector pads its boxes), clear of the next ink."""
    full = (ink.mean(axis=0) >= 0.9) & ink[0] & ink[-1]
    empty = ~ink.any(axis=0)
    # a rounded frame's corners curl in along the top and bottom rows: the column past the
    # line is clear when only those rows hold ink there
    corner = ROUNDED_CORNER if ink.shape[0] > 4 * ROUNDED_CORNER else 0
    clear = ~ink[corner:ink.shape[0] - corner].any(axis=0)
    left = _edge_line(full, empty, clear, False, max_pad, max_stroke)
    right = ink.shape[1] - _edge_line(full, empty, clear, True, max_pad, max_stroke)
    return left, right


def inside_frame(gray: np.ndarray, box, contrast: int = 40, max_stroke: int = 3, max_pad: int = 3
                 ) -> tuple[int, int, int, int]:
    """``box`` shrunk to the inside of a frame drawn along its edges: a text field's or a
    button's border that the detector took into the line box is read as "[", "|" or "(" glued
    to the text ("[Product manager", "|name@example.com").

    Frame lines are at most ``max_stroke`` px thick, at most ``max_pad`` px in from the box's
    edge, and stand clear of what they hold:
    * above or below (or both): rows of ink across >= 90 % of the ink's width, with what they
      enclose clear of the ink's left and right ends (or of side lines there, on both sides), so
      the bars of an "E", an "L", a "7", a "=" or an underline under the whole text are no
      frame. A line under a row of tabs or a field's bottom border goes: the runs above it can
      then be split;
    * at the sides: a column of ink down >= 90 % of the rows (between the lines above and
      below, when there are some) that touches the first and the last of those rows.
    The background is the crop's median (the edges may all be frame)."""
    x0, y0, x1, y1 = (int(v) for v in box)
    crop = gray[y0:y1, x0:x1].astype(np.int16)
    if crop.shape[0] < 8 or crop.shape[1] < 8:
        return x0, y0, x1, y1
    ink = median_ink(crop, contrast)
    cols = np.flatnonzero(ink.any(axis=0))
    if not len(cols):
        return x0, y0, x1, y1
    c0, c1 = int(cols[0]), int(cols[-1]) + 1
    h = ink.shape[0]
    rows_full = ink[:, c0:c1].mean(axis=1) >= 0.9
    rows_blank = ~ink.any(axis=1)
    # ink at most at the sides, and at both or neither unless the frame runs out of the box on
    # the other (a frame's sides, not the diagonal under a "7"'s bar)
    left_side, right_side = ink[:, c0:c0 + max_stroke].any(axis=1), ink[:, c1 - max_stroke:c1].any(axis=1)
    rows_open = ~ink[:, c0 + max_stroke:c1 - max_stroke].any(axis=1) \
        & ((left_side == right_side) | (left_side & (c1 >= ink.shape[1] - 1)) | (right_side & (c0 <= 0)))
    top = _edge_line(rows_full, rows_blank, rows_open, False, max_pad, max_stroke)
    bottom = h - _edge_line(rows_full, rows_blank, rows_open, True, max_pad, max_stroke)
    if (top or bottom < h) and bottom - top >= 6:
        left, right = _side_lines(ink[top:bottom], max_pad, max_stroke)
        held = np.flatnonzero(ink[top:bottom, left:right].any(axis=0)) + left
        if len(held) and held[0] > c0 and held[-1] < c1 - 1:
            return x0 + left, y0 + top, x0 + right, y0 + bottom
    left, right = _side_lines(ink, max_pad, max_stroke)      # no lines above and below
    if right - left < 6 or not ink[:, left:right].any():
        return x0, y0, x1, y1
    return x0 + left, y0, x0 + right, y1


def ink_bands(ink: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """The bands of the (h, w) bool ``ink``: (B, 2) stretches [start, end) of inked rows parted by
    blank rows, the ink each holds (B,), and which one is the body (the band holding the most)."""
    bands = true_runs(ink.any(axis=1))
    weight = np.array([int(ink[a:b].sum()) for a, b in bands], np.int64)
    return bands, weight, int(np.argmax(weight)) if len(bands) else -1


def row_stretches(ink: np.ndarray) -> np.ndarray:
    """(h,) how many stretches of ink each row of the (h, w) bool ``ink`` holds."""
    return ink[:, 0].astype(np.int64) + (ink[:, 1:] & ~ink[:, :-1]).sum(axis=1)


#: A row of a line box with at most this many ink pixels is a speck: no rule, no letter
#: (`letters_height`).
SPECK_PIXELS = 2


#: A band of ink parted from a line's body by at least this share of the body's height in blank
#: rows (and 3) ... (an underscore stands closer under its word's baseline)
STRAY_BLANK = 0.4
#: ... and holding at most this share of the body's ink is no part of the line (`without_strays`;
#: above a word's body, past three blank rows, no part of its letters' height: `body_and_underline`).
STRAY_SHARE = 0.2


@dataclass(frozen=True)
class LineInk:
    """The ink of one detected line box. ``ink``: (h, w) bool mask of pixels that differ from
    the background by more than the contrast threshold; ``strength``: (h, w) their difference
    (int16); ``colour``: (h, w, C) the crop's pixels (C = 3 for RGB, 1 for gray); ``origin``:
    the crop's top-left corner in the image; ``rows``: first and last ink row; ``ink_h``: the
    height of the line's letters in pixels (`letters_height`)."""

    origin: tuple[int, int]
    ink: np.ndarray
    strength: np.ndarray
    colour: np.ndarray
    rows: tuple[int, int]

    @cached_property
    def ink_h(self) -> int:
        return letters_height(self.ink, self.rows)


def letters_height(ink: np.ndarray, rows: tuple[int, int]) -> int:
    """The height of a line's letters in its (h, w) bool ``ink`` (first and last ink ``rows``):
    the rows' span less the bands of rules that a blank row parts from the letters, whose every
    row is one stretch of ink as long as the letters are tall, or a speck (`SPECK_PIXELS`): a
    link's underline, an open menu title's accent bar, a popup's border under a menu bar. Counted
    in, they make a menu bar's gaps look narrower than a gap between its titles."""
    bands, _, body = ink_bands(ink)
    if len(bands) < 2:
        return rows[1] - rows[0] + 1
    tall = bands[body, 1] - bands[body, 0]
    pixels = ink.sum(axis=1)
    # a row of one stretch is as long as its ink
    rule = (pixels <= SPECK_PIXELS) | ((row_stretches(ink) == 1) & (pixels >= tall))
    letters = [k for k, (a, b) in enumerate(bands) if k == body or not rule[a:b].all()]
    return int(bands[letters[-1], 1] - bands[letters[0], 0])


def run_lengths(mask: np.ndarray) -> np.ndarray:
    """(H, W) int: for every True pixel of the (H, W) bool ``mask`` the length of the
    horizontal run of True pixels it belongs to; 0 elsewhere."""
    padded = np.pad(mask, ((0, 0), (1, 1)))
    edges = np.diff(padded.astype(np.int8), axis=1).ravel()
    lengths = np.flatnonzero(edges == -1) - np.flatnonzero(edges == 1)
    out = np.zeros(padded.shape, np.int32)
    out[padded] = np.repeat(lengths, lengths)
    return out[:, 1:-1]


@dataclass(frozen=True)
class WordStyle:
    """How a stretch of a line is drawn: ``colour`` (C,) of its strongest ink, ``stroke`` the
    mean width in px of its strokes (bold strokes are wider), ``height`` how far
    its tallest ink rises above its baseline (px), ``pixels`` how many strong-ink pixels back
    it, ``runs`` how many column runs (glyphs, roughly) it has, ``bars`` the mean length of its
    horizontal ink runs (an icon's bars, "="-like, are long: no letter's are), ``baseline`` the
    row its letters stand on (in the line's rows), ``underlined`` whether a rule runs under it
    (`body_and_underline`)."""

    colour: np.ndarray
    stroke: float
    height: float
    pixels: int
    runs: int
    bars: float = 0.0
    baseline: float = 0.0
    underlined: bool = False


def line_ink(gray: np.ndarray, box, contrast: int = 40, rgb: np.ndarray | None = None) -> LineInk | None:
    """The ink of line ``box`` in a gray (H, W) image, colours from ``rgb`` (H, W, 3) when
    given; None when the box is empty or holds no ink."""
    x0, y0, x1, y1 = (int(v) for v in box)
    crop = gray[y0:y1, x0:x1].astype(np.int16)
    if crop.size == 0:
        return None
    border = np.concatenate([crop[0], crop[-1], crop[:, 0], crop[:, -1]])
    strength = np.abs(crop - int(np.median(border)))
    ink = strength > contrast
    rows = np.flatnonzero(ink.any(axis=1))
    if len(rows) == 0:
        return None
    colour = (rgb[y0:y1, x0:x1] if rgb is not None else crop[:, :, None]).astype(np.int16)
    return LineInk((x0, y0), ink, strength, colour, (int(rows[0]), int(rows[-1])))


def word_style(line: LineInk, a: int, b: int, runs: int = 1) -> WordStyle:
    """The style of the ink in columns [a, b) of ``line`` (``runs``: its column runs)."""
    strength = line.strength[:, a:b]
    peak = max(int(strength.max()), 1)
    strong = strength >= 0.7 * peak
    colour = line.colour[:, a:b][strong].mean(axis=0)
    # stroke width (at half the peak contrast): per ink pixel the shorter of its horizontal and
    # vertical runs, so that the shape of the letters does not count: horizontal runs alone
    # make "All" (upright stems) look thinner than "Processes" (round tops) in one weight
    half = strength >= 0.5 * peak
    across = run_lengths(half)
    thick = np.minimum(across, run_lengths(half.T).T)[half]
    stroke = float(thick.mean()) if len(thick) else 0.0
    body, underlined = body_and_underline(line.ink[:, a:b])
    found = baseline_and_top(body)
    # cap or ascender height
    height = found[0] - found[1] + 1 if found is not None else 0.0
    bars = float(across[half].mean()) if half.any() else 0.0
    return WordStyle(colour, stroke, height, int(strong.sum()), runs, bars, found[0] if found is not None else 0.0,
                     underlined)


def body_and_underline(ink: np.ndarray, max_rule: int = 3, span: float = 0.8) -> tuple[np.ndarray, bool]:
    """``ink`` (H, W bool, a word's columns of a line) without what lies below its body (the
    stretch of inked rows holding the most ink) past a blank row: the tops of the next line's
    letters that a line box took in, or a rule under the word; without the light marks above it
    past three blank rows (`STRAY_SHARE` of its ink at most: the previous line's descenders); and
    whether such a rule is there
    (rows at most ``max_rule`` thick holding one unbroken run across ``span`` of the body's
    width: a link's underline, a selected tab's or path button's accent bar)."""
    bands, weight, body = ink_bands(ink)
    if len(bands) < 2:
        return ink, False
    tall = bands[body, 1] - bands[body, 0]
    if tall < 0.5 * (bands[-1, 1] - bands[0, 0]):   # no body: an "=" is two bars
        return ink, False
    cols = np.flatnonzero(ink[bands[body, 0]:bands[body, 1]].any(axis=0))
    width = cols[-1] - cols[0] + 1
    # a rule runs under a word, not under a glyph narrower than it is tall (the dot of a "!")
    underlined = bool(width >= tall) and any(
        r1 - r0 <= max_rule and max((int((run[:, 1] - run[:, 0]).max()) if len(run) else 0
                                     for run in (true_runs(row) for row in ink[r0:r1])), default=0) >= span * width
        for r0, r1 in bands[body + 1:])
    out = ink.copy()
    out[bands[body, 1]:] = False
    # above it, light marks parted from it by three blank rows or more: the previous line's
    # descenders that the line box took in (an "i"'s dot stands closer, and counts: an "in" is
    # as tall as a capital, as measured by `style_changes`)
    for k in range(body):
        r0, r1 = bands[k]
        if bands[k + 1, 0] - r1 >= 3 and weight[k] <= STRAY_SHARE * weight[body]:
            out[r0:r1] = False
    return out, underlined


def baseline_and_top(ink: np.ndarray) -> tuple[float, int] | None:
    """(baseline, top) rows of the text ink ``ink`` (H, W bool): the baseline is where most
    of its columns that end in the ink's lower half end (descenders are few; a "7" or a "T"
    ends most of its columns under its top bar), the top its highest inked row; None when blank."""
    cols = np.flatnonzero(ink.any(axis=0))
    if not len(cols):
        return None
    bottoms = ink.shape[0] - 1 - ink[::-1, cols].argmax(axis=0)
    top = int(ink[:, cols].argmax(axis=0).min())
    low = bottoms[2 * bottoms >= top + bottoms.max()]
    return float(np.median(low)), top


def style_changes(a: WordStyle, b: WordStyle, colour_step: float = 56.0, stroke_ratio: float = 1.45,
                  height_ratio: float = 1.7, bar_ratio: float = 2.5) -> bool:
    """Whether the words left (``a``) and right (``b``) of a word space are drawn differently
    enough to be separate runs: another colour (largest channel difference), weight (stroke
    width, at one size) or size (height above the baseline), or one is made of bars the other's
    letters never draw (an inline icon, "or click the [=] icon"), or a rule runs under one only
    (a link's underline). Each test needs enough ink on both sides to measure it; a lone dash or
    dot never differs in size, nor does ink that stands on no common baseline with the other word
    (a quote mark). Size and baseline are the word's body's (`body_and_underline`): the tops of
    the next line's letters that a line box took in do not make a word taller."""
    def ratio(x: float, y: float) -> float:
        return max(x, y) / min(x, y) if min(x, y) > 0 else 1.0

    pixels = min(a.pixels, b.pixels)
    # two lone glyphs ("1" and "2" of a "12" at 9 px) need more ink: a thin stroke's
    # anti-aliasing greys the colour of its strongest pixels
    if pixels >= (10 if max(a.runs, b.runs) > 1 else 40) and float(np.abs(a.colour - b.colour).max()) >= colour_step:
        return True
    same_size = ratio(a.height, b.height) < 1.3
    # (one glyph on each side says nothing of weight: a "1" is a stem and a foot, a "%" thin
    # rings, and "1%" is one word)
    weighed = pixels >= 40 and max(a.runs, b.runs) > 1
    if weighed and same_size and (ratio(a.stroke, b.stroke) >= stroke_ratio or ratio(a.bars, b.bars) >= bar_ratio):
        return True
    # a link's underline or a selected path button's accent bar under one of them only
    if pixels >= 15 and a.underlined != b.underlined:
        return True
    # ... words of two sizes stand on one baseline; a quote mark ends high above it ('"' is two
    # runs as short as a letter's top)
    one_line = abs(a.baseline - b.baseline) <= 0.25 * max(a.height, b.height)
    return pixels >= 15 and min(a.runs, b.runs) >= 2 and one_line and ratio(a.height, b.height) >= height_ratio


#: A monospace pitch this close to a whole number of pixels is that number: screens draw hinted
#: fonts at whole-pixel advances, and a cell off by 0.03 px drifts a pixel over 30 cells.
WHOLE_PIXEL_PITCH = 0.06
#: How closely a monospace line's glyph centres line up on their best pitch (the length of the
#: mean of their phases, 1 when every centre is on a cell's centre): code and terminal lines
#: 0.90-0.98, proportional lines 0.49-0.85 (a 24 px "[khungtaskd]") on the app corpora.
COHERENCE = 0.88
#: ... over at least this many glyphs: a few letters of a proportional word line up by chance
#: ("styles.css", 8 glyphs: 0.94) ...
COHERENT_GLYPHS = 12
#: ... with a cell at most this share of the line's ink height (a line without descenders in
#: Nimbus Mono: capitals 0.95 of a cell tall).
COHERENT_MAX_PITCH = 1.1


def monospace_grid(runs: np.ndarray, ink_h: float, min_runs: int = 8, tolerance: float = 0.15,
                   share: float = 0.85, max_pitch: float = 0.9) -> tuple[float, float] | None:
    """(pitch, origin) in px of the character cells of a monospace line whose (K, 2) column ink
    runs are ``runs``, or None for a proportional one: at least ``min_runs`` runs, and the
    distances between neighbouring run centres, for at least ``share`` of them, within
    ``tolerance`` of a whole number of pitches: the pitch on which the centres of runs about as
    wide as most (a run of two glyphs that touch is one and a half) line up closely
    (`_coherent_pitch`), a cell at most `COHERENT_MAX_PITCH` of the line's ink height ``ink_h``
    (Nimbus Mono's capitals are 0.95 of a cell tall); else the median distance between those
    runs, a cell at most ``max_pitch`` of ``ink_h``: a toolbar's icons set at a regular pitch
    are no monospace text. The origin is where the cells start, from the centres' phase."""
    return _monospace_grid(runs, ink_h, min_runs, tolerance, share, max_pitch)[0]


def _monospace_grid(runs: np.ndarray, ink_h: float, min_runs: int = 8, tolerance: float = 0.15,
                    share: float = 0.85, max_pitch: float = 0.9) -> tuple[tuple[float, float] | None, bool]:
    """`monospace_grid`, and whether its pitch is the one the glyphs line up on closely
    (`_coherent_pitch`) rather than the median distance."""
    if len(runs) < min_runs:
        return None, False
    widths = runs[:, 1] - runs[:, 0]
    centres = (runs[:, 0] + runs[:, 1]) / 2
    steps = np.diff(centres)
    narrow = widths <= 1.5 * np.median(widths)
    single = narrow[1:] & narrow[:-1]
    if single.sum() < min_runs // 2:
        return None, False
    on_grid = lambda p: (np.abs(steps[single] / p - np.round(steps[single] / p)) <= tolerance).mean() >= share  # noqa: E731
    median = float(np.median(steps[single]))
    pitch = _coherent_pitch(centres[narrow], median)
    coherent = pitch is not None and on_grid(pitch) and pitch <= COHERENT_MAX_PITCH * ink_h
    if not coherent:
        pitch = median if on_grid(median) and median <= max_pitch * ink_h else None
    if pitch is None or pitch < 3:
        return None, False
    phase = np.angle(np.exp(2j * np.pi * centres / pitch).mean()) / (2 * np.pi) * pitch   # cell centres
    return (pitch, float(phase - pitch / 2)), coherent


def phasors(centres: np.ndarray, pitches: np.ndarray) -> np.ndarray:
    """(P, K): each of ``centres`` (K,) as a unit phasor of its phase on each of ``pitches`` (P,).
    Centres on a grid of that pitch point one way: their mean's length is near 1 (the
    coherence) and its angle is the grid's phase."""
    return np.exp(2j * np.pi * centres[None, :] / pitches[:, None])


def refit_grid(centres: np.ndarray, pitch: float, centre0: float) -> tuple[float, float]:
    """The least-squares (pitch, centre0) of ``centres`` (K,) on the cells they take on the
    grid of cell centres ``centre0 + k * pitch``; unchanged when they all take one cell."""
    cells = np.round((centres - centre0) / pitch)
    if np.ptp(cells) == 0:
        return pitch, centre0
    pitch, centre0 = np.polyfit(cells, centres, 1)
    return float(pitch), float(centre0)


def _coherent_pitch(centres: np.ndarray, step: float) -> float | None:
    """The pitch within a fifth of ``step`` (the median distance between neighbouring glyphs)
    on which the glyphs' ink ``centres`` (K,) line up best, refined by least squares and snapped
    to whole pixels (`WHOLE_PIXEL_PITCH`), when they line up closely (`COHERENCE`, over at least
    `COHERENT_GLYPHS`); else None.
    A fractional advance (a web page's 14 px code, 8.43 px a cell) drawn at whole pixels spreads
    the steps between 7.5 and 9.5, and half-pixel steps make the median a half pixel off."""
    if len(centres) < COHERENT_GLYPHS:
        return None
    pitches = np.arange(0.8 * step, 1.25 * step, 0.02)
    mean = phasors(centres, pitches).mean(axis=1)
    best = int(np.argmax(np.abs(mean)))
    if abs(mean[best]) < COHERENCE:
        return None
    pitch = float(pitches[best])
    pitch, _ = refit_grid(centres, pitch, np.angle(mean[best]) / (2 * np.pi) * pitch)
    return float(round(pitch)) if abs(pitch - round(pitch)) <= WHOLE_PIXEL_PITCH else pitch


def grid_cells(runs: np.ndarray, grid: tuple[float, float]) -> np.ndarray:
    """(K, 2) the first and last cell of each (K, 2) column ink run [start, end) on the
    ``grid`` (pitch, origin) of `monospace_grid`."""
    pitch, origin = grid
    return np.floor((runs - origin - np.array([0, 1])) / pitch).astype(np.int64)


def split_by_style(line: LineInk, group: np.ndarray, word_gap: float = 0.22,
                   grid: tuple[float, float] | None = None) -> list[np.ndarray]:
    """A group of (K, 2) column ink runs cut into runs of one style: candidate cuts are the word
    spaces (gaps of at least ``word_gap`` x the ink height; on a monospace line, `monospace_grid`,
    an empty character cell: a "." or "(" after "self" stands in the middle of its cell, as far
    from the "f" as a word space would be); a cut is made where the run so far
    and the next word differ in colour, weight or size (`style_changes`). Comparing with the
    whole run so far, not the last word alone, keeps short words from being measured alone.
    ``grid`` is the whole line's (`monospace_grid`), when known: a comment's few words after
    two blank cells ("# at or") are too few to show the grid themselves."""
    if len(group) < 2:
        return [group]
    grid = grid if grid is not None else monospace_grid(group, line.ink_h)
    if grid is not None:   # a monospace line: a word space is an empty cell, whatever the bearings
        cells = grid_cells(group, grid)
        bounds = np.flatnonzero(cells[1:, 0] - cells[:-1, 1] >= 2)
    else:
        bounds = np.flatnonzero(group[1:, 0] - group[:-1, 1] >= max(2.0, word_gap * line.ink_h))
    if not len(bounds):
        return [group]
    out = []
    words = np.split(group, bounds + 1)
    current = words[0]
    # the style compared with: the run so far, less a first word of one blob (an icon the
    # detector boxed with the label: its solid ink would make the label after it look bold)
    basis = None if len(current) == 1 else current
    for word in words[1:]:
        ref = current if basis is None else basis
        left = word_style(line, int(ref[0, 0]), int(ref[-1, 1]), len(ref))
        right = word_style(line, int(word[0, 0]), int(word[-1, 1]), len(word))
        if style_changes(left, right):
            out.append(current)
            current = basis = word
        else:
            current = np.concatenate([current, word])
            basis = word if basis is None else np.concatenate([basis, word])
    return out + [current]


def box_like(line: LineInk, run: np.ndarray, min_side: int = 8, edge: float = 0.7) -> bool:
    """Whether the ink in columns ``run`` ([start, end)) of ``line`` is a box: about square, at
    least ``min_side`` px each way, with one unbroken stroke along >= ``edge`` of each of its four
    sides (a check box, empty or filled). No letter is: an "O" is round, an "E" or an "H" is open
    on a side, two letters that touch ("Bl") break the stroke."""
    cols = line.ink[:, run[0]:run[1]]
    rows = np.flatnonzero(cols.any(axis=1))
    if len(rows) < min_side or cols.shape[1] < min_side:
        return False
    blob = cols[rows[0]:rows[-1] + 1]
    if not 0.67 <= blob.shape[1] / blob.shape[0] <= 1.5:   # square: a focus ring round a word is no box
        return False

    def side(lines: np.ndarray) -> bool:   # the outer line, or the next one in (rounded corners)
        return any(len(true_runs(line)) == 1 and line.mean() >= edge for line in lines)

    return side(blob[:2]) and side(blob[-2:]) and side(blob[:, :2].T) and side(blob[:, -2:].T)


def triangle_pointing(ink: np.ndarray, min_base: int = 4) -> str | None:
    """Which way the ink ``ink`` (H, W) bool draws a filled triangle pointing: "down", "up",
    "right", "left" (an expander's, a drop-down's or a tree's caret), else None. Along the
    pointing direction every line across holds one solid stretch, each no longer than the one
    before (a pixel of anti-aliasing aside), the base (at least ``min_base`` px) 1.5 to 3 times
    the triangle's depth and the tip at most a third of it, centred alike. No letter is: a "v"
    is two strokes, a "T" widens again, a "(" bends."""
    ys, xs = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    if len(ys) < 3 or len(xs) < 3:
        return None
    blob = ink[ys[0]:ys[-1] + 1, xs[0]:xs[-1] + 1]
    for way, lines in (("down", blob), ("up", blob[::-1]), ("right", blob.T), ("left", blob.T[::-1])):
        stretches = [true_runs(r) for r in lines]
        if any(len(st) != 1 for st in stretches):
            continue
        spans = np.array([st[0] for st in stretches])
        widths, centres = spans[:, 1] - spans[:, 0], spans.sum(axis=1) / 2
        if (widths[0] >= min_base and 1.5 * len(lines) <= widths[0] + 1 <= 3 * len(lines) + 2
                and (np.diff(widths) <= 1).all() and widths[-1] * 3 <= widths[0]
                and np.abs(centres - centres[0]).max() <= 1.5):
            return way
    return None


def box_ink(rgb: np.ndarray, box, contrast: int = 40) -> np.ndarray | None:
    """(h, w) bool: the ink inside ``box`` (x0, y0, x1, y1) of the RGB ``rgb``, ``contrast`` grey
    levels off the median of the box and a 1 px ring round it (`border_ink`); None when the
    box with its ring is under 3 px either way."""
    x0, y0, x1, y1 = (int(v) for v in box)
    crop = rgb[max(y0 - 1, 0):y1 + 1, max(x0 - 1, 0):x1 + 1].mean(axis=2)
    if crop.shape[0] < 3 or crop.shape[1] < 3:
        return None
    return border_ink(crop, contrast)[1:-1, 1:-1]


def triangles_in(rgb: np.ndarray, boxes: np.ndarray, contrast: int = 40) -> np.ndarray:
    """(K,) object: which way the ink (`box_ink`) in each of ``boxes`` (K, 4) xyxy of the RGB
    ``rgb`` draws a filled triangle pointing (`triangle_pointing`), else None."""
    out = np.full(len(boxes), None, dtype=object)
    for k, box in enumerate(np.asarray(boxes, np.int64).reshape(-1, 4)):
        ink = box_ink(rgb, box, contrast)
        if ink is not None:
            out[k] = triangle_pointing(ink)
    return out


def filled_caret(line: LineInk, run: np.ndarray, min_base: int = 8) -> bool:
    """Whether the ink in columns ``run`` ([start, end)) of ``line`` is a filled triangle pointing
    down or up, at least ``min_base`` px wide (`triangle_pointing`): an expander's caret before
    its label, flatter than the icons `leading_icon` looks for."""
    return triangle_pointing(line.ink[:, run[0]:run[1]], min_base) in ("down", "up")


def coloured_icon(line: LineInk, blob: np.ndarray, word: np.ndarray, colour_step: float = 56.0) -> bool:
    """Whether the column run ``blob`` ([start, end)) of ``line`` is an icon drawn in another
    colour than the ``word`` ((K, 2) column runs) after it: as wide as 0.6-1.6 times its body's
    height (its longest stretch of inked rows: a line box that takes in the top of the next
    row's icon does not count that), that body at least as tall as the word's ink, and its
    strongest ink ``colour_step`` away from the word's (`style_changes`). A file manager's
    side pane puts its place icons this close to their names ("[@]Desktop")."""
    rows = true_runs(line.ink[:, blob[0]:blob[1]].any(axis=1))
    word_rows = np.flatnonzero(line.ink[:, word[0, 0]:word[-1, 1]].any(axis=1))
    if not len(rows) or not len(word_rows):
        return False
    body = int((rows[:, 1] - rows[:, 0]).max())
    if not (0.6 * body <= blob[1] - blob[0] <= 1.6 * body and body >= word_rows[-1] - word_rows[0] + 1):
        return False
    a = word_style(line, int(blob[0]), int(blob[1]))
    b = word_style(line, int(word[0, 0]), int(word[-1, 1]), len(word))
    return min(a.pixels, b.pixels) >= 10 and float(np.abs(a.colour - b.colour).max()) >= colour_step


def _cells_filled(runs: np.ndarray, pitch: float, origin: float) -> tuple[np.ndarray, np.ndarray]:
    """For (K, 2) column runs [start, end) on the grid ``origin + k * pitch``: how far (in cells)
    each run's centre lies from the middle of the whole cells its width makes (the centre of an
    odd number of cells is a cell's centre, of an even number a cell's edge), and whether each
    is wider than those cells and a pixel. (K,) float and (K,) bool."""
    widths = runs[:, 1] - runs[:, 0]
    count = np.maximum(1, np.round(widths / pitch))
    at = ((runs[:, 0] + runs[:, 1]) / 2 - origin) / pitch - count / 2
    return np.abs(at - np.round(at)), widths > count * pitch + 1


def grid_letters(line: LineInk, blob: np.ndarray, rest: np.ndarray, grid: tuple[float, float],
                 tolerance: float = 0.25) -> bool:
    """Whether the column run ``blob`` [start, end) of a monospace line (``grid`` (pitch, origin))
    spans whole cells as touching letters do: its centre within ``tolerance`` of a cell from
    the middle of the whole cells its width makes, its width at most those cells' (and a
    pixel), and its ink no taller than that of the word after it (``rest``, (K, 2) runs)."""
    off, too_wide = _cells_filled(np.asarray(blob).reshape(1, 2), *grid)
    if off[0] > tolerance or too_wide[0]:
        return False
    if not len(rest):
        return False
    blob_rows = np.flatnonzero(line.ink[:, blob[0]:blob[1]].any(axis=1))
    rest_rows = np.flatnonzero(line.ink[:, rest[0, 0]:rest[-1, 1]].any(axis=1))
    return len(blob_rows) > 0 and blob_rows[-1] - blob_rows[0] <= rest_rows[-1] - rest_rows[0]


def leading_icon(line: LineInk, group: np.ndarray, following: np.ndarray, icon_gap: float = 0.25,
                 grid: tuple[float, float] | None = None) -> bool:
    """Whether the first ink run of ``group`` (a run of (K, 2) column runs) is an icon in front
    of a label rather than a letter: a blob about as wide as the line is tall, then a clear gap
    (wider than the letter spacing of the word that follows) and a word (in this group or, when
    the blob stands alone, in ``following``); or a box (`box_like`), with or without a word; or,
    at least 2 px off a word of two or more runs, a blob in another colour (`coloured_icon`).
    On a monospace line (``grid``, `monospace_grid`) a blob that fills its cells like letters
    (`grid_letters`) is letters: two that touch ("Or" in Nimbus Mono) are as wide as an icon."""
    ink_h = line.ink_h
    first = group[0]
    if grid is not None and grid_letters(line, first, group[1:] if len(group) > 1 else following, grid):
        return False
    fw = first[1] - first[0]
    col_rows = np.flatnonzero(line.ink[:, first[0]:first[1]].any(axis=1))
    fh = col_rows[-1] - col_rows[0] + 1 if len(col_rows) else 0
    lead_gap = group[1, 0] - first[1] if len(group) > 1 else 0
    rest = group[1:] if len(group) > 1 else following
    # a comment's "#" (a highlighted one too): a letter of the line (only blobs that could be
    # icons are looked at: most are letters)
    if fh >= 0.55 * ink_h and fw <= 1.6 * ink_h and hash_sign(line.ink[:, first[0]:first[1]]):
        return False
    if len(group) > 2 and lead_gap >= 2 and coloured_icon(line, first, group[1:]):
        return True
    # an expander's caret before its label, flatter than the icons below ("[v]Keypad" at scale 2)
    if len(rest) >= 2 and (lead_gap >= 2 or len(group) == 1) and filled_caret(line, first):
        return True
    if not (0.75 * ink_h <= fw <= 1.6 * ink_h and fh >= 0.55 * ink_h):
        return False
    letter_gap = float(np.median(rest[1:, 0] - rest[:-1, 1])) if len(rest) >= 2 else 0.0
    wide_gap = lead_gap >= max(icon_gap * ink_h, 2.0 * letter_gap + 1.0)
    if len(rest) and box_like(line, first):   # a check box taller than its label's letters:
        rest_rows = np.flatnonzero(line.ink[:, rest[0, 0]:rest[-1, 1]].any(axis=1))   # an icon,
        if fh >= 1.15 * (rest_rows[-1] - rest_rows[0] + 1):                           # however close
            return True
    return (wide_gap or len(group) == 1) and len(rest) >= 2


def hash_sign(ink: np.ndarray, span: float = 0.7) -> bool:
    """Whether the (h, w) bool ``ink`` of a blob draws a "#": every inked row holds one or two
    stretches of ink, the first and last two (the stems' ends), and the rows of one stretch
    make exactly two bars, each across at least ``span`` of its width (in one row at least:
    anti-aliasing merges the stems next to a bar). A "#" is about as wide as the line is tall,
    like an icon; a grid icon's frame has a bar at its top and bottom."""
    rows = ink[ink.any(axis=1)]
    if len(rows) < 6:
        return False
    stretches = row_stretches(rows)
    if stretches.max() > 2 or stretches[0] != 2 or stretches[-1] != 2:
        return False
    bars = true_runs(stretches == 1)
    cols = np.flatnonzero(rows.any(axis=0))
    width = cols[-1] - cols[0] + 1
    # a row of one stretch is as long as its ink
    return len(bars) == 2 and all(int(rows[a:b].sum(axis=1).max()) >= span * width for a, b in bars)


def _inner_rows(line: LineInk, max_stroke: int) -> np.ndarray:
    """``line``'s ink without its ``max_stroke`` top and bottom inked rows (where a frame's borders
    join its sides), counted from the ink's rows: the box may run on past a frame's bottom."""
    r0, r1 = line.rows
    return line.ink[r0 + max_stroke:r1 + 1 - max_stroke]


def _run_heights(line: LineInk, runs: np.ndarray) -> np.ndarray:
    """(R,) how many of ``line``'s rows each column run [start, end) of ``runs`` inks: down all
    the ink's rows, a frame side's full length."""
    return np.array([line.ink[:, a:b].any(axis=1).sum() for a, b in runs], np.int64)


def frame_sides(line: LineInk, max_stroke: int = 3, cover: float = 0.8, taller: float = 1.6) -> np.ndarray:
    """(S, 2) column runs [start, end) of ``line`` that may be the sides of frames standing
    inside it: a toolbar's line box that runs across a page field and a zoom box holds their
    borders ("[1/1]", "[100%"). A side stands between other ink, is at most ``max_stroke`` px
    wide, each of its columns inked down >= ``cover`` of the inked rows (all but ``max_stroke``
    at the top and the bottom, where a frame's borders would join its sides), and >= ``taller``
    times as tall as the other column runs (their median inked rows): a "|" or a "[" in text
    rises about 1.25 times a capital's height. `cornered` then asks for the frame's border."""
    core = _inner_rows(line, max_stroke)
    runs = true_runs(core.any(axis=0))
    h = core.shape[0]
    if len(runs) < 3 or h < 8:
        return runs[:0]
    widths = runs[:, 1] - runs[:, 0]
    heights = _run_heights(line, runs)
    # every column of a side runs down the box: a "[" or "]" has its arms' columns besides
    thinnest = np.array([core[:, a:b].sum(axis=0).min() for a, b in runs])
    full = (widths <= max_stroke) & (thinnest >= cover * h)
    full[[0, -1]] = False   # at the line's ends: `inside_frame`'s, or an icon's edge ("]Trash")
    if not full.any():
        return runs[:0]
    return runs[full & (heights >= taller * float(np.median(heights[~full])))]


def frame_walls(line: LineInk, runs: np.ndarray, max_stroke: int = 3, cover: float = 0.8,
                taller: float = 1.6) -> np.ndarray:
    """(K, 2) column runs [start, end) of ``line`` that are a frame's inner wall at the start of
    one of its ink ``runs`` ((R, 2), sorted), joined to the ink after it by a rule across: a spin
    box's stepper column, its divider meeting the rule between its two arrows (an icon's right
    edge, at the end of its run, is none).
    A wall is a line down the box as `frame_sides` asks (at most ``max_stroke`` wide, inked
    down >= ``cover`` of the rows, >= ``taller`` times the runs' median height), down all the
    ink's rows but two, in a run wider than itself and not at the line's first or last ink, with
    a rule from it across >= ``cover`` of its run on a row clear of the ink's top and bottom
    (``max_stroke`` rows). `cornered` then asks for the frame's border; the gap before a wall
    is a cut."""
    r0, r1 = line.rows
    core = _inner_rows(line, max_stroke)
    if core.shape[0] < 8 or len(runs) < 2:
        return runs[:0]
    median = float(np.median(_run_heights(line, runs)))
    found = []
    for a, b in true_runs(core.mean(axis=0) >= cover).tolist():
        starts = np.flatnonzero(runs[:, 0] == a)
        if b - a > max_stroke or a == runs[0, 0] or b == runs[-1, 1] or not len(starts):
            continue
        run = runs[starts[0]]
        tall = line.ink[:, a:b].any(axis=1).sum()
        # (down all the ink's rows but two, and a rule from it across the run, clear of the
        # ink's top and bottom rows: no letter's stem, which the line's other letters outgrow)
        across = [true_runs(line.ink[y, a:run[1]]) for y in range(r0 + max_stroke, r1 + 1 - max_stroke)]
        ruled = any(len(t) and t[0, 0] < b - a + 1 and t[0, 1] >= cover * (run[1] - a) for t in across)
        if run[1] - run[0] > b - a and tall >= max(taller * median, r1 - r0 - 1) and ruled:
            found.append((a, b))
    return np.array(found, np.int64).reshape(-1, 2)


def dotted(line: LineInk, group: np.ndarray, max_stroke: int = 3, dots: int = 3) -> bool:
    """Whether every column run of ``group`` ((K, 2) [start, end)) in ``line`` is at most
    ``max_stroke`` px wide and breaks into at least ``dots`` pieces down its rows: a column
    of dots (a toolbar's grip, a vertical ellipsis). Letters have at most two ("i", ":")."""
    return all(b - a <= max_stroke and len(true_runs(line.ink[:, a:b].any(axis=1))) >= dots for a, b in group)


def cornered(gray: np.ndarray, line: LineInk, side: np.ndarray, contrast: int = 40, reach: int = 2,
             beyond: int = 6, off: int = 3) -> bool:
    """Whether the column run ``side`` ([start, end) in ``line``, found in the gray (H, W) image)
    turns a corner at either end into a border: followed up and down the image (up to
    ``beyond`` px out of the line box), a row within ``reach`` px of its end holds a run of
    ink starting at most ``off`` px off the side (a rounded corner), to its left or right, at
    least as long as the line box is tall. A frame's side meets its top or bottom border; a
    "|" between words meets nothing, and a "]" only its short arms."""
    ox, oy = line.origin
    h, w = line.ink.shape
    crop = gray[oy:oy + h, ox:ox + w]
    background = int(np.median(np.concatenate([crop[0], crop[-1], crop[:, 0], crop[:, -1]])))
    a, b = ox + int(side[0]), ox + int(side[1])
    length = max(5, h)

    def inked(y0: int, y1: int, x0: int, x1: int) -> np.ndarray:
        y0, x0 = max(0, y0), max(0, x0)
        return np.abs(gray[y0:max(y0, y1), x0:max(x0, x1)].astype(np.int16) - background) > contrast

    rows = np.flatnonzero(line.ink[:, side[0]:side[1]].any(axis=1))
    top, bottom = oy + int(rows[0]), oy + int(rows[-1])
    while top > max(0, oy - beyond) and inked(top - 1, top, a, b).any():
        top -= 1
    while bottom < min(gray.shape[0], oy + h + beyond) - 1 and inked(bottom + 1, bottom + 2, a, b).any():
        bottom += 1
    for end in (top, bottom):
        right = inked(end - reach, end + reach + 1, b, b + off + length)
        left = inked(end - reach, end + reach + 1, a - off - length, a)[:, ::-1]   # outwards from the side
        for ink in (right, left):
            for row in ink:
                runs = true_runs(row)
                if len(runs) and runs[0, 0] <= off and runs[0, 1] - runs[0, 0] >= length:
                    return True
    return False


def without_frames(line: LineInk, sides: np.ndarray, max_stroke: int = 3, across: float = 0.8) -> LineInk:
    """``line`` with the ink of frame ``sides`` ((S, 2) column runs, `frame_sides`) cleared, and
    between two neighbouring sides (or a side and the end of the line's ink) the frame's top
    and bottom borders: rows within ``max_stroke`` px of the ink's top or bottom inked across
    >= ``across`` of the span."""
    ink = line.ink.copy()
    h, w = ink.shape
    r0, r1 = line.rows
    for a, b in sides:
        ink[:, a:b] = False
    # (the ends of the line's ink count as sides: a frame whose far side is the line's first or
    # last stroke, or past the line box's end)
    cols = np.flatnonzero(ink.any(axis=0))
    first, last = (int(cols[0]), int(cols[-1]) + 1) if len(cols) else (0, w)
    ends = np.concatenate([[[first, first]], sides, [[last, last]]])
    for (_, a), (b, _) in zip(ends[:-1], ends[1:]):
        if b - a < 4:
            continue
        for r in [*range(r0, min(r0 + max_stroke, h)), *range(max(0, r1 + 1 - max_stroke), r1 + 1)]:
            if ink[r, a:b].mean() >= across:
                ink[r, a:b] = False
    return _with_ink(line, ink)


def _with_ink(line: LineInk, ink: np.ndarray) -> LineInk:
    """``line`` with only the (h, w) bool ``ink`` kept (strengths cleared elsewhere, rows
    recounted); ``line`` itself when no ink is left."""
    rows = np.flatnonzero(ink.any(axis=1))
    if not len(rows):
        return line
    return LineInk(line.origin, ink, np.where(ink, line.strength, 0), line.colour, (int(rows[0]), int(rows[-1])))


def without_rules(line: LineInk, cover: float = 0.9, max_stroke: int = 3) -> LineInk:
    """``line`` without a rule drawn across it above or below its words: its first or last
    inked rows (at most ``max_stroke``) when ink covers >= ``cover`` of the box's width there
    and a blank row parts them from the rest (a menu bar's bottom border that the detector took
    into the line: it joins every column, so the words were never cut apart)."""
    inked = np.flatnonzero(line.ink.any(axis=1))
    full = line.ink.mean(axis=1) >= cover
    rules = []
    for edge, step in ((inked[:max_stroke], 1), (inked[::-1][:max_stroke], -1)):   # from the top, the bottom
        rule = []
        for r in edge:
            if not full[r]:
                break
            rule.append(r)
        if not rule or len(rule) == len(inked):
            continue
        beyond = rule[-1] + step                         # the row past the rule, toward the words
        if 0 <= beyond < line.ink.shape[0] and not line.ink[beyond].any():
            rules += rule
    if not rules:                                        # most lines: no copy
        return line
    ink = line.ink.copy()
    ink[rules] = False
    return _with_ink(line, ink)


def without_strays(line: LineInk, blank: float = STRAY_BLANK, share: float = STRAY_SHARE) -> LineInk:
    """``line`` without the bands of ink (stretches of inked rows) parted from its body (the band
    holding the most ink) by ``blank`` of the body's height in blank rows or more (and 3) and
    holding at most ``share`` of the body's ink: the top of a letter of the next line, or a
    speck of a frame's corner, that the line box took in. Left in, they make the line's ink
    height twice its letters' and the gaps between a menu bar's titles narrower than its gap
    rule ("File Edit View" read as one run). Bands with more ink (a second line of text, a
    selected tab's accent bar) stay."""
    bands, weight, body = ink_bands(line.ink)
    if len(bands) < 2:                                   # most lines: no copy
        return line
    tall = bands[body, 1] - bands[body, 0]
    keep = np.ones(len(bands), bool)
    for order in (range(body + 1, len(bands)), range(body - 1, -1, -1)):   # below, then above
        near = body
        for k in order:
            gap = bands[k, 0] - bands[near, 1] if k > body else bands[near, 0] - bands[k, 1]
            if gap >= max(3.0, blank * tall) and weight[k] <= share * weight[body]:
                keep[k] = False
            else:
                near = k
    if keep.all():
        return line
    ink = line.ink.copy()
    for a, b in bands[~keep]:
        ink[a:b] = False
    return _with_ink(line, ink)


#: On a monospace line, runs are cut at this many empty cells or more (two spaces and more: a
#: code comment, a terminal's columns); a word's gap of one cell is wider than the proportional
#: rule's ``gap_factor`` x the ink height at small sizes ("Save it are of!" fell apart in words).
MONOSPACE_COLUMN_CELLS = 2


def split_line(gray: np.ndarray, box, gap_factor: float = 0.8, icon_gap: float = 0.25, contrast: int = 40,
               rgb: np.ndarray | None = None) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int, int]]]:
    """Return (text boxes, icon boxes) for one detected line box of a grayscale image: runs cut
    at gaps wider than ``gap_factor`` x the ink height (on a monospace line, `monospace_grid`, at
    `MONOSPACE_COLUMN_CELLS` empty cells or more) and where the style changes (colour from
    ``rgb`` (H, W, 3) when given, else gray level; weight; size), leading icons split off. A
    frame around the text (`inside_frame`) is left out first."""
    texts, icons, _ = _split_line(gray, box, gap_factor, icon_gap, contrast, rgb)
    return texts, icons


#: A line box whose own glyphs are too few to show a monospace grid takes the grid of a box
#: beside it on its row (the detector cuts an editor's line at a comment's two spaces: "x = 1
#: |  # note"), when no more than this many of that grid's cells lie between them ...
NEIGHBOUR_CELLS = 6
#: ... and its glyphs' ink centres stand on that grid's cell centres within this share of a cell.
NEIGHBOUR_FIT = 0.2


def _neighbour_grid(runs: np.ndarray, ink_h: int, x0: int, grid: tuple[float, float, int] | None
                    ) -> tuple[float, float] | None:
    """The grid (pitch, origin in the line's crop columns) of a neighbouring box's monospace line,
    ``grid`` (pitch, origin in image columns, its ink height), when the (K, 2) column runs
    ``runs`` of a line cropped at image column ``x0`` (ink height ``ink_h``) stand on it (three
    glyphs or more no wider than a cell, and every run, touching glyphs too, centred on the
    whole cells its width makes); else None. The ink heights are not compared: a line box's
    ink takes in the letters of the lines above and below."""
    if grid is None or len(runs) < 2:
        return None
    pitch, origin, _ = grid
    if pitch > COHERENT_MAX_PITCH * ink_h:   # letters, not icons set at some pitch
        return None
    if (runs[:, 1] - runs[:, 0] <= pitch).sum() < 3:
        return None
    off, too_wide = _cells_filled(runs, pitch, origin - x0)     # every run fills whole cells
    if off.max() > NEIGHBOUR_FIT or too_wide.any():
        return None
    return pitch, origin - x0


def _split_line(gray: np.ndarray, box, gap_factor: float = 0.8, icon_gap: float = 0.25, contrast: int = 40,
                rgb: np.ndarray | None = None, neighbour: tuple[float, float, int] | None = None) -> tuple:
    """`split_line`, also given the monospace grid of a box beside this one on its row
    (``neighbour``: pitch, origin in image columns, ink height; `_neighbour_grid`). Returns
    (text boxes, icon boxes, grid): the grid its runs stand on, the same way as ``neighbour``,
    when its glyphs line up closely on it (`_coherent_pitch`) or on the neighbour's; else None."""
    # runs are found inside the frame (fy0, fy1). Text boxes keep the detector's rows (y0, y1)
    # unless the frame has a side too: a field's bottom border left in the crop turns the
    # recognizer's "Filter" into "Fiter", but a menu bar's "Command" cut off from the rule under
    # the bar reads "C ommand"
    x0, fy0, x1, fy1 = inside_frame(gray, box, contrast)
    y0, y1 = (fy0, fy1) if (x0, x1) != (int(box[0]), int(box[2])) else (int(box[1]), int(box[3]))
    line = line_ink(gray, (x0, fy0, x1, fy1), contrast, rgb)
    if line is None:
        return ([(x0, y0, x1, y1)], [], None) if gray[y0:y1, x0:x1].size else ([], [], None)
    line = without_strays(without_rules(line))
    runs = true_runs(line.ink.any(axis=0))
    sides = frame_sides(line)
    sides = sides[[cornered(gray, line, side, contrast) for side in sides]] if len(sides) else sides
    if len(sides):   # frames inside the line: their borders go, each side is a cut
        line = without_frames(line, sides)
        runs = true_runs(line.ink.any(axis=0))
    r0, r1 = line.rows
    if len(runs) == 1 and box_like(line, runs[0]):   # a check box on its own
        return [], [(x0 + int(runs[0, 0]), fy0 + r0, x0 + int(runs[0, 1]), fy0 + r1 + 1)], None
    if len(runs) <= 1:
        return [(x0, y0, x1, y1)], [], None
    gaps = runs[1:, 0] - runs[:-1, 1]
    # group ink runs into words/phrases: cut at gaps clearly wider than a word space or holding
    # a frame's side, then where the style changes at a word space
    walled = np.zeros(len(gaps), bool)
    for a, _ in sides:
        walled |= (runs[:-1, 1] <= a) & (runs[1:, 0] > a)
    # ... or beside a frame's wall joined to the ink past it (`frame_walls`: a stepper column)
    for a, b in frame_walls(line, runs):
        if cornered(gray, line, np.array([a, b]), contrast):
            walled |= runs[1:, 0] == a
    grid, coherent = _monospace_grid(runs, line.ink_h)
    # a grid its glyphs line up on closely (`_coherent_pitch`) is lent to the boxes beside it
    # and spaces its runs however few their letters (`monospace.grid_spaces`); a looser one only
    # decides where the line is cut
    sure = grid if coherent else None
    if grid is None:
        grid = sure = _neighbour_grid(runs, line.ink_h, x0, neighbour)
    if grid is None:
        wide = gaps > gap_factor * line.ink_h
    else:   # a monospace line (an editor's, a terminal's): one empty cell is a word space
        cells = grid_cells(runs, grid)
        wide = cells[1:, 0] - cells[:-1, 1] > MONOSPACE_COLUMN_CELLS
    groups = [part for g in np.split(runs, np.flatnonzero(wide | walled) + 1)
              for part in split_by_style(line, g, grid=grid)]
    pad = 2
    texts, icons = [], []
    for g_i, group in enumerate(groups):
        following = groups[g_i + 1] if g_i + 1 < len(groups) else group[:0]
        if dotted(line, group):   # a toolbar's grip or a vertical ellipsis: no letters (the
            continue              # segmenter finds an ellipsis; a grip is nothing to click)
        if leading_icon(line, group, following, icon_gap, grid):
            icons.append((x0 + int(group[0, 0]), fy0 + r0, x0 + int(group[0, 1]), fy0 + r1 + 1))
            group = group[1:]
            if not len(group):
                continue
        # the padding stops short of a frame's side
        lo = max([0, *(b for _, b in sides if b <= group[0, 0])])
        hi = min([x1 - x0, *(a for a, _ in sides if a >= group[-1, 1])])
        gx0 = x0 + max(lo, int(group[0, 0]) - pad)
        gx1 = x0 + min(hi, int(group[-1, 1]) + pad)
        texts.append((gx0, y0, gx1, y1))
    in_image = lambda g: None if g is None else (g[0], g[1] + x0, line.ink_h)  # noqa: E731
    return texts, icons, in_image(sure)


def over_cut_strokes(gray: np.ndarray, xyxy: np.ndarray, contrast: int = 40, stroke: int = 2, pad: int = 2
                     ) -> np.ndarray:
    """The detector's line boxes ``(N, 4)`` grown over a letter's stroke their left edge cuts
    through: a detector box as tall as the x-height of "rows" starts one column into the
    "r", and the recognizer reads what is left as "OWS". A cut stroke is ink at most ``stroke``
    px wide just outside the edge, on rows where the edge column is inked too, at least half as
    tall as the box's ink and inside its rows (not a frame's side, not a comma); the box then
    takes it in with ``pad`` px of background, which the recognizer needs to read the letter."""
    out = np.asarray(xyxy, np.int32).reshape(-1, 4).copy()
    for i, (x0, y0, x1, y1) in enumerate(out.tolist()):
        if y1 - y0 < 6 or x1 - x0 < 2:
            continue
        lo = max(0, x0 - stroke - pad)                   # the box and the columns left of it
        crop = gray[y0:y1, lo:x1].astype(np.int16)
        bg = int(np.median(crop[:, x0 - lo:]))
        # the left edge only: past a right edge, a "stroke" was as often the next run's "(" or ","
        inked = np.abs(crop[:, x0 - lo] - bg) > contrast
        outside = [x0 - k for k in range(1, stroke + pad + 1)]
        if not inked.any() or outside[0] < 0:
            continue
        cols = [np.abs(crop[:, c - lo] - bg) > contrast if c >= 0 else np.zeros_like(inked) for c in outside]
        rows = np.flatnonzero(cols[0])
        # a letter's cut stem goes on from the edge column's ink and stays inside the rows the
        # box's ink fills; a frame's side runs the box's whole height, a comma is short
        box_rows = np.flatnonzero((np.abs(crop[:, x0 - lo:] - bg) > contrast).any(axis=1))
        if (not len(rows) or not (cols[0] & inked).any() or len(rows) >= 0.9 * (y1 - y0)
                or rows[0] < box_rows[0] or rows[-1] > box_rows[-1]
                or len(rows) < 0.5 * (box_rows[-1] - box_rows[0] + 1)):
            continue
        n = next((k for k, c in enumerate(cols) if not c.any()), None)
        if n is None or n > stroke or any(c.any() for c in cols[n:n + pad]):
            continue          # wider than a stroke, or more ink beyond it: not a cut letter
        out[i, 0] = max(0, x0 - min(n + pad, len(outside)))
    return out


def with_leading_marks(gray: np.ndarray, xyxy: np.ndarray, contrast: int = 40, reach: float = 1.0,
                       max_gap: float = 0.3, mark_h: float = 0.45, top: float = 0.5) -> np.ndarray:
    """The detector's line boxes ``(N, 4)`` grown left over the marks the detector leaves out:
    an opening quote or backtick ('"_retries"', '`mode2`') drawn above the x-height, and a glyph
    cut through at the box's edge (an underscore's first pixels). Going left from a box's edge
    within ``reach`` box heights, each ink blob (column runs 1-2 px apart merged) at most
    ``max_gap`` heights from the ink on its right is taken while it is small (at most ``mark_h``
    heights tall and 0.35 wide, 0.6 when flat as a dash) and either ends in the top ``top`` of the
    box or touches the edge. A bullet (mid-height), an icon (tall) and ink another box holds are not taken."""
    out = np.asarray(xyxy, np.int32).reshape(-1, 4).copy()
    for i, (x0, y0, x1, y1) in enumerate(out.tolist()):
        h = y1 - y0
        lo = max(0, x0 - int(round(reach * h)))
        if h < 6 or lo >= x0 or x1 <= x0:
            continue
        if (intersections(np.array([[lo, y0, x0, y1]]), np.delete(out, i, axis=0)) > 0).any():
            continue      # another box's ink
        bg = int(np.median(gray[y0:y1, x0:x1]))
        ink = np.abs(gray[y0:y1, lo:x0].astype(np.int16) - bg) > contrast
        runs = true_runs(ink.any(axis=0))
        if not len(runs):
            continue
        # a quote's two strokes are one blob: column runs at most 8 % of the height apart merge
        apart = runs[1:, 0] - runs[:-1, 1] > max(1, int(round(0.08 * h)))
        blobs = [(int(g[0, 0]), int(g[-1, 1])) for g in np.split(runs, np.flatnonzero(apart) + 1)]
        start = x0 - lo
        for a, b in reversed(blobs):
            if start - b > max_gap * h or (a == 0 and lo > 0):      # too far, or cut by the window
                break
            rows = np.flatnonzero(ink[:, a:b].any(axis=1))
            tall = rows[-1] - rows[0] + 1
            # a mark is narrow; an underscore or a dash cut at the edge is flat and may be wider
            small = tall <= mark_h * h and b - a <= (0.6 if tall <= max(2, 0.1 * h) else 0.35) * h
            if not small or not (rows[-1] < top * h or start - b <= 1):
                break
            start = a
        out[i, 0] = lo + start
    return out


def split_lines(gray: np.ndarray, xyxy: np.ndarray, rgb: np.ndarray | None = None
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Split every line box (colours from ``rgb`` when given). Returns (text boxes, index of
    the source line per text box, icon boxes); `split_lines_on_grids` says more."""
    return split_lines_on_grids(gray, xyxy, rgb)[:3]


def split_lines_on_grids(gray: np.ndarray, xyxy: np.ndarray, rgb: np.ndarray | None = None
                         ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`split_lines`, and (M, 6) float the text boxes cut from monospace lines whose glyphs
    line up closely on their grid (`_coherent_pitch`): box x0, y0, x1, y1, then the pitch and
    origin (image column) of its line's grid. A line box too short to show a grid of its own
    takes that of a box beside it on its row (`_neighbour_grid`)."""
    split = [_split_line(gray, box, rgb=rgb) for box in xyxy]
    # only a line's own grid is lent (no chains of borrowed ones)
    for i, j in _row_neighbours(xyxy, [grid for *_, grid in split]):
        split[i] = _split_line(gray, xyxy[i], rgb=rgb, neighbour=split[j][2])
    texts, owners, icons, grids = [], [], [], []
    for i, (t, ic, grid) in enumerate(split):
        texts += t
        owners += [i] * len(t)
        icons += ic
        if grid is not None:
            grids += [(*box, grid[0], grid[1]) for box in t]
    as_boxes = lambda b: np.array(b, np.int32).reshape(-1, 4)  # noqa: E731
    return as_boxes(texts), np.array(owners, np.int64), as_boxes(icons), np.array(grids, np.float64).reshape(-1, 6)


def _row_neighbours(xyxy: np.ndarray, grids: list) -> list[tuple[int, int]]:
    """(i, j) pairs of line boxes ``xyxy`` (N, 4): box i has no monospace grid (``grids``, one
    per box: (pitch, origin, ink height) or None) and box j, which has one, stands beside it on
    its row (their rows overlap by 70% of the shorter box) no more than `NEIGHBOUR_CELLS` of j's
    cells away; the nearest such j."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    has = np.array([g is not None for g in grids], bool)
    if not has.any() or has.all():
        return []
    i, j = np.flatnonzero(~has), np.flatnonzero(has)
    pitch = np.array([grids[k][0] for k in j])
    h = b[:, 3] - b[:, 1]
    overlap = np.minimum(b[i, None, 3], b[None, j, 3]) - np.maximum(b[i, None, 1], b[None, j, 1])
    gap = np.maximum(b[i, None, 0] - b[None, j, 2], b[None, j, 0] - b[i, None, 2]).astype(np.float64)
    ok = (overlap >= 0.7 * np.minimum(h[i, None], h[None, j])) & (gap <= NEIGHBOUR_CELLS * pitch[None, :])
    gap[~ok] = np.inf
    nearest = gap.argmin(axis=1)
    rows = np.flatnonzero(ok.any(axis=1))
    return [(int(i[r]), int(j[nearest[r]])) for r in rows]


#: Rows of a table around a run searched for its columns (`split_at_columns`), in run heights.
COLUMN_REACH = 15


def split_at_columns(gray: np.ndarray, xyxy: np.ndarray, contrast: int = 40, min_rows: int = 3,
                     pad: int = 2) -> np.ndarray:
    """Text run boxes (N, 4; x1/y1 exclusive, ink padded by ``pad``) with runs that span table
    columns cut in two at the word gaps where the rows around show a column boundary (see the
    module docstring): at least ``min_rows`` other rows within `COLUMN_REACH` run heights, their
    runs of about this run's height, hold a pair of neighbouring runs whose right one starts
    where the word after the gap starts and whose left one starts where this run's current piece
    starts or ends where the word before the gap ends (each within a fifth of the ink height, at
    least 3 px). ``gray``: (H, W) image the runs were found in."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    if len(b) < 1 + min_rows * 2:
        return np.asarray(xyxy, np.int32).reshape(-1, 4)
    h = np.maximum(1, b[:, 3] - b[:, 1])
    cy = (b[:, 1] + b[:, 3]) / 2
    # each run's right neighbour on its row: the nearest run starting after it, on its mid-line
    same_row = np.abs(cy[:, None] - cy[None, :]) <= 0.3 * h[:, None]
    gap = b[None, :, 0] - b[:, None, 2]
    gap = np.where(same_row & (gap >= -1), gap, np.iinfo(np.int64).max)
    np.fill_diagonal(gap, np.iinfo(np.int64).max)
    right = np.where(gap.min(axis=1) < np.iinfo(np.int64).max, gap.argmin(axis=1), -1)
    left_of = np.flatnonzero(right >= 0)             # A rows; B = right[A]
    if len(left_of) < min_rows:
        return np.asarray(xyxy, np.int32).reshape(-1, 4)
    a_box, b_box = b[left_of], b[right[left_of]]
    hb = h[right[left_of]]
    # near[i, k]: pair k lies on another row within reach of run i, of about its height, and its
    # right run starts inside run i
    dy = np.abs(cy[right[left_of]][None, :] - cy[:, None])
    near = ((dy > 0.5 * h[:, None]) & (dy <= COLUMN_REACH * h[:, None])
            & (hb[None, :] >= 0.7 * h[:, None]) & (hb[None, :] <= 1.4 * h[:, None])
            & (b_box[None, :, 0] > (b[:, 0] + h)[:, None]) & (b_box[None, :, 0] < (b[:, 2] - h)[:, None]))
    out = []
    for i, box in enumerate(b):
        if near[i].sum() < min_rows:
            out.append(box)
            continue
        out += _cut_at_columns(gray, box, a_box[near[i]], b_box[near[i]], contrast, min_rows, pad)
    return np.array(out, np.int32).reshape(-1, 4)


def _cut_at_columns(gray: np.ndarray, box, a_box: np.ndarray, b_box: np.ndarray, contrast: int, min_rows: int,
                    pad: int) -> list[np.ndarray]:
    """`split_at_columns` for one run ``box``, given the neighbouring-run pairs (A (K, 4), B
    (K, 4)) of the rows around it. Only word gaps (at least 0.3 of the ink height, 3 px) are
    cut, and only one at least 1.3 times as wide as the run's other word gaps (their median):
    table cells sit further apart than words, while in monospace text every word starts on the
    grid the lines around it share."""
    line = line_ink(gray, box, contrast)
    if line is None:
        return [box]
    runs = true_runs(line.ink.any(axis=0))
    x0 = int(box[0])
    ends, starts = x0 + runs[:-1, 1], x0 + runs[1:, 0]
    word = (starts - ends) >= max(3, 0.3 * line.ink_h)
    ends, starts = ends[word], starts[word]
    widths = starts - ends
    tol = max(3, 0.2 * line.ink_h)
    pieces, start = [], x0                           # start: the current piece's left edge (box)
    for k in range(len(ends)):
        others = np.delete(widths, k)
        if len(others) and widths[k] < 1.3 * np.median(others):
            continue
        starts_here = np.abs(b_box[:, 0] + pad - starts[k]) <= tol
        lined_up = (np.abs(a_box[:, 0] - start) <= tol) | (np.abs(a_box[:, 2] - pad - ends[k]) <= tol)
        if (starts_here & lined_up).sum() >= min_rows:
            pieces.append(np.array([start, box[1], ends[k] + pad, box[3]]))
            start = int(starts[k]) - pad
    if not pieces:
        return [box]
    return pieces + [np.array([start, box[1], box[2], box[3]])]
