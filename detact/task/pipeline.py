"""One task pipeline for every caller: from a screen and a task to kept elements (filter), a
few-shot prompt (prompt) and a validated PyAutoGUI script (script).

The CLI (`detact filter|prompt|script`), the HTTP service and ``detact eval --generate`` all
call a `TaskPipeline`, so the same screen and task give the same answer everywhere.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Sequence

from ..elements import ParseResult
from ..errors import DetactError, DocumentError
from ..files import read_text
from .embedding import Embedder
from .examples import N_SHOTS, Example, ExampleIndex, load_examples
from .filter import FilterResult, filter_elements
from .llm import ChatClient, LLMConfig, make_client
from .prompt import Prompt, build_prompt
from .script import ValidatedScript, validate_script

FILTER_MODES = ("offline", "llm")


def default_describer() -> Callable[[str], str] | None:
    """The icon bank's ``describe`` (label plus what the icon means), memoised; None when the
    bank is not installed (filtering then uses bare labels)."""
    try:
        from ..icons.bank import load_bank

        bank = load_bank()
    except (ImportError, DetactError):
        return None
    return lru_cache(maxsize=4096)(bank.describe)


def function_describer() -> Callable[[str], str] | None:
    """Icon function -> its words ("close: dismiss, exit, x"), or None without the vocabulary."""
    try:
        from ..icons.vocabulary import load_vocabulary

        return load_vocabulary().describe
    except DetactError:
        return None


@dataclass
class TaskContext:
    """Models and data the task layer reuses across calls (MiniLM, example index, icon
    descriptions). Make one and pass it along to avoid reloading; nothing is shared implicitly."""

    embedder: Embedder = field(default_factory=Embedder)
    index: ExampleIndex | None = None
    describe: Callable[[str], str] | None = None   # icon label -> "trash: delete, remove, ..."
    _describe_tried: bool = field(default=False, repr=False)

    def icon_describer(self) -> Callable[[str], str] | None:
        """``describe`` if set, else the icon bank's label descriptions (None without a bank)."""
        if self.describe is None and not self._describe_tried:
            self._describe_tried = True
            self.describe = default_describer()
        return self.describe

    def examples_for(self, examples) -> ExampleIndex:
        """An index over ``examples`` (None: the built-in bank; a path; a list; an index)."""
        if isinstance(examples, ExampleIndex):
            return examples
        if examples is None and self.index is not None:
            return self.index
        items = load_examples(examples) if examples is None or isinstance(
            examples, (str, os.PathLike)) else list(examples)
        index = ExampleIndex(items, self.embedder)
        if examples is None:
            self.index = index
        return index


@dataclass
class GeneratedScript:
    """What `TaskPipeline.script` produced: the normalised ``script``, its ``actions`` (dicts)
    and the intermediate results (parse, filter, prompt, raw reply) for inspection."""

    script: str
    actions: list[dict]
    validated: ValidatedScript
    parse: ParseResult
    filtered: FilterResult
    prompt: Prompt
    reply: str
    timings_ms: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        width, height = self.parse.screen_size
        return {"script": self.script, "actions": self.actions,
                "screen": {"width": width, "height": height},
                "elements": self.filtered.to_dicts(),
                "prompt_tokens": self.prompt.tokens,
                "examples": [e.task for e in self.prompt.examples],
                "timings_ms": {k: round(v, 1) for k, v in self.timings_ms.items()}}


def read_parse_json(path: str | os.PathLike) -> ParseResult:
    """A `ParseResult` from a parse JSON file; a missing or malformed file is one line."""
    text = read_text(path, error=DocumentError, what="parse JSON")
    try:
        return ParseResult.from_json(text)
    except DocumentError as exc:
        raise DocumentError(f"{path}: {exc}") from None


def _check_task(task) -> str:
    if not isinstance(task, str) or not task.strip():
        raise DetactError("task is empty; say what to do, e.g. \"Click on 'Save'\"")
    return task


class TaskPipeline:
    """Filter, prompt and script for one screen and task.

    context: the task models (a `TaskContext`, made if None). parser: a `detact.Parser` for
    screens given as images (made on first use with ``parser_options``). Screens may be a
    `ParseResult`, a parse JSON path, or an image (path, bytes, array).
    """

    def __init__(self, context: TaskContext | None = None, *, parser=None, parser_options=None):
        self.context = context or TaskContext()
        self._parser = parser
        self._parser_options = parser_options

    @property
    def parser(self):
        if self._parser is None:
            from ..build import ParserOptions
            from ..parser import Parser

            self._parser = Parser.from_options(self._parser_options or ParserOptions())
        return self._parser

    def screen(self, image) -> ParseResult:
        """The parse of ``image``: a `ParseResult` as is, a ``.json`` path read as a parse
        document, anything else parsed."""
        if isinstance(image, ParseResult):
            return image
        if isinstance(image, (str, os.PathLike)) and str(image).lower().endswith(".json"):
            return read_parse_json(image)
        return self.parser.parse(image)

    def filter(self, screen: ParseResult, task: str, *, top_k: int = 15, mode: str = "offline",
               llm: ChatClient | None = None) -> FilterResult:
        """The elements ``task`` needs (see `detact.task.filter`)."""
        _check_task(task)
        if mode not in FILTER_MODES:
            raise DetactError(f"unknown filter mode {mode!r}; use {' or '.join(FILTER_MODES)}")
        ctx = self.context
        return filter_elements(screen.elements, task, top_k, embedder=ctx.embedder if mode == "offline" else None,
                               describe=ctx.icon_describer(), mode=mode, llm=llm)

    def locate(self, screen: ParseResult, query: str, k: int = 5):
        """The ``k`` elements ``query`` ("the Save button") most likely means (`detact.task.locate`)."""
        from .locate import locate

        return locate(screen, query, k, embedder=self.context.embedder, describe=function_describer())

    def prompt(self, screen: ParseResult, task: str, *, top_k: int = 15, max_tokens: int | None = None,
               examples=None, filtered: FilterResult | None = None) -> tuple[Prompt, FilterResult]:
        """The few-shot script prompt, and the filter result it lists the elements of."""
        if filtered is None:
            filtered = self.filter(screen, task, top_k=top_k)
        shots = self.context.examples_for(examples).nearest(task, N_SHOTS)
        width, height = screen.screen_size
        prompt = build_prompt(task, filtered.elements, shots, width=width, height=height,
                              priority=filtered.scores, max_tokens=max_tokens)
        return prompt, filtered

    def script(self, screen: ParseResult, task: str, *, llm: ChatClient | LLMConfig | None = None,
               top_k: int = 15, max_tokens: int | None = None, filter_mode: str = "offline",
               examples=None, portable: bool = False, allow_risky: bool = False) -> GeneratedScript:
        """A validated PyAutoGUI script for ``task``: filter, prompt, ask the LLM, validate.

        llm: a `ChatClient` or `LLMConfig` (None: from ``DETACT_LLM_*``). Raises `LLMError`
        when the endpoint fails, `ScriptRejected` when the reply is unusable, and `RiskyScript`
        for a script with risky actions unless ``allow_risky``; the reply is never executed.
        Coordinates are the screen's (`ParseResult.screen_size`: logical on a HiDPI screen)."""
        _check_task(task)
        timings: dict[str, float] = {}
        client = make_client(llm)   # configuration errors surface before any model work
        t = time.perf_counter()
        filtered = self.filter(screen, task, top_k=top_k, mode=filter_mode,
                               llm=client if filter_mode == "llm" else None)
        timings["filter"] = (time.perf_counter() - t) * 1e3
        t = time.perf_counter()
        prompt, _ = self.prompt(screen, task, max_tokens=max_tokens, examples=examples, filtered=filtered)
        timings["prompt"] = (time.perf_counter() - t) * 1e3
        t = time.perf_counter()
        reply = client.chat(prompt.messages())
        timings["llm"] = (time.perf_counter() - t) * 1e3
        width, height = screen.screen_size
        validated = validate_script(reply, width=width, height=height, allow_risky=allow_risky)
        if portable:
            validated = validated.portable()
        return GeneratedScript(validated.script, validated.actions, validated, screen, filtered,
                               prompt, reply, timings)


def filter_response(task: str, screen: ParseResult, result: FilterResult) -> dict:
    """The JSON answer of a filter (``detact filter --format json`` and ``POST /v1/filter``)."""
    width, height = screen.screen_size
    return {"task": task, "screen": {"width": width, "height": height},
            **result.to_dict(), "notes": list(result.notes)}


def prompt_response(task: str, prompt: Prompt) -> dict:
    """The JSON answer of a prompt (``POST /v1/prompt``)."""
    return {"task": task, "prompt": prompt.text, "tokens": prompt.tokens,
            "examples": [e.task for e in prompt.examples], "elements": len(prompt.kept),
            "dropped": prompt.dropped, "notes": prompt.notes, "messages": prompt.messages()}


def generate_script(image, task: str, *, parser=None, llm: ChatClient | LLMConfig | None = None,
                    examples: Sequence[Example] | str | os.PathLike | ExampleIndex | None = None,
                    top_k: int = 15, context: TaskContext | None = None,
                    max_tokens: int | None = None, filter_mode: str = "offline",
                    portable: bool = False, allow_risky: bool = False) -> GeneratedScript:
    """Write a validated PyAutoGUI script for ``task`` on ``image`` (a screenshot, a parse
    JSON path or a `ParseResult`): `TaskPipeline.script` for one call."""
    _check_task(task)
    client = make_client(llm)
    pipeline = TaskPipeline(context, parser=parser)
    t = time.perf_counter()
    screen = pipeline.screen(image)
    parse_ms = (time.perf_counter() - t) * 1e3
    result = pipeline.script(screen, task, llm=client, top_k=top_k, max_tokens=max_tokens,
                             filter_mode=filter_mode, examples=examples, portable=portable,
                             allow_risky=allow_risky)
    result.timings_ms = {"parse": parse_ms, **result.timings_ms}
    return result
