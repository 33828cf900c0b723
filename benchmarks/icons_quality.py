#!/usr/bin/env python3
"""Icon quality: does DetACT say what an icon does, on icon sets it has never seen?

**Leave sets out** (``--leave-out SET,SET,...``; default: the held-out sets of
``training/icons/heldout.py``, which are in neither the bank nor the encoder's training data).
Every icon of those sets that has a function is drawn ``--looks`` times the way screens show
icons (``training/icons/render.py``: 12-64 px, stroke weights, colours on light and dark,
loose boxes, blur, JPEG), the crops are laid out on screenshot-sized canvases and read back
through the real inference path. Reported per set and in all:

* encoder top-1 / top-5: the true function is the encoder's first / among its five first;
* SSIM only top-1 / top-5: the same with the functions of the best-matching bank templates
  (the paper's method on the new bank);
* recognizer (``IconRecognizer.label``): share of icons it names, and how many of those
  names are right.

**Calibrate** (``--calibrate``): the exact-match SSIM threshold of ``IconRecognizer``, on
validation renders of our own (the 4 % validation icons of the training sets, the encoder's
split; bank icons among them are exact matches, the others are not) plus text crops.

    python benchmarks/icons_quality.py --index /work/gen/icons/index.jsonl --leave-out \\
        yaru,yaru-symbolic,lucide,lucide-lab,feather,octicon,carbon,ant-design \\
        --results benchmarks/RESULTS_icons.md
    python benchmarks/icons_quality.py --index /work/gen/icons/index.jsonl --calibrate

Needs the corpus (``training/icons/collect.py``); nothing from ``../shared/eval`` is used.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import multiprocessing as mp
import os
import sys
import time
import zlib
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "training" / "icons")]

from dataset import _bucket  # noqa: E402
from heldout import HELD_OUT_FAMILIES, HELD_OUT_SETS  # noqa: E402
from render import draw, is_monochrome, load_rgba, random_look, system_fonts, text_crop  # noqa: E402

from detact.icons.recognizer import IconRecognizer  # noqa: E402

CELL = 128
COLS = 15
MARK_BEGIN, MARK_END = "<!-- leave-out:begin -->", "<!-- leave-out:end -->"


# ---------------------------------------------------------------- data

def read_records(index: Path, keep) -> list[dict]:
    """Records of ``index`` with a function for which ``keep(record)`` is true."""
    out = []
    with open(index, encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if rec.get("function") and keep(rec):
                out.append(rec)
    return out


def _crops_of(job: tuple[dict, int, int]) -> list[np.ndarray]:
    rec, looks, seed = job
    rgba = load_rgba(rec)
    if rgba is None:
        return []
    rng = np.random.default_rng([seed, zlib.crc32(f"{rec['set']}/{rec['name']}".encode())])
    mono = is_monochrome(rgba)
    return [draw(rgba, random_look(rng), mono, rng) for _ in range(looks)]


def render(records: list[dict], looks: int, seed: int, workers: int = 2
           ) -> tuple[list[np.ndarray], list[dict]]:
    """Screen crops of every record (``looks`` each) and the record of each crop."""
    crops, owners = [], []
    jobs = [(r, looks, seed) for r in records]
    with mp.get_context("fork").Pool(workers) as pool:
        for rec, cs in zip(records, pool.imap(_crops_of, jobs, chunksize=16)):
            crops.extend(cs)
            owners.extend([rec] * len(cs))
    return crops, owners


#: Pixels of each crop's own edge drawn round it on the canvas: a screen goes on round an
#: icon's box, and the icon stage reads the background from a pixel round it.
SURROUND = 2


def mosaics(crops: list[np.ndarray], per_canvas: int = 300):
    """Yield ``(canvas, boxes, start)``: crops laid out on screenshot-like canvases, each box
    exactly its crop (what a segmenter would hand the icon stage), each crop's edge carried on
    `SURROUND` px round it (as the screen it came from would go on) on a mid-grey canvas."""
    import cv2

    inner = CELL - 2 * SURROUND
    for s in range(0, len(crops), per_canvas):
        part = crops[s:s + per_canvas]
        rows = (len(part) + COLS - 1) // COLS
        canvas = np.full((rows * CELL, COLS * CELL, 3), 128, np.uint8)
        boxes = np.zeros((len(part), 4), np.int64)
        for i, c in enumerate(part):
            r, col = divmod(i, COLS)
            h, w = min(c.shape[0], inner), min(c.shape[1], inner)
            y, x = r * CELL, col * CELL
            canvas[y:y + h + 2 * SURROUND, x:x + w + 2 * SURROUND] = cv2.copyMakeBorder(
                np.ascontiguousarray(c[:h, :w]), SURROUND, SURROUND, SURROUND, SURROUND, cv2.BORDER_REPLICATE)
            boxes[i] = (x + SURROUND, y + SURROUND, x + SURROUND + w, y + SURROUND + h)
        yield canvas, boxes, s


# ---------------------------------------------------------------- evaluation

def evaluate(rec: IconRecognizer, crops: list[np.ndarray], k_ssim: int = 64) -> dict[str, list]:
    """Per crop: encoder top-5, SSIM top-5 distinct functions with the best SSIM, and the
    recognizer's label."""
    out: dict[str, list] = defaultdict(list)
    for canvas, boxes, _ in mosaics(crops):
        g, side, ok = rec._glyphs(canvas, boxes)
        idx, sc, exact = rec._ssim(g, side, ok, k=k_ssim)
        enc = rec._encode(g, ok)
        labels = rec._decide(idx, sc, exact, enc)
        enc_top = rec.encoder.top(enc, 5) if enc is not None else [[] for _ in boxes]
        for i in range(len(boxes)):
            fns: list[str] = []
            for t in idx[i].tolist():
                f = rec.bank.functions[t] if t >= 0 else ""
                if f and f not in fns:
                    fns.append(f)
                if len(fns) == 5:
                    break
            out["encoder"].append([f for f, _ in enc_top[i]])
            out["ssim"].append(fns)
            out["ssim_score"].append(float(sc[i, 0]))
            out["label"].append(labels.function[i])
            out["source"].append(labels.source[i])
    return out


def rates(truth: list[str], res: dict[str, list], rows: np.ndarray) -> dict[str, float]:
    """Top-1/top-5 of encoder and SSIM and the recognizer's answered share / precision over ``rows``."""
    def top(key: str, k: int) -> float:
        return float(np.mean([truth[i] in res[key][i][:k] for i in rows])) if len(rows) else float("nan")

    answered = [i for i in rows if res["label"][i]]
    right = sum(res["label"][i] == truth[i] for i in answered)
    return {"n": int(len(rows)), "enc1": top("encoder", 1), "enc5": top("encoder", 5),
            "ssim1": top("ssim", 1), "ssim5": top("ssim", 5),
            "answered": len(answered) / max(1, len(rows)), "precision": right / max(1, len(answered)),
            "right": right / max(1, len(rows))}


def family_of(icon_set: str) -> str:
    return next((f for f, sets in HELD_OUT_FAMILIES.items() if icon_set in sets), icon_set)


def leave_out_table(truth, owners, res, icons_per_set) -> tuple[str, dict]:
    """Markdown table per set, per family and in all; and the numbers."""
    by_set: dict[str, list[int]] = defaultdict(list)
    for i, o in enumerate(owners):
        by_set[o["set"]].append(i)
    lines = ["| set | family | icons | renders | encoder top-1 | encoder top-5 | SSIM-only top-1 | "
             "SSIM-only top-5 | recognizer names | of those right |", "|" + "---|" * 10]
    numbers = {}

    def row(name: str, fam: str, icons: int, idx) -> None:
        r = rates(truth, res, np.array(idx))
        numbers[name] = r
        lines.append(f"| {name} | {fam} | {icons} | {r['n']} | {r['enc1']:.3f} | {r['enc5']:.3f} | "
                     f"{r['ssim1']:.3f} | {r['ssim5']:.3f} | {r['answered']:.3f} | {r['precision']:.3f} |")

    for s in sorted(by_set, key=lambda s: (family_of(s), s)):
        row(s, family_of(s), icons_per_set[s], by_set[s])
    fams: dict[str, list[int]] = defaultdict(list)
    for s, idx in by_set.items():
        fams[family_of(s)].extend(idx)
    for f in sorted(fams):
        if sum(family_of(s) == f for s in by_set) > 1:
            row(f"**{f}** (family)", f, sum(icons_per_set[s] for s in by_set if family_of(s) == f), fams[f])
    row("**all**", "", sum(icons_per_set.values()), list(range(len(truth))))
    per_family = [rates(truth, res, np.array(idx)) for idx in fams.values()]
    macro = {k: float(np.mean([r[k] for r in per_family])) for k in ("enc1", "enc5", "ssim1", "ssim5")}
    numbers["macro_families"] = macro
    lines.append(f"| **mean of the {len(fams)} families** | | | | {macro['enc1']:.3f} | {macro['enc5']:.3f} | "
                 f"{macro['ssim1']:.3f} | {macro['ssim5']:.3f} | | |")
    return "\n".join(lines), numbers


def confusions(truth, res, limit: int = 15) -> str:
    pairs: dict[tuple[str, str], int] = defaultdict(int)
    for t, e in zip(truth, res["encoder"]):
        if e and e[0] != t:
            pairs[(t, e[0])] += 1
    top = sorted(pairs.items(), key=lambda kv: -kv[1])[:limit]
    return "; ".join(f"{t} -> {p} ({n})" for (t, p), n in top)


def write_results(path: Path, section: str) -> None:
    """Replace the leave-out section of the results file (or append it)."""
    text = path.read_text(encoding="utf-8") if path.is_file() else "# Icon module results\n"
    block = f"{MARK_BEGIN}\n{section}\n{MARK_END}"
    if MARK_BEGIN in text and MARK_END in text:
        head, rest = text.split(MARK_BEGIN, 1)
        text = head + block + rest.split(MARK_END, 1)[1]
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")


def leave_out(args, rec: IconRecognizer) -> int:
    sets = [s.strip() for s in args.leave_out.split(",") if s.strip()]
    stray = [s for s in sets if s not in HELD_OUT_SETS]
    if stray:
        print(f"warning: {stray} are not held out (training/icons/heldout.py): the bank or the "
              f"encoder has seen them", file=sys.stderr)
    t0 = time.time()
    records = read_records(args.index, lambda r: r["set"] in sets)
    if not records:
        print(f"error: no icons with a function in sets {sets} of {args.index}", file=sys.stderr)
        return 2
    icons_per_set: dict[str, int] = defaultdict(int)
    for r in records:
        icons_per_set[r["set"]] += 1
    crops, owners = render(records, args.looks, args.seed, args.workers)
    t_render = time.time() - t0
    t0 = time.time()
    res = evaluate(rec, crops)
    t_eval = time.time() - t0
    truth = [o["function"] for o in owners]
    table, numbers = leave_out_table(truth, owners, res, icons_per_set)
    cmd = "python benchmarks/icons_quality.py " + " ".join(sys.argv[1:])
    section = (f"## Leave sets out: {len(records)} icons of {len(sets)} held-out sets\n\n"
               f"`{cmd}` ({dt.date.today().isoformat()}; recognizer `{rec.name}`, bank "
               f"{len(rec.bank)} templates, {args.looks} looks per icon, seed {args.seed}; rendered in "
               f"{t_render:.0f} s, read in {t_eval:.0f} s, load average {os.getloadavg()[0]:.1f})\n\n"
               f"{table}\n\nMost frequent encoder confusions (true -> predicted): "
               f"{confusions(truth, res)}\n")
    print(section)
    if args.json:
        args.json.write_text(json.dumps(numbers, indent=1), encoding="utf-8")
    if args.results:
        write_results(args.results, section)
        print(f"written to {args.results}")
    return 0


# ---------------------------------------------------------------- calibration

def calibrate(args, rec: IconRecognizer) -> int:
    """Exact-match SSIM threshold: on validation renders, the SSIM above which a bank template's
    function is at least as often right as the encoder's answer, and which keeps text out."""
    t0 = time.time()
    records = read_records(args.index, lambda r: r["set"] not in HELD_OUT_SETS
                           and _bucket(f"{r['set']}/{r['name']}", 0) < 4)
    rng = np.random.default_rng(args.seed)
    records = [records[i] for i in sorted(rng.permutation(len(records))[:args.max_icons])]
    bank_sets = set(rec.bank.sets)
    crops, owners = render(records, 1, args.seed, args.workers)
    fonts = system_fonts()
    text = [text_crop(rng, fonts) for _ in range(args.negatives)]
    res = evaluate(rec, crops + text)
    n = len(crops)
    truth = np.array([o["function"] for o in owners], dtype=object)
    in_bank = np.array([o["set"] in bank_sets for o in owners])
    score = np.array(res["ssim_score"])
    ssim1 = np.array([f[0] if f else "" for f in res["ssim"]], dtype=object)
    enc1 = np.array([f[0] if f else "" for f in res["encoder"]], dtype=object)
    print(f"{n} validation renders ({in_bank.sum()} of bank sets) + {len(text)} text crops, "
          f"{time.time() - t0:.0f} s")
    print("| SSIM threshold | exact (bank sets) | exact (other sets) | right when exact | encoder right on "
          "those | combined top-1 | text exact |\n|---|---|---|---|---|---|---|")
    best = (-1.0, 0.0)
    for t in np.round(np.arange(0.80, 0.991, 0.01), 2):
        ex = score[:n] >= t
        combined = np.where(ex, ssim1[:n], enc1[:n]) == truth
        right = (ssim1[:n][ex] == truth[ex]).mean() if ex.any() else float("nan")
        enc_right = (enc1[:n][ex] == truth[ex]).mean() if ex.any() else float("nan")
        print(f"| {t:.2f} | {ex[in_bank].mean():.3f} | {ex[~in_bank].mean():.3f} | {right:.3f} | "
              f"{enc_right:.3f} | {combined.mean():.4f} | {(score[n:] >= t).mean():.3f} |")
        if combined.mean() > best[0] + 1e-9:
            best = (float(combined.mean()), float(t))
    print(f"\nbest combined top-1 {best[0]:.4f} at SSIM threshold {best[1]:.2f}; encoder alone "
          f"{(enc1[:n] == truth).mean():.4f}, SSIM alone {(ssim1[:n] == truth).mean():.4f}")
    if rec.matcher.indexed:
        index_agreement(rec, crops + text, score)
    return 0


def index_agreement(rec: IconRecognizer, crops: list[np.ndarray], indexed_best: np.ndarray) -> None:
    """How often the indexed search finds the exhaustive search's best template (same crops)."""
    from detact.icons import IconMatcher

    full = IconMatcher(rec.bank, threshold=rec.ssim_threshold, device="cpu", index=False)
    fn = np.array(rec.bank.functions, dtype=object)
    best_idx, best_score = [], []
    for canvas, boxes, _ in mosaics(crops):
        i, s = full.topk(canvas, boxes, 1)
        best_idx.append(i[:, 0])
        best_score.append(s[:, 0])
    exh_idx, exh = np.concatenate(best_idx), np.concatenate(best_score)
    res = evaluate(rec, crops, k_ssim=1)
    ind_fn = np.array([f[0] if f else "" for f in res["ssim"]], dtype=object)
    same_score = np.abs(indexed_best - exh) < 1e-4
    print(f"index vs exhaustive on {len(crops)} crops: same best SSIM {same_score.mean():.4f}, same "
          f"function {(ind_fn == fn[np.maximum(exh_idx, 0)]).mean():.4f}; where they differ the "
          f"exhaustive best is higher by {np.median((exh - indexed_best)[~same_score]) if (~same_score).any() else 0:.4f} "
          f"(median); exact matches (>= {rec.ssim_threshold}) changed: "
          f"{((exh >= rec.ssim_threshold) != (indexed_best >= rec.ssim_threshold)).mean():.4f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="icon function quality on held-out icon sets")
    ap.add_argument("--index", type=Path, default=ROOT / "training" / "icons" / "out" / "index.jsonl")
    ap.add_argument("--leave-out", default=",".join(sorted(HELD_OUT_SETS)),
                    help="comma-separated corpus sets to evaluate on (default: heldout.py)")
    ap.add_argument("--calibrate", action="store_true", help="calibrate the exact-match SSIM threshold")
    ap.add_argument("--looks", type=int, default=2, help="renders per icon")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-icons", type=int, default=3000, help="validation icons for --calibrate")
    ap.add_argument("--negatives", type=int, default=600, help="text crops for --calibrate")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--encoder", type=Path, help="icon encoder ONNX to evaluate (default: the bundled one)")
    ap.add_argument("--results", type=Path, help="write the leave-out table into this markdown file")
    ap.add_argument("--json", type=Path, help="write the numbers here")
    args = ap.parse_args(argv)
    if not args.index.is_file():
        print(f"error: corpus index {args.index} not found (run training/icons/collect.py)", file=sys.stderr)
        return 2
    rec = IconRecognizer(device=args.device, encoder=args.encoder or True)
    for note in rec.notes:
        print(f"note: {note}", file=sys.stderr)
    return calibrate(args, rec) if args.calibrate else leave_out(args, rec)


if __name__ == "__main__":
    raise SystemExit(main())
