"""The model registry: which model files DetACT knows, where they come from, where they live.

The manifest is ``detact/data/models/registry.json``, shipped in the package (override with
``DETACT_REGISTRY``). Two kinds of entries:

* downloadable weights (SAM checkpoints): fetched by ``detact models pull`` into
  ``DETACT_HOME/models`` (``DETACT_HOME`` defaults to ``~/.cache/detact``). A file that passed
  its sha256 check gets a small ``<file>.verified.json`` record next to it, so
  ``detact models list`` shows the verified state without re-hashing gigabytes;
* bundled files (``"bundled": true``: the icon bank and the models we train), which ship inside
  the package under ``detact/data/``; their sha256 says which build the code expects.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import DetactError
from ..runtime import detact_home, package_data, sha256_file
from ..settings import Settings

SCHEMA = "detact/models@1"
_SHA256 = re.compile(r"^[0-9a-f]{64}$")


def models_dir() -> Path:
    """Folder that holds downloaded weight files: ``DETACT_HOME/models``."""
    return detact_home() / "models"


def registry_path() -> Path:
    """``$DETACT_REGISTRY``, else the registry bundled in ``detact/data/models``."""
    return Settings.from_env().registry or package_data("models", "registry.json")


@dataclass(frozen=True)
class ModelSpec:
    """One downloadable weight file. ``sha256``/``size`` are ``None`` where unknown."""

    name: str
    file: str
    url: str
    sha256: str | None
    size: int | None
    licence: str
    family: str = ""
    model_type: str = ""
    description: str = ""
    note: str = ""
    bundled: bool = False

    @property
    def path(self) -> Path:
        """Where the file lives: inside the package when bundled, else where a pull puts it."""
        return package_data(self.file) if self.bundled else models_dir() / self.file

    @property
    def part_path(self) -> Path:
        """Where an unfinished download accumulates (never used as a model)."""
        return models_dir() / (self.file + ".part")

    @property
    def record_path(self) -> Path:
        return models_dir() / (self.file + ".verified.json")


def normalize_sha256(value: str | None, what: str) -> str | None:
    """Lower-case hex digest, or ``None``; anything else is a `DetactError`."""
    if value is None:
        return None
    digest = str(value).strip().lower()
    if not _SHA256.match(digest):
        raise DetactError(f"{what}: {value!r} is not a sha256 hex digest (64 hex characters)")
    return digest


def _spec_from_dict(item: dict, where: str) -> ModelSpec:
    if not isinstance(item, dict):
        raise DetactError(f"{where}: each model entry must be an object")
    bundled = bool(item.get("bundled", False))
    missing = [k for k in ("name", "file") + (("sha256",) if bundled else ("url",)) if not item.get(k)]
    if missing:
        raise DetactError(f"{where}: model entry {item.get('name', '?')!r} lacks {', '.join(missing)}")
    name = str(item["name"])
    file = str(item["file"])
    if bundled and (Path(file).is_absolute() or ".." in Path(file).parts):
        raise DetactError(f"{where}: bundled model {name!r} file must be a path inside detact/data")
    if not bundled and Path(file).name != file:
        raise DetactError(f"{where}: model {name!r} file must be a bare file name")
    size = item.get("size")
    if size is not None and (not isinstance(size, int) or size <= 0):
        raise DetactError(f"{where}: model {name!r} size must be a positive integer of bytes")
    return ModelSpec(name=name, file=file, url=str(item.get("url", "")), bundled=bundled,
                     sha256=normalize_sha256(item.get("sha256"), f"{where}: model {name!r} sha256"),
                     size=size, licence=str(item.get("licence", "")),
                     family=str(item.get("family", "")), model_type=str(item.get("model_type", "")),
                     description=str(item.get("description", "")), note=str(item.get("note", "")))


def load_registry(path: Path | None = None) -> dict[str, ModelSpec]:
    """All models of the manifest, by name, in manifest order."""
    path = Path(path) if path is not None else registry_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DetactError(f"model registry {path} not found (set DETACT_REGISTRY to a "
                          f"registry.json)") from None
    except (OSError, ValueError) as exc:
        raise DetactError(f"model registry {path} is unreadable: {exc}") from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA or not isinstance(data.get("models"), list):
        raise DetactError(f"model registry {path} is not a {SCHEMA} document")
    specs: dict[str, ModelSpec] = {}
    for item in data["models"]:
        spec = _spec_from_dict(item, str(path))
        if spec.name in specs:
            raise DetactError(f"model registry {path}: duplicate model name {spec.name!r}")
        specs[spec.name] = spec
    return specs


def get_model(name: str, path: Path | None = None) -> ModelSpec:
    """The registry entry called ``name``; a `DetactError` naming the known ones otherwise."""
    specs = load_registry(path)
    if name not in specs:
        raise DetactError(f"unknown model {name!r}; known models: {', '.join(specs) or 'none'}")
    return specs[name]


def write_record(spec: ModelSpec, sha256: str) -> None:
    """Remember that ``spec.path`` hashed to ``sha256`` (with its size and mtime, so a later
    change to the file makes the record stale)."""
    st = spec.path.stat()
    record = {"file": spec.file, "sha256": sha256, "size": st.st_size, "mtime_ns": st.st_mtime_ns}
    tmp = spec.record_path.with_name(spec.record_path.name + ".tmp")
    tmp.write_text(json.dumps(record), encoding="utf-8")
    os.replace(tmp, spec.record_path)


def read_record(spec: ModelSpec, allow_stale: bool = False) -> dict | None:
    """The verification record, or ``None`` when absent, unreadable or (unless
    ``allow_stale``) older than the file it describes."""
    try:
        record = json.loads(spec.record_path.read_text(encoding="utf-8"))
        st = spec.path.stat()
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict):
        return None
    if not allow_stale and (record.get("size") != st.st_size or record.get("mtime_ns") != st.st_mtime_ns):
        return None
    return record


def model_state(spec: ModelSpec) -> str:
    """``verified`` | ``installed`` (present, not verified) |
    ``partial`` (an unfinished download) | ``missing``; for bundled files ``bundled``
    (present, sha256 as the registry says), ``modified`` (another sha256) or ``missing``."""
    if spec.bundled:
        if not spec.path.is_file():
            return "missing"
        return "bundled" if sha256_file(spec.path) == spec.sha256 else "modified"
    if spec.path.is_file():
        record = read_record(spec)
        # Without a registry digest, the one given with ``pull --sha256`` is the reference.
        if record and (spec.sha256 is None or record.get("sha256") == spec.sha256):
            return "verified"
        return "installed"
    if spec.part_path.is_file():
        return "partial"
    return "missing"
