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
progress bar's fill is as tall as its track.

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

#: A slider's region is at least this many times as wide as tall (qmmp's volume: 100 x 15 px).
MIN_ASPECT = 5.0
#: ... and at most this tall, in px at scale 1.
MAX_HEIGHT = 40
#: Share of the columns that must show only the track.
TRACK_SHARE = 0.7
#: Grey levels off the background that count as ink.
CONTRAST = 20
#: Grey levels off the background that count as ink in a marked slider's band: a dark theme's
#: track is faint (Adwaita-dark's: 19 levels), and the marks under it already say "slider".
MARKED_CONTRAST = 10
#: A slider's tick label has at most this many characters ("600 s", "100 %").
MARK_CHARS = 8
#: ... and starts at most this many of its heights under the track.
MARK_REACH = 1.5
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
             if is_slider_track(to_gray(rgb[b[r, 1]:b[r, 3], b[r, 0]:b[r, 2]]))]
    return np.array(found, np.int64)


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
