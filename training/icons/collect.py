#!/usr/bin/env python3
"""Gather the icon corpus for the icon encoder, each icon labelled with its UI function.

One command (from the repository root)::

    python training/icons/collect.py                 # -> training/icons/out/
    python training/icons/collect.py --out /tmp/icons --limit 50   # quick run, 50 per set

Sources (see README.md for the licence table):

* **iconify** -- the npm ``@iconify-json/*`` packages in ``training/icons/node_modules``
  (``npm install --prefix training/icons`` installs them from package.json). Each
  ``icons.json`` holds SVG bodies, the set's default box and aliases; ``metadata.json``
  may hold categories. Brand/logo/flag/emoji sets and icons are skipped.
* **freedesktop** -- icon themes from Debian packages under ``/usr/share/icons``: one file
  per icon name and theme, scalable SVG preferred, else the largest SVG/PNG, plus the
  theme's hand-drawn 16-32 px PNGs as ``<name>@<size>`` (what toolbars show). Icons named
  ``*-symbolic`` form their own set (``adwaita-symbolic``...).
* **libreoffice** -- LibreOffice's Colibre style (``images_colibre_svg.zip`` from the
  Debian package libreoffice-style-colibre); command icons are ``cmd/sc_<uno>.svg``
  (small), ``cmd/lc_<uno>.svg`` (large) and ``cmd/32/<uno>.svg``.

The Papirus and Breeze icon themes and LibreOffice's Sifr and Breeze styles are held back
to measure generalisation: they are refused by name, and every path is checked.

Output: ``OUT/index.jsonl`` (one icon a line: set, name, function, tags, licence, source,
and ``svg`` -- standalone SVG text -- or ``path`` -- an absolute PNG/SVG path) and
``OUT/stats.json`` (counts per set and function). The label comes from
``functions.map_function`` (``training/icons/functions.py``).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
import time
import zipfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable, Iterator, Optional

from tqdm import tqdm

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from functions import load_vocabulary, map_function  # noqa: E402
from heldout import is_held_out  # noqa: E402

DEFAULT_OUT = HERE / "out"
DEFAULT_NODE_MODULES = HERE / "node_modules"
DEFAULT_ICON_ROOT = Path("/usr/share/icons")
DEFAULT_LIBREOFFICE_ZIPS = [
    Path("/usr/lib/libreoffice/share/config/images_colibre_svg.zip"),
    Path("/usr/share/libreoffice/share/config/images_colibre_svg.zip"),
]

#: Held back for measuring generalisation: never read anything whose path contains these.
FORBIDDEN_WORDS = ("papirus", "breeze", "sifr")
#: Right-to-left variants (``go-next-symbolic-rtl`` is drawn as a left arrow, often as a copy
#: of ``go-previous-symbolic``): on left-to-right screens their names say the opposite of what
#: they show, so they are skipped (icons *about* text direction are kept).
RTL_VARIANT = re.compile(r"(^|[-_])rtl([-_.]|$)", re.I)

#: iconify sets skipped on purpose, with the reason (reported in stats.json and README).
SKIP_SETS = {
    "si": "Simple Icons: brand logos",
}
#: iconify collection categories (info.json "category") that are not UI icons.
SKIP_CATEGORIES = ("emoji", "flag", "brand", "logo")
#: Icon categories (metadata.json) whose icons are brand logos, flags or emoji.
SKIP_ICON_CATEGORY = re.compile(r"brand|logo|flag|emoji", re.I)
#: Icon names that are brand logos (bx "bxl-*", ion/tabler "logo-*"/"brand-*", ph "*-logo").
BRAND_NAME = re.compile(r"^(bxl-|logo-|brand-)|(-logo|-brand)(-|$)", re.I)

#: freedesktop themes: directory under the icon root -> (Debian package, licence).
FREEDESKTOP_THEMES: dict[str, tuple[str, str]] = {
    "Adwaita": ("adwaita-icon-theme", "CC-BY-SA-3.0 OR LGPL-3.0"),
    "HighContrast": ("gnome-accessibility-themes", "LGPL-2.1-or-later"),
    "Tango": ("tango-icon-theme", "public-domain"),
    "gnome": ("gnome-icon-theme", "GPL-2.0-or-later"),
    "elementary-xfce": ("elementary-xfce-icon-theme", "GPL-2.0-or-later"),
    "elementary": ("elementary-icon-theme", "GPL-3.0-or-later"),
    "Yaru": ("yaru-theme-icon", "CC-BY-SA-4.0"),
    "oxygen": ("oxygen-icon-theme", "LGPL-3.0-or-later"),
    "mate": ("mate-icon-theme", "LGPL-3.0-or-later OR CC-BY-SA"),
    "menta": ("mate-icon-theme", "LGPL-3.0-or-later OR CC-BY-SA"),
    "Moka": ("moka-icon-theme", "CC-BY-SA-4.0 OR GPL-3.0-or-later"),
    "Faba": ("faba-icon-theme", "CC-BY-SA-4.0 OR GPL-3.0"),
    "Numix": ("numix-icon-theme", "GPL-3.0-or-later"),
    "Mint-Y": ("mint-y-icons", "CC-BY-SA-4.0"),
    "suru": ("suru-icon-theme", "CC-BY-SA-3.0"),
    "nuoveXT2": ("lxde-icon-theme", "LGPL-3.0-or-later"),
}
LIBREOFFICE_SET = "libreoffice-colibre"
LIBREOFFICE_LICENCE = "CC0-1.0"
#: Raster sizes a theme draws by hand (toolbar and menu sizes): GTK shows the 24 px drawing of
#: a legacy colour icon, not the 48 px one scaled down, and the two differ in detail (Adwaita's
#: ``document-new`` at 24 px has another page outline and plus badge). Each such file that is
#: not the icon's main file becomes an icon of its own, ``<name>@<size>``.
VARIANT_SIZES = (16, 22, 24, 32)
#: freedesktop context directories (names under a theme's size or context folders).
CONTEXTS = {"actions", "animations", "apps", "categories", "devices", "emblems", "emotes",
            "intl", "legacy", "mimetypes", "places", "status", "panel", "stock", "ui"}


class CollectError(Exception):
    """A one-line, user-facing error."""


@dataclass
class Icon:
    """One corpus entry before labelling."""
    set: str
    name: str
    source: str
    licence: str
    tags: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    context: str = ""
    svg: Optional[str] = None
    path: Optional[str] = None
    #: The name the function is read from when ``name`` carries a size (``document-new@24``).
    base_name: str = ""

    def record(self, function: Optional[str]) -> dict:
        """The index.jsonl line for this icon."""
        rec = {"set": self.set, "name": self.name, "function": function,
               "tags": self.tags, "licence": self.licence, "source": self.source}
        if self.svg is not None:
            rec["svg"] = self.svg
        else:
            rec["path"] = self.path
        return rec

    def content_key(self) -> str:
        """Hash of the icon's image (SVG text or file bytes), for exact de-duplication."""
        data = self.svg.encode() if self.svg is not None else Path(self.path).read_bytes()
        return hashlib.sha1(data).hexdigest()


def check_allowed(path_or_name: str) -> None:
    """Refuse anything held back for the generalisation test (Papirus, Breeze, Sifr)."""
    low = str(path_or_name).lower()
    for word in FORBIDDEN_WORDS:
        if word in low:
            raise CollectError(f"refusing held-back icon source ({word}): {path_or_name}")


# ------------------------------------------------------------------ iconify

def iconify_svg(icon: dict, defaults: dict) -> str:
    """Standalone SVG for an iconify icon (``body`` plus box and transforms).

    Follows @iconify/utils ``iconToSVG``: hFlip/vFlip/rotate become a ``<g transform>``
    and the viewBox is ``left top width height`` (set defaults: 0 0 16 16).
    """
    left = float(icon.get("left", defaults.get("left", 0)))
    top = float(icon.get("top", defaults.get("top", 0)))
    width = float(icon.get("width", defaults.get("width", 16)))
    height = float(icon.get("height", defaults.get("height", 16)))
    body = icon["body"]
    transforms: list[str] = []
    rotate = int(icon.get("rotate", 0))
    hflip, vflip = bool(icon.get("hFlip")), bool(icon.get("vFlip"))
    if hflip and vflip:
        rotate += 2
    elif hflip:
        transforms += [f"translate({_num(width + left)} {_num(-top)})", "scale(-1 1)"]
        left = top = 0.0
    elif vflip:
        transforms += [f"translate({_num(-left)} {_num(height + top)})", "scale(1 -1)"]
        left = top = 0.0
    rotate %= 4
    if rotate == 1:
        c = height / 2 + top
        transforms.insert(0, f"rotate(90 {_num(c)} {_num(c)})")
    elif rotate == 2:
        transforms.insert(0, f"rotate(180 {_num(width / 2 + left)} {_num(height / 2 + top)})")
    elif rotate == 3:
        c = width / 2 + left
        transforms.insert(0, f"rotate(-90 {_num(c)} {_num(c)})")
    if rotate % 2 == 1:
        left, top = top, left
        width, height = height, width
    if transforms:
        body = f'<g transform="{" ".join(transforms)}">{body}</g>'
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{_num(width)}" height="{_num(height)}" '
            f'viewBox="{_num(left)} {_num(top)} {_num(width)} {_num(height)}">{body}</svg>')


def _num(x: float) -> str:
    """Compact number for SVG attributes."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def iconify_sets(node_modules: Path) -> list[Path]:
    """Installed ``@iconify-json/*`` package folders that hold an icons.json."""
    root = node_modules / "@iconify-json"
    if not root.is_dir():
        raise CollectError(f"no iconify packages in {root}: run npm install --prefix {node_modules.parent}")
    return sorted(p for p in root.iterdir() if (p / "icons.json").is_file())


def iconify_skip_reason(pkg: Path) -> Optional[str]:
    """Why an iconify set is left out (brand/emoji/flag collections), or None."""
    prefix = pkg.name
    if prefix in SKIP_SETS:
        return SKIP_SETS[prefix]
    info = _read_json(pkg / "info.json")
    category = str(info.get("category", "")).lower()
    if any(word in category for word in SKIP_CATEGORIES):
        return f"collection category '{info.get('category')}'"
    if info.get("palette"):
        return "multicolour (palette) set"
    return None


def _read_json(path: Path) -> dict:
    """A JSON file, or {} when missing."""
    return json.loads(path.read_text()) if path.is_file() else {}


def iconify_licence(info: dict) -> str:
    """SPDX id (or title) of a set's licence."""
    lic = info.get("license", {})
    return lic.get("spdx") or lic.get("title") or "unknown"


def iconify_icons(pkg: Path, skipped: Counter, keep_masked: bool = False) -> Iterator[Icon]:
    """Every visible, non-brand icon of one iconify set, aliases folded into tags.

    Aliases without transforms become tags (and alternative names for the mapping) of
    their parent; aliases with rotate/flip are icons of their own. Icons drawn with an
    SVG ``<mask>`` are left out unless ``keep_masked``: cairosvg treats luminance masks as
    alpha masks, so they render as filled blobs.
    """
    data = json.loads((pkg / "icons.json").read_text())
    info = _read_json(pkg / "info.json")
    meta = _read_json(pkg / "metadata.json")
    prefix = data.get("prefix", pkg.name)
    licence = iconify_licence(info)
    defaults = {k: data[k] for k in ("left", "top", "width", "height") if k in data}
    icons: dict = data.get("icons", {})
    categories: dict[str, list[str]] = defaultdict(list)
    for cat, names in (meta.get("categories") or {}).items():
        for n in names:
            categories[n].append(cat)
    plain_aliases: dict[str, list[str]] = defaultdict(list)
    transformed: list[tuple[str, dict]] = []
    for alias, spec in (data.get("aliases") or {}).items():
        root, props = _resolve_alias(alias, data)
        if root is None:
            continue
        if any(props.get(k) for k in ("rotate", "hFlip", "vFlip")):
            transformed.append((alias, {**icons[root], **props}))
        else:
            plain_aliases[root].append(alias)
    entries = [(name, icon, False) for name, icon in icons.items()]
    entries += [(name, icon, True) for name, icon in transformed]
    for name, icon, is_alias in entries:
        base = name if not is_alias else _resolve_alias(name, data)[0]
        if icon.get("hidden") and not is_alias:
            skipped["hidden"] += 1
            continue
        cats = categories.get(name) or categories.get(base) or []
        if BRAND_NAME.search(name) or any(SKIP_ICON_CATEGORY.search(c) for c in cats):
            skipped["brand/flag/emoji"] += 1
            continue
        svg = iconify_svg(icon, defaults)
        if not keep_masked and "<mask" in svg:
            skipped["svg <mask> (cairosvg renders luminance masks wrongly)"] += 1
            continue
        aliases = sorted(plain_aliases.get(name, [])) if not is_alias else []
        tags = _unique([*aliases, *(c.lower() for c in cats)])
        yield Icon(set=prefix, name=name, source="iconify", licence=licence, tags=tags,
                   aliases=aliases, svg=svg)


def _resolve_alias(alias: str, data: dict) -> tuple[Optional[str], dict]:
    """Follow an alias chain to its icon; returns (icon name, merged transform props)."""
    props: dict = {}
    seen = set()
    name = alias
    aliases = data.get("aliases") or {}
    while name in aliases and name not in seen:
        seen.add(name)
        spec = aliases[name]
        for k, v in spec.items():
            if k == "rotate":
                props["rotate"] = props.get("rotate", 0) + int(v)
            elif k in ("hFlip", "vFlip"):
                props[k] = bool(props.get(k)) ^ bool(v)
            elif k != "parent" and k not in props:
                props[k] = v
        name = spec.get("parent", "")
    if name not in data.get("icons", {}):
        return None, {}
    return name, props


def _unique(items: Iterable[str]) -> list[str]:
    """Items in first-seen order without repeats or empties."""
    out: list[str] = []
    for item in items:
        if item and item not in out:
            out.append(item)
    return out


# ------------------------------------------------------------------ freedesktop

@dataclass
class _Candidate:
    path: Path
    size: int          # 10**6 for scalable
    is_svg: bool
    context: str


def _size_of(parts: tuple[str, ...]) -> int:
    """Pixel size encoded in a theme path ("48x48", "48", "scalable", "symbolic")."""
    best = 0
    for part in parts:
        low = part.lower()
        if low in ("scalable", "symbolic"):
            return 10 ** 6
        m = re.fullmatch(r"(\d+)(?:x(\d+))?(?:@(\d)x)?", low)
        if m:
            best = max(best, int(m.group(1)) * int(m.group(3) or 1))
    return best


def freedesktop_icons(theme_dir: Path, package: str, licence: str, skipped: Counter) -> Iterator[Icon]:
    """One icon per name in a freedesktop theme: scalable SVG, else the largest file; plus
    the theme's hand-drawn PNGs at ``VARIANT_SIZES`` as ``<name>@<size>`` (not for held-out
    sets, so the leave-sets-out benchmark keeps one drawing per name).

    Symlinked names sharing one file become one icon with the other names as tags.
    Names ending in ``-symbolic`` go to the set ``<theme>-symbolic``.
    """
    check_allowed(theme_dir)
    best: dict[str, _Candidate] = {}
    small: dict[str, dict[int, Path]] = defaultdict(dict)    # name -> size -> PNG
    for path in sorted(theme_dir.rglob("*")):
        if path.suffix.lower() not in (".svg", ".png") or not path.is_file():
            continue
        real = path.resolve()
        check_allowed(path)
        check_allowed(real)
        rel = path.relative_to(theme_dir).parts
        context = next((p.lower() for p in rel[:-1] if p.lower() in CONTEXTS), "")
        cand = _Candidate(path, _size_of(rel[:-1]), path.suffix.lower() == ".svg", context)
        name = path.stem
        old = best.get(name)
        if old is None or (cand.is_svg, cand.size) > (old.is_svg, old.size):
            best[name] = cand
        if not cand.is_svg and cand.size in VARIANT_SIZES and not name.endswith(".symbolic"):
            small[name][cand.size] = path
    by_file: dict[Path, list[str]] = defaultdict(list)
    for name, cand in best.items():
        by_file[cand.path.resolve()].append(name)
    theme = theme_dir.name.lower()
    for real, names in sorted(by_file.items()):
        names.sort(key=lambda n: (n != real.stem, len(n), n))
        name = names[0]
        cand = best[name]
        symbolic = "-symbolic" in name
        icon = Icon(set=f"{theme}-symbolic" if symbolic else theme, name=name, source="freedesktop",
                    licence=licence, tags=_unique([cand.context, *names[1:]]), aliases=names[1:],
                    context=cand.context, path=str(real))
        yield icon
        if is_held_out(icon.set):
            continue
        for size, path in sorted(small.get(name, {}).items()):
            if path.resolve() != real:
                yield replace(icon, name=f"{name}@{size}", path=str(path.resolve()), base_name=name)


def freedesktop_themes(icon_root: Path, wanted: Optional[list[str]]) -> list[tuple[Path, str, str]]:
    """Installed themes to read, as (folder, Debian package, licence)."""
    out = []
    for theme, (package, licence) in FREEDESKTOP_THEMES.items():
        if wanted and theme.lower() not in wanted:
            continue
        check_allowed(theme)
        folder = icon_root / theme
        if folder.is_dir():
            out.append((folder, package, licence))
    return out


# ------------------------------------------------------------------ libreoffice

def libreoffice_zip(explicit: Optional[Path]) -> Optional[Path]:
    """The Colibre SVG image zip (an explicit path, else the Debian locations)."""
    for cand in ([explicit] if explicit else DEFAULT_LIBREOFFICE_ZIPS):
        if cand and cand.is_file():
            check_allowed(cand)
            return cand
    if explicit:
        raise CollectError(f"no such LibreOffice image zip: {explicit}")
    return None


_SVG_TAG = re.compile(r"<svg\b[^>]*>", re.S)


def standalone_svg(text: str) -> str:
    """Give an SVG explicit width/height (from its viewBox) when it lacks them."""
    m = _SVG_TAG.search(text)
    if not m:
        return text
    tag = m.group(0)
    vb = re.search(r'viewBox="\s*([-\d.]+)[ ,]+([-\d.]+)[ ,]+([-\d.]+)[ ,]+([-\d.]+)\s*"', tag)
    new = tag
    if vb and not re.search(r"\swidth=", tag):
        new = new[:-1].rstrip("/") + f' width="{vb.group(3)}"' + (" />" if tag.endswith("/>") else ">")
    if vb and not re.search(r"\sheight=", tag):
        new = new.replace(f' width="{vb.group(3)}"', f' width="{vb.group(3)}" height="{vb.group(4)}"', 1)
    if "xmlns=" not in new:
        new = new.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
    return text[:m.start()] + new + text[m.end():]


def libreoffice_icons(zip_path: Path, skipped: Counter) -> Iterator[Icon]:
    """Every SVG of the Colibre style; links.txt names that reuse an image become tags."""
    with zipfile.ZipFile(zip_path) as zf:
        names = zf.namelist()
        links: dict[str, list[str]] = defaultdict(list)
        if "links.txt" in names:
            for line in zf.read("links.txt").decode("utf-8", "replace").splitlines():
                parts = line.split()
                if len(parts) == 2 and not line.startswith("#"):
                    links[parts[1]].append(parts[0])
        for member in sorted(names):
            if not member.endswith(".svg"):
                continue
            check_allowed(member)
            name = member[:-4]
            alias_names = sorted({a[:-4] for a in links.get(member, []) if a.endswith(".svg")})
            size = _libreoffice_size(name)
            text = zf.read(member).decode("utf-8", "replace")
            yield Icon(set=LIBREOFFICE_SET, name=name, source="libreoffice", licence=LIBREOFFICE_LICENCE,
                       tags=_unique([size, *alias_names]), aliases=alias_names,
                       svg=standalone_svg(text))


def _libreoffice_size(name: str) -> str:
    """Size class of a LibreOffice image name: sc (16 px), lc (24 px), 32, or ''."""
    base = name.rsplit("/", 1)[-1]
    if name.startswith("cmd/32/"):
        return "32"
    if base.startswith("sc_"):
        return "sc"
    if base.startswith("lc_"):
        return "lc"
    return ""


# ------------------------------------------------------------------ driver

@dataclass
class SetStats:
    """Counters for one set."""
    source: str = ""
    licence: str = ""
    icons: int = 0
    mapped: int = 0
    duplicates: int = 0


def sample(items: list[Icon], limit: Optional[int], rng: random.Random) -> list[Icon]:
    """A seeded random subset of at most ``limit`` icons (all when no limit)."""
    if not limit or len(items) <= limit:
        return items
    return rng.sample(items, limit)


def collect(out: Path, node_modules: Path, icon_root: Path, lo_zip: Optional[Path],
            sources: list[str], only_sets: Optional[list[str]], limit: Optional[int],
            seed: int, keep_masked: bool = False) -> dict:
    """Write index.jsonl and stats.json into ``out``; returns the stats."""
    start = time.time()
    for path in (out, node_modules, icon_root, lo_zip):
        if path is not None:
            check_allowed(str(path))
    out.mkdir(parents=True, exist_ok=True)
    vocabulary = load_vocabulary()
    rng = random.Random(seed)
    skipped: Counter = Counter()
    skipped_sets: dict[str, str] = {}
    jobs: list[tuple[str, object]] = []      # (source, argument)
    if "iconify" in sources:
        for pkg in iconify_sets(node_modules):
            if only_sets and pkg.name not in only_sets:
                continue
            reason = iconify_skip_reason(pkg)
            if reason:
                skipped_sets[pkg.name] = reason
            else:
                jobs.append(("iconify", pkg))
    if "freedesktop" in sources:
        wanted = [s.lower() for s in only_sets] if only_sets else None
        for folder, package, licence in freedesktop_themes(icon_root, wanted):
            jobs.append(("freedesktop", (folder, package, licence)))
    if "libreoffice" in sources and (not only_sets or LIBREOFFICE_SET in only_sets):
        zp = libreoffice_zip(lo_zip)
        if zp:
            jobs.append(("libreoffice", zp))
    if not jobs:
        raise CollectError("nothing to collect: no sources found for the options given")

    per_set: dict[str, SetStats] = defaultdict(SetStats)
    per_function: dict[str, Counter] = defaultdict(Counter)
    seen: set[str] = set()
    index_path = out / "index.jsonl"
    with index_path.open("w") as fh, tqdm(jobs, desc="sets", unit="set", mininterval=5) as bar:
        for source, arg in bar:
            icons = _load(source, arg, skipped, keep_masked)
            bar.set_postfix_str(f"{icons[0].set if icons else '?'} ({len(icons)})", refresh=False)
            for icon in sample(icons, limit, rng):
                st = per_set[icon.set]
                st.source, st.licence = icon.source, icon.licence
                name = icon.base_name or icon.name
                if RTL_VARIANT.search(name) and "direction" not in name.lower():
                    skipped["right-to-left variant"] += 1
                    continue
                key = icon.content_key()
                if key in seen:
                    st.duplicates += 1
                    continue
                seen.add(key)
                function = map_function(name, icon.set, icon.source,
                                        aliases=icon.aliases, context=icon.context)
                if function is not None and function not in vocabulary:
                    raise CollectError(f"mapping gave an unknown function {function!r} for {icon.set}:{icon.name}")
                if function is None and icon.source == "freedesktop" and icon.context == "apps":
                    skipped["unmapped app icon (product logo)"] += 1
                    continue
                fh.write(json.dumps(icon.record(function), ensure_ascii=False) + "\n")
                st.icons += 1
                if function:
                    st.mapped += 1
                    per_function[function][icon.set] += 1
    stats = _stats(per_set, per_function, vocabulary, skipped, skipped_sets, time.time() - start,
                   {"limit": limit, "seed": seed, "sources": sources, "keep_masked": keep_masked})
    (out / "stats.json").write_text(json.dumps(stats, indent=1, ensure_ascii=False) + "\n")
    return stats


def _load(source: str, arg, skipped: Counter, keep_masked: bool = False) -> list[Icon]:
    """All icons of one job (an iconify package, a theme, or the LibreOffice zip)."""
    if source == "iconify":
        return list(iconify_icons(arg, skipped, keep_masked))
    if source == "freedesktop":
        folder, package, licence = arg
        return list(freedesktop_icons(folder, package, licence, skipped))
    return list(libreoffice_icons(arg, skipped))


def _stats(per_set: dict[str, SetStats], per_function: dict[str, Counter], vocabulary: dict,
           skipped: Counter, skipped_sets: dict[str, str], seconds: float, options: dict) -> dict:
    """The stats.json document."""
    sets = {name: {"source": s.source, "licence": s.licence, "icons": s.icons, "mapped": s.mapped,
                   "coverage": round(s.mapped / s.icons, 4) if s.icons else 0.0,
                   "duplicates_skipped": s.duplicates}
            for name, s in sorted(per_set.items())}
    functions = {fid: {"icons": sum(per_function[fid].values()), "sets": len(per_function[fid]),
                       "per_set": dict(per_function[fid].most_common())}
                 for fid in vocabulary}
    total = sum(s.icons for s in per_set.values())
    mapped = sum(s.mapped for s in per_set.values())
    by_source = Counter()
    for s in per_set.values():
        by_source[s.source] += s.icons
    return {
        "total_icons": total, "mapped_icons": mapped,
        "coverage": round(mapped / total, 4) if total else 0.0,
        "sets": len([s for s in per_set.values() if s.icons]),
        "icons_per_source": dict(by_source),
        "functions_with_examples": sum(1 for f in functions.values() if f["icons"]),
        "functions_in_vocabulary": len(vocabulary),
        "seconds": round(seconds, 1), "options": options,
        "skipped": dict(skipped), "skipped_sets": skipped_sets,
        "per_set": sets, "per_function": functions,
    }


def parse_args(argv: Optional[list[str]] = None) -> argparse.Namespace:
    """Command-line options."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    ap.add_argument("--node-modules", type=Path, default=DEFAULT_NODE_MODULES,
                    help="folder holding @iconify-json/* (default: %(default)s)")
    ap.add_argument("--icon-root", type=Path, default=DEFAULT_ICON_ROOT,
                    help="freedesktop icon themes (default: %(default)s)")
    ap.add_argument("--libreoffice-zip", type=Path, default=None,
                    help="Colibre images_colibre_svg.zip (default: the Debian location)")
    ap.add_argument("--sources", default="iconify,freedesktop,libreoffice",
                    help="comma-separated subset of iconify,freedesktop,libreoffice")
    ap.add_argument("--sets", default=None, help="only these sets (iconify prefixes, theme names, libreoffice-colibre)")
    ap.add_argument("--limit", type=int, default=None, help="at most N icons per set, seeded random sample")
    ap.add_argument("--seed", type=int, default=0, help="seed for --limit sampling (default: %(default)s)")
    ap.add_argument("--keep-masked", action="store_true",
                    help="keep iconify SVGs that use <mask> (cairosvg renders them wrongly)")
    return ap.parse_args(argv)


def main(argv: Optional[list[str]] = None) -> int:
    """Entry point."""
    args = parse_args(argv)
    sources = [s.strip() for s in args.sources.split(",") if s.strip()]
    bad = set(sources) - {"iconify", "freedesktop", "libreoffice"}
    only = [s.strip() for s in args.sets.split(",")] if args.sets else None
    try:
        if bad:
            raise CollectError(f"unknown source(s): {', '.join(sorted(bad))}")
        for name in only or []:
            check_allowed(name)
        stats = collect(args.out, args.node_modules, args.icon_root, args.libreoffice_zip,
                        sources, only, args.limit, args.seed, args.keep_masked)
    except CollectError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{stats['total_icons']} icons from {stats['sets']} sets, {stats['mapped_icons']} mapped "
          f"({stats['coverage']:.1%}) to {stats['functions_with_examples']} functions; "
          f"{stats['seconds']} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
