"""Where DetACT keeps model files it builds or downloads (``DETACT_HOME``)."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path


def detact_home() -> Path:
    """``$DETACT_HOME`` or ``~/.cache/detact``; created on first use."""
    home = Path(os.environ.get("DETACT_HOME") or Path.home() / ".cache" / "detact").expanduser()
    home.mkdir(parents=True, exist_ok=True)
    return home


def resolve_device(device: str = "auto") -> str:
    """Map ``auto|cpu|cuda`` to an available device; ``cuda`` without a GPU is an error."""
    from .errors import DetactError

    if device not in ("auto", "cpu", "cuda"):
        raise DetactError(f"unknown device {device!r}; use auto, cpu or cuda")
    if device == "cpu":
        return "cpu"
    has_cuda = _cuda_available()
    if device == "cuda" and not has_cuda:
        raise DetactError("--device cuda asked for, but no CUDA GPU is usable here")
    return "cuda" if has_cuda else "cpu"


def _cuda_available() -> bool:
    # Avoid importing torch (seconds) when the ONNX path alone is installed or no GPU driver
    # exists: without /proc/driver/nvidia there is no usable CUDA device.
    if not Path("/proc/driver/nvidia").exists() and not os.environ.get("CUDA_VISIBLE_DEVICES"):
        return False
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


def sha256_file(path: Path, chunk: int = 1 << 20) -> str:
    """Hex SHA-256 of a file, read in chunks (model files are hundreds of MB)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(chunk), b""):
            h.update(block)
    return h.hexdigest()
