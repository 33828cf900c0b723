"""Icons down a list's icon column (`icons.columns`): drawn file lists with some icons missed."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.icons.columns import column_icons

PITCH, ICON, TOP = 26, 22, 10


def file_list(drawn: list[bool], found: list[int], icon_x: list[int] | None = None
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A list of ``len(drawn)`` rows: a 22 px pale folder where ``drawn`` says, a name's run at
    x 30-100. Returns the RGB image (grey shades), the runs and the icon boxes of the rows in
    ``found`` (at ``icon_x`` when given, else x 5)."""
    img = Image.new("L", (200, TOP + PITCH * len(drawn) + 10), 255)
    d = ImageDraw.Draw(img)
    for k, on in enumerate(drawn):
        y = TOP + PITCH * k
        if on:
            d.rectangle((5, y, 5 + ICON - 1, y + ICON - 1), fill=190, outline=150)
        d.rectangle((32, y + 7, 90, y + 15), fill=40)          # the name's ink
    runs = np.array([[30, TOP + PITCH * k, 100, TOP + PITCH * k + ICON] for k in range(len(drawn))])
    xs = icon_x or [5] * len(found)
    icons = np.array([[x, TOP + PITCH * k, x + ICON, TOP + PITCH * k + ICON] for x, k in zip(xs, found)])
    return np.asarray(img.convert("RGB")), runs, icons


@pytest.mark.parametrize("drawn, found, icon_x, expected_rows", [
    ([True] * 6, [0, 5], None, [1, 2, 3, 4]),                       # the pale icons between two found ones
    ([True, True, False, True, True, True], [0, 5], None, [1, 3, 4]),  # a row without an icon gets none
    ([True] * 6, [0], None, []),                                   # one icon is no column
    ([True] * 6, [0, 5], [5, 12], []),                             # icons not lined up: no column
    ([True] * 8, [0, 3], None, [1, 2, 4]),                         # one pitch past the last found icon
])
def test_icons_missed_down_a_list_column_are_found(drawn, found, icon_x, expected_rows):
    rgb, runs, icons = file_list(drawn, found, icon_x)
    boxes = column_icons(rgb, runs, icons)
    rows = sorted(int(round((b[1] - TOP) / PITCH)) for b in boxes)
    assert rows == expected_rows
    for b in boxes:      # cut to the drawn icon's ink
        assert b[0] == 5 and b[2] == 5 + ICON and b[3] - b[1] == ICON
