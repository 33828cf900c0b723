"""Shared fixtures: one Parser per session (models load once), drawn and rendered screenshots."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
SHARED_EVAL = ROOT.parent / "shared" / "eval"
SAMPLE = ROOT / "detact" / "data" / "sample.png"

os.environ.setdefault("HF_HUB_OFFLINE", "1")

# one definition of the session-wide random SAM checkpoint, shared by every test module
pytest_plugins = ["sam_fixtures"]


def font(size: int) -> ImageFont.FreeTypeFont:
    """A real TrueType font: DejaVu Sans when installed, else Pillow's bundled one."""
    for path in ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                 "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"):
        if Path(path).exists():
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


def pasted_fixture(name: str, size: tuple[int, int], at: tuple[int, int] = (0, 0)) -> np.ndarray:
    """(H, W, 3) uint8: the picture ``tests/fixtures/<name>`` (cut from a screenshot the apps
    builder rendered under Xvfb) pasted at ``at`` on a screen of ``size`` (W, H), filled with
    the picture's bottom-right pixel's colour."""
    strip = Image.open(ROOT / "tests" / "fixtures" / name).convert("RGB")
    screen = Image.new("RGB", size, strip.getpixel((strip.width - 1, strip.height - 1)))
    screen.paste(strip, at)
    return np.asarray(screen)


def draw_screen(items, size=(800, 500), background=(255, 255, 255)) -> np.ndarray:
    """Draw a screenshot. ``items``: dicts with kind "text" (xy, text, fill, size) or "button"
    (box, fill, outline, text, text_fill) or "box" (box, outline) or "checkbox" (xy, side)."""
    img = Image.new("RGB", size, background)
    d = ImageDraw.Draw(img)
    for it in items:
        if it["kind"] == "text":
            d.text(it["xy"], it["text"], fill=it.get("fill", (20, 20, 20)), font=font(it.get("size", 18)))
        elif it["kind"] == "button":
            d.rounded_rectangle(it["box"], radius=5, fill=it.get("fill"), outline=it.get("outline"), width=1)
            if it.get("text"):
                f = font(it.get("size", 16))
                x0, y0, x1, y1 = it["box"]
                tw = d.textlength(it["text"], font=f)
                d.text(((x0 + x1 - tw) / 2, (y0 + y1) / 2), it["text"], fill=it.get("text_fill", (0, 0, 0)),
                       font=f, anchor="lm")
        elif it["kind"] == "box":
            d.rectangle(it["box"], outline=it.get("outline", (120, 120, 120)), fill=it.get("fill"), width=1)
        elif it["kind"] == "checkbox":
            x, y = it["xy"]
            s = it.get("side", 16)
            d.rectangle((x, y, x + s, y + s), outline=it.get("outline", (60, 60, 60)), width=2)
    return np.asarray(img)


#: A calculator keypad: 4 columns of 80x60 keys, the labels OCR finds hardest (lone symbols).
KEYPAD_KEYS = ["7", "8", "9", "/", "4", "5", "6", "-", "1", ".", "=", "+/-", "M+", "C", "%", "+"]


def draw_keypad() -> tuple[np.ndarray, dict[str, tuple[int, int, int, int]]]:
    """The keypad drawn as light buttons with 16 px labels, and each key's box by label."""
    boxes = {k: (20 + (i % 4) * 90, 20 + (i // 4) * 70, 100 + (i % 4) * 90, 80 + (i // 4) * 70)
             for i, k in enumerate(KEYPAD_KEYS)}
    items = [{"kind": "button", "box": b, "fill": (240, 240, 240), "outline": (120, 120, 120),
              "text": k, "size": 16} for k, b in boxes.items()]
    return draw_screen(items, (400, 320)), boxes


@pytest.fixture(scope="session")
def parser():
    from detact import Parser

    return Parser(ocr="fast", segmenter="cv", device="cpu")


@pytest.fixture(scope="session")
def shared_eval() -> Path:
    if not (SHARED_EVAL / "dev").exists():
        pytest.skip("dev corpus ../shared/eval is not beside this checkout")
    return SHARED_EVAL


def find_text(elements, needle: str):
    """Elements whose text contains ``needle`` (case-insensitive)."""
    return [e for e in elements if needle.lower() in e.text.lower()]
