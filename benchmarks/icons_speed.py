#!/usr/bin/env python3
"""Icon stage speed: ``IconRecognizer.label`` on N icon boxes (default 50) of a 1920 x 1080
screenshot, plus the size on disk of what the stage loads (bank + encoder).

The icons are bank templates drawn at random sizes (12-64 px), colours and polarities at
random places of a 1080p canvas, boxes padded by 4 px, so cropping, background estimation,
glyph fitting, every softened SSIM stack and the encoder are exercised as in a parse.
Reported: the median and spread over ``--runs`` calls of ``label`` end to end, and of its parts
(glyphs, SSIM, encoder) measured separately; the machine's load average before and after.

    python benchmarks/icons_speed.py [--boxes 50] [--runs 30] [--device cpu] [--no-encoder]
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

from detact.icons.encoder import default_encoder_path  # noqa: E402
from detact.icons.preprocess import box_glyphs  # noqa: E402
from detact.icons.recognizer import IconRecognizer  # noqa: E402


def make_screen(bank, n: int, rng: np.random.Generator, size=(1920, 1080)) -> tuple[np.ndarray, np.ndarray]:
    """A 1080p canvas with ``n`` icons on a grid of 80 px cells and their boxes (4 px padding)."""
    w, h = size
    cell = 80
    canvas = np.full((h, w, 3), 246, np.uint8)
    cells = rng.choice((w // cell) * (h // cell), n, replace=False)
    boxes = np.zeros((n, 4), np.int64)
    for i, (c, t) in enumerate(zip(cells, rng.choice(len(bank), n, replace=False))):
        side = int(rng.integers(12, 65))
        a = np.asarray(Image.fromarray(bank.templates[t]).resize((side, side), Image.BILINEAR),
                       np.float32)[:, :, None] / 255.0
        dark = rng.random() < 0.5
        bg = rng.integers(200, 256, 3) if dark else rng.integers(0, 60, 3)
        fg = rng.integers(0, 80, 3) if dark else rng.integers(180, 256, 3)
        r, col = divmod(int(c), w // cell)
        y, x = r * cell + (cell - side) // 2, col * cell + (cell - side) // 2
        canvas[r * cell:(r + 1) * cell, col * cell:(col + 1) * cell] = bg
        canvas[y:y + side, x:x + side] = (a * fg + (1 - a) * bg).astype(np.uint8)
        boxes[i] = (x - 4, y - 4, x + side + 4, y + side + 4)
    return canvas, boxes


def timed(fn, runs: int) -> list[float]:
    fn()  # warm-up: first-call allocations, thread pools
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def disk_size(bank_dir: Path, encoder: Path | None) -> dict[str, int]:
    files = {"bank.npz": bank_dir / "bank.npz", "manifest.json": bank_dir / "manifest.json"}
    if encoder is not None and encoder.is_file():
        files["icon_encoder.onnx"] = encoder
    return {k: p.stat().st_size for k, p in files.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="icon stage speed")
    ap.add_argument("--boxes", type=int, default=50)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-encoder", action="store_true")
    args = ap.parse_args(argv)

    load_before = os.getloadavg()
    t0 = time.perf_counter()
    rec = IconRecognizer(device=args.device, encoder=not args.no_encoder)
    t_init = time.perf_counter() - t0
    screen, boxes = make_screen(rec.bank, args.boxes, np.random.default_rng(args.seed))
    g, side, ok = box_glyphs(screen, boxes, rec.bank.size)

    parts = {"label() end to end": lambda: rec.label(screen, boxes),
             "  glyphs (crop, ink, fit)": lambda: box_glyphs(screen, boxes, rec.bank.size),
             "  SSIM top-1 over the bank": lambda: rec.matcher.topk_glyphs(g, side, ok, 1)}
    if rec.encoder is not None:
        parts["  encoder (all boxes)"] = lambda: rec.encoder.run_glyphs(g, ok)
    times = {name: timed(fn, args.runs) for name, fn in parts.items()}
    load_after = os.getloadavg()

    print(f"{args.boxes} icon boxes on a 1920x1080 screenshot, {len(rec.bank)} templates, "
          f"recognizer {rec.name} on {rec.matcher.device} ({os.cpu_count()} cores, SSIM on "
          f"{rec.matcher.backend}); init {t_init * 1000:.0f} ms")
    for name, ts in times.items():
        print(f"{name:30s} median {statistics.median(ts):7.1f} ms  (min {min(ts):.1f}, "
              f"max {max(ts):.1f}, {len(ts)} runs)")
    sizes = disk_size(rec.bank.path, rec.encoder.path if rec.encoder is not None else default_encoder_path())
    total = sum(sizes.values())
    print("on disk: " + ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sizes.items())
          + f"; total {total / 1e6:.2f} MB")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")
    for note in rec.notes:
        print(f"note: {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
