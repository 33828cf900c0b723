"""The icon encoder's training pieces: glyph augmentation and the ensemble that ships.

Glyphs are drawn here (a bar, a ring), as ``region_glyph`` would give them: floats in [0, 1]
on a 32 x 32 grid with a 2 px margin."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training" / "icons"))

from augment import augment_glyphs  # noqa: E402
from model import IconEnsemble, IconNet  # noqa: E402


def drawn_glyphs() -> torch.Tensor:
    """(2, 1, 32, 32): a 3 px horizontal bar and a 2 px ring, both inside the margin."""
    g = np.zeros((2, 32, 32), np.float32)
    g[0, 14:17, 3:29] = 1.0
    yy, xx = np.mgrid[:32, :32]
    r = np.hypot(yy - 15.5, xx - 15.5)
    g[1][(r > 10) & (r < 12)] = 1.0
    return torch.from_numpy(g)[:, None]


@pytest.mark.parametrize("p", [0.0, -1.0])
def test_augment_with_no_share_returns_the_batch_unchanged(p):
    x = drawn_glyphs()
    assert augment_glyphs(x, p) is x


@pytest.mark.parametrize("p", [0.5, 1.0])
def test_augment_keeps_shape_range_and_is_seeded(p):
    x = drawn_glyphs().repeat(16, 1, 1, 1)
    torch.manual_seed(3)
    a = augment_glyphs(x, p)
    torch.manual_seed(3)
    b = augment_glyphs(x, p)
    assert a.shape == x.shape and a.dtype == x.dtype
    assert float(a.min()) >= 0.0 and float(a.max()) <= 1.0
    assert torch.equal(a, b)
    changed = (a != x).flatten(1).any(1)
    assert bool(changed.any())
    if p == 1.0:        # every glyph is restyled (a no-op draw is possible, but not for all)
        assert int(changed.sum()) >= 12


def test_augment_moves_and_thickens_ink_by_at_most_a_pixel_or_two():
    x = drawn_glyphs().repeat(64, 1, 1, 1)
    torch.manual_seed(0)
    y = augment_glyphs(x, 1.0)
    bar, ring = y[0::2, 0], y[1::2, 0]
    # the bar covers rows 14-16: dilation, blur and shift widen that by at most 3 rows a side
    assert float(bar[:, :11].max()) == 0 and float(bar[:, 20:].max()) == 0
    # the ring's ink spans 4..27; a 32 px glyph keeps at least one empty row and column a side
    assert float(ring[:, 0].max()) == 0 and float(ring[:, -1].max()) == 0
    assert float(ring[:, :, 0].max()) == 0 and float(ring[:, :, -1].max()) == 0
    ink = (y > 0.05).flatten(1).sum(1).float()
    base = (x > 0.05).flatten(1).sum(1).float()
    assert bool((ink > 0).all()) and bool((ink <= base * 4).all())   # a 2 px ring, dilated and blurred, is ~3x


def test_ensemble_of_one_network_reads_as_that_network():
    torch.manual_seed(0)
    net = IconNet(7).eval()
    ens = IconEnsemble([net]).eval()
    x = drawn_glyphs()
    with torch.no_grad():
        logits, e = net(x)
        probs, e2 = ens(x)
    torch.testing.assert_close(probs, torch.softmax(logits, 1))
    torch.testing.assert_close(e2, e)


def test_ensemble_averages_probabilities_and_normalises_embeddings():
    torch.manual_seed(0)
    nets = [IconNet(7).eval() for _ in range(3)]
    ens = IconEnsemble(nets).eval()
    x = drawn_glyphs()
    with torch.no_grad():
        probs, emb = ens(x)
        mean = torch.stack([torch.softmax(n(x)[0], 1) for n in nets]).mean(0)
    assert ens.returns_probs and not nets[0].returns_probs
    torch.testing.assert_close(probs, mean)
    torch.testing.assert_close(probs.sum(1), torch.ones(2))
    torch.testing.assert_close(emb.norm(dim=1), torch.ones(2))
