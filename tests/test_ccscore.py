"""CC-Score (ScreenAgent, Appendix D) on cases worked out by hand."""
from __future__ import annotations

import json
import math

import pytest

from detact.evaluation.ccscore import Step, attribute_table, best_alignment, cc_score, evaluate_cc, to_step
from detact.evaluation.script import parse_script

BOX = (90.0, 90.0, 110.0, 110.0)


def steps(script: str, boxes=()) -> list[Step]:
    actions = parse_script(script)
    return [to_step(a, boxes[i] if i < len(boxes) else None) for i, a in enumerate(actions)]


BLEU_CTRL = math.sqrt(5 / 6 * 4 / 5)   # "ctrl+v" against "ctrl+c": 5/6 unigrams, 4/5 bigrams


@pytest.mark.parametrize("label, pred, boxes, expected", [
    # 1. the same click, inside the labelled box
    ("pyautogui.click(100, 100)", "pyautogui.click(105, 98)", [BOX], 1.0),
    # 2. the right place with the wrong button: (type 1 + mouse type 1 + button 0 + position 1) / 4
    ("pyautogui.click(100, 100)", "pyautogui.click(100, 100, button='right')", [BOX], 0.75),
    # 3. two actions in the wrong order: only one can be aligned, 1 / 2
    ("pyautogui.click(100, 100)\npyautogui.write('hi')", "pyautogui.write('hi')\npyautogui.click(100, 100)",
     [BOX], 0.5),
    # 4. nothing predicted
    ("pyautogui.click(100, 100)", "", [BOX], 0.0),
    # 5. a near-miss shortcut: (1 + 1 + BLEU) / 3
    ("pyautogui.hotkey('ctrl', 'c')", "pyautogui.hotkey('ctrl', 'v')", [], (2 + BLEU_CTRL) / 3),
    # 6. an extra move, a click outside the box, the right text: click 0.75 + write 1, over 2 labels
    ("pyautogui.click(100, 100)\npyautogui.write('abc')",
     "pyautogui.moveTo(100, 100)\npyautogui.click(300, 300)\npyautogui.write('abc')", [BOX], (0.75 + 1.0) / 2),
    # 7. a double click written two ways is the same action; a scroll direction matters
    ("pyautogui.doubleClick(100, 100)\npyautogui.scroll(-3)", "pyautogui.click(100, 100, clicks=2)\npyautogui.scroll(5)",
     [BOX], (1.0 + 0.5) / 2),
])
def test_cc_score_by_hand(label, pred, boxes, expected):
    assert cc_score(steps(label, boxes), steps(pred)) == pytest.approx(expected, abs=1e-9)


def test_alignment_pairs_keep_order_and_attribute_table():
    labels = steps("pyautogui.click(100, 100)\npyautogui.write('abc')", [BOX])
    preds = steps("pyautogui.moveTo(100, 100)\npyautogui.click(300, 300)\npyautogui.write('abc')")
    total, pairs = best_alignment(labels, preds)
    assert pairs == [(0, 1), (1, 2)] and total == pytest.approx(1.75)
    table = attribute_table([(labels[i], preds[j]) for i, j in pairs])
    assert table["action_type_f1"] == 1.0 and table["mouse_action_type_f1"] == 1.0
    assert table["mouse_position_accuracy"] == 0.0 and table["keys_text_bleu"] == 1.0


def test_evaluate_over_tasks():
    a = (steps("pyautogui.click(100, 100)", [BOX]), steps("pyautogui.click(100, 100)"))
    b = (steps("pyautogui.press('enter')"), steps("pyautogui.write('enter')"))
    report = evaluate_cc([a, b])
    # b: keyboard both, press vs text: (1 + 0 + 1) / 3
    assert report["cc_score"] == pytest.approx((1.0 + 2 / 3) / 2) and report["n_matched_actions"] == 2


def test_eval_cli_cc_score_on_the_fixture(capsys):
    """``detact eval --metric cc-score`` on the OmniACT fixture, task by task by hand (boxes from
    its metadata; CC-Score keeps case, so "budge" for "Budget" is the paper-mode BLEU)."""
    from pathlib import Path

    from detact.cli import main

    fixture = Path(__file__).parent / "fixtures" / "omniact"
    bleu_budget = math.exp(-0.2) * math.sqrt(4 / 5 * 3 / 4)
    expected = {
        "0": 1.0,                                        # click inside save_button
        "1": (1.0 + (2 + bleu_budget) / 3 + 1.0) / 3,    # click inside, write 'budge', press 'Enter'
        "2": (2 + BLEU_CTRL) / 3,                        # ctrl+v for ctrl+c
        "3": 0.75,                                       # right click 10 px outside cart_link
        "4": 0.5,                                        # move and click swapped: one of two aligned
    }
    argv = ["eval", "--data", str(fixture), "--pred", str(fixture / "pred"), "--format", "json", "-q"]
    assert main([*argv, "--metric", "cc-score"]) == 0
    report = json.loads(capsys.readouterr().out)
    got = {t["index"]: t["cc_score"] for t in report["tasks"]}
    assert got == pytest.approx(expected)
    assert report["cc_score"] == pytest.approx(sum(expected.values()) / 5)
    assert report["metric"] == "cc-score" and report["n_tasks"] == 5
    assert report["mouse_button_f1"] == 1.0 and report["by_platform"]["web"]["tasks"] == 2

    assert main([*argv, "--metric", "all"]) == 0           # both: OmniACT's report keeps its keys
    both = json.loads(capsys.readouterr().out)
    assert both["compat"] == "official" and both["cc"]["cc_score"] == pytest.approx(report["cc_score"])
    assert main(["eval", "--data", str(fixture), "--pred", str(fixture / "pred"), "--metric", "cc-score", "-q"]) == 0
    assert "CC-Score" in capsys.readouterr().out
    assert main([*argv]) == 0                                # default unchanged: no cc section
    assert "cc" not in json.loads(capsys.readouterr().out)


def test_meta_actions_are_read_for_cc_score():
    labels = steps("pyautogui.click(100, 100)\nWAIT", [BOX])
    preds = steps_meta("pyautogui.click(100, 100)\nWAIT(2)\nDONE")
    assert [p.kind for p in preds] == ["mouse", "wait", "other"]
    assert cc_score(labels, preds) == pytest.approx(1.0)
    assert [a.name for a in parse_script("WAIT\npyautogui.click(1, 2)")] == ["click"]   # OmniACT scoring unchanged


def steps_meta(script: str) -> list[Step]:
    return [to_step(a) for a in parse_script(script, meta=True)]
