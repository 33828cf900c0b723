"""UI-like pages of generated strings rendered by headless Chromium, with the ground truth
(exact text and pixel box of every string) read from the DOM. Used by `text_quality.py`.

A page is a small application window: a menu bar, a toolbar of buttons, a sidebar list,
panels of list rows or label/value property rows, a status bar. One font per page; theme
(light/dark), device scale factor (1/2) and anti-aliasing (grayscale / subpixel RGB) per
page, balanced over the set; font size (9-20 CSS px) per container; weight (regular/bold)
and tone (text colour / grey / coloured) per string. Chromium lays the strings out itself:
rows are added until a container is full, a string that does not fit its row is tried on
a later row or page, and any two strings closer than a minimum gap are hidden, so every
string is one well separated text run.

Ground truth, per string: ``Range.getBoundingClientRect()`` of its text node (the line
box: glyph ascent to descent, side bearings included) times the device scale factor,
rounded outwards, in image pixels.

Pages are cached under ``benchmarks/out/text/seed-<seed>/`` (``page-000.png`` + ``.json``,
``manifest.json``) and rendered only when missing (or with ``rerender=True``, or when
``text_strings.py`` / ``text_pages.py`` changed since). Fonts Ubuntu and Source Sans 3 come
from npm (@fontsource), installed on first use into ``~/.cache/detact-bench/npm`` (or
``$DETACT_BENCH_NPM``), never into the repository.
"""
from __future__ import annotations

import base64
import json
import math
import os
import random
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from text_strings import UIString, generate_strings

#: Cached pages are rendered again when this or the code of the two page modules changes.
PAGES_VERSION = 2
ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "benchmarks" / "out" / "text"
DEFAULT_CHROMIUM = "/usr/bin/chromium"
DEFAULT_NPM_CACHE = Path(os.environ.get("DETACT_BENCH_NPM", Path.home() / ".cache" / "detact-bench" / "npm"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--mute-audio"]
#: Pool strings offered to one page (in pool order; the page takes what fits).
QUEUE_LEN = 140
SIZE_BUCKETS = ((9, 10), (11, 12), (13, 15), (16, 20))
#: CSS viewport per device scale factor: small windows, so that a run of EasyOCR (tens of
#: seconds per megapixel on 2 cores) over the whole set stays near 30 minutes.
VIEWPORTS = {1: (1024, 640), 2: (800, 500)}


@dataclass(frozen=True)
class Font:
    """A font family as CSS names it; ``npm`` fonts come from @fontsource packages."""

    family: str
    debian: str = ""            # package that installs it (for the error message)
    npm: str = ""               # @fontsource package name
    npm_stem: str = ""          # file stem inside the package's files/ folder
    generic: str = "sans-serif"
    ligatures: bool = True      # programming fonts: off, as editors and terminals default


FONTS: tuple[Font, ...] = (
    Font("DejaVu Sans", "fonts-dejavu-core"),
    Font("DejaVu Sans Mono", "fonts-dejavu-core", generic="monospace", ligatures=False),
    Font("Liberation Sans", "fonts-liberation2"),
    Font("Liberation Serif", "fonts-liberation2", generic="serif"),
    Font("Liberation Mono", "fonts-liberation2", generic="monospace", ligatures=False),
    Font("Noto Sans", "fonts-noto-core"),
    Font("Cantarell", "fonts-cantarell"),
    Font("Roboto", "fonts-roboto-unhinted"),
    Font("Open Sans", "fonts-open-sans"),
    Font("Inter", "fonts-inter"),
    Font("Fira Code", "fonts-firacode", generic="monospace", ligatures=False),
    Font("Hack", "fonts-hack", generic="monospace", ligatures=False),
    Font("Ubuntu", npm="@fontsource/ubuntu", npm_stem="ubuntu"),
    Font("Source Sans 3", npm="@fontsource/source-sans-3", npm_stem="source-sans-3"),
)
FONT_BY_NAME = {f.family: f for f in FONTS}

THEMES = {
    "light": {"bg": "#ffffff", "panel": "#f6f8fa", "bar": "#eef1f4", "border": "#d0d7de",
              "fg": "#1f2328", "muted": "#656d76", "btn": "#f6f8fa", "sel": "#ddf4ff",
              "stripe": "#eef1f4", "primary": "#1f6feb", "on_primary": "#ffffff", "preview": "#dfe6ee",
              "accents": ("#0969da", "#cf222e", "#1a7f37", "#8250df", "#bc4c00")},
    "dark": {"bg": "#0d1117", "panel": "#161b22", "bar": "#1c2128", "border": "#30363d",
             "fg": "#e6edf3", "muted": "#8d96a0", "btn": "#21262d", "sel": "#1f3a5f",
             "stripe": "#1b2129", "primary": "#238636", "on_primary": "#ffffff", "preview": "#22303f",
             "accents": ("#4493f8", "#ff7b72", "#3fb950", "#bc8cff", "#f0883e")},
}
#: fontconfig settings per anti-aliasing mode (Chromium on Linux takes them from fontconfig;
#: LCD text is also switched off by flag in grayscale mode).
AA_MODES = {
    "gray": ("none", ["--disable-lcd-text"]),
    "subpixel": ("rgb", []),
}
#: tone as the report names it: text colour, grey, coloured; ``inverse``: white on a coloured
#: background (primary buttons, the sidebar's selected row).
TONE_NAMES = {"fg": "text", "muted": "grey", "accent": "coloured"}
TONES = (("fg", 0.55), ("muted", 0.25), ("accent", 0.20))
BOLD_P = 0.25


class ToolMissing(RuntimeError):
    """A tool the benchmark needs is not installed; the message says how to install it."""


@dataclass
class PageSpec:
    """What a page looks like before Chromium lays out strings in it."""

    index: int
    font: str
    theme: str
    scale: int
    aa: str
    containers: list[dict] = field(default_factory=list)

    @property
    def viewport(self) -> tuple[int, int]:
        return VIEWPORTS[self.scale]


# ----------------------------------------------------------------------------- tools

def check_fonts_installed() -> None:
    """Raise `ToolMissing` for a system font fontconfig does not know."""
    if shutil.which("fc-list") is None:
        raise ToolMissing("fc-list not found: apt-get install fontconfig")
    families = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True, check=True).stdout
    known = {name.strip() for line in families.splitlines() for name in line.split(",")}
    for font in FONTS:
        if not font.npm and font.family not in known:
            raise ToolMissing(f"font {font.family!r} not installed: apt-get install {font.debian}")


def npm_font_files(font: Font, npm_cache: Path) -> dict[int, Path]:
    """weight -> woff2 file of an @fontsource font (latin subset), installing the package into
    ``npm_cache`` with npm when it is not there yet."""
    files = npm_cache / "node_modules" / font.npm / "files"
    want = {w: files / f"{font.npm_stem}-latin-{w}-normal.woff2" for w in (400, 700)}
    if not all(p.exists() for p in want.values()):
        if shutil.which("npm") is None:
            raise ToolMissing(f"npm not found (needed for {font.npm}): apt-get install npm")
        npm_cache.mkdir(parents=True, exist_ok=True)
        print(f"installing {font.npm} into {npm_cache}", file=sys.stderr)
        subprocess.run(["npm", "install", "--prefix", str(npm_cache), "--no-audit", "--no-fund",
                        "--loglevel=error", font.npm], check=True, stdout=subprocess.DEVNULL)
    missing = [str(p) for p in want.values() if not p.exists()]
    if missing:
        raise ToolMissing(f"{font.npm} has no file {missing[0]}")
    return want


def fontconfig_file(aa: str, out_dir: Path) -> Path:
    """A fontconfig file that includes the system's and sets hinting and subpixel order."""
    rgba, _ = AA_MODES[aa]
    path = out_dir / f"fontconfig-{aa}.conf"
    path.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
        '  <match target="font">\n'
        '    <edit name="antialias" mode="assign"><bool>true</bool></edit>\n'
        '    <edit name="hinting" mode="assign"><bool>true</bool></edit>\n'
        '    <edit name="hintstyle" mode="assign"><const>hintslight</const></edit>\n'
        f'    <edit name="rgba" mode="assign"><const>{rgba}</const></edit>\n'
        '    <edit name="lcdfilter" mode="assign"><const>lcddefault</const></edit>\n'
        '  </match>\n</fontconfig>\n')
    return path


def chromium_version(chromium: str) -> str:
    """``Chromium 156.0...`` or '' when the binary does not say."""
    try:
        out = subprocess.run([chromium, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return out.strip().splitlines()[-1] if out.strip() else ""


# ----------------------------------------------------------------------------- page specs

def _balanced(rng: random.Random, values: list, n: int) -> list:
    """``n`` values cycling through ``values`` (each as often as the others), shuffled."""
    out = [values[i % len(values)] for i in range(n)]
    rng.shuffle(out)
    return out


def _size(rng: random.Random) -> int:
    """A CSS font size: size bucket uniform, then size uniform within it."""
    lo, hi = SIZE_BUCKETS[rng.randrange(len(SIZE_BUCKETS))]
    return rng.randint(lo, hi)


def page_specs(n_pages: int, seed: int) -> list[PageSpec]:
    """Per-page font, theme, scale, anti-aliasing and containers. Fonts cycle in a seeded order
    (any 14 consecutive pages from the first cover every font); the other factors are balanced
    and shuffled independently. A page's spec does not depend on ``n_pages``."""
    rng = random.Random(f"text-pages-{seed}")
    fonts = [f.family for f in FONTS]
    rng.shuffle(fonts)
    # balanced in blocks of 12 pages, so any prefix is balanced too
    themes, scales, aas = [], [], []
    block = 12
    for _ in range((n_pages + block - 1) // block):
        themes += _balanced(rng, ["light", "dark"], block)
        scales += _balanced(rng, [1, 1, 2], block)
        aas += _balanced(rng, ["gray", "subpixel"], block)
    specs = []
    for i in range(n_pages):
        prng = random.Random(f"text-page-{seed}-{i}")
        specs.append(PageSpec(i, fonts[i % len(fonts)], themes[i], scales[i], aas[i], _containers(prng)))
    return specs


def _containers(rng: random.Random) -> list[dict]:
    """Containers of one page, in fill order, each with its font size and row limit."""
    out = [
        {"id": "menubar", "kind": "hbar", "size": _size(rng), "max": 5, "maxLen": 18},
        {"id": "toolbar", "kind": "buttons", "size": _size(rng), "max": 4, "maxLen": 20},
        {"id": "sidebar", "kind": "list", "size": _size(rng), "max": 6, "maxLen": 26,
         "selected": rng.randrange(6), "striped": False},
    ]
    # panel0 spans the main area's width (room for long strings at 20 px); one of the two cells
    # below it is a text-free preview area on some pages
    out.append({"id": "panel0", "kind": "list", "size": _size(rng), "max": 5, "header": True,
                "selected": rng.randrange(5) if rng.random() < 0.5 else -1, "striped": rng.random() < 0.4})
    preview = rng.choice([1, 2, 0, 0])  # 0: no preview cell
    for i in (1, 2):
        if i == preview:
            continue
        kind = rng.choice(["list", "props"])
        out.append({"id": f"panel{i}", "kind": kind, "size": _size(rng), "max": 4 if kind == "list" else 3,
                    "header": True, "selected": rng.randrange(4) if kind == "list" and rng.random() < 0.5 else -1,
                    "striped": rng.random() < 0.4})
    out.append({"id": "statusbar", "kind": "hbar", "size": _size(rng), "max": 3, "maxLen": 30, "spread": True})
    return out


def string_styles(item_index: int, seed: int, theme: str) -> dict:
    """Weight and tone of one pool string (seeded by its pool index)."""
    rng = random.Random(f"text-style-{seed}-{item_index}")
    tone = rng.choices([t for t, _ in TONES], [w for _, w in TONES])[0]
    accents = THEMES[theme]["accents"]
    return {"bold": rng.random() < BOLD_P, "tone": tone, "accent": accents[rng.randrange(len(accents))]}


# ----------------------------------------------------------------------------- HTML

def _font_faces(font: Font, npm_cache: Path) -> str:
    """@font-face rules embedding an npm font's woff2 files as data URLs ('' for system fonts)."""
    if not font.npm:
        return ""
    rules = []
    for weight, path in npm_font_files(font, npm_cache).items():
        data = base64.b64encode(path.read_bytes()).decode()
        rules.append(f"@font-face {{ font-family: '{font.family}'; font-weight: {weight}; font-style: normal;"
                     f" src: url(data:font/woff2;base64,{data}) format('woff2'); }}")
    return "\n".join(rules)


def page_html(spec: PageSpec, npm_cache: Path) -> str:
    """The page skeleton: themed, sized containers with no strings yet (`FILL_JS` adds them)."""
    font = FONT_BY_NAME[spec.font]
    t = THEMES[spec.theme]
    sizes = {c["id"]: c["size"] for c in spec.containers}
    lig = "" if font.ligatures else "font-variant-ligatures: none; font-feature-settings: 'liga' 0, 'calt' 0;"
    w, h = spec.viewport
    panels = "".join(
        f'<div class="panel" id="panel{i}" style="font-size:{sizes[f"panel{i}"]}px"><div class="rows"></div></div>'
        if f"panel{i}" in sizes else '<div class="panel preview"></div>' for i in range(3))
    return f"""<!DOCTYPE html><html><head><meta charset="utf-8"><style>
{_font_faces(font, npm_cache)}
* {{ box-sizing: border-box; margin: 0; padding: 0; }}
html, body {{ width: {w}px; height: {h}px; overflow: hidden; background: {t['bg']}; color: {t['fg']}; }}
body {{ font-family: '{font.family}', {font.generic}; {lig} display: flex; flex-direction: column; }}
.gt {{ white-space: pre; }}
.b {{ font-weight: 700; }}
.muted {{ color: {t['muted']}; }}
#menubar, #statusbar {{ flex: none; display: flex; align-items: center; background: {t['bar']};
  padding: 0 0.8em; height: 2.3em; overflow: hidden; }}
#menubar {{ border-bottom: 1px solid {t['border']}; }}
#statusbar {{ border-top: 1px solid {t['border']}; }}
#menubar > .item {{ margin-right: 2.2em; }}
#statusbar > .item {{ margin-right: 3em; }}
#statusbar.spread {{ justify-content: space-between; }}
#toolbar {{ flex: none; display: flex; align-items: center; gap: 1.6em; padding: 0 0.8em; height: 3em;
  background: {t['bg']}; border-bottom: 1px solid {t['border']}; overflow: hidden; }}
.btn {{ padding: 0.3em 0.8em; border: 1px solid {t['border']}; border-radius: 6px; background: {t['btn']}; }}
.btn.primary {{ background: {t['primary']}; border-color: {t['primary']}; color: {t['on_primary']}; }}
.btn.flat {{ background: transparent; border-color: transparent; }}
#body {{ flex: 1; min-height: 0; display: flex; }}
#sidebar {{ flex: none; width: 22%; background: {t['panel']}; border-right: 1px solid {t['border']};
  padding: 0.6em 0; overflow: hidden; }}
#main {{ flex: 1; min-width: 0; display: grid; grid-template-columns: 1fr 1fr; grid-template-rows: 1fr 1fr;
  gap: 14px; padding: 14px; overflow: hidden; }}
.panel {{ border: 1px solid {t['border']}; border-radius: 8px; background: {t['panel']}; overflow: hidden;
  min-height: 0; min-width: 0; }}
.panel.preview {{ background: {t['preview']}; }}
#panel0 {{ grid-column: 1 / span 2; }}
.hdr {{ padding: 0.55em 0.9em; border-bottom: 1px solid {t['border']}; background: {t['bar']}; }}
.row {{ padding: 0.45em 0.9em; display: flex; justify-content: space-between; min-width: 0; }}
.striped .row:nth-child(even) {{ background: {t['stripe']}; }}
.row.sel {{ background: {t['sel']}; }}
#sidebar .row.sel {{ background: {t['primary']}; }}
#sidebar .row.sel .gt, .btn.primary .gt {{ color: {t['on_primary']} !important; }}
</style></head><body>
<div id="menubar" style="font-size:{sizes['menubar']}px"></div>
<div id="toolbar" style="font-size:{sizes['toolbar']}px"></div>
<div id="body"><div id="sidebar" style="font-size:{sizes['sidebar']}px"><div class="rows"></div></div>
<div id="main">{panels}</div></div>
<div id="statusbar" class="spread" style="font-size:{sizes['statusbar']}px"></div>
</body></html>"""


#: Lays out queue strings into the page's containers and returns the ground truth.
FILL_JS = r"""
([specs, queue, family]) => {
  const used = new Set();
  const out = [];
  const canvas = document.createElement('canvas').getContext('2d');
  const probe = 'mmmmmmmmmmlli10O@:/_-WwQq';
  canvas.font = `40px "${family}", monospace`; const a = canvas.measureText(probe).width;
  canvas.font = `40px "${family}", serif`; const b = canvas.measureText(probe).width;
  if (Math.abs(a - b) > 0.01) return {error: `font ${family} is not available to Chromium`};

  function span(item, extra) {
    const s = document.createElement('span');
    s.className = 'gt' + (item.bold ? ' b' : '') + (extra ? ' ' + extra : '');
    if (item.tone === 'muted') s.classList.add('muted');
    if (item.tone === 'accent') s.style.color = item.accent;
    s.textContent = item.text; s.dataset.q = item.q;
    return s;
  }
  function next(from, maxLen) {
    for (let i = from; i < queue.length; i++)
      if (!used.has(i) && (!maxLen || queue[i].text.length <= maxLen)) return i;
    return -1;
  }
  const inside = (r, lim, pad) => r.left >= lim.left + pad && r.right <= lim.right - pad
                                  && r.top >= lim.top && r.bottom <= lim.bottom - pad;

  for (const spec of specs) {
    const box = document.getElementById(spec.id);
    const target = box.querySelector('.rows') || box;
    if (spec.striped) box.classList.add('striped');
    const lim = box.getBoundingClientRect();
    const pad = 4;
    let placed = 0, misses = 0, qi = 0;
    if (spec.header) {
      const hi = next(0, 24);
      if (hi >= 0) {
        const hdr = document.createElement('div'); hdr.className = 'hdr';
        const item = Object.assign({}, queue[hi], {bold: true});
        hdr.style.fontSize = Math.min(spec.size + 1, 20) + 'px';  // headers: 1 px larger, still <= 20
        const s = span(item); hdr.appendChild(s); box.insertBefore(hdr, target);
        if (inside(s.getBoundingClientRect(), lim, pad)) used.add(hi); else box.removeChild(hdr);
      }
    }
    while (placed < spec.max && misses < 30) {
      qi = next(qi, spec.maxLen); if (qi < 0) break;
      const item = queue[qi];
      let node, spans;
      if (spec.kind === 'hbar' || spec.kind === 'buttons') {
        if (spec.kind === 'buttons') {
          node = document.createElement('div');
          node.className = 'btn' + (item.tone === 'accent' ? ' primary' : item.tone === 'muted' ? ' flat' : '');
          const s = span(Object.assign({}, item, {tone: item.tone === 'accent' ? 'fg' : item.tone}));
          node.appendChild(s); spans = [s];
        } else { node = span(item, 'item'); spans = [node]; }
        target.appendChild(node);
        if (spans.every(s => inside(s.getBoundingClientRect(), lim, pad)) &&
            inside(node.getBoundingClientRect(), lim, 0)) { used.add(qi); placed++; }
        else { target.removeChild(node); misses++; }
        qi++;
        continue;
      }
      node = document.createElement('div'); node.className = 'row';
      if (spec.selected === placed) node.classList.add('sel');
      spans = [span(item)];
      let vi = -1;
      if (spec.kind === 'props') {  // label left, value right
        if (item.text.length > 18) { qi++; continue; }
        vi = next(qi + 1, 0); if (vi < 0) break;
        spans.push(span(queue[vi]));
      }
      spans.forEach(s => node.appendChild(s));
      target.appendChild(node);
      const nr = node.getBoundingClientRect();
      if (nr.bottom > lim.bottom - pad) { target.removeChild(node); break; }  // container full
      const rs = spans.map(s => s.getBoundingClientRect());
      const gapOk = rs.length < 2 || rs[1].left - rs[0].right >= Math.max(3 * spec.size, 32);
      if (gapOk && rs.every(r => inside(r, lim, pad))) {
        used.add(qi); if (vi >= 0) used.add(vi); placed++;
      } else { target.removeChild(node); misses++; }
      qi++;
    }
  }

  // ground truth: one line box per string; strings too close to another are hidden
  const gts = [];
  for (const s of document.querySelectorAll('.gt')) {
    const r = document.createRange(); r.selectNodeContents(s);
    const rects = r.getClientRects();
    const b = r.getBoundingClientRect();
    const cs = getComputedStyle(s);
    let bg = 'rgba(0, 0, 0, 0)', el = s;
    while (el && (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent')) {
      bg = getComputedStyle(el).backgroundColor; el = el.parentElement;
    }
    gts.push({el: s, q: +s.dataset.q, text: s.textContent, lines: rects.length,
              box: [b.left, b.top, b.right, b.bottom], size: parseFloat(cs.fontSize),
              bold: parseInt(cs.fontWeight) >= 600, color: cs.color, bg: bg,
              container: s.closest('[id]').id, inverse: !!s.closest('.primary, #sidebar .sel')});
  }
  const keep = [], dropped = [];
  for (const g of gts) {
    let ok = g.lines === 1 && g.box[2] > g.box[0];
    for (const k of ok ? keep : []) {  // too close: less than 4 px apart vertically and 1.5 em sideways
      const hGap = Math.max(k.box[0] - g.box[2], g.box[0] - k.box[2]);
      const vGap = Math.max(k.box[1] - g.box[3], g.box[1] - k.box[3]);
      if (vGap < 4 && hGap < Math.max(1.5 * Math.min(g.size, k.size), 12)) { ok = false; break; }
    }
    if (ok) keep.push(g); else { g.el.style.visibility = 'hidden'; dropped.push(g.q); }
  }
  return {strings: keep.map(g => { const o = Object.assign({}, g); delete o.el; delete o.lines; return o; }),
          dropped: dropped};
}
"""


# ----------------------------------------------------------------------------- rendering

@dataclass
class RenderedPage:
    """One cached page: image path and its ground truth record."""

    png: Path
    gt: dict


class PageRenderer:
    """Chromium via Playwright, one browser per anti-aliasing mode (fontconfig is per process)."""

    def __init__(self, out_dir: Path, chromium: str = DEFAULT_CHROMIUM, npm_cache: Path = DEFAULT_NPM_CACHE):
        if not Path(chromium).exists() and shutil.which(chromium) is None:
            raise ToolMissing(f"chromium not found at {chromium}: apt-get install chromium (or pass --chromium PATH)")
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            raise ToolMissing("playwright not installed: pip install playwright "
                              "(no `playwright install` needed: the system Chromium is used)") from None
        check_fonts_installed()
        self.out_dir, self.chromium, self.npm_cache = out_dir, chromium, npm_cache
        self._pw = sync_playwright().start()
        self._browsers: dict = {}

    def _browser(self, aa: str):
        if aa not in self._browsers:
            env = dict(os.environ, FONTCONFIG_FILE=str(fontconfig_file(aa, self.out_dir)))
            self._browsers[aa] = self._pw.chromium.launch(
                executable_path=self.chromium, args=CHROMIUM_ARGS + AA_MODES[aa][1], env=env)
        return self._browsers[aa]

    def render(self, spec: PageSpec, queue: list[dict], png: Path) -> dict:
        """Lay out ``queue`` strings on the page, screenshot it to ``png``, return the ground truth
        (box in image pixels) and the pool indices the page used or hid."""
        w, h = spec.viewport
        ctx = self._browser(spec.aa).new_context(viewport={"width": w, "height": h}, device_scale_factor=spec.scale)
        try:
            page = ctx.new_page()
            page.set_content(page_html(spec, self.npm_cache))
            family = spec.font
            page.evaluate("async (f) => { await document.fonts.load(`16px \"${f}\"`);"
                          " await document.fonts.load(`bold 16px \"${f}\"`); await document.fonts.ready; }", family)
            res = page.evaluate(FILL_JS, [spec.containers, queue, family])
            if "error" in res:
                raise ToolMissing(res["error"])
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            page.screenshot(path=str(png), animations="disabled", caret="hide")
        finally:
            ctx.close()
        strings = []
        by_q = {item["q"]: item for item in queue}
        for s in res["strings"]:
            item = by_q[s["q"]]
            strings.append({"text": s["text"], "category": item["category"], "pool_index": s["q"],
                            "bbox": _image_box(s["box"], spec.scale, w, h),
                            "size": round(s["size"]), "bold": s["bold"],
                            "tone": "inverse" if s["inverse"] else TONE_NAMES[item["tone"]],
                            "color": s["color"], "background": s["bg"], "container": s["container"]})
        return {"strings": strings, "dropped": res["dropped"]}

    def close(self) -> None:
        for b in self._browsers.values():
            b.close()
        self._pw.stop()


def _image_box(css_box: list[float], scale: int, css_w: int, css_h: int) -> list[int]:
    """A CSS-pixel box rounded outwards to image pixels, clipped to the image."""
    x0, y0, x1, y1 = css_box
    return [max(0, math.floor(x0 * scale)), max(0, math.floor(y0 * scale)),
            min(css_w * scale, math.ceil(x1 * scale)), min(css_h * scale, math.ceil(y1 * scale))]


# ----------------------------------------------------------------------------- cache

def code_digest() -> str:
    """sha256 of the modules that make the pages: an edit to them invalidates the cache."""
    import hashlib
    h = hashlib.sha256()
    for name in ("text_strings.py", "text_pages.py"):
        h.update((Path(__file__).resolve().parent / name).read_bytes())
    return h.hexdigest()[:16]


def _manifest(seed: int, chromium: str) -> dict:
    return {"version": PAGES_VERSION, "code": code_digest(), "seed": seed, "fonts": [f.family for f in FONTS],
            "viewports": {str(k): v for k, v in VIEWPORTS.items()}, "chromium": chromium_version(chromium)}


def _check_ink(png: Path, strings: list[dict]) -> list[dict]:
    """Strings whose box holds no visible ink are left out (a safety net: should be none)."""
    import numpy as np
    from PIL import Image
    gray = np.asarray(Image.open(png).convert("L"), np.float32)
    return [s for s in strings if gray[s["bbox"][1]:s["bbox"][3], s["bbox"][0]:s["bbox"][2]].std() > 2.0]


def build_pages(n_pages: int, seed: int = 0, out_root: Path = DEFAULT_OUT, rerender: bool = False,
                chromium: str = DEFAULT_CHROMIUM, npm_cache: Path = DEFAULT_NPM_CACHE,
                progress: bool = True) -> list[RenderedPage]:
    """The first ``n_pages`` pages for ``seed``: from the cache where present, else rendered.
    Pages draw strings from one seeded pool in order, so page i is the same whatever
    ``n_pages`` is."""
    from tqdm import tqdm

    out_dir = out_root / f"seed-{seed}"
    manifest_path = out_dir / "manifest.json"
    if out_dir.exists() and not rerender:
        old = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
        if old.get("version") != PAGES_VERSION or old.get("code") != code_digest():
            print(f"cached pages in {out_dir} were made by other code: rendering again", file=sys.stderr)
            rerender = True
    if rerender and out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    if not manifest_path.exists():
        manifest_path.write_text(json.dumps(_manifest(seed, chromium), indent=1))
    specs = page_specs(n_pages, seed)
    pool = generate_strings(n_pages * QUEUE_LEN // 2 + QUEUE_LEN, seed)
    used: set[int] = set()
    renderer: PageRenderer | None = None
    pages = []
    try:
        for spec in tqdm(specs, desc="pages", disable=not progress, unit="page"):
            png, js = out_dir / f"page-{spec.index:03d}.png", out_dir / f"page-{spec.index:03d}.json"
            if png.exists() and js.exists():
                gt = json.loads(js.read_text())
            else:
                if renderer is None:
                    renderer = PageRenderer(out_dir, chromium, npm_cache)
                queue = list(_queue(pool, used, seed, spec.theme))
                res = renderer.render(spec, queue, png)
                strings = _check_ink(png, res["strings"])
                w, h = spec.viewport
                gt = {"page": spec.index, "seed": seed, "font": spec.font, "theme": spec.theme,
                      "scale": spec.scale, "aa": spec.aa, "css_size": [w, h],
                      "width": w * spec.scale, "height": h * spec.scale,
                      "containers": spec.containers, "strings": strings,
                      "used_pool": sorted({s["pool_index"] for s in res["strings"]} | set(res["dropped"])),
                      "dropped": len(res["dropped"]) + len(res["strings"]) - len(strings)}
                js.write_text(json.dumps(gt, indent=1))
            used.update(gt["used_pool"])
            pages.append(RenderedPage(png, gt))
    finally:
        if renderer is not None:
            renderer.close()
    return pages


def _queue(pool: list[UIString], used: set[int], seed: int, theme: str) -> Iterator[dict]:
    """The next `QUEUE_LEN` unused pool strings with their styles."""
    n = 0
    for i, s in enumerate(pool):
        if i in used:
            continue
        yield {"q": i, "text": s.text, "category": s.category, **string_styles(i, seed, theme)}
        n += 1
        if n >= QUEUE_LEN:
            return


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description="render the text benchmark's pages")
    ap.add_argument("--pages", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rerender", action="store_true")
    a = ap.parse_args()
    try:
        got = build_pages(a.pages, a.seed, rerender=a.rerender)
    except ToolMissing as e:
        sys.exit(str(e))
    print(sum(len(p.gt["strings"]) for p in got), "strings on", len(got), "pages")
