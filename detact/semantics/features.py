"""What the control classifier sees of each element: two image crops and a row of layout
numbers. Shared by inference (`detact.semantics.roles`) and training (`training/controls`), so
that the model is fed exactly what it was trained on.

For each element (its frame when it has one, else its box):

* ``tight`` (N, 4, 32, 96): the box plus a small margin, fitted into 32x96 with its aspect kept
  (padded with the border's colour): RGB in [0, 1] and a mask channel (1 = the box). The
  details that tell a checked box from an empty one, a combo box's arrow, a slider's knob.
* ``context`` (N, 4, 32, 96): a window three times as wide as it is tall around the box, large
  enough to show its neighbours (the label beside a checkbox, the bar a menu item sits on);
  same channels.
* ``features`` (N, F): kind, size, position, text statistics and layout counts (elements on
  the same row, in the same column), scaled to about [-1, 1].
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ..elements import Elements

CROP_H, CROP_W = 32, 96
#: Names of the feature columns, in order (the trainer and the ONNX model agree on this).
FEATURES = ("kind_text", "kind_icon", "kind_region", "compound", "framed",
            "log_w", "log_h", "log_aspect", "cx", "cy", "x0", "y0",
            "text_len", "text_caps", "text_digit", "text_colon", "icon_label",
            "same_row", "same_column", "children", "frame_w", "frame_h", "text_size")
FEATURES_VERSION = 1


@dataclass
class ControlInputs:
    """Model inputs for N elements (see the module docstring)."""

    tight: np.ndarray
    context: np.ndarray
    features: np.ndarray

    def __len__(self) -> int:
        return len(self.features)


def _fit(crop: np.ndarray, mask_box, rgb_out: np.ndarray, mask_out: np.ndarray) -> None:
    """Write ``crop`` (h, w, 3 uint8) scaled to fit CROP_H x CROP_W with its aspect kept,
    centred, padded with its border colour, into ``rgb_out`` (CROP_H, CROP_W, 3 uint8); mark
    ``mask_box`` (crop coordinates) in ``mask_out`` (CROP_H, CROP_W uint8)."""
    h, w = crop.shape[:2]
    # the background: the most common of the four corner colours (plain arithmetic: this
    # runs for every element, and numpy's reductions cost more than the work on 4 pixels)
    corners = [tuple(crop[y, x]) for y, x in ((0, 0), (0, -1), (-1, 0), (-1, -1))]
    rgb_out[:] = max(corners, key=corners.count)
    f = min(CROP_H / h, CROP_W / w)
    nh, nw = max(1, min(CROP_H, round(h * f))), max(1, min(CROP_W, round(w * f)))
    oy, ox = (CROP_H - nh) // 2, (CROP_W - nw) // 2
    interp = cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR
    rgb_out[oy:oy + nh, ox:ox + nw] = cv2.resize(crop, (nw, nh), interpolation=interp)
    mx0, my0, mx1, my1 = mask_box
    mask_out[:] = 0
    mask_out[oy + int(my0 * f):oy + max(int(my0 * f) + 1, int(round(my1 * f))),
             ox + int(mx0 * f):ox + max(int(mx0 * f) + 1, int(round(mx1 * f)))] = 1


def _as_float(rgb: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """(N, 4, CROP_H, CROP_W) float32 from (N, CROP_H, CROP_W, 3) uint8 and the masks."""
    out = np.empty((len(rgb), 4, CROP_H, CROP_W), np.float32)
    np.multiply(rgb.transpose(0, 3, 1, 2), 1.0 / 255.0, out=out[:, :3], casting="unsafe")
    out[:, 3] = mask
    return out


def _window(rgb: np.ndarray, box, pad_x: float, pad_y: float, aspect: float | None):
    """The crop around ``box`` grown by ``pad_x``/``pad_y`` px (and widened or heightened to
    ``aspect`` = w/h when given), clipped to the image; and the box in crop coordinates."""
    H, W = rgb.shape[:2]
    x0, y0, x1, y1 = (float(v) for v in box)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    half_w, half_h = (x1 - x0) / 2 + pad_x, (y1 - y0) / 2 + pad_y
    if aspect:
        half_h = max(half_h, half_w / aspect)
        half_w = half_h * aspect
    wx0, wy0 = int(max(0, np.floor(cx - half_w))), int(max(0, np.floor(cy - half_h)))
    wx1, wy1 = int(min(W, np.ceil(cx + half_w))), int(min(H, np.ceil(cy + half_h)))
    wx1, wy1 = max(wx1, wx0 + 1), max(wy1, wy0 + 1)
    crop = rgb[wy0:wy1, wx0:wx1]
    return crop, (x0 - wx0, y0 - wy0, x1 - wx0, y1 - wy0)


def _layout_counts(boxes: np.ndarray, scale: float) -> tuple[np.ndarray, np.ndarray]:
    """Per box: how many other boxes share its row (vertical centres within half its height)
    and its left edge (within 3 px at scale 1, and not on its row): list and table columns."""
    if not len(boxes):
        return np.zeros(0), np.zeros(0)
    b = boxes.astype(np.float32)
    h = np.maximum(b[:, 3] - b[:, 1], 1)
    cy = (b[:, 1] + b[:, 3]) / 2
    same_row = np.abs(cy[:, None] - cy[None, :]) <= h[:, None] / 2
    same_left = np.abs(b[:, None, 0] - b[None, :, 0]) <= 3 * scale
    np.fill_diagonal(same_row, False)
    np.fill_diagonal(same_left, False)
    return same_row.sum(1), (same_left & ~same_row).sum(1)


def _text_stats(texts) -> np.ndarray:
    """(N, 4): log length, share of capitalised words, has a digit, ends with a colon."""
    out = np.zeros((len(texts), 4), np.float32)
    for i, t in enumerate(texts):
        t = str(t).strip()
        if not t:
            continue
        words = t.split()
        out[i] = (np.log1p(len(t)) / 5.0, sum(w[:1].isupper() for w in words) / len(words),
                  float(any(c.isdigit() for c in t)), float(t.endswith(":")))
    return out


def control_inputs(rgb: np.ndarray, elements: Elements, compound: np.ndarray | None = None,
                   children: np.ndarray | None = None, scale: float = 1.0) -> ControlInputs:
    """Model inputs for every element of ``elements`` on the RGB uint8 image ``rgb``.

    compound: (N,) bool, the element is a group of others (a candidate compound control);
    children: (N,) how many elements it holds. Frames (`Elements.frame`) replace boxes."""
    n = len(elements)
    compound = np.zeros(n, bool) if compound is None else np.asarray(compound, bool)
    children = np.zeros(n) if children is None else np.asarray(children, np.float32)
    framed = (elements.frame >= 0).all(axis=1)
    boxes = np.where(framed[:, None], elements.frame, elements.xyxy).astype(np.int64)
    H, W = rgb.shape[:2]
    pixels = np.empty((2, n, CROP_H, CROP_W, 3), np.uint8)
    masks = np.empty((2, n, CROP_H, CROP_W), np.uint8)
    for i, box in enumerate(boxes):
        h = max(1, box[3] - box[1])
        crop, inner = _window(rgb, box, 3 * scale + 0.1 * h, 3 * scale + 0.1 * h, None)
        _fit(crop, inner, pixels[0, i], masks[0, i])
        crop, inner = _window(rgb, box, h + 8 * scale, h / 2 + 4 * scale, 3.0)
        _fit(crop, inner, pixels[1, i], masks[1, i])
    tight, context = _as_float(pixels[0], masks[0]), _as_float(pixels[1], masks[1])
    wh = np.maximum(boxes[:, 2:] - boxes[:, :2], 1).astype(np.float32)
    own_wh = np.maximum(elements.xyxy[:, 2:] - elements.xyxy[:, :2], 1).astype(np.float32)
    row, column = _layout_counts(boxes, scale)
    is_text = elements.kind == "text"
    text_h = own_wh[is_text, 1]
    typical = float(np.median(text_h)) if len(text_h) else 16.0 * scale
    feats = np.zeros((n, len(FEATURES)), np.float32)
    feats[:, 0] = is_text
    feats[:, 1] = elements.kind == "icon"
    feats[:, 2] = elements.kind == "region"
    feats[:, 3] = compound
    feats[:, 4] = framed
    feats[:, 5:7] = np.log2(wh / scale) / 8.0
    feats[:, 7] = np.log2(wh[:, 0] / wh[:, 1]) / 4.0
    feats[:, 8] = (boxes[:, 0] + boxes[:, 2]) / (2.0 * W)
    feats[:, 9] = (boxes[:, 1] + boxes[:, 3]) / (2.0 * H)
    feats[:, 10] = boxes[:, 0] / W
    feats[:, 11] = boxes[:, 1] / H
    feats[:, 12:16] = _text_stats(elements.text)
    feats[:, 16] = np.array([bool(t) for t in elements.label], np.float32)
    feats[:, 17] = np.log1p(row) / 3.0
    feats[:, 18] = np.log1p(column) / 3.0
    feats[:, 19] = np.minimum(children, 8) / 4.0
    feats[:, 20:22] = np.log2(wh / own_wh) / 4.0
    feats[:, 22] = np.where(is_text, np.log2(own_wh[:, 1] / typical), 0.0)
    return ControlInputs(tight, context, feats)
