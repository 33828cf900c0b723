"""Icon names that no text on the screen takes (`detact.icons.vocabulary.distinct_labels` and the
parser's last step), table driven, and on a drawn window the full parser reads."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from detact.icons.vocabulary import load_vocabulary

ADWAITA = Path("/usr/share/icons/Adwaita/scalable")


@pytest.mark.parametrize("labels, screen, expected", [
    (["search"], ["Search"], ["find"]),                         # a "Search" menu beside the magnifier
    (["search"], ["Search:"], ["find"]),                        # punctuation is no difference
    (["search", "find"], ["Search"], ["magnifying glass", "find"]),  # "find" is on the screen already
    (["search"], ["Search files"], ["search"]),                 # only a whole read counts
    (["search"], ["Search", "Find"], ["magnifying glass"]),     # the next free synonym
    (["search"], ["Search", "find", "magnifying glass"], ["look up"]),
    (["back", "edit"], ["Back"], ["go back", "edit"]),          # per label
    (["reload"], [], ["reload"]),                               # no text: the function id
    (["fa:xmark"], ["fa:xmark"], ["fa:xmark"]),                 # not a function id: as it is
    ([""], [""], [""]),
])
def test_distinct_labels(labels, screen, expected):
    assert load_vocabulary().distinct_labels(labels, screen) == expected


@pytest.mark.parametrize("labels, buttons, expected", [
    (["home", "home"], [True, False], ["home", "house"]),    # the toolbar's Home, a path bar's house
    (["home", "home"], [True, True], ["home", "home"]),      # two buttons: nothing to tell apart
    (["home", "home"], [False, False], ["home", "home"]),
    (["home", "back"], [True, False], ["home", "back"]),     # another function
])
def test_an_icon_that_is_no_button_leaves_its_word_to_a_button(labels, buttons, expected):
    assert load_vocabulary().distinct_labels(labels, [], buttons=buttons) == expected


@pytest.mark.parametrize("word, function", [
    ("search", "search"),             # an id
    ("magnifying glass", "search"),   # a word only one function lists
    ("go back", "back"),
    ("find", "find"),                 # an id wins over another function's synonym
    ("no such word", None),
])
def test_a_renamed_label_keeps_its_function(word, function):
    f = load_vocabulary().get(word)
    assert (f.id if f else None) == function


def test_parser_names_an_icon_apart_from_the_same_word_in_text():
    """A drawn window: Adwaita's go-previous icon as a toolbar button, and a "Back" text button
    elsewhere. The text keeps "Back"; the icon answers to another word of the back function."""
    if not (ADWAITA / "actions/go-previous-symbolic.svg").is_file():
        pytest.skip("adwaita-icon-theme is not installed")
    from detact.parser import Parser
    from tests.conftest import draw_screen
    from tests.test_icons import paste_svg

    def icon_and_text(words: str):
        base = draw_screen([{"kind": "text", "xy": (300, 14), "text": "Documents", "size": 15},
                            {"kind": "button", "box": (520, 90, 620, 122), "text": words, "fill": (235, 235, 235)}],
                           size=(720, 160), background=(250, 250, 250))
        img = Image.fromarray(base)
        paste_svg(img, (ADWAITA / "actions/go-previous-symbolic.svg").read_text(), 16, (16, 16), (46, 52, 54))
        return Parser().parse(np.asarray(img)).elements

    def icon_labels(elements):
        return [lab for k, lab, (x0, y0, _, _) in zip(elements.kind, elements.label, elements.xyxy) if k == "icon" and x0 < 60]

    alone = icon_and_text("Open")
    assert icon_labels(alone) == ["back"]
    both = icon_and_text("Back")
    assert icon_labels(both) == ["go back"]
    assert "Back" in both.text.tolist()
    assert load_vocabulary().get("go back").id == "back"


def test_a_glyph_too_small_to_box_is_named_on_its_plate():
    """A GTK 3 header bar (Adwaita, rendered under Xvfb; `tests/fixtures/gtk3-headerbar.png`)
    whose view-more button (three 3 px dots) is drawn on a light plate: the segmenter boxes
    only the plate, and the plate's face must not name the glyph (it said "info")."""
    from detact.parser import Parser
    bar = Image.open(Path(__file__).parent / "fixtures" / "gtk3-headerbar.png").convert("RGB")
    screen = Image.new("RGB", (1000, 300), (246, 245, 244))
    screen.paste(bar, (0, 0))
    els = Parser().parse(np.asarray(screen)).elements
    icons = {tuple(els.xyxy[i].tolist()): els.label[i] for i in range(len(els)) if els.kind[i] == "icon"}
    plate = [label for (x0, y0, x1, y1), label in icons.items() if x0 <= 666 and x1 >= 676 and y0 <= 20 and y1 >= 34]
    assert plate == ["more options"], icons
    assert {"sidebar", "back", "forward", "find"} <= set(icons.values())


@pytest.mark.parametrize("icon, button, name", [
    ("adwaita-symbolic:view-refresh-symbolic", True, "Refresh"),   # GTK's stock label, not "reload"
    ("adwaita:system-run@24#dark", True, "Execute"),                # sizes and dark twins alike
    ("tango:go-previous@16", True, "Back"),
    ("elementary-xfce:zoom-original", True, "Normal Size"),
    ("adwaita-symbolic:view-more-symbolic", True, "Menu"),         # only ever on a menu button
    ("adwaita-symbolic:view-more-symbolic", False, ""),            # ... an image of it is unnamed
    ("adwaita-symbolic:open-menu-symbolic", True, "Menu"),
    ("adwaita-symbolic:view-sidebar-symbolic", True, ""),          # GTK names it nothing
    ("mdi:refresh", True, ""),                                     # a web set: no GTK app draws it
    ("", True, ""),
])
def test_toolkit_names_of_freedesktop_icons(icon, button, name):
    from detact.icons.vocabulary import toolkit_name
    assert toolkit_name(icon, button=button) == name


@pytest.mark.parametrize("label, name", [
    ("more options", "Menu"), ("menu", "Menu"),     # three dots or bars of any set: a menu button
    ("settings", ""), ("reload", ""), ("", ""),
])
def test_menu_button_names(label, name):
    from detact.icons.vocabulary import menu_button_name
    assert menu_button_name(label) == name


def test_icon_buttons_of_a_gtk_header_bar_are_named_as_gtk_names_them():
    """The header bar of `test_a_glyph_too_small_to_box_is_named_on_its_plate`: each icon keeps
    its function as ``label`` and takes the name GTK's tree gives it (a menu button's "Menu")."""
    from detact.parser import Parser
    bar = Image.open(Path(__file__).parent / "fixtures" / "gtk3-headerbar.png").convert("RGB")
    screen = Image.new("RGB", (1000, 300), (246, 245, 244))
    screen.paste(bar, (0, 0))
    els = Parser().parse(np.asarray(screen)).elements
    named = {str(els.label[i]): str(els.name[i]) for i in range(len(els)) if els.kind[i] == "icon"}
    # a name that only capitalises the function is the function: one word, not "back Back"
    assert {k: named.get(k) for k in ("back", "find", "menu", "more options", "close")} == {
        "back": "back", "find": "find", "menu": "menu", "more options": "Menu", "close": "close"}, named


def test_the_shipped_toolkit_names_are_what_gtk_says(tmp_path):
    """``icon_templates/toolkit_names.py`` asks a live GTK 3 (under Xvfb, over AT-SPI) and
    writes the shipped table again: same names, where the desktop tools are installed."""
    import json
    import subprocess
    import sys
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "training" / "controls"))
    from desktop.session import DesktopError, check_tools
    try:
        check_tools()
        subprocess.run(["/usr/bin/python3", "-c", "import gi; gi.require_version('Gtk', '3.0')"], check=True,
                       capture_output=True)
    except (DesktopError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"no GTK 3 desktop here: {exc}")
    out = tmp_path / "toolkit_names.json"
    subprocess.run([sys.executable, str(root / "icon_templates" / "toolkit_names.py"), "--out", str(out)],
                   check=True, capture_output=True, timeout=120)
    fresh = json.loads(out.read_text())
    shipped = json.loads((root / "detact" / "data" / "icons" / "toolkit_names.json").read_text())
    assert (fresh["button"], fresh["menu_button"], fresh["sets"], fresh["menu_function"]) == \
        (shipped["button"], shipped["menu_button"], shipped["sets"], shipped["menu_function"])


def test_a_drawn_refresh_button_is_named_refresh():
    """Adwaita's view-refresh and system-run icons drawn on a toolbar: their functions are
    "reload" and "run", their names what GTK's tree says ("Refresh", "Execute")."""
    if not (ADWAITA / "actions/view-refresh-symbolic.svg").is_file():
        pytest.skip("adwaita-icon-theme is not installed")
    from detact.parser import Parser
    from tests.conftest import draw_screen
    from tests.test_icons import paste_svg
    img = Image.fromarray(draw_screen([{"kind": "text", "xy": (300, 14), "text": "Documents", "size": 15}],
                                      size=(720, 160), background=(250, 250, 250)))
    for k, icon in enumerate(("view-refresh", "system-run")):
        paste_svg(img, (ADWAITA / f"actions/{icon}-symbolic.svg").read_text(), 16, (16 + 40 * k, 16), (46, 52, 54))
    els = Parser().parse(np.asarray(img)).elements
    named = {str(els.label[i]): str(els.name[i]) for i in range(len(els)) if els.kind[i] == "icon"}
    assert named == {"reload": "Refresh", "run": "Execute"}, named
