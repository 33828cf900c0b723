"""Speed of one parse on this machine, per stage, against EasyOCR as shipped.

    python benchmarks/speed.py [--image ../shared/eval/samples/admin-dashboard.png] [--runs 5]
                               [--skip-easyocr]

Prints one JSON line:
- cold_start_s: a fresh ``detact parse IMAGE --format json`` process, start to result (models
  already exported to DETACT_HOME, as after `make setup`);
- warm: median of --runs parses in one process, total and per stage (ms);
- peak_rss_mb: peak resident memory of the warm-parse process;
- easyocr_s: median of 3 runs of ``easyocr.Reader(['en']).readtext`` (the paper's engine, as
  shipped) on the same image, and text_speedup = easyocr_s / our text stage.
"""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_IMAGE = ROOT.parent / "shared" / "eval" / "samples" / "admin-dashboard.png"


def cold_start(image: Path) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "detact.cli", "parse", str(image), "--format", "json",
                    "--device", "cpu"], check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - t


def warm(image: Path, runs: int) -> dict:
    from detact import Parser
    from detact.imageio import load_image

    parser = Parser(device="cpu")
    rgb = load_image(image)
    parser.parse(rgb)  # first call warms caches and onnxruntime's allocator
    timings = [parser.parse(rgb).timings_ms for _ in range(runs)]
    stages = {k: round(statistics.median(t[k] for t in timings), 1) for k in timings[0]}
    return {"backends": parser.backends, "stages_ms": stages}


def easyocr_time(image: Path, runs: int = 3) -> float:
    from detact.imageio import load_image
    from detact.text.easyocr_engine import EasyOCREngine

    engine = EasyOCREngine(device="cpu")
    rgb = load_image(image)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        engine.reader.readtext(rgb)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--image", type=Path, default=DEFAULT_IMAGE)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--skip-easyocr", action="store_true")
    a = ap.parse_args(argv)
    if not a.image.exists():
        print(f"{a.image} not found (the speed sample lives in ../shared/eval/samples)", file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    out = {"image": a.image.name, "cold_start_s": round(cold_start(a.image), 2)}
    out.update(warm(a.image, a.runs))
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 0)
    if not a.skip_easyocr:
        out["easyocr_s"] = round(easyocr_time(a.image), 2)
        out["text_speedup"] = round(out["easyocr_s"] * 1000 / out["stages_ms"]["text"], 1)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
