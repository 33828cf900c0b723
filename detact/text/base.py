"""The interface every text (OCR) engine implements."""
from __future__ import annotations

from typing import Protocol, Sequence

import numpy as np

from ..elements import Elements


class TextEngine(Protocol):
    """Reads text runs from an RGB uint8 image (H, W, 3).

    ``read`` returns ``kind="text"`` elements with ``text`` and ``score`` (recognition
    confidence in [0, 1]); an engine may also return ``kind="region"`` elements for non-text
    things it found on text lines (glyph icons). Engines subclass this class to inherit the
    defaults of the optional methods."""

    name: str
    #: what this engine runs without (e.g. a fallback recognizer), for `Parser.notes`
    notes: list[str] = []

    def read(self, rgb: np.ndarray) -> Elements: ...

    def read_batch(self, images: Sequence[np.ndarray]) -> list[Elements]:
        """One `read` per image (engines that can batch override this)."""
        return [self.read(img) for img in images]

    def read_glyphs(self, rgb: np.ndarray, boxes: np.ndarray, min_confidence: float = 0.5) -> Elements:
        """Short labels inside ``boxes`` (N, 4) that line detection misses (a key's "7"), as
        text elements; engines that cannot read single glyphs return none."""
        return Elements()
