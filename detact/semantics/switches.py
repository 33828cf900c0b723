"""A switch is a pill with a knob at one end: on when the knob is at the right.

Every toolkit draws a switch the same way -- GTK and libadwaita, Material on the web and in
Flutter, Fluent, iOS: a track shaped like a pill (round ends, about twice as wide as tall) and a
disc, the knob, at one of its ends, in another colour. Which end tells the state, whatever the
colours (a blue track on a light theme, a slate one under a pale blue knob on a dark one, a grey
track when off): at the right, the switch is on (left-to-right layouts).

`pill_state` reads it from the pixels: the colours at the centres of the two ends differ, one
is the knob's and one the track's. Where they meet is the knob's round edge, which reaches
furthest into the track at mid-height: running inwards from each end along the rows, the knob's
colour goes furthest at mid-height and the track's least. That tells which end holds the knob
without knowing which colour is whose. Nothing here knows a theme: a drawing too small, too
square, of one colour, or whose two ends disagree is no switch to read (None), and the caller
keeps what the classifier said.
"""
from __future__ import annotations

import numpy as np

#: A pill is this many times as wide as tall (ink box): 1.4 for a stubby GTK 3 switch, 3 for a
#: long one drawn with its labels.
MIN_ASPECT, MAX_ASPECT = 1.4, 3.2
#: Smallest pill height in px at scale 1 (half the smallest in use, a 16 px tall web switch;
#: smaller ink is a glyph, a badge or a scroll thumb).
MIN_HEIGHT = 8
#: Ink differs from the background around the pill by more than this (max over channels).
INK_CONTRAST = 30
#: The knob's and the track's colours differ by more than this (max over channels).
PART_CONTRAST = 40
#: A pixel belongs to an end's part when within this of that end's colour (max over channels).
SAME_PART = 36
#: The knob's round edge bulges into the track by at least this share of the pill's height
#: between mid-height and a quarter to 0.4 of the height above or below it (a disc as tall as
#: the pill: about 0.1; a straight cut between two colours: none).
MIN_BULGE = 0.04


def pill_state(rgb: np.ndarray, box, scale: float = 1.0) -> bool | None:
    """Whether the switch drawn in ``box`` (x0, y0, x1, y1) of ``rgb`` (H, W, 3 uint8) is on
    (its knob at the right end), off (at the left), or None when the drawing is no pill with a
    knob (module docstring)."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    pad = 2
    crop = rgb[max(y0 - pad, 0):y1 + pad, max(x0 - pad, 0):x1 + pad].astype(np.int16)
    if crop.shape[0] < 3 or crop.shape[1] < 3:
        return None
    border = np.concatenate([crop[0], crop[-1], crop[:, 0], crop[:, -1]])
    background = np.median(border, axis=0)
    ink = np.abs(crop - background).max(axis=2) > INK_CONTRAST
    rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    if not len(rows):
        return None
    top, bottom, left, right = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
    h, w = bottom - top, right - left
    if h < MIN_HEIGHT * max(scale, 1.0) or not MIN_ASPECT <= w / h <= MAX_ASPECT:
        return None
    pill = crop[top:bottom, left:right]
    inked = ink[top:bottom, left:right]
    # the pill's inside, row by row from its first inked pixel to its last: a white knob on a
    # white page is inside the pill although it is no ink
    cols_x = np.arange(w)
    firsts = np.where(inked.any(axis=1), inked.argmax(axis=1), w)
    lasts = np.where(inked.any(axis=1), w - 1 - inked[:, ::-1].argmax(axis=1), -1)
    inside = (cols_x[None, :] >= firsts[:, None]) & (cols_x[None, :] <= lasts[:, None])
    c = max(1, h // 6)
    if max(inked[:c, :c].mean(), inked[:c, -c:].mean(), inked[-c:, :c].mean(), inked[-c:, -c:].mean()) > 0.5:
        return None                                   # square corners: a button or a field, no pill
    mid, r = h // 2, max(1, h // 8)
    ends = (h // 2, w - 1 - h // 2)
    colours = [np.median(pill[max(mid - r, 0):mid + r + 1, max(x - r, 0):x + r + 1].reshape(-1, 3), axis=0)
               for x in ends]
    if np.abs(colours[0] - colours[1]).max() <= PART_CONTRAST:
        return None
    # each end's run of its own colour along every row, inwards from the end's centre: the
    # knob's round edge reaches furthest into the track at mid-height, so the knob's run is
    # longest there and the track's shortest (the track may wrap round the knob: a run stops
    # where the colour does)
    dy = np.abs(np.arange(h) - (h - 1) / 2)
    centre, off = dy <= max(1.0, h / 10), (dy >= h / 4) & (dy <= 0.4 * h)
    bulges = []
    for side, (x, colour) in enumerate(zip(ends, colours)):
        part = (np.abs(pill - colour).max(axis=2) <= SAME_PART) & inside
        inward = part[:, x:] if side == 0 else part[:, x::-1]
        runs = np.where(inward[:, 0], np.where(inward.all(axis=1), inward.shape[1], (~inward).argmax(axis=1)), -1)
        if not (runs[centre] >= 0).any() or not (runs[off] >= 0).any():
            continue
        grows = runs[centre][runs[centre] >= 0].mean() - runs[off][runs[off] >= 0].mean()
        bulges.append(float(-grows if side == 0 else grows))     # > 0: the knob is on the right
    if not bulges or (len(bulges) == 2 and bulges[0] * bulges[1] < 0):
        return None
    bulge = sum(bulges) / len(bulges)
    if abs(bulge) < max(1.0, MIN_BULGE * h):
        return None
    return bulge > 0
