"""`Parser`: the screenshot-to-elements pipeline, with models loaded once and reused.

It only wires the stages together; each stage lives in its own module and is built in
`detact.build`:

    image -> text (text/) ---------------\\
          -> regions (segment/) ----------+-> merge (merge.py) -> icons and glyph reads
             (icons/glyphs.py) -> colors (color.py) -> roles, states, names, parents and
             containers (semantics/) -> elements numbered in reading order
"""
from __future__ import annotations

import time
from typing import Sequence

import numpy as np

from .boxes import reading_order
from .build import (OCR_ENGINES, SEGMENTERS, ParserOptions, make_icon_matcher, make_segmenter, make_semantics,
                    make_text_engine)
from .color import dominant_colors
from .elements import Elements, ParseResult
from .icons.columns import column_icons
from .icons.glyphs import label_icons, read_glyphs, subpixel_text
from .icons.context import folders_that_open
from .icons.swatches import with_colour_swatches
from .icons.vocabulary import distinct_icon_names
from .icons.window_controls import window_buttons
from .imageio import ImageInput, image_sha256, load_image, screen_scale
from .merge import glyphs_beside_icons, merge_layout
from .runtime import resolve_device
from .scale import guess_ui_scale, pixel_scale
from .segment.classical import RULED_SCORE, labelled_boxes
from .segment.fills import filled_fields, filled_plates, flat_components
from .segment.label_boxes import label_boxes
from .text.caret import fields_for_carets

__all__ = ["Parser", "parse", "ParserOptions", "OCR_ENGINES", "SEGMENTERS"]

#: Largest icon (px at scale 1) whose right edge a glyph cut off a label can be
#: (`merge.glyphs_beside_icons`): a file list's 32-48 px icons at HiDPI count.
ICON_MAX = 48


class Parser:
    """Parse screenshots into `Elements`.

    ocr: ``fast`` (default: PP-OCR detection + EasyOCR's recognizer on onnxruntime),
    ``easyocr`` (the paper's engine as shipped) or ``rapidocr``; segmenter: ``auto`` | ``cv`` |
    ``sam``; device: ``auto`` | ``cpu`` | ``cuda``; icons: label icons with the icon bank.
    ``notes`` lists what this parser runs without (e.g. no icon bank installed).
    """

    def __init__(self, ocr: str = "fast", segmenter: str = "auto", device: str = "auto", icons: bool = True,
                 semantics: bool = True):
        ParserOptions(ocr, segmenter, device, icons, semantics).check()
        self.device = resolve_device(device)
        # segmenter first: a missing SAM checkpoint fails before the OCR models load
        self.segmenter = make_segmenter(segmenter, self.device)
        self.text_engine = make_text_engine(ocr, self.device)
        self.icon_matcher, why = make_icon_matcher(self.device) if icons else (None, "")
        self.notes = list(self.text_engine.notes)
        if self.icon_matcher is not None:   # an IconRecognizer: says when it runs without its encoder
            self.notes += self.icon_matcher.notes
            self._icons_backend = self.icon_matcher.name
        else:
            self.notes += [f"icons are not labelled: {why}"] if why else []
            self._icons_backend = "none: " + why if why else "none"
        self.semantics = make_semantics(self.device) if semantics else None
        if self.semantics is not None:
            self.notes += self.semantics.notes

    @classmethod
    def from_options(cls, options: ParserOptions) -> "Parser":
        return cls(options.ocr, options.segmenter, options.device, options.icons, options.semantics)

    @property
    def backends(self) -> dict:
        return {"ocr": self.text_engine.name, "segmenter": self.segmenter.backend,
                "icons": self._icons_backend,
                "semantics": self.semantics.backend if self.semantics is not None else "none",
                "device": self.device}

    def parse(self, image: ImageInput) -> ParseResult:
        """Parse one image (path, bytes, PIL image or RGB numpy array; see `load_image`)."""
        return self.parse_batch([image])[0]

    def locate(self, image: ImageInput | ParseResult, query: str, k: int = 5):
        """The ``k`` elements a reference such as "the Save button" or "the trash icon" most
        likely means, best first (`detact.task.locate`); ``image`` may be a `ParseResult`
        already made, which is how an agent asks several questions about one screen."""
        from .task.locate import locate
        from .task.pipeline import function_describer

        result = image if isinstance(image, ParseResult) else self.parse(image)
        return locate(result, query, k, embedder=self._embedder(), describe=function_describer())

    def _embedder(self):
        """MiniLM for locate, loaded on first use (None when it cannot be: words only)."""
        if not hasattr(self, "_minilm"):
            from .errors import DetactError
            from .task.embedding import Embedder

            self._minilm = Embedder(self.device)
            try:
                self._minilm.encode(["warm up"])
            except DetactError as exc:
                self.notes.append(f"locate matches words only: {exc}")
                self._minilm = None
        return self._minilm

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
        if len(rgbs) > 1:
            t = time.perf_counter()
            regions = list(self.segmenter.segment_batch(rgbs))
            for tm in timings:
                tm["segment"] = (time.perf_counter() - t) * 1e3 / len(rgbs)
        return [self._parse_rgb(rgb, tm, t0, reg) for rgb, tm, t0, reg in zip(rgbs, timings, starts, regions)]

    def _parse_rgb(self, rgb: np.ndarray, timings: dict, t0: float, regions: Elements | None = None) -> ParseResult:
        elements, groups = self.leaves(rgb, timings, regions)
        elements = folders_that_open(elements)  # New, Open, Save: see `icons.context`
        containers = Elements()
        if self.semantics is not None:
            t = time.perf_counter()
            elements, containers = self.semantics.annotate(rgb, elements, groups, screen_scale(rgb.shape[1]))
            timings["semantics"] = (time.perf_counter() - t) * 1e3
        # last, when every name is known: an icon's guessed function does not take a word the
        # screen writes (a "Search" menu and the magnifier beside it; see `distinct_icon_names`)
        elements = distinct_icon_names(elements)
        timings["total"] = (time.perf_counter() - t0) * 1e3
        return ParseResult(rgb.shape[1], rgb.shape[0], image_sha256(rgb), elements, timings, self.backends,
                           containers, ui_scale=guess_ui_scale(elements))

    def leaves(self, rgb: np.ndarray, timings: dict | None = None,
               regions: Elements | None = None) -> tuple[Elements, np.ndarray]:
        """The pipeline up to the semantics stage on an RGB uint8 image: the elements,
        numbered in reading order, and the (G, 4) group boxes that held several of them."""
        timings = {} if timings is None else timings

        def timed(stage, fn, *args):  # run one stage, recording its wall time
            t = time.perf_counter()
            out = fn(*args)
            timings[stage] = (time.perf_counter() - t) * 1e3
            return out

        text = timed("text", self.text_engine.read, rgb)
        if regions is None:
            regions = timed("segment", self.segmenter.segment, rgb)
        # the icons found against a frame's rule stay when a label stands beside or under them
        # (see `segment.classical.glyphs_on_rules`)
        ruled = np.isclose(regions.score, RULED_SCORE)
        if ruled.any():
            keep = ~ruled
            keep[ruled] = labelled_boxes(regions.xyxy[ruled], text.xyxy[text.kind == "text"])
            regions = regions[keep]
        # Pixel sizes grow with the screen's scale told by its width: the thresholds and the
        # control classifier were fitted so, and a 2048 px capture at scale 2 told 2 lost roles
        # (the segmenter dropped its small glyphs). The search for borderless fields, the icon
        # stage and merge's glyph size take the scale the text tells (`scale.pixel_scale`): a
        # field there is 70 px tall, and a 36 px gear holds its hole as a stroke of one icon.
        scale = screen_scale(rgb.shape[1])
        # glyphs the text engine split off the front of a label are icon candidates too, unless
        # they are the edge of an icon the segmenter found
        from_text = text.kind == "region"
        glyphs = text[from_text]
        glyphs = glyphs[~glyphs_beside_icons(glyphs.xyxy, regions.xyxy, glyph_max=ICON_MAX * scale)]
        regions, text = Elements.concat([regions, glyphs]), text[~from_text]
        # ... and so are the spots down a list's icon column that hold ink but no icon yet
        # (pale file icons the segmenter missed; see `icons.columns`)
        wh = regions.xyxy[:, 2:] - regions.xyxy[:, :2]
        small = (wh.max(axis=1) <= ICON_MAX * scale) & (wh.max(axis=1) <= 2 * wh.min(axis=1))
        missed = column_icons(rgb, text.xyxy, regions.xyxy[small], scale)
        # ... and text fields and buttons drawn as a flat fill without a border (see `segment.fills`)
        flat, text_scale = flat_components(rgb), pixel_scale(rgb.shape[1], text)
        # ... and check boxes drawn too faintly for the segmenter's edges (see `segment.label_boxes`)
        faint = label_boxes(rgb, text.xyxy, np.concatenate([regions.xyxy, text.xyxy]), text_scale)
        missed = np.concatenate([missed.reshape(-1, 4), faint,
                                 filled_fields(rgb, text.xyxy, regions.xyxy, text_scale, flat),
                                 filled_plates(rgb, text.xyxy, regions.xyxy, text_scale, flat)])
        regions = Elements.concat([regions, Elements(missed, ["region"] * len(missed), score=[0.5] * len(missed))])
        layout = timed("merge", lambda: merge_layout(text, regions, glyph_max=24 * text_scale))
        # a focused empty field's caret read as "1" is the field, empty (see `text.caret`)
        layout.elements = fields_for_carets(rgb, layout.elements, scale)
        # an icon's size goes with the scale the text tells: on a 2048 px capture of a scale-2
        # screen a header bar's menu button is a 74 px plate
        # a short read drawn with subpixel anti-aliasing has colour fringes, and is no full-colour icon
        subpixel = subpixel_text(rgb, text)
        # icons labelled; a plate showing one flat rectangle of colour is a colour button (see `icons.swatches`)
        elements = timed("icons", lambda: with_colour_swatches(
            rgb, label_icons(rgb, layout.elements, self.icon_matcher, text_scale, subpixel), text_scale))
        elements = timed("glyphs", read_glyphs, rgb, elements, self.text_engine, subpixel, text_scale)
        # the title bar's minimize, maximize and close buttons, named by where they sit (see `window_controls`)
        if self.icon_matcher is not None:
            elements = window_buttons(rgb, elements, scale)
        elements = timed("color", lambda e: e.with_(color=dominant_colors(rgb, e.xyxy)), elements)
        # the leaves are final: number them in reading order
        return elements[reading_order(elements.xyxy)].numbered(), layout.groups


def parse(image: ImageInput, **parser_options) -> ParseResult:
    """Parse one image with a throw-away `Parser` (load models once with `Parser` for many)."""
    return Parser(**parser_options).parse(image)
