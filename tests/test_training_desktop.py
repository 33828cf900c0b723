"""The desktop data builder's coordinate factor (training/controls/desktop/run.py): AT-SPI
extents times this factor are the boxes of the training and held-out labels, so a wrong
factor mislabels a whole screenshot (it did: gtk3-widget-factory at scale 2, window larger
than the screen, came out 1)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training" / "controls"))
from desktop.run import coord_scale  # noqa: E402


def window(x, y, w, h):
    return {"depth": 1, "ext": [x, y, w, h]}


@pytest.mark.parametrize("nodes, screen_w, toolkit, launch_scale, expected", [
    # GTK reports logical pixels: the launch's scale, whatever the window's size
    ([window(0, 0, 1356, 753)], 2048, "gtk3", 2.0, 2.0),
    ([window(0, 0, 1024, 768)], 2048, "gtk3", 2.0, 2.0),
    ([window(0, 0, 1920, 1080)], 1920, "gtk3", 1.0, 1.0),
    # Qt (device pixels) or an unknown scale: the main window filling the screen says
    ([window(0, 0, 2048, 1536)], 2048, "qt6", 2.0, 1.0),
    ([window(0, 0, 1024, 768)], 2048, "qt6", 2.0, 2.0),
    ([window(0, 0, 1024, 768)], 2048, "", None, 2.0),
    ([window(0, 0, 1920, 1080)], 1920, "", None, 1.0),
    ([], 1920, "", None, 1.0),
])
def test_coord_scale(nodes, screen_w, toolkit, launch_scale, expected):
    assert coord_scale(nodes, screen_w, toolkit, launch_scale) == expected
