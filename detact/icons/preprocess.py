"""Turn icon pixels into the canonical glyph image that templates and regions share.

A glyph image is a ``(size, size)`` float32 array in [0, 1]: 1 where the icon's ink is,
0 on the background, tight-cropped to the ink (with sub-pixel edges), scaled so its
longer side spans ``size - 2 * margin`` pixels (aspect kept) and centred. The bank builder and the matcher
both go through :func:`fit_glyph`, so a template and a screen region of the same icon
differ only by what the screen did to the pixels (size, colour, blur, noise).
"""
from __future__ import annotations

import cv2
import numpy as np

from ..errors import DetactError

#: Side of a template in pixels.
GLYPH_SIZE = 32
#: Empty pixels kept around the glyph inside the template.
GLYPH_MARGIN = 2
#: A pixel belongs to the glyph's bounding box when its ink is at least this strong.
INK_THRESHOLD = 0.25
#: Regions whose strongest ink differs from the background by less than this (0-255 RGB
#: distance) are blank: nothing to match.
MIN_CONTRAST = 28.0
#: Larger crops are shrunk to this side before analysis; icons are far smaller, and it
#: bounds the cost of a huge region proposal.
MAX_ANALYSIS_SIDE = 96


def ink_extent(ink: np.ndarray, threshold: float = INK_THRESHOLD
               ) -> tuple[float, float, float, float] | None:
    """Sub-pixel box ``(top, bottom, left, right)`` of the ink (pixel i spans [i, i+1)).

    The outermost row/column that reaches ``threshold`` is only partly covered; its
    coverage (plus that of the faint row just outside) says where in the pixel the edge
    lies. At 14 px a whole-pixel box would misplace and misscale the glyph by up to 7 %.
    """
    rows = cv2.reduce(ink, 1, cv2.REDUCE_MAX).ravel()
    cols = cv2.reduce(ink, 0, cv2.REDUCE_MAX).ravel()
    r = np.flatnonzero(rows >= threshold)
    if r.size == 0:
        return None
    c = np.flatnonzero(cols >= threshold)

    def edges(p: np.ndarray, idx: np.ndarray) -> tuple[float, float]:
        a, b = int(idx[0]), int(idx[-1])
        before = p[a - 1] if a > 0 else 0.0
        after = p[b + 1] if b + 1 < p.size else 0.0
        return a + 1.0 - min(p[a] + before, 1.0), b + min(p[b] + after, 1.0)

    top, bottom = edges(rows, r)
    left, right = edges(cols, c)
    return top, bottom, left, right


def fit_glyph(ink: np.ndarray, size: int = GLYPH_SIZE, margin: int = GLYPH_MARGIN,
              threshold: float = INK_THRESHOLD) -> tuple[np.ndarray, float] | None:
    """Tight-crop an ink map (float, 1 = ink) and centre it in a ``size`` x ``size`` image.

    Returns the glyph image and the ink's longer side in source pixels (how much detail
    the source had), or None when no pixel reaches ``threshold``.
    """
    ink = np.ascontiguousarray(ink, dtype=np.float32)
    ext = ink_extent(ink, threshold)
    if ext is None:
        return None
    top, bottom, left, right = ext
    side = max(bottom - top, right - left, 1e-3)
    inner = size - 2 * margin
    if side > inner * 1.05:
        # Shrink with area averaging first (keeps thin strokes as grey instead of dropping
        # them), then place at ~1:1 below.
        f = inner / side
        h, w = ink.shape
        ink = cv2.resize(ink, (max(1, round(w * f)), max(1, round(h * f))),
                         interpolation=cv2.INTER_AREA)
        ext = ink_extent(ink, threshold)
        if ext is None:
            return None
        top, bottom, left, right = ext
    scale = inner / max(bottom - top, right - left, 1e-3)
    # Map the ink box's centre to the glyph centre (cv2 puts pixel i's centre at i).
    cx, cy = (left + right) / 2 - 0.5, (top + bottom) / 2 - 0.5
    mid = (size - 1) / 2
    m = np.array([[scale, 0, mid - scale * cx], [0, scale, mid - scale * cy]], np.float32)
    out = cv2.warpAffine(ink, m, (size, size), flags=cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return np.clip(out, 0.0, 1.0), float(side)


def _area_matrix(n: int, m: int) -> np.ndarray:
    """(m, n) weights of area-averaging n samples down to m (cv2.INTER_AREA)."""
    edges = np.arange(m + 1) * (n / m)
    lo, hi = edges[:-1, None], edges[1:, None]
    px = np.arange(n)[None]
    overlap = np.clip(np.minimum(hi, px + 1) - np.maximum(lo, px), 0, None)
    return overlap / (n / m)


def _linear_matrix(m: int, n: int) -> np.ndarray:
    """(n, m) weights of bilinear upsampling m samples to n (cv2.INTER_LINEAR)."""
    src = np.clip((np.arange(n) + 0.5) * (m / n) - 0.5, 0, m - 1)
    lo = np.floor(src).astype(int)
    hi = np.minimum(lo + 1, m - 1)
    w = np.zeros((n, m))
    np.add.at(w, (np.arange(n), lo), 1 - (src - lo))
    np.add.at(w, (np.arange(n), hi), src - lo)
    return w


def soften_matrix(size: int, side: float, margin: int = GLYPH_MARGIN) -> np.ndarray | None:
    """The ``(size, size)`` matrix ``M`` with which ``M @ g @ M.T`` is what a ``size`` px glyph
    ``g`` looks like when drawn with only ``side`` px of ink and scaled back up (area shrink,
    then bilinear enlarge); None when ``side`` loses no detail."""
    small = max(2, round(size * side / (size - 2 * margin)))
    if small >= size:
        return None
    return (_linear_matrix(small, size) @ _area_matrix(size, small)).astype(np.float32)


def soften(glyphs: np.ndarray, side: float, margin: int = GLYPH_MARGIN) -> np.ndarray:
    """What ``(T, S, S)`` glyphs look like when drawn with only ``side`` px of ink and
    scaled back up: the detail a small on-screen icon has lost. Matching a small region
    against softened templates compares like with like.

    Area-shrinking then bilinearly enlarging is linear, so it is one (S, S) matrix ``M``
    applied to rows and columns of every template at once: ``M @ G @ M.T``.
    """
    from .ssim import sandwich

    m = soften_matrix(glyphs.shape[1], side, margin)
    if m is None:
        return np.asarray(glyphs, np.float32).copy()
    return sandwich(np.asarray(glyphs, np.float32), m)


def ink_map(crop: np.ndarray, min_contrast: float = MIN_CONTRAST) -> np.ndarray | None:
    """Ink strength of an RGB (or gray) crop: its distance from the background colour.

    The background is the median colour of the crop's border. An anti-aliased pixel
    ``a*fg + (1-a)*bg`` lies at distance ``a*|fg-bg|`` from it, so dividing by the glyph's
    full distance recovers the coverage ``a`` whatever the colours are: dark-on-light,
    light-on-dark and coloured glyphs all come out as 1 = ink. Returns None when the crop
    is blank (contrast below ``min_contrast``).
    """
    img = crop.astype(np.float32)
    if img.ndim == 2:
        img = img[:, :, None]
    h, w = img.shape[:2]
    if max(h, w) > MAX_ANALYSIS_SIDE:
        s = MAX_ANALYSIS_SIDE / max(h, w)
        img = cv2.resize(img, (max(1, round(w * s)), max(1, round(h * s))),
                         interpolation=cv2.INTER_AREA)
        if img.ndim == 2:
            img = img[:, :, None]
    border = np.concatenate([img[0], img[-1], img[1:-1, 0], img[1:-1, -1]], axis=0)
    # np.partition rather than np.median/np.percentile: this runs once per region and
    # those wrappers cost more than the arithmetic.
    k = border.shape[0] // 2
    bg = np.partition(border, k, axis=0)[k]
    # Euclidean colour distance per pixel; cv2 is several times faster than numpy on
    # arrays this small.
    c = img.shape[2]
    diff = cv2.subtract(img, tuple(float(v) for v in bg) + (0.0,) * (4 - c))
    dist = cv2.sqrt(cv2.transform(cv2.multiply(diff, diff), np.ones((1, c), np.float32)))
    dist = dist.reshape(img.shape[:2])
    peak = float(dist.max())
    if peak < min_contrast:
        return None
    # The glyph's own colour distance: a high quantile of the clearly-inked pixels, so one
    # noisy pixel cannot set the scale.
    strong = dist[dist > 0.5 * peak]
    q = int(0.9 * (strong.size - 1))
    full = max(float(np.partition(strong, q)[q]), min_contrast)
    return np.minimum(dist * (1.0 / full), 1.0)


def region_glyph(crop: np.ndarray, size: int = GLYPH_SIZE, margin: int = GLYPH_MARGIN,
                 min_contrast: float = MIN_CONTRAST, ring: tuple[int, int, int, int] = (0, 0, 0, 0)
                 ) -> tuple[np.ndarray, float] | None:
    """Glyph image of one screen crop (RGB or gray uint8) and its ink's size in pixels,
    or None when the crop is blank. ``ring``: (top, bottom, left, right) rows and columns of
    the crop around the box itself, read for the background colour only: a box tight around
    its ink (a segmenter's contour) has no background on its own border."""
    if crop.size == 0 or min(crop.shape[:2]) < 2:
        return None
    t, b, lft, r = ring
    if max(crop.shape[:2]) > MAX_ANALYSIS_SIDE:   # ink_map resizes such a crop: no ring
        crop, t, b, lft, r = crop[t:crop.shape[0] - b, lft:crop.shape[1] - r], 0, 0, 0, 0
    ink = ink_map(crop, min_contrast)
    if ink is None:
        return None
    return fit_glyph(ink[t:ink.shape[0] - b, lft:ink.shape[1] - r], size, margin)


def check_inputs(rgb: np.ndarray, xyxy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Validate a screenshot ``(H, W[, 3|4])`` and boxes ``(N, 4)``; return them as a uint8
    image (alpha dropped) and int64 boxes. Bad input is a one-line `DetactError`."""
    img = np.asarray(rgb)
    if img.ndim == 3 and img.shape[2] == 4:
        img = img[:, :, :3]
    if img.ndim not in (2, 3) or (img.ndim == 3 and img.shape[2] != 3) or img.size == 0:
        raise DetactError(f"icon matcher needs an (H, W, 3) RGB image, got shape {img.shape}")
    if img.dtype != np.uint8:
        if not np.issubdtype(img.dtype, np.number):
            raise DetactError(f"icon matcher needs a numeric image, got dtype {img.dtype}")
        img = np.clip(img, 0, 255).astype(np.uint8)
    boxes = np.asarray(xyxy)
    if boxes.size == 0:
        return img, np.zeros((0, 4), np.int64)
    if boxes.ndim != 2 or boxes.shape[1] != 4:
        raise DetactError(f"boxes must be an (N, 4) array of x0, y0, x1, y1; got shape {boxes.shape}")
    if not np.issubdtype(boxes.dtype, np.number) or not np.isfinite(boxes).all():
        raise DetactError("boxes must hold finite numbers")
    return img, np.round(boxes).astype(np.int64)


def box_glyphs(rgb: np.ndarray, xyxy: np.ndarray, size: int = GLYPH_SIZE
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Glyph images ``(N, size, size)`` float32 of the boxes of a screenshot, the ink's size
    in px ``(N,)`` and a mask ``(N,)`` of the non-blank ones (blank, empty or off-screen boxes
    get a zero glyph). The SSIM matcher and the encoder both read boxes through this."""
    img, boxes = check_inputs(rgb, xyxy)
    out = np.zeros((len(boxes), size, size), np.float32)
    side = np.zeros(len(boxes), np.float32)
    ok = np.zeros(len(boxes), bool)
    h, w = img.shape[:2]
    clipped = np.clip(boxes, 0, [w, h, w, h])
    # One small crop per region (not per pair): what follows is one batched pass.
    for i, (x0, y0, x1, y1) in enumerate(clipped.tolist()):
        if x1 - x0 < 2 or y1 - y0 < 2:
            continue
        # one pixel round the box (where the screen has it) sets the background colour
        ring = (min(1, y0), min(1, h - y1), min(1, x0), min(1, w - x1))
        g = region_glyph(img[y0 - ring[0]:y1 + ring[1], x0 - ring[2]:x1 + ring[3]], size, GLYPH_MARGIN,
                         MIN_CONTRAST, ring)
        if g is not None:
            out[i], side[i], ok[i] = g[0], g[1], True
    return out, side, ok


#: A glyph whose ink fills this share of its bounding box, and whose box is not a thin line,
#: is a solid shape (a colour swatch, a filled button, noise): it has no outline to compare,
#: so SSIM gives it no exact bank match (the encoder still reads it).
SOLID_FILL = 0.95


def solid_glyphs(glyphs: np.ndarray) -> np.ndarray:
    """Per glyph ``(N, S, S)``: its ink (> 0.5) fills at least `SOLID_FILL` of its bounding box
    and that box's short side is at least half its long side."""
    out = np.zeros(len(glyphs), bool)
    for i, g in enumerate(glyphs):
        m = g > 0.5
        rows, cols = np.flatnonzero(m.any(axis=1)), np.flatnonzero(m.any(axis=0))
        if not len(rows):
            continue
        h, w = rows[-1] - rows[0] + 1, cols[-1] - cols[0] + 1
        out[i] = min(h, w) * 2 >= max(h, w) and m[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1].mean() >= SOLID_FILL
    return out
