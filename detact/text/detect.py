"""Text-line detection with PP-OCRv4's DB detector (ONNX model shipped in rapidocr-onnxruntime).

UI text is horizontal, so the DB probability map is turned into axis-aligned boxes with one
connected-components pass (no per-contour polygon work): each component is a text run, its
score the mean probability inside it, its box grown back by DB's unclip distance."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from ..errors import ModelUnavailable
from ..runtime import ort_session


def rapidocr_model_path(filename: str, ships: str, missing: str) -> Path:
    """The ONNX model ``filename`` that rapidocr-onnxruntime ships; ``ships`` (what the package
    brings) and ``missing`` (what is gone) word the errors."""
    try:
        import rapidocr_onnxruntime
    except ImportError:
        raise ModelUnavailable(f"rapidocr-onnxruntime (ships {ships}) is not installed") from None
    path = Path(rapidocr_onnxruntime.__file__).parent / "models" / filename
    if not path.exists():
        raise ModelUnavailable(f"{missing}: {path}")
    return path


def _det_model_path() -> Path:
    return rapidocr_model_path("ch_PP-OCRv4_det_infer.onnx", "the text detector", "text detector model missing")


class TextDetector:
    """Finds text runs; returns (N, 4) int boxes and (N,) scores in input-image pixels.

    max_side: longer image side is scaled down to this before detection (UI text stays
    readable at 1920 px); bin_thresh / box_thresh / unclip: DB's usual parameters.
    """

    def __init__(self, device: str = "cpu", max_side: int = 1920, bin_thresh: float = 0.3,
                 box_thresh: float = 0.5, unclip: float = 1.6, min_height: int = 4):
        self.session = ort_session(_det_model_path(), device)
        self.input_name = self.session.get_inputs()[0].name
        self.max_side, self.bin_thresh, self.box_thresh = max_side, bin_thresh, box_thresh
        self.unclip, self.min_height = unclip, min_height

    def _prepare(self, rgb: np.ndarray) -> tuple[np.ndarray, float]:
        h, w = rgb.shape[:2]
        scale = min(1.0, self.max_side / max(h, w))
        # DB needs sides that are multiples of 32: pad (not stretch) so geometry stays exact.
        sh, sw = max(1, round(h * scale)), max(1, round(w * scale))
        img = rgb if scale == 1.0 else cv2.resize(rgb, (sw, sh), interpolation=cv2.INTER_AREA)
        ph, pw = -(-sh // 32) * 32, -(-sw // 32) * 32
        # Paddle models are trained on BGR; mean = std = 0.5. The padding is mid grey (128, ~0 once
        # normalised). OpenCV writes the contiguous NCHW blob in one pass: building it in float
        # with numpy and a transposed view took twice as long on a 1080p screen.
        if (ph, pw) != (sh, sw):
            img = cv2.copyMakeBorder(img, 0, ph - sh, 0, pw - sw, cv2.BORDER_CONSTANT, value=(128, 128, 128))
        blob = cv2.dnn.blobFromImage(np.ascontiguousarray(img), scalefactor=2.0 / 255.0,
                                     mean=(127.5, 127.5, 127.5), swapRB=True)
        return blob, scale

    def detect(self, rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x, scale = self._prepare(rgb)
        prob = self.session.run(None, {self.input_name: x})[0][0, 0]
        return self._boxes(prob, scale, rgb.shape[1], rgb.shape[0])

    def _boxes(self, prob: np.ndarray, scale: float, width: int, height: int):
        bitmap = (prob > self.bin_thresh).astype(np.uint8)
        bitmap = cv2.dilate(bitmap, np.ones((2, 2), np.uint8))
        n, labels, stats, _ = cv2.connectedComponentsWithStats(bitmap, connectivity=4)
        if n <= 1:
            return np.zeros((0, 4), np.int32), np.zeros(0, np.float32)
        sums = np.bincount(labels.ravel(), weights=prob.ravel(), minlength=n)
        stats, score = stats[1:], (sums[1:] / np.maximum(stats[1:, cv2.CC_STAT_AREA], 1))
        x, y = stats[:, 0].astype(np.float32), stats[:, 1].astype(np.float32)
        w, h = stats[:, 2].astype(np.float32), stats[:, 3].astype(np.float32)
        # DB shrinks text kernels by area*(1-r^2)/perimeter at training; grow them back the
        # same way with unclip distance d = area * unclip / perimeter.
        d = (w * h) * self.unclip / (2.0 * (w + h))
        xyxy = np.stack([x - d, y - d, x + w + d, y + h + d], axis=1) / scale
        xyxy = np.round(xyxy)
        xyxy[:, [0, 2]] = np.clip(xyxy[:, [0, 2]], 0, width)
        xyxy[:, [1, 3]] = np.clip(xyxy[:, [1, 3]], 0, height)
        keep = (score >= self.box_thresh) & ((xyxy[:, 3] - xyxy[:, 1]) >= self.min_height) & \
               ((xyxy[:, 2] - xyxy[:, 0]) >= 3)
        return xyxy[keep].astype(np.int32), score[keep].astype(np.float32)
