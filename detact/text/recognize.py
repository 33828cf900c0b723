"""Batched CTC text recognition on onnxruntime: the screen recognizer (PP-OCRv4 architecture,
fine-tuned by DetACT on rendered screen text; colour crops at height 48) and EasyOCR's English
recognizer (english_g2; grayscale crops), the fallback when the bundled model is missing."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Iterator, Sequence

import cv2
import numpy as np

from ..errors import ModelUnavailable
from ..runtime import onnx_metadata, ort_session
from .detect import rapidocr_model_path
from .export import ENGLISH_G2_CHARACTERS, ensure_recognizer_onnx
from .split import pair_gaps, to_gray

_BLANK = 0
#: Input height of the screen recognizer (PP-OCRv4's).
SCREEN_HEIGHT = 48


def ctc_greedy_decode(probs: np.ndarray, lengths: np.ndarray, charset: Sequence[str] | None = None
                      ) -> tuple[list[str], np.ndarray, list[np.ndarray]]:
    """Greedy CTC over (B, T, C) probabilities; ``lengths`` = valid steps per row; ``charset``:
    the C class names, blank first (default: english_g2's).

    Returns texts, EasyOCR-style confidences (product of the kept steps' max probabilities
    raised to 2/sqrt(n)) and, per text, the output step at which each character was emitted."""
    best = probs.argmax(axis=2)
    best_p = probs.max(axis=2)
    steps = np.arange(best.shape[1])[None, :]
    valid = steps < lengths[:, None]
    prev = np.concatenate([np.full((best.shape[0], 1), -1), best[:, :-1]], axis=1)
    keep = valid & (best != _BLANK) & (best != prev)
    # index 0 = blank (never kept)
    charset = np.array(list(" " + ENGLISH_G2_CHARACTERS) if charset is None else list(charset), dtype=object)
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
            steps = probs.shape[1]
            lengths = own_steps(widths[idx], batch_w, steps)
            t, c, steps_at = ctc_greedy_decode(probs, lengths)
            for row, i in enumerate(idx):
                texts[i], confs[i] = t[row], c[row]
                # step -> resized-crop column -> image column
                box_w = xyxy[i, 2] - xyxy[i, 0]
                char_x[i] = xyxy[i, 0] + (steps_at[row] + 0.5) * (batch_w / steps) * (box_w / widths[i])
        return texts, confs, char_x


# --- the screen recognizer (PP-OCRv4 architecture, colour crops) ------------------------------

#: Characters of the screen recognizer when its ONNX file names none: what UIs show (ASCII and €).
SCREEN_CHARACTERS = ENGLISH_G2_CHARACTERS


def ppocr_recognizer_path() -> Path:
    """PP-OCRv4's recognizer as rapidocr-onnxruntime ships it (the base DetACT fine-tunes)."""
    return rapidocr_model_path("ch_PP-OCRv4_rec_infer.onnx", "PP-OCRv4's recognizer", "PP-OCRv4 recognizer missing")


def model_characters(session) -> list[str]:
    """The output classes of a PaddleOCR-style recognizer's session, blank first: the
    ``character`` entry of the ONNX metadata (one per line), then the space that PaddleOCR
    appends when the model has one class more than the list."""
    meta = onnx_metadata(session)
    if "character" not in meta:
        raise ModelUnavailable("the recognizer names no characters (ONNX metadata 'character')")
    chars = meta["character"].split("\n")
    classes = session.get_outputs()[0].shape[2]
    if isinstance(classes, int) and classes == len(chars) + 2:  # PaddleOCR's use_space_char
        chars.append(" ")
    return ["<blank>"] + chars


def screen_crops(rgb: np.ndarray, xyxy: np.ndarray, height: int = SCREEN_HEIGHT, width_scale: float = 1.0,
                 max_width: int = 2400) -> list[np.ndarray]:
    """The recognizer's input crops: each box of an RGB uint8 image (H, W, 3) cut out and
    resized to ``height`` rows, its width to ``width_scale`` times what keeps the aspect ratio;
    a list of (height, w_i, 3) uint8. Shared by the engine and the training-data builder, so
    the model learns on what it reads."""
    out = []
    for box in xyxy:
        x0, y0, x1, y1 = (int(v) for v in box)
        crop = rgb[y0:y1, x0:x1]
        h, w = crop.shape[:2]
        new_w = min(max_width, max(height // 4, math.ceil(width_scale * height * w / max(h, 1))))
        interp = cv2.INTER_AREA if h > height else cv2.INTER_CUBIC
        out.append(cv2.resize(crop, (new_w, height), interpolation=interp))
    return out


def stretch_low_contrast(crops: Sequence[np.ndarray], min_range: float = 96.0) -> list[np.ndarray]:
    """Crops whose values span less than ``min_range`` grey levels (1st to 99th percentile:
    placeholders, disabled labels, grey text on dark panels) stretched to the full 0-255 range;
    the others as they are. Faint text is read with about twice the confidence stretched."""
    out = []
    for crop in crops:
        lo, hi = np.percentile(crop, (1, 99))
        if 8 <= hi - lo < min_range:
            crop = np.clip((crop.astype(np.float32) - lo) * (255.0 / (hi - lo)), 0, 255).astype(np.uint8)
        out.append(crop)
    return out


def own_steps(widths: np.ndarray, batch_width: int, steps: int) -> np.ndarray:
    """Per crop of a zero-padded batch ``batch_width`` columns wide, how many of the model's
    ``steps`` output steps cover its own ``widths`` (B,) columns (steps tile the input's
    columns; one step of slack), so the padding cannot produce characters: (B,) int."""
    return np.minimum(steps, np.ceil(np.asarray(widths) * steps / batch_width).astype(int) + 1)


def pack_batch(crops: Sequence[np.ndarray], idx: Sequence[int]) -> np.ndarray:
    """The crops ``idx`` (each (H, w_i, 3) uint8 RGB, one H) as the recognizer's input:
    (B, 3, H, max w_i) float32 in [-1, 1], BGR, zero-padded on the right."""
    widths = [crops[i].shape[1] for i in idx]
    batch = np.zeros((len(idx), 3, crops[idx[0]].shape[0], max(widths)), np.float32)
    for row, (i, w) in enumerate(zip(idx, widths)):
        # Paddle models read BGR scaled to [-1, 1]; the padding is 0 (mid-grey), as PaddleOCR pads
        batch[row, :, :, :w] = crops[i][:, :, ::-1].transpose(2, 0, 1) * (2.0 / 255.0) - 1.0
    return batch


def batch_by_width(crops: Sequence[np.ndarray], batch_size: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Crops grouped into batches of similar width (little padding is computed): yields
    (indices (B,), `pack_batch` of them)."""
    widths = np.array([c.shape[1] for c in crops])
    order = np.argsort(widths, kind="stable")
    for start in range(0, len(crops), batch_size):
        idx = order[start:start + batch_size]
        yield idx, pack_batch(crops, idx)


#: A space the screen recognizer reads with less probability than this, between letters that
#: stand as close as a word's (`narrow_spaces`), is left out.
DOUBTFUL_SPACE = 0.5
#: ... as close as a word's: a blank at most this many ink heights wide, and at most a pixel
#: wider than the widest blank between two letters read without a space.
NARROW_SPACE = 0.25


def narrow_spaces(gray: np.ndarray, text: str, xs: np.ndarray, space_p: np.ndarray,
                  doubtful: float = DOUBTFUL_SPACE, ratio: float = NARROW_SPACE) -> list[int]:
    """The indices of the spaces of ``text`` (read from the grey crop ``gray`` (h, w), each
    character's x in crop columns ``xs`` and probability ``space_p``) that are no word space:
    read with less than ``doubtful`` probability, and the blank between the letters either side
    (`pair_gaps`) no wider than ``ratio`` of the ink's height and than one pixel more than the
    widest blank between two letters read without a space. A recognizer that learned wide letter
    spacing reads a space into a word ("Na me" in DejaVu Sans); a real word space at 9 px is
    as narrow as a letter gap, but read surely, and a doubtful one between words is wide."""
    doubt = [k for k, c in enumerate(text) if c == " " and space_p[k] < doubtful]
    if not doubt:
        return []
    a, b, gaps, h = pair_gaps(gray, (0, 0, gray.shape[1], gray.shape[0]), text, xs)
    tight = b - a == 1
    if tight.sum() < 2:
        return []
    close = (b - a == 2) & (gaps <= ratio * h) & (gaps <= gaps[tight].max() + 1)
    return sorted(set((a[close] + 1).tolist()) & set(doubt))


class ScreenRecognizer:
    """Reads text runs from colour crops with a PP-OCRv4-architecture CTC recognizer: DetACT's
    fine-tuned screen-text model (`bundled_recognizer`), or PP-OCRv4 as RapidOCR ships it.

    ``allowed``: characters the decoder may emit (others are masked before the arg-max, so a
    Chinese look-alike never replaces a colon); None allows every class of the model.
    ``batch_size``: small batches waste little on padding; on the admin-dashboard sample (93
    runs, 2 CPU cores) 4 reads in about half the time of 16."""

    def __init__(self, path: Path, device: str = "cpu", batch_size: int = 4,
                 allowed: str | None = SCREEN_CHARACTERS):
        self.session = ort_session(path, device)
        self.input_name = self.session.get_inputs()[0].name
        self.charset = np.array(model_characters(self.session), dtype=object)
        self.mask = None if allowed is None else np.array([i == 0 or c in allowed for i, c in enumerate(self.charset)])
        # the crop geometry the model was trained on travels in its metadata
        meta = onnx_metadata(self.session)
        self.height = int(meta.get("height", SCREEN_HEIGHT))
        self.width_scale = float(meta.get("width_scale", 1.0))
        self.batch_size = batch_size

    def recognize(self, rgb: np.ndarray, xyxy: np.ndarray) -> tuple[list[str], np.ndarray, list[np.ndarray]]:
        """Texts, confidences and each character's x (image pixels) for each (N, 4) box of an
        RGB uint8 image (H, W, 3)."""
        n = len(xyxy)
        texts, confs = [""] * n, np.zeros(n, np.float32)
        char_x: list[np.ndarray] = [np.zeros(0)] * n
        crops = stretch_low_contrast(screen_crops(rgb, xyxy, self.height, self.width_scale))
        for idx, batch in batch_by_width(crops, self.batch_size):
            probs = self.session.run(None, {self.input_name: batch})[0]
            if self.mask is not None:
                probs = probs * self.mask
            steps, batch_w = probs.shape[1], batch.shape[3]
            widths = np.array([crops[i].shape[1] for i in idx])
            lengths = own_steps(widths, batch_w, steps)
            t, c, steps_at = ctc_greedy_decode(probs, lengths, self.charset)
            for row, i in enumerate(idx):
                texts[i], confs[i] = t[row], c[row]
                box_w = xyxy[i, 2] - xyxy[i, 0]
                char_x[i] = xyxy[i, 0] + (steps_at[row] + 0.5) * (batch_w / steps) * (box_w / widths[row])
                if " " in t[row].strip():
                    texts[i], char_x[i] = self._without_narrow_spaces(rgb, xyxy[i], t[row], char_x[i],
                                                                      probs[row].max(axis=1)[steps_at[row]])
        return texts, confs, char_x

    @staticmethod
    def _without_narrow_spaces(rgb: np.ndarray, box, text: str, xs: np.ndarray, char_p: np.ndarray
                               ) -> tuple[str, np.ndarray]:
        """``text`` and its characters' x without its `narrow_spaces` (read in ``box`` of ``rgb``)."""
        x0, y0, x1, y1 = (int(v) for v in box)
        drop = narrow_spaces(to_gray(rgb[y0:y1, x0:x1]), text, np.asarray(xs) - x0, char_p)
        if not drop:
            return text, xs
        return "".join(c for k, c in enumerate(text) if k not in drop), np.delete(np.asarray(xs), drop)
