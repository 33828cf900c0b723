"""Label screen regions with the best-matching icon template (batched SSIM)."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import numpy as np

from ..errors import DetactError
from ..runtime import resolve_device, torch_threads
from .bank import IconBank, load_bank
from .index import DEFAULT_SHORTLIST, ShortlistSSIM
from .preprocess import GLYPH_MARGIN, box_glyphs, soften, soften_matrix, solid_glyphs
from .ssim import BlockSSIM

#: Default acceptance threshold on SSIM, calibrated on the synthetic icon set
#: (benchmarks/icons_quality.py): 0.976 label accuracy on 86 % of icons, 0.3 % of text
#: boxes accepted. The paper's 0.95 keeps only 66 % of re-rendered icons
#: (benchmarks/RESULTS_icons.md).
DEFAULT_THRESHOLD = 0.90
#: SSIM window side in pixels (templates are 32 px: a 2 x 2 grid of windows). Smaller
#: windows score text and unknown icons higher without ranking icons better
#: (benchmarks/RESULTS_icons.md).
DEFAULT_WINDOW = 16
#: Gaussian blur (sigma, px) applied to templates and regions alike before SSIM; it makes
#: the score tolerant to the half-pixel shifts and soft edges of small rendered icons.
DEFAULT_BLUR = 0.7
#: Ink sizes (px) for which softened template stacks are prepared. A region whose ink is
#: smaller than the template's is compared with templates softened to its nearest level.
DETAIL_LEVELS = (12, 15, 18, 21, 25)
#: torch CPU threads for the SSIM pass when it runs on torch (int8 mode). One: the pass is a
#: few dozen short ops, and on a busy 2-core machine torch's thread hand-offs made two threads
#: up to 6x slower than one (550 ms vs 83 ms median for 300 regions; on an idle machine two
#: save ~12 ms, see benchmarks/RESULTS_icons.md).
DEFAULT_CPU_THREADS = 1
#: Banks larger than this are searched through the coarse index on the CPU (the exhaustive
#: pass costs regions x templates SSIMs; see benchmarks/RESULTS_icons.md).
INDEX_MIN_TEMPLATES = 3000


_BLAS = None


@contextmanager
def single_blas_thread() -> Iterator[None]:
    """numpy's BLAS on one thread inside the block (threadpoolctl, a dependency of
    sentence-transformers; without it, a no-op). The SSIM pass is many small matrix products:
    on a busy 2-core machine BLAS thread hand-offs made it 3x slower (88 vs 26 ms for 50
    regions, benchmarks/RESULTS_icons.md)."""
    global _BLAS
    if _BLAS is None:
        try:
            from threadpoolctl import ThreadpoolController

            _BLAS = ThreadpoolController()
        except Exception:  # noqa: BLE001 - missing or broken: run as configured
            _BLAS = False
    if not _BLAS:
        yield
        return
    with _BLAS.limit(limits=1, user_api="blas"):
        yield


class IconMatcher:
    """Match regions of a screenshot against an :class:`IconBank`.

    ``threshold`` is the SSIM a match needs to be reported; ``device`` is ``"cpu"``,
    ``"cuda"`` or ``"auto"`` (CUDA when available); ``precision`` ``"auto"`` / ``"float32"``
    (numpy on the CPU: no torch import, torch on CUDA) or ``"int8"`` (CPU, torch's exact int8
    matmul); ``cpu_threads`` the torch threads of the int8 pass (None: torch's setting);
    ``index``: rank templates by a coarse feature and compute SSIM only for the best
    ``shortlist`` of each region (`index.ShortlistSSIM`; numpy CPU path only). None: on for
    banks of more than ``INDEX_MIN_TEMPLATES``.
    """

    def __init__(self, bank: IconBank | None = None, threshold: float = DEFAULT_THRESHOLD,
                 device: str = "auto", window: int = DEFAULT_WINDOW,
                 blur: float = DEFAULT_BLUR, cpu_threads: int | None = DEFAULT_CPU_THREADS,
                 precision: str = "auto", index: bool | None = None,
                 shortlist: int = DEFAULT_SHORTLIST) -> None:
        if not -1.0 <= float(threshold) <= 1.0:
            raise DetactError(f"icon threshold must lie in [-1, 1], got {threshold}")
        self.bank = bank if bank is not None else load_bank()
        if len(self.bank) == 0:
            raise DetactError("icon bank is empty")
        self.threshold = float(threshold)
        self.cpu_threads = cpu_threads
        glyphs = self.bank.glyphs()
        if precision not in ("auto", "int8", "float32"):
            raise DetactError(f"icon precision must be 'auto', 'int8' or 'float32', got {precision!r}")
        self.device = resolve_device(device)
        numpy_path = self.device == "cpu" and precision != "int8"
        self.indexed = bool(numpy_path and (len(self.bank) > INDEX_MIN_TEMPLATES if index is None else index))

        def engine(level: float | None):
            soft = None if level is None else soften_matrix(glyphs.shape[1], level, GLYPH_MARGIN)
            if self.indexed:   # the detail level folded into the template pass
                return ShortlistSSIM(glyphs, window=window, blur=blur, shortlist=shortlist, transform=soft)
            stack = glyphs if soft is None else soften(glyphs, level, GLYPH_MARGIN)
            return BlockSSIM(stack, window=window, device=self.device, blur=blur, precision=precision)

        self._full = engine(None)
        self.precision, self.backend = self._full.precision, self._full.backend
        self._levels = np.array(DETAIL_LEVELS, np.float32)
        self._soft = [engine(lv) for lv in DETAIL_LEVELS]

    def glyphs(self, rgb: np.ndarray, xyxy: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Canonical glyph images ``(N, S, S)`` of the boxes, their ink sizes in px and a
        mask of the non-blank ones."""
        return box_glyphs(rgb, xyxy, self.bank.size)

    def topk(self, rgb: np.ndarray, xyxy: np.ndarray, k: int = 1) -> tuple[np.ndarray, np.ndarray]:
        """Template indices ``(N, k)`` (-1 for blank regions) and their SSIM ``(N, k)``."""
        return self.topk_glyphs(*self.glyphs(rgb, xyxy), k=k)

    def topk_glyphs(self, g: np.ndarray, side: np.ndarray, ok: np.ndarray, k: int = 1
                    ) -> tuple[np.ndarray, np.ndarray]:
        """`topk` on glyphs already made by `glyphs` (``g`` ``(N, S, S)``, ink sizes ``side``
        ``(N,)``, non-blank mask ``ok`` ``(N,)``): indices and SSIM, ``(N, k)`` each."""
        k = max(1, min(int(k), len(self.bank)))
        idx = np.full((len(g), k), -1, np.int64)
        score = np.zeros((len(g), k), np.float32)
        if self.backend == "numpy":
            with single_blas_thread():
                return self._topk_glyphs(g, side, ok, k, idx, score)
        return self._topk_glyphs(g, side, ok, k, idx, score)

    def _topk_glyphs(self, g, side, ok, k: int, idx: np.ndarray, score: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray]:
        # Each region goes to the template stack softened like it (full detail when its
        # ink is about template-sized); one batched pass per stack in use.
        level = np.abs(side[:, None] - self._levels[None]).argmin(1)
        level[side >= self.bank.size - 2 * GLYPH_MARGIN - 1] = -1
        # Indexed: one coarse ranking for all regions (full-detail features), exact SSIM per level.
        shared = None
        if self.indexed and ok.any():
            sel_ok = np.flatnonzero(ok)
            x, cand = self._full.candidates(g[sel_ok], k)
            pos = np.full(len(g), -1, np.int64)
            pos[sel_ok] = np.arange(len(sel_ok))
            shared = (x, cand, pos)
        with torch_threads(self.cpu_threads if self.backend == "torch" and self.device == "cpu" else None):
            for lv in np.unique(level[ok]).tolist():
                sel = np.flatnonzero(ok & (level == lv))
                engine = self._full if lv < 0 else self._soft[lv]
                if shared is not None:
                    x, cand, pos = shared
                    idx[sel], score[sel] = engine.topk(g[sel], k, candidates=(x[pos[sel]], cand[pos[sel]]))
                else:
                    idx[sel], score[sel] = engine.topk(g[sel], k)
        return idx, score

    def match(self, rgb: np.ndarray, xyxy: np.ndarray) -> tuple[list[str], np.ndarray]:
        """For each box: the best template's name ("" below the threshold, or for a solid
        shape: `preprocess.solid_glyphs`) and its SSIM."""
        g, side, ok = self.glyphs(rgb, xyxy)
        idx, score = self.topk_glyphs(g, side, ok, 1)
        idx, score = idx[:, 0], score[:, 0]
        solid = solid_glyphs(g)
        names = [self.bank.names[i] if i >= 0 and s >= self.threshold and not flat else ""
                 for i, s, flat in zip(idx.tolist(), score.tolist(), solid.tolist())]
        return names, score

    def describe(self, name: str) -> str:
        """``"trash: delete, remove, garbage"``: a matched name with its tags."""
        return self.bank.describe(name)
