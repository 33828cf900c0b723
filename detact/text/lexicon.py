"""Menu-bar words read with one thin glyph wrong.

The recognizer splits a thin stroke in two or reads one thin glyph for another at 12-14 px: a
menu bar's "Edit" comes back as "Edlit", "File" as "FiIe". A menu bar's titles come from a short,
fixed vocabulary, so a menu item's one-word read that becomes one of `MENU_WORDS` by dropping
one thin glyph (`THIN`), or by swapping one for another, is that word. Only menu items are
corrected (the semantics stage knows the role); other text keeps what was read.
"""
from __future__ import annotations

import numpy as np

#: Titles of application menu bars (GTK, Qt, LibreOffice, browsers, IDEs), as drawn.
MENU_WORDS = frozenset({
    "File", "Edit", "View", "Search", "Find", "Tools", "Help", "Window", "Document", "Format", "Insert",
    "Bookmarks", "History", "Project", "Build", "Debug", "Terminal", "Tabs", "Options", "Settings",
    "Image", "Layer", "Select", "Selection", "Filters", "Colors", "Colours", "Table", "Data", "Actions",
    "Navigate", "Refactor", "Code", "Tasks", "Session", "Torrent", "Calculator", "Mode", "Functions",
    "Variables", "Units", "Profile", "Sheet", "Slide", "Shape", "Favorites", "Favourites", "Preferences",
})
#: Glyphs the recognizer confuses with each other or adds when it splits a thin stroke.
THIN = "lIi|1!"


def menu_word(read: str) -> str:
    """``read`` as the menu-bar word it misreads by one thin glyph ("Edlit" -> "Edit", "FiIe" ->
    "File"); unchanged when it is one already, has a space, or no such word is one glyph off."""
    if read in MENU_WORDS or " " in read:
        return read
    thin = [k for k, c in enumerate(read) if c in THIN]
    for k in thin:                                      # one thin glyph too many
        word = read[:k] + read[k + 1:]
        if word in MENU_WORDS:
            return word
    for k in thin:                                      # one thin glyph for another
        for other in THIN[:3]:
            word = read[:k] + other + read[k + 1:]
            if word in MENU_WORDS:
                return word
    return read


def menu_items_read(texts: np.ndarray, roles: np.ndarray) -> np.ndarray:
    """``texts`` (N,) with each menu item's (``roles`` (N,) "menuitem") read put through
    `menu_word`; a copy, object dtype."""
    return np.array([menu_word(str(t)) if r == "menuitem" else t for t, r in zip(texts, roles)], dtype=object)
