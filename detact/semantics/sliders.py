"""A thin track with a knob on it is a slider.

Media players draw their seek bar as a line across the window with a round knob on it, and many
themes draw scales the same way: a track a few pixels thick and a knob much taller than it. The
segmenter finds the pair as one wide region, and the control classifier, which has seen few of
them without a frame, calls it a text box or a combo box. The shape says what it is: a region
at least ``MIN_ASPECT`` times as wide as tall and at most ``MAX_HEIGHT`` px tall (at scale 1),
holding no other element, whose ink (pixels off the background, which is the median of its
top and bottom rows) is

- a track: in at least ``TRACK_SHARE`` of its columns the ink is at most ``track`` rows tall
  (the larger of 6 px and half the region's height) and centred within 2 px of one row, and
- a knob: one run of columns whose ink is at least 1.5 times as tall as the track and 0.6 of
  the region's height, at least a third of that height wide and at most 2.5 heights, centred
  on the track's row within a track's thickness.

A text field's frame has ink at its top and bottom in every column, a rule has no knob, and a
progress bar's fill is as tall as its track. Ink is ``CONTRAST`` grey levels off, or where that
finds no track, ``MARKED_CONTRAST`` (a dark theme's track past its knob is faint).

A slider with marks (GTK's scale with `gtk_scale_add_mark`: "0.5 s  1 s  2 s ... 10 s" under the
track) is one region to the segmenter, the track over its tick labels, and the labels alone look
like a row of tabs. `marked_sliders`: a group box (the layout's) that holds two or more short texts (their centres)
(at most `MARK_CHARS` characters each) on one line, anything else in it reaching no higher than
those texts' top minus one text height (the marks cut into icons), is a slider when the band over
the texts (from the box's top to the texts' median top, at most ``MAX_HEIGHT`` px tall at scale 1)
is a track with a knob as above, ink counted from ``MARKED_CONTRAST`` grey levels (a dark theme's
faint track). That band is the slider (what a click or a drag must hit); the marks
are its children, text. When the segmenter found the track alone (a region `slider_tracks` takes),
the short texts on one line right under it (`marks_under`: two or more, their tops within
`MARK_REACH` of their height below the track, across its width) are its marks the same way.

The layout does not always draw a group round a slider and its marks alone, and a theme's track
may be faint, its knob a small pin, the ticks drawn between track and labels (`marks_over`): a
line of two or more short texts (at most `MARK_CHARS` characters, one in two may be two marks
read as one, up to twice that; half of them or more holding a digit: "0.5 s", "100 %", where a
row of buttons or tabs holds words), within `MARK_GAP` heights of each other, is a slider's
marks when the band over them (up to the lowest element above, at most ``MAX_HEIGHT`` px at scale 1) holds
a track (`track_over_marks`): a line of ink (``MARKED_CONTRAST`` grey levels off the band's
median) one to `TRACK_ROWS` px thick (at scale 1) running unbroken (gaps of 2 px at most) at
least `TRACK_LENGTH` label heights, with two or more of the marks centred along it, and one knob
on it: a single run of columns, 1.5 track thicknesses to 2.5 band heights wide, whose ink
reaches past the track both above and below it (a tick hangs from one side only), about as far
(within a factor of 3, unless it runs on out of the band's bottom behind the marks' tops: a
hollow knob in Numix) and not up to the band's top (walls of buttons do), as wide as 0.4 to 2.5
times its height (a blob, not a scroll bar's edge).

A number on a slider's row right before or after its track (within `VALUE_REACH` of the
number's height) is the value the slider shows (`slider_values`: GTK's scale with its value
drawn, "71 ----o----"): text, the slider's child and its value, not its name nor a spin box.

A speaker icon is a slider too (`volume_buttons`): GTK's volume button (GtkVolumeButton, a media
player's control bar) shows only the speaker and opens its scale on a click, and accessibility
tools call it a slider named "Volume". A speaker with a slider track right beside it on its row
(within `VOLUME_REACH` of its height) is that slider's mute toggle instead (qmmp's), and stays
what it was.
"""
from __future__ import annotations

import numpy as np

from ..boxes import holds_none
from ..elements import Elements
from ..text.fast import to_gray
from ..text.split import true_runs
from .compounds import numeric_text
from .siblings import aligned_lines

#: A slider's region is at least this many times as wide as tall (qmmp's volume: 100 x 15 px).
MIN_ASPECT = 5.0
#: ... and at most this tall, in px at scale 1.
MAX_HEIGHT = 40
#: Share of the columns that must show only the track.
TRACK_SHARE = 0.7
#: Grey levels off the background that count as ink.
CONTRAST = 20
#: Grey levels off the background that count as ink in a marked slider's band, or in a region
#: where `CONTRAST` finds no track: a dark theme's track is faint (Adwaita-dark's: 19 levels).
MARKED_CONTRAST = 10
#: A slider's tick label has at most this many characters ("600 s", "100 %").
MARK_CHARS = 8
#: ... and starts at most this many of its heights under the track.
MARK_REACH = 1.5
#: Marks on one line stand at most this many of their heights apart (a log scale's: "2 s ... 5 s").
MARK_GAP = 6.0
#: A track running on to the edge of the band looked at is looked for this many times more, twice as far
#: past the marks each time.
WIDENINGS = 3
#: The background under a slider's band is taken over this many mark heights of columns (a knob is at
#: most 2.5 band heights wide).
BACKGROUND_WIDTH = 6
#: A track over marks is at most this many px thick at scale 1 ...
TRACK_ROWS = 8
#: ... and runs at least this many of the marks' heights. A region covering this share of its
#: length, about as wide and tall as its band, is the segmenter's box round it (`track_regions`).
TRACK_LENGTH = 6
TRACK_COVER = 0.8
#: Icon functions of a speaker with its sound waves: what a volume button shows (GTK's
#: audio-volume-high, -medium and -low icons). A crossed-out speaker is more often a mute toggle
#: (qmmp's, its slider apart from it) than a volume button turned down to nothing.
VOLUME_FUNCTIONS = ("volume", "volume down")
#: A speaker with a slider this many of its heights away on its row is the slider's mute toggle.
VOLUME_REACH = 1.0
#: A speaker with a text starting this many of its heights away on its right is that text's icon.
LABEL_REACH = 4.0
#: Roles of a list's, a menu's or a tab row's items: a speaker among them is their icon.
ITEM_ROLES = ("listitem", "menuitem", "tab")


def is_slider_track(gray: np.ndarray, contrast: int = CONTRAST) -> bool:
    """Whether the (H, W) grey crop of a region is a track with a knob (module docstring), ink
    being ``contrast`` grey levels off the background."""
    h, w = gray.shape
    if h < 6 or w < MIN_ASPECT * h:
        return False
    background = np.median(np.concatenate([gray[0], gray[-1]]))
    ink = np.abs(gray.astype(np.int16) - int(background)) > contrast
    has = ink.any(axis=0)
    if has.mean() < TRACK_SHARE:
        return False
    rows = np.arange(h)[:, None]
    top = np.where(ink, rows, h).min(axis=0)
    bottom = np.where(ink, rows, -1).max(axis=0)
    extent = np.where(has, bottom - top + 1, 0)
    centre = (top + bottom) / 2
    track = max(6.0, h / 2)
    thin = has & (extent <= track)
    if thin.mean() < TRACK_SHARE:
        return False
    line = float(np.median(centre[thin]))
    if (np.abs(centre[thin] - line) > 2).mean() > 0.1:
        return False
    thickness = float(np.median(extent[thin]))
    tall = has & (extent >= max(1.5 * thickness, 0.6 * h)) & (np.abs(centre - line) <= max(thickness, 2))
    knobs = [(a, b) for a, b in true_runs(tall).tolist() if h / 3 <= b - a <= 2.5 * h]
    # everything tall is the knob: one run, nothing else standing off the track
    return len(knobs) == 1 and int(tall.sum()) - (knobs[0][1] - knobs[0][0]) <= 2


def slider_tracks(rgb: np.ndarray, elements: Elements, scale: float = 1.0) -> np.ndarray:
    """Rows of ``elements`` (on the RGB uint8 ``rgb``) that are sliders drawn as a track with a
    knob: regions of the module docstring's shape holding no other element."""
    b = elements.xyxy.astype(np.int64)
    w, h = b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]
    rows = np.flatnonzero((elements.kind == "region") & (h <= MAX_HEIGHT * scale) & (w >= MIN_ASPECT * h))
    found = [r for r in holds_none(b, rows).tolist()
             if track_at_either_contrast(to_gray(rgb[b[r, 1]:b[r, 3], b[r, 0]:b[r, 2]]))]
    return np.array(found, np.int64)


def track_at_either_contrast(gray: np.ndarray) -> bool:
    """`is_slider_track` with ink `CONTRAST` grey levels off the background, or failing that
    `MARKED_CONTRAST` (a dark theme's track past the knob: Adwaita-dark's, 19 levels off)."""
    return is_slider_track(gray) or is_slider_track(gray, MARKED_CONTRAST)


def marked_sliders(rgb: np.ndarray, elements: Elements, groups: np.ndarray, scale: float = 1.0
                   ) -> tuple[np.ndarray, list[np.ndarray], np.ndarray]:
    """Sliders with marks (module docstring) among the (G, 4) ``groups`` on the RGB uint8
    ``rgb``: their (K, 4) boxes (the track's band), for each the rows of ``elements`` in its
    group (its marks), and the (K, 4) group boxes."""
    groups = np.asarray(groups, np.int64).reshape(-1, 4)
    none = np.zeros((0, 4), np.int64)
    if not len(groups) or not len(elements):
        return none, [], none
    b = elements.xyxy.astype(np.int64)
    # (a mark's label may hang below the box the layout drew round the row: its centre is in)
    cx, cy = (b[:, 0] + b[:, 2]) / 2, (b[:, 1] + b[:, 3]) / 2
    inside = ((cx[None] >= groups[:, None, 0]) & (cx[None] < groups[:, None, 2])
              & (cy[None] >= groups[:, None, 1]) & (cy[None] < groups[:, None, 3]))
    is_text = elements.kind == "text"
    short = _mark_like(elements.text)
    boxes, parts, found = [], [], []
    for g, box in enumerate(groups):
        rows = np.flatnonzero(inside[g])
        texts = rows[is_text[rows]]
        if len(texts) < 2 or not short[texts].all():
            continue
        # (the marks' middle top: a tick read into a label's box reaches up into the band)
        top, bottom = int(np.median(b[texts, 1])), b[texts, 3].max()
        height = int(np.median(b[texts, 3] - b[texts, 1]))
        if b[texts, 1].max() >= b[texts, 3].min():                 # the marks' labels share one line
            continue
        others = rows[~is_text[rows]]
        if (b[others, 1] < top - height).any() or (b[others, 3] > bottom + height).any():
            continue
        band = (int(box[0]), int(box[1]), int(box[2]), int(top))
        if not 6 <= band[3] - band[1] <= MAX_HEIGHT * scale:
            continue
        if is_slider_track(to_gray(rgb[band[1]:band[3], band[0]:band[2]]), MARKED_CONTRAST):
            boxes.append(band)
            parts.append(rows)
            found.append(box)
    return np.array(boxes, np.int64).reshape(-1, 4), parts, np.array(found, np.int64).reshape(-1, 4)


def marks_over(rgb: np.ndarray, elements: Elements, scale: float = 1.0, taken: np.ndarray | None = None,
               found: np.ndarray | None = None) -> tuple[np.ndarray, list[np.ndarray]]:
    """Sliders found from their marks (module docstring, `marks_over`) on the RGB uint8 ``rgb``,
    marks not among the rows ``taken``, tracks crossing none of the (F, 4) sliders ``found``
    already: their (K, 4) boxes (the track's length, from the knob's top to the marks' top) and
    for each the rows of ``elements`` that are its marks."""
    b = elements.xyxy.astype(np.int64)
    is_text = elements.kind == "text"
    chars = np.array([len(str(t).strip()) for t in elements.text])
    mark = is_text & (chars > 0) & (chars <= 2 * MARK_CHARS)
    free = np.ones(len(b), bool)
    if taken is not None:
        free[np.asarray(taken, np.int64)] = False
    mark &= free
    candidates = np.flatnonzero(mark)
    boxes, parts = [], []
    for line in aligned_lines(b[candidates], scale, axes=("row",), row_gap=MARK_GAP, min_line=2):
        rows = candidates[line]
        half = max(2, (len(rows) + 1) // 2)
        if (chars[rows] <= MARK_CHARS).sum() < half \
                or sum(any(c.isdigit() for c in str(elements.text[r])) for r in rows) < half:
            continue
        slider = _slider_over(rgb, b, elements.kind, rows, scale)
        if slider is None:
            continue
        box, marks = slider
        # ... with the marks under its track the line left out (a gap past `MARK_GAP` where one
        # was not read)
        h = float(np.median(b[marks, 3] - b[marks, 1]))
        cx = (b[:, 0] + b[:, 2]) / 2
        under = (np.abs(b[:, 1] - box[3]) <= h / 2) & (cx >= box[0] - h) & (cx <= box[2] + h)
        # (and a glyph of one cut out as an icon or a region of its own: "1" of "1 s")
        glyph = free & ~is_text & ((b[:, 2:] - b[:, :2]).max(axis=1) <= h) & (b[:, 3] <= box[3] + 1.5 * h)
        marks = np.union1d(marks, np.flatnonzero(under & ((mark & (chars <= MARK_CHARS)) | glyph)))
        # marks of one slider read as two lines (a misread mark sits lower) find one track
        same = [k for k, o in enumerate(boxes) if o[0] < box[2] and box[0] < o[2] and o[1] < box[3] and box[1] < o[3]]
        if same:
            k = same[0]
            boxes[k] = (min(boxes[k][0], box[0]), min(boxes[k][1], box[1]), max(boxes[k][2], box[2]),
                        max(boxes[k][3], box[3]))
            parts[k] = np.union1d(parts[k], marks)
        else:
            boxes.append(box)
            parts.append(marks)
    boxes = np.array(boxes, np.int64).reshape(-1, 4)
    if found is not None and len(found) and len(boxes):
        f = np.asarray(found, np.int64).reshape(-1, 4)
        crossing = ((boxes[:, None, 0] < f[None, :, 2]) & (f[None, :, 0] < boxes[:, None, 2])
                    & (boxes[:, None, 1] < f[None, :, 3]) & (f[None, :, 1] < boxes[:, None, 3])).any(axis=1)
        boxes, parts = boxes[~crossing], [p for p, c in zip(parts, crossing) if not c]
    return boxes, parts


def track_regions(kind: np.ndarray, xyxy: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """For each of the (K, 4) slider ``boxes`` (`marks_over`), the row of the region (``kind``
    "region"; ``xyxy`` (N, 4)) the segmenter drew round its track -- the widest covering at least
    `TRACK_COVER` of the box's width, at most twice as wide and tall, reaching into its band -- or -1."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    out = np.full(len(boxes), -1, np.int64)
    regions = np.flatnonzero(np.asarray(kind) == "region")
    for k, (x0, y0, x1, y1) in enumerate(np.asarray(boxes, np.int64).reshape(-1, 4).tolist()):
        r = regions[(np.minimum(b[regions, 2], x1) - np.maximum(b[regions, 0], x0) >= TRACK_COVER * (x1 - x0))
                    & (b[regions, 1] < y1) & (b[regions, 3] > y0) & (b[regions, 2] - b[regions, 0] <= 2 * (x1 - x0))
                    & (b[regions, 3] - b[regions, 1] <= 2 * (y1 - y0))]
        if len(r):
            out[k] = r[np.argmax(b[r, 2] - b[r, 0])]
    return out


def boxes_round_sliders(boxes: np.ndarray, sliders: np.ndarray, marks_of: list[np.ndarray]) -> np.ndarray:
    """Which of the (M, 4) ``boxes`` (the segmenter's regions, the layout's groups) are drawn round
    a slider (a track's (K, 4) box in ``sliders``) and its marks (``marks_of``: the (m, 4) boxes
    of each one's) together: holding the track (within 2 px) and the marks' centres, reaching no
    further than they do (both within a third of a mark's height). That is the slider's group, no
    element of its own (a text box to the classifier); the slider stays its track. (M,) bool."""
    r = np.asarray(boxes, np.int64).reshape(-1, 4)
    out = np.zeros(len(r), bool)
    for track, marks in zip(np.asarray(sliders, np.int64).reshape(-1, 4), marks_of):
        marks = np.asarray(marks, np.int64).reshape(-1, 4)
        if not len(marks):
            continue
        inner = np.concatenate([np.minimum(marks[:, :2].min(axis=0), track[:2]),
                                np.maximum(marks[:, 2:].max(axis=0), track[2:])])
        pad = max(2, int(np.median(marks[:, 3] - marks[:, 1])) // 3)
        centres = (marks[:, :2] + marks[:, 2:]) / 2
        # (a mark centred under the track's end hangs out of the box by half its width: "1 s")
        holds = (r[:, :2] <= track[:2] + 2).all(axis=1) & (r[:, 2:] >= track[2:] - 2).all(axis=1) \
            & (r[:, None, :2] - pad <= centres[None]).all(axis=(1, 2)) & (r[:, None, 2:] + pad >= centres[None]).all(axis=(1, 2))
        tight = (r[:, :2] >= inner[:2] - pad).all(axis=1) & (r[:, 2:] <= inner[2:] + pad).all(axis=1)
        # (not the track's own box, where the segmenter drew one)
        own = (np.abs(r - track) <= 2).all(axis=1)
        out |= holds & tight & ~own
    return out


def _slider_over(rgb: np.ndarray, b: np.ndarray, kind: np.ndarray, rows: np.ndarray, scale: float
                 ) -> tuple[tuple[int, int, int, int], np.ndarray] | None:
    """The box of the slider whose marks are among ``rows`` of ``b`` (N, 4) (one line of short
    texts), and those marks; None when the band over them holds no track with a knob."""
    h = int(np.median(b[rows, 3] - b[rows, 1]))
    top = int(np.median(b[rows, 1]))
    # the band stops at the lowest element over the marks (the slider's label): not at a
    # region, which may be the segmenter's box round the track itself
    x0, x1 = int(b[rows, 0].min()), int(b[rows, 2].max())
    over = np.flatnonzero((kind != "region") & (b[:, 3] <= top) & (b[:, 0] < x1) & (b[:, 2] > x0))
    band_top = max(int(b[over, 3].max()) if len(over) else 0, top - int(MAX_HEIGHT * scale))
    if top - band_top < 6:
        return None
    # the track runs past the marks read (a misread one drops out of the line), twice as far
    # again while it runs on to the window's edge, the band then stopping at the lowest element over
    # the track found so far
    found = None                                    # (start, end, knob's top) in the image
    for reach in 2 ** np.arange(WIDENINGS + 1):
        if found is not None:
            over = np.flatnonzero((kind != "region") & (b[:, 3] <= top) & (b[:, 0] < found[1]) & (b[:, 2] > found[0]))
            band_top = max([band_top] + b[over, 3].tolist())
            if top - band_top < 6:
                break
        window_top = max(0, band_top - h)
        a, e = max(0, x0 - int(reach) * TRACK_LENGTH * h), min(rgb.shape[1], x1 + int(reach) * TRACK_LENGTH * h)
        # (over the band, the columns no element there covers: where a knob may show)
        above = np.flatnonzero((kind != "region") & (b[:, 3] > window_top) & (b[:, 1] < band_top)
                               & (b[:, 0] < e) & (b[:, 2] > a))
        clear = np.ones(e - a, bool)
        for r in above.tolist():
            clear[max(0, b[r, 0] - a):max(0, b[r, 2] - a)] = False
        track = track_over_marks(to_gray(rgb[window_top:top, a:e]), h, scale, band_top - window_top, clear)
        if track is None:
            # (a knob breaking the track may leave too short a piece in the window: look wider)
            if found is None and (a > 0 or e < rgb.shape[1]):
                continue
            break
        found = (a + track[0], a + track[1], window_top + track[2])
        if (track[0] > 0 or a == 0) and (track[1] < e - a or e == rgb.shape[1]):
            break
    if found is None:
        return None
    t0, t1, knob_top = found
    cx = (b[rows, 0] + b[rows, 2]) / 2
    marks = rows[(cx >= t0 - h) & (cx <= t1 + h)]
    if len(marks) < 2:
        return None
    return (t0, knob_top, t1, top), marks


def track_over_marks(gray: np.ndarray, mark_height: int, scale: float = 1.0, over: int = 0,
                     clear: np.ndarray | None = None) -> tuple[int, int, int] | None:
    """The columns (start, end) of the track with a knob in the (H, W) grey band over a slider's
    marks ``mark_height`` px tall (module docstring, `marks_over`) and the knob's top row, or None.
    over: rows at the top of ``gray`` above the band, where only the knob may reach (the band
    stops at the slider's label, which a knob may stand higher than); clear: (W,) bool, the
    columns where a knob's top may be seen in those rows (no element there; default none).
    Ink is what stands off the band's median grey; where that finds no track, what stands off
    the grey under each column (`band_background`: the band runs past a dialog's edge)."""
    background = np.full(gray.shape[1], int(np.median(gray[over:])), np.int16)
    clear = np.zeros(gray.shape[1], bool) if clear is None else np.asarray(clear, bool)
    track = _track_over_marks(gray, background, mark_height, scale, over, clear)
    if track is None:
        track = _track_over_marks(gray, band_background(gray[over:], mark_height), mark_height, scale, over, clear)
    return track


def _track_over_marks(gray: np.ndarray, background: np.ndarray, mark_height: int, scale: float, over: int,
                      clear: np.ndarray) -> tuple[int, int, int] | None:
    """`track_over_marks` with ink what stands off the (W,) ``background`` grey of its column."""
    h, w = gray.shape
    ink = np.abs(gray.astype(np.int16) - background[None, :]) > MARKED_CONTRAST
    # a line down the whole band (a pane's or a frame's edge) is none of the slider's
    ink[:, ink[over:].mean(axis=0) >= 0.9] = False
    # each row's longest run of ink, gaps of 2 px closed
    best = np.zeros(h, np.int64)
    spans = np.zeros((h, 2), np.int64)
    for y in range(h):
        runs = _closed(true_runs(ink[y]), 2)
        if not runs:
            continue
        a, e = max(runs, key=lambda r: r[1] - r[0])
        best[y], spans[y] = e - a, (a, e)
    long = best >= TRACK_LENGTH * mark_height
    long[:over] = False
    lines = true_runs(long)
    if not len(lines):
        return None
    # (a trough drawn as an outline is two such lines, its top and bottom)
    r0, r1 = int(lines[0, 0]), int(lines[-1, 1])
    thick = r1 - r0
    if thick > TRACK_ROWS * scale:
        return None
    # (a hollow knob breaks the track's line: the runs either side of it are one track, where
    # the knob's outline shows over or under the track across most of the gap)
    outline = ink[:r0].any(axis=0) | ink[r1:].any(axis=0)
    for y in np.flatnonzero(long).tolist():
        chain = [r for r in _closed(true_runs(ink[y]), int(2.5 * mark_height), outline) if r[0] <= spans[y, 0] < r[1]]
        spans[y] = chain[0]
    start, end = int(np.median(spans[long, 0])), int(np.median(spans[long, 1]))
    if end - start < TRACK_LENGTH * mark_height:
        return None
    # the knob: ink past the track on both sides, in one run of columns along it (an outlined
    # knob cut by a tight band shows only its sides: gaps up to a mark's height are closed)
    # (a label drawn right over the track leaves the band a row or two over it: the knob's top
    # shows over the band, where no element is)
    knob = (ink[over:r0].any(axis=0) | (ink[:over].any(axis=0) & clear)) & ink[r1:].any(axis=0)
    knob[:start], knob[end:] = False, False
    runs = _closed(true_runs(knob), mark_height)
    if len(runs) != 1 or not 1.5 * thick <= runs[0][1] - runs[0][0] <= 2.5 * h:
        return None
    # ... a blob on the track, as far over it as under it within a factor of 3, clear of the
    # band's top (the walls of buttons over and under a rule reach on out of the band)
    a, e = runs[0]
    rows = ink[:, a:e].any(axis=1)
    up = int(np.argmin(rows[:r0][::-1])) if not rows[:r0].all() else r0
    down = int(np.argmin(rows[r1:])) if not rows[r1:].all() else h - r1
    tall = up + thick + down
    # (a knob that reaches the band's bottom runs on behind the marks' tops: how far is unknown)
    cut = bool(rows[r1:].all())
    if up == r0 or not ((up <= 3 * down or cut) and down <= 3 * up) or not 0.4 * tall <= e - a <= 2.5 * tall:
        return None
    return start, end, r0 - up


def band_background(gray: np.ndarray, width: int) -> np.ndarray:
    """(W,) int16: the background grey under each column of the (H, W) grey band: the median of
    each column's, then the median of those over ``BACKGROUND_WIDTH`` times ``width`` columns
    round it -- a track, a tick and a knob (narrower than that) are not background, but where a
    dialog ends and the window behind shows, the background changes."""
    columns = np.median(gray, axis=0)
    # (an odd window, no wider than the band: the output keeps the band's width)
    k = min(max(3, int(BACKGROUND_WIDTH * width)), len(columns))
    k -= 1 - k % 2
    padded = np.pad(columns, k // 2, mode="edge")
    return np.median(np.lib.stride_tricks.sliding_window_view(padded, k), axis=1).astype(np.int16)


def _closed(runs: np.ndarray, gap: int, bridge: np.ndarray | None = None) -> list[list[int]]:
    """The (K, 2) ``runs`` (start, end; sorted, apart) with those at most ``gap`` apart joined;
    with ``bridge`` (W,) bool, only where it holds over at least half the columns between them."""
    joined: list[list[int]] = []
    for a, e in np.asarray(runs).reshape(-1, 2).tolist():
        if joined and a - joined[-1][1] <= gap \
                and (bridge is None or bridge[joined[-1][1]:max(a, joined[-1][1] + 1)].mean() >= 0.5):
            joined[-1][1] = e
        else:
            joined.append([a, e])
    return joined


def marks_under(kind: np.ndarray, xyxy: np.ndarray, text: np.ndarray, tracks: np.ndarray) -> list[np.ndarray]:
    """For each of the slider ``tracks`` (rows of ``xyxy`` (N, 4)), the rows of its marks: the
    texts (``kind`` "text") of at most `MARK_CHARS` characters on one line right under it (module
    docstring), or none (an empty array) when fewer than two."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    short = (np.asarray(kind) == "text") & _mark_like(text)
    h, cx = b[:, 3] - b[:, 1], (b[:, 0] + b[:, 2]) / 2
    out = []
    for r in np.asarray(tracks, np.int64).tolist():
        rows = np.flatnonzero(short & (b[:, 1] >= b[r, 3] - 1) & (b[:, 1] - b[r, 3] <= MARK_REACH * h)
                              & (cx >= b[r, 0] - h) & (cx <= b[r, 2] + h))
        one_line = len(rows) >= 2 and b[rows, 1].max() < b[rows, 3].min()
        out.append(rows if one_line else np.zeros(0, np.int64))
    return out


def _mark_like(text: np.ndarray) -> np.ndarray:
    """(N,) bool: which of the texts are short enough to be a slider's tick label (`MARK_CHARS`)."""
    return np.array([0 < len(str(t).strip()) <= MARK_CHARS for t in text], bool)


def volume_buttons(kind: np.ndarray, xyxy: np.ndarray, labels: np.ndarray, roles: np.ndarray) -> np.ndarray:
    """Rows of speaker icons (``kind`` "icon", ``labels`` in `VOLUME_FUNCTIONS`; boxes ``xyxy``
    (N, 4)) that are volume buttons (the module docstring): no element with role "slider"
    (``roles``) on their row (vertical centres within its height) within `VOLUME_REACH` of its
    height on either side, and no text starting within `LABEL_REACH` heights on its right (a
    list row's or menu item's icon before its label, maybe after another icon, or a button's
    label); roles of items (`ITEM_ROLES`) stay."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    kind, roles = np.asarray(kind), np.asarray(roles)
    rows = np.flatnonzero((kind == "icon") & np.isin(labels, VOLUME_FUNCTIONS) & ~np.isin(roles, ITEM_ROLES))
    found = []
    for r in rows.tolist():
        h = max(1.0, b[r, 3] - b[r, 1])
        level = np.abs((b[:, 1] + b[:, 3]) / 2 - (b[r, 1] + b[r, 3]) / 2) <= h
        gap = np.maximum(b[:, 0] - b[r, 2], b[r, 0] - b[:, 2])
        beside = level & (gap <= VOLUME_REACH * h)
        after = level & (kind == "text") & (b[:, 0] >= b[r, 2] - 1) & (b[:, 0] - b[r, 2] <= LABEL_REACH * h)
        if not (beside & (roles == "slider")).any() and not after.any():
            found.append(r)
    return np.array(found, np.int64)


#: A slider's shown value stands at most this many of its heights before or after the track.
VALUE_REACH = 1.5


def slider_values(kind: np.ndarray, xyxy: np.ndarray, text: np.ndarray, sliders: np.ndarray) -> dict[int, int]:
    """The value each of the ``sliders`` (rows of the (N, 4) boxes ``xyxy``) shows beside its
    track (module docstring): {slider row: text row}, a text that reads as a number
    (`compounds.numeric_text`), centred on the track's row within half its height, the nearer
    one when both sides hold one."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    cy = (b[:, 1] + b[:, 3]) / 2
    h = b[:, 3] - b[:, 1]
    number = (np.asarray(kind) == "text") & np.array([numeric_text(str(t)) for t in text], bool)
    out = {}
    for s in np.asarray(sliders, np.int64).tolist():
        gap = np.maximum(b[s, 0] - b[:, 2], b[:, 0] - b[s, 2])      # before or after the track
        near = np.flatnonzero(number & (gap >= -2) & (gap <= VALUE_REACH * h) & (np.abs(cy - cy[s]) <= h / 2))
        if len(near):
            out[s] = int(near[np.argmin(gap[near])])
    return out
