"""In-process engine: one `Parser`, groups parsed in input order."""
from __future__ import annotations

from typing import Iterator, Sequence

from ..errors import DetactError
from .work import Outcome, describe_error, parse_group


def run_local(groups: Sequence[Sequence[tuple[int, str]]], parser_kwargs: dict) -> Iterator[Outcome]:
    """Yield an `Outcome` per image; models load once, before the first image."""
    from ..parser import Parser

    try:
        parser = Parser(**parser_kwargs)
    except DetactError:
        raise
    except Exception as exc:  # same one-line report as a worker process gives
        raise DetactError(f"cannot start the parser: {describe_error(exc)}") from exc
    for group in groups:
        yield from parse_group(parser, group)
