"""Plan a batch run (skip finished images), drive an engine, and record every outcome: one
JSON per image (written atomically) and ``index.jsonl`` (appended live, compacted at the end)."""
from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Sequence

from ..build import DEVICES, ParserOptions
from ..elements import SCHEMAS
from ..errors import DetactError
from ..files import read_bytes, read_text
from .inputs import ImageJob
from .work import Outcome

INDEX_NAME = "index.jsonl"
ENGINES = ("local", "ray")
#: Images per ``parse_batch`` call on a GPU when ``--batch-size`` is not given.
GPU_BATCH_SIZE = 8


@dataclass
class BatchOptions:
    """How to run a batch. ``batch_size`` None: 1 on CPU, `GPU_BATCH_SIZE` on CUDA."""

    out: Path
    device: str = "auto"
    batch_size: int | None = None
    workers: int = 1
    overwrite: bool = False
    ocr: str = "fast"
    segmenter: str = "auto"
    icons: bool = True
    semantics: bool = True
    engine: str = "local"
    ordered: bool = False
    progress: bool = True
    ray_address: str | None = None

    def parser_options(self, device: str | None = None) -> ParserOptions:
        return ParserOptions(self.ocr, self.segmenter, device or self.device, self.icons, self.semantics)

    def parser_kwargs(self, device: str | None = None) -> dict:
        """Keyword arguments for `detact.Parser` in a worker."""
        return self.parser_options(device).as_kwargs()

    def check(self) -> None:
        """Raise `DetactError` for options that cannot work (before any model loads)."""
        if self.workers < 1:
            raise DetactError(f"--workers must be at least 1, got {self.workers}")
        if self.batch_size is not None and self.batch_size < 1:
            raise DetactError(f"--batch-size must be at least 1, got {self.batch_size}")
        if self.engine not in ENGINES:
            raise DetactError(f"unknown engine {self.engine!r}; choose one of {', '.join(ENGINES)}")
        self.parser_options().check()
        if self.device not in DEVICES:
            raise DetactError(f"unknown device {self.device!r}; use {', '.join(DEVICES)}")


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C during `run_batch`; ``summary`` holds the counts so far (outputs are kept)."""

    def __init__(self, summary: "BatchSummary"):
        super().__init__("interrupted")
        self.summary = summary


@dataclass
class BatchSummary:
    """Counts of one run. ``exit_code``: 0 all images fine, 1 some failed."""

    total: int = 0
    parsed: int = 0
    failed: int = 0
    skipped: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    index: Path | None = None
    errors: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0

    @property
    def per_minute(self) -> float:
        """Images handled (parsed or failed) per minute of this run, model loading included."""
        return 60.0 * (self.parsed + self.failed) / self.seconds if self.seconds > 0 else 0.0

    def line(self) -> str:
        state = "interrupted: " if self.interrupted else ""
        return (f"{state}{self.parsed} parsed, {self.failed} failed, {self.skipped} skipped "
                f"(of {self.total}) in {self.seconds:.1f} s, {self.per_minute:.1f} images/min; "
                f"index: {self.index}")


def valid_output(path: Path) -> int | None:
    """Element count of a finished parse JSON at ``path``; None if missing or unusable (a FIFO
    or folder of that name included: it is replaced, never read)."""
    try:
        doc = json.loads(read_text(path, what="parse JSON"))
    except (DetactError, ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or doc.get("schema") not in SCHEMAS or \
            not isinstance(doc.get("elements"), list) or not isinstance(doc.get("image"), dict):
        return None
    return len(doc["elements"])


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` is either the old file or the whole new one: an
    interrupted run never leaves half a JSON that a resume would mistake for done."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


class IndexFile:
    """``index.jsonl``: one record per image. Records are appended as results arrive (a crash
    loses nothing) and `compact` rewrites the file with one line per path, latest wins."""

    def __init__(self, path: Path):
        self.path = path
        self.records: dict[str, dict] = {}
        if path.exists():
            text = read_bytes(path, what="batch index", empty_ok=True).decode("utf-8", errors="replace")
            for line in text.splitlines():
                try:
                    rec = json.loads(line)
                except (ValueError, RecursionError):
                    continue  # a line cut short by a crash, or not ours
                if isinstance(rec, dict) and isinstance(rec.get("path"), str):
                    self.records.pop(rec["path"], None)
                    self.records[rec["path"]] = rec
        self._fh = None

    def append(self, rec: dict) -> None:
        if self._fh is None:
            self._fh = self.path.open("a", encoding="utf-8")
        self._fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
        self._fh.flush()

    def compact(self, run_records: Sequence[dict]) -> None:
        """Rewrite: earlier runs' records for other paths first, then this run's in input order."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None
        mine = {r["path"] for r in run_records}
        lines = [r for p, r in self.records.items() if p not in mine] + list(run_records)
        write_atomic(self.path, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in lines))


def _record(job: ImageJob, status: str, error: str | None, elements: int | None, ms: float | None,
            skipped: bool = False) -> dict:
    return {"path": job.path, "output": job.name if status == "ok" else None, "status": status,
            "error": error, "elements": elements, "ms": ms, "skipped": skipped}


def _groups(positions: Sequence[int], jobs: Sequence[ImageJob], size: int) -> list[list[tuple[int, str]]]:
    items = [(p, jobs[p].path) for p in positions]
    return [items[i:i + size] for i in range(0, len(items), size)]


def _engine(groups: list[list[tuple[int, str]]], options: BatchOptions, device: str) -> Iterator[Outcome]:
    if options.engine == "ray":
        from .ray_engine import run_ray
        return run_ray(groups, options)
    if options.workers > 1:
        from .pool import run_pool
        return run_pool(groups, options.parser_kwargs(device), options.workers, options.ordered)
    from .local import run_local
    return run_local(groups, options.parser_kwargs(device))


def _progress(total: int, initial: int, enabled: bool):
    from tqdm import tqdm

    return tqdm(total=total, initial=initial, unit="img", file=sys.stderr, disable=not enabled,
                dynamic_ncols=True, smoothing=0.2, desc="parse")


def run_batch(jobs: Sequence[ImageJob], options: BatchOptions) -> BatchSummary:
    """Parse ``jobs`` into ``options.out``; returns the counts. Bad images are recorded as
    errors and the rest go on. Ctrl-C stops cleanly (workers end, outputs so far are kept, the
    index is compacted, a rerun resumes) and raises `BatchInterrupted` with the counts."""
    options.check()
    out = Path(options.out)
    if out.exists() and not out.is_dir():
        raise DetactError(f"--out {out}: exists and is not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DetactError(f"--out {out}: cannot create folder ({exc.strerror or exc})") from None
    if options.engine == "ray":
        device = options.device  # resolved on the cluster's nodes, not here
    else:
        from ..runtime import resolve_device
        device = resolve_device(options.device)
    batch_size = options.batch_size or (GPU_BATCH_SIZE if device == "cuda" else 1)

    summary = BatchSummary(total=len(jobs), index=out / INDEX_NAME)
    index = IndexFile(out / INDEX_NAME)
    records: dict[int, dict] = {}
    pending: list[int] = []
    for pos, job in enumerate(jobs):
        n = None if options.overwrite else valid_output(out / job.name)
        if n is None:
            pending.append(pos)
            continue
        prior = index.records.get(job.path) or {}
        records[pos] = _record(job, "ok", None, n, prior.get("ms"), skipped=True)
        summary.skipped += 1

    t0 = time.perf_counter()
    bar = _progress(len(jobs), summary.skipped, options.progress and bool(pending))
    outcomes = _engine(_groups(pending, jobs, batch_size), options, device) if pending else iter(())
    try:
        for oc in outcomes:
            job = jobs[oc.pos]
            if oc.ok:
                try:
                    write_atomic(out / job.name, oc.payload)
                except OSError as exc:
                    oc = Outcome(oc.pos, False, f"cannot write {out / job.name}: {exc.strerror or exc}",
                                 ms=oc.ms)
            if oc.ok:
                summary.parsed += 1
                rec = _record(job, "ok", None, oc.elements, oc.ms)
            else:
                summary.failed += 1
                summary.errors.append(oc.error if job.path in oc.error else f"{job.path}: {oc.error}")
                rec = _record(job, "error", oc.error, None, oc.ms)
            records[oc.pos] = rec
            index.append(rec)
            elapsed = time.perf_counter() - t0
            bar.set_postfix_str(f"ok={summary.parsed + summary.skipped} err={summary.failed} "
                                f"{60.0 * (summary.parsed + summary.failed) / max(elapsed, 1e-9):.1f} img/min",
                                refresh=False)
            bar.update(1)
    except KeyboardInterrupt as exc:
        summary.interrupted = True
        interrupted = BatchInterrupted(summary)
        interrupted.__cause__ = exc
    else:
        interrupted = None
    finally:
        close = getattr(outcomes, "close", None)
        if close is not None:
            close()  # stops worker processes / Ray actors
        bar.close()
        summary.seconds = time.perf_counter() - t0
        index.compact([records[p] for p in sorted(records)])
    if interrupted is not None:
        raise interrupted
    return summary


def summarize(summary: BatchSummary, stream=None, max_errors: int = 10) -> None:
    """Print the run's one-line summary and its first errors (on stderr by default)."""
    stream = stream or sys.stderr
    for err in summary.errors[:max_errors]:
        print(f"  error: {err}", file=stream)
    if len(summary.errors) > max_errors:
        print(f"  ... and {len(summary.errors) - max_errors} more (see the index)", file=stream)
    print(f"detact batch: {summary.line()}", file=stream)

