"""Screenshot + task -> validated PyAutoGUI script: parse, filter, prompt, LLM, validate."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Sequence

from ..elements import ParseResult
from ..errors import DetactError
from .embedding import Embedder
from .examples import N_SHOTS, Example, ExampleIndex, load_examples
from .filter import FilterResult, filter_elements
from .llm import ChatClient, LLMConfig, make_client
from .prompt import Prompt, build_prompt
from .script import ValidatedScript, validate_script


def default_describer() -> Callable[[str], str] | None:
    """The icon bank's ``describe`` (label plus what the icon means), memoised; None when the
    bank is not installed (filtering then uses bare labels)."""
    try:
        from ..icons.bank import load_bank

        bank = load_bank()
    except (ImportError, DetactError):
        return None
    return lru_cache(maxsize=4096)(bank.describe)


@dataclass
class TaskContext:
    """Models and data the task layer reuses across calls (MiniLM, example index, LLM client).
    Make one and pass it along to avoid reloading; nothing is shared implicitly."""

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
    """What `generate_script` produced: the normalised ``script``, its ``actions`` (dicts) and
    the intermediate results (parse, filter, prompt, raw reply) for inspection."""

    script: str
    actions: list[dict]
    validated: ValidatedScript
    parse: ParseResult
    filtered: FilterResult
    prompt: Prompt
    reply: str
    timings_ms: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"script": self.script, "actions": self.actions,
                "screen": {"width": self.parse.width, "height": self.parse.height},
                "elements": self.filtered.to_dicts(),
                "prompt_tokens": self.prompt.tokens,
                "examples": [e.task for e in self.prompt.examples],
                "timings_ms": {k: round(v, 1) for k, v in self.timings_ms.items()}}


def to_parse_result(image, parser=None) -> ParseResult:
    """A `ParseResult` for an image (parsed with ``parser``, made if None), a parse JSON file
    (``detact/parse@1``), or a `ParseResult` itself."""
    if isinstance(image, ParseResult):
        return image
    if isinstance(image, (str, os.PathLike)) and str(image).lower().endswith(".json"):
        path = Path(image)
        if not path.is_file():
            raise DetactError(f"{path}: no such file")
        try:
            return ParseResult.from_json(path.read_text(encoding="utf-8"))
        except (ValueError, KeyError, TypeError) as exc:
            raise DetactError(f"{path}: not a detact/parse@1 JSON ({exc})") from None
    if parser is None:
        from ..parser import Parser

        parser = Parser()
    return parser.parse(image)


def generate_script(image, task: str, *, parser=None, llm: ChatClient | LLMConfig | None = None,
                    examples: Sequence[Example] | str | os.PathLike | ExampleIndex | None = None,
                    top_k: int = 15, context: TaskContext | None = None,
                    max_tokens: int | None = None, filter_mode: str = "offline",
                    portable: bool = False) -> GeneratedScript:
    """Write a validated PyAutoGUI script for ``task`` on the screenshot ``image``.

    image: path / bytes / array (parsed with ``parser``, a `detact.Parser`, made if None), a
    parse JSON path, or a `ParseResult`. llm: a `ChatClient` or `LLMConfig` (None: from the
    ``DETACT_LLM_*`` environment). examples: the few-shot pool (None: built-in bank).
    Raises `LLMError` when the endpoint fails and `ScriptRejected` when the reply is unusable;
    the reply is never executed.
    """
    if not isinstance(task, str) or not task.strip():
        raise DetactError("task is empty; say what to do, e.g. \"Click on 'Save'\"")
    timings: dict[str, float] = {}
    t = time.perf_counter()
    client = make_client(llm)   # configuration errors surface before any model work
    parse = to_parse_result(image, parser)
    timings["parse"] = (time.perf_counter() - t) * 1e3
    ctx = context or TaskContext()

    t = time.perf_counter()
    filtered = filter_elements(parse.elements, task, top_k, embedder=ctx.embedder,
                               describe=ctx.icon_describer(), mode=filter_mode, llm=client if filter_mode == "llm" else None)
    timings["filter"] = (time.perf_counter() - t) * 1e3

    t = time.perf_counter()
    shots = ctx.examples_for(examples).nearest(task, N_SHOTS)
    prompt = build_prompt(task, filtered.elements, shots, width=parse.width, height=parse.height,
                          priority=filtered.scores, max_tokens=max_tokens)
    timings["prompt"] = (time.perf_counter() - t) * 1e3

    t = time.perf_counter()
    reply = client.chat(prompt.messages())
    timings["llm"] = (time.perf_counter() - t) * 1e3

    validated = validate_script(reply, width=parse.width, height=parse.height)
    if portable:
        validated = validated.portable()
    return GeneratedScript(validated.script, validated.actions, validated, parse, filtered,
                           prompt, reply, timings)

