"""A Qt file manager's views read as lists (`detact.semantics.siblings`, rules 5b and 12, and
`detact.segment.classical.glyphs_on_rules`): Qt widgets rendered under Xvfb (Fusion, Adwaita
icons; `tests/fixtures/make_qt_fileview.py`), read by the full parser. An accessibility tree
calls every folder and file of the view, and every place of the sidebar, a list item: the
picture and the name are one item."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

FIXTURES = Path(__file__).parent / "fixtures"
FOLDERS = ["Desktop", "Documents", "Downloads", "Music", "Pictures", "Projects", "Public", "Templates", "Videos"]
FILES = ["archive.tar.gz", "notes.txt", "photo.png", "readme.md", "report.pdf", "script.sh"]
#: The sidebar's places whose icon stands beside its name (Home's is read into its text).
PLACES = ["Desktop", "Trash", "Computer", "Network", "Filesystem root"]


@pytest.fixture(scope="module")
def views():
    from detact.parser import Parser
    parser = Parser()
    return {mode: parser.parse(np.asarray(Image.open(FIXTURES / f"qt-fileview-{mode}.png").convert("RGB"))).elements
            for mode in ("icon", "list")}


def _named(els, names, x_min, x_max):
    found = {str(els.text[i]): i for i in range(len(els))
             if els.kind[i] == "text" and x_min <= els.xyxy[i, 0] < x_max}
    assert set(names) <= set(found), sorted(found)
    return [found[n] for n in names]


@pytest.mark.parametrize("mode", ["icon", "list"])
def test_the_names_of_a_file_view_are_list_items(views, mode):
    els = views[mode]
    rows = _named(els, FOLDERS + FILES, 200, 1000)
    assert [els.role[r] for r in rows] == ["listitem"] * len(rows), [(els.text[r], els.role[r]) for r in rows]


def test_the_pictures_over_an_icon_views_names_are_list_items(views):
    # the first row's pictures stand 2 px under the view's frame, and the segmenter found them
    # only once the frame's rule was taken out; the classifier called them images, buttons,
    # icons or even a slider
    els = views["icon"]
    pictures = [i for i in range(len(els)) if els.kind[i] == "icon" and els.xyxy[i, 0] >= 200
                and els.xyxy[i, 3] - els.xyxy[i, 1] >= 40]
    tops = sorted({int(els.xyxy[i, 1]) // 10 for i in pictures})
    assert len(tops) == 3 and len(pictures) >= 13, [els.xyxy[i].tolist() for i in pictures]
    assert [els.role[i] for i in pictures] == ["listitem"] * len(pictures)
    # a picture is no pressed or greyed-out control
    assert not [els.states[i] for i in pictures if set(els.states[i]) & {"pressed", "disabled", "checked"}]


@pytest.mark.parametrize("mode", ["icon", "list"])
def test_the_sidebars_icons_are_found_as_its_rows(views, mode):
    # the icons stand 3 px from the pane's edge and 2 px apart: the dilation joined them to the
    # edge and to each other
    els = views[mode]
    names = _named(els, PLACES, 20, 200)
    for r in names:
        y = (els.xyxy[r, 1] + els.xyxy[r, 3]) / 2
        icons = [i for i in range(len(els)) if els.kind[i] == "icon" and els.xyxy[i, 2] <= 24
                 and els.xyxy[i, 1] <= y <= els.xyxy[i, 3]]
        assert len(icons) == 1, (els.text[r], [els.xyxy[i].tolist() for i in icons])
        assert (els.role[icons[0]], els.role[r]) == ("listitem", "listitem"), els.text[r]
