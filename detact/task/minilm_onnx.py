"""MiniLM on onnxruntime: a one-time export of the wheel's all-MiniLM-L6-v2 (BERT + mean
pooling + L2 normalisation, as its sentence-transformers config says) to
``DETACT_HOME/embed/all-MiniLM-L6-v2.onnx``, checked against torch before it is kept.

Why: importing sentence-transformers costs 6-15 s per process on a small CPU machine, which
dominated every ``detact filter|prompt|script`` call; onnxruntime + tokenizers import in
~0.2 s. The export itself needs torch and transformers, once.
"""
from __future__ import annotations

import json
import os
import warnings
from pathlib import Path

import numpy as np

from ..errors import ModelUnavailable
from ..home import detact_home, sha256_file

EXPORT_VERSION = 1      # bump when the export recipe changes
MAX_SEQ_LENGTH = 256    # sentence_bert_config.json of the model


def onnx_path() -> Path:
    return detact_home() / "embed" / "all-MiniLM-L6-v2.onnx"


def _source_id(model_dir: Path) -> str:
    st = (model_dir / "model.safetensors").stat()
    return f"{st.st_size}:{int(st.st_mtime)}:{EXPORT_VERSION}"


def offline_transformers() -> None:
    """Ready transformers for local weights: never ask the Hub, no progress bars or warnings
    on stderr. Raises ImportError when transformers is not installed."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    hf_logging.set_verbosity_error()


def ensure_onnx(model_dir: Path) -> Path:
    """Path of the verified ONNX model, exporting it first when missing or stale."""
    path = onnx_path()
    meta_path = path.with_suffix(".json")
    source_id = _source_id(model_dir)
    if path.is_file() and meta_path.is_file():
        try:
            meta = json.loads(meta_path.read_text())
        except ValueError:
            meta = {}
        if meta.get("source_id") == source_id and meta.get("sha256") == sha256_file(path):
            return path
    export(model_dir, path)
    meta_path.write_text(json.dumps({"source": str(model_dir), "source_id": source_id,
                                     "sha256": sha256_file(path)}))
    return path


def load_tokenizer(model_dir: Path):
    try:
        from tokenizers import Tokenizer
    except ImportError:
        raise ModelUnavailable("the `tokenizers` package is missing: pip install tokenizers") from None
    tok = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tok.enable_truncation(MAX_SEQ_LENGTH)
    tok.enable_padding(pad_id=0, pad_token="[PAD]")
    return tok


def export(model_dir: Path, path: Path) -> None:
    """Export BERT + mean pooling + normalisation to ``path``; verify against torch."""
    try:
        offline_transformers()
        import torch
        from transformers import AutoModel
    except ImportError:
        raise ModelUnavailable("exporting MiniLM to ONNX needs torch and transformers once: "
                               "pip install torch transformers") from None
    import onnxruntime as ort

    bert = AutoModel.from_pretrained(str(model_dir)).eval()

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

    model = Pooled(bert).eval()
    tok = load_tokenizer(model_dir)

    def batch(texts):
        enc = tok.encode_batch(texts)
        ids = np.array([e.ids for e in enc], np.int64)
        mask = np.array([e.attention_mask for e in enc], np.int64)
        return ids, mask, np.zeros_like(ids)

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".tmp{os.getpid()}.onnx")
    dummy = tuple(torch.from_numpy(a) for a in batch(["export me", "a longer second sentence"]))
    axes = {"input_ids": {0: "batch", 1: "seq"}, "attention_mask": {0: "batch", 1: "seq"},
            "token_type_ids": {0: "batch", 1: "seq"}, "embedding": {0: "batch"}}
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")   # the legacy exporter's deprecation chatter
        torch.onnx.export(model, dummy, str(tmp),
                          input_names=["input_ids", "attention_mask", "token_type_ids"],
                          output_names=["embedding"], dynamic_axes=axes, opset_version=17,
                          dynamo=False)
    # Check on another batch size and length before keeping the file.
    probe = batch(["Click on 'Save'", "Open the File menu and choose Preferences...", "7"])
    with torch.no_grad():
        expected = model(*(torch.from_numpy(a) for a in probe)).numpy()
    session = ort.InferenceSession(str(tmp), providers=["CPUExecutionProvider"])
    got = session.run(None, dict(zip(("input_ids", "attention_mask", "token_type_ids"), probe)))[0]
    err = float(np.abs(got - expected).max())
    if err > 1e-4:
        tmp.unlink(missing_ok=True)
        raise ModelUnavailable(f"ONNX export of MiniLM does not match torch (max error {err:.2g})")
    os.replace(tmp, path)


class OnnxMiniLM:
    """``encode(texts) -> (N, 384)`` unit vectors, like SentenceTransformer.encode."""

    def __init__(self, model_dir: Path, threads: int = 1):
        import onnxruntime as ort

        self.tokenizer = load_tokenizer(model_dir)
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        # Busy-waiting worker threads steal the CPU from everything else on a small machine.
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.session = ort.InferenceSession(str(ensure_onnx(model_dir)), opts,
                                            providers=["CPUExecutionProvider"])

    def encode(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        out = []
        for i in range(0, len(texts), batch_size):
            enc = self.tokenizer.encode_batch(texts[i:i + batch_size])
            ids = np.array([e.ids for e in enc], np.int64)
            mask = np.array([e.attention_mask for e in enc], np.int64)
            out.append(self.session.run(None, {"input_ids": ids, "attention_mask": mask,
                                               "token_type_ids": np.zeros_like(ids)})[0])
        return np.concatenate(out).astype(np.float32) if out else np.zeros((0, 384), np.float32)
