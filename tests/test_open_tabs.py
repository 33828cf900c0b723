"""Rows of notebook tabs: over their pane's edge, open under the selected one
(`detact.semantics.tabs.open_tab_rows`), on drawn notebooks of two tabs as Arc draws them (the
selected tab framed over its label, white like its page, the other a bare grey word) and a menu
bar whose open menu makes no such row; and the labels on an underlined tab's row
(`tabs.underlined_tab_mates`), menu items to the classifier or not, on a drawn notebook under a
menu bar and on thunar's preferences."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.semantics.tabs import open_tab_rows
from tests.conftest import font, pasted_fixture


WINDOW, PAGE, EDGE, INK, DIM = (245, 246, 247), (255, 255, 255), (207, 214, 230), (75, 81, 92), (160, 164, 170)


def _notebook(lid: bool = True, sidebar: bool = False, last: bool = True, wide: bool = False):
    """Two tabs over a pane: the selected one (the second, or the first when ``last`` is False)
    framed when ``lid`` (else only its page's white under it; ``wide``: a line over it running
    on far past it, a popover's top edge), and with ``sidebar`` a framed combo box's value on
    their line at the left. Returns the image, the labels' boxes, their texts and roles."""
    img = Image.new("RGB", (760, 220), WINDOW)
    d = ImageDraw.Draw(img)
    f = font(14)
    d.rectangle((200, 101, 740, 219), fill=PAGE)
    d.line((200, 100, 740, 100), fill=EDGE)
    words = ["Character Table", "Character Details"]
    x, boxes = 230, []
    for k, word in enumerate(words):
        w = int(d.textlength(word, font=f))
        selected = k == (1 if last else 0)
        if selected:
            d.rectangle((x - 16, 64, x + w + 16, 100), fill=PAGE)
            if wide:
                d.line((x - 16, 64, 740, 64), fill=EDGE)
            elif lid:
                d.line((x - 16, 64, x + w + 16, 64), fill=EDGE)
                d.line((x - 16, 64, x - 16, 100), fill=EDGE)
                d.line((x + w + 16, 64, x + w + 16, 100), fill=EDGE)
        d.text((x, 74), word, fill=INK if selected else DIM, font=f)
        boxes.append([x, 74, x + w, 91])
        x += w + 40
    texts, roles = list(words), ["text", "text"]
    if sidebar:                                     # a combo box's value, framed, on the tabs' line
        d.rectangle((40, 66, 180, 98), fill=PAGE, outline=EDGE)
        d.text((50, 74), "Script", fill=INK, font=f)
        boxes.insert(0, [50, 74, 95, 91])
        texts.insert(0, "Script")
        roles.insert(0, "combobox")
    return np.asarray(img), np.array(boxes, np.int32), np.array(texts, object), np.array(roles, object)


@pytest.mark.parametrize("case, kwargs, tabs", [
    ("the selected tab framed over its label, last", {}, [0, 1]),
    ("... or first", {"last": False}, [0, 1]),
    ("a sidebar's combo box on the tabs' line is none of them", {"sidebar": True}, [1, 2]),
    # two words over a line, the page under one as white as above it and no frame over it:
    # a label and a field's value as likely as two tabs
    ("no frame over the open one", {"lid": False}, []),
    ("a line over it running on far past it", {"wide": True}, []),
])
def test_two_tabs_open_under_the_framed_one(case, kwargs, tabs):
    rgb, boxes, texts, roles = _notebook(**kwargs)
    assert open_tab_rows(rgb, boxes, texts, roles).tolist() == tabs, case


def test_a_menu_bars_open_menu_is_no_selected_tab():
    """A menu bar's titles spaced alike over its bottom edge, the menu open under the first and
    running on under the second: no tab row, however many of its titles are left out."""
    img = Image.new("RGB", (760, 300), WINDOW)
    d = ImageDraw.Draw(img)
    f = font(14)
    d.line((0, 100, 759, 100), fill=EDGE)
    boxes, x = [], 30
    for word in ("File", "Edit", "View", "Help"):
        w = int(d.textlength(word, font=f))
        d.text((x, 76), word, fill=INK, font=f)
        boxes.append([x, 76, x + w, 93])
        x += w + 30
    d.rectangle((20, 98, 140, 280), fill=PAGE, outline=EDGE)       # the open menu, wider than "File"
    rgb = np.asarray(img)
    texts = np.array(["File", "Edit", "View", "Help"], object)
    assert open_tab_rows(rgb, np.array(boxes, np.int32), texts, np.array(["text"] * 4, object)).tolist() == []


def _underlined_row(d: ImageDraw.ImageDraw, words, x: int, y: int, gap: int, pad: int, bar: tuple[int, int]) -> None:
    """``words`` drawn from (``x``, ``y``) ``gap`` px apart, the first over an accent bar from
    ``bar[0]`` to ``bar[1]`` px down, ``pad`` px past the word on each side."""
    f = font(15)
    for k, word in enumerate(words):
        w = int(d.textlength(word, font=f))
        if k == 0:
            d.rectangle((x - pad, bar[0], x + w + pad, bar[1]), fill=(53, 132, 228))
        d.text((x, y), word, fill=INK, font=f)
        x += w + gap


def test_an_underlined_tabs_row_is_tabs_and_an_underlined_menu_title_stays_a_menu(parser):
    """A preferences notebook whose selected tab is underlined in the accent colour: its other
    labels are tabs too, whatever the classifier took them for; a menu bar over it whose open
    title Adwaita underlines the same way stays a menu bar."""
    img = Image.new("RGB", (1000, 300), WINDOW)
    d = ImageDraw.Draw(img)
    _underlined_row(d, ("File", "Edit", "View", "Go", "Help"), x=12, y=6, gap=24, pad=8, bar=(27, 29))
    d.line((0, 31, 999, 31), fill=EDGE)
    d.rectangle((100, 60, 980, 290), fill=PAGE)
    d.line((100, 110, 980, 110), fill=EDGE)
    _underlined_row(d, ("Display", "Side Pane", "Behavior", "Advanced", "Shortcuts"), x=130, y=76, gap=44, pad=14,
                    bar=(106, 109))
    els = parser.parse(np.asarray(img)).elements
    roles = {str(t): str(r) for t, r in zip(els.text, els.role)}
    assert all(roles.get(w) == "tab" for w in ("Display", "Side Pane", "Behavior", "Advanced", "Shortcuts")), roles
    assert not any(roles.get(w) == "tab" for w in ("File", "Edit", "View", "Go", "Help")), roles


def test_thunars_preference_tabs_under_an_underline_are_tabs(parser):
    """thunar's preferences in HighContrast at scale 2 (rendered under Xvfb by the apps builder,
    cut to the dialog's top, pasted on a 2048 px screen): "Display" is underlined, and the
    classifier takes two of the other four labels for menu items; all five are tabs."""
    els = parser.parse(pasted_fixture("thunar-prefs-tabs-highcontrast-2x.png", (2048, 1536))).elements
    roles = {str(t): str(r) for t, r in zip(els.text, els.role)}
    assert [roles.get(w) for w in ("Display", "Side Pane", "Behavior", "Advanced", "Shortcuts")] == ["tab"] * 5, roles
