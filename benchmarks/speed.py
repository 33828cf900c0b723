"""Speed of one parse on this machine, per stage, against EasyOCR as shipped.

    python benchmarks/speed.py [--image ../shared/eval/samples/admin-dashboard.png] [--runs 5]
                               [--skip-easyocr] [--against DIR [--rounds 3]]

Prints one JSON line:
- cold_start_s: a fresh ``detact parse IMAGE --format json`` process, start to result (models
  already exported to DETACT_HOME, as after `make setup`);
- warm: median of --runs parses in one process, total and per stage (ms);
- peak_rss_mb: peak resident memory of the warm-parse process;
- easyocr_s: median of 3 runs of ``easyocr.Reader(['en']).readtext`` (the paper's engine, as
  shipped) on the same image, and text_speedup = easyocr_s / our text stage.

``--against DIR`` times another checkout of DetACT (e.g. ``git worktree add ../ref <commit>``)
side by side with this one: ``--rounds`` rounds, each timing both trees' warm parses in fresh
processes in alternating order (each tree with its own DETACT_HOME), so that the load of a shared
machine falls on both alike. It prints both trees' median stage times and their ratio.
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


def side_by_side(image: Path, against: Path, runs: int, rounds: int) -> dict:
    """Median stage times of this tree and ``against``, measured in alternating processes."""
    import os
    import tempfile

    trees = {"this": ROOT, "reference": against.resolve()}
    homes = {name: Path(tempfile.gettempdir()) / f"detact-speed-{name}" for name in trees}
    samples: dict[str, list[dict]] = {name: [] for name in trees}
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[1] + '/benchmarks');"
            "import speed; print(json.dumps(speed.warm(speed.Path(sys.argv[2]), int(sys.argv[3]))))")
    for r in range(rounds):
        order = list(trees) if r % 2 == 0 else list(trees)[::-1]
        for name in order:
            env = {**os.environ, "DETACT_HOME": str(homes[name]), "PYTHONPATH": str(trees[name])}
            out = subprocess.run([sys.executable, "-c", code, str(trees[name]), str(image), str(runs)],
                                 capture_output=True, text=True, env=env, cwd=trees[name], check=True)
            samples[name].append(json.loads(out.stdout.strip().splitlines()[-1])["stages_ms"])
    result = {}
    for name, rows in samples.items():
        result[name] = {k: round(statistics.median(r[k] for r in rows if k in r), 1) for k in rows[0]}
    result["ratio_total"] = round(result["this"]["total"] / result["reference"]["total"], 3)
    result["ratio_text"] = round(result["this"]["text"] / result["reference"]["text"], 3)
    result["reference_tree"] = str(trees["reference"])
    return result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--image", type=Path, default=DEFAULT_IMAGE)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--skip-easyocr", action="store_true")
    ap.add_argument("--against", type=Path, metavar="DIR", help="another DetACT checkout to time side by side")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds with --against (default 3)")
    a = ap.parse_args(argv)
    if not a.image.exists():
        print(f"{a.image} not found (the speed sample lives in ../shared/eval/samples)", file=sys.stderr)
        return 2
    if a.against:
        print(json.dumps({"image": a.image.name, **side_by_side(a.image, a.against, a.runs, a.rounds)}))
        return 0
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
