"""Bounded local load test of ``detact serve``: hostile probes, the issue-16 filter request,
a burst, then N requests at concurrency C, good and bad.

    python benchmarks/load_test.py [--requests 200] [--concurrency 16] [--max-concurrency 4]
                                   [--rounds 2] [--burst 32]

Starts a real ``detact serve`` subprocess on a free port (its default queue and timeouts), then:

1. probes (issue 16): JSON nested 100,000 deep, huge and negative numbers in a parse document,
   an EPS named .png, images over the pixel cap (ours and Pillow's), a task and a document over
   the work budget, a client that hangs up mid-upload, a slow request head and a slow body:
   each must get its 4xx (408 for the slow ones) and the server log no traceback;
2. the 9 KB filter request of issue 16 (task "ab "*333, 8 elements "ba "*333): answered in
   under 1 s, and four of them at once must not delay a parse by more than 2 s;
3. a burst of ``--burst`` simultaneous good parse requests, sent once (no retry): at least
   30 of 32 must be answered 200 within 120 s (the rest may be 503 with Retry-After);
4. rounds of a shuffled mix (fixed seed) of good screenshots and garbage from C client threads:

* good: drawn screenshots with known words at known places (checked: every word read back
  near where it was drawn) and, when ``../shared/eval/dev`` is there, real screenshots
  (checked: identical to a reference parse made before the load, so concurrency changes
  nothing);
* garbage: random bytes, a text file, a truncated PNG, an empty upload, bad base64, a JSON
  array, an image over the pixel limit, a body over the size limit (each must get its 4xx).

In the rounds a 503 (queue full or wait deadline passed) is retried by the client after a short
pause, as an agent would; every other answer is final. Pass criteria: all of the above, no 5xx
other than 503, every good request finally answered correctly, every garbage one answered with
its 4xx and a one-line JSON error, no traceback in the server log. Server RSS (from /proc) is
printed after start, after a warm-up, and after each round (it must stay steady).
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
    bomb = io.BytesIO()
    Image.new("1", (20000, 20000)).save(bomb, "PNG")       # over Pillow's own decompression-bomb guard
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
        # issue 16
        {"kind": "nested-json", "content": b"[" * 100_000 + b"]" * 100_000,
         "headers": {"content-type": "application/json"}, "expect": 400},
        {"kind": "eps-as-png", "files": {"file": ("e.png", EPS, "image/png")}, "expect": 422},
        {"kind": "over-pillow-guard", "files": {"file": ("b.png", bomb.getvalue(), "image/png")}, "expect": 413},
        {"kind": "bbox-1e20", "path": "/v1/filter", "expect": 400,
         "json": {"task": "x", "parse": parse_doc([{"kind": "text", "text": "a", "bbox": [0, 0, 1e20, 5]}])}},
        {"kind": "task-too-long", "path": "/v1/filter", "expect": 413, "json": {**NINE_KB, "task": "x" * 5000}},
    ]
    return good, garbage


EPS = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\nnewpath 0 0 moveto 100 100 lineto stroke\nshowpage\n"


def parse_doc(elements: list[dict], width: int = 800, height: int = 500) -> dict:
    return {"schema": "detact/parse@1", "image": {"width": width, "height": height}, "elements": elements}


#: Issue 16's filter request: a 999-character task, 8 elements of 999 characters (9.5 KB).
NINE_KB = {"task": "ab " * 333,
           "parse": parse_doc([{"kind": "text", "text": "ba " * 333, "bbox": [10 * i, 10, 10 * i + 9, 20]}
                               for i in range(8)])}


def check_good(case: dict, doc: dict, refs: dict) -> str | None:
    """None when the parse is right, else what is wrong."""
    if doc.get("schema") not in ("detact/parse@1", "detact/parse@2"):
        return "not a detact/parse document"
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
        r = client.post(case.get("path", "/v1/parse"), **kwargs)
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


def _answer(r: httpx.Response) -> dict | None:
    try:
        return r.json()
    except ValueError:
        return None


def raw_exchange(port: int, chunks: list[bytes], gap: float, wait: float = 120.0,
                 read: bool = True) -> tuple[float, bytes]:
    """Send ``chunks`` over a bare socket to 127.0.0.1:``port``, ``gap`` s apart, then (if
    ``read``) read until the server closes or ``wait`` s pass: (seconds taken, answer). A
    hang-up mid-send is not an error: it is what a slow or broken client should get.
    tests/test_hardening.py drives the same probes with it."""
    t0 = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.settimeout(wait)
        try:
            for chunk in chunks:
                s.sendall(chunk)
                time.sleep(gap)
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = b""
        while read:
            try:
                got = s.recv(65536)
            except (socket.timeout, ConnectionResetError):
                break
            if not got:
                break
            answer += got
    return time.perf_counter() - t0, answer


def run_probes(base: str, port: int, max_pixels: int, header_timeout: float, body_timeout: float) -> list[dict]:
    """Issue 16's hostile requests, each with the status it must get (rows: probe, expect, got,
    seconds, error line)."""
    rows = []

    def row(name: str, expect: int, status: int, seconds: float, error: str) -> None:
        rows.append({"probe": name, "expect": expect, "status": status, "seconds": round(seconds, 2),
                     "ok": status == expect, "error": error[:110]})

    side = int(np.sqrt(max_pixels)) + 50
    over_ours, over_pillow = io.BytesIO(), io.BytesIO()
    Image.new("1", (side, side)).save(over_ours, "PNG")
    Image.new("1", (20000, 20000)).save(over_pillow, "PNG")
    many = parse_doc([{"kind": "text", "text": "a", "bbox": [0, 0, 5, 5]}] * 5000)
    json_ct = {"content-type": "application/json"}
    http_probes = [
        ("JSON nested 100,000 deep", 400, "/v1/filter", {"content": b"[" * 100_000 + b"]" * 100_000, "headers": json_ct}),
        ("parse doc: bbox 1e20", 400, "/v1/filter", {"json": {"task": "x", "parse": parse_doc(
            [{"kind": "text", "text": "a", "bbox": [0, 0, 1e20, 5]}])}}),
        ("parse doc: width 1e400", 400, "/v1/filter", {"headers": json_ct, "content": b'{"task": "x", "parse": '
                                                       b'{"schema": "detact/parse@1", "image": {"width": 1e400, '
                                                       b'"height": 5}, "elements": []}}'}),
        ("parse doc: width -5", 400, "/v1/filter", {"json": {"task": "x", "parse": parse_doc([], width=-5)}}),
        ("parse doc: inverted box", 400, "/v1/prompt", {"json": {"task": "x", "parse": parse_doc(
            [{"kind": "text", "text": "a", "bbox": [10, 10, 5, 5]}])}}),
        ("top_k 1e400", 422, "/v1/filter", {"headers": json_ct, "content": b'{"task": "x", "top_k": 1e400, "parse": '
                                            + json.dumps(parse_doc([])).encode() + b"}"}),
        ("EPS named .png", 422, "/v1/parse", {"files": {"file": ("e.png", EPS, "image/png")}}),
        (f"{side}x{side} PNG (over --max-pixels)", 413, "/v1/parse",
         {"files": {"file": ("h.png", over_ours.getvalue(), "image/png")}}),
        ("20000x20000 PNG (over Pillow's guard)", 413, "/v1/parse",
         {"files": {"file": ("b.png", over_pillow.getvalue(), "image/png")}}),
        ("task of 5,000 characters", 413, "/v1/filter", {"json": {**NINE_KB, "task": "x" * 5000}}),
        ("parse doc of 5,000 elements", 413, "/v1/filter", {"json": {"task": "x", "parse": many}}),
    ]
    with httpx.Client(base_url=base, timeout=120) as client:
        for name, expect, path, kwargs in http_probes:
            t0 = time.perf_counter()
            r = client.post(path, **kwargs)
            row(name, expect, r.status_code, time.perf_counter() - t0, str((_answer(r) or {}).get("error", r.text)))
    head = b"POST /v1/parse HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: 100000\r\n\r\n"
    for _ in range(20):                     # clients that hang up mid-upload: no answer, no log noise
        raw_exchange(port, [head, b"a" * 1000], gap=0.01, wait=0.5)
    slow = {f"head sent 1 line/s (--header-timeout {header_timeout:g})":
            [b"POST /v1/parse HTTP/1.1\r\n"] + [b"X-Slow: 1\r\n"] * 1000,
            f"body sent 1 byte/s (--body-timeout {body_timeout:g})": [head] + [b"a"] * 1000}
    for name, chunks in slow.items():
        seconds, answer = raw_exchange(port, chunks, gap=1.0)
        row(name, 408, _status(answer), seconds, answer.split(b"\r\n\r\n")[-1].decode(errors="replace"))
    return rows


def _status(answer: bytes) -> int:
    parts = answer.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0


def filter_phase(base: str, parse_case: dict) -> dict:
    """The 9 KB filter request: its latency alone, and how much four of them at once delay a
    parse sent right after them."""
    kwargs = {k: parse_case[k] for k in ("files", "json") if k in parse_case}
    with httpx.Client(base_url=base, timeout=120) as client:
        assert client.post("/v1/filter", json=NINE_KB).status_code == 200   # MiniLM loads (lazy)
        singles = []
        for _ in range(3):
            t0 = time.perf_counter()
            r = client.post("/v1/filter", json=NINE_KB)
            assert r.status_code == 200, r.text
            singles.append(time.perf_counter() - t0)
        alone = []
        for _ in range(3):
            t0 = time.perf_counter()
            assert client.post("/v1/parse", **kwargs).status_code == 200
            alone.append(time.perf_counter() - t0)
    barrier = threading.Barrier(5)
    out: dict = {}

    def filt(i: int) -> None:
        with httpx.Client(base_url=base, timeout=120) as c:
            barrier.wait()
            t0 = time.perf_counter()
            r = c.post("/v1/filter", json=NINE_KB)
            out[f"filter{i}"] = (r.status_code, time.perf_counter() - t0)

    def parse() -> None:
        with httpx.Client(base_url=base, timeout=120) as c:
            barrier.wait()
            time.sleep(0.05)                 # the four filters are in first
            t0 = time.perf_counter()
            r = c.post("/v1/parse", **kwargs)
            out["parse"] = (r.status_code, time.perf_counter() - t0)

    threads = [threading.Thread(target=filt, args=(i,)) for i in range(4)] + [threading.Thread(target=parse)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    baseline = statistics.median(alone)
    delay = out["parse"][1] - baseline
    return {"filter_9kb_s": [round(x, 3) for x in singles], "parse_alone_s": round(baseline, 2),
            "parse_with_4_filters_s": round(out["parse"][1], 2), "parse_delay_s": round(delay, 2),
            "statuses": sorted(v[0] for v in out.values()),
            "passed": max(singles) < 1.0 and delay <= 2.0 and all(v[0] == 200 for v in out.values())}


def burst_phase(base: str, good: list[dict], n: int, refs: dict, rng: random.Random) -> dict:
    """``n`` good parse requests at the same instant, each sent once (no retry)."""
    cases = [rng.choice(good) for _ in range(n)]
    barrier = threading.Barrier(n)
    results: list[tuple[int, float, str | None, str]] = []
    lock = threading.Lock()

    def one(case: dict) -> None:
        kwargs = {k: case[k] for k in ("files", "json") if k in case}
        with httpx.Client(base_url=base, timeout=180) as client:
            barrier.wait()
            t0 = time.perf_counter()
            r = client.post("/v1/parse", **kwargs)
            secs = time.perf_counter() - t0
        body = _answer(r)
        problem = check_good(case, body, refs) if r.status_code == 200 else None
        with lock:
            results.append((r.status_code, secs, problem, r.headers.get("retry-after", "")))

    t0 = time.perf_counter()
    threads = [threading.Thread(target=one, args=(c,)) for c in cases]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    ok = [r for r in results if r[0] == 200 and r[2] is None and r[1] <= 120]
    counts: dict[int, int] = {}
    for status, *_ in results:
        counts[status] = counts.get(status, 0) + 1
    return {"requests": n, "answered_200_correct_within_120s": len(ok), "status_counts": counts,
            "wrong": [r[2] for r in results if r[2]], "retry_after": sorted({r[3] for r in results if r[0] == 503}),
            "latency_p50_s": round(statistics.median(r[1] for r in results), 1),
            "latency_max_s": round(max(r[1] for r in results), 1), "wall_s": round(wall, 1),
            "passed": len(ok) >= n - 2 * (n // 32 or 1) and set(counts) <= {200, 503}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--concurrency", type=int, default=16, help="client threads")
    ap.add_argument("--max-concurrency", type=int, default=4, help="server slots (detact serve)")
    ap.add_argument("--max-pixels", type=int, default=4_000_000)
    ap.add_argument("--max-body-mb", type=float, default=4.0)
    ap.add_argument("--header-timeout", type=float, default=5.0, help="detact serve --header-timeout")
    ap.add_argument("--body-timeout", type=float, default=10.0, help="detact serve --body-timeout")
    ap.add_argument("--rounds", type=int, default=2, help="rounds of --requests (memory steadiness)")
    ap.add_argument("--burst", type=int, default=32, help="simultaneous good parse requests (0: skip)")
    ap.add_argument("--no-probes", action="store_true", help="skip the issue-16 probes")
    ap.add_argument("--good-fraction", type=float, default=0.5)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    port = free_port()
    cmd = [sys.executable, "-m", "detact.cli", "serve", "--port", str(port), "--device", "cpu",
           "--max-concurrency", str(args.max_concurrency), "--max-pixels", str(args.max_pixels),
           "--max-body-mb", str(args.max_body_mb), "--header-timeout", str(args.header_timeout),
           "--body-timeout", str(args.body_timeout), "--lazy-task-models", "--log-level", "warning"]
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
        if not args.no_probes:
            report["probes"] = run_probes(base, port, args.max_pixels, args.header_timeout, args.body_timeout)
            for r in report["probes"]:
                print(json.dumps(r), flush=True)
        report["filter"] = filter_phase(base, next((g for g in good if g["kind"] == "dev"), good[0]))
        print(json.dumps({"filter": report["filter"]}), flush=True)
        if args.burst:
            report["burst"] = burst_phase(base, good, args.burst, refs, rng)
            print(json.dumps({"burst": report["burst"]}), flush=True)
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
        report["server_log_lines"] = len(out.splitlines())
    return _summarise(report)


def _summarise(report: dict) -> int:
    rounds = report["rounds"]
    checks = {
        "rounds: no 5xx but 503, all good right, all garbage its 4xx":
            all(r["server_5xx_other_than_503"] == 0 and r["good_correct"] == r["good"] and
                r["garbage_correct"] == r["garbage"] for r in rounds),
        "probes: each got its 4xx": all(p["ok"] for p in report.get("probes", [])),
        "9 KB filter < 1 s, 4 at once delay a parse <= 2 s": report["filter"]["passed"],
        "burst: >= 30/32 answered 200 within 120 s": report.get("burst", {}).get("passed", True),
        "no traceback in the server log": report["server_log_tracebacks"] == 0,
    }
    report["checks"] = checks
    passed = all(checks.values())
    report["passed"] = passed
    print(json.dumps({k: v for k, v in report.items() if k not in ("rounds", "probes")}, indent=1))
    if report.get("probes"):
        print("\n| probe | expected | got | seconds | answer |")
        print("|---|---|---|---|---|")
        for p in report["probes"]:
            print(f"| {p['probe']} | {p['expect']} | {p['status']} | {p['seconds']} | {p['error']} |")
    print("\n| round | requests | good ok | garbage 4xx ok | 5xx (not 503) | 503 then retried | "
          "p50 / p95 good s | seconds | RSS MB after |")
    print("|---|---|---|---|---|---|---|---|---|")
    for i, r in enumerate(rounds, 1):
        print(f"| {i} | {r['requests']} | {r['good_correct']}/{r['good']} | {r['garbage_correct']}/"
              f"{r['garbage']} | {r['server_5xx_other_than_503']} | {r['retried_503']} | "
              f"{r['good_latency_p50_s']} / {r['good_latency_p95_s']} | {r['seconds']} | {r['rss_mb_after']} |")
    print(f"\nRSS MB: after start {report['rss_mb_after_start']}, after warm-up "
          f"{report['rss_mb_after_warmup']}; " + "; ".join(f"{k}: {v}" for k, v in checks.items()) +
          f"; PASS={passed}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
