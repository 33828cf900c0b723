"""Spaces of monospace text, from the grid its glyphs stand on.

In a monospace font every character, a space included, takes one cell of the same width, and
each glyph's ink is centred in its cell. The recognizer reads the letters of an editor's or a
terminal's line well but loses spaces beside punctuation, whose narrow ink leaves a blank no
wider than one between letters ("# Title" read "#Title", ") {" read "){", "]) # note" read
"])# note"), and now and then reads a space between two letters in neighbouring cells. The cells
decide: a run whose glyphs' ink centres all fall on one grid, with as many inked cells as letters
read, holds one space in each stretch of blank cells between them.

`grid_spaces` finds that grid for one run and returns the text with its spaces where the blank
cells are; a run that fits no grid (a proportional font, a run with an icon in it) is left as read.
It is stricter than `split.monospace_grid`, which decides before reading where a line is cut
(most glyph steps a whole number of cells): here every glyph must sit in its cell, and the cells
inked must number the letters read.
"""
from __future__ import annotations

import numpy as np

from .split import median_ink, phasors, refit_grid, true_runs

#: Runs with fewer letters than this, or fewer stretches of ink standing apart than
#: `MIN_SEGMENTS`, are left as read: a few glyphs of a proportional font can fall on some grid
#: by chance. Small monospace text touches in pairs ("Re", "be" in Liberation Mono at 12 px).
MIN_GLYPHS = 8
MIN_SEGMENTS = 6
#: At least this share of the letters read stand apart (a stretch of ink each; on a grid of
#: fractional cells, one glyph's width each): monospace glyphs seldom touch, a proportional
#: font's often do ("fo", "re" at 13 px).
SEPARATE_GLYPHS = 0.75
#: A glyph's ink centre may lie this share of a cell from its cell's centre ("r", "j" and "f"
#: sit a little off centre in most monospace fonts; a proportional font's letters drift further).
CENTRE_TOLERANCE = 0.2
#: The cell widths tried, in heights of the run's ink (ascenders to descenders): a monospace
#: advance is 0.6 em, 0.55-0.9 of that height.
PITCH_RANGE = (0.4, 1.1)
PITCH_STEP = 0.02
#: At most this many spaces the recognizer left out of one run.
MAX_MISSING = 8
#: The glyphs' centres lie on average within this share of a cell from their cells' centres
#: (a bold title's letters, 10 px each, fit a 10 px grid at 0.09) ...
GRID_FIT = 0.06
#: ... and a grid is taken when its cell is a whole number of pixels within this (hinted fonts advance by
#: whole pixels, so monospace cells are 7, 8 or 9 px wide on screens at scale 1) ...
WHOLE_PIXELS = 0.05
#: ... or else when the glyphs' centres lie on average within this share of a cell from their
#: cells' centres (a proportional font's evenly spaced letters fit a grid less closely) and
#: `SEPARATE_GLYPHS` of the letters stand apart one by one.
CLOSE_FIT = 0.03
#: The recognizer's letters lie within this share of a cell of the cells they are given (their
#: median distance): its x positions come in steps of a few pixels, a misread shifts them a cell.
SHIFTED = 0.5
#: A glyph's ink is no wider than its cell: the median glyph is at most this share of a cell
#: wide, and half a pixel (a grid of half cells fits the same centres and would put a space
#: between all letters; Liberation Mono's letters fill their 7 px cells at 12 px).
GLYPH_WIDTH = 1.0


def _own_line(ink: np.ndarray) -> np.ndarray:
    """The rows of ``ink`` (h, w) of the tallest stretch of inked rows: the run's own line,
    without the ascenders or descenders of the lines above and below that its box took in."""
    rows = true_runs(ink.any(axis=1))
    k = int(np.argmax(rows[:, 1] - rows[:, 0]))
    return ink[rows[k, 0]:rows[k, 1]]


def _grid(centres: np.ndarray, low: float, high: float) -> tuple[float, float, float] | None:
    """(origin, pitch, mean offset) of the widest grid of cells ``origin + k * pitch``, pitch
    between ``low`` and ``high`` px, on whose centres all ``centres`` (K,) lie within
    `CENTRE_TOLERANCE` (in cells), refined by least squares; the mean offset of the centres from
    their cells' centres is in cells. None when none."""
    pitches = np.arange(low, high, PITCH_STEP)
    if not len(pitches):
        return None
    turns = phasors(centres, pitches)                                      # (P, K)
    phase = np.angle(turns.mean(axis=1))
    off = np.angle(turns * np.exp(-1j * phase)[:, None]) / (2 * np.pi)    # in cells, (-0.5, 0.5]
    fits = np.flatnonzero(np.abs(off).max(axis=1) < CENTRE_TOLERANCE)
    if not len(fits):
        return None
    pitch = float(pitches[fits[-1]])
    centre0 = phase[fits[-1]] / (2 * np.pi) * pitch
    cells = np.round((centres - centre0) / pitch)
    pitch, centre0 = refit_grid(centres, pitch, centre0)
    off = np.abs(centres - (centre0 + cells * pitch)) / pitch
    if off.max() >= CENTRE_TOLERANCE:
        return None
    return float(centre0 - pitch / 2), float(pitch), float(off.mean())


def grid_spaces(gray: np.ndarray, text: str, read_x: np.ndarray | None = None, contrast: int = 40,
                grid: tuple[float, float] | None = None) -> tuple[str, np.ndarray] | None:
    """``text`` (read from the grey run crop ``gray`` (h, w), each character's x in crop columns
    ``read_x`` (len,) when known) with one space in each stretch of blank cells of its monospace
    grid and none elsewhere, and each character's x (crop columns, (len,)) at its cell's centre;
    None when the run fits no grid whose inked cells number the letters read, or when the
    letters read lie on average `SHIFTED` of a cell or more from the cells they would take (a
    phantom letter read and a real one missed: every space would move by a cell). The read is
    then kept as it is. ``grid`` (pitch, origin in crop columns), when the run's line showed it
    (`split.monospace_grid`), is taken instead of one fitted to the run's own few glyphs."""
    letters = [c for c in text if c != " "]
    n = len(letters)
    if n < (2 if grid is not None else MIN_GLYPHS) or gray.shape[1] < n:
        return None
    ink = median_ink(gray, contrast)
    if not ink.any():
        return None
    ink = _own_line(ink)
    segments = true_runs(ink.any(axis=0))
    if grid is not None:
        return _on_grid(letters, segments, read_x, text, *grid[::-1])
    if len(segments) < max(MIN_SEGMENTS, SEPARATE_GLYPHS * n):
        return None
    widths = segments[:, 1] - segments[:, 0]
    single = widths <= 1.5 * np.median(widths)      # touching glyphs ("__", "==") span cells
    # the first and last glyphs' cells are (letters + spaces - 1) cells apart, give or take the
    # cells of touching glyphs at either end: the spaces read, and up to MAX_MISSING more
    h, span = ink.shape[0], segments[-1].mean() - segments[0].mean()
    low = max(PITCH_RANGE[0] * h, span / (len(text.split()) - 1 + n + MAX_MISSING))
    high = min(PITCH_RANGE[1] * h, span / max(1, n - 3))
    grid = _grid(segments[single].mean(axis=1), low, high)
    if grid is None:
        return None
    origin, pitch, off = grid
    if np.median(widths) > GLYPH_WIDTH * pitch + 0.5:    # a fitted pitch is a little short of 7.0
        return None
    if off > GRID_FIT or (abs(pitch - round(pitch)) > WHOLE_PIXELS
                          and (off > CLOSE_FIT or single.sum() < SEPARATE_GLYPHS * n)):
        return None
    return _on_grid(letters, segments, read_x, text, origin, pitch)


def _on_grid(letters: list[str], segments: np.ndarray, read_x: np.ndarray | None, text: str,
             origin: float, pitch: float) -> tuple[str, np.ndarray] | None:
    """`grid_spaces` once the grid ``origin + k * pitch`` is known: the ``letters`` read (of
    ``text``, at ``read_x``) in the cells the (K, 2) stretches of ink ``segments`` cover."""
    n = len(letters)
    # the cells each stretch of ink covers: a glyph's side bearings keep it inside its cell
    first = np.floor((segments[:, 0] - origin) / pitch + CENTRE_TOLERANCE).astype(int)
    last = np.maximum(first, np.ceil((segments[:, 1] - origin) / pitch - CENTRE_TOLERANCE).astype(int) - 1)
    middle = origin + (first + last + 1) / 2 * pitch
    if np.abs(segments.mean(axis=1) - middle).max() >= 2 * CENTRE_TOLERANCE * pitch:
        return None
    start = int(first.min())
    first, last, origin = first - start, last - start, origin + start * pitch
    inked = np.zeros(int(last.max()) + 1, bool)
    for a, b in zip(first, last):
        inked[a:b + 1] = True
    if inked.sum() != n:
        return None
    centres = origin + (np.flatnonzero(inked) + 0.5) * pitch
    if read_x is not None and len(read_x) == len(text):
        at = np.asarray(read_x, np.float64)[[k for k, c in enumerate(text) if c != " "]]
        if np.median(np.abs(at - centres)) >= SHIFTED * pitch:
            return None
    return _spaced(letters, inked, origin, pitch)


def _spaced(letters: list[str], inked: np.ndarray, origin: float, pitch: float) -> tuple[str, np.ndarray]:
    """The ``letters`` in the ``inked`` (C,) cells of the grid ``origin + k * pitch``, one space for
    each stretch of blank cells, and each character's x at its cell's centre."""
    out, xs, k = [], [], 0
    for cell, filled in enumerate(inked):
        if filled:
            out.append(letters[k])
            k += 1
        elif out[-1] == " ":
            continue
        else:
            out.append(" ")
        xs.append(origin + (cell + 0.5) * pitch)
    return "".join(out), np.array(xs)
