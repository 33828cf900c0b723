"""A space the screen recognizer reads into a word (`narrow_spaces`): doubtful and narrow."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from conftest import font
from detact.text.recognize import narrow_spaces


def _drawn(left: str, right: str, gap: int, px: int = 18) -> tuple[np.ndarray, np.ndarray]:
    """``left`` and ``right`` drawn ``gap`` px apart past ``left``'s advance: the grey crop and
    the x of each character of ``left + " " + right`` (the space midway)."""
    f = font(px)
    img = Image.new("L", (200, px + 12), 255)
    d = ImageDraw.Draw(img)
    d.text((4, 4), left, fill=20, font=f)
    x_right = 4 + d.textlength(left, font=f) + gap
    d.text((x_right, 4), right, fill=20, font=f)
    xs = [4 + d.textlength(left[:k], font=f) + d.textlength(c, font=f) / 2 for k, c in enumerate(left)]
    xs.append((4 + d.textlength(left, font=f) + x_right) / 2)
    xs += [x_right + d.textlength(right[:k], font=f) + d.textlength(c, font=f) / 2 for k, c in enumerate(right)]
    return np.asarray(img), np.array(xs)


@pytest.mark.parametrize("gap, space_p, dropped", [
    (0, 0.3, True),      # "Na me": letters at the font's own spacing, the space doubtful: no space
    (0, 0.9, False),     # ... read surely: kept (a 9 px word space is as narrow as a letter gap)
    (8, 0.3, False),     # a doubtful space where the blank is a word space's: kept
    (8, 0.9, False),
])
def test_a_doubtful_space_between_close_letters_is_left_out(gap, space_p, dropped):
    gray, xs = _drawn("Na", "me", gap)
    p = np.ones(5)
    p[2] = space_p
    assert (narrow_spaces(gray, "Na me", xs, p) == [2]) is dropped


def test_a_run_with_no_space_or_one_pair_of_letters_is_left_alone():
    gray, xs = _drawn("N", "a", 0)
    assert narrow_spaces(gray, "N a", xs, np.array([1.0, 0.1, 1.0])) == []      # no letter spacing to compare with
    gray, xs = _drawn("Na", "me", 0)
    assert narrow_spaces(gray, "Name", np.delete(xs, 2), np.ones(4)) == []
