"""Bounded local load test of ``detact serve``: N requests at concurrency C, good and bad.

    python benchmarks/load_test.py [--requests 200] [--concurrency 16] [--max-concurrency 4]
                                   [--rounds 2]

Starts a real ``detact serve`` subprocess on a free port, then sends a shuffled mix (fixed
seed) of good screenshots and garbage from C client threads:

* good: drawn screenshots with known words at known places (checked: every word read back
  near where it was drawn) and, when ``../shared/eval/dev`` is there, real screenshots
  (checked: identical to a reference parse made before the load, so concurrency changes
  nothing);
* garbage: random bytes, a text file, a truncated PNG, an empty upload, bad base64, a JSON
  array, an image over the pixel limit, a body over the size limit (each must get its 4xx).

A 503 (all server slots busy) is retried by the client after a short pause, as an agent
would; every other answer is final. Pass criteria: no 5xx other than 503, every good request
finally answered correctly, every garbage one answered with its 4xx and a one-line JSON
error. Server RSS (from /proc) is printed after start, after a warm-up, and after each round.
"""
from __future__ import annotations

import argparse
import base64
import io
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import numpy as np
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
DEV = ROOT.parent / "shared" / "eval" / "dev"


def _font(size: int):
    path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    return ImageFont.truetype(path, size) if Path(path).exists() else ImageFont.load_default(size=size)


def drawn_screen(words: list[tuple[str, tuple[int, int]]], size: tuple[int, int]) -> bytes:
    img = Image.new("RGB", size, "white")
    d = ImageDraw.Draw(img)
    for text, xy in words:
        d.text(xy, text, fill=(20, 20, 20), font=_font(20))
    d.rounded_rectangle((size[0] - 160, size[1] - 60, size[0] - 40, size[1] - 24), 5, fill=(37, 99, 235))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024.0
    return float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_cases(max_pixels: int, max_body_mb: float) -> tuple[list[dict], list[dict]]:
    """Good and garbage request templates: dict(kind, send kwargs, expect)."""
    good = []
    layouts = [
        ([("File", (20, 12)), ("Edit", (80, 12)), ("Save changes", (60, 120)), ("Cancel", (300, 120))], (520, 260)),
        ([("Inbox", (30, 60)), ("Drafts", (30, 100)), ("Compose", (400, 30)), ("Search mail", (200, 200))], (640, 360)),
        ([("Username", (40, 50)), ("Password", (40, 110)), ("Sign in", (40, 200))], (420, 300)),
    ]
    for words, size in layouts:
        png = drawn_screen(words, size)
        good.append({"kind": "drawn", "files": {"file": ("s.png", png, "image/png")}, "words": words})
        good.append({"kind": "drawn-b64", "json": {"image_base64": base64.b64encode(png).decode()},
                     "words": words})
    if DEV.is_dir():
        for name in ("galculator-1", "mousepad-1"):
            p = DEV / name / "screenshot.png"
            if p.exists():
                good.append({"kind": "dev", "name": name, "files": {"file": ("s.png", p.read_bytes(), "image/png")}})
    ref = good[0]["files"]["file"][1]
    side = int(np.sqrt(max_pixels)) + 50
    huge = io.BytesIO()
    Image.new("RGB", (side, side), "white").save(huge, "PNG")
    garbage = [
        {"kind": "random", "files": {"file": ("r.png", os.urandom(5000), "image/png")}, "expect": 422},
        {"kind": "text", "files": {"file": ("t.png", b"just some text\n" * 20, "image/png")}, "expect": 422},
        {"kind": "truncated", "files": {"file": ("t.png", ref[: len(ref) // 3], "image/png")}, "expect": 422},
        {"kind": "empty", "files": {"file": ("e.png", b"", "image/png")}, "expect": 422},
        {"kind": "bad-base64", "json": {"image_base64": "***"}, "expect": 400},
        {"kind": "json-array", "json": [1, 2, 3], "expect": 400},
        {"kind": "too-many-pixels", "files": {"file": ("h.png", huge.getvalue(), "image/png")}, "expect": 413},
        {"kind": "body-too-large", "content": os.urandom(int((max_body_mb + 0.5) * 1048576)),
         "headers": {"content-type": "image/png"}, "expect": 413},
    ]
    return good, garbage


def check_good(case: dict, doc: dict, refs: dict) -> str | None:
    """None when the parse is right, else what is wrong."""
    if doc.get("schema") != "detact/parse@1":
        return "not a detact/parse@1 document"
    if case["kind"] == "dev":
        want = refs[case["name"]]
        return None if doc["elements"] == want else "differs from the reference parse"
    for text, (x, y) in case["words"]:
        hits = [e for e in doc["elements"] if text.lower() in e["text"].lower()]
        if not hits:
            return f"{text!r} not read"
        x0, y0 = hits[0]["bbox"][:2]
        if abs(x0 - x) > 15 or abs(y0 - y) > 15:
            return f"{text!r} at {hits[0]['bbox']}, drawn at {(x, y)}"
    return None


def send(client: httpx.Client, case: dict) -> tuple[int, dict | None, float, int]:
    """POST until the answer is not 503. Returns (status, json body, seconds, 503s seen)."""
    kwargs = {k: case[k] for k in ("files", "json", "content", "headers") if k in case}
    retries = 0
    t0 = time.perf_counter()
    while True:
        r = client.post("/v1/parse", **kwargs)
        if r.status_code != 503:
            break
        retries += 1
        time.sleep(0.2 + random.random() * 0.3)
    try:
        body = r.json()
    except ValueError:
        body = None
    return r.status_code, body, time.perf_counter() - t0, retries


def run_round(base: str, cases: list[dict], concurrency: int, refs: dict) -> dict:
    stats = {"requests": len(cases), "good": 0, "good_correct": 0, "garbage": 0, "garbage_correct": 0,
             "retried_503": 0, "status_counts": {}, "failures": [], "good_latency_s": []}
    lock = threading.Lock()

    def one(case):
        with httpx.Client(base_url=base, timeout=120) as client:
            status, body, secs, retries = send(client, case)
        with lock:
            stats["status_counts"][status] = stats["status_counts"].get(status, 0) + 1
            stats["retried_503"] += retries
            if "expect" in case:
                stats["garbage"] += 1
                ok = status == case["expect"] and isinstance(body, dict) and set(body) == {"error"} \
                    and "\n" not in body["error"]
                stats["garbage_correct"] += ok
                if not ok:
                    stats["failures"].append(f"{case['kind']}: {status} {str(body)[:120]}")
            else:
                stats["good"] += 1
                problem = f"status {status}" if status != 200 else check_good(case, body, refs)
                stats["good_correct"] += problem is None
                stats["good_latency_s"].append(secs)
                if problem:
                    stats["failures"].append(f"{case['kind']}: {problem}")

    t0 = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        list(pool.map(one, cases))
    stats["seconds"] = round(time.perf_counter() - t0, 1)
    lat = sorted(stats.pop("good_latency_s"))
    stats["good_latency_p50_s"] = round(statistics.median(lat), 2) if lat else None
    stats["good_latency_p95_s"] = round(lat[int(0.95 * (len(lat) - 1))], 2) if lat else None
    stats["server_5xx_other_than_503"] = sum(v for k, v in stats["status_counts"].items() if k >= 500 and k != 503)
    return stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--concurrency", type=int, default=16, help="client threads")
    ap.add_argument("--max-concurrency", type=int, default=4, help="server slots (detact serve)")
    ap.add_argument("--max-pixels", type=int, default=4_000_000)
    ap.add_argument("--max-body-mb", type=float, default=4.0)
    ap.add_argument("--rounds", type=int, default=2, help="rounds of --requests (memory steadiness)")
    ap.add_argument("--good-fraction", type=float, default=0.5)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    port = free_port()
    cmd = [sys.executable, "-m", "detact.cli", "serve", "--port", str(port), "--device", "cpu",
           "--max-concurrency", str(args.max_concurrency), "--max-pixels", str(args.max_pixels),
           "--max-body-mb", str(args.max_body_mb), "--lazy-task-models", "--log-level", "warning"]
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "DETACT_API_KEY": ""}
    print(f"# server: detact {' '.join(cmd[3:])}")
    print(f"# client: {args.requests} requests x {args.rounds} rounds, {args.concurrency} threads; "
          f"{os.cpu_count()} CPU cores, load average {os.getloadavg()[0]:.2f}")
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    report: dict = {"command": " ".join(["detact", *cmd[3:]])}
    try:
        while True:
            try:
                if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                if proc.poll() is not None:
                    print(proc.communicate()[0], file=sys.stderr)
                    return 2
                time.sleep(0.2)
        report["startup_s"] = round(time.perf_counter() - t0, 1)
        report["rss_mb_after_start"] = round(rss_mb(proc.pid), 1)
        good, garbage = make_cases(args.max_pixels, args.max_body_mb)
        refs = {}
        with httpx.Client(base_url=base, timeout=120) as client:
            for case in good:  # reference parses (and warm-up), one at a time
                status, body, _, _ = send(client, case)
                assert status == 200, (case["kind"], status, body)
                if case["kind"] == "dev":
                    refs[case["name"]] = body["elements"]
            for case in garbage:
                send(client, case)
        report["rss_mb_after_warmup"] = round(rss_mb(proc.pid), 1)
        rng = random.Random(args.seed)
        rounds = []
        for i in range(args.rounds):
            n_good = int(args.requests * args.good_fraction)
            cases = [rng.choice(good) for _ in range(n_good)] + \
                    [rng.choice(garbage) for _ in range(args.requests - n_good)]
            rng.shuffle(cases)
            stats = run_round(base, cases, args.concurrency, refs)
            stats["rss_mb_after"] = round(rss_mb(proc.pid), 1)
            rounds.append(stats)
            print(json.dumps({"round": i + 1, **stats}), flush=True)
        report["rounds"] = rounds
        report["health"] = httpx.get(f"{base}/healthz").json()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            out, _ = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
        report["server_exit"] = proc.returncode
        report["server_log_tracebacks"] = out.count("Traceback")
    passed = all(r["server_5xx_other_than_503"] == 0 and r["good_correct"] == r["good"] and
                 r["garbage_correct"] == r["garbage"] for r in report["rounds"])
    report["passed"] = passed
    print(json.dumps({k: v for k, v in report.items() if k != "rounds"}, indent=1))
    print("\n| round | requests | good ok | garbage 4xx ok | 5xx (not 503) | 503 then retried | "
          "p50 / p95 good s | seconds | RSS MB after |")
    print("|---|---|---|---|---|---|---|---|---|")
    for i, r in enumerate(report["rounds"], 1):
        print(f"| {i} | {r['requests']} | {r['good_correct']}/{r['good']} | {r['garbage_correct']}/"
              f"{r['garbage']} | {r['server_5xx_other_than_503']} | {r['retried_503']} | "
              f"{r['good_latency_p50_s']} / {r['good_latency_p95_s']} | {r['seconds']} | {r['rss_mb_after']} |")
    print(f"\nRSS MB: after start {report['rss_mb_after_start']}, after warm-up "
          f"{report['rss_mb_after_warmup']}; PASS={passed}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
