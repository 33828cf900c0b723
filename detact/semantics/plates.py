"""A label centred in a frame of its own is a button.

Toolkits centre a button's label on its plate (GTK, Qt, the web's <button>), while fields,
spin boxes and combo boxes start their value at the left edge of the frame. The control
classifier sees a framed text and does not always weigh this: a calculator key's lone digit
in a large plate came back as a spin box. So: a text run whose frame (`Elements.frame`) holds
it alone, with the text's centre within ``CENTRE_TOLERANCE`` of the frame's width and height
of the frame's centre and with room on both sides (at least ``MIN_SIDE_ROOM`` text heights),
is a button, whatever role the classifier gave it, except the roles whose items are also
drawn centred on a plate of their own: tabs, links, menu items and buttons already.
"""
from __future__ import annotations

import numpy as np

from ..boxes import centred_across
from ..elements import Elements

#: The text's centre is at most this share of the frame's width (height) off the frame's centre.
CENTRE_TOLERANCE = 0.1
#: Free room left and right of the text inside the frame, in text heights.
MIN_SIDE_ROOM = 0.35
#: Roles left alone: buttons already, and items drawn centred on plates of their own.
KEEP_ROLES = ("button", "tab", "link", "menuitem")


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
