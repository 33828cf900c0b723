"""Locate: the elements a natural-language reference means ("Save button", "the trash icon",
"the search field", "the red button", "the second row", "top right"), best first, with
scores and click points. Offline: words against names and icon functions, MiniLM for meaning,
plus what the reference says about role, colour and position.

A reference is read in four parts:

* role words ("button", "icon", "field", "checkbox", "tab", "row", ...): candidates of that
  role gain `ROLE_BONUS`, others lose it;
* colour words ("the red button"): candidates of that colour gain `COLOR_BONUS`;
* position words ("top", "bottom right", "left", "middle"): candidates gain up to
  `POSITION_BONUS` the nearer they lie to that part of the screen; an ordinal ("the second
  row", "first tab", "last link") picks that one among the candidates of the role in
  reading order;
* the rest (or a quoted phrase) is matched against each element's name, text, value and, for
  icons, its function and the function's synonyms: exact and near-exact words, a bounded
  fuzzy ratio for OCR slips, and MiniLM cosine for meaning ("gear" ~ "settings");
* the whole query, articles aside, still counts when a name equals it: a calculator's "AND"
  and "OR" keys, a "Find" button, a "Buttons" tab are named by words the parts above consume.
  OCR's l / I / 1 and O / 0 confusions are folded for these equalities ("In" read for "ln").

Without role words, a control outranks a static text that scores the same (`CONTROL_TIE`): a
combo box named by the title beside it and the title itself; an agent asks for things to act on.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

import numpy as np

from ..elements import INTERACTIVE, ParseResult
from ..errors import DetactError
from .textmatch import COLOR_WORDS, clip, fuzzy_ratio, norm, quoted_phrases, tokens

ROLE_BONUS = 0.25
COLOR_BONUS = 0.2
POSITION_BONUS = 0.25
ORDINAL_BONUS = 0.6
SEMANTIC_WEIGHT = 0.8
CONTROL_TIE = 0.01
MAX_QUERY_CHARS = 300

#: Words people use for a role -> the roles they mean.
ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "button": ("button",), "buttons": ("button",), "btn": ("button",), "key": ("button",),
    "icon": ("icon", "button"), "glyph": ("icon", "button"), "symbol": ("icon", "button"),
    "field": ("textbox", "combobox", "spinbox"), "input": ("textbox",), "textbox": ("textbox",),
    "entry": ("textbox",), "searchbox": ("textbox",), "box": ("textbox", "checkbox", "combobox"),
    "checkbox": ("checkbox",), "tickbox": ("checkbox",), "check": ("checkbox",),
    "radio": ("radio",), "option": ("radio", "listitem"),
    "switch": ("switch",), "toggle": ("switch", "button"),
    "dropdown": ("combobox",), "combo": ("combobox",), "combobox": ("combobox",), "select": ("combobox",),
    "slider": ("slider",), "spinner": ("spinbox",), "spinbox": ("spinbox",),
    "tab": ("tab",), "tabs": ("tab",), "link": ("link",), "hyperlink": ("link",),
    "menu": ("menuitem",), "row": ("listitem",), "rows": ("listitem",), "item": ("listitem", "menuitem"),
    "cell": ("listitem",), "heading": ("heading",), "title": ("heading", "text"), "label": ("text",),
    "image": ("image", "icon"), "picture": ("image",), "thumbnail": ("image",),
}
ORDINALS = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
            "fifth": 4, "5th": 4, "last": -1}
POSITIONS = {"top": (None, 0.0), "upper": (None, 0.0), "bottom": (None, 1.0), "lower": (None, 1.0),
             "left": (0.0, None), "right": (1.0, None), "middle": (0.5, 0.5), "center": (0.5, 0.5),
             "centre": (0.5, 0.5)}
FILLER = frozenset("""a an the on in at to of for with by and or please this that it its is are
click tap press select choose find locate where which one named called labelled labeled saying
corner side area part screen page window""".split())


@dataclass
class Match:
    """One located element: its id, score, click point, role and name."""

    id: int
    score: float
    center: tuple[int, int]
    role: str
    name: str
    bbox: tuple[int, int, int, int]

    def to_dict(self) -> dict:
        return {"id": self.id, "score": round(self.score, 4), "center": list(self.center),
                "role": self.role, "name": self.name, "bbox": list(self.bbox)}


@dataclass
class LocateResult:
    query: str
    matches: list[Match]
    timings_ms: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"query": self.query, "matches": [m.to_dict() for m in self.matches],
                "timings_ms": {k: round(v, 2) for k, v in self.timings_ms.items()}}


@dataclass
class Reference:
    """What a query says: roles, colours, position, an ordinal, and the words left to match."""

    roles: set[str]
    colors: set[str]
    position: tuple[float | None, float | None]
    ordinal: int | None
    words: str


def read_reference(query: str) -> Reference:
    """Split a query into its role, colour, position and ordinal words and the rest."""
    quoted = quoted_phrases(query)
    words = tokens(query)
    roles: set[str] = set()
    colors: set[str] = set()
    px = py = None
    ordinal = None
    rest = []
    for w in words:
        if w in ROLE_WORDS:
            roles.update(ROLE_WORDS[w])
        elif w in COLOR_WORDS:
            colors.add(COLOR_WORDS[w])
        elif w in POSITIONS:
            x, y = POSITIONS[w]
            px = x if x is not None else px
            py = y if y is not None else py
        elif w in ORDINALS:
            ordinal = ORDINALS[w]
        elif w not in FILLER:
            rest.append(w)
    text = " ".join(quoted) if quoted else " ".join(rest)
    return Reference(roles, colors, (px, py), ordinal, text)


#: Words dropped from a query before it is compared whole with a name ("the OR key" -> "or").
ARTICLES = frozenset({"a", "an", "the"})
#: OCR's usual confusions, folded together when a name must equal the query: l / I / 1 / |, O / 0.
_OCR_FOLD = str.maketrans({"i": "l", "1": "l", "|": "l", "0": "o"})


def _fold(text: str) -> str:
    return norm(text).translate(_OCR_FOLD)


def _whole_query(query: str) -> str:
    """The query as a name: every word kept (filler, role, colour and position words too, so
    "AND", "Find", "tan" or "Buttons" can be what a control is called), articles aside."""
    words = norm(query).split()
    while len(words) > 1 and words[0] in ARTICLES:
        words.pop(0)
    return " ".join(words)


def _exact(result: ParseResult, whole: str) -> np.ndarray:
    """1 for elements whose name, text, value or icon label is the whole query, 0.95 when
    equal only after folding OCR confusions ("In" read for "ln"), else 0."""
    folded = whole.translate(_OCR_FOLD)
    out = np.zeros(len(result.elements), np.float32)
    for i, e in enumerate(result.elements):
        parts = [norm(p) for p in (e.name, e.text, e.value, e.label) if p]
        if whole in parts:
            out[i] = 1.0
        elif folded in (p.translate(_OCR_FOLD) for p in parts):
            out[i] = 0.95
    return out


def _names(result: ParseResult, describe) -> list[str]:
    """What each element may be called: name, text, value, icon label with its synonyms."""
    out = []
    for e in result.elements:
        parts = [e.name, e.text, e.value]
        if e.label:
            parts.append(describe(e.label) if describe else e.label)
        out.append(clip(" ".join(dict.fromkeys(p for p in parts if p))))
    return out


def _lexical(name: str, words: str) -> float:
    """Word evidence in [0, 1] that ``name`` is what ``words`` names."""
    n, q = norm(name), norm(words)
    if not n or not q:
        return 0.0
    if n == q:
        return 1.0
    if n.translate(_OCR_FOLD) == q.translate(_OCR_FOLD):
        return 0.95
    nt, qt = set(tokens(n)), set(tokens(q))
    overlap = len(nt & qt) / len(qt) if qt else 0.0
    contained = 0.9 if re.search(r"(?<!\w)" + re.escape(q) + r"(?!\w)", n) else 0.0
    return max(0.85 * overlap, contained, 0.9 * fuzzy_ratio(n, q, floor=0.6))


def locate(result: ParseResult, query: str, k: int = 5, *, embedder=None, describe=None) -> LocateResult:
    """The ``k`` elements of ``result`` that ``query`` most likely means, best first.

    embedder: a MiniLM `Embedder` (None: words only); describe: icon function -> its words
    (e.g. `detact.icons.vocabulary.Vocabulary.describe`)."""
    t0 = time.perf_counter()
    if not isinstance(query, str) or not query.strip():
        raise DetactError("the query is empty; say which element, e.g. \"the Save button\"")
    if len(query) > MAX_QUERY_CHARS:
        raise DetactError(f"the query is {len(query):,} characters long; at most {MAX_QUERY_CHARS} are accepted")
    if k < 1:
        raise DetactError(f"k must be at least 1, got {k}")
    els = result.elements
    n = len(els)
    if n == 0:
        return LocateResult(query, [], {"locate": (time.perf_counter() - t0) * 1e3})
    ref = read_reference(query)
    names = _names(result, describe)
    score = np.zeros(n, np.float32)
    if ref.words:
        score = np.array([_lexical(nm, ref.words) for nm in names], np.float32)
        if embedder is not None:
            q = embedder.encode([ref.words])[0]
            sem = embedder.encode([nm or "-" for nm in names]) @ q
            score = np.maximum(score, SEMANTIC_WEIGHT * np.clip(sem, 0, 1)).astype(np.float32)
    whole = _whole_query(query)
    if whole:   # a name equal to the whole query (words read as roles or filler included) is a match
        score = np.maximum(score, _exact(result, whole))
    score += _role_evidence(els, ref.roles)
    if ref.colors:
        score += COLOR_BONUS * np.isin(els.color.astype(str), sorted(ref.colors))
    score += _position_evidence(els, ref.position, result.width, result.height)
    if ref.ordinal is not None:
        score += _ordinal_evidence(els, ref, score)
    order = np.argsort(-score, kind="stable")[:k]
    matches = [Match(int(els.id[i]), float(score[i]), tuple(int(v) for v in els.centers[i]),
                     str(els.role[i] or els.kind[i]), names[i], tuple(int(v) for v in els.xyxy[i])) for i in order]
    return LocateResult(query, matches, {"locate": (time.perf_counter() - t0) * 1e3})


def _role_evidence(els, roles: set[str]) -> np.ndarray:
    if not roles:
        return np.where(np.isin(els.role.astype(str), INTERACTIVE), CONTROL_TIE, 0.0).astype(np.float32)
    role = els.role.astype(str)
    icon_like = (els.kind == "icon") | np.isin(role, ["icon"])
    fits = np.isin(role, sorted(roles)) | (("icon" in roles) & icon_like)
    return np.where(fits, ROLE_BONUS, -ROLE_BONUS).astype(np.float32)


def _position_evidence(els, position, width: int, height: int) -> np.ndarray:
    px, py = position
    if px is None and py is None:
        return np.zeros(len(els), np.float32)
    c = els.centers.astype(np.float32) / np.array([max(width, 1), max(height, 1)], np.float32)
    d = np.zeros(len(els), np.float32)
    if px is not None:
        d += np.abs(c[:, 0] - px)
    if py is not None:
        d += np.abs(c[:, 1] - py)
    span = 2.0 if px is not None and py is not None else 1.0
    return (POSITION_BONUS * (1.0 - d / span)).astype(np.float32)


def _ordinal_evidence(els, ref: Reference, score: np.ndarray) -> np.ndarray:
    """``ORDINAL_BONUS`` for the n-th candidate of the asked role (or of the best-scoring role)
    in reading order; rows and list items count by row."""
    roles = sorted(ref.roles) if ref.roles else [str(els.role[int(np.argmax(score))] or els.kind[int(np.argmax(score))])]
    pool = np.flatnonzero(np.isin(els.role.astype(str), roles) | np.isin(els.kind.astype(str), roles))
    out = np.zeros(len(els), np.float32)
    if not len(pool):
        return out
    if "listitem" in roles:   # rows: one per distinct line, the leftmost cell stands for it
        cy = els.centers[pool, 1]
        first_of_row = [pool[i] for i in np.argsort(cy, kind="stable")
                        if not np.any((np.abs(cy - cy[i]) < 6) & (els.centers[pool, 0] < els.centers[pool[i], 0]))]
        pool = np.array(sorted(set(first_of_row), key=lambda j: (els.centers[j, 1], els.centers[j, 0])))
    else:
        pool = pool[np.lexsort((els.centers[pool, 0], els.centers[pool, 1]))]
    if -len(pool) <= ref.ordinal < len(pool):
        out[pool[ref.ordinal]] = ORDINAL_BONUS
    return out
