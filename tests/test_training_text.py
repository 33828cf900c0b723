"""The recognizer's desktop crops (`training/text/build_desktop.py`): which AT-SPI texts become
training labels, table driven."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

import numpy as np
import pytest

from conftest import SAMPLE
from detact.text.recognize import SCREEN_CHARACTERS

TEXT_RECIPE = Path(__file__).resolve().parents[1] / "training" / "text"


def _recipe_module(name: str):
    """A module of `training/text` (``build_desktop``, ``train``), imported with its own ``common``
    and ``build_data``: training/controls has a ``common`` too, and the test modules share one
    interpreter."""
    shadowed = {m: sys.modules.pop(m) for m in ("common", "build_data", name) if m in sys.modules}
    sys.path.insert(0, str(TEXT_RECIPE))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(TEXT_RECIPE))
        for m in ("common", "build_data", name):
            sys.modules.pop(m, None)
        sys.modules.update(shadowed)


def _build_desktop():
    return _recipe_module("build_desktop")


@pytest.mark.parametrize("texts, labels", [
    (["New\u2026"], ["New..."]),                 # GTK's ellipsis character, spelled as the engine reads it
    (["Open", "Tom\u00e1s"], ["Open"]),          # a character the recognizer cannot spell: no example
    (["two\nlines"], []),                        # a paragraph is no run
    (["Save", "Save"], ["Save"]),                # a button and its label: the smaller box only
])
def test_desktop_labels(texts, labels):
    elements = [{"bbox": [10 - 2 * k, 10 - 2 * k, 80 + 2 * k, 30 + 2 * k], "text": t} for k, t in enumerate(texts)]
    assert [text for _, text in _build_desktop().leaf_texts(elements, set(SCREEN_CHARACTERS))] == labels


def _button(box, role="push button", text=""):
    return {"bbox": list(box), "role": role, "text": text}


@pytest.mark.parametrize("elements, scale, kept", [
    ([_button((10, 10, 34, 34))], 1, 1),                                   # a toolbar icon button
    ([_button((10, 10, 34, 34), role="toggle button")], 1, 1),
    ([_button((10, 10, 34, 34), role="icon")], 1, 1),
    ([_button((10, 10, 34, 34), text="OK")], 1, 0),                        # its text is drawn
    ([_button((10, 10, 34, 34)), _button((14, 14, 30, 30), "label", "A")], 1, 0),  # a label inside it
    ([_button((10, 10, 110, 34))], 1, 0),                                  # wide: a text button
    ([_button((10, 10, 70, 70))], 1, 0),                                   # too big for an icon at 1x
    ([_button((10, 10, 70, 70))], 2, 1),                                   # ... not at 2x
    ([_button((10, 10, 34, 34), role="table cell")], 1, 0),                # not a control
    ([_button((10, 10, 34, 34), role="button")], 1, 1),                    # a web page's (ARIA) button
    ([dict(_button((10, 10, 34, 34), role="button"), name="Bold")], 1, 0),  # draws a "B": text
])
def test_icon_boxes(elements, scale, kept):
    assert len(_build_desktop().icon_boxes(elements, scale)) == kept


def _sample_runs():
    """The bundled sample's text runs and the image the recognizer reads them from."""
    from PIL import Image

    from detact.text.fast import FastTextEngine

    runs, _, source = FastTextEngine(device="cpu").runs(np.asarray(Image.open(SAMPLE).convert("RGB")))
    return runs, source


def test_dequantized_recognizer_reads_like_the_shipped_one(tmp_path):
    """`train.dequantized` turns the shipped int8 recognizer back into fp32 MatMuls (the base of
    a run that goes on from it): on the bundled sample's runs it reads what the int8 file reads."""
    onnx = pytest.importorskip("onnx")
    from detact.text.fast import bundled_recognizer
    from detact.text.recognize import ScreenRecognizer

    shipped = bundled_recognizer()
    model = _recipe_module("train").dequantized(onnx.load(str(shipped)))
    assert not [n for n in model.graph.node if n.op_type in ("MatMulInteger", "DynamicQuantizeLinear")]
    onnx.save(model, str(tmp_path / "fp32.onnx"))
    runs, source = _sample_runs()
    assert len(runs) > 30
    int8_reads = ScreenRecognizer(shipped).recognize(source, runs)[0]
    fp32_reads = ScreenRecognizer(tmp_path / "fp32.onnx").recognize(source, runs)[0]
    same = np.mean([a == b for a, b in zip(int8_reads, fp32_reads)])
    assert same >= 0.95, [(a, b) for a, b in zip(int8_reads, fp32_reads) if a != b]


def test_an_fp32_recognizer_reads_a_run_the_same_whatever_is_batched_with_it(tmp_path):
    """Why `train.save_model` no longer quantises: onnxruntime's dynamic int8 quantisation takes
    one activation scale over the whole batch, so the bundled int8 model's read of a run depends
    on the runs batched with it; the same weights in fp32 (`train.dequantized`) read a run and
    its confidence the same alone and beside three other runs of its width (no padding)."""
    onnx = pytest.importorskip("onnx")
    from detact.text.fast import bundled_recognizer
    from detact.text.recognize import ScreenRecognizer

    onnx.save(_recipe_module("train").dequantized(onnx.load(str(bundled_recognizer()))), str(tmp_path / "fp32.onnx"))
    fp32 = ScreenRecognizer(tmp_path / "fp32.onnx")
    runs, source = _sample_runs()
    box = runs[np.argmax(runs[:, 2] - runs[:, 0])]            # the widest run, and three boxes
    w, h = box[2] - box[0], box[3] - box[1]                  # of its size over other text
    others = [r for r in runs if r[0] + w <= source.shape[1] and r[1] + h <= source.shape[0]
              and abs(int(r[1]) - int(box[1])) > h][:3]
    assert len(others) == 3
    batch = np.array([box] + [(r[0], r[1], r[0] + w, r[1] + h) for r in others])
    alone_text, alone_conf, _ = fp32.recognize(source, batch[:1])
    text, conf, _ = fp32.recognize(source, batch)
    assert text[0] == alone_text[0] and abs(float(conf[0]) - float(alone_conf[0])) < 1e-4


def test_key_labels_spell_what_their_markup_draws():
    """`build_data.key_labels`: the label is the key's HTML with its tags dropped (a superscript
    inline, as an accessible name spells it), in characters the recognizer can write; seeded."""
    import html
    import re

    build_data = _recipe_module("build_data")
    labels = build_data.key_labels(400, seed=7)
    assert labels == build_data.key_labels(400, seed=7)
    assert {text for text, _ in labels} != {text for text, _ in build_data.key_labels(400, seed=8)}
    for text, markup in labels:
        assert html.unescape(re.sub(r"</?(sup|sub|i)>", "", markup)) == text
        assert set(text) <= set(SCREEN_CHARACTERS)
    kinds = {tag for _, markup in labels for tag in ("<sup>", "<sub>", "<i>") if tag in markup}
    assert kinds == {"<sup>", "<sub>", "<i>"}
