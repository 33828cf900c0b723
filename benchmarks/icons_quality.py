#!/usr/bin/env python3
"""Icon matcher quality: synthetic screen icons made from the bank, plus a real screenshot.

Synthetic set: every template's icon is re-rendered from its SVG at a random size
(default 14-48 px, the way an icon font draws it: the SVG's own view box at that size),
in a random foreground colour on a random background of either polarity, inside a box
with 2-8 px padding whose icon is shifted 1-3 px off centre, then JPEG-compressed
(quality 55-90). Icons whose SVG is not at hand (npm packages not installed) are drawn
from the 32 px template instead, and the report says how many.

Negatives: blank/noisy boxes, one or two words of text (DejaVu Sans, 11-21 px; single
characters are left out: they legitimately look like Font Awesome's letter icons), and
*unknown icons*: Tabler and Bootstrap icons that the bank does not contain (an open-set
check: what fraction of icons outside the bank get accepted).

Reported: for a range of thresholds, the fraction of icons matched, top-1 label accuracy
among matched icons (label = the template's short name), recall of correct labels and
the acceptance rates of the negatives. Then the admin-dashboard check (needs
../shared/eval/samples/admin-dashboard.png; skipped when absent).

    python benchmarks/icons_quality.py [--n 0] [--seed 0] [--device cpu]
"""
from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "icon_templates"))

from detact.icons import DEFAULT_THRESHOLD, IconMatcher, load_bank  # noqa: E402

CELL = 96
THRESHOLDS = [0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.88, 0.9, 0.92, 0.95, 0.97]
DASHBOARD = ROOT.parent / "shared" / "eval" / "samples" / "admin-dashboard.png"
WORDS = ("File Edit View Help Save Open Cancel OK Apply Search Settings Name Email Status "
         "Delete New Close Back Next Home Users Reports Billing Export Filter Print 12:45 "
         "$48 99% Jan Mon ID OK ... Inbox Sent Draft Login Sign up").split()


# ---------------------------------------------------------------- sources

def svg_index(build_dir: Path) -> dict[str, Path]:
    """Map ``set/style/id`` to its SVG file for every set whose files are at hand."""
    import build_bank as bb
    out: dict[str, Path] = {}
    groups = [bb.fontawesome_sources()[0]]
    nm = build_dir / "node_modules"
    if (nm / "bootstrap-icons").is_dir():
        groups += [bb.icomoon_sources(nm), bb.bootstrap_sources(nm), bb.tabler_sources(nm)]
    for g in groups:
        for src in g:
            out[src.ref] = src.svg
    return out


def render_svg(svg: Path, side: int) -> np.ndarray:
    """Coverage of an SVG drawn with its view box's longer side = ``side`` px."""
    import build_bank as bb
    return bb.render_alpha(svg, side)


def template_alpha(template: np.ndarray, side: int) -> np.ndarray:
    """Fallback: the 32 px template resized to ``side`` px (bilinear, like a browser)."""
    img = Image.fromarray(template).resize((side, side), Image.BILINEAR)
    return np.asarray(img, np.float32) / 255.0


# ---------------------------------------------------------------- composition

def _lum(c: np.ndarray) -> float:
    return float(c @ np.array([0.299, 0.587, 0.114]))


def random_colours(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Foreground/background with clear contrast; light-on-dark or dark-on-light by chance."""
    while True:
        fg, bg = rng.integers(0, 256, 3), rng.integers(0, 256, 3)
        if rng.random() < 0.35:   # plain greys and near-whites are most of real UIs
            bg = np.full(3, rng.integers(0, 256))
        if abs(_lum(fg) - _lum(bg)) >= 70:
            return fg.astype(np.float32), bg.astype(np.float32)


def jpeg(cell: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    buf = io.BytesIO()
    Image.fromarray(cell).save(buf, "JPEG", quality=int(rng.integers(55, 91)))
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


def place(alpha: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """Draw ``alpha`` in a random colour pair into a CELL x CELL tile; return tile and box."""
    fg, bg = random_colours(rng)
    h, w = alpha.shape
    pad = int(rng.integers(2, 9))
    bw, bh = w + 2 * pad, h + 2 * pad
    bx, by = (CELL - bw) // 2, (CELL - bh) // 2
    dx, dy = (int(rng.integers(1, 4)) * int(rng.choice([-1, 1])) for _ in range(2))
    a = np.zeros((CELL, CELL), np.float32)
    a[by + pad + dy:by + pad + dy + h, bx + pad + dx:bx + pad + dx + w] = alpha
    tile = (a[:, :, None] * fg + (1 - a[:, :, None]) * bg).round().astype(np.uint8)
    return jpeg(tile, rng), (bx, by, bx + bw, by + bh)


def text_tile(rng: np.random.Generator, font_path: str | None) -> tuple[np.ndarray, tuple]:
    fg, bg = random_colours(rng)
    size = int(rng.integers(11, 22))
    font = ImageFont.truetype(font_path, size) if font_path else ImageFont.load_default()
    img = Image.new("RGB", (CELL, CELL), tuple(int(v) for v in bg))
    word = " ".join(rng.choice(WORDS, int(rng.integers(1, 3))))
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = d.textbbox((0, 0), word, font=font)
    ox, oy = (CELL - (x1 - x0)) // 2 - x0, (CELL - (y1 - y0)) // 2 - y0
    d.text((ox, oy), word, fill=tuple(int(v) for v in fg), font=font)
    box = (max(0, ox + x0 - 3), max(0, oy + y0 - 3), min(CELL, ox + x1 + 3), min(CELL, oy + y1 + 3))
    return jpeg(np.asarray(img), rng), box


def blank_tile(rng: np.random.Generator) -> tuple[np.ndarray, tuple]:
    _, bg = random_colours(rng)
    noise = rng.normal(0, float(rng.choice([1.0, 4.0, 30.0])), (CELL, CELL, 3))
    tile = np.clip(bg + noise, 0, 255).astype(np.uint8)
    s = int(rng.integers(14, 48))
    b = (CELL - s) // 2
    return jpeg(tile, rng), (b, b, b + s, b + s)


def mosaic(tiles: list[np.ndarray], boxes: list[tuple]) -> tuple[np.ndarray, np.ndarray]:
    """Lay tiles out on one screenshot-like canvas; boxes move with them."""
    cols = 20
    rows = (len(tiles) + cols - 1) // cols
    canvas = np.zeros((rows * CELL, cols * CELL, 3), np.uint8)
    out = np.zeros((len(tiles), 4), np.int64)
    for i, (t, b) in enumerate(zip(tiles, boxes)):
        r, c = divmod(i, cols)
        canvas[r * CELL:(r + 1) * CELL, c * CELL:(c + 1) * CELL] = t
        out[i] = (b[0] + c * CELL, b[1] + r * CELL, b[2] + c * CELL, b[3] + r * CELL)
    return canvas, out


# ---------------------------------------------------------------- evaluation

def run_matcher(matcher: IconMatcher, tiles, boxes, batch: int = 400):
    idx, sc = [], []
    for s in range(0, len(tiles), batch):
        canvas, b = mosaic(tiles[s:s + batch], boxes[s:s + batch])
        i, v = matcher.topk(canvas, b, 1)
        idx.append(i[:, 0])
        sc.append(v[:, 0])
    return np.concatenate(idx), np.concatenate(sc)


def synth_positives(bank, manifest, svgs, rng, n, lo, hi):
    order = np.arange(len(bank)) if n <= 0 else rng.choice(len(bank), min(n, len(bank)), replace=False)
    tiles, boxes, truth, sizes, from_svg = [], [], [], [], 0
    for t in order:
        e = manifest["icons"][t]
        side = int(rng.integers(lo, hi + 1))
        svg = svgs.get(f"{e['set']}/{e['style']}/{e['id']}")
        if svg is not None:
            alpha = render_svg(svg, side)
            from_svg += 1
        else:
            alpha = template_alpha(bank.templates[t], side)
        tile, box = place(alpha, rng)
        tiles.append(tile), boxes.append(box), truth.append(t), sizes.append(side)
    return tiles, boxes, np.array(truth), np.array(sizes), from_svg


def unknown_icons(bank, manifest, build_dir, rng, n, lo, hi):
    """Icons of the npm sets that the bank left out (open-set negatives)."""
    import build_bank as bb
    nm = build_dir / "node_modules"
    if not (nm / "bootstrap-icons").is_dir():
        return [], [], []
    have = {f"{e['set']}/{e['style']}/{e['id']}" for e in manifest["icons"]}
    have |= {m for e in manifest["icons"] for m in e.get("merged", [])}
    pool = [s for s in bb.tabler_sources(nm) + bb.bootstrap_sources(nm) if s.ref not in have]
    pick = rng.choice(len(pool), min(n, len(pool)), replace=False)
    tiles, boxes, names = [], [], []
    for p in pick:
        tile, box = place(render_svg(pool[p].svg, int(rng.integers(lo, hi + 1))), rng)
        tiles.append(tile), boxes.append(box), names.append(pool[p].name)
    return tiles, boxes, names


def dashboard_boxes(img: np.ndarray) -> dict[str, tuple[int, int, int, int]]:
    """Boxes around the toolbar/header/table icons, found by connected components.

    Toolbar (y 240-290) and the table's action column hold dark glyphs on light buttons;
    the header (y < 50) holds light glyphs on the dark bar.
    """
    import cv2

    def comps(y0, y1, x0, x1, dark):
        g = cv2.cvtColor(np.ascontiguousarray(img[y0:y1, x0:x1]), cv2.COLOR_RGB2GRAY)
        m = (g < 100) if dark else (g > 150)
        m = cv2.dilate(m.astype(np.uint8), np.ones((3, 3), np.uint8))
        _, _, st, _ = cv2.connectedComponentsWithStats(m)
        found = [(x0 + s[0], y0 + s[1], x0 + s[0] + s[2], y0 + s[1] + s[3])
                 for s in st[1:] if s[4] > 10 and 10 <= s[2] <= 40 and 10 <= s[3] <= 40]
        return sorted(found)

    tool = comps(240, 290, 820, 1020, dark=True)       # search, print, refresh, (kebab)
    head = comps(5, 50, 1680, 1760, dark=False)        # bell, envelope
    rows = comps(340, 370, 1640, 1700, dark=True)      # edit, trash
    want = {"search": tool[0], "print": tool[1], "refresh": tool[2],
            "bell": head[0], "envelope": head[1], "trash": rows[-1]}
    return {k: (int(a) - 4, int(b) - 4, int(c) + 4, int(d) + 4) for k, (a, b, c, d) in want.items()}


def dashboard_check(matcher: IconMatcher) -> list[tuple[str, str, float, bool, str]]:
    from detact.imageio import load_image
    img = load_image(DASHBOARD)
    boxes = dashboard_boxes(img)
    names, scores = matcher.match(img, np.array(list(boxes.values())))
    rows = []
    for (want, box), name, s in zip(boxes.items(), names, scores):
        words = {name, *matcher.bank.tags_for(name, 50)} if name else set()
        ok = any(want in w for w in words) or (want == "refresh" and "rotate" in name)
        rows.append((want, name, float(s), ok, str(box)))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="icon matcher quality")
    ap.add_argument("--n", type=int, default=0, help="icons to sample (0 = every template)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--min-size", type=int, default=14)
    ap.add_argument("--max-size", type=int, default=48)
    ap.add_argument("--negatives", type=int, default=600, help="per negative kind")
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    ap.add_argument("--window", type=int, default=None)
    ap.add_argument("--blur", type=float, default=None)
    ap.add_argument("--json", type=Path, help="write the numbers here")
    ap.add_argument("--build-dir", type=Path, default=ROOT / "icon_templates" / ".build",
                    help="where build_bank.py installed the npm icon packages")
    args = ap.parse_args(argv)

    rng = np.random.default_rng(args.seed)
    bank = load_bank()
    manifest = json.loads((bank.path / "manifest.json").read_text())
    build_dir = args.build_dir
    kw = {k: v for k, v in (("window", args.window), ("blur", args.blur)) if v is not None}
    matcher = IconMatcher(bank, threshold=args.threshold, device=args.device, **kw)
    t0 = time.time()
    svgs = svg_index(build_dir)
    tiles, boxes, truth, sizes, from_svg = synth_positives(
        bank, manifest, svgs, rng, args.n, args.min_size, args.max_size)
    font = next((str(p) for p in Path("/usr/share/fonts").rglob("DejaVuSans.ttf")), None)
    neg = {"blank/noise": [blank_tile(rng) for _ in range(args.negatives)],
           "text": [text_tile(rng, font) for _ in range(args.negatives)]}
    ut, ub, unames = unknown_icons(bank, manifest, build_dir, rng, args.negatives,
                                   args.min_size, args.max_size)
    t_make = time.time() - t0

    t0 = time.time()
    pidx, pscore = run_matcher(matcher, tiles, boxes)
    t_match = time.time() - t0
    names = np.array(bank.names, dtype=object)
    pred_name = np.where(pidx >= 0, names[np.maximum(pidx, 0)], "")
    correct = pred_name == names[truth]
    exact = pidx == truth
    neg_scores = {k: run_matcher(matcher, [t for t, _ in v], [b for _, b in v])[1] for k, v in neg.items()}
    if ut:
        uidx, usc = run_matcher(matcher, ut, ub)
        neg_scores["unknown icons"] = usc
        # "related": the accepted name shares a word with the unknown icon's own name
        # (tabler "trash-x" accepted as "trash"), i.e. a near-miss rather than nonsense.
        related = np.array([i >= 0 and bool(set(names[i].split("-")) & set(n.split("-")))
                            for i, n in zip(uidx, unames)])

    print(f"# synthetic icons: {len(truth)} ({from_svg} from SVG, {len(truth) - from_svg} from "
          f"template), sizes {args.min_size}-{args.max_size} px, seed {args.seed}; "
          f"made in {t_make:.0f} s, matched in {t_match:.1f} s on {matcher.device}")
    print(f"# best-template score: median {np.median(pscore):.3f}; top-1 label accuracy at any "
          f"score {correct.mean():.3f} (exact template {exact.mean():.3f})\n")
    head = "| threshold | matched | label acc. (matched) | recall | " + \
        " | ".join(f"{k} accepted" for k in neg_scores) + " |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    table = []
    for t in THRESHOLDS + ([args.threshold] if args.threshold not in THRESHOLDS else []):
        m = pscore >= t
        acc = correct[m].mean() if m.any() else float("nan")
        row = {"threshold": t, "matched": float(m.mean()), "accuracy": float(acc),
               "recall": float((correct & m).mean()),
               **{k: float((v >= t).mean()) for k, v in neg_scores.items()}}
        table.append(row)
        mark = " (default)" if t == args.threshold else ""
        print(f"| {t:.2f}{mark} | {row['matched']:.3f} | {acc:.3f} | {row['recall']:.3f} | " +
              " | ".join(f"{row[k]:.3f}" for k in neg_scores) + " |")
    m = pscore >= args.threshold
    print("\nby size at the default threshold:")
    for lo, hi in ((args.min_size, 20), (21, 30), (31, args.max_size)):
        s = (sizes >= lo) & (sizes <= hi)
        if s.any():
            mm = m & s
            print(f"  {lo}-{hi} px: n={s.sum()}, matched {mm.sum() / s.sum():.3f}, "
                  f"accuracy {correct[mm].mean() if mm.any() else float('nan'):.3f}")
    by_set = {}
    for st in sorted(set(bank.sets)):
        s = np.array([bank.sets[t] == st for t in truth])
        mm = m & s
        by_set[st] = (int(s.sum()), float(mm.sum() / max(1, s.sum())),
                      float(correct[mm].mean()) if mm.any() else float("nan"))
        print(f"  set {st}: n={by_set[st][0]}, matched {by_set[st][1]:.3f}, accuracy {by_set[st][2]:.3f}")
    if ut:
        acc_u = usc >= args.threshold
        ex = [f"{unames[i]} -> {names[uidx[i]]}" for i in np.flatnonzero(acc_u)[:8]]
        print(f"  unknown icons accepted at default: {acc_u.mean():.3f} (of those, "
              f"{related[acc_u].mean() if acc_u.any() else 0:.3f} under a related name); e.g. "
              + "; ".join(ex))
    wrong = np.flatnonzero(m & ~correct)[:12]
    if len(wrong):
        print("  sample confusions (true -> predicted, score): " + "; ".join(
            f"{names[truth[i]]} -> {pred_name[i]} ({pscore[i]:.2f})" for i in wrong))

    result = {"n": int(len(truth)), "from_svg": int(from_svg), "table": table,
              "any_score_accuracy": float(correct.mean()), "by_set": by_set}
    if DASHBOARD.is_file():
        print(f"\nadmin-dashboard.png at threshold {args.threshold}:")
        rows = dashboard_check(matcher)
        for want, name, s, ok, box in rows:
            print(f"  {want:9s} box {box:22s} -> {name or '(none)':20s} {s:.3f} {'OK' if ok else 'FAIL'}  "
                  f"[{matcher.describe(name)}]")
        result["dashboard_ok"] = all(r[3] for r in rows)
        print(f"  all six labelled correctly: {result['dashboard_ok']}")
    else:
        print(f"\n(admin-dashboard check skipped: {DASHBOARD} not found)")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
