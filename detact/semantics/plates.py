"""A label centred in a frame of its own is a button.

Toolkits centre a button's label on its plate (GTK, Qt, the web's <button>), while fields,
spin boxes and combo boxes start their value at the left edge of the frame. The control
classifier sees a framed text and does not always weigh this: a calculator key's lone digit
in a large plate came back as a spin box. So: a text run whose frame (`Elements.frame`) holds
it alone, with the text's centre within ``CENTRE_TOLERANCE`` of the frame's width and height
of the frame's centre and with room on both sides (at least ``MIN_SIDE_ROOM`` text heights),
is a button, whatever role the classifier gave it, except the roles whose items are also
drawn centred on a plate of their own: tabs, links, menu items and buttons already. A link is
one still when its plate is a button's stretched by its layout (`stretched_link_plates`: the
classifier took a calculator's wide "Exact" toggle for a link); a web page's link drawn as a
button hugs its label.

The segmenter misses some plates: linked buttons, whose shared rules cut their frame into
cells, and flat buttons on a bar. `label_plates` finds them from the label outwards.
"""
from __future__ import annotations

import numpy as np

from ..boxes import centred_across, field_tall
from ..elements import Elements
from .compounds import flood_box, holds_only

#: The text's centre is at most this share of the frame's width (height) off the frame's centre.
CENTRE_TOLERANCE = 0.1
#: Free room left and right of the text inside the frame, in text heights.
MIN_SIDE_ROOM = 0.35
#: Roles left alone: buttons already, and items drawn centred on plates of their own.
KEEP_ROLES = ("button", "tab", "link", "menuitem")
#: A button's plate is at most this many times as tall as its label.
BUTTON_TO_LABEL = 2.5
#: A plate at least this many times as wide as its label was stretched by its layout.
STRETCHED = 2.5


def centred_labels(elements: Elements) -> np.ndarray:
    """Rows of ``elements``: text runs centred in a frame of their own (the rule above)."""
    framed = (elements.kind == "text") & (elements.frame >= 0).all(axis=1)
    rows = np.flatnonzero(framed)
    if not len(rows):
        return rows
    t = elements.xyxy[rows].astype(np.float64)
    f = elements.frame[rows].astype(np.float64)
    tw, fw, fh = t[:, 2] - t[:, 0], np.maximum(f[:, 2] - f[:, 0], 1), np.maximum(f[:, 3] - f[:, 1], 1)
    dy = np.abs((t[:, 1] + t[:, 3]) - (f[:, 1] + f[:, 3])) / 2
    ok = centred_across(t, f, CENTRE_TOLERANCE, MIN_SIDE_ROOM) & (dy <= CENTRE_TOLERANCE * fh) & (fw > tw)
    return rows[ok]


#: A label's plate found in the pixels is at most this many label heights wider than the label.
PLATE_SLACK = 4.0
#: Largest grey step between neighbouring pixels of a plate drawn as a gradient (`label_plates`).
GRADIENT_STEP = 2


def label_plates(rgb: np.ndarray, elements: Elements, scale: float = 1.0, tolerance: int = 3,
                 among: np.ndarray | None = None) -> np.ndarray:
    """``elements.frame`` (N, 4) with a frame added for each unframed short label (one or two
    words) drawn on a plate of its own that the segmenter missed (linked buttons whose rules
    cut the frame into cells, a flat button on a bar): from a seed 3 px left of the text, a
    flood fill over the grey image within ``tolerance`` levels (else, for a gradient, within
    `GRADIENT_STEP` of each neighbour) that stays inside a window of 2
    label heights above and below and `PLATE_SLACK` heights beside (a panel or a row's band runs
    out of it), is 18 to 56 px tall (at ``scale`` 1) and taller than the label by 4 px, covers
    90% of its box (the label left out) and holds the label and nothing else. ``among`` (N,)
    bool limits the labels looked at (default all)."""
    frames = elements.frame.copy()
    b = elements.xyxy.astype(np.int64)
    words = np.array([0 < len(str(t).split()) <= 2 for t in elements.text], bool)
    among = np.ones(len(elements), bool) if among is None else np.asarray(among, bool)
    rows = np.flatnonzero((elements.kind == "text") & (frames < 0).any(axis=1) & words & among)
    H, W = rgb.shape[:2]
    centres = elements.centers
    for r in rows.tolist():
        x0, y0, x1, y1 = b[r].tolist()
        h = y1 - y0
        wx0, wy0 = max(0, x0 - int(PLATE_SLACK * h)), max(0, y0 - 2 * h)
        wx1, wy1 = min(W, x1 + int(PLATE_SLACK * h)), min(H, y1 + 2 * h)
        sx, sy = x0 - 3 - wx0, (y0 + y1) // 2 - wy0
        if sx < 1:
            continue
        plate = _label_plate(rgb, (wx0, wy0, wx1, wy1), (sx, sy), b[r], scale, tolerance)
        if plate is not None and holds_only(plate, centres, r):
            frames[r] = plate
    return frames


def _label_plate(rgb: np.ndarray, window, seed: tuple[int, int], label: np.ndarray, scale: float,
                 tolerance: int) -> np.ndarray | None:
    """The plate round ``label`` (x0, y0, x1, y1) that `label_plates` wants, flooded from
    ``seed`` (window pixels) inside ``window``, or None: a plate of one grey first (within
    ``tolerance`` of the seed); then one drawn as a gradient (GTK 2 and Clearlooks-like buttons
    shade from top to bottom, so that fill stops half-way down), each filled pixel within
    `GRADIENT_STEP` levels of its neighbour."""
    x0, y0, x1, y1 = (int(v) for v in label)
    h = y1 - y0
    for fixed, tol in ((True, tolerance), (False, GRADIENT_STEP)):
        flooded = flood_box(rgb, window, seed, tol, fixed)
        if flooded is None:
            return None                                 # ran out of the window: a panel, no plate
        count, plate = flooded
        ph, pw = plate[3] - plate[1], plate[2] - plate[0]
        if (field_tall(ph, scale) and ph >= h + 4 and plate[0] <= x0 and x1 <= plate[2]
                and plate[1] <= y0 and y1 <= plate[3] and count >= 0.9 * pw * ph - (x1 - x0) * h):
            return plate
    return None


def icon_label_plates(elements: Elements, boxes: np.ndarray, parts: list[np.ndarray], scale: float = 1.0
                      ) -> np.ndarray:
    """Indices of the compound candidates (``boxes`` (K, 4), their ``parts``: rows of
    ``elements``) that are a button drawn with an icon before its label: two parts, an icon no
    taller than the frame and a text run of one to three words starting at most one icon width
    after it, the pair centred across the frame as `centred_labels` wants a label (a dialog's
    "Help" with its lifebuoy, "Close" with its cross), the frame 18 to 56 px tall at ``scale`` 1.
    A field starts its content at the left; a list row's icon and name sit at its left."""
    found = []
    b = elements.xyxy.astype(np.float64)
    for k, rows in enumerate(parts):
        rows = np.asarray(rows)
        if len(rows) != 2:
            continue
        icon, text = rows[elements.kind[rows] == "icon"], rows[elements.kind[rows] == "text"]
        if len(icon) != 1 or len(text) != 1 or not 0 < len(str(elements.text[text[0]]).split()) <= 3:
            continue
        i, t, frame = b[icon[0]], b[text[0]], np.asarray(boxes[k], np.float64)
        fh = frame[3] - frame[1]
        if not (field_tall(fh, scale) and i[3] - i[1] <= fh and 0 <= t[0] - i[2] <= i[2] - i[0]):
            continue
        pair = np.array([[i[0], min(i[1], t[1]), t[2], max(i[3], t[3])]])
        if centred_across(pair, frame[None], CENTRE_TOLERANCE, MIN_SIDE_ROOM)[0]:
            found.append(k)
    return np.array(found, np.int64)


def font_buttons(elements: Elements, boxes: np.ndarray, parts: list[np.ndarray], scale: float = 1.0) -> np.ndarray:
    """Indices of the compound candidates (``boxes`` (K, 4), their ``parts``: rows of
    ``elements``) that are a font button (GTK's GtkFontButton): two text runs on one line in a
    frame 18 to 56 px tall (``scale`` 1), a font's name starting within one frame height of its
    left end, or centred in the frame (GTK 3.24: within a frame height of the middle between the
    frame's left end and the size), and a size of one to three digits ending within one frame
    height of its right end, drawn no taller than the name. A field holds one text; a spin
    box's number has its arrows or steppers after it."""
    found = []
    b = elements.xyxy.astype(np.float64)
    for k, rows in enumerate(parts):
        rows = np.asarray(rows)
        if len(rows) != 2 or not (elements.kind[rows] == "text").all():
            continue
        name, size = rows[np.argsort(b[rows, 0])]
        frame = np.asarray(boxes[k], np.float64)
        fh = frame[3] - frame[1]
        n, z = b[name], b[size]
        if not (field_tall(fh, scale) and str(elements.text[size]).strip().isdigit()
                and len(str(elements.text[size]).strip()) <= 3 and not str(elements.text[name]).strip().isdigit()):
            continue
        same_line = abs((n[1] + n[3]) - (z[1] + z[3])) / 2 <= 0.3 * (n[3] - n[1])
        centred = abs((n[0] + n[2]) / 2 - (frame[0] + z[0]) / 2) <= fh
        if same_line and (n[0] - frame[0] <= fh or centred) and frame[2] - z[2] <= fh and z[3] - z[1] <= n[3] - n[1] + 1:
            found.append(k)
    return np.array(found, np.int64)


def stretched_link_plates(elements: Elements, rows: np.ndarray) -> np.ndarray:
    """Of ``rows`` (text runs centred in frames of their own, `centred_labels`), those on a
    button's plate stretched by its layout: no taller than `BUTTON_TO_LABEL` label heights and at
    least `STRETCHED` label widths wide (a calculator's "Exact" toggle). A web page's link drawn
    as a button (Bootstrap's ``a.btn``) hugs its label and stays a link."""
    rows = np.asarray(rows, np.int64)
    t, f = elements.xyxy[rows].astype(np.float64), elements.frame[rows].astype(np.float64)
    return rows[(f[:, 3] - f[:, 1] <= BUTTON_TO_LABEL * (t[:, 3] - t[:, 1]))
                & (f[:, 2] - f[:, 0] >= STRETCHED * (t[:, 2] - t[:, 0]))]
