"""Icon module: the shipped template bank and the batched SSIM matcher, on drawn pixels."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from detact.errors import DetactError, ModelUnavailable
from detact.icons import DEFAULT_THRESHOLD, IconBank, IconMatcher, load_bank
from detact.icons.bank import BANK_ENV, default_bank_dir
from detact.icons.preprocess import fit_glyph, region_glyph
from detact.icons.ssim import BlockSSIM

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bank() -> IconBank:
    return load_bank()


@pytest.fixture(scope="module")
def matcher(bank) -> IconMatcher:
    return IconMatcher(bank, device="cpu")


def template_of(bank: IconBank, name: str, icon_set: str = "fontawesome") -> int:
    return next(i for i, (n, s) in enumerate(zip(bank.names, bank.sets)) if n == name and s == icon_set)


def draw_icon(template: np.ndarray, side: int, fg, bg, canvas=(120, 100), at=(30, 20),
              pad: int = 5) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """Paint a template (used as coverage) at ``side`` px in ``fg`` on a ``bg`` canvas with
    PIL; return the image and a box with ``pad`` px of background around the icon."""
    mask = Image.fromarray(template).resize((side, side), Image.BICUBIC)
    img = Image.new("RGB", canvas, bg)
    img.paste(Image.new("RGB", (side, side), fg), at, mask)
    x, y = at
    return np.asarray(img), (x - pad, y - pad, x + side + pad, y + side + pad)


# ------------------------------------------------------------------ the shipped bank

def test_bank_is_large_labelled_and_compact(bank):
    assert len(bank) >= 1600
    assert bank.templates.shape[1:] == (32, 32) and bank.templates.dtype == np.uint8
    assert all(bank.names) and {"fontawesome", "icomoon", "bootstrap", "tabler"} <= set(bank.sets)
    assert set(bank.licences) == {"CC BY 4.0", "MIT"}
    # every template has ink, and none is a blank or solid square
    ink = (bank.templates > 64).mean(axis=(1, 2))
    assert ink.min() > 0.005 and ink.max() < 1.0
    size = sum((default_bank_dir() / f).stat().st_size for f in ("bank.npz", "manifest.json"))
    assert size < 4_000_000
    assert (ROOT / "icon_templates" / "ATTRIBUTION.md").is_file()


def test_describe_gives_name_and_functional_tags(bank):
    text = bank.describe("trash")
    assert text.startswith("trash: ") and "delete" in text
    assert "search" in bank.describe("magnifying-glass")
    assert bank.describe("") == ""


def test_bank_location_overridable_and_missing_bank_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv(BANK_ENV, str(tmp_path / "nowhere"))
    with pytest.raises(ModelUnavailable, match="icon bank not found"):
        load_bank()
    # a copy of the real bank found through the variable loads the same templates
    for f in ("bank.npz", "manifest.json"):
        shutil.copy(ROOT / "detact" / "data" / "icons" / f, tmp_path / f)
    monkeypatch.setenv(BANK_ENV, str(tmp_path))
    assert len(load_bank()) == len(load_bank(ROOT / "detact" / "data" / "icons"))
    # a manifest that does not describe the array is refused, not half-loaded
    meta = json.loads((tmp_path / "manifest.json").read_text())
    meta["icons"] = meta["icons"][:10]
    (tmp_path / "manifest.json").write_text(json.dumps(meta))
    with pytest.raises(ModelUnavailable, match="inconsistent"):
        load_bank()


# ------------------------------------------------------------------ SSIM engine

@pytest.mark.parametrize("precision,tol", [("float32", 1e-4), ("int8", 4e-3), ("auto", 4e-3)])
def test_block_ssim_matches_a_direct_computation(precision, tol):
    rng = np.random.default_rng(0)
    t = rng.random((5, 32, 32)).astype(np.float32)
    t[3] = 0.2 + 0.1 * t[3]           # a low-contrast template
    q = np.concatenate([t[:2], rng.random((3, 32, 32)).astype(np.float32)])
    q[4] = 1.0 - t[2]                  # an inverted one: negative structure term
    eng = BlockSSIM(t, window=16, precision=precision)
    got = eng.scores(q)

    def ssim(x, y, k=16, c1=0.01 ** 2, c2=0.03 ** 2):
        vals = []
        for i in range(0, 32, k):
            for j in range(0, 32, k):
                a, b = x[i:i + k, j:j + k].astype(np.float64), y[i:i + k, j:j + k].astype(np.float64)
                cov = ((a - a.mean()) * (b - b.mean())).mean()
                vals.append((2 * a.mean() * b.mean() + c1) * (2 * cov + c2)
                            / ((a.mean() ** 2 + b.mean() ** 2 + c1) * (a.var() + b.var() + c2)))
        return np.mean(vals)

    want = np.array([[ssim(a, b) for b in t] for a in q])
    np.testing.assert_allclose(got, want, atol=tol)
    assert np.allclose(got[[0, 1], [0, 1]], 1.0, atol=tol)
    assert got[4, 2] < -0.5
    idx, score = eng.topk(q, 2)
    assert idx.shape == score.shape == (5, 2) and idx[0, 0] == 0 and idx[1, 0] == 1


# ------------------------------------------------------------------ matching real pixels

CASES = [  # name, side px, foreground, background
    ("trash", 18, (30, 30, 30), (255, 255, 255)),
    ("magnifying-glass", 24, (255, 255, 255), (32, 36, 48)),
    ("bell", 40, (220, 220, 230), (17, 24, 39)),
    ("envelope", 16, (37, 99, 235), (243, 244, 246)),
    ("print", 32, (255, 255, 255), (220, 38, 38)),
    ("gear", 48, (90, 90, 90), (250, 250, 250)),
    ("house", 28, (250, 204, 21), (30, 58, 138)),
]


@pytest.mark.parametrize("name,side,fg,bg", CASES)
def test_drawn_icon_gets_its_label(matcher, bank, name, side, fg, bg):
    img, box = draw_icon(bank.templates[template_of(bank, name)], side, fg, bg)
    names, scores = matcher.match(img, np.array([box]))
    assert names == [name], (names, scores)
    assert scores[0] >= DEFAULT_THRESHOLD


def test_off_centre_and_loose_boxes(matcher, bank):
    """Real boxes are padded unevenly and cut close on one side."""
    tpl = bank.templates[template_of(bank, "bell")]
    img, (x0, y0, x1, y1) = draw_icon(tpl, 22, (20, 20, 20), (235, 235, 235), pad=0)
    boxes = np.array([(x0 - 12, y0 - 2, x1 + 3, y1 + 9), (x0 - 1, y0 - 1, x1 + 1, y1 + 1)])
    names, _ = matcher.match(img, boxes)
    assert names == ["bell", "bell"]


def test_icon_rendered_from_svg(matcher):
    """An icon rasterised straight from the Font Awesome SVG (not from the bank)."""
    cairosvg = pytest.importorskip("cairosvg")
    fa = pytest.importorskip("fontawesomefree")
    svg = Path(fa.__file__).parent / "static" / "fontawesomefree" / "svgs" / "solid" / "trash-can.svg"
    import io
    png = cairosvg.svg2png(url=str(svg), output_height=20)
    icon = Image.open(io.BytesIO(png)).convert("RGBA")
    img = Image.new("RGB", (80, 60), (31, 41, 55))
    img.paste(Image.new("RGB", icon.size, (229, 231, 235)), (30, 20), icon.getchannel("A"))
    names, _ = matcher.match(np.asarray(img), np.array([(26, 16, 34 + icon.width, 44)]))
    assert names == ["trash-can"]


def test_blank_noise_and_text_get_no_label(matcher):
    from tests.conftest import draw_screen
    rng = np.random.default_rng(1)
    img = draw_screen([{"kind": "text", "xy": (200, 40), "text": "Settings", "size": 16},
                       {"kind": "text", "xy": (200, 120), "text": "Email address", "size": 14}],
                      size=(420, 200), background=(246, 246, 246))
    img = img.copy()
    img[100:160, 20:80] = rng.integers(0, 256, (60, 60, 3))          # noise patch
    boxes = np.array([(20, 20, 60, 60),       # blank background
                      (20, 100, 80, 160),     # noise
                      (196, 36, 276, 62),     # a word
                      (196, 116, 310, 140)])  # two words
    names, scores = matcher.match(img, boxes)
    assert names == ["", "", "", ""], (names, scores)
    assert scores[0] == 0.0


def test_batch_results_do_not_depend_on_neighbours(matcher, bank):
    """One vectorised pass over many boxes gives each box what it gets alone."""
    tiles, boxes = [], []
    for k, (name, side, fg, bg) in enumerate(CASES):
        img, (x0, y0, x1, y1) = draw_icon(bank.templates[template_of(bank, name)], side, fg, bg)
        tiles.append(img)
        boxes.append((x0 + 120 * k, y0, x1 + 120 * k, y1))
    screen = np.concatenate(tiles, axis=1)
    boxes = np.array(boxes)
    names, scores = matcher.match(screen, boxes)
    assert names == [c[0] for c in CASES]
    for i in (0, 3, 6):
        n1, s1 = matcher.match(screen, boxes[i:i + 1])
        assert n1 == [names[i]] and abs(s1[0] - scores[i]) < 1e-5


# ------------------------------------------------------------------ inputs

def test_output_shapes_and_awkward_boxes(matcher, bank):
    img, box = draw_icon(bank.templates[template_of(bank, "trash")], 24, (0, 0, 0), (255, 255, 255))
    h, w = img.shape[:2]
    for empty in (np.zeros((0, 4)), [], np.zeros((0, 4), np.int32)):
        names, scores = matcher.match(img, empty)
        assert names == [] and scores.shape == (0,) and scores.dtype == np.float32
    boxes = np.array([box,
                      (w + 10, h + 10, w + 50, h + 50),   # entirely outside
                      (-40, -40, -5, -5),                 # outside, negative
                      (30, 30, 30, 60),                   # zero width
                      (50, 40, 20, 10),                   # inverted
                      (-20, -20, w + 20, h + 20)])        # larger than the image
    names, scores = matcher.match(img, boxes.astype(np.float64) + 0.3)
    assert len(names) == 6 and scores.shape == (6,)
    assert names[0] == "trash" and names[1:5] == ["", "", "", ""]
    assert np.all(scores[1:5] == 0)
    # grayscale and RGBA screenshots work too
    assert matcher.match(img[:, :, 0], boxes[:1])[0] == ["trash"]
    rgba = np.concatenate([img, np.full((h, w, 1), 255, np.uint8)], axis=2)
    assert matcher.match(rgba, boxes[:1])[0] == ["trash"]


@pytest.mark.parametrize("rgb,boxes,msg", [
    (np.zeros((10, 10, 3), np.uint8), np.zeros((3, 5)), "boxes must be an"),
    (np.zeros((10, 10, 3), np.uint8), np.array([[0, 0, np.nan, 4]]), "finite"),
    (np.zeros((10, 10, 5), np.uint8), np.zeros((1, 4)), "RGB image"),
    (np.zeros((0, 0, 3), np.uint8), np.zeros((1, 4)), "RGB image"),
    (np.array([["a"]]), np.zeros((1, 4)), "numeric image"),
])
def test_bad_inputs_raise_one_line_errors(matcher, rgb, boxes, msg):
    with pytest.raises(DetactError, match=msg):
        matcher.match(rgb, boxes)


def test_bad_settings(bank):
    with pytest.raises(DetactError, match="threshold"):
        IconMatcher(bank, threshold=2.0, device="cpu")
    with pytest.raises(DetactError, match="device"):
        IconMatcher(bank, device="tpu")


def test_glyph_normalisation_is_polarity_and_colour_free():
    """The same icon dark-on-light, light-on-dark and coloured yields the same glyph."""
    rng = np.random.default_rng(0)
    cov = np.zeros((40, 40), np.float32)
    cov[8:32, 10:14] = 1
    cov[8:12, 10:30] = 1
    cov[12:32, 26:30] = np.linspace(0, 1, 20)[:, None]
    glyphs = []
    for fg, bg in (((0, 0, 0), (255, 255, 255)), ((255, 255, 255), (20, 20, 20)),
                   ((200, 30, 30), (30, 200, 200))):
        img = cov[:, :, None] * np.array(fg) + (1 - cov[:, :, None]) * np.array(bg)
        img = np.clip(img + rng.normal(0, 2, img.shape), 0, 255).astype(np.uint8)
        glyphs.append(region_glyph(img)[0])
    ref = fit_glyph(cov)[0]
    for g in glyphs:
        assert np.abs(g - ref).mean() < 0.03


@pytest.mark.gpu
def test_cuda_agrees_with_cpu(bank, matcher):
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("no CUDA device")
    gpu = IconMatcher(bank, device="cuda")
    img, box = draw_icon(bank.templates[template_of(bank, "bell")], 20, (0, 0, 0), (255, 255, 255))
    boxes = np.array([box] * 300)
    n_cpu, s_cpu = matcher.match(img, boxes)
    n_gpu, s_gpu = gpu.match(img, boxes)
    assert n_cpu == n_gpu and np.allclose(s_cpu, s_gpu, atol=1e-3)
