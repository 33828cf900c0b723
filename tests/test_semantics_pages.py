"""Roles, states and names on a page rendered by headless Chromium: each control drawn at a
known place must come back with the role, states and name an accessibility tree would give."""
from __future__ import annotations

import pytest

from chromium import chromium_binary, render_html
from detact.imageio import load_image
from detact.runtime import package_data

pytestmark = [pytest.mark.skipif(chromium_binary() is None, reason="chromium is not installed"),
              pytest.mark.skipif(not package_data("models", "controls.onnx").is_file(),
                                 reason="the control classifier is not built (training/controls)")]

SWITCH_CSS = """
.switch{appearance:none;width:44px;height:24px;border-radius:12px;background:#cbd5e1;position:relative;margin:0}
.switch::after{content:"";position:absolute;top:3px;left:3px;width:18px;height:18px;border-radius:9px;background:#fff}
.switch:checked{background:#2563eb}.switch:checked::after{left:23px}
"""
TRASH = ('<svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor">'
         '<path d="M5.5 5.5A.5.5 0 0 1 6 6v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m2.5 0a.5.5 0 0 1 .5.5v6'
         'a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m3 .5a.5.5 0 0 0-1 0v6a.5.5 0 0 0 1 0z"/>'
         '<path d="M14.5 3a1 1 0 0 1-1 1H13v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4h-.5a1 1 0 0 1-1-1V2'
         'a1 1 0 0 1 1-1H6a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1h3.5a1 1 0 0 1 1 1zM4.118 4 4 4.059V13'
         'a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V4.059L11.882 4zM2.5 3h11V2h-11z"/></svg>')

# (key, css left, top, html): controls at fixed places, labels where toolkits put them
ROWS = [
    ("newsletter", 40, 40, '<label><input type="checkbox" checked style="width:16px;height:16px"> '
                           'Send me the newsletter</label>'),
    ("offers", 40, 80, '<label><input type="checkbox" style="width:16px;height:16px"> Show special offers</label>'),
    ("locked", 40, 120, '<label style="color:#9ca3af"><input type="checkbox" disabled style="width:16px;height:16px"> '
                        'Locked setting</label>'),
    ("wifi", 40, 170, '<span style="display:inline-block;width:200px">Wi-Fi</span><input class="switch" type="checkbox" '
                      'role="switch" checked>'),
    ("bluetooth", 40, 215, '<span style="display:inline-block;width:200px">Bluetooth</span><input class="switch" '
                           'type="checkbox" role="switch">'),
    ("small", 40, 265, '<label><input type="radio" name="size" checked style="width:16px;height:16px"> Small</label>'),
    ("large", 180, 265, '<label><input type="radio" name="size" style="width:16px;height:16px"> Large</label>'),
    ("country", 40, 315, '<span style="display:inline-block;width:110px">Country</span><select style="width:180px;'
                         'height:30px;font-size:15px"><option>Canada</option></select>'),
    ("email", 40, 370, '<input placeholder="Email address" style="width:260px;height:30px;font-size:15px">'),
    ("delete", 40, 420, f'<button title="Delete" style="width:36px;height:36px;padding:8px">{TRASH}</button>'),
    # a settings row (chrome://flags): title and description left, the select at the row's end
    ("flag", 40, 480, '<div style="width:560px;display:flex;justify-content:space-between;align-items:center">'
                      '<div><div style="font-weight:bold">Smooth scrolling</div><div style="color:#555;'
                      'font-size:13px">Animate scrolling with a short delay on every platform.</div></div>'
                      '<select style="width:150px;height:28px;font-size:14px;border:1px solid #1967d2;'
                      'border-radius:0;background:#fff"><option>Default</option></select></div>'),
]


@pytest.fixture(scope="module")
def parsed(parser, tmp_path_factory):
    d = tmp_path_factory.mktemp("controls")
    body = "".join(f'<div style="position:absolute;left:{x}px;top:{y}px">{html}</div>' for _, x, y, html in ROWS)
    (d / "page.html").write_text(f"<!doctype html><html><head><style>body{{margin:0;background:#fff;color:#111827;"
                                 f"font-family:'DejaVu Sans',sans-serif;font-size:15px}}{SWITCH_CSS}</style></head>"
                                 f"<body>{body}</body></html>")
    return parser.parse(render_html(d / "page.html", d / "page.png", 640, 540))


def _control_at(result, x, y, roles):
    """The element of one of ``roles`` whose click point is nearest (x, y) within 60 px."""
    best = [e for e in result.elements if e.role in roles and abs(e.center[1] - y) <= 20 and abs(e.center[0] - x) <= 260]
    assert best, [(e.role, e.name, e.center) for e in result.elements if abs(e.center[1] - y) <= 20]
    return min(best, key=lambda e: abs(e.center[0] - x) + abs(e.center[1] - y))


# The shipped classifier (held-out role macro 0.80, checked 0.85; issue 12 open) still gets
# these wrong; they stay here, marked, so that a better model shows up as XPASS.
MISSED = pytest.mark.xfail(reason="known miss of the current control classifier (issue 12)", strict=False)


@pytest.mark.parametrize("key, x, y, role, states, name", [
    ("newsletter", 48, 48, "checkbox", {"checked"}, "Send me the newsletter"),
    ("offers", 48, 88, "checkbox", set(), "Show special offers"),
    ("locked", 48, 128, "checkbox", {"disabled"}, "Locked setting"),   # passes with the T1 recognizer
    ("wifi", 262, 182, "switch", {"checked"}, "Wi-Fi"),
    pytest.param("bluetooth", 262, 227, "switch", set(), "Bluetooth", marks=MISSED),  # role right, reads "disabled"
    ("small", 48, 273, "radio", {"checked"}, "Small"),
    ("large", 188, 273, "radio", set(), "Large"),
    ("country", 240, 330, "combobox", None, "Country"),
    ("email", 170, 385, "textbox", None, "Email address"),   # "adress" read, mended by the word list
    ("delete", 58, 438, "button", None, ("delete", "trash")),
    ("flag", 525, 500, "combobox", None, "Smooth scrolling"),
])
def test_controls_have_role_states_and_name(parsed, key, x, y, role, states, name):
    e = _control_at(parsed, x, y, (role,))
    if states is not None:
        assert {"checked", "disabled"} & set(e.states) == states, (key, e)
    names = (name,) if isinstance(name, str) else name
    assert e.name.lower() in [n.lower() for n in names], (key, e)


def test_locate_answers_a_settings_title_with_its_combo_box(parser, parsed):
    # the title is drawn as text and names the combo box: asked by that name, the control wins
    best = parser.locate(parsed, "Smooth scrolling").matches[0]
    assert best.role == "combobox" and 449 <= best.center[0] <= 601 and 482 <= best.center[1] <= 512, best


KEYS = ["7", "8", "9", "/", "4", "5", "6", "*", "1", "2", "3", "-", "0", ".", "=", "+"]
KEY_CSS = ("button{position:absolute;width:120px;height:64px;font-size:18px;color:#2e3436;"
           "font-family:'DejaVu Sans',sans-serif;background:linear-gradient(#f6f5f4,#edebe9);"
           "border:1px solid #cdc7c2;border-radius:5px}"
           "input{position:absolute;left:20px;top:20px;width:300px;height:40px;font-size:18px;"
           "border:1px solid #cdc7c2;border-radius:5px;padding-left:8px}")


def key_box(k: int) -> tuple[int, int, int, int]:
    """CSS box of the ``k``-th key of the keypad page (4 per row)."""
    x, y = 20 + 126 * (k % 4), 90 + 70 * (k // 4)
    return x, y, x + 122, y + 66


@pytest.fixture(scope="module")
def keypad(parser, tmp_path_factory):
    """A calculator keypad (a lone digit centred on each large plate) under a field holding a
    number at its left edge."""
    d = tmp_path_factory.mktemp("keypad")
    keys = "".join(f'<button style="left:{key_box(k)[0]}px;top:{key_box(k)[1]}px">{label}</button>'
                   for k, label in enumerate(KEYS))
    (d / "page.html").write_text(f"<!doctype html><html><head><style>body{{margin:0;background:#fff}}{KEY_CSS}"
                                 f"</style></head><body><input value=\"1234\">{keys}</body></html>")
    return parser.parse(render_html(d / "page.html", d / "page.png", 560, 400))


def test_a_lone_label_centred_on_its_plate_is_a_button(keypad):
    # without the rule of `detact.semantics.plates` the classifier called the digit keys spin boxes
    found = 0
    for k in range(len(KEYS)):
        x0, y0, x1, y1 = key_box(k)
        inside = [e for e in keypad.elements if x0 <= e.center[0] < x1 and y0 <= e.center[1] < y1]
        texts = [e for e in inside if e.kind == "text"]
        found += bool(texts)
        assert all(e.role == "button" for e in texts), (KEYS[k], [(e.text, e.role) for e in inside])
    assert found >= 12, found
    field = [e for e in keypad.elements if e.text == "1234"]
    assert len(field) == 1 and field[0].role == "textbox", field     # a value at the frame's left edge


def test_keypad_digits_read_exactly(keypad):
    # the keys' digits are lone runs read with room on both sides (`detact.text.fast.with_side_room`):
    # cropped tight to the ink, the "2" read as "N". The "0" still reads as "O" (issue 14).
    texts = {e.text for e in keypad.elements if e.kind == "text"}
    assert set("123456789") <= texts, sorted(texts)


FILLED = ["Publish", "Sign up", "Save changes", "Update", "Invite"]
FILLED_CSS = ("button{position:absolute;font:15px 'DejaVu Sans',sans-serif;color:#fff;background:#5755d9;"
              "border:1px solid #4b48d6;border-radius:3px;padding:0 8px;height:37px}")


def test_a_filled_button_tight_around_its_label_keeps_its_plate(parser, tmp_path):
    # the plate and the label's box overlap by IoU >= 0.5; the plate was once dropped as "the same
    # box" (rule 2 of `detact.merge`), and "Save changes" came back as plain text
    body = "".join(f'<button style="left:{40 + 150 * (k % 3)}px;top:{40 + 70 * (k // 3)}px">{t}</button>'
                   for k, t in enumerate(FILLED))
    (tmp_path / "page.html").write_text(f"<!doctype html><html><head><style>body{{margin:0;background:#fff}}"
                                        f"{FILLED_CSS}</style></head><body>{body}</body></html>")
    png = render_html(tmp_path / "page.html", tmp_path / "page.png", 560, 260)
    leaves, _ = parser.leaves(load_image(png))
    framed = {t: bool((f >= 0).all()) for t, f in zip(leaves.text, leaves.frame)}
    assert all(framed.get(t) for t in FILLED), framed
    roles = {e.text: e.role for e in parser.parse(png).elements}
    assert all(roles.get(t) == "button" for t in FILLED), roles


CLEAR = ('<svg width="18" height="14" viewBox="0 0 18 14"><path d="M6 0h11v14H6L0 7z" fill="#a8a8a8"/>'
         '<path d="M9 4l6 6M15 4l-6 6" stroke="#fff" stroke-width="2"/></svg>')
FIELD_CSS = (".f{box-sizing:border-box;width:480px;height:46px;border:1px solid #c0bdb9;border-radius:5px;"
             "background:#fff;display:flex;align-items:center;justify-content:space-between;padding:0 14px}"
             ".b{box-sizing:border-box;width:118px;height:34px;border:1px solid #c0bdb9;border-radius:5px;"
             "background:#f6f5f4;display:inline-flex;align-items:center;justify-content:center;margin-right:4px}")


def test_fields_and_buttons_whose_borders_touch(parser, tmp_path):
    """Text fields stacked 3 px apart and dialog buttons 4 px apart, as GTK dialogs draw them:
    their borders close into one edge component (`segment.classical.framed_holes`). Each field
    is a text box named by its label, its clear icon a button; each button a button."""
    fields = "".join(f'<div style="position:absolute;left:20px;top:{30 + 49 * k}px;width:130px">{label}:</div>'
                     f'<div class="f" style="position:absolute;left:160px;top:{20 + 49 * k}px">'
                     f'<span>{value}</span>{CLEAR}</div>'
                     for k, (label, value) in enumerate([("Startup path", ""), ("Plugin path", "")]))
    buttons = ('<div style="position:absolute;left:280px;top:150px">'
               + "".join(f'<span class="b">{t}</span>' for t in ("Cancel", "OK")) + "</div>")
    (tmp_path / "page.html").write_text(f"<!doctype html><html><head><style>body{{margin:0;background:#f6f5f4;"
                                        f"font:15px 'DejaVu Sans',sans-serif;color:#2e3436}}{FIELD_CSS}</style>"
                                        f"</head><body>{fields}{buttons}</body></html>")
    result = parser.parse(render_html(tmp_path / "page.html", tmp_path / "page.png", 680, 220))
    for k, label in enumerate(["Startup path", "Plugin path"]):
        y = 20 + 49 * k + 23
        field = [e for e in result.elements if e.role == "textbox" and e.bbox[0] <= 200 and e.bbox[2] >= 600
                 and e.bbox[1] <= y <= e.bbox[3]]
        assert len(field) == 1 and field[0].name == label, [(e.role, e.name, e.bbox) for e in result.elements]
        icon = [e for e in result.elements if e.parent == field[0].id]
        assert [e.role for e in icon] == ["button"], [(e.role, e.name, e.bbox) for e in icon]
    roles = {e.text: e.role for e in result.elements if e.text in ("Cancel", "OK")}
    assert roles == {"Cancel": "button", "OK": "button"}, roles


MAGNIFIER = ('<svg width="22" height="22" viewBox="0 0 22 22"><circle cx="9" cy="9" r="6" stroke="#2a5db0" '
             'stroke-width="3" fill="none"/><path d="M13 13l7 7" stroke="#333" stroke-width="3"/></svg>')


@pytest.mark.parametrize("width", [160, 90])
def test_empty_search_entries_in_a_toolbar(parser, tmp_path, width):
    """Empty search entries with a clear icon in a toolbar, with a search button between them:
    each entry is a text box (the narrow one too: `compounds.fields_around_icons`), its clear
    icon a button, and the clear icon does not name the field."""
    entry = (f'<div style="box-sizing:border-box;width:{width}px;height:36px;border:1px solid #cdc7c2;'
             f'border-radius:4px;background:#fff;display:flex;align-items:center;justify-content:flex-end;'
             f'padding-right:8px">{CLEAR}</div>')
    gap = f'<div style="width:50px;display:flex;justify-content:center">{MAGNIFIER}</div>'
    (tmp_path / "page.html").write_text(
        "<!doctype html><html><body style='margin:0;background:#fff'><div style='height:20px'></div>"
        "<div style='display:flex;align-items:center;height:48px;border-top:1px solid #ccc;"
        "border-bottom:1px solid #ccc;background:#f6f5f4;padding:0 60px'>"
        f"{entry}{gap}{entry}</div></body></html>")
    result = parser.parse(render_html(tmp_path / "page.html", tmp_path / "page.png", 700, 300))
    fields = sorted((e for e in result.elements if e.role == "textbox"), key=lambda e: e.bbox[0])
    described = [(e.role, e.name, e.bbox) for e in result.elements]
    assert len(fields) == 2, described
    for field, left in zip(fields, (60, 60 + width + 50)):
        assert abs(field.bbox[0] - left) <= 4 and abs(field.bbox[2] - (left + width)) <= 4, described
        assert field.name == "", described
        clear = [e for e in result.elements if e.parent == field.id]
        assert [e.role for e in clear] == ["button"], described


COMBO_CSS = (".e{box-sizing:border-box;width:250px;height:34px;border:1px solid #cdc7c2;border-radius:5px 0 0 5px;"
             "background:#fff;padding:7px 8px}.a{box-sizing:border-box;width:36px;height:34px;border:1px solid "
             "#cdc7c2;border-left:none;border-radius:0 5px 5px 0;display:flex;align-items:center;"
             "justify-content:center}.a:before{content:'';border-left:6px solid transparent;border-right:6px "
             "solid transparent;border-top:6px solid #888}")


def test_editable_combo_boxes_stacked_in_a_dialog(parser, tmp_path):
    """GTK editable combo boxes (an entry, a rule, an arrow button) stacked 4 px apart, so that
    their borders close into one edge component and each is only two holes of it: each is a
    combo box named by its label (`segment.classical.framed_holes`), empty or not, with its
    entry a text box inside it (`semantics.compounds.entries_in_combos`)."""
    rows = [("Search for", ""), ("Replace with", ""), ("Font", "Monospace")]
    body = "".join(f'<div style="position:absolute;left:20px;top:{27 + 38 * k}px">{label}:</div>'
                   f'<div style="position:absolute;left:160px;top:{20 + 38 * k}px;display:flex">'
                   f'<div class="e">{value}</div><div class="a"></div></div>'
                   for k, (label, value) in enumerate(rows))
    (tmp_path / "page.html").write_text(f"<!doctype html><html><head><style>body{{margin:0;background:#f6f5f4;"
                                        f"font:15px 'DejaVu Sans',sans-serif;color:#2e3436}}{COMBO_CSS}</style>"
                                        f"</head><body>{body}</body></html>")
    result = parser.parse(render_html(tmp_path / "page.html", tmp_path / "page.png", 600, 300))
    described = [(e.role, e.name, e.bbox) for e in result.elements]
    for k, (label, value) in enumerate(rows):
        top = 20 + 38 * k
        combo = [e for e in result.elements if e.role == "combobox" and abs(e.bbox[1] - top) <= 3
                 and abs(e.bbox[0] - 160) <= 3 and abs(e.bbox[2] - 446) <= 3]
        assert len(combo) == 1 and combo[0].name == label and combo[0].value == value, described
        entry = [e for e in result.elements if e.parent == combo[0].id and e.role == "textbox"]
        assert len(entry) == 1 and abs(entry[0].bbox[2] - 410) <= 3 and entry[0].value == value, described


def test_seek_bars_and_range_inputs_are_sliders(parser, tmp_path):
    """A media player's seek bar (a 3 px track, a round knob, times at both ends) on a dark bar
    and on a light one, and Chromium's own range input: each is a slider (`semantics.sliders`)."""
    knob = "position:absolute;top:-8px;width:18px;height:18px;border-radius:50%"
    bars = "".join(
        f'<div style="position:absolute;left:0;top:{top}px;width:1000px;height:36px;display:flex;'
        f'align-items:center;gap:10px;padding:0 12px;box-sizing:border-box;background:{bg};color:{fg}">'
        f'<span>0:00</span><div style="position:relative;flex:1;height:3px;background:{track}">'
        f'<div style="{knob};left:{left};background:{bg};border:1px solid #888"></div></div><span>3:21</span></div>'
        for top, bg, fg, track, left in [(0, "#2b2b2b", "#ddd", "#555", "0"), (50, "#f6f5f4", "#222", "#c0bfbc", "30%")])
    (tmp_path / "page.html").write_text(
        "<!doctype html><html><body style=\"margin:0;font:13px 'DejaVu Sans',sans-serif\">" + bars +
        '<div style="position:absolute;top:110px;left:20px">Volume <input type="range" style="width:200px" '
        'value="70"></div></body></html>')
    result = parser.parse(render_html(tmp_path / "page.html", tmp_path / "page.png", 1000, 300))
    described = [(e.role, e.name, e.bbox) for e in result.elements]
    for y in (18, 68, 120):
        sliders = [e for e in result.elements if e.role == "slider" and e.bbox[1] <= y <= e.bbox[3]]
        assert len(sliders) == 1 and sliders[0].bbox[2] - sliders[0].bbox[0] >= 190, described
    volume = [e for e in result.elements if e.role == "slider" and e.bbox[1] >= 100]
    assert volume[0].name == "Volume", described


MENU_ROWS = [("Undo", "Ctrl+Z"), ("Redo", "Shift+Ctrl+Z"), ("Cut", "Ctrl+X"), ("Copy", "Ctrl+C"),
             ("Paste", "Ctrl+V"), ("Select All", "Ctrl+A"), ("Preferences", "")]


def test_an_open_menu_with_accelerators_is_read_as_menu_items(parser, tmp_path):
    """A drop-down menu as desktop toolkits draw it (rows with their accelerators at the end):
    every entry is a menu item (`siblings.menu_columns`), and so is each accelerator (a click on
    it chooses the item)."""
    rows = "".join(f'<div class="r"><span>{label}</span><span class="k">{key}</span></div>'
                   for label, key in MENU_ROWS)
    (tmp_path / "page.html").write_text(
        "<!doctype html><html><head><style>body{margin:0;background:#fafafa;font:14px 'DejaVu Sans',"
        "sans-serif;color:#222}.m{position:absolute;left:40px;top:30px;width:280px;background:#fff;"
        "border:1px solid #ccc;border-radius:4px;box-shadow:0 2px 8px rgba(0,0,0,.25);padding:4px 0}"
        ".r{display:flex;justify-content:space-between;padding:5px 16px}.k{color:#888}</style></head>"
        f'<body><div class="m">{rows}</div></body></html>')
    result = parser.parse(render_html(tmp_path / "page.html", tmp_path / "page.png", 400, 300))
    roles = {e.text: e.role for e in result.elements if e.kind == "text"}
    for label, key in MENU_ROWS:
        assert roles.get(label) == "menuitem", roles
        if key:
            assert roles.get(key) == "menuitem", roles


def test_check_boxes_radios_and_switches_carry_no_icon_function(parsed):
    """The glyph of a check box, radio or switch is the control: the icon stage's shape name
    for it ("stop" for a square, "record" for a ring) is no word of what it is called."""
    indicators = [e for e in parsed.elements if e.role in ("checkbox", "radio", "switch") and e.kind == "icon"]
    assert len(indicators) >= 4, [(e.role, e.kind, e.name) for e in parsed.elements]
    assert [e.label for e in indicators] == [""] * len(indicators), [(e.role, e.label, e.icon) for e in indicators]
    assert {"Send me the newsletter", "Small"} <= {e.name for e in indicators}
