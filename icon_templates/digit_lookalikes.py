"""Find the bank templates a lone digit matches: a read digit that stays a digit.

The icon stage takes a one- or two-character read for an icon only on an exact bank match
(`detact.icons.glyphs.label_icons`: a grid's four squares read "88"). Some templates are
drawn like a digit, so the digit matches them: Tabler's ``battery-vertical`` is a rounded
upright outline, and a calculator's "0" key matched it at SSIM 0.92 and was named "battery";
a 22 px trash can matched "8". This script draws each digit in the fonts of desktops and the
web, dark on light, light on dark and grey on light, 9 to 40 px, boxes each as the text stage
does (its ink, 2 px round), runs the bundled recognizer's bank on the boxes, and writes, per
template a digit matched exactly, the digits that did: ``detact/data/icons/digit_lookalikes.json``.
A read of those digits matching that template stays the digits. Templates of functions whose
icons are letters by design (`DRAWN_AS_CHARACTERS`: a Bold button's "B", which a read may take
for an "8") are left out: there the icon is what the button shows.

    python icon_templates/digit_lookalikes.py            # ~5 s on 2 cores
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CHARACTERS = "0123456789"
#: Functions whose icons are drawn as letters: a read matching them is the icon.
DRAWN_AS_CHARACTERS = frozenset({"bold", "italic", "underline", "strikethrough", "heading", "font", "text color",
                                 "subscript", "superscript"})
#: Fonts of desktops and the web (Debian packages; a missing one is skipped).
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf",
         "NotoSans-Regular.ttf", "Cantarell-Regular.otf", "Inter-Regular.otf", "Ubuntu-R.ttf",
         "DejaVuSansMono.ttf", "LiberationSerif-Regular.ttf")
SIZES = (9, 11, 13, 15, 18, 22, 28, 34, 40)
#: (ink, background) grey levels: dark on light, light on dark, grey on light.
PALETTES = ((30, 246), (235, 45), (110, 250))
OUT = ROOT / "detact" / "data" / "icons" / "digit_lookalikes.json"


def font_files() -> list[Path]:
    """The `FONTS` installed here (searched under /usr/share/fonts)."""
    found = {p.name: p for p in Path("/usr/share/fonts").rglob("*") if p.suffix in (".ttf", ".otf")}
    return [found[name] for name in FONTS if name in found]


def drawn(char: str, font: ImageFont.FreeTypeFont, ink: int, background: int) -> tuple[np.ndarray, list[int]]:
    """``char`` drawn alone on a plain canvas, and its box as the text stage gives it (its ink
    grown by 2 px)."""
    size = font.size
    img = Image.new("L", (size * 3, size * 3), background)
    ImageDraw.Draw(img).text((size, size), char, fill=ink, font=font)
    a = np.asarray(img)
    ys, xs = np.nonzero(np.abs(a.astype(int) - background) > 40)
    box = [int(xs.min()) - 2, int(ys.min()) - 2, int(xs.max()) + 3, int(ys.max()) + 3]
    return np.repeat(a[:, :, None], 3, axis=2), box


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    from detact.icons.recognizer import IconRecognizer

    recognizer = IconRecognizer(device="cpu", encoder=False)
    fonts = font_files()
    if not fonts:
        print("no fonts found under /usr/share/fonts", file=sys.stderr)
        return 2
    matched: dict[str, set[str]] = defaultdict(set)
    for path in fonts:
        for size in SIZES:
            font = ImageFont.truetype(str(path), size)
            for ink, background in PALETTES:
                for char in CHARACTERS:
                    rgb, box = drawn(char, font, ink, background)
                    found = recognizer.label(rgb, np.array([box]))
                    if found.bank_matched()[0] and found.function[0] not in DRAWN_AS_CHARACTERS:
                        matched[found.icon[0]].add(char)
        print(f"{path.name}: {len(matched)} templates so far", file=sys.stderr)
    table = {icon: "".join(sorted(chars)) for icon, chars in sorted(matched.items())}
    args.out.write_text(json.dumps({"format": "detact/digit-lookalikes@1", "fonts": [p.name for p in fonts],
                                    "templates": table}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(table)} templates match a digit: {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
