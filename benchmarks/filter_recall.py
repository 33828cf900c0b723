#!/usr/bin/env python3
"""Filter recall on the dev corpus: does the offline filter keep the element a task names?

For every named interactable in each case's ground truth (``gt.json`` elements with
``interactable`` and a ``name``; containers larger than 10 % of the screen skipped, as in
score.py), the task is ``Click on '<name>'``. The GT element counts when the parse has an
element lying in its box (centre inside, at least half of the element's area inside); it is a
hit when one of those elements is among the filter's top K (15).

Parses come from ``benchmarks/out/dev/<case>.json`` (written by benchmarks/quality.py) when
present, else the parser runs on ``<corpus>/<case>/screenshot.png`` (results not saved).

    python benchmarks/filter_recall.py [--corpus ../shared/eval/dev] [--pred benchmarks/out/dev]
                                       [--top-k 15] [--lexical-only] [--reparse] [--json OUT]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from detact.elements import ParseResult  # noqa: E402
from detact.task.embedding import Embedder  # noqa: E402
from detact.task.filter import filter_elements  # noqa: E402
from detact.task.pipeline import default_describer  # noqa: E402

LEAF_MAX_FRAC = 0.10
INSIDE_FRAC = 0.5


def in_box(xyxy: np.ndarray, box) -> np.ndarray:
    """Rows of ``xyxy`` that lie in ``box``: centre inside and >= half their area inside."""
    x0, y0, x1, y1 = box
    c = (xyxy[:, :2] + xyxy[:, 2:]) / 2.0
    centre = (c[:, 0] >= x0) & (c[:, 0] < x1) & (c[:, 1] >= y0) & (c[:, 1] < y1)
    iw = np.clip(np.minimum(xyxy[:, 2], x1) - np.maximum(xyxy[:, 0], x0), 0, None)
    ih = np.clip(np.minimum(xyxy[:, 3], y1) - np.maximum(xyxy[:, 1], y0), 0, None)
    area = np.maximum((xyxy[:, 2] - xyxy[:, 0]) * (xyxy[:, 3] - xyxy[:, 1]), 1)
    return centre & (iw * ih >= INSIDE_FRAC * area)


def load_parse(case: Path, pred_dir: Path, parser_box: list, reparse: bool) -> ParseResult:
    path = pred_dir / f"{case.name}.json"
    if path.is_file() and not reparse:
        return ParseResult.from_json(path.read_text())
    if not parser_box:
        from detact.parser import Parser
        parser_box.append(Parser())
    return parser_box[0].parse(case / "screenshot.png")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "eval" / "dev")
    ap.add_argument("--pred", type=Path, default=ROOT / "benchmarks" / "out" / "dev")
    ap.add_argument("--top-k", type=int, default=15)
    ap.add_argument("--reparse", action="store_true", help="run the parser even where --pred "
                    "has a parse JSON")
    ap.add_argument("--lexical-only", action="store_true", help="no MiniLM term")
    ap.add_argument("--json", type=Path, help="write per-case results here")
    ap.add_argument("--show-misses", action="store_true")
    args = ap.parse_args(argv)
    cases = sorted(p for p in args.corpus.iterdir() if (p / "gt.json").is_file()) \
        if args.corpus.is_dir() else []
    if not cases:
        print(f"no cases under {args.corpus}", file=sys.stderr)
        return 2
    embedder = None if args.lexical_only else Embedder()
    describe = default_describer()      # icon labels with their meanings, as the CLI uses
    parser_box: list = []
    totals = {"named": 0, "counted": 0, "hits": 0, "counted_named_parse": 0, "hits_named_parse": 0}
    per_case, misses = {}, []
    t_filter = 0.0
    for case in cases:
        gt = json.loads((case / "gt.json").read_text())
        parse = load_parse(case, args.pred, parser_box, args.reparse)
        els = parse.elements
        screen = gt["width"] * gt["height"]
        named_el = np.array([bool(t or l) for t, l in zip(els.text, els.label)], bool)
        c = {"named": 0, "counted": 0, "hits": 0}
        for g in gt["elements"]:
            if not (g.get("interactable") and g.get("name")):
                continue
            x0, y0, x1, y1 = g["bbox"]
            if (x1 - x0) * (y1 - y0) > LEAF_MAX_FRAC * screen:
                continue
            c["named"] += 1
            inside = in_box(els.xyxy, g["bbox"]) if len(els) else np.zeros(0, bool)
            if not inside.any():
                continue
            c["counted"] += 1
            task = f"Click on '{g['name']}'"
            t = time.perf_counter()
            kept = filter_elements(els, task, args.top_k, embedder=embedder, describe=describe)
            t_filter += time.perf_counter() - t
            hit = bool(inside[kept.indices].any())
            c["hits"] += hit
            has_named = bool((inside & named_el).any())
            totals["counted_named_parse"] += has_named
            totals["hits_named_parse"] += hit and has_named
            if not hit:
                names = [str(els.text[i] or els.label[i] or els.kind[i]) for i in np.flatnonzero(inside)]
                misses.append({"case": case.name, "name": g["name"], "in_box": names[:5]})
        per_case[case.name] = c
        for k in ("named", "counted", "hits"):
            totals[k] += c[k]
    recall = totals["hits"] / max(totals["counted"], 1)
    recall_named = totals["hits_named_parse"] / max(totals["counted_named_parse"], 1)
    summary = {"top_k": args.top_k, "embed": not args.lexical_only,
               "icon_descriptions": describe is not None,
               "gt_named_interactables": totals["named"],
               "with_parse_element_in_box": totals["counted"], "kept_in_top_k": totals["hits"],
               "filter_recall": round(recall, 4),
               "with_named_parse_element": totals["counted_named_parse"],
               "filter_recall_named": round(recall_named, 4),
               "filter_ms_per_task": round(1e3 * t_filter / max(totals["counted"], 1), 2)}
    print(json.dumps(summary))
    for name, c in per_case.items():
        print(f"  {name:<18} counted {c['counted']:>3}/{c['named']:<3} kept {c['hits']:>3}")
    if args.show_misses:
        for m in misses:
            print(f"  miss {m['case']}: {m['name']!r} in box: {m['in_box']}")
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "cases": per_case,
                                         "misses": misses}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
