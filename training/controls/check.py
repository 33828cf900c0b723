"""Sanity report for a built corpus: counts, and GT boxes drawn on a few screenshots.

    python training/controls/build_data.py --check DIR [--draw N]

prints counts per split / source / toolkit / role / state and writes DIR/_check/*.png with
every element's box and raw role drawn on it (interactable in colour, others in grey).
"""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

PALETTE = {
    "button": (220, 40, 40), "push button": (220, 40, 40), "toggle button": (240, 120, 0),
    "checkbox": (0, 150, 0), "check box": (0, 150, 0), "switch": (0, 170, 170),
    "radio": (150, 0, 200), "radio button": (150, 0, 200), "textbox": (0, 90, 230),
    "text": (0, 90, 230), "combobox": (200, 0, 120), "combo box": (200, 0, 120),
    "tab": (120, 80, 0), "page tab": (120, 80, 0), "link": (0, 120, 255),
}


def iter_cases(root: Path):
    """(split, case dir, gt dict) for every case under root."""
    for gt_path in sorted(root.glob("*/*/gt.json")):
        try:
            gt = json.loads(gt_path.read_text())
        except (OSError, ValueError) as exc:
            print(f"unreadable {gt_path}: {exc}")
            continue
        yield gt_path.parent.parent.name, gt_path.parent, gt


def counts(root: Path) -> dict:
    """Counters over the corpus: cases and elements by split, source, toolkit, role, state."""
    c = {k: Counter() for k in ("cases", "toolkit", "theme", "scale", "roles", "states", "widgets")}
    for split, _, gt in iter_cases(root):
        c["cases"][(split, gt["source"])] += 1
        c["toolkit"][(split, gt.get("toolkit", "?"))] += 1
        c["theme"][(split, gt.get("theme", "?"))] += 1
        c["scale"][(split, gt.get("scale", 1.0))] += 1
        for e in gt["elements"]:
            c["roles"][(gt["source"], e["role"], e["interactable"])] += 1
            for s in e.get("states", []):
                c["states"][(gt["source"], e["role"], s)] += 1
            c["widgets"][(gt["source"], e.get("widget", ""))] += 1
    return c


def print_counts(c: dict, top_widgets: int = 40) -> None:
    """Human-readable dump of counts()."""
    def block(title, counter, n=None):
        print(f"\n== {title}")
        for k, v in counter.most_common(n):
            print(f"  {v:7d}  {' / '.join(map(str, k)) if isinstance(k, tuple) else k}")
    block("cases by split / source", c["cases"])
    block("cases by split / toolkit", c["toolkit"])
    block("cases by split / theme", c["theme"])
    block("cases by split / scale", c["scale"])
    block("elements by source / role / interactable", c["roles"])
    block("states by source / role / state", c["states"])
    block(f"top {top_widgets} widgets", c["widgets"], top_widgets)


def draw_case(case: Path, gt: dict, out: Path) -> None:
    """Draw every element's bbox and role on the screenshot."""
    img = Image.open(case / "screenshot.png").convert("RGB")
    draw = ImageDraw.Draw(img)
    size = 11 if gt.get("scale", 1) < 2 else 20
    try:
        font = ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        font = ImageFont.load_default()
    for e in gt["elements"]:
        x0, y0, x1, y1 = e["bbox"]
        col = PALETTE.get(e["role"], (255, 0, 255)) if e["interactable"] else (128, 128, 128)
        draw.rectangle([x0, y0, x1 - 1, y1 - 1], outline=col, width=1 if size < 20 else 2)
        label = e["role"] + ("*" + ",".join(s[:3] for s in e["states"]) if e.get("states") else "")
        if e["role"] not in ("text", "label"):
            draw.text((x0 + 1, max(0, y0 - size)), label, fill=col, font=font)
    for x0, y0, x1, y1 in gt.get("ignore_regions", []):
        draw.rectangle([x0, y0, x1 - 1, y1 - 1], outline=(255, 200, 0), width=2)
    img.save(out / f"{case.parent.name}-{case.name}.png")


def check(root: Path, n_draw: int = 12, seed: int = 0) -> None:
    """Print corpus counts and draw GT on up to n_draw cases (spread over sources)."""
    root = Path(root)
    if not root.is_dir():
        raise SystemExit(f"--check: {root} is not a directory")
    print_counts(counts(root))
    cases = list(iter_cases(root))
    if not cases:
        print("no cases found")
        return
    out = root / "_check"
    out.mkdir(exist_ok=True)
    rng = random.Random(seed)
    by_tk: dict[str, list] = {}
    for split, case, gt in cases:
        by_tk.setdefault(gt.get("toolkit", "?"), []).append((case, gt))
    picks = []
    while len(picks) < n_draw and any(by_tk.values()):
        for tk in sorted(by_tk):
            if by_tk[tk] and len(picks) < n_draw:
                picks.append(by_tk[tk].pop(rng.randrange(len(by_tk[tk]))))
    for case, gt in picks:
        draw_case(case, gt, out)
    print(f"\ndrew {len(picks)} cases into {out}")
