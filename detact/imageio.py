"""Load any supported image input into an RGB ``uint8`` numpy array of shape (H, W, 3).

Encoded images are opened with Pillow restricted to `FORMATS`: a file that says it is
something else (an EPS named ``.png`` would reach Pillow's Ghostscript plugin) is "not an
image". Every image over the pixel limit gets one error, `ImageTooLarge`, in our words,
whether our header check or Pillow's decompression-bomb guard noticed it first.
"""
from __future__ import annotations

import hashlib
import io
import os
import re
import warnings
from typing import Union

import numpy as np
from PIL import Image, UnidentifiedImageError

from .errors import ImageError, ImageTooLarge
from .files import MAX_FILE_BYTES, read_bytes

ImageInput = Union[str, os.PathLike, bytes, bytearray, "Image.Image", np.ndarray]

#: Largest image accepted, in pixels (about 8K x 5K). Protects memory and time; raise it
#: with ``load_image(..., max_pixels=...)`` for huge canvases.
MAX_PIXELS = 40_000_000
#: Smallest side that can hold a UI element.
MIN_SIDE = 8
#: The only Pillow formats opened: what screenshots are saved as. Everything else (EPS, PSD,
#: PDF, ICNS, ...) is refused before any plugin parses it.
FORMATS = ("PNG", "JPEG", "WEBP", "BMP", "GIF", "TIFF")


def too_large(what: str, max_pixels: int, w: int | None = None, h: int | None = None,
              pixels: int | None = None) -> ImageTooLarge:
    """The one error for an image over ``max_pixels`` (with its size when known)."""
    size = f"{w}x{h} = {w * h:,} pixels" if w is not None and h is not None else f"{pixels:,} pixels"
    return ImageTooLarge(f"{what}: image is {size}, too large (limit {max_pixels:,})")


def _check_size(w: int, h: int, max_pixels: int, what: str) -> None:
    if w < MIN_SIDE or h < MIN_SIDE:
        raise ImageError(f"{what}: image is {w}x{h} pixels; need at least {MIN_SIDE}x{MIN_SIDE}")
    if w * h > max_pixels:
        raise too_large(what, max_pixels, w, h)


def _bomb(exc: Exception, what: str, max_pixels: int) -> ImageTooLarge:
    """`too_large` for Pillow's decompression-bomb guard ("Image size (N pixels) exceeds ..."),
    which fires above Pillow's own limit whatever ``max_pixels`` allows."""
    m = re.search(r"\((\d+) pixels\)", str(exc))
    limit = min(max_pixels, Image.MAX_IMAGE_PIXELS or max_pixels)
    return too_large(what, limit, pixels=int(m.group(1)) if m else limit + 1)


def open_image(data: bytes, what: str, max_pixels: int) -> "Image.Image":
    """Pillow's lazy image for ``data`` (header read, pixels not decoded), restricted to
    `FORMATS` and checked against ``max_pixels``. Raises `ImageError` / `ImageTooLarge`."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            img = Image.open(io.BytesIO(data), formats=FORMATS)
    except UnidentifiedImageError:
        raise ImageError(f"{what}: not an image (unrecognised format; accepted: "
                         f"{', '.join(FORMATS)})") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        # Pillow's own guard fired before our check could: same error, our words
        raise _bomb(exc, what, max_pixels) from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise ImageError(f"{what}: corrupt or truncated image ({exc})") from None
    _check_size(img.width, img.height, max_pixels, what)
    return img


def _pil_to_rgb(img: "Image.Image", what: str) -> np.ndarray:
    """Convert any PIL mode to RGB: alpha composited on white, 16-bit scaled, CMYK converted."""
    if img.mode in ("I;16", "I;16B", "I;16L", "I"):
        arr = np.asarray(img, dtype=np.float64)
        hi = 65535.0 if img.mode.startswith("I;16") or arr.max() > 255 else 255.0
        gray = np.clip(arr / hi * 255.0 + 0.5, 0, 255).astype(np.uint8)
        return np.repeat(gray[:, :, None], 3, axis=2)
    if img.mode == "F":
        arr = np.asarray(img, dtype=np.float64)
        lo, hi = float(arr.min()), float(arr.max())
        gray = ((arr - lo) / (hi - lo or 1.0) * 255.0).astype(np.uint8)
        return np.repeat(gray[:, :, None], 3, axis=2)
    if img.mode == "P" and "transparency" in img.info:
        img = img.convert("RGBA")
    if img.mode in ("RGBA", "LA", "PA", "La"):
        img = img.convert("RGBA")
        background = Image.new("RGBA", img.size, (255, 255, 255, 255))
        img = Image.alpha_composite(background, img)
    return np.asarray(img.convert("RGB"), dtype=np.uint8)


def _open_pil(data: bytes, what: str, max_pixels: int) -> np.ndarray:
    img = open_image(data, what, max_pixels)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            img.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise _bomb(exc, what, max_pixels) from None
    except (OSError, SyntaxError, ValueError) as exc:
        # PIL reports truncated/corrupt data as OSError ("image file is truncated", ...)
        raise ImageError(f"{what}: corrupt or truncated image ({exc})") from None
    if getattr(img, "n_frames", 1) > 1:
        img.seek(0)
    return _pil_to_rgb(img, what)


def _array_to_rgb(arr: np.ndarray, what: str, max_pixels: int) -> np.ndarray:
    if arr.ndim == 2:
        arr = arr[:, :, None]
    if arr.ndim != 3 or arr.shape[2] not in (1, 3, 4):
        raise ImageError(f"{what}: array of shape {arr.shape} is not HxW, HxWx3 or HxWx4")
    _check_size(arr.shape[1], arr.shape[0], max_pixels, what)
    if arr.dtype == np.uint16:
        arr = (arr.astype(np.float32) / 257.0 + 0.5).astype(np.uint8)
    elif arr.dtype.kind == "f":
        scale = 255.0 if float(np.nanmax(arr)) <= 1.0 else 1.0
        arr = np.clip(np.nan_to_num(arr) * scale + 0.5, 0, 255).astype(np.uint8)
    elif arr.dtype != np.uint8:
        arr = np.clip(arr, 0, 255).astype(np.uint8)
    if arr.shape[2] == 1:
        arr = np.repeat(arr, 3, axis=2)
    elif arr.shape[2] == 4:
        alpha = arr[:, :, 3:4].astype(np.float32) / 255.0
        arr = (arr[:, :, :3] * alpha + 255.0 * (1.0 - alpha) + 0.5).astype(np.uint8)
    return np.ascontiguousarray(arr)


def load_image(image: ImageInput, *, max_pixels: int = MAX_PIXELS,
               max_file_bytes: int = MAX_FILE_BYTES) -> np.ndarray:
    """Return ``image`` as an RGB uint8 array (H, W, 3).

    Accepts a file path, encoded bytes (PNG/JPEG/...), a PIL image (any mode: RGBA is
    composited on white, palette/CMYK/16-bit converted) or a numpy array in **RGB** order
    (HxW gray, HxWx3 RGB, HxWx4 RGBA; uint8, uint16 or float in [0, 1]). For OpenCV's BGR
    arrays pass ``bgr[:, :, ::-1]``. Paths must name regular files of at most
    ``max_file_bytes``. Raises `ImageError` with a one-line reason otherwise.
    """
    if isinstance(image, np.ndarray):
        return _array_to_rgb(image, "array", max_pixels)
    if isinstance(image, Image.Image):
        _check_size(image.width, image.height, max_pixels, "PIL image")
        return _pil_to_rgb(image, "PIL image")
    if isinstance(image, (bytes, bytearray, memoryview)):
        if not len(image):
            raise ImageError("bytes: empty input (0 bytes)")
        return _open_pil(bytes(image), "bytes", max_pixels)
    if isinstance(image, (str, os.PathLike)):
        data = read_bytes(image, max_bytes=max_file_bytes, error=ImageError, what="image")
        return _open_pil(data, str(image), max_pixels)
    raise ImageError(f"unsupported image input of type {type(image).__name__}")


def image_sha256(rgb: np.ndarray) -> str:
    """SHA-256 of the decoded pixels (so the same picture hashes the same whatever its file)."""
    h = hashlib.sha256()
    h.update(f"{rgb.shape[1]}x{rgb.shape[0]}:".encode())
    h.update(np.ascontiguousarray(rgb).tobytes())
    return h.hexdigest()


def screen_scale(width: int) -> int:
    """The UI scale a screenshot of this width was most likely taken at: 2 for HiDPI
    captures (2400 px and wider), else 1. Pixel sizes in the pipeline grow with it."""
    return 2 if width >= 2400 else 1
