"""OmniACT Sequence Score / Action Score: hand-computed cases in both compat modes,
BLEU against hand values (and NLTK when installed), and randomized properties."""
from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

from detact.evaluation import (Boxes, DatasetError, click_penalty, parse_script,
                               score_task, sentence_bleu, sequence_weight, summarize)

# One gold box used throughout: top_left (100, 100), bottom_right (160, 180):
# 60 x 80, so the diagonal is 100 and the centre (130, 140).
# official mu = diagonal = 100, paper mu = 1 / diagonal = 0.01.
BOXES = Boxes(Path("screen.json"), ("button", "field"),
              np.array([[100.0, 100.0], [300.0, 20.0]]), np.array([[160.0, 180.0], [400.0, 60.0]]))
MODES = ("official", "paper")


def score(gold: str, pred: str, mode: str, boxes: Boxes = BOXES):
    return score_task(parse_script(gold), parse_script(pred), boxes, mode)


# ------------------------------------------------------------ sequence score

def test_weight_is_beta1_plus_beta2_times_s_minus_1():
    # beta1 = 0.1, beta2 = 1: s = 1 -> 0.1, s = 3 -> 0.1 + 2 = 2.1 (= len(gold) - 0.9 in eval.py)
    assert sequence_weight(1) == pytest.approx(0.1)
    assert sequence_weight(3) == pytest.approx(2.1)


GOLD3 = 'pyautogui.click(130,140)\npyautogui.write("hello world")\npyautogui.press("enter")'


@pytest.mark.parametrize("mode", MODES)
def test_exact_match_scores_one(mode):
    t = score(GOLD3, GOLD3, mode)
    assert t.sequence_match and t.sequence_score == 1.0
    assert t.action_score == 1.0
    assert t.penalties == {"click": 0.0, "key": 0.0, "write": 0.0, "total": 0.0}
    assert t.weight == pytest.approx(2.1)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("pred", [
    # wrong order
    'pyautogui.write("hello world")\npyautogui.click(130,140)\npyautogui.press("enter")',
    # longer: one action too many
    GOLD3 + '\npyautogui.press("tab")',
    # shorter: last action missing
    'pyautogui.click(130,140)\npyautogui.write("hello world")',
    # empty prediction
    "",
])
def test_sequence_mismatch_scores_zero(mode, pred):
    t = score(GOLD3, pred, mode)
    assert not t.sequence_match
    assert t.sequence_score == 0.0 and t.action_score == 0.0
    assert t.penalties["total"] == 0.0  # penalties only count for matching sequences


# ------------------------------------------------------------ click penalty

@pytest.mark.parametrize("mode", MODES)
def test_click_inside_box_no_penalty(mode):
    # (150, 170) lies inside; (160, 180) is the corner (on the edge counts as inside).
    for point in ("150, 170", "160, 180", "100, 100"):
        t = score("pyautogui.click(130,140)", f"pyautogui.click({point})", mode)
        assert t.action_score == 1.0 and t.actions[0]["distance"] == 0.0


@pytest.mark.parametrize("mode, click, distance, expected_penalty", [
    # (161, 140): 1 px right of the box, distance 1.
    ("official", "161, 140", 1.0, 1 / 101),          # 1 - 100 / (100 + 1)
    ("paper", "161, 140", 1.0, 100 / 101),           # 1 - 0.01 / (0.01 + 1) = 1/1.01
    # (460, 580): 300 px right and 400 px below the corner (160, 180): distance 500.
    ("official", "460, 580", 500.0, 5 / 6),          # 1 - 100 / 600
    ("paper", "460, 580", 500.0, 500 / 500.01),      # 1 - 0.01 / 500.01
])
def test_click_outside_box(mode, click, distance, expected_penalty):
    t = score("pyautogui.click(130,140)", f"pyautogui.click({click})", mode)
    assert t.actions[0]["distance"] == pytest.approx(distance)
    assert t.actions[0]["penalty"] == pytest.approx(expected_penalty)
    # one action: action score = 1 - penalty / 1
    assert t.action_score == pytest.approx(1 - expected_penalty)


def test_click_penalty_grows_with_distance_and_shrinks_with_box_size_officially():
    near = click_penalty((0, 0), (30, 40), (40, 20), "official")[0]    # d 10, diag 50: 10/60
    far = click_penalty((0, 0), (30, 40), (60, 20), "official")[0]     # d 30: 30/80
    big = click_penalty((0, 0), (60, 80), (70, 20), "official")[0]     # d 10, diag 100: 10/110
    assert near == pytest.approx(1 / 6) and far == pytest.approx(3 / 8) and big == pytest.approx(1 / 11)
    # paper: mu = 1/diag, so a bigger box is penalised *more* for the same distance
    # (the paper's stated intent): 10/(10 + 1/50) < 10/(10 + 1/100)
    assert click_penalty((0, 0), (30, 40), (40, 20), "paper")[0] == pytest.approx(10 / 10.02)
    assert click_penalty((0, 0), (60, 80), (70, 20), "paper")[0] == pytest.approx(10 / 10.01)


def test_click_without_coordinates_gets_full_penalty():
    for mode in MODES:
        t = score("pyautogui.click(130,140)", "pyautogui.click()", mode)
        assert t.sequence_match and t.actions[0]["penalty"] == 1.0 and t.action_score == 0.0


def test_click_penalty_is_averaged_over_the_sequence():
    # 3 actions, click 1 px outside, others right: action = 1 - (1/101) / 3 (official)
    pred = GOLD3.replace("click(130,140)", "click(161,140)")
    assert score(GOLD3, pred, "official").action_score == pytest.approx(1 - (1 / 101) / 3)
    assert score(GOLD3, pred, "paper").action_score == pytest.approx(1 - (100 / 101) / 3)


@pytest.mark.parametrize("action", ["rightClick", "doubleClick", "moveTo", "dragTo"])
def test_other_pointer_actions_penalised_only_in_paper_mode(action):
    # eval.py lowercases lines, then only compares against "click": rightclick,
    # doubleclick, moveto and dragto never get a distance penalty there.
    gold, pred = f"pyautogui.{action}(130,140)", f"pyautogui.{action}(161,140)"
    official, paper = score(gold, pred, "official"), score(gold, pred, "paper")
    assert official.sequence_match and official.action_score == 1.0
    assert official.actions[0]["category"] is None
    assert paper.action_score == pytest.approx(1 - 100 / 101)


def test_gold_box_by_exact_centre_and_paper_containment_fallback():
    # (110, 110) is inside "button" but not its centre: eval.py's lookup fails
    # (its get_bounds asserts); paper mode takes the smallest box holding the point.
    with pytest.raises(DatasetError, match=r"no box .* centred on the gold point \(110, 110\)"):
        score("pyautogui.click(110,110)", "pyautogui.click(110,110)", "official")
    assert score("pyautogui.click(110,110)", "pyautogui.click(161,110)", "paper").actions[0]["box"] == "button"
    with pytest.raises(DatasetError, match="centred on or holding"):
        score("pyautogui.click(5,5)", "pyautogui.click(5,5)", "paper")
    # missing_box="skip": the click keeps its place in the sequence but is not penalised
    t = score_task(parse_script("pyautogui.click(5,5)\npyautogui.press('a')"),
                   parse_script("pyautogui.click(900,900)\npyautogui.press('b')"), BOXES, "official",
                   missing_box="skip")
    assert t.missing_boxes == 1 and t.actions[0]["box"] is None
    assert t.action_score == pytest.approx(1 - 1 / 2)  # only the wrong key: 1 - 1/2


# ------------------------------------------------------------ key penalty

@pytest.mark.parametrize("mode", MODES)
def test_wrong_hotkey_full_key_penalty(mode):
    # hotkey(ctrl, c) vs hotkey(ctrl, v): key sets differ -> K = 1; one action -> action 0.
    t = score('pyautogui.hotkey("ctrl", "c")', "pyautogui.hotkey('ctrl', 'v')", mode)
    assert t.sequence_match and t.penalties["key"] == 1.0 and t.action_score == 0.0


@pytest.mark.parametrize("mode", MODES)
def test_hotkey_compares_key_sets(mode):
    # Same set in another order and with a named key in upper case: no penalty in either mode.
    t = score('pyautogui.hotkey("ctrl", "shift", "t")', 'pyautogui.hotkey("t", "SHIFT", "Ctrl")', mode)
    assert t.action_score == 1.0


def test_single_character_key_case():
    # official lowercases the whole line; paper keeps "C" != "c" (pyautogui types shift+c).
    gold, pred = 'pyautogui.hotkey("ctrl", "c")', 'pyautogui.hotkey("ctrl", "C")'
    assert score(gold, pred, "official").action_score == 1.0
    assert score(gold, pred, "paper").action_score == 0.0


def test_wrong_press_in_a_longer_script():
    # 3 actions, press("tab") instead of press("enter"): K = 1, action = 1 - 1/3 = 2/3.
    pred = GOLD3.replace('"enter"', '"tab"')
    for mode in MODES:
        assert score(GOLD3, pred, mode).action_score == pytest.approx(2 / 3)


# ------------------------------------------------------------ write penalty

def test_bleu_hand_values():
    # "hello" vs reference "hello world", characters, weights (0.5, 0.5):
    # unigrams h e l l o all matched: 5/5; bigrams he el ll lo all matched: 4/4;
    # brevity penalty exp(1 - 11/5) = exp(-1.2).  BLEU = exp(-1.2).
    assert sentence_bleu(["hello world"], "hello", (0.5, 0.5)) == pytest.approx(math.exp(-1.2))
    # "budge" vs "Budget" (case-sensitive): unigrams 4/5 (b != B), bigrams 3/4 (bu != Bu),
    # bp exp(1 - 6/5): BLEU = exp(-0.2) * sqrt(0.8 * 0.75)
    assert sentence_bleu(["Budget"], "budge", (0.5, 0.5)) == pytest.approx(math.exp(-0.2) * math.sqrt(0.6))
    # no unigram in common -> exactly 0; identical -> 1
    assert sentence_bleu(["abc"], "xyz", (0.5, 0.5)) == 0.0
    assert sentence_bleu(["abc"], "abc", (0.5, 0.5)) == 1.0
    # NLTK's method0: a zero bigram precision becomes the smallest float -> ~1e-154
    assert 0 < sentence_bleu(["a"], "a", (0.5, 0.5)) < 1e-150


@pytest.mark.parametrize("mode", MODES)
def test_partial_write_text(mode):
    # write("hello") for write("hello world"): W = 1 - exp(-1.2) = 0.6988...
    t = score('pyautogui.write("hello world")', 'pyautogui.write("hello")', mode)
    assert t.penalties["write"] == pytest.approx(1 - math.exp(-1.2))
    assert t.action_score == pytest.approx(math.exp(-1.2))


def test_write_case():
    # official lowercases: "Budget"/"budge" is "budget"/"budge": BLEU = exp(-0.2) (5/5, 4/4)
    gold, pred = 'pyautogui.write("Budget")', "pyautogui.write('budge')"
    assert score(gold, pred, "official").penalties["write"] == pytest.approx(1 - math.exp(-0.2))
    assert score(gold, pred, "paper").penalties["write"] == pytest.approx(1 - math.exp(-0.2) * math.sqrt(0.6))


def test_single_character_write_quirk():
    # eval.py's character BLEU-2 of a 1-character text is ~0 even when it is right,
    # so official mode penalises a correct write("a") fully; paper mode does not.
    assert score('pyautogui.write("a")', 'pyautogui.write("a")', "official").action_score < 1e-9
    assert score('pyautogui.write("a")', 'pyautogui.write("a")', "paper").action_score == 1.0


def test_typewrite_alias():
    # official compares raw (lowercased) names: typewrite != write -> no sequence match.
    gold, pred = 'pyautogui.write("hi there")', 'pyautogui.typewrite("hi there")'
    assert not score(gold, pred, "official").sequence_match
    assert score(gold, pred, "paper").action_score == 1.0


def test_bleu_matches_nltk_when_installed():
    bleu = pytest.importorskip("nltk.translate.bleu_score")
    import warnings
    rng = random.Random(7)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NLTK warns on every zero n-gram count
        for _ in range(150):
            ref = "".join(rng.choice("ab c") for _ in range(rng.randint(0, 10)))
            hyp = "".join(rng.choice("ab c") for _ in range(rng.randint(0, 10)))
            for w in ((0.5, 0.5), (0.25, 0.25, 0.25, 0.25)):
                assert sentence_bleu([ref], hyp, w) == pytest.approx(bleu.sentence_bleu([ref], hyp, weights=w),
                                                                     rel=1e-12, abs=1e-300)


# ------------------------------------------------------------ dataset level

def test_summary_weights_tasks_by_sequence_length():
    # task A: 3 actions (weight 2.1), perfect. task B: 1 action (weight 0.1), click 1 px out.
    a = score(GOLD3, GOLD3, "official")
    b = score("pyautogui.click(130,140)", "pyautogui.click(161,140)", "official")
    c = score("pyautogui.click(130,140)", "pyautogui.press('a')", "official")  # weight 0.1, no match
    s = summarize([a, b, c], "official")
    assert s["ideal_score"] == pytest.approx(2.3)
    assert s["sequence_score"] == pytest.approx((2.1 + 0.1) / 2.3)
    assert s["action_score"] == pytest.approx((2.1 + 0.1 * (1 - 1 / 101)) / 2.3)
    assert s["penalties"]["click"] == pytest.approx(0.1 * (1 / 101) / 2.3)
    # eval.py's identity: sequence score = action score + total penalty
    assert s["sequence_score"] == pytest.approx(s["action_score"] + s["penalties"]["total"])
    # clicks: one in each task, two of them in matching tasks; mean penalty (0 + 1/101) / 2
    click = s["by_action"]["click"]
    assert click["gold"] == 3 and click["in_matched_tasks"] == 2
    assert click["mean_penalty"] == pytest.approx(1 / 202)


# ------------------------------------------------------------ properties

_POINTERS = ["click", "rightClick", "doubleClick", "moveTo", "dragTo"]
_KEYS = ["enter", "tab", "ctrl", "shift", "a", "c", "v", "esc"]


def _random_gold(rng: random.Random, boxes: Boxes) -> list[str]:
    lines = []
    for _ in range(rng.randint(1, 5)):
        kind = rng.choice(["pointer", "write", "press", "hotkey", "scroll"])
        if kind == "pointer":
            b = rng.randrange(len(boxes))
            cx, cy = (boxes.top_left[b] + boxes.bottom_right[b]) / 2
            lines.append(f"pyautogui.{rng.choice(_POINTERS)}({cx},{cy})")
        elif kind == "write":
            text = "".join(rng.choice("abcdef gh") for _ in range(rng.randint(2, 12)))
            lines.append(f'pyautogui.write("{text}")')
        elif kind == "press":
            lines.append(f'pyautogui.press("{rng.choice(_KEYS)}")')
        elif kind == "hotkey":
            keys = rng.sample(_KEYS, rng.randint(2, 3))
            lines.append("pyautogui.hotkey(" + ", ".join(f'"{k}"' for k in keys) + ")")
        else:
            lines.append(f"pyautogui.scroll({rng.randint(-10, 10)})")
    return lines


def _mutate(rng: random.Random, lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        r = rng.random()
        if r < 0.15:
            continue  # drop
        if r < 0.5 and "(" in line and not line.startswith("pyautogui.scroll"):
            name = line.split("(")[0]
            choice = rng.random()
            if name.split(".")[1] in _POINTERS:
                line = f"{name}({rng.uniform(-50, 900):.1f}, {rng.uniform(-50, 700):.1f})"
            elif name.endswith("write"):
                line = f'{name}("{"".join(rng.choice("abcxyz ") for _ in range(rng.randint(0, 10)))}")'
            elif choice < 0.5:
                line = f'{name}("{rng.choice(_KEYS)}")'
        out.append(line)
        if rng.random() < 0.1:
            out.append(rng.choice(lines))  # insert
    if len(out) > 1 and rng.random() < 0.2:
        i = rng.randrange(len(out) - 1)
        out[i], out[i + 1] = out[i + 1], out[i]  # swap
    return out


def test_random_scripts_properties():
    rng = random.Random(1234)
    tl = np.array([[rng.uniform(0, 800), rng.uniform(0, 600)] for _ in range(8)]).round()
    br = tl + np.array([[rng.uniform(0, 200), rng.uniform(0, 120)] for _ in range(8)]).round()
    boxes = Boxes(Path("random.json"), tuple(f"b{i}" for i in range(8)), tl, br)
    for mode in MODES:
        scores = []
        for _ in range(300):
            gold = _random_gold(rng, boxes)
            perfect = score("\n".join(gold), "\n".join(gold), mode, boxes)
            assert perfect.sequence_score == 1.0 and perfect.action_score == pytest.approx(1.0)
            t = score("\n".join(gold), "\n".join(_mutate(rng, gold)), mode, boxes)
            assert 0.0 <= t.action_score <= t.sequence_score <= 1.0
            assert all(v >= 0.0 for v in t.penalties.values())
            assert all(row["penalty"] is None or 0.0 <= row["penalty"] <= 1.0 for row in t.actions)
            scores += [perfect, t]
        s = summarize(scores, mode)
        assert 0.0 <= s["action_score"] <= s["sequence_score"] <= 1.0
        assert all(v >= 0.0 for v in s["penalties"].values())
        assert s["sequence_score"] == pytest.approx(s["action_score"] + s["penalties"]["total"])
        # the mutations leave some tasks matching with penalties and break others
        assert 0.5 < s["sequence_score"] < 1.0 and s["action_score"] < s["sequence_score"]
