"""Turn a generated corpus (``build_data.py``) into training examples for the control
classifier: parse every screenshot with DetACT up to its semantics stage, build the same
candidates and inputs the parser builds (`detact.semantics`), and label each candidate from the
ground truth (DOM/ARIA or AT-SPI) it lands in.

    python training/controls/examples.py --data DIR --out DIR [--workers 2] [--limit N] [--cases FILE]

Writes ``OUT/<split>/<case>.npz`` (tight, context, features, role, states, weight) and
``OUT/labels.json`` (role and state names). Labelling, per screenshot:

1. Ground-truth interactables (roles mapped by `map_role`), smallest first, each pick one
   candidate among those centred in them: for checkboxes, radios and switches the best
   overlapping non-text candidate (the box itself, not its label), else the best overlapping
   one. It gets the control's role and states; the others centred there become parts
   (``text`` / ``icon``; a compound candidate ``group``).
2. Every other candidate takes the role of the smallest ground-truth element holding its
   centre when that role is non-interactive (``heading``, ``text``, ``icon``, ``image``);
   compound candidates that are no control are ``group``.
3. Candidates on no ground-truth element at all are left out (nothing says what they are).
"""
from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from detact.boxes import iou  # noqa: E402
from detact.elements import STATES, Elements  # noqa: E402
from detact.semantics.compounds import compound_candidates  # noqa: E402
from detact.semantics.features import control_inputs  # noqa: E402
from detact.semantics.roles import INTERACTIVE, ROLES, STATEFUL  # noqa: E402

#: Raw platform roles (AT-SPI and DOM/ARIA) -> the classifier's roles. "text" is an editable
#: field in AT-SPI but a plain text node in our DOM dumps: see `map_role`.
RAW_ROLES = {
    "push button": "button", "toggle button": "button", "button": "button",
    "check box": "checkbox", "checkbox": "checkbox", "radio button": "radio", "radio": "radio",
    "switch": "switch", "entry": "textbox", "textbox": "textbox", "searchbox": "textbox",
    "password text": "textbox", "combo box": "combobox", "combobox": "combobox",
    "slider": "slider", "spin button": "spinbox", "spinbutton": "spinbox",
    "page tab": "tab", "tab": "tab", "link": "link",
    "menu": "menuitem", "menu item": "menuitem", "menuitem": "menuitem", "check menu item": "menuitem",
    "radio menu item": "menuitem", "menuitemcheckbox": "menuitem", "menuitemradio": "menuitem",
    "table cell": "listitem", "list item": "listitem", "tree item": "listitem", "treeitem": "listitem",
    "option": "listitem", "gridcell": "listitem", "listitem": "listitem",
    "heading": "heading", "label": "text", "static": "text", "paragraph": "text", "caption": "text",
    "cell": "text", "columnheader": "text", "table column header": "text", "row header": "text",
    "icon": "icon", "img": "image", "image": "image",
}


def map_role(raw: str, source: str, widget: str = "", interactable: bool = True, small: bool = True) -> str:
    """The classifier role for a ground-truth element, or "" for roles we do not learn."""
    raw = (raw or "").lower()
    if raw == "text":
        return "textbox" if source == "atspi" else "text"
    if "switch" in (widget or "").lower():
        return "switch"
    role = RAW_ROLES.get(raw, "")
    if role in ("icon", "image"):
        return "icon" if small else "image"
    if role in INTERACTIVE and not interactable and role not in ("listitem", "menuitem", "tab"):
        return ""
    return role


def map_states(raw_states, role: str) -> np.ndarray:
    """Multi-hot over `STATES`; a pressed switch or checkbox is checked, a checked button pressed."""
    states = {str(s).lower() for s in raw_states or ()}
    if role in STATEFUL and "pressed" in states:
        states = (states - {"pressed"}) | {"checked"}
    if role == "button" and "checked" in states:
        states = (states - {"checked"}) | {"pressed"}
    return np.array([s in states for s in STATES], bool)


def _centred_in(centers: np.ndarray, box) -> np.ndarray:
    x0, y0, x1, y1 = box
    return (centers[:, 0] >= x0) & (centers[:, 0] < x1) & (centers[:, 1] >= y0) & (centers[:, 1] < y1)


def label_case(gt: dict, candidates: Elements, is_compound: np.ndarray):
    """Role index (-1 = left out), state multi-hot and weight per candidate (module docstring)."""
    n = len(candidates)
    role = np.full(n, -1, np.int64)
    states = np.zeros((n, len(STATES)), bool)
    scale = float(gt.get("scale", 1.0))
    boxes = candidates.frame.copy()
    framed = (boxes >= 0).all(1)
    boxes[~framed] = candidates.xyxy[~framed]
    centers = (boxes[:, :2] + boxes[:, 2:]) // 2
    items = []
    for g in gt["elements"]:
        b = g["bbox"]
        w, h = b[2] - b[0], b[3] - b[1]
        if w < 2 or h < 2:
            continue
        mapped = map_role(g.get("role"), gt.get("source", ""), g.get("widget", ""), bool(g.get("interactable")),
                          max(w, h) <= 64 * scale)
        items.append((w * h, b, mapped, g.get("states", [])))
    items.sort(key=lambda t: t[0])
    taken = np.zeros(n, bool)
    for _, box, mapped, raw_states in items:                       # rule 1
        if mapped not in INTERACTIVE:
            continue
        inside = np.flatnonzero(_centred_in(centers, box) & ~taken)
        if not len(inside):
            continue
        overlap = iou(boxes[inside], np.array([box]))[:, 0]
        pool = inside
        if mapped in STATEFUL:
            not_text = candidates.kind[inside] != "text"
            if not_text.any():
                pool, overlap = inside[not_text], overlap[not_text]
        chosen = pool[int(overlap.argmax())]
        role[chosen] = ROLES.index(mapped)
        states[chosen] = map_states(raw_states, mapped)
        for j in inside:
            if j != chosen:
                role[j] = ROLES.index("group" if is_compound[j] else ("icon" if candidates.kind[j] == "icon" else "text"))
        taken[inside] = True
    for j in np.flatnonzero(~taken):                               # rules 2 and 3
        if is_compound[j]:
            role[j] = ROLES.index("group")
            continue
        for _, box, mapped, _ in items:
            if _centred_in(centers[j:j + 1], box)[0] and mapped in ("heading", "text", "icon", "image"):
                role[j] = ROLES.index(mapped if candidates.kind[j] != "icon" or mapped != "text" else "icon")
                break
    return role, states


def process(args) -> dict:
    """Parse one case and write its examples; returns counts (runs in a worker process)."""
    case, out = args
    global _PARSER
    if "_PARSER" not in globals():
        from detact import Parser

        _PARSER = Parser(segmenter="cv", device="cpu", semantics=False)
    from detact.imageio import load_image, screen_scale

    gt = json.loads((case / "gt.json").read_text())
    rgb = load_image(case / "screenshot.png")
    leaves, groups = _PARSER.leaves(rgb)
    scale = screen_scale(rgb.shape[1])
    compounds, counts, _ = compound_candidates(leaves, groups, scale)
    everything = Elements.concat([leaves, compounds])
    is_compound = np.arange(len(everything)) >= len(leaves)
    children = np.zeros(len(everything), np.int32)
    children[len(leaves):] = counts
    role, states = label_case(gt, everything, is_compound)
    keep = role >= 0
    inputs = control_inputs(rgb, everything[keep], is_compound[keep], children[keep], scale)
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, tight=(inputs.tight * 255).astype(np.uint8), context=(inputs.context * 255).astype(np.uint8),
                        features=inputs.features.astype(np.float16), role=role[keep].astype(np.int8),
                        states=states[keep], toolkit=np.array(str(gt.get("toolkit", ""))))
    return {"case": case.name, "examples": int(keep.sum()), "candidates": len(everything)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, required=True, help="corpus from build_data.py (with train/ and heldout/)")
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "out" / "examples")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--limit", type=int, help="at most N cases per split (quick runs)")
    ap.add_argument("--seed", type=int, default=0, help="order of the cases (a partial run is a random sample)")
    ap.add_argument("--cases", type=Path, help="only the cases listed in this file, one 'split/case' a line")
    a = ap.parse_args(argv)
    from tqdm import tqdm

    jobs = []
    listed = set(a.cases.read_text().split()) if a.cases else None
    for split in ("train", "heldout"):
        cases = sorted(p.parent for p in (a.data / split).glob("*/gt.json"))[: a.limit]
        if listed is not None:
            cases = [c for c in cases if f"{split}/{c.name}" in listed]
        jobs += [(c, a.out / split / f"{c.name}.npz") for c in cases if not (a.out / split / f"{c.name}.npz").exists()]
    np.random.default_rng(a.seed).shuffle(jobs)
    if not jobs and not list(a.out.glob("*/*.npz")):
        print(f"no cases under {a.data}/train or {a.data}/heldout", file=sys.stderr)
        return 2
    (a.out).mkdir(parents=True, exist_ok=True)
    (a.out / "labels.json").write_text(json.dumps({"roles": list(ROLES), "states": list(STATES)}))
    total, failed = 0, []
    with ProcessPoolExecutor(a.workers) as pool:
        for r in tqdm(pool.map(_safely, jobs), total=len(jobs), desc="examples"):
            total += r.get("examples", 0)
            if "error" in r:
                failed.append(f"{r['case']}: {r['error']}")
    for line in failed[:20]:
        print(f"skipped {line}", file=sys.stderr)
    print(f"{total} examples from {len(jobs) - len(failed)} screenshots into {a.out} ({len(failed)} skipped)")
    return 0


def _safely(job) -> dict:
    """`process`, with one bad case reported instead of ending the run."""
    try:
        return process(job)
    except Exception as exc:  # a case the builder is still writing, an unreadable image, ...
        return {"case": job[0].name, "error": f"{type(exc).__name__}: {str(exc)[:200]}"}


if __name__ == "__main__":
    sys.exit(main())
