"""Locate quality on a corpus with accessibility ground truth (issue 15).

    python benchmarks/locate_quality.py [--corpus ../shared/eval/dev] [--json OUT] [--segmenter cv]

Each screenshot is parsed once; then, for every uniquely named leaf interactable of its
gt.json (the targets of score.py's ground_all: interactable, at most 10% of the screen, each
side >= 4 px, a name of 2..60 characters that no other leaf interactable on the screen
shares), `Parser.locate(parse, name, k=5)` is asked for it by its name. A hit: the centre of
the returned element (its click point) lies inside the GT box (score.py's `inside`, no
padding; no IoU test). top-1 counts the first match, top-5 any of the first five.
Latency: wall time of `Parser.locate` on the parse already made (MiniLM warm)."""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EVAL = ROOT.parent / "shared" / "eval"
LEAF_MAX_FRAC = 0.10


def _norm(s: str) -> str:
    import re

    s = re.sub(r"[^\w\s]", " ", s.lower())
    return re.sub(r"\s+", " ", s).strip()


def _area(b) -> float:
    return max(0, b[2] - b[0]) * max(0, b[3] - b[1])


def _inside(pt, box) -> bool:
    return box[0] <= pt[0] < box[2] and box[1] <= pt[1] < box[3]


def targets(gt: dict) -> list[dict]:
    """The uniquely named leaf interactables of one case (score.py's ground_all set)."""
    screen = gt["width"] * gt["height"]
    leaves = [g for g in gt["elements"] if g.get("interactable") and 16 <= _area(g["bbox"]) <= LEAF_MAX_FRAC * screen
              and min(g["bbox"][2] - g["bbox"][0], g["bbox"][3] - g["bbox"][1]) >= 4]
    count = Counter(_norm(g.get("name") or "") for g in leaves)
    out = []
    for g in leaves:
        name = (g.get("name") or "").strip()
        if name and len(name) <= 60 and len(_norm(name)) >= 2 and count[_norm(name)] == 1:
            out.append(g)
    return out


def run_case(parser, case: Path) -> dict:
    gt = json.loads((case / "gt.json").read_text())
    t = time.perf_counter()
    parse = parser.parse(case / "screenshot.png")
    parse_s = time.perf_counter() - t
    rows, latencies = [], []
    for g in targets(gt):
        t = time.perf_counter()
        found = parser.locate(parse, g["name"], k=5)
        latencies.append((time.perf_counter() - t) * 1e3)
        ranks = [i for i, m in enumerate(found.matches) if _inside(m.center, g["bbox"])]
        best = found.matches[0] if found.matches else None
        rows.append({"name": g["name"], "role": g.get("role"), "bbox": g["bbox"],
                     "rank": ranks[0] + 1 if ranks else None,
                     "top1": best.to_dict() if best else None})
    n = len(rows)
    return {"case": case.name, "n": n, "top1": sum(r["rank"] == 1 for r in rows),
            "top5": sum(r["rank"] is not None for r in rows), "parse_s": round(parse_s, 3),
            "latencies_ms": latencies, "targets": rows}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=EVAL / "dev", help="folder of <case>/screenshot.png + gt.json")
    ap.add_argument("--json", type=Path, metavar="OUT", help="write per-case and per-target results here")
    ap.add_argument("--ocr", default="fast")
    ap.add_argument("--segmenter", default="cv")
    ap.add_argument("--misses", action="store_true", help="print every top-1 miss")
    a = ap.parse_args(argv)
    cases = sorted(p.parent for p in a.corpus.glob("*/gt.json"))
    if not cases:
        print(f"no <case>/gt.json under {a.corpus}", file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    from detact import Parser

    parser = Parser(ocr=a.ocr, segmenter=a.segmenter, device="cpu")
    results = [run_case(parser, c) for c in cases]
    n = sum(r["n"] for r in results)
    lat = [x for r in results for x in r["latencies_ms"]]
    summary = {"corpus": str(a.corpus), "cases": len(results), "targets": n,
               "top1": round(sum(r["top1"] for r in results) / n, 4) if n else None,
               "top5": round(sum(r["top5"] for r in results) / n, 4) if n else None,
               "median_locate_ms": round(statistics.median(lat), 2) if lat else None,
               "p90_locate_ms": round(sorted(lat)[int(0.9 * (len(lat) - 1))], 2) if lat else None,
               "hit": "click point (returned element's centre) inside the GT box",
               "backends": parser.backends}
    print(f"{'case':<22}{'targets':>8}{'top-1':>8}{'top-5':>8}{'median ms':>11}{'parse s':>9}")
    for r in results:
        med = statistics.median(r["latencies_ms"]) if r["latencies_ms"] else 0.0
        print(f"{r['case']:<22}{r['n']:>8}{r['top1'] / max(r['n'], 1):>8.3f}{r['top5'] / max(r['n'], 1):>8.3f}"
              f"{med:>11.1f}{r['parse_s']:>9.2f}")
    print(f"{'all':<22}{n:>8}{summary['top1']:>8.3f}{summary['top5']:>8.3f}{summary['median_locate_ms']:>11.1f}")
    if a.misses:
        for r in results:
            for t in r["targets"]:
                if t["rank"] != 1:
                    got = t["top1"] or {}
                    print(f"  miss {r['case']}: {t['name']!r} ({t['role']}) rank={t['rank']} "
                          f"got {got.get('name')!r} ({got.get('role')}) at {got.get('center')}")
    print(json.dumps(summary))
    if a.json:
        for r in results:
            r["median_locate_ms"] = round(statistics.median(r["latencies_ms"]), 2) if r["latencies_ms"] else None
            del r["latencies_ms"]
        a.json.write_text(json.dumps({"summary": summary, "cases": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
