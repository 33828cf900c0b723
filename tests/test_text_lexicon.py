"""Menu-bar words read one thin glyph off (`detact.text.lexicon`), table driven, and the parse of a
drawn menu bar."""
from __future__ import annotations

import numpy as np
import pytest

from detact.text.lexicon import menu_items_read, menu_word


@pytest.mark.parametrize("read, word", [
    ("Edlit", "Edit"),          # a thin stroke split in two: one "l" too many
    ("FiIe", "File"),           # an "I" for an "l"
    ("Vlew", "View"),           # an "l" for an "i"
    ("Edit", "Edit"),           # right already
    ("Edits", "Edits"),         # one letter off, but not a thin glyph
    ("Fil", "Fil"),             # one letter short: not read back
    ("Select AII", "Select AII"),  # more than one word: left alone
    ("Bold", "Bold"),           # no menu-bar word near
    ("", ""),
])
def test_menu_word(read, word):
    assert menu_word(read) == word


def test_only_menu_items_are_corrected():
    texts = np.array(["Edlit", "Edlit", "FiIe"], dtype=object)
    roles = np.array(["menuitem", "text", "button"], dtype=object)
    assert menu_items_read(texts, roles).tolist() == ["Edit", "Edlit", "FiIe"]
    assert texts.tolist() == ["Edlit", "Edlit", "FiIe"]          # a copy
