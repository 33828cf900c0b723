"""A speaker icon with no slider beside it is a volume button, which accessibility tools call a
slider (`detact.semantics.sliders.volume_buttons`): table driven, and on a drawn media player's
control bar the full parser reads."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from detact.semantics.sliders import volume_buttons

ADWAITA = Path("/usr/share/icons/Adwaita/scalable")
SPEAKER = ADWAITA / "status/audio-volume-high-symbolic.svg"


@pytest.mark.parametrize("items, expected", [
    # a seek bar, the time, then the speaker: GTK's volume button
    ([("region", [60, 231, 785, 253], "", "slider"), ("icon", [854, 235, 870, 249], "volume", "icon")], [1]),
    # a volume slider ending right before the speaker: the slider's mute toggle (qmmp)
    ([("region", [886, 35, 986, 50], "", "slider"), ("icon", [993, 33, 1015, 53], "volume", "icon")], []),
    # a crossed-out speaker alone: a mute toggle more often than a volume button at nothing
    ([("icon", [993, 33, 1015, 53], "mute", "icon")], []),
    # ... or starting right after it
    ([("icon", [100, 33, 122, 53], "volume", "button"), ("region", [126, 35, 226, 50], "", "slider")], []),
    # a slider beside it but on another row: a volume button still
    ([("region", [126, 135, 226, 150], "", "slider"), ("icon", [100, 33, 122, 53], "volume down", "button")], [1]),
    # no slider anywhere (a header bar's volume button)
    ([("icon", [100, 33, 122, 53], "volume", "button")], [0]),
    # another icon is no speaker
    ([("icon", [100, 33, 122, 53], "play", "button")], []),
    # a speaker read as text is text
    ([("text", [100, 33, 122, 53], "volume", "text")], []),
    # a speaker before its label: a list row's or a menu item's icon
    ([("icon", [27, 126, 42, 138], "volume", "button"), ("text", [48, 124, 120, 140], "Sound", "text")], []),
    # ... after another icon (a theme list's row: speaker, globe, name)
    ([("icon", [27, 126, 42, 138], "volume", "button"), ("icon", [48, 125, 62, 139], "globe", "listitem"),
      ("text", [68, 121, 370, 144], "High contrast", "listitem")], []),
    # ... or called an item already
    ([("icon", [27, 126, 42, 138], "volume", "listitem")], []),
])
def test_volume_buttons(items, expected):
    kind, xyxy, labels, roles = (np.array([it[k] for it in items], dtype=object) for k in range(4))
    found = volume_buttons(kind, np.array(xyxy.tolist(), np.int32), labels, roles)
    assert found.tolist() == expected


def control_bar(slider_beside: bool) -> np.ndarray:
    """A media player's bar: "0:00", a seek bar (a thin track with a round knob), "3:21", and
    Adwaita's speaker; with ``slider_beside``, a short volume slider right before the speaker."""
    from tests.conftest import font
    from tests.test_icons import paste_svg
    img = Image.new("RGB", (1000, 400), (246, 245, 244))
    d = ImageDraw.Draw(img)
    d.text((19, 50), "0:00", fill=(46, 52, 54), font=font(15))
    d.rounded_rectangle((62, 59, 640, 62), radius=1, fill=(205, 205, 203))
    d.ellipse((64, 50, 84, 70), fill="white", outline=(170, 170, 168))
    d.text((660, 50), "3:21", fill=(46, 52, 54), font=font(15))
    if slider_beside:
        d.rounded_rectangle((730, 59, 849, 62), radius=1, fill=(205, 205, 203))
        d.ellipse((800, 50, 820, 70), fill="white", outline=(170, 170, 168))
    paste_svg(img, SPEAKER.read_text(), 16, (854, 53), (46, 52, 54))
    return np.asarray(img)


@pytest.mark.parametrize("slider_beside, role", [(False, "slider"), (True, None)])
def test_a_speaker_on_a_control_bar_is_the_volume_slider(slider_beside, role):
    if not SPEAKER.is_file():
        pytest.skip("adwaita-icon-theme is not installed")
    from detact.parser import Parser
    els = Parser().parse(control_bar(slider_beside)).elements
    speaker = [i for i in range(len(els)) if els.kind[i] == "icon" and els.xyxy[i, 0] >= 850]
    assert len(speaker) == 1, [(els.kind[i], els.label[i], els.xyxy[i].tolist()) for i in range(len(els))]
    i = speaker[0]
    assert els.label[i] in ("volume", "volume down")
    if role:
        assert els.role[i] == role and els.name[i] == els.label[i]
    else:
        assert els.role[i] != "slider"
