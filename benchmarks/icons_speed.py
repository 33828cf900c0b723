#!/usr/bin/env python3
"""Icon matcher speed: N regions (default 300) against the full template bank.

The regions are icons drawn from bank templates at random sizes (12-64 px), colours and
polarities on one 1920-wide canvas, so cropping, background estimation, glyph fitting and
every softened template stack are exercised as in a real parse. Reported: median and
spread over ``--runs`` calls of ``IconMatcher.match`` (end to end) and of the SSIM pass
alone (glyphs prepared beforehand).

    python benchmarks/icons_speed.py [--regions 300] [--runs 15] [--device cpu|cuda|auto]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from detact.icons import IconMatcher, load_bank  # noqa: E402


def make_screen(bank, n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A canvas with ``n`` icons in 80 px cells and their boxes (icon + 4 px padding)."""
    cell, cols = 80, 24
    rows = (n + cols - 1) // cols
    canvas = np.zeros((rows * cell, cols * cell, 3), np.uint8)
    boxes = np.zeros((n, 4), np.int64)
    for i, t in enumerate(rng.choice(len(bank), n, replace=False)):
        side = int(rng.integers(12, 65))
        a = np.asarray(Image.fromarray(bank.templates[t]).resize((side, side), Image.BILINEAR),
                       np.float32)[:, :, None] / 255.0
        dark = rng.random() < 0.5
        bg = rng.integers(200, 256, 3) if dark else rng.integers(0, 60, 3)
        fg = rng.integers(0, 80, 3) if dark else rng.integers(180, 256, 3)
        r, c = divmod(i, cols)
        y, x = r * cell + (cell - side) // 2, c * cell + (cell - side) // 2
        canvas[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell] = bg
        canvas[y:y + side, x:x + side] = (a * fg + (1 - a) * bg).astype(np.uint8)
        boxes[i] = (x - 4, y - 4, x + side + 4, y + side + 4)
    return canvas, boxes


def timed(fn, runs: int) -> list[float]:
    fn()  # warm-up: first-call allocations, CUDA context, kernel selection
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="icon matcher speed")
    ap.add_argument("--regions", type=int, default=300)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--precision", default="auto", choices=["auto", "int8", "float32"])
    ap.add_argument("--threads", type=int, default=None,
                    help="torch CPU threads for the SSIM pass (default: the matcher's, 1)")
    args = ap.parse_args(argv)

    bank = load_bank()
    t0 = time.perf_counter()
    kw = {} if args.threads is None else {"cpu_threads": args.threads}
    matcher = IconMatcher(bank, device=args.device, precision=args.precision, **kw)
    t_init = time.perf_counter() - t0
    rng = np.random.default_rng(args.seed)
    screen, boxes = make_screen(bank, args.regions, rng)

    def sync() -> None:
        if matcher.device.startswith("cuda"):
            import torch
            torch.cuda.synchronize()

    def end_to_end() -> None:
        matcher.match(screen, boxes)
        sync()

    glyphs, side, ok = matcher.glyphs(screen, boxes)

    from detact.icons.matcher import _torch_threads

    def ssim_only() -> None:
        with _torch_threads(matcher.cpu_threads if matcher.backend == "torch" and matcher.device == "cpu" else None):
            matcher._full.topk(glyphs[ok], 1)
        sync()

    e2e = timed(end_to_end, args.runs)
    core = timed(ssim_only, args.runs)
    prep = timed(lambda: matcher.glyphs(screen, boxes), args.runs)
    dev = matcher.device
    if dev.startswith("cuda"):
        import torch
        dev += f" ({torch.cuda.get_device_name()})"
    elif matcher.backend == "torch":
        import torch
        dev += f" ({os.cpu_count()} cores, torch threads {matcher.cpu_threads or torch.get_num_threads()})"
    else:
        dev += f" ({os.cpu_count()} cores, numpy)"
    print(f"{args.regions} regions x {len(bank)} templates on {dev}, {matcher.precision} matmul; "
          f"matcher init {t_init * 1000:.0f} ms (includes importing torch when it is used)")
    for name, ts in (("match() end to end", e2e), ("  region preprocessing", prep),
                     ("  SSIM pass only (full-detail stack)", core)):
        print(f"{name:38s} median {statistics.median(ts):7.1f} ms  "
              f"(min {min(ts):.1f}, max {max(ts):.1f}, {len(ts)} runs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
