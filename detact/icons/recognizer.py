"""The parser's icon stage: what each icon box *does*.

Two models, loaded once, read the same glyph of each box (``preprocess.box_glyphs``):

1. **SSIM against the template bank** (the paper's method): a box whose best template scores
   at least ``ssim_threshold`` is an exact match and takes that template's function
   (``source="ssim"``, ``icon="set:name"`` of the template).
2. **The learned encoder** labels every other box with its most probable function, or
   abstains (empty function) when that probability is under the threshold calibrated at
   training or 'not an icon' is likelier (``source="encoder"``).
3. A near match (SSIM under ``SSIM_SURE``) whose function the encoder surely denies (it names
   another with at least ``ENCODER_OVERRIDE``) takes the encoder's function and keeps its
   template in ``icon`` (``source="ssim+encoder"``): the box is a bank icon's look-alike.

Without the encoder file the recognizer runs SSIM alone and says why in ``notes``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..errors import ModelUnavailable
from .bank import IconBank, load_bank
from .encoder import EncoderOutput, IconEncoder
from .matcher import IconMatcher
from .preprocess import box_glyphs, solid_glyphs

#: SSIM at which a bank template counts as the box's icon (an exact match): the matcher's
#: 0.90 (3 % of text crops pass). ``benchmarks/icons_quality.py --calibrate`` on validation
#: renders of the training sets prefers 0.98 (combined top-1 0.835 vs 0.801: there, near matches
#: are other sets' look-alikes), but on real desktops the bank holds the apps' own theme drawn
#: at other sizes, and 0.98 cost dev2 3.6 points of ground_iconbtn; see RESULTS_icons.md.
SSIM_THRESHOLD = 0.90

#: An exact match under ``SSIM_SURE`` gives way to the encoder when the encoder names another
#: function with at least ``ENCODER_OVERRIDE``: at 0.90-0.96 a template of another theme can
#: share the glyph's outline (elementary-xfce's round web camera took a red octagon, "stop", at
#: 0.953 while the encoder said stop at 0.97). A template that close to pixel-exact, or an
#: encoder less sure, leaves the match as it is.
SSIM_SURE = 0.97
ENCODER_OVERRIDE = 0.90


@dataclass(frozen=True)
class IconLabels:
    """Per box: ``function`` (vocabulary id, "" = abstain or blank), ``icon`` ("set:name" of
    the matched template, "" when the encoder decided), ``score`` (SSIM or encoder
    probability), ``source`` ("ssim", "encoder", "ssim+encoder": a template matched and the
    encoder overruled its function, or "")."""

    function: list[str]
    icon: list[str]
    score: np.ndarray
    source: list[str]

    def __len__(self) -> int:
        return len(self.function)

    def bank_matched(self) -> np.ndarray:
        """(N,) bool: boxes a bank template matched exactly, whoever named the function."""
        return np.array([s.startswith("ssim") for s in self.source], bool)


class IconRecognizer:
    """SSIM bank matcher + learned encoder (see the module docstring).

    device: ``cpu`` / ``cuda`` / ``auto``; bank: an `IconBank`, a folder holding one, or None
    (the bundled bank); encoder: True (the bundled model; missing -> SSIM only), False, a path
    or an `IconEncoder`; ssim_threshold: exact-match SSIM; abstain: encoder probability under
    which it gives no function (None: the model's calibrated value).
    """

    def __init__(self, device: str = "cpu", bank=None, encoder=True,
                 ssim_threshold: float = SSIM_THRESHOLD, abstain: float | None = None) -> None:
        bank = bank if isinstance(bank, IconBank) else load_bank(bank)
        self.matcher = IconMatcher(bank, threshold=ssim_threshold, device=device)
        self.bank = bank
        self.ssim_threshold = float(ssim_threshold)
        self.notes: list[str] = []
        self.encoder: IconEncoder | None = None
        if isinstance(encoder, IconEncoder):
            self.encoder = encoder
        elif encoder:
            try:
                self.encoder = IconEncoder(None if encoder is True else encoder, device=device)
            except ModelUnavailable as exc:
                self.notes.append(f"icon encoder not used ({exc}); icons are named by SSIM only")
        self.abstain = float(abstain) if abstain is not None else (
            self.encoder.threshold if self.encoder is not None else 1.0)
        self.name = "ssim+encoder" if self.encoder is not None else "ssim"
        self._functions = np.array(bank.functions, dtype=object)
        self._embedder = None

    # ------------------------------------------------------------ shared passes

    def _glyphs(self, rgb: np.ndarray, xyxy: np.ndarray):
        return box_glyphs(rgb, xyxy, self.bank.size)

    def _ssim(self, g, side, ok, k: int = 1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """SSIM top-``k`` templates ``(N, k)``, scores ``(N, k)`` and the exact-match mask (a
        solid shape is never an exact match: `preprocess.solid_glyphs`)."""
        idx, score = self.matcher.topk_glyphs(g, side, ok, k)
        fn = self._functions[np.maximum(idx[:, 0], 0)]
        exact = ok & (idx[:, 0] >= 0) & (score[:, 0] >= self.ssim_threshold) & (fn != "") & ~solid_glyphs(g)
        return idx, score, exact

    def _encode(self, g: np.ndarray, mask: np.ndarray) -> EncoderOutput | None:
        return None if self.encoder is None else self.encoder.run_glyphs(g, mask)

    # ------------------------------------------------------------ API

    def label(self, rgb: np.ndarray, xyxy: np.ndarray) -> IconLabels:
        """One function per box ``(N, 4)``: exact bank matches first, the encoder for the rest."""
        g, side, ok = self._glyphs(rgb, xyxy)
        idx, sc, exact = self._ssim(g, side, ok)
        return self._decide(idx, sc, exact, self._encode(g, ok & ~(exact & (sc[:, 0] >= SSIM_SURE))))

    def _decide(self, idx: np.ndarray, sc: np.ndarray, exact: np.ndarray,
                out: EncoderOutput | None) -> IconLabels:
        """Labels from the SSIM top-1 (``idx``/``sc`` ``(N, k)``, ``exact`` ``(N,)``) and the
        encoder's output on (at least) the boxes that are not exact matches."""
        n = len(idx)
        function, icon, source = [""] * n, [""] * n, [""] * n
        score = np.zeros(n, np.float32)
        for i in np.flatnonzero(exact).tolist():
            t = int(idx[i, 0])
            function[i], icon[i], source[i] = self.bank.functions[t], self.bank.icon_id(t), "ssim"
            score[i] = sc[i, 0]
        if out is not None:
            best = out.probs.argmax(axis=1)
            p = out.probs[np.arange(n), best]
            # an overruled match keeps its template in ``icon``: the box is that bank icon's
            # look-alike, so an icon, not a glyph to read as a letter
            for i in np.flatnonzero(self._overruled(idx, sc, exact, out)).tolist():
                function[i], source[i], score[i] = self.encoder.functions[best[i]], "ssim+encoder", p[i]
            sure = out.ok & ~exact & (p >= self.abstain) & (p > out.none)
            for i in np.flatnonzero(sure).tolist():
                function[i], source[i], score[i] = self.encoder.functions[best[i]], "encoder", p[i]
        return IconLabels(function, icon, score, source)

    def _overruled(self, idx: np.ndarray, sc: np.ndarray, exact: np.ndarray,
                   out: EncoderOutput | None) -> np.ndarray:
        """``(N,)`` exact matches the encoder overrules (``SSIM_SURE``, ``ENCODER_OVERRIDE``)."""
        if out is None:
            return np.zeros(len(idx), bool)
        best = out.probs.argmax(axis=1)
        p = out.probs[np.arange(len(idx)), best]
        ssim_fn = np.array([self.bank.functions[max(int(t), 0)] for t in idx[:, 0]], dtype=object)
        enc_fn = np.array(self.encoder.functions, dtype=object)[best]
        return (exact & out.ok & (sc[:, 0] < SSIM_SURE) & (p >= ENCODER_OVERRIDE)
                & (p > out.none) & (enc_fn != ssim_fn))

    def identify(self, rgb: np.ndarray, xyxy: np.ndarray, k: int = 5) -> list[list[tuple[str, float]]]:
        """Top-``k`` ``(function, score)`` per box, best first. An exact bank match leads with
        its function (score = SSIM); the encoder's probabilities fill the rest. Without the
        encoder: the functions of the best SSIM templates."""
        g, side, ok = self._glyphs(rgb, xyxy)
        idx, sc, exact = self._ssim(g, side, ok, k=max(4 * k, 16))
        out = self._encode(g, ok)
        exact = exact & ~self._overruled(idx, sc, exact, out)
        ranked = self.encoder.top(out, len(self.encoder.functions)) if out is not None else None
        result = []
        for i in range(len(g)):
            items: list[tuple[str, float]] = []
            if exact[i]:
                items.append((self.bank.functions[int(idx[i, 0])], float(sc[i, 0])))
            pool = ranked[i] if ranked is not None else [
                (self.bank.functions[t], float(s)) for t, s in zip(idx[i].tolist(), sc[i].tolist()) if t >= 0]
            for f, s in pool:
                if len(items) >= k:
                    break
                if f and all(f != have for have, _ in items):
                    items.append((f, s))
            result.append(items if ok[i] else [])
        return result

    def embeddings(self, rgb: np.ndarray, xyxy: np.ndarray) -> np.ndarray:
        """Unit icon embeddings ``(N, 384)`` in MiniLM space (zeros without the encoder or for
        blank boxes)."""
        g, _, ok = self._glyphs(rgb, xyxy)
        out = self._encode(g, ok)
        return out.embeddings if out is not None else np.zeros((len(g), 384), np.float32)

    def word_scores(self, rgb: np.ndarray, xyxy: np.ndarray, texts: Sequence[str]) -> np.ndarray:
        """``(N boxes, len(texts))`` cosine of each icon with each text: the larger of the icon
        embedding's and (for labelled boxes) its function's words' MiniLM cosine with the text."""
        texts = [str(t) for t in texts]
        g, side, ok = self._glyphs(rgb, xyxy)
        if not len(g) or not texts:
            return np.zeros((len(g), len(texts)), np.float32)
        idx, sc, exact = self._ssim(g, side, ok)
        out = self._encode(g, ok)
        labels = self._decide(idx, sc, exact, out)
        embedder = self._text_embedder()
        t = embedder.encode(texts)
        scores = out.embeddings @ t.T if out is not None else np.zeros((len(g), len(texts)), np.float32)
        named = [i for i, f in enumerate(labels.function) if f]
        if named:
            words = embedder.encode([self.bank.describe(labels.function[i]) for i in named])
            scores[named] = np.maximum(scores[named], words @ t.T)
        return scores.astype(np.float32)

    def _text_embedder(self):
        if self._embedder is None:
            from ..task.embedding import Embedder

            self._embedder = Embedder(device="cpu")
        return self._embedder
