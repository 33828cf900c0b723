"""A title over a second line, row after row down a column, is one list item each, named by
both lines (`detact.semantics.rows`): table driven on laid-out boxes, and drawn lists the full
parser reads."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from detact.elements import Elements
from detact.semantics.rows import two_line_rows, with_two_line_rows
from tests.conftest import font

APPS = (("Accessibility", "Improve keyboard and mouse accessibility"),
        ("Appearance", "Customize the look of your desktop"),
        ("Archive Manager", "Create and modify an archive"),
        ("Character Map", "Insert special characters into documents"),
        ("Color Profiles", "Set color profiles"))


def laid_out(rows: int = 5, line: int = 18, between: int = 24, height: int = 21, title: str = "Title {k}",
             extra: tuple = ()) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``rows`` titles (``title`` formatted with the row's number ``k``) over second lines at
    x 48, ``line`` px from a title's top to its second line's, ``between`` px from a second
    line's top to the next title's; ``extra``: (kind, box, role) added after. Returns kind,
    xyxy, texts, roles."""
    kind, boxes, texts, roles = [], [], [], []
    y = 60
    for k in range(rows):
        for dy, text, width in ((0, title.format(k=k), 110), (line, f"What item {k} does", 220)):
            kind.append("text")
            boxes.append((48, y + dy, 48 + width, y + dy + height))
            texts.append(text)
            roles.append("text")
        y += line + between
    for k, box, role in extra:
        kind.append(k)
        boxes.append(box)
        texts.append("")
        roles.append(role)
    return np.array(kind, object), np.array(boxes), np.array(texts, object), np.array(roles, object)


@pytest.mark.parametrize("layout, count", [
    ({}, 5),                                                   # an app list's rows
    ({"rows": 3}, 3),                                          # the fewest that make a list
    ({"rows": 2}, 0),                                          # two rows: too few to tell
    ({"line": 21, "between": 21}, 0),                          # one pitch: a paragraph
    ({"line": 18, "between": 20}, 0),                          # pitches too close to tell apart
    ({"line": 17, "between": 30}, 5),                          # roomier rows
    ({"title": "Name:"}, 0),                                   # a form's labels over their values
    ({"title": "a line of code that runs on and on past"}, 0),  # a code view's lines
])
def test_rows_are_found_from_the_pitches_down_a_column(layout, count):
    kind, xyxy, texts, roles = laid_out(**layout)
    got = two_line_rows(kind, xyxy, texts, roles, np.full(len(kind), -1))
    assert len(got) == count
    assert all(low == top + 1 and texts[top].startswith("Title") for top, low, _ in got)


def test_three_lines_at_one_short_pitch_make_no_row():
    kind, xyxy, texts, roles = laid_out(rows=5)
    # a third line under every second line, at the short pitch: no row has a long pitch after it
    more = [(x0, y0 + 18, x1, y1 + 18) for x0, y0, x1, y1 in xyxy[1::2].tolist()]
    xyxy = np.concatenate([xyxy, np.array(more)])
    kind = np.concatenate([kind, np.array(["text"] * len(more), object)])
    texts = np.concatenate([texts, np.array([f"more {k}" for k in range(len(more))], object)])
    roles = np.concatenate([roles, np.array(["text"] * len(more), object)])
    assert two_line_rows(kind, xyxy, texts, roles, np.full(len(kind), -1)) == []


def test_a_control_on_the_band_makes_a_settings_row_not_a_list_item():
    extra = (("icon", (400, 64, 440, 84), "switch"),)         # the first row's switch
    kind, xyxy, texts, roles = laid_out(extra=extra)
    tops = [top for top, _, _ in two_line_rows(kind, xyxy, texts, roles, np.full(len(kind), -1))]
    assert tops == [2, 4, 6, 8]


@pytest.mark.parametrize("role, taken", [("text", True), ("listitem", True), ("button", False),
                                         ("menuitem", False), ("checkbox", False)])
def test_only_plain_lines_make_rows(role, taken):
    kind, xyxy, texts, roles = laid_out()
    roles[:] = role
    assert bool(two_line_rows(kind, xyxy, texts, roles, np.full(len(kind), -1))) is taken


def test_lines_a_control_holds_make_no_row():
    kind, xyxy, texts, roles = laid_out()
    assert two_line_rows(kind, xyxy, texts, roles, np.zeros(len(kind), int)) == []


def test_the_icon_between_the_lines_joins_its_row():
    icon = (10, 62, 42, 94)                                    # centred on the first row's lines
    far = (10 - 200, 104, 42 - 200, 136)                       # too far left of the second row
    kind, xyxy, texts, roles = laid_out(extra=(("icon", icon, "icon"), ("icon", far, "icon")))
    got = two_line_rows(kind, xyxy, texts, roles, np.full(len(kind), -1))
    assert [icon for _, _, icon in got] == [10, -1, -1, -1, -1]


def test_each_row_becomes_a_list_item_named_by_both_lines_and_clicked_on_its_title():
    kind, xyxy, texts, roles = laid_out(extra=(("icon", (10, 62, 42, 94), "listitem"),))
    states = [("selected",) if k == 2 else () for k in range(len(kind))]        # the second row's title
    els = Elements(xyxy, kind=kind, text=texts, role=roles, states=states).numbered()
    out = with_two_line_rows(els)
    rows = out[len(els):]
    assert len(rows) == 5 and set(rows.role) == {"listitem"} and set(rows.kind) == {"region"}
    assert rows.name[0] == rows.text[0] == "Title 0\nWhat item 0 does"
    assert rows.states[1] == ("selected",) and rows.states[0] == ()
    assert rows.xyxy[0].tolist() == [10, 60, 268, 99]
    assert rows.centers[0].tolist() == els.centers[0].tolist()
    assert out.parent[[0, 1, 10]].tolist() == [rows.id[0]] * 3
    assert out.role[:10].tolist() == ["text"] * 10 and out.role[10] == "listitem"


def draw_list(kind: str) -> Image.Image:
    """A window holding ``APPS`` as a list ("apps": bold titles over grey lines, an icon
    before each), a settings page ("settings": the same rows, a switch on each) or a paragraph
    ("paragraph": their lines as one text)."""
    img = Image.new("RGB", (640, 260), (250, 250, 250))
    d = ImageDraw.Draw(img)
    bold = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
    title_font = ImageFont.truetype(str(bold), 13) if bold.exists() else font(13)
    colours = ((30, 130, 200), (200, 80, 40), (150, 110, 60), (90, 90, 90), (60, 160, 70))
    for k, (title, line) in enumerate(APPS):
        y = 14 + 40 * k
        if kind == "paragraph":
            d.text((48, 14 + 20 * (2 * k)), title + " and", fill=(40, 40, 40), font=font(13))
            d.text((48, 14 + 20 * (2 * k + 1)), line + ",", fill=(40, 40, 40), font=font(13))
            continue
        d.rounded_rectangle((10, y + 2, 38, y + 30), radius=6, fill=colours[k])
        d.polygon([(17, y + 8), (27, y + 8), (32, y + 13), (32, y + 25), (17, y + 25)], fill=(255, 255, 255))
        for dy in (14, 18, 22):
            d.line((20, y + dy, 29, y + dy), fill=colours[k])
        d.text((48, y), title, fill=(40, 40, 40), font=title_font)
        d.text((48, y + 17), line, fill=(90, 90, 90), font=font(13))
        if kind == "settings":
            d.rounded_rectangle((560, y + 5, 604, y + 27), radius=11, fill=(53, 132, 228))
            d.ellipse((584, y + 7, 602, y + 25), fill=(255, 255, 255))
    return img


def test_a_parsed_app_list_has_one_named_row_per_app(parser):
    els = parser.parse(np.asarray(draw_list("apps"))).elements
    rows = {str(els.name[i]): els.xyxy[i].tolist() for i in range(len(els)) if "\n" in str(els.name[i])}
    assert {els.role[i] for i in range(len(els)) if "\n" in str(els.name[i])} == {"listitem"}
    assert set(rows) == {f"{t}\n{line}" for t, line in APPS}, \
        [(els.text[i], els.role[i], els.xyxy[i].tolist()) for i in range(len(els))]
    # each row spans its icon and both lines
    assert all(x0 <= 20 and y1 - y0 >= 28 for x0, y0, x1, y1 in rows.values())


@pytest.mark.parametrize("kind", ["settings", "paragraph"])
def test_a_parsed_settings_page_or_paragraph_has_no_such_rows(parser, kind):
    els = parser.parse(np.asarray(draw_list(kind))).elements
    assert not any("\n" in str(n) for n in els.name)
    if kind == "settings":       # each switch is named by its row's title (`labels` rule 3)
        assert [str(els.name[i]) for i in range(len(els)) if els.role[i] == "switch"] == [t for t, _ in APPS]
