"""OmniACT-format loader: the shipped fixture set and errors that name file and line."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from detact.evaluation import DatasetError, load_boxes, load_split, parse_script, parse_task_file
from detact.evaluation.dataset import prediction_names, read_prediction
from detact.imageio import load_image

FIXTURE = Path(__file__).parent / "fixtures" / "omniact"


def test_fixture_split_loads():
    tasks = load_split(FIXTURE, "test")
    assert [t.index for t in tasks] == ["0", "1", "2", "3", "4"]
    t = tasks[1]
    assert t.text == "Search the notes for Budget"
    assert [a.name for a in t.gold] == ["click", "write", "press"]
    assert t.gold[0].point() == (160.0, 52.0) and t.gold[1].text() == "Budget"
    assert t.gold[0].line == 3  # line numbers are those of the task file
    assert (t.platform, t.app) == ("desktop", "notes")
    assert tasks[3].platform == "web" and tasks[3].gold[0].name == "rightClick"
    assert prediction_names(t) == ("1.txt", "desktop/notes/task_1.2.txt")
    assert len(load_split(FIXTURE, "train")) == 1 and len(load_split(FIXTURE, "test", limit=2)) == 2


def test_fixture_boxes_match_the_drawn_screens():
    # Every gold click is a box centre, and every box is the rectangle drawn on the
    # screenshot: its outline pixels are the dark grey outline, its centre is not.
    for task in load_split(FIXTURE, "test"):
        boxes = load_boxes(task.box_path)
        image = load_image(task.image_path)
        assert image.shape == (200, 320, 3)
        for b in range(len(boxes)):
            x0, y0 = boxes.top_left[b].astype(int)
            x1, y1 = boxes.bottom_right[b].astype(int)
            outline = image[[y0, y1, y0, y1], [x0, x0, x1, x1]].astype(int)
            assert np.abs(outline - 0x55).max() <= 12, boxes.names[b]
        centres = (boxes.top_left + boxes.bottom_right) / 2
        for action in task.gold:
            if action.point() is not None:
                assert np.any(np.all(centres == action.point(), axis=1))


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.mark.parametrize("name, content, message", [
    ("task.txt", "", r"task\.txt:1: empty task file"),
    ("task.txt", "\nOutput Script:\npyautogui.click(1,2)\n", r"task\.txt:2: expected 'Task: \.\.\.'"),
    ("task.txt", "Task: do it\npyautogui.click(1,2)\n", r"task\.txt: no 'Output Script:' line"),
    ("task.txt", "Task: do it\nOutput Script:\n\n", r"task\.txt:2: no pyautogui lines"),
    ("task.txt", "Task: do it\nOutput Script:\npyautogui.click(1,2)\npyautogui.write(\"oops)\n",
     r"task\.txt:4: gold line is not a valid call"),
    ("box.json", "{\n  \"a\": {\"top_left\": [1, 2],\n", r"box\.json:3: invalid JSON"),
    ("box.json", "[1, 2]", r"box\.json:1: box metadata must be a JSON object"),
    ("box.json", '{\n "ok": {"top_left": [0, 0], "bottom_right": [4, 4]},\n "bad": {"top_left": [1]}\n}',
     r"box\.json:3: box 'bad': top_left must be \[x, y\]"),
    ("box.json", '{\n "flipped": {"top_left": [9, 9], "bottom_right": [4, 4]}\n}',
     r"box\.json:2: box 'flipped': bottom_right lies above or left"),
])
def test_file_errors_name_file_and_line(tmp_path, name, content, message):
    load = {"task.txt": parse_task_file, "box.json": load_boxes}[name]
    with pytest.raises(DatasetError, match=message):
        load(_write(tmp_path / name, content))


def test_task_text_and_gold_ignore_non_pyautogui_lines(tmp_path):
    text, gold = parse_task_file(_write(tmp_path / "t.txt", "Task: Open the menu\nOutput Script:\n"
                                        "# a comment\npyautogui.moveTo(10.5, 20.0)\n\n"))
    assert text == "Open the menu" and [(a.name, a.line) for a in gold] == [("moveTo", 4)]


def test_split_errors(tmp_path):
    with pytest.raises(DatasetError, match="dataset folder not found"):
        load_split(tmp_path / "nope")
    _write(tmp_path / "train.json", "{}")
    with pytest.raises(DatasetError, match=r"test\.json: split file not found \(splits here: train\)"):
        load_split(tmp_path, "test")
    _write(tmp_path / "test.json", '{\n "7": {"task": "data/tasks/x.txt"}\n}')
    with pytest.raises(DatasetError, match=r"test\.json:2: entry '7' has no 'box' path"):
        load_split(tmp_path, "test")
    _write(tmp_path / "test.json", '{\n "7": {"task": "data/tasks/x.txt", "box": "b.json"}\n}')
    with pytest.raises(DatasetError, match=r"test\.json:2: entry '7': task file data/tasks/x\.txt not found"):
        load_split(tmp_path, "test")


def test_prediction_lookup_both_names(tmp_path):
    task = load_split(FIXTURE, "test")[1]
    assert read_prediction(tmp_path, task) is None
    _write(tmp_path / "desktop/notes/task_1.2.txt", "pyautogui.click(1, 2)\n")
    assert read_prediction(tmp_path, task) == "pyautogui.click(1, 2)\n"
    _write(tmp_path / "1.txt", "pyautogui.click(3, 4)\n")
    with pytest.raises(DatasetError, match="predict task 1; keep one"):
        read_prediction(tmp_path, task)


def test_missing_box_file_is_reported_when_scoring(tmp_path):
    from detact.evaluation import evaluate
    root = tmp_path / "ds"
    shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns("pred", "*.png", "*.py"))
    (root / "data/metadata/web/boxes/shop/screen_1.json").unlink()
    tasks = load_split(root, "test")
    with pytest.raises(DatasetError, match=r"shop/screen_1\.json: box metadata not found"):
        evaluate(tasks, {}, "paper")


def test_parse_script_never_executes(tmp_path):
    marker = tmp_path / "ran"
    hostile = f"__import__('pathlib').Path({str(marker)!r}).write_text('x')\npyautogui.click(1, 2)"
    actions = parse_script(hostile)
    assert [a.name for a in actions] == ["click"] and not marker.exists()
    # non-literal arguments are kept as unknown, never evaluated
    (a,) = parse_script(f"pyautogui.write(open({str(marker)!r}, 'w').name)")
    assert a.text() is None and not marker.exists()
    json.dumps([a.source for a in actions])
