"""``detact eval`` end to end on the shipped OmniACT-format fixture set."""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from detact.cli import main
from llm_server import ChatServer

REPO = Path(__file__).resolve().parents[1]
FIXTURE = Path(__file__).parent / "fixtures" / "omniact"
PRED = FIXTURE / "pred"

# Hand-computed scores of tests/fixtures/omniact/pred (see make_fixture.py).
# weights s - 0.9: task0 0.1, task1 2.1, task2 0.1, task3 0.1, task4 1.1 -> ideal 3.5
#  0 click(250,170) inside save_button                    match, no penalty      -> 1
#  1 click inside search_field, write 'budge' for "Budget", press 'Enter'
#      official (lowercased): BLEU("budget","budge") = exp(-0.2) (5/5, 4/4, bp exp(1-6/5))
#      paper (case kept):     BLEU("Budget","budge") = exp(-0.2)*sqrt(4/5*3/4)
#      action = 1 - (1 - BLEU) / 3
#  2 hotkey(ctrl, v) for hotkey(ctrl, c)                  match, key penalty 1   -> 0
#  3 rightClick(312, 28), cart_link box (272,8)-(302,48): distance 10, diagonal 50
#      official: rightClick is never penalised -> 1
#      paper: 1 - 10 / (10 + 1/50) = 0.02 / 10.02
#  4 click then moveTo for moveTo then click              wrong order            -> 0
SEQUENCE = (0.1 + 2.1 + 0.1 + 0.1) / 3.5
OFFICIAL_ACTION = (0.1 + 2.1 * (1 - (1 - math.exp(-0.2)) / 3) + 0 + 0.1) / 3.5
PAPER_ACTION = (0.1 + 2.1 * (1 - (1 - math.exp(-0.2) * math.sqrt(0.6)) / 3) + 0
                + 0.1 * (0.02 / 10.02)) / 3.5


def _env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DETACT_LLM_")}
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return {**env, **extra}


def _cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "detact.cli", "eval", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=120, env=env or _env())


def test_eval_subprocess_json_both_modes():
    official = _cli("--data", str(FIXTURE), "--pred", str(PRED), "--format", "json")
    assert official.returncode == 0, official.stderr
    assert official.stderr == ""  # all predictions present: no warning
    report = json.loads(official.stdout)
    assert report["schema"] == "detact/eval@1" and report["compat"] == "official"
    assert report["n_tasks"] == 5 and report["ideal_score"] == pytest.approx(3.5)
    assert report["sequence_score"] == pytest.approx(SEQUENCE)
    assert report["action_score"] == pytest.approx(OFFICIAL_ACTION)
    tasks = {t["index"]: t for t in report["tasks"]}
    assert [tasks[i]["sequence_match"] for i in "01234"] == [True, True, True, True, False]
    assert tasks["1"]["penalties"]["write"] == pytest.approx((1 - math.exp(-0.2)) / 3)
    assert tasks["3"]["action_score"] == 1.0
    assert report["by_action"]["rightclick"]["penalised_as"] is None
    assert report["by_platform"]["web"]["sequence_score"] == pytest.approx(0.1 / 1.2)

    paper = main(["eval", "--data", str(FIXTURE), "--pred", str(PRED), "--compat", "paper",
                  "--format", "json", "-o", os.devnull, "-q"])
    assert paper == 0
    proc = _cli("--data", str(FIXTURE), "--pred", str(PRED), "--compat", "paper", "--format", "json")
    report = json.loads(proc.stdout)
    assert report["sequence_score"] == pytest.approx(SEQUENCE)
    assert report["action_score"] == pytest.approx(PAPER_ACTION)
    row = next(t for t in report["tasks"] if t["index"] == "3")["actions"][0]
    assert row["category"] == "click" and row["box"] == "cart_link" and row["distance"] == pytest.approx(10)
    assert report["by_action"]["rightClick"]["mean_penalty"] == pytest.approx(10 / 10.02)


def test_eval_table_and_output_file(tmp_path, capsys):
    out = tmp_path / "report.json"
    assert main(["eval", "--data", str(FIXTURE), "--pred", str(PRED), "--format", "json", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["action_score"] == pytest.approx(OFFICIAL_ACTION)
    assert f"action score {OFFICIAL_ACTION:.4f}" in capsys.readouterr().err
    assert main(["eval", "--data", str(FIXTURE), "--pred", str(PRED)]) == 0
    table = capsys.readouterr().out
    assert f"sequence score  {100 * SEQUENCE:6.2f} %" in table
    assert f"action score    {100 * OFFICIAL_ACTION:6.2f} %" in table
    assert "compat=official" in table and "rightclick" in table


def test_eval_split_limit_and_missing_predictions(tmp_path, capsys):
    (tmp_path / "0.txt").write_text("pyautogui.click(230, 162)\n")
    assert main(["eval", "--data", str(FIXTURE), "--pred", str(tmp_path), "--format", "json"]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert report["n_missing_predictions"] == 4
    assert "4 of 5 tasks have no prediction" in captured.err
    # only task 0 (weight 0.1) scores: 0.1 / 3.5
    assert report["action_score"] == pytest.approx(0.1 / 3.5)
    assert main(["eval", "--data", str(FIXTURE), "--pred", str(tmp_path), "--limit", "1",
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["action_score"] == 1.0
    # train split: one task (index 100, the hotkey task), predicted by its task path
    (tmp_path / "desktop/notes").mkdir(parents=True)
    (tmp_path / "desktop/notes/task_1.3.txt").write_text("pyautogui.hotkey('ctrl', 'c')\n")
    assert main(["eval", "--data", str(FIXTURE), "--pred", str(tmp_path), "--split", "train",
                 "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["split"] == "train" and report["n_tasks"] == 1 and report["action_score"] == 1.0


@pytest.mark.parametrize("args, message", [
    (["--data", "{tmp}/missing", "--pred", "{tmp}"], "dataset folder not found"),
    (["--data", str(FIXTURE), "--pred", "{tmp}/missing"], "prediction folder not found"),
    (["--data", str(FIXTURE), "--pred", "{tmp}", "--split", "val"], "split file not found (splits here: test, train)"),
    (["--data", str(FIXTURE), "--pred", "{tmp}", "--strict"], "no prediction for task 0 (0.txt or desktop/notes/task_1.1.txt)"),
    (["--data", str(FIXTURE), "--pred", "{tmp}", "--limit", "0"], "--limit must be at least 1"),
    (["--data", str(FIXTURE), "--pred", "{tmp}", "--generate"], "--generate needs an LLM endpoint"),
])
def test_eval_errors_are_one_line(tmp_path, args, message):
    proc = _cli(*[a.format(tmp=tmp_path) for a in args])
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("detact: error: ") and message in lines[0], proc.stderr


def test_eval_bad_gold_file_names_file_and_line(tmp_path):
    import shutil
    data = tmp_path / "ds"
    shutil.copytree(FIXTURE, data, ignore=shutil.ignore_patterns("pred", "*.py"))
    (data / "data/tasks/web/shop/task_1.2.txt").write_text(
        "Task: Hover the menu\nOutput Script:\npyautogui.moveTo(23.0,28.0)\npyautogui.click(100.0,135.0\n")
    proc = _cli("--data", str(data), "--pred", str(PRED))
    assert proc.returncode == 2
    assert "task_1.2.txt:4: gold line is not a valid call" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.slow
def test_eval_generate_with_local_llm(tmp_path, capsys):
    pytest.importorskip("detact.task.pipeline", reason="the script generator is not in this build")
    with ChatServer(["```python\npyautogui.click(230, 162)\n```"]) as server:   # always one click
        code = main(["eval", "--data", str(FIXTURE), "--pred", str(tmp_path / "pred"), "--generate",
                     "--limit", "2", "--llm-base-url", server.url, "--llm-model", "test", "--format", "json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "[1/2] 0 data/tasks/desktop/notes/task_1.1.txt" in captured.err
    assert server.requests  # the pipeline really asked the LLM
    # task 0 (save click, weight 0.1) is answered right, task 1 (3 actions, 2.1) is not
    assert (tmp_path / "pred" / "0.txt").read_text().strip().endswith("pyautogui.click(230, 162)")
    report = json.loads(captured.out)
    assert report["sequence_score"] == pytest.approx(0.1 / 2.2)
    assert report["action_score"] == pytest.approx(0.1 / 2.2)
