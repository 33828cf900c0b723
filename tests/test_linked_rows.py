"""A row of linked buttons is no row of tabs (`detact.semantics.tabs.linked_rows`): GTK 3 widgets
rendered under Xvfb (Adwaita; `tests/fixtures/gtk3-*.png`), read by the full parser. AT-SPI calls
the path bar's segments toggle buttons, the current folder's checked, and the notebook's labels
page tabs."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

FIXTURES = Path(__file__).parent / "fixtures"


def parse_strip(name: str):
    from detact.parser import Parser
    strip = Image.open(FIXTURES / name).convert("RGB")
    screen = Image.new("RGB", (1000, 560), strip.getpixel((strip.width - 1, strip.height - 1)))
    screen.paste(strip, (0, 0))
    return Parser().parse(np.asarray(screen)).elements


@pytest.mark.parametrize("name, labels, role, checked", [
    # the file chooser's path bar: framed whole, the current folder's plate darker
    ("gtk3-pathbar.png", ["tmp", "fcdemo", "Documents", "Projects", "detact"], "button", ["detact"]),
    # a notebook's tabs (Adwaita: bare labels, a rule under them, the selected one underlined)
    ("gtk3-notebook-tabs.png", ["Status", "Compiler", "Messages", "Scribble", "Terminal"], "tab", None),
])
def test_linked_buttons_and_tabs(name, labels, role, checked):
    els = parse_strip(name)
    found = {str(els.text[i]): i for i in range(len(els)) if els.kind[i] == "text" and els.xyxy[i, 1] < 48}
    assert set(labels) <= set(found), found
    assert [els.role[found[t]] for t in labels] == [role] * len(labels)
    if checked is not None:
        assert [t for t in labels if "checked" in els.states[found[t]]] == checked


def test_the_icons_that_continue_a_path_bar_are_its_buttons():
    # the root folder before "tmp" and the scroll arrows at both ends: toggle and push buttons
    els = parse_strip("gtk3-pathbar.png")
    icons = [i for i in range(len(els)) if els.kind[i] == "icon" and els.xyxy[i, 1] < 48 and els.xyxy[i, 0] < 620]
    assert len(icons) >= 2, [(els.label[i], els.xyxy[i].tolist()) for i in icons]
    assert [els.role[i] for i in icons] == ["button"] * len(icons)
