"""Few-shot examples (task + gold PyAutoGUI script) and retrieval of the nearest ones.

Sources: the bank shipped with DetACT (``data/examples.jsonl``, written for this project,
desktop and web screens, every allowed action), a JSONL file of the same shape, or OmniACT's
own split from a local folder (``train.json`` listing task files that read
``Task: ...`` / ``Output Script:`` / script lines). Retrieval ranks examples by MiniLM cosine
to the task; example embeddings are computed once and cached on disk under
``DETACT_HOME/cache/examples/`` keyed by a hash of the texts.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

from ..errors import DetactError
from ..files import read_text

BUILTIN = Path(__file__).parent / "data" / "examples.jsonl"
#: Examples per prompt, as in the paper.
N_SHOTS = 5
MAX_FILE_BYTES = 50_000_000


@dataclass(frozen=True)
class Example:
    """One task with its gold script (``import pyautogui`` + actions)."""

    task: str
    script: str
    platform: str = ""
    app: str = ""
    source: str = ""

    def to_text(self) -> str:
        """OmniACT's task-file layout."""
        return f"Task: {self.task}\nOutput Script:\n{self.script.strip()}\n"


def parse_task_file(text: str, where: str = "<task>") -> Example:
    """Read OmniACT's task-file layout: ``Task: ...``, ``Output Script:``, script lines."""
    from ..evaluation.dataset import split_task_text

    task, lines, marker = split_task_text(text, where)
    script = "\n".join(line.rstrip() for line in lines[marker + 1:]).strip()
    if not script:
        raise DetactError(f"{where}:{marker + 1}: no script lines after 'Output Script:'")
    if "import pyautogui" not in script:
        script = "import pyautogui\n" + script
    return Example(task, script + "\n", source=where)


def load_jsonl(path: str | os.PathLike) -> list[Example]:
    """Examples from a JSONL file: one ``{"task", "script"[, "platform", "app"]}`` per line."""
    path = Path(path)
    out = []
    for n, line in enumerate(_read_text(path).splitlines(), 1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
            out.append(Example(str(d["task"]).strip(), str(d["script"]).strip() + "\n",
                               str(d.get("platform", "")), str(d.get("app", "")), f"{path}:{n}"))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise DetactError(f"{path}:{n}: not an example line ({type(exc).__name__}: "
                              f"need a JSON object with 'task' and 'script')") from None
    if not out:
        raise DetactError(f"{path}: no examples in file")
    return out


def load_builtin() -> list[Example]:
    """The example bank shipped with DetACT."""
    return load_jsonl(BUILTIN)


def _read_text(path: Path) -> str:
    return read_text(path, max_bytes=MAX_FILE_BYTES)


def _split_file(root: Path, split: str) -> Path | None:
    for cand in (root / f"{split}.json", root / "data" / f"{split}.json",
                 root / "data" / "data" / f"{split}.json"):
        if cand.is_file():
            return cand
    return None


def load_omniact(root: str | os.PathLike, split: str = "train") -> list[Example]:
    """Tasks of an OmniACT split from a local copy of the dataset.

    ``root`` holds ``<split>.json`` (or ``data/<split>.json``) mapping ids to
    ``{"task": "data/tasks/.../task_1.0.txt", "image": ..., "box": ...}``; task paths are
    resolved against the dataset root. Without a split file, every ``task*.txt`` below
    ``root`` is read.
    """
    root = Path(root)
    if not root.is_dir():
        raise DetactError(f"{root}: not a folder")
    split_path = _split_file(root, split)
    if split_path is None:
        files = sorted(root.rglob("task*.txt"))
        if not files:
            raise DetactError(f"{root}: no {split}.json and no task*.txt files (not an OmniACT "
                              f"folder)")
    else:
        try:
            entries = json.loads(_read_text(split_path))
        except ValueError as exc:
            raise DetactError(f"{split_path}: not JSON ({exc})") from None
        items = entries.values() if isinstance(entries, dict) else entries
        bases = [root, split_path.parent, split_path.parent.parent, root.parent]
        files = []
        for n, item in enumerate(items):
            rel = item.get("task") if isinstance(item, dict) else None
            if not rel:
                raise DetactError(f"{split_path}: entry {n} has no 'task' path")
            found = next((b / rel for b in bases if (b / rel).is_file()), None)
            if found is None:
                raise DetactError(f"{split_path}: entry {n}: task file {rel} not found under "
                                  f"{root}")
            files.append(found)
    out = []
    for f in files:
        ex = parse_task_file(_read_text(f), str(f))
        platform = "web" if "/web/" in f.as_posix() else "desktop" if "/desktop/" in f.as_posix() else ""
        out.append(Example(ex.task, ex.script, platform, f.parent.name, str(f)))
    return out


def load_examples(source: str | os.PathLike | None = None, split: str = "train") -> list[Example]:
    """Examples from ``source``: None = built-in bank; a ``.jsonl`` file; a single OmniACT task
    file; or an OmniACT folder (its ``split``)."""
    if source is None:
        return load_builtin()
    path = Path(source)
    if path.is_dir():
        return load_omniact(path, split)
    if path.suffix.lower() in (".jsonl", ".json"):
        return load_jsonl(path)
    if path.is_file():
        return [parse_task_file(_read_text(path), str(path))]
    raise DetactError(f"{path}: no such file or folder of examples")


def _cache_dir() -> Path:
    from ..runtime import detact_home

    return detact_home() / "cache" / "examples"


class ExampleIndex:
    """Nearest-example retrieval by MiniLM cosine over task texts."""

    def __init__(self, examples: Sequence[Example], embedder, cache_dir: Path | None = None):
        if not examples:
            raise DetactError("no examples to retrieve from")
        self.examples = list(examples)
        self.embedder = embedder
        self.cache_dir = cache_dir
        self._vectors: np.ndarray | None = None

    @property
    def key(self) -> str:
        h = hashlib.sha256(self.embedder.name.encode())
        for ex in self.examples:
            h.update(b"\x00" + ex.task.encode("utf-8", "replace"))
        return h.hexdigest()[:32]

    @property
    def vectors(self) -> np.ndarray:
        if self._vectors is None:
            self._vectors = self._load_or_encode()
        return self._vectors

    def _load_or_encode(self) -> np.ndarray:
        try:
            folder = self.cache_dir or _cache_dir()
            path = folder / f"{self.key}.npy"
            if path.is_file():
                vecs = np.load(path, allow_pickle=False)
                if vecs.shape[0] == len(self.examples):
                    return vecs.astype(np.float32, copy=False)
        except (OSError, ValueError):
            folder = None  # an unreadable cache is rebuilt (or skipped if unwritable)
        vecs = self.embedder.encode([ex.task for ex in self.examples])
        if folder is not None:
            try:
                folder.mkdir(parents=True, exist_ok=True)
                # write-then-rename so concurrent runs never read a half-written file
                fd, tmp = tempfile.mkstemp(dir=folder, suffix=".npy.tmp")
                with os.fdopen(fd, "wb") as fh:
                    np.save(fh, vecs)
                os.replace(tmp, folder / f"{self.key}.npy")
            except OSError:
                pass  # caching is an optimisation; a read-only home still works
        return vecs

    def nearest(self, task: str, k: int = N_SHOTS) -> list[Example]:
        """The ``k`` examples whose tasks are most similar to ``task`` (best first)."""
        q = self.embedder.encode([task])[0]
        sims = self.vectors @ q
        order = np.argsort(-sims, kind="stable")
        out, seen = [], set()
        for i in order:
            ex = self.examples[int(i)]
            if ex.task in seen:
                continue
            seen.add(ex.task)
            out.append(ex)
            if len(out) == k:
                break
        return out


def examples_to_dicts(examples: Iterable[Example]) -> list[dict]:
    return [asdict(e) for e in examples]
