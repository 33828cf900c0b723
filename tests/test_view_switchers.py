"""A header bar's view switcher (GTK's stack switcher as Materia draws it: flat items of one
width, a bar in the header's text colour under the selected one): `tabs.underlined_switchers`
on drawn header bars, table-driven, and the full parser on one and on gnome-system-monitor's
(radios, the barred one checked, each named by its label); and a dark menu bar's titles, which
are menu items whatever the classifier took them for."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.semantics.tabs import underlined_switchers
from tests.conftest import font, pasted_fixture

DARK, LIGHT, PANE, ACCENT = (66, 66, 66), (236, 236, 236), (248, 248, 248), (53, 132, 228)
WORDS = ("Processes", "Resources", "File Systems")


def _header(selected: int | None = 0, strip=DARK, bar=None, item: int = 150, full_rule: bool = False,
            bars: tuple[int, ...] = (), words=WORDS, steps: tuple[int, ...] | None = None, thick: int = 2,
            framed: bool = False):
    """A 1000 x 120 screen: a header bar (``strip``, 50 px) over a pane, ``words`` as items
    ``item`` px wide from x 300 (``steps``: each item's own width instead), each an icon and its
    label, a ``thick`` px bar (``bar``: its colour, default the labels' ink) under item
    ``selected`` and under each of ``bars`` (``framed``: as the bottom of a frame round the item);
    ``full_rule``: the bar runs the header's whole width instead. Returns
    the image and the labels' boxes, texts and roles ("button", as the classifier says)."""
    img = Image.new("RGB", (1000, 120), PANE)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, 999, 49), fill=strip)
    ink = (236, 236, 236) if strip == DARK else (40, 40, 40)
    bar = bar or ink
    f = font(15)
    x, boxes = 300, []
    for k, word in enumerate(words):
        width = steps[k] if steps else item
        w = int(d.textlength(word, font=f))
        lx = x + (width - w - 24) // 2 + 24
        d.rectangle((lx - 24, 18, lx - 10, 32), outline=ink, width=2)      # the item's icon
        d.text((lx, 15), word, fill=ink, font=f)
        top, bottom = d.textbbox((lx, 15), word, font=f)[1::2]
        boxes.append([lx, top - 2, lx + w, bottom + 2])
        if k == selected or k in bars:
            d.rectangle((x, 48 - thick, x + width - 1, 47), fill=bar)
            if framed:
                d.rectangle((x, 6, x + 1, 47), fill=bar)
                d.rectangle((x + width - 2, 6, x + width - 1, 47), fill=bar)
        x += width
    if full_rule:
        d.rectangle((0, 46, 999, 47), fill=bar)
    texts = np.array(list(words), object)
    return np.asarray(img), np.array(boxes, np.int64), texts, np.array(["button"] * len(words), object)


@pytest.mark.parametrize("case, kwargs, scale, items, checked", [
    ("dark header, first selected", {}, 1, [0, 1, 2], [0]),
    ("... the middle one", {"selected": 1}, 1, [0, 1, 2], [1]),
    ("... the last one", {"selected": 2}, 1, [0, 1, 2], [2]),
    ("light header, a dark bar", {"strip": LIGHT}, 1, [0, 1, 2], [0]),
    ("two items", {"words": WORDS[:2], "selected": 1}, 1, [0, 1], [1]),
    # an accent bar is a notebook's selected tab (`underlined_tabs`), not this rule's
    ("an accent bar", {"bar": ACCENT}, 1, [], []),
    # the header's edge drawn all across: no one item's bar
    ("a rule across the whole header", {"selected": None, "full_rule": True}, 1, [], []),
    # two bars: no single selection
    ("two items barred", {"bars": (2,)}, 1, [], []),
    # a barred label whose neighbours are not one item's width away: no switcher
    ("items of unlike widths", {"steps": (150, 260, 150)}, 1, [], []),
    ("nothing barred", {"selected": None}, 1, [], []),
    # a frame's bottom, its sides rising from its ends (a combo box's, a key's): no bar
    ("a framed item", {"framed": True}, 1, [], []),
    # at scale 2 a bar is 4 px; a 2 px line there is a tab's or a frame's one-pixel edge
    ("scale 2, a 4 px bar", {"thick": 4}, 2, [0, 1, 2], [0]),
    ("scale 2, a 2 px line", {}, 2, [], []),
])
def test_a_view_switchers_items_and_its_barred_one(case, kwargs, scale, items, checked):
    rgb, boxes, texts, roles = _header(**kwargs)
    found, barred = underlined_switchers(rgb, boxes, texts, roles, scale)
    assert found.tolist() == items, case
    assert barred.tolist() == checked, case


def test_a_menu_bars_open_menu_is_no_bar():
    """A dark menu bar over a pane as dark, the menu open under "Search" in white, wider than
    its title and tall: no switcher, whether its top is 2 px under the title or further."""
    for top in (40, 46):
        img = Image.new("RGB", (1000, 300), DARK)
        d = ImageDraw.Draw(img)
        f = font(15)
        boxes, x = [], 20
        for word in ("File", "View", "Search", "Go", "Help"):
            w = int(d.textlength(word, font=f))
            if word == "Search":
                d.rectangle((x - 8, top, x + w + 150, 290), fill=(255, 255, 255))
            d.text((x, 12), word, fill=(236, 236, 236), font=f)
            t, b = d.textbbox((x, 12), word, font=f)[1::2]
            boxes.append([x, t - 2, x + w, b + 2])
            x += w + 24
        found, _ = underlined_switchers(np.asarray(img), np.array(boxes), np.array(["File", "View", "Search", "Go",
                                                                                    "Help"], object),
                                        np.array(["menuitem"] * 5, object))
        assert found.tolist() == [], top


def test_a_sentence_with_an_underlined_link_is_no_switcher():
    """Words on a light page, one underlined as a link is (1 px, its text's width): no bar."""
    img = Image.new("RGB", (1000, 120), PANE)
    d = ImageDraw.Draw(img)
    f = font(15)
    boxes, x = [], 300
    for k, word in enumerate(("Read", "the", "docs")):
        w = int(d.textlength(word, font=f))
        d.text((x, 15), word, fill=(40, 40, 40), font=f)
        top, bottom = d.textbbox((x, 15), word, font=f)[1::2]
        boxes.append([x, top - 2, x + w, bottom + 2])
        if k == 2:
            d.line((x, bottom + 1, x + w, bottom + 1), fill=(40, 40, 40))
        x += 150
    found, _ = underlined_switchers(np.asarray(img), np.array(boxes), np.array(["Read", "the", "docs"], object),
                                    np.array(["text"] * 3, object))
    assert found.tolist() == []


def test_the_parser_reads_a_header_bars_switcher_as_radios(parser):
    """The whole parse of a drawn header bar (Materia's look, "Resources" selected): three radios
    named by their labels, "Resources" alone checked."""
    rgb, _, _, _ = _header(selected=1)
    screen = np.full((720, 1280, 3), 248, np.uint8)
    screen[:120, :1000] = rgb
    screen[:50, 1000:] = DARK
    els = parser.parse(screen).elements
    radios = {str(n): tuple(s) for n, r, s in zip(els.name, els.role, els.states) if r == "radio"}
    assert set(radios) == set(WORDS), radios
    assert [w for w in WORDS if "checked" in radios[w]] == ["Resources"], radios


def test_gnome_system_monitors_switcher_is_radios(parser):
    """gnome-system-monitor's header bar in Materia-dark at scale 2: "Processes", "Resources" and
    "File Systems" are radios (GTK's stack switcher), "Processes" checked."""
    els = parser.parse(pasted_fixture("system-monitor-switcher-materia-dark-2x.png", (2560, 1600), (700, 0))).elements
    radios = {str(n): tuple(s) for n, r, s in zip(els.name, els.role, els.states) if r == "radio"}
    assert set(radios) == set(WORDS), radios
    assert [w for w in WORDS if "checked" in radios[w]] == ["Processes"], radios


def test_a_dark_menu_bars_titles_are_menu_items(parser):
    """gucharmap's menu bar in Materia at scale 2 (dark bar, light window): the classifier takes
    some titles for radios; every title is a menu item, none checked, and the toolbar under it
    is no switcher."""
    els = parser.parse(pasted_fixture("gucharmap-menubar-materia-2x.png", (2560, 1440))).elements
    titles = {str(t): (str(r), tuple(s)) for t, r, s, b in zip(els.text, els.role, els.states, els.xyxy)
              if b[3] < 60 and str(t)}
    assert titles == {w: ("menuitem", ()) for w in ("File", "View", "Search", "Go", "Help")}, titles
    assert "radio" not in set(els.role.tolist())


def _icon_switcher(selected: int = 0, search_at: int = 38, bar: bool = True):
    """gitg's header bar (dark, 46 px): a search icon ``search_at`` px left of the first item's
    centre, then two icon-only items 32 px wide, a 2 px bar under item ``selected`` (none when
    not ``bar``), then a menu icon 38 px on. Returns the image and the icons' boxes (search,
    items, menu)."""
    img = Image.new("RGB", (1000, 120), PANE)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, 999, 45), fill=(66, 66, 66))
    x0 = 500
    centres = [x0 + 16 - search_at, x0 + 16, x0 + 48, x0 + 48 + 38]
    boxes = []
    for cx in centres:
        d.rectangle((cx - 7, 15, cx + 7, 29), outline=(231, 231, 231), width=2)
        boxes.append([cx - 7, 15, cx + 8, 30])
    if bar:
        d.rectangle((x0 + 32 * selected, 36, x0 + 32 * selected + 31, 37), fill=(231, 231, 231))
    return np.asarray(img), np.array(boxes, np.int64)


@pytest.mark.parametrize("case, kwargs, items, checked", [
    ("the first selected, a search button 38 px before it", {}, [1, 2], [1]),
    ("the second selected", {"selected": 1}, [1, 2], [2]),
    # at the pitch, the search button is one more item
    ("a search button at the pitch", {"search_at": 32}, [0, 1, 2], [1]),
    ("no bar: no switcher", {"bar": False}, [], []),
])
def test_icon_only_switchers(case, kwargs, items, checked):
    rgb, boxes = _icon_switcher(**kwargs)
    labels = np.array(["find", "list view", "save", "more options"], object)
    found, barred = underlined_switchers(rgb, boxes, labels, np.array(["button"] * 4, object), icons=True)
    assert (found.tolist(), barred.tolist()) == (items, checked), case


def test_gitgs_icon_only_switcher_is_radios_named_by_their_icons(parser):
    """gitg's header bar (Adwaita-dark, a 2 px light bar under the selected view): its two
    icon-only items are radios, named by what their icons show, the barred one checked; the
    search button before them and the menu button after them stay buttons."""
    from tests.test_icons import ADWAITA, paste_svg
    img = Image.new("RGB", (1280, 400), (246, 245, 244))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, 1279, 45), fill=(66, 66, 66))
    icons = ["actions/edit-find-symbolic.svg", "actions/view-list-symbolic.svg",
             "actions/document-save-symbolic.svg", "actions/open-menu-symbolic.svg"]
    for cx, name in zip((1029, 1067, 1099, 1137), icons):
        paste_svg(img, (ADWAITA / name).read_text(), 16, (cx - 8, 14), (231, 231, 231))
    d.rectangle((1051, 36, 1082, 37), fill=(231, 231, 231))
    els = parser.parse(np.asarray(img)).elements
    top = [i for i in range(len(els)) if els.kind[i] == "icon" and els.xyxy[i, 3] <= 40]
    got = [(str(els.role[i]), "checked" in els.states[i], bool(els.name[i])) for i in top]
    assert got == [("button", False, True), ("radio", True, True), ("radio", False, True), ("button", False, True)], \
        [(els.role[i], els.label[i], els.name[i], els.xyxy[i].tolist()) for i in top]
