"""Pressed toggle buttons in a toolbar: the one plate drawn on the other side of the bar.

GTK header bars and toolbars draw a button's plate lighter than the bar (on light and dark
themes alike) and a pressed toggle's plate darker (the search, bookmarks or menu button while
its popover or bar is open). A classifier that sees one button at a time cannot tell a pressed
plate from a normal one -- plates vary from theme to theme -- but within one row of icon
buttons the pressed one is the odd one out. So, per row: the plate under each icon is the
median colour of a ring just outside the glyph, compared with the bar's colour in a ring
further out; where most plated buttons of the row are lighter than the bar and one is darker
(or the other way round), that one is pressed.

Text toggle buttons (a font chooser's Bold and Italic) are judged alone, from their frame (or
the plate found round the label when the segmenter drew none): the
plate (inside the frame, around the label) at least ``PRESSED_TEXT_CONTRAST`` grey levels darker
than the bar just outside it, grey, with the label's ink on the same side of both (dark text on a
pressed light-theme plate, light text on a pressed dark-theme one; a dark "primary" button with
white text on a white page is its own colour, not pressed). Unpressed plates sit within a few
levels of the bar or lighter (`pressed_labels`). Material themes draw a pressed text toggle
instead as a light plate tinted with the accent colour under a label in that colour
(`_tinted_toggle`).
"""
from __future__ import annotations

import numpy as np

#: Rings around the glyph box, in px at scale 1: the plate (NEAR_IN..NEAR_OUT out from the
#: glyph) and the bar (FAR_IN..FAR_OUT out).
NEAR_IN, NEAR_OUT = 3, 6
FAR_IN, FAR_OUT = 14, 18
#: Plate and bar differ by at least this much mean grey level for the button to count as plated.
MIN_PLATE_CONTRAST = 8.0
#: Icons are in one row when their centres are this close vertically (px at scale 1).
ROW_TOLERANCE = 4.0
#: Largest glyph of a toolbar button (px at scale 1): bigger icons are pictures (a file
#: manager's file icons), not buttons with plates.
MAX_GLYPH = 32
#: A plate whose channels differ by more than this is coloured (a red Record button), not grey.
MAX_GREY_SPREAD = 24.0
#: Buttons sit on one bar when the colours around them differ by at most this much per channel.
SAME_BAR = 24.0


def ring_colour(rgb: np.ndarray, box: np.ndarray, inner: int, outer: int) -> np.ndarray:
    """Median colour ``(3,)`` of the pixels between ``box`` grown by ``inner`` and by
    ``outer`` px (clipped to the image); NaN when the ring is empty."""
    h, w = rgb.shape[:2]
    x0, y0, x1, y1 = (int(v) for v in box)
    X0, Y0, X1, Y1 = max(0, x0 - outer), max(0, y0 - outer), min(w, x1 + outer), min(h, y1 + outer)
    if X1 <= X0 or Y1 <= Y0:
        return np.full(3, np.nan, np.float32)
    keep = np.ones((Y1 - Y0, X1 - X0), bool)
    keep[max(0, y0 - inner - Y0):max(0, y1 + inner - Y0), max(0, x0 - inner - X0):max(0, x1 + inner - X0)] = False
    pixels = rgb[Y0:Y1, X0:X1][keep]
    return np.median(pixels, axis=0).astype(np.float32) if len(pixels) else np.full(3, np.nan, np.float32)


def plate_colours(rgb: np.ndarray, xyxy: np.ndarray, scale: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """Median colours ``(N, 3)`` of the plate (a ring just outside each glyph box ``xyxy``
    (N, 4)) and of the bar around it (a ring further out)."""
    s = max(1.0, float(scale))

    def rings(inner: float, outer: float) -> np.ndarray:
        colours = [ring_colour(rgb, b, round(inner * s), round(outer * s)) for b in xyxy]
        return np.nan_to_num(np.array(colours, np.float32).reshape(-1, 3))

    return rings(NEAR_IN, NEAR_OUT), rings(FAR_IN, FAR_OUT)


def pressed_buttons(rgb: np.ndarray, xyxy: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """(N,) bool: which of the icon buttons ``xyxy`` (N, 4; the glyph boxes of one screen) are
    pressed -- among at least three plated buttons on one bar (same row, same bar colour;
    glyphs up to `MAX_GLYPH` px), the ones (at most a third) whose grey plate is on the other
    side of the bar's colour than the rest's. A coloured plate (a red Record button) is a
    button's own colour, never a pressed state."""
    xyxy = np.asarray(xyxy, np.float32).reshape(-1, 4)
    n = len(xyxy)
    pressed = np.zeros(n, bool)
    if n < 3:
        return pressed
    s = max(1.0, float(scale))
    near, far = plate_colours(rgb, xyxy, s)
    contrast = near.mean(axis=1) - far.mean(axis=1)
    small = (xyxy[:, 2:] - xyxy[:, :2]).max(axis=1) <= MAX_GLYPH * s
    sign = np.where((np.abs(contrast) >= MIN_PLATE_CONTRAST) & small, np.sign(contrast), 0).astype(np.int8)
    grey = (near.max(axis=1) - near.min(axis=1)) <= MAX_GREY_SPREAD
    cy = (xyxy[:, 1] + xyxy[:, 3]) / 2
    height = xyxy[:, 3] - xyxy[:, 1]
    for i in range(n):
        if sign[i] == 0 or not grey[i]:
            continue
        row = (np.abs(cy - cy[i]) <= ROW_TOLERANCE * s) \
            & (np.abs(height - height[i]) <= 0.5 * np.maximum(height, height[i])) \
            & (np.abs(far - far[i]).max(axis=1) <= SAME_BAR)
        same, other = int((sign[row] == sign[i]).sum()), int((sign[row] == -sign[i]).sum())
        pressed[i] = other >= 2 and 3 * same <= same + other
    return pressed


#: A pressed text button's plate is at least this much darker (mean grey) than the bar around it.
PRESSED_TEXT_CONTRAST = 20.0


def pressed_labels(rgb: np.ndarray, text: np.ndarray, frames: np.ndarray, scale: float = 1.0,
                   tinted_only: bool = False) -> np.ndarray:
    """(N,) bool: which text buttons (label boxes ``text`` (N, 4) in their ``frames`` (N, 4)) are
    pressed, by the module docstring's rules for text toggle buttons (``tinted_only``: by the
    tinted plate's alone, for plates found round a label, whose edge the bar's ring may miss)."""
    text, frames = np.asarray(text, np.int64).reshape(-1, 4), np.asarray(frames, np.int64).reshape(-1, 4)
    pressed = np.zeros(len(text), bool)
    s = max(1, round(scale))
    for i, (t, f) in enumerate(zip(text, frames)):
        x0, y0, x1, y1 = (int(v) for v in f)
        inner = rgb[y0 + 2 * s:y1 - 2 * s, x0 + 2 * s:x1 - 2 * s].astype(np.float32)
        if inner.size == 0:
            continue
        keep = np.ones(inner.shape[:2], bool)
        keep[max(0, t[1] - y0 - 2 * s):max(0, t[3] - y0 - 2 * s), max(0, t[0] - x0 - 2 * s):max(0, t[2] - x0 - 2 * s)] = False
        if not keep.any():
            continue
        plate = np.median(inner[keep], axis=0)
        bar = ring_colour(rgb, f, 3 * s, 7 * s)
        label = rgb[t[1]:t[3], t[0]:t[2]].astype(np.float32).mean(axis=2)
        if not np.isfinite(bar).all() or label.size == 0:
            continue
        if plate.max() - plate.min() > MAX_GREY_SPREAD or tinted_only:
            pressed[i] = _tinted_toggle(rgb[t[1]:t[3], t[0]:t[2]], plate, bar)
            continue
        p, b = float(plate.mean()), float(bar.mean())
        ink = float(np.percentile(label, 5)) if p > 127 else float(np.percentile(label, 95))
        pressed[i] = b - p >= PRESSED_TEXT_CONTRAST and (ink - p) * (ink - b) > 0
    return pressed


#: A tinted toggle's plate (`_tinted_toggle`) is light (mean grey at least TINT_LIGHT), tinted
#: (chroma TINT_CHROMA to TINT_MAX_CHROMA) and off the bar by BAR_CONTRAST (max over channels);
#: its label's ink is the tint's hue, strong (chroma at least INK_ACCENT_CHROMA).
TINT_LIGHT, TINT_CHROMA, TINT_MAX_CHROMA, BAR_CONTRAST, INK_ACCENT_CHROMA = 170.0, 15.0, 90.0, 8.0, 60.0


def _tinted_toggle(label: np.ndarray, plate: np.ndarray, bar: np.ndarray) -> bool:
    """Whether a text button (its ``label`` crop (h, w, 3), its ``plate`` and the ``bar``'s
    colours (3,)) is a pressed toggle drawn Material's way: a light plate tinted with the accent
    colour under a label in that colour (gucharmap's Bold and Italic in Materia). A solid accent
    plate under a white label is a suggested action, not a state; a grey label on a tinted plate
    is a selected row's."""
    tint = float(plate.max() - plate.min())
    if plate.mean() < TINT_LIGHT or not TINT_CHROMA <= tint <= TINT_MAX_CHROMA \
            or np.abs(plate - bar).max() < BAR_CONTRAST:
        return False
    px = label.reshape(-1, 3).astype(np.float32)
    ink = px[np.abs(px - plate).max(axis=1) > 60]
    if len(ink) < 5:
        return False
    colour = np.median(ink, axis=0)
    # the ink's strongest channel is the plate's: one hue
    return float(colour.max() - colour.min()) >= INK_ACCENT_CHROMA and int(colour.argmax()) == int(plate.argmax())
