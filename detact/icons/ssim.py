"""Batched SSIM of many glyph images against a fixed stack of templates (torch, CPU or CUDA).

SSIM is computed over non-overlapping ``w`` x ``w`` windows and averaged. Per window it
needs the means and variances of both images (cheap, per image) and the cross term
``sum(x * y)``, which for all (query, template) pairs at once is one matrix product per
window: ``(N, w*w) @ (w*w, T)``. The templates are processed in chunks so the
``(windows, N, chunk)`` intermediates stay in cache; everything inside a chunk is
elementwise and in place. No Python loop runs over pairs.
"""
from __future__ import annotations

from typing import Any

import numpy as np

#: SSIM stabilisers for data in [0, 1] (the usual K1 = 0.01, K2 = 0.03).
C1 = 0.01 ** 2
C2 = 0.03 ** 2


def _torch() -> Any:
    # torch is heavy to import; only pay for it when a matcher is actually built.
    import torch
    return torch


def resolve_device(device: str) -> str:
    """Map ``"auto"`` to ``"cuda"`` when a GPU is usable, else ``"cpu"``."""
    torch = _torch()
    if device == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    if device.startswith("cuda") and not torch.cuda.is_available():
        from ..errors import DetactError
        raise DetactError(f"device {device!r} requested but CUDA is not available")
    if device != "cpu" and not device.startswith("cuda"):
        from ..errors import DetactError
        raise DetactError(f"unknown device {device!r}; use 'cpu', 'cuda' or 'auto'")
    return device


def gaussian_matrix(size: int, sigma: float) -> np.ndarray:
    """(size, size) matrix ``G`` such that ``G @ x @ G.T`` Gaussian-blurs an image ``x``
    (mirror padding at the edges). As a matrix the blur is one batched matmul, far faster
    than a convolution with a tiny kernel on the CPU."""
    r = max(1, int(round(2.5 * sigma)))
    t = np.arange(-r, r + 1)
    g = np.exp(-0.5 * (t / sigma) ** 2)
    g /= g.sum()
    m = np.zeros((size, size))
    for i in range(size):           # size x kernel entries, once per matcher
        for k, w in zip(t, g):
            j = i + k
            j = -j if j < 0 else (2 * (size - 1) - j if j >= size else j)
            m[i, j] += w
    return m.astype(np.float32)


def gaussian_blur(x: Any, sigma: float) -> Any:
    """Blur a (N, S, S) float tensor with a Gaussian of ``sigma`` px (mirror padding)."""
    torch = _torch()
    if sigma <= 0 or x.shape[0] == 0:
        return x
    g = torch.from_numpy(gaussian_matrix(x.shape[-1], sigma)).to(x.device)
    return torch.matmul(torch.matmul(g, x), g.T)


#: int8 mode maps [0, 1] to -127..127 (255 grey levels); covariances ignore the shift.
LEVELS = 254
OFFSET = 127


def int8_matmul_available(device: str) -> bool:
    """Whether exact int8 x int8 -> int32 matmul (``torch._int_mm``) runs on ``device``."""
    torch = _torch()
    if not device == "cpu" or not hasattr(torch, "_int_mm"):
        return False
    try:
        a = torch.ones((2, 16), dtype=torch.int8)
        return bool(torch._int_mm(a, a.T).eq(16).all())
    except (RuntimeError, NotImplementedError):
        return False


class BlockSSIM:
    """SSIM against a fixed template stack ``(T, S, S)`` in [0, 1], windows of ``window`` px.

    ``precision``: ``"int8"`` quantises glyphs to 255 grey levels and takes the cross term
    from an exact integer matmul (on CPUs with VNNI about 8x faster than float32; SSIM is
    usually computed on 8-bit images anyway); ``"float32"`` computes in float;
    ``"auto"`` picks int8 on a CPU that supports it, float32 elsewhere (GPUs).
    """

    def __init__(self, templates: np.ndarray, window: int = 8, device: str = "cpu",
                 blur: float = 0.0, budget: int | None = None, precision: str = "auto") -> None:
        torch = _torch()
        t = np.asarray(templates, dtype=np.float32)
        if t.ndim != 3 or t.shape[1] != t.shape[2] or t.shape[1] % window:
            raise ValueError(f"templates must be (T, S, S) with S divisible by {window}, "
                             f"got {t.shape}")
        if precision not in ("auto", "int8", "float32"):
            raise ValueError(f"precision must be 'auto', 'int8' or 'float32', got {precision!r}")
        self.device = resolve_device(device)
        if precision == "auto":
            precision = "int8" if int8_matmul_available(self.device) else "float32"
        self.precision = precision
        self.size, self.window, self.blur = t.shape[1], window, blur
        # Elements per (windows, queries, templates) intermediate: small enough to stay in
        # a CPU cache, large on a GPU, which wants few big launches.
        self.budget = budget or ((1 << 26) if self.device.startswith("cuda") else (1 << 18))
        # In int8 mode every statistic is in grey levels, so the constants scale with them,
        # and means are shifted by OFFSET (the luminance term needs them unshifted).
        scale = LEVELS if precision == "int8" else 1.0
        self._offset = float(OFFSET) if precision == "int8" else 0.0
        self._c1, self._c2 = C1 * scale ** 2, C2 * scale ** 2
        y = self._prepare(torch.from_numpy(t).to(self.device))  # (W, T, n)
        self.n_templates = t.shape[0]
        self._my, self._vy = self._stats(y)                     # (W, T) each, mean shifted
        self._ly = self._my + self._offset                       # luminance mean
        self._ly2 = self._ly * self._ly
        if precision == "int8":
            self._yq = y.to(torch.int8).contiguous()           # (W, T, n)
        else:
            self._ybt = y.transpose(1, 2).contiguous()          # (W, n, T)

    def _prepare(self, x: Any) -> Any:
        """Blur, quantise if int8, and split (N, S, S) into windows (W, N, w*w)."""
        torch = _torch()
        x = gaussian_blur(x, self.blur)
        if self.precision == "int8":
            x = torch.round(x.clamp(0.0, 1.0) * LEVELS) - OFFSET
        n, s, w = x.shape[0], self.size, self.window
        g = s // w
        return x.reshape(n, g, w, g, w).permute(1, 3, 0, 2, 4).reshape(g * g, n, w * w)

    @staticmethod
    def _stats(xb: Any) -> tuple[Any, Any]:
        """Per-window mean and (population) variance, in float64 then float32: exact for
        quantised data."""
        x64 = xb.double()
        mean = x64.mean(-1)
        var = (x64 * x64).mean(-1) - mean * mean
        return mean.float(), var.clamp_(min=0).float()

    def _cross(self, xb: Any, s: int, e: int) -> Any:
        """Sum of x*y over each window for all (query, template s..e) pairs: (W, N, e-s)."""
        torch = _torch()
        if self.precision == "float32":
            return torch.bmm(xb, self._ybt[:, :, s:e])
        out = torch.empty((xb.shape[0], xb.shape[1], e - s), dtype=torch.float32)
        for w in range(xb.shape[0]):  # a handful of windows; the matmul covers all pairs
            # The template block transposed is column-major: the layout _int_mm is fast on.
            out[w].copy_(torch._int_mm(xb[w], self._yq[w, s:e].T))
        return out

    def _chunks(self, queries: np.ndarray):
        """Yield (start, stop, ssim (N, stop-start)) over template chunks."""
        torch = _torch()
        x = torch.from_numpy(np.ascontiguousarray(queries, dtype=np.float32)).to(self.device)
        xb = self._prepare(x)                                    # (W, N, n)
        n = xb.shape[-1]
        mean, var = self._stats(xb)
        if self.precision == "int8":
            xb = xb.to(torch.int8).contiguous()
        mx = mean[:, :, None]                                    # (W, N, 1), shifted
        lx = mx + self._offset                                   # luminance mean
        vx_c2 = (var + self._c2)[:, :, None]
        lx2_c1 = lx * lx + self._c1
        windows = xb.shape[0]
        chunk = int(np.clip(self.budget // max(1, windows * xb.shape[1]), 64, self.n_templates))
        with torch.no_grad():
            for s in range(0, self.n_templates, chunk):
                e = min(self.n_templates, s + chunk)
                sxy = self._cross(xb, s, e)                      # (W, N, c)
                # structure*contrast: (2 cov + C2) / (vx + vy + C2), cov = E[xy] - mx my
                cs = sxy.div_(n).sub_(mx * self._my[:, None, s:e]).mul_(2.0).add_(self._c2)
                cs.div_(vx_c2 + self._vy[:, None, s:e])
                # luminance: (2 mx my + C1) / (mx^2 + my^2 + C1)
                lum = (lx * self._ly[:, None, s:e]).mul_(2.0).add_(self._c1)
                lum.div_(lx2_c1 + self._ly2[:, None, s:e])
                yield s, e, cs.mul_(lum).sum(0).div_(windows)

    def scores(self, queries: np.ndarray) -> np.ndarray:
        """Full (N, T) SSIM matrix."""
        out = np.empty((len(queries), self.n_templates), np.float32)
        if len(queries):
            for s, e, sc in self._chunks(queries):
                out[:, s:e] = sc.cpu().numpy()
        return out

    def topk(self, queries: np.ndarray, k: int = 1) -> tuple[np.ndarray, np.ndarray]:
        """Indices and SSIM of the ``k`` best templates per query, best first: (N, k) each."""
        torch = _torch()
        n, k = len(queries), min(k, self.n_templates)
        if n == 0:
            return np.zeros((0, k), np.int64), np.zeros((0, k), np.float32)
        best_s = torch.full((n, k), -2.0, device=self.device)
        best_i = torch.zeros((n, k), dtype=torch.long, device=self.device)
        for s, e, sc in self._chunks(queries):
            kk = min(k, e - s)
            cs, ci = sc.topk(kk, dim=1)
            all_s = torch.cat([best_s, cs], 1)
            all_i = torch.cat([best_i, ci + s], 1)
            best_s, pos = all_s.topk(k, dim=1)
            best_i = all_i.gather(1, pos)
        return best_i.cpu().numpy(), best_s.cpu().numpy()
