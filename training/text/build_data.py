#!/usr/bin/env python3
"""Training data for DetACT's screen-text recognizer: UI strings rendered by Chromium, cropped
the way the text engine crops them at inference.

    python training/text/build_data.py [--pages 420] [--stop-after N] [--seed 1] [--out training/text/out]

Each page is a window-like grid of rows; each row holds one to three strings far apart, each
string in its own style: a font (the benchmark's seen fonts and more Debian fonts; the
held-out fonts never), 9-20 CSS px, regular / medium / bold, a text colour of some contrast
on a light or dark page, some as chips or buttons with a fill. Per page: device scale 1 or
2 and grayscale or subpixel anti-aliasing (fontconfig, as the benchmark does). Chromium lays
the strings out; their boxes come from the DOM. The page image then goes through DetACT's
own detector and line splitter (`FastTextEngine.runs`); a string whose box holds exactly
one run, which lies inside no other string's box, gives one example: that run's crop as the
recognizer sees it (`detact.text.recognize.screen_crops`, 48 px high, RGB) and the string.

Strings come from the benchmark's generator (`benchmarks/text_strings.py`) with other seeds
(1000 + i), plus random runs of the charset and punctuation-dense tokens; every string of the
benchmark's seed-0 pool is removed (the check is printed). Output: ``OUT/data/shard-NNN.npz``
(crops as PNG bytes, labels, style) and ``OUT/data/manifest.json``.
"""
from __future__ import annotations

import argparse
import html
import io
import json
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from common import (BENCHMARK_POOL, DEFAULT_OUT, EXTRA_FONTS, HELD_OUT_FONTS, SEEN_FONTS,
                    benchmarks_on_path)

benchmarks_on_path()
from text_pages import (AA_MODES, CHROMIUM_ARGS, DEFAULT_CHROMIUM, DEFAULT_NPM_CACHE, FONT_BY_NAME,  # noqa: E402
                        _font_faces, fontconfig_file)
from text_strings import CHARSET, generate_strings, is_clean  # noqa: E402

VIEWPORTS = {1: (1000, 720), 2: (640, 460)}
PAGES_PER_SHARD = 50
PUNCT = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~€"
# What calculator keypads and formula bars draw: one glyph or a short function name, often a
# power set as a superscript. Models trained without them read lone operators as nothing (as if
# icons) and drop superscripts ("a(x)b" -> "a(x)"), so a key loses its name.
KEY_OPERATORS = list("+-=%/*()!^.,<>|&~#:;?") + ["+/-", "1/x", "x!", "n!", "|x|", "a/b", "0xff", "f(x)", "(x)", "x ="]
KEY_WORDS = ["ln", "log", "lg", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "mod", "div",
             "AC", "C", "CE", "DEL", "ANS", "EXP", "MR", "MC", "MS", "M+", "M-", "Inv", "Hyp", "Rad", "Deg", "Grad",
             "Bin", "Oct", "Hex", "Dec", "STO", "RCL", "Lsh", "Rsh", "AND", "OR", "XOR", "NOT", "abs", "sqrt", "cbrt",
             "Int", "Frac", "ceil", "floor", "rand", "pi", "e", "i", "x", "y", "z", "a", "b", "n", "Ans", "Mod",
             "00", "000", "Bksp", "Clr", "Back", "Shift", "Alt", "2nd", "F-E", "dms", "deg", "nPr", "nCr", "gcd", "lcm"]
KEY_POWER_BASES = ["x", "y", "e", "10", "2", "a(x)", "a", "sin", "cos", "tan", "log", "m", "cm", "km", "ft", "s", "n", "(x)"]
KEY_EXPONENTS = ["2", "3", "y", "x", "n", "-1", "b", "1/y", "1/3", "nd", "rd", "th", "st", "*", "+", "-"]


def installed_families() -> set[str]:
    """Font families fontconfig knows."""
    out = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True, check=True).stdout
    return {name.strip() for line in out.splitlines() for name in line.split(",")}


def training_fonts() -> list[str]:
    """Seen benchmark fonts plus the extra Debian fonts that are installed; never a held-out one."""
    known = installed_families() | {"Ubuntu"}  # Ubuntu comes from npm (@fontsource), embedded
    fonts = [f for f in SEEN_FONTS + EXTRA_FONTS if f in known and f not in HELD_OUT_FONTS]
    missing = [f for f in SEEN_FONTS if f not in known]
    if missing:
        sys.exit(f"seen benchmark fonts not installed: {missing} (see benchmarks/text_pages.FONTS)")
    return fonts


def random_token(rng: random.Random) -> str:
    """A run of random charset characters, or a word glued with punctuation: rare characters
    (``~ ^ ` | \\ €``) and punctuation next to letters, which the generator shows less often."""
    chars = sorted(CHARSET - {" "})
    if rng.random() < 0.5:
        return "".join(rng.choice(chars) for _ in range(rng.randint(1, 14)))
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
                     for _ in range(rng.randint(1, 7))) for _ in range(rng.randint(1, 4))]
    return "".join(w + rng.choice(PUNCT + "  ") for w in words).strip()


def training_strings(n: int, seed: int) -> list[str]:
    """``n`` strings for training, none of them in the benchmark's seed-0 pool."""
    bench = {s.text for s in generate_strings(BENCHMARK_POOL, 0)}
    rng = random.Random(f"train-text-{seed}")
    out: list[str] = []
    gen_seed = 1000 + seed * 100
    while len(out) < n:
        for s in generate_strings(2000, gen_seed):
            text = random_token(rng) if rng.random() < 0.15 else s.text
            if is_clean(text) and text not in bench:
                out.append(text)
        gen_seed += 1
    rng.shuffle(out)
    overlap = len(set(out[:n]) & bench)
    print(f"{n} training strings; {overlap} also in the benchmark pool of {len(bench)}", file=sys.stderr)
    assert overlap == 0
    return out[:n]


def key_labels(n: int, seed: int) -> list[tuple[str, str]]:
    """``n`` key labels as (text, HTML): lone operators, function names (some in italics, as
    keypads set constants), powers with a superscript exponent and logarithms with a subscript
    base. The text spells the key as its accessible name does, the raised part inline
    ("x<sup>2</sup>" -> "x2")."""
    rng = random.Random(f"train-keys-{seed}")
    out = []
    while len(out) < n:
        r = rng.random()
        if r < 0.3:
            text = rng.choice(KEY_OPERATORS)
            out.append((text, html.escape(text)))
        elif r < 0.55:
            text = rng.choice(KEY_WORDS)
            markup = html.escape(text)
            out.append((text, f"<i>{markup}</i>" if len(text) <= 2 and rng.random() < 0.3 else markup))
        elif r < 0.9:
            base, exp = rng.choice(KEY_POWER_BASES), rng.choice(KEY_EXPONENTS)
            out.append((base + exp, f"{html.escape(base)}<sup>{html.escape(exp)}</sup>"))
        else:
            base, sub = rng.choice(["log", "x", "a", "y", "log", "F"]), rng.choice(["2", "10", "n", "b", "0", "1", "e"])
            out.append((base + sub, f"{html.escape(base)}<sub>{html.escape(sub)}</sub>"))
    return out


def _colour(rng: random.Random, dark_bg: bool, contrast: tuple[float, float]) -> str:
    """An HSL colour whose lightness sits ``contrast`` away from the page's (light or dark)."""
    delta = rng.uniform(*contrast)
    light = 96 - delta * 92 if not dark_bg else 8 + delta * 88
    return f"hsl({rng.randint(0, 359)}, {rng.choice([0, 0, 10, 40, 70, 90])}%, {light:.0f}%)"


def item_style(rng: random.Random, fonts: list[str], page_font: str, dark: bool) -> dict:
    """One string's look: font, size, weight, colour, and a fill when it is a chip/button."""
    font = page_font if rng.random() < 0.7 else rng.choice(fonts)
    style = {"font": font, "size": rng.randint(9, 20), "weight": rng.choices([400, 500, 600, 700], [70, 8, 7, 15])[0],
             "color": _colour(rng, dark, (0.45, 1.0)), "fill": ""}
    r = rng.random()
    if r < 0.15:  # a filled button: light text on a saturated fill, or the reverse
        style["fill"] = f"hsl({rng.randint(0, 359)}, {rng.randint(40, 90)}%, {rng.randint(30, 50)}%)"
        style["color"] = "#ffffff" if rng.random() < 0.8 else "#000000"
    elif r < 0.3:  # a chip or selected row: a tint of the page
        style["fill"] = _colour(rng, dark, (0.03, 0.15))
    # links: underlined runs, whose underline the engine erases before reading (erase_underlines)
    # and whose gaps the recognizer must not read as characters ("#flag-name" -> "- #name")
    style["underline"] = not style["fill"] and rng.random() < 0.1
    if style["underline"] and rng.random() < 0.5:
        hue, sat = rng.randint(200, 240), rng.randint(50, 90)  # drawn in this order: seeded runs repeat
        style["color"] = f"hsl({hue}, {sat}%, {rng.randint(65, 75) if dark else rng.randint(30, 45)}%)"
    return style


def page_html(rows: list[list[tuple[str, dict]]], fonts_css: str, bg: str, css_size: tuple[int, int]) -> str:
    """A page of rows; each string is a span (class gt) with its own style."""
    w, h = css_size
    body = []
    for row in rows:
        cells = []
        for i, (text, st) in enumerate(row):
            fill = (f"background:{st['fill']};padding:0.3em 0.8em;border-radius:5px;" if st["fill"] else "")
            cells.append(f'<span class="cell" style="{fill}"><span class="gt" data-i="{i}" style="font-family:'
                         f"'{st['font']}';font-size:{st['size']}px;font-weight:{st['weight']};color:{st['color']};"
                         f"{'text-decoration:underline;' if st.get('underline') else ''}\">"
                         f"{st.get('html') or html.escape(text)}</span></span>")
        body.append(f'<div class="row">{"".join(cells)}</div>')
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><style>{fonts_css}"
            f"* {{box-sizing:border-box;margin:0;padding:0}} html,body {{width:{w}px;height:{h}px;overflow:hidden;"
            f"background:{bg}}} body {{padding:10px 14px}} .row {{display:flex;align-items:center;gap:2.6em;"
            f"padding:0.4em 0;white-space:pre}} .gt {{white-space:pre;font-variant-ligatures:none;"
            f"font-feature-settings:'liga' 0,'calt' 0}}</style></head><body>{''.join(body)}</body></html>")


GT_JS = r"""
() => Array.from(document.querySelectorAll('.gt')).map(s => {
  const r = document.createRange(); r.selectNodeContents(s);
  const b = r.getBoundingClientRect();
  // lines: the span's own boxes (a range has one per text node, so a <sup> would count twice)
  return {lines: s.getClientRects().length, box: [b.left, b.top, b.right, b.bottom]};
})
"""


class Pages:
    """Chromium via Playwright, one browser per anti-aliasing mode (fontconfig is per process)."""

    def __init__(self, out: Path, chromium: str = DEFAULT_CHROMIUM):
        from playwright.sync_api import sync_playwright

        self.out, self.chromium = out, chromium
        self._pw = sync_playwright().start()
        self._browsers: dict = {}

    def shot(self, page_source: str, scale: int, aa: str, css_size: tuple[int, int]) -> tuple[np.ndarray, list]:
        """Render ``page_source``; returns the RGB image (H, W, 3) and each span's line box."""
        from PIL import Image

        if aa not in self._browsers:
            env = {"FONTCONFIG_FILE": str(fontconfig_file(aa, self.out))}
            self._browsers[aa] = self._pw.chromium.launch(executable_path=self.chromium,
                                                          args=CHROMIUM_ARGS + AA_MODES[aa][1], env=env)
        ctx = self._browsers[aa].new_context(viewport={"width": css_size[0], "height": css_size[1]},
                                             device_scale_factor=scale)
        try:
            page = ctx.new_page()
            page.set_content(page_source)
            page.evaluate("async () => { await document.fonts.ready; }")
            boxes = page.evaluate(GT_JS)
            png = page.screenshot(animations="disabled", caret="hide")
        finally:
            ctx.close()
        return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")), boxes

    def close(self) -> None:
        for b in self._browsers.values():
            b.close()
        self._pw.stop()


def pair_runs(gt_boxes: np.ndarray, runs: np.ndarray, pad: int) -> list[int]:
    """For each (N, 4) string box, the index of the one run (of (R, 4)) centred inside it and
    lying inside no other string's box; -1 when none or several."""
    cx, cy = (runs[:, 0] + runs[:, 2]) / 2, (runs[:, 1] + runs[:, 3]) / 2
    out = []
    for box in gt_boxes:
        inside = np.flatnonzero((cx >= box[0] - pad) & (cx <= box[2] + pad) & (cy >= box[1] - pad) & (cy <= box[3] + pad))
        ok = len(inside) == 1 and runs[inside[0], 0] >= box[0] - 3 * pad and runs[inside[0], 2] <= box[2] + 3 * pad
        out.append(int(inside[0]) if ok else -1)
    return out


def layout(rng: random.Random, strings: list[tuple[str, str]], pos: int, fonts: list[str], css_size: tuple[int, int]):
    """Rows of (string, style) for one page, taking (text, HTML or "") pairs from ``pos``; the
    style carries the HTML when there is some. Returns (rows, pos, bg, dark)."""
    dark = rng.random() < 0.45
    bg = f"hsl({rng.randint(0, 359)}, {rng.randint(0, 25)}%, {rng.randint(4, 18) if dark else rng.randint(88, 100)}%)"
    page_font = rng.choice(fonts)
    rows = []
    height, y = css_size[1] - 20, 0.0
    while True:
        row = [(strings[(pos + k) % len(strings)], item_style(rng, fonts, page_font, dark))
               for k in range(rng.choice([1, 2, 2, 3, 3, 4]))]
        row = [(text, {**st, "html": markup}) for (text, markup), st in row]
        y += max(st["size"] for _, st in row) * 2.2
        if y > height:
            break
        rows.append(row)
        pos += len(row)
    return rows, pos, bg, dark


def build(pages: int, seed: int, out: Path, chromium: str = DEFAULT_CHROMIUM, stop_after: int | None = None,
          native: bool = False, keys: float = 0.0) -> dict:
    """Render ``pages`` pages (only the first ``stop_after`` of them when given: the same pages
    as a full run's first ones) and write the shards; returns the manifest. ``native``: store
    each run's box as the screenshot has it instead of the 48-px crop, so the trainer can make
    any crop geometry from the pixels inference starts from (and the shards are ~4x smaller).
    ``keys``: the share of strings that are calculator and formula keys (`key_labels`)."""
    import cv2

    from detact.text.fast import FastTextEngine
    from detact.text.recognize import ppocr_recognizer_path, screen_crops

    data = out / "data"
    data.mkdir(parents=True, exist_ok=True)
    fonts = training_fonts()
    print(f"{len(fonts)} training fonts: {', '.join(fonts)}", file=sys.stderr)
    faces = _font_faces(FONT_BY_NAME["Ubuntu"], DEFAULT_NPM_CACHE)
    strings = [(text, "") for text in training_strings(pages * 70, seed)]
    if keys:
        places = random.Random(f"train-key-places-{seed}").sample(range(len(strings)), int(keys * len(strings)))
        for i, label in zip(places, key_labels(len(places), seed)):
            strings[i] = label
    # the base recognizer, so that crops are the colour crops the screen recognizer reads
    engine = FastTextEngine(device="cpu", recognizer=ppocr_recognizer_path())
    rng = random.Random(f"train-pages-{seed}")
    renderer = Pages(out, chromium)
    pos, shard, stats = 0, {"png": [], "text": [], "meta": []}, {"strings": 0, "examples": 0}
    t0 = time.time()
    try:
        last = min(pages, stop_after or pages)
        for p in range(last):
            scale, aa = rng.choice([1, 1, 2]), rng.choice(["gray", "subpixel"])
            css = VIEWPORTS[scale]
            rows, pos, bg, dark = layout(rng, strings, pos, fonts, css)
            rgb, boxes = renderer.shot(page_html(rows, faces, bg, css), scale, aa, css)
            items = [it for row in rows for it in row]
            gt = np.array([b["box"] for b in boxes], np.float64) * scale
            ok = [b["lines"] == 1 and g[2] <= rgb.shape[1] and g[3] <= rgb.shape[0] for b, g in zip(boxes, gt)]
            runs, _, source = engine.runs(rgb)
            match = pair_runs(gt, runs, 2 * scale) if len(runs) else [-1] * len(gt)
            keep = [(i, m) for i, m in enumerate(match) if m >= 0 and ok[i]]
            boxes_kept = runs[[m for _, m in keep]] if keep else np.zeros((0, 4))
            if native:
                crops = [source[int(y0):int(y1), int(x0):int(x1)] for x0, y0, x1, y1 in boxes_kept]
            else:
                crops = screen_crops(source, boxes_kept) if keep else []
            for (i, _), crop in zip(keep, crops):
                text, st = items[i]
                shard["png"].append(cv2.imencode(".png", crop)[1].tobytes())
                shard["text"].append(text)
                shard["meta"].append({"page": p, "font": st["font"], "size": st["size"], "weight": st["weight"],
                                      "scale": scale, "aa": aa, "dark": dark, "fill": bool(st["fill"]),
                                      "underline": st["underline"], "key": bool(st["html"])})
            stats["strings"] += int(sum(ok))
            stats["examples"] += len(keep)
            if (p + 1) % PAGES_PER_SHARD == 0 or p + 1 == last:
                _save(data / f"shard-{p // PAGES_PER_SHARD:03d}.npz", shard)
                shard = {"png": [], "text": [], "meta": []}
                print(f"page {p + 1}/{pages}: {stats['examples']} examples of {stats['strings']} strings, "
                      f"{time.time() - t0:.0f} s", file=sys.stderr)
    finally:
        renderer.close()
    manifest = {"seed": seed, "pages": pages, "rendered": last, "crops": "native" if native else "48px", "keys": keys,
                "fonts": fonts, "held_out_fonts": list(HELD_OUT_FONTS),
                **stats, "seconds": round(time.time() - t0, 1)}
    (data / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest


def _save(path: Path, shard: dict) -> None:
    """One shard: PNG crops (object array of bytes), labels, style records as JSON."""
    np.savez(path, png=np.array(shard["png"], dtype=object), text=np.array(shard["text"], dtype=object),
             meta=json.dumps(shard["meta"]))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=420)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--chromium", default=DEFAULT_CHROMIUM)
    ap.add_argument("--stop-after", type=int, help="render only the first N pages of the --pages plan")
    ap.add_argument("--native", action="store_true",
                    help="store runs at screen resolution, not as 48-px crops (what train.py --full reads)")
    ap.add_argument("--keys", type=float, default=0.0,
                    help="share of strings that are calculator and formula keys (`key_labels`), e.g. 0.5")
    a = ap.parse_args(argv)
    print(json.dumps(build(a.pages, a.seed, a.out, a.chromium, a.stop_after, a.native, a.keys)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
