"""icons.context: a folder beside "new" or "save" on a toolbar row is the Open button."""
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from detact.elements import Elements
from detact.icons.context import folders_that_open

ADWAITA = Path("/usr/share/icons/Adwaita/scalable")


def _icons(row):
    """Icons of 20 px on one row from (x, label) pairs, plus a text element that is no icon."""
    boxes = [(x, 40, x + 20, 60) for x, _ in row] + [(400, 40, 460, 60)]
    labels = [lab for _, lab in row]
    kinds = ["icon"] * len(row) + ["text"]
    return Elements(boxes, kinds, [""] * len(row) + ["folder"], labels + [""], name=labels + ["folder"])


@pytest.mark.parametrize("row, expected", [
    ([(10, "new"), (40, "folder"), (70, "save")], ["new", "open", "save"]),     # New, Open, Save
    ([(10, "folder"), (40, "save")], ["open", "save"]),                         # Open, Save
    ([(10, "save as"), (40, "folder")], ["save as", "open"]),
    ([(10, "new"), (120, "folder")], ["new", "folder"]),                        # 90 px apart: other groups
    ([(10, "folder"), (40, "home")], ["folder", "home"]),                       # a places row
    ([(10, "folder"), (40, "folder"), (100, "new")], ["folder", "open", "new"]),  # only the near one
    ([(10, "new")], ["new"]),
])
def test_folders_that_open(row, expected):
    out = folders_that_open(_icons(row))
    assert out.label.tolist() == expected + [""]
    assert out.name.tolist() == expected + ["folder"]   # a text's name is never touched


def test_a_folder_on_another_row_stays():
    els = Elements([(10, 40, 30, 60), (10, 80, 30, 100)], ["icon", "icon"], ["", ""], ["new", "folder"])
    assert folders_that_open(els).label.tolist() == ["new", "folder"]


def test_parser_calls_the_folder_of_a_new_open_save_toolbar_open():
    """A drawn toolbar of Adwaita's document-new, folder and document-save icons: the folder is
    called "open"; the same folder drawn alone keeps its own function."""
    names = ["actions/document-new-symbolic.svg", "places/folder-symbolic.svg", "actions/document-save-symbolic.svg"]
    if not all((ADWAITA / n).is_file() for n in names):
        pytest.skip("adwaita-icon-theme is not installed")
    from detact.parser import Parser
    from tests.conftest import draw_screen
    from tests.test_icons import paste_svg

    def toolbar(icons):
        img = Image.fromarray(draw_screen([{"kind": "text", "xy": (300, 120), "text": "Untitled document", "size": 15}],
                                          size=(640, 200), background=(246, 245, 244)))
        for k, n in enumerate(icons):
            paste_svg(img, (ADWAITA / n).read_text(), 16, (16 + 34 * k, 16), (46, 52, 54))
        els = Parser().parse(np.asarray(img)).elements
        return [lab for kind, lab, (x0, y0, _, _) in zip(els.kind, els.label, els.xyxy) if kind == "icon" and y0 < 50]

    assert toolbar(names) == ["new", "open", "save"]
    assert toolbar(names[1:2]) == ["folder"]
