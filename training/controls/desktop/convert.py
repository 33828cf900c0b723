"""AT-SPI node dumps (from atspi_dump.py) -> gt.json elements.

Boxes are whole widgets in image pixels (AT-SPI extents x scale), clipped to the screen and to
scrolling ancestors.  Elements under an open popup (menu, combo list, popover, dialog) are
dropped; the popup's own elements are kept.
"""
from __future__ import annotations

INTERACTIVE = {"push button", "toggle button", "check box", "radio button", "combo box", "spin button", "slider",
               "page tab", "menu item", "check menu item", "radio menu item", "table cell", "list item", "tree item",
               "link", "table column header", "column header", "dial", "password text", "entry", "toggle switch",
               "switch"}
NON_INTERACTIVE = {"label", "heading", "image", "icon", "separator", "progress bar", "level bar", "status bar",
                   "caption", "tool tip", "animation", "static", "text"}
CONTAINERS = {"menu bar", "tool bar", "page tab list", "dialog", "list", "table", "tree table", "tree", "list box",
              "popup menu", "menu", "alert", "file chooser"}
CLIP_ROLES = {"scroll pane", "viewport", "table", "tree table", "list", "list box", "tree", "layered pane"}
OVERLAY_TOPLEVEL = {"window", "dialog", "alert", "menu", "popup menu", "tool tip", "file chooser", "frame"}
STATE_MAP = {"checked": "checked", "selected": "selected", "expanded": "expanded", "focused": "focused",
             "pressed": "pressed"}

GTK_CLASS = {"push button": "GtkButton", "toggle button": "GtkToggleButton", "check box": "GtkCheckButton",
             "radio button": "GtkRadioButton", "combo box": "GtkComboBox", "spin button": "GtkSpinButton",
             "slider": "GtkScale", "page tab": "GtkNotebook tab", "menu item": "GtkMenuItem",
             "check menu item": "GtkCheckMenuItem", "radio menu item": "GtkRadioMenuItem", "menu": "GtkMenuItem (submenu)",
             "table cell": "GtkTreeView cell", "list item": "GtkListBoxRow", "link": "GtkLinkButton", "label": "GtkLabel",
             "progress bar": "GtkProgressBar", "level bar": "GtkLevelBar", "separator": "GtkSeparator",
             "icon": "GtkImage", "image": "GtkImage", "animation": "GtkSpinner",
             "table column header": "GtkTreeViewColumn header",
             "menu bar": "GtkMenuBar", "tool bar": "GtkToolbar", "page tab list": "GtkNotebook", "status bar": "GtkStatusbar",
             "dialog": "GtkDialog", "table": "GtkTreeView", "tree table": "GtkTreeView", "list box": "GtkListBox",
             "heading": "GtkLabel (heading)"}


def _rect(n: dict, scale: float) -> list[float] | None:
    e = n.get("ext")
    if not e or e[2] <= 0 or e[3] <= 0:
        return None
    return [e[0] * scale, e[1] * scale, (e[0] + e[2]) * scale, (e[1] + e[3]) * scale]


def _inter(a, b):
    return [max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])]


def _area(r) -> float:
    return max(0.0, r[2] - r[0]) * max(0.0, r[3] - r[1])


def _is_switch(n: dict, rect: list[float], scale: float) -> bool:
    """GTK3 exposes GtkSwitch as an unnamed 'toggle button' shaped about 2:1 with no children."""
    w, h = rect[2] - rect[0], rect[3] - rect[1]
    return (n["role"] == "toggle button" and not n["name"] and n["nchildren"] == 0
            and 1.5 <= w / max(h, 1) <= 2.9 and h <= 44 * scale)


class TreeConverter:
    """Converts one dump of one application."""

    def __init__(self, nodes: list[dict], toolkit: str, scale: float, width: int, height: int):
        self.nodes = nodes
        self.toolkit = toolkit
        self.scale = scale
        self.screen = [0, 0, width, height]
        self.by_path = {tuple(n["path"]): n for n in nodes}

    def parent(self, n: dict) -> dict | None:
        return self.by_path.get(tuple(n["path"][:-1])) if n["path"] else None

    def ancestors(self, n: dict):
        p = self.parent(n)
        while p is not None:
            yield p
            p = self.parent(p)

    def overlays(self) -> list[tuple[tuple, list[float]]]:
        """(path prefix, rect) of popups drawn over the main window."""
        tops = [n for n in self.nodes if n["depth"] == 1 and _rect(n, self.scale)]
        main = max(tops, key=lambda n: _area(_rect(n, self.scale)), default=None)
        out = [(tuple(n["path"]), _rect(n, self.scale)) for n in tops
               if n is not main and n["role"] in OVERLAY_TOPLEVEL]
        for n in self.nodes:
            if n["depth"] <= 1 or "showing" not in n["states"]:
                continue
            parent = self.parent(n)
            popover = "modal" in n["states"] and n["role"] in ("panel", "popup menu", "menu", "window", "filler")  # GTK3
            popup = n["role"] in ("popup menu", "window") or (  # Qt menus and combo lists live under their opener
                n["role"] == "list" and parent is not None and parent["role"] == "combo box")
            if popover or popup:
                out.append((tuple(n["path"]), _rect(n, self.scale)))
        return [(p, r) for p, r in out if r]

    def clip(self, n: dict, rect: list[float]) -> list[float]:
        r = _inter(rect, self.screen)
        for a in self.ancestors(n):
            ar = _rect(a, self.scale)
            if ar and (a["role"] in CLIP_ROLES or "scrollarea" in a.get("id", "").lower()):
                r = _inter(r, ar)
        return r

    def widget(self, n: dict, rect: list[float]) -> str:
        """Widget class: Qt's accessible id (objectName chain), or a GTK class from role and shape."""
        if self.toolkit.startswith("qt"):
            last = (n.get("id") or "").split(".")[-1]
            return f"qt:{last}" if last else f"qt:{n['role']}"
        if _is_switch(n, rect, self.scale):
            return "switch"
        if n["role"] == "text":
            single = rect[3] - rect[1] <= 48 * self.scale
            return "GtkEntry" if "editable" in n["states"] and single else "GtkTextView"
        if n["role"] == "menu item" and self.parent(n) and self.parent(n)["role"] in ("panel", "filler"):
            return "GtkModelButton"
        return GTK_CLASS.get(n["role"], n["role"])

    def role_kind(self, n: dict) -> tuple[bool, bool] | None:
        """(emit, interactable) for a node, or None to skip it."""
        role = n["role"]
        if role == "menu":
            p = self.parent(n)
            item = p is not None and p["role"] in ("menu bar", "menu")
            return (True, item)
        if role == "text":
            return (True, "editable" in n["states"])
        if role in ("icon", "image"):
            return (True, "selectable" in n["states"] or "focusable" in n["states"])
        if role in INTERACTIVE:
            return (True, True)
        if role in NON_INTERACTIVE or role in CONTAINERS:
            return (True, False)
        return None

    def text_of(self, n: dict) -> str:
        role = n["role"]
        if role in ("label", "heading", "text", "table cell", "list item", "status bar", "caption", "static",
                    "tree item", "link"):
            t = n.get("text")
            return (t if t is not None else n["name"]).strip()
        if role in ("check box", "radio button", "page tab", "menu item", "check menu item", "radio menu item",
                    "menu", "combo box", "table column header", "column header"):
            return n["name"].strip() if role != "combo box" else (n.get("text") or n["name"] or "").strip()
        if role == "spin button" and n.get("text") is not None:
            return n["text"].strip()
        return ""

    def ignore_regions(self, elements_paths: list[tuple]) -> list[list[int]]:
        """Popups drawn on screen whose AT-SPI subtree gave no element (e.g. Qt combo lists)."""
        out = []
        for prefix, r in self.overlays():
            if any(p[:len(prefix)] == prefix for p in elements_paths):
                continue
            clip = _inter(r, self.screen)
            if _area(clip) >= 64:
                out.append([int(clip[0]), int(clip[1]), int(-(-clip[2] // 1)), int(-(-clip[3] // 1))])
        return out

    def convert(self) -> tuple[list[dict], list[list[int]]]:
        """(elements, ignore_regions) of the dump."""
        elements, paths = self._elements()
        return elements, self.ignore_regions(paths)

    def elements(self) -> list[dict]:
        return self._elements()[0]

    def _elements(self) -> tuple[list[dict], list[tuple]]:
        overlays = self.overlays()
        seen = set()
        out = []
        paths = []
        for n in self.nodes:
            if n["depth"] == 0 or "visible" not in n["states"] or "showing" not in n["states"]:
                continue
            kind = self.role_kind(n)
            rect = _rect(n, self.scale)
            if kind is None or rect is None:
                continue
            emit, inter = kind
            clip = self.clip(n, rect)
            if _area(clip) < 9 or _area(clip) < 0.6 * _area(rect):
                continue
            path = tuple(n["path"])
            under = [r for p, r in overlays if path[:len(p)] != p and _area(_inter(clip, r)) > 0]
            if under:
                continue
            bbox = [int(clip[0]), int(clip[1]), int(-(-clip[2] // 1)), int(-(-clip[3] // 1))]
            bbox = [max(0, bbox[0]), max(0, bbox[1]), min(self.screen[2], bbox[2]), min(self.screen[3], bbox[3])]
            if bbox[2] - bbox[0] < 2 or bbox[3] - bbox[1] < 2:
                continue
            key = (n["role"], n["name"], tuple(bbox))
            if key in seen:
                continue
            seen.add(key)
            states = [STATE_MAP[s] for s in n["states"] if s in STATE_MAP]
            if "sensitive" not in n["states"] and (inter or n["role"] in ("label", "icon", "image")):
                states.append("disabled")
            widget = self.widget(n, rect)
            out.append({"bbox": bbox, "role": n["role"], "name": n["name"], "text": self.text_of(n),
                        "interactable": inter, "states": _order(states), "widget": widget})
            paths.append(path)
        order = sorted(range(len(out)), key=lambda k: (out[k]["bbox"][1], out[k]["bbox"][0]))
        return [out[k] for k in order], [paths[k] for k in order]


def _order(states: list[str]) -> list[str]:
    order = ["checked", "selected", "disabled", "expanded", "focused", "pressed"]
    return [s for s in order if s in set(states)]
