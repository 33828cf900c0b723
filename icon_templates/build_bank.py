#!/usr/bin/env python3
"""Build the icon template bank (``bank.npz`` + ``manifest.json``) from four icon sets.

Sources (all permissively licensed, credited in ATTRIBUTION.md):
  * Font Awesome Free  -- PyPI ``fontawesomefree`` (SVGs + metadata/icons.json), CC BY 4.0
  * IcoMoon Free       -- npm ``icomoon-free-npm`` (the OmniACT paper's set), CC BY 4.0
  * Bootstrap Icons    -- npm ``bootstrap-icons``, MIT
  * Tabler Icons       -- npm ``@tabler/icons`` (outline + filled), MIT

Every SVG is rendered with cairosvg, its alpha channel tight-cropped and centred in a
32x32 glyph (``detact.icons.preprocess.fit_glyph``, the same code the matcher applies to
screen regions). Near-duplicates (block SSIM above ``--dedupe``) are merged: the first one
in set priority order is kept and absorbs the others' names and tags.

Rebuild (needs npm once; the npm packages go to icon_templates/.build, git-ignored):

    python icon_templates/build_bank.py

Font Awesome and IcoMoon are taken whole. Bootstrap and Tabler hold thousands of
specialised pictograms, so from them the bank keeps the *shared UI vocabulary*: icons
whose base name (e.g. ``trash`` for ``trash3-fill``) also names an icon in another set.
That keeps the bank compact and fast while covering each set's look for common actions.
"""
from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from detact.icons.preprocess import GLYPH_MARGIN, GLYPH_SIZE, fit_glyph  # noqa: E402

NPM_PACKAGES = ["icomoon-free-npm@0.0.0", "@tabler/icons@3.51.0", "bootstrap-icons@1.13.2"]
CC_BY = "CC BY 4.0"
MIT = "MIT"
#: Render side for the longer SVG axis before shrinking to 32 px (area averaging).
RENDER_SIDE = 256
#: Most tags kept per template (the manifest is committed; search terms beyond this add
#: little for matching a task's words).
MAX_TAGS = 14
#: Set priority: when two templates are near-duplicates the earlier set's one is kept.
SET_ORDER = ["fontawesome", "icomoon", "bootstrap", "tabler"]


@dataclass
class Source:
    """One SVG to render and the labels its set gives it."""
    set: str
    style: str
    raw_name: str                    # the set's own id, e.g. "trash3-fill"
    name: str                        # short functional name, e.g. "trash"
    tags: list[str]
    svg: Path
    licence: str
    aliases: list[str] = field(default_factory=list)   # other ids the set gives it
    merged: list[str] = field(default_factory=list)

    @property
    def ref(self) -> str:
        return f"{self.set}/{self.style}/{self.raw_name}"


def base_name(raw: str) -> str:
    """Set-independent concept name: drop style suffixes and variant digits."""
    n = raw.lower()
    n = re.sub(r"-(fill|filled|alt|o)$", "", n)
    stripped = re.sub(r"\d+$", "", n).rstrip("-")
    return stripped or n


def _words(items) -> list[str]:
    out: list[str] = []
    for t in items:
        t = str(t).strip().lower()
        if t and t not in out:
            out.append(t)
    return out


# ---------------------------------------------------------------- sources

def npm_install(build: Path) -> Path:
    """Install the npm icon packages into ``build`` (once) and return node_modules."""
    nm = build / "node_modules"
    want = [nm / "icomoon-free-npm", nm / "@tabler" / "icons", nm / "bootstrap-icons"]
    if not all(p.is_dir() for p in want):
        build.mkdir(parents=True, exist_ok=True)
        cmd = ["npm", "install", "--prefix", str(build), "--no-audit", "--no-fund", *NPM_PACKAGES]
        print("+", " ".join(cmd), flush=True)
        subprocess.run(cmd, check=True)
    return nm


def fontawesome_sources() -> tuple[list[Source], str]:
    import fontawesomefree
    root = Path(fontawesomefree.__file__).parent / "static" / "fontawesomefree"
    meta = json.loads((root / "metadata" / "icons.json").read_text())
    out = []
    for name, m in sorted(meta.items()):
        aliases = m.get("aliases", {}).get("names", [])
        terms = m.get("search", {}).get("terms", [])
        for style in m.get("free", []):
            svg = root / "svgs" / style / f"{name}.svg"
            if svg.is_file():
                tags = _words([*aliases, *terms] + (["brand", "logo"] if style == "brands" else []))
                out.append(Source("fontawesome", style, name, name, tags, svg, CC_BY, list(aliases)))
    version = fontawesomefree.__dict__.get("__version__", "")
    if not version:
        from importlib.metadata import version as _v
        version = _v("fontawesomefree")
    return out, version


def icomoon_sources(nm: Path) -> list[Source]:
    root = nm / "icomoon-free-npm"
    data = json.loads((root / "IcoMoon-Free.json").read_text())
    files = {p.stem.split("-", 1)[1]: p for p in (root / "SVG").glob("*.svg")}
    out = []
    for sel, icon in zip(data["selection"], data["icons"]):
        raw = sel["name"]
        if raw not in files:
            continue
        name = re.sub(r"\d+$", "", raw.lower()) or raw.lower()
        tags = _words([t for t in icon.get("tags", []) if t.lower() not in (raw.lower(), name)])
        out.append(Source("icomoon", "regular", raw, name, tags, files[raw], CC_BY))
    return out


def bootstrap_sources(nm: Path) -> list[Source]:
    # The npm package carries no tags (they live in the docs site), so bootstrap icons get
    # their name parts here and borrow tags from same-named icons of the other sets later.
    out = []
    for svg in sorted((nm / "bootstrap-icons" / "icons").glob("*.svg")):
        raw = svg.stem
        style = "filled" if raw.endswith("-fill") else "regular"
        name = base_name(raw)
        tags = _words(["filled"] if style == "filled" else [])
        out.append(Source("bootstrap", style, raw, name, tags, svg, MIT))
    return out


def tabler_sources(nm: Path) -> list[Source]:
    root = nm / "@tabler" / "icons"
    meta = json.loads((root / "icons.json").read_text())
    out = []
    for raw, m in sorted(meta.items()):
        for style in ("outline", "filled"):
            svg = root / "icons" / style / f"{raw}.svg"
            if style in m.get("styles", {}) and svg.is_file():
                tags = _words([*m.get("tags", []), *(["filled"] if style == "filled" else [])])
                tags = [t for t in tags if t != raw]
                out.append(Source("tabler", style, raw, raw, tags, svg, MIT))
    return out


def shared_vocabulary(groups: dict[str, list[Source]]) -> set[str]:
    """Base names present in at least two sets (names and Font Awesome aliases)."""
    per_set: dict[str, set[str]] = {}
    for s, items in groups.items():
        names = per_set.setdefault(s, set())
        for src in items:
            names.add(base_name(src.raw_name))
            names.update(base_name(a) for a in src.aliases)
    counts = Counter(n for names in per_set.values() for n in names)
    return {n for n, c in counts.items() if c >= 2}


def borrow_tags(items: list[Source], donors: list[Source]) -> None:
    """Give tag-less icons the tags of same-named icons from other sets."""
    by_name: dict[str, list[str]] = {}
    for d in donors:
        for n in (d.raw_name, *d.aliases):
            by_name.setdefault(base_name(n), []).extend(d.tags)
    for src in items:
        extra = [t for t in by_name.get(src.name, []) if t != src.name]
        src.tags = _words([*src.tags, *extra])


# ---------------------------------------------------------------- rendering

def _svg_size(svg_text: str) -> tuple[float, float]:
    m = re.search(r'viewBox\s*=\s*"([^"]+)"', svg_text)
    if m:
        parts = [float(v) for v in re.split(r"[\s,]+", m.group(1).strip())]
        if len(parts) == 4 and parts[2] > 0 and parts[3] > 0:
            return parts[2], parts[3]
    return 1.0, 1.0


def render_alpha(svg: Path, side: int = RENDER_SIDE) -> np.ndarray:
    """Render an SVG's coverage (alpha) as float32 in [0, 1], longer side ``side`` px."""
    import cairosvg
    from PIL import Image
    text = svg.read_text(encoding="utf-8")
    w, h = _svg_size(text)
    s = side / max(w, h)
    png = cairosvg.svg2png(bytestring=text.encode("utf-8"), output_width=max(1, round(w * s)),
                           output_height=max(1, round(h * s)))
    img = Image.open(io.BytesIO(png)).convert("RGBA")
    return np.asarray(img, dtype=np.float32)[:, :, 3] / 255.0


def render_glyph(svg: Path, size: int = GLYPH_SIZE, margin: int = GLYPH_MARGIN) -> np.ndarray | None:
    """Canonical glyph image of an SVG, or None if it draws nothing."""
    fitted = fit_glyph(render_alpha(svg), size, margin)
    return None if fitted is None else fitted[0]


# ---------------------------------------------------------------- dedupe

def detail_diff(a: np.ndarray, b: np.ndarray, block: int = 4) -> np.ndarray:
    """Largest mean absolute difference over ``block`` x ``block`` tiles, per pair."""
    d = np.abs(a - b)
    n, s = d.shape[0], d.shape[1] // block
    return d.reshape(n, s, block, s, block).mean(axis=(2, 4)).reshape(n, -1).max(axis=1)


def dedupe(glyphs: np.ndarray, threshold: float, max_detail: float) -> np.ndarray:
    """For each glyph, the index of the kept glyph it merges into (itself when kept).

    Two glyphs are duplicates when their SSIM exceeds ``threshold`` and no 4x4 tile
    differs by more than ``max_detail`` on average: SSIM alone would merge icons that
    differ only in a small badge (lock/unlock, circle-check/circle-minus). Greedy in
    input order: a glyph is kept unless it duplicates an earlier kept glyph. The SSIM
    matrix is computed in one batched pass per 512 rows.
    """
    from detact.icons.ssim import BlockSSIM
    eng = BlockSSIM(glyphs, device="cpu", precision="float32")  # same result on any CPU
    n = len(glyphs)
    dup = np.zeros((n, n), bool)
    for s in range(0, n, 512):
        sim = eng.scores(glyphs[s:s + 512])
        i, j = np.nonzero(sim > threshold)
        keep = (i + s) != j
        i, j = i[keep] + s, j[keep]
        ok = detail_diff(glyphs[i], glyphs[j]) <= max_detail
        dup[i[ok], j[ok]] = True
    owner = np.arange(n)
    kept = np.zeros(n, bool)
    for i in range(n):
        hits = np.flatnonzero(kept[:i] & dup[i, :i])
        if hits.size:
            owner[i] = hits[0]
        else:
            kept[i] = True
    return owner


# ---------------------------------------------------------------- main

def collect(build: Path, install: bool) -> tuple[list[Source], dict]:
    nm = npm_install(build) if install else build / "node_modules"
    if not (nm / "bootstrap-icons").is_dir():
        raise SystemExit(f"npm packages missing under {nm}; run without --no-install")
    fa, fa_version = fontawesome_sources()
    groups = {"fontawesome": fa, "icomoon": icomoon_sources(nm),
              "bootstrap": bootstrap_sources(nm), "tabler": tabler_sources(nm)}
    vocab = shared_vocabulary(groups)
    for s in ("bootstrap", "tabler"):
        groups[s] = [src for src in groups[s] if base_name(src.raw_name) in vocab]
    borrow_tags(groups["bootstrap"], groups["fontawesome"] + groups["tabler"] + groups["icomoon"])

    def pkg_version(p: Path) -> str:
        return json.loads((p / "package.json").read_text()).get("version", "")

    sets = {
        "fontawesome": {"package": "fontawesomefree (PyPI)", "version": fa_version,
                        "licence": CC_BY, "url": "https://fontawesome.com"},
        "icomoon": {"package": "icomoon-free-npm (npm)", "version": pkg_version(nm / "icomoon-free-npm"),
                    "licence": CC_BY, "url": "https://github.com/Keyamoon/IcoMoon-Free"},
        "bootstrap": {"package": "bootstrap-icons (npm)", "version": pkg_version(nm / "bootstrap-icons"),
                      "licence": MIT, "url": "https://icons.getbootstrap.com"},
        "tabler": {"package": "@tabler/icons (npm)", "version": pkg_version(nm / "@tabler" / "icons"),
                   "licence": MIT, "url": "https://tabler.io/icons"},
    }
    return [src for s in SET_ORDER for src in groups[s]], sets


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--build-dir", type=Path, default=HERE / ".build")
    ap.add_argument("--out", type=Path, default=HERE.parent / "detact" / "data" / "icons")
    ap.add_argument("--dedupe", type=float, default=0.97,
                    help="merge templates whose SSIM exceeds this (default 0.97)")
    ap.add_argument("--max-detail", type=float, default=0.15,
                    help="...unless some 4x4 tile differs by more than this (default 0.15)")
    ap.add_argument("--no-install", action="store_true", help="use packages already in --build-dir")
    args = ap.parse_args(argv)

    t0 = time.time()
    sources, sets = collect(args.build_dir, not args.no_install)
    print(f"{len(sources)} candidate icons: " +
          ", ".join(f"{s} {sum(x.set == s for x in sources)}" for s in SET_ORDER), flush=True)

    glyphs, kept_src = [], []
    for i, src in enumerate(sources):
        g = render_glyph(src.svg)
        if g is not None:
            glyphs.append(g)
            kept_src.append(src)
        if (i + 1) % 1000 == 0:
            print(f"  rendered {i + 1}/{len(sources)} ({time.time() - t0:.0f} s)", flush=True)
    # Quantise first so that dedupe sees exactly what the bank will store.
    arr = np.round(np.stack(glyphs) * 255).astype(np.uint8)
    owner = dedupe(arr.astype(np.float32) / 255.0, args.dedupe, args.max_detail)

    for i, o in enumerate(owner):
        if o != i:
            keep, dup = kept_src[o], kept_src[i]
            keep.merged.append(dup.ref)
            keep.tags = _words([*keep.tags, *([dup.name] if dup.name != keep.name else []), *dup.tags])
    keep_idx = np.flatnonzero(owner == np.arange(len(owner)))
    icons = []
    for i in keep_idx:
        src = kept_src[i]
        entry = {"name": src.name, "tags": [t for t in src.tags if t != src.name][:MAX_TAGS],
                 "set": src.set, "style": src.style, "id": src.raw_name, "licence": src.licence}
        if src.merged:
            entry["merged"] = src.merged
        icons.append(entry)
    bank = arr[keep_idx]

    args.out.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out / "bank.npz", templates=bank)
    manifest = {"format": "detact/icon-bank@1", "size": GLYPH_SIZE, "margin": GLYPH_MARGIN,
                "dedupe_ssim": args.dedupe, "dedupe_max_detail": args.max_detail, "count": len(icons), "sets": sets, "icons": icons}
    # One icon per line: compact, yet diffs of a rebuild stay readable.
    lines = json.dumps({k: v for k, v in manifest.items() if k != "icons"}, indent=1)[:-2]
    body = ",\n".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in icons)
    (args.out / "manifest.json").write_text(f'{lines},\n "icons": [\n{body}\n]}}\n', encoding="utf-8")
    json.loads((args.out / "manifest.json").read_text())  # fail loudly on a malformed write
    merged = len(owner) - len(keep_idx)
    print(f"kept {len(icons)} templates ({merged} near-duplicates merged), " +
          ", ".join(f"{s} {sum(e['set'] == s for e in icons)}" for s in SET_ORDER) +
          f"; bank.npz {(args.out / 'bank.npz').stat().st_size / 1e6:.2f} MB, "
          f"manifest.json {(args.out / 'manifest.json').stat().st_size / 1e6:.2f} MB, "
          f"{time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
