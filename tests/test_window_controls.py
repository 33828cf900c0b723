"""The title bar's minimize dash (`detact.icons.window_controls`), on drawn title bars and on a
full parse of one."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.elements import Elements
from detact.icons.window_controls import minimize_dashes


def title_bar(scale: int = 1, dash_x: int = 1256, extra: str = "", width: int = 1366) -> np.ndarray:
    """A 1366-wide (at scale 1) dark window with a GTK header bar: minimize dash, maximize box and
    close cross at the top right. ``extra``: "button" puts a word button right of the dash,
    "underline" a line under it, "low" draws the dash in the window body instead."""
    s = scale
    img = Image.new("RGB", (width * s, 300 * s), (48, 48, 48))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 44 * s, width * s, 300 * s], fill=(36, 36, 36))            # the window body
    y = 200 if extra == "low" else 22
    d.rectangle([dash_x * s, y * s, (dash_x + 8) * s - 1, (y + 2) * s - 1], fill=(230, 230, 230))
    d.rectangle([1303 * s, 18 * s, 1310 * s, 25 * s], outline=(230, 230, 230), width=s)   # maximize
    d.line([(1340 * s, 18 * s), (1348 * s, 26 * s)], fill=(230, 230, 230), width=2 * s)   # close
    d.line([(1348 * s, 18 * s), (1340 * s, 26 * s)], fill=(230, 230, 230), width=2 * s)
    if extra == "button":
        d.rectangle([1280 * s, 14 * s, 1296 * s, 30 * s], fill=(230, 230, 230))
        d.rectangle([1320 * s, 14 * s, 1334 * s, 30 * s], fill=(230, 230, 230))
    if extra == "underline":
        d.rectangle([dash_x * s, 28 * s, (dash_x + 8) * s, 29 * s], fill=(230, 230, 230))
    return np.asarray(img)


@pytest.mark.parametrize("scale, extra, found", [
    (1, "", True),              # GTK's header bar: dash, maximize, close
    (2, "", True),              # the same at scale 2
    (1, "button", False),       # more than two glyphs to its right: not the window's controls
    (1, "underline", False),    # ink right below it: part of a drawing
    (1, "low", False),          # not in the title bar
])
def test_minimize_dash(scale, extra, found):
    rgb = title_bar(scale, extra=extra)
    got = minimize_dashes(rgb, Elements(), scale)
    assert len(got) == int(found)
    if found:
        assert got.label.tolist() == ["minimize"] and got.kind.tolist() == ["icon"]
        cx, cy = (got.xyxy[0, 0] + got.xyxy[0, 2]) / 2, (got.xyxy[0, 1] + got.xyxy[0, 3]) / 2
        assert abs(cx - 1260 * scale) <= scale and abs(cy - 23 * scale) <= scale


def test_a_dash_already_found_is_not_added_again():
    rgb = title_bar()
    known = Elements([[1250, 14, 1270, 32]], ["icon"], [""], ["remove"])
    assert len(minimize_dashes(rgb, known, 1)) == 0


def test_the_parse_names_the_minimize_button():
    from detact.parser import Parser
    result = Parser().parse(title_bar())
    hits = [e for e in result.elements if e.name == "minimize"]
    assert len(hits) == 1 and hits[0].bbox[0] <= 1260 < hits[0].bbox[2]
