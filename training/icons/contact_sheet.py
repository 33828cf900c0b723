#!/usr/bin/env python3
"""Render contact sheets of corpus icons with their function written underneath.

For checking the name -> function mapping by eye::

    python training/icons/contact_sheet.py --index training/icons/out/index.jsonl \
        --source iconify --n 200 --seed 1 --out training/icons/out/_check/iconify_1.png

``--function ID`` shows only icons mapped to one function, ``--name REGEX`` only icons
whose name matches (handy to compare one name across sets), ``--unmapped`` only icons
with no function.
"""
from __future__ import annotations

import argparse
import io
import json
import random
import re
import sys
from pathlib import Path
from typing import Optional

from PIL import Image, ImageDraw, ImageFont

CELL_W, CELL_H, ICON = 150, 118, 56


class SheetError(Exception):
    """A one-line, user-facing error."""


def render_icon(rec: dict, size: int = ICON) -> Image.Image:
    """The icon as an RGBA image of ``size`` px (SVG via cairosvg, PNG via Pillow)."""
    try:
        if rec.get("svg") is not None or str(rec.get("path", "")).endswith(".svg"):
            import cairosvg
            kw = {"bytestring": rec["svg"].encode()} if rec.get("svg") is not None else {"url": rec["path"]}
            png = cairosvg.svg2png(output_width=size, output_height=size, **kw)
            img = Image.open(io.BytesIO(png)).convert("RGBA")
        else:
            img = Image.open(rec["path"]).convert("RGBA")
            img.thumbnail((size, size), Image.LANCZOS)
    except Exception:  # a broken file must not stop the sheet
        img = Image.new("RGBA", (size, size), (255, 0, 0, 80))
    canvas = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    canvas.paste(img, ((size - img.width) // 2, (size - img.height) // 2), img)
    return canvas


def select(records: list[dict], source: Optional[str], function: Optional[str], name: Optional[str],
           icon_set: Optional[str], unmapped: bool, n: int, seed: int) -> list[dict]:
    """A seeded random choice of ``n`` records matching the filters."""
    pat = re.compile(name) if name else None
    pool = [r for r in records
            if (not source or r["source"] == source)
            and (not icon_set or r["set"] == icon_set)
            and (not function or r["function"] in function.split(","))
            and (not pat or pat.search(r["name"]))
            and ((r["function"] is None) if unmapped else (r["function"] is not None or function is None and pat is not None))]
    rng = random.Random(seed)
    return pool if len(pool) <= n else rng.sample(pool, n)


def draw_sheet(records: list[dict], out: Path, columns: int = 14, title: str = "") -> None:
    """Write a PNG grid: icon, then function (bold line) and set:name below it."""
    rows = max(1, (len(records) + columns - 1) // columns)
    top = 30 if title else 0
    sheet = Image.new("RGB", (columns * CELL_W, top + rows * CELL_H), "white")
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default(size=13)
    small = ImageFont.load_default(size=10)
    if title:
        draw.text((6, 6), title, fill="black", font=font)
    for i, rec in enumerate(records):
        x, y = (i % columns) * CELL_W, top + (i // columns) * CELL_H
        icon = render_icon(rec)
        bg = Image.new("RGBA", icon.size, (255, 255, 255, 255))
        bg.alpha_composite(icon)
        sheet.paste(bg.convert("RGB"), (x + (CELL_W - ICON) // 2, y + 6))
        draw.rectangle([x, y, x + CELL_W - 1, y + CELL_H - 1], outline=(220, 220, 220))
        label = rec["function"] or "-"
        draw.text((x + 4, y + ICON + 12), label[:22], fill=(0, 0, 160), font=font)
        draw.text((x + 4, y + ICON + 30), f"{rec['set']}"[:26], fill=(90, 90, 90), font=small)
        draw.text((x + 4, y + ICON + 42), rec["name"].rsplit("/", 1)[-1][:26], fill=(90, 90, 90), font=small)
    out.parent.mkdir(parents=True, exist_ok=True)
    sheet.save(out)


def main(argv: Optional[list[str]] = None) -> int:
    """Entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--index", type=Path, required=True, help="index.jsonl from collect.py")
    ap.add_argument("--out", type=Path, required=True, help="PNG to write")
    ap.add_argument("--source", choices=["iconify", "freedesktop", "libreoffice"])
    ap.add_argument("--set", dest="icon_set", help="only this set")
    ap.add_argument("--function", help="only icons mapped to these functions (comma-separated)")
    ap.add_argument("--name", help="only names matching this regular expression")
    ap.add_argument("--unmapped", action="store_true", help="only icons without a function")
    ap.add_argument("--n", type=int, default=200, help="icons on the sheet (default: %(default)s)")
    ap.add_argument("--columns", type=int, default=14)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    try:
        if not args.index.is_file():
            raise SheetError(f"no such index: {args.index}")
        records = [json.loads(line) for line in args.index.open()]
        chosen = select(records, args.source, args.function, args.name, args.icon_set,
                        args.unmapped, args.n, args.seed)
        if not chosen:
            raise SheetError("no icons match the filters")
        chosen.sort(key=lambda r: (r["function"] or "~", r["set"], r["name"]))
        title = " ".join(f"{k}={v}" for k, v in vars(args).items()
                         if v and k not in ("index", "out", "columns"))
        draw_sheet(chosen, args.out, args.columns, title)
    except SheetError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{len(chosen)} icons -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
