"""Disclosure triangles: a caret before a row's label says whether the row is expanded."""
from __future__ import annotations

import numpy as np
import pytest

from detact.semantics.disclosure import disclosures, lone_expanders, materia_closed, stacked_up, without_unfounded_expanded

# a tree: expander glyphs 10 px wide at x 20, labels from x 36, rows 24 px apart
CASES = [  # id, elements (kind, box, label), scale, want (glyph, label, open, button)
    ("open and closed rows",
     [("icon", (20, 10, 30, 20), "caret down"), ("text", (36, 6, 120, 24), ""),
      ("icon", (20, 34, 30, 44), "caret right"), ("text", (36, 30, 100, 48), "")],
     1.0, [(0, 1, True, True), (2, 3, False, True)]),
    ("chevrons at scale 2",
     [("icon", (40, 20, 60, 40), "chevron down"), ("text", (72, 12, 240, 48), "")],
     2.0, [(0, 1, True, True)]),
    ("a separator between two folders is no expander",
     [("text", (0, 6, 60, 24), ""), ("icon", (66, 10, 76, 20), "chevron right"), ("text", (82, 6, 150, 24), "")],
     1.0, [(1, 2, False, False)]),
    ("an expander after another one's label stands clear of it and close to its own",
     [("text", (0, 6, 60, 24), ""), ("icon", (76, 10, 82, 20), "caret right"), ("text", (87, 6, 150, 24), "")],
     1.0, [(1, 2, False, True)]),
    ("a caret up before a label is an open expander",
     [("icon", (20, 10, 30, 16), "caret up"), ("text", (36, 6, 120, 24), "")],
     1.0, [(0, 1, True, True)]),
    ("a drop-down arrow after its value heads nothing",
     [("text", (10, 6, 80, 24), ""), ("icon", (84, 10, 94, 16), "caret down")],
     1.0, []),
    ("a label too far from the glyph",
     [("icon", (20, 10, 30, 20), "caret down"), ("text", (60, 6, 120, 24), "")],
     1.0, []),
    ("an icon between the glyph and the label",
     [("icon", (20, 10, 30, 20), "caret right"), ("icon", (32, 8, 38, 22), "folder"), ("text", (40, 6, 120, 24), "")],
     1.0, []),
    ("a glyph too big for a triangle",
     [("icon", (20, 4, 48, 32), "caret down"), ("text", (52, 6, 120, 24), "")],
     1.0, []),
    ("another icon function",
     [("icon", (20, 10, 30, 20), "play"), ("text", (36, 6, 120, 24), "")],
     1.0, []),
    # a 2048 px capture of a scale-2 screen the text sizes did not tell: the glyph is 24 px
    # tall, its label 33
    ("a scale-2 triangle on a screen taken at scale 1",
     [("icon", (213, 420, 226, 444), "caret right"), ("text", (236, 417, 324, 450), "")],
     1.0, [(0, 1, False, True)]),
]


@pytest.mark.parametrize("elements,scale,want", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_disclosures(elements, scale, want):
    kind = np.array([k for k, _, _ in elements], dtype=object)
    xyxy = np.array([b for _, b, _ in elements], np.float32)
    labels = np.array([lab for _, _, lab in elements], dtype=object)
    glyphs, heads, opened, buttons = disclosures(kind, xyxy, labels, scale)
    got = list(zip(glyphs.tolist(), heads.tolist(), opened.tolist(), buttons.tolist()))
    assert got == want


LONE = [  # id, elements (kind, box), glyphs, heads, want
    ("an expander over a form, its check box under the triangle",
     [("icon", (20, 10, 30, 20)), ("text", (36, 6, 160, 24)), ("icon", (20, 40, 34, 54)), ("text", (44, 38, 200, 56))],
     [0], [1], [True]),
    ("an open tree row, its children a step in under it",
     [("icon", (20, 10, 30, 20)), ("text", (36, 6, 120, 24)), ("text", (60, 30, 100, 48)), ("text", (60, 54, 130, 72))],
     [0], [1], [False]),
    ("a tree's rows: a sibling starts level with the label",
     [("icon", (20, 10, 30, 20)), ("text", (36, 6, 120, 24)), ("text", (36, 54, 100, 72))],
     [0], [1], [False]),
    ("a tree's rows: another triangle in the glyph's column",
     [("icon", (20, 10, 30, 20)), ("text", (36, 6, 120, 24)), ("icon", (20, 34, 30, 44)), ("text", (36, 30, 100, 48))],
     [0, 2], [1, 3], [False, False]),
    ("an open tree row whose one child opens too, a step in under it",
     [("icon", (20, 10, 30, 20)), ("text", (36, 6, 120, 24)), ("icon", (38, 34, 48, 44)), ("text", (54, 30, 110, 48)),
      ("text", (72, 54, 150, 72))],
     [0, 2], [1, 3], [False, False]),
    ("expanders side by side on one row (qalculate's)",
     [("icon", (20, 10, 30, 20)), ("text", (36, 6, 100, 24)), ("icon", (130, 10, 140, 20)), ("text", (146, 6, 210, 24))],
     [0, 2], [1, 3], [True, True]),
]


@pytest.mark.parametrize("elements,glyphs,heads,want", [c[1:] for c in LONE], ids=[c[0] for c in LONE])
def test_lone_expanders(elements, glyphs, heads, want):
    kind = np.array([k for k, _ in elements], dtype=object)
    xyxy = np.array([b for _, b in elements], np.float32)
    assert lone_expanders(kind, xyxy, np.array(glyphs), np.array(heads)).tolist() == want


def test_a_drawn_expander_alone_is_a_toggle_button_round_its_triangle(parser):
    """A GtkExpander ("Advanced options" under an open triangle) over a check box and a field:
    accessibility trees call it a toggle button, the triangle its own, expanded."""
    from PIL import Image, ImageDraw

    from conftest import font
    img = Image.new("RGB", (700, 400), (246, 245, 244))
    d = ImageDraw.Draw(img)
    d.polygon([(30, 46), (40, 46), (35, 52)], fill=(60, 60, 60))
    d.text((48, 40), "Advanced options", fill=(30, 30, 30), font=font(15))
    d.rectangle((30, 80, 44, 94), fill="white", outline=(140, 140, 140))
    d.text((54, 78), "Keep a backup copy", fill=(30, 30, 30), font=font(15))
    els = parser.parse(np.asarray(img)).elements
    heads = [i for i in range(len(els)) if str(els.text[i]) == "Advanced options"]
    assert len(heads) == 1, [(els.kind[i], els.role[i], els.text[i]) for i in range(len(els))]
    head = heads[0]
    assert els.role[head] == "button" and {"expanded", "checked"} <= set(els.states[head]), \
        (els.role[head], els.states[head])
    assert els.xyxy[head, 0] <= 31, els.xyxy[head].tolist()
    glyphs = [i for i in range(len(els)) if els.parent[i] == els.id[head]]
    assert [els.role[i] for i in glyphs] == ["icon"], [(els.role[i], els.label[i]) for i in glyphs]


@pytest.mark.parametrize("labels,lone,want", [
    # Materia: the open one points up, so the lone ones pointing down are closed
    (["caret up", "caret down", "caret down"], [True, True, True], [False, True, True]),
    # Adwaita: none points up, down is open
    (["caret down", "caret right", "caret right"], [True, True, True], [False, False, False]),
    # a tree's row pointing down is no lone expander's
    (["caret up", "caret down"], [True, False], [False, False]),
])
def test_materia_points_closed_expanders_down(labels, lone, want):
    got = materia_closed(np.array(labels, dtype=object), np.arange(len(labels)), np.array(lone))
    assert got.tolist() == want


def drawn_expanders(theme: str) -> np.ndarray:
    """qalculate's row of three expanders, "Keypad" open: Adwaita points the open one down and
    the closed ones right, Materia the open one up and the closed ones down; each label 4 px
    after its triangle, 15 px after the label before."""
    from PIL import Image, ImageDraw

    from conftest import font
    img = Image.new("RGB", (700, 160), (250, 250, 250))
    d = ImageDraw.Draw(img)
    x = 30
    for k, label in enumerate(("Keypad", "History", "Conversion")):
        if theme == "materia":
            tri = [(x, 58), (x + 12, 58), (x + 6, 52)] if k == 0 else [(x, 52), (x + 12, 52), (x + 6, 58)]
        else:
            tri = [(x, 52), (x + 12, 52), (x + 6, 58)] if k == 0 else [(x + 1, 49), (x + 7, 55), (x + 1, 61)]
        w = max(p[0] for p in tri) - x
        d.polygon(tri, fill=(50, 50, 50))
        d.text((x + w + 4, 55), label, fill=(30, 30, 30), font=font(15), anchor="lm")
        x += w + 4 + int(d.textlength(label, font=font(15))) + 15
    return np.asarray(img)


@pytest.mark.parametrize("theme", ["adwaita", "materia"])
def test_drawn_expanders_say_which_is_open_in_either_theme(parser, theme):
    els = parser.parse(drawn_expanders(theme)).elements
    heads = {str(els.text[i]): i for i in range(len(els)) if els.kind[i] == "text"}
    assert {"Keypad", "History", "Conversion"} <= set(heads), heads
    for label, opened in (("Keypad", True), ("History", False), ("Conversion", False)):
        i = heads[label]
        assert els.role[i] == "button", (label, els.role[i])
        assert ("checked" in els.states[i]) is opened and ("expanded" in els.states[i]) is opened, \
            (label, els.states[i])
        glyphs = [j for j in range(len(els)) if els.parent[j] == els.id[i]]
        assert [els.role[j] for j in glyphs] == ["icon"], (label, [(els.role[j], els.label[j]) for j in glyphs])


def test_expanded_stays_only_where_a_popup_may_be_open():
    states = [("expanded",), ("expanded", "focused"), ("expanded",), ("selected",), ("expanded",)]
    roles = np.array(["text", "listitem", "combobox", "listitem", "button"], dtype=object)
    assert without_unfounded_expanded(states, roles) == [(), ("focused",), ("expanded",), ("selected",), ("expanded",)]


def drawn_tree() -> tuple[np.ndarray, list[tuple[str, bool | None]]]:
    """A file tree: top rows with a triangle before them (down: open, right: closed), their
    children indented without one. Returns the image and each row's (label, open or None)."""
    from PIL import Image, ImageDraw

    from conftest import font
    rows = [("Documents", True, 0), ("Projects", None, 1), ("Reports", None, 1), ("Music", False, 0),
            ("Pictures", True, 0), ("Holidays", None, 1)]
    img = Image.new("RGB", (700, 400), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    for k, (label, opened, depth) in enumerate(rows):
        x, y = 30 + 24 * depth, 40 + 28 * k
        if opened is True:
            draw.polygon([(x, y + 6), (x + 10, y + 6), (x + 5, y + 12)], fill=(80, 80, 80))
        elif opened is False:
            draw.polygon([(x + 2, y + 3), (x + 8, y + 9), (x + 2, y + 15)], fill=(80, 80, 80))
        draw.text((x + 18, y), label, fill=(30, 30, 30), font=font(15))
    return np.asarray(img), [(label, opened) for label, opened, _ in rows]


def test_a_drawn_tree_says_which_rows_are_expanded(parser):
    rgb, rows = drawn_tree()
    els = parser.parse(rgb).elements
    texts = {str(els.text[i]): i for i in range(len(els)) if els.kind[i] == "text"}
    assert {label for label, _ in rows} <= set(texts), texts
    for label, opened in rows:
        assert ("expanded" in els.states[texts[label]]) is bool(opened), (label, els.states[texts[label]])
    expanders = {str(els.name[i]): i for i in range(len(els)) if els.kind[i] == "icon"}
    assert set(expanders) == {label for label, opened in rows if opened is not None}, expanders
    for label, opened in rows:
        if opened is not None:
            i = expanders[label]
            assert els.role[i] == "button" and ("expanded" in els.states[i]) is opened
            # a toggle pressed in when open (a sidebar's section toggle), never "pressed" by the
            # classifier's guess
            assert ("checked" in els.states[i]) is opened and "pressed" not in els.states[i]
            assert els.label[i] == ("collapse" if opened else "expand")


@pytest.mark.parametrize("case, boxes, labels, expanders, want", [
    ("two sections down a sidebar", [[13, 78, 23, 89], [13, 133, 23, 144]], ["caret up", "caret up"], [True, True],
     [True, True]),
    ("one alone (a column header's sort arrow)", [[13, 78, 23, 89]], ["caret up"], [True], [False]),
    ("two on one row", [[13, 78, 23, 89], [200, 78, 210, 89]], ["caret up", "caret up"], [True, True], [False, False]),
    ("in different columns", [[13, 78, 23, 89], [60, 133, 70, 144]], ["caret up", "caret up"], [True, True],
     [False, False]),
    ("one points down", [[13, 78, 23, 89], [13, 133, 23, 144]], ["caret up", "caret down"], [True, True],
     [False, False]),
    ("a separator is no expander", [[13, 78, 23, 89], [13, 133, 23, 144]], ["caret up", "caret up"], [True, False],
     [False, False]),
])
def test_stacked_up(case, boxes, labels, expanders, want):
    got = stacked_up(np.array(boxes), np.array(labels, dtype=object), np.arange(len(boxes)), np.array(expanders))
    assert got.tolist() == want, case
