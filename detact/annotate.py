"""Set-of-Mark drawing: numbered boxes over the screenshot (the numbers are the element ids,
the index column of ``--format a11y``), one colour per kind of element, and a short caption
with the role and name where there is room."""
from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from .elements import INTERACTIVE, Elements
from .formats import phrase

KIND_COLORS = {"text": (37, 99, 235), "icon": (220, 38, 38), "region": (22, 163, 74)}
#: Controls are drawn in one colour whatever they were found as: what matters is that they act.
CONTROL_COLOR = (147, 51, 234)


def _font(size: int):
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1 has no sized default font
        return ImageFont.load_default()


def annotate(rgb: np.ndarray, elements: Elements, line_width: int = 2, captions: bool = True) -> Image.Image:
    """A copy of ``rgb`` with every element's box and id drawn on it; with ``captions``,
    controls also get ``role 'name'`` beside their number (``switch 'Wi-Fi' (checked)``)."""
    img = Image.fromarray(rgb).convert("RGB")
    draw = ImageDraw.Draw(img)
    font = _font(max(10, rgb.shape[1] // 140))
    for e in elements:
        control = e.role in INTERACTIVE
        color = CONTROL_COLOR if control else KIND_COLORS.get(e.kind, (0, 0, 0))
        x0, y0, x1, y1 = e.bbox
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=color, width=line_width)
        tag = f"{e.id} {phrase(e)}" if captions and control else str(e.id)
        tx0, ty0, tx1, ty1 = draw.textbbox((0, 0), tag, font=font)
        tw, th = tx1 - tx0 + 4, ty1 - ty0 + 4
        ly = y0 - th if y0 - th >= 0 else y0
        draw.rectangle((x0, ly, x0 + tw, ly + th), fill=color)
        draw.text((x0 + 2 - tx0, ly + 2 - ty0), tag, fill=(255, 255, 255), font=font)
    return img
