"""The interface every region segmenter implements."""
from __future__ import annotations

from typing import Protocol

import numpy as np

from ..elements import Elements


class Segmenter(Protocol):
    """Proposes the non-text things an agent clicks; returns ``kind="region"`` elements
    (one box per thing, no nested duplicates) with ``score`` in [0, 1]."""

    name: str

    def segment(self, rgb: np.ndarray) -> Elements: ...
