"""OmniACT's Sequence Score and Action Score (paper section 4), in two modes.

``compat="official"`` (default) follows OmniACT's released ``eval.py``: that is the
scorer behind the published numbers. ``compat="paper"`` follows the formulas as the
paper writes them. ``docs/evaluation.md`` lists the differences side by side.

Shared by both modes, per task i with gold length s:

* weight (the paper's SeqScore_i of a matching sequence) = beta1 + beta2 * (s - 1)
  = s - 0.9 with beta1 = 0.1, beta2 = 1;
* the sequence matches when the predicted script has exactly the gold actions in
  the gold order; otherwise sequence and action score of the task are 0;
* action score of a matching task = max(1 - sum_j penalty_j / s, 0), each
  per-action penalty in [0, 1] (alpha_i = SeqScore_i / s in the paper);
* dataset scores = sum_i weight_i * score_i / sum_i weight_i.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .bleu import sentence_bleu
from .dataset import Boxes, DatasetError, Task, load_boxes
from .script import Action, parse_script

BETA1 = 0.1
BETA2 = 1.0
#: n-gram weights of the write penalty's BLEU: character unigrams and bigrams.
BLEU_WEIGHTS = (0.5, 0.5)


@dataclass(frozen=True)
class Compat:
    """What differs between the two scoring modes."""

    name: str
    lowercase: bool                    # lowercase every line before anything else
    aliases: Mapping[str, str]         # action names treated as another action
    click_actions: frozenset           # actions given the click (distance) penalty
    key_actions: frozenset             # actions given the key penalty
    write_actions: frozenset           # actions given the write (1 - BLEU) penalty
    mu_is_diagonal: bool               # True: mu = diagonal; False: mu = 1 / diagonal
    press_first_key_only: bool         # press: compare the first key, not the key set
    exact_text_is_perfect: bool        # identical text -> no write penalty, whatever BLEU says
    box_by_containment: bool           # fall back to the smallest box holding the gold point


OFFICIAL = Compat(
    name="official", lowercase=True, aliases={},
    # eval.py compares the lowercased action to "click" (and its rightClick test
    # compares the wrong variable), so only plain clicks get a distance penalty.
    click_actions=frozenset({"click"}),
    key_actions=frozenset({"press", "hotkey"}),
    write_actions=frozenset({"write"}),
    mu_is_diagonal=True, press_first_key_only=True,
    exact_text_is_perfect=False, box_by_containment=False)

PAPER = Compat(
    name="paper", lowercase=False, aliases={"typewrite": "write"},
    click_actions=frozenset({"click", "rightClick", "doubleClick", "moveTo", "dragTo"}),
    key_actions=frozenset({"press", "hotkey"}),
    write_actions=frozenset({"write"}),
    mu_is_diagonal=False, press_first_key_only=False,
    exact_text_is_perfect=True, box_by_containment=True)

MODES = {"official": OFFICIAL, "paper": PAPER}


def get_compat(compat: str | Compat) -> Compat:
    """The :class:`Compat` for ``"official"`` / ``"paper"`` (or one given as is)."""
    if isinstance(compat, Compat):
        return compat
    try:
        return MODES[compat]
    except KeyError:
        raise DatasetError(f"unknown compat mode {compat!r} (choose official or paper)") from None


def sequence_weight(length: int) -> float:
    """The paper's SeqScore of a matching sequence of ``length`` actions."""
    return BETA1 + BETA2 * (length - 1)


def action_name(action: Action, compat: Compat) -> str:
    """The name an action is compared by in ``compat``."""
    name = action.name.lower() if compat.lowercase else action.name
    return compat.aliases.get(name, name)


# ---------------------------------------------------------------- penalties

def click_penalty(top_left: Sequence[float], bottom_right: Sequence[float],
                  point: Sequence[float] | None, compat: str | Compat = "official"
                  ) -> tuple[float, float]:
    """(penalty, distance) of a predicted point against a gold box.

    distance = L2 from the point to the nearest point of the box (0 inside or on
    the edge); penalty = 1 - mu / (mu + distance) with mu = the box diagonal
    (official) or 1 / diagonal (paper). A missing point scores the full penalty 1.
    A zero-size box (diagonal 0) gives 0 on the point and 1 anywhere else.
    """
    compat = get_compat(compat)
    p = _finite_point(point)
    if p is None:
        return 1.0, math.inf     # no point on any screen: the full penalty, never NaN
    tl = np.asarray(top_left, np.float64)
    br = np.asarray(bottom_right, np.float64)
    gap = np.maximum(np.maximum(tl - p, p - br), 0.0)
    dist = float(np.hypot(*gap))
    diagonal = float(np.hypot(*(br - tl)))
    if diagonal == 0.0:
        return (0.0 if dist == 0.0 else 1.0), dist
    mu = diagonal if compat.mu_is_diagonal else 1.0 / diagonal
    # 1 - mu / (mu + d), written so that it is exactly 0 inside the box.
    return dist / (mu + dist), dist


def _finite_point(point: Sequence[float] | None) -> np.ndarray | None:
    """``point`` as two finite floats, None when missing, infinite or too large for a float."""
    if point is None:
        return None
    try:
        p = np.asarray([float(v) for v in point], np.float64)
    except (OverflowError, TypeError, ValueError):
        return None
    return p if p.shape == (2,) and np.isfinite(p).all() else None


def _norm_key(key: str, compat: Compat) -> str:
    if compat.lowercase:
        return key.lower().strip()
    # pyautogui itself lowercases key names longer than one character.
    return key.lower() if len(key) > 1 else key


def key_penalty(gold: Action, pred: Action, compat: str | Compat = "official") -> float:
    """1 when the predicted keys differ from the gold keys (as a set), else 0."""
    compat = get_compat(compat)
    gold_keys, pred_keys = gold.keys(), pred.keys()
    if gold_keys is None or pred_keys is None:
        return 1.0
    gold_keys = [_norm_key(k, compat) for k in gold_keys]
    pred_keys = [_norm_key(k, compat) for k in pred_keys]
    if compat.press_first_key_only and action_name(gold, compat) == "press":
        return 0.0 if gold_keys[0] == pred_keys[0] else 1.0
    return 0.0 if set(gold_keys) == set(pred_keys) else 1.0


def write_penalty(gold: Action, pred: Action, compat: str | Compat = "official") -> float:
    """1 - sentence BLEU (character uni+bigrams) of the typed text."""
    compat = get_compat(compat)
    gold_text, pred_text = gold.text(), pred.text()
    if gold_text is None or pred_text is None:
        return 1.0
    if compat.lowercase:
        gold_text, pred_text = gold_text.lower(), pred_text.lower()
    if compat.exact_text_is_perfect and gold_text == pred_text:
        return 0.0
    return 1.0 - sentence_bleu([gold_text], pred_text, weights=BLEU_WEIGHTS)


def find_box(boxes: Boxes, point: Sequence[float], compat: str | Compat = "official") -> int | None:
    """Index of the gold box a gold point refers to, or None.

    Both modes take the first box whose centre is the point (how OmniACT's gold
    scripts are written); paper mode then falls back to the smallest box holding it.
    """
    compat = get_compat(compat)
    if not len(boxes):
        return None
    p = np.asarray(point, np.float64)
    centre = (boxes.top_left + boxes.bottom_right) / 2.0
    hit = np.flatnonzero(np.all(np.abs(centre - p) <= 1e-6, axis=1))
    if hit.size:
        return int(hit[0])
    if compat.box_by_containment:
        inside = np.flatnonzero(np.all((boxes.top_left <= p) & (p <= boxes.bottom_right), axis=1))
        if inside.size:
            size = boxes.bottom_right[inside] - boxes.top_left[inside]
            return int(inside[np.argmin(size[:, 0] * size[:, 1])])
    return None


# ---------------------------------------------------------------- one task

@dataclass
class TaskScore:
    """Scores of one task. ``penalties`` are per category, already divided by s."""

    index: str
    weight: float
    n_gold: int
    n_pred: int
    sequence_match: bool
    action_score: float
    penalties: dict[str, float]
    actions: list[dict[str, Any]] = field(default_factory=list)
    missing_prediction: bool = False
    missing_boxes: int = 0            # gold clicks without a box, skipped (missing_box="skip")
    task: str = ""
    platform: str = "other"

    @property
    def sequence_score(self) -> float:
        """1.0 when the action sequence matches, else 0.0."""
        return 1.0 if self.sequence_match else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"index": self.index, "task": self.task, "platform": self.platform,
                "weight": round(self.weight, 6), "n_gold": self.n_gold, "n_pred": self.n_pred,
                "missing_prediction": self.missing_prediction, "missing_boxes": self.missing_boxes,
                "sequence_match": self.sequence_match, "sequence_score": self.sequence_score,
                "action_score": self.action_score,
                "penalties": self.penalties, "actions": self.actions}


def penalty_category(name: str, compat: Compat) -> str | None:
    """``click`` / ``key`` / ``write`` for penalised action names, else None."""
    if name in compat.click_actions:
        return "click"
    if name in compat.key_actions:
        return "key"
    if name in compat.write_actions:
        return "write"
    return None


def _gold_box(gold: Action, boxes: Boxes | None, compat: Compat, where: str,
              missing_box: str) -> int | None:
    point = gold.point()
    if point is None:
        if missing_box == "skip":
            return None
        raise DatasetError(f"{where}:{gold.line}: gold {gold.name} has no literal x, y coordinates")
    idx = find_box(boxes, point, compat) if boxes is not None else None
    if idx is None and missing_box != "skip":
        how = "centred on or holding" if compat.box_by_containment else "centred on"
        src = boxes.path if boxes is not None else "the box metadata"
        raise DatasetError(f"{where}:{gold.line}: no box in {src} is {how} the gold point "
                           f"({point[0]:g}, {point[1]:g})")
    return idx


def score_task(gold: Sequence[Action], pred: Sequence[Action], boxes: Boxes | None = None,
               compat: str | Compat = "official", *, index: str = "", where: str = "gold script",
               missing_box: str = "error") -> TaskScore:
    """Sequence match, action score and per-action penalties of one prediction.

    ``boxes`` is needed when the gold script has click-penalised actions; ``where``
    names the gold file in error messages. A gold click without a box is an error
    (eval.py asserts), or with ``missing_box="skip"`` gets no click penalty.
    """
    if missing_box not in ("error", "skip"):
        raise DatasetError(f"missing_box must be 'error' or 'skip', got {missing_box!r}")
    compat = get_compat(compat)
    s = len(gold)
    if s == 0:
        raise DatasetError(f"{where}: empty gold script")
    gold_names = [action_name(a, compat) for a in gold]
    pred_names = [action_name(a, compat) for a in pred]
    match = gold_names == pred_names
    # Resolve gold boxes whatever the prediction: a dataset error must not depend on it.
    box_of = {j: _gold_box(a, boxes, compat, where, missing_box) for j, a in enumerate(gold)
              if penalty_category(gold_names[j], compat) == "click"}
    totals = {"click": 0.0, "key": 0.0, "write": 0.0}
    actions = []
    for j in range(max(s, len(pred))):
        g = gold[j] if j < s else None
        p = pred[j] if j < len(pred) else None
        row: dict[str, Any] = {"type": gold_names[j] if g else None,
                               "gold": g.source if g else None, "pred": p.source if p else None,
                               "category": None, "penalty": None}
        if match and g is not None:
            category = penalty_category(gold_names[j], compat)
            row["category"] = category
            if category == "click" and box_of[j] is None:
                pen = 0.0
                row.update(penalty=pen, distance=None, box=None)
            elif category == "click":
                b = box_of[j]
                pen, dist = click_penalty(boxes.top_left[b], boxes.bottom_right[b], p.point(), compat)
                row.update(penalty=pen, distance=None if math.isinf(dist) else dist,
                           box=boxes.names[b])
            elif category == "key":
                pen = key_penalty(g, p, compat)
                row["penalty"] = pen
            elif category == "write":
                pen = write_penalty(g, p, compat)
                row["penalty"] = pen
            else:
                pen = 0.0
            if category:
                totals[category] += pen / s
        actions.append(row)
    penalties = dict(totals) if match else {k: 0.0 for k in totals}
    penalties["total"] = sum(penalties.values())
    action = max(1.0 - penalties["total"], 0.0) if match else 0.0
    return TaskScore(index=index, weight=sequence_weight(s), n_gold=s, n_pred=len(pred),
                     sequence_match=match, action_score=action, penalties=penalties,
                     actions=actions, missing_boxes=sum(b is None for b in box_of.values()))


# ---------------------------------------------------------------- a dataset

def summarize(scores: Sequence[TaskScore], compat: str | Compat = "official") -> dict[str, Any]:
    """Dataset-level scores, penalties, per-action-type and per-platform breakdowns."""
    compat = get_compat(compat)
    if not scores:
        raise DatasetError("no tasks to score")
    w = np.array([t.weight for t in scores])
    ideal = float(w.sum())
    match = np.array([t.sequence_match for t in scores], np.float64)
    act = np.array([t.action_score for t in scores])
    pen = {k: float(np.dot(w, [t.penalties[k] for t in scores]) / ideal)
           for k in ("click", "key", "write", "total")}
    by_action: dict[str, dict[str, Any]] = {}
    for t in scores:
        for row in t.actions:
            if row["type"] is None:
                continue
            entry = by_action.setdefault(row["type"], {
                "penalised_as": penalty_category(row["type"], compat),
                "gold": 0, "in_matched_tasks": 0, "penalty_sum": 0.0, "weighted_penalty": 0.0})
            entry["gold"] += 1
            if t.sequence_match:
                entry["in_matched_tasks"] += 1
                entry["penalty_sum"] += row["penalty"] or 0.0
                entry["weighted_penalty"] += t.weight * (row["penalty"] or 0.0) / t.n_gold / ideal
    for entry in by_action.values():
        n, total = entry["in_matched_tasks"], entry.pop("penalty_sum")
        entry["mean_penalty"] = total / n if n and entry["penalised_as"] else None
    by_platform = {}
    for platform in sorted({t.platform for t in scores}):
        sel = np.array([t.platform == platform for t in scores])
        wp = w[sel]
        by_platform[platform] = {"tasks": int(sel.sum()), "ideal_score": float(wp.sum()),
                                 "sequence_score": float(np.dot(wp, match[sel]) / wp.sum()),
                                 "action_score": float(np.dot(wp, act[sel]) / wp.sum())}
    return {"compat": compat.name, "n_tasks": len(scores),
            "n_missing_predictions": sum(t.missing_prediction for t in scores),
            "n_missing_boxes": sum(t.missing_boxes for t in scores),
            "ideal_score": ideal,
            "sequence_score": float(np.dot(w, match) / ideal),
            "action_score": float(np.dot(w, act) / ideal),
            "penalties": pen,
            "by_action": dict(sorted(by_action.items())),
            "by_platform": by_platform}


def evaluate(tasks: Iterable[Task], predict: Callable[[Task], str | None] | Mapping[str, str],
             compat: str | Compat = "official", missing_box: str = "error") -> dict[str, Any]:
    """Score predicted scripts for ``tasks``; ``predict`` maps a task (or its index)
    to its script text, None when there is none (scored as an empty script).
    ``missing_box``: what a gold click without a matching box does (see `score_task`).

    Returns :func:`summarize`'s dict plus ``tasks``: per-task scores.
    """
    compat = get_compat(compat)
    lookup = predict.get if isinstance(predict, Mapping) else None
    box_cache: dict[Path, Boxes] = {}
    scores = []
    for task in tasks:
        text = lookup(task.index) if lookup else predict(task)
        pred = parse_script(text) if text is not None else []
        needs_boxes = any(penalty_category(action_name(a, compat), compat) == "click"
                          for a in task.gold)
        boxes = None
        if needs_boxes:
            if task.box_path not in box_cache:
                box_cache[task.box_path] = load_boxes(task.box_path)
            boxes = box_cache[task.box_path]
        score = score_task(task.gold, pred, boxes, compat, index=task.index,
                           where=str(task.task_path), missing_box=missing_box)
        score.missing_prediction = text is None
        score.task = task.rel_task
        score.platform = task.platform
        scores.append(score)
    report = summarize(scores, compat)
    report["tasks"] = [s.to_dict() for s in scores]
    return report
