"""Containers and parents: the regions that hold several elements (toolbars, menus, lists,
dialogs, panels) become container nodes, and every element and container gets the id of the
smallest container around it, so the parse reads as a tree.

Rules:
1. Every group region the merge found (a frame around two or more elements) that is not itself
   a control is a container; so is a run of three or more menu items on one line (a menu bar).
2. Its role follows what it holds: ``menu`` when most children are menu items (``menubar`` for
   one row of them), ``list`` for list items, ``tablist`` for tabs, ``toolbar`` for one row of
   mostly buttons and icons, ``dialog`` for a large box (at least 20% of the screen's width and
   height) with buttons in its bottom quarter, else ``group``.
3. The parent of an element (or a container) is the smallest container whose box holds its
   centre (its whole box, for containers); elements that already have a parent (a checkbox's
   label) keep it.
"""
from __future__ import annotations

import numpy as np

from ..boxes import areas, coverage
from ..elements import Elements

CONTAINER_ROLES = ("menubar", "menu", "list", "tablist", "toolbar", "dialog", "group")


def _menu_bars(elements: Elements) -> list[np.ndarray]:
    """Boxes around runs of 3+ menu items on one line (rule 1)."""
    rows = np.flatnonzero(elements.role == "menuitem")
    if len(rows) < 3:
        return []
    b = elements.xyxy[rows]
    cy = (b[:, 1] + b[:, 3]) // 2
    h = np.maximum(b[:, 3] - b[:, 1], 1)
    bars, used = [], np.zeros(len(rows), bool)
    for k in np.argsort(cy, kind="stable"):
        if used[k]:
            continue
        same = ~used & (np.abs(cy - cy[k]) <= h[k] / 2)
        if same.sum() >= 3:
            used |= same
            sel = b[same]
            bars.append(np.array([sel[:, 0].min(), sel[:, 1].min(), sel[:, 2].max(), sel[:, 3].max()], np.int32))
    return bars


def _container_role(box: np.ndarray, kids: np.ndarray, elements: Elements, width: int, height: int) -> str:
    """Rule 2 for one container with children rows ``kids``."""
    roles = elements.role[kids]
    if not len(kids):
        return "group"
    share = {r: float(np.mean(roles == r)) for r in ("menuitem", "listitem", "tab")}
    cy = (elements.xyxy[kids, 1] + elements.xyxy[kids, 3]) / 2
    tall = np.maximum(elements.xyxy[kids, 3] - elements.xyxy[kids, 1], 1)
    one_row = np.ptp(cy) <= tall.max() / 2
    if share["menuitem"] >= 0.5:
        return "menubar" if one_row else "menu"
    if share["listitem"] >= 0.5:
        return "list"
    if share["tab"] >= 0.5:
        return "tablist"
    buttons = np.isin(roles, ("button", "icon", "switch")) | (elements.kind[kids] == "icon")
    if one_row and len(kids) >= 2 and buttons.mean() >= 0.6:
        return "toolbar"
    bw, bh = box[2] - box[0], box[3] - box[1]
    low = cy >= box[3] - bh / 4
    if bw >= 0.2 * width and bh >= 0.2 * height and (low & (roles == "button")).any():
        return "dialog"
    return "group"


def build_tree(elements: Elements, groups: np.ndarray, width: int, height: int,
               first_id: int) -> tuple[Elements, Elements]:
    """Containers (numbered from ``first_id``, smallest first) and ``elements`` with their
    parents set (rule 3)."""
    boxes = [np.asarray(g, np.int32) for g in groups] + _menu_bars(elements)
    if not boxes:
        return elements, Elements()
    boxes = np.unique(np.array(boxes, np.int32).reshape(-1, 4), axis=0)
    boxes = boxes[np.argsort(areas(boxes), kind="stable")]          # smallest first
    ids = first_id + np.arange(len(boxes), dtype=np.int32)
    centers = elements.centers
    holds = (centers[None, :, 0] >= boxes[:, None, 0]) & (centers[None, :, 0] < boxes[:, None, 2]) & \
        (centers[None, :, 1] >= boxes[:, None, 1]) & (centers[None, :, 1] < boxes[:, None, 3])   # (C, N)
    # a container is an element's parent when it is the smallest one holding it
    smallest = np.where(holds.any(0), holds.argmax(0), -1)
    roles = [_container_role(boxes[c], np.flatnonzero(smallest == c), elements, width, height)
             for c in range(len(boxes))]
    parent = elements.parent.copy()
    free = (parent < 0) & (smallest >= 0)
    parent[free] = ids[smallest[free]]
    # containers nest: the smallest larger container holding a container's whole box
    inside = coverage(boxes, boxes) >= 0.95
    np.fill_diagonal(inside, False)
    inside &= areas(boxes)[:, None] > areas(boxes)[None, :]
    outer = np.where(inside.any(0), inside.argmax(0), -1)
    container_parent = np.where(outer >= 0, ids[np.maximum(outer, 0)], -1)
    containers = Elements(boxes, ["region"] * len(boxes), id=ids, role=roles, parent=container_parent)
    return elements.with_(parent=parent), containers
