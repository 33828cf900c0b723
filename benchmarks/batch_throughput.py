"""CPU throughput of ``detact batch`` over the dev corpus with 1 and 2 worker processes.

    python benchmarks/batch_throughput.py [--corpus ../shared/eval/dev] [--workers 1 2]

Runs the real CLI (``python -m detact.cli batch CORPUS/*/screenshot.png --out TMP --workers N
--overwrite``) per worker count, watching ``index.jsonl`` grow to time every finished image.
Reports, per run: wall time of the whole command (process start and model loading included),
images/minute end to end, and steady-state images/minute (from the first finished image to
the last, i.e. with the models already loaded). Needs the dev corpus (not shipped).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_once(pattern: str, workers: int, out: Path, extra: list[str]) -> dict:
    cmd = [sys.executable, "-m", "detact.cli", "batch", pattern, "--out", str(out), "--workers",
           str(workers), "--overwrite", "--no-progress", "--device", "cpu", *extra]
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    index = out / "index.jsonl"
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    stamps: list[float] = []
    seen = 0
    while proc.poll() is None:
        if index.exists():
            n = index.read_text().count("\n")
            stamps += [time.perf_counter() - t0] * (n - seen)
            seen = max(seen, n)
        time.sleep(0.02)
    wall = time.perf_counter() - t0
    _, err = proc.communicate()
    recs = [json.loads(line) for line in index.read_text().splitlines()]
    ok = [r for r in recs if r["status"] == "ok"]
    steady = (60.0 * (len(stamps) - 1) / (stamps[-1] - stamps[0])) if len(stamps) > 1 and stamps[-1] > stamps[0] else None
    return {"workers": workers, "images": len(recs), "ok": len(ok), "exit_code": proc.returncode,
            "wall_s": round(wall, 1), "first_result_s": round(stamps[0], 1) if stamps else None,
            "images_per_min": round(60.0 * len(recs) / wall, 1),
            "steady_images_per_min": round(steady, 1) if steady else None,
            "mean_ms_per_image_in_worker": round(sum(r["ms"] for r in ok) / max(1, len(ok)), 0),
            "mean_elements": round(sum(r["elements"] for r in ok) / max(1, len(ok)), 1),
            "command": " ".join(["detact", *cmd[3:]]), "stderr_tail": err.strip().splitlines()[-1:]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "eval" / "dev")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--ocr", default=None)
    args = ap.parse_args()
    if not args.corpus.is_dir():
        print(f"corpus {args.corpus} not found (the dev corpus is not shipped)", file=sys.stderr)
        return 2
    pattern = str(args.corpus / "*" / "screenshot.png")
    extra = ["--ocr", args.ocr] if args.ocr else []
    print(f"# detact batch throughput: {pattern}")
    print(f"# machine: {os.cpu_count()} CPU cores, {platform.processor() or platform.machine()}, "
          f"load average before: {os.getloadavg()[0]:.2f}")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for w in args.workers:
            row = run_once(pattern, w, Path(tmp) / f"w{w}", extra)
            rows.append(row)
            print(json.dumps(row), flush=True)
    print("\n| workers | images | wall s | first result s | images/min (end to end) | "
          "images/min (steady) | mean ms/image in worker |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['workers']} | {r['images']} | {r['wall_s']} | {r['first_result_s']} | "
              f"{r['images_per_min']} | {r['steady_images_per_min']} | {r['mean_ms_per_image_in_worker']:.0f} |")
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
