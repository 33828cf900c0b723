"""Merge text and region proposals into one element list: one element per thing.

Rules, applied in this order (all vectorised over box pairs):
1. Phantom text goes: single characters read with low confidence (a checkbox read as "J"),
   and reads with no letter or digit that hold two or more icon regions side by side (a
   toolbar's copy and paste icons read as "€€", zoom in and out as "@@"; `icons_read_as_symbols`),
   or round letters no more than the square icon regions they hold (framed icons read "00"),
   or two characters that hold two square icons set apart (a toolbar's "new" and "open" read "+C").
   Regions from different sources (segmenter contours, glyphs split off text lines) that
   overlap by IoU > 0.5 are one thing: the larger box stays (greedy NMS by area).
2. A region that lies mostly inside a text box (a glyph, a word's edge contour), or is the
   same box as a text (IoU >= 0.5: a key's "1" found by both), goes: the text element already
   stands for it. A region that reaches past the text on all four sides is its plate (a
   filled button tight around its label), not the same box, and so is one wider than the text
   by more than the text's height (a combo box around its value and arrow, the value's box
   padded to the frame's edge) or reaching past one of its ends by more than half its height
   (a spin box's steppers after a value whose box is as tall as the frame): they stay for rule 4.
3. Glyph pieces whose boxes cross (a sign-out icon's bracket and arrow) are one region over
   them all (`joined_icon_pieces`), and a glyph-sized region (longest side <= ``glyph_max``)
   absorbs the regions inside it: they are the strokes and holes of one icon, not separate things.
4. A region that contains exactly one other element (a button around its label or glyph, a
   field around its placeholder) goes: the inner element, with its text or icon label, stands
   for it and its centre still lands inside. A region that contains two or more other elements
   is a container (a card, a toolbar, a table row) and goes too: its children are listed.
   Regions that contain nothing (an empty field, a checkbox, an unlabelled glyph) stay.
5. Everything is sorted in reading order and numbered from 0.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .boxes import coverage, iou, nms, reading_order
from .elements import Elements


def drop_phantom_text(text: Elements, min_single_char_score: float = 0.75, reach: float = 1.0) -> Elements:
    """``text`` without single characters read with less than ``min_single_char_score`` (a
    checkbox read as "J"), unless a symbol set between two words of its line: a text on each
    side, overlapping its rows by half, no more than ``reach`` line heights away (the "=" of
    "width = width", cut off as a run of its own and read less surely alone)."""
    short = np.array([len(t.strip()) <= 1 for t in text.text], bool)
    low = short & (text.score < min_single_char_score)
    symbol = np.array([len(t.strip()) == 1 and not t.strip().isalnum() for t in text.text], bool)
    for i in np.flatnonzero(low & symbol):
        if _between_words(text.xyxy, i, reach):
            low[i] = False
    return text[~low]


def _between_words(xyxy: np.ndarray, i: int, reach: float) -> bool:
    """Whether box ``i`` of the (N, 4) ``xyxy`` has another box on its line within ``reach``
    of its height on both its left and its right."""
    b = xyxy[i]
    h = b[3] - b[1]
    rows = np.minimum(xyxy[:, 3], b[3]) - np.maximum(xyxy[:, 1], b[1]) >= 0.5 * h
    rows[i] = False
    left = rows & (xyxy[:, 2] <= b[0] + 1) & (b[0] - xyxy[:, 2] <= reach * h)
    right = rows & (xyxy[:, 0] >= b[2] - 1) & (xyxy[:, 0] - b[2] <= reach * h)
    return bool(left.any() and right.any())


#: What an icon in a rounded frame is read as (rule 1).
FRAME_READS = frozenset("0OoDQ")


def icons_read_as_symbols(text: Elements, regions: Elements, *, glyph_max: int = 24,
                          inside: float = 0.7, aspect: float = 2.0, square: float = 1.25,
                          tall: float = 0.7, apart: float = 0.3) -> np.ndarray:
    """(T,) bool: text elements that are a row of icons misread. Such a read has no letter or
    digit and holds (``inside`` of each) two or more regions that are icon-sized (longest side
    <= 2.5 ``glyph_max``: a toolbar's large 24 px icons at scale 2 are 48-49 px), square-ish
    (sides within ``aspect``), at least half the read's height both ways and do not overlap
    each other: the "()" of a key or the "[.!?]" of a code line are narrow strokes, a code
    line's quotes short. A read of round letters (``FRAME_READS``: what a framed icon looks
    like to the recognizer) is one too when it has no more characters than such regions, of
    at most ``glyph_max``, and they are square (sides within ``square``) and at least ``tall``
    of its height: lximage-qt's framed zoom-in and zoom-out icons read as "00" (a "0" is
    taller than wide). So is any read of two characters that holds two such square regions at
    least half of ``glyph_max`` and half the read's height on each side, set apart by
    ``apart`` of their width or more: qpdfview's "new" and "open" read "+C", a task manager's
    two toolbar icons "X€"; the letters of a word touch or nearly touch, and a small word's
    letters are smaller."""
    out = np.zeros(len(text), bool)
    chars = [t.replace(" ", "") for t in text.text]
    if not len(regions) or not any(chars):
        return out
    wh = (regions.xyxy[:, 2:] - regions.xyxy[:, :2]).astype(np.float64)
    icon_like = (wh.max(axis=1) <= 2.5 * glyph_max) & (wh.max(axis=1) <= aspect * np.maximum(wh.min(axis=1), 1))
    squarish = wh.max(axis=1) <= square * np.maximum(wh.min(axis=1), 1)
    held = coverage(text.xyxy, regions.xyxy) >= inside
    for t in np.flatnonzero([bool(c) for c in chars]):
        height = text.xyxy[t, 3] - text.xyxy[t, 1]
        symbols = not any(c.isalnum() for c in chars[t])
        round_letters = not symbols and set(chars[t]) <= FRAME_READS
        if symbols:
            rows = np.flatnonzero(held[t] & icon_like & (wh.min(axis=1) >= 0.5 * height))
        elif round_letters:
            rows = np.flatnonzero(held[t] & icon_like & squarish & (wh.max(axis=1) <= glyph_max)
                                  & (wh.min(axis=1) >= tall * height))
        elif len(chars[t]) == 2:
            rows = np.flatnonzero(held[t] & icon_like & squarish
                                  & (wh.min(axis=1) >= max(0.5 * height, 0.5 * glyph_max)))
            if not _set_apart(regions.xyxy[rows], apart):
                continue
        else:
            continue
        overlap = iou(regions.xyxy[rows], regions.xyxy[rows]) > 0
        np.fill_diagonal(overlap, False)
        enough = len(rows) >= max(2, 0 if symbols else len(chars[t]))
        out[t] = enough and not overlap.any()
    return out


def _set_apart(boxes: np.ndarray, apart: float) -> bool:
    """Boxes (N, 4), left to right, each starting at least ``apart`` of the narrower one's
    width after the one before it ends."""
    b = np.asarray(boxes, np.float64).reshape(-1, 4)
    b = b[np.argsort(b[:, 0], kind="stable")]
    w = b[:, 2] - b[:, 0]
    return bool(len(b) >= 2 and (b[1:, 0] - b[:-1, 2] >= apart * np.minimum(w[1:], w[:-1])).all())


def collapse_overlaps(regions: Elements, max_iou: float = 0.5, glyph_max: int = 24) -> Elements:
    """Of regions overlapping by more than ``max_iou``, keep the largest (greedy NMS with
    area as the score); except a text field inside a taller box (`nested_fields`): an editor's
    search bar, 26 px tall, and the panel holding it, 43 px, overlap by 0.6 but are two things."""
    keep = nms(regions.xyxy, regions.areas, max_iou)
    return regions[np.sort(np.concatenate([keep, nested_fields(regions.xyxy, keep, glyph_max)]))]


def nested_fields(xyxy: np.ndarray, kept: np.ndarray, glyph_max: int = 24, aspect: float = 6.0,
                  taller: float = 1.25) -> np.ndarray:
    """Indices of (N, 4) boxes that NMS dropped (not in ``kept``) though each is a text field
    (at least ``aspect`` times as wide as tall, 2/3 to 2.3 ``glyph_max`` tall) lying wholly
    inside every kept box that overlaps it by IoU > 0.5, each at least ``taller`` times as tall:
    the field's panel, not a second outline of the field."""
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    dropped = np.setdiff1d(np.arange(len(b)), kept)
    w, h = b[dropped, 2] - b[dropped, 0], b[dropped, 3] - b[dropped, 1]
    dropped = dropped[(w >= aspect * h) & (h >= 2 * glyph_max / 3) & (h <= 2.3 * glyph_max)]
    if not len(dropped) or not len(kept):
        return np.zeros(0, np.int64)
    over = iou(b[kept], b[dropped]) > 0.5
    holds = (coverage(b[kept], b[dropped]) >= 0.98) \
        & ((b[kept, 3] - b[kept, 1])[:, None] >= taller * (b[dropped, 3] - b[dropped, 1])[None, :])
    return dropped[(over.any(axis=0)) & ~(over & ~holds).any(axis=0)]


def glyphs_beside_icons(glyphs: np.ndarray, regions: np.ndarray, glyph_max: float = 24, reach: int = 2) -> np.ndarray:
    """(G,) bool: glyphs cut off the front of text runs (``(G, 4)`` boxes) that touch or overlap,
    within ``reach`` px sideways, a glyph-sized region (``(R, 4)``, longest side at most
    ``glyph_max``) starting left of them and sharing half their height: the icon the segmenter
    found already, of which the recognizer read the right edge as a letter ("lDesktop"). Left
    in, such a sliver is a second, nameless icon beside the first. (A region starting right of
    the glyph is the label's first letter.)"""
    g = np.asarray(glyphs, np.float64).reshape(-1, 4)
    r = np.asarray(regions, np.float64).reshape(-1, 4)
    if not len(g) or not len(r):
        return np.zeros(len(g), bool)
    r = r[(r[:, 2:] - r[:, :2]).max(axis=1) <= glyph_max]
    overlap_y = np.minimum(g[:, None, 3], r[None, :, 3]) - np.maximum(g[:, None, 1], r[None, :, 1])
    gap_x = np.maximum(g[:, None, 0] - r[None, :, 2], r[None, :, 0] - g[:, None, 2])
    left = r[None, :, 0] < g[:, None, 0]
    return ((overlap_y >= 0.5 * (g[:, None, 3] - g[:, None, 1])) & (gap_x <= reach) & left).any(axis=1)


@dataclass
class Layout:
    """What the merge found: the elements, each with the frame drawn around it alone (rule 4,
    `Elements.frame`), and the regions that held two or more elements (containers such as
    toolbars and rows, or compound controls such as a combo box around its value and arrow)."""

    elements: Elements
    groups: np.ndarray = field(default_factory=lambda: np.zeros((0, 4), np.int32))


def merge(text: Elements, regions: Elements, *, inside: float = 0.7, contained: float = 0.9,
          glyph_max: int = 24) -> Elements:
    """Combine OCR text and segmenter regions by the rules in this module's docstring."""
    return merge_layout(text, regions, inside=inside, contained=contained, glyph_max=glyph_max).elements


def merge_layout(text: Elements, regions: Elements, *, inside: float = 0.7, contained: float = 0.9,
                 glyph_max: int = 24) -> Layout:
    """`merge`, keeping what rule 4 removes: frames (on their element) and groups."""
    text = drop_phantom_text(text)
    regions = collapse_overlaps(regions, glyph_max=glyph_max)
    text = text[~icons_read_as_symbols(text, regions, glyph_max=glyph_max)]
    if len(regions) and len(text):
        # rule 2: regions mostly covered by a text box
        in_text = (coverage(text.xyxy, regions.xyxy) >= inside).any(axis=0) | \
            ((iou(text.xyxy, regions.xyxy) >= 0.5) & ~_frames(regions.xyxy, text.xyxy)
             & ~_wider(regions.xyxy, text.xyxy)).any(axis=0)
        regions = regions[~in_text]
    if len(regions):
        # rule 3: pieces of one icon whose boxes cross (a sign-out's bracket and arrow) ...
        regions = joined_icon_pieces(regions, glyph_max, contained=contained)
        # ... and icon strokes inside a glyph-sized box
        wh = regions.xyxy[:, 2:] - regions.xyxy[:, :2]
        glyph = wh.max(axis=1) <= glyph_max
        inner = coverage(regions.xyxy, regions.xyxy) >= contained
        np.fill_diagonal(inner, False)
        regions = regions[~(inner & glyph[:, None]).any(axis=0)]
    groups = np.zeros((0, 4), np.int32)
    if len(regions):
        everything = Elements.concat([text, regions])
        # contains[i, j]: region i holds element j (j mostly inside i, and j is not i)
        contains = coverage(regions.xyxy, everything.xyxy) >= contained
        n_text = len(text)
        contains[np.arange(len(regions)), n_text + np.arange(len(regions))] = False
        inner_counts = contains.sum(axis=1)
        everything = _with_frames(everything, regions.xyxy, contains, inner_counts == 1)
        groups = regions.xyxy[inner_counts >= 2]
        text, regions = everything[:n_text], everything[n_text:][inner_counts == 0]
    merged = Elements.concat([text, regions])
    return Layout(merged[reading_order(merged.xyxy)], groups)


def joined_icon_pieces(regions: Elements, glyph_max: int = 24, reach: float = 1.5, contained: float = 0.9) -> Elements:
    """``regions`` with each set of glyph pieces whose boxes cross (overlap both ways, neither
    inside the other) replaced by one region over them all, when that box stays within
    ``reach`` times ``glyph_max`` on its longer side and twice its shorter: the segmenter finds
    a sign-out icon's bracket and its arrow apart, and each alone names another thing. Boxes of
    separate icons do not cross; a plate around an icon holds it whole (rule 4), and a box
    ``contained`` in another is no crossing (rule 3's strokes inside a glyph)."""
    b = regions.xyxy.astype(np.int64)
    wh = b[:, 2:] - b[:, :2]
    piece = wh.max(axis=1) <= reach * glyph_max
    ox = np.minimum(b[:, None, 2], b[None, :, 2]) - np.maximum(b[:, None, 0], b[None, :, 0])
    oy = np.minimum(b[:, None, 3], b[None, :, 3]) - np.maximum(b[:, None, 1], b[None, :, 1])
    inner = coverage(regions.xyxy, regions.xyxy) >= contained
    cross = (ox > 0) & (oy > 0) & ~inner & ~inner.T & piece[:, None] & piece[None, :]
    np.fill_diagonal(cross, False)
    if not cross.any():
        return regions
    group = np.arange(len(b))
    for i, j in zip(*np.nonzero(np.triu(cross))):      # union-find, flattened as it goes
        gi, gj = group[i], group[j]
        group[group == gj] = gi
    keep, added = np.ones(len(b), bool), []
    for g in np.unique(group[np.flatnonzero(cross.any(axis=1))]):
        rows = np.flatnonzero(group == g)
        box = np.concatenate([b[rows, :2].min(axis=0), b[rows, 2:].max(axis=0)])
        side = box[2:] - box[:2]
        if side.max() <= reach * glyph_max and side.max() <= 2 * side.min():
            keep[rows] = False
            added.append(box)
    if not added:
        return regions
    joined = Elements(np.array(added, np.int32), ["region"] * len(added), score=[0.5] * len(added))
    return Elements.concat([regions[keep], joined])


def _frames(regions: np.ndarray, text: np.ndarray) -> np.ndarray:
    """(T, R) bool: region r reaches past text t on all four sides by at least a tenth of the
    text's height (2 px or more): a button's plate tight around its label, not the same box."""
    margin = np.maximum(2, 0.1 * (text[:, 3] - text[:, 1]))[:, None]
    return ((text[:, None, 0] - regions[None, :, 0] >= margin) & (text[:, None, 1] - regions[None, :, 1] >= margin)
            & (regions[None, :, 2] - text[:, None, 2] >= margin) & (regions[None, :, 3] - text[:, None, 3] >= margin))


def _wider(regions: np.ndarray, text: np.ndarray) -> np.ndarray:
    """(T, R) bool: region r is wider than text t by more than t's height, or reaches past one
    of its ends by more than half its height (a spin box's steppers after a value whose box is
    as tall as the frame: Qt's at scale 1)."""
    h = text[:, None, 3] - text[:, None, 1]
    extra = (regions[None, :, 2] - regions[None, :, 0]) - (text[:, None, 2] - text[:, None, 0])
    past = np.maximum(regions[None, :, 2] - text[:, None, 2], text[:, None, 0] - regions[None, :, 0])
    return (extra > h) | (past > h / 2)


def _with_frames(everything: Elements, region_boxes: np.ndarray, contains: np.ndarray,
                 single: np.ndarray) -> Elements:
    """Rule 4's frames: each region holding exactly one element becomes that element's
    frame (the smallest such region when several do)."""
    frame = everything.frame.copy()
    rows = np.flatnonzero(single)
    areas = (region_boxes[:, 2] - region_boxes[:, 0]).astype(np.int64) * (region_boxes[:, 3] - region_boxes[:, 1])
    for i in rows[np.argsort(-areas[rows], kind="stable")]:   # largest first: smaller ones overwrite
        frame[int(np.argmax(contains[i]))] = region_boxes[i]
    return everything.with_(frame=frame)
