"""RapidOCR (PP-OCRv4 detection + Chinese/English recognition on onnxruntime), as shipped."""
from __future__ import annotations


import numpy as np

from ..elements import Elements
from ..errors import ModelUnavailable
from .base import TextEngine
from .geometry import quads_to_xyxy


class RapidOCREngine(TextEngine):
    name = "rapidocr"

    def __init__(self, device: str = "cpu", min_confidence: float = 0.5):
        try:
            from rapidocr_onnxruntime import RapidOCR
        except ImportError:
            raise ModelUnavailable("rapidocr-onnxruntime is not installed") from None
        self.ocr = RapidOCR()
        self.min_confidence = min_confidence

    def read(self, rgb: np.ndarray) -> Elements:
        # RapidOCR expects OpenCV's BGR order.
        results, _ = self.ocr(np.ascontiguousarray(rgb[:, :, ::-1]))
        results = [r for r in (results or []) if str(r[1]).strip() and float(r[2]) >= self.min_confidence]
        if not results:
            return Elements()
        xyxy = quads_to_xyxy(np.array([r[0] for r in results], np.float32), rgb.shape[1], rgb.shape[0])
        return Elements(xyxy, ["text"] * len(results), [str(r[1]).strip() for r in results],
                        score=[float(r[2]) for r in results])
