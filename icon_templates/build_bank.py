#!/usr/bin/env python3
"""Build the icon template bank (``bank.npz`` + ``manifest.json``) from the icon corpus.

One command (from the repository root; the corpus comes from ``training/icons/collect.py``)::

    python icon_templates/build_bank.py --index /work/gen/icons/index.jsonl

Every template is an icon that software ships and that has a UI function (``function`` in the
corpus, an id of ``detact/data/icons/functions.json``): the desktop themes GTK and Xfce apps
draw (Adwaita with its symbolic icons, Tango, elementary-xfce), LibreOffice's Colibre style,
and the web/app sets Material Symbols, Material Design Icons, Fluent UI, Codicons, Phosphor,
Remix, Font Awesome 6, IcoMoon Free, Bootstrap Icons and Tabler (``BANK_SETS``). The held-out
sets (``training/icons/heldout.py``) are refused, so the leave-sets-out benchmark measures
icons the bank has never seen.

Each icon is drawn large, dark on white (colour icons in their own colours), and reduced to
the 32 x 32 glyph the matcher computes from a screen crop (``training/icons/render.py`` ->
``detact.icons.preprocess.region_glyph``). Full-colour icons of the GTK themes are also drawn
on a dark background (``<name>#dark``, ``DARK_TWIN_SETS``). Near-duplicates *of the same
function* (block SSIM above ``--dedupe`` and no 4 x 4 tile differing by more than
``--max-detail``) are merged: the first in ``BANK_SETS`` order is kept and lists the others
under ``merged``. Sets with many
weights or sizes contribute the ones screens show most (``STYLE_FILTERS``).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "training" / "icons")]

from detact.icons.bank import BANK_FORMAT  # noqa: E402
from detact.icons.preprocess import GLYPH_MARGIN, GLYPH_SIZE  # noqa: E402
from bundle import update_registry  # noqa: E402
from heldout import HELD_OUT_SETS  # noqa: E402
from render import is_monochrome, load_rgba, opaque_colours, template_glyph  # noqa: E402

#: Corpus sets in the bank, in priority order (a duplicate keeps the earlier set's template).
BANK_SETS = ("adwaita-symbolic", "adwaita", "elementary-xfce-symbolic", "elementary-xfce", "tango",
             "libreoffice-colibre", "fa6-solid", "fa6-regular", "icomoon-free", "bi", "tabler",
             "material-symbols", "mdi", "fluent", "codicon", "ph", "ri")
#: Names a set contributes (the rest are other weights/sizes of the same drawings).
STYLE_FILTERS = {
    "adwaita-symbolic": re.compile(r"^(?!.*\.symbolic$)"),       # not the PNG copies of the SVGs
    "libreoffice-colibre": re.compile(r"^cmd/(sc|lc)_"),          # 16 and 24 px toolbar icons
    "fluent": re.compile(r"-20-(regular|filled)$"),                # the desktop size
    "ph": re.compile(r"^(?!.*-(thin|light|bold|duotone)$)"),       # regular and fill
    "material-symbols": re.compile(r"^(?!.*-(rounded|sharp)$)"),   # filled and outline
}
#: Sets of full-colour icons that also get a template drawn on a dark background (``<name>#dark``):
#: a colour icon's glyph is its distance from the background, so Adwaita's white page is an
#: outline on a light toolbar but a solid sheet on a dark one (GTK draws these icons unchanged
#: on dark themes). Monochrome icons look the same on both and get no twin; nor do icons drawn
#: mostly in dark strokes (`DARK_INK_SHARE`), which vanish on dark and would leave a bare accent
#: -- a "4" for LibreOffice's Heading 4 -- that matches text. LibreOffice has its own dark style
#: (Colibre Dark) for dark themes, so Colibre gets no twins.
DARK_TWIN_SETS = ("adwaita", "elementary-xfce", "tango")
#: Share of an icon's opaque pixels darker than grey 90 above which it gets no dark twin.
DARK_INK_SHARE = 0.3
DARK_SUFFIX = "#dark"
DARK_BACKGROUND = (48, 48, 48)     # Adwaita-dark's toolbars and header bars
#: Right-to-left variants (``go-next-symbolic-rtl`` is a left arrow): on left-to-right screens
#: they would name a mirrored icon, so they stay out.
RTL = re.compile(r"(^|[-_])rtl([-_.]|$)", re.I)
#: Licence under which we use a set when the corpus records another option.
LICENCE_OVERRIDE = {"icomoon-free": "CC-BY-4.0"}   # upstream: CC BY 4.0 or GPL, at our choice
#: Debian packages of the non-npm sets (their versions go into the manifest).
DEBIAN_PACKAGES = {"adwaita": "adwaita-icon-theme", "adwaita-symbolic": "adwaita-icon-theme",
                   "tango": "tango-icon-theme", "elementary-xfce": "elementary-xfce-icon-theme",
                   "elementary-xfce-symbolic": "elementary-xfce-icon-theme",
                   "libreoffice-colibre": "libreoffice-style-colibre"}
#: Most tags kept per template.
MAX_TAGS = 8


# ---------------------------------------------------------------- selection

def read_sources(index: Path) -> list[dict]:
    """The bank's candidate records, in ``BANK_SETS`` order then corpus order."""
    rank = {s: i for i, s in enumerate(BANK_SETS)}
    bad = HELD_OUT_SETS & set(BANK_SETS)
    if bad:
        raise SystemExit(f"error: held-out sets listed as bank sets: {sorted(bad)}")
    out = []
    with open(index, encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            s = rec["set"]
            if s not in rank or not rec.get("function") or RTL.search(rec["name"]):
                continue
            style = STYLE_FILTERS.get(s)
            if style is not None and not style.search(rec["name"]):
                continue
            out.append(rec)
            if s in DARK_TWIN_SETS:
                out.append({**rec, "name": rec["name"] + DARK_SUFFIX})
    out.sort(key=lambda r: rank[r["set"]])   # stable: corpus order within a set
    return out


def _dark_share(rgba: np.ndarray) -> float:
    """Share of the opaque pixels of a premultiplied RGBA render darker than grey 90."""
    colour = opaque_colours(rgba)
    return float((colour.mean(axis=1) < 90 / 255).mean()) if len(colour) else 0.0


def _glyph_of(rec: dict) -> np.ndarray | None:
    rgba = load_rgba(rec)
    if rgba is None:
        return None
    if rec["name"].endswith(DARK_SUFFIX):   # a dark twin only for colour icons
        if is_monochrome(rgba) or _dark_share(rgba) > DARK_INK_SHARE:
            return None
        return template_glyph(rgba, GLYPH_SIZE, DARK_BACKGROUND)
    return template_glyph(rgba, GLYPH_SIZE)


def render_all(records: list[dict], workers: int, cache: Path | None = None
               ) -> tuple[np.ndarray, list[dict]]:
    """Template glyphs ``(T, 32, 32)`` uint8 of the records that draw something. ``cache``
    (an .npz) keeps the glyphs by ``set:name`` so a rebuild with other dedupe settings does
    not render again."""
    keys = [f"{r['set']}:{r['name']}" for r in records]
    done: dict[str, np.ndarray] = {}
    if cache is not None and cache.is_file():
        with np.load(cache) as d:
            done = {str(k): g for k, g in zip(d["keys"], d["glyphs"])}
    todo = [r for r, k in zip(records, keys) if k not in done]
    with mp.get_context("fork").Pool(workers) as pool:
        for rec, g in zip(todo, pool.imap(_glyph_of, todo, chunksize=32)):
            done[f"{rec['set']}:{rec['name']}"] = g if g is not None else np.zeros((GLYPH_SIZE,) * 2, np.uint8)
    if cache is not None and todo:
        cache.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(cache, keys=np.array(list(done)), glyphs=np.stack(list(done.values())))
    kept = [(r, done[k]) for r, k in zip(records, keys) if done[k].max() > 64]
    return np.stack([g for _, g in kept]), [r for r, _ in kept]


# ---------------------------------------------------------------- dedupe

def detail_diff(a: np.ndarray, b: np.ndarray, block: int = 4) -> np.ndarray:
    """Largest mean absolute difference over ``block`` x ``block`` tiles, per pair."""
    d = np.abs(a - b)
    n, s = d.shape[0], d.shape[1] // block
    if n == 0:
        return np.zeros(0, np.float32)
    return d.reshape(n, s, block, s, block).mean(axis=(2, 4)).reshape(n, -1).max(axis=1)


def dedupe_group(glyphs: np.ndarray, threshold: float, max_detail: float) -> np.ndarray:
    """For each glyph of one function, the index of the kept glyph it merges into (itself
    when kept). Duplicates: SSIM above ``threshold`` and no 4 x 4 tile differing by more than
    ``max_detail`` (SSIM alone merges icons that differ only in a small badge). Greedy in
    input order."""
    from detact.icons.ssim import BlockSSIM

    n = len(glyphs)
    sim = BlockSSIM(glyphs, window=16, device="cpu", precision="float32").scores(glyphs)
    i, j = np.nonzero(np.triu(sim > threshold, 1))
    ok = detail_diff(glyphs[i], glyphs[j]) <= max_detail
    dup = np.zeros((n, n), bool)
    dup[j[ok], i[ok]] = True       # dup[later, earlier]
    owner = np.arange(n)
    kept = np.zeros(n, bool)
    for k in range(n):
        hits = np.flatnonzero(kept[:k] & dup[k, :k])
        if hits.size:
            owner[k] = hits[0]
        else:
            kept[k] = True
    return owner


def dedupe(glyphs: np.ndarray, functions: list[str], threshold: float, max_detail: float) -> np.ndarray:
    """Owner index per template, merging near-duplicates within each function."""
    owner = np.arange(len(glyphs))
    groups: dict[str, list[int]] = defaultdict(list)
    for k, f in enumerate(functions):
        groups[f].append(k)
    g32 = glyphs.astype(np.float32) / 255.0
    for members in groups.values():
        idx = np.array(members)
        owner[idx] = idx[dedupe_group(g32[idx], threshold, max_detail)]
    return owner


# ---------------------------------------------------------------- manifest

def set_info(records: list[dict], node_modules: Path) -> dict[str, dict]:
    """Per shipped set: licence, source package and version."""
    info: dict[str, dict] = {}
    for rec in records:
        s = rec["set"]
        if s in info:
            continue
        entry = {"licence": LICENCE_OVERRIDE.get(s, rec.get("licence", "")), "source": rec["source"]}
        if s in DEBIAN_PACKAGES:
            entry["package"] = f"{DEBIAN_PACKAGES[s]} (Debian)"
            entry["version"] = _dpkg_version(DEBIAN_PACKAGES[s])
        else:
            entry["package"] = f"@iconify-json/{s} (npm)"
            pkg = node_modules / "@iconify-json" / s / "package.json"
            if pkg.is_file():
                meta = json.loads(pkg.read_text(encoding="utf-8"))
                entry["version"] = meta.get("version", "")
                entry["upstream_version"] = meta.get("iconSetVersion", "")
        info[s] = entry
    return info


def _dpkg_version(package: str) -> str:
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True,
                             text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.strip() if out.returncode == 0 else ""


def manifest_entries(kept: list[dict], owner: np.ndarray) -> tuple[np.ndarray, list[dict]]:
    """Indices of the kept templates and their manifest entries."""
    merged: dict[int, list[str]] = defaultdict(list)
    for k, o in enumerate(owner):
        if o != k:
            merged[int(o)].append(f"{kept[k]['set']}:{kept[k]['name']}")
    keep_idx = np.flatnonzero(owner == np.arange(len(owner)))
    entries = []
    for k in keep_idx:
        rec = kept[k]
        tags = [t for t in rec.get("tags", []) if t != rec["name"] and not t.isdigit()][:MAX_TAGS]
        entry = {"name": rec["name"], "function": rec["function"], "set": rec["set"],
                 "licence": LICENCE_OVERRIDE.get(rec["set"], rec.get("licence", "")), "tags": tags}
        if merged.get(int(k)):
            entry["merged"] = merged[int(k)]
        entries.append(entry)
    return keep_idx, entries


def write_bank(out: Path, templates: np.ndarray, entries: list[dict], header: dict) -> None:
    """``bank.npz`` and ``manifest.json`` (one template per line: compact, diffable)."""
    out.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out / "bank.npz", templates=templates)
    lines = json.dumps(header, indent=1)[:-2]
    body = ",\n".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in entries)
    (out / "manifest.json").write_text(f'{lines},\n "icons": [\n{body}\n]}}\n', encoding="utf-8")
    json.loads((out / "manifest.json").read_text(encoding="utf-8"))   # fail loudly if malformed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="build the icon template bank from the icon corpus")
    ap.add_argument("--index", type=Path, required=True, help="index.jsonl from training/icons/collect.py")
    ap.add_argument("--out", type=Path, default=ROOT / "detact" / "data" / "icons")
    ap.add_argument("--node-modules", type=Path, default=ROOT / "training" / "icons" / "node_modules",
                    help="where the @iconify-json packages are (for their versions)")
    ap.add_argument("--dedupe", type=float, default=0.95,
                    help="merge same-function templates whose SSIM exceeds this (default 0.95)")
    ap.add_argument("--max-detail", type=float, default=0.15,
                    help="...unless some 4x4 tile differs by more than this (default 0.15)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cache", type=Path, default=HERE / ".build" / "templates.npz",
                    help="rendered glyphs kept between runs (git-ignored)")
    args = ap.parse_args(argv)
    if not args.index.is_file():
        print(f"error: corpus index {args.index} not found (run training/icons/collect.py)", file=sys.stderr)
        return 2

    t0 = time.time()
    records = read_sources(args.index)
    print(f"{len(records)} candidate icons with a function from {len({r['set'] for r in records})} sets",
          flush=True)
    glyphs, kept = render_all(records, args.workers, args.cache)
    owner = dedupe(glyphs.astype(np.uint8), [r["function"] for r in kept], args.dedupe, args.max_detail)
    keep_idx, entries = manifest_entries(kept, owner)
    header = {"format": BANK_FORMAT, "size": GLYPH_SIZE, "margin": GLYPH_MARGIN,
              "dedupe_ssim": args.dedupe, "dedupe_max_detail": args.max_detail,
              "count": len(entries), "held_out_sets": sorted(HELD_OUT_SETS),
              "sets": set_info([kept[k] for k in keep_idx], args.node_modules)}
    write_bank(args.out, glyphs[keep_idx], entries, header)
    licence = "see icon_templates/ATTRIBUTION.md (per set; the manifest lists each template's licence)"
    registered = update_registry("icon_bank", args.out / "bank.npz", licence=licence, description=(
        "icon templates (32x32 glyphs) of the sets software ships, each with its UI function; built "
        "by icon_templates/build_bank.py")) and update_registry(
        "icon_bank_manifest", args.out / "manifest.json", licence=licence,
        description="names, functions, tags, sets and licences of the icon templates")
    per_set = defaultdict(int)
    for e in entries:
        per_set[e["set"]] += 1
    print(f"kept {len(entries)} templates ({len(kept) - len(entries)} near-duplicates merged, "
          f"{len(records) - len(kept)} drew nothing or were dark twins of monochrome or dark icons), "
          f"{len({e['function'] for e in entries})} functions; "
          + ", ".join(f"{s} {n}" for s, n in per_set.items())
          + f"; bank.npz {(args.out / 'bank.npz').stat().st_size / 1e6:.2f} MB, manifest.json "
          f"{(args.out / 'manifest.json').stat().st_size / 1e6:.2f} MB, {time.time() - t0:.0f} s"
          + ("; registry updated" if registered else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
