"""Compound controls: a frame drawn around a few elements on one line is often one control
made of parts -- a combo box around its value and arrow, a spin box around its number and
buttons, a search field around its glass icon and placeholder, a button around an icon and
its label. The merge step drops such frames as containers; here they come back as candidates,
and the control classifier decides whether each is a control (and which) or just a group.

A group is a candidate when it holds 2 to `MAX_PARTS` elements whose vertical spans overlap
(one line), and it is at most `MAX_HEIGHT` px tall (at scale 1) and at most 3.5 times as tall
as its tallest part.
"""
from __future__ import annotations

import numpy as np

from ..boxes import coverage
from ..elements import Elements

MAX_PARTS = 4
MAX_HEIGHT = 64


def compound_candidates(elements: Elements, groups: np.ndarray, scale: float = 1.0,
                        contained: float = 0.9) -> tuple[Elements, np.ndarray, list[np.ndarray]]:
    """Candidate compound controls among ``groups`` (G, 4): as region elements framed by the
    group's box, how many parts each holds, and each one's part rows in ``elements``."""
    if not len(groups) or not len(elements):
        return Elements(), np.zeros(0, np.int32), []
    inside = coverage(groups, elements.xyxy) >= contained          # (G, N)
    boxes, counts, parts = [], [], []
    for g, box in enumerate(groups):
        rows = np.flatnonzero(inside[g])
        if not 2 <= len(rows) <= MAX_PARTS:
            continue
        b = elements.xyxy[rows]
        height = box[3] - box[1]
        one_line = b[:, 1].max() < b[:, 3].min()
        tallest = (b[:, 3] - b[:, 1]).max()
        if one_line and height <= MAX_HEIGHT * scale and height <= 3.5 * max(tallest, 1):
            boxes.append(box)
            counts.append(len(rows))
            parts.append(rows)
    if not boxes:
        return Elements(), np.zeros(0, np.int32), []
    boxes = np.array(boxes, np.int32)
    return (Elements(boxes, ["region"] * len(boxes), score=[0.5] * len(boxes), frame=boxes),
            np.array(counts, np.int32), parts)
