"""Classical region segmenter (OpenCV): the non-text things an agent clicks — buttons, fields,
checkboxes, toggles, icons, thumbnails — from edges and contours, in ~10-50 ms on a CPU.

Edges are taken on every color channel (a blue button on a grey bar can have almost no
luminance edge), closed with a small dilation so borders and glyph strokes join, and every
contour's bounding box becomes a candidate. Candidates are then cleaned in bulk: too small, too
large or too thin boxes go, and near-identical boxes (the inner and outer edge of one border)
collapse into one. A flat glyph half the size floor tall (a drop-down caret, a menu button's
chevron at scale 2) is kept unless it is a solid bar (a minus key's dash).

Menu glyphs drawn as three strokes too far apart for the dilation to join them, each too small
to keep (a hamburger's bars at scale 2, a "more" button's dots), are found as one glyph when the
three are alike, in line, evenly spaced and alone on their button (`three_strokes`).

A contour's holes are the inside of its border, except where borders touch: fields stacked 3 px
apart, a text field whose frame runs into a toolbar's edge, a dialog's buttons 4 px apart close
into one component, and each field or button is then only a hole of it. Holes of that shape
inside a larger component are kept too (`framed_holes`).

The dilation also joins an icon drawn 1-2 px from a frame's or a pane's rule to that rule, and the
rule's component is too large to keep: a file view's first row of pictures, a sidebar's icons.
They are found again with the long straight edges taken out (`glyphs_on_rules`), scored
`RULED_SCORE`, and the parser keeps those with a label beside or under them (`labelled_boxes`)."""
from __future__ import annotations

import cv2
import numpy as np

from ..boxes import areas, centred_under, coverage, field_tall, nms
from ..elements import Elements
from ..imageio import screen_scale
from ..text.split import border_ink, box_ink, to_gray, triangles_in, true_runs
from .base import Segmenter


class ClassicalSegmenter(Segmenter):
    """Parameters are in pixels at scale 1 and grow with ``scale`` (2 for HiDPI screenshots;
    ``None`` guesses it from the image width)."""

    name = "cv"

    def __init__(self, min_side: int = 8, max_area_frac: float = 0.08, canny: tuple[int, int] = (40, 120),
                 duplicate_iou: float = 0.75, scale: float | None = None):
        self.min_side, self.max_area_frac, self.canny = min_side, max_area_frac, canny
        self.duplicate_iou, self.scale = duplicate_iou, scale

    def segment(self, rgb: np.ndarray) -> Elements:
        h, w = rgb.shape[:2]
        scale = self.scale or screen_scale(w)
        edges = np.zeros((h, w), np.uint8)
        for c in range(3):
            edges |= cv2.Canny(rgb[:, :, c], *self.canny)
        raw, edges = edges, cv2.dilate(edges, np.ones((3, 3), np.uint8))
        # CCOMP lists every component's outer boundary at the top level and its holes below
        # it; a hole is the inside of a border, never a thing of its own, so only outer
        # boundaries (no parent) are kept.
        contours, hierarchy = cv2.findContours(edges, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
        if not contours:
            return Elements()
        outer = np.flatnonzero(hierarchy[0][:, 3] < 0)
        rects = np.array([cv2.boundingRect(contours[i]) for i in outer], np.int32).reshape(-1, 4)
        xyxy = xyxy_all = np.concatenate([rects[:, :2], rects[:, :2] + rects[:, 2:]], axis=1)
        bw, bh = rects[:, 2], rects[:, 3]
        min_side = self.min_side * scale
        # a text field can span most of the screen's width (a search bar, a location bar): a
        # box of a field's height (20 to 54 px once the dilation is given back; a slider's
        # trough and knob are less) at least 6 times as wide is kept up to 0.98 of the width,
        # however long
        field = (bh >= 22 * scale) & (bh <= 56 * scale) & (bw >= 6 * bh) & (bw <= 0.98 * w)
        # a flat glyph (a menu button's chevron, a drop-down caret) may be half as tall, 1.25 to
        # 3 times as wide as tall: GTK's pan-down arrow is 12 x 6 px (22 x 10 at scale 2); a
        # code line's quote marks, as wide as tall, stay out
        flat = (bw >= min_side) & (bh >= min_side / 2) & (bw >= 1.25 * bh) & (bw <= 3 * bh) & (bw <= 2 * min_side) \
            & (bh < min_side)
        # ... but not a solid bar: a minus key's or a minimize button's dash is no glyph to box
        # (the title bar's buttons are found by where they sit: `icons.window_controls`)
        flat[flat] = ~_solid(rgb, xyxy[flat] + np.array([1, 1, -1, -1]))
        # ... and so may a filled triangle pointing right be half as wide: an expander's is
        # 6 x 12 px at scale 1, 12 x 24 at scale 2 (a letter as narrow, a "(" or a "1", is no
        # triangle)
        tall = (bh >= min_side) & (bw >= min_side / 2) & (bh >= 1.25 * bw) & (bh <= 3 * bw) & (bh <= 2 * min_side) \
            & (bw < min_side)
        tall[tall] = triangles_in(rgb, xyxy[tall] + np.array([1, 1, -1, -1])) == "right"
        keep = ((bw >= min_side) | tall) & ((bh >= min_side) | flat) & (bw * bh <= self.max_area_frac * w * h) \
            & (bh <= 0.5 * h) & (((bw <= 0.6 * w) & (np.maximum(bw, bh) <= 25 * np.minimum(bw, bh))) | field)
        # ... and so can a slider: a track with its knob, thinner than any field (GTK's scale
        # across a form's column: 535 x 16 px)
        slim = np.flatnonzero(~keep & (bh >= min_side) & (bw <= 0.98 * w))
        keep[slim[long_tracks(rgb, xyxy[slim], scale)]] = True
        # dilation grew every box by one pixel on each side: give it back
        xyxy = np.concatenate([xyxy[keep] + np.array([1, 1, -1, -1], np.int32),
                               framed_holes(contours, hierarchy[0], edges, scale)])
        ruled = glyphs_on_rules(raw, xyxy, scale)
        xyxy = self._collapse_duplicates(np.unique(np.concatenate([xyxy, ruled, three_strokes(rgb, xyxy_all, scale)]), axis=0))
        # the icons found against a rule carry their own score: the parser keeps those with a
        # label beside or under them (see `glyphs_on_rules`)
        found_on_rules = {tuple(b) for b in ruled.tolist()}
        score = np.array([RULED_SCORE if tuple(b) in found_on_rules else 0.5 for b in xyxy.tolist()], np.float32)
        return Elements(xyxy, ["region"] * len(xyxy), score=score)

    def _collapse_duplicates(self, xyxy: np.ndarray) -> np.ndarray:
        """Of boxes that overlap almost entirely, keep the largest (the outer border)."""
        return xyxy[nms(xyxy, areas(xyxy), self.duplicate_iou)]


#: A hole is a cell of its neighbour (`framed_holes`) when they share at least this fraction
#: of the hole's side.
SHARED_SIDE = 0.5


def long_tracks(rgb: np.ndarray, xyxy: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """Which of the (N, 4) contour boxes (grown 1 px each way by the edge dilation) on the RGB
    uint8 ``rgb`` are a slider's track with its knob (`semantics.sliders.is_slider_track`, on
    the box given back its pixel) more than 25 times as wide as tall, at most
    `sliders.MAX_HEIGHT` px tall at ``scale``. (N,) bool."""
    # (imported here: the semantics stage imports the segmenter's label boxes)
    from ..semantics.sliders import MAX_HEIGHT, track_at_either_contrast
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    bw, bh = b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]
    out = np.zeros(len(b), bool)
    for r in np.flatnonzero((bh <= MAX_HEIGHT * scale) & (bw > 25 * bh)):
        x0, y0, x1, y1 = b[r]
        out[r] = track_at_either_contrast(to_gray(rgb[y0 + 1:y1 - 1, x0 + 1:x1 - 1]))
    return out


def framed_holes(contours, hierarchy: np.ndarray, edges: np.ndarray, scale: float, cell_gap: int = 4) -> np.ndarray:
    """Frames of fields and buttons that are only holes of a larger component (see the module
    docstring), from ``cv2.findContours(..., RETR_CCOMP)`` output and the ``edges`` it ran on:
    holes 18 to 56 px tall (at ``scale`` 1), at least twice as wide (4 times when nothing is
    drawn inside) and at most 0.98 of the screen's width, whose component's box is at least 1.5
    times their area. A hole with another hole of its component (at least 8 px both ways)
    within ``cell_gap`` px beside, above or below it is a cell cut by a single rule (linked
    buttons, list rows, an entry joined to its button), not a frame of its own, and is left
    out, unless holes of its size lie both beside it and above or below it: a keypad's key.
    Keys too tall for those sizes are found by `_large_keys`. Returns (K, 4) int32 xyxy, grown
    by the 2 px of border and dilation the hole lies inside."""
    holes = np.flatnonzero(hierarchy[:, 3] >= 0)
    if not len(holes):
        return np.zeros((0, 4), np.int32)
    rects = np.array([cv2.boundingRect(contours[i]) for i in holes], np.int64).reshape(-1, 4)
    bw, bh = rects[:, 2], rects[:, 3]
    keep = field_tall(bh, scale) & (bw >= 2 * bh) & (bw <= 0.98 * edges.shape[1])
    # an empty hole is an empty field only when it is field-wide (a colour swatch is not)
    for i in np.flatnonzero(keep & (bw < 4 * bh)):
        x, y, rw, rh = rects[i]
        keep[i] = bool(edges[y + 2:y + rh - 2, x + 2:x + rw - 2].any())
    box = np.concatenate([rects[:, :2], rects[:, :2] + rects[:, 2:]], axis=1)
    parent = hierarchy[holes, 3]
    big = box[_large_keys(box, parent, scale)]
    if not keep.any():
        return big.astype(np.int32) + np.array([-2, -2, 2, 2], np.int32)
    outer = np.array([cv2.boundingRect(contours[i]) for i in hierarchy[holes[keep], 3]], np.int64).reshape(-1, 4)
    keep[keep] = outer[:, 2] * outer[:, 3] >= 1.5 * bw[keep] * bh[keep]
    f = np.flatnonzero(keep)
    # a sliver between a button's border and the next rule is no cell
    same = (parent[f][:, None] == parent[None, :]) & (np.minimum(bw, bh) >= 8 * scale)[None, :]
    same[np.arange(len(f)), f] = False
    a, b = box[f][:, None, :], box[None, :, :]
    gap_x = np.maximum(b[..., 0] - a[..., 2], a[..., 0] - b[..., 2])
    gap_y = np.maximum(b[..., 1] - a[..., 3], a[..., 1] - b[..., 3])
    gap = cell_gap * scale
    # a neighbour shares a cell's rule along most of the cell's side: a field drawn just
    # above a table's narrow header cells is no cell of that table
    shared_x = np.minimum(a[..., 2], b[..., 2]) - np.maximum(a[..., 0], b[..., 0])
    shared_y = np.minimum(a[..., 3], b[..., 3]) - np.maximum(a[..., 1], b[..., 1])
    beside = (gap_x >= 0) & (gap_x <= gap) & (shared_y >= SHARED_SIDE * bh[f][:, None])
    above = (gap_y >= 0) & (gap_y <= gap) & (shared_x >= SHARED_SIDE * bw[f][:, None])
    cell = (same & (beside | above)).any(axis=1)
    # ... unless it is a key of a keypad: a hole of the same size lies beside it and another
    # above or below it (a calculator's keys, 4 px apart, close into one component)
    size = rects[:, 2:]
    alike = same & (np.abs(size[f][:, None, :] - size[None, :, :]) <= 2 * scale).all(axis=2)
    key = (alike & beside).any(axis=1) & (alike & above).any(axis=1)
    cell &= ~key
    keep[f[cell]] = False
    joined = _entries_with_button(box, f[cell], same[cell] & beside[cell], parent, scale)
    return np.concatenate([box[keep], joined, big]).astype(np.int32) + np.array([-2, -2, 2, 2], np.int32)


#: The strokes of a menu glyph (`three_strokes`) are at most this long, in px at scale 1 ...
STROKE_MAX = 24
#: ... its dots at most this wide (dilated) ...
DOT_MAX = 6
#: ... and they lie at most this far apart (edge to edge, dilated). Nothing else is drawn
#: within half the glyph's side, and at least this many px, of its square.
STROKE_GAP = 6
STROKE_CLEAR = 3


def three_strokes(rgb: np.ndarray, components: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """The menu glyphs drawn as three strokes each too small to keep: a hamburger's three bars,
    a "more" button's three dots. ``rgb`` (H, W, 3) is the screen, ``components`` (N, 4) xyxy
    the boxes of its dilated edges' components. Two shapes are found:

    - three components alike in size (within ``2 * scale`` px each way, dots at most `DOT_MAX`
      px wide or bars at least 3 times as long as thick, lying across the line), in line (their
      sides within ``2 * scale`` px) and evenly spaced (gaps of at most `STROKE_GAP` px, alike
      within ``2 * scale`` px), no fourth continuing the line (a dotted rule, a tree's guide);
      letters of a word are neither dots nor bars;
    - one thin component (less than 8 px across, at most `STROKE_MAX` long) whose ink splits
      along its length into three alike, evenly spaced runs: dots 2 px apart, which the
      dilation joined.

    Returns (K, 4) int32 xyxy, each glyph's square about its centre."""
    size = components[:, 2:] - components[:, :2]
    box = components[(size.min(axis=1) < 8 * scale) & (size.max(axis=1) <= STROKE_MAX * scale)].astype(np.int64)
    out = [_stroke_chains(box, scale, axis) for axis in (0, 1)]
    thin = box[(box[:, 2:] - box[:, :2]).max(axis=1) >= 8 * scale]
    out.append(np.array([b for b in thin if _three_runs(rgb, b, scale)], np.int64).reshape(-1, 4))
    found = np.concatenate(out).astype(np.float64)
    half = np.maximum(found[:, 2] - found[:, 0], found[:, 3] - found[:, 1]) / 2
    cx, cy = (found[:, 0] + found[:, 2]) / 2, (found[:, 1] + found[:, 3]) / 2
    square = np.round(np.stack([cx - half, cy - half, cx + half, cy + half], axis=1)).astype(np.int32)
    # a menu glyph stands alone on its button: nothing else is drawn within its square grown by
    # half its side (at least `STROKE_CLEAR` px) but what holds it (the button's frame, the
    # bar): the dots of "str, ...", a size grip's triangle of dots and a string's quotes have
    # neighbours
    m = np.maximum(STROKE_CLEAR * scale, half)[:, None]
    c = components[None, :, :]
    near = (c[..., 0] < square[:, None, 2] + m) & (c[..., 2] > square[:, None, 0] - m) \
        & (c[..., 1] < square[:, None, 3] + m) & (c[..., 3] > square[:, None, 1] - m)
    own = (c[..., 0] >= found[:, None, 0]) & (c[..., 2] <= found[:, None, 2]) \
        & (c[..., 1] >= found[:, None, 1]) & (c[..., 3] <= found[:, None, 3])
    holds = (c[..., 0] <= found[:, None, 0]) & (c[..., 2] >= found[:, None, 2]) \
        & (c[..., 1] <= found[:, None, 1]) & (c[..., 3] >= found[:, None, 3])
    return square[~(near & ~own & ~holds).any(axis=1)]


def _solid(rgb: np.ndarray, boxes: np.ndarray, fill: float = 0.8) -> np.ndarray:
    """(K,) bool: whether ink (more than 40 grey levels off the box's border median) fills at
    least ``fill`` of the rows that hold ink in each of ``boxes`` (K, 4) xyxy of ``rgb``: a
    bar (a dash, its anti-aliased row aside), not a glyph's strokes (a chevron, a caret)."""
    out = np.zeros(len(boxes), bool)
    for k, box in enumerate(np.asarray(boxes, np.int64)):
        ink = box_ink(rgb, box)
        if ink is None:
            continue
        rows = ink.any(axis=1)
        out[k] = bool(rows.any()) and ink[rows].mean() >= fill
    return out


def _stroke_chains(box: np.ndarray, scale: float, axis: int) -> np.ndarray:
    """Unions of three dots or bars of ``box`` (N, 4) in a row (``axis`` 0) or a column (1); see
    `three_strokes`. Returns (K, 4) int64 xyxy."""
    tol = 2 * scale
    size = box[:, 2:] - box[:, :2]
    along, across = size[:, axis], size[:, 1 - axis]
    stroke = (np.maximum(along, across) <= DOT_MAX * scale) | (across >= 3 * along)
    box, size = box[stroke], size[stroke]
    if len(box) < 3:
        return np.zeros((0, 4), np.int64)
    lo, hi = box[:, axis], box[:, axis + 2]
    side_lo, side_hi = box[:, 1 - axis], box[:, 3 - axis]
    # pairs (i, j): j starts within the gap after i ends, found on the boxes sorted by start
    # (a page of text at scale 2 has thousands of dot-sized pieces: no N x N tables)
    order = np.argsort(lo, kind="stable")
    first = np.searchsorted(lo[order], hi, "left")
    count = np.searchsorted(lo[order], hi + STROKE_GAP * scale, "right") - first
    i = np.repeat(np.arange(len(box)), count)
    j = order[np.arange(int(count.sum())) - np.repeat(np.cumsum(count) - count, count) + np.repeat(first, count)]
    alike = (np.abs(size[i] - size[j]) <= tol).all(axis=1) & (np.abs(side_lo[i] - side_lo[j]) <= tol) \
        & (np.abs(side_hi[i] - side_hi[j]) <= tol) & (i != j)
    i, j = i[alike], j[alike]
    # each box's next one: the nearest such j
    pick = np.lexsort((lo[j] - hi[i], i))
    i, j = i[pick], j[pick]
    head = np.ones(len(i), bool)
    head[1:] = i[1:] != i[:-1]
    nxt = np.full(len(box), -1)
    nxt[i[head]] = j[head]
    prev = np.full(len(box), -1)
    prev[nxt[nxt >= 0]] = np.flatnonzero(nxt >= 0)
    out = []
    for a in np.flatnonzero((prev < 0) & (nxt >= 0)):
        chain = [a]
        while nxt[chain[-1]] >= 0 and len(chain) < 4:
            chain.append(nxt[chain[-1]])
        gaps = lo[chain[1:]] - hi[chain[:-1]]
        if len(chain) == 3 and abs(int(gaps[0]) - int(gaps[1])) <= tol:
            b = box[chain]
            out.append([b[:, 0].min(), b[:, 1].min(), b[:, 2].max(), b[:, 3].max()])
    return np.array(out, np.int64).reshape(-1, 4)


def _three_runs(rgb: np.ndarray, box: np.ndarray, scale: float) -> bool:
    """Whether the ink of the thin dilated component ``box`` (xyxy) of ``rgb`` splits along its
    length into three runs alike in length and evenly spaced (within ``scale`` px): three dots."""
    x0, y0, x1, y1 = (int(v) for v in box)
    crop = rgb[y0:y1, x0:x1].mean(axis=2)
    if crop.size == 0:
        return False
    ink = border_ink(crop, 40)
    runs = true_runs(ink.any(axis=1) if y1 - y0 >= x1 - x0 else ink.any(axis=0))
    if len(runs) != 3:
        return False
    length, gaps = runs[:, 1] - runs[:, 0], runs[1:, 0] - runs[:-1, 1]
    return bool(np.ptp(length) <= scale and abs(int(gaps[0]) - int(gaps[1])) <= scale)


#: The score of the boxes `glyphs_on_rules` finds (the others score 0.5).
RULED_SCORE = 0.4
#: A straight edge at least this long (px at scale 1) is a frame's or a pane's rule, no icon's
#: (`glyphs_on_rules`): icons are at most 64 px.
RULE_MIN = 72
#: An icon found by `glyphs_on_rules` is at most this long on its longer side (px at scale 1) ...
RULED_GLYPH_MAX = 64
#: ... and at most this many times as long as its shorter side.
RULED_GLYPH_ASPECT = 3.0


def glyphs_on_rules(edges: np.ndarray, found: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """Icons drawn within 2 px of a frame's or a pane's rule: the dilation joins them to the
    rule and they are lost in its component, which is too large to keep (the first row of a
    file view's icons under the view's frame, a sidebar's icons by its edge). The straight runs
    of the undilated Canny ``edges`` (H, W) at least `RULE_MIN` px long are taken out and the
    contours found again (a column of them cut at its empty rows: icons stacked 2 px apart join
    too); boxes at most `RULED_GLYPH_MAX` px and `RULED_GLYPH_ASPECT` long, at least 8 px both
    ways and not inside any of the ``found`` (K, 4) boxes are returned, (M, 4) int32 xyxy.
    Many such boxes are no icons (a scroll bar's arrows and thumb, a diff view's connectors, a
    ruler's marks): the parser keeps only those with a label (`labelled_boxes`)."""
    n = max(int(round(RULE_MIN * scale)), 3)
    across = cv2.morphologyEx(edges, cv2.MORPH_OPEN, np.ones((1, n), np.uint8))
    down = cv2.morphologyEx(edges, cv2.MORPH_OPEN, np.ones((n, 1), np.uint8))
    rules = across | down
    if not rules.any():
        return np.zeros((0, 4), np.int32)
    # the rule is taken out with its dilation, so what it touched stands apart again
    bare = edges & ~cv2.dilate(rules, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(cv2.dilate(bare, np.ones((3, 3), np.uint8)), cv2.RETR_EXTERNAL,
                                   cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return np.zeros((0, 4), np.int32)
    rects = np.array([cv2.boundingRect(c) for c in contours], np.int64).reshape(-1, 4)
    box = np.concatenate([rects[:, :2] + 1, rects[:, :2] + rects[:, 2:] - 1], axis=1)
    # icons stacked 1 or 2 px apart (a sidebar's column) join too: cut a column at its empty rows
    wh = box[:, 2:] - box[:, :2]
    strip = (wh[:, 0] >= 8 * scale) & (wh[:, 0] <= RULED_GLYPH_MAX * scale) & (wh[:, 1] > 1.5 * wh[:, 0])
    box = np.concatenate([box[~strip]] + [_cut_at_gaps(bare, b) for b in box[strip]])
    wh = box[:, 2:] - box[:, :2]
    long_side, short_side = wh.max(axis=1), wh.min(axis=1)
    box = box[(short_side >= 8 * scale) & (long_side <= RULED_GLYPH_MAX * scale)
              & (long_side <= RULED_GLYPH_ASPECT * short_side)]
    # a knob on a slider's track has the rule running on from its middle, not along its edge
    box = box[[not _on_track(across, down, b) for b in box]]
    if len(box) and len(found):
        # what a kept box holds was found with it or is its part (a combo box's arrow on its
        # frame, a slider's knob on its track): only what a dropped component swallowed is new
        box = box[(coverage(found, box) < 0.9).all(axis=0)]
    return box.astype(np.int32)


def labelled_boxes(xyxy: np.ndarray, texts: np.ndarray) -> np.ndarray:
    """(N,) bool: whether each box of ``xyxy`` (N, 4) has a text run of ``texts`` (T, 4) as its
    label: starting within one of its widths on its right, its centre within the box's rows, at
    most twice as tall and at least half as tall (a sidebar's place, a list's file), or, for a
    box at least 24 px tall, starting within half its height under it, its centre within a
    quarter of the box's width of the box's, no taller than the box (an icon view's name)."""
    b, t = np.asarray(xyxy, np.float64).reshape(-1, 4)[:, None, :], np.asarray(texts, np.float64).reshape(-1, 4)[None]
    if not b.size or not t.size:
        return np.zeros(len(b), bool)
    w, h = b[..., 2] - b[..., 0], b[..., 3] - b[..., 1]
    th = t[..., 3] - t[..., 1]
    cy = (t[..., 1] + t[..., 3]) / 2
    right = (t[..., 0] >= b[..., 2] - 2) & (t[..., 0] - b[..., 2] <= w) & (cy >= b[..., 1]) & (cy <= b[..., 3]) \
        & (th <= 2 * h) & (th >= h / 2)
    below = (h >= 24) & (th <= h) & centred_under(b[:, 0], t[0], 0.5, 0.25)
    return (right | below).any(axis=1)


def _on_track(across: np.ndarray, down: np.ndarray, box: np.ndarray, reach: int = 4) -> bool:
    """Whether a rule of ``across`` (horizontal) or ``down`` (vertical), both (H, W) masks,
    leaves ``box`` (xyxy) near its middle: within a quarter of its side of its centre line,
    within ``reach`` px outside it."""
    x0, y0, x1, y1 = (int(v) for v in box)
    cx, cy, qx, qy = (x0 + x1) // 2, (y0 + y1) // 2, max((x1 - x0) // 4, 1), max((y1 - y0) // 4, 1)
    h, w = across.shape
    band = slice(max(cy - qy, 0), min(cy + qy + 1, h))
    column = slice(max(cx - qx, 0), min(cx + qx + 1, w))
    return bool(across[band, max(x0 - reach, 0):x0].any() or across[band, x1:x1 + reach].any()
                or down[max(y0 - reach, 0):y0, column].any() or down[y1:y1 + reach, column].any())


def _cut_at_gaps(edges: np.ndarray, box: np.ndarray) -> np.ndarray:
    """The pieces of the tall ``box`` (xyxy) cut at the rows where ``edges`` (H, W) holds
    nothing, each shrunk to its edges: (P, 4) int64 xyxy. A piece less than half as tall as
    the box is wide is part of an icon (a house's roof over its walls) and joins the nearer
    of its neighbours."""
    x0, y0, x1, y1 = (int(v) for v in box)
    ink = edges[y0:y1, x0:x1] > 0
    spans = true_runs(ink.any(axis=1)).tolist()
    while len(spans) > 1:
        short = [k for k, (a, b) in enumerate(spans) if b - a < (x1 - x0) / 2]
        if not short:
            break
        k = short[0]
        gaps = [spans[k][0] - spans[k - 1][1] if k > 0 else np.inf,
                spans[k + 1][0] - spans[k][1] if k + 1 < len(spans) else np.inf]
        j = k - 1 if gaps[0] <= gaps[1] else k + 1
        spans[min(j, k)] = [spans[min(j, k)][0], spans[max(j, k)][1]]
        del spans[max(j, k)]
    pieces = []
    for a, b in spans:
        across = np.flatnonzero(ink[a:b].any(axis=0))
        pieces.append([x0 + int(across[0]), y0 + a, x0 + int(across[-1]) + 1, y0 + b])
    return np.array(pieces, np.int64).reshape(-1, 4)


#: Keys taller than a field (`_large_keys`) are at most this tall, in px at scale 1.
KEY_MAX = 160


def _large_keys(box: np.ndarray, parent: np.ndarray, scale: float) -> np.ndarray:
    """Rows of holes (``box`` (H, 4) xyxy, ``parent`` (H,) their components) that are keys of
    a keypad too tall for `framed_holes`' field sizes (a calculator's 100 px keys): 57 to
    `KEY_MAX` px tall (at ``scale`` 1), 0.6 to 4 times as wide, with a hole of the same
    component of the same size (within 2 px) on its row less than half its width away and
    one in its column less than half its height away. A split key's drop-down part, a
    narrow strip beside it, is no key."""
    bw, bh = box[:, 2] - box[:, 0], box[:, 3] - box[:, 1]
    rows = np.flatnonzero((bh > 56 * scale) & (bh <= KEY_MAX * scale) & (bw >= 0.6 * bh) & (bw <= 4 * bh))
    if len(rows) < 4:
        return np.zeros(0, np.int64)
    a, b = box[rows][:, None, :], box[rows][None, :, :]
    tol = 2 * scale
    alike = (parent[rows][:, None] == parent[rows][None, :]) \
        & (np.abs((a[..., 2:] - a[..., :2]) - (b[..., 2:] - b[..., :2])) <= tol).all(axis=2)
    np.fill_diagonal(alike, False)
    gap_x = np.maximum(b[..., 0] - a[..., 2], a[..., 0] - b[..., 2])
    gap_y = np.maximum(b[..., 1] - a[..., 3], a[..., 1] - b[..., 3])
    row = alike & (np.abs(a[..., 1] - b[..., 1]) <= tol) & (gap_x >= 0) & (gap_x < bw[rows][:, None] / 2)
    col = alike & (np.abs(a[..., 0] - b[..., 0]) <= tol) & (gap_y >= 0) & (gap_y < bh[rows][:, None] / 2)
    return rows[row.any(axis=1) & col.any(axis=1)]


def _entries_with_button(box: np.ndarray, cells: np.ndarray, beside: np.ndarray, parent: np.ndarray,
                         scale: float) -> np.ndarray:
    """An entry joined to its button (a GTK editable combo box: the entry, a rule, the arrow
    button) as one frame: of the ``cells`` (rows into ``box`` (H, 4), the holes `framed_holes`
    left out as cells; ``beside``: (C, H) which holes of their component lie beside each), each
    at least 2.5 times as wide as tall with one hole beside it, on its right, about square (at
    most 1.6 times as wide as tall), its top and bottom within ``scale`` px of the cell's, and
    no other hole beside that one. Returns (K, 4) int64 xyxy, the two holes' union."""
    out = []
    for c, row in enumerate(cells):
        nb = np.flatnonzero(beside[c])
        if len(nb) != 1:
            continue
        e, b = box[row], box[nb[0]]
        ew, eh, bw, bh = e[2] - e[0], e[3] - e[1], b[2] - b[0], b[3] - b[1]
        if not (ew >= 2.5 * eh and b[0] >= e[2] and bw <= 1.6 * bh
                and abs(b[1] - e[1]) <= scale and abs(b[3] - e[3]) <= scale):
            continue
        # the button is the last cell of the row: nothing of the component lies beside it
        others = (parent == parent[row]) & (np.arange(len(box)) != row) & (np.arange(len(box)) != nb[0])
        o = box[others]
        near = (o[:, 0] - b[2] >= 0) & (o[:, 0] - b[2] <= 4 * scale) & (o[:, 1] < b[3]) & (o[:, 3] > b[1])
        if near.any():
            continue
        out.append([e[0], min(e[1], b[1]), b[2], max(e[3], b[3])])
    return np.array(out, np.int64).reshape(-1, 4)
