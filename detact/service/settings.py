"""What a `detact serve` instance is allowed to do: limits, queue, timeouts, models, API key."""
from __future__ import annotations

from dataclasses import dataclass

from ..build import ParserOptions
from ..errors import DetactError
from ..settings import Settings

#: Default pixel cap of the service: a 5K screenshot (5120x2880 = 14.7 M) fits; a parse costs
#: about 32 bytes per pixel, so the cap bounds one request's memory near 0.5 GB. Lower than the
#: CLI's (`detact.imageio.MAX_PIXELS`): a server takes images from anyone.
SERVICE_MAX_PIXELS = 16_000_000


@dataclass
class ServiceSettings:
    """Service configuration (the ``detact serve`` flags), each documented where it is set."""

    host: str = "127.0.0.1"
    port: int = 8000
    max_concurrency: int = 4
    """Requests doing model work at once."""
    queue_size: int = 32
    queue_wait: float = 100.0
    """Requests beyond ``max_concurrency`` wait in a queue of at most ``queue_size`` for at
    most ``queue_wait`` seconds; a full queue or a longer wait is answered 503. The defaults
    serve a burst of 32 screenshots on 2 busy cores (one parser, ~3 s a screenshot) rather
    than refuse most of it; lower ``queue_wait`` for clients with short timeouts."""
    timeout: float = 60.0
    """Seconds of model work before a request is answered 504."""
    header_timeout: float = 10.0
    body_timeout: float = 60.0
    """Seconds a client may take to send its request head / its body (slow clients are
    answered 408 and disconnected)."""
    max_body_mb: float = 20.0
    """Request bodies above this are answered 413 (unread)."""
    max_pixels: int = SERVICE_MAX_PIXELS
    """Images above this many pixels are answered 413 (checked before decoding)."""
    max_elements: int = 2_000
    """Parse documents sent to the task routes may hold at most this many elements (with at
    most `textmatch.MAX_ELEMENT_TEXT` characters per text field): the per-request work budget."""
    api_key: str | None = None
    """When set, every request except /healthz and the docs needs it (``Authorization: Bearer
    KEY`` or ``X-API-Key: KEY``)."""
    ocr: str = "fast"
    segmenter: str = "auto"
    device: str = "auto"
    icons: bool = True
    semantics: bool = True
    """The parser's options (`ParserOptions`)."""
    parsers: int = 1
    """`Parser` instances (each request uses one at a time)."""
    preload_task_models: bool = True
    """Load MiniLM and the example index at start (else on first use)."""

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
        if self.queue_size < 0:
            raise DetactError(f"--queue-size must be 0 or more, got {self.queue_size}")
        for flag, value in (("--timeout", self.timeout), ("--queue-wait", self.queue_wait),
                            ("--header-timeout", self.header_timeout),
                            ("--body-timeout", self.body_timeout), ("--max-body-mb", self.max_body_mb)):
            if not value > 0:
                raise DetactError(f"{flag} must be positive, got {value}")
        if self.max_pixels < 64:
            raise DetactError(f"--max-pixels must be at least 64, got {self.max_pixels}")
        if self.max_elements < 1:
            raise DetactError(f"--max-elements must be at least 1, got {self.max_elements}")
        if self.parsers < 1:
            raise DetactError(f"--parsers must be at least 1, got {self.parsers}")
        self.parser_options().check()

    @staticmethod
    def api_key_from_env() -> str | None:
        """``DETACT_API_KEY`` (empty means no key)."""
        return Settings.from_env().api_key
