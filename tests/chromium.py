"""Render HTML pages to PNG screenshots with headless Chromium (tests and the bundled sample).

    python tests/chromium.py PAGE.html OUT.png [WIDTH HEIGHT [SCALE]]
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync", "--hide-scrollbars",
         "--disable-quic", "--mute-audio"]


def chromium_binary() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def render_html(page: Path, out: Path, width: int = 1280, height: int = 800, scale: float = 1.0,
                timeout: float = 60.0) -> Path:
    """Screenshot ``page`` (a local .html file) into ``out`` at width x height CSS pixels."""
    binary = chromium_binary()
    if binary is None:
        raise RuntimeError("chromium is not installed (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as profile:
        cmd = [binary, *FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}",
               f"--force-device-scale-factor={scale}", f"--screenshot={out}",
               Path(page).resolve().as_uri()]
        subprocess.run(cmd, check=True, capture_output=True, timeout=timeout)
    if not out.exists():
        raise RuntimeError(f"chromium did not write {out}")
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    size = [int(v) for v in args[2:4]] or [1280, 800]
    render_html(Path(args[0]), Path(args[1]), *size, *(float(v) for v in args[4:5]))
