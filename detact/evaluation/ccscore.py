"""ScreenAgent's CC-Score (Vision Language Computer Control Score, its Appendix D): how close a
predicted action sequence is to a labelled one, keeping their order.

Each action is read as ScreenAgent's action space has it: a mouse action (``click``,
``double_click``, ``scroll_up``, ``scroll_down``, ``move``, ``drag``, ``hscroll``) with a button
and a position, a keyboard action (``press`` keys or type ``text``) or a wait. The similarity
of a labelled action l and a predicted action p is 0 when their action types differ, else the
mean of the attributes the labelled action has:

* mouse: action type (1), mouse action type (equal), mouse button (equal, when the label
  has one), position (inside the labelled box when there is one, else within `TOLERANCE` px
  of the labelled point; when the label has a position);
* keyboard: action type (1), keyboard action type (equal), and BLEU of the keys or text
  (character unigrams and bigrams, as OmniACT's scorer; 1 when equal);
* wait: action type (1).

The best order-preserving alignment (dynamic programming over the score matrix, pairs or
gaps) gives CC-Score = (sum of the matched similarities) / |labelled actions|. Over the matched
pairs (similarity > 0) come the per-attribute figures of the paper's Table 2: F1 of action
type, mouse action type and mouse button, mouse position accuracy, keys/text BLEU.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from .bleu import sentence_bleu
from .script import Action

#: Position match without a labelled box: within this many pixels of the labelled point.
TOLERANCE = 10.0
BLEU_WEIGHTS = (0.5, 0.5)


@dataclass(frozen=True)
class Step:
    """One action in ScreenAgent's terms."""

    kind: str                                  # "mouse" | "keyboard" | "wait" | "other"
    mouse: str = ""                            # click, double_click, scroll_up, scroll_down, move, drag, hscroll
    button: str = ""                           # left, right, middle ("" when it has none)
    point: tuple[float, float] | None = None
    keyboard: str = ""                         # press | text
    keys: str = ""                             # "ctrl+c", "enter" or the typed text
    box: tuple[float, float, float, float] | None = None   # labelled actions: where a click may land


def _button(action: Action, default: str) -> str:
    value = action.kwargs.get("button", default)
    return value.lower() if isinstance(value, str) else default


def to_step(action: Action, box: tuple[float, float, float, float] | None = None) -> Step:
    """The ScreenAgent reading of one PyAutoGUI call (``box``: the labelled clickable area)."""
    name, point = action.name, action.point()
    if name in ("click", "leftClick", "rightClick", "middleClick", "doubleClick", "tripleClick"):
        clicks = action.kwargs.get("clicks", 1)
        double = name in ("doubleClick", "tripleClick") or (isinstance(clicks, int) and clicks >= 2)
        default = {"rightClick": "right", "middleClick": "middle"}.get(name, "left")
        return Step("mouse", "double_click" if double else "click", _button(action, default), point, box=box)
    if name == "moveTo":
        return Step("mouse", "move", "", point, box=box)
    if name == "dragTo":
        return Step("mouse", "drag", _button(action, "left"), point, box=box)
    if name in ("scroll", "hscroll"):
        amount = action.arg(0, "clicks")
        up = isinstance(amount, (int, float)) and amount > 0
        mouse = "hscroll" if name == "hscroll" else ("scroll_up" if up else "scroll_down")
        return Step("mouse", mouse, "", None)
    if name in ("write", "typewrite"):
        text = action.arg(0, "message")
        if isinstance(text, str):
            return Step("keyboard", keyboard="text", keys=text)
        keys = action.keys()
        return Step("keyboard", keyboard="press", keys="+".join(keys or []))
    if name in ("press", "hotkey", "keyDown"):
        return Step("keyboard", keyboard="press", keys="+".join(k.lower() for k in (action.keys() or [])))
    if name.upper() == "WAIT" or name == "sleep":
        return Step("wait")
    return Step("other", mouse=name)


def _inside(point, box) -> bool:
    x, y = point
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def similarity(label: Step, pred: Step) -> float:
    """S(l, p) of the module docstring, in [0, 1]."""
    if label.kind != pred.kind or label.kind == "other":
        return 0.0
    if label.kind == "wait":
        return 1.0
    if label.kind == "keyboard":
        same = label.keys == pred.keys
        bleu = 1.0 if same else sentence_bleu([label.keys], pred.keys, weights=BLEU_WEIGHTS)
        return (1.0 + float(label.keyboard == pred.keyboard) + bleu) / 3.0
    parts = [1.0, float(label.mouse == pred.mouse)]
    if label.button:
        parts.append(float(label.button == pred.button))
    if label.point is not None:
        parts.append(float(_position_ok(label, pred)))
    return sum(parts) / len(parts)


def _position_ok(label: Step, pred: Step) -> bool:
    if pred.point is None:
        return False
    if label.box is not None:
        return _inside(pred.point, label.box)
    return float(np.hypot(pred.point[0] - label.point[0], pred.point[1] - label.point[1])) <= TOLERANCE


def best_alignment(labels: Sequence[Step], preds: Sequence[Step]) -> tuple[float, list[tuple[int, int]]]:
    """The highest total similarity of an order-preserving alignment, and its pairs (i, j)."""
    n, m = len(labels), len(preds)
    s = np.array([[similarity(lab, p) for p in preds] for lab in labels], np.float64).reshape(n, m)
    dp = np.zeros((n + 1, m + 1))
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            dp[i, j] = max(dp[i - 1, j], dp[i, j - 1], dp[i - 1, j - 1] + s[i - 1, j - 1])
    pairs, i, j = [], n, m
    while i > 0 and j > 0:   # walk back; prefer a pair when it is what produced the value
        if s[i - 1, j - 1] > 0 and np.isclose(dp[i, j], dp[i - 1, j - 1] + s[i - 1, j - 1]):
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif np.isclose(dp[i, j], dp[i - 1, j]):
            i -= 1
        else:
            j -= 1
    return float(dp[n, m]), pairs[::-1]


def cc_score(labels: Sequence[Step], preds: Sequence[Step]) -> float:
    """CC-Score(L, P) = best alignment's total similarity / |L| (0 for an empty label)."""
    if not labels:
        return 0.0
    return best_alignment(labels, preds)[0] / len(labels)


def _f1(truth: list[str], guess: list[str]) -> float | None:
    """Macro F1 over the classes present (None with no pairs)."""
    if not truth:
        return None
    classes = set(truth) | set(guess)
    scores = []
    for c in classes:
        tp = sum(t == g == c for t, g in zip(truth, guess))
        fp, fn = Counter(guess)[c] - tp, Counter(truth)[c] - tp
        scores.append(2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 1.0)
    return float(np.mean(scores))


def attribute_table(pairs: Sequence[tuple[Step, Step]]) -> dict[str, float | None]:
    """Table 2's figures over matched (label, prediction) pairs."""
    mouse = [(a, b) for a, b in pairs if a.kind == "mouse" and b.kind == "mouse"]
    keyboard = [(a, b) for a, b in pairs if a.kind == "keyboard" and b.kind == "keyboard"]
    buttons = [(a, b) for a, b in mouse if a.button]
    positions = [(a, b) for a, b in mouse if a.point is not None]
    bleus = [1.0 if a.keys == b.keys else sentence_bleu([a.keys], b.keys, weights=BLEU_WEIGHTS) for a, b in keyboard]
    return {
        "action_type_f1": _f1([a.kind for a, _ in pairs], [b.kind for _, b in pairs]),
        "mouse_action_type_f1": _f1([a.mouse for a, _ in mouse], [b.mouse for _, b in mouse]),
        "mouse_button_f1": _f1([a.button for a, _ in buttons], [b.button for _, b in buttons]),
        "mouse_position_accuracy": float(np.mean([_position_ok(a, b) for a, b in positions])) if positions else None,
        "keys_text_bleu": float(np.mean(bleus)) if bleus else None,
    }


def evaluate_cc(tasks: Sequence[tuple[Sequence[Step], Sequence[Step]]]) -> dict:
    """Mean CC-Score over ``(labels, predictions)`` per task, and the attribute table over all
    matched pairs."""
    scores, matched = [], []
    for labels, preds in tasks:
        total, pairs = best_alignment(labels, preds)
        scores.append(total / len(labels) if labels else 0.0)
        matched += [(labels[i], preds[j]) for i, j in pairs]
    return {"cc_score": float(np.mean(scores)) if scores else 0.0, "n_tasks": len(scores),
            "n_matched_actions": len(matched), **attribute_table(matched)}


#: Gold actions whose labelled box is looked up (the click-like ones).
_POINTED = ("click", "leftClick", "rightClick", "middleClick", "doubleClick", "tripleClick", "moveTo", "dragTo")


def gold_steps(task, boxes_cache: dict | None = None) -> list[Step]:
    """The labelled steps of an OmniACT-format task: each click-like gold action gets the box
    of its metadata that is centred on (else holds) its point, when there is one."""
    from .dataset import DatasetError, load_boxes
    from .metrics import find_box

    cache = {} if boxes_cache is None else boxes_cache
    steps = []
    for action in task.gold:
        box = None
        point = action.point()
        if action.name in _POINTED and point is not None:
            if task.box_path not in cache:
                try:
                    cache[task.box_path] = load_boxes(task.box_path)
                except DatasetError:   # no metadata: positions fall back to TOLERANCE px
                    cache[task.box_path] = None
            boxes = cache[task.box_path]
            idx = find_box(boxes, point, "paper") if boxes is not None else None
            if idx is not None:
                box = (*map(float, boxes.top_left[idx]), *map(float, boxes.bottom_right[idx]))
        steps.append(to_step(action, box))
    return steps


def evaluate_tasks(tasks, predictions: dict) -> dict:
    """``detact eval --metric cc-score``: CC-Score and Table 2's attributes over OmniACT-format
    ``tasks``, ``predictions`` mapping a task's index to its script (None: nothing predicted);
    per-task scores and a per-platform breakdown."""
    from .script import parse_script

    cache: dict = {}
    pairs, rows = [], []
    for task in tasks:
        text = predictions.get(task.index)
        labels = gold_steps(task, cache)
        preds = [to_step(a) for a in parse_script(text, meta=True)] if text is not None else []
        pairs.append((labels, preds))
        rows.append({"index": task.index, "task": task.rel_task, "platform": task.platform,
                     "n_gold": len(labels), "n_pred": len(preds), "missing_prediction": text is None,
                     "cc_score": cc_score(labels, preds)})
    report = {"metric": "cc-score", **evaluate_cc(pairs),
              "n_missing_predictions": sum(r["missing_prediction"] for r in rows)}
    report["by_platform"] = {
        p: {"tasks": sum(r["platform"] == p for r in rows),
            "cc_score": float(np.mean([r["cc_score"] for r in rows if r["platform"] == p]))}
        for p in sorted({r["platform"] for r in rows})}
    report["tasks"] = rows
    return report


def to_table(report: dict) -> str:
    """The CC-Score report as text: the score, Table 2's attributes, platforms."""
    def pct(v):
        return "     -" if v is None else f"{100 * v:6.2f}"

    lines = [f"CC-Score (ScreenAgent)  split={report.get('split', '?')}  tasks={report['n_tasks']}  "
             f"missing predictions={report['n_missing_predictions']}  matched actions={report['n_matched_actions']}",
             "", f"  cc score                 {pct(report['cc_score'])} %"]
    for key, label in (("action_type_f1", "action type F1"), ("mouse_action_type_f1", "mouse action type F1"),
                       ("mouse_button_f1", "mouse button F1"), ("mouse_position_accuracy", "mouse position acc."),
                       ("keys_text_bleu", "keys/text BLEU")):
        lines.append(f"  {label:<25}{pct(report[key])} %")
    lines += ["", f"  {'platform':<12}{'tasks':>7}{'cc score %':>12}"]
    for name, row in report["by_platform"].items():
        lines.append(f"  {name:<12}{row['tasks']:>7}{pct(row['cc_score']):>12}")
    return "\n".join(lines)
