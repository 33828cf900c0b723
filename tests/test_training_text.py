"""The recognizer's desktop crops (`training/text/build_desktop.py`): which AT-SPI texts become
training labels, table driven."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from detact.text.recognize import SCREEN_CHARACTERS

TEXT_RECIPE = Path(__file__).resolve().parents[1] / "training" / "text"


def _build_desktop():
    """`training/text/build_desktop.py`, imported with its own ``common`` and ``build_data``:
    training/controls has a ``common`` too, and the two test modules share one interpreter."""
    shadowed = {name: sys.modules.pop(name) for name in ("common", "build_data") if name in sys.modules}
    sys.path.insert(0, str(TEXT_RECIPE))
    try:
        return importlib.import_module("build_desktop")
    finally:
        sys.path.remove(str(TEXT_RECIPE))
        for name in ("common", "build_data"):
            sys.modules.pop(name, None)
        sys.modules.update(shadowed)


@pytest.mark.parametrize("texts, labels", [
    (["New\u2026"], ["New..."]),                 # GTK's ellipsis character, spelled as the engine reads it
    (["Open", "Tom\u00e1s"], ["Open"]),          # a character the recognizer cannot spell: no example
    (["two\nlines"], []),                        # a paragraph is no run
    (["Save", "Save"], ["Save"]),                # a button and its label: the smaller box only
])
def test_desktop_labels(texts, labels):
    elements = [{"bbox": [10 - 2 * k, 10 - 2 * k, 80 + 2 * k, 30 + 2 * k], "text": t} for k, t in enumerate(texts)]
    assert [text for _, text in _build_desktop().leaf_texts(elements, set(SCREEN_CHARACTERS))] == labels
