"""Batched text recognition with EasyOCR's English recognizer (english_g2) on onnxruntime."""
from __future__ import annotations

import math

import cv2
import numpy as np

from ..runtime import ort_session
from .export import ENGLISH_G2_CHARACTERS, ensure_recognizer_onnx

_BLANK = 0


def ctc_greedy_decode(probs: np.ndarray, lengths: np.ndarray) -> tuple[list[str], np.ndarray, list[np.ndarray]]:
    """Greedy CTC over (B, T, C) probabilities; ``lengths`` = valid steps per row.

    Returns texts, EasyOCR-style confidences (product of the kept steps' max probabilities
    raised to 2/sqrt(n)) and, per text, the output step at which each character was emitted."""
    best = probs.argmax(axis=2)
    best_p = probs.max(axis=2)
    steps = np.arange(best.shape[1])[None, :]
    valid = steps < lengths[:, None]
    prev = np.concatenate([np.full((best.shape[0], 1), -1), best[:, :-1]], axis=1)
    keep = valid & (best != _BLANK) & (best != prev)
    charset = np.array(list(" " + ENGLISH_G2_CHARACTERS))  # index 0 = blank (never kept)
    texts, confs, positions = [], np.zeros(len(best), np.float32), []
    for i in range(len(best)):
        idx = best[i][keep[i]]
        texts.append("".join(charset[idx]))
        positions.append(np.flatnonzero(keep[i]))
        p = best_p[i][valid[i] & (best[i] != _BLANK)]
        confs[i] = float(np.exp(np.log(np.maximum(p, 1e-12)).sum() * 2.0 / math.sqrt(len(p)))) if len(p) else 0.0
    return texts, confs, positions


class TextRecognizer:
    """Reads cropped text lines. Crops are grayscale-resized to ``height`` and batched by
    width so little padding is computed. The model was trained at height 64; 48 reads the
    dev corpus as well (text recall 0.919 vs 0.924, same grounding) in about 0.6x the time,
    since the cost grows with height squared; 40 starts to lose words."""

    def __init__(self, device: str = "cpu", batch_size: int = 32, max_width: int = 1600,
                 height: int = 48, quantized: bool = True):
        self.session = ort_session(ensure_recognizer_onnx(quantized=quantized), device)
        self.batch_size, self.max_width, self.height = batch_size, max_width, height

    def _crop(self, gray: np.ndarray, box) -> np.ndarray:
        x0, y0, x1, y1 = (int(v) for v in box)
        crop = gray[y0:y1, x0:x1]
        h, w = crop.shape
        new_w = min(self.max_width, max(self.height // 2, math.ceil(self.height * w / max(h, 1))))
        return cv2.resize(crop, (new_w, self.height), interpolation=cv2.INTER_AREA if h > self.height else cv2.INTER_CUBIC)

    def recognize(self, gray: np.ndarray, xyxy: np.ndarray) -> tuple[list[str], np.ndarray, list[np.ndarray]]:
        """Texts, confidences and each character's x (image pixels) for each box of a
        grayscale uint8 image."""
        n = len(xyxy)
        texts: list[str] = [""] * n
        confs = np.zeros(n, np.float32)
        char_x: list[np.ndarray] = [np.zeros(0)] * n
        if not n:
            return texts, confs, char_x
        crops = [self._crop(gray, b) for b in xyxy]
        widths = np.array([c.shape[1] for c in crops])
        order = np.argsort(widths)
        for start in range(0, n, self.batch_size):
            idx = order[start:start + self.batch_size]
            batch_w = int(widths[idx].max())
            batch = np.empty((len(idx), 1, self.height, batch_w), np.float32)
            for row, i in enumerate(idx):
                c = crops[i]
                batch[row, 0, :, :c.shape[1]] = c
                # pad by repeating the last column, as EasyOCR does
                batch[row, 0, :, c.shape[1]:] = c[:, -1:]
            batch = batch * (2.0 / 255.0) - 1.0
            probs = self.session.run(None, {"image": batch})[0]
            # output steps map linearly onto input columns: count only the steps that cover
            # each crop's own width, so the padding cannot produce characters
            steps = probs.shape[1]
            lengths = np.minimum(steps, np.ceil(widths[idx] * steps / batch_w).astype(int) + 1)
            t, c, steps_at = ctc_greedy_decode(probs, lengths)
            for row, i in enumerate(idx):
                texts[i], confs[i] = t[row], c[row]
                # step -> resized-crop column -> image column
                box_w = xyxy[i, 2] - xyxy[i, 0]
                char_x[i] = xyxy[i, 0] + (steps_at[row] + 0.5) * (batch_w / steps) * (box_w / widths[i])
        return texts, confs, char_x
