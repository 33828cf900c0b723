"""Parse a group of images with one `Parser`, turning every failure into a reported outcome.

Shared by all engines (in-process, worker processes, Ray actors) so that they record the
same thing for the same image.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

from ..errors import DetactError


@dataclass
class Outcome:
    """What happened to the job at position ``pos``: its parse JSON or a one-line error."""

    pos: int
    ok: bool
    error: str | None = None
    payload: str | None = None   # the parse JSON text
    elements: int | None = None
    ms: float = 0.0


def describe_error(exc: BaseException) -> str:
    """One line for the index: the message of a `DetactError`, else the exception type too."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    if isinstance(exc, DetactError):
        return text or type(exc).__name__
    # Not a user error: keep the type so that bugs are told apart from bad images.
    return f"internal error: {type(exc).__name__}" + (f": {text}" if text else "")


def _ok(pos: int, result, ms: float) -> Outcome:
    return Outcome(pos, True, None, result.to_json(), len(result.elements), round(ms, 1))


def parse_one(parser, pos: int, path: str) -> Outcome:
    """Parse one image file; a bad image (or any failure) becomes an error outcome."""
    t0 = time.perf_counter()
    try:
        result = parser.parse(path)
    except Exception as exc:  # one bad file must not end a run over thousands
        return Outcome(pos, False, describe_error(exc), ms=round((time.perf_counter() - t0) * 1e3, 1))
    return _ok(pos, result, (time.perf_counter() - t0) * 1e3)


def parse_group(parser, items: Sequence[tuple[int, str]]) -> list[Outcome]:
    """Parse ``(pos, path)`` items; with several, the decodable ones go through
    ``parser.parse_batch`` together (real batching on a GPU). Bad files are reported alone."""
    if len(items) == 1:
        return [parse_one(parser, *items[0])]
    from ..imageio import load_image

    outcomes: dict[int, Outcome] = {}
    arrays, good, load_ms = [], [], {}
    for pos, path in items:
        t0 = time.perf_counter()
        try:
            arrays.append(load_image(path))
        except Exception as exc:
            outcomes[pos] = Outcome(pos, False, describe_error(exc),
                                    ms=round((time.perf_counter() - t0) * 1e3, 1))
            continue
        good.append((pos, path))
        load_ms[pos] = (time.perf_counter() - t0) * 1e3
    if good:
        t0 = time.perf_counter()
        try:
            results = parser.parse_batch(arrays)
        except Exception:
            # Something in the group failed as a whole: redo one by one to pin it down.
            for pos, path in good:
                outcomes[pos] = parse_one(parser, pos, path)
        else:
            share = (time.perf_counter() - t0) * 1e3 / len(good)
            for (pos, _), result in zip(good, results):
                outcomes[pos] = _ok(pos, result, load_ms[pos] + share)
    return [outcomes[pos] for pos, _ in items]
