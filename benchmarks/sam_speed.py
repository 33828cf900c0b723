#!/usr/bin/env python3
"""Seconds per 1080p screenshot for SAM everything-mode (DetACT's ``--segmenter sam``).

Times `SamSegmenter.segment_batch` over batches of 1920x1080 screenshots on CUDA: the image
encoder runs a whole batch at once, the mask decoder every point prompt of an image at once
(``--points-per-batch``). Reported: s/screenshot for the whole segmenter and for the encoder
alone, regions found, and which weights ran. Weights: the installed checkpoint
(``detact models pull sam_vit_b``) or, when none is there, a randomly initialised ViT-B of
the same architecture (same compute; the number of masks surviving SAM's quality filters,
and so post-processing time, differs with real weights -- the report says which ran).

Screenshots: ``--images`` files, else ``../shared/eval/samples/*.png`` when beside this
checkout, else a drawn 1080p screen.

    python benchmarks/sam_speed.py [--batch-size 4] [--iters 3] [--images A.png ...]
    python benchmarks/sam_speed.py --allow-cpu      # no GPU: one CPU iteration (smoke test)

Without CUDA (and without --allow-cpu) it says so and exits 0.
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from detact.imageio import load_image  # noqa: E402
from detact.segment import sam  # noqa: E402

SHARED_SAMPLES = ROOT.parent / "shared" / "eval" / "samples"


def _font(size: int):
    path = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    return ImageFont.truetype(str(path), size) if path.exists() else ImageFont.load_default(size=size)


def drawn_screen(width: int = 1920, height: int = 1080) -> np.ndarray:
    """A desktop-app-like 1080p screenshot: title bar, toolbar, sidebar, cards, buttons, text."""
    img = Image.new("RGB", (width, height), (246, 247, 249))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, width, 40), fill=(40, 44, 52))
    d.text((16, 10), "Project Dashboard - DetACT", fill=(230, 230, 230), font=_font(18))
    for i in range(12):  # toolbar icons
        x = 16 + i * 44
        d.rounded_rectangle((x, 52, x + 32, 84), radius=6, fill=(225, 229, 236), outline=(180, 186, 196))
        d.ellipse((x + 9, 61, x + 23, 75), outline=(60, 90, 160), width=2)
    d.rectangle((0, 96, 260, height), fill=(255, 255, 255), outline=(220, 220, 225))
    for i, name in enumerate(["Overview", "Files", "Issues", "Pull requests", "Actions", "Settings"]):
        d.text((24, 120 + i * 40), name, fill=(40, 40, 40), font=_font(17))
    for r in range(3):
        for c in range(4):
            x0, y0 = 290 + c * 400, 120 + r * 300
            d.rounded_rectangle((x0, y0, x0 + 370, y0 + 270), radius=10, fill=(255, 255, 255), outline=(210, 214, 220))
            d.text((x0 + 20, y0 + 20), f"Card {r * 4 + c + 1}", fill=(20, 20, 20), font=_font(20))
            d.text((x0 + 20, y0 + 60), "Weekly active users", fill=(110, 110, 110), font=_font(15))
            d.rounded_rectangle((x0 + 20, y0 + 210, x0 + 130, y0 + 246), radius=6, fill=(37, 99, 235))
            d.text((x0 + 42, y0 + 218), "Open", fill=(255, 255, 255), font=_font(16))
            d.rounded_rectangle((x0 + 150, y0 + 210, x0 + 260, y0 + 246), radius=6, outline=(150, 150, 150))
            d.text((x0 + 170, y0 + 218), "Share", fill=(40, 40, 40), font=_font(16))
    return np.asarray(img)


def screenshots(paths: list[str], n: int) -> tuple[list[np.ndarray], str]:
    if paths:
        images, source = [load_image(p) for p in paths], ", ".join(paths)
    elif SHARED_SAMPLES.is_dir() and any(SHARED_SAMPLES.glob("*.png")):
        files = sorted(SHARED_SAMPLES.glob("*.png"))
        images, source = [load_image(p) for p in files], ", ".join(str(p) for p in files)
    else:
        images, source = [drawn_screen()], "drawn 1920x1080 screen"
    return [images[i % len(images)] for i in range(n)], source


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--images", nargs="*", default=[], help="screenshots to time (default: see above)")
    ap.add_argument("--checkpoint", help="SAM checkpoint (default: installed sam_vit_b, else random weights)")
    ap.add_argument("--batch-size", type=int, default=4, help="images per encoder batch")
    ap.add_argument("--iters", type=int, default=3, help="timed batches (after one warm-up)")
    ap.add_argument("--points-per-side", type=int, help="prompt grid along the long side (default: 48 on GPU)")
    ap.add_argument("--points-per-batch", type=int, default=256, help="prompts decoded at once")
    ap.add_argument("--precision", default="auto", choices=["auto", "fp32", "bf16", "fp16"])
    ap.add_argument("--decoder", default="auto", choices=["auto", "torch", "onnx"])
    ap.add_argument("--allow-cpu", action="store_true", help="without CUDA, run one CPU iteration (smoke test)")
    ap.add_argument("--json", help="also write the result here")
    args = ap.parse_args(argv)

    import torch

    cuda = torch.cuda.is_available()
    if not cuda and not args.allow_cpu:
        print("sam_speed: no CUDA device here; SAM speed is measured on a GPU "
              "(run with --allow-cpu for a one-iteration CPU smoke test). Nothing measured.")
        return 0
    device = "cuda" if cuda else "cpu"
    batch_size, iters = (args.batch_size, args.iters) if cuda else (1, 1)
    points = args.points_per_side or (None if cuda else 4)

    tmp = None
    checkpoint = Path(args.checkpoint) if args.checkpoint else sam.find_checkpoint("vit_b")
    if checkpoint is not None:
        weights = f"checkpoint {checkpoint}"
    else:
        from segment_anything import sam_model_registry

        tmp = tempfile.TemporaryDirectory(prefix="sam_speed_")
        checkpoint = Path(tmp.name) / "sam_vit_b_random.pth"
        torch.manual_seed(0)
        torch.save(sam_model_registry["vit_b"]().state_dict(), checkpoint)
        weights = "random ViT-B weights (no checkpoint installed)"

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        seg = sam.SamSegmenter(checkpoint, device=device, points_per_side=points,
                               points_per_batch=args.points_per_batch, batch_size=batch_size,
                               precision=args.precision, decoder=args.decoder)
    images, source = screenshots(args.images, batch_size)
    sync = torch.cuda.synchronize if cuda else (lambda: None)

    if cuda:
        seg.segment_batch(images)  # warm-up: kernels, autotuning, ONNX export if any
    seg_times, enc_times, counts = [], [], []
    for _ in range(iters):
        sync()
        t0 = time.perf_counter()
        results = seg.segment_batch(images)
        sync()
        seg_times.append(time.perf_counter() - t0)
        counts.append([len(r) for r in results])
        if cuda:  # on CPU a second encoder pass would double a minute-long smoke test
            t0 = time.perf_counter()
            seg.encode(images)
            sync()
            enc_times.append(time.perf_counter() - t0)

    n = len(images)
    h, w = images[0].shape[:2]
    result = {
        "benchmark": "sam_speed",
        "device": torch.cuda.get_device_name(0) if cuda else f"cpu ({platform.processor() or platform.machine()})",
        "backend": seg.backend,
        "weights": weights,
        "images": source,
        "image_size": [w, h],
        "batch_size": n,
        "points_per_side": seg.points_per_side,
        "prompts_per_image": int(len(sam.point_grid(h, w, seg.points_per_side))),
        "iters": iters,
        "s_per_screenshot": round(min(seg_times) / n, 4),
        "s_per_screenshot_mean": round(sum(seg_times) / len(seg_times) / n, 4),
        "encoder_s_per_screenshot": round(min(enc_times) / n, 4) if enc_times else None,
        "regions_per_screenshot": counts[-1],
        "target_s_per_screenshot": 1.0,
        "smoke_test_only": not cuda,
        "torch": torch.__version__,
    }
    print(json.dumps(result, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
