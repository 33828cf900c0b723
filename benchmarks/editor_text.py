#!/usr/bin/env python3
"""Lines of an editor read character for character: code, prose, paths, URLs and log lines in a
GTK 3 text view (the widget gedit, mousepad and pluma edit in), drawn under Xvfb in monospace and
proportional fonts, light and dark (`editor/render_gtk.py`, seeded). Each line's text and box
come from the view itself. A line is read exactly when the parser's text elements centred in
its box (padded by 2 px), joined left to right with single spaces, equal it with whitespace runs
squashed, as `../shared/eval/score.py`'s text_exact does.

    python benchmarks/editor_text.py                          # 16 windows, ~430 lines, ~1 min
    python benchmarks/editor_text.py --repo /path/to/other/checkout --show   # another version, misses listed

Needs Xvfb and the system Python 3 with PyGObject (GTK 3): Debian's xvfb, python3-gi,
gir1.2-gtk-3.0, fonts-dejavu-core, fonts-liberation2 and fonts-urw-base35 (Nimbus Mono PS).
Windows are cached in ``--out``. Reported: exact lines per font, and the misses by kind
(spacing: only spaces differ; punct: only punctuation; case; other).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RENDER = Path(__file__).resolve().parent / "editor" / "render_gtk.py"
SYSTEM_PYTHON = "/usr/bin/python3"


def render(out: Path, seed: int, cases: int, display: str = ":97") -> None:
    """Draw ``cases`` windows into ``out`` with the GTK half under a private Xvfb."""
    if shutil.which("Xvfb") is None or not Path(SYSTEM_PYTHON).exists():
        sys.exit("editor_text: needs Xvfb and /usr/bin/python3 with PyGObject (apt-get install xvfb python3-gi gir1.2-gtk-3.0)")
    out.mkdir(parents=True, exist_ok=True)
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        env = {**os.environ, "DISPLAY": display, "GTK_THEME": "Adwaita", "NO_AT_BRIDGE": "1"}
        subprocess.run([SYSTEM_PYTHON, str(RENDER), str(out), str(seed), str(cases)], env=env, check=True, timeout=600)
    finally:
        xvfb.terminate()
        xvfb.wait()


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def kind_of_miss(got: str, want: str) -> str:
    if got.replace(" ", "") == want.replace(" ", ""):
        return "spacing"
    if re.sub(r"\W", "", got) == re.sub(r"\W", "", want):
        return "punct"
    return "case" if got.lower() == want.lower() else "other"


def score(out: Path, repo: Path, show: bool) -> dict:
    """Parse every window with the DetACT of ``repo`` and score each line."""
    sys.path.insert(0, str(repo))
    from detact import Parser

    parser = Parser(ocr="fast", segmenter="cv", device="cpu")
    total, exact, misses = Counter(), Counter(), Counter()
    for meta_path in sorted(out.glob("c*.json")):
        meta = json.loads(meta_path.read_text())
        parsed = parser.parse(meta_path.with_suffix(".png"))
        runs = [(b, str(t)) for b, k, t in zip(parsed.elements.xyxy, parsed.elements.kind, parsed.elements.text)
                if str(t).strip()]
        font = f"{meta['font']} {meta['pt']}pt"
        for line in meta["lines"]:
            x0, y0, x1, y1 = line["bbox"]
            inside = sorted((round((b[1] + b[3]) / 16), (b[0] + b[2]) / 2, t) for b, t in runs
                            if x0 - 2 <= (b[0] + b[2]) / 2 < x1 + 2 and y0 - 2 <= (b[1] + b[3]) / 2 < y1 + 2)
            got, want = squash(" ".join(t for _, _, t in inside)), squash(line["text"])
            total[font] += 1
            if got == want:
                exact[font] += 1
                continue
            kind = kind_of_miss(got, want)
            misses[kind] += 1
            if show:
                print(f"{meta_path.stem} {font:22s} {kind:8s} {want!r}\n{'':41s}{got!r}")
    return {"lines": sum(total.values()), "exact": sum(exact.values()),
            "per_font": {f: [exact[f], total[f]] for f in total}, "misses": dict(misses)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "out" / "editor")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cases", type=int, default=16)
    ap.add_argument("--rerender", action="store_true")
    ap.add_argument("--repo", type=Path, default=ROOT, help="the DetACT checkout to score (default: this one)")
    ap.add_argument("--show", action="store_true", help="print every line not read exactly")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    folder = a.out / f"seed-{a.seed}"
    if a.rerender or len(list(folder.glob("c*.png"))) < a.cases:
        render(folder, a.seed, a.cases)
    result = score(folder, a.repo.resolve(), a.show)
    for font, (ok, n) in result["per_font"].items():
        print(f"{font:24s} {ok:4d} / {n:4d}")
    print(f"{'all':24s} {result['exact']:4d} / {result['lines']:4d} = {result['exact'] / max(result['lines'], 1):.3f}"
          f"   misses: {result['misses']}")
    if a.json:
        a.json.write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
