"""Draw corpus icons the way screens show them, and turn the drawings into the glyph images
the icon module computes at inference.

An icon is rendered once at ``BASE_SIDE`` px (cairosvg for SVG, PIL for PNG) as
premultiplied RGBA; each *look* then draws it as a screen would: 12-64 px (scale-2 screens
included), a thinner or bolder stroke, a foreground colour (monochrome icons) or its own
colours, on a light, dark or coloured background, inside a loosely fitting box with the icon
off centre, sometimes blurred, sometimes inside a faint button frame, sometimes JPEG-compressed.
The crop then goes through ``detact.icons.preprocess.region_glyph`` -- exactly what
``IconMatcher`` and ``IconEncoder`` compute from a screen box -- so training and inference see
the same kind of input.

Used by ``train_encoder.py`` (training and validation renders), ``icon_templates/build_bank.py``
(template glyphs) and ``benchmarks/icons_quality.py`` (held-out renders).
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from detact.icons.preprocess import GLYPH_MARGIN, GLYPH_SIZE, MIN_CONTRAST, region_glyph

#: Longer side of the one high-resolution render every look is drawn from.
BASE_SIDE = 96
#: On-screen icon sizes drawn (px, longer side), inclusive.
MIN_SIDE, MAX_SIDE = 12, 64
#: Colour icons: opaque pixels whose colours spread less than this (0-1 RGB std) are
#: monochrome and get recoloured like a symbolic icon.
MONO_SPREAD = 0.06
WORDS = ("OK Cancel File Edit View Help Save Open Apply Search Name Email Status New Close Back "
         "Next Home Users Export Filter Print Tools Insert Format Table Window 12 45 99% Jan Mon "
         "ID Inbox Sent Draft Login Sign up Yes No Go All Add 3.5 100 px pt em Aa Ab").split()


# ---------------------------------------------------------------- the base render

def _svg_size(text: str) -> tuple[float, float]:
    """Width and height of an SVG from its viewBox (else width/height attributes)."""
    m = re.search(r'viewBox\s*=\s*["\']([^"\']+)["\']', text)
    if m:
        parts = [float(v) for v in re.split(r"[\s,]+", m.group(1).strip()) if v]
        if len(parts) == 4 and parts[2] > 0 and parts[3] > 0:
            return parts[2], parts[3]
    dims = []
    for attr in ("width", "height"):
        m = re.search(rf'<svg\b[^>]*\b{attr}\s*=\s*["\']([\d.]+)', text)
        dims.append(float(m.group(1)) if m else 16.0)
    return dims[0], dims[1]


def render_svg(text: str, side: int = BASE_SIDE) -> np.ndarray:
    """Premultiplied RGBA float32 ``(h, w, 4)`` in [0, 1] of an SVG, longer side ``side``."""
    import cairosvg

    w, h = _svg_size(text)
    s = side / max(w, h)
    png = cairosvg.svg2png(bytestring=text.encode("utf-8"), output_width=max(1, round(w * s)),
                           output_height=max(1, round(h * s)))
    return _premultiplied(Image.open(io.BytesIO(png)))


def _premultiplied(img: Image.Image) -> np.ndarray:
    a = np.asarray(img.convert("RGBA"), np.float32) / 255.0
    a[:, :, :3] *= a[:, :, 3:]
    return a


def load_rgba(record: dict, side: int = BASE_SIDE) -> np.ndarray | None:
    """The base render of one ``index.jsonl`` record (``svg`` text or a PNG/SVG ``path``),
    or None when it draws nothing or cannot be read."""
    try:
        if record.get("svg"):
            rgba = render_svg(record["svg"], side)
        elif str(record.get("path", "")).endswith(".svg"):
            rgba = render_svg(Path(record["path"]).read_text(encoding="utf-8"), side)
        else:
            img = Image.open(record["path"])
            f = side / max(img.size)
            rgba = _premultiplied(img)
            rgba = cv2.resize(rgba, (max(1, round(img.size[0] * f)), max(1, round(img.size[1] * f))),
                              interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_CUBIC)
            rgba = np.clip(rgba, 0.0, 1.0)
    except Exception:  # a broken file in a theme is skipped, not fatal  # noqa: BLE001
        return None
    if rgba.ndim != 3 or float(rgba[:, :, 3].max()) < 0.2:
        return None
    return rgba


def opaque_colours(rgba: np.ndarray) -> np.ndarray:
    """The colours ``(K, 3)`` in 0..1 of a premultiplied RGBA render's opaque pixels (alpha
    above one half), alpha divided out."""
    a = rgba[:, :, 3]
    solid = a > 0.5
    return rgba[:, :, :3][solid] / a[solid][:, None]


def is_monochrome(rgba: np.ndarray) -> bool:
    """Whether the icon's opaque pixels share one colour (symbolic / icon-font style)."""
    colour = opaque_colours(rgba)
    if len(colour) < 4:
        return True
    return float(colour.std(axis=0).max()) < MONO_SPREAD


# ---------------------------------------------------------------- looks

@dataclass(frozen=True)
class Look:
    """How one icon is drawn on screen."""

    side: int                 # icon's longer side in px
    stroke: float             # stroke change in on-screen px (<0 thinner, >0 bolder)
    fg: tuple[int, int, int]  # colour of a monochrome icon
    bg: tuple[int, int, int]  # background
    pad: tuple[int, int, int, int]  # box padding left, top, right, bottom
    blur: float               # Gaussian sigma in px (0: none)
    frame: bool               # a faint button frame around the icon inside the box
    jpeg: int                 # JPEG quality (0: none)


def _lum(c) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def random_look(rng: np.random.Generator) -> Look:
    """A random on-screen look: sizes log-uniform over 12-64 px, colours of either polarity
    with clear contrast, loose boxes, occasional blur, frame and JPEG."""
    side = int(round(np.exp(rng.uniform(np.log(MIN_SIDE), np.log(MAX_SIDE + 0.49)))))
    kind = rng.random()
    while True:
        if kind < 0.55:      # light UI
            bg = rng.integers(225, 256, 3) if rng.random() < 0.6 else np.full(3, rng.integers(215, 256))
            fg = rng.integers(0, 110, 3) if rng.random() < 0.7 else rng.integers(0, 256, 3)
        elif kind < 0.85:    # dark UI
            bg = rng.integers(0, 70, 3) if rng.random() < 0.5 else np.full(3, rng.integers(10, 70))
            fg = rng.integers(170, 256, 3) if rng.random() < 0.7 else rng.integers(0, 256, 3)
        else:                # coloured buttons, headers
            bg, fg = rng.integers(0, 256, 3), rng.integers(0, 256, 3)
        if abs(_lum(fg) - _lum(bg)) >= 70:
            break
    pad = tuple(int(v) for v in rng.integers(1, 3 + max(2, side // 3), 4))
    stroke = float(rng.choice([0.0, 0.0, rng.uniform(-0.45, -0.15), rng.uniform(0.15, 0.6)]))
    blur = float(rng.uniform(0.3, 0.8)) if rng.random() < 0.25 else 0.0
    jpeg = int(rng.integers(60, 96)) if rng.random() < 0.2 else 0
    return Look(side, stroke, tuple(int(v) for v in fg), tuple(int(v) for v in bg), pad, blur,
                bool(rng.random() < 0.08), jpeg)


def _restroke(rgba: np.ndarray, px: float) -> np.ndarray:
    """Grow (px > 0) or thin (px < 0) the ink by about ``px`` base-render pixels per side."""
    r = int(round(abs(px)))
    if r < 1:
        return rgba
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    op = cv2.dilate if px > 0 else cv2.erode
    out = op(rgba, k)
    if px < 0 and out[:, :, 3].max() < 0.3:   # thinning erased it: keep the original
        return rgba
    return out


def draw(rgba: np.ndarray, look: Look, mono: bool, rng: np.random.Generator | None = None
         ) -> np.ndarray:
    """The screen crop ``(H, W, 3)`` uint8 of one icon (premultiplied base render) in ``look``."""
    h, w = rgba.shape[:2]
    f = look.side / max(h, w)
    if look.stroke:
        rgba = _restroke(rgba, look.stroke / f)
    sw, sh = max(1, round(w * f)), max(1, round(h * f))
    small = cv2.resize(rgba, (sw, sh), interpolation=cv2.INTER_AREA)
    alpha = np.clip(small[:, :, 3:], 0.0, 1.0)
    fg = np.array(look.fg, np.float32) / 255.0
    colour = alpha * fg if mono else np.clip(small[:, :, :3], 0.0, 1.0)
    left, top, right, bottom = look.pad
    H, W = sh + top + bottom, sw + left + right
    canvas = np.empty((H, W, 3), np.float32)
    canvas[:] = np.array(look.bg, np.float32) / 255.0
    if look.frame:
        _frame(canvas, look, rng)
    region = canvas[top:top + sh, left:left + sw]
    region *= 1.0 - alpha
    region += colour
    if look.blur:
        canvas = cv2.GaussianBlur(canvas, (0, 0), look.blur)
    out = np.clip(canvas * 255.0 + 0.5, 0, 255).astype(np.uint8)
    if look.jpeg:
        buf = io.BytesIO()
        Image.fromarray(out).save(buf, "JPEG", quality=look.jpeg)
        out = np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))
    return out


def _frame(canvas: np.ndarray, look: Look, rng: np.random.Generator | None) -> None:
    """A faint one-pixel button outline (or a slightly different fill) one px inside the box."""
    H, W = canvas.shape[:2]
    if H < 6 or W < 6:
        return
    shift = (18.0 if rng is None else float(rng.uniform(12, 30))) / 255.0
    tone = canvas[0, 0] + (-shift if _lum(look.bg) > 128 else shift)
    if rng is not None and rng.random() < 0.5:
        canvas[1:-1, 1:-1] = tone           # a hovered button's fill
    else:
        canvas[1, 1:-1] = canvas[-2, 1:-1] = tone
        canvas[1:-1, 1] = canvas[1:-1, -2] = tone


def glyph(crop: np.ndarray, size: int = GLYPH_SIZE) -> np.ndarray | None:
    """The inference glyph of a crop as uint8 ``(size, size)`` (255 = ink), or None if blank."""
    g = region_glyph(crop, size, GLYPH_MARGIN, MIN_CONTRAST)
    return None if g is None else np.round(g[0] * 255.0).astype(np.uint8)


def screen_glyphs(rgba: np.ndarray, n: int, rng: np.random.Generator,
                  size: int = GLYPH_SIZE) -> list[np.ndarray]:
    """``n`` glyphs of one icon, each drawn in a fresh random look (blank results dropped)."""
    mono = is_monochrome(rgba)
    out = []
    for _ in range(n):
        g = glyph(draw(rgba, random_look(rng), mono, rng), size)
        if g is not None:
            out.append(g)
    return out


# ---------------------------------------------------------------- templates and negatives

def template_glyph(rgba: np.ndarray, size: int = GLYPH_SIZE,
                   bg: tuple[int, int, int] = (255, 255, 255)) -> np.ndarray | None:
    """The bank template of an icon: drawn large, dark on ``bg`` (white; a colour icon in its
    own colours), without blur or noise; uint8 ``(size, size)``."""
    look = Look(side=max(rgba.shape[:2]), stroke=0.0, fg=(0, 0, 0), bg=bg,
                pad=(4, 4, 4, 4), blur=0.0, frame=False, jpeg=0)
    return glyph(draw(rgba, look, is_monochrome(rgba)), size)


def system_fonts(limit: int = 60) -> list[str]:
    """Text fonts for the 'not an icon' examples: the UI families installed here (DejaVu,
    Liberation, Cantarell, Inter, Noto Sans/Serif, Ubuntu, Fira, Hack), no symbol or math
    fonts (their glyphs are icons)."""
    root = Path("/usr/share/fonts")
    found = sorted(str(p) for p in root.rglob("*") if p.suffix in (".ttf", ".otf")) if root.is_dir() else []
    keep = [f for f in found
            if re.search(r"(?i)dejavu|liberation|cantarell|/inter|notosans-|notoserif-|ubuntu|fira|hack", f)
            and not re.search(r"(?i)math|symbol|emoji|fallback|cjk|display", f)]
    step = max(1, len(keep) // limit)
    return keep[::step][:limit]


def text_crop(rng: np.random.Generator, fonts: list[str]) -> np.ndarray:
    """A crop of one or two short words or a number (what a segmenter also proposes): the
    'not an icon' examples."""
    look = random_look(rng)
    size = int(rng.integers(10, 30))
    font = ImageFont.truetype(str(rng.choice(fonts)), size) if fonts else ImageFont.load_default()
    word = " ".join(rng.choice(WORDS, int(rng.integers(1, 3))))
    if rng.random() < 0.3:
        word = str(int(rng.integers(10, 10000)))
    probe = ImageDraw.Draw(Image.new("RGB", (4, 4)))
    x0, y0, x1, y1 = probe.textbbox((0, 0), word, font=font)
    left, top, right, bottom = look.pad
    img = Image.new("RGB", (x1 - x0 + left + right, y1 - y0 + top + bottom), look.bg)
    ImageDraw.Draw(img).text((left - x0, top - y0), word, fill=look.fg, font=font)
    return np.asarray(img)
