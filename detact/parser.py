"""`Parser`: the whole screenshot-to-elements pipeline, with models loaded once and reused."""
from __future__ import annotations

import time
from typing import Sequence

import numpy as np

from .color import dominant_colors
from .elements import Elements, ParseResult
from .errors import DetactError
from .home import resolve_device
from .imageio import ImageInput, image_sha256, load_image
from .boxes import coverage, reading_order
from .merge import merge

OCR_ENGINES = ("fast", "easyocr", "rapidocr")
SEGMENTERS = ("auto", "cv", "sam")
#: Glyph reads that replace an element: a text-less region, an unlabelled icon, and an unlabelled
#: icon read as one letter or digit (tuned on the dev corpus: "+/-" keys read at 0.6, checkbox
#: glyphs read as "0" at 0.6-0.8).
REGION_READ_CONFIDENCE = 0.4
ICON_READ_CONFIDENCE = 0.55
ICON_ONE_CHAR_CONFIDENCE = 0.8


def make_text_engine(name: str, device: str):
    """Build the named text engine (see `OCR_ENGINES`)."""
    if name == "fast":
        from .text.fast import FastTextEngine
        return FastTextEngine(device=device)
    if name == "easyocr":
        from .text.easyocr_engine import EasyOCREngine
        return EasyOCREngine(device=device)
    if name == "rapidocr":
        from .text.rapidocr_engine import RapidOCREngine
        return RapidOCREngine(device=device)
    raise DetactError(f"unknown OCR engine {name!r}; choose one of {', '.join(OCR_ENGINES)}")


def make_segmenter(name: str, device: str):
    """Build the named segmenter; ``auto`` is SAM when a checkpoint and a GPU are there."""
    if name not in SEGMENTERS:
        raise DetactError(f"unknown segmenter {name!r}; choose one of {', '.join(SEGMENTERS)}")
    if name in ("sam", "auto"):
        try:
            from .segment import sam
        except ImportError:
            sam = None
        if name == "sam":
            if sam is None:
                raise DetactError("the SAM backend is not available in this install")
            return sam.SamSegmenter(device=device)
        if sam is not None and sam.available(device):
            return sam.SamSegmenter(device=device)
    from .segment.classical import ClassicalSegmenter
    return ClassicalSegmenter()


def _make_icon_matcher(device: str):
    """The icon matcher, or None when the icon bank is not installed (parse still works)."""
    try:
        from .icons import IconMatcher, load_bank
    except ImportError:
        return None
    from .errors import ModelUnavailable
    try:
        return IconMatcher(load_bank(), device=device)
    except ModelUnavailable:
        return None


class Parser:
    """Parse screenshots into `Elements`.

    ocr: ``fast`` (default: PP-OCR detection + EasyOCR's recognizer on onnxruntime),
    ``easyocr`` (the paper's engine as shipped) or ``rapidocr``; segmenter: ``auto`` | ``cv`` |
    ``sam``; device: ``auto`` | ``cpu`` | ``cuda``; icons: match non-text regions against the
    icon bank.
    """

    def __init__(self, ocr: str = "fast", segmenter: str = "auto", device: str = "auto", icons: bool = True):
        self.device = resolve_device(device)
        # segmenter first: a missing SAM checkpoint fails before the OCR models load
        self.segmenter = make_segmenter(segmenter, self.device)
        self.text_engine = make_text_engine(ocr, self.device)
        self.icon_matcher = _make_icon_matcher(self.device) if icons else None

    @property
    def backends(self) -> dict:
        return {"ocr": self.text_engine.name, "segmenter": getattr(self.segmenter, "backend", self.segmenter.name),
                "icons": "ssim" if self.icon_matcher is not None else "none", "device": self.device}

    def parse(self, image: ImageInput) -> ParseResult:
        """Parse one image (path, bytes, PIL image or RGB numpy array; see `load_image`)."""
        return self.parse_batch([image])[0]

    def parse_batch(self, images: Sequence[ImageInput]) -> list[ParseResult]:
        """Parse several images with the models loaded once; a segmenter that can batch (SAM's
        image encoder) sees them all at once. A bad image raises `ImageError`; use
        ``detact batch`` to skip and report bad files instead."""
        starts, timings, rgbs = [], [], []
        for image in images:
            t0 = time.perf_counter()
            rgbs.append(load_image(image))
            starts.append(t0)
            timings.append({"load": (time.perf_counter() - t0) * 1e3})
        regions: list[Elements | None] = [None] * len(rgbs)
        if len(rgbs) > 1 and hasattr(self.segmenter, "segment_batch"):
            t = time.perf_counter()
            regions = list(self.segmenter.segment_batch(rgbs))
            for tm in timings:
                tm["segment"] = (time.perf_counter() - t) * 1e3 / len(rgbs)
        return [self._parse_rgb(rgb, tm, t0, reg) for rgb, tm, t0, reg in zip(rgbs, timings, starts, regions)]

    def _parse_rgb(self, rgb: np.ndarray, timings: dict, t0: float, regions: Elements | None = None) -> ParseResult:
        def timed(stage, fn, *args):  # run one stage, recording its wall time
            t = time.perf_counter()
            out = fn(*args)
            timings[stage] = (time.perf_counter() - t) * 1e3
            return out

        text = timed("text", self.text_engine.read, rgb)
        if regions is None:
            regions = timed("segment", self.segmenter.segment, rgb)
        # glyphs the text engine split off the front of a label are icon candidates too
        from_text = text.kind == "region"
        regions, text = Elements.concat([regions, text[from_text]]), text[~from_text]
        scale = 2 if rgb.shape[1] >= 2400 else 1
        elements = timed("merge", lambda: merge(text, regions, glyph_max=24 * scale))
        elements = timed("icons", self._label_icons, rgb, elements)
        elements = timed("glyphs", self._read_glyphs, rgb, elements)
        elements = timed("color", lambda e: e.with_(color=dominant_colors(rgb, e.xyxy)), elements)
        timings["total"] = (time.perf_counter() - t0) * 1e3
        return ParseResult(rgb.shape[1], rgb.shape[0], image_sha256(rgb), elements, timings, self.backends)

    def _label_icons(self, rgb: np.ndarray, elements: Elements) -> Elements:
        """Small square-ish regions become icons, labelled by the icon matcher when it is sure.
        A single-character read just left of a label goes through the matcher too: OCR reads
        many glyph icons as a letter or digit ("0" for an inbox tray), and a confident icon
        match wins over it. A lone character elsewhere (a key, a counter) stays text."""
        if not len(elements):
            return elements
        wh = elements.xyxy[:, 2:] - elements.xyxy[:, :2]
        scale = 2 if rgb.shape[1] >= 2400 else 1
        small_square = (wh.max(axis=1) <= 64 * scale) & (wh.max(axis=1) <= 2.0 * wh.min(axis=1))
        iconish = (elements.kind == "region") & small_square
        one_char = (elements.kind == "text") & np.array([len(t) <= 1 for t in elements.text], bool) & small_square
        one_char &= _leads_a_label(elements)
        kind, text = elements.kind.copy(), elements.text.copy()
        label, score = elements.label.copy(), elements.score.copy()
        kind[iconish] = "icon"
        candidates = iconish | one_char
        if self.icon_matcher is not None and candidates.any():
            names, scores = self.icon_matcher.match(rgb, elements.xyxy[candidates])
            names = np.array(names, dtype=object)
            idx = np.flatnonzero(candidates)
            matched = names != ""
            # regions take every result; one-character text only a confident match
            take = iconish[idx] | matched
            sel = idx[take]
            kind[sel], label[sel], score[sel], text[sel] = "icon", names[take], scores[take], ""
        return elements.with_(kind=kind, text=text, label=label, score=score)


    def _read_glyphs(self, rgb: np.ndarray, elements: Elements) -> Elements:
        """Short labels the text detector missed (a calculator key's "7", a lone "+"): the ink
        inside text-less regions and unlabelled icons is read directly, and a confident read
        replaces the element it came from. Unlabelled icons need a surer read, and a single
        letter or digit from one surer still: glyph icons read as one ("0" for a checkbox)."""
        read = getattr(self.text_engine, "read_glyphs", None)
        regions = elements.kind == "region"
        unlabelled = (elements.kind == "icon") & (elements.label == "")
        is_text = elements.kind == "text"
        if is_text.any():  # ink already read as text (a key's glyph box beside its read) is not read again
            holds_text = (coverage(elements.xyxy, elements.xyxy[is_text]) >= 0.5).any(axis=1)
            regions, unlabelled = regions & ~holds_text, unlabelled & ~holds_text
        if read is None or not (regions | unlabelled).any():
            return elements
        h, w = rgb.shape[:2]
        padded = elements.xyxy + np.array([-4, -4, 4, 4], np.int32)
        padded[:, [0, 2]] = np.clip(padded[:, [0, 2]], 0, w)
        padded[:, [1, 3]] = np.clip(padded[:, [1, 3]], 0, h)
        keep = np.ones(len(elements), bool)
        found_parts = []
        passes = ((regions, elements.xyxy, REGION_READ_CONFIDENCE, REGION_READ_CONFIDENCE),
                  (unlabelled, padded, ICON_READ_CONFIDENCE, ICON_ONE_CHAR_CONFIDENCE))
        for mask, boxes, min_conf, one_char_conf in passes:
            idx = np.flatnonzero(mask)
            if not len(idx):
                continue
            found = read(rgb, boxes[idx], min_confidence=min_conf)
            one_alnum = np.array([len(t) == 1 and t.isalnum() for t in found.text], bool)
            found = found[~one_alnum | (found.score >= one_char_conf)]
            if len(found):
                # each read lies inside the box it came from: that element is replaced by it
                keep[idx[coverage(boxes[idx], found.xyxy).argmax(axis=0)]] = False
                found_parts.append(found)
        if not found_parts:
            return elements
        merged = Elements.concat([elements[keep], *found_parts])
        return merged[reading_order(merged.xyxy)]


def _leads_a_label(elements: Elements) -> np.ndarray:
    """Per element: a text element starts within three of its heights to its right, on the
    same line."""
    b = elements.xyxy.astype(np.int64)
    h = np.maximum(b[:, 3] - b[:, 1], 1)
    cy = (b[:, 1] + b[:, 3]) // 2
    gap = b[None, :, 0] - b[:, None, 2]  # [i, j]: how far j starts right of i's end
    same_line = np.abs(cy[:, None] - cy[None, :]) * 2 < h[:, None]
    is_text = (elements.kind == "text")[None, :]
    return (same_line & is_text & (gap > -2) & (gap < 3 * h[:, None])).any(axis=1)


def parse(image: ImageInput, **parser_options) -> ParseResult:
    """Parse one image with a throw-away `Parser` (load models once with `Parser` for many)."""
    return Parser(**parser_options).parse(image)
