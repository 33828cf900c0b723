"""Builders for every pipeline stage, in one place: the parser and the CLI, the service and
the batch runner all make their stages here, from one `ParserOptions`."""
from __future__ import annotations

from dataclasses import asdict, dataclass

from .errors import DetactError, ModelUnavailable

OCR_ENGINES = ("fast", "easyocr", "rapidocr")
SEGMENTERS = ("auto", "cv", "sam")
DEVICES = ("auto", "cpu", "cuda")


@dataclass(frozen=True)
class ParserOptions:
    """How to build a `Parser`: text engine, segmenter, device, whether to label icons and
    whether to add roles, states, names and containers (the semantics stage).
    Every command takes these same options (`detact.commands.options`)."""

    ocr: str = "fast"
    segmenter: str = "auto"
    device: str = "auto"
    icons: bool = True
    semantics: bool = True

    def check(self) -> None:
        """Raise `DetactError` for a name no builder knows."""
        for value, known, what in ((self.ocr, OCR_ENGINES, "OCR engine"),
                                   (self.segmenter, SEGMENTERS, "segmenter")):
            if value not in known:
                raise DetactError(f"unknown {what} {value!r}; choose one of {', '.join(known)}")

    def as_kwargs(self) -> dict:
        """Keyword arguments for `Parser` (picklable, for worker processes)."""
        return asdict(self)


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


def make_icon_matcher(device: str):
    """The icon stage (an `IconRecognizer`: SSIM bank + learned encoder) and ``""``, or None
    and the reason it could not be built (the parse still works, without icon labels, and
    says why in its backends)."""
    try:
        from .icons import IconRecognizer
    except ImportError as exc:
        return None, f"icon module unavailable ({exc})"
    try:
        return IconRecognizer(device=device), ""
    except ModelUnavailable as exc:
        return None, str(exc)


def make_semantics(device: str):
    """The semantics stage (roles, states, names, containers); its ``notes`` say when the
    trained control classifier is missing and rules stand in."""
    from .semantics import Semantics

    return Semantics(device=device)
