"""Load an OmniACT-format dataset.

Layout (as released)::

    ROOT/train.json, val.json, test.json      split files: {"<index>": {"task": ..., "image": ..., "box": ...}}
    ROOT/data/tasks/<platform>/<app>/task_X.Y.txt           "Task: ..." / "Output Script:" / gold lines
    ROOT/data/data/<platform>/<app>/screen_X.png            screenshot
    ROOT/data/metadata/<platform>/boxes/<app>/screen_X.json {"name": {"top_left": [x, y], "bottom_right": [x, y]}}

Paths inside a split file are relative to ROOT and must stay inside it: an entry naming
``/etc/passwd`` or ``../../secret`` is refused before anything is read, so no file outside the
dataset is ever opened (or quoted in an error). Every problem is reported as a
:class:`DatasetError` naming the file (and line) at fault.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path, PurePath

import numpy as np

from ..errors import DetactError
from ..files import read_bytes, read_text
from .script import Action, parse_script

SPLITS = ("train", "val", "test")
#: Largest prediction read: a script for one screen is a few hundred bytes.
MAX_PREDICTION_BYTES = 1_000_000


class DatasetError(DetactError):
    """The dataset (split file, task file or box metadata) is missing or malformed."""


@dataclass(frozen=True)
class Task:
    """One OmniACT datapoint."""

    index: str            # key in the split file
    task_path: Path
    image_path: Path | None
    box_path: Path
    rel_task: str         # task path as written in the split file
    text: str             # the natural-language task
    gold: tuple[Action, ...]

    @property
    def platform(self) -> str:
        """``desktop`` or ``web`` (the folder under ``data/tasks``), else ``other``."""
        parts = Path(self.rel_task).parts
        if "tasks" in parts and parts.index("tasks") + 1 < len(parts) - 1:
            return parts[parts.index("tasks") + 1]
        return "other"

    @property
    def app(self) -> str:
        """The application/website folder the task belongs to."""
        return Path(self.rel_task).parent.name


@dataclass(frozen=True)
class Boxes:
    """Box metadata of one screen: names and (N, 2) float corners."""

    path: Path
    names: tuple[str, ...]
    top_left: np.ndarray
    bottom_right: np.ndarray

    def __len__(self) -> int:
        return len(self.names)


def _rel(path: Path, root: Path | None) -> str:
    try:
        return str(path.relative_to(root)) if root else str(path)
    except ValueError:
        return str(path)


def _read_json(path: Path, what: str):
    if not path.is_file():
        raise DatasetError(f"{path}: {what} not found")
    text = read_text(path, error=DatasetError, what=what)
    try:
        return json.loads(text), text
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{path}:{exc.lineno}: invalid JSON in {what}: {exc.msg}") from None


def _line_of(text: str, key: str) -> int:
    """Line of the first ``"key"`` in a JSON text (1 when not found): JSON parsers
    do not keep positions, and the user needs a line to look at."""
    pos = text.find(json.dumps(key))
    return text.count("\n", 0, pos) + 1 if pos >= 0 else 1


def split_task_text(raw: str, where: str) -> tuple[str, list[str], int]:
    """Split OmniACT's task-file layout (``Task: ...`` possibly wrapped over several lines,
    ``Output Script:``, script lines) into the task text, the file's lines and the index of
    the ``Output Script:`` line. Errors name ``where`` and the line."""
    lines = raw.replace("\r\n", "\n").split("\n")
    first = next((i for i, ln in enumerate(lines) if ln.strip()), None)
    if first is None:
        raise DatasetError(f"{where}:1: empty task file")
    if not lines[first].lstrip().lower().startswith("task:"):
        # the line itself is not quoted: whatever file this is, its contents stay out of logs
        raise DatasetError(f"{where}:{first + 1}: expected 'Task: ...' as the first line (not an "
                           "OmniACT task file)")
    marker = next((i for i, ln in enumerate(lines) if ln.strip().lower().startswith("output script")), None)
    if marker is None:
        raise DatasetError(f"{where}: no 'Output Script:' line")
    text = " ".join(ln.strip() for ln in lines[first:marker]).strip().split(":", 1)[1].strip()
    if not text:
        raise DatasetError(f"{where}:{first + 1}: the task text is empty")
    return text, lines, marker


def parse_task_file(path: Path) -> tuple[str, tuple[Action, ...]]:
    """Read one task file: ``Task: ...`` then ``Output Script:`` then PyAutoGUI lines."""
    if not path.exists():
        raise DatasetError(f"{path}: task file not found")
    raw = read_text(path, error=DatasetError, what="task file")
    text, lines, marker = split_task_text(raw, str(path))
    # Keep line numbers of the file: blank out everything above the script.
    body = "\n" * (marker + 1) + "\n".join(lines[marker + 1:])
    gold = tuple(parse_script(body))
    for action in gold:
        if not action.parsed:
            raise DatasetError(f"{path}:{action.line}: gold line is not a valid call: {action.source[:80]!r}")
    if not gold:
        raise DatasetError(f"{path}:{marker + 1}: no pyautogui lines after 'Output Script:'")
    return text, gold


def load_boxes(path: Path) -> Boxes:
    """Read a box metadata file (element name -> top_left / bottom_right)."""
    data, text = _read_json(path, "box metadata")
    if not isinstance(data, dict):
        raise DatasetError(f"{path}:1: box metadata must be a JSON object of named boxes")
    names, tl, br = [], [], []
    for name, box in data.items():
        corners = []
        for key in ("top_left", "bottom_right"):
            value = box.get(key) if isinstance(box, dict) else None
            if (not isinstance(value, (list, tuple)) or len(value) != 2
                    or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
                raise DatasetError(f"{path}:{_line_of(text, name)}: box {name!r}: "
                                   f"{key} must be [x, y] numbers")
            corners.append(value)
        if corners[1][0] < corners[0][0] or corners[1][1] < corners[0][1]:
            raise DatasetError(f"{path}:{_line_of(text, name)}: box {name!r}: "
                               "bottom_right lies above or left of top_left")
        names.append(str(name))
        tl.append(corners[0])
        br.append(corners[1])
    return Boxes(path, tuple(names), np.asarray(tl, np.float64).reshape(-1, 2),
                 np.asarray(br, np.float64).reshape(-1, 2))


def find_split(root: Path, split: str) -> Path:
    """Path of ``ROOT/<split>.json``; a clear error when it is not there."""
    root = Path(root)
    if not root.is_dir():
        raise DatasetError(f"{root}: dataset folder not found")
    path = root / f"{split}.json"
    if not path.is_file():
        have = sorted(p.stem for p in root.glob("*.json") if p.stem in SPLITS)
        hint = f" (splits here: {', '.join(have)})" if have else \
            " (expected OmniACT's train.json / val.json / test.json at the dataset root)"
        raise DatasetError(f"{path}: split file not found{hint}")
    return path


def _show(text: str, limit: int = 80) -> str:
    return repr(text[:limit]) + ("..." if len(text) > limit else "")


def _inside(root: Path, rel: str, where: str, index: str, key: str) -> Path:
    """``root / rel`` for a split entry's path, refused unless it is relative, has no ``..``
    and (symlinks resolved) stays inside the dataset folder."""
    pure = PurePath(rel)
    if not rel or "\x00" in rel or pure.is_absolute() or pure.drive or ".." in pure.parts:
        raise DatasetError(f"{where}: entry {_show(index)}: {key} path {_show(rel)} must be relative "
                           "to the dataset folder, without '..'; refusing to read it")
    path = root / rel
    real_root = os.path.realpath(root)
    if os.path.commonpath([real_root, os.path.realpath(path)]) != real_root:
        raise DatasetError(f"{where}: entry {_show(index)}: {key} path {_show(rel)} leads outside the "
                           "dataset folder (through a link); refusing to read it")
    return path


def _check_index(index: str, where: str) -> None:
    """Task indices name prediction files (``<index>.txt``): plain names only."""
    if not index or len(index) > 200 or index in (".", "..") or any(c in index for c in "/\\\x00"):
        raise DatasetError(f"{where}: entry {_show(index)}: a task index must be a plain name "
                           "(it names the prediction file <index>.txt)")


def load_split(root: str | Path, split: str = "test", limit: int | None = None) -> list[Task]:
    """Tasks of one split, in the split file's order (at most ``limit``)."""
    root = Path(root)
    split_path = find_split(root, split)
    data, text = _read_json(split_path, "split file")
    if not isinstance(data, dict):
        raise DatasetError(f"{split_path}:1: split file must map task index -> "
                           '{"task": ..., "image": ..., "box": ...}')
    tasks = []
    for index, entry in data.items():
        if limit is not None and len(tasks) >= limit:
            break
        where = f"{split_path}:{_line_of(text, index)}"
        _check_index(index, where)
        if not isinstance(entry, dict):
            raise DatasetError(f"{where}: entry {index!r} must be an object")
        for key in ("task", "box"):
            if not isinstance(entry.get(key), str):
                raise DatasetError(f"{where}: entry {index!r} has no {key!r} path")
        task_path = _inside(root, entry["task"], where, index, "task")
        box_path = _inside(root, entry["box"], where, index, "box")
        image = entry.get("image")
        image_path = _inside(root, image, where, index, "image") if isinstance(image, str) else None
        if not task_path.is_file():
            raise DatasetError(f"{where}: entry {index!r}: task file {entry['task']} not found")
        task_text, gold = parse_task_file(task_path)
        tasks.append(Task(index=str(index), task_path=task_path, image_path=image_path,
                          box_path=box_path, rel_task=entry["task"], text=task_text, gold=gold))
    return tasks


def prediction_names(task: Task) -> tuple[str, str]:
    """The two file names a prediction for ``task`` may have inside a pred folder:
    ``<index>.txt``, or the task file's path below ``data/tasks/``."""
    parts = Path(task.rel_task).parts
    mirror = Path(*parts[parts.index("tasks") + 1:]) if "tasks" in parts[:-1] else Path(task.rel_task)
    return f"{task.index}.txt", mirror.as_posix()


def read_prediction(pred_dir: Path, task: Task) -> str | None:
    """The predicted script for ``task`` from ``pred_dir``, or None if it has none."""
    by_index, by_path = (pred_dir / name for name in prediction_names(task))
    found = [p for p in (by_index, by_path) if p.is_file()]
    if len(found) == 2:
        raise DatasetError(f"{pred_dir}: both {_rel(by_index, pred_dir)} and {_rel(by_path, pred_dir)} "
                           f"predict task {task.index}; keep one")
    if not found:
        return None
    data = read_bytes(found[0], max_bytes=MAX_PREDICTION_BYTES, error=DatasetError,
                      what="prediction", empty_ok=True)
    return data.decode("utf-8", errors="replace")
