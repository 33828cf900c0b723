"""The interface every region segmenter implements."""
from __future__ import annotations

from typing import Protocol, Sequence

import numpy as np

from ..elements import Elements


class Segmenter(Protocol):
    """Proposes the non-text things an agent clicks in an RGB uint8 image (H, W, 3); returns
    ``kind="region"`` elements (one box per thing, no nested duplicates) with ``score`` in
    [0, 1]. Segmenters subclass this class to inherit the defaults of the optional members."""

    name: str

    @property
    def backend(self) -> str:
        """What runs, for ``ParseResult.backends`` (default: ``name``)."""
        return self.name

    def segment(self, rgb: np.ndarray) -> Elements: ...

    def segment_batch(self, images: Sequence[np.ndarray]) -> list[Elements]:
        """One `segment` per image (segmenters whose model batches override this)."""
        return [self.segment(img) for img in images]
