"""Color module: each element's dominant color in the OmniACT paper's 11 named buckets."""
from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

COLOR_NAMES = ("yellow", "blue", "green", "red", "pink", "violet", "white", "black", "orange", "brown", "grey")


def bucket_hsv(h: np.ndarray, s: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Bucket index for hue in degrees [0, 360), saturation and value in [0, 1]."""
    name = np.full(h.shape, COLOR_NAMES.index("grey"), np.uint8)
    idx = {n: i for i, n in enumerate(COLOR_NAMES)}
    chromatic = (s >= 0.25) & (v >= 0.25)
    hue_bins = [(0, 15, "red"), (15, 40, "orange"), (40, 70, "yellow"), (70, 170, "green"),
                (170, 255, "blue"), (255, 290, "violet"), (290, 340, "pink"), (340, 360, "red")]
    for lo, hi, n in hue_bins:
        name[chromatic & (h >= lo) & (h < hi)] = idx[n]
    # dark oranges/reds/yellows read as brown; pale reds as pink
    warm = (h < 50) | (h >= 340)
    name[chromatic & warm & (v < 0.6) & (s >= 0.35)] = idx["brown"]
    name[chromatic & ((h < 15) | (h >= 340)) & (s < 0.5) & (v > 0.8)] = idx["pink"]
    name[~chromatic & (v >= 0.85)] = idx["white"]
    name[v < 0.2] = idx["black"]
    name[~chromatic & (v >= 0.2) & (v < 0.85)] = idx["grey"]
    return name


@lru_cache(maxsize=1)
def _lut() -> np.ndarray:
    """32x32x32 RGB -> bucket lookup table (computed once)."""
    q = (np.arange(32, dtype=np.float32) * 8 + 4) / 255.0
    r, g, b = np.meshgrid(q, q, q, indexing="ij")
    rgb = np.stack([r, g, b], axis=-1).reshape(-1, 1, 3)
    hsv = cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV).reshape(-1, 3)
    return bucket_hsv(hsv[:, 0], hsv[:, 1], hsv[:, 2]).reshape(32, 32, 32)


def color_buckets(rgb: np.ndarray) -> np.ndarray:
    """(H, W) bucket index of every pixel."""
    q = rgb >> 3
    return _lut()[q[:, :, 0], q[:, :, 1], q[:, :, 2]]


def dominant_colors(rgb: np.ndarray, xyxy: np.ndarray, step: int = 2) -> list[str]:
    """Most frequent color bucket inside each box, from per-bucket integral images (every box
    costs four lookups per bucket, whatever its size). ``step`` subsamples pixels."""
    if not len(xyxy):
        return []
    buckets = color_buckets(rgb[::step, ::step])
    h, w = buckets.shape
    onehot = (buckets[None] == np.arange(len(COLOR_NAMES), dtype=np.uint8)[:, None, None])
    integral = np.zeros((len(COLOR_NAMES), h + 1, w + 1), np.int32)
    integral[:, 1:, 1:] = onehot.cumsum(axis=1, dtype=np.int32).cumsum(axis=2, dtype=np.int32)
    b = np.asarray(xyxy, np.int64) // step
    x0, y0 = np.clip(b[:, 0], 0, w), np.clip(b[:, 1], 0, h)
    x1, y1 = np.clip(np.maximum(b[:, 2], b[:, 0] + 1), 0, w), np.clip(np.maximum(b[:, 3], b[:, 1] + 1), 0, h)
    counts = integral[:, y1, x1] - integral[:, y0, x1] - integral[:, y1, x0] + integral[:, y0, x0]
    return [COLOR_NAMES[i] for i in counts.argmax(axis=0)]


#: Ink of at most this median chroma (`ink_chroma`, 0-255) is black, grey or white, no link
#: blue: a file list's names the classifier calls links are plain cells, a toolbar's radio
#: labels it calls links are labels.
PLAIN_CHROMA = 60


def chroma(pixels: np.ndarray) -> np.ndarray:
    """(...,) int16: the chroma (largest minus smallest channel, 0-255) of RGB ``pixels`` (..., 3)."""
    px = np.asarray(pixels).astype(np.int16)
    return px.max(axis=-1) - px.min(axis=-1)


#: Mean chroma (`middle_chroma`) of a glyph's middle filled in an accent colour (a classic Tk
#: or Motif check box's or radio's face when on; ttk's default look fills it in #4a6984, 58).
ACCENT_CHROMA = 40


def middle_chroma(image: np.ndarray, box) -> float:
    """Mean chroma of the middle third of ``box`` (x0, y0, x1, y1) of ``image`` (RGB
    (H, W, 3); 0 for a gray (H, W) image or an empty box)."""
    if image.ndim != 3:
        return 0.0
    x0, y0, x1, y1 = (int(v) for v in box)
    dx, dy = (x1 - x0) // 3, (y1 - y0) // 3
    middle = image[max(y0 + dy, 0):y1 - dy, max(x0 + dx, 0):x1 - dx]
    return float(chroma(middle).mean()) if middle.size else 0.0


def ink_chroma(rgb: np.ndarray, xyxy: np.ndarray, contrast: int = 40) -> np.ndarray:
    """(N,) float: for each box ``(N, 4)`` of the RGB uint8 image ``rgb`` ``(H, W, 3)``, the
    median chroma (largest minus smallest channel, 0-255) of its ink: the pixels more than
    ``contrast`` grey levels from the box's median grey. Black, grey or white text scores under
    about 30, a blue link over 100; a box with no ink scores 0."""
    out = np.zeros(len(xyxy), np.float64)
    h, w = rgb.shape[:2]
    for i, box in enumerate(np.asarray(xyxy, np.int64).reshape(-1, 4)):
        x0, y0 = max(int(box[0]), 0), max(int(box[1]), 0)
        x1, y1 = min(int(box[2]), w), min(int(box[3]), h)
        crop = rgb[y0:y1, x0:x1].astype(np.int16)
        if crop.size == 0:
            continue
        gray = crop.mean(axis=2)
        ink = np.abs(gray - np.median(gray)) > contrast
        if ink.any():
            out[i] = float(np.median(chroma(crop[ink])))
    return out
