"""Block SSIM against a large template bank through a coarse index (CPU, numpy).

Comparing every region with every template costs ``regions x templates`` SSIMs; with a bank
of ten thousand templates that is most of the icon stage. The index first ranks all
templates by the cosine of a coarse feature (the blurred glyph averaged over 4 x 4 px
cells: 64 numbers, centred, unit length) -- one small matrix product -- and computes the exact
block SSIM (same windows, blur and constants as `BlockSSIM`) only for the ``shortlist`` best
candidates of each region. Coarse shape agreement is necessary for a high SSIM, so the best
SSIM template is (almost always) among them: `benchmarks/RESULTS_icons.md` measures how often
the indexed top-1 equals the exhaustive one.
"""
from __future__ import annotations

import numpy as np

from ..errors import DetactError
from .ssim import C1, C2, gaussian_blur, gaussian_matrix, sandwich

#: Candidates per region that get an exact SSIM.
DEFAULT_SHORTLIST = 96
#: Side of the coarse feature grid (cells of ``size / COARSE`` px).
COARSE = 8


def coarse_features(x: np.ndarray, grid: int = COARSE) -> np.ndarray:
    """``(N, grid * grid)`` unit vectors: blurred glyphs ``(N, S, S)`` averaged over cells,
    centred (a blank glyph gives zeros)."""
    n, s = x.shape[0], x.shape[1]
    pool = np.kron(np.eye(grid, dtype=np.float32), np.full((1, s // grid), grid / s, np.float32))
    f = sandwich(x, pool).reshape(n, -1)
    f = f - f.mean(axis=1, keepdims=True)
    norm = np.linalg.norm(f, axis=1, keepdims=True)
    return (f / np.maximum(norm, 1e-6)).astype(np.float32)


def _windows(x: np.ndarray, window: int) -> np.ndarray:
    """Split ``(N, S, S)`` into ``(W, N, w*w)`` windows."""
    n, s = x.shape[0], x.shape[1]
    g = s // window
    return np.ascontiguousarray(
        x.reshape(n, g, window, g, window).transpose(1, 3, 0, 2, 4).reshape(g * g, n, window * window))


def _stats(xb: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Mean and variance over the last axis (float32 matrix products: data in [0, 1], so the
    rounding error is far below SSIM's constants)."""
    ones = np.full((xb.shape[-1], 1), 1.0 / xb.shape[-1], np.float32)
    mean = (xb @ ones)[..., 0]
    var = np.maximum(((xb * xb) @ ones)[..., 0] - mean * mean, 0.0)
    return mean, var


class ShortlistSSIM:
    """Block SSIM of queries against a template stack ``(T, S, S)`` in [0, 1], exact on each
    query's ``shortlist`` coarse nearest templates; the same ``topk`` contract as `BlockSSIM`."""

    backend = "numpy"
    precision = "float32"
    device = "cpu"

    def __init__(self, templates: np.ndarray, window: int = 16, blur: float = 0.0,
                 shortlist: int = DEFAULT_SHORTLIST, transform: np.ndarray | None = None) -> None:
        """``transform``: an ``(S, S)`` matrix ``M`` applied to every template as
        ``M @ t @ M.T`` before the blur (the matcher's detail levels), folded into one pass."""
        t = np.asarray(templates, dtype=np.float32)
        if t.ndim != 3 or t.shape[1] != t.shape[2] or t.shape[1] % window or t.shape[1] % COARSE:
            raise DetactError(f"templates must be (T, S, S) with S divisible by {window} and "
                              f"{COARSE}, got {t.shape}")
        self.window, self.blur, self.size = window, blur, t.shape[1]
        self.n_templates = t.shape[0]
        self.shortlist = max(1, min(int(shortlist), self.n_templates))
        g = gaussian_matrix(self.size, blur) if blur > 0 else np.eye(self.size, dtype=np.float32)
        y = sandwich(t, g @ transform if transform is not None else g)
        self._features = coarse_features(y)                 # (T, D)
        self._y = _windows(y, window)                         # (W, T, n)
        self._my, self._vy = _stats(self._y)                  # (W, T)

    def candidates(self, queries: np.ndarray, k: int = 1) -> tuple[np.ndarray, np.ndarray]:
        """The blurred queries ``(N, S, S)`` and each one's ``max(k, shortlist)`` coarse nearest
        templates ``(N, m)``. Softening barely moves the coarse features, so the full-detail
        stack's candidates serve every detail level (`IconMatcher` ranks once per call)."""
        x = gaussian_blur(np.asarray(queries, np.float32), self.blur)
        n, m = len(x), max(min(int(k), self.n_templates), self.shortlist)
        if m >= self.n_templates:
            return x, np.broadcast_to(np.arange(self.n_templates), (n, self.n_templates))
        sims = coarse_features(x) @ self._features.T          # (N, T)
        return x, np.argpartition(-sims, m - 1, axis=1)[:, :m]

    def topk(self, queries: np.ndarray, k: int = 1, candidates: tuple[np.ndarray, np.ndarray] | None = None
             ) -> tuple[np.ndarray, np.ndarray]:
        """Indices and SSIM of the ``k`` best templates per query, best first: ``(N, k)`` each.
        ``candidates``: `candidates` of these queries (from this or another detail level)."""
        n, k = len(queries), min(int(k), self.n_templates)
        if n == 0:
            return np.zeros((0, k), np.int64), np.zeros((0, k), np.float32)
        x, cand = candidates if candidates is not None else self.candidates(queries, k)
        score = self._ssim(_windows(x, self.window), cand)   # (N, m)
        top = np.argsort(-score, axis=1, kind="stable")[:, :k]
        return (np.take_along_axis(cand, top, 1).astype(np.int64),
                np.take_along_axis(score, top, 1).astype(np.float32))

    def _ssim(self, xb: np.ndarray, cand: np.ndarray) -> np.ndarray:
        """SSIM ``(N, m)`` of query windows ``(W, N, n)`` with their candidates ``(N, m)``."""
        mx, vx = _stats(xb)                                   # (W, N)
        total = np.zeros(cand.shape, np.float32)
        for w in range(xb.shape[0]):                          # 4 windows; pairs are batched
            yw = self._y[w][cand]                             # (N, m, n)
            cross = np.matmul(yw, xb[w][:, :, None])[:, :, 0] / xb.shape[2]
            my, vy = self._my[w][cand], self._vy[w][cand]
            mxw, vxw = mx[w][:, None], vx[w][:, None]
            cs = (2.0 * (cross - mxw * my) + C2) / (vxw + vy + C2)
            lum = (2.0 * mxw * my + C1) / (mxw * mxw + my * my + C1)
            total += cs * lum
        return total / xb.shape[0]
