"""The three text engines on a drawn screen, and the one-time ONNX export of the recognizer."""
from __future__ import annotations

import json

import numpy as np
import pytest

from conftest import draw_screen, find_text

LINES = [("Quarterly report", (40, 30)), ("Export CSV", (40, 90)), ("alice@example.com", (300, 90))]


@pytest.fixture(scope="module")
def screen():
    return draw_screen([{"kind": "text", "xy": xy, "text": t} for t, xy in LINES], size=(640, 160))


def _check_reads(elements, exact=True):
    for text, (x, y) in LINES:
        hits = [e for e in elements if e.text == text] if exact else find_text(elements, text.split()[0])
        assert hits, (text, [e.text for e in elements])
        assert abs(hits[0].bbox[0] - x) <= 10 and abs(hits[0].bbox[1] - y) <= 10


def test_fast_engine(screen):
    from detact.text.fast import FastTextEngine

    els = FastTextEngine().read(screen)
    _check_reads(els)
    assert (els.score > 0.5).all() and (els.kind == "text").all()


def test_easyocr_as_shipped_reads_offline(screen, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))  # prove nothing is written to ~/.EasyOCR
    monkeypatch.setenv("DETACT_HOME", str(tmp_path / "detact"))
    from detact.text.easyocr_engine import EasyOCREngine

    els = EasyOCREngine().read(screen)
    _check_reads(els)
    assert not (tmp_path / ".EasyOCR").exists()


def test_rapidocr(screen):
    from detact.text.rapidocr_engine import RapidOCREngine

    els = RapidOCREngine().read(screen)
    _check_reads(els, exact=False)  # RapidOCR drops spaces ("Quarterlyreport"): prefix match


def test_recognizer_export_is_verified_and_reused(tmp_path, monkeypatch):
    monkeypatch.setenv("DETACT_HOME", str(tmp_path))
    from detact.text import export

    int8 = export.ensure_recognizer_onnx()
    fp32 = export.recognizer_onnx_path()
    meta = json.loads(fp32.with_suffix(".json").read_text())
    meta_int8 = json.loads(int8.with_suffix(".json").read_text())
    assert fp32.exists() and int8.exists() and int8 != fp32
    assert len(meta["sha256"]) == 64 and meta_int8["source_id"] == meta["sha256"]
    mtimes = fp32.stat().st_mtime_ns, int8.stat().st_mtime_ns
    assert export.ensure_recognizer_onnx() == int8  # reused, not rebuilt
    assert (fp32.stat().st_mtime_ns, int8.stat().st_mtime_ns) == mtimes
    int8.write_bytes(b"corrupted")  # a damaged file is detected by its hash and rebuilt
    assert export.ensure_recognizer_onnx() == int8 and int8.stat().st_size > 1_000_000
    fp32.write_bytes(b"corrupted")
    assert export.ensure_recognizer_onnx(quantized=False) == fp32 and fp32.stat().st_size > 1_000_000


def test_ctc_decoder_collapses_repeats_and_blanks():
    from detact.text.export import ENGLISH_G2_CHARACTERS
    from detact.text.recognize import ctc_greedy_decode

    chars = " " + ENGLISH_G2_CHARACTERS
    steps = [chars.index("H"), chars.index("H"), 0, chars.index("i"), 0, chars.index("i"), 0]
    probs = np.full((1, len(steps) + 2, len(chars)), 1e-4, np.float32)
    for t, k in enumerate(steps):
        probs[0, t, k] = 0.99
    probs[0, len(steps):, chars.index("x")] = 0.99  # beyond the valid length: ignored
    texts, conf, pos = ctc_greedy_decode(probs, np.array([len(steps)]))
    assert texts == ["Hii"] and conf[0] > 0.9 and list(pos[0]) == [0, 3, 5]
