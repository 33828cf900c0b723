"""Batched SSIM of many glyph images against a fixed stack of templates (numpy on the CPU,
torch on CUDA or for the CPU's int8 mode).

SSIM is computed over non-overlapping ``w`` x ``w`` windows and averaged. Per window it
needs the means and variances of both images (cheap, per image) and the cross term
``sum(x * y)``, which for all (query, template) pairs at once is one matrix product per
window: ``(N, w*w) @ (w*w, T)``. The templates are processed in chunks so the
``(windows, N, chunk)`` intermediates stay in cache; everything inside a chunk is
elementwise and in place. No Python loop runs over pairs.

The arithmetic is written once, on operators numpy arrays and torch tensors share; the few
calls that differ go through `_NumpyOps` / `_TorchOps`. The CPU default needs no torch, which
keeps its import (about 2 s) out of a parser's cold start.
"""
from __future__ import annotations

from contextlib import nullcontext
from typing import Any

import numpy as np

from ..errors import DetactError
from ..runtime import resolve_device

#: SSIM stabilisers for data in [0, 1] (the usual K1 = 0.01, K2 = 0.03).
C1 = 0.01 ** 2
C2 = 0.03 ** 2


def _torch() -> Any:
    # torch is heavy to import; only pay for it when the torch backend is used.
    import torch
    return torch


class _NumpyOps:
    """Array calls for the numpy backend (float32, CPU)."""

    @staticmethod
    def array(a: np.ndarray, device: str) -> np.ndarray:
        return np.ascontiguousarray(a, dtype=np.float32)

    @staticmethod
    def permute(x: np.ndarray, dims: tuple[int, ...]) -> np.ndarray:
        return np.ascontiguousarray(x.transpose(dims))

    @staticmethod
    def stats(xb: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x64 = xb.astype(np.float64)
        mean = x64.mean(-1)
        var = np.maximum((x64 * x64).mean(-1) - mean * mean, 0.0)
        return mean.astype(np.float32), var.astype(np.float32)

    @staticmethod
    def topk(x: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Values and indices of the ``k`` largest per row, largest first."""
        idx = np.argpartition(-x, k - 1, axis=1)[:, :k] if k < x.shape[1] else \
            np.broadcast_to(np.arange(x.shape[1]), x.shape).copy()
        vals = np.take_along_axis(x, idx, 1)
        order = np.argsort(-vals, axis=1, kind="stable")
        return np.take_along_axis(vals, order, 1), np.take_along_axis(idx, order, 1)

    @staticmethod
    def to_numpy(x: np.ndarray) -> np.ndarray:
        return x


class _TorchOps:
    """Array calls for the torch backend (CUDA, or the CPU's int8 mode)."""

    @staticmethod
    def array(a: np.ndarray, device: str) -> Any:
        return _torch().from_numpy(np.ascontiguousarray(a, dtype=np.float32)).to(device)

    @staticmethod
    def permute(x: Any, dims: tuple[int, ...]) -> Any:
        return x.permute(*dims).contiguous()

    @staticmethod
    def stats(xb: Any) -> tuple[Any, Any]:
        # float64 then float32: exact for quantised data
        x64 = xb.double()
        mean = x64.mean(-1)
        var = (x64 * x64).mean(-1) - mean * mean
        return mean.float(), var.clamp_(min=0).float()

    @staticmethod
    def topk(x: Any, k: int) -> tuple[np.ndarray, np.ndarray]:
        vals, idx = x.topk(k, dim=1)
        return vals.cpu().numpy(), idx.cpu().numpy()

    @staticmethod
    def to_numpy(x: Any) -> np.ndarray:
        return x.cpu().numpy()


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


def sandwich(x: np.ndarray, m: np.ndarray) -> np.ndarray:
    """``m @ x[i] @ m.T`` for every image of a stack ``(N, S, S)`` (float32), as two large
    matrix products instead of 2N small ones."""
    n, s, _ = x.shape
    m = np.asarray(m, np.float32)
    z = (np.ascontiguousarray(x, dtype=np.float32).reshape(n * s, s) @ m.T).reshape(n, s, -1)
    r = m.shape[0]
    w = (np.ascontiguousarray(z.transpose(0, 2, 1)).reshape(n * r, s) @ m.T).reshape(n, r, r)
    return np.ascontiguousarray(w.transpose(0, 2, 1))


def gaussian_blur(x: Any, sigma: float, ops: Any = _NumpyOps, device: str = "cpu") -> Any:
    """Blur a (N, S, S) array (numpy, or a torch tensor with ``ops=_TorchOps``) with a
    Gaussian of ``sigma`` px (mirror padding)."""
    if sigma <= 0 or x.shape[0] == 0:
        return x
    if ops is _NumpyOps:
        return sandwich(x, gaussian_matrix(x.shape[-1], sigma))
    g = ops.array(gaussian_matrix(x.shape[-1], sigma), device)
    return (g @ x) @ g.T


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

    ``precision``: ``"float32"`` computes in float (numpy on the CPU, torch on CUDA);
    ``"int8"`` (CPU, needs torch) quantises glyphs to 255 grey levels and takes the cross term
    from an exact integer matmul; ``"auto"`` is float32.
    """

    def __init__(self, templates: np.ndarray, window: int = 8, device: str = "cpu",
                 blur: float = 0.0, budget: int | None = None, precision: str = "auto") -> None:
        t = np.asarray(templates, dtype=np.float32)
        if t.ndim != 3 or t.shape[1] != t.shape[2] or t.shape[1] % window:
            raise DetactError(f"templates must be (T, S, S) with S divisible by {window}, "
                             f"got {t.shape}")
        if precision not in ("auto", "int8", "float32"):
            raise DetactError(f"precision must be 'auto', 'int8' or 'float32', got {precision!r}")
        self.device = resolve_device(device)
        if precision == "int8" and not int8_matmul_available(self.device):
            raise DetactError(f"int8 precision needs torch's int8 matmul on the CPU, "
                             f"not available on {self.device!r}")
        self.precision = "float32" if precision == "auto" else precision
        self.ops = _NumpyOps if self.device == "cpu" and self.precision == "float32" else _TorchOps
        self.backend = "numpy" if self.ops is _NumpyOps else "torch"
        self.size, self.window, self.blur = t.shape[1], window, blur
        # Elements per (windows, queries, templates) intermediate: small enough to stay in
        # a CPU cache, large on a GPU, which wants few big launches.
        self.budget = budget or ((1 << 26) if self.device.startswith("cuda") else (1 << 18))
        # In int8 mode every statistic is in grey levels, so the constants scale with them,
        # and means are shifted by OFFSET (the luminance term needs them unshifted).
        scale = LEVELS if self.precision == "int8" else 1.0
        self._offset = float(OFFSET) if self.precision == "int8" else 0.0
        self._c1, self._c2 = C1 * scale ** 2, C2 * scale ** 2
        y = self._prepare(self.ops.array(t, self.device))      # (W, T, n)
        self.n_templates = t.shape[0]
        self._my, self._vy = self.ops.stats(y)                  # (W, T) each, mean shifted
        self._ly = self._my + self._offset                       # luminance mean
        self._ly2 = self._ly * self._ly
        if self.precision == "int8":
            self._yq = y.to(_torch().int8).contiguous()         # (W, T, n)
        else:
            self._ybt = self.ops.permute(y, (0, 2, 1))          # (W, n, T)

    def _prepare(self, x: Any) -> Any:
        """Blur, quantise if int8, and split (N, S, S) into windows (W, N, w*w)."""
        x = gaussian_blur(x, self.blur, self.ops, self.device)
        if self.precision == "int8":
            x = _torch().round(x.clamp(0.0, 1.0) * LEVELS) - OFFSET
        n, s, w = x.shape[0], self.size, self.window
        g = s // w
        return self.ops.permute(x.reshape(n, g, w, g, w), (1, 3, 0, 2, 4)).reshape(g * g, n, w * w)

    def _cross(self, xb: Any, s: int, e: int) -> Any:
        """Sum of x*y over each window for all (query, template s..e) pairs: (W, N, e-s)."""
        if self.precision == "float32":
            return xb @ self._ybt[:, :, s:e]
        torch = _torch()
        out = torch.empty((xb.shape[0], xb.shape[1], e - s), dtype=torch.float32)
        for w in range(xb.shape[0]):  # a handful of windows; the matmul covers all pairs
            # The template block transposed is column-major: the layout _int_mm is fast on.
            out[w].copy_(torch._int_mm(xb[w], self._yq[w, s:e].T))
        return out

    def _chunks(self, queries: np.ndarray):
        """Yield (start, stop, ssim (N, stop-start)) over template chunks."""
        xb = self._prepare(self.ops.array(queries, self.device))  # (W, N, n)
        n = xb.shape[-1]
        mean, var = self.ops.stats(xb)
        if self.precision == "int8":
            xb = xb.to(_torch().int8).contiguous()
        mx = mean[:, :, None]                                    # (W, N, 1), shifted
        lx = mx + self._offset                                   # luminance mean
        vx_c2 = (var + self._c2)[:, :, None]
        lx2_c1 = lx * lx + self._c1
        windows = xb.shape[0]
        chunk = int(np.clip(self.budget // max(1, windows * xb.shape[1]), 64, self.n_templates))
        with nullcontext() if self.backend == "numpy" else _torch().no_grad():
            for s in range(0, self.n_templates, chunk):
                e = min(self.n_templates, s + chunk)
                # structure*contrast: (2 cov + C2) / (vx + vy + C2), cov = E[xy] - mx my
                cs = self._cross(xb, s, e)                       # (W, N, c)
                cs /= n
                cs -= mx * self._my[:, None, s:e]
                cs *= 2.0
                cs += self._c2
                cs /= vx_c2 + self._vy[:, None, s:e]
                # luminance: (2 mx my + C1) / (mx^2 + my^2 + C1)
                lum = lx * self._ly[:, None, s:e]
                lum *= 2.0
                lum += self._c1
                lum /= lx2_c1 + self._ly2[:, None, s:e]
                cs *= lum
                yield s, e, cs.sum(0) / windows

    def scores(self, queries: np.ndarray) -> np.ndarray:
        """Full (N, T) SSIM matrix."""
        out = np.empty((len(queries), self.n_templates), np.float32)
        if len(queries):
            for s, e, sc in self._chunks(queries):
                out[:, s:e] = self.ops.to_numpy(sc)
        return out

    def topk(self, queries: np.ndarray, k: int = 1) -> tuple[np.ndarray, np.ndarray]:
        """Indices and SSIM of the ``k`` best templates per query, best first: (N, k) each."""
        n, k = len(queries), min(k, self.n_templates)
        if n == 0:
            return np.zeros((0, k), np.int64), np.zeros((0, k), np.float32)
        vals, idx = [], []
        for s, e, sc in self._chunks(queries):
            v, i = self.ops.topk(sc, min(k, e - s))
            vals.append(v)
            idx.append(i + s)
        best, pos = _NumpyOps.topk(np.concatenate(vals, 1), k)
        return np.take_along_axis(np.concatenate(idx, 1), pos, 1).astype(np.int64), best.astype(np.float32)
