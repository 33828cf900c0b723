"""Functions an icon's neighbours tell.

An icon names what it draws; the row it sits in can say what it does. One rule so far:

* **New, Open, Save.** A folder between or beside a "new" page and a floppy disk in one toolbar row
  is that toolbar's Open button: freedesktop themes (Tango, elementary, Mint, Numix...) draw
  ``document-open`` as a folder, so the icon stage calls it "folder", while every editor and viewer
  that puts it there names it "Open" (featherpad, geany's default toolbar...). A folder in a file
  manager's sidebar or a list has no such neighbours and stays a folder.
"""
from __future__ import annotations

import numpy as np

from ..elements import Elements

#: Functions whose toolbar neighbour a folder icon is the Open button of.
FILE_ACTIONS = frozenset({"new", "save", "save as"})
#: How far a neighbour may be, in the folder's heights (icon buttons are spaced by about one).
NEIGHBOUR_REACH = 3.0
#: How far the neighbour's centre may sit above or below the folder's, in its heights.
ROW_SLACK = 0.3


def folders_that_open(elements: Elements) -> Elements:
    """``elements`` with each icon labelled "folder" that has a "new", "save" or "save as" icon
    within `NEIGHBOUR_REACH` of its height on its row relabelled "open" (its name too, where
    the name was the label)."""
    icons = np.flatnonzero((elements.kind == "icon") & (elements.label != ""))
    folders = icons[elements.label[icons] == "folder"]
    mates = icons[np.isin(elements.label[icons], list(FILE_ACTIONS))]
    if not len(folders) or not len(mates):
        return elements
    f, m = elements.xyxy[folders].astype(float), elements.xyxy[mates].astype(float)
    h = (f[:, 3] - f[:, 1])[:, None]
    row = np.abs((f[:, None, 1] + f[:, None, 3]) - (m[None, :, 1] + m[None, :, 3])) / 2 <= ROW_SLACK * h
    gap = np.maximum(m[None, :, 0] - f[:, None, 2], f[:, None, 0] - m[None, :, 2])
    beside = row & (gap <= NEIGHBOUR_REACH * h)
    opens = folders[beside.any(axis=1)]
    if not len(opens):
        return elements
    label, name = elements.label.copy(), elements.name.copy()
    name[opens[name[opens] == "folder"]] = "open"
    label[opens] = "open"
    return elements.with_(label=label, name=name)
