"""Produce predicted scripts for OmniACT tasks with DetACT's full pipeline
(parse -> filter -> prompt -> LLM -> validated script)."""
from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..errors import DetactError, LLMError, ScriptRejected
from ..settings import Settings
from .dataset import DatasetError, Task, prediction_names

LLM_ENV = "DETACT_LLM_BASE_URL"


def _stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _llm_client(base_url: str | None, model: str | None, api_key: str | None):
    """The chat client for the pipeline; fails fast, in one line, without an endpoint."""
    if not (base_url or Settings.from_env().llm_base_url):
        raise DetactError(f"--generate needs an LLM endpoint: set {LLM_ENV} or --llm-base-url "
                          "(an OpenAI-compatible URL such as http://localhost:8000/v1)")
    try:
        from ..task.llm import ChatClient, LLMConfig
    except ImportError:
        return None  # let the generator read DETACT_LLM_* itself
    return ChatClient(LLMConfig.from_env(base_url=base_url, model=model, api_key=api_key))


class _Pipeline:
    """DetACT's parser, task context (MiniLM, example index) and script generator,
    built on first use and reused for every task: loading models per task would
    dominate a 2,000-task run."""

    def __init__(self, llm, parser_options: dict, examples):
        self.llm, self.parser_options, self.examples = llm, parser_options, examples
        self._ready = False

    def _load(self) -> None:
        try:
            from ..parser import Parser
            from ..task.pipeline import TaskPipeline
        except ImportError as exc:
            raise DetactError(f"--generate needs DetACT's parser and script generator, which this "
                              f"build lacks ({exc})") from None
        self.pipeline = TaskPipeline(parser=Parser(**self.parser_options))
        self.index = self.pipeline.context.examples_for(self.examples)
        self._ready = True

    def __call__(self, image: Path, task: str) -> str:
        if not self._ready:
            self._load()
        screen = self.pipeline.screen(str(image))
        return self.pipeline.script(screen, task, llm=self.llm, examples=self.index).script


def generate_predictions(tasks: Sequence[Task], pred_dir: str | Path, *, overwrite: bool = False,
                         progress: Callable[[str], None] | None = _stderr,
                         llm_base_url: str | None = None, llm_model: str | None = None,
                         llm_api_key: str | None = None, parser_options: dict | None = None,
                         examples: str | Path | None = None) -> dict[str, int]:
    """Write one predicted script per task into ``pred_dir`` (as ``<index>.txt``).

    Tasks that already have a prediction are kept unless ``overwrite``, so an
    interrupted run resumes where it stopped. A script the validator rejects is
    saved as a comment (it then scores as an empty script). An LLM failure leaves the
    task without a prediction (a re-run retries it); three in a row stop the run.
    The LLM endpoint comes from ``DETACT_LLM_*`` variables; ``llm_*`` arguments win.
    ``parser_options`` go to :class:`detact.Parser`; ``examples`` is the few-shot
    pool (an OmniACT folder uses its train split; None: the built-in bank).
    Returns counts: generated, rejected, failed, kept.
    """
    llm = _llm_client(llm_base_url, llm_model, llm_api_key)
    pipeline = _Pipeline(llm, dict(parser_options or {}), examples)
    pred_dir = Path(pred_dir)
    pred_dir.mkdir(parents=True, exist_ok=True)
    counts = {"generated": 0, "rejected": 0, "failed": 0, "kept": 0}
    failures_in_a_row = 0
    n = len(tasks)
    for i, task in enumerate(tasks, start=1):
        candidates = [pred_dir / name for name in prediction_names(task)]
        existing = [p for p in candidates if p.is_file()]
        if existing and not overwrite:
            counts["kept"] += 1
            continue
        if task.image_path is None or not task.image_path.is_file():
            raise DatasetError(f"{task.task_path}: screenshot {task.image_path} for task "
                               f"{task.index} not found")
        start = time.perf_counter()
        try:
            script = pipeline(task.image_path, task.text)
            status = "ok"
            counts["generated"] += 1
        except ScriptRejected as exc:
            script = f"# detact: script rejected: {exc}\n"
            status = "rejected"
            counts["rejected"] += 1
        except LLMError as exc:
            counts["failed"] += 1
            failures_in_a_row += 1
            if failures_in_a_row >= 3:
                raise LLMError(f"stopping after 3 LLM failures in a row: {exc}") from None
            if progress:
                progress(f"[{i}/{n}] {task.index} {task.rel_task}: LLM failed: {exc}")
            continue
        failures_in_a_row = 0
        out = existing[0] if existing else candidates[0]
        tmp = out.with_name(out.name + ".part")
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(script if script.endswith("\n") else script + "\n", encoding="utf-8")
        tmp.replace(out)  # atomic: a killed run never leaves half a prediction behind
        if progress:
            progress(f"[{i}/{n}] {task.index} {task.rel_task}: {status} "
                     f"({time.perf_counter() - start:.1f} s)")
    return counts
