"""Table-driven tests of the box geometry every stage shares (in the style of supervision's
test_iou_and_nms.py): each row is a drawn layout and the answer worked out by hand."""
from __future__ import annotations

import numpy as np
import pytest

from detact.boxes import (areas, centred_across, coverage, gaps_beside, holds_none, holds_point, intersections, iou, nms,
                          reading_order)


def B(*rows) -> np.ndarray:
    return np.array(rows, np.int32).reshape(-1, 4)


@pytest.mark.parametrize("a, b, expected", [
    (B([0, 0, 10, 10]), B([0, 0, 10, 10]), 1.0),              # same box
    (B([0, 0, 10, 10]), B([10, 0, 20, 10]), 0.0),             # touching edges (x1 exclusive)
    (B([0, 0, 10, 10]), B([5, 0, 15, 10]), 50 / 150),         # half overlap
    (B([0, 0, 10, 10]), B([2, 2, 4, 4]), 4 / 100),            # nested
    (B([0, 0, 10, 10]), B([5, 5, 3, 3]), 0.0),                # inverted box has no area
])
def test_iou(a, b, expected):
    assert iou(a, b)[0, 0] == pytest.approx(expected)


@pytest.mark.parametrize("outer, inner, expected", [
    (B([0, 0, 10, 10]), B([2, 2, 4, 4]), 1.0),                # inner wholly inside
    (B([0, 0, 10, 10]), B([8, 0, 12, 10]), 0.5),              # half of inner inside
    (B([2, 2, 4, 4]), B([0, 0, 10, 10]), 0.04),               # the big one barely inside the small
])
def test_coverage_is_the_share_of_the_second_box(outer, inner, expected):
    assert coverage(outer, inner)[0, 0] == pytest.approx(expected)


def test_areas_and_intersections_shapes():
    a, b = B([0, 0, 4, 5], [1, 1, 2, 2]), B([0, 0, 2, 2], [3, 3, 9, 9], [0, 0, 1, 1])
    assert areas(a).tolist() == [20, 1]
    assert intersections(a, b).shape == (2, 3)
    assert intersections(a, b).tolist() == [[4, 2, 1], [1, 0, 0]]


@pytest.mark.parametrize("boxes, scores, threshold, expected", [
    # nothing overlaps: all kept, best score first
    (B([0, 0, 10, 10], [20, 0, 30, 10]), [0.5, 0.9], 0.5, [1, 0]),
    # a near copy of a better box goes
    (B([0, 0, 10, 10], [1, 0, 11, 10]), [0.9, 0.8], 0.5, [0]),
    # IoU exactly at the threshold is kept (suppression needs IoU > threshold, as torchvision)
    (B([0, 0, 10, 10], [5, 0, 15, 10], [0, 0, 10, 10]), [0.9, 0.8, 0.1], 50 / 150, [0, 1]),
    # chain A~B, B~C, A!~C: greedy keeps A and C (B was suppressed, so it cannot suppress C)
    (B([0, 0, 10, 10], [4, 0, 14, 10], [8, 0, 18, 10]), [0.9, 0.8, 0.7], 0.4, [0, 2]),
    # equal scores: the earlier box wins
    (B([0, 0, 10, 10], [0, 0, 10, 11]), [0.5, 0.5], 0.5, [0]),
    # empty input
    (B(), [], 0.5, []),
])
def test_nms(boxes, scores, threshold, expected):
    assert nms(boxes, np.array(scores, np.float32), threshold).tolist() == expected


def test_nms_matches_torchvision_on_random_boxes():
    torchvision = pytest.importorskip("torchvision")
    import torch

    rng = np.random.default_rng(0)
    xy = rng.integers(0, 200, (300, 2))
    boxes = np.concatenate([xy, xy + rng.integers(5, 60, (300, 2))], axis=1).astype(np.float32)
    scores = rng.random(300).astype(np.float32)
    for threshold in (0.3, 0.5, 0.7):
        want = torchvision.ops.nms(torch.from_numpy(boxes), torch.from_numpy(scores), threshold)
        assert nms(boxes, scores, threshold).tolist() == want.tolist()


@pytest.mark.parametrize("boxes, expected", [
    # two lines, each read left to right
    (B([100, 0, 150, 16], [0, 2, 50, 18], [0, 40, 50, 56], [60, 38, 90, 58]), [1, 0, 2, 3]),
    # a taller box on the same line band sorts by x, not by its top
    (B([50, 0, 80, 30], [0, 10, 40, 20]), [1, 0]),
    # centres 1 px apart on either side of a multiple of 8 are one line (no fixed bands)
    (B([354, 389, 401, 410], [258, 388, 324, 412]), [1, 0]),
    # a line starts at its first box: a box 10 px lower starts the next one
    (B([0, 0, 10, 10], [20, 10, 30, 20], [5, 3, 9, 9]), [0, 2, 1]),
    # empty
    (B(), []),
])
def test_reading_order(boxes, expected):
    assert reading_order(boxes).tolist() == expected


@pytest.mark.parametrize("label, left_too, gap", [
    ([22, 10, 80, 26], True, 6.0),        # a 16 px glyph at x 0..16, its label 6 px to the right
    ([10, 10, 80, 26], True, -6.0),       # reaching 6 px into the glyph: half its width allowed
    ([6, 10, 80, 26], True, None),        # 10 px in: more than half
    ([50, 10, 80, 26], True, None),       # 34 px away: more than two glyph widths
    ([22, 40, 80, 56], True, None),       # on another row
    ([-60, 10, -4, 26], True, 4.0),       # on the left
    ([-60, 10, -4, 26], False, None),     # ... not looked for
])
def test_gaps_beside(label, left_too, gap):
    got = gaps_beside(np.array([[0, 10, 16, 26]]), np.array([label]), 2.0, left_too=left_too)
    assert got.shape == (1, 1)
    assert (got[0, 0] if np.isfinite(got[0, 0]) else None) == gap


@pytest.mark.parametrize("boxes, rows, expected", [
    ([[0, 0, 100, 20], [10, 5, 20, 15]], [0, 1], [1]),          # the field holds the icon; the icon holds nothing
    ([[0, 0, 100, 20], [90, 5, 110, 15]], [0, 1], [0, 1]),      # sticking out: not held
    ([[0, 0, 100, 20], [0, 0, 100, 20]], [0], []),             # a twin box counts as held
    ([[0, 0, 100, 20]], [0], [0]),                             # alone
    ([[0, 0, 100, 20], [10, 5, 20, 15]], [], []),              # no rows asked
])
def test_holds_none(boxes, rows, expected):
    assert holds_none(np.array(boxes), np.array(rows, np.int64)).tolist() == expected


@pytest.mark.parametrize("boxes, points, expected", [
    ([[0, 0, 10, 10], [5, 5, 20, 20]], [7, 7], [True, True]),        # boxes (N, 4), one point
    ([[0, 0, 10, 10], [5, 5, 20, 20]], [10, 3], [False, False]),     # right and bottom edges are outside
    ([0, 0, 10, 10], [[0, 0], [9, 9], [10, 0], [-1, 5]], [True, True, False, False]),  # one box, points (N, 2)
])
def test_holds_point(boxes, points, expected):
    assert holds_point(np.array(boxes), np.array(points)).tolist() == expected


@pytest.mark.parametrize("inner, outer, centred", [
    ([40, 10, 80, 30], [0, 0, 120, 40], True),       # in the middle, 40 px free each side
    ([44, 10, 84, 30], [0, 0, 120, 40], True),       # 4 px off: within a tenth of 120
    ([60, 10, 100, 30], [0, 0, 120, 40], False),     # 20 px off centre
    ([5, 10, 115, 30], [0, 0, 120, 40], False),      # centred, but 5 px free: under 0.35 heights (7 px)
    ([7, 10, 113, 30], [0, 0, 120, 40], True),
    ([40, 0, 80, 10], [0, 0, 120, 40], True),        # only across: the height is not looked at
])
def test_centred_across(inner, outer, centred):
    assert centred_across(np.array([inner]), np.array([outer]), 0.1, 0.35).tolist() == [centred]
