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


def is_slider_track(gray: np.ndarray) -> bool:
    """Whether the (H, W) grey crop of a region is a track with a knob (module docstring)."""
    h, w = gray.shape
    if h < 6 or w < MIN_ASPECT * h:
        return False
    background = np.median(np.concatenate([gray[0], gray[-1]]))
    ink = np.abs(gray.astype(np.int16) - int(background)) > CONTRAST
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
