"""Parse the dev corpus and score it with ../shared/eval/score.py.

    python benchmarks/quality.py [--ocr fast] [--segmenter cv] [--embed] [--out benchmarks/out/dev]

Writes one parse JSON per case into --out, then prints score.py's metrics line and the mean
seconds per screenshot."""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EVAL = ROOT.parent / "shared" / "eval"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ocr", default="fast")
    ap.add_argument("--segmenter", default="cv")
    ap.add_argument("--corpus", type=Path, default=EVAL / "dev")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "out" / "dev")
    ap.add_argument("--embed", action="store_true", help="also MiniLM grounding (score.py --embed)")
    ap.add_argument("--no-icons", action="store_true")
    a = ap.parse_args(argv)
    if not a.corpus.exists():
        print(f"dev corpus not found at {a.corpus} (it lives in ../shared/eval)", file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    from detact import Parser

    parser = Parser(ocr=a.ocr, segmenter=a.segmenter, device="cpu", icons=not a.no_icons)
    a.out.mkdir(parents=True, exist_ok=True)
    times = []
    for case in sorted(p.parent for p in a.corpus.glob("*/gt.json")):
        t = time.perf_counter()
        result = parser.parse(case / "screenshot.png")
        times.append(time.perf_counter() - t)
        (a.out / f"{case.name}.json").write_text(result.to_json())
    score = subprocess.run([sys.executable, str(EVAL / "score.py"), str(a.corpus), str(a.out),
                            "--json", str(a.out / "_score.json")] + (["--embed"] if a.embed else []),
                           capture_output=True, text=True, check=True)
    metrics = json.loads(score.stdout.strip().splitlines()[-1])
    metrics["s_per_screenshot"] = round(sum(times) / len(times), 3)
    metrics["backends"] = parser.backends
    print(json.dumps(metrics))
    return 0


if __name__ == "__main__":
    sys.exit(main())
