"""The SAM segmenter on real pixels with a randomly initialised ViT-B checkpoint (real SAM
weights cannot be downloaded here), plus its screen post-processing on drawn masks.

CPU cost: one batched encoder pass over two images (~20 s each on 2 cores) dominates."""
from __future__ import annotations

import json
import warnings

import numpy as np
import pytest
import torch

from conftest import draw_screen
from detact.elements import Elements, ParseResult
from detact.errors import ModelUnavailable
from detact.segment import sam

FAST = dict(points_per_side=4, pred_iou_thresh=0.0, stability_score_thresh=0.0, min_area=1,
            min_side=1, max_area_frac=1.0)


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    path = tmp_path_factory.mktemp("detact_home")
    mp.setenv("DETACT_HOME", str(path))
    mp.delenv("DETACT_SAM_CHECKPOINT", raising=False)
    mp.delenv("DETACT_SAM_POINTS_PER_SIDE", raising=False)
    yield path
    mp.undo()


@pytest.fixture(scope="module")
def seg(random_sam_checkpoint, home):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # "SAM on CPU is slow"
        return sam.SamSegmenter(random_sam_checkpoint, device="cpu", decoder="torch", **FAST)


def _screens():
    a = draw_screen([{"kind": "button", "box": (20, 20, 120, 56), "fill": (30, 100, 220), "text": "Save",
                      "text_fill": (255, 255, 255)},
                     {"kind": "text", "xy": (20, 80), "text": "Search files"},
                     {"kind": "checkbox", "xy": (160, 150)}], size=(256, 256))
    b = draw_screen([{"kind": "button", "box": (200, 120, 300, 170), "fill": (200, 40, 40), "text": "Delete"},
                     {"kind": "box", "box": (10, 10, 180, 60)}], size=(320, 200))
    return a, b


@pytest.fixture(scope="module")
def batch_result(seg):
    a, b = _screens()
    return (a, b), seg.segment_batch([a, b])


def test_no_checkpoint_names_the_pull_command(home, monkeypatch):
    assert sam.find_checkpoint("vit_b") is None
    with pytest.raises(ModelUnavailable) as info:
        sam.SamSegmenter()
    msg = str(info.value)
    assert "\n" not in msg and "no SAM checkpoint found in" in msg and "`detact models pull sam_vit_b`" in msg
    assert not sam.available("auto") and not sam.available("cuda")
    monkeypatch.setenv("DETACT_SAM_CHECKPOINT", str(home / "nowhere.pth"))
    with pytest.raises(ModelUnavailable, match="DETACT_SAM_CHECKPOINT=.*does not exist"):
        sam.SamSegmenter()


def test_find_checkpoint_and_available(home, random_sam_checkpoint, monkeypatch):
    from detact.models.registry import get_model

    installed = get_model("sam_vit_b").path
    installed.parent.mkdir(parents=True, exist_ok=True)
    installed.symlink_to(random_sam_checkpoint)
    try:
        assert sam.find_checkpoint() == installed == sam.find_checkpoint("sam_vit_b")
        assert sam.find_checkpoint("vit_h") is None
        assert sam.available("cpu") is False  # SAM on CPU is never picked automatically
        assert sam.available("auto") is torch.cuda.is_available()
    finally:
        installed.unlink()
    monkeypatch.setenv("DETACT_SAM_CHECKPOINT", str(random_sam_checkpoint))
    assert sam.find_checkpoint("vit_l") == random_sam_checkpoint


def test_unusable_checkpoints_are_model_unavailable(tmp_path):
    junk = tmp_path / "junk.pth"
    junk.write_bytes(b"<html>503 Service Unavailable</html>")
    with pytest.raises(ModelUnavailable, match="not a readable SAM checkpoint"):
        sam.SamSegmenter(junk)
    other = tmp_path / "other.pth"
    torch.save({"fc.weight": torch.zeros(2, 2)}, other)
    with pytest.raises(ModelUnavailable, match="not a SAM ViT-B/L/H checkpoint"):
        sam.SamSegmenter(other)


def test_point_grid_spacing_follows_the_screen():
    pts = sam.point_grid(1080, 1920, 48)
    assert pts.shape == (48 * 27, 2)
    xs, ys = np.unique(pts[:, 0]), np.unique(pts[:, 1])
    assert len(xs) == 48 and len(ys) == 27
    assert np.allclose(np.diff(xs), 40) and np.allclose(np.diff(ys), 40)
    assert xs.min() == 20 and ys.max() == 1060
    assert sam.point_grid(300, 100, 6).shape == (12, 2)  # portrait: 2 columns, 6 rows


def test_dedupe_removes_copies_and_nested_near_copies_only():
    boxes = np.array([[10, 10, 110, 50],    # button
                      [11, 10, 110, 51],    # the same button again (IoU > 0.7)
                      [14, 12, 100, 48],    # nested, 77 % of the button: a near-copy
                      [20, 20, 36, 36],     # small icon inside the button: its own thing
                      [200, 10, 260, 40]], np.float32)
    scores = np.array([0.9, 0.8, 0.7, 0.95, 0.5], np.float32)
    keep = sam.dedupe_boxes(boxes, scores, iou_thresh=0.7, contain_thresh=0.9, nested_area_ratio=0.5)
    assert keep.tolist() == [3, 0, 4]


def test_masks_to_boxes_on_drawn_masks(seg):
    # Low-res logits drawn like SAM's: a 256 x 256 image fills the 1024 input, so the
    # 256 x 256 low-res grid maps 1:1 onto image pixels.
    logits = torch.full((4, 256, 256), -8.0)
    logits[0, 30:60, 40:100] = 8.0     # a button
    logits[1, 100:103, 10:13] = 8.0    # a 3 x 3 speck
    logits[2, :, :] = 8.0              # the whole window
    logits[3, 5:45, 150:250] = 8.0     # a panel
    iou = torch.tensor([0.9, 0.9, 0.9, 0.3])
    s = sam.SamSegmenter.__new__(sam.SamSegmenter)
    s.__dict__.update(seg.__dict__)
    s.pred_iou_thresh, s.stability_score_thresh, s.min_area, s.min_side, s.max_area_frac = 0.5, 0.9, 36, 4, 0.25
    with torch.inference_mode():
        boxes, scores = s._masks_to_boxes(logits, iou, (1024, 1024), (256, 256))
        els = s._select(boxes, scores, 256, 256)
    # the panel fails on predicted IoU, the speck on area, the window on max_area_frac
    assert els.xyxy.tolist() == [[40, 30, 100, 60]]
    assert 0.85 < float(els.score[0]) <= 0.9 and list(els.kind) == ["region"]


def test_preprocess_batches_mixed_sizes_like_single_images(seg):
    a, b = _screens()
    batch, sizes = seg.preprocess([a, b])
    assert batch.shape == (2, 3, 1024, 1024) and sizes == [(1024, 1024), (640, 1024)]
    one, _ = seg.preprocess([b])
    assert torch.equal(batch[1], one[0])
    assert torch.all(batch[1, :, 640:, :] == 0)  # padding below the resized image
    assert abs(float(batch[0].mean())) < 3  # normalised, not raw 0..255


def test_segment_batch_gives_schema_valid_regions(batch_result):
    (a, b), results = batch_result
    assert len(results) == 2
    for rgb, els in zip((a, b), results):
        assert isinstance(els, Elements) and len(els) >= 1
        h, w = rgb.shape[:2]
        assert set(els.kind) == {"region"}
        x0, y0, x1, y1 = els.xyxy.T
        assert np.all((0 <= x0) & (x0 < x1) & (x1 <= w) & (0 <= y0) & (y0 < y1) & (y1 <= h))
        assert els.score.dtype == np.float32 and np.all((els.score >= 0) & (els.score <= 1))
        assert np.all(np.diff(els.score) <= 0)  # best first
        doc = json.loads(ParseResult(w, h, "0" * 64, els, {"segment": 1.0}, {"segmenter": "sam"}).to_json())
        assert doc["schema"] == "detact/parse@2" and len(doc["elements"]) == len(els)
        assert ParseResult.from_dict(doc).elements.xyxy.tolist() == els.xyxy.tolist()


def test_onnx_decoder_matches_torch(seg, random_sam_checkpoint, home):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        onnx_seg = sam.SamSegmenter(random_sam_checkpoint, device="cpu", decoder="onnx", **FAST)
    exported = list((home / "onnx").glob("sam_vit_b_decoder_*.onnx"))
    assert len(exported) == 1 and onnx_seg.backend == "sam-vit_b/cpu/fp32/onnx"
    torch.manual_seed(1)
    features = torch.randn(1, 256, 64, 64)
    coords = torch.rand(7, 2) * 1024  # a prompt count the export never saw
    with torch.inference_mode():
        low_t, iou_t = seg._decode_points(features, coords)
        low_o, iou_o = onnx_seg._decode_points(features, coords)
        assert low_o.shape == (7, 3, 256, 256) and iou_o.shape == (7, 3)
        assert torch.allclose(low_t, low_o, atol=1e-3) and torch.allclose(iou_t, iou_o, atol=1e-4)
        a = seg.decode(features, (256, 256), (1024, 1024))
        b = onnx_seg.decode(features, (256, 256), (1024, 1024))
    assert np.abs(a.xyxy - b.xyxy).max(initial=0) <= 1 and len(a) == len(b)


def test_cpu_warns_and_cuda_is_checked(random_sam_checkpoint, home):
    with pytest.warns(RuntimeWarning, match="SAM runs on the CPU"):
        s = sam.SamSegmenter(random_sam_checkpoint, device="cpu", decoder="torch", points_per_side=2)
    assert s.name == "sam" and s.model_type == "vit_b" and s.backend == "sam-vit_b/cpu/fp32/torch"
    if not torch.cuda.is_available():
        with pytest.raises(ModelUnavailable, match="CUDA is not usable"):
            sam.SamSegmenter(random_sam_checkpoint, device="cuda")


@pytest.mark.gpu
def test_gpu_half_precision_matches_fp32(random_sam_checkpoint, home):
    if not torch.cuda.is_available():
        pytest.skip("no CUDA device")
    a, b = _screens()
    fast = sam.SamSegmenter(random_sam_checkpoint, device="cuda", **FAST)
    exact = sam.SamSegmenter(random_sam_checkpoint, device="cuda", precision="fp32", **FAST)
    assert fast.backend.startswith("sam-vit_b/cuda/") and fast.decoder == "torch"
    f16, _ = fast.encode([a, b])
    f32, _ = exact.encode([a, b])
    assert torch.nn.functional.cosine_similarity(f16.flatten(1), f32.flatten(1)).min() > 0.99
    assert [len(e) for e in fast.segment_batch([a, b])] == [len(e) for e in fast.segment_batch([a, b])]
