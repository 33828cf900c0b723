"""The parser's icon stage: which merged elements are icons, what the icon matcher calls
them, and the short labels read straight from the ink of text-less boxes (a calculator key's
"7", a lone "+") that line detection misses.

Rules (all vectorised over the element list):
1. A small, square-ish region (longest side <= 64 px at scale 1, at most 2:1) is an icon.
2. Icons go through the recognizer and take its label (the function) when it is sure; a
   small read of one or two characters goes through it too (OCR reads many glyph icons as a
   letter or digit: "Q" for a magnifier, "X" for close, "0" for an inbox tray, "88" for a
   grid's four squares) and becomes that icon only on an exact bank match (SSIM), so a key's
   "7", "10" or "+" stays text. A small read of one or two characters is an icon whatever
   the recognizer says when its ink is in several colours (`multicoloured`: text is drawn in
   one colour; a full-colour toolbar icon read as "0" or "8" is not; on a screen drawn with
   subpixel anti-aliasing, `subpixel_text`, a stem's orange and blue fringes are not colours
   of their own: "PM", "1%" stay text), and when it has no
   letter or digit ("<^", "@") and the recognizer names a function with at least
   `ENCODER_SURE`, or it reads as two bars or rings ("00", "II": `PAUSE_READS`) and the
   recognizer surely names it pause, and when it is one or two characters among a toolbar's
   icons as in rule 3 (no plate of its own, two or more icons beside it on its row, no word
   beside it) and the recognizer surely names a function: a flat "new" (document) icon read as "D" or
   "C+", a folder as "B". A region too flat for rule 1 lying across a row of
   icons or short reads (`toolbar_dashes`: a toolbar's "-") is an icon on an exact bank match. A
   short read with an icon-sized frame of its own (`icon_frames`) is looked up on that frame too
   by an `IconRecognizer`, and the surer answer counts (the read may box only the icon's inner glyph). A small region or short
   read between two words of its line (`between_words`: the "=" of "width = 70", a comment's
   "#" after code) is no icon: a read stays text, a region is left to rule 3; nor is a bracket read
   after a line's last run (`closing_brackets`: the "{" of "if (x) {").
3. Text-less regions and unlabelled icons whose ink is not already read as text are read as
   glyphs; a confident read (not one or two characters in several colours, as in rule 2)
   replaces the element it came from. Unlabelled icons need a surer
   read, and a single letter or digit from one surer still: glyph icons read as one ("0" for
   a checkbox). Icons the encoder named (no bank match) are read too: a confident read makes
   them text, keeping the function as the label when the encoder was sure (`ENCODER_SURE`) --
   except a sure guess with no plate of its own, two or more icons beside it on its row
   (`icon_neighbours`) and no word (`beside_words`): a toolbar's flat "new" (document) icon reads as "D",
   its magnifier as "Q", while a keypad's "=" (which the encoder may take for a drag handle) is
   drawn on a key and the "<" of "< Back" stands beside its word -- and except a sure guess of a
   check box, radio or switch (`CONTROL_GLYPHS`), a tick or a pop-up button's up and down
   arrows (`UNREAD_GLYPHS`: read "Y" and "4" in Qt's Cleanlooks). A read whose window reached
   into the letters of a text run beside it (`reaches_into`) is no read of the glyph, and an
   icon read as a lone "@" (`ICON_READS`: a circular arrow) stays an icon.
"""
from __future__ import annotations

import re

import cv2
import numpy as np

from ..boxes import coverage, reading_order
from ..elements import Elements
from ..text.caret import field_carets
from ..text.fast import ink_inside
from ..text.split import to_gray, triangles_in
from .vocabulary import digit_lookalike, digit_lookalike_icons

#: Glyph reads that replace an element: a text-less region, an unlabelled icon, and an unlabelled
#: icon read as one letter or digit (tuned on the dev corpus: "+/-" keys read at 0.6, checkbox
#: glyphs read as "0" at 0.6-0.8).
REGION_READ_CONFIDENCE = 0.4
ICON_READ_CONFIDENCE = 0.55
ICON_ONE_CHAR_CONFIDENCE = 0.8
#: Encoder probability from which a guessed function stays on as the label of the text a
#: confident glyph read makes of the icon (under it the read replaces the guess).
ENCODER_SURE = 0.5
#: What an icon's glyph reads as and no text is (rule 3): a circular arrow (reload, revert, redo)
#: read as "@" stays an icon.
ICON_READS = frozenset({"@"})
#: Functions that are a control's indicator, not a glyph to read (rule 3).
CONTROL_GLYPHS = frozenset({"checkbox", "radio button", "toggle"})
#: ... and marks no letter is drawn like, read as one all the same (rule 3).
UNREAD_GLYPHS = frozenset({"check", "sort"})
#: Longest side of an icon at scale 1, in px.
ICON_MAX_SIDE = 64
#: How a pause glyph's two bars read as text ("00", "II", "||"): such a read is the pause icon
#: when the recognizer says so surely (rule 2).
PAUSE_READS = re.compile(r"[0OoIl1|!]{2}")


#: `multicoloured`: how far (RGB distance) from the background a pixel is ink, how far off the
#: background-to-ink line a colour of its own, and how many solid ink pixels a box needs.
INK_STEP = 48.0
OFF_LINE = 56.0
MIN_CORE = 12
#: ... and how close (RGB distance) two neighbouring columns' colours are to be one colour held.
SAME_COLOUR = 80.0


def _colour_shares(rgb: np.ndarray, boxes: np.ndarray, ink: float, off_line: float, min_core: int,
                   same: float | None, fringes: bool = False) -> np.ndarray:
    """(N,) share of the solid ink inside each box (N, 4) that lies off the one-colour line
    (`multicoloured`), NaN for boxes too small to say; with ``same`` (px of RGB distance), only
    colours no subpixel blend of the ink makes, or that hold across two columns, count; with
    ``fringes`` (and ``same``), only the others: subpixel colour fringes."""
    out = np.full(len(boxes), np.nan)
    kernel = np.ones((3, 3), np.uint8)
    for i, (x0, y0, x1, y1) in enumerate(np.asarray(boxes, np.int64).tolist()):
        crop = rgb[max(y0, 0):y1, max(x0, 0):x1].astype(np.float32)
        h, w = crop.shape[:2]
        if h < 6 or w < 6:
            continue
        bg = np.median(np.concatenate([crop[0], crop[-1], crop[:, 0], crop[:, -1]]), axis=0)
        inner = crop[h * 15 // 100:h - h * 15 // 100, w * 15 // 100:w - w * 15 // 100] - bg
        dist = np.linalg.norm(inner, axis=2)
        is_ink = dist > ink
        core = cv2.erode(is_ink.astype(np.uint8), kernel).astype(bool)
        if core.sum() < min_core:
            continue
        v = inner[is_ink][np.argmax(dist[is_ink])]               # the ink colour, from the background
        t = np.clip(inner @ v / float(v @ v), 0.0, 1.0)
        coloured = np.linalg.norm(inner - t[..., None] * v, axis=2) > off_line
        if same is not None:
            pair = coloured[:, 1:] & coloured[:, :-1] & (np.linalg.norm(inner[:, 1:] - inner[:, :-1], axis=2) <= same)
            held = np.zeros_like(coloured)
            held[:, 1:] |= pair
            held[:, :-1] |= pair
            blends = subpixel_blends(inner, v)
            coloured = coloured & blends & ~held if fringes else (coloured & ~blends) | held
        out[i] = coloured[core].mean()
    return out


def multicoloured(rgb: np.ndarray, boxes: np.ndarray, ink: float = INK_STEP, off_line: float = OFF_LINE,
                  min_core: int = MIN_CORE, share: float = 0.2, subpixel: bool = False,
                  same: float = SAME_COLOUR) -> np.ndarray:
    """(N,) bool: the ink inside each box (N, 4) is drawn in more than one colour.

    Text is one colour blended into the background by anti-aliasing, so every pixel lies on
    the RGB segment from the background (median of the box's border) to the ink colour
    farthest from it. A box is multicoloured when at least ``share`` of its solid ink (pixels
    farther than ``ink`` from the background whose 3x3 neighbours are ink too: stroke edges do
    not count) lies more than ``off_line`` away from that segment. On a screen drawn with
    subpixel anti-aliasing (``subpixel``, `subpixel_text`) each of a pixel's R, G and B stripes
    blends on its own, and a stem of text 2-3 px wide comes out orange on one side and blue on
    the other: there a colour counts only where no such blend makes it (`subpixel_blends`) or
    where it holds across two columns (within ``same``), as an icon's fill does. The outer 15 %
    of the box is left out (a neighbour's edge or an underline often runs along it); boxes
    under 6 px a side, or with fewer than ``min_core`` solid ink pixels, are not."""
    shares = _colour_shares(rgb, boxes, ink, off_line, min_core, same if subpixel else None)
    return np.nan_to_num(shares, nan=0.0) >= share


def subpixel_blends(inner: np.ndarray, ink: np.ndarray, reach: float = 0.15, flat: float = 24.0) -> np.ndarray:
    """(H, W) bool: the pixels of ``inner`` (H, W, 3; colours minus the background's) that
    subpixel anti-aliasing of the one ``ink`` colour (3,; minus the background's) can make: each
    channel blends background and ink by its own share in [0, 1] (within ``reach``), and the
    shares of R, G and B, three stripes side by side across a stroke's edge, rise or fall in
    that order (G's share lies between R's and B's). A channel in which ink and background
    differ by less than ``flat`` holds no share; its value must stay near both."""
    valid = np.ones(inner.shape[:2], bool)
    shares = []
    for c in range(3):
        if abs(float(ink[c])) < flat:
            valid &= np.abs(inner[..., c]) <= 2 * flat
            shares.append(None)
            continue
        share_c = inner[..., c] / float(ink[c])
        valid &= (share_c >= -reach) & (share_c <= 1 + reach)
        shares.append(share_c)
    r, g, b = shares
    if r is not None and g is not None and b is not None:
        valid &= (r - g) * (g - b) >= -reach * reach
    return valid


def subpixel_text(rgb: np.ndarray, elements: Elements, sample: int = 32, fringed: float = 0.02,
                  words_share: float = 1 / 3, min_words: int = 3) -> bool:
    """Whether the screen's text is drawn with subpixel anti-aliasing (ClearType, FreeType's LCD
    filter): of the ``sample`` surest text runs of four or more letters or digits, at least
    ``words_share`` (and ``min_words``) have ``fringed`` of their solid ink or more in colour
    fringes: off the one-colour line (`multicoloured`'s measure), made by a per-stripe blend of
    the ink (`subpixel_blends`) and changing from one column to the next. Grey anti-aliasing
    leaves plain text on that line, and a run in two colours (a code line's keyword and name)
    holds each colour across its strokes. A word whose strokes are too thin to measure counts
    as one without fringes."""
    long_words = np.flatnonzero((elements.kind == "text")
                                & np.array([sum(c.isalnum() for c in str(t)) >= 4 for t in elements.text], bool))
    if len(long_words) < min_words:
        return False
    surest = long_words[np.argsort(-elements.score[long_words], kind="stable")[:sample]]
    shares = _colour_shares(rgb, elements.xyxy[surest], INK_STEP, OFF_LINE, MIN_CORE, SAME_COLOUR, fringes=True)
    hits = int((np.nan_to_num(shares, nan=0.0) >= fringed).sum())   # a word too thin to measure counts against
    return hits >= min_words and hits >= words_share * len(shares)


def coloured_short_reads(rgb: np.ndarray, texts, boxes: np.ndarray, subpixel: bool = False) -> np.ndarray:
    """(N,) bool: reads of one or two characters (spaces aside) whose box's ink is in several
    colours (`multicoloured`; ``subpixel``: the screen's text is drawn so): full-colour icons the
    recognizer took for letters."""
    out = np.array([len(str(t).replace(" ", "")) <= 2 for t in texts], bool)
    if out.any():
        out[out] = multicoloured(rgb, np.asarray(boxes)[out], subpixel=subpixel)
    return out


def words(elements: Elements) -> np.ndarray:
    """(N,) bool: text runs of two or more letters or digits. A one-character read ("^", "X")
    or a glyph read as symbols ("~", "<<") is what an icon reads as, not a word beside it."""
    return (elements.kind == "text") & np.array([sum(c.isalnum() for c in str(t)) >= 2 for t in elements.text], bool)


def _line_neighbours(elements: Elements, neighbours: np.ndarray, max_gap: float, max_height: float
                     ) -> tuple[np.ndarray, np.ndarray]:
    """Per element, (left, right) (N,) bool: one of ``neighbours`` (N,) bool sits on its line
    at its left / right within ``max_gap`` of the neighbour's height, the element lying within
    the neighbour's band, at most ``max_height`` times as tall as it and at least a quarter of it."""
    b = elements.xyxy.astype(np.int64)
    h = np.maximum(b[:, 3] - b[:, 1], 1)
    cy = (b[:, 1] + b[:, 3]) // 2
    # [i, j]: j is a neighbour on i's line
    alike = ((np.abs(cy[:, None] - cy[None, :]) * 2 <= h[None, :]) & (h[:, None] <= max_height * h[None, :])
             & (h[None, :] <= 4 * h[:, None]) & neighbours[None, :])
    near = max_gap * h[None, :]
    after = b[None, :, 0] - b[:, None, 2]    # [i, j]: how far j starts right of i's end
    before = b[:, None, 0] - b[None, :, 2]   # [i, j]: how far i starts right of j's end
    right = (alike & (after > -2) & (after <= near)).any(axis=1)
    left = (alike & (before > -2) & (before <= near)).any(axis=1)
    return left, right


def between_words(elements: Elements, max_gap: float = 0.8, max_height: float = 1.5) -> np.ndarray:
    """Per element: a word (`words`) sits on both sides of it on its line, each within
    ``max_gap`` of the word's height (a word space): a "=" or "#" in a line of code, a "&" in a
    sentence. The element lies within the word's band, is at most ``max_height`` times as tall
    as it and at least a quarter of it (a segmenter's box of a "=" is a third of the line's
    height). Such a thing is a character of the line, not an icon. A one-character read is no
    word: a toolbar's icons read "^" and "X" side by side
    (caja's Up and Stop at scale 2) are not each other's line."""
    left, right = _line_neighbours(elements, words(elements), max_gap, max_height)
    return left & right


#: Brackets that close a line of code or text ("if (x) {", "f(a, b) ]"): read alone after the
#: line's last run, they are its last character (a "{" matched a chevron icon).
CLOSING_READS = frozenset("{}()[]")


def closing_brackets(elements: Elements, max_gap: float = 0.8, max_height: float = 1.5) -> np.ndarray:
    """(N,) bool: one-bracket reads (`CLOSING_READS`) standing after a text run of two or more
    characters on their line, within ``max_gap`` of its height (as `between_words`): the end of
    a line, not an icon."""
    runs = (elements.kind == "text") & np.array([len(str(t).replace(" ", "")) >= 2 for t in elements.text], bool)
    brackets = (elements.kind == "text") & np.array([str(t).strip() in CLOSING_READS for t in elements.text], bool)
    if not brackets.any():
        return brackets
    left, _ = _line_neighbours(elements, runs, max_gap, max_height)
    return brackets & left


def label_icons(rgb: np.ndarray, elements: Elements, matcher, scale: int = 1, subpixel: bool = False) -> Elements:
    """Rules 1 and 2: mark icons and label them with ``matcher``: an `IconRecognizer` (label =
    the function, e.g. "close"; ``icon`` = the matched template's "set:name"), an `IconMatcher`
    (label = the template's name), or None to mark icons without labels. ``subpixel``: the
    screen's text is drawn with subpixel anti-aliasing (`subpixel_text`)."""
    if not len(elements):
        return elements
    wh = elements.xyxy[:, 2:] - elements.xyxy[:, :2]
    small_square = (wh.max(axis=1) <= ICON_MAX_SIDE * scale) & (wh.max(axis=1) <= 2.0 * wh.min(axis=1))
    # a region as tall as the text beside it is a check box or radio before a label, not a
    # character; nor is a filled triangle between two words (an expander's between its label and
    # the one before)
    iconish = (elements.kind == "region") & small_square
    inline = iconish & between_words(elements, max_height=0.6)
    inline[inline] = np.array([way is None for way in triangles_in(rgb, elements.xyxy[inline])], bool)
    iconish &= ~inline
    chars = np.array([len(str(t).replace(" ", "")) for t in elements.text], np.int64)
    short = (elements.kind == "text") & (chars <= 2) & small_square & ~between_words(elements) & ~closing_brackets(elements)
    one_char = short & (chars <= 1)
    symbols = short & np.array([not any(c.isalnum() for c in str(t)) for t in elements.text], bool)
    bars = short & np.array([bool(PAUSE_READS.fullmatch(str(t).replace(" ", ""))) for t in elements.text], bool)
    coloured = np.zeros(len(elements), bool)
    coloured[short] = coloured_short_reads(rgb, elements.text[short], elements.xyxy[short], subpixel)
    kind, text, icon = elements.kind.copy(), elements.text.copy(), elements.icon.copy()
    label, score = elements.label.copy(), elements.score.copy()
    kind[iconish | coloured] = "icon"
    text[coloured] = ""
    # a toolbar's icons beside the "-" may be read as two characters (a pause's bars as "00")
    dashes = toolbar_dashes(elements, iconish | short, scale)
    candidates = iconish | short | dashes
    # a short read whose own frame (merge rule 4) is icon-sized and at most four times its area
    # is matched on that frame too, and the surer answer counts (its box stays): the read may box
    # only the glyph's ink, tighter than the icon (a save icon's disk read "*"); a key's plate is
    # many times its "+"
    framed = short & icon_frames(elements, ICON_MAX_SIDE * scale)
    # one or two characters read among a toolbar's icons, with no plate and no word beside them,
    # are the icon the recognizer took for letters when the encoder surely names it (a "new
    # file" read "D" or "C+", a folder "B"), as in rule 3; a keypad's "7" has a plate, a "B"
    # before "Bold" a word
    in_toolbar = short & on_toolbar(elements, kind == "icon")
    if matcher is not None and candidates.any():
        idx = np.flatnonzero(candidates)
        if hasattr(matcher, "label"):        # IconRecognizer: functions
            found = matcher.label(rgb, elements.xyxy[candidates])
            names, scores = np.array(found.function, dtype=object), found.score
            icons = np.array(found.icon, dtype=object)
            exact = found.bank_matched()
            # ... and a plate the segmenter boxed round a glyph too small to box (a header bar's
            # three dots) is matched on its ink too, taken when only that finds the glyph in the
            # bank: the plate's face misleads the encoder ("info" for view-more)
            inks = plate_inks(rgb, elements.xyxy[idx], iconish[idx])
            on_ink = np.flatnonzero((inks >= 0).all(axis=1) & ~exact)
            if len(on_ink):
                again = matcher.label(rgb, inks[on_ink])
                pick = np.flatnonzero(again.bank_matched())
                better = on_ink[pick]
                names[better] = np.array(again.function, dtype=object)[pick]
                icons[better] = np.array(again.icon, dtype=object)[pick]
                scores[better], exact[better] = again.score[pick], True
            on_frame = np.flatnonzero(framed[idx])
            if len(on_frame):
                again = matcher.label(rgb, elements.frame[idx[on_frame]])
                again_exact = again.bank_matched()
                better = on_frame[(again_exact > exact[on_frame]) | ((again_exact == exact[on_frame])
                                                                     & (again.score > scores[on_frame]))]
                pick = np.searchsorted(on_frame, better)
                names[better] = np.array(again.function, dtype=object)[pick]
                icons[better] = np.array(again.icon, dtype=object)[pick]
                scores[better], exact[better] = again.score[pick], again_exact[pick]
            # one- or two-character text becomes an icon only on an exact bank match (a grid's four
            # squares read "88"; a key's "7" or "10" matches no icon), a symbol on a sure one; a
            # template drawn like the digits read is no match of them (a "0" key and an upright
            # battery's outline: `vocabulary.digit_lookalike`)
            exact &= ~np.array([short[r] and digit_lookalike(elements.text[r], icons[k])
                                for k, r in enumerate(idx.tolist())], bool)
            sure = ((short[idx] | dashes[idx]) & exact) | (symbols[idx] & (names != "") & (scores >= ENCODER_SURE)) \
                | (bars[idx] & (names == "pause") & (scores >= ENCODER_SURE)) \
                | (in_toolbar[idx] & (names != "") & (scores >= ENCODER_SURE))
        else:
            names, scores = matcher.match(rgb, elements.xyxy[candidates])
            names, icons = np.array(names, dtype=object), np.full(len(idx), "", dtype=object)
            sure = (one_char[idx] | symbols[idx]) & (names != "")
        # regions and full-colour reads take every result; other short text only a sure match
        take = iconish[idx] | coloured[idx] | sure
        sel = idx[take]
        kind[sel], label[sel], score[sel], text[sel] = "icon", names[take], scores[take], ""
        icon[sel] = icons[take]
    return elements.with_(kind=kind, text=text, label=label, score=score, icon=icon)


def plate_inks(rgb: np.ndarray, xyxy: np.ndarray, among: np.ndarray, border: int = 3, share: float = 0.6,
               pad: int = 2, min_side: int = 24) -> np.ndarray:
    """(N, 4): for the boxes ``xyxy`` (N, 4) in ``among`` (N,) bool that are plates round a
    glyph, the box of the glyph's ink grown by ``pad``; -1 elsewhere. A plate is square-ish
    (sides within 1.5 times), at least ``min_side`` px on its shorter side, and the ink inside
    its outer ``border`` px spans at most ``share`` of it both ways and is all the ink inside
    its outline (none in the margin: an icon boxed tight, a hamburger's three bars, would lose
    its outer strokes)."""
    out = np.full((len(xyxy), 4), -1, np.int64)
    b = np.asarray(xyxy, np.int64).reshape(-1, 4)
    w, h = b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]
    rows = np.flatnonzero(among & (np.minimum(w, h) >= min_side) & (np.maximum(w, h) <= 1.5 * np.minimum(w, h)))
    if not len(rows):
        return out
    for r in rows.tolist():
        x0, y0, x1, y1 = b[r].tolist()
        gray = to_gray(rgb[y0:y1, x0:x1])           # the plate alone: a whole screen's grey costs ~5 ms
        ink, outlined = ink_inside(gray, (0, 0, x1 - x0, y1 - y0), border=border), \
            ink_inside(gray, (0, 0, x1 - x0, y1 - y0), border=1)
        if ink is None or outlined is None:
            continue
        (ix, iy), mask, _ = ink
        mh, mw = mask.shape
        (ox, oy), omask, _ = outlined
        if (ox, oy, omask.shape) != (ix, iy, mask.shape) or mw > share * (x1 - x0) or mh > share * (y1 - y0):
            continue
        out[r] = (x0 + ix - pad, y0 + iy - pad, x0 + ix + mw + pad, y0 + iy + mh + pad)
    return out


def icon_frames(elements: Elements, max_side: float, max_growth: float = 4.0) -> np.ndarray:
    """(N,) bool: elements with a frame of their own (``frame``, merge rule 4) that is icon-sized
    (longest side at most ``max_side``, sides within 1.5 times) and at most ``max_growth`` times
    the element's area: the icon around a glyph the recognizer read."""
    f = elements.frame.astype(np.int64)
    fw, fh = f[:, 2] - f[:, 0], f[:, 3] - f[:, 1]
    area = np.maximum((elements.xyxy[:, 2] - elements.xyxy[:, 0]) * (elements.xyxy[:, 3] - elements.xyxy[:, 1]), 1)
    return (f >= 0).all(axis=1) & (np.maximum(fw, fh) <= max_side) & (np.maximum(fw, fh) <= 1.5 * np.minimum(fw, fh)) \
        & (fw * fh <= max_growth * area)


def toolbar_dashes(elements: Elements, icons: np.ndarray, scale: float = 1.0, max_height: int = 12,
                   reach: float = 4.0) -> np.ndarray:
    """(N,) bool: regions too flat for rule 1 (2 to 4 times as wide as tall, at most
    ``max_height`` px tall at ``scale`` 1) that lie across the row of two or more ``icons``
    (N,) bool (the bar's centre within an icon's rows, the two centres at most ``reach`` icon
    heights apart): a toolbar's "-" (transmission's Remove, a flat 17x7 bar). Rule 2 takes them
    only on an exact bank match."""
    b = np.asarray(elements.xyxy, np.float64).reshape(-1, 4)
    w, h = b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]
    flat = (elements.kind == "region") & (h >= 2) & (h <= max_height * scale) & (w > 2 * h) & (w <= 4 * h)
    if not flat.any() or not np.asarray(icons, bool).any():
        return np.zeros(len(b), bool)
    cx, cy = (b[:, 0] + b[:, 2]) / 2, (b[:, 1] + b[:, 3]) / 2
    ic = np.flatnonzero(icons)
    across = (cy[:, None] >= b[None, ic, 1]) & (cy[:, None] < b[None, ic, 3]) \
        & (np.abs(cx[:, None] - cx[None, ic]) <= reach * h[None, ic])
    return flat & (across.sum(axis=1) >= 2)


def icon_neighbours(xyxy: np.ndarray, icons: np.ndarray, reach: float = 4.0) -> np.ndarray:
    """(N,) int: for each box (N, 4), how many of the ``icons`` (N,) bool boxes other than itself
    sit on its row (centres within a quarter of its height, heights within 1.5 times) with
    their centres at most ``reach`` of its heights away."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    h = np.maximum(b[:, 3] - b[:, 1], 1.0)
    cx, cy = (b[:, 0] + b[:, 2]) / 2, (b[:, 1] + b[:, 3]) / 2
    ratio = np.maximum(h[:, None], h[None, :]) / np.minimum(h[:, None], h[None, :])
    near = (np.abs(cy[:, None] - cy[None, :]) <= h[:, None] / 4) & (ratio <= 1.5) \
        & (np.abs(cx[:, None] - cx[None, :]) <= reach * h[:, None]) & np.asarray(icons, bool)[None, :]
    np.fill_diagonal(near, False)
    return near.sum(axis=1)


def on_toolbar(elements: Elements, icons: np.ndarray) -> np.ndarray:
    """(N,) bool: elements drawn as a flat toolbar's glyphs: no plate of their own (``frame``
    -1), two or more of the ``icons`` (N,) bool on their row (`icon_neighbours`) and no word
    beside them (`beside_words` of `words`)."""
    return (elements.frame < 0).all(axis=1) & (icon_neighbours(elements.xyxy, icons) >= 2) \
        & ~beside_words(elements.xyxy, words(elements))


def reaches_into(reads: np.ndarray, texts: np.ndarray, depth: int = 4) -> np.ndarray:
    """(R,) bool: each read's box (R, 4) reaches more than ``depth`` px across into one of the
    text runs ``texts`` (T, 4) on its line (the two overlap over half the lower one's height):
    past a run's 2 px of padding and 2 px of its first letter."""
    r, t = np.asarray(reads, np.int64).reshape(-1, 1, 4), np.asarray(texts, np.int64).reshape(1, -1, 4)
    across = np.minimum(r[..., 2], t[..., 2]) - np.maximum(r[..., 0], t[..., 0])
    down = np.minimum(r[..., 3], t[..., 3]) - np.maximum(r[..., 1], t[..., 1])
    lower = np.minimum(r[..., 3] - r[..., 1], t[..., 3] - t[..., 1])
    return ((across > depth) & (2 * down > lower)).any(axis=1)


def beside_words(xyxy: np.ndarray, words: np.ndarray, reach: float = 1.5) -> np.ndarray:
    """(N,) bool: a word (``words`` (N,) bool: text runs of two or more letters or digits, not a
    glyph read as "~") other than the box itself stands on each box's line (centres apart by at
    most half the taller one) within ``reach`` of the box's heights of its left or right edge."""
    b = np.asarray(xyxy, np.float64).reshape(-1, 4)
    h = np.maximum(b[:, 3] - b[:, 1], 1.0)
    cy = (b[:, 1] + b[:, 3]) / 2
    on_line = np.abs(cy[:, None] - cy[None, :]) <= np.maximum(h[:, None], h[None, :]) / 2
    gap = np.maximum(b[None, :, 0] - b[:, None, 2], b[:, None, 0] - b[None, :, 2])     # [i, j], < 0: overlap
    near = on_line & (gap <= reach * h[:, None]) & np.asarray(words, bool)[None, :]
    np.fill_diagonal(near, False)
    return near.any(axis=1)


def read_glyphs(rgb: np.ndarray, elements: Elements, engine, subpixel: bool = False, scale: float = 1.0) -> Elements:
    """Rule 3: read the ink of text-less boxes with ``engine.read_glyphs`` (a `TextEngine`);
    ``subpixel`` as for `label_icons`; ``scale`` the screen's pixel scale."""
    regions = elements.kind == "region"
    unlabelled = (elements.kind == "icon") & (elements.label == "")
    # the encoder's guesses (no bank template) are read too: a confident read makes the element
    # text that keeps the guessed function as its label (a key's "=" that looks like a drag
    # handle); an unsure guess (under ENCODER_SURE) is dropped for it (a "1" is no "info")
    guessed = (elements.kind == "icon") & (elements.label != "") & (elements.icon == "")
    is_text = elements.kind == "text"
    # ... but not one surely guessed among a toolbar's icons, drawn without a plate of its own
    # and with no word beside it: a "new" (document) icon read as "D", a magnifier as "Q" (a keypad's keys
    # have plates; the "<" of "< Back" and the "|" of "x ^ y | 192" stand among words)
    toolbar = guessed & (elements.score >= ENCODER_SURE) & on_toolbar(elements, elements.kind == "icon")
    # nor one surely guessed to be a check box, radio or switch: its ink is a control, and a read
    # of it takes in its label's first letter (thunar's ticked box before "Sort" read "6="); nor a
    # tick (Cleanlooks' bold one in its box read "Y") or a pop-up button's up and down arrows ("4")
    control = guessed & (elements.score >= ENCODER_SURE) & np.isin(elements.label, list(CONTROL_GLYPHS | UNREAD_GLYPHS))
    unlabelled |= guessed & ~toolbar & ~control
    # ... and so are exact bank matches of a template drawn like a digit, which a read of that
    # digit takes back (a key's "0" and an upright battery's outline: `vocabulary.digit_lookalike`)
    lookalike = (elements.kind == "icon") & np.isin(elements.icon, list(digit_lookalike_icons()))
    unlabelled |= lookalike
    if is_text.any():  # ink already read as text (a key's glyph box beside its read) is not read again
        holds_text = (coverage(elements.xyxy, elements.xyxy[is_text]) >= 0.5).any(axis=1)
        regions, unlabelled = regions & ~holds_text, unlabelled & ~holds_text
    if not (regions | unlabelled).any():
        return elements
    h, w = rgb.shape[:2]
    padded = elements.xyxy + np.array([-4, -4, 4, 4], np.int32)
    padded[:, [0, 2]] = np.clip(padded[:, [0, 2]], 0, w)
    padded[:, [1, 3]] = np.clip(padded[:, [1, 3]], 0, h)
    keep = np.ones(len(elements), bool)
    found_parts = []
    passes = ((regions, elements.xyxy, REGION_READ_CONFIDENCE, REGION_READ_CONFIDENCE, frozenset()),
              (unlabelled, padded, ICON_READ_CONFIDENCE, ICON_ONE_CHAR_CONFIDENCE, ICON_READS))
    for mask, boxes, min_conf, one_char_conf, icon_reads in passes:
        idx = np.flatnonzero(mask)
        if not len(idx):
            continue
        found = engine.read_glyphs(rgb, boxes[idx], min_confidence=min_conf)
        one_alnum = np.array([len(t) == 1 and t.isalnum() for t in found.text], bool)
        found = found[(~one_alnum | (found.score >= one_char_conf)) & ~np.isin(found.text, list(icon_reads))]
        # as in rule 2: a one- or two-character read of full-colour ink is an icon, not text
        found = found[~coloured_short_reads(rgb, found.text, found.xyxy, subpixel)]
        # a read whose window reached into a text run beside it read that run's letter too (a
        # drive icon and the "F" of "File System" read "@F"): the icon stays
        found = found[~reaches_into(found.xyxy, elements.xyxy[is_text])]
        if len(found):
            # each read lies inside the box it came from: that element is replaced by it
            src = idx[coverage(boxes[idx], found.xyxy).argmax(axis=0)]
            # ... unless it is the caret of the empty field it came from (see `text.caret`)
            caret = field_carets(rgb, found.xyxy, found.text, np.where(regions[src, None], elements.xyxy[src], -1),
                                 scale)
            found, src = found[~caret], src[~caret]
            digits = ~lookalike[src] | np.array([digit_lookalike(t, elements.icon[r])
                                                 for t, r in zip(found.text, src.tolist())], bool)
            found, src = found[digits], src[digits]
            keep[src] = False
            # the read stands for the element, so it keeps the frame drawn around it (a key's plate)
            found = found.with_(frame=elements.frame[src])
            sure = guessed[src] & (elements.score[src] >= ENCODER_SURE)
            if sure.any():
                label, icon = found.label.copy(), found.icon.copy()
                label[sure] = elements.label[src[sure]]
                found = found.with_(label=label, icon=icon)
            found_parts.append(found)
    if not found_parts:
        return elements
    merged = Elements.concat([elements[keep], *found_parts])
    return merged[reading_order(merged.xyxy)]
