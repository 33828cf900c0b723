"""Glyph-space augmentation for the icon encoder, applied to each training batch on the
training device (CPU or GPU).

The renders (``render.py``) already vary size, colour, background, blur and padding. What
they vary little is how *other* icon sets draw the same shape: heavier or lighter strokes,
softer anti-aliasing, a glyph that sits a pixel off. Those are cheap to imitate on the 32 x 32
inference glyph itself, so every epoch sees a fresh variant of every render instead of the
fixed ``--looks`` the renders hold.
"""
from __future__ import annotations

import torch
from torch.nn import functional as F


def _blur3(x: torch.Tensor, sigma: torch.Tensor) -> torch.Tensor:
    """3 x 3 Gaussian blur of ``x`` ``(B, 1, S, S)`` with one sigma per glyph ``(B,)``."""
    d = torch.tensor([-1.0, 0.0, 1.0], device=x.device)
    k1 = torch.exp(-(d[None] ** 2) / (2 * sigma[:, None] ** 2))            # (B, 3)
    k1 = k1 / k1.sum(1, keepdim=True)
    k2 = (k1[:, :, None] * k1[:, None, :])[:, None]                        # (B, 1, 3, 3)
    b = x.shape[0]
    out = F.conv2d(x.reshape(1, b, *x.shape[2:]), k2, padding=1, groups=b)
    return out.reshape_as(x)


def augment_glyphs(x: torch.Tensor, p: float) -> torch.Tensor:
    """Randomly restyle a share ``p`` of the glyphs ``x`` ``(B, 1, S, S)``, floats in [0, 1].

    Per chosen glyph, independently: stroke weight (a partial 3 x 3 dilation or erosion,
    1/3 each), ink gamma 0.6-1.6, a blur of sigma 0.4-0.8 (20 %), a shift of -1..1 px
    (glyphs keep a 2 px margin, so nothing is cut). Uses torch's global RNG (seed it)."""
    if p <= 0:
        return x
    b = x.shape[0]
    dev = x.device
    pick = torch.rand(b, device=dev) < p
    if not pick.any():
        return x
    y = x[pick]
    n = y.shape[0]
    u = torch.rand(n, 6, device=dev)

    def per(v: torch.Tensor) -> torch.Tensor:
        return v.view(n, 1, 1, 1)

    dil = F.max_pool2d(y, 3, 1, 1)
    ero = -F.max_pool2d(-y, 3, 1, 1)
    amount = per(0.3 + 0.7 * u[:, 1])
    thicker = torch.maximum(y, amount * dil)
    thinner = y + amount * (ero - y)
    y = torch.where(per(u[:, 0] < 1 / 3), thicker, torch.where(per(u[:, 0] < 2 / 3), thinner, y))
    gamma = per(0.6 * (1.6 / 0.6) ** u[:, 2])          # log-uniform in [0.6, 1.6]
    y = y.clamp(0, 1) ** gamma
    blurred = _blur3(y, 0.4 + 0.4 * u[:, 4])
    y = torch.where(per(u[:, 3] < 0.2), blurred, y)
    shifts = torch.randint(-1, 2, (n, 2), device=dev)
    # all nine rolls of the batch, then each glyph's own: no per-glyph work, no host sync
    rolled = torch.stack([torch.roll(y, shifts=(dy, dx), dims=(2, 3))
                          for dx in (-1, 0, 1) for dy in (-1, 0, 1)])          # (9, n, 1, S, S)
    which = (shifts[:, 0] + 1) * 3 + (shifts[:, 1] + 1)
    out = rolled[which, torch.arange(n, device=dev)]
    x = x.clone()
    x[pick] = out.clamp(0, 1)
    return x
