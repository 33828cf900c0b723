"""Icon module: the shipped template bank, the batched SSIM matcher, the learned encoder and
the recognizer the parser calls, on drawn pixels."""
from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from detact.errors import DetactError, ModelUnavailable
from detact.icons import DEFAULT_THRESHOLD, IconBank, IconMatcher, load_bank
from detact.icons.bank import BANK_ENV, default_bank_dir
from detact.icons.encoder import IconEncoder
from detact.icons.preprocess import fit_glyph, region_glyph
from detact.icons.recognizer import IconRecognizer
from detact.icons.ssim import BlockSSIM
from detact.icons.vocabulary import load_vocabulary

ROOT = Path(__file__).resolve().parents[1]
ADWAITA = Path("/usr/share/icons/Adwaita/scalable")


@pytest.fixture(scope="module")
def bank() -> IconBank:
    return load_bank()


@pytest.fixture(scope="module")
def matcher(bank) -> IconMatcher:
    return IconMatcher(bank, device="cpu")


@pytest.fixture(scope="module")
def recognizer(bank) -> IconRecognizer:
    return IconRecognizer(device="cpu", bank=bank)


def template_of(bank: IconBank, name: str, icon_set: str = "fa6-solid") -> int:
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
    assert all(bank.names) and all(bank.licences)
    # the sets software ships, each template labelled with what it does
    assert {"adwaita-symbolic", "adwaita", "tango", "libreoffice-colibre", "material-symbols", "fluent",
            "codicon", "ph", "ri", "fa6-solid", "bi", "tabler"} <= set(bank.sets)
    assert set(bank.functions) <= set(load_vocabulary().ids) and all(bank.functions)
    manifest = json.loads((default_bank_dir() / "manifest.json").read_text())
    assert not set(bank.sets) & set(manifest["held_out_sets"])
    assert not {s for s in bank.sets if any(w in s for w in ("papirus", "breeze", "sifr"))}
    # every template has ink, and none is a blank or solid square
    ink = (bank.templates > 64).mean(axis=(1, 2))
    assert ink.min() > 0.005 and ink.max() < 1.0
    size = sum((default_bank_dir() / f).stat().st_size for f in ("bank.npz", "manifest.json"))
    assert size < 20_000_000
    assert (ROOT / "icon_templates" / "ATTRIBUTION.md").is_file()


def test_describe_gives_name_and_functional_words(bank):
    assert bank.describe("close").startswith("close: ")           # a function id
    text = bank.describe("window-close-symbolic")                  # a template name
    assert text.startswith("window-close-symbolic: ") and "close" in text
    assert "search" in bank.describe("magnifying-glass")
    assert bank.describe("") == ""
    assert bank.describe("no-such-icon") == "no-such-icon"


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

CASES = [  # Font Awesome name, side px, foreground, background
    ("trash", 18, (30, 30, 30), (255, 255, 255)),
    ("magnifying-glass", 24, (255, 255, 255), (32, 36, 48)),
    ("bell", 40, (220, 220, 230), (17, 24, 39)),
    ("envelope", 16, (37, 99, 235), (243, 244, 246)),
    ("print", 32, (255, 255, 255), (220, 38, 38)),
    ("gear", 48, (90, 90, 90), (250, 250, 250)),
    ("house", 28, (250, 204, 21), (30, 58, 138)),
]


def same_function(bank: IconBank, names: list[str], want: list[int]) -> bool:
    """Each matched name belongs to a template with the drawn template's function."""
    return all(bank.functions[t] in {f for n, f in zip(bank.names, bank.functions) if n == name}
               for name, t in zip(names, want))


@pytest.mark.parametrize("name,side,fg,bg", CASES)
def test_drawn_icon_gets_its_label(matcher, bank, name, side, fg, bg):
    t = template_of(bank, name)
    img, box = draw_icon(bank.templates[t], side, fg, bg)
    names, scores = matcher.match(img, np.array([box]))
    assert names[0] and same_function(bank, names, [t]), (names, scores)
    assert scores[0] >= DEFAULT_THRESHOLD


def test_off_centre_and_loose_boxes(matcher, bank):
    """Real boxes are padded unevenly and cut close on one side."""
    t = template_of(bank, "bell")
    img, (x0, y0, x1, y1) = draw_icon(bank.templates[t], 22, (20, 20, 20), (235, 235, 235), pad=0)
    boxes = np.array([(x0 - 12, y0 - 2, x1 + 3, y1 + 9), (x0 - 1, y0 - 1, x1 + 1, y1 + 1)])
    names, _ = matcher.match(img, boxes)
    assert same_function(bank, names, [t, t])


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
    fn = {f for n, f in zip(matcher.bank.names, matcher.bank.functions) if n == names[0]}
    assert "delete" in fn, names


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
    tiles, boxes, want = [], [], []
    for k, (name, side, fg, bg) in enumerate(CASES):
        want.append(template_of(bank, name))
        img, (x0, y0, x1, y1) = draw_icon(bank.templates[want[-1]], side, fg, bg)
        tiles.append(img)
        boxes.append((x0 + 120 * k, y0, x1 + 120 * k, y1))
    screen = np.concatenate(tiles, axis=1)
    boxes = np.array(boxes)
    names, scores = matcher.match(screen, boxes)
    assert same_function(bank, names, want)
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
    assert names[0] and names[1:5] == ["", "", "", ""]
    assert np.all(scores[1:5] == 0)
    # grayscale and RGBA screenshots work too
    assert matcher.match(img[:, :, 0], boxes[:1])[0] == names[:1]
    rgba = np.concatenate([img, np.full((h, w, 1), 255, np.uint8)], axis=2)
    assert matcher.match(rgba, boxes[:1])[0] == names[:1]


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


# ------------------------------------------------------------------ recognizer: function names

def paste_svg(img: Image.Image, svg: str, side: int, at: tuple[int, int], fg) -> tuple[int, int, int, int]:
    """Draw an SVG (text) at ``side`` px in ``fg`` at ``at`` with cairosvg; return its box
    with 4 px of padding."""
    cairosvg = pytest.importorskip("cairosvg")
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=side, output_height=side)
    alpha = Image.open(io.BytesIO(png)).convert("RGBA").getchannel("A")
    img.paste(Image.new("RGB", alpha.size, fg), at, alpha)
    x, y = at
    return (x - 4, y - 4, x + side + 4, y + side + 4)


ADWAITA_CASES = [  # theme file, expected function
    ("ui/window-close-symbolic.svg", "close"),
    ("actions/go-previous-symbolic.svg", "back"),
    ("actions/list-add-symbolic.svg", "add"),
]


def test_adwaita_icons_in_a_drawn_window_are_close_back_add(recognizer):
    """A GTK-like header bar: the three symbolic icons at 16 px beside a title and text."""
    if not ADWAITA.is_dir():
        pytest.skip("adwaita-icon-theme is not installed")
    from tests.conftest import draw_screen
    base = draw_screen([{"kind": "text", "xy": (300, 14), "text": "Documents", "size": 15},
                        {"kind": "text", "xy": (40, 90), "text": "Name   Size   Modified", "size": 14},
                        {"kind": "button", "box": (520, 8, 600, 40), "text": "Open", "fill": (235, 235, 235)}],
                       size=(720, 160), background=(250, 250, 250))
    img = Image.fromarray(base)
    boxes = [paste_svg(img, (ADWAITA / f).read_text(), 16, at, (46, 52, 54))
             for (f, _), at in zip(ADWAITA_CASES, [(680, 16), (16, 16), (56, 16)])]
    labels = recognizer.label(np.asarray(img), np.array(boxes))
    assert labels.function == [want for _, want in ADWAITA_CASES], labels
    assert labels.source == ["ssim"] * 3 and all(i.startswith("adwaita") for i in labels.icon)
    assert np.all(labels.score >= recognizer.ssim_threshold)


def test_adwaita_icons_in_a_chromium_page(recognizer, tmp_path):
    """The same icons as <img> of the theme files in a page Chromium renders (dark on light,
    and light on a dark header bar through a CSS filter)."""
    from tests.chromium import chromium_binary, render_html
    if chromium_binary() is None or not ADWAITA.is_dir():
        pytest.skip("needs chromium and adwaita-icon-theme")
    spots = [(20, 12, False), (60, 12, False), (640, 12, False), (20, 90, True), (60, 90, True), (640, 90, True)]
    order = [1, 2, 0, 1, 2, 0]     # back, add, close on each bar
    imgs = "".join(
        f'<img src="{(ADWAITA / ADWAITA_CASES[k][0]).as_uri()}" style="position:absolute;left:{x}px;'
        f'top:{y}px;width:16px;height:16px{";filter:invert(1)" if dark else ""}">'
        for (x, y, dark), k in zip(spots, order))
    page = tmp_path / "page.html"
    page.write_text(
        '<html><body style="margin:0;background:#fafafa;font:14px sans-serif">'
        '<div style="position:absolute;left:0;top:0;width:700px;height:40px;background:#ebebeb"></div>'
        '<div style="position:absolute;left:0;top:78px;width:700px;height:40px;background:#303030"></div>'
        '<div style="position:absolute;left:300px;top:12px">Files</div>'
        '<div style="position:absolute;left:300px;top:90px;color:#fff">Settings</div>'
        f'{imgs}</body></html>')
    shot = np.asarray(Image.open(render_html(page, tmp_path / "page.png", 700, 300)).convert("RGB"))
    boxes = np.array([(x - 5, y - 5, x + 21, y + 21) for x, y, _ in spots])
    labels = recognizer.label(shot, boxes)
    assert labels.function == [ADWAITA_CASES[k][1] for k in order], labels


ADWAITA_LEGACY = Path("/usr/share/icons/Adwaita/24x24/legacy")
LEGACY_CASES = [  # the 24 px drawings GTK toolbars show (Geany, pcmanfm), expected function
    ("document-open.png", "open"),
    ("document-save.png", "save"),
    ("system-run.png", "run"),
    ("application-exit.png", "quit"),
]


@pytest.mark.parametrize("background", [(246, 245, 244), (48, 48, 48)], ids=["light", "dark"])
def test_adwaita_colour_toolbar_icons_at_their_drawn_size(recognizer, background):
    """Full-colour Adwaita toolbar icons pasted 1:1 on a light and on a dark toolbar: the bank
    holds their 24 px drawings (not only the 48 px ones) and, for the dark toolbar, templates
    drawn on dark (a white page is a solid sheet there)."""
    if not ADWAITA_LEGACY.is_dir():
        pytest.skip("adwaita-icon-theme is not installed")
    img = Image.new("RGB", (360, 48), background)
    boxes = []
    for k, (name, _) in enumerate(LEGACY_CASES):
        icon = Image.open(ADWAITA_LEGACY / name).convert("RGBA")
        x = 12 + 48 * k
        img.paste(icon, (x, 12), icon)
        boxes.append((x - 3, 9, x + 27, 39))
    labels = recognizer.label(np.asarray(img), np.array(boxes))
    assert labels.function == [want for _, want in LEGACY_CASES], labels
    assert labels.source == ["ssim"] * len(LEGACY_CASES)


#: Lucide icons (ISC licence, https://lucide.dev): a held-out set, in neither the bank nor the
#: encoder's training data.
LUCIDE = {
    "search": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g fill="none" stroke="black" '
              'stroke-linecap="round" stroke-linejoin="round" stroke-width="2"><path d="m21 21l-4.34-4.34"/>'
              '<circle cx="11" cy="11" r="8"/></g></svg>',
    "home": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g fill="none" stroke="black" '
            'stroke-linecap="round" stroke-linejoin="round" stroke-width="2"><path d="M15 21v-8a1 1 0 0 0-1-1h-4a1 '
            '1 0 0 0-1 1v8"/><path d="M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 '
            '0 1-2 2H5a2 2 0 0 1-2-2z"/></g></svg>',
    "download": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g fill="none" stroke="black" '
                'stroke-linecap="round" stroke-linejoin="round" stroke-width="2"><path d="M12 15V3m9 12v4a2 2 0 0 '
                '1-2 2H5a2 2 0 0 1-2-2v-4"/><path d="m7 10l5 5l5-5"/></g></svg>',
    "notifications": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="none" stroke="black" '
                     'stroke-linecap="round" stroke-linejoin="round" stroke-width="2" d="M10.268 21a2 2 0 0 0 3.464 '
                     '0m-10.47-5.674A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 '
                     '8c0 4.499-1.411 5.956-2.738 7.326"/></svg>',
}


@pytest.fixture(scope="module")
def lucide_page() -> tuple[np.ndarray, np.ndarray, list[str]]:
    """The Lucide icons at 20 px, light on a dark toolbar."""
    img = Image.new("RGB", (60 * len(LUCIDE) + 40, 60), (31, 41, 55))
    boxes = [paste_svg(img, svg, 20, (20 + 60 * k, 20), (229, 231, 235)) for k, svg in enumerate(LUCIDE.values())]
    return np.asarray(img), np.array(boxes), list(LUCIDE)


def test_held_out_icons_get_a_sensible_top5(recognizer, lucide_page):
    img, boxes, truth = lucide_page
    assert recognizer.encoder is not None, recognizer.notes
    top = recognizer.identify(img, boxes, k=5)
    for want, got in zip(truth, top):
        assert len(got) == 5 and want in [f for f, _ in got], (want, got)
        assert all(a[1] >= b[1] for a, b in zip(got[1:], got[2:]))


def test_word_scores_rank_the_words_that_name_an_icon(recognizer, lucide_page):
    img, boxes, truth = lucide_page
    texts = ["search", "home page", "download file", "notifications"]
    scores = recognizer.word_scores(img, boxes, texts)
    assert scores.shape == (len(boxes), len(texts)) and scores.dtype == np.float32
    assert list(scores.argmax(axis=1)) == list(range(len(truth)))
    # words never seen as an icon name still rank: a magnifier is about "find"
    assert recognizer.word_scores(img, boxes[:1], ["find", "print"])[0].argmax() == 0


def test_encoder_model_metadata_and_outputs(lucide_page):
    enc = IconEncoder()
    assert enc.functions == load_vocabulary().ids and enc.size == 32
    assert 0 < enc.threshold < 1 and enc.version
    assert enc.path.stat().st_size < 20_000_000
    img, boxes, _ = lucide_page
    blank = np.array([(0, 0, 12, 12)])
    top, emb = enc.identify(img, np.concatenate([boxes, blank]), k=3)
    assert [len(t) for t in top] == [3] * len(boxes) + [0]
    assert emb.shape == (len(boxes) + 1, 384)
    np.testing.assert_allclose(np.linalg.norm(emb[:-1], axis=1), 1.0, atol=1e-4)
    assert not emb[-1].any()


def test_recognizer_abstains_on_text_and_blank(recognizer):
    from tests.conftest import draw_screen
    img = draw_screen([{"kind": "text", "xy": (20, 20), "text": "Settings", "size": 16},
                       {"kind": "text", "xy": (20, 70), "text": "Email address", "size": 14}],
                      size=(300, 140), background=(246, 246, 246))
    boxes = np.array([(16, 16, 96, 42), (16, 66, 130, 90), (200, 20, 240, 60)])
    labels = recognizer.label(img, boxes)
    assert labels.function == ["", "", ""] and labels.source == ["", "", ""], labels


def test_recognizer_without_encoder_uses_ssim_and_says_why(bank, tmp_path):
    off = IconRecognizer(bank=bank, encoder=False)
    assert off.name == "ssim" and off.encoder is None
    missing = IconRecognizer(bank=bank, encoder=tmp_path / "none.onnx")
    assert missing.name == "ssim" and "icon encoder not used" in missing.notes[0]
    img, box = draw_icon(bank.templates[template_of(bank, "trash")], 24, (0, 0, 0), (255, 255, 255))
    labels = missing.label(img, np.array([box, (0, 0, 8, 8)]))
    assert labels.function[0] == bank.functions[template_of(bank, "trash")] and labels.source == ["ssim", ""]
    top = missing.identify(img, np.array([box]), k=3)[0]
    assert top[0][0] == labels.function[0] and len(top) == 3
    assert missing.word_scores(img, np.array([box]), ["delete"]).shape == (1, 1)


def test_recognizer_outputs_line_up_with_boxes(recognizer, bank):
    img, box = draw_icon(bank.templates[template_of(bank, "bell")], 20, (0, 0, 0), (255, 255, 255))
    empty = recognizer.label(img, np.zeros((0, 4)))
    assert len(empty) == 0 and empty.score.shape == (0,)
    labels = recognizer.label(img, np.array([box] * 3))
    assert len(labels) == 3 and len(set(labels.function)) == 1 and labels.function[0]
    assert recognizer.identify(img, np.zeros((0, 4))) == []
    with pytest.raises(DetactError, match="boxes must be an"):
        recognizer.label(img, np.zeros((2, 3)))


def test_icons_identify_command(tmp_path, lucide_page, capsys):
    import argparse

    from detact.icons.commands import register
    img, boxes, truth = lucide_page
    crop = tmp_path / "icon.png"
    x0, y0, x1, y1 = boxes[0]
    Image.fromarray(img[y0:y1, x0:x1]).save(crop)
    ap = argparse.ArgumentParser()
    register(ap.add_subparsers(dest="command"))
    args = ap.parse_args(["icons", "identify", str(crop), "-k", "5", "--json"])
    assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert truth[0] in [t["function"] for t in out["top"]] and len(out["top"]) == 5
    args = ap.parse_args(["icons", "identify", str(crop), "--box", "1,2,x,4"])
    with pytest.raises(DetactError, match="--box"):
        args.func(args)


def test_parse_labels_icons_with_their_function_and_set_name(parser):
    """Through the whole parser: icon elements carry ``label`` = the function and ``icon`` =
    the template's "set:name"; the filter finds them by the function's synonyms."""
    if not ADWAITA.is_dir():
        pytest.skip("adwaita-icon-theme is not installed")
    from detact.task.filter import filter_elements
    from detact.task.pipeline import default_describer
    from tests.conftest import draw_screen
    base = draw_screen([{"kind": "text", "xy": (300, 16), "text": "Documents", "size": 15},
                        {"kind": "text", "xy": (40, 90), "text": "Name   Size   Modified", "size": 14}],
                       size=(720, 160), background=(250, 250, 250))
    img = Image.fromarray(base)
    boxes = [paste_svg(img, (ADWAITA / f).read_text(), 16, at, (46, 52, 54))
             for (f, _), at in zip(ADWAITA_CASES, [(680, 16), (16, 16), (56, 16)])]
    els = parser.parse(np.asarray(img)).elements
    assert parser.backends["icons"] == "ssim+encoder"
    for (x0, y0, x1, y1), (_, want) in zip(boxes, ADWAITA_CASES):
        hit = [e for e in els if x0 <= e.center[0] < x1 and y0 <= e.center[1] < y1]
        assert [(e.kind, e.label) for e in hit] == [("icon", want)], hit
        assert hit[0].icon.startswith("adwaita") and hit[0].to_dict()["icon"] == hit[0].icon
    for task, k in (("Dismiss the window", 0), ("Go back to the previous page", 1), ("Press the plus button", 2)):
        top = filter_elements(els, task, top_k=1, describe=default_describer())
        x0, y0, x1, y1 = boxes[k]
        assert x0 <= top.elements[0].center[0] < x1 and y0 <= top.elements[0].center[1] < y1, (task, top.elements[0])


@pytest.mark.parametrize("pad", [0, 2, 5])
def test_a_box_tight_round_its_ink_gives_the_glyph_a_padded_box_gives(pad):
    """A segmenter's contour box hugs the icon's ink, so its own border is ink, not background:
    the glyph's background is read from a pixel round the box. Four outlined squares (a grid
    view) come out the same from the tight box as from boxes with room round them."""
    from PIL import ImageDraw

    from detact.icons.preprocess import box_glyphs

    img = Image.new("RGB", (60, 60), (248, 248, 250))
    d = ImageDraw.Draw(img)
    for x, y in ((20, 20), (31, 20), (20, 31), (31, 31)):
        d.rounded_rectangle((x, y, x + 8, y + 8), radius=2, outline=(70, 80, 110), width=2)
    rgb = np.asarray(img)
    tight = np.array([[20, 20, 40, 40]])
    glyphs, _, ok = box_glyphs(rgb, np.concatenate([tight, tight + np.array([-pad, -pad, pad, pad])]))
    assert ok.all()
    assert np.abs(glyphs[0] - glyphs[1]).mean() < 0.02     # read from the box's own border: 0.6


def _stop_sign(size: int = 24, r: float = 8, scale: int = 4) -> np.ndarray:
    """A red octagon with a light rim and a dark red outline on a light toolbar (64 x 48 RGB),
    drawn at ``scale`` times and shrunk, as a theme's process-stop icon looks at 24 px."""
    import math

    from PIL import ImageDraw

    big = Image.new("RGB", (size * scale, size * scale), (248, 248, 248))
    draw, c = ImageDraw.Draw(big), size * scale / 2

    def octagon(radius):
        return [(c + radius * math.cos(math.pi / 8 + k * math.pi / 4),
                 c + radius * math.sin(math.pi / 8 + k * math.pi / 4)) for k in range(8)]

    draw.polygon(octagon((r + 1.5) * scale), fill=(250, 250, 250), outline=(150, 40, 40), width=scale)
    draw.polygon(octagon((r - 0.5) * scale), fill=(226, 88, 88))
    rgb = np.full((48, 64, 3), 248, np.uint8)
    rgb[12:12 + size, 20:20 + size] = np.asarray(big.resize((size, size), Image.LANCZOS))
    return rgb


def test_a_sure_encoder_overrules_a_near_bank_match():
    from detact.icons.recognizer import ENCODER_OVERRIDE, SSIM_SURE, IconRecognizer

    rec = IconRecognizer()
    rgb, box = _stop_sign(), np.array([[20, 12, 44, 36]])
    g, side, ok = rec._glyphs(rgb, box)
    idx, sc, exact = rec._ssim(g, side, ok)
    # the drawing matches some template of another function under SSIM_SURE, and the encoder
    # is sure it is a stop sign: the encoder's function, the template kept as the icon
    assert exact[0] and sc[0, 0] < SSIM_SURE and rec.bank.functions[int(idx[0, 0])] != "stop"
    out = rec.encoder.run_glyphs(g, ok)
    assert rec.encoder.functions[int(out.probs[0].argmax())] == "stop" and out.probs[0].max() >= ENCODER_OVERRIDE
    found = rec.label(rgb, box)
    assert found.function == ["stop"] and found.source == ["ssim+encoder"] and found.icon[0] == rec.bank.icon_id(int(idx[0, 0]))
    assert found.bank_matched().tolist() == [True]
    assert rec.identify(rgb, box)[0][0][0] == "stop"


@pytest.mark.parametrize("ssim, encoder_p, same_function, overruled", [
    (0.95, 0.95, False, True),      # a near match, a sure encoder naming another function
    (0.98, 0.99, False, False),     # a match that close to pixel-exact stands
    (0.95, 0.80, False, False),     # an encoder less sure leaves the match
    (0.95, 0.95, True, False),      # both name the same function: nothing to overrule
])
def test_when_the_encoder_overrules_a_bank_match(ssim, encoder_p, same_function, overruled):
    from detact.icons.encoder import EncoderOutput
    from detact.icons.recognizer import IconRecognizer

    rec = IconRecognizer()
    t = rec.bank.functions.index("close")
    f = rec.encoder.functions.index("close" if same_function else "stop")
    probs = np.zeros((1, len(rec.encoder.functions)), np.float32)
    probs[0, f] = encoder_p
    out = EncoderOutput(probs, np.zeros(1, np.float32), np.zeros((1, 384), np.float32), np.ones(1, bool))
    got = rec._overruled(np.array([[t]]), np.array([[ssim]], np.float32), np.array([True]), out)
    assert got.tolist() == [overruled]
