"""Label screen regions with the best-matching icon template (batched SSIM)."""
from __future__ import annotations

import numpy as np

from ..errors import DetactError
from ..runtime import torch_threads
from .bank import IconBank, load_bank
from .preprocess import GLYPH_MARGIN, MIN_CONTRAST, region_glyph, soften
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


class IconMatcher:
    """Match regions of a screenshot against an :class:`IconBank`.

    ``threshold`` is the SSIM a match needs to be reported; ``device`` is ``"cpu"``,
    ``"cuda"`` or ``"auto"`` (CUDA when available); ``precision`` ``"auto"`` / ``"float32"``
    (numpy on the CPU: no torch import, torch on CUDA) or ``"int8"`` (CPU, torch's exact int8
    matmul); ``cpu_threads`` the torch threads of the int8 pass (None: torch's setting).
    """

    def __init__(self, bank: IconBank | None = None, threshold: float = DEFAULT_THRESHOLD,
                 device: str = "auto", window: int = DEFAULT_WINDOW,
                 blur: float = DEFAULT_BLUR, cpu_threads: int | None = DEFAULT_CPU_THREADS,
                 precision: str = "auto") -> None:
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
        self._full = BlockSSIM(glyphs, window=window, device=device, blur=blur, precision=precision)
        self.device, self.precision = self._full.device, self._full.precision
        self.backend = self._full.backend
        self._levels = np.array(DETAIL_LEVELS, np.float32)
        self._soft = [BlockSSIM(soften(glyphs, lv, GLYPH_MARGIN), window=window, device=self.device,
                                blur=blur, precision=self.precision) for lv in DETAIL_LEVELS]

    def glyphs(self, rgb: np.ndarray, xyxy: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Canonical glyph images ``(N, S, S)`` of the boxes, their ink sizes in px and a
        mask of the non-blank ones."""
        img, boxes = _check_inputs(rgb, xyxy)
        size = self.bank.size
        out = np.zeros((len(boxes), size, size), np.float32)
        side = np.zeros(len(boxes), np.float32)
        ok = np.zeros(len(boxes), bool)
        h, w = img.shape[:2]
        clipped = np.clip(boxes, 0, [w, h, w, h])
        # One small crop per region (not per pair): the SSIM below is a single batched pass.
        for i, (x0, y0, x1, y1) in enumerate(clipped.tolist()):
            if x1 - x0 < 2 or y1 - y0 < 2:
                continue
            g = region_glyph(img[y0:y1, x0:x1], size, GLYPH_MARGIN, MIN_CONTRAST)
            if g is not None:
                out[i], side[i], ok[i] = g[0], g[1], True
        return out, side, ok

    def topk(self, rgb: np.ndarray, xyxy: np.ndarray, k: int = 1) -> tuple[np.ndarray, np.ndarray]:
        """Template indices ``(N, k)`` (-1 for blank regions) and their SSIM ``(N, k)``."""
        g, side, ok = self.glyphs(rgb, xyxy)
        k = max(1, min(int(k), len(self.bank)))
        idx = np.full((len(g), k), -1, np.int64)
        score = np.zeros((len(g), k), np.float32)
        # Each region goes to the template stack softened like it (full detail when its
        # ink is about template-sized); one batched pass per stack in use.
        level = np.abs(side[:, None] - self._levels[None]).argmin(1)
        level[side >= self.bank.size - 2 * GLYPH_MARGIN - 1] = -1
        with torch_threads(self.cpu_threads if self.backend == "torch" and self.device == "cpu" else None):
            for lv in np.unique(level[ok]).tolist():
                sel = np.flatnonzero(ok & (level == lv))
                engine = self._full if lv < 0 else self._soft[lv]
                idx[sel], score[sel] = engine.topk(g[sel], k)
        return idx, score

    def match(self, rgb: np.ndarray, xyxy: np.ndarray) -> tuple[list[str], np.ndarray]:
        """For each box: the best template's name ("" below the threshold) and its SSIM."""
        idx, score = self.topk(rgb, xyxy, 1)
        idx, score = idx[:, 0], score[:, 0]
        names = [self.bank.names[i] if i >= 0 and s >= self.threshold else ""
                 for i, s in zip(idx.tolist(), score.tolist())]
        return names, score

    def describe(self, name: str) -> str:
        """``"trash: delete, remove, garbage"``: a matched name with its tags."""
        return self.bank.describe(name)


def _check_inputs(rgb: np.ndarray, xyxy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Validate the image (H, W[, 3|4]) and boxes (N, 4); return them as arrays."""
    img = np.asarray(rgb)
    if img.ndim == 3 and img.shape[2] == 4:
        img = img[:, :, :3]
    if img.ndim not in (2, 3) or (img.ndim == 3 and img.shape[2] != 3) or img.size == 0:
        raise DetactError(f"icon matcher needs an (H, W, 3) RGB image, got shape {img.shape}")
    if img.dtype != np.uint8:
        if not np.issubdtype(img.dtype, np.number):
            raise DetactError(f"icon matcher needs a numeric image, got dtype {img.dtype}")
        img = np.clip(img, 0, 255).astype(np.uint8)
    boxes = np.asarray(xyxy)
    if boxes.size == 0:
        return img, np.zeros((0, 4), np.int64)
    if boxes.ndim != 2 or boxes.shape[1] != 4:
        raise DetactError(f"boxes must be an (N, 4) array of x0, y0, x1, y1; got shape {boxes.shape}")
    if not np.issubdtype(boxes.dtype, np.number) or not np.isfinite(boxes).all():
        raise DetactError("boxes must hold finite numbers")
    return img, np.round(boxes).astype(np.int64)
