"""Every ``DETACT_*`` environment variable, read in one place.

`Settings.from_env()` reads them all and checks their values; code that needs one takes a
`Settings` (or calls `from_env` when it is not given one) instead of reading ``os.environ``.
`VARIABLES` documents them (the README's table is this table).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from .errors import DetactError

#: (variable, meaning), in the order the README lists them.
VARIABLES: tuple[tuple[str, str], ...] = (
    ("DETACT_HOME", "where model files are built or downloaded (default `~/.cache/detact`)"),
    ("DETACT_THREADS", "CPU threads per onnxruntime session (default: all cores; "
                       "`detact batch --workers N` splits them)"),
    ("DETACT_ICON_BANK", "a folder holding `bank.npz` + `manifest.json` to use instead of the "
                         "bundled icon bank"),
    ("DETACT_REGISTRY", "a model registry JSON to use instead of the bundled one"),
    ("DETACT_SAM_CHECKPOINT", "a SAM checkpoint file to use instead of `DETACT_HOME/models`"),
    ("DETACT_SAM_POINTS_PER_SIDE", "SAM prompt grid density (default 48 on CUDA, 12 on CPU)"),
    ("DETACT_LLM_BASE_URL", "OpenAI-compatible chat endpoint, e.g. `http://localhost:8000/v1`"),
    ("DETACT_LLM_MODEL", "model name sent to that endpoint"),
    ("DETACT_LLM_API_KEY", "API key sent to that endpoint"),
    ("DETACT_LLM_TIMEOUT", "seconds per LLM request (default 60)"),
    ("DETACT_LLM_RETRIES", "retries on 429/5xx/network errors (default 3)"),
    ("DETACT_LLM_BACKOFF", "first retry wait in seconds, doubled each retry (default 1)"),
    ("DETACT_API_KEY", "if set, `detact serve` requires it (`Authorization: Bearer ...`)"),
)


def _number(env: Mapping[str, str], name: str, kind: type, minimum: float) -> int | float | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    try:
        value = kind(raw)
    except ValueError:
        raise DetactError(f"{name}={raw!r} is not {'an integer' if kind is int else 'a number'}") from None
    if value < minimum:
        raise DetactError(f"{name}={raw!r} must be at least {minimum}")
    return value


def _path(env: Mapping[str, str], name: str) -> Path | None:
    raw = env.get(name, "").strip()
    return Path(raw).expanduser() if raw else None


@dataclass(frozen=True)
class Settings:
    """The ``DETACT_*`` variables, parsed. ``None`` means "not set: use the default"."""

    home: Path
    threads: int | None = None
    icon_bank: Path | None = None
    registry: Path | None = None
    sam_checkpoint: Path | None = None
    sam_points_per_side: int | None = None
    llm_base_url: str = ""
    llm_model: str = ""
    llm_api_key: str = ""
    llm_timeout: float | None = None
    llm_retries: int | None = None
    llm_backoff: float | None = None
    api_key: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Settings":
        """Read ``env`` (default ``os.environ``); a malformed value is a `DetactError`
        naming the variable."""
        env = os.environ if env is None else env
        return cls(
            home=_path(env, "DETACT_HOME") or Path.home() / ".cache" / "detact",
            threads=_number(env, "DETACT_THREADS", int, 0) or None,
            icon_bank=_path(env, "DETACT_ICON_BANK"),
            registry=_path(env, "DETACT_REGISTRY"),
            sam_checkpoint=_path(env, "DETACT_SAM_CHECKPOINT"),
            sam_points_per_side=_number(env, "DETACT_SAM_POINTS_PER_SIDE", int, 1),
            llm_base_url=env.get("DETACT_LLM_BASE_URL", "").strip(),
            llm_model=env.get("DETACT_LLM_MODEL", "").strip(),
            llm_api_key=env.get("DETACT_LLM_API_KEY", ""),
            llm_timeout=_number(env, "DETACT_LLM_TIMEOUT", float, 0.001),
            llm_retries=_number(env, "DETACT_LLM_RETRIES", int, 0),
            llm_backoff=_number(env, "DETACT_LLM_BACKOFF", float, 0),
            api_key=env.get("DETACT_API_KEY") or None,
        )
