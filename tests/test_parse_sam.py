"""`detact parse --segmenter sam|auto` through the CLI, offline: a randomly initialised ViT-B
checkpoint stands in for the real weights (which cannot be downloaded here)."""
from __future__ import annotations

import json
import subprocess
import sys

from conftest import ROOT, draw_screen


def run_parse(image, env_extra, *args):
    import os

    env = dict(os.environ, **env_extra)
    return subprocess.run([sys.executable, "-m", "detact.cli", "parse", str(image), *args], env=env,
                          capture_output=True, text=True, cwd=ROOT, timeout=600)


def small_screen(tmp_path):
    from PIL import Image

    rgb = draw_screen([{"kind": "button", "box": (20, 20, 140, 56), "fill": (37, 99, 235), "text": "Apply",
                        "text_fill": (255, 255, 255)}, {"kind": "checkbox", "xy": (20, 90)}], size=(320, 160))
    path = tmp_path / "small.png"
    Image.fromarray(rgb).save(path)
    return path


def test_sam_segmenter_drives_a_full_parse(tmp_path, random_sam_checkpoint):
    env = {"DETACT_SAM_CHECKPOINT": str(random_sam_checkpoint), "DETACT_SAM_POINTS_PER_SIDE": "4"}
    proc = run_parse(small_screen(tmp_path), env, "--segmenter", "sam", "--device", "cpu", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["schema"] == "detact/parse@2" and data["backends"]["segmenter"].startswith("sam")
    assert any(e["text"] == "Apply" for e in data["elements"])
    for e in data["elements"]:
        x0, y0, x1, y1 = e["bbox"]
        assert 0 <= x0 < x1 <= 320 and 0 <= y0 < y1 <= 160


def test_without_checkpoint_sam_fails_clearly_and_auto_falls_back(tmp_path):
    env = {"DETACT_HOME": str(tmp_path / "home"), "DETACT_SAM_CHECKPOINT": ""}
    image = small_screen(tmp_path)
    proc = run_parse(image, env, "--segmenter", "sam")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "detact models pull" in lines[0], proc.stderr
    proc = run_parse(image, env, "--segmenter", "auto", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["backends"]["segmenter"] == "cv"
