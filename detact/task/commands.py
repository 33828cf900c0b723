"""CLI: ``detact filter``, ``detact prompt`` and ``detact script``."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..commands.options import add_parser_options, add_screen_scale, parser_options, with_screen_scale
from ..errors import DetactError, RiskyScript
from ..files import read_bytes, read_stream
from .textmatch import check_task_length, escape_unprintable, json_printable


def _add_image_args(p: argparse.ArgumentParser, optional: bool = False) -> None:
    p.add_argument("image", nargs="?" if optional else None, metavar="IMAGE",
                   help="screenshot, or a parse JSON (detact/parse@2 or @1) from `detact parse`")
    p.add_argument("--task", help="what to do on the screen, e.g. \"Click on 'Save'\"")
    p.add_argument("--top-k", type=int, default=15, help="elements kept by the filter (15)")
    add_parser_options(p)
    add_screen_scale(p)


def _add_llm_args(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("LLM endpoint (OpenAI-compatible chat API)")
    g.add_argument("--llm-base-url", help="e.g. http://localhost:8000/v1 (DETACT_LLM_BASE_URL)")
    g.add_argument("--llm-model", help="model name (DETACT_LLM_MODEL)")
    g.add_argument("--llm-api-key", help="API key (DETACT_LLM_API_KEY)")
    g.add_argument("--llm-timeout", type=float, help="seconds per request (60)")
    g.add_argument("--llm-retries", type=int, help="retries on 429/5xx/network errors (3)")


def register(subparsers) -> None:
    p = subparsers.add_parser("filter", help="keep the elements a task needs",
                              description="Rank a screenshot's elements against a task and keep "
                              "the top K (offline: MiniLM + lexical + colour), or let an LLM pick.")
    _add_image_args(p)
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--llm", action="store_true", help="filter with the LLM instead of offline")
    _add_llm_args(p)
    p.set_defaults(func=cmd_filter)

    p = subparsers.add_parser("prompt", help="build the few-shot script prompt for a task",
                              description="Print the prompt an LLM gets: role, API reference, the "
                              "5 nearest examples, text/icon/color elements, the task.")
    _add_image_args(p)
    p.add_argument("--examples", help="example pool: .jsonl, an OmniACT task file or an OmniACT "
                   "folder (its train split); default: the built-in bank")
    p.add_argument("--max-tokens", type=int, help="token budget; lowest-confidence elements are "
                   "dropped first")
    p.set_defaults(func=cmd_prompt)

    p = subparsers.add_parser("script", help="write (or --validate) a PyAutoGUI script",
                              description="Parse, filter, prompt an LLM and validate its PyAutoGUI "
                              "script (never executed). With --validate FILE, only check a script.")
    _add_image_args(p, optional=True)
    p.add_argument("--examples", help="example pool (see `detact prompt --help`)")
    p.add_argument("--max-tokens", type=int, help="prompt token budget")
    p.add_argument("--format", choices=("script", "pyautogui", "json", "screenagent"), default="script",
                   help="output: the PyAutoGUI script (script = pyautogui, default), DetACT's JSON "
                        "(actions, risks), or ScreenAgent's JSON action list")
    p.add_argument("--input-format", choices=("pyautogui", "screenagent"), default="pyautogui",
                   help="with --validate: the file is a PyAutoGUI script (default; WAIT, DONE, FAIL, "
                        "CALL_USER meta actions allowed) or a ScreenAgent JSON action list")
    p.add_argument("--filter", dest="filter_mode", choices=("offline", "llm"), default="offline",
                   help="how elements are filtered before the prompt")
    p.add_argument("--portable", action="store_true", help="rewrite non-ASCII typing as a "
                   "clipboard paste and scroll-at-point as move-then-scroll")
    p.add_argument("--validate", metavar="FILE", help="validate this script file ('-' = stdin) "
                   "instead of generating one")
    p.add_argument("--width", type=int, help="screen width for --validate")
    p.add_argument("--height", type=int, help="screen height for --validate")
    p.add_argument("--allow-risky", action="store_true",
                   help="accept scripts with risky actions (system hotkeys, commands typed into a "
                        "run dialog or terminal, very long runs, hidden characters); they are "
                        "refused by default and listed either way")
    _add_llm_args(p)
    p.set_defaults(func=cmd_script)


def _need_task(args) -> str:
    if not args.task or not args.task.strip():
        raise DetactError("--task is required, e.g. --task \"Click on 'Save'\"")
    return check_task_length(args.task)


def _llm_config(args):
    from .llm import LLMConfig

    return LLMConfig.from_env(base_url=args.llm_base_url, model=args.llm_model,
                              api_key=args.llm_api_key, timeout=args.llm_timeout,
                              retries=args.llm_retries)


def _pipeline(args):
    """The task pipeline for a command: MiniLM on the asked device, the command's parser options."""
    from .embedding import Embedder
    from .pipeline import TaskContext, TaskPipeline

    return TaskPipeline(TaskContext(embedder=Embedder(device=args.device)),
                        parser_options=parser_options(args))


def _screen(pipeline, args):
    """The parse of IMAGE (a screenshot or a parse JSON); the image is checked before any
    model loads."""
    path = Path(args.image)
    if not path.exists():
        raise DetactError(f"{path}: no such file")
    if path.suffix.lower() != ".json":
        from ..imageio import load_image

        return with_screen_scale(pipeline.screen(load_image(path)), args)
    from .filter import check_element_text

    screen = pipeline.screen(path)
    check_element_text(screen.elements)    # a document from elsewhere: its names reach the prompt
    return screen if screen.screen_scale != 1.0 else with_screen_scale(screen, args)
    return screen


def cmd_filter(args) -> int:
    from .pipeline import filter_response

    task = _need_task(args)
    client = None
    if args.llm:
        from .llm import ChatClient

        client = ChatClient(_llm_config(args))
    pipeline = _pipeline(args)
    parse = _screen(pipeline, args)
    result = pipeline.filter(parse, task, top_k=args.top_k, mode="llm" if args.llm else "offline",
                             llm=client)
    if args.format == "json":
        print(json_printable(filter_response(task, parse, result), indent=1))
    else:
        print(f"{'id':>4}  {'kind':<6} {'score':>6}  {'center':<11} {'color':<7} name")
        for d in result.to_dicts():
            name = escape_unprintable(" ".join((d["text"] or d["label"] or "").split()))
            center = f"{d['center'][0]},{d['center'][1]}"
            print(f"{d['id']:>4}  {d['kind']:<6} {d['relevance']:>6.3f}  {center:<11} "
                  f"{d['color'] or '-':<7} {name}")
    for note in result.notes:
        print(f"detact: {note}", file=sys.stderr)
    return 0


def cmd_prompt(args) -> int:
    task = _need_task(args)
    pipeline = _pipeline(args)
    parse = _screen(pipeline, args)
    prompt, _ = pipeline.prompt(parse, task, top_k=args.top_k, max_tokens=args.max_tokens,
                                examples=args.examples)
    sys.stdout.write(prompt.text)
    for note in prompt.notes:
        print(f"detact: {note}", file=sys.stderr)
    return 0


def _read_script(name: str) -> bytes:
    from .script import MAX_REPLY_CHARS

    limit = MAX_REPLY_CHARS * 4
    if name == "-":
        return read_stream(sys.stdin.buffer, max_bytes=limit, what="script")
    return read_bytes(name, max_bytes=limit, what="script", empty_ok=True)


def cmd_script(args) -> int:
    try:
        return _validate_only(args) if args.validate else _generate(args)
    except RiskyScript as exc:
        if args.format == "json":   # the risks are listed in the JSON either way
            print(json_printable({"refused": True, "error": str(exc),
                                  "risks": [r.to_dict() for r in exc.risks]}, indent=1))
        raise


def _validate_only(args) -> int:
    from .script import validate_script

    width, height = args.width, args.height
    if args.image and width is None and height is None:
        width, height = _screen(_pipeline(args), args).screen_size
    checked = validate_script(_read_script(args.validate), width=width, height=height,
                              allow_risky=args.allow_risky, format=args.input_format)
    _warn_risks(checked.risks)
    checked = checked.portable() if args.portable else checked
    if args.format == "json":
        doc = checked.to_dict()
        if args.input_format == "screenagent":
            doc["screenagent"] = checked.screenagent()
        print(json_printable(doc, indent=1))
    else:
        _write_script(checked, args.format)
    return 0


def _write_script(checked, fmt: str) -> None:
    if fmt == "screenagent":
        from .screenagent import dumps

        sys.stdout.write(dumps(checked.screenagent()))
    else:
        sys.stdout.write(checked.script)


def _generate(args) -> int:
    if not args.image:
        raise DetactError("give an IMAGE (or a parse JSON) and --task, or --validate FILE")
    task = _need_task(args)
    config = _llm_config(args)
    config.check()
    pipeline = _pipeline(args)
    result = pipeline.script(_screen(pipeline, args), task, llm=config, examples=args.examples,
                             top_k=args.top_k, max_tokens=args.max_tokens, filter_mode=args.filter_mode,
                             portable=args.portable, allow_risky=args.allow_risky)
    risks = result.validated.risks
    _warn_risks(risks)
    if args.format == "json":
        print(json_printable({**result.to_dict(), "risky": bool(risks),
                              "risks": [r.to_dict() for r in risks]}, indent=1))
    else:
        _write_script(result.validated, args.format)
    return 0


def _warn_risks(risks) -> None:
    """Allowed risks still go to stderr, one line each: whoever runs the script should know."""
    for risk in risks:
        print(f"detact: warning: risky action allowed: {escape_unprintable(risk.describe())}", file=sys.stderr)
