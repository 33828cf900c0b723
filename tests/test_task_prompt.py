"""Example bank, OmniACT loader, nearest-example retrieval (cached), and the prompt builder."""
from __future__ import annotations

import json

import numpy as np
import pytest

from detact.elements import Elements
from detact.errors import DetactError
from detact.task.embedding import Embedder
from detact.task.examples import (Example, ExampleIndex, load_builtin, load_examples,
                                  load_omniact, parse_task_file)
from detact.task.prompt import (SECTION_COLOR, SECTION_ICON, SECTION_TEXT, build_prompt,
                                estimate_tokens)
from detact.task.script import validate_script


@pytest.fixture(scope="module")
def embedder():
    return Embedder("cpu")


class CountingEmbedder:
    """The real MiniLM embedder, counting the texts it is asked to encode."""

    def __init__(self, inner):
        self.inner, self.name, self.texts = inner, inner.name, 0

    def encode(self, texts):
        self.texts += len(texts)
        return self.inner.encode(texts)


def write_omniact(root, tasks):
    """A small folder in OmniACT's layout: train.json + data/tasks/<platform>/<app>/task_*.txt."""
    split = {}
    for n, (platform, app, text) in enumerate(tasks):
        rel = f"data/tasks/{platform}/{app}/task_1.{n}.txt"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
        split[str(n)] = {"task": rel, "image": f"data/data/{platform}/{app}/screen_1.png",
                         "box": f"data/metadata/{platform}/boxes/{app}/screen_1.json"}
    (root / "train.json").write_text(json.dumps(split))


def test_omniact_loader(tmp_path):
    write_omniact(tmp_path, [
        ("desktop", "notes", "Task: Bold the title\nOutput Script:\npyautogui.hotkey('ctrl', 'b')\n"),
        ("web", "shop", "Task: Search for lamps\r\nOutput Script:\r\npyautogui.click(400, 50)\r\n"
                        "pyautogui.write('lamps')\r\n"),
    ])
    exs = load_omniact(tmp_path)
    assert [e.task for e in exs] == ["Bold the title", "Search for lamps"]
    assert exs[0].platform == "desktop" and exs[1].platform == "web" and exs[1].app == "shop"
    assert exs[1].script.startswith("import pyautogui\n")
    assert [a["action"] for a in validate_script(exs[1].script).actions] == ["click", "write"]
    assert load_examples(tmp_path)[0] == exs[0]                       # folder dispatch
    single = load_examples(tmp_path / "data/tasks/desktop/notes/task_1.0.txt")
    assert single[0].task == "Bold the title"
    (tmp_path / "train.json").unlink()                                 # no split file: glob
    assert len(load_omniact(tmp_path)) == 2


def test_omniact_errors_name_file_and_line(tmp_path):
    # the offending line is not quoted (issue 16: a split file naming /etc/passwd echoed it)
    with pytest.raises(DetactError, match=r"task.txt:2: expected 'Task: ...'") as err:
        parse_task_file("\nClick it\nOutput Script:\npyautogui.click(1, 1)", "task.txt")
    assert "Click it" not in str(err.value)
    with pytest.raises(DetactError, match="no 'Output Script:'"):
        parse_task_file("Task: x\npyautogui.click(1, 1)", "t.txt")
    with pytest.raises(DetactError, match=r"t.txt:2: no script lines"):
        parse_task_file("Task: x\nOutput Script:\n", "t.txt")
    (tmp_path / "train.json").write_text(json.dumps({"0": {"task": "data/tasks/missing.txt"}}))
    with pytest.raises(DetactError, match="entry 0: task file data/tasks/missing.txt not found"):
        load_omniact(tmp_path)
    bad = tmp_path / "bank.jsonl"
    bad.write_text('{"task": "a", "script": "pyautogui.click(1, 1)"}\n{"task": "b"}\n')
    with pytest.raises(DetactError, match=r"bank.jsonl:2: not an example line"):
        load_examples(bad)
    with pytest.raises(DetactError, match="no such file or folder"):
        load_examples(tmp_path / "nope.txt")


def test_retrieval_finds_similar_tasks_and_caches_embeddings(tmp_path, embedder):
    bank = load_builtin()
    counting = CountingEmbedder(embedder)
    index = ExampleIndex(bank, counting, cache_dir=tmp_path)
    top = index.nearest("Look up 'blue jacket' in the shop's search box", 5)
    assert len(top) == 5 and len({e.task for e in top}) == 5
    assert "Search for 'running shoes' on the store" in [e.task for e in top[:2]]
    save = index.nearest("Save my document", 5)
    assert "Save the current document with the keyboard shortcut" in [e.task for e in save]
    assert counting.texts == len(bank) + 2                 # bank encoded once, then 1 per query
    assert (tmp_path / f"{index.key}.npy").is_file()
    # a new index over the same bank reads the cache instead of encoding it again
    counting2 = CountingEmbedder(embedder)
    again = ExampleIndex(bank, counting2, cache_dir=tmp_path)
    assert [e.task for e in again.nearest("Save my document", 5)] == [e.task for e in save]
    assert counting2.texts == 1
    # a different bank gets a different cache key
    assert ExampleIndex(bank[:10], counting2, cache_dir=tmp_path).key != index.key


def _elements():
    return Elements([[10, 10, 60, 30], [100, 10, 124, 34], [200, 200, 400, 260], [70, 10, 90, 30],
                     [500, 10, 560, 30]],
                    ["text", "icon", "region", "text", "text"],
                    ["Save", "", "", 'Say "hi"\nnow', "Low confidence"],
                    ["", "floppy-disk", "", "", ""],
                    [0.99, 0.8, 0.5, 0.9, 0.1],
                    ["white", "grey", "blue", "", "red"])


def _examples(n=5):
    return [Example(f"Example task number {i}", f"import pyautogui\npyautogui.click({i}, {i})\n")
            for i in range(n)]


def test_prompt_structure():
    p = build_prompt("Click on 'Save'", _elements(), _examples(), width=800, height=600)
    text = p.text
    for i in range(1, 6):
        assert f"Example {i}:\nTask: Example task number {i - 1}\nOutput Script:\nimport pyautogui" in text
    assert "Example 6:" not in text
    s_text, s_icon, s_color = (text.index(s) for s in (SECTION_TEXT, SECTION_ICON, SECTION_COLOR))
    assert s_text < s_icon < s_color < text.index("Task: Click on 'Save'")
    assert text.rstrip().endswith("Output Script:")
    assert '("Save", text, 35, 20)' in text[s_text:s_icon]
    assert '("Say \\"hi\\" now", text, 80, 20)' in text            # quoted, one line
    assert '("floppy-disk", icon, 112, 22)' in text[s_icon:s_color]
    assert '("blue", "region", 300, 230)' in text[s_color:]
    assert "800x600 screen" in text and "pyautogui.hotkey(" in text and "pyautogui.hscroll(" in text
    assert p.tokens == estimate_tokens(text) and p.dropped == 0


def test_prompt_budget_drops_lowest_confidence_first():
    els = _elements()
    full = build_prompt("Click on 'Save'", els, _examples())
    budget = full.tokens - 5
    p = build_prompt("Click on 'Save'", els, _examples(), max_tokens=budget)
    assert p.tokens <= budget and p.dropped >= 1
    assert "Low confidence" not in p.text and '"Save"' in p.text      # score 0.1 went first
    # relevance from the filter overrides detector confidence
    prio = np.array([0.0, 1.0, 1.0, 1.0, 1.0], np.float32)
    q = build_prompt("Click on 'Save'", els, _examples(), max_tokens=budget, priority=prio)
    assert '"Save"' not in q.text and "Low confidence" in q.text
    # a tight budget keeps the prompt valid with empty sections
    base = build_prompt("Click on 'Save'", Elements(), _examples()).tokens
    tight = build_prompt("Click on 'Save'", els, _examples(), max_tokens=base)
    assert tight.tokens <= base and tight.dropped == len(els) and tight.text.count("(none)") == 3
    with pytest.raises(DetactError, match="too small"):
        build_prompt("Click on 'Save'", els, _examples(), max_tokens=base - 1)


def test_token_estimate_is_conservative_and_monotone():
    assert estimate_tokens("") == 0
    # pyau|togu|i . clic|k ( 123|4 , 56 )
    assert estimate_tokens("pyautogui.click(1234, 56)") == 12
    text = build_prompt("Click on 'Save'", _elements(), _examples()).text
    # at least one token per 4 characters of non-space text
    assert estimate_tokens(text) >= len("".join(text.split())) / 4
    assert estimate_tokens(text + " more words") > estimate_tokens(text)


def test_colour_section_lists_only_telling_colours():
    els = Elements([[0, 0, 40, 20], [50, 0, 90, 20], [100, 0, 140, 20], [150, 0, 190, 20]],
                   ["text"] * 4, ["Home", "About", "Buy now", "Help"],
                   color=["white", "white", "green", "white"])
    text = build_prompt("Click on 'Buy now'", els, _examples()).text
    colour_part = text[text.index(SECTION_COLOR):]
    assert '("green", "Buy now", 120, 10)' in colour_part and '"white"' not in colour_part
    # ... unless the task names that colour
    text = build_prompt("Click the white 'Help' link", els, _examples()).text
    assert '("white", "Help", 170, 10)' in text[text.index(SECTION_COLOR):]
