"""The rules of the semantics stage on drawn layouts, table driven: compound candidates
(`detact.semantics.compounds`), names and values (`labels`), containers and parents (`tree`),
roles shared along a line (`siblings`), labels centred on plates (`plates`), tracks with a
knob (`sliders`). Roles are given as
the classifier would give them; these tests check what follows from them."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from detact.elements import Elements
from detact.semantics.compounds import (compound_candidates, dropdown_rows, empty_fields, entries_in_combos,
                                        entries_with_arrow, fields_around_icons, icon_led, linked_buttons,
                                        placeholder_compounds, placeholder_fields, plate_combos, plate_frames,
                                        spin_buttons, stepper_rows, text_plates, value_texts)
from detact.semantics.labels import assign_names
from detact.semantics.plates import centred_labels, icon_label_plates, label_plates, stretched_link_plates
from detact.semantics.roles import action_icons, box_state, control_glyphs, glyphs_read_as_letters, link_texts
from detact.semantics.sliders import is_slider_track, slider_tracks
from detact.semantics.siblings import (ACCELERATOR, GLYPH_LINE_ROLES, checkable_cells, harmonised_glyphs, harmonised_roles,
                                      keypad_keys, list_row_icons, menu_bar_rows, menu_columns, menu_glyphs,
                                      toolbar_icons)
from detact.semantics.tabs import tab_rows
from detact.semantics.tree import build_tree


def layout(*items) -> Elements:
    """Elements from (box, kind, text, role[, label]) tuples, numbered 0..N-1."""
    return Elements([it[0] for it in items], [it[1] for it in items], [it[2] for it in items],
                    [it[4] if len(it) > 4 else "" for it in items],
                    role=[it[3] for it in items]).numbered()


# ---------------------------------------------------------------- compound candidates

@pytest.mark.parametrize("groups, leaves, expected", [
    # a combo box: value and arrow on one line inside a 32 px frame
    ([[100, 10, 260, 42]], [([110, 18, 170, 34], "text"), ([236, 20, 250, 32], "icon")], [[100, 10, 260, 42]]),
    # a panel with two lines of text is no compound control
    ([[0, 0, 400, 90]], [([10, 10, 200, 30], "text"), ([10, 50, 200, 70], "text")], []),
    # a frame far taller than its parts (a card) is no control either
    ([[0, 0, 300, 120]], [([10, 10, 100, 26], "text"), ([120, 10, 200, 26], "text")], []),
    # five parts: a toolbar, not one control
    ([[0, 0, 400, 40]], [([10 + 70 * i, 10, 60 + 70 * i, 30], "text") for i in range(5)], []),
])
def test_compound_candidates(groups, leaves, expected):
    els = Elements([b for b, _ in leaves], [k for _, k in leaves], ["x"] * len(leaves))
    found, counts, parts = compound_candidates(els, np.array(groups, np.int32))
    assert found.xyxy.tolist() == expected
    assert (found.frame == found.xyxy).all() and all(len(p) == c for p, c in zip(parts, counts))


@pytest.mark.parametrize("parts, is_entry", [
    ([([110, 18, 200, 34], "text", ""), ([236, 20, 250, 32], "icon", "caret down")], True),   # GTK combo box entry
    ([([236, 20, 250, 32], "icon", "chevron down")], True),                                   # ... empty
    ([([110, 18, 200, 34], "text", ""), ([236, 20, 250, 32], "icon", "search")], False),      # a search field
    ([([110, 18, 150, 34], "icon", "caret down"), ([160, 18, 250, 34], "text", "")], False),  # arrow first: a menu button
    ([([110, 18, 200, 34], "text", ""), ([150, 20, 164, 32], "icon", "caret down")], False),  # arrow far from the right end
    ([([110, 18, 150, 34], "text", ""), ([160, 18, 200, 34], "text", ""),
      ([236, 20, 250, 32], "icon", "caret down")], False),                                    # two texts: not one field
])
def test_entries_with_arrow(parts, is_entry):
    els = Elements([b for b, _, _ in parts], [k for _, k, _ in parts], ["x" if k == "text" else "" for _, k, _ in parts],
                   [lab for _, _, lab in parts])
    frame = np.array([[100, 10, 260, 42]], np.int32)
    assert entries_with_arrow(els, frame, [np.arange(len(parts))]).tolist() == ([0] if is_entry else [])


@pytest.mark.parametrize("parts, led", [
    # GTK's file chooser button: a folder, the folder's name, the arrow
    ([([110, 18, 126, 34], "icon", "folder"), ([132, 18, 220, 34], "text", ""), ([236, 20, 250, 32], "icon", "caret down")],
     True),
    # a menu button: its label and arrow, or its icon and arrow
    ([([132, 18, 220, 34], "text", ""), ([236, 20, 250, 32], "icon", "caret down")], False),
    ([([110, 18, 126, 34], "icon", "open"), ([236, 20, 250, 32], "icon", "caret down")], False),
    # two arrows and a text: no icon before the value
    ([([110, 18, 126, 34], "icon", "caret down"), ([132, 18, 220, 34], "text", ""), ([236, 20, 250, 32], "icon", "caret down")],
     False),
])
def test_icon_led(parts, led):
    els = Elements([b for b, _, _ in parts], [k for _, k, _ in parts], ["home" if k == "text" else "" for _, k, _ in parts],
                   [lab for _, _, lab in parts])
    assert icon_led(els, [np.arange(len(parts))], np.array([0])).tolist() == [led]


@pytest.mark.parametrize("parts, frame, is_spin", [
    # GTK's spin button: the value, a faint "-" not found, the "+" at the right end
    ([([110, 18, 130, 34], "text", "0", ""), ([236, 18, 252, 34], "icon", "", "add")], [100, 10, 260, 42], True),
    ([([110, 18, 130, 34], "text", "12", ""), ([200, 18, 214, 34], "icon", "", "remove"),
      ([236, 18, 252, 34], "text", "+", "")], [100, 10, 260, 42], True),                   # "+" read as text
    # a bare "+" the icon stage matched to a theme's "tab-new" icon (HighContrast's)
    ([([110, 18, 130, 34], "text", "80", ""), ([200, 24, 214, 27], "icon", "", "remove"),
      ([236, 18, 252, 34], "icon", "", "new tab")], [100, 10, 260, 42], True),
    # a "+" button alone, or a square frame: no spin box
    ([([236, 18, 252, 34], "icon", "", "add")], [226, 10, 260, 42], False),
    # the "+" is not at the right end, or two texts before it
    ([([110, 18, 130, 34], "text", "0", ""), ([150, 18, 166, 34], "icon", "", "add")], [100, 10, 260, 42], False),
    ([([110, 18, 150, 34], "text", "Tags", ""), ([160, 18, 200, 34], "text", "work", ""),
      ([236, 18, 252, 34], "icon", "", "add")], [100, 10, 260, 42], False),
    # an arrow at the end: that is a combo box
    ([([110, 18, 130, 34], "text", "0", ""), ([236, 18, 252, 34], "icon", "", "caret down")], [100, 10, 260, 42], False),
])
def test_spin_buttons(parts, frame, is_spin):
    els = Elements([b for b, _, _, _ in parts], [k for _, k, _, _ in parts], [t for _, _, t, _ in parts],
                   [lab for _, _, _, lab in parts])
    assert spin_buttons(els, np.array([frame], np.int32), [np.arange(len(parts))]).tolist() == ([0] if is_spin else [])


def _framed_value(mark: str, scale: int = 1, value: str = "Default") -> tuple[np.ndarray, Elements]:
    """A 1x or 2x drawn frame around a word with ``mark`` at its right end: "chevron" (a
    combo box's), "triangle", "right" (a "next" chevron, taller than wide), "updown" (a spin
    box's two arrows), "ruled updown" (the two arrows in a column of their own, a rule before
    it: Qt's spin box), "split updown" (that column split in two by a rule: Qt's Cleanlooks) or
    "" (a plain button). Returns the image and its framed text element."""
    from PIL import Image, ImageDraw
    s = scale
    img = Image.new("RGB", (400 * s, 80 * s), (255, 255, 255))
    d = ImageDraw.Draw(img)
    frame = [100 * s, 20 * s, 252 * s, 48 * s]
    d.rectangle(frame, outline=(25, 103, 210), width=s)
    d.rectangle([148 * s, 28 * s, 193 * s, 40 * s], fill=(25, 103, 210))        # the word's ink
    cx, cy = 238 * s, 34 * s
    if mark == "chevron":
        d.line([(cx - 5 * s, cy - 3 * s), (cx, cy + 2 * s), (cx + 5 * s, cy - 3 * s)], fill=(25, 103, 210), width=2 * s)
    elif mark == "triangle":
        d.polygon([(cx - 5 * s, cy - 3 * s), (cx + 5 * s, cy - 3 * s), (cx, cy + 3 * s)], fill=(60, 60, 60))
    elif mark == "right":
        d.line([(cx - 2 * s, cy - 5 * s), (cx + 2 * s, cy), (cx - 2 * s, cy + 5 * s)], fill=(60, 60, 60), width=2 * s)
    elif mark in ("updown", "ruled updown", "split updown"):
        if mark in ("ruled updown", "split updown"):
            d.line([(226 * s, 21 * s), (226 * s, 47 * s)], fill=(25, 103, 210), width=s)
        if mark == "split updown":                  # Qt's Cleanlooks: a rule between the two buttons
            d.line([(227 * s, 34 * s), (251 * s, 34 * s)], fill=(25, 103, 210), width=s)
        d.polygon([(cx - 4 * s, cy - 2 * s), (cx + 4 * s, cy - 2 * s), (cx, cy - 7 * s)], fill=(60, 60, 60))
        d.polygon([(cx - 4 * s, cy + 2 * s), (cx + 4 * s, cy + 2 * s), (cx, cy + 7 * s)], fill=(60, 60, 60))
    els = Elements([[146 * s, 25 * s, 195 * s, 43 * s]], ["text"], [value], frame=[frame])
    return np.asarray(img), els


@pytest.mark.parametrize("mark, scale, is_dropdown", [
    ("chevron", 1, True), ("chevron", 2, True), ("triangle", 1, True),
    ("", 1, False), ("right", 1, False),
    # a select's up and down arrows beside a word; beside a number they are a spin box's
    ("updown", 1, True), ("updown", 2, True), (("updown", "12"), 1, False), (("updown", "0.5 s"), 1, False),
    (("chevron", "12"), 1, True),
    # ... in a column of their own, a rule before them: a spin box's, whatever the value reads
    ("ruled updown", 1, False), ("ruled updown", 2, False),
])
def test_dropdown_arrow_makes_a_framed_value_a_combo_box(mark, scale, is_dropdown):
    mark, value = mark if isinstance(mark, tuple) else (mark, "Default")
    rgb, els = _framed_value(mark, scale, value)
    assert dropdown_rows(rgb, els).tolist() == ([0] if is_dropdown else [])
    # unframed text is never one
    assert dropdown_rows(rgb, els.with_(frame=np.full((1, 4), -1, np.int32))).tolist() == []
    # a key far taller than its label with a menu arrow (a calculator's split key) is none
    key = els.with_(xyxy=np.array([[146 * scale, 33 * scale, 195 * scale, 43 * scale]], np.int32))
    assert dropdown_rows(rgb, key).tolist() == []


@pytest.mark.parametrize("mark, value, is_stepper", [
    ("updown", "12", True), ("updown", "0.5 s", True),
    ("updown", "Default", False),                  # a select's arrows beside a word
    ("ruled updown", "None", True), ("ruled updown", "12", True),   # Qt's special value: a word
    ("split updown", "5000 ms", True), ("split updown", "None", True),
    ("chevron", "12", False), ("", "12", False),
])
def test_stepper_arrows_make_a_framed_value_a_spin_box(mark, value, is_stepper):
    for scale in (1, 2):
        rgb, els = _framed_value(mark, scale, value)
        assert stepper_rows(rgb, els).tolist() == ([0] if is_stepper else [])


@pytest.mark.parametrize("grow", [2, 3, 4])
def test_a_frames_own_border_is_no_steppers_rule(grow):
    # the segmenter's box may take in the frame's right border a few px in from its end (Qt's
    # spin box at scale 2): the rule before the arrows is still the only divider
    from detact.semantics.compounds import stepper_divider
    for mark, divided in (("ruled updown", True), ("updown", False)):
        rgb, els = _framed_value(mark, 2, "None")
        frame = els.frame[0].astype(np.int64) + np.array([0, 0, grow, 0])
        assert stepper_divider(rgb, frame, els.xyxy[0]) is divided, (mark, grow)


def _combo_picture(divider: str, scale: int = 1) -> tuple[np.ndarray, Elements, dict]:
    """A drawn combo box: a frame around a value and a drop-down arrow, with ``divider`` "rule"
    (a 1 px line before the arrow: GTK's combo box entry), "plate" (the arrow on a grey button
    plate) or "" (value and arrow on one plate). Returns the image, its elements (combo box,
    value, arrow) and the parts map."""
    from PIL import Image, ImageDraw
    s = scale
    img = Image.new("RGB", (400 * s, 80 * s), (246, 245, 244))
    d = ImageDraw.Draw(img)
    frame = [100 * s, 20 * s, 300 * s, 54 * s]
    d.rectangle(frame, fill=(255, 255, 255), outline=(180, 175, 170), width=s)
    if divider == "plate":
        d.rectangle([262 * s, 21 * s, 299 * s, 53 * s], fill=(225, 222, 219))
    elif divider == "rule":
        d.line([(262 * s, 21 * s), (262 * s, 53 * s)], fill=(180, 175, 170), width=s)
    d.rectangle([110 * s, 30 * s, 190 * s, 44 * s], fill=(40, 40, 40))          # the value's ink
    d.polygon([(275 * s, 34 * s), (287 * s, 34 * s), (281 * s, 40 * s)], fill=(40, 40, 40))
    els = Elements([frame, [108 * s, 27 * s, 192 * s, 47 * s], [274 * s, 33 * s, 288 * s, 41 * s]],
                   ["region", "text", "icon"], ["", "value", ""], ["", "", "caret down"],
                   role=["combobox", "text", "icon"]).numbered()
    return np.asarray(img), els, {0: np.array([1, 2])}


@pytest.mark.parametrize("divider, scale, end", [
    ("rule", 1, 262), ("rule", 2, 524), ("plate", 1, 262),
    ("", 1, None), ("", 2, None),
])
def test_editable_combo_box_holds_a_text_box_up_to_its_rule(divider, scale, end):
    rgb, els, parts = _combo_picture(divider, scale)
    found = entries_in_combos(rgb, els, parts)
    if end is None:
        assert found == []
    else:
        [(combo, text, box)] = found
        assert (combo, text) == (0, 1)
        assert box.tolist() == [100 * scale, 20 * scale, end, 54 * scale]
    # an empty one (its parts the arrow alone) holds one too, without a value row
    empty = entries_in_combos(rgb, els, {0: np.array([2])})
    assert [(c, t, b[2]) for c, t, b in empty] == ([] if end is None else [(0, -1, end)])
    # a combo box whose one part is its value, the arrow drawn in its frame and found by no
    # icon, holds one when a rule stands between them (Qt's editable "100 %" zoom box)
    alone = entries_in_combos(rgb, els, {0: np.array([1])})
    assert [(c, t, b[2]) for c, t, b in alone] == ([(0, 1, end)] if divider == "rule" else [])
    # a combo box whose parts are not a value or nothing, and an arrow, holds none
    assert entries_in_combos(rgb, els, {0: np.array([2, 1, 0])}) == []
    assert entries_in_combos(rgb, els.with_(role=np.array(["button", "text", "icon"], object)), parts) == []


@pytest.mark.parametrize("count, count_x, arrow, texts", [
    ("0", 320, "caret down", 1),       # transmission's filter: "All ... 0 v"
    ("O", 320, "caret down", 1),       # the same count read as a letter O
    ("128", 310, "caret down", 1),
    ("12345", 300, "caret down", 2),   # too long for a count
    ("Mono", 300, "caret down", 2),    # a word: a second name
    ("0", 200, "caret down", 2),       # far from the arrow
    ("0", 320, "close", 2),            # no drop-down arrow ends the candidate
])
def test_a_count_beside_a_drop_down_arrow_is_no_second_name(count, count_x, arrow, texts):
    els = Elements([[70, 89, 90, 109], [count_x, 93, count_x + 12, 106], [335, 95, 345, 102]],
                   ["text", "text", "icon"], ["All", count, ""], ["", "", arrow])
    assert value_texts(els, np.array([0, 1, 2])) == texts


@pytest.mark.parametrize("icon, frame, scale, is_field", [
    ([270, 18, 286, 34], [100, 10, 300, 42], 1, True),     # a search field's glass at its right end
    ([106, 18, 122, 34], [100, 10, 300, 42], 1, True),     # ... or at its left end
    ([192, 18, 208, 34], [100, 10, 300, 42], 1, False),    # an icon in the middle: no field
    ([270, 18, 286, 34], [250, 10, 300, 42], 1, False),    # an icon button's frame: not 3 times as wide
    ([62, 18, 78, 34], [0, 10, 84, 42], 1, True),          # a narrow entry (2.6x), its clear icon at one end
    ([34, 18, 50, 34], [0, 10, 84, 42], 1, False),         # ... an icon in the middle: an icon button
    ([130, 23, 150, 45], [10, 8, 180, 58], 1, True),      # a toolbar's field 50 px tall, 3.4 times as wide
    ([270, 14, 290, 38], [100, 12, 300, 40], 1, False),    # the icon nearly fills the frame's height
    ([270, 18, 286, 34], [100, 10, 300, 80], 1, False),    # a frame 70 px tall: a panel
    ([540, 36, 572, 68], [200, 20, 600, 84], 2, True),     # a field at scale 2
    ([540, 36, 572, 68], [200, 20, 600, 84], 1, False),    # ... too tall at scale 1
])
def test_an_icon_at_one_end_of_a_field_shaped_frame_is_in_a_text_field(icon, frame, scale, is_field):
    els = Elements([icon], ["icon"], [""], ["search"], frame=[frame])
    assert fields_around_icons(els, scale).tolist() == ([0] if is_field else [])
    # unframed, or a text: never
    assert fields_around_icons(els.with_(frame=np.full((1, 4), -1, np.int32)), scale).tolist() == []
    assert fields_around_icons(els.with_(kind=np.array(["text"], object)), scale).tolist() == []


def _linked_row(n: int, pressed: int | None, rules: bool = True) -> tuple[np.ndarray, Elements, np.ndarray]:
    """``n`` drawn segments 80 px wide in one 32 px frame, each with a word, a 1 px rule
    between each two when ``rules``, segment ``pressed`` on a darker plate. Returns the image,
    the words and the frame."""
    from PIL import Image, ImageDraw
    img = Image.new("RGB", (120 + 80 * n, 80), (246, 245, 244))
    d = ImageDraw.Draw(img)
    frame = [40, 20, 40 + 80 * n, 52]
    d.rectangle(frame, fill=(237, 235, 233), outline=(180, 175, 170))
    words = []
    for i in range(n):
        x = 40 + 80 * i
        if i == pressed:
            d.rectangle([x + 1, 21, x + 79, 51], fill=(200, 196, 192))
        if rules and i:
            d.line([(x, 21), (x, 51)], fill=(180, 175, 170))
        d.rectangle([x + 20, 30, x + 60, 42], fill=(40, 40, 40))
        words.append([x + 18, 27, x + 62, 45])
    els = Elements(words, ["text"] * n, [f"Page {i + 1}" for i in range(n)])
    return np.asarray(img), els, np.array([frame], np.int32)


@pytest.mark.parametrize("n, pressed, rules, role, expected", [
    (3, 1, True, "group", (True, 1)),      # a stack switcher: radios, the darker one checked
    (3, None, True, "group", (True, -1)),  # plates alike: linked buttons
    (2, 0, True, "group", (True, 0)),      # two segments: the darker one pressed (a toggle pair)
    (2, None, True, "group", (True, -1)),  # ... none when their plates are alike ("Previous | Next")
    (3, None, False, "group", (False, -1)),  # no rules between the parts: not linked
    (3, 1, False, "group", (True, 1)),      # ... unless a pressed plate's edges divide them
    (3, 1, True, "combobox", (False, -1)), # a field with parts is no row of buttons
])
def test_linked_buttons(n, pressed, rules, role, expected):
    rgb, els, frame = _linked_row(n, pressed, rules)
    found = linked_buttons(rgb, els, frame, [np.arange(n)], np.array([role], object))
    assert (len(found) == 1, found[0][2] if found else -1) == expected
    if found:
        assert [seg.tolist() for seg in found[0][1]] == [[i] for i in range(n)]


def _framed_labels(shades: list[int], gap: int = 3, dy: int = 0, linked: bool = True) -> tuple[np.ndarray, Elements]:
    """Labels each in its own 120 x 33 frame (plates of grey ``shades``), frames ``gap`` px apart,
    the second ``dy`` px lower: gitg's "Unified | Split" as the segmenter frames it. ``linked``:
    one border round them all and a 1 px rule between each two; else a border round each."""
    rgb = np.full((120, 420, 3), 250, np.uint8)
    texts, frames = [], []
    for k, shade in enumerate(shades):
        x0, y0 = 20 + (120 + gap) * k, 40 + (dy if k else 0)
        frames.append([x0, y0, x0 + 120, y0 + 33])
    if linked:
        rgb[40:73 + dy, 20:frames[-1][2]] = 150
    for k, (shade, (x0, y0, x1, y1)) in enumerate(zip(shades, frames)):
        if not linked:
            rgb[y0:y1, x0:x1] = 150
        # linked: each plate runs on to the middle of the gap, where the shared rule stays
        left = x0 + 1 - (gap // 2 if linked and k else 0)
        right = x1 - 1 + (gap - gap // 2 - 1 if linked and k < len(shades) - 1 else 0)
        rgb[y0 + 1:y1 - 1, left:right] = shade
        texts.append([x0 + 40, y0 + 8, x0 + 80, y0 + 26])
        rgb[y0 + 10:y0 + 24, x0 + 42:x0 + 78] = 30
    els = Elements(texts, ["text"] * len(shades), ["Unified", "Split", "Other"][:len(shades)],
                   frame=np.array(frames, np.int32))
    return rgb, els


@pytest.mark.parametrize("shades, gap, dy, linked, expected", [
    ([215, 250], 3, 0, True, [([0, 1], 0)]),          # a toggle pair, the first pressed
    ([250, 250], 3, 0, True, [([0, 1], -1)]),         # plates alike: linked push buttons
    ([250, 250, 215], 3, 0, True, [([0, 1, 2], 2)]),  # three, the last pressed
    ([215, 250], 3, 0, False, []),                    # a border each, the window between: apart
    ([215, 250], 12, 0, True, []),                    # frames 12 px apart: two buttons
    ([215, 250], 3, 5, True, []),                     # not on one line
])
def test_labels_framed_apart_with_abutting_frames_are_linked(shades, gap, dy, linked, expected):
    from detact.semantics.compounds import linked_frames

    rgb, els = _framed_labels(shades, gap, dy, linked)
    found = linked_frames(rgb, els, np.array(["button"] * len(els), object))
    assert [(rows.tolist(), odd) for rows, odd in found] == expected


@pytest.mark.parametrize("colour, odd", [
    ((82, 148, 226), 0),        # Arc's accent blue on the selected segment: pressed
    ((51, 209, 122), 0),        # a green accent
    ((224, 27, 36), -1),        # a destructive action's red: no pressed toggle
])
def test_a_strongly_coloured_linked_plate_is_pressed_unless_red(colour, odd):
    from detact.semantics.compounds import linked_frames

    rgb, els = _framed_labels([250, 250])
    x0, y0, x1, y1 = els.frame[0]
    plate = rgb[y0 + 1:y1 - 1, x0 + 1:x1 - 1]
    plate[plate != 30] = 0                                   # keep the label's ink, recolour the plate
    rgb[y0 + 1:y1 - 1, x0 + 1:x1 - 1] = np.where(plate.any(axis=2, keepdims=True), 30, np.array(colour, np.uint8))
    found = linked_frames(rgb, els, np.array(["button"] * len(els), object))
    assert [(rows.tolist(), o) for rows, o in found] == [([0, 1], odd)]


@pytest.mark.parametrize("icons, frame_h, is_search", [
    ([("search", 10)], 34, True),                       # a magnifier before the query
    ([("find", 10), ("clear", 144)], 34, True),         # ... and a clear button after it
    ([("clear", 144)], 34, True),
    ([("search", 10), ("star", 144)], 34, False),       # another glyph: no field's
    ([("search", 10)], 80, False),                      # a panel, not a field
])
def test_a_frame_round_a_query_between_field_glyphs_is_a_search_field(icons, frame_h, is_search):
    from detact.semantics.roles import search_fields

    items = [([30, 8, 80, 26], "text", "report", "")] + [([x, 9, x + 16, 25], "icon", "", label) for label, x in icons]
    els = layout(*[(b, k, t, "text", lab) for b, k, t, lab in items])
    found = search_fields(els, np.array([[0, 0, 170, frame_h]]), [np.arange(len(items))])
    assert found.tolist() == ([0] if is_search else [])


def test_a_keypads_abutting_keys_are_no_linked_row():
    """A calculator's keys abut above and below too: a pressed-looking key makes no radios."""
    from detact.semantics.compounds import linked_frames

    rgb, els = _framed_labels([215, 250], 3, 0, True)
    below = els.xyxy + np.array([0, 36, 0, 36])
    keys = Elements(np.concatenate([els.xyxy, below]), ["text"] * 4, ["Undo", "Clear", "7", "8"],
                    frame=np.concatenate([els.frame, els.frame + np.array([0, 36, 0, 36])]).astype(np.int32))
    assert linked_frames(rgb, keys, np.array(["button"] * 4, object)) == []


# ---------------------------------------------------------------- names and values

def test_checkbox_takes_the_label_to_its_right_and_grows_over_it():
    els = layout(([20, 20, 36, 36], "region", "", "checkbox"), ([44, 19, 200, 37], "text", "Remember me", "text"),
                 ([300, 19, 400, 37], "text", "Far away", "text"))
    out = assign_names(els)
    box = out[0]
    assert box.name == "Remember me" and box.bbox == (20, 19, 200, 37)
    assert box.center == (28, 28)                    # the click stays on the box itself
    assert out[1].parent == box.id and out[2].parent == -1


def test_a_check_box_takes_its_label_before_a_field_right_of_it_could():
    # qalculate's preferences: a combo box far right, its top above the check box's row, would
    # take the check box's label for its row's title (rule 5) if it came first in reading order
    els = layout(([435, 251, 453, 269], "icon", "", "checkbox"),
                 ([454, 249, 616, 272], "text", "Use keyboard keys for RPN", "text"),
                 ([775, 232, 1013, 268], "region", "", "combobox"))
    out = assign_names(els)
    assert out[0].name == "Use keyboard keys for RPN" and out[1].parent == out[0].id
    assert out[2].name != "Use keyboard keys for RPN"


def test_the_box_of_a_check_menu_item_takes_the_items_text():
    # a check menu item's box, called a menu item by the semantics stage, is named by its item
    # (not by the icon stage's "stop" for an empty box), from its right only
    els = layout(([4, 20, 60, 36], "text", "Ctrl+I", "menuitem"), ([86, 20, 102, 36], "icon", "", "menuitem"),
                 ([105, 19, 185, 37], "text", "Invert colors", "menuitem"))
    els = els.with_(label=np.array(["", "stop", ""], dtype=object))
    out = assign_names(els)
    assert out[1].name == "Invert colors" and out[1].bbox == (86, 19, 185, 37) and out[1].center == (94, 28)
    assert out[2].parent == out[1].id
    # the rest of the item's text is taken whatever it was called ("Trim" | "margins")
    cut = layout(([86, 20, 102, 36], "icon", "", "menuitem"), ([105, 19, 136, 37], "text", "Trim", "menuitem"),
                 ([140, 19, 190, 37], "text", "margins", "listitem"))
    assert assign_names(cut)[0].name == "Trim margins"
    # a toolbar icon the classifier called a menu item takes no plain text beside it ("100%")
    plain = els.with_(role=np.array(["menuitem", "menuitem", "text"], dtype=object))
    assert assign_names(plain)[1].name == "stop" and assign_names(plain)[1].bbox == (86, 20, 102, 36)


@pytest.mark.parametrize("between, name", [
    (None, "Boolean"),                                  # a label on the box's left
    ([120, 21, 136, 37], ""),                           # another box between: a table's row
    ([110, 25, 116, 33], "Boolean"),                    # a speck between is no glyph
])
def test_a_box_takes_no_label_from_behind_another_glyph(between, name):
    items = [([20, 20, 100, 38], "text", "Boolean", "listitem"), ([150, 21, 166, 37], "icon", "", "checkbox")]
    if between:
        items.append((between, "icon", "", "listitem"))
    out = assign_names(layout(*items))
    assert out[1].name == name


@pytest.mark.parametrize("second_x0, name, x1", [
    (81, "Notify me by SMS", 157),      # the splitter cut the label where a mnemonic's underline ends
    (86, "Notify me by SMS", 162),      # a word space (5 px at h = 16) apart
    (100, "Notify", 80),                # 20 px: another label
])
def test_checkbox_label_cut_in_two_is_one_label(second_x0, name, x1):
    els = layout(([21, 166, 37, 182], "icon", "", "checkbox", "checkbox"),
                 ([39, 164, 80, 187], "text", "Notify", "text"),
                 ([second_x0, 164, second_x0 + 76, 187], "text", "me by SMS", "text"))
    box = assign_names(els)[0]
    assert box.name == name and box.bbox[2] == x1


@pytest.mark.parametrize("label_x0, named", [
    (38, True),     # a padded text box reaching 3 px into the checkbox ("| Remember me")
    (29, True),     # ... up to half the checkbox's width
    (27, False),    # further in, it starts left of the checkbox's middle: not beside it
])
def test_checkbox_label_may_overlap_its_box(label_x0, named):
    out = assign_names(layout(([20, 20, 36, 36], "icon", "", "checkbox"),
                              ([label_x0, 19, 200, 37], "text", "Remember me", "text")))
    assert (out[0].name == "Remember me") is named


def test_radio_takes_a_label_on_its_left_when_none_is_right():
    out = assign_names(layout(([10, 20, 80, 36], "text", "Small", "text"), ([86, 20, 102, 36], "region", "", "radio")))
    assert out[1].name == "Small"


@pytest.mark.parametrize("label, x1, name", [
    ("Restore tabs:", 864, "Restore tabs"),      # a Qt form's row: the label column, then the box
    ("Restore tabs:", 610, "Restore tabs"),      # 328 px off (12 heights of 28 px: 336): still the form's
    ("Restore tabs:", 560, ""),                  # further: another column's
    ("Restore tabs", 700, ""),                   # no colon: a word 238 px off is no label of it
])
def test_a_form_label_on_the_left_names_a_checkbox_that_keeps_its_box(label, x1, name):
    out = assign_names(layout(([586, 653, x1, 688], "text", label, "text"),
                              ([938, 654, 966, 682], "icon", "", "checkbox")))
    box = out[1]
    assert box.name == name
    assert box.bbox == (938, 654, 966, 682)         # the label is a widget of its own
    assert out[0].parent == -1


def test_switch_takes_the_label_far_left_on_its_row():
    out = assign_names(layout(([40, 100, 220, 118], "text", "Developer mode", "text"),
                              ([1100, 96, 1150, 122], "region", "", "switch"),
                              ([40, 140, 220, 158], "text", "Other row", "text")))
    assert out[1].name == "Developer mode" and out[1].bbox == (1100, 96, 1150, 122)


TITLE, DESCRIPTION = ([40, 90, 160, 110], "Location services"), ([41, 106, 420, 126], "Let apps use your location")


@pytest.mark.parametrize("lines, switch, name", [
    # a settings row: a title over a description, the switch centred on the two
    ([TITLE, DESCRIPTION], [900, 96, 946, 120], "Location services"),
    # ... a description of two lines, the switch centred on the three
    ([TITLE, DESCRIPTION, ([41, 122, 400, 142], "and share it with websites")], [900, 104, 946, 128],
     "Location services"),
    # a switch level with its one-line label, a heading close above: the label
    ([([40, 70, 200, 92], "Privacy"), ([40, 98, 260, 118], "Location services")], [900, 96, 946, 120],
     "Location services"),
    # a column of switch rows drawn close: each its own label, not the row's above
    ([([40, 60, 200, 80], "Wi-Fi"), ([40, 84, 200, 104], "Bluetooth")], [900, 82, 946, 106], "Bluetooth"),
])
def test_a_far_switch_under_a_settings_rows_description_takes_its_title(lines, switch, name):
    others = [([900, 58, 946, 82], "region", "", "switch")] if name == "Bluetooth" else []
    out = assign_names(layout(*[(box, "text", text, "text") for box, text in lines],
                              (switch, "region", "", "switch"), *others))
    assert out[len(lines)].name == name and out[len(lines)].bbox == tuple(switch)


@pytest.mark.parametrize("switch, label, grown", [
    ([40, 100, 74, 120], [80, 100, 200, 122], (40, 100, 200, 122)),     # label right beside: one <label>
    ([210, 100, 250, 120], [40, 100, 200, 122], (40, 100, 250, 122)),   # label 10 px to its left
    ([260, 100, 300, 120], [40, 100, 200, 122], (260, 100, 300, 120)),  # 60 px away: a settings row
])
def test_switch_grows_over_a_label_right_beside_it(switch, label, grown):
    out = assign_names(layout((label, "text", "Block pop-ups", "text"), (switch, "icon", "", "switch", "toggle")))
    sw = [e for e in out if e.role == "switch"][0]
    assert sw.name == "Block pop-ups" and sw.bbox == grown
    assert sw.center == ((switch[0] + switch[2]) // 2, (switch[1] + switch[3]) // 2)   # the click stays on it


@pytest.mark.parametrize("items, name, value", [
    # label left on the row
    ([([20, 20, 120, 38], "text", "Country:", "text"), ([140, 14, 340, 44], "region", "", "combobox")], "Country", ""),
    # label above, left-aligned
    ([([20, 10, 120, 26], "text", "Forward to", "text"), ([20, 32, 320, 62], "text", "team@example.com", "textbox")],
     "Forward to", "team@example.com"),
    # no label anywhere: a text box is named by its placeholder
    ([([400, 300, 700, 330], "text", "Search mail", "textbox")], "Search mail", "Search mail"),
    # the nearer of a left and an above label wins
    ([([20, 0, 120, 16], "text", "Far above", "text"), ([60, 60, 120, 78], "text", "Size", "text"),
      ([130, 54, 230, 84], "region", "", "spinbox")], "Size", ""),
    # a settings row: title and description on the left, the combo box at the row's right end
    # takes the title (rule 5); the description beside it is a sentence, not its label
    ([([610, 250, 805, 271], "text", "Temporarily unexpire M154 flags.", "heading"),
      ([610, 271, 1105, 291], "text", "Temporarily unexpire flags that expired as of M154. These flags", "text"),
      ([610, 290, 850, 310], "text", "Mac, Windows, Linux, ChromeOS, Android", "text"),
      ([610, 312, 799, 333], "text", "#temporary-unexpire-flags-m154", "link"),
      ([1155, 278, 1307, 306], "region", "", "combobox")], "Temporarily unexpire M154 flags.", ""),
    # ... and the block ends where a gap of more than half a line opens above its title
    ([([610, 140, 800, 160], "text", "Previous setting", "heading"), ([610, 160, 900, 180], "text", "#previous", "link"),
      ([610, 204, 805, 225], "text", "Overlay strategies", "heading"),
      ([610, 225, 1105, 245], "text", "Select strategies used to promote quads to overlays", "text"),
      ([1155, 230, 1307, 258], "region", "", "combobox")], "Overlay strategies", ""),
    # a dense property grid: each field takes the label on its own mid-line, not the grid's top
    ([([20, 10, 120, 26], "text", "Width", "text"), ([140, 8, 240, 28], "region", "", "spinbox"),
      ([20, 32, 120, 48], "text", "Height", "text"), ([140, 30, 240, 50], "region", "", "spinbox")], "Height", ""),
    # the label of a radio just above is taken: the field keeps the one on its left
    ([([140, 262, 156, 278], "region", "", "radio"), ([162, 262, 210, 280], "text", "Large", "text"),
      ([39, 318, 101, 346], "text", "Country", "text"), ([149, 314, 331, 346], "region", "", "combobox")],
     "Country", ""),
    # a menu bar's title above a toolbar's split button is no label: it keeps its icon's name
    ([([87, 4, 133, 22], "text", "Search", "menuitem"), ([93, 43, 115, 65], "icon", "", "combobox", "open")],
     "", "open"),
    # a text run read as a text box takes a form label ending in a colon on its left ...
    ([([828, 140, 925, 160], "text", "Email address:", "text"), ([934, 141, 1074, 161], "text", "a@b.org", "textbox")],
     "Email address", "a@b.org"),
    # ... but not a plain word (a calculator's key beside a misread one), nor another field's value above
    ([([828, 140, 925, 160], "text", "Email", "text"), ([934, 141, 1074, 161], "text", "a@b.org", "textbox")],
     "a@b.org", "a@b.org"),
    ([([934, 111, 1049, 135], "text", "Product manager", "textbox"),
      ([934, 141, 1074, 161], "text", "a@b.org", "textbox")], "a@b.org", "a@b.org"),
])
def test_fields_take_their_label_left_or_above(items, name, value):
    out = assign_names(layout(*items))
    field = out[len(items) - 1]
    assert (field.name, field.value) == (name, value)


def test_a_label_names_one_field_the_one_on_its_row_first():
    # the page test's rows: "Country" on the combo box's row, an entry's placeholder right
    # under it; the entry (a leaf, listed before the compound) must not take "Country"
    els = layout(([149, 314, 331, 346], "region", "", "combobox"), ([39, 318, 101, 346], "text", "Country", "text"),
                 ([43, 378, 141, 402], "text", "Email address", "textbox"))
    out = assign_names(els)
    assert out[0].name == "Country"
    assert (out[2].name, out[2].value) == ("Email address", "Email address")


def test_a_controls_own_text_labels_no_other_control():
    # a combo box's value right above a text box is no label of the text box
    els = layout(([930, 110, 1345, 133], "region", "", "combobox"), ([934, 111, 1049, 135], "text", "Product manager", "text"),
                 ([934, 145, 1345, 168], "region", "", "textbox"))
    out = assign_names(els, parts={0: np.array([1])})
    assert out[2].name == "" and out[0].value == "Product manager"


def test_compound_control_is_named_by_its_parts_and_icon_only_by_its_icon():
    els = layout(([100, 10, 200, 42], "region", "", "button"), ([110, 18, 126, 34], "icon", "", "icon", "trash"),
                 ([130, 18, 190, 34], "text", "Delete", "text"), ([300, 10, 332, 42], "icon", "", "button", "close"))
    out = assign_names(els, parts={0: np.array([1, 2])})
    assert out[0].name == "Delete" and out[3].name == "close" and out[1].name == "trash"


# ---------------------------------------------------------------- containers and parents

@pytest.mark.parametrize("children, box, role", [
    ([([10 + 40 * i, 10, 42 + 40 * i, 42], "icon", "", "button") for i in range(4)], [0, 0, 200, 50], "toolbar"),
    ([([10, 10 + 30 * i, 150, 34 + 30 * i], "text", f"Item {i}", "menuitem") for i in range(4)], [0, 0, 160, 140], "menu"),
    ([([10, 10 + 30 * i, 150, 34 + 30 * i], "text", f"Row {i}", "listitem") for i in range(4)], [0, 0, 160, 140], "list"),
    ([([10, 10, 300, 30], "text", "Delete all?", "text"), ([20, 300, 100, 330], "text", "OK", "button")],
     [0, 0, 600, 340], "dialog"),
    ([([10, 10, 300, 30], "text", "Some text", "text"), ([10, 40, 300, 60], "text", "More", "text")],
     [0, 0, 320, 70], "group"),
])
def test_container_roles(children, box, role):
    els = layout(*children)
    out, containers = build_tree(els, np.array([box], np.int32), 1000, 1000, first_id=len(els))
    assert containers.role.tolist() == [role]
    assert (out.parent == containers.id[0]).all()


def test_menu_bar_from_a_row_of_menu_items_and_nesting():
    items = [([10 + 60 * i, 5, 60 + 60 * i, 25], "text", w, "menuitem") for i, w in enumerate(["File", "Edit", "View"])]
    items.append(([20, 100, 60, 120], "text", "Inside", "text"))
    els = layout(*items)
    out, containers = build_tree(els, np.array([[0, 80, 300, 200], [10, 90, 100, 130]], np.int32), 1000, 1000,
                                 first_id=len(els))
    by_box = {c.bbox: c for c in containers}
    bar, inner, outer = by_box[(10, 5, 180, 25)], by_box[(10, 90, 100, 130)], by_box[(0, 80, 300, 200)]
    assert (bar.role, inner.role, outer.role) == ("menubar", "group", "group")
    assert out[3].parent == inner.id and inner.parent == outer.id and outer.parent == -1
    assert all(out[i].parent == bar.id for i in range(3))


# ---------------------------------------------------------------- siblings share a role

def menu_column(n: int, x: int = 40, top: int = 100, h: int = 18, pitch: int = 27) -> list[list[int]]:
    """``n`` menu entries stacked like a GTK menu: left-aligned, one row every ``pitch`` px."""
    return [[x, top + k * pitch, x + 60 + 9 * k, top + k * pitch + h] for k in range(n)]


def menu_bar(n: int, y: int = 5, h: int = 20) -> list[list[int]]:
    """``n`` menu titles on one line, 14 px apart."""
    boxes, x = [], 7
    for k in range(n):
        boxes.append([x, y, x + 30 + 4 * k, y + h])
        x = boxes[-1][2] + 14
    return boxes


@pytest.mark.parametrize("boxes, roles, expected", [
    # an open menu read as items, list items and text: all menu items
    (menu_column(5), ["menuitem", "listitem", "menuitem", "text", "menuitem"], ["menuitem"] * 5),
    # a menu bar with two titles read as text
    (menu_bar(5), ["menuitem", "text", "menuitem", "menuitem", "text"], ["menuitem"] * 5),
    # ... and its first title read as a button (qps's "Command"); a button on its row far
    # past its end stays one
    (menu_bar(4), ["button", "menuitem", "menuitem", "menuitem"], ["menuitem"] * 4),
    (menu_bar(4) + [[600, 5, 660, 25]], ["button", "menuitem", "menuitem", "menuitem", "button"],
     ["menuitem"] * 4 + ["button"]),
    # ... but buttons beside a menu's column are no part of it
    (menu_column(3) + [[130, 100, 190, 118]], ["menuitem"] * 3 + ["button"], ["menuitem"] * 3 + ["button"]),
    # ... nor do buttons join a row that menu items do not win
    (menu_bar(4), ["button", "tab", "menuitem", "tab"], ["button", "tab", "tab", "tab"]),
    # half the line is enough; ties go by name
    (menu_bar(4), ["tab", "text", "tab", "link"], ["tab"] * 4),
    (menu_bar(4), ["tab", "link", "tab", "link"], ["link"] * 4),
    # plain text never wins: a column of labels with list items among them stays as it is
    (menu_column(4), ["text", "text", "text", "listitem"], ["text", "text", "text", "listitem"]),
    # a check box below a menu column keeps its role and does not vote
    (menu_column(4), ["menuitem", "text", "menuitem", "checkbox"], ["menuitem", "menuitem", "menuitem", "checkbox"]),
    # two entries are no line
    (menu_column(2), ["menuitem", "text"], ["menuitem", "text"]),
    # a gap wider than three heights ends a row: two rows of two, no line
    (menu_bar(2) + [[b[0] + 400, b[1], b[2] + 400, b[3]] for b in menu_bar(2)],
     ["menuitem", "text", "menuitem", "text"], ["menuitem", "text", "menuitem", "text"]),
    # runs of other heights are not siblings: a title above a menu column
    ([[40, 60, 200, 90]] + menu_column(3), ["text", "menuitem", "text", "menuitem"],
     ["text", "menuitem", "menuitem", "menuitem"]),
    # a column whose left edges are 10 px apart is no column
    ([[40, 100, 120, 118], [50, 127, 130, 145], [40, 154, 120, 172]], ["menuitem", "text", "menuitem"],
     ["menuitem", "text", "menuitem"]),
    # a list's rows read as boxes 24 and 17 px tall ("Lepcha", "Linear A": no descenders): one column
    ([[4, 128, 55, 152], [4, 156, 50, 180], [5, 185, 63, 202], [4, 208, 63, 232]],
     ["listitem", "listitem", "text", "listitem"], ["listitem"] * 4),
    # ... but a run 1.7 times shorter is no row of that column (a note under a list)
    ([[4, 128, 55, 152], [4, 156, 50, 180], [5, 186, 63, 200], [4, 208, 63, 232]],
     ["listitem", "listitem", "text", "listitem"], ["listitem", "listitem", "text", "listitem"]),
])
def test_siblings_share_a_role(boxes, roles, expected):
    got = harmonised_roles(np.array(boxes), np.array(roles, dtype=object))
    assert list(got) == expected


def test_siblings_at_scale_2_align_within_twice_the_tolerance():
    boxes = np.array(menu_column(3, h=36, pitch=54)) + np.array([[0, 0, 0, 0], [5, 0, 5, 0], [0, 0, 0, 0]])
    roles = np.array(["menuitem", "text", "menuitem"], dtype=object)
    assert list(harmonised_roles(boxes, roles, scale=1.0)) == ["menuitem", "text", "menuitem"]
    assert list(harmonised_roles(boxes, roles, scale=2.0)) == ["menuitem"] * 3


def glyph_column(roles: list[str], label: bool = True, pitch: int = 28) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A column of 16 px glyphs, each with a label 6 px to its right when ``label``: kinds,
    boxes and roles, glyphs first."""
    n = len(roles)
    glyphs = [[20, 20 + pitch * k, 36, 36 + pitch * k] for k in range(n)]
    labels = [[42, 20 + pitch * k, 140, 36 + pitch * k] for k in range(n)] if label else []
    kind = np.array(["icon"] * n + ["text"] * len(labels), dtype=object)
    return kind, np.array(glyphs + labels), np.array(list(roles) + ["text"] * len(labels), dtype=object)


@pytest.mark.parametrize("roles, label, expected", [
    # GTK's check boxes in every state: a mixed one's dash and a disabled tick read as icons
    (["checkbox", "icon", "checkbox", "spinbox"], True, ["checkbox"] * 4),
    (["radio", "radio", "icon", "group"], True, ["radio"] * 4),
    # a switch among check boxes stays a switch
    (["checkbox", "checkbox", "switch", "icon"], True, ["checkbox", "checkbox", "switch", "checkbox"]),
    # less than half, or only one, is not enough
    (["checkbox", "icon", "icon", "button", "icon"], True, ["checkbox", "icon", "icon", "button", "icon"]),
    (["checkbox", "icon", "icon"], True, ["checkbox", "icon", "icon"]),
    # glyphs without labels (a toolbar column) do not take part
    (["checkbox", "icon", "checkbox", "icon"], False, ["checkbox", "icon", "checkbox", "icon"]),
])
def test_labelled_glyphs_in_a_line_share_a_role(roles, label, expected):
    kind, boxes, all_roles = glyph_column(roles, label)
    assert list(harmonised_glyphs(kind, boxes, np.full(len(kind), ""), all_roles)[:len(roles)]) == expected


@pytest.mark.parametrize("glyph_roles, label_roles, expected", [
    # a file list: icons beside list items are the rows' icon cells
    (["icon", "icon", "image", "icon"], ["listitem"] * 4, [0, 1, 2, 3]),
    # a check box or a button beside a list item keeps its role
    (["checkbox", "icon", "button", "icon"], ["listitem"] * 4, [1, 3]),
    # half the labels are list items: enough; fewer: not
    (["icon"] * 4, ["listitem", "text", "listitem", "text"], [0, 2]),
    (["icon"] * 4, ["listitem", "text", "text", "text"], []),
    # labels that are menu items or plain text: no list
    (["icon"] * 4, ["menuitem"] * 4, []),
    # two rows are no line
    (["icon"] * 2, ["listitem"] * 2, []),
])
def test_icons_beside_list_items_are_list_items(glyph_roles, label_roles, expected):
    kind, boxes, roles = glyph_column(glyph_roles)
    roles[len(glyph_roles):] = label_roles
    roles[:len(glyph_roles)] = glyph_roles
    assert list_row_icons(kind, boxes, roles).tolist() == expected
    # without labels, no icon takes part
    kind, boxes, roles = glyph_column(glyph_roles, label=False)
    assert list_row_icons(kind, boxes, roles).tolist() == []


@pytest.mark.parametrize("glyph_roles, column_roles, expected", [
    # a table's column of check boxes (yad's check list, whose tree calls them checkable cells)
    (["checkbox"] * 4, GLYPH_LINE_ROLES, [0, 1, 2, 3]),
    # ... or of folder icons the classifier took for check boxes and radios (file-roller)
    (["checkbox", "radio", "icon", "checkbox"], GLYPH_LINE_ROLES, [0, 1, 2, 3]),
    # not asked for: they keep their roles; a button never joins
    (["checkbox"] * 4, (), []),
    (["checkbox", "button", "checkbox", "checkbox"], GLYPH_LINE_ROLES, [0, 2, 3]),
])
@pytest.mark.parametrize("table", ["near", "none", "far"])
def test_check_boxes_down_a_table_column_are_its_cells(glyph_roles, column_roles, expected, table):
    """A column of check boxes beside list items whose rows go on with another cell on the
    right (a size, a city) is a table's column; without those cells (a settings page's check
    boxes, labels called list items), or with them 16 heights away (a dialog over a file
    list), only plain icons take part."""
    kind, boxes, roles = glyph_column(glyph_roles)
    n = len(glyph_roles)
    roles[n:] = "listitem"
    if table != "none":
        x0 = 160 if table == "near" else 400
        cells = [[x0, b[1], x0 + 60, b[3]] for b in boxes[n:].tolist()]
        kind = np.concatenate([kind, np.array(["text"] * n, object)])
        boxes = np.concatenate([boxes, np.array(cells)])
        roles = np.concatenate([roles, np.array(["listitem"] * n, object)])
    found = list_row_icons(kind, boxes, roles, column_roles=column_roles).tolist()
    assert found == (expected if table == "near" else [i for i in expected if glyph_roles[i] == "icon"])


@pytest.mark.parametrize("right_glyph_role, expected", [
    ("radio", []),                      # a group of radios beside another: no table
    ("checkbox", []),
    ("icon", [0, 1, 2, 3, 8, 9, 10, 11]),   # a file icon before each cell: a table's rows after all
])
def test_radios_beside_another_group_of_radios_are_no_cells(right_glyph_role, expected):
    """Two groups of radios side by side (Tk's "Print range" beside "Color depth"), all labels
    called list items: the right group's labels are its radios', no cells on the left's rows."""
    kind, boxes, roles = glyph_column(["radio"] * 4)
    roles[4:] = "listitem"
    right = boxes + np.array([140, 0, 140, 0])
    kind = np.concatenate([kind, kind])
    boxes = np.concatenate([boxes, right])
    roles = np.concatenate([roles, np.array([right_glyph_role] * 4 + ["listitem"] * 4, object)])
    assert list_row_icons(kind, boxes, roles, column_roles=GLYPH_LINE_ROLES).tolist() == expected


@pytest.mark.parametrize("case, value_rows, box_x0, labelled, is_cell", [
    # a settings editor's value column: texts, and a box where the value is a boolean
    ("a box among values", 3, 300, False, True),
    ("two values are no column", 2, 300, False, False),
    ("not aligned with the values", 3, 330, False, False),
    ("a box with its own label", 3, 300, True, False),
])
def test_a_lone_box_in_a_column_of_cells_is_a_cell(case, value_rows, box_x0, labelled, is_cell):
    """A table of rows "name | type | locked box | value", the last row's value a box."""
    kind, boxes, roles = [], [], []
    for k in range(value_rows + 1):
        y = 20 + 24 * k
        kind += ["text", "text", "icon"]
        boxes += [[20, y, 120, y + 20], [160, y, 220, y + 20], [250, y + 1, 268, y + 19]]
        roles += ["listitem", "listitem", "checkbox"]
        if k < value_rows:
            kind.append("text")
            boxes.append([300, y, 420, y + 20])
            roles.append("listitem")
    kind.append("icon")
    boxes.append([box_x0, 20 + 24 * value_rows + 1, box_x0 + 18, 20 + 24 * value_rows + 19])
    roles.append("checkbox")
    if labelled:
        kind.append("text")
        boxes.append([box_x0 + 24, 20 + 24 * value_rows, box_x0 + 120, 40 + 24 * value_rows])
        roles.append("text")
    found = checkable_cells(np.array(kind, dtype=object), np.array(boxes), np.array(roles, dtype=object))
    box = len(kind) - 1 - labelled
    assert (box in found.tolist()) is is_cell
    assert {2, 6, 10}.issubset(found.tolist())           # the "Locked" column, whatever the case


@pytest.mark.parametrize("case, cell_roles, gap, glyph_roles, expected", [
    # a settings editor's "Locked" column after its "Type" cells, no value to label most boxes
    ("after list items", ["listitem"] * 4, 30, ["checkbox"] * 4, [0, 1, 2, 3]),
    ("radios and switches too", ["listitem"] * 4, 30, ["radio", "switch", "radio", "checkbox"], [0, 1, 2, 3]),
    ("half the rows are enough", ["listitem", "text", "listitem", "text"], 30, ["checkbox"] * 4, [0, 1, 2, 3]),
    ("fewer are not", ["listitem", "text", "text", "text"], 30, ["checkbox"] * 4, []),
    # a form's labels before their boxes are plain text
    ("after plain labels", ["text"] * 4, 30, ["checkbox"] * 4, []),
    # a switch at the far end of a settings row is the row's control, not a cell
    ("far after the cells", ["listitem"] * 4, 200, ["switch"] * 4, []),
    ("buttons and icons are no toggles", ["listitem"] * 4, 30, ["button", "icon", "button", "icon"], []),
    ("two rows are no column", ["listitem"] * 2, 30, ["checkbox"] * 2, []),
])
@pytest.mark.parametrize("after", ["nothing", "a value", "a label"])
def test_check_boxes_after_table_cells_are_cells(case, cell_roles, gap, glyph_roles, expected, after):
    """... and with each box followed by nothing (a setting without a value), by the next
    column's value 30 px on, or by its own label 6 px on (a dialog's column of check boxes
    beside another column's texts: no table)."""
    n = len(glyph_roles)
    cells = [[20, 20 + 40 * k, 100, 38 + 40 * k] for k in range(n)]
    glyphs = [[100 + gap, 21 + 40 * k, 116 + gap, 37 + 40 * k] for k in range(n)]
    kind = ["icon"] * n + ["text"] * n
    roles = glyph_roles + cell_roles
    if after != "nothing":
        x0 = 116 + gap + (30 if after == "a value" else 6)
        cells += [[x0, 20 + 40 * k, x0 + 80, 38 + 40 * k] for k in range(n)]
        kind += ["text"] * n
        roles += ["listitem" if after == "a value" else "text"] * n
    found = checkable_cells(np.array(kind, dtype=object), np.array(glyphs + cells), np.array(roles, dtype=object))
    assert found.tolist() == (expected if after != "a label" else []), case


def test_check_boxes_along_a_row_stay_check_boxes():
    """A row of three radios and check boxes whose labels the classifier called list items (qps's
    "Linear", "Tree", "Thread") is no table column: only a column's glyphs are cells."""
    glyphs = [[20 + 90 * k, 20, 36 + 90 * k, 36] for k in range(3)]
    labels = [[42 + 90 * k, 20, 100 + 90 * k, 36] for k in range(3)]
    kind = np.array(["icon"] * 3 + ["text"] * 3, dtype=object)
    roles = np.array(["radio", "radio", "checkbox"] + ["listitem"] * 3, dtype=object)
    assert list_row_icons(kind, np.array(glyphs + labels), roles, column_roles=GLYPH_LINE_ROLES).tolist() == []


@pytest.mark.parametrize("gap, taken", [
    (2.2, True),    # Caja's sidebar: a row whose icon was read into its text, a header between
    (3.5, False),   # farther apart: two lists of two rows, no line of three
])
def test_icons_down_a_list_may_skip_a_row(gap, taken):
    """Four 30 px icons beside list items, the last two `gap` heights below the first two."""
    tops = [0, 50, 80 + gap * 30, 130 + gap * 30]
    boxes = [[40, 294 + t, 72, 324 + t] for t in tops] + [[76, 296 + t, 200, 326 + t] for t in tops]
    kind = np.array(["icon"] * 4 + ["text"] * 4, dtype=object)
    roles = np.array(["icon"] * 4 + ["listitem"] * 4, dtype=object)
    assert list_row_icons(kind, np.array(boxes, float), roles).tolist() == ([0, 1, 2, 3] if taken else [])


@pytest.mark.parametrize("picture_role, taken", [("image", True), ("icon", True), ("button", False)])
def test_unnamed_pictures_beside_list_items_are_list_items(picture_role, taken):
    """A file list's 100 px folder pictures, regions the icon stage did not name, are the rows'
    icon cells like named icons (rule 5)."""
    boxes = [[7, 10 + 130 * k, 126, 111 + 130 * k] for k in range(4)]
    boxes += [[131, 50 + 130 * k, 190, 71 + 130 * k] for k in range(4)]
    kind = np.array(["region"] * 4 + ["text"] * 4, dtype=object)
    roles = np.array([picture_role] * 4 + ["listitem"] * 4, dtype=object)
    assert list_row_icons(kind, np.array(boxes), roles).tolist() == ([0, 1, 2, 3] if taken else [])


def glyph_row(roles: list[str], side: int = 20, pitch: int = 30, label: bool = False, vertical: bool = False
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A row (or column) of ``side`` px icons ``pitch`` px apart, each with a 60 px label 4 px to
    its right when ``label``: kinds, boxes and roles, icons first."""
    n = len(roles)
    at = [(20 + pitch * k, 20) if not vertical else (20, 20 + pitch * k) for k in range(n)]
    icons = [[x, y, x + side, y + side] for x, y in at]
    labels = [[x + side + 4, y, x + side + 64, y + side] for x, y in at] if label else []
    kind = np.array(["icon"] * n + ["text"] * len(labels), dtype=object)
    return kind, np.array(icons + labels), np.array(list(roles) + ["text"] * len(labels), dtype=object)


@pytest.mark.parametrize("roles, kwargs, expected", [
    # a toolbar: small unlabelled icons in a row; the ones called icon or image become buttons
    (["icon", "button", "image", "icon"], {}, [0, 2, 3]),
    (["icon", "icon", "icon"], {"side": 32}, [0, 1, 2]),
    # labelled icons, big icons (an icon view's files), a column, or only two: no toolbar
    (["icon", "icon", "icon"], {"label": True}, []),
    (["icon", "icon", "icon"], {"side": 48, "pitch": 60}, []),
    # ... unless the screen is drawn at scale 2 (a 2048 px capture whose text is twice as tall)
    (["icon", "icon", "icon"], {"side": 48, "pitch": 60, "scale": 2}, [0, 1, 2]),
    (["icon", "icon", "icon"], {"vertical": True}, []),
    (["icon", "icon"], {}, []),
    # icons far apart are no row
    (["icon", "icon", "icon"], {"pitch": 100}, []),
    # a glyph called a tick box among media keys is a key (qmmp's outlined stop square) ...
    (["button", "icon", "checkbox", "icon"], {}, [1, 2, 3]),
    # ... but a row that is mostly tick boxes keeps them
    (["checkbox", "checkbox", "icon"], {}, [2]),
])
def test_small_unlabelled_icons_in_a_row_are_toolbar_buttons(roles, kwargs, expected):
    kwargs = dict(kwargs)
    scale = kwargs.pop("scale", 1)
    kind, boxes, all_roles = glyph_row(roles, **kwargs)
    assert toolbar_icons(kind, boxes, all_roles, scale).tolist() == expected


def toolbar_layout(label: str = "Back", label_role: str = "text", others: int = 3, pitch: int = 40,
                   column: bool = False, gap: int = 6) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A 16 px icon at x 10 with ``label`` ``gap`` px to its right, then ``others`` 16 px icons
    ``pitch`` px apart after it on its row (or, ``column``, one more icon and label below it):
    kinds, boxes, texts and roles, the labelled icon first and its label last."""
    boxes = [[10, 10, 26, 26]]
    if column:
        boxes.append([10, 34, 26, 50])
    boxes += [[110 + pitch * k, 10, 126 + pitch * k, 26] for k in range(others)]
    n = len(boxes)
    boxes.append([26 + gap, 8, 26 + gap + 8 * len(label), 28])
    kind = np.array(["icon"] * n + ["text"], dtype=object)
    texts = np.array([""] * n + [label], dtype=object)
    roles = np.array(["icon"] * n + [label_role], dtype=object)
    return kind, np.array(boxes, float), texts, roles


@pytest.mark.parametrize("kwargs, is_button", [
    ({}, True),                                    # "<- Back" in a row of toolbar icons
    ({"label": "Add Files", "label_role": "menuitem"}, True),
    ({"others": 1}, False),                        # one other icon: no toolbar
    ({"pitch": 120}, False),                       # the others far off (over ten heights)
    ({"column": True}, False),                     # icons stacked: a list or sidebar
    ({"label": "Save the file as a new copy"}, False),   # a sentence is no toolbar label
    ({"label_role": "tab"}, False),                # a tab keeps its role
    ({"gap": 30}, False),                          # the label too far from its icon
])
def test_a_labelled_icon_in_a_toolbar_is_a_flat_button(kwargs, is_button):
    from detact.semantics.siblings import toolbar_labels

    kind, boxes, texts, roles = toolbar_layout(**kwargs)
    icons, labels = toolbar_labels(kind, boxes, texts, roles)
    labelled = dict(zip(icons.tolist(), labels.tolist()))
    assert labelled.get(0) == (len(kind) - 1 if is_button else None)


@pytest.mark.parametrize("second_label, second_at, is_button", [
    ("Next", 120, True),         # atril's "Previous" and "Next": two labelled items side by side
    ("", 120, False),            # one other icon without a label: no toolbar
    ("Next", 400, False),        # the other far off (over ten heights)
])
def test_two_labelled_icons_side_by_side_are_flat_buttons(second_label, second_at, is_button):
    from detact.semantics.siblings import toolbar_labels

    boxes = [[10, 10, 26, 26], [second_at, 10, second_at + 16, 26], [32, 8, 96, 28]]
    kind, texts = ["icon", "icon", "text"], ["", "", "Previous"]
    if second_label:
        boxes.append([second_at + 22, 8, second_at + 22 + 8 * len(second_label), 28])
        kind.append("text")
        texts.append(second_label)
    roles = np.array(["icon", "icon"] + ["text"] * (len(kind) - 2), dtype=object)
    icons, labels = toolbar_labels(np.array(kind, dtype=object), np.array(boxes, float),
                                   np.array(texts, dtype=object), roles)
    assert dict(zip(icons.tolist(), labels.tolist())).get(0) == (2 if is_button else None)


def test_an_unlabelled_arrow_in_a_toolbar_is_a_button():
    """A 7 px drop-down arrow after "Back", then more toolbar icons: the history menu's button;
    the same arrow held by a control (a combo box's) is left to it."""
    from detact.semantics.siblings import toolbar_labels

    kind, boxes, texts, roles = toolbar_layout()
    boxes = np.concatenate([boxes, [[70, 14, 82, 21]]])
    kind, texts, roles = (np.append(a, v) for a, v in ((kind, "icon"), (texts, ""), (roles, "icon")))
    icons, labels = toolbar_labels(kind, boxes, texts, roles)
    assert dict(zip(icons.tolist(), labels.tolist())).get(len(kind) - 1) == -1
    icons, _ = toolbar_labels(kind, boxes, texts, roles, free=np.arange(len(kind)) != len(kind) - 1)
    assert len(kind) - 1 not in icons.tolist()                    # a part of a control takes no part


@pytest.mark.parametrize("neighbours_at, is_button", [
    (75, True),      # a split button's arrow 75 px from the 22 px icons round it (engrampa's "Open" menu)
    (200, False),    # nothing within ten 16 px items: no toolbar
])
def test_a_small_arrow_reaches_as_far_as_a_toolbar_item(neighbours_at, is_button):
    from detact.semantics.siblings import toolbar_labels

    arrow = [200, 16, 210, 23]
    boxes = np.array([arrow, [200 - neighbours_at - 22, 10, 200 - neighbours_at, 32],
                      [210 + neighbours_at, 10, 232 + neighbours_at, 32], [262 + neighbours_at, 10, 284 + neighbours_at, 32]],
                     float)
    kind = np.array(["icon"] * 4, dtype=object)
    icons, labels = toolbar_labels(kind, boxes, np.array([""] * 4, dtype=object), np.array(["icon"] * 4, dtype=object))
    assert (dict(zip(icons.tolist(), labels.tolist())).get(0) == -1) is is_button


def tree_layout(icons: list[bool], icon_role: str = "icon", label_role: str = "text", pitch: int = 22
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """A column of labels (x 37) ``pitch`` px apart, a 14 px icon at x 21 left of row k when
    ``icons[k]``: kinds, boxes, roles (labels first) and the number of labels."""
    n = len(icons)
    boxes = [[37, 110 + pitch * k, 100, 130 + pitch * k] for k in range(n)]
    boxes += [[21, 113 + pitch * k, 35, 127 + pitch * k] for k in range(n) if icons[k]]
    m = len(boxes) - n
    kind = np.array(["text"] * n + ["icon"] * m, dtype=object)
    return kind, np.array(boxes, float), np.array([label_role] * n + [icon_role] * m, dtype=object), n


@pytest.mark.parametrize("icons, icon_role, label_role, is_list", [
    ([True] * 4, "icon", "text", True),                 # a sidebar: every place with its icon
    ([True, True, False, True, True], "icon", "text", True),   # one icon missed: still a list
    ([True, True, False, False, False], "icon", "text", False),  # two icons: a form's labels
    ([True] * 4, "checkbox", "text", False),            # a column of check boxes
    ([True] * 4, "button", "link", True),
    ([True] * 4, "icon", "menuitem", False),            # a menu's items keep their role
])
def test_a_column_of_labels_with_icons_is_a_list(icons, icon_role, label_role, is_list):
    from detact.semantics.siblings import icon_list_rows

    kind, boxes, roles, n = tree_layout(icons, icon_role, label_role)
    found_icons, runs = icon_list_rows(kind, boxes, roles)
    assert (sorted(runs.tolist()) == list(range(n)) and len(found_icons) == sum(icons)) if is_list \
        else (len(runs) == 0 and len(found_icons) == 0)


@pytest.mark.parametrize("label_roles, is_list", [
    (["listitem", "radio", "listitem", "listitem"], True),   # a Qt file list's "Projects" called a radio
    (["text", "checkbox", "radio", "text", "listitem"], True),   # two of five: still fewer than half
    (["checkbox", "checkbox", "text", "listitem"], False),   # half of them: a column of check boxes
])
def test_a_few_names_called_glyph_controls_do_not_break_a_list(label_roles, is_list):
    """A column of names with folder icons on their left, a few of them called a check box or a
    radio by the classifier, is a list: all its names and icons are list items."""
    from detact.semantics.siblings import icon_list_rows

    kind, boxes, roles, n = tree_layout([True] * len(label_roles))
    roles[:n] = label_roles
    found_icons, runs = icon_list_rows(kind, boxes, roles)
    assert (sorted(runs.tolist()) == list(range(n)) and len(found_icons) == n) if is_list else len(runs) == 0


def icon_view(n_cols: int, last_row: int, picture: int = 46, label_role: str = "listitem",
              label_dx: int = 0, label_dy: int = 3) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An icon view: rows of ``picture`` px pictures 110 px apart, each with a 60 px label centred
    (shifted by ``label_dx``) ``label_dy`` px under it; a full row then ``last_row`` items. Kinds,
    boxes, roles (pictures first, called images)."""
    cells = [(0, c) for c in range(n_cols)] + [(1, c) for c in range(last_row)]
    pics = [[236 + 110 * c, 99 + 90 * r, 236 + 110 * c + picture, 99 + 90 * r + picture] for r, c in cells]
    labels = [[p[0] + picture // 2 - 30 + label_dx, p[3] + label_dy, p[0] + picture // 2 + 30 + label_dx,
               p[3] + label_dy + 20] for p in pics]
    kind = np.array(["icon"] * len(pics) + ["text"] * len(labels), object)
    roles = np.array(["image"] * len(pics) + [label_role] * len(labels), object)
    return kind, np.array(pics + labels, float), roles


@pytest.mark.parametrize("n_cols, last_row, kwargs, expected", [
    (4, 1, {}, 5),                              # a folder in icon view: every picture, the lone last one too
    (4, 0, {"label_dy": 30}, 0),                # labels 30 px under 46 px pictures: not theirs
    (4, 0, {"label_dx": 20}, 0),                # labels off the pictures' centres
    (4, 0, {"label_role": "button"}, 0),        # labels that are no list items: a toolbar's
    (1, 0, {}, 0),                              # one picture with a caption: no view
    (1, 1, {}, 0),                              # two pictures, each alone on its row
])
def test_pictures_over_list_item_names_are_an_icon_views_items(n_cols, last_row, kwargs, expected):
    from detact.semantics.siblings import icon_view_items

    kind, boxes, roles = icon_view(n_cols, last_row, **kwargs)
    found = icon_view_items(kind, boxes, roles).tolist()
    assert found == list(range(expected))


@pytest.mark.parametrize("narrow_at, is_list", [
    (27, True),     # an 18 px glyph centred where the 32 px icons are (x 20-52): left edges 7 px apart
    (20, True),     # ... or left-aligned with them
    (34, False),    # its left edge 14 px off the others' and its centre 7 px: no column
])
def test_icons_of_other_widths_line_up_by_their_centres(narrow_at, is_list):
    """xfce4-appfinder's launcher list: 32 px icons and one 18 px glyph, each centred in its cell."""
    from detact.semantics.siblings import icon_list_rows

    labels = [[60, 100 + 40 * k, 200, 120 + 40 * k] for k in range(4)]
    icons = [[20, 94 + 40 * k, 52, 126 + 40 * k] for k in range(4)]
    icons[1] = [narrow_at, 101 + 40, narrow_at + 18, 119 + 40]
    kind = np.array(["text"] * 4 + ["icon"] * 4, dtype=object)
    roles = np.array(["text"] * 4 + ["icon"] * 4, dtype=object)
    found_icons, runs = icon_list_rows(kind, np.array(labels + icons, float), roles)
    assert (len(runs) == 4 and len(found_icons) == 4) if is_list else len(runs) == 0


@pytest.mark.parametrize("close_at, close_label, close_height, label_role, between, is_tab", [
    (117, "close", 12, "button", False, True),     # juffed's one document tab: "script.py x"
    (117, "window close", 12, "text", False, True),
    (117, "close", 12, "textbox", False, True),
    (117, "stop", 12, "textbox", False, False),    # a "stop" right after a label: some other glyph
    (117, "close", 12, "menuitem", False, False),  # a menu's item keeps its role
    (160, "close", 12, "button", False, False),    # the glyph farther than 1.5 heights
    (117, "close", 36, "button", False, False),    # taller than the label: a window's button
    (117, "search", 12, "button", False, False),   # another glyph
    (100, "close", 12, "button", False, False),    # starts before the label ends
    (135, "close", 12, "button", True, False),     # another run in between (the glyph is its)
])
def test_a_label_with_a_close_glyph_after_it_is_a_tab(close_at, close_label, close_height, label_role, between,
                                                      is_tab):
    from detact.semantics.tabs import closable_tabs

    cy = 80
    boxes = [[56, 67, 111, 94], [close_at, cy - close_height // 2, close_at + 12, cy + close_height - close_height // 2]]
    kind, labels, roles = ["text", "icon"], ["", close_label], [label_role, "button"]
    if between:
        boxes.append([113, 70, 130, 90])
        kind, labels, roles = kind + ["text"], labels + [""], roles + ["text"]
    found = closable_tabs(np.array(kind, dtype=object), np.array(boxes, float), np.array(labels, dtype=object),
                          np.array(roles, dtype=object))
    assert (0 in found.tolist()) == is_tab


@pytest.mark.parametrize("labels_on_row, in_between, is_tab, cross", [
    (2, "", True, "close"),  # gedit's two stretched tabs: "notes.txt ...... x  script.py ...... x"
    (2, "", True, "stop"),   # ... the cross named "stop" (Adwaita's process-stop is the same cross)
    (3, "", True, "close"),
    (1, "", False, "close"),  # one label and a far close glyph: a window's title and its button
    (2, "icon", False, "close"),  # something between a label and its glyph
])
def test_labels_of_stretched_tabs_with_far_close_glyphs_are_tabs(labels_on_row, in_between, is_tab, cross):
    from detact.semantics.tabs import closable_tabs

    boxes, kind, labels = [], [], []
    for k in range(labels_on_row):
        x = 290 + 640 * k
        boxes += [[x, 59, x + 60, 80], [x + 325, 63, x + 339, 76]]      # the close glyph 265 px on
        kind += ["text", "icon"]
        labels += ["", cross]
    if in_between:
        boxes.append([450, 62, 466, 78])
        kind.append("icon")
        labels.append("star")
    roles = ["text" if k == "text" else "button" for k in kind]
    found = closable_tabs(np.array(kind, dtype=object), np.array(boxes, float), np.array(labels, dtype=object),
                          np.array(roles, dtype=object))
    assert (0 in found.tolist()) == is_tab


@pytest.mark.parametrize("glyph_role, label_role, is_icon", [
    ("checkbox", "tab", True),      # juffed's file-type icon before "script.py", drawn as a box
    ("radio", "tab", True),
    ("button", "tab", False),       # a glyph called something else keeps its role
    ("checkbox", "text", False),    # a check box before a plain label is one
    ("checkbox", "listitem", False),
])
def test_a_check_box_before_a_tabs_label_is_the_tabs_icon(glyph_role, label_role, is_icon):
    from detact.semantics.tabs import tab_icons

    boxes = np.array([[38, 70, 52, 86], [56, 67, 111, 94]], float)
    found = tab_icons(np.array(["icon", "text"], object), boxes, np.array([glyph_role, label_role], object))
    assert found.tolist() == ([0] if is_icon else [])


@pytest.mark.parametrize("header, header_role, item_x, beside, is_header", [
    ("Places", "text", 44, False, True),        # Thunar's sidebar: a header, rows indented 37 px
    ("Devices", "link", 44, False, True),       # ... read as a link
    ("Computer", "text", 37, False, True),      # Caja's, rows indented one height
    ("Name:", "text", 44, False, False),        # a form's label above a list
    ("Places", "text", 10, False, False),       # rows not indented: a plain title
    ("Places", "text", 200, False, False),      # rows far to the right: another column
    ("Places", "text", 44, True, False),        # something else on its line: no lone header
    ("Files on this computer today", "text", 44, False, False),  # a sentence
    ("Places", "menuitem", 44, False, False),   # a menu's item keeps its role
])
def test_a_short_line_over_indented_rows_heads_a_tree(header, header_role, item_x, beside, is_header):
    """Thunar's and Caja's sidebars: section headers drawn as tree rows without an icon."""
    from detact.semantics.siblings import tree_headers

    boxes = [[7, 112, 56, 133], [item_x, 138, item_x + 110, 160], [item_x, 164, item_x + 90, 186]]
    texts = [header, "Home", "Desktop"]
    roles = [header_role, "listitem", "listitem"]
    if beside:
        boxes.append([80, 112, 130, 133])
        texts.append("Edit")
        roles.append("button")
    kind = np.array(["text"] * len(boxes), dtype=object)
    found = tree_headers(kind, np.array(boxes, float), np.array(texts, dtype=object), np.array(roles, dtype=object))
    assert found.tolist() == ([0] if is_header else [])


@pytest.mark.parametrize("expander, item_x, is_header", [
    ("caret down", 40, True),       # geany's symbol tree: rows 16 px (0.76 heights) in
    ("chevron right", 40, True),    # a closed one's sibling header
    (None, 40, False),              # no expander: so small an indent is a paragraph's
    ("search", 40, False),          # another glyph is no expander
    ("caret down", 30, False),      # rows 6 px in: no tree's
])
def test_a_header_with_a_trees_expander_needs_a_smaller_indent(expander, item_x, is_header):
    from detact.semantics.siblings import tree_headers

    boxes = [[24, 42, 84, 63], [item_x, 68, item_x + 60, 89], [item_x, 93, item_x + 97, 116]]
    kind, labels = ["text"] * 3, [""] * 3
    if expander:
        boxes.append([5, 48, 17, 54])
        kind.append("icon")
        labels.append(expander)
    found = tree_headers(np.array(kind, object), np.array(boxes, float),
                         np.array(["Functions", "main [12]", "run [44]", ""][:len(boxes)], object),
                         np.array(["link", "listitem", "listitem", "icon"][:len(boxes)], object),
                         np.array(labels, object))
    assert found.tolist() == ([0] if is_header else [])


@pytest.mark.parametrize("items, expected", [
    # Qt's spin box with no frame found: the value, then an up arrow above a down arrow
    ([([10, 12, 60, 32], "text", "5 min", ""), ([300, 12, 312, 20], "icon", "", "chevron up"),
      ([300, 24, 312, 32], "icon", "", "chevron down")], [[0, 1, 2]]),
    # another run between the value and the arrows: they are not its steppers
    ([([10, 12, 60, 32], "text", "5 min", ""), ([100, 12, 160, 32], "text", "Other", ""),
      ([300, 12, 312, 20], "icon", "", "chevron up"), ([300, 24, 312, 32], "icon", "", "chevron down")],
     [[1, 2, 3]]),
    # arrows side by side (a pager's up and down buttons), or one arrow alone: no field
    ([([10, 12, 60, 32], "text", "Page", ""), ([300, 16, 312, 28], "icon", "", "chevron up"),
      ([320, 16, 332, 28], "icon", "", "chevron down")], []),
    ([([10, 12, 60, 32], "text", "Page", ""), ([300, 12, 312, 20], "icon", "", "chevron up")], []),
    # the arrows far off (over 14 heights) on the row
    ([([10, 12, 60, 32], "text", "5 min", ""), ([400, 12, 412, 20], "icon", "", "chevron up"),
      ([400, 24, 412, 32], "icon", "", "chevron down")], []),
])
def test_a_value_with_stacked_steppers_is_one_field(items, expected):
    from detact.semantics.compounds import stepper_fields

    els = Elements([it[0] for it in items], [it[1] for it in items], [it[2] for it in items], [it[3] for it in items])
    boxes, parts = stepper_fields(els)
    assert [p.tolist() for p in parts] == expected
    for box, p in zip(boxes, parts):                          # the field holds its value and arrows
        assert box[0] <= els.xyxy[p, 0].min() and box[2] >= els.xyxy[p, 2].max()


@pytest.mark.parametrize("fill, neutral", [
    ((255, 255, 255), True), ((246, 245, 244), True), ((45, 45, 45), True),   # light and dark fields
    ((82, 148, 226), False),                       # a selected breadcrumb's accent blue
    ((53, 132, 228), False),
])
def test_a_text_fields_inside_is_grey(fill, neutral):
    from detact.semantics.compounds import neutral_inside

    img = np.full((40, 200, 3), 200, np.uint8)
    img[5:35, 10:190] = fill
    img[15:25, 40:120] = 0                          # its text
    assert neutral_inside(img, np.array([10, 5, 190, 35])) is neutral


def table_layout(left: list[str], right: list[str], roles: tuple[str, str] = ("text", "text"),
                 pitch: int = 24) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Two columns of runs (x 10 and x 200), ``pitch`` px apart down: boxes, texts and roles,
    the left column first."""
    boxes = [[10, 10 + pitch * k, 120, 30 + pitch * k] for k in range(len(left))]
    boxes += [[200, 10 + pitch * k, 280, 30 + pitch * k] for k in range(len(right))]
    return (np.array(boxes, float), np.array(left + right, dtype=object),
            np.array([roles[0]] * len(left) + [roles[1]] * len(right), dtype=object))


@pytest.mark.parametrize("left, right, roles, cells", [
    # a file list: names and sizes, three rows shared -> every plain run is a cell
    (["Assets", "Music", "Pictures"], ["62 bytes", "62 bytes", "65 bytes"], ("text", "text"), 6),
    (["Assets", "Music", "Pictures"], ["62 bytes", "62 bytes", "65 bytes"], ("listitem", "text"), 3),
    # two rows only, a form's labels, an editor's line numbers, a menu's accelerators: no table
    (["Assets", "Music"], ["62 bytes", "62 bytes"], ("text", "text"), 0),
    (["Name:", "Size:", "Type:"], ["notes.txt", "62 bytes", "Text"], ("text", "text"), 0),
    (["1", "2", "3"], ["def main():", "x = 1", "return x"], ("text", "text"), 0),
    (["Open", "Save", "Quit"], ["Ctrl+O", "Ctrl+S", "Ctrl+Q"], ("text", "text"), 0),
    (["Open", "Save", "Quit"], ["Recent", "Folder", "Later"], ("menuitem", "text"), 0),
    # a column of links beside plain text: a page's link list, no table
    (["Docs", "Blog", "Pricing"], ["62 bytes", "62 bytes", "65 bytes"], ("link", "text"), 0),
])
def test_two_columns_sharing_rows_are_table_cells(left, right, roles, cells):
    from detact.semantics.siblings import table_cells

    boxes, texts, all_roles = table_layout(left, right, roles)
    assert len(table_cells(boxes, texts, all_roles)) == cells


@pytest.mark.parametrize("links, plain, cells", [
    # a file list's names called links but drawn in black (engrampa's "Archive", "Assets"): cells
    ([0], True, 8),
    ([0, 1, 2], True, 8),
    # blue links beside plain text keep their role, and without them the column is too short
    ([0], False, 6),
    ([0, 1, 2], False, 0),
])
def test_links_drawn_like_table_cells_are_cells(links, plain, cells):
    from detact.semantics.siblings import table_cells

    boxes, texts, roles = table_layout(["Archive", "Assets", "Downloads", "Drafts"],
                                       ["59 bytes", "65 bytes", "56 bytes", "56 bytes"])
    roles[links] = "link"
    found = table_cells(boxes, texts, roles, plain=np.full(len(roles), plain))
    assert len(found) == cells
    assert set(links) <= set(found.tolist()) if plain else not set(links) & set(found.tolist())


def right_aligned_table(left: list[tuple[str, int, int]], right: list[tuple[str, int, int]]
                        ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Two columns of runs given as (text, right end x, width), 24 px apart down: boxes, texts
    and roles ("text"), the left column first."""
    runs = left + right
    boxes = [[x1 - w, 10 + 24 * (k % len(left)), x1, 30 + 24 * (k % len(left))] for k, (_, x1, w) in enumerate(runs)]
    return (np.array(boxes, float), np.array([t for t, _, _ in runs], dtype=object),
            np.array(["text"] * len(runs), dtype=object))


@pytest.mark.parametrize("left, right, cells", [
    # a process list's memory and CPU columns, each right-aligned: runs of different widths
    # ending at one x are a column, so two of them sharing rows are a table's cells
    ([("4.2 MB", 150, 50), ("310 kB", 150, 44), ("12.8 MB", 150, 58)],
     [("0.00", 300, 30), ("12.5", 300, 34), ("3.1", 300, 24)], 6),
    # ragged on both sides (a paragraph's lines, a form): no column, no table
    ([("4.2 MB", 150, 50), ("310 kB", 140, 44), ("12.8 MB", 162, 58)],
     [("0.00", 300, 30), ("12.5", 288, 34), ("3.1", 310, 24)], 0),
    # right-aligned numbers before left-aligned code: an editor's line numbers, no table
    ([("8", 40, 8), ("9", 40, 8), ("10", 40, 16)],
     [("def main():", 160, 100), ("x = 1", 100, 40), ("return x", 130, 70)], 0),
])
def test_right_aligned_columns_are_table_cells(left, right, cells):
    from detact.semantics.siblings import table_cells

    boxes, texts, roles = right_aligned_table(left, right)
    assert len(table_cells(boxes, texts, roles)) == cells


@pytest.mark.parametrize("pitch, menu_items, cells", [
    # rows as tall as a file list's 128 px icons: still a table
    (130, [], 6),
    # a menu item or two among the cells (the classifier's guess on a roomy row) become cells
    (130, [0, 4], 6),
    (24, [1], 6),
    # half of them menu items: a menu, no table
    (24, [0, 1, 2], 0),
    # rows too far apart: no table
    (400, [], 0),
])
def test_tall_table_rows_and_menu_items_among_cells(pitch, menu_items, cells):
    from detact.semantics.siblings import table_cells

    boxes, texts, roles = table_layout(["Assets", "Music", "Pictures"], ["62 bytes", "62 bytes", "65 bytes"],
                                       pitch=pitch)
    roles[menu_items] = "menuitem"
    assert len(table_cells(boxes, texts, roles)) == cells


@pytest.mark.parametrize("row, expected", [
    # "-" and "+" flanking the zoom level (caja's status bar, an image viewer)
    ([("-", "text", 100), ("100%", "text", 130), ("+", "text", 190)], {0: "Zoom out", 2: "Zoom in"}),
    # icons named by what they draw, beside a spin box's "75 %"
    ([("75 %", "spinbox", 100), ("add", "icon", 170), ("remove", "icon", 200)], {1: "Zoom in", 2: "Zoom out"}),
    # no zoom level on the row, or too far from it: an "add" button stays what it is
    ([("add", "icon", 100), ("Name", "text", 130)], {}),
    ([("100%", "text", 100), ("+", "text", 400)], {}),
    # a "+" that is a list item or a menu item takes no part
    ([("100%", "text", 100), ("+", "listitem", 160)], {}),
])
def test_zoom_buttons_beside_a_zoom_level(row, expected):
    from detact.semantics.labels import zoom_buttons

    boxes = np.array([[x, 20, x + (50 if len(t) > 2 else 16), 42] for t, _, x in row])
    text = np.array([t if r != "icon" else "" for t, r, _ in row], dtype=object)
    label = np.array([t if r == "icon" else "" for t, r, _ in row], dtype=object)
    role = np.array([r for _, r, _ in row], dtype=object)
    assert zoom_buttons(boxes, text, label, role) == expected


@pytest.mark.parametrize("icon_label, name", [
    ("zoom in", "zoom in"),      # the icon stage named it already: its label's spelling, one name
    ("add", "Zoom in"),          # a plus drawn beside the level: named by what it does there
])
def test_zoom_button_names_agree_with_their_icon(icon_label, name):
    els = layout(([100, 20, 150, 42], "text", "100%", "text"), ([170, 22, 188, 40], "icon", "", "button", icon_label))
    assert assign_names(els)[1].name == name


def menu_layout(ends: list[str], roles: tuple[str, ...] = ("listitem", "text", "link", "listitem"),
                reach: int = 150, blocked: bool = False, headed: bool = False
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A column of items 27 px apart (x 60), each row's end ``ends[i]`` drawn ``reach`` px
    right of the item: an accelerator text, ">" for a submenu arrow icon, "" for nothing;
    ``blocked``: another text run on each row between the item and its end; ``headed``: a text
    run starting 6 px right of each arrow (a tree's row in the pane beside, its expander)."""
    boxes, texts, kinds, marks, labels = [], [], [], [], []
    for i, (role, end) in enumerate(zip(roles, ends)):
        y = 20 + 27 * i
        boxes.append([60, y, 150, y + 20]), texts.append(f"Item {i}"), kinds.append(role)
        if blocked:
            boxes.append([160, y, 200, y + 20]), texts.append("code"), kinds.append("text")
        if end == ">":
            marks.append([150 + reach, y + 5, 157 + reach, y + 15]), labels.append("caret right")
            if headed:
                boxes.append([163 + reach, y, 260 + reach, y + 20]), texts.append("org.gtk.Settings"), kinds.append("text")
        elif end:
            boxes.append([150 + reach, y + 2, 190 + reach, y + 18]), texts.append(end), kinds.append("text")
    return (np.array(boxes), np.array(texts, dtype=object), np.array(kinds, dtype=object),
            np.array(marks).reshape(-1, 4), np.array(labels, dtype=object))


@pytest.mark.parametrize("ends, kwargs, items", [
    # two accelerators, or one and a submenu arrow: the column is a menu
    (["Ctrl+Z", "Shift+Ctrl+Z", "", ""], {}, [0, 2, 4, 5]),
    (["Ctrl+X", "", ">", ""], {}, [0, 2, 3, 4]),
    (["", "F11", "CtrI+M", ""], {}, [0, 1, 3, 5]),          # "Ctrl" read "CtrI"
    # one accelerator, arrows only (a settings list's chevrons), or accelerators too far right
    (["Ctrl+Z", "", "", ""], {}, []),
    ([">", ">", ">", ""], {}, []),
    (["Ctrl+Z", "Ctrl+Y", "", ""], {"reach": 700}, []),
    # three submenu arrows close after the items: a menu of submenus (qalculate's "Units");
    # two are too few
    ([">", ">", ">", ""], {"reach": 40}, [0, 1, 2, 3]),
    ([">", "", ">", ""], {"reach": 40}, []),
    # ... but not when a run starts right after each arrow: a tree's expanders beside a list
    ([">", ">", ">", ""], {"reach": 40, "headed": True}, []),
    # another column between the items and the accelerators (a code gutter's line numbers left
    # of an open menu): that column is the menu, the one further left is not
    (["Ctrl+Z", "Ctrl+Y", "", ""], {"blocked": True}, [1, 4, 7, 9]),
    # whatever the classifier called the entries; but two entries are no column
    (["Ctrl+Z", "Ctrl+Y", "", ""], {"roles": ("button", "combobox", "text", "text")}, [0, 2, 4, 5]),
    (["Ctrl+Z", "Ctrl+Y"], {"roles": ("listitem", "listitem")}, []),
])
def test_items_ending_in_accelerators_are_a_menu(ends, kwargs, items):
    boxes, texts, roles, marks, labels = menu_layout(ends, **kwargs)
    menu, keys = menu_columns(boxes, texts, marks, labels)
    assert sorted(menu.tolist()) == items
    if items:
        assert all(ACCELERATOR.fullmatch(texts[k]) for k in keys)
        assert len(keys) == sum(1 for e in ends if e and e != ">")


@pytest.mark.parametrize("glyph_role, label_row, gap, found", [
    ("checkbox", 1, 4, True),      # a check box before a menu's item: a check menu item's box
    ("radio", 1, 4, True),
    ("checkbox", 3, 4, False),     # before a run that is no item of the menu
    ("checkbox", 1, 40, False),    # too far from the item to be its box
    ("icon", 1, 4, False),         # an icon the classifier left an icon is not this rule's
])
def test_the_box_before_a_menu_item_is_the_items(glyph_role, label_row, gap, found):
    # a 16 px glyph, then runs: rows 1 and 2 are items of a menu, row 3 a plain run
    y = 20 + 27 * (label_row - 1)
    boxes = np.array([[60 - gap - 16, y + 2, 60 - gap, y + 18], [60, 20, 150, 40], [60, 47, 150, 67], [60, 74, 150, 94]])
    kinds = np.array(["icon", "text", "text", "text"], dtype=object)
    roles = np.array([glyph_role, "menuitem", "menuitem", "text"], dtype=object)
    assert menu_glyphs(kinds, boxes, roles, np.array([1, 2])).tolist() == ([0] if found else [])


@pytest.mark.parametrize("text, is_accelerator", [
    ("Ctrl+S", True), ("Shift+Ctrl+Delete", True), ("Alt+Left", True), ("F1", True), ("Ctrl + Q", True),
    ("Ctrl+", False), ("F13", False), ("Copy", False), ("Plus", False), ("F1 key", False),
])
def test_accelerator_pattern(text, is_accelerator):
    assert bool(ACCELERATOR.fullmatch(text)) == is_accelerator


def test_a_ring_read_as_a_letter_counts_as_a_glyph_of_the_line():
    # GTK's column of radios: a pale checked one read "O" (a 13 px letter box beside 17 px
    # icons) broke the column in two, and the glyphs after it stayed "icon" and "spinbox"
    kind, boxes, roles = glyph_column(["radio", "radio", "icon", "radio", "radio", "spinbox"])
    kind[3], boxes[3] = "text", [22, 20 + 28 * 3 + 2, 35, 20 + 28 * 3 + 15]
    roles[3] = "text"
    glyph = np.arange(len(kind)) < 6
    assert list(harmonised_glyphs(kind, boxes, np.full(len(kind), ""), roles, glyph=glyph)[:6]) == ["radio"] * 6
    # without counting it as a glyph, the column breaks at it: only the three above agree
    assert list(harmonised_glyphs(kind, boxes, np.full(len(kind), ""), roles)[:6]) == \
        ["radio", "radio", "radio", "text", "radio", "spinbox"]


def test_a_glyph_held_by_a_radio_compound_votes_as_a_radio():
    from detact.elements import Elements
    from detact.semantics import _harmonised_glyphs

    kind, boxes, roles = glyph_column(["icon", "icon", "icon", "radio"])
    els = Elements(boxes, list(kind), [""] * 4 + ["radiobutton"] * 4)
    # the classifier called the compounds of the first two glyphs (glyph + label) radios
    parts = [np.array([0, 4]), np.array([1, 5])]
    all_roles = np.concatenate([roles, np.array(["radio", "radio"], dtype=object)])
    out = _harmonised_glyphs(els, all_roles, parts, 1.0, np.zeros(8, bool))
    assert list(out[:4]) == ["icon", "icon", "radio", "radio"]      # the held glyphs keep theirs
    assert list(out[4:]) == ["text"] * 4


def test_a_surely_named_file_icon_in_a_column_of_check_boxes_keeps_its_role():
    from detact.elements import Elements
    from detact.semantics import _harmonised_glyphs

    # a file list: the classifier took two unsure type icons for check boxes; the two the icon
    # stage surely names "file" and "music" are no check boxes, whatever the column says
    kind, boxes, roles = glyph_column(["checkbox", "checkbox", "listitem", "listitem"])
    els = Elements(boxes, list(kind), [""] * 4 + ["notes.txt"] * 4)
    other = np.array([False, False, True, True] + [False] * 4)
    out = _harmonised_glyphs(els, roles, [], 1.0, other)
    assert list(out[:4]) == ["checkbox", "checkbox", "listitem", "listitem"]
    assert list(_harmonised_glyphs(els, roles, [], 1.0, np.zeros(8, bool))[:4]) == ["checkbox"] * 4


def test_glyphs_of_menu_items_keep_their_roles():
    kind, boxes, roles = glyph_column(["checkbox", "icon", "checkbox", "icon"])
    roles[4:] = "menuitem"                               # the labels are a menu's items
    assert list(harmonised_glyphs(kind, boxes, np.full(len(kind), ""), roles)[:4]) == ["checkbox", "icon", "checkbox", "icon"]


# ---------------------------------------------------------------- a label centred on its plate

@pytest.mark.parametrize("text_box, frame, centred", [
    ([129, 323, 148, 348], [5, 275, 273, 394], True),      # a calculator key's digit on a large plate
    ([60, 14, 120, 30], [40, 6, 140, 38], True),           # "Cancel" on a push button
    ([48, 14, 100, 30], [40, 6, 240, 38], False),          # a field's value at the frame's left edge
    ([60, 8, 120, 24], [40, 6, 140, 38], False),           # text at the top of its frame
    ([42, 14, 138, 30], [40, 6, 140, 38], False),          # no room on either side (a framed chip)
    ([55, 376, 168, 399], [46, 368, 177, 404], True),      # a padded 23 px run 9 px in from each side
    ([60, 14, 120, 30], None, False),                      # no frame of its own
])
def test_centred_labels(text_box, frame, centred):
    els = Elements([text_box], ["text"], ["label"], frame=None if frame is None else [frame])
    assert (len(centred_labels(els)) == 1) == centred


@pytest.mark.parametrize("text_box, frame, stretched", [
    ([304, 500, 377, 535], [127, 482, 553, 556], True),    # a calculator's wide "Exact" toggle (scale 2)
    ([60, 14, 120, 30], [40, 6, 140, 38], False),          # a web page's link drawn as a button hugs it
    ([60, 80, 120, 96], [0, 0, 600, 200], False),          # a card round a centred link: no button's height
])
def test_links_on_stretched_plates_are_buttons(text_box, frame, stretched):
    els = Elements([text_box], ["text"], ["Exact"], frame=[frame])
    assert stretched_link_plates(els, np.array([0])).tolist() == ([0] if stretched else [])


@pytest.mark.parametrize("icon_x, text_x, frame_x1, words, is_button", [
    (150, 176, 260, "Help", True),            # a dialog's "Help" with its icon, centred on the plate
    (110, 136, 300, "Close", False),          # pushed to the left of a wide frame: a field's or a row's
    (140, 190, 260, "Help", False),           # the label far from the icon
    (150, 176, 260, "Read the help pages here now", False),   # a sentence
])
def test_an_icon_and_its_label_centred_on_a_plate_are_a_button(icon_x, text_x, frame_x1, words, is_button):
    els = Elements([[icon_x, 16, icon_x + 20, 36], [text_x, 14, text_x + 8 * len(words), 38]], ["icon", "text"],
                   ["", words])
    found = icon_label_plates(els, np.array([[100, 8, frame_x1, 44]]), [np.array([0, 1])])
    assert found.tolist() == ([0] if is_button else [])


def _linked_plates(background: int = 225) -> tuple[np.ndarray, Elements]:
    """Add, Edit and Reset as linked buttons on a grey bar: three 46 x 30 plates sharing 1 px
    rules (the segmenter's holes cut into cells), Add lighter, each label's ink centred."""
    rgb = np.full((80, 260, 3), background, np.uint8)
    rgb[20:50, 20:161] = 120                                      # the rules round and between
    for k, shade in enumerate((245, 215, 215)):
        rgb[21:49, 21 + 47 * k:67 + 47 * k] = shade
    texts = [[32 + 47 * k, 28, 56 + 47 * k, 42] for k in range(3)]
    for x0, y0, x1, y1 in texts:
        rgb[y0 + 2:y1 - 2, x0 + 2:x1 - 2] = 40
    return rgb, Elements(texts, ["text"] * 3, ["Add", "Edit", "Reset"])


def test_linked_buttons_plates_are_found_from_their_labels():
    rgb, els = _linked_plates()
    frames = label_plates(rgb, els)
    assert frames.tolist() == [[21 + 47 * k, 21, 67 + 47 * k, 49] for k in range(3)]
    assert centred_labels(els.with_(frame=frames)).tolist() == [0, 1, 2]


def test_a_gradient_buttons_plate_is_found_from_its_label():
    """A dialog's "Convert" button drawn as a gradient (244 at the top to 235 at the bottom,
    Clearlooks-like) in a 1 px border, 4 px from its neighbour: a fill within a few levels of
    the seed stops half-way down; one that follows the gradient finds the plate."""
    rgb = np.full((80, 260, 3), 245, np.uint8)
    for x0 in (20, 120):
        rgb[20:50, x0:x0 + 96] = 185
        rgb[21:49, x0 + 1:x0 + 95] = np.linspace(244, 235, 28).astype(np.uint8)[:, None, None]
    els = Elements([[40, 25, 96, 45], [150, 25, 186, 45]], ["text"] * 2, ["Convert", "OK"])
    for x0, y0, x1, y1 in els.xyxy.tolist():
        rgb[y0 + 3:y1 - 3, x0 + 2:x1 - 2] = 60
    frames = label_plates(rgb, els)
    assert frames.tolist() == [[21, 21, 115, 49], [121, 21, 215, 49]]
    assert centred_labels(els.with_(frame=frames)).tolist() == [0, 1]


@pytest.mark.parametrize("change, why", [
    (lambda rgb, els: (np.where(rgb == 40, 40, 225).astype(np.uint8), els), "no plate: a panel's text"),
    (lambda rgb, els: (rgb, els.with_(text=np.array(["Add the files now"] * 3, dtype=object))), "a sentence"),
    (lambda rgb, els: (rgb, Elements.concat([els, Elements([[58, 30, 64, 38]], ["icon"], [""])])), "a plate holding two"),
])
def test_what_has_no_label_plate(change, why):
    rgb, els = _linked_plates()
    rgb, els = change(rgb, els)
    assert (label_plates(rgb, els)[0] == -1).all(), why


# ---------------------------------------------------------------- control glyphs named by the icon stage

@pytest.mark.parametrize("glyph, glyph_role, text_box, text_role, expected", [
    ("radio button", "icon", [122, 10, 200, 30], "text", "radio"),            # Qt: the dot, then its label
    ("checkbox", "image", [122, 10, 200, 30], "text", "checkbox"),
    ("toggle", "button", [40, 10, 96, 30], "text", "switch"),                 # label on the left
    ("checkbox", "icon", [150, 10, 230, 30], "text", None),                   # label too far away (34 px)
    ("checkbox", "icon", [122, 50, 200, 70], "text", None),                   # on another row
    ("checkbox", "icon", [122, 10, 200, 30], "menuitem", None),               # a check menu item
    ("radio button", "checkbox", [122, 10, 200, 30], "text", None),           # the classifier's control stays
    ("play", "icon", [122, 10, 200, 30], "text", None),                       # any other glyph
])
def test_control_glyphs(glyph, glyph_role, text_box, text_role, expected):
    els = layout(([100, 12, 116, 28], "icon", "", glyph_role, glyph), (text_box, "text", "Label", text_role))
    rows, roles = control_glyphs(els, np.array([glyph_role, text_role], dtype=object))
    assert (list(roles) if len(rows) else None) == ([expected] if expected else None)


def test_a_check_menu_item_keeps_its_glyph_an_icon():
    """The same glyph and a label the classifier calls a menu item, alone on its row: an open
    menu's check item."""
    els = layout(([100, 12, 116, 28], "icon", "", "icon", "checkbox"), ([122, 10, 200, 30], "text", "Label", "menuitem"),
                 ([122, 36, 220, 56], "text", "Next item", "menuitem"))
    rows, _ = control_glyphs(els, np.array(["icon", "menuitem", "menuitem"], dtype=object))
    assert rows.tolist() == []


@pytest.mark.parametrize("boxes, roles, expected", [
    # a menu: items stacked at one left edge
    ([[10, 10, 90, 30], [10, 36, 120, 56], [10, 62, 70, 82]], ["menuitem"] * 3, [True, True, True]),
    # items side by side on a row (a toolbar's "Linear  Tree  Thread") are no menu's
    ([[10, 10, 60, 30], [80, 10, 120, 30], [150, 10, 200, 30]], ["menuitem"] * 3, [False, False, False]),
    # ... unless far apart (over eight heights): two menus' items side by side
    ([[10, 10, 60, 30], [300, 10, 380, 30]], ["menuitem"] * 2, [True, True]),
    # ... nor is one with any other label beside it ("Linear" text, "Tree" menu item, "Thread"
    # tab); a run called no menu item is none
    ([[10, 10, 90, 30], [100, 10, 160, 30]], ["menuitem", "text"], [False, False]),
    ([[10, 10, 90, 30], [100, 10, 160, 30]], ["menuitem", "tab"], [False, False]),
    # ... but a glyph read as a letter or two ("0" for a ring) is no label
    ([[10, 10, 90, 30], [100, 10, 116, 30]], ["menuitem", "glyph"], [True, False]),
    # an item's accelerator on its row, made a menu item too, is no item beside it
    ([[10, 10, 90, 30], [140, 10, 200, 30]], ["menuitem", "accel"], [True, True]),
])
def test_menu_items(boxes, roles, expected):
    from detact.semantics.siblings import menu_items

    texts = ["Ctrl+W" if role == "accel" else "0" if role == "glyph" else "Item" for role in roles]
    roles = ["text" if role == "glyph" else role for role in roles]
    roles = ["menuitem" if role == "accel" else role for role in roles]
    assert menu_items(np.array(boxes, float), np.array(roles, dtype=object), np.array(texts, dtype=object)).tolist() \
        == expected


@pytest.mark.parametrize("read, box, expected", [
    ("@e", [100, 10, 118, 30], "checkbox"),   # a dark theme's tick read as letters, still named a checkbox
    ("0", [100, 10, 116, 30], "checkbox"),    # an empty box read as a zero
    ("Ok", [80, 10, 118, 30], None),          # wider than 1.5 heights: a word, not a glyph
    ("abc", [100, 10, 118, 30], None),        # three characters
])
def test_control_glyphs_read_as_letters(read, box, expected):
    els = layout((box, "text", read, "text", "checkbox"), ([122, 10, 200, 30], "text", "Label", "text"))
    rows, roles = control_glyphs(els, np.array(["text", "text"], dtype=object))
    assert (list(zip(rows.tolist(), roles)) if len(rows) else None) == ([(0, expected)] if expected else None)


@pytest.mark.parametrize("text, box, role, is_glyph", [
    ("O", [29, 513, 46, 530], "radio", True),        # a radio's ring read as a letter
    ("O:", [29, 322, 47, 340], "radio", True),       # ... with its focus dot
    ("[]", [20, 20, 36, 36], "checkbox", True),
    ("O", [29, 513, 46, 530], "button", False),      # not called a control with a glyph
    ("Off", [29, 513, 60, 530], "switch", False),    # a word
    ("OO", [29, 513, 90, 530], "radio", False),      # wider than 1.5 heights
])
def test_glyphs_read_as_letters(text, box, role, is_glyph):
    els = layout((box, "text", text, role))
    assert (len(glyphs_read_as_letters(els, np.array([role], dtype=object))) == 1) == is_glyph


@pytest.mark.parametrize("text, role, is_link", [
    ("https://example.com/docs", "text", True),
    ("www.debian.org", "listitem", True),
    ("#enable-gpu-rasterization", "text", True),     # a page anchor (chrome://flags)
    ("#1", "text", False),                            # a number, not an anchor
    ("example.com", "text", False),                   # a bare host: could be a file name
    ("https://example.com", "textbox", False),        # an address bar's value
    ("Read the docs", "text", False),
])
def test_link_texts(text, role, is_link):
    els = layout(([10, 10, 200, 28], "text", text, role))
    assert (len(link_texts(els, np.array([role], dtype=object))) == 1) == is_link


# ---------------------------------------------------------------- tab rows from their rules

def _row_picture(kind: str) -> tuple[np.ndarray, np.ndarray]:
    """Four 60 x 20 px labels in a row at y 40..60 (4..24 for "band"), drawn as ``kind``: "tabs" (Qt's Windows
    style: each label in a box open into the pane below), "table" (a grid whose lines run on
    through the rows above and below), "links" (nothing between them), "band" (a menu bar on a
    light band over a dark window). Returns the RGB image and the (4, 4) label boxes."""
    from PIL import Image, ImageDraw
    dark = kind == "band"
    img = Image.new("RGB", (400, 140), (30, 30, 30) if dark else (240, 240, 240))
    d = ImageDraw.Draw(img)
    ink = (20, 20, 20)
    top = 4 if dark else 40                   # a menu bar sits at the top of the window
    boxes = np.array([[20 + 80 * k, top, 80 + 80 * k, top + 20] for k in range(4)])
    for x0, y0, x1, y1 in boxes:
        d.rectangle([x0 + 4, y0 + 5, x1 - 4, y1 - 5], fill=ink)            # the word's ink
    if kind == "tabs":
        d.line([(10, 64), (390, 64)], fill=ink)                             # the pane's top edge
        for k in range(5):
            x = 10 + 80 * k
            d.line([(x, 36), (x, 64)], fill=ink)                             # the tabs' sides
        d.line([(10, 36), (330, 36)], fill=ink)
    elif kind == "table":
        for y in (12, 36, 64, 92, 120):
            d.line([(10, y), (330, y)], fill=ink)
        for k in range(5):
            d.line([(10 + 80 * k, 12), (10 + 80 * k, 120)], fill=ink)
    elif kind == "band":
        d.rectangle([0, 0, 400, 23], fill=(235, 235, 235))
        for x0, y0, x1, y1 in boxes:
            d.rectangle([x0 + 4, y0 + 5, x1 - 4, y1 - 5], fill=ink)
    return np.asarray(img), boxes


@pytest.mark.parametrize("kind, tabs", [("tabs", True), ("table", False), ("links", False), ("band", False)])
@pytest.mark.parametrize("third", ["text", "combobox"])
def test_tab_rows(kind, tabs, third):
    """A label the classifier took for a combo box still takes part (Qt's boxed tabs)."""
    rgb, boxes = _row_picture(kind)
    roles = np.array(["link", "link", third, "link"], dtype=object)
    assert tab_rows(rgb, boxes, roles).tolist() == ([0, 1, 2, 3] if tabs else [])


def test_a_button_breaks_a_tab_row():
    """Buttons take no part: a row of framed buttons has rules between and under its labels."""
    rgb, boxes = _row_picture("tabs")
    roles = np.array(["link", "button", "link", "link"], dtype=object)
    assert tab_rows(rgb, boxes, roles).tolist() == []


def _glyph_tile(shape: str, dark: bool = False, label_colour=None) -> np.ndarray:
    """A 40 x 200 strip: a 16 px glyph at x 10-26 (a ring, a ring around a dot, a filled disc, a
    square frame, one with a block inside, a ring with a tick or a slash) and a label's box at x 32-120 (drawn as a bar,
    or a word in ``label_colour``)."""
    from PIL import Image, ImageDraw

    bg, fg = ((45, 45, 45), (200, 200, 200)) if dark else ((246, 245, 244), (120, 120, 120))
    img = Image.new("RGB", (200, 40), bg)
    d = ImageDraw.Draw(img)
    box = (10, 12, 26, 28)
    if shape in ("ring", "dotted", "ticked"):
        d.ellipse(box, outline=fg, width=2)
    if shape == "dotted":
        d.ellipse((15, 17, 21, 23), fill=(53, 132, 228))
    if shape == "ticked":
        d.line((13, 20, 17, 24, 24, 14), fill=fg, width=2)
    if shape == "slashed":                               # a "no entry" sign (Qt's Cancel button)
        d.ellipse(box, outline=fg, width=2)
        d.line((13, 15, 23, 25), fill=fg, width=2)
    if shape == "disc":
        d.ellipse(box, fill=fg)
    if shape == "square":
        d.rectangle(box, outline=fg, width=2)
    if shape == "boxed":
        d.rectangle(box, outline=fg, width=2)
        d.rectangle((14, 16, 22, 24), fill=fg)
    if label_colour is None:
        d.rectangle((32, 16, 120, 24), fill=fg)
    else:                                                 # drawn as a word, to have its ink's colour
        from conftest import font

        d.text((34, 12), "PayPal", fill=label_colour, font=font(14))
    return np.asarray(img)


@pytest.mark.parametrize("shape, dark, is_radio", [
    ("ring", False, True), ("ring", True, True),          # Qt's dark theme: the ring named "record"
    ("dotted", False, True),                              # a checked radio
    ("disc", False, False), ("square", False, False), ("ticked", False, False), ("slashed", False, False),
])
def test_an_icon_drawn_as_a_ring_with_a_label_is_a_radio(shape, dark, is_radio):
    from detact.semantics.roles import ring_glyphs

    els = Elements([[9, 11, 28, 30], [32, 12, 120, 28]], ["icon", "text"], ["", "PayPal"], ["record", ""])
    roles = np.array(["icon", "text"], dtype=object)
    rows, checked = ring_glyphs(_glyph_tile(shape, dark), els, roles)
    assert rows.tolist() == ([0] if is_radio else [])
    assert checked.tolist() == ([shape == "dotted"] if is_radio else [])      # a dot in the ring: checked
    # no label on its right: no radio; a glyph already called a check box keeps its role
    alone = Elements([[9, 11, 28, 30]], ["icon"], [""], ["record"])
    assert ring_glyphs(_glyph_tile(shape, dark), alone, roles[:1])[0].tolist() == []
    assert ring_glyphs(_glyph_tile(shape, dark), els, np.array(["checkbox", "text"], dtype=object))[0].tolist() == []
    # a navigation link drawn in link blue with a circle icon is no radio; a label in plain
    # ink the classifier called a link (a toolbar's "(o) Linear ( ) Tree") is a radio's
    as_link = np.array(["icon", "link"], dtype=object)
    assert ring_glyphs(_glyph_tile(shape, dark, label_colour=(26, 115, 232)), els, as_link)[0].tolist() == []
    grey = (200, 200, 200) if dark else (40, 40, 40)
    assert ring_glyphs(_glyph_tile(shape, dark, label_colour=grey), els, as_link)[0].tolist() == ([0] if is_radio else [])


def _classic_boxes(filled: list[bool], side: list[int]) -> np.ndarray:
    """A 200 x 120 panel with a column of classic Tk check boxes at x 10, one every 28 px from y
    10 (``side`` px each, bevelled, ``filled`` in the accent colour when ticked), a label's bar
    on each row at x 40-150."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (200, 120), (217, 217, 217))
    d = ImageDraw.Draw(img)
    for k, (on, n) in enumerate(zip(filled, side)):
        x0, y0 = 10, 10 + 28 * k
        d.rectangle((x0, y0, x0 + n - 1, y0 + n - 1), fill=(74, 105, 132) if on else (255, 255, 255))
        lit, shade = ((139, 139, 139), (255, 255, 255)) if on else ((255, 255, 255), (139, 139, 139))
        d.line([(x0, y0 + n - 1), (x0, y0), (x0 + n - 1, y0)], fill=lit, width=2)
        d.line([(x0 + 1, y0 + n - 1), (x0 + n - 1, y0 + n - 1), (x0 + n - 1, y0 + 1)], fill=shade, width=2)
        d.rectangle((40, y0 + 4, 150, y0 + n - 5), fill=(40, 40, 40))
    return np.asarray(img)


@pytest.mark.parametrize("case, labels, filled, side, expected", [
    # an empty box the icon stage could not name, and a ticked one it called a receipt: both
    # boxes of one list, the second ticked
    ("column", ["", "receipt", "stop"], [False, True, True], [16, 16, 16], ([0, 1, 2], [False, True, True])),
    # no box found by name in the column: a filled square alone is no box
    ("none named", ["receipt", "receipt", "folder"], [True, True, False], [16, 16, 16], ([], [])),
    # a bigger square is no box of the list
    ("other size", ["", "receipt", "receipt"], [False, True, True], [16, 16, 22], ([0, 1], [False, True])),
])
def test_boxes_drawn_like_a_found_box_in_its_column(case, labels, filled, side, expected):
    from detact.semantics.roles import box_glyphs

    n = len(labels)
    glyphs = [[10, 10 + 28 * k, 10 + side[k], 10 + 28 * k + side[k]] for k in range(n)]
    texts = [[40, 10 + 28 * k, 150, 10 + 28 * k + side[k]] for k in range(n)]
    els = Elements(glyphs + texts, ["icon"] * n + ["text"] * n, [""] * n + ["Option"] * n, labels + [""] * n)
    roles = np.array(["icon"] * n + ["text"] * n, dtype=object)
    rows, ticked = box_glyphs(_classic_boxes(filled, side), els, roles)
    order = np.argsort(rows)
    assert (rows[order].tolist(), ticked[order].tolist()) == expected, case


@pytest.mark.parametrize("shape, read, expected", [
    ("ring", "0", [False]), ("dotted", "O", [True]),      # a ring read as a letter is a radio's
    ("disc", "0", []), ("square", "0", []),               # a filled disc or a box is no ring
    ("ring", "a", []),                                    # a read no ring gives is a word
])
def test_a_ring_read_as_a_letter_before_its_label_is_a_radio(shape, read, expected):
    # qps's toolbar in Qt's Cleanlooks ("(o) Linear ( ) Tree"): the empty ring reads "0" in a
    # text box that reaches into the label's first letter, which must not unmake the ring
    from detact.semantics.roles import ring_glyphs

    els = Elements([[9, 11, 34, 30], [36, 12, 120, 28]], ["text", "text"], [read, "Tree"], ["", ""])
    rows, checked = ring_glyphs(_glyph_tile(shape), els, np.array(["text", "text"], dtype=object))
    assert rows.tolist() == ([0] if expected else [])
    assert checked.tolist() == expected


@pytest.mark.parametrize("label, shape, label_role, expected", [
    ("", "square", "text", [0]),            # a box the icon stage could not name
    ("stop", "square", "text", [0]),        # ... or named "stop", the shape of an empty box
    ("stop", "boxed", "text", []),          # a "stop" with ink inside is as likely a folder's icon
    ("remove", "square", "text", []),       # named anything else: not a check box
    ("", "ring", "text", []),               # round: not a box
    ("stop", "square", "menuitem", []),     # a check menu item
])
def test_an_icon_drawn_as_a_box_with_a_label_is_a_check_box(label, shape, label_role, expected):
    from detact.semantics.roles import box_glyphs

    els = Elements([[9, 11, 28, 30], [32, 12, 120, 28]], ["icon", "text"], ["", "Thread"], [label, ""])
    rows, ticked = box_glyphs(_glyph_tile(shape), els, np.array(["icon", label_role], dtype=object))
    assert rows.tolist() == expected and ticked.tolist() == [False] * len(expected)


# ---------------------------------------------------------------- sliders

def _track(kind: str, h: int = 22, w: int = 400, background: int = 240, ink: int = 120) -> np.ndarray:
    """An (h, w) grey crop: a slider or something shaped like one, drawn."""
    g = np.full((h, w), background, np.uint8)
    mid = h // 2
    if kind in ("thin", "knob only at the end", "two knobs", "thick"):
        t = 8 if kind == "thick" else 3
        g[mid - t // 2:mid - t // 2 + t, 4:w - 4] = ink
    if kind == "thin":
        g[2:h - 2, 120:120 + h - 4] = ink                     # a square knob on the track
    if kind == "knob only at the end":
        g[2:h - 2, 4:4 + h - 4] = ink
    if kind == "two knobs":
        g[2:h - 2, 100:100 + h - 4] = ink
        g[2:h - 2, 300:300 + h - 4] = ink
    if kind == "thick":
        g[:, 100:116] = ink                                   # a knob twice the track, as Chromium's
    if kind == "field":
        g[0, :], g[-1, :], g[:, 0], g[:, -1] = ink, ink, ink, ink
    if kind == "rule":
        g[mid, :] = ink
    if kind == "progress":
        g[mid - 3:mid + 3, 4:w - 4] = 200
        g[mid - 3:mid + 3, 4:150] = ink
    if kind == "hollow knob":                                 # qmmp's volume: an outlined knob, a 5 px track
        g[mid - 2:mid + 3, 14:w - 2] = ink
        g[1:h - 1, 2:15] = ink
        g[2:h - 2, 3:14] = background
    return g


@pytest.mark.parametrize("kind, h, w, expected", [
    ("thin", 22, 400, True),                 # a seek bar: a 3 px track, a knob 18 px tall
    ("knob only at the end", 22, 400, True),  # a media player's bar at 0:00
    ("thick", 16, 200, True),                # a track half as tall as its knob (Chromium's range)
    ("two knobs", 22, 400, False),           # a range slider with two knobs: not this rule's
    ("field", 30, 400, False),               # a text field's frame: ink at top and bottom
    ("rule", 22, 400, False),                # a separator: no knob
    ("progress", 22, 400, False),            # a progress bar: its fill as tall as its track
    ("thin", 22, 100, False),                # not 5 times as wide as tall
    ("hollow knob", 15, 100, True),          # a short volume slider, its knob an outline
])
def test_a_thin_track_with_one_knob_is_a_slider(kind, h, w, expected):
    assert is_slider_track(_track(kind, h, w)) is expected
    # ... light on dark as well as dark on light
    assert is_slider_track(255 - _track(kind, h, w)) is expected


def test_slider_tracks_takes_bare_regions_only():
    crop = _track("thin")
    rgb = np.full((60, 500, 3), 240, np.uint8)
    rgb[20:42, 50:450] = crop[..., None]
    els = Elements([[50, 20, 450, 42], [10, 22, 40, 40]], ["region", "text"], ["", "0:00"])
    assert slider_tracks(rgb, els).tolist() == [0]
    # a text run, or a region holding another element, is none
    assert slider_tracks(rgb, els.with_(kind=np.array(["text", "text"], object))).tolist() == []
    inner = Elements.concat([els, Elements([[160, 22, 180, 40]], ["icon"], [""])])
    assert slider_tracks(rgb, inner).tolist() == []


# ---------------------------------------------------------------- empty fields

def _box_picture(kind: str, h: int = 30, w: int = 400) -> np.ndarray:
    """A (60 + h, 500, 3) picture of a box drawn at (50, 30) on a light grey window."""
    rgb = np.full((60 + h, 500, 3), 246, np.uint8)
    x0, y0, x1, y1 = 50, 30, 50 + w, 30 + h
    rgb[y0:y1, x0:x1] = 255
    border = 180
    if kind != "no bottom":
        rgb[y1 - 1, x0:x1] = border
    rgb[y0, x0:x1], rgb[y0:y1, x0], rgb[y0:y1, x1 - 1] = border, border, border
    if kind == "placeholder":
        rgb[y0 + 10:y1 - 10, x0 + 10:x0 + 90] = 150
    if kind == "flat plate":                                # a plate without a border
        rgb[y0:y1, x0:x1] = 236
    if kind in ("underlined fill", "underline only"):        # Greybird's entry: a rule just below
        rgb[y0:y1 + 1, x0 - 1:x1 + 1] = 236 if kind == "underlined fill" else 246
        rgb[y1, x0:x1] = 160
    return rgb


@pytest.mark.parametrize("kind, h, w, expected", [
    ("empty", 30, 400, True),            # an empty entry
    ("empty", 30, 100, False),           # not 4 times as wide: a button's plate
    ("empty", 80, 400, False),           # too tall: a panel or a text view
    ("placeholder", 30, 400, False),     # something drawn inside: not this rule's
    ("no bottom", 30, 400, False),       # three sides: a tab
    ("flat plate", 30, 400, False),      # no border at all
    ("underlined fill", 30, 400, True),  # a fill off the window's grey with a rule under it
    ("underline only", 30, 400, False),  # a rule under the window's own grey: a separator
])
def test_an_empty_framed_box_of_a_fields_shape_is_a_text_box(kind, h, w, expected):
    rgb = _box_picture(kind, h, w)
    els = Elements([[50, 30, 50 + w, 30 + h]], ["region"], [""])
    assert empty_fields(rgb, els).tolist() == ([0] if expected else [])
    # a region holding another element, or a text run, is none
    held = Elements.concat([els, Elements([[60, 35, 80, 50]], ["icon"], [""])])
    assert empty_fields(rgb, held).tolist() == []
    assert empty_fields(rgb, els.with_(kind=np.array(["text"], object))).tolist() == []


@pytest.mark.parametrize("boxes, expected", [
    # a chart's grid: cells stacked and side by side, sharing their lines
    ([[0, 0, 300, 48], [0, 48, 300, 96], [300, 0, 600, 48], [300, 48, 600, 96]], [True] * 4),
    # two cells one above the other, 1 px apart (each drawn inside its line)
    ([[0, 0, 300, 48], [0, 49, 300, 97]], [True, True]),
    # a form's fields, 8 px apart: no grid
    ([[100, 0, 400, 30], [100, 38, 400, 68]], [False, False]),
    # touching only at a corner, or over less than half the smaller one: no shared side
    ([[0, 0, 300, 48], [300, 48, 600, 96]], [False, False]),
    ([[0, 0, 300, 48], [250, 48, 550, 96]], [False, False]),
    # a field beside a short one ending at its top: side by side needs rows that overlap
    ([[0, 0, 300, 30], [302, 20, 600, 50]], [False, False]),
])
def test_boxes_sharing_a_side_abut(boxes, expected):
    from detact.semantics.compounds import abutting

    assert abutting(np.array(boxes)).tolist() == expected


@pytest.mark.parametrize("case, extra, dropped", [
    ("a chart's four empty cells called text boxes", [], [0, 1, 2, 3]),
    # one holds a text run: that one stays (its text may be a value), the other three go
    ("a cell holding text", [([10, 10, 60, 30], "text", "")], [1, 2, 3]),
])
def test_a_grids_empty_cells_are_no_text_boxes(case, extra, dropped):
    from detact.semantics.compounds import grid_cells

    cells = [[0, 0, 300, 48], [0, 48, 300, 96], [300, 0, 600, 48], [300, 48, 600, 96]]
    els = Elements(cells + [b for b, _, _ in extra], ["region"] * 4 + [k for _, k, _ in extra],
                   [""] * 4 + [t for _, _, t in extra],
                   role=["textbox"] * 4 + ["text"] * len(extra))
    assert grid_cells(els).tolist() == dropped, case
    # fields a form spaces apart stay
    apart = Elements([[100, 0, 400, 30], [100, 38, 400, 68]], ["region"] * 2, [""] * 2, role=["textbox"] * 2)
    assert grid_cells(apart).tolist() == []
    # a region with a value is a filled field, whatever its neighbours
    assert grid_cells(els.with_(value=np.array(["42"] * len(els), object))).tolist() == []


@pytest.mark.parametrize("case, value, after, expected", [
    # Materia's spin box: the value, a "-" (often lost) and a "+" on one flat plate
    ("value, minus, plus", "3.00", [("icon", "remove", 70), ("icon", "add", 120)], True),
    ("the minus lost", "80", [("icon", "add", 80)], True),
    ("signs read as text", "24", [("text", "-", 90), ("text", "+", 130)], True),
    # too far, another word between, a zoom level, a word, nothing after
    ("the plus far off", "3.00", [("icon", "add", 400)], False),
    ("a word between", "80", [("text", "columns", 70), ("icon", "add", 150)], False),
    ("a zoom level", "100%", [("icon", "remove", 100), ("icon", "add", 140)], False),
    ("no number", "Size", [("icon", "add", 90)], False),
    ("no plus", "80", [("icon", "remove", 90)], False),
])
def test_a_number_before_a_plus_is_a_flat_spin_boxs_value(case, value, after, expected):
    from detact.semantics.compounds import flat_spin_values

    boxes = [[40, 100, 40 + 9 * len(value), 120]]
    kinds, texts, labels = ["text"], [value], [""]
    for kind, word, x in after:
        boxes.append([40 + x, 103, 40 + x + 14, 117])
        kinds.append(kind)
        texts.append(word if kind == "text" else "")
        labels.append(word if kind == "icon" else "")
    els = Elements(boxes, kinds, texts, label=labels)
    assert flat_spin_values(els, np.array([0])).tolist() == ([0] if expected else []), case
    # a "+" on the line below is another control's
    below = els.with_(xyxy=els.xyxy + np.array([[0, 0, 0, 0]] + [[0, 40, 0, 40]] * len(after)))
    assert flat_spin_values(below, np.array([0])).tolist() == []


# ---------------------------------------------------------------- keypads

def _keypad(rows: int = 4, cols: int = 4, pitch=(120, 40), label: str = "7", height: int = 20):
    """Labels centred on a grid of keys ``pitch`` (x, y) px apart, ``height`` px tall."""
    boxes, texts = [], []
    for r in range(rows):
        for c in range(cols):
            cx, cy = 60 + pitch[0] * c, 30 + pitch[1] * r
            boxes.append([cx - 8, cy - height // 2, cx + 8, cy + height // 2])
            texts.append(label)
    return np.array(boxes), np.array(texts, object)


@pytest.mark.parametrize("grid, votes, is_keypad", [
    ((4, 4), {"button": 6, "spinbox": 5, "text": 5}, True),      # a calculator: buttons win the vote
    ((4, 4), {"listitem": 10, "button": 6}, False),              # a table of short values votes list item
    ((4, 4), {"button": 6, "text": 6, "spinbox": 4}, True),      # plain text does not vote
    ((4, 4), {"button": 4, "text": 12}, False),                  # mostly plain text: a table
    ((4, 4), {"button": 5, "listitem": 4, "icon": 4, "text": 3}, False),  # buttons under a third
    # a dark theme's keys, borders unseen: nearly all called spin boxes, which vote button
    ((4, 4), {"spinbox": 11, "link": 1, "button": 1, "slider": 1, "text": 2}, True),
    ((4, 4), {"spinbox": 6, "listitem": 10}, False),             # still a table when list items win
    ((2, 6), {"button": 12}, False),                             # two rows: a button bar, not a keypad
    ((6, 2), {"button": 12}, False),                             # two columns
])
def test_a_grid_of_short_labels_is_a_keypad_when_buttons_win(grid, votes, is_keypad):
    boxes, texts = _keypad(*grid)
    roles = np.array([r for r, k in votes.items() for _ in range(k)], object)
    found = keypad_keys(np.array(["text"] * len(boxes), object), boxes, texts, roles)
    assert sorted(found.tolist()) == (list(range(len(boxes))) if is_keypad else [])


@pytest.mark.parametrize("odd, roles_of_odd, kind_of_odd, keys", [
    # a dark theme's pad: "5" called a tab and "-" a check box, and a column of digits made short
    # by them; they stand on the grid, count for its lines, and are keys
    ([5, 9], ("tab", "checkbox"), "text", 16),
    ([5, 9, 13], ("radio", "tab", "checkbox"), "text", 16),
    # a menu item is no key (a menu bar's "Help" over a pad's column): the grid is found without it
    ([5], ("menuitem",), "text", 15),
    # a check box's glyph is no key's label: it stays out, the grid is found without it
    ([5], ("checkbox",), "icon", 15),
    # a grid most of whose labels are called tabs or check boxes votes them: no keypad
    (list(range(10)), ("tab",) * 10, "text", 0),
])
def test_keys_the_classifier_took_for_tabs_or_check_boxes(odd, roles_of_odd, kind_of_odd, keys):
    boxes, texts = _keypad(4, 4)
    roles = np.array(["button"] * len(boxes), object)
    kinds = np.array(["text"] * len(boxes), object)
    roles[odd] = roles_of_odd
    kinds[odd] = kind_of_odd
    found = keypad_keys(kinds, boxes, texts, roles)
    assert len(found) == keys


def test_icons_called_fields_do_not_vote_for_a_keypad():
    """A file view's grid of icons the classifier calls spin boxes is no keypad: only a key's
    text label called a field votes button."""
    boxes, texts = _keypad(4, 4)
    roles = np.array(["spinbox"] * 10 + ["image"] * 6, object)
    assert keypad_keys(np.array(["icon"] * len(boxes), object), boxes, texts, roles).tolist() == []
    assert len(keypad_keys(np.array(["text"] * len(boxes), object), boxes, texts, roles)) == len(boxes)


def test_a_list_rows_icons_are_no_keys():
    """A sidebar's column of place icons (list rows' icon cells) beside a toolbar's row of icons
    made a grid that won the keypad vote; a list row's icon is no key."""
    boxes, texts = _keypad(4, 4)
    kinds = np.array(["icon"] * len(boxes), object)
    roles = np.array(["button"] * len(boxes), object)
    assert len(keypad_keys(kinds, boxes, texts, roles)) == len(boxes)
    column = boxes[:, 0] == boxes[:, 0].min()
    roles[column] = "listitem"
    assert not set(keypad_keys(kinds, boxes, texts, roles).tolist()) & set(np.flatnonzero(column).tolist())


@pytest.mark.parametrize("right_columns, right_pitch, found", [
    (3, 110, 28),     # a calculator's function pad beside its number pad, keys of two widths
    (3, 180, 28),     # one pitch: one keypad
    (6, 110, 40),
])
def test_two_pads_on_one_row_are_judged_apart(right_columns, right_pitch, found):
    left, texts = _keypad(4, 4, pitch=(180, 100))
    right, _ = _keypad(4, right_columns, pitch=(right_pitch, 100))
    boxes = np.concatenate([left, right + np.array([700, 0, 700, 0])])
    kinds = np.array(["text"] * len(boxes), object)
    roles = np.array(["button"] * len(boxes), object)
    assert len(keypad_keys(kinds, boxes, np.array(["7"] * len(boxes), object), roles)) == found


def test_keypad_needs_short_labels_spread_apart():
    boxes, texts = _keypad()
    kinds = np.array(["text"] * len(boxes), object)
    roles = np.array(["button"] * len(boxes), object)
    assert len(keypad_keys(kinds, boxes, texts, roles)) == 16
    # words, not key labels
    assert len(keypad_keys(kinds, boxes, np.array(["Preferences"] * 16, object), roles)) == 0
    # letters a few px apart are one word's, not keys
    tight, _ = _keypad(pitch=(18, 40))
    assert len(keypad_keys(kinds, tight, texts, roles)) == 0
    # short tokens on irregular columns (code beside its line numbers) are no keypad
    ragged = boxes.copy()
    ragged[ragged[:, 0] > 150, 0::2] += 90
    ragged[ragged[:, 0] > 400, 0::2] += 200
    assert len(keypad_keys(kinds, ragged, texts, roles)) == 0
    # two keypads side by side with rows of their own pitch: each is judged apart
    right, _ = _keypad(pitch=(120, 52))
    both = np.concatenate([boxes, right + np.array([600, 7, 600, 7])])
    assert len(keypad_keys(np.array(["text"] * 32, object), both, np.concatenate([texts, texts]),
                           np.array(["button"] * 32, object))) == 32
    # a grid of dozens of columns (a character map's glyph table) is no keypad
    wide, wide_texts = _keypad(cols=20)
    assert len(keypad_keys(np.array(["text"] * 80, object), wide, wide_texts, np.array(["button"] * 80, object))) == 0
    # glyphs count as keys
    assert len(keypad_keys(np.array(["icon"] * 16, object), boxes, np.array([""] * 16, object), roles)) == 16


# ---------------------------------------------------------------- check boxes drawn as boxes

def _glyph(kind: str, size: int = 14) -> np.ndarray:
    """A (size + 8, size + 8) grey picture of a glyph drawn at (4, 4) on a white window."""
    g = np.full((size + 8, size + 8), 255, np.uint8)
    a, b = 4, 4 + size - 1
    if kind in ("box", "ticked", "dash"):
        g[a, a:b + 1] = g[b, a:b + 1] = g[a:b + 1, a] = g[a:b + 1, b] = 60
    if kind in ("sunken", "sunken ticked"):                # Qt's Windows style: dark top and left only
        g[a:a + 2, a:b + 1] = 100
        g[a:b + 1, a:a + 2] = 100
    if kind in ("ticked", "sunken ticked"):
        for i in range(size // 2):
            g[a + size // 2 + i // 2, a + 3 + i] = 0
            g[a + size - 4 - i, a + size // 2 + i] = 0
    if kind == "dash":
        g[a + size // 2 - 1:a + size // 2 + 1, a + 3:b - 2] = 0
    if kind == "disc":
        yy, xx = np.mgrid[:size, :size]
        g[a:b + 1, a:b + 1][(yy - size / 2) ** 2 + (xx - size / 2) ** 2 <= (size / 2) ** 2] = 60
    if kind == "bar":
        g[a:a + 4, a:b + 1] = 60
    if kind == "rounded ticked":                           # thunar's: corners cut, a thin top
        g[a, a + 3:b - 2] = 60                             # rule, the tick's tail over the right side
        g[b, a + 1:b] = g[a + 2:b, a] = g[a + 2:b, b] = 60
        for i in range(size // 2):
            g[a + size // 2 + i // 2, a + 3 + i] = 0
            g[a + size - 4 - i, a + size // 2 + i] = 0
    return g


@pytest.mark.parametrize("kind, size, state", [
    ("box", 14, False), ("ticked", 14, True), ("dash", 14, True),     # empty, ticked, mixed
    ("sunken", 12, False), ("sunken ticked", 12, True),               # Qt's Windows style
    ("ticked", 20, True),
    ("rounded ticked", 16, True),         # three sides (its top is short of 80%): numpy's bools
    ("box", 6, None),                     # too small: a bullet
    ("box", 40, None),                    # too large: a picture frame
    ("disc", 14, None),                   # round: no box
    ("bar", 14, None),                    # not drawn on its sides
])
def test_a_square_box_glyph_is_a_check_box_ticked_when_something_is_inside(kind, size, state):
    assert box_state(_glyph(kind, size), (4, 4, 4 + size, 4 + size)) is state


@pytest.mark.parametrize("border, ticked", [(1, False), (2, False), (4, False), (4, True)])
def test_a_thick_bordered_box_is_read_inside_its_border(border, ticked):
    # a 36 px box at scale 2 draws its border 4 px thick (xfce4-settings-editor's table cells)
    g = np.full((48, 48), 255, np.uint8)
    g[6:42, 6:42] = 90
    g[6 + border:42 - border, 6 + border:42 - border] = 255
    if ticked:
        for i in range(14):
            g[24 + i // 2:27 + i // 2, 12 + i] = 0
            g[36 - i:39 - i, 19 + i] = 0
    assert box_state(g, (6, 6, 42, 42), scale=2.0) is ticked


@pytest.mark.parametrize("kind, h, w, text_box, expected", [
    ("empty", 30, 400, [60, 40, 140, 50], True),       # "Search..." at the left of a bordered entry
    ("empty", 30, 400, [60, 40, 300, 50], True),       # a longer value, room left on its right
    ("empty", 30, 200, [60, 40, 140, 50], True),       # a 200 px entry: 110 px free right of the text
    ("empty", 30, 150, [60, 40, 150, 50], False),      # a left-aligned label with little room: a button
    ("empty", 30, 400, [200, 40, 280, 50], False),     # the text in the middle: a wide button
    ("flat plate", 30, 400, [60, 40, 140, 50], False),  # a selected row's plate: no border
    ("no bottom", 30, 400, [60, 40, 140, 50], False),  # three sides: a tab
    ("empty", 80, 400, [60, 40, 140, 50], False),      # too tall: a text view
])
def test_a_text_alone_in_a_bordered_fields_frame_is_its_placeholder(kind, h, w, text_box, expected):
    rgb = _box_picture(kind, h, w)
    x0, y0, x1, y1 = text_box
    rgb[y0 + 2:y1 - 2, x0 + 2:x1 - 2] = 120                   # the text's ink
    els = Elements([text_box], ["text"], ["Search..."], frame=[[50, 30, 50 + w, 30 + h]])
    assert placeholder_fields(rgb, els).tolist() == ([0] if expected else [])
    # without a frame, or with something else drawn in the frame, it is none
    assert placeholder_fields(rgb, els.with_(frame=np.full((1, 4), -1))).tolist() == []
    rgb[35:45, 50 + w - 30:50 + w - 20] = 90                  # an arrow at the right end
    assert placeholder_fields(rgb, els).tolist() == []



@pytest.mark.parametrize("icon_box, label, text_x0, expected", [
    (None, "", 60, True),                                  # a path alone at the field's start
    ([58, 37, 74, 53], "folder", 80, True),                # a folder right before the path (thunar)
    ([420, 37, 436, 53], "clear", 60, True),               # a clear icon at the field's end
    ([420, 37, 436, 53], "caret down", 60, False),         # a drop-down arrow: a combo box
    ([58, 37, 74, 53], "folder", 130, False),              # an icon far before the text: no field's
    ([200, 37, 216, 53], "folder", 60, False),             # an icon in the middle: a toolbar's
])
def test_a_text_with_an_icon_at_one_end_of_a_bordered_field_is_a_text_box(icon_box, label, text_x0, expected):
    rgb = _box_picture("empty", 30, 400)
    text_box = [text_x0, 40, text_x0 + 90, 50]
    parts = [Elements([text_box], ["text"], ["/home/ann/"])]
    if icon_box is not None:
        parts.append(Elements([icon_box], ["icon"], [""], [label]))
    els = Elements.concat(parts)
    for x0, y0, x1, y1 in els.xyxy.tolist():
        rgb[y0 + 2:y1 - 2, x0 + 2:x1 - 2] = 120                # their ink
    found = placeholder_compounds(rgb, els, np.array([[50, 30, 450, 60]]), [np.arange(len(els))])
    assert found.tolist() == ([0] if expected else [])


def _tab_label(kind: str) -> np.ndarray:
    """A 20 px label at (40, 20)-(120, 40) on a light bar, with what is drawn round it."""
    rgb = np.full((80, 200, 3), 236, np.uint8)
    rgb[24:36, 42:118] = 40                                    # the label's ink
    blue = (53, 132, 228)
    if kind == "accent bar":                                   # Adwaita-like: a bar past the label
        rgb[44:48, 30:130] = blue
    if kind == "thin link underline":
        rgb[41:42, 40:120] = blue
    if kind == "grey rule":
        rgb[44:48, 30:130] = 150
    if kind == "selected row":                                 # the label on a blue plate
        rgb[14:50, 0:200] = blue
        rgb[24:36, 42:118] = 255
    if kind == "bar as wide as the label":
        rgb[44:48, 40:120] = blue
    return rgb


@pytest.mark.parametrize("kind, is_tab", [
    ("accent bar", True), ("thin link underline", False), ("grey rule", False), ("selected row", False),
    ("bar as wide as the label", False), ("nothing", False),
])
def test_a_label_on_an_accent_bar_is_a_selected_tab(kind, is_tab):
    from detact.semantics.tabs import underlined_tabs

    found = underlined_tabs(_tab_label(kind), np.array([[40, 20, 120, 40]]), np.array(["script.py"], dtype=object),
                            np.array(["text"], dtype=object))
    assert found.tolist() == ([0] if is_tab else [])

# ---------------------------------------------------------------- plates found in the pixels

def _plate_picture(plate_h: int = 34, plate_w: int = 320, extra: str = "") -> tuple[np.ndarray, Elements]:
    """A (200, 1400) light window with a borderless plate 9 grey levels darker (Greybird's
    search entry) at (700, 80) and a clear icon (a dark 14 px disc) 10 px from its right end.
    ``extra``: "text" puts a placeholder in the plate, "band" makes the plate a toolbar band as
    wide as the window."""
    rgb = np.full((200, 1400, 3), 245, np.uint8)
    x0, y0 = (0, 80) if extra == "band" else (700, 80)
    x1 = 1400 if extra == "band" else x0 + plate_w
    rgb[y0:y0 + plate_h, x0:x1] = 236
    ix1 = 700 + plate_w - 10
    cy = y0 + plate_h // 2
    icon = [ix1 - 14, cy - 7, ix1, cy + 7]
    yy, xx = np.mgrid[icon[1]:icon[3], icon[0]:icon[2]]
    disc = (yy - cy + 0.5) ** 2 + (xx - (ix1 - 7) + 0.5) ** 2 <= 49
    rgb[yy[disc], xx[disc]] = 90
    boxes, kinds, labels = [icon], ["icon"], ["close"]
    if extra == "text":
        rgb[y0 + 12:y0 + 22, 712:760] = 120
        boxes, kinds, labels = boxes + [[710, y0 + 10, 762, y0 + 24]], kinds + ["text"], labels + [""]
    return rgb, Elements(boxes, kinds, [""] * len(boxes), labels)


@pytest.mark.parametrize("plate_h, plate_w, extra, label, found", [
    (34, 320, "", "close", True),          # a borderless search entry round its clear icon
    (34, 320, "", "caret down", False),    # a drop-down arrow: left to the combo box rules
    (34, 320, "text", "close", False),     # something else on the plate: not this rule's
    (34, 320, "band", "close", False),     # a toolbar band as wide as the window: runs out
    (34, 60, "", "close", False),          # not 3 times as wide as tall: an icon button
    (80, 320, "", "close", False),         # too tall for a field
])
def test_an_icon_at_the_end_of_a_plain_plate_is_framed_by_it(plate_h, plate_w, extra, label, found):
    rgb, els = _plate_picture(plate_h, plate_w, extra)
    els = els.with_(label=np.array([label] + list(els.label[1:]), object))
    frames = plate_frames(rgb, els)
    x0 = 0 if extra == "band" else 700
    want = [x0, 80, 700 + plate_w, 80 + plate_h]
    assert (frames[0].tolist() == want) is found, frames[0].tolist()
    assert (frames[1:] == -1).all()
    # an icon already framed keeps its frame
    framed = els.with_(frame=np.tile([[1, 2, 3, 4]], (len(els), 1)))
    assert plate_frames(rgb, framed)[0].tolist() == [1, 2, 3, 4]


def test_the_parse_calls_a_borderless_search_entry_a_text_box():
    from detact.parser import Parser
    rgb, _ = _plate_picture()
    fields = [e for e in Parser().parse(rgb).elements if e.role == "textbox"]
    assert len(fields) == 1 and fields[0].bbox == (700, 80, 1020, 114), fields


def _location_plate(label: str = "Location:", with_text: bool = True) -> tuple[np.ndarray, Elements]:
    """Engrampa's location bar: a label, then a borderless plate (239 on 249) at (267, 77),
    1000 x 35, holding a 16 px folder icon at its left end and the path "/" beside it."""
    rgb = np.full((200, 1400, 3), 249, np.uint8)
    rgb[77:112, 267:1267] = 239
    rgb[88:102, 277:293] = (250, 132, 54)                      # the folder
    boxes, kinds, texts, labels = [[277, 88, 293, 102]], ["icon"], [""], ["folder"]
    if with_text:
        rgb[88:102, 299:301] = 40                              # "/"
        boxes, kinds, texts, labels = boxes + [[296, 86, 304, 104]], kinds + ["text"], texts + ["/"], labels + [""]
    rgb[89:101, 185:245] = 60                                  # the label's ink
    boxes, kinds, texts, labels = boxes + [[185, 86, 250, 106]], kinds + ["text"], texts + [label], labels + [""]
    return rgb, Elements(boxes, kinds, texts, labels)


@pytest.mark.parametrize("label, with_text, found", [
    ("Location:", True, True),      # a location bar: "Location:", then the plate with icon and path
    ("Location", True, False),      # no colon: a plate with an icon and a word may be a selected row
    ("Location:", False, False),    # an icon alone on the plate: `plate_frames`' case
])
def test_a_plain_plate_after_a_form_label_holding_an_icon_and_text_is_a_text_field(label, with_text, found):
    from detact.semantics.compounds import labelled_plates

    rgb, els = _location_plate(label, with_text)
    plates, parts = labelled_plates(rgb, els)
    assert (plates.tolist() == [[267, 77, 1267, 112]]) is found, plates.tolist()
    if found:
        assert [p.tolist() for p in parts] == [[0, 1]]              # the icon, then the path


# ---------------------------------------------------------------- action icons

@pytest.mark.parametrize("label, score, icon, role, beside, expected", [
    ("back", 0.9, "", "icon", None, True),                    # a header bar's back arrow, surely named
    ("search", 0.1, "adwaita:edit-find@24", "image", None, True),  # an exact bank match
    ("back", 0.2, "", "icon", None, False),                   # a guess: left alone
    ("folder", 0.9, "", "icon", None, False),                 # a thing shown, not done
    ("home", 0.9, "", "icon", [40, 12, 90, 28], False),       # a sidebar's Home: its label on the right
    ("home", 0.9, "", "icon", [120, 12, 170, 28], True),      # a word far off is no label of it
    ("back", 0.9, "", "checkbox", None, False),               # the classifier saw a control: its call
    ("caret down", 0.2, "", "icon", None, True),              # a split button's menu half, alone
    ("caret down", 0.2, "", "icon", [40, 12, 90, 28], False),  # a value beside it: a combo box's arrow
    ("caret down", 0.2, "", "icon", [-60, 12, -5, 28], False),  # ... on its left too
])
def test_a_named_action_icon_alone_is_a_button(label, score, icon, role, beside, expected):
    els = Elements([[10, 10, 30, 30]], ["icon"], [""], [label], score=[score], icon=[icon])
    roles = np.array([role], object)
    if beside:
        els = Elements.concat([els, Elements([beside], ["text"], ["Home"], score=[0.9])])
        roles = np.array([role, "text"], object)
    assert action_icons(els, roles, 0.5).tolist() == ([0] if expected else [])


def _combo_plate(arrow_x: int = 1000) -> tuple[np.ndarray, Elements]:
    """A Greybird filter combo box: a borderless plate (236 on 245) at (700, 80), 320 x 34, its
    value's ink at the left, a count, and a drop-down arrow (an 10 x 6 triangle) at ``arrow_x``."""
    rgb = np.full((200, 1400, 3), 245, np.uint8)
    rgb[80:114, 700:1020] = 236
    rgb[92:102, 712:740] = 60                                  # "All"
    rgb[92:102, 975:982] = 120                                 # the count "0"
    for k in range(6):
        rgb[94 + k, arrow_x + k:arrow_x + 10 - k] = 60
    els = Elements([[710, 90, 742, 104], [972, 88, 985, 106], [arrow_x, 94, arrow_x + 10, 100]],
                   ["text", "text", "icon"], ["All", "0", ""], ["", "", "caret down"])
    return rgb, els


def test_a_plain_plate_ending_in_a_drop_down_arrow_is_a_combo_box():
    rgb, els = _combo_plate()
    plates, parts = plate_combos(rgb, els, np.zeros((0, 4), np.int64))
    assert plates.tolist() == [[700, 80, 1020, 114]]
    assert [p.tolist() for p in parts] == [[0, 1, 2]]               # value, count, the arrow last
    # inside a group the segmenter found, the compound rules have it already
    assert len(plate_combos(rgb, els, np.array([[690, 75, 1030, 120]]))[0]) == 0
    # an arrow in the middle of the plate is no combo box's
    rgb2, els2 = _combo_plate(arrow_x=850)
    assert len(plate_combos(rgb2, els2, np.zeros((0, 4), np.int64))[0]) == 0
    # something under the line inside the plate: a panel, not a combo box
    taller = rgb.copy()
    taller[114:130, 700:1020] = 236
    assert len(plate_combos(taller, els, np.zeros((0, 4), np.int64))[0]) == 1   # a 50 px plate is one
    taller[118:126, 712:740] = 60
    below = Elements.concat([els, Elements([[710, 116, 742, 128]], ["text"], ["x"])])
    assert len(plate_combos(taller, below, np.zeros((0, 4), np.int64))[0]) == 0


def test_the_parse_calls_a_plain_combo_plate_a_combo_box():
    from detact.parser import Parser
    rgb, _ = _combo_plate()
    combos = [e for e in Parser().parse(rgb).elements if e.role == "combobox"]
    assert [e.bbox for e in combos] == [(700, 80, 1020, 114)], combos


@pytest.mark.parametrize("kind, text, label, role, is_glyph_field, boxy", [
    ("icon", "", "edit", "spinbox", True, False),        # caja's pencil beside its path bar
    ("text", "+", "", "spinbox", True, False),            # a zoom button's plus read as text
    ("icon", "", "checkbox", "combobox", True, True),     # a box glyph may stay a check box
    ("icon", "", "edit", "button", False, False),         # called no field: left alone
    ("icon", "", "search", "textbox", False, False),      # a field's magnifier may stand for its field
    ("text", "12", "", "spinbox", False, False),          # a value: a spin box may show it
    ("text", "A", "", "textbox", False, False),           # a letter
])
def test_a_glyph_alone_is_no_field(kind, text, label, role, is_glyph_field, boxy):
    from detact.semantics.roles import glyph_fields

    rows, drawn_as_box = glyph_fields(np.array([kind, "text"], object), np.array([text, "Name"], object),
                                      np.array([label, ""], object), np.array([role, "textbox"], object))
    assert rows.tolist() == ([0] if is_glyph_field else [])
    assert drawn_as_box.tolist() == ([boxy] if is_glyph_field else [])


def _settings_checks(size: int = 16) -> np.ndarray:
    """thunar's preferences, drawn: rounded check boxes (their top rule short of the corners) with
    labels on a grey pane, the second and third ticked (the tick's tail over the right side)."""
    from PIL import Image, ImageDraw

    from conftest import font

    img = Image.new("RGB", (520, 130), (218, 218, 218))
    d = ImageDraw.Draw(img)
    labels = ["Remember view settings for each folder", "Sort folders before files",
              "Show file size in binary format"]
    for k, label in enumerate(labels):
        x, y = 16, 14 + 36 * k
        d.rounded_rectangle((x, y, x + size - 1, y + size - 1), radius=3, fill=(252, 252, 252),
                            outline=(140, 140, 140))
        if k:
            d.line([(x + 3, y + 8), (x + 6, y + 11), (x + size - 2, y + 3)], fill=(40, 40, 40), width=2)
        d.text((x + size + 6, y + size // 2), label, fill=(40, 40, 40), font=font(15), anchor="lm")
    return np.asarray(img)


def test_ticked_and_empty_check_boxes_of_a_settings_pane():
    from detact.parser import Parser

    els = Parser().parse(_settings_checks()).elements
    boxes = sorted((e for e in els if e.role == "checkbox"), key=lambda e: e.bbox[1])
    assert [e.name for e in boxes] == ["Remember view settings for each folder", "Sort folders before files",
                                       "Show file size in binary format"], [(e.role, e.name, e.bbox) for e in els]
    assert ["checked" in e.states for e in boxes] == [False, True, True]


def test_a_bold_tick_in_a_box_is_no_letter():
    # qpdfview's settings in Qt's Cleanlooks style, from our own read corpus: the bold tick in
    # each ticked box reads "Y", which must not turn the box into a one-letter text button
    from pathlib import Path

    from PIL import Image

    from detact.parser import Parser
    path = Path(__file__).parent / "fixtures" / "qt-cleanlooks-ticked-boxes.png"
    els = Parser().parse(np.asarray(Image.open(path).convert("RGB"))).elements
    boxes = {e.name: "checked" in e.states for e in els if e.role == "checkbox"}
    assert boxes == {"Synchronize outline view": False, "Synchronize split views": True, "Relative jumps": True,
                     "Minimal scrolling": False}, [(e.role, e.name, e.text, e.bbox) for e in els]


def test_a_popup_buttons_up_down_arrows_and_a_split_stepper():
    # screengrab's bar in Qt's Cleanlooks, from our own read corpus: the combo box shows up and
    # down arrows in a button of its own (no glyph to read as "4"), and the spin box's two
    # stepper buttons are parted by a rule, right after its label
    from pathlib import Path

    from PIL import Image

    from detact.parser import Parser
    path = Path(__file__).parent / "fixtures" / "qt-cleanlooks-combo-and-spin.png"
    els = Parser().parse(np.asarray(Image.open(path).convert("RGB"))).elements
    got = {(e.role, e.name, e.value) for e in els}
    assert {("combobox", "Type", "Full screen"), ("spinbox", "Delay", "None")} <= got, got


def test_a_cross_in_a_box_with_a_label_is_a_ticked_box():
    # featherpad's preferences in Qt's Plastique style, from our own read corpus: a ticked box
    # holds a bold cross, which the icon stage names "close"; with its label on its right it is
    # a check box, checked
    from pathlib import Path

    from PIL import Image

    from detact.parser import Parser
    path = Path(__file__).parent / "fixtures" / "qt-plastique-crossed-boxes.png"
    els = Parser().parse(np.asarray(Image.open(path).convert("RGB"))).elements
    boxes = {e.name: "checked" in e.states for e in els if e.role == "checkbox"}
    assert boxes == {"Remember window size on closing": True, "Remember window position on closing": False,
                     "Start with side-pane mode": False, "Remember splitter position": True,
                     "Do not show toolbar": False}, [(e.role, e.name, e.label, e.bbox) for e in els]


def test_classic_tk_radios_in_groups_side_by_side():
    # a Tk window in ttk's "classic" look, from our own read corpus: each radio a bevelled
    # diamond (the unlit one reads as a chevron, not a tree's expander), three groups side by
    # side (no table), the checked one filled in the accent colour
    from pathlib import Path

    from PIL import Image

    from detact.parser import Parser
    path = Path(__file__).parent / "fixtures" / "tk-classic-radio-groups.png"
    els = Parser().parse(np.asarray(Image.open(path).convert("RGB"))).elements
    radios = {e.name: "checked" in e.states for e in els if e.role == "radio"}
    assert radios == {"Reload automatically": True, "Ask me": False, "Ignore changes": False,
                      "All pages": False, "Current page": True, "Pages 1-5": False,
                      "8 bits": False, "16 bits": False, "24 bits": True}, [(e.role, e.name, e.bbox) for e in els]


@pytest.mark.parametrize("items, expected", [
    # a header bar's lone drop-down arrow button: a menu button, "Menu" as GTK names it
    ([([300, 10, 324, 34], "icon", "", "button", "caret down")], ["Menu"]),
    ([([300, 10, 324, 34], "icon", "", "button", "chevron down")], ["Menu"]),
    # a combo box's own arrow, touching its field, is no menu button
    ([([100, 10, 290, 34], "region", "", "combobox"), ([292, 10, 316, 34], "icon", "", "button", "caret down")],
     ["", "caret down"]),
    # an arrow the semantics stage did not make a button, and any other glyph, keep their names
    ([([300, 10, 324, 34], "icon", "", "icon", "caret down")], ["caret down"]),
    ([([300, 10, 324, 34], "icon", "", "button", "settings")], ["settings"]),
    # ... but a button showing three dots or bars of any set is a menu button too: "Menu"
    ([([300, 10, 324, 34], "icon", "", "button", "more options")], ["Menu"]),
    ([([300, 10, 324, 34], "icon", "", "icon", "more options")], ["more options"]),
])
def test_a_lone_drop_down_arrow_button_is_a_menu_button(items, expected):
    out = assign_names(layout(*items))
    assert [e.name for e in out] == expected
    for e, item in zip(out, items):      # an arrow's function is "menu"; other labels stay as they were
        own = item[4] if len(item) > 4 else ""
        want = "menu" if e.name == "Menu" and own in ("caret down", "chevron down") else own
        assert e.label == want


@pytest.mark.parametrize("ink, other", [
    ((204, 40, 40), True),      # a red stop sign the icon stage named "stop": no tick box
    ((120, 120, 120), False),   # a grey empty box the encoder calls "stop": maybe a check box's
])
def test_a_stop_glyph_in_colour_is_no_check_box(ink, other):
    from detact.icons.glyphs import ENCODER_SURE
    from detact.semantics.roles import shows_other_glyph

    rgb = np.full((40, 60, 3), 248, np.uint8)
    if other:
        rgb[14:24, 24:34] = ink                       # a filled sign inside its box
    else:
        rgb[10:28, 20:38] = ink
        rgb[12:26, 22:36] = 248                       # an empty box's 2 px sides
    els = layout(([20, 10, 38, 28], "icon", "", "icon", "stop")).with_(score=np.array([0.95], np.float32))
    assert shows_other_glyph(els, ENCODER_SURE, rgb).tolist() == [other]
    assert shows_other_glyph(els, ENCODER_SURE).tolist() == [False]     # without the pixels: a tick-box glyph


@pytest.mark.parametrize("row, expected", [
    # a PDF viewer's page field and the arrows after it (qpdfview, evince's up and down)
    ([("1 / 12", "text", 100), ("back", "icon", 170), ("forward", "icon", 200)],
     {1: "Previous page", 2: "Next page"}),
    ([("up", "icon", 60), ("3 of 12", "text", 100), ("down", "icon", 170)], {0: "Previous page", 2: "Next page"}),
    ([("first", "icon", 40), ("Page 3 of 12", "text", 70), ("last", "icon", 150)], {0: "First page", 2: "Last page"}),
    # no page counter ("1 / 12" far away, a date "12/05"), or a combo's drop-down arrow: nothing
    ([("back", "icon", 100), ("forward", "icon", 130)], {}),
    ([("1 / 12", "text", 100), ("forward", "icon", 500)], {}),
    ([("12/05/2024", "text", 100), ("forward", "icon", 170)], {}),
    ([("1 / 12", "text", 100), ("caret down", "icon", 170)], {}),
])
def test_page_buttons_beside_a_page_counter(row, expected):
    from detact.semantics.labels import page_buttons

    boxes = np.array([[x, 20, x + (50 if len(t) > 2 and r != "icon" else 16), 42] for t, r, x in row])
    text = np.array([t if r != "icon" else "" for t, r, _ in row], dtype=object)
    label = np.array([t if r == "icon" else "" for t, r, _ in row], dtype=object)
    role = np.array([r for _, r, _ in row], dtype=object)
    assert page_buttons(boxes, text, label, role) == expected


@pytest.mark.parametrize("row, expected", [
    # a number framed alone before its count (atril and evince: "1" in a field, then "(1 of 12)")
    ([("1", "text", "spinbox", (196, 266)), ("(1 of 12)", "text", "text", None)], [0]),
    ([("3", "text", "button", None), ("of 12", "text", "text", None)], [0]),
    # a field where nothing was read, or only the number's selection, before the count
    ([("", "region", "text", None), ("(1 of 12)", "text", "text", None)], [0]),
    # a page counter framed alone (qpdfview's "1 / 1")
    ([("1 / 12", "text", "button", (196, 260))], [0]),
    # a counter without a frame is a label; a word before a count, a far number, an icon: none
    ([("1 / 12", "text", "text", None)], []),
    ([("Page", "text", "text", None), ("of 12", "text", "text", None)], []),
    ([("3", "text", "text", None), ("(1 of 12)", "text", "text", None, 400)], []),
    ([("", "icon", "icon", None), ("(1 of 12)", "text", "text", None)], []),
])
def test_page_number_fields(row, expected):
    from detact.semantics.labels import page_fields

    boxes, x = [], 200
    for item in row:
        width = 50 if len(item[0]) > 2 else 20
        x = item[4] if len(item) > 4 else x
        boxes.append([x, 40, x + width, 64])
        x += width + 50                              # the count 50 px after the number's box
    frame = np.array([[f[0], 36, f[1], 68] if f else [-1] * 4 for _, _, _, f, *_ in row])
    kind = np.array([k for _, k, _, _, *_ in row], dtype=object)
    text = np.array([t for t, *_ in row], dtype=object)
    role = np.array([r for _, _, r, _, *_ in row], dtype=object)
    assert page_fields(kind, np.array(boxes), text, frame, role).tolist() == expected


def test_page_buttons_are_named_and_made_buttons():
    els = layout(([100, 20, 150, 42], "text", "1 / 12", "textbox"), ([170, 20, 186, 42], "icon", "", "icon", "back"),
                 ([200, 20, 216, 42], "icon", "", "button", "forward"))
    out = assign_names(els)
    assert [(e.name, e.role, e.label) for e in out][1:] == [("Previous page", "button", "back"),
                                                             ("Next page", "button", "forward")]


def _dark_form(border: int) -> np.ndarray:
    """A (120, 700) dark panel (45) with "Profile name:" at (20, 36) and an entry at (200, 24),
    440 x 34, whose 1 px border is ``border`` and whose inside is the panel's grey, holding
    "Default" (a terminal's profile dialog: the border 18 levels off the panel)."""
    from PIL import Image, ImageDraw

    from conftest import font
    img = Image.new("RGB", (700, 120), (45, 45, 45))
    d = ImageDraw.Draw(img)
    d.text((20, 41), "Profile name:", fill=(220, 220, 220), font=font(15), anchor="lm")
    d.rounded_rectangle((200, 24, 640, 58), radius=4, outline=(border,) * 3, fill=(45, 45, 45))
    d.text((212, 41), "Default", fill=(235, 235, 235), font=font(15), anchor="lm")
    return np.asarray(img)


@pytest.mark.parametrize("border, frame", [
    (27, [200, 24, 641, 59]),      # a faint border: the plate inside it, grown by the border
    (45, None),                    # no border: the panel runs out of the window, no plate
])
def test_a_faint_fields_plate_is_found_from_its_text(border, frame):
    rgb = _dark_form(border)
    els = Elements([[20, 32, 120, 50], [210, 32, 270, 50]], ["text", "text"], ["Profile name:", "Default"])
    frames = text_plates(rgb, els)
    assert frames[0].tolist() == [-1, -1, -1, -1]          # the label: no plate round it
    if frame is None:
        assert frames[1].tolist() == [-1, -1, -1, -1]
    else:
        assert np.abs(frames[1] - frame).max() <= 1, frames[1].tolist()


def test_the_parse_calls_a_faint_dark_fields_value_a_text_box(parser):
    els = parser.parse(_dark_form(27)).elements
    values = [e for e in els if e.text == "Default"]
    assert len(values) == 1 and values[0].role == "textbox", values


@pytest.mark.parametrize("box, role, is_mate", [
    ([190, 20, 250, 40], "text", True),         # the next bare label on the tab's row
    ([60, 21, 90, 40], "combobox", True),       # on its left, a tab label taken for a combo box
    ([190, 20, 250, 40], "checkbox", False),    # a control keeps its role
    ([190, 20, 250, 40], "button", False),      # so does a button beside the notebook
    ([190, 60, 250, 80], "text", False),        # the row below: the pane's content
    ([400, 20, 460, 40], "text", False),        # more than three heights away
    ([190, 14, 250, 46], "text", False),        # a run of another size
])
def test_the_bare_labels_on_an_underlined_tabs_row_are_its_notebooks_tabs(box, role, is_mate):
    from detact.semantics.tabs import underlined_tab_mates

    xyxy = np.array([[100, 20, 160, 40], box])
    found = underlined_tab_mates(xyxy, np.array(["General", "Colors"], object), np.array(["tab", role], object),
                                 np.array([0]))
    assert found.tolist() == ([1] if is_mate else [])


def test_tab_mates_chain_along_the_row():
    from detact.semantics.tabs import underlined_tab_mates

    xyxy = np.array([[100, 20, 160, 40], [190, 20, 250, 40], [280, 20, 340, 40], [370, 20, 430, 40]])
    texts = np.array(["General", "Colors", "Background", "Scrolling"], object)
    roles = np.array(["tab", "text", "text", "text"], object)
    assert underlined_tab_mates(xyxy, texts, roles, np.array([0])).tolist() == [1, 2, 3]
    assert underlined_tab_mates(xyxy, texts, roles, np.array([], np.int64)).tolist() == []


@pytest.mark.parametrize("texts, boxes, frame, is_font", [
    (["Monospace Regular", "12"], [[459, 218, 631, 244], [640, 218, 658, 244]], [445, 213, 672, 247], True),
    (["Sans Bold", "10"], [[459, 219, 540, 243], [645, 221, 660, 242]], [445, 213, 672, 247], True),
    (["Monospace Regular", "12"], [[459, 218, 631, 244], [560, 218, 578, 244]], [445, 213, 672, 247], False),  # mid-frame
    (["Monospace Regular", "px"], [[459, 218, 631, 244], [640, 218, 658, 244]], [445, 213, 672, 247], False),  # no size
    (["Monospace Regular", "12"], [[459, 218, 631, 244], [640, 214, 660, 250]], [445, 213, 672, 247], False),  # taller
    (["Monospace Regular", "12"], [[459, 218, 631, 244], [640, 218, 658, 244]], [445, 180, 672, 280], False),  # no field
])
def test_a_frame_holding_a_fonts_name_and_size_is_a_font_button(texts, boxes, frame, is_font):
    from detact.semantics.plates import font_buttons

    els = Elements(boxes, ["text", "text"], texts)
    assert font_buttons(els, np.array([frame]), [np.array([0, 1])]).tolist() == ([0] if is_font else [])


# ---------------------------------------------------------------- menu bars

def _row(words, gap=14, y=6, h=20):
    """Runs of ``words`` on one row, 9 px a letter, ``gap`` px apart."""
    boxes, x = [], 7
    for w in words:
        boxes.append([x, y, x + 9 * len(w), y + h])
        x += 9 * len(w) + gap
    return np.array(boxes), np.array(words, dtype=object)


@pytest.mark.parametrize("words, expected", [
    (["File", "View", "Search", "Go", "Help"], [0, 1, 2, 3, 4]),          # gucharmap's bar
    (["_File", "_Edit", "Document", "Project", "Build", "Tools", "Help"], [0, 1, 2, 3, 4, 5, 6]),
    (["File", "Edit", "Bold", "Italic", "Underline", "Zoom"], []),          # titles not half the row
    (["Name", "File", "Edit", "View"], []),                                 # a title does not start it
    (["File", "Edit"], []),                                                 # two are no bar
    (["Open", "Save", "Print", "Close"], []),                               # a toolbar's words
])
def test_a_row_of_menu_titles_is_a_menu_bar(words, expected):
    boxes, texts = _row(words)
    assert menu_bar_rows(boxes, texts).tolist() == expected


def test_a_menu_bar_title_names_no_field_below_it():
    """gucharmap: a menu bar's "File" right above the font combo box is no label of it, nor is
    a check box's own text on its left the spin box's."""
    out = assign_names(layout(([7, 6, 34, 26], "text", "File", "menuitem"),
                              ([5, 34, 208, 64], "region", "", "combobox"),
                              ([219, 38, 253, 60], "text", "Bold", "checkbox"),
                              ([270, 34, 380, 64], "region", "", "spinbox")))
    assert out.name.tolist() == ["File", "", "Bold", ""]


@pytest.mark.parametrize("top, level", [(40, True), (42, True), (44, False), (33, False)])
def test_a_label_level_with_an_underlined_tab(top, level):
    """A label's top within 2 px (or a tenth of the tab's height) of a tab's: on its row; an
    open list's item beside the row stands some pixels off."""
    from detact.semantics.tabs import level_with
    xyxy = np.array([[100, 40, 180, 60], [200, top, 280, top + 20]])
    assert level_with(xyxy, np.array([0])).tolist() == [True, level]
    assert level_with(xyxy, np.array([], np.int64)).tolist() == [False, False]


def test_a_parsed_qt_spin_box_showing_its_special_value_is_a_spin_box():
    # screengrab's "Delay: [None ▴▾]" in Fusion at scale 2, cut from our apps corpus: "None" is a
    # word, but the rule before the steppers makes it a spin box's, not a combo box's
    from PIL import Image

    from detact.parser import Parser
    path = Path(__file__).parent / "fixtures" / "qt-spin-special-value-fusion-2x.png"
    els = Parser().parse(np.asarray(Image.open(path).convert("RGB"))).elements
    spins = [i for i in range(len(els)) if els.role[i] == "spinbox"]
    got = [(els.kind[i], els.role[i], els.text[i], els.name[i], els.value[i]) for i in range(len(els))]
    assert len(spins) == 1 and els.name[spins[0]] == "Delay" and els.value[spins[0]] == "None", got
    assert not any(r == "combobox" for r in els.role), got
