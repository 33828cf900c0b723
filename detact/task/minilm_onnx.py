"""MiniLM on onnxruntime: a one-time export of the wheel's all-MiniLM-L6-v2 (BERT + mean
pooling + L2 normalisation, as its sentence-transformers config says) to
``DETACT_HOME/embed/all-MiniLM-L6-v2.onnx``, checked against torch before it is kept.

Why: importing sentence-transformers costs 6-15 s per process on a small CPU machine, which
dominated every ``detact filter|prompt|script`` call; onnxruntime + tokenizers import in
~0.2 s. The export itself needs torch and transformers, once.
"""
from __future__ import annotations

import warnings
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import numpy as np

from ..errors import ModelUnavailable
from ..runtime import detact_home, ensure_exported, file_fingerprint, ort_session, quiet_logger

EXPORT_VERSION = 1      # bump when the export recipe changes
MAX_SEQ_LENGTH = 256    # sentence_bert_config.json of the model
EXPORT_TOLERANCE = 1e-4  # largest embedding difference from torch
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


def onnx_path() -> Path:
    return detact_home() / "embed" / "all-MiniLM-L6-v2.onnx"


def _source_id(model_dir: Path) -> str:
    return f"{file_fingerprint(model_dir / 'model.safetensors')}:v{EXPORT_VERSION}"


@contextmanager
def local_transformers() -> Iterator[None]:
    """Load local weights with transformers: its loggers are quiet for the block (no chatter
    on stderr). Callers pass ``local_files_only=True``, so nothing ever asks the Hub; the
    process environment is left alone."""
    with quiet_logger("transformers"), quiet_logger("sentence_transformers"):
        yield


def ensure_onnx(model_dir: Path) -> Path:
    """Path of the verified ONNX model, exporting it first when missing or stale."""
    return ensure_exported(onnx_path(), source_id=_source_id(model_dir),
                           export=lambda tmp: export(model_dir, tmp),
                           verify=lambda tmp: _max_error_vs_torch(model_dir, tmp),
                           tolerance=EXPORT_TOLERANCE, what="MiniLM encoder")


def load_tokenizer(model_dir: Path):
    try:
        from tokenizers import Tokenizer
    except ImportError:
        raise ModelUnavailable("the `tokenizers` package is missing: pip install tokenizers") from None
    tok = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tok.enable_truncation(MAX_SEQ_LENGTH)
    tok.enable_padding(pad_id=0, pad_token="[PAD]")
    return tok


def _torch_model(model_dir: Path):
    """BERT + mean pooling + L2 normalisation as one torch module (what sentence-transformers
    computes for this model)."""
    try:
        import torch
        from transformers import AutoModel
    except ImportError:
        raise ModelUnavailable("exporting MiniLM to ONNX needs torch and transformers once: "
                               "pip install torch transformers") from None
    with local_transformers():
        bert = AutoModel.from_pretrained(str(model_dir), local_files_only=True).eval()

    class Pooled(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):
            hidden = self.inner(input_ids=input_ids, attention_mask=attention_mask,
                                token_type_ids=token_type_ids).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            mean = (hidden * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1e-9)
            return torch.nn.functional.normalize(mean, p=2.0, dim=1)

    return Pooled(bert).eval()


def _encode_inputs(tokenizer, texts: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(input_ids, attention_mask, token_type_ids) int64 arrays for ``texts``."""
    enc = tokenizer.encode_batch(texts)
    ids = np.array([e.ids for e in enc], np.int64)
    mask = np.array([e.attention_mask for e in enc], np.int64)
    return ids, mask, np.zeros_like(ids)


def export(model_dir: Path, path: Path) -> None:
    """Export BERT + mean pooling + normalisation to ``path`` (checked by `ensure_onnx`)."""
    import torch

    model = _torch_model(model_dir)
    dummy = tuple(torch.from_numpy(a) for a in _encode_inputs(
        load_tokenizer(model_dir), ["export me", "a longer second sentence"]))
    axes = {"input_ids": {0: "batch", 1: "seq"}, "attention_mask": {0: "batch", 1: "seq"},
            "token_type_ids": {0: "batch", 1: "seq"}, "embedding": {0: "batch"}}
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")   # the legacy exporter's deprecation chatter
        torch.onnx.export(model, dummy, str(path), input_names=list(_INPUTS),
                          output_names=["embedding"], dynamic_axes=axes, opset_version=17,
                          dynamo=False)


def _max_error_vs_torch(model_dir: Path, path: Path) -> float:
    """Largest difference from torch on another batch size and length than the export's."""
    import onnxruntime as ort
    import torch

    probe = _encode_inputs(load_tokenizer(model_dir), [
        "Click on 'Save'", "Open the File menu and choose Preferences...", "7"])
    with torch.no_grad():
        expected = _torch_model(model_dir)(*(torch.from_numpy(a) for a in probe)).numpy()
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    got = session.run(None, dict(zip(_INPUTS, probe)))[0]
    return float(np.abs(got - expected).max())


class OnnxMiniLM:
    """``encode(texts) -> (N, 384)`` unit vectors, like SentenceTransformer.encode.

    One thread, no busy-waiting: the texts are short and few, and the encoder runs beside
    the parser on a small machine."""

    def __init__(self, model_dir: Path, threads: int = 1):
        self.tokenizer = load_tokenizer(model_dir)
        self.session = ort_session(ensure_onnx(model_dir), "cpu", threads, spinning=False)

    def encode(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        out = [self.session.run(None, dict(zip(_INPUTS, _encode_inputs(self.tokenizer, texts[i:i + batch_size]))))[0]
               for i in range(0, len(texts), batch_size)]
        return np.concatenate(out).astype(np.float32) if out else np.zeros((0, 384), np.float32)
