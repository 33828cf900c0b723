"""Roles and states: what each element is (button, checkbox, combo box, menu item, ...) and
what it shows (checked, selected, disabled, expanded, focused, pressed).

`ControlClassifier` runs the trained control classifier (``detact/data/models/controls.onnx``,
recipe in ``training/controls/``) on the inputs of `detact.semantics.features`. Without the
model file, `RuleRoles` stands in: roles from the element's kind and shape, no states.

Where the icon stage is sure of what an icon shows and that is no tick, box, dot or pill
(`STATEFUL_GLYPHS`), the element is no checkbox, radio or switch whatever the classifier says
(`shows_other_glyph`, `RoleResult.without_stateful`): a media player's play button is not a
radio. Conversely, an icon it names a checkbox, radio button or toggle, with a label beside it,
is that control (`control_glyphs`): a Qt radio's dot the classifier took for an icon. And a
one-glyph text run the classifier calls such a control is its glyph read as a letter
(`glyphs_read_as_letters`): an "O" for a radio's ring. Text that is an address (a URL, an
anchor) is a link (`link_texts`). An icon surely named an action (back, search, close...) with
no label beside it, or a drop-down arrow with no text near it, is a button the classifier took
for a picture (`action_icons`).

Rings and boxes are read from their pixels (`ring_state`, `box_state`), also in the classic
looks of Tk and Motif: a ring or diamond bevelled dark on one side and lit on the other (at the
usual contrast only the dark side shows), a box or diamond filled in an accent colour when on
(`color.middle_chroma`). A ring read as a letter before its label is a radio too (`ring_glyphs`,
`lone_glyph_box`), and a labelled icon drawn as a box like one found in its column or row is
that list's check box whatever the icon stage called it (`box_glyphs`).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..boxes import field_tall, gaps_beside
from ..color import ACCENT_CHROMA, PLAIN_CHROMA, ink_chroma, middle_chroma
from ..elements import INTERACTIVE, ROLES, STATES
from ..errors import ModelUnavailable
from ..icons.vocabulary import ACTION_FUNCTIONS
from ..runtime import onnx_metadata, ort_session, package_data
from ..segment.label_boxes import box_sides, faint_box_state, faint_piece, faint_ring_state, is_square
from ..text.fast import dotted_ring, ink_inside, to_gray
from .compounds import DROPDOWN_ARROWS
from .features import CROP_H, CROP_W, FEATURES, FEATURES_VERSION, ControlInputs
from .siblings import glyphs_with_labels, menu_items

#: Roles whose "checked" state is scored (a pressed toggle button counts as checked).
STATEFUL = ("checkbox", "radio", "switch")
MODEL_FILE = ("models", "controls.onnx")
#: Icon functions whose glyphs are the shapes checkboxes, radios and switches are drawn with (a
#: tick, a box, a dot in a ring, a filled square or circle, a dash, a pill). An element the
#: icon stage surely names with any other function (a play triangle, a folder, a star) shows
#: that glyph, so it is none of those three controls.
STATEFUL_GLYPHS = frozenset({"checkbox", "radio button", "toggle", "check", "success", "stop", "record",
                             "remove", "battery", "battery charging", "shapes"})


@dataclass
class RoleResult:
    """Per element: role, states (tuples of names) and the role's probability; ``probs``
    (N, R) over the roles ``classes`` when the classifier gives them (None for rules)."""

    roles: np.ndarray        # (N,) object: names from ROLES
    states: list[tuple[str, ...]]
    confidence: np.ndarray   # (N,) float32
    probs: np.ndarray | None = None
    classes: tuple[str, ...] = ()

    def likeliest_other(self, rows, ruled_out: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
        """For each of ``rows``, its likeliest role outside ``ruled_out`` and that role's
        probability (``button`` and its own confidence without probabilities)."""
        rows = np.asarray(rows, np.int64)
        if self.probs is None:
            return np.array(["button"] * len(rows), dtype=object), self.confidence[rows]
        p = self.probs[rows].copy()
        p[:, [i for i, c in enumerate(self.classes) if c in ruled_out]] = -1.0
        best = p.argmax(axis=1)
        return np.array([self.classes[b] for b in best], dtype=object), p[np.arange(len(rows)), best]

    def without_stateful(self, rows: np.ndarray) -> "RoleResult":
        """The same result with checkbox, radio and switch ruled out for ``rows``: each takes
        its likeliest other role (``button`` without probabilities) and loses "checked"."""
        rows = np.asarray(rows, np.int64)
        rows = rows[np.isin(self.roles[rows], STATEFUL)]
        if not len(rows):
            return self
        roles, confidence = self.roles.copy(), self.confidence.copy()
        states = list(self.states)
        roles[rows], confidence[rows] = self.likeliest_other(rows, STATEFUL)
        for r in rows.tolist():
            states[r] = tuple(s for s in states[r] if s != "checked")
        return RoleResult(roles, states, confidence, self.probs, self.classes)


class ControlClassifier:
    """The trained classifier. ``path`` defaults to the bundled model; a missing file is
    `ModelUnavailable`. Its ONNX metadata names the roles, states and feature version it was
    trained with, and is checked against this code."""

    name = "controls-onnx"

    def __init__(self, path: Path | None = None, device: str = "cpu", state_threshold: float | None = None):
        path = Path(path) if path is not None else package_data(*MODEL_FILE)
        if not path.is_file():
            raise ModelUnavailable(f"control classifier not found at {path}; rebuild it with "
                                   f"training/controls (see its README)")
        self.session = ort_session(path, device)
        meta = onnx_metadata(self.session)
        try:
            self.roles = tuple(json.loads(meta["roles"]))
            self.states = tuple(json.loads(meta["states"]))
            features = tuple(json.loads(meta["features"]))
            version = int(meta["features_version"])
        except (KeyError, ValueError) as exc:
            raise ModelUnavailable(f"{path}: not a DetACT control classifier (metadata {exc})") from None
        if features != FEATURES or version != FEATURES_VERSION or not set(self.roles) <= set(ROLES) \
                or not set(self.states) <= set(STATES):
            raise ModelUnavailable(f"{path} was trained for other inputs or roles than this code; "
                                   f"retrain it (training/controls)")
        # per-state thresholds calibrated by the trainer (its state loss weights positives up)
        calibrated = json.loads(meta.get("state_thresholds", "null")) or [0.5] * len(self.states)
        self.state_threshold = np.asarray([state_threshold] * len(self.states) if state_threshold is not None
                                          else calibrated, np.float32)

    def classify(self, inputs: ControlInputs, batch: int = 256) -> RoleResult:
        n = len(inputs)
        if n == 0:
            return RoleResult(np.zeros(0, object), [], np.zeros(0, np.float32))
        role_p, state_p = [], []
        for s in range(0, n, batch):
            r, st = self.session.run(None, {"tight": inputs.tight[s:s + batch],
                                            "context": inputs.context[s:s + batch],
                                            "features": inputs.features[s:s + batch]})
            role_p.append(r)
            state_p.append(st)
        probs, sp = np.concatenate(role_p), np.concatenate(state_p)
        best = probs.argmax(1)
        roles = np.array([self.roles[i] for i in best], dtype=object)
        on = sp >= self.state_threshold
        states = [tuple(s for s, flag in zip(self.states, row) if flag) for row in on]
        return RoleResult(roles, states, probs[np.arange(n), best].astype(np.float32), probs, self.roles)


class RuleRoles:
    """Stand-in without the trained model: text is text, icons are icons, a small square
    region is a checkbox, a wide short framed region a text box, other regions buttons."""

    name = "rules"

    def classify(self, inputs: ControlInputs) -> RoleResult:
        f = inputs.features
        col = {name: i for i, name in enumerate(FEATURES)}
        w = 2 ** (f[:, col["log_w"]] * 8)
        h = 2 ** (f[:, col["log_h"]] * 8)
        roles = np.full(len(f), "button", dtype=object)
        roles[f[:, col["kind_text"]] > 0] = "text"
        roles[f[:, col["kind_icon"]] > 0] = "icon"
        region = f[:, col["kind_region"]] > 0
        roles[region & (np.maximum(w, h) <= 24) & (np.abs(w - h) <= 3)] = "checkbox"
        roles[region & (w >= 6 * h) & (h <= 48)] = "textbox"
        return RoleResult(roles, [()] * len(f), np.full(len(f), 0.5, np.float32))


def surely_named(elements, sure: float) -> np.ndarray:
    """(N,) bool: icons the icon stage names by an exact bank match (``icon`` set) or an encoder
    probability of at least ``sure``."""
    return (elements.kind == "icon") & (elements.label != "") & ((elements.icon != "") | (elements.score >= sure))


def shows_other_glyph(elements, sure: float, rgb: np.ndarray | None = None) -> np.ndarray:
    """(N,) bool: icons surely named (`surely_named`) with a function outside `STATEFUL_GLYPHS`;
    with the screenshot ``rgb``, also a ``EMPTY_BOX`` ("stop") drawn in colour (`ink_chroma` of
    at least `PLAIN_CHROMA`): a red stop sign, where an unticked box is drawn in the theme's grey."""
    named = surely_named(elements, sure)
    other = named & ~np.isin(elements.label, list(STATEFUL_GLYPHS))
    stop = np.flatnonzero(named & (elements.label == EMPTY_BOX))
    if rgb is not None and len(stop):
        other[stop] = ink_chroma(rgb, elements.xyxy[stop]) >= PLAIN_CHROMA
    return other


#: The control each control glyph's function stands for (`control_glyphs`).
GLYPH_ROLES = {"checkbox": "checkbox", "radio button": "radio", "toggle": "switch"}


def control_glyphs(elements, roles: np.ndarray, max_gap: float = 2.0) -> tuple[np.ndarray, np.ndarray]:
    """Icons the icon stage names a checkbox, radio button or toggle (`GLYPH_ROLES`) with a
    text run beside them -- on their row, at most ``max_gap`` icon widths away on either side:
    the glyph of that control and its label. The icon may have been read as a letter or two
    (a dark theme's tick as "@e", its box as "0"): a text run of one glyph (`_one_glyph`) that
    keeps the encoder's sure name counts too. Left out: glyphs ``roles`` (N,) already calls a
    checkbox, radio or switch (the classifier saw more than the name), and glyphs whose label
    is a menu item (`siblings.menu_items`: a check menu item is a menu item). Returns rows and
    roles ``(K,)``."""
    glyph = (elements.kind == "icon") | _one_glyph(elements)
    icons = np.flatnonzero(glyph & np.isin(elements.label, list(GLYPH_ROLES))
                           & ~np.isin(roles[:len(elements)], STATEFUL))
    texts = np.flatnonzero(elements.kind == "text")
    if not len(icons) or not len(texts):
        return np.zeros(0, np.int64), np.zeros(0, object)
    gap = gaps_beside(elements.xyxy[icons], elements.xyxy[texts], max_gap)
    gap[icons[:, None] == texts[None, :]] = np.inf        # a glyph read as text is not its own label
    nearest = texts[gap.argmin(axis=1)]
    keep = np.isfinite(gap).any(axis=1) & ~menu_items(elements.xyxy, roles, elements.text)[nearest]
    rows = icons[keep]
    return rows, np.array([GLYPH_ROLES[str(label)] for label in elements.label[rows]], dtype=object)


def ring_glyphs(rgb: np.ndarray, elements, roles: np.ndarray, max_gap: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """Rows of icons drawn as a ring (`is_ring`: a hollow circle, or one around a dot) with a
    text run on their right within ``max_gap`` icon widths: a radio button and its label,
    whatever the icon stage named the ring ("record", for a circle); and whether each is
    checked (a dot inside the ring, `text.fast.dotted_ring`). Left out, as in
    `control_glyphs`: glyphs ``roles`` (N,) already calls a checkbox, radio or switch, and
    glyphs labelled by a menu item, or by a link drawn in link colours (a navigation bar's
    items drawn with a circle icon; a toolbar's black "Linear" and "Tree" the classifier took
    for links are radios' labels)."""
    free = ((elements.kind == "icon") | one_glyph_reads(elements)) & ~np.isin(roles[:len(elements)], STATEFUL)
    icons = _glyphs_labelled_by_controls(rgb, elements, roles, free, max_gap)
    return with_states(icons, [ring_state(rgb, elements.xyxy[r] if elements.kind[r] == "icon"
                                          else lone_glyph_box(rgb, elements.xyxy[r])) for r in icons.tolist()])


def lone_glyph_box(image: np.ndarray, box, contrast: int = 40) -> tuple[int, int, int, int]:
    """``box`` of ``image`` (RGB (H, W, 3)) cut to the first stretch of inked columns (3 px wide
    or more), parted from the rest by blank columns: a radio's ring read as "0", whose text box
    reached into the first letter of its label."""
    found = placed_glyph_ink(image, box, contrast)
    if found is None:
        return tuple(int(v) for v in box)
    x, y, ink = found
    inked = ink.any(axis=0)
    starts = np.flatnonzero(inked & ~np.r_[False, inked[:-1]])
    ends = np.flatnonzero(inked & ~np.r_[inked[1:], False]) + 1
    wide = np.flatnonzero(ends - starts >= 3)
    first = int(wide[0]) if len(wide) else 0
    return x + int(starts[first]), y, x + int(ends[first]), y + ink.shape[0]


def _glyphs_labelled_by_controls(rgb: np.ndarray, elements, roles: np.ndarray, free: np.ndarray,
                                 max_gap: float) -> np.ndarray:
    """Rows of the ``free`` (N,) glyphs with a text run on their right within ``max_gap`` glyph
    widths (`glyphs_with_labels`) that is no menu item (`siblings.menu_items`), tab (a tab's
    file-type icon), link drawn in colour (`color.ink_chroma` of at least `PLAIN_CHROMA`) nor a
    single character."""
    icons, labels = glyphs_with_labels(elements.kind, elements.xyxy, free, max_gap)
    links = roles[labels] == "link"
    links[links] = ink_chroma(rgb, elements.xyxy[labels[links]]) >= PLAIN_CHROMA
    # (one character is no label: a toolbar's grip read "J" after an arrow)
    letter = np.array([len(str(elements.text[t]).strip()) < 2 for t in labels.tolist()], bool)
    return icons[~(menu_items(elements.xyxy, roles, elements.text)[labels] | (roles[labels] == "tab") | links | letter)]


def dots_in_rings(rgb: np.ndarray, elements) -> np.ndarray:
    """Rows of icons that are a checked radio's dot the segmenter framed by its ring: framed
    alone by a frame about as wide as tall (`ring_state`'s ring with a dot inside it), the icon
    centred in it and at most 0.6 of its width. Their glyph is the frame: the caller gives them
    its box. Light rings round a dark dot are taken for a frame round an icon."""
    rows = np.flatnonzero((elements.kind == "icon") & (elements.frame >= 0).all(axis=1))
    found = []
    for r in rows.tolist():
        f, b = elements.frame[r].astype(np.float64), elements.xyxy[r].astype(np.float64)
        fw, fh = f[2] - f[0], f[3] - f[1]
        if fh <= 0 or not 0.85 <= fw / fh <= 1.18 or b[2] - b[0] > 0.6 * fw \
                or abs((b[0] + b[2]) - (f[0] + f[2])) > 0.3 * fw or abs((b[1] + b[3]) - (f[1] + f[3])) > 0.3 * fh:
            continue
        if ring_state(rgb, f) is True:
            found.append(r)
    return np.array(found, np.int64)


def with_states(icons: np.ndarray, states: list[bool | None]) -> tuple[np.ndarray, np.ndarray]:
    """The ``icons`` whose state is not None, and those states (K,) bool."""
    rows = np.array([r for r, st in zip(icons.tolist(), states) if st is not None], np.int64)
    return rows, np.array([st for st in states if st is not None], bool)


def glyph_ink(image: np.ndarray, box, contrast: int = 40) -> np.ndarray | None:
    """The (h, w) bool ink of the glyph in ``box`` of ``image`` (RGB (H, W, 3) or gray (H, W)),
    cut to its bounding box (`text.fast.ink_inside` on the box grown by 2 px), or None."""
    found = placed_glyph_ink(image, box, contrast)
    return None if found is None else found[2]


def placed_glyph_ink(image: np.ndarray, box, contrast: int = 40) -> tuple[int, int, np.ndarray] | None:
    """`glyph_ink` with the ink's top-left corner in ``image``: (x, y, ink), or None."""
    x0, y0, x1, y1 = (int(v) for v in box)
    gx, gy = max(x0 - 2, 0), max(y0 - 2, 0)
    crop = image[gy:y1 + 2, gx:x1 + 2]
    if crop.size == 0:
        return None
    gray = to_gray(crop) if crop.ndim == 3 else crop      # only the crop: this runs per icon
    found = ink_inside(gray, (0, 0, gray.shape[1], gray.shape[0]), border=0, contrast=contrast)
    if found is None:
        return None
    (cx, cy), ink, _ = found
    return gx + cx, gy + cy, ink


def is_ring(image: np.ndarray, box, contrast: int = 40) -> bool:
    """Whether the ink in ``box`` of ``image`` (RGB (H, W, 3) or gray (H, W)) is a ring: about
    as wide as tall (8 px or more), its four corners blank (round, not a square), and its
    middle blank (a hollow circle) or a dot parted from the ring by a gap
    (`text.fast.dotted_ring`)."""
    return ring_state(image, box, contrast) is not None


#: A bevelled glyph's faint piece (`segment.label_boxes.faint_piece`) outgrows its ink by
#: this share of its side, 2 px at least (`_dark_side`).
BEVEL_MARGIN = 0.15


def _dark_side(image: np.ndarray, box, shape, contrast: int) -> bool:
    """Whether the ink at ``contrast`` in ``box`` (`placed_glyph_ink`) is one side of
    the faint ``shape`` (x0, y0, x1, y1): it reaches the shape's top or bottom and its left or
    right edge (within 1 px), and the shape is taller or wider than it by `BEVEL_MARGIN` of its
    side and 2 px: the dark side of a bevelled glyph, its lit side and face left out. A
    picture drawn on a disc (a home folder's house) stays inside it."""
    found = placed_glyph_ink(image, box, contrast)
    if found is None:
        return False
    ix0, iy0, ink = found
    ix1, iy1 = ix0 + ink.shape[1], iy0 + ink.shape[0]
    fh, fw = shape[3] - shape[1], shape[2] - shape[0]
    smaller = fh - ink.shape[0] >= max(2, BEVEL_MARGIN * fh) or fw - ink.shape[1] >= max(2, BEVEL_MARGIN * fw)
    across = abs(iy0 - shape[1]) <= 1 or abs(iy1 - shape[3]) <= 1
    along = abs(ix0 - shape[0]) <= 1 or abs(ix1 - shape[2]) <= 1
    return smaller and across and along


def ring_state(image: np.ndarray, box, contrast: int = 40) -> bool | None:
    """None when the ink in ``box`` of ``image`` is no ring (`is_ring`), else whether a dot
    sits inside it (a checked radio button). A filled disc with a hole at its centre (a dot in
    the panel's tone) is checked too; a disc too faint for ``contrast`` is read by
    `segment.label_boxes.faint_ring_state`, and so is a bevelled ring or diamond (Tk's and
    Motif's: dark on one side, lit on the other, a white or accent-coloured face), whose ink
    at ``contrast`` is its dark side alone (`segment.label_boxes.faint_piece`, `_dark_side`)."""
    ink = glyph_ink(image, box, contrast)
    if ink is None:
        return faint_ring_state(image, box)
    h, w = ink.shape

    def bevelled() -> bool | None:
        # ink that is no ring may be the dark half of a bevelled one (Tk's, Motif's), whose
        # lit half and white face only a faint threshold tells from the panel: that shape is
        # then taller or wider than the ink
        shape = faint_piece(image, box)
        return faint_ring_state(image, shape) if shape is not None and _dark_side(image, box, shape, contrast) else None

    if min(h, w) < 8 or not 0.85 <= w / h <= 1.18:
        return bevelled()
    c = max(2, min(h, w) // 5)
    corners = (ink[:c, :c].mean(), ink[:c, -c:].mean(), ink[-c:, :c].mean(), ink[-c:, -c:].mean())
    if max(corners) > 0.15:
        return bevelled()
    middle = ink[int(h * 0.35):h - int(h * 0.35), int(w * 0.35):w - int(w * 0.35)]
    if middle.mean() <= 0.05:
        return False
    if dotted_ring(ink):
        return True
    # a disc filled in an accent colour with a dot in the panel's tone at its centre (a dark
    # theme's checked radio): a hole in the middle of an otherwise filled disc
    centre = ink[h // 2 - 1:h // 2 + 1, w // 2 - 1:w // 2 + 1]
    annulus = ink[c:-c, c:-c].copy()
    annulus[int(h * 0.35) - c:h - int(h * 0.35) - c, int(w * 0.35) - c:w - int(w * 0.35) - c] = True
    return True if not centre.any() and annulus.mean() >= 0.9 else None


#: What the icon stage calls an empty square box.
EMPTY_BOX = "stop"
#: ... and the other functions drawn as a plain square outline, which an empty check box
#: matches as well (Qt's Windows-style box was "borders" to the encoder).
EMPTY_BOXES = (EMPTY_BOX, "borders", "maximize", "window", "select")
#: What the icon stage calls a square box with a cross drawn in it (Qt's Plastique ticks a
#: check box so): a ticked box when a label stands on its right.
CROSSED_BOXES = ("close",)


#: Boxes whose sides and left edges (or tops) differ by at most this many px (at scale 1) are
#: drawn alike, down one column (or along one row).
SAME_BOX = 2.0


def box_glyphs(rgb: np.ndarray, elements, roles: np.ndarray, scale: float = 1.0,
               max_gap: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """Rows of icons the icon stage could not name (no label), or named one of `EMPTY_BOXES`
    and drawn empty (a Qt check box's empty box is "stop" to the encoder), or one of
    `CROSSED_BOXES` and drawn ticked (Plastique's cross), drawn as a square box (`box_state`)
    with a text run on their right within ``max_gap`` icon widths: a check box and its label (a
    Qt theme's box the encoder has not seen); and whether each box is ticked. Then, whatever
    their names, labelled icons drawn as a box as big as one of those (`SAME_BOX`) and in its
    column or row: the other boxes of that list of options.
    Left out as in `ring_glyphs`: glyphs already stateful, and labels that are menu items,
    tabs or coloured links."""
    unstated = (elements.kind == "icon") & ~np.isin(roles[:len(elements)], STATEFUL)
    labelled = _glyphs_labelled_by_controls(rgb, elements, roles, unstated, max_gap)
    icons = labelled[np.isin(elements.label[labelled], ("",) + EMPTY_BOXES + CROSSED_BOXES)]
    states = [box_state(rgb, elements.xyxy[r], scale) for r in icons.tolist()]
    # a box named "stop" must be empty: a filled one is as likely a folder's icon; one named
    # "close" must hold its cross
    rows, ticked = with_states(icons, [None if (st and elements.label[r] in EMPTY_BOXES)
                                       or (not st and elements.label[r] in CROSSED_BOXES) else st
                                       for r, st in zip(icons.tolist(), states)])
    if not len(rows):
        return rows, ticked
    # ... and a box of any name drawn as those are, as big and down their column or along their
    # row: Tk's classic look fills a ticked box in the accent colour, which the icon stage
    # calls a folder, a receipt or a stop sign
    more = np.setdiff1d(labelled, rows)
    b = elements.xyxy.astype(np.float64)
    size, near = (b[:, 2:] - b[:, :2]), SAME_BOX * scale
    kin = [r for r in more.tolist()
           if ((np.abs(size[rows] - size[r]) <= near).all(axis=1)
               & ((np.abs(b[rows, 0] - b[r, 0]) <= near) | (np.abs(b[rows, 1] - b[r, 1]) <= near))).any()]
    more_rows, more_ticked = with_states(np.array(kin, np.int64), [box_state(rgb, b[r], scale) for r in kin])
    return np.concatenate([rows, more_rows]), np.concatenate([ticked, more_ticked])


def box_state(image: np.ndarray, box, scale: float = 1.0, contrast: int = 40) -> bool | None:
    """Whether the ink in ``box`` of ``image`` (RGB (H, W, 3) or gray (H, W)) is a check box:
    None when it is no square box (10 to 24 px at ``scale`` 1, about as wide as tall, three of
    its sides, or its top and left, drawn along at least 80% of their length in their outer
    2 px), else whether something is drawn inside (a tick, a cross or a dash: more than 6% of
    the inside ink). A box too faint for ``contrast`` is read by `segment.label_boxes.faint_box_state`."""
    ink = glyph_ink(image, box, contrast)
    if ink is None:
        return faint_box_state(image, box, scale)
    h, w = ink.shape
    if not is_square(h, w, 10 * scale, 24 * scale):
        return faint_box_state(image, box, scale)
    top, bottom, left, right = box_sides(ink)
    # three sides at least (counted as ints: numpy's bools add up as "or"), or the dark top and
    # left of a sunken box whose lit sides are the window's colour (Qt's Windows style)
    if top + bottom + left + right < 3 and not (top and left):
        return faint_box_state(image, box, scale)
    # the inside starts 2 px in from the border, however thick it is drawn (4 px at scale 2;
    # a box filled to its middle is a filled box: its fill is what is drawn inside)
    edge = max(_run_from_start(ink[h // 2]), _run_from_start(ink[:, w // 2]))
    inset = max(3, edge + 2) if edge < min(h, w) // 4 else 3
    inside = ink[inset:h - inset, inset:w - inset]
    # ... or filled in an accent colour, nothing drawn on it (a classic Tk or Motif box)
    return bool(inside.size and inside.mean() > 0.06) or middle_chroma(image, box) >= ACCENT_CHROMA


def _run_from_start(line: np.ndarray) -> int:
    """How many of ``line``'s (bool (L,)) first values are True in a row."""
    off = np.flatnonzero(~line)
    return int(off[0]) if len(off) else len(line)


#: What a glyph read as a letter may read as ("O" for a radio's ring, "O:" with its focus dot).
GLYPH_READS = frozenset("Oo0QD°©®@[]:.")


def _one_glyph(elements) -> np.ndarray:
    """(N,) bool: text runs of one or two characters no wider than 1.5 times their height."""
    b = elements.xyxy
    w, h = b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]
    short = np.array([0 < len(str(t).strip()) <= 2 for t in elements.text], bool)
    return (elements.kind == "text") & short & (w <= 1.5 * h)


#: How far a drop-down arrow (`compounds.DROPDOWN_ARROWS`) looks for text on either side, in its
#: widths: alone, it is a menu button (a split button's menu half, a header bar's menu); beside
#: a value it is a combo box's part.
ARROW_REACH = 3.0


def action_icons(elements, roles: np.ndarray, sure: float) -> np.ndarray:
    """Rows of icons whose ``roles`` ``(N,)`` entry is "icon" or "image" and that the icon stage
    names an action (`ACTION_FUNCTIONS`) by an exact bank match or an encoder probability of at
    least ``sure``, with no text run on their right (`glyphs_with_labels`): a header bar's
    back or search button, a toolbar's lone home button. A glyph beside its label (a sidebar's
    Home) is that row's picture. Drop-down arrows (`DROPDOWN_ARROWS`) count too, however sure,
    when no text lies within `ARROW_REACH` of their widths on either side."""
    n = len(elements)
    labelled = np.zeros(n, bool)
    labelled[glyphs_with_labels(elements.kind, elements.xyxy)[0]] = True
    action = np.isin(elements.label, list(ACTION_FUNCTIONS)) & surely_named(elements, sure) & ~labelled
    arrows = np.flatnonzero((elements.kind == "icon") & np.isin(elements.label, DROPDOWN_ARROWS))
    texts = np.flatnonzero(elements.kind == "text")
    if len(arrows):
        near = np.isfinite(gaps_beside(elements.xyxy[arrows], elements.xyxy[texts], ARROW_REACH)).any(axis=1) \
            if len(texts) else np.zeros(len(arrows), bool)
        action[arrows[~near]] = True
    return np.flatnonzero((elements.kind == "icon") & np.isin(roles[:n], ("icon", "image")) & action)


#: Roles that show a value the user types or picks.
ENTRY_ROLES = ("textbox", "combobox", "spinbox")
#: Icons drawn inside a field (its magnifier, its clear button): called the field, they may
#: stand for a field the segmenter did not find (`glyph_fields`).
IN_FIELD_GLYPHS = ("search", "find", "filter", "clear")


def search_fields(elements, boxes: np.ndarray, parts: list[np.ndarray], scale: float = 1.0) -> np.ndarray:
    """Indices of the compound candidates (``boxes`` (K, 4) holding ``parts``, rows of
    ``elements``) that are search or filter fields: one text run and one or two icons, each
    drawn inside fields (`IN_FIELD_GLYPHS`: a magnifier before the query, a clear button after
    it), in a frame 18 to 56 px tall (at ``scale`` 1) and at least 3 times as wide. The
    classifier, seeing a frame with three parts, calls a focused GTK search entry a group."""
    found = []
    for k, rows in enumerate(parts):
        rows = np.asarray(rows)
        kinds = elements.kind[rows]
        icons = rows[kinds == "icon"]
        if (kinds == "text").sum() != 1 or not 1 <= len(icons) <= 2 or len(icons) + 1 != len(rows):
            continue
        w, h = boxes[k, 2] - boxes[k, 0], boxes[k, 3] - boxes[k, 1]
        if not (field_tall(h, scale) and w >= 3 * h):
            continue
        if np.isin(elements.label[icons], IN_FIELD_GLYPHS).all():
            found.append(k)
    return np.array(found, np.int64)


def glyph_fields(kind: np.ndarray, texts: np.ndarray, labels: np.ndarray, roles: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Rows of the leaves (``kind``, ``texts``, icon ``labels``, ``roles``, all ``(N,)``) that are a
    glyph alone -- an icon, or one symbol read as text (a zoom button's "+") -- called a field
    (`ENTRY_ROLES`): a glyph shows no value, so it is none (caja's pencil beside its path bar
    came back a spin box). Icons drawn inside fields (`IN_FIELD_GLYPHS`) are left: one may
    stand for its field. With them, (K,) bool: whether each is drawn as a tick box
    (`STATEFUL_GLYPHS`), which may keep a check box's role."""
    symbol = np.array([len(str(t).strip()) == 1 and not str(t).strip().isalnum() for t in texts], bool)
    in_field = np.isin(np.asarray(labels, dtype=object), IN_FIELD_GLYPHS)
    glyph = ((np.asarray(kind) == "icon") & ~in_field) | ((np.asarray(kind) == "text") & symbol)
    rows = np.flatnonzero(glyph & np.isin(np.asarray(roles, dtype=object), ENTRY_ROLES))
    return rows, np.array([str(labels[r]) in STATEFUL_GLYPHS for r in rows], bool)


def glyphs_read_as_letters(elements, roles: np.ndarray) -> np.ndarray:
    """Rows of text runs the classifier calls a checkbox, radio or switch that are one glyph
    read as a letter or two (an "O" for a radio's ring): at most two characters, all from
    `GLYPH_READS`, and no wider than 1.5 times their height. They are the control's glyph, not
    its label, and should be named by the text beside them like any other glyph."""
    return np.flatnonzero(one_glyph_reads(elements) & np.isin(roles[:len(elements)], STATEFUL))


def one_glyph_reads(elements) -> np.ndarray:
    """(N,) bool: text runs of one glyph (`_one_glyph`) read as characters that a control's
    glyph reads as (`GLYPH_READS`: "O" for a radio's ring, "[]" for a check box)."""
    reads = np.array([set(str(t).strip()) <= GLYPH_READS for t in elements.text], bool)
    return _one_glyph(elements) & reads


#: Text that is an address: a URL, a www. host, or a page anchor or hashtag ("#enable-gpu").
LINK_TEXT = re.compile(r"^(?:https?://\S+|www\.\S+\.\S+|#[A-Za-z][\w-]{2,})$")


def link_texts(elements, roles: np.ndarray) -> np.ndarray:
    """Rows of text runs shown as plain text or a list item whose text is an address
    (`LINK_TEXT`): pages draw addresses as links, and the classifier, which sees a crop and
    not the words, calls them text. A URL in a text box (an address bar) stays its value."""
    texts = (elements.kind == "text") & np.isin(roles[:len(elements)], ("text", "listitem"))
    rows = np.flatnonzero(texts)
    return rows[[bool(LINK_TEXT.match(str(elements.text[r]).strip())) for r in rows]] if len(rows) else rows


def make_role_classifier(device: str = "cpu"):
    """The trained classifier, or `RuleRoles` and the reason it could not be loaded."""
    try:
        return ControlClassifier(device=device), ""
    except ModelUnavailable as exc:
        return RuleRoles(), str(exc)


__all__ = ["ROLES", "INTERACTIVE", "STATEFUL", "STATEFUL_GLYPHS", "shows_other_glyph", "control_glyphs",
           "one_glyph_reads", "ring_glyphs", "is_ring",
           "GLYPH_ROLES", "glyphs_read_as_letters", "link_texts", "RoleResult",
           "ControlClassifier", "RuleRoles", "make_role_classifier", "CROP_H", "CROP_W"]
