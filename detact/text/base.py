"""The interface every text (OCR) engine implements."""
from __future__ import annotations

from typing import Protocol, Sequence

import numpy as np

from ..elements import Elements


class TextEngine(Protocol):
    """Reads text runs from an RGB uint8 image; returns ``kind="text"`` elements with
    ``text`` and ``score`` (recognition confidence in [0, 1]). An engine may also return
    ``kind="region"`` elements for non-text things it found on text lines (glyph icons)."""

    name: str

    def read(self, rgb: np.ndarray) -> Elements: ...

    def read_batch(self, images: Sequence[np.ndarray]) -> list[Elements]: ...
