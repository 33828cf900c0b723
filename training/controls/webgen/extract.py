"""Ground truth for one rendered page: Chromium's accessibility tree plus in-page geometry.

Roles, names and states come from CDP ``Accessibility.getFullAXTree`` (what a screen reader
sees, shadow DOM and ElementInternals included).  Boxes, visibility and the text drawn inside
each element come from ``extract.js``, which walks the composed tree in the same order as
CDP ``DOM.getDocument(pierce=True)``; that shared order maps AX nodes to JS elements without
one round trip per node.
"""
from __future__ import annotations

import math
from pathlib import Path

JS_SOURCE = (Path(__file__).with_name("extract.js")).read_text()

# CDP AX role -> raw role written to gt.json (ARIA spelling)
ROLE_MAP = {
    "button": "button", "checkbox": "checkbox", "switch": "switch", "radio": "radio",
    "textbox": "textbox", "searchbox": "searchbox", "combobox": "combobox",
    "slider": "slider", "spinbutton": "spinbutton", "tab": "tab", "link": "link",
    "menuitem": "menuitem", "menuitemcheckbox": "menuitemcheckbox",
    "menuitemradio": "menuitemradio", "option": "option", "row": "row",
    "gridcell": "gridcell", "cell": "cell", "columnheader": "columnheader",
    "rowheader": "rowheader", "listitem": "listitem", "treeitem": "treeitem",
    "heading": "heading", "image": "img", "img": "img", "separator": "separator",
    "progressbar": "progressbar", "DisclosureTriangle": "button",
    "PopUpButton": "combobox", "meter": "meter",
    # containers
    "dialog": "dialog", "alertdialog": "alertdialog", "menu": "menu", "menubar": "menubar",
    "listbox": "listbox", "toolbar": "toolbar", "tablist": "tablist", "tree": "tree",
    "grid": "grid", "treegrid": "treegrid", "table": "table", "list": "list",
    "radiogroup": "radiogroup",
}
INTERACTIVE = {
    "button", "checkbox", "switch", "radio", "textbox", "searchbox", "combobox", "slider",
    "spinbutton", "tab", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "option",
    "gridcell", "treeitem", "columnheader",
}
CONTAINERS = {"dialog", "alertdialog", "menu", "menubar", "listbox", "toolbar", "tablist",
              "tree", "grid", "treegrid", "table", "list", "radiogroup"}
# roles whose drawn text belongs to them (their text lines are not emitted separately)
TEXT_OWNERS = (INTERACTIVE | {"heading", "row", "cell", "rowheader", "listitem", "progressbar"}) - {"row"}
MIN_VIS = 0.6     # fraction of hit-test points that must reach the element
MIN_INSIDE = 0.6  # fraction of the element's area that must be inside its clip


def _dfs_backend_ids(doc_root: dict) -> tuple[list[int], list[str]]:
    """Backend node ids and tag names of elements in extract.js's walk order."""
    ids: list[int] = []
    tags: list[str] = []

    def visit(node: dict) -> None:
        if node.get("nodeType") == 1:
            ids.append(node["backendNodeId"])
            tags.append(node.get("localName") or node["nodeName"].lower())
            for sr in node.get("shadowRoots", []):
                if sr.get("shadowRootType") == "open":
                    for c in sr.get("children", []):
                        visit(c)
        for c in node.get("children", []):
            visit(c)

    for c in doc_root.get("children", []):
        visit(c)
    return ids, tags


def _ax_states(node: dict) -> list[str]:
    """The gt.json states of one AX node."""
    props = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
    states = []
    if props.get("checked") in ("true", True):
        states.append("checked")
    if props.get("selected") is True:
        states.append("selected")
    if props.get("disabled") is True:
        states.append("disabled")
    if props.get("expanded") is True:
        states.append("expanded")
    if props.get("focused") is True:
        states.append("focused")
    if props.get("pressed") in ("true", True):
        states.append("pressed")
    return states


def _widget(recs: list[dict], i: int) -> str:
    """What the element really is: its data-w annotation, its shadow host, or its tag."""
    r = recs[i]
    if r.get("w"):
        return r["w"]
    h = r["host"]
    while h >= 0:
        if recs[h].get("w"):
            return recs[h]["w"]
        if "-" in recs[h]["tag"]:
            return recs[h]["tag"]
        h = recs[h]["host"]
    desc = r["tag"]
    if r.get("type") and r["tag"] in ("input", "button"):
        desc += f"[type={r['type']}]"
    if r.get("role"):
        desc += f"[role={r['role']}]"
    return desc


def _scope(recs: list[dict], i: int) -> int:
    """Element whose DFS range holds an element's drawn text: its component host if any."""
    h = recs[i]["host"]
    return h if h >= 0 else i


def _to_px(rect: list[float], scale: float, vw: int, vh: int) -> list[int]:
    """CSS rect -> integer device-pixel bbox, clipped to the screenshot."""
    x0 = max(0, math.floor(rect[0] * scale + 1e-6))
    y0 = max(0, math.floor(rect[1] * scale + 1e-6))
    x1 = min(int(round(vw * scale)), math.ceil(rect[2] * scale - 1e-6))
    y1 = min(int(round(vh * scale)), math.ceil(rect[3] * scale - 1e-6))
    return [x0, y0, x1, y1]


def _area(r: list[float]) -> float:
    return max(0.0, r[2] - r[0]) * max(0.0, r[3] - r[1])


def _passes(p: dict, role: str = "") -> bool:
    """Is a probed box drawn on screen (opaque enough, inside its clip, not covered)?

    Every hit-test point must reach the element (a menu over half a button hides it),
    except for containers, which popups often overlap a little.
    """
    if p["op"] < 0.3 or p["vis"] < (MIN_VIS if role in CONTAINERS else 1.0):
        return False
    full, clip = _area(p["rect"]), _area(p["clip"])
    return clip >= 9 and clip >= MIN_INSIDE * full


def _iou(a: list[int], b: list[int]) -> float:
    ix = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    return inter / max(1, _area(a) + _area(b) - inter)


def _drop_wrappers(elements: list[dict]) -> list[dict]:
    """Drop non-interactive wrappers (list items, cells) that just frame one control."""
    controls = [e["bbox"] for e in elements if e["interactable"]]
    return [e for e in elements
            if e["interactable"] or e["role"] not in ("listitem", "cell", "row")
            or not any(_iou(e["bbox"], c) >= 0.8 for c in controls)]


class PageExtractor:
    """Reads the ground truth of the page currently loaded in a Playwright page."""

    def __init__(self, page, cdp):
        self.page = page
        self.cdp = cdp

    def _collect(self) -> tuple[dict, list[int]]:
        """Run extract.js's collect() and map DFS indices to backend node ids."""
        self.page.evaluate(JS_SOURCE)
        data = self.page.evaluate("__dx.collect()")
        doc = self.cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
        ids, tags = _dfs_backend_ids(doc)
        if tags != data["tags"]:
            raise RuntimeError(f"DOM walk mismatch: CDP {len(tags)} elements vs JS {len(data['tags'])}")
        return data, ids

    def extract(self, scale: float) -> tuple[list[dict], list[list[int]]]:
        """Elements (gt.json dicts) and ignore regions of the current viewport."""
        data, ids = self._collect()
        recs = data["recs"]
        vw, vh = data["vw"], data["vh"]
        by_backend = {b: k for k, b in enumerate(ids)}
        ax = self.cdp.send("Accessibility.getFullAXTree")["nodes"]

        cands = []  # (idx, ax node, role)
        seen = set()
        for n in ax:
            if n.get("ignored"):
                continue
            role = ROLE_MAP.get(n.get("role", {}).get("value"))
            idx = by_backend.get(n.get("backendDOMNodeId"))
            if role is None or idx is None or idx in seen:
                continue
            seen.add(idx)
            cands.append((idx, n, role))
        # decorative icons and marked images the AX tree leaves out
        for i, r in enumerate(recs):
            if r.get("dx") == "icon" and i not in seen:
                cands.append((i, None, "img"))
        ignore_idx = [i for i, r in enumerate(recs) if r.get("dx") == "ignore"]

        # try the element itself, then its label, then its shadow host
        tries = {}
        for idx, _, _ in cands:
            opts = [idx]
            if recs[idx].get("label") is not None:
                opts.append(recs[idx]["label"])
            if recs[idx]["host"] >= 0:
                opts.append(recs[idx]["host"])
            tries[idx] = opts
        flat = sorted({j for o in tries.values() for j in o} | set(ignore_idx))
        probes = {p["i"]: p for p in self.page.evaluate("(ix) => __dx.probe(ix, true)", flat)}

        elements, scopes = [], []
        for idx, n, role in cands:
            chosen = next((j for j in tries[idx] if _passes(probes[j], role)), None)
            if chosen is None:
                continue
            p = probes[chosen]
            scope = _scope(recs, idx) if recs[idx]["host"] >= 0 else chosen
            el = {
                "bbox": _to_px(p["clip"], scale, vw, vh),
                "role": role,
                "name": (n.get("name", {}).get("value") or "").strip() if n else "",
                "text": "",
                "interactable": role in INTERACTIVE,
                "states": _ax_states(n) if n else [],
                "widget": _widget(recs, idx) if n else "icon",
            }
            if n and role in ("listitem", "row", "cell", "img") and not el["interactable"]:
                props = {q["name"]: q["value"].get("value") for q in n.get("properties", [])}
                el["interactable"] = bool(props.get("focusable")) and role != "img"
            if el["bbox"][2] - el["bbox"][0] < 2 or el["bbox"][3] - el["bbox"][1] < 2:
                continue
            elements.append(el)
            scopes.append((scope, role, p["clip"], recs[idx].get("field")))

        elements, scopes = self._drop_parts(elements, scopes, recs)
        lines = [ln for ln in data["lines"] if ln["vis"] >= 1.0]
        self._attach_text(elements, scopes, recs, lines, scale, vw, vh)
        elements += self._text_elements(scopes, recs, lines, scale, vw, vh)
        elements = _drop_wrappers(elements)
        ignore = [_to_px(probes[i]["clip"], scale, vw, vh) for i in ignore_idx if _area(probes[i]["clip"]) > 0]
        elements.sort(key=lambda e: (e["bbox"][1], e["bbox"][0]))
        return elements, ignore

    @staticmethod
    def _inside(rect: list[float], box: list[float]) -> bool:
        """Is the centre of `rect` inside `box` (1 CSS px of slack)?"""
        cx = (rect[0] + rect[2]) / 2
        cy = (rect[1] + rect[3]) / 2
        return box[0] - 1 <= cx <= box[2] + 1 and box[1] - 1 <= cy <= box[3] + 1

    def _drop_parts(self, elements, scopes, recs):
        """Remove images/separators that are drawn parts of an interactive element."""
        owners = [(sc, recs[sc]["end"], clip) for sc, role, clip, _ in scopes if role in INTERACTIVE]
        keep_e, keep_s = [], []
        for el, sc in zip(elements, scopes):
            scope, role, clip, _ = sc
            if role in ("img", "separator") and any(
                    lo <= scope < hi and self._inside(clip, box) for lo, hi, box in owners):
                continue
            keep_e.append(el)
            keep_s.append(sc)
        return keep_e, keep_s

    def _attach_text(self, elements, scopes, recs, lines, scale, vw, vh) -> None:
        """Fill each element's `text`: field value, or its text lines drawn inside its box.

        Headings (block elements as wide as their column) are shrunk to their text.
        """
        for el, (scope, role, clip, field) in zip(elements, scopes):
            if role in CONTAINERS or role == "row":
                continue
            if field is not None:
                el["text"] = field
                continue
            lo, hi = scope, recs[scope]["end"]
            inside = [ln for ln in lines if lo <= ln["owner"] < hi and self._inside(ln["rect"], clip)]
            inside.sort(key=lambda ln: (round(ln["rect"][1] / 4), ln["rect"][0]))
            el["text"] = " ".join(ln["text"] for ln in inside).strip()
            if role == "heading" and inside:
                u = [min(ln["rect"][0] for ln in inside), min(ln["rect"][1] for ln in inside),
                     max(ln["rect"][2] for ln in inside), max(ln["rect"][3] for ln in inside)]
                el["bbox"] = _to_px([max(u[0], clip[0]), max(u[1], clip[1]), min(u[2], clip[2]), min(u[3], clip[3])],
                                    scale, vw, vh)

    def _text_elements(self, scopes, recs, lines, scale, vw, vh) -> list[dict]:
        """Plain visible text lines that no element owns -> role "text"."""
        owned = [(scope, recs[scope]["end"], clip) for scope, role, clip, _ in scopes if role in TEXT_OWNERS]
        out = []
        for ln in lines:
            if any(lo <= ln["owner"] < hi and self._inside(ln["rect"], box) for lo, hi, box in owned):
                continue
            bbox = _to_px(ln["rect"], scale, vw, vh)
            if bbox[2] - bbox[0] < 2 or bbox[3] - bbox[1] < 2:
                continue
            out.append({"bbox": bbox, "role": "text", "name": "", "text": ln["text"],
                        "interactable": False, "states": [],
                        "widget": _widget(recs, ln["owner"])})
        return out
