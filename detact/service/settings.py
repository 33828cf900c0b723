"""What a `detact serve` instance is allowed to do: limits, models, API key."""
from __future__ import annotations

from dataclasses import dataclass

from ..build import ParserOptions
from ..errors import DetactError
from ..imageio import MAX_PIXELS
from ..settings import Settings


@dataclass
class ServiceSettings:
    """Service configuration (the ``detact serve`` flags).

    max_concurrency: requests doing model work at once; more are answered 503 at once.
    timeout: seconds a request may take before it is answered 504.
    max_body_mb: request bodies above this are answered 413 (unread).
    max_pixels: images above this many pixels are answered 413 (checked before decoding).
    api_key: when set, every request except /healthz and the docs needs it
    (``Authorization: Bearer KEY`` or ``X-API-Key: KEY``).
    parsers: `Parser` instances (each request uses one at a time).
    preload_task_models: load MiniLM and the example index at start (else on first use).
    """

    host: str = "127.0.0.1"
    port: int = 8000
    max_concurrency: int = 4
    timeout: float = 60.0
    max_body_mb: float = 20.0
    max_pixels: int = MAX_PIXELS
    api_key: str | None = None
    ocr: str = "fast"
    segmenter: str = "auto"
    device: str = "auto"
    icons: bool = True
    semantics: bool = True
    parsers: int = 1
    preload_task_models: bool = True

    def parser_options(self) -> ParserOptions:
        return ParserOptions(self.ocr, self.segmenter, self.device, self.icons, self.semantics)

    @property
    def max_body_bytes(self) -> int:
        return int(self.max_body_mb * 1024 * 1024)

    def check(self) -> None:
        """Raise `DetactError` for a setting that cannot work."""
        if not 0 < self.port < 65536:
            raise DetactError(f"--port must be 1-65535, got {self.port}")
        if self.max_concurrency < 1:
            raise DetactError(f"--max-concurrency must be at least 1, got {self.max_concurrency}")
        if self.timeout <= 0:
            raise DetactError(f"--timeout must be positive, got {self.timeout}")
        if self.max_body_mb <= 0:
            raise DetactError(f"--max-body-mb must be positive, got {self.max_body_mb}")
        if self.max_pixels < 64:
            raise DetactError(f"--max-pixels must be at least 64, got {self.max_pixels}")
        if self.parsers < 1:
            raise DetactError(f"--parsers must be at least 1, got {self.parsers}")
        self.parser_options().check()

    @staticmethod
    def api_key_from_env() -> str | None:
        """``DETACT_API_KEY`` (empty means no key)."""
        return Settings.from_env().api_key
