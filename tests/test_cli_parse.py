"""``detact parse`` as a user runs it: formats, outputs, and one-line errors on bad input."""
from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image, ImageDraw

from conftest import ROOT, SAMPLE, font
from detact.cli import main


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "detact.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_parse_formats_and_files(tmp_path, capsys):
    out_json, out_png = tmp_path / "r.json", tmp_path / "a.png"
    assert main(["parse", str(SAMPLE), "--format", "json", "-o", str(out_json), "--annotate", str(out_png),
                 "--segmenter", "cv"]) == 0
    data = json.loads(out_json.read_text())
    assert data["schema"] == "detact/parse@2" and data["elements"]
    annotated = np.asarray(Image.open(out_png).convert("RGB"))
    assert annotated.shape == (800, 1280, 3)
    assert not np.array_equal(annotated, np.asarray(Image.open(SAMPLE).convert("RGB")))  # boxes drawn

    assert main(["parse", str(SAMPLE), "--format", "prompt"]) == 0
    prompt = capsys.readouterr().out
    assert "Text elements" in prompt and "Icon and image elements" in prompt and "Color elements" in prompt
    assert '("Compose", ' in prompt

    assert main(["parse", str(SAMPLE)]) == 0
    table = capsys.readouterr().out
    assert "1280x800" in table and "Compose" in table

    assert main(["parse", str(SAMPLE), "--format", "a11y"]) == 0
    rows = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    assert rows[0] == ["index", "tag", "name", "text", "x", "y", "w", "h"]
    by_index = {int(r[0]): r for r in rows[1:]}
    assert sorted(by_index) == [e["id"] for e in data["elements"]]   # the Set-of-Mark numbers
    compose = next(r for r in rows[1:] if r[2] == "Compose")
    assert all(v.isdigit() for v in compose[4:8])

    assert main(["parse", str(SAMPLE), "--format", "json", "--schema", "1", "--segmenter", "cv"]) == 0
    v1 = json.loads(capsys.readouterr().out)
    assert v1["schema"] == "detact/parse@1" and "containers" not in v1 and "role" not in v1["elements"][0]


def _bad_inputs(tmp):
    (tmp / "dir").mkdir()
    (tmp / "empty.png").write_bytes(b"")
    (tmp / "notes.png").write_text("not an image at all")
    rng = np.random.default_rng(1)
    Image.fromarray(rng.integers(0, 255, (300, 300, 3), np.uint8)).save(tmp / "full.png")
    data = (tmp / "full.png").read_bytes()
    (tmp / "truncated.png").write_bytes(data[: len(data) // 3])
    Image.new("1", (30000, 30000)).save(tmp / "huge.png")
    Image.new("RGB", (1, 0) if False else (3, 3)).save(tmp / "tiny.png")
    return {"missing.png": "no such file", "dir": "directory", "empty.png": "empty",
            "notes.png": "not an image", "truncated.png": "truncated", "huge.png": "too large",
            "tiny.png": "need at least"}


def test_bad_inputs_exit_2_with_one_line(tmp_path):
    for name, fragment in _bad_inputs(tmp_path).items():
        proc = run_cli("parse", str(tmp_path / name))
        assert proc.returncode == 2, (name, proc.stderr)
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in proc.stderr, (name, proc.stderr)
        assert fragment in lines[0] and lines[0].startswith("detact: error:"), (name, lines)


def test_odd_modes_parse(tmp_path, capsys):
    base = Image.open(SAMPLE).convert("RGB").crop((0, 0, 640, 200))
    base.convert("CMYK").save(tmp_path / "cmyk.jpg")
    base.convert("P").save(tmp_path / "palette.png")
    Image.fromarray((np.asarray(base.convert("L")).astype(np.uint16) * 257)).save(tmp_path / "gray16.png")
    for name in ("cmyk.jpg", "palette.png", "gray16.png"):
        assert main(["parse", str(tmp_path / name), "--format", "json"]) == 0, name
        data = json.loads(capsys.readouterr().out)
        assert any("Acme Mail" in e["text"] for e in data["elements"]), name


def test_usage_errors():
    proc = run_cli("parse", str(SAMPLE), "--ocr", "nope")
    assert proc.returncode == 2 and "invalid choice" in proc.stderr
    proc = run_cli("--help")
    assert proc.returncode == 0 and "parse" in proc.stdout


@pytest.mark.parametrize("size", [(300, 20), (20, 300), (8, 8), (31, 31)])
def test_images_under_32_px_on_a_side_parse(tmp_path, size):
    """A toolbar cropped to its strip is a valid screenshot: the text detector pads its input
    to multiples of 32 px and must not expect 32 px of image."""
    img = Image.new("RGB", size, (255, 255, 255))
    if size[0] >= 200:
        ImageDraw.Draw(img).text((6, 3), "Open  Save", fill=(20, 20, 20), font=font(12))
    img.save(tmp_path / "strip.png")
    proc = run_cli("parse", str(tmp_path / "strip.png"), "--format", "json")
    assert proc.returncode == 0, proc.stderr
    texts = [e["text"] for e in json.loads(proc.stdout)["elements"] if e["kind"] == "text"]
    assert ("Open" in " ".join(texts)) == (size[0] >= 200), texts
