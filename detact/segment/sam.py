"""Segment Anything (SAM) as a DetACT segmenter: "everything" mode tuned for screenshots.

A grid of point prompts (evenly spaced in pixels, so wide screens get more columns than
rows) is decoded against one image embedding; masks are kept when SAM trusts them
(predicted IoU, stability), turned into boxes, and filtered for screens: tiny specks,
whole-window masks and duplicates (box NMS, then nested near-copies) are dropped. The
image encoder (the expensive part) runs on several images at once in `segment_batch`;
on CUDA it runs under bf16/fp16 autocast while mask logits are thresholded in fp32.
The mask decoder can run in onnxruntime instead of torch (``decoder="onnx"``), from a
graph exported once into ``DETACT_HOME/onnx``.

Checkpoints come from ``detact models pull sam_vit_b`` (or ``$DETACT_SAM_CHECKPOINT``).
Nothing is loaded at import time; torch is imported when a segmenter is built.
"""
from __future__ import annotations

import os
import warnings
from pathlib import Path
from typing import Sequence

import numpy as np

from ..boxes import areas, intersections, nms
from ..elements import Elements
from ..errors import DetactError, ModelUnavailable
from ..imageio import load_image
from ..runtime import detact_home, ensure_exported, file_fingerprint, ort_session, resolve_device
from ..settings import Settings
from .base import Segmenter

MODEL_TYPES = ("vit_b", "vit_l", "vit_h")
#: Bump when the decoder export recipe changes; the largest relative output difference allowed
#: between the exported decoder and torch.
DECODER_EXPORT_VERSION = 2
DECODER_TOLERANCE = 1e-3
#: Width of the ViT patch embedding tells the model size apart in any checkpoint.
_TYPE_BY_EMBED_DIM = {768: "vit_b", 1024: "vit_l", 1280: "vit_h"}
#: Upsampled masks are processed this many at a time to bound memory (each is H*W floats).
_UPSAMPLE_CHUNK = 64
#: Most boxes considered by the pairwise nested-duplicate test (an N x N matrix).
_MAX_PAIRWISE = 3000


def _default_points_per_side(device_type: str) -> int:
    """``$DETACT_SAM_POINTS_PER_SIDE``, else 48 on CUDA (about 40 px apart on a 1080p screen,
    close enough to hit toolbar icons) and 12 on CPU, where every prompt costs ~0.3 s."""
    return Settings.from_env().sam_points_per_side or (48 if device_type == "cuda" else 12)


def _model_type(model: str) -> str:
    mt = model[4:] if model.startswith("sam_") else model
    if mt not in MODEL_TYPES:
        raise DetactError(f"unknown SAM model {model!r}; choose one of {', '.join(MODEL_TYPES)}")
    return mt


def find_checkpoint(model: str = "vit_b") -> Path | None:
    """Path of an installed SAM checkpoint (``vit_b``/``vit_l``/``vit_h``, or the registry
    name ``sam_vit_b``...), or ``None``. ``$DETACT_SAM_CHECKPOINT`` overrides the lookup in
    ``DETACT_HOME/models``. Only files that finished downloading carry the final name."""
    env = Settings.from_env().sam_checkpoint
    if env:
        return env if env.is_file() else None
    from ..models.registry import get_model

    path = get_model(f"sam_{_model_type(model)}").path
    return path if path.is_file() else None


def _cuda_usable() -> bool:
    import torch

    return bool(torch.cuda.is_available())


def available(device: str = "auto", model: str = "vit_b") -> bool:
    """Whether ``--segmenter auto`` should use SAM: a checkpoint is installed and a CUDA
    device is usable (SAM on CPU takes tens of seconds per screenshot). Never raises."""
    if str(device).startswith("cpu"):
        return False
    try:
        if find_checkpoint(model) is None:
            return False
        return _cuda_usable()
    except Exception:  # a broken registry or torch install just means "no"
        return False


def _missing_message(model_type: str) -> str:
    env = Settings.from_env().sam_checkpoint
    if env:
        return (f"DETACT_SAM_CHECKPOINT={env} does not exist; fix it or unset it and run "
                f"`detact models pull sam_{model_type}`")
    from ..models.registry import models_dir

    return f"no SAM checkpoint found in {models_dir()}; run `detact models pull sam_{model_type}`"


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{exc.__class__.__name__}: {text[0][:200]}" if text else exc.__class__.__name__


def load_sam(checkpoint: Path):
    """Build the SAM model that fits ``checkpoint`` (its size is read from the weights) and
    load it on the CPU. Returns ``(model, model_type)``; bad files are `ModelUnavailable`."""
    import torch
    from segment_anything import sam_model_registry

    checkpoint = Path(checkpoint)
    if not checkpoint.is_file():
        raise ModelUnavailable(f"SAM checkpoint {checkpoint} does not exist")
    try:
        try:
            state = torch.load(checkpoint, map_location="cpu", weights_only=True, mmap=True)
        except RuntimeError:  # legacy (non-zip) files cannot be memory-mapped
            state = torch.load(checkpoint, map_location="cpu", weights_only=True)
    except Exception as exc:
        raise ModelUnavailable(f"{checkpoint} is not a readable SAM checkpoint "
                               f"({_first_line(exc)})") from None
    if isinstance(state, dict) and isinstance(state.get("model"), dict):
        state = state["model"]  # some training scripts wrap the weights
    weight = state.get("image_encoder.patch_embed.proj.weight") if isinstance(state, dict) else None
    model_type = _TYPE_BY_EMBED_DIM.get(int(weight.shape[0])) if weight is not None else None
    if model_type is None:
        raise ModelUnavailable(f"{checkpoint} is not a SAM ViT-B/L/H checkpoint")
    model = sam_model_registry[model_type]()
    try:
        model.load_state_dict(state)
    except RuntimeError as exc:
        raise ModelUnavailable(f"{checkpoint} does not fit SAM {model_type} ({_first_line(exc)})") from None
    return model.eval(), model_type


def point_grid(height: int, width: int, points_per_side: int) -> np.ndarray:
    """(P, 2) float xy prompt points at cell centres: ``points_per_side`` along the longer
    side and proportionally fewer along the shorter one (equal spacing in pixels)."""
    n = max(1, int(points_per_side))
    if width >= height:
        nx, ny = n, max(1, round(n * height / width))
    else:
        nx, ny = max(1, round(n * width / height)), n
    xs = (np.arange(nx) + 0.5) * (width / nx)
    ys = (np.arange(ny) + 0.5) * (height / ny)
    xx, yy = np.meshgrid(xs, ys)
    return np.stack([xx.ravel(), yy.ravel()], axis=1).astype(np.float32)


def dedupe_boxes(boxes: np.ndarray, scores: np.ndarray, iou_thresh: float, contain_thresh: float,
                 nested_area_ratio: float) -> np.ndarray:
    """Indices (best score first) of boxes that survive box NMS and then nested-duplicate
    removal: a box mostly inside a better-scored one (``contain_thresh`` of its area) and of
    similar size (at least ``nested_area_ratio`` of it) is the same thing twice. Boxes are
    (N, 4) xyxy; the pairwise step is one matrix op (fast-NMS style)."""
    order = nms(boxes, scores, iou_thresh)[:_MAX_PAIRWISE]
    b = boxes[order]
    area = areas(b)
    inter = intersections(b, b)
    small = np.minimum(area[:, None], area[None, :])
    large = np.maximum(area[:, None], area[None, :])
    dup = (inter >= contain_thresh * small) & (small >= nested_area_ratio * large)
    suppressed = np.triu(dup, k=1).any(0)  # row i (better) suppresses column j > i
    return order[~suppressed]


class SamSegmenter(Segmenter):
    """SAM everything-mode segmenter (implements `detact.segment.base.Segmenter`).

    ``checkpoint`` defaults to `find_checkpoint(model_type)`; the model size is read from
    the weights, so ``model_type`` only matters for that lookup. ``points_per_side`` (prompts
    along the longer image side) defaults to ``$DETACT_SAM_POINTS_PER_SIDE``, else 48 on
    CUDA and 12 on CPU; ``points_per_batch`` prompts are decoded at once (256 on CUDA, 64
    on CPU). ``device``: "cpu", "cuda", "cuda:N" or "auto". ``precision``: "auto" (bf16,
    else fp16, on CUDA; fp32 on CPU), "fp32", "bf16", "fp16". ``decoder``: "torch", "onnx"
    (onnxruntime, exported once into ``DETACT_HOME/onnx``) or "auto" (onnx on CPU, torch
    on CUDA). Screen filters: masks need predicted IoU > ``pred_iou_thresh``, stability
    >= ``stability_score_thresh``, >= ``min_area`` pixels and boxes >= ``min_side`` px a
    side and <= ``max_area_frac`` of the image (drops whole-window masks); duplicates go
    by box NMS (``box_nms_thresh``) and nested near-copies (`dedupe_boxes`).
    """

    name = "sam"

    def __init__(self, checkpoint: str | os.PathLike | None = None, model_type: str = "vit_b",
                 device: str = "cpu", *, points_per_side: int | None = None,
                 points_per_batch: int | None = None,
                 pred_iou_thresh: float = 0.80, stability_score_thresh: float = 0.90,
                 stability_score_offset: float = 1.0, box_nms_thresh: float = 0.7,
                 contain_thresh: float = 0.9, nested_area_ratio: float = 0.5,
                 min_area: int = 36, min_side: int = 4, max_area_frac: float = 0.25,
                 max_elements: int = 1000, batch_size: int = 4, precision: str = "auto",
                 decoder: str = "auto") -> None:
        model_type = _model_type(model_type)
        if checkpoint is None:
            checkpoint = find_checkpoint(model_type)
            if checkpoint is None:
                raise ModelUnavailable(_missing_message(model_type))
        if decoder not in ("auto", "torch", "onnx"):
            raise DetactError(f"unknown SAM decoder {decoder!r}; choose auto, torch or onnx")
        if precision not in ("auto", "fp32", "bf16", "fp16"):
            raise DetactError(f"unknown precision {precision!r}; choose auto, fp32, bf16 or fp16")
        self.device = self._resolve_device(device)
        if points_per_side is None:
            points_per_side = _default_points_per_side(self.device.type)
        if points_per_batch is None:  # each prompt holds a copy of the 64x64x256 embedding
            points_per_batch = 256 if self.device.type == "cuda" else 64
        if points_per_side < 1 or points_per_batch < 1 or batch_size < 1:
            raise DetactError("points_per_side, points_per_batch and batch_size must be >= 1")
        self.checkpoint = Path(checkpoint)
        model, self.model_type = load_sam(self.checkpoint)
        self.model = model.to(self.device)
        self.points_per_side = int(points_per_side)
        self.points_per_batch = int(points_per_batch)
        self.pred_iou_thresh = float(pred_iou_thresh)
        self.stability_score_thresh = float(stability_score_thresh)
        self.stability_score_offset = float(stability_score_offset)
        self.box_nms_thresh = float(box_nms_thresh)
        self.contain_thresh = float(contain_thresh)
        self.nested_area_ratio = float(nested_area_ratio)
        self.min_area = int(min_area)
        self.min_side = int(min_side)
        self.max_area_frac = float(max_area_frac)
        self.max_elements = int(max_elements)
        self.batch_size = int(batch_size)
        self.amp_dtype = self._amp_dtype(precision)
        self._onnx = None
        if self.device.type == "cpu":
            warnings.warn("SAM runs on the CPU: expect tens of seconds per screenshot (the classical "
                          "segmenter, --segmenter cv, takes milliseconds)", RuntimeWarning, stacklevel=2)
        if decoder == "auto":
            # On CPU onnxruntime decodes prompts ~5x faster than torch; on CUDA torch (batched,
            # autocast) is the fast path.
            decoder = "onnx" if self.device.type == "cpu" else "torch"
            if decoder == "onnx":
                try:
                    self._onnx = self._onnx_session()
                except (ImportError, DetactError) as exc:
                    warnings.warn(f"ONNX mask decoder unavailable, using torch ({exc})", RuntimeWarning,
                                  stacklevel=2)
                    decoder = "torch"
        elif decoder == "onnx":
            self._onnx = self._onnx_session()
        self.decoder = decoder

    # --- setup ------------------------------------------------------------------------------
    @staticmethod
    def _resolve_device(device: str):
        """The torch device for ``auto | cpu | cuda | cuda:N`` (`detact.runtime.resolve_device`)."""
        import torch

        return torch.device(resolve_device(device))

    def _amp_dtype(self, precision: str):
        import torch

        if precision == "fp32" or (precision == "auto" and self.device.type == "cpu"):
            return None
        if precision == "fp16":
            return torch.float16
        if precision == "bf16" or self.device.type == "cpu":
            return torch.bfloat16
        return torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16

    def _autocast(self):
        import contextlib

        import torch

        if self.amp_dtype is None:
            return contextlib.nullcontext()
        return torch.autocast(device_type=self.device.type, dtype=self.amp_dtype)

    @property
    def backend(self) -> str:
        """What ran, for ``ParseResult.backends`` (e.g. ``sam-vit_b/cuda/bf16/torch``)."""
        precision = {None: "fp32", "torch.bfloat16": "bf16", "torch.float16": "fp16"}[
            None if self.amp_dtype is None else str(self.amp_dtype)]
        return f"sam-{self.model_type}/{self.device.type}/{precision}/{self.decoder}"

    def __repr__(self) -> str:
        return f"SamSegmenter({self.backend}, checkpoint={str(self.checkpoint)!r})"

    # --- public API ---------------------------------------------------------------------------
    def segment(self, rgb: np.ndarray) -> Elements:
        """Region elements of one RGB uint8 (H, W, 3) image, best score first."""
        return self.segment_batch([rgb])[0]

    def segment_batch(self, images: Sequence[np.ndarray]) -> list[Elements]:
        """Region elements of each image; the image encoder runs ``batch_size`` images at once."""
        rgbs = [self._as_rgb(im) for im in images]
        out: list[Elements] = []
        for start in range(0, len(rgbs), self.batch_size):
            chunk = rgbs[start:start + self.batch_size]
            features, input_sizes = self.encode(chunk)
            for i, rgb in enumerate(chunk):
                out.append(self.decode(features[i:i + 1], rgb.shape[:2], input_sizes[i]))
        return out

    def preprocess(self, images: Sequence[np.ndarray]):
        """SAM's input batch ``(B, 3, 1024, 1024)``: each image resized so its longer side is
        1024, normalised and zero-padded; plus each resized (h, w)."""
        import torch
        import torch.nn.functional as F
        from segment_anything.utils.transforms import ResizeLongestSide

        side = self.model.image_encoder.img_size
        batch, sizes = [], []
        with torch.inference_mode():
            for rgb in images:
                size = ResizeLongestSide.get_preprocess_shape(rgb.shape[0], rgb.shape[1], side)
                # Resized on the device (SAM's own apply_image_torch reads the wrong axes).
                t = torch.from_numpy(np.array(rgb, copy=not rgb.flags.writeable)).to(self.device)
                t = F.interpolate(t.permute(2, 0, 1)[None].float(), size, mode="bilinear",
                                  align_corners=False, antialias=True)
                sizes.append(size)
                batch.append(self.model.preprocess(t[0]))
        return torch.stack(batch), sizes

    def encode(self, images: Sequence[np.ndarray]):
        """Image embeddings ``(B, 256, 64, 64)`` float32 and each image's resized (h, w)
        inside SAM's 1024 x 1024 input, for images of any (mixed) sizes, in one encoder pass."""
        import torch

        batch, sizes = self.preprocess(images)
        with torch.inference_mode(), self._autocast():
            features = self.model.image_encoder(batch)
        return features.float(), sizes

    def decode(self, features, original_size: tuple[int, int], input_size: tuple[int, int]) -> Elements:
        """Everything-mode masks of one image embedding ``(1, 256, 64, 64)`` as region boxes."""
        import torch

        h, w = int(original_size[0]), int(original_size[1])
        points = point_grid(h, w, self.points_per_side)
        scale = np.array([input_size[1] / w, input_size[0] / h], np.float32)
        prompts = torch.as_tensor(points * scale, device=self.device)
        boxes, scores = [], []
        with torch.inference_mode():
            for start in range(0, len(prompts), self.points_per_batch):
                low_res, iou = self._decode_points(features, prompts[start:start + self.points_per_batch])
                b, s = self._masks_to_boxes(low_res.flatten(0, 1), iou.flatten(0, 1), input_size, (h, w))
                boxes.append(b)
                scores.append(s)
            return self._select(torch.cat(boxes), torch.cat(scores), h, w)

    # --- internals ----------------------------------------------------------------------------
    @staticmethod
    def _as_rgb(image) -> np.ndarray:
        if isinstance(image, np.ndarray) and image.dtype == np.uint8 and image.shape[2:] == (3,) \
                and image.ndim == 3:
            return image
        return load_image(image)

    def _decode_points(self, features, coords):
        """Three candidate masks (low-res logits, (P, 3, 256, 256)) and their predicted IoU
        (P, 3) for each single-point prompt (P, 2), in SAM input coordinates."""
        import torch

        if self._onnx is not None:
            return self._decode_points_onnx(features, coords)
        labels = torch.ones((len(coords), 1), dtype=torch.int, device=self.device)
        with self._autocast():
            sparse, dense = self.model.prompt_encoder(points=(coords[:, None, :], labels), boxes=None,
                                                      masks=None)
            low_res, iou = self.model.mask_decoder(
                image_embeddings=features, image_pe=self.model.prompt_encoder.get_dense_pe(),
                sparse_prompt_embeddings=sparse, dense_prompt_embeddings=dense, multimask_output=True)
        return low_res.float(), iou.float()

    def _masks_to_boxes(self, low_res, iou, input_size, original_size):
        """Filter candidate masks by predicted IoU, upsample the survivors to the image,
        filter by stability and pixel area; returns (boxes xyxy exclusive, scores)."""
        import torch
        from segment_anything.utils.amg import batched_mask_to_box, calculate_stability_score

        keep = iou > self.pred_iou_thresh
        low_res, iou = low_res[keep], iou[keep]
        boxes, scores = [torch.zeros((0, 4), device=self.device)], [torch.zeros(0, device=self.device)]
        threshold = self.model.mask_threshold
        for start in range(0, len(low_res), _UPSAMPLE_CHUNK):
            logits = self.model.postprocess_masks(low_res[start:start + _UPSAMPLE_CHUNK, None],
                                                  input_size, original_size)[:, 0]
            stability = calculate_stability_score(logits, threshold, self.stability_score_offset)
            masks = logits > threshold
            area = masks.sum((-1, -2))
            ok = (stability >= self.stability_score_thresh) & (area >= max(self.min_area, 1))
            box = batched_mask_to_box(masks[ok]).float()
            box[:, 2:] += 1  # SAM's right/bottom edges are inclusive; DetACT's are exclusive
            boxes.append(box)
            scores.append(iou[start:start + _UPSAMPLE_CHUNK][ok].clamp(0, 1) * stability[ok])
        return torch.cat(boxes), torch.cat(scores)

    def _select(self, boxes, scores, height: int, width: int) -> Elements:
        """Screen filters (size, whole-window masks) and de-duplication, best score first."""
        boxes, scores = boxes.cpu().numpy(), scores.float().cpu().numpy()
        wh = boxes[:, 2:] - boxes[:, :2]
        ok = (wh.min(1) >= self.min_side) & (wh.prod(1) <= self.max_area_frac * height * width)
        boxes, scores = boxes[ok], scores[ok]
        keep = dedupe_boxes(boxes, scores, self.box_nms_thresh, self.contain_thresh,
                            self.nested_area_ratio)[: self.max_elements]
        return Elements(boxes[keep].astype(np.int32), kind=["region"] * len(keep), score=scores[keep])

    # --- onnxruntime mask decoder --------------------------------------------------------------
    def _onnx_session(self):
        path = ensure_onnx_decoder(self.model, self.checkpoint, self.model_type)
        return ort_session(path, self.device.type)

    def _decode_points_onnx(self, features, coords):
        import torch

        n = len(coords)
        pts = np.zeros((n, 2, 2), np.float32)  # each prompt: the point plus SAM's padding point
        pts[:, 0] = coords.cpu().numpy()
        labels = np.tile(np.array([[1.0, -1.0]], np.float32), (n, 1))
        low_res, iou = self._onnx.run(None, {"image_embeddings": features.cpu().numpy().astype(np.float32),
                                             "point_coords": pts, "point_labels": labels})
        return torch.from_numpy(low_res).to(self.device), torch.from_numpy(iou).to(self.device)


def onnx_decoder_path(checkpoint: Path, model_type: str) -> Path:
    """Where the exported mask decoder of ``checkpoint`` lives in ``DETACT_HOME/onnx``."""
    fingerprint = file_fingerprint(Path(checkpoint))
    return detact_home() / "onnx" / f"sam_{model_type}_decoder_{fingerprint}.onnx"


def ensure_onnx_decoder(model, checkpoint: Path, model_type: str) -> Path:
    """The mask decoder of ``model`` exported to ONNX once and checked against torch."""
    path = onnx_decoder_path(checkpoint, model_type)
    try:
        return ensure_exported(path, source_id=f"{path.stem}:v{DECODER_EXPORT_VERSION}",
                               export=lambda tmp: export_onnx_decoder(model, tmp),
                               verify=lambda tmp: _decoder_error(model, tmp),
                               tolerance=DECODER_TOLERANCE, what="SAM mask decoder")
    except ModelUnavailable:
        raise
    except Exception as exc:
        raise ModelUnavailable(f"could not export the SAM mask decoder to ONNX "
                               f"({_first_line(exc)})") from None


class _MultimaskDecoder:
    """SamOnnxModel without mask input and full-size upsampling: everything-mode needs the
    low-res logits of the three multimask outputs for many single-point prompts. Built on
    first use (it subclasses a torch module)."""

    @staticmethod
    def build(model):
        from segment_anything.utils.onnx import SamOnnxModel

        class Decoder(SamOnnxModel):
            def forward(self, image_embeddings, point_coords, point_labels):
                sparse = self._embed_points(point_coords, point_labels)
                dense = self.model.prompt_encoder.no_mask_embed.weight.reshape(1, -1, 1, 1)
                masks, scores = self.model.mask_decoder.predict_masks(
                    image_embeddings=image_embeddings, image_pe=self.model.prompt_encoder.get_dense_pe(),
                    sparse_prompt_embeddings=sparse, dense_prompt_embeddings=dense)
                return masks[:, 1:], scores[:, 1:]

        return Decoder(model, return_single_mask=False).eval()


def _decoder_probe(device, n: int):
    """A random image embedding and ``n`` point prompts (each with SAM's padding point)."""
    import torch

    g = torch.Generator().manual_seed(0)
    features = torch.randn((1, 256, 64, 64), generator=g).to(device)
    points = torch.rand((n, 2, 2), generator=g).mul(1024).to(device)
    labels = torch.tensor([[1.0, -1.0]] * n, device=device)
    return features, points, labels


def export_onnx_decoder(model, path: Path) -> Path:
    """Export SAM's prompt encoder + mask decoder (three masks per point prompt, low-res
    logits and predicted IoU; any number of prompts) to ONNX at ``path``."""
    import torch

    wrapper = _MultimaskDecoder.build(model)
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")  # tracer warnings about shape-dependent Python ints
        torch.onnx.export(wrapper, _decoder_probe(model.pixel_mean.device, 3), str(path), dynamo=False,
                          opset_version=17,
                          input_names=["image_embeddings", "point_coords", "point_labels"],
                          output_names=["low_res_masks", "iou_predictions"],
                          dynamic_axes={name: {0: "prompts"} for name in (
                              "point_coords", "point_labels", "low_res_masks", "iou_predictions")})
    return path


def _decoder_error(model, path: Path) -> float:
    """Largest difference between the exported decoder and torch (relative to the size of
    torch's outputs), on another number of prompts than the export's."""
    import onnxruntime as ort
    import torch

    features, points, labels = _decoder_probe(model.pixel_mean.device, 5)
    with torch.no_grad():
        expected = [t.float().cpu().numpy() for t in _MultimaskDecoder.build(model)(features, points, labels)]
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    got = session.run(None, {"image_embeddings": features.cpu().numpy(), "point_coords": points.cpu().numpy(),
                             "point_labels": labels.cpu().numpy()})
    return max(float(np.abs(g - e).max() / (1.0 + np.abs(e).max())) for g, e in zip(got, expected))
