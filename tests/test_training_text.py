"""The recognizer's desktop crops (`training/text/build_desktop.py`): which AT-SPI texts become
training labels, table driven."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training" / "text"))
from build_desktop import leaf_texts  # noqa: E402

from detact.text.recognize import SCREEN_CHARACTERS  # noqa: E402


@pytest.mark.parametrize("texts, labels", [
    (["New\u2026"], ["New..."]),                 # GTK's ellipsis character, spelled as the engine reads it
    (["Open", "Tom\u00e1s"], ["Open"]),          # a character the recognizer cannot spell: no example
    (["two\nlines"], []),                        # a paragraph is no run
    (["Save", "Save"], ["Save"]),                # a button and its label: the smaller box only
])
def test_desktop_labels(texts, labels):
    elements = [{"bbox": [10 - 2 * k, 10 - 2 * k, 80 + 2 * k, 30 + 2 * k], "text": t} for k, t in enumerate(texts)]
    assert [text for _, text in leaf_texts(elements, set(SCREEN_CHARACTERS))] == labels
