"""Model plumbing every stage shares: where model files live, which device runs them, how an
onnxruntime session is built, how torch's thread count is changed safely, and how a model is
exported to ONNX once, checked against its source and cached.

Stages import these instead of writing their own: the text engine, the icon matcher, SAM and
MiniLM all resolve devices, open sessions and cache exports the same way.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from .errors import DetactError, ModelUnavailable
from .settings import Settings

DEVICES = ("auto", "cpu", "cuda")


def detact_home(settings: Settings | None = None) -> Path:
    """``$DETACT_HOME`` or ``~/.cache/detact``; created on first use."""
    home = (settings or Settings.from_env()).home
    home.mkdir(parents=True, exist_ok=True)
    return home


def package_data(*parts: str) -> Path:
    """A file or folder shipped inside the package under ``detact/data/`` (icon bank, model
    registry, trained models). The package is installed as plain files (wheel or editable),
    so this is a real path; whether it exists is for the caller to check."""
    from importlib.resources import files

    return Path(str(files("detact").joinpath("data", *parts)))


def sha256_file(path: Path, chunk: int = 1 << 20) -> str:
    """Hex SHA-256 of a file, read in chunks (model files are hundreds of MB)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def file_fingerprint(path: Path, chunk: int = 1 << 20) -> str:
    """A cheap identity of a large file that is the same wherever it is installed: its size
    and the SHA-256 of its first and last MiB (hashing gigabytes on every start would cost
    seconds; an mtime changes with every install)."""
    size = path.stat().st_size
    digest = hashlib.sha256(str(size).encode())
    with open(path, "rb") as fh:
        digest.update(fh.read(chunk))
        fh.seek(max(0, size - chunk))
        digest.update(fh.read(chunk))
    return digest.hexdigest()[:16]


# --- devices ---------------------------------------------------------------------------------

def cuda_available() -> bool:
    """Whether a CUDA device is usable. Without an NVIDIA driver this answers without
    importing torch (seconds), so the ONNX-only CPU path never pays for it."""
    if not Path("/proc/driver/nvidia").exists() and not os.environ.get("CUDA_VISIBLE_DEVICES"):
        return False
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


def resolve_device(device: str = "auto") -> str:
    """Map ``auto | cpu | cuda | cuda:N`` to what will run: ``"cpu"``, ``"cuda"`` or
    ``"cuda:N"``. An unknown name is a `DetactError`; CUDA asked for where none is usable is
    `ModelUnavailable`."""
    name = str(device or "auto")
    base, _, index = name.partition(":")
    if base not in DEVICES or (index and (base != "cuda" or not index.isdigit())):
        raise DetactError(f"unknown device {device!r}; use auto, cpu, cuda or cuda:N")
    if base == "cpu":
        return "cpu"
    usable = cuda_available()
    if base == "cuda" and not usable:
        raise ModelUnavailable(f"device {name!r} asked for, but CUDA is not usable here; use --device cpu")
    if base == "auto":
        return "cuda" if usable else "cpu"
    return name


# --- onnxruntime -----------------------------------------------------------------------------

def ort_session(path: Path, device: str = "cpu", threads: int | None = None, *,
                spinning: bool = True, settings: Settings | None = None):
    """An onnxruntime session for ``path`` on CUDA when ``device`` is CUDA and the CUDA
    provider is installed, else on the CPU.

    threads: intra-op threads for this session; None takes ``DETACT_THREADS`` (unset:
    onnxruntime's default, all cores). spinning: let idle worker threads busy-wait (fastest
    for one big model; off for small models called often beside other work)."""
    import onnxruntime as ort

    if threads is None:
        threads = (settings or Settings.from_env()).threads
    opts = ort.SessionOptions()
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    if threads:
        opts.intra_op_num_threads = int(threads)
        opts.inter_op_num_threads = 1
    if not spinning:
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    providers = ["CPUExecutionProvider"]
    if str(device).startswith("cuda") and "CUDAExecutionProvider" in ort.get_available_providers():
        providers.insert(0, "CUDAExecutionProvider")
    try:
        return ort.InferenceSession(str(path), sess_options=opts, providers=providers)
    except Exception as exc:  # onnxruntime raises its own types for unreadable graphs
        first = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
        raise ModelUnavailable(f"cannot load ONNX model {path}: {first}") from None


def onnx_metadata(session) -> dict[str, str]:
    """The custom metadata (key -> value) a model's ONNX file carries, from its onnxruntime
    session (our models keep their classes, geometry and thresholds there)."""
    return dict(session.get_modelmeta().custom_metadata_map)


# --- torch threads ---------------------------------------------------------------------------

_TORCH_THREADS_LOCK = threading.RLock()


@contextmanager
def torch_threads(n: int | None) -> Iterator[None]:
    """Run the enclosed torch CPU work on ``n`` threads (None: leave the setting alone).

    torch's thread count is one per process, so a caller that changes it holds a lock for the
    whole block: two threads can never interleave their changes and restores, and the
    setting is back to what it was when the block ends."""
    if not n:
        yield
        return
    import torch

    with _TORCH_THREADS_LOCK:
        before = torch.get_num_threads()
        if before != n:
            torch.set_num_threads(n)
        try:
            yield
        finally:
            if before != n:
                torch.set_num_threads(before)


# --- quiet third-party logging ---------------------------------------------------------------

@contextmanager
def quiet_logger(logger: str | logging.Logger, level: int = logging.ERROR) -> Iterator[None]:
    """Raise one library logger's level for the block (not the whole process's logging);
    ``logger`` is its name or, for libraries that keep an unregistered one, the object."""
    logger = logging.getLogger(logger) if isinstance(logger, str) else logger
    before = logger.level
    logger.setLevel(level)
    try:
        yield
    finally:
        logger.setLevel(before)


@contextmanager
def muted_records(source_path: str) -> Iterator[None]:
    """Drop the records that code under ``source_path`` (e.g. ``"onnxruntime/quantization"``)
    logs straight on the root logger during the block; everything else is logged as usual.
    For libraries that log advice with ``logging.warning(...)`` instead of a logger of their own."""
    root = logging.getLogger()
    needle = source_path.replace("/", os.sep)

    def keep(record: logging.LogRecord) -> bool:
        return needle not in record.pathname

    root.addFilter(keep)
    try:
        yield
    finally:
        root.removeFilter(keep)


# --- export once, verify, cache --------------------------------------------------------------

def ensure_exported(target: Path, *, source_id: str, export: Callable[[Path], None],
                    verify: Callable[[Path], float] | None, tolerance: float = 0.0,
                    what: str = "model") -> Path:
    """The verified file at ``target``, made first when missing or stale.

    ``export(tmp)`` writes the file; ``verify(tmp)`` runs it and returns its largest
    deviation from the source model, which must be at most ``tolerance`` (None: nothing to
    compare with). The file is kept (renamed into place atomically) only after that check,
    with ``<target>.json`` recording ``source_id`` and its sha256; it is made again when the
    source changes (another ``source_id``) or the file no longer matches its record.
    """
    meta_path = target.with_suffix(".json")
    if target.is_file() and meta_path.is_file():
        try:
            meta = json.loads(meta_path.read_text())
        except ValueError:
            meta = {}
        if meta.get("source_id") == source_id and meta.get("sha256") == sha256_file(target):
            return target
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f"{target.stem}.tmp{os.getpid()}{target.suffix}")
    try:
        export(tmp)
        if verify is not None:
            err = float(verify(tmp))
            if not err <= tolerance:   # also catches NaN
                raise ModelUnavailable(f"the ONNX export of the {what} does not match its source "
                                       f"(max error {err:.2g}, allowed {tolerance:.2g})")
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    meta_path.write_text(json.dumps({"source_id": source_id, "sha256": sha256_file(target)}))
    return target
