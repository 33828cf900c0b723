"""Every kind of image input, good and bad, on real files and arrays."""
from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from detact.errors import ImageError
from detact.imageio import load_image


def png_bytes(img: Image.Image, **kw) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", **kw)
    return buf.getvalue()


def test_modes_convert_to_rgb(tmp_path):
    rgb = Image.new("RGB", (32, 20), (10, 200, 30))
    cases = {
        "rgba": Image.new("RGBA", (32, 20), (10, 200, 30, 255)),
        "gray": Image.new("L", (32, 20), 128),
        "palette": rgb.convert("P"),
        "cmyk": rgb.convert("CMYK"),
        "i16": Image.fromarray(np.full((20, 32), 65535, np.uint16)),
    }
    for name, img in cases.items():
        path = tmp_path / f"{name}.png" if name != "cmyk" else tmp_path / "cmyk.jpg"
        img.save(path)
        out = load_image(path)
        assert out.shape == (20, 32, 3) and out.dtype == np.uint8, name
    assert tuple(load_image(tmp_path / "rgba.png")[0, 0]) == (10, 200, 30)
    assert tuple(load_image(tmp_path / "i16.png")[0, 0]) == (255, 255, 255)


def test_transparent_pixels_become_white():
    img = Image.new("RGBA", (16, 16), (0, 0, 0, 0))
    assert tuple(load_image(png_bytes(img))[5, 5]) == (255, 255, 255)


def test_arrays_in_rgb_order_and_float():
    arr = np.zeros((10, 12, 3), np.uint8)
    arr[..., 0] = 255
    assert tuple(load_image(arr)[0, 0]) == (255, 0, 0)
    assert tuple(load_image(arr.astype(np.float32) / 255)[0, 0]) == (255, 0, 0)
    assert load_image(np.zeros((10, 12), np.uint8)).shape == (10, 12, 3)
    rgba = np.zeros((10, 12, 4), np.uint8)
    assert tuple(load_image(rgba)[0, 0]) == (255, 255, 255)  # fully transparent


@pytest.mark.parametrize("make, message", [
    (lambda p: p / "missing.png", "no such file"),
    (lambda p: p, "is a directory"),
    (lambda p: (p / "empty.png").write_bytes(b"") and p / "empty.png" or p / "empty.png", "empty file"),
    (lambda p: (p / "text.png").write_text("hello, not a picture") and p / "text.png", "not an image"),
])
def test_bad_paths(tmp_path, make, message):
    with pytest.raises(ImageError, match=message):
        load_image(make(tmp_path))


def test_truncated_png(tmp_path):
    data = png_bytes(Image.fromarray(np.random.default_rng(0).integers(0, 255, (200, 200, 3), np.uint8)))
    path = tmp_path / "cut.png"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(ImageError, match="truncated|corrupt"):
        load_image(path)


def test_size_limits(tmp_path):
    with pytest.raises(ImageError, match="need at least"):
        load_image(np.zeros((0, 0, 3), np.uint8))
    with pytest.raises(ImageError, match="need at least"):
        load_image(np.zeros((4, 400, 3), np.uint8))
    # a 30000x30000 PNG is rejected from its header, before any pixel is decoded
    big = tmp_path / "big.png"
    Image.new("1", (30000, 30000)).save(big)
    with pytest.raises(ImageError, match="too large"):
        load_image(big)


def test_unsupported_type():
    with pytest.raises(ImageError, match="unsupported"):
        load_image(12345)
