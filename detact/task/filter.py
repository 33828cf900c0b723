"""Keep the elements a task needs (DetACT's filtering step).

Two modes:

* offline (default, no LLM): each element's name (OCR text, or icon label / its description)
  is scored against the task by lexical match — exact, containment, fuzzy (OCR slips) and
  word overlap, strongest on text the task quotes — and by MiniLM cosine similarity; elements
  whose colour the task names ("the blue button") get a boost. The top ``top_k`` are kept.
* llm: the elements are listed with ids and centres in a filter prompt; the reply is parsed
  and every element it names is mapped back to a real element. Lines naming elements that do
  not exist are dropped and counted (``hallucinated``).

Bounded work: tasks over `MAX_TASK_CHARS` are refused, element names are matched on their first
`MAX_NAME_CHARS` characters, at most `MAX_PHRASES` quoted phrases count, and the fuzzy ratio
costs the same whatever the text (`textmatch.fuzzy_ratio`), so one request's cost grows with
the number of elements and nothing else.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from ..elements import Elements
from ..errors import DetactError, InputTooLarge
from .textmatch import (MAX_ELEMENT_TEXT, MAX_NAME_CHARS, MAX_PHRASES, check_task_length, clip, content_words,
                        fuzzy_ratio, norm, quoted_phrases, symbol_words, task_colors, tokens)

#: Score added to elements whose colour the task names.
COLOR_BOOST = 0.3
#: Weight of MiniLM cosine against lexical evidence (lexical exact match = 1.0).
SEMANTIC_WEIGHT = 0.9
#: A control sits beside or below its label ("Temporarily unexpire flags  [Default v]"): the
#: nearest elements right of / below a strong match inherit this share of its score.
NEIGHBOUR_SHARE = 0.45
STRONG_MATCH = 0.7
#: A fuzzy ratio at least this high counts as an OCR slip of the same name.
FUZZY_MATCH = 0.6
#: Lines of an LLM filter reply read (a reply naming more elements than this is cut here).
MAX_REPLY_LINES = 2_000
# Characters OCR confuses; folded together for a near-exact match ("ln" read as "In", "M+"
# as "Mt", "+/-" as "+1-").
_OCR_FOLD = str.maketrans({"l": "i", "|": "i", "!": "i", "1": "i", "/": "i", "0": "o", "+": "t"})


@dataclass
class FilterResult:
    """Kept elements (best first, with their own ids), their scores, and their row numbers
    in the input."""

    elements: Elements
    scores: np.ndarray
    indices: np.ndarray
    mode: str = "offline"
    hallucinated: int = 0           # llm mode: reply lines naming no real element
    reply: str = ""                 # llm mode: the raw reply
    notes: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.elements)

    def to_dicts(self) -> list[dict]:
        """Element dicts (their ``id`` is the parse's) with ``relevance`` = filter score."""
        return [{**el.to_dict(), "relevance": round(float(score), 4)}
                for el, score in zip(self.elements, self.scores)]

    def to_dict(self) -> dict:
        return {"mode": self.mode, "kept": len(self), "hallucinated": self.hallucinated,
                "elements": self.to_dicts()}


def element_names(elements: Elements, describe: Callable[[str], str] | None = None) -> list[str]:
    """What each element is called: its semantic name (parse@2: a checkbox by its label, an
    icon-only button by what its icon does), else OCR text, else for icons the label (or
    ``describe(label)``); cut to `MAX_NAME_CHARS` (these names are matched, embedded and put in
    LLM prompts)."""
    names = []
    for text, label, name, value in zip(elements.text, elements.label, elements.name, elements.value):
        if name:
            shown = f"{name} ({value})" if value and str(value) != str(name) else str(name)
            if label and str(name) == str(label) and describe:   # an icon named by what it does
                shown = str(describe(label) or shown)
            names.append(clip(shown))
        elif text:
            names.append(clip(str(text)))
        elif label:
            label = clip(str(label))
            names.append(clip(str(describe(label) if describe else label).strip()) or label)
        else:
            names.append("")
    return names


#: The element texts that name an element somewhere (matching, MiniLM, prompts).
ELEMENT_TEXT_FIELDS = ("text", "label", "name", "value")


def check_element_text(elements: Elements, limit: int = MAX_ELEMENT_TEXT) -> None:
    """`InputTooLarge` when an element's text, label, name or value is over ``limit``
    characters (parse documents from elsewhere; see `textmatch.MAX_ELEMENT_TEXT`)."""
    for field_name in ELEMENT_TEXT_FIELDS:
        column = getattr(elements, field_name)
        lengths = np.fromiter((len(str(v)) for v in column), np.int64, len(column))
        if len(lengths) and lengths.max() > limit:
            row = int(lengths.argmax())
            raise InputTooLarge(f"element {int(elements.id[row])}: {field_name} of {int(lengths[row]):,} "
                                f"characters is over the limit of {limit:,}")


@dataclass(frozen=True)
class _Target:
    """A phrase the task names, normalised once for matching against every element."""

    text: str
    folded: str           # with OCR-confusable characters folded together
    tokens: frozenset


def _targets(phrases: list[str]) -> list[_Target]:
    out = []
    for phrase in phrases:
        p = norm(phrase)
        if p:
            out.append(_Target(p, p.translate(_OCR_FOLD), frozenset(tokens(p))))
    return out


def _lexical(name: str, targets: list[_Target], words: set[str]) -> float:
    """Lexical evidence in [0, 1] that ``name`` is the element the task means."""
    n = norm(clip(name))
    if not n:
        return 0.0
    best = 0.0
    name_tokens = tokens(n)
    name_set = set(name_tokens)
    folded = n.translate(_OCR_FOLD)
    for t in targets:
        p = t.text
        if n == p:
            return 1.0
        if folded == t.folded:
            best = max(best, 0.92)
        short, long_ = (n, p) if len(n) <= len(p) else (p, n)
        # Containment: OCR splits a long label over lines, or reads extra text beside it.
        if name_set <= t.tokens or t.tokens <= name_set or \
                (len(short) >= 3 and re.search(r"(?<!\w)" + re.escape(short) + r"(?!\w)", long_)):
            best = max(best, 0.55 + 0.4 * len(short) / len(long_))
        ratio = fuzzy_ratio(n, p, FUZZY_MATCH)
        if ratio >= FUZZY_MATCH:
            best = max(best, 0.9 * ratio)
    if words and name_tokens:
        common = len(set(name_tokens) & words)
        if common:
            best = max(best, 0.45 * common / len(set(name_tokens)) + 0.35 * common / len(words))
    return best


def _neighbour_evidence(xyxy: np.ndarray, lex: np.ndarray, n_best: int = 8,
                        n_right: int = 3) -> np.ndarray:
    """For the strongest lexical matches, pass their score on to where a label's control sits:
    the nearest few elements to the right in its row (rows of settings pages put a multi-line
    title + description left and the control right, centred on the block, so the band reaches
    four line heights down), and the nearest element just below it (label above a field)."""
    out = np.zeros(len(xyxy), np.float32)
    best = np.argsort(-lex, kind="stable")[:n_best]
    best = best[lex[best] >= STRONG_MATCH]
    if not len(best):
        return out
    b = xyxy[best].astype(np.float32)[:, None, :]             # (M, 1, 4) matches
    e = xyxy.astype(np.float32)[None, :, :]                  # (1, N, 4) candidates
    h = np.maximum(b[..., 3] - b[..., 1], 1.0)
    cy = (e[..., 1] + e[..., 3]) / 2
    cx = (e[..., 0] + e[..., 2]) / 2
    bcy = (b[..., 1] + b[..., 3]) / 2
    right = (e[..., 0] >= b[..., 2] - 2) & (cy >= b[..., 1] - h) & (cy <= b[..., 3] + 4 * h)
    below = (e[..., 1] >= b[..., 3] - 2) & (e[..., 1] <= b[..., 3] + 3 * h) & \
            (cx >= b[..., 0] - 2 * h) & (cx <= b[..., 2] + 2 * h)
    dist_right = np.where(right, (e[..., 0] - b[..., 2]) + np.abs(cy - bcy), np.inf)
    dist_below = np.where(below, e[..., 1] - b[..., 3], np.inf)
    strength = lex[best]
    order = np.argsort(dist_right, axis=1, kind="stable")[:, :n_right]
    for rank in range(order.shape[1]):
        j = order[:, rank]
        ok = np.isfinite(dist_right[np.arange(len(best)), j])
        np.maximum.at(out, j[ok], strength[ok] * (1.0 - 0.1 * rank))
    j = dist_below.argmin(axis=1)
    ok = np.isfinite(dist_below[np.arange(len(best)), j])
    np.maximum.at(out, j[ok], strength[ok])
    return out


def _function_words(label) -> tuple[str, ...]:
    """The synonyms of an icon function label (``()`` for any other label)."""
    if not label:
        return ()
    from ..icons.vocabulary import function_words

    return function_words(str(label))


def score_elements(elements: Elements, task: str, *, embedder=None,
                   describe: Callable[[str], str] | None = None) -> np.ndarray:
    """Relevance of every element to ``task`` (float32, higher is more relevant).

    ``embedder``: an `Embedder` for the MiniLM term (None: lexical and colour only).
    """
    n = len(elements)
    if n == 0:
        return np.zeros(0, np.float32)
    check_task_length(task)
    names = element_names(elements, describe)
    phrases = quoted_phrases(task)[:MAX_PHRASES]
    words = set(content_words(task))
    # Without quotes, the task's content words stand in for the element's name.
    targets = phrases or ([" ".join(content_words(task))] if words else [])
    # Symbols are also matched by their names: '=' finds the "equals" icon, 'plus' a "+" key;
    # an icon's bare label counts as its name too ("plus", beside "plus: add, new").
    spoken = [w for w in map(symbol_words, targets) if w]
    targets = _targets(targets + spoken + [w.split()[0] for w in spoken])
    # an icon's function counts by each of its synonyms ("add" is also "plus" and "new")
    lex = np.array([max(_lexical(variant, targets, words)
                        for variant in (name, symbol_words(name), str(label), *_function_words(label)))
                    for name, label in zip(names, elements.label)], np.float32)

    sem = np.zeros(n, np.float32)
    if embedder is not None:
        queries = phrases + [task]
        q = embedder.encode(queries)
        vecs = embedder.encode(names)
        sims = vecs @ q.T                      # (n, len(queries))
        # A quoted phrase is the sharper query; the whole task still helps when nothing is quoted.
        weights = np.array([1.0] * len(phrases) + [0.85 if phrases else 1.0], np.float32)
        sem = np.clip((sims * weights).max(axis=1), 0.0, 1.0)

    score = np.maximum(lex, SEMANTIC_WEIGHT * sem) + 0.05 * sem
    score = np.maximum(score, NEIGHBOUR_SHARE * _neighbour_evidence(elements.xyxy, lex))
    colors = task_colors(task)
    if colors:
        score = score + COLOR_BOOST * np.isin(elements.color.astype(str), sorted(colors))
    # Nameless regions are context, not targets: below any named element of equal evidence.
    named = np.array([bool(x) for x in names])
    score = score - 0.05 * ~named
    return score.astype(np.float32)


def filter_elements(elements: Elements, task: str, top_k: int = 15, *, embedder=None,
                    describe: Callable[[str], str] | None = None, mode: str = "offline",
                    llm=None) -> FilterResult:
    """Keep the elements ``task`` needs: the ``top_k`` best (offline) or those an LLM picks.

    ``mode="llm"`` needs ``llm`` (a `ChatClient`); ``embedder`` is an `Embedder` (offline mode
    without one uses lexical and colour evidence only).
    """
    if not isinstance(task, str) or not task.strip():
        raise DetactError("task is empty; say what to do, e.g. --task \"Click on 'Save'\"")
    check_task_length(task)
    if top_k < 1:
        raise DetactError(f"top-k must be at least 1, got {top_k}")
    if mode == "llm":
        return filter_with_llm(elements, task, llm, describe=describe)
    if mode != "offline":
        raise DetactError(f"unknown filter mode {mode!r}; use offline or llm")
    scores = score_elements(elements, task, embedder=embedder, describe=describe)
    order = np.argsort(-scores, kind="stable")[:top_k]
    return FilterResult(elements[order], scores[order], order.astype(np.int64), "offline")


# --- LLM mode ------------------------------------------------------------------------------

_FILTER_PROMPT = """\
You will see a list of UI elements detected on one screen and a task a user wants done there.
Choose the elements that could be needed to carry the task out, and leave out the rest.

Every element is written on its own line as: [id] (element name, x, y), where x and y are the
pixel coordinates of its centre.

Rules:
- Drop an element only when you are confident the task cannot involve it.
- Copy the kept lines exactly as given: same id, name and coordinates. Never invent elements.
- Answer with the kept lines only, one per line, with no other text.

Example task:
{sample_task}
Example elements:
{sample_elements}
Example answer:
{sample_answer}

Task:
{task}
Elements:
{elements}
"""

_SAMPLE_TASK = "Open the Drafts folder in the mail app"
_SAMPLE_ELEMENTS = [("Inbox", 80, 140), ("Drafts", 80, 172), ("Sent", 80, 204),
                    ("icon: search", 620, 32), ("Compose", 86, 90), ("Weekly report", 540, 180)]
_SAMPLE_KEEP = (1, 3)

_LINE = re.compile(r"^\s*(?:[-*•]\s*|\d+[.)]\s+)?(?:\[(\d+)\]\s*[:.-]?\s*)?\(\s*(.*?)\s*,\s*"
                   r"(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)\s*$")
_COORD_TOL = 4  # px: LLMs may round a centre


def llm_label(kind: str, name: str, color: str) -> str:
    """How an element is named to an LLM: its text, "icon: <label>", or "<colour> region"."""
    if kind == "icon":
        return f"icon: {name}" if name else "icon"
    if kind == "region" and not name:
        return f"{color} region" if color else "region"
    return name


def element_lines(elements: Elements, names: list[str], ids=None) -> list[str]:
    """``[id] (name, x, y)`` lines for a filter prompt (names JSON-quoted when needed)."""
    ids = range(len(elements)) if ids is None else ids
    lines = []
    for i, (kind, name, color, (cx, cy)) in zip(ids, zip(elements.kind, names, elements.color,
                                                         elements.centers.tolist())):
        label = llm_label(str(kind), name, str(color)).replace("\n", " ")
        lines.append(f"[{int(i)}] ({label}, {cx}, {cy})")
    return lines


def build_filter_prompt(elements: Elements, task: str, names: list[str] | None = None) -> str:
    """The LLM filter prompt (the paper's Listing 1 structure, our wording)."""
    names = element_names(elements) if names is None else names
    sample = [f"[{i}] ({n}, {x}, {y})" for i, (n, x, y) in enumerate(_SAMPLE_ELEMENTS)]
    return _FILTER_PROMPT.format(sample_task=_SAMPLE_TASK, sample_elements="\n".join(sample),
                                 sample_answer="\n".join(sample[i] for i in _SAMPLE_KEEP),
                                 task=task.strip(), elements="\n".join(element_lines(elements, names)))


def _same_label(a: str, b: str) -> bool:
    a, b = norm(clip(a)).strip("\"'"), norm(clip(b)).strip("\"'")
    return a == b or fuzzy_ratio(a, b, 0.8) >= 0.8


def parse_filter_reply(reply: str, elements: Elements, names: list[str]) -> tuple[list[int], int]:
    """Map reply lines back to element rows. Returns (rows in reply order, hallucinated count).

    A line is kept when its id names an element whose label or centre agrees with the line, or,
    without a usable id, when an element with that label sits at those coordinates (or the label
    is unique on the screen). Anything else is a hallucination.
    """
    labels = [llm_label(str(k), n, str(c)) for k, n, c in zip(elements.kind, names, elements.color)]
    by_label: dict[str, list[int]] = {}
    for i, lab in enumerate(labels):
        by_label.setdefault(norm(lab), []).append(i)
    centers = elements.centers
    kept: list[int] = []
    hallucinated = 0
    # A line naming an element holds a (capped) name and two numbers: longer lines are prose.
    longest = 2 * MAX_NAME_CHARS + 100
    for raw in reply.splitlines()[:MAX_REPLY_LINES]:
        if len(raw) > longest:
            continue
        m = _LINE.match(raw)
        if not m:
            continue  # prose or blank: not an element claim
        sid, label, x, y = m.group(1), m.group(2).strip().strip("\"'"), float(m.group(3)), float(m.group(4))
        near = np.abs(centers - np.array([x, y])).max(axis=1) <= _COORD_TOL if len(centers) else \
            np.zeros(0, bool)
        row = None
        if sid is not None and int(sid) < len(elements):
            i = int(sid)
            if _same_label(label, labels[i]) or near[i]:
                row = i
        if row is None:
            cands = [i for i in np.flatnonzero(near) if _same_label(label, labels[i])]
            if not cands:
                same = by_label.get(norm(label), [])
                cands = same if len(same) == 1 else []
            row = int(cands[0]) if cands else None
        if row is None:
            hallucinated += 1
        elif row not in kept:
            kept.append(row)
    return kept, hallucinated


def filter_with_llm(elements: Elements, task: str, llm, *,
                    describe: Callable[[str], str] | None = None) -> FilterResult:
    """LLM-mode filter: prompt, ask, parse, map back (hallucinated elements dropped, counted)."""
    if llm is None:
        raise DetactError("LLM filter mode needs an LLM endpoint (DETACT_LLM_BASE_URL)")
    names = element_names(elements, describe)
    prompt = build_filter_prompt(elements, task, names)
    reply = llm.chat([{"role": "user", "content": prompt}])
    rows, hallucinated = parse_filter_reply(reply, elements, names)
    idx = np.array(rows, np.int64)
    notes = []
    if hallucinated:
        notes.append(f"dropped {hallucinated} element(s) the LLM named that are not on the screen")
    return FilterResult(elements[idx], np.ones(len(idx), np.float32), idx, "llm",
                        hallucinated, reply, notes)
