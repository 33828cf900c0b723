"""The learned icon encoder: what an icon *does*, also for icon sets the bank has never seen.

Small CNNs (``detact/data/models/icon_encoder.onnx``: three networks in one graph, their
outputs averaged; trained by ``training/icons/train_encoder.py``) read the same 32 x 32 glyph
the SSIM matcher compares (``preprocess.box_glyphs``) and give

* probabilities over the function vocabulary (``functions.json``) plus 'not an icon', and
* a 384-d unit embedding in MiniLM's (all-MiniLM-L6-v2) text space: its cosine with the MiniLM
  embedding of any words ("gear", "preferences") says how well they name the icon.

The ONNX file carries its own metadata (format, version, function ids, input size, the
abstention threshold calibrated at training); it is checked on load.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import ModelUnavailable
from ..runtime import onnx_metadata, ort_session, package_data
from .preprocess import box_glyphs

ENCODER_FORMAT = "detact/icon-encoder@1"
ENCODER_FILE = "icon_encoder.onnx"
#: onnxruntime threads for the encoder. 50 glyphs take ~30 ms on one thread (three networks;
#: ~18 ms on two of a quiet 2-core machine), and only the crops the bank does not match exactly
#: reach it: ~20 ms for the whole icon stage of a parse. One thread leaves the other core free.
DEFAULT_THREADS = 1


def default_encoder_path() -> Path:
    """The encoder bundled in the package (``detact/data/models/icon_encoder.onnx``)."""
    return package_data("models", ENCODER_FILE)


@dataclass(frozen=True)
class EncoderOutput:
    """Per box: ``probs`` ``(N, F)`` over the functions, ``none`` ``(N,)`` the probability of
    'not an icon', ``embeddings`` ``(N, 384)`` unit vectors, ``ok`` ``(N,)`` non-blank. Blank
    boxes have zero rows."""

    probs: np.ndarray
    none: np.ndarray
    embeddings: np.ndarray
    ok: np.ndarray


class IconEncoder:
    """Run the icon encoder on boxes of a screenshot (session and metadata loaded once)."""

    def __init__(self, path: str | os.PathLike | None = None, device: str = "cpu",
                 threads: int | None = DEFAULT_THREADS) -> None:
        self.path = Path(path) if path is not None else default_encoder_path()
        if not self.path.is_file():
            raise ModelUnavailable(f"icon encoder not found at {self.path}; train it with "
                                   f"'python training/icons/train_encoder.py'")
        self.session = ort_session(self.path, device, threads, spinning=False)
        meta = onnx_metadata(self.session)
        if meta.get("format") != ENCODER_FORMAT:
            raise ModelUnavailable(f"{self.path}: format {meta.get('format')!r}, expected {ENCODER_FORMAT!r}")
        try:
            self.functions: tuple[str, ...] = tuple(json.loads(meta["functions"]))
            self.size = int(meta["input_size"])
            self.none_index = int(meta["none_index"])
            self.threshold = float(meta["abstain_threshold"])
        except (KeyError, ValueError, TypeError) as exc:
            raise ModelUnavailable(f"{self.path}: malformed encoder metadata ({exc})") from None
        self.version = meta.get("version", "")
        self.meta = meta
        self._input = self.session.get_inputs()[0].name

    def encode_glyphs(self, glyphs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Probabilities ``(N, F + 1)`` (last: not an icon) and embeddings ``(N, 384)`` of
        glyphs ``(N, S, S)`` in [0, 1]."""
        if len(glyphs) == 0:
            return np.zeros((0, len(self.functions) + 1), np.float32), np.zeros((0, 384), np.float32)
        x = np.ascontiguousarray(glyphs, np.float32)[:, None]
        probs, emb = self.session.run(None, {self._input: x})
        return probs, emb

    def run_glyphs(self, glyphs: np.ndarray, ok: np.ndarray) -> EncoderOutput:
        """`EncoderOutput` for glyphs made by ``preprocess.box_glyphs`` (blank rows skipped)."""
        n, f = len(glyphs), len(self.functions)
        probs = np.zeros((n, f), np.float32)
        none = np.zeros(n, np.float32)
        emb = np.zeros((n, 384), np.float32)
        sel = np.flatnonzero(ok)
        if len(sel):
            p, e = self.encode_glyphs(glyphs[sel])
            probs[sel] = np.delete(p, self.none_index, axis=1)
            none[sel], emb[sel] = p[:, self.none_index], e
        return EncoderOutput(probs, none, emb, ok.copy())

    def run(self, rgb: np.ndarray, xyxy: np.ndarray) -> EncoderOutput:
        """`EncoderOutput` of the boxes ``(N, 4)`` (x0, y0, x1, y1) of an RGB screenshot."""
        g, _, ok = box_glyphs(rgb, xyxy, self.size)
        return self.run_glyphs(g, ok)

    def top(self, out: EncoderOutput, k: int = 5) -> list[list[tuple[str, float]]]:
        """Top-``k`` ``(function, probability)`` per box, best first (empty for blank boxes)."""
        k = max(1, min(int(k), len(self.functions)))
        order = np.argsort(-out.probs, axis=1)[:, :k]
        return [[(self.functions[j], float(out.probs[i, j])) for j in order[i]] if out.ok[i] else []
                for i in range(len(order))]

    def identify(self, rgb: np.ndarray, xyxy: np.ndarray, k: int = 5
                 ) -> tuple[list[list[tuple[str, float]]], np.ndarray]:
        """Top-``k`` functions with probabilities per box, and the embeddings ``(N, 384)``."""
        out = self.run(rgb, xyxy)
        return self.top(out, k), out.embeddings
