"""Colour buttons: a plate showing one flat rectangle of colour.

GTK's colour button (GtkColorButton: a terminal's palette, an editor's text colour), a web
page's ``<input type="color">`` and Qt's colour pickers draw a plate with a rectangle of the
chosen colour inside it and nothing else. The icon encoder names such a crop after whatever
it resembles ("desktop", "tablet", "image") and the control classifier may take the frame for
a check box. `colour_swatches` finds them by their pixels: the connected patch of the crop's
centre colour (every channel within `SAME_COLOUR`) fills its bounding box (at least
`FILLED`), which is a rectangle wider than tall (aspect `MIN_ASPECT` to `MAX_ASPECT`) at least
`MIN_SIDE` px long and a quarter of the element's area, lying inside the element with 3 px
of room round it (a plate or border on every side), and the element holds no other one. An
empty text field is far wider, or its inside reaches its border; a check box is square, and
a stop button's square no wider than tall.
"""
from __future__ import annotations

import cv2
import numpy as np

from ..elements import Elements

#: Channels within this many levels of the centre pixel belong to the swatch.
SAME_COLOUR = 8
#: Share of the patch's bounding box it must fill (a glyph in a field's inside is a hole in it).
FILLED = 0.99
#: Swatch width / height, at least and at most.
MIN_ASPECT, MAX_ASPECT = 1.15, 3.0
#: Longer side of the swatch at scale 1, at least; the element's longer side at most.
MIN_SIDE, MAX_ELEMENT = 16, 120
#: A centre colour with channels this close is a grey, black or white (no colour of its own).
NEUTRAL_CHROMA = 24
#: What a colour button is labelled with (a function of `icons.vocabulary`) and its set name.
SWATCH_FUNCTION, SWATCH_ICON = "color palette", "detact:color-swatch"


def is_colour_swatch(crop: np.ndarray, scale: float = 1.0, chromatic: bool = False) -> bool:
    """Whether the RGB uint8 ``crop`` (h, w, 3) of an element is a plate with one flat
    rectangle of colour in it (module docstring); with ``chromatic``, only a rectangle of a
    colour (no grey, black or white: a field's inside is one of those)."""
    h, w = crop.shape[:2]
    if min(h, w) < 8 * scale:
        return False
    centre = crop[h // 2, w // 2].astype(np.int16)
    if chromatic and int(centre.max() - centre.min()) <= NEUTRAL_CHROMA:
        return False
    same = (np.abs(crop.astype(np.int16) - centre).max(axis=2) <= SAME_COLOUR).astype(np.uint8)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(same, connectivity=4)
    x, y, bw, bh, area = stats[labels[h // 2, w // 2]]
    room = max(3, round(3 * scale))
    return bool(area >= FILLED * bw * bh and MIN_ASPECT * bh <= bw <= MAX_ASPECT * bh and bw >= MIN_SIDE * scale
                and bw * bh >= 0.25 * h * w and x >= room and y >= room and x + bw <= w - room and y + bh <= h - room)


def colour_swatches(rgb: np.ndarray, xyxy: np.ndarray, frames: np.ndarray, kind: np.ndarray,
                    scale: float = 1.0) -> np.ndarray:
    """(N,) bool: the icon and region elements (boxes ``xyxy`` (N, 4), ``frames`` (N, 4) drawn
    round them alone or -1, ``kind``) of the RGB uint8 screen ``rgb`` that are colour buttons
    (`is_colour_swatch`), at most `MAX_ELEMENT` px (at ``scale`` 1) on their longer side and
    holding no other element. The crop is the element's frame, else its box (the plate), else
    its box grown by 3 px: the segmenter may have boxed the swatch itself and found no plate,
    and then it must be of a colour (a bare box of white or grey is an empty field's inside)."""
    H, W = rgb.shape[:2]
    b, f = np.asarray(xyxy, np.int64).reshape(-1, 4), np.asarray(frames, np.int64).reshape(-1, 4)
    framed = (f >= 0).all(axis=1)
    pad = max(3, round(3 * scale))
    grown = np.concatenate([np.maximum(b[:, :2] - pad, 0), np.minimum(b[:, 2:] + pad, [W, H])], axis=1)
    crops = np.where(framed[:, None], f, grown)
    centres = (b[:, :2] + b[:, 2:]) / 2
    out = np.zeros(len(b), bool)
    side = (b[:, 2:] - b[:, :2]).max(axis=1)
    for r in np.flatnonzero(np.isin(kind, ("icon", "region")) & (side <= MAX_ELEMENT * scale)).tolist():
        x0, y0, x1, y1 = crops[r].tolist()
        inside = (centres[:, 0] > x0) & (centres[:, 0] < x1) & (centres[:, 1] > y0) & (centres[:, 1] < y1)
        inside[r] = False
        if inside.any():
            continue
        # the box may be the plate itself (the swatch inside with room round it)
        bx0, by0, bx1, by1 = b[r].tolist()
        out[r] = is_colour_swatch(rgb[y0:y1, x0:x1], scale, chromatic=not framed[r]) or \
            (not framed[r] and is_colour_swatch(rgb[by0:by1, bx0:bx1], scale))
    return out


def with_colour_swatches(rgb: np.ndarray, elements: Elements, scale: float = 1.0) -> Elements:
    """``elements`` with each colour button (`colour_swatches`) an icon labelled
    `SWATCH_FUNCTION`, its ``icon`` `SWATCH_ICON` (the semantics stage makes it a button)."""
    found = colour_swatches(rgb, elements.xyxy, elements.frame, elements.kind, scale)
    if not found.any():
        return elements
    kind, label, icon = elements.kind.copy(), elements.label.copy(), elements.icon.copy()
    kind[found], label[found], icon[found] = "icon", SWATCH_FUNCTION, SWATCH_ICON
    return elements.with_(kind=kind, label=label, icon=icon)
