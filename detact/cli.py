"""``detact`` command line. Each command lives in its own module that exposes
``register(subparsers)``; handlers return an exit code. User-fixable problems
(`DetactError`) print one line on stderr and exit 2."""
from __future__ import annotations

import argparse
import importlib
import sys

from .errors import DetactError

#: Modules that add sub-commands, in the order ``--help`` lists them.
COMMAND_MODULES = (
    "detact.commands.parse",      # parse
    "detact.commands.locate",     # locate
    "detact.batch.commands",      # batch
    "detact.task.commands",       # filter, prompt, script
    "detact.evaluation.commands",  # eval
    "detact.service.commands",    # serve
    "detact.mcp.commands",        # mcp
    "detact.models.commands",     # models
    "detact.icons.commands",      # icons identify
)


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="detact", description="Parse screenshots into UI elements "
                                 "for computer-use agents (OmniACT's DetACT).")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and name.startswith(exc.name):
                continue  # that command module is not part of this build
            raise
        module.register(sub)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except DetactError as exc:
        print(f"detact: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("detact: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
