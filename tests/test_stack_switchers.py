"""A row of icon-and-label segments of one width, one on a plate, is a stack switcher: radio
buttons, the plated one checked (`detact.semantics.switchers`). Table driven on a drawn header
bar (HighContrast's: only the checked segment has a plate, 9 grey levels darker than the bar)
with the elements the parser finds on it; and a parse of gnome-system-monitor's switcher."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.semantics.switchers import icon_label_pairs, stack_switchers

BAR, PLATE = (226, 226, 226), (217, 217, 217)
FIXTURE = Path(__file__).parent / "fixtures" / "gnome-system-monitor-switcher-highcontrast.png"


def _bar(plated: int | None, starts=(582, 876, 1170), width: int = 294):
    """A header bar with segments starting at ``starts`` (``width`` px each, an icon and a label
    centred in each), the ``plated`` one on a darker plate; and the elements found on it."""
    img = Image.new("RGB", (1500, 110), BAR)
    d = ImageDraw.Draw(img)
    kind, boxes, text, label = [], [], [], []
    for k, x in enumerate(starts):
        if k == plated:
            d.rectangle((x, 8, x + width - 1, 100), fill=PLATE, outline=(120, 120, 120))
        cx = x + width // 2
        icon = [cx - 92, 35, cx - 59, 68]
        words = [cx - 44, 38, cx + 92, 69]
        d.rectangle(icon, fill=(30, 30, 30))
        d.rectangle(words, fill=(40, 40, 40))   # stands for the label's ink
        kind += ["icon", "text"]
        boxes += [icon, words]
        text += ["", f"Page {k}"]
        label += ["stop", ""]
    return (np.asarray(img), np.array(kind, dtype=object), np.array(boxes, float), np.array(text, dtype=object),
            np.array(label, dtype=object))


@pytest.mark.parametrize("case, plated, starts, want", [
    ("the first segment on a plate", 0, (582, 876, 1170), 0),
    ("the last", 2, (582, 876, 1170), 2),
    ("four segments", 1, (300, 594, 888, 1182), 1),
    ("no plate: nothing tells which is checked", None, (582, 876, 1170), None),
    ("two segments are no switcher", 0, (582, 876), None),
    ("segments at different pitches (a toolbar's labelled buttons)", 0, (100, 500, 1150), None),
])
def test_stack_switchers(case, plated, starts, want):
    rgb, kind, boxes, text, label = _bar(plated, starts)
    found = stack_switchers(rgb, kind, boxes, text, label)
    if want is None:
        assert found == [], case
        return
    assert len(found) == 1, case
    segs, odd = found[0]
    assert odd == want and [sorted(s.tolist()) for s in segs] == [[2 * k, 2 * k + 1] for k in range(len(starts))], case


@pytest.mark.parametrize("case, kind, boxes, text, label, want", [
    ("an icon before its label", ["icon", "text"], [[10, 10, 30, 30], [40, 12, 120, 30]], ["", "Files"], ["folder", ""],
     [(0, 1)]),
    ("too far before it", ["icon", "text"], [[10, 10, 30, 30], [70, 12, 150, 30]], ["", "Files"], ["folder", ""], []),
    ("an icon grown over its label", ["icon", "text"], [[10, 10, 120, 30], [40, 12, 120, 30]], ["", "Files"],
     ["", ""], [(0, 1)]),
    ("a glyph read as a digit and named by the icon stage", ["text", "text"], [[10, 4, 40, 36], [44, 12, 120, 30]],
     ["0", "Resources"], ["speed", ""], [(0, 1)]),
    ("a digit no icon stage named is a word", ["text", "text"], [[10, 12, 20, 30], [30, 12, 120, 30]],
     ["3", "files"], ["", ""], []),
])
def test_icon_label_pairs(case, kind, boxes, text, label, want):
    got = icon_label_pairs(np.array(kind, dtype=object), np.array(boxes, float), np.array(text, dtype=object),
                           np.array(label, dtype=object))
    assert got == want, case


def test_a_parsed_switcher_is_radio_buttons_the_plated_one_checked():
    # gnome-system-monitor's header bar at scale 2 in HighContrast, cut from our apps corpus
    from detact.parser import Parser
    els = Parser().parse(np.asarray(Image.open(FIXTURE).convert("RGB"))).elements
    words = {str(els.text[i]).strip(): i for i in range(len(els)) if els.kind[i] == "text"}
    got = [(els.kind[i], els.role[i], els.text[i], els.states[i]) for i in range(len(els))]
    assert {"Processes", "Resources", "File Systems"} <= set(words), got
    for word, checked in (("Processes", True), ("Resources", False), ("File Systems", False)):
        i = words[word]
        assert els.role[i] == "radio" and ("checked" in els.states[i]) is checked, got
