"""A small client for any OpenAI-compatible chat endpoint (OpenAI, vLLM, llama.cpp, Ollama, ...).

Standard library only (urllib), so the task layer needs no HTTP package. Configuration comes
from ``DETACT_LLM_BASE_URL``, ``DETACT_LLM_MODEL``, ``DETACT_LLM_API_KEY`` (and optionally
``DETACT_LLM_TIMEOUT``, ``DETACT_LLM_RETRIES``) or explicit values. Every failure is an
`LLMError` with a one-line message.
"""
from __future__ import annotations

import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, replace
from typing import Sequence

from ..errors import DetactError, LLMError
from ..settings import Settings

#: HTTP statuses worth retrying: rate limiting and transient server trouble.
RETRY_STATUSES = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
#: Longest wait honoured from a ``Retry-After`` header, in seconds.
MAX_RETRY_AFTER = 30.0


@dataclass(frozen=True)
class LLMConfig:
    """Where and how to call the chat endpoint (the ``DETACT_LLM_*`` variables)."""

    base_url: str = ""
    """E.g. ``http://localhost:8000/v1`` (``/chat/completions`` is appended)."""
    model: str = ""
    api_key: str = ""
    timeout: float = 60.0
    """Seconds per request."""
    retries: int = 3
    backoff: float = 1.0
    """Extra attempts after a 429/5xx or a network error, waiting ``backoff * 2**attempt``
    seconds (or the server's Retry-After, capped at 30 s)."""
    max_reply_bytes: int = 2_000_000
    """Larger response bodies are refused unread."""
    temperature: float = 0.0
    max_tokens: int = 1024

    @classmethod
    def from_env(cls, settings: Settings | None = None, **overrides) -> "LLMConfig":
        """The ``DETACT_LLM_*`` variables (`detact.settings`); non-None ``overrides`` win."""
        try:
            s = settings or Settings.from_env()
        except DetactError as exc:
            raise LLMError(str(exc)) from None
        read = {"base_url": s.llm_base_url, "model": s.llm_model, "api_key": s.llm_api_key,
                "timeout": s.llm_timeout, "retries": s.llm_retries, "backoff": s.llm_backoff}
        cfg = cls(**{k: v for k, v in read.items() if v is not None})
        return replace(cfg, **{k: v for k, v in overrides.items() if v is not None})

    def check(self) -> None:
        if not self.base_url:
            raise LLMError("no LLM endpoint configured: set DETACT_LLM_BASE_URL (or "
                           "--llm-base-url) to an OpenAI-compatible URL such as "
                           "http://localhost:8000/v1")
        if not self.base_url.startswith(("http://", "https://")):
            raise LLMError(f"LLM base URL {self.base_url!r} must start with http:// or https://")
        if self.timeout <= 0 or self.retries < 0 or self.backoff < 0:
            raise LLMError("LLM timeout must be > 0 and retries/backoff >= 0")


class ChatClient:
    """Send chat messages, get the assistant's text back (with retries on 429/5xx)."""

    def __init__(self, config: LLMConfig | None = None, *, sleep=time.sleep):
        self.config = config or LLMConfig.from_env()
        self.config.check()
        self._sleep = sleep  # injectable so callers can account for waiting
        self.attempts = 0    # requests sent by this client (for reports and tests)

    @property
    def url(self) -> str:
        return self.config.base_url.rstrip("/") + "/chat/completions"

    def chat(self, messages: Sequence[dict], **params) -> str:
        """The assistant message content for ``messages`` (OpenAI ``role``/``content`` dicts)."""
        cfg = self.config
        body = {"messages": list(messages), "temperature": cfg.temperature,
                "max_tokens": cfg.max_tokens, **params}
        if cfg.model:
            body["model"] = cfg.model
        data = json.dumps(body).encode("utf-8")
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if cfg.api_key:
            headers["Authorization"] = f"Bearer {cfg.api_key}"
        last = ""
        for attempt in range(cfg.retries + 1):
            wait = cfg.backoff * (2 ** attempt)
            self.attempts += 1
            try:
                status, raw, retry_after = self._post(data, headers)
            except _Transient as exc:
                last = str(exc)
            else:
                if status == 200:
                    return _content(raw, cfg.max_reply_bytes)
                detail = _error_detail(raw)
                last = f"HTTP {status}" + (f": {detail}" if detail else "")
                if status not in RETRY_STATUSES:
                    raise LLMError(f"LLM endpoint {self.url} answered {last}")
                if retry_after is not None:
                    wait = min(retry_after, MAX_RETRY_AFTER)
            if attempt < cfg.retries:
                self._sleep(wait)
        raise LLMError(f"LLM endpoint {self.url} failed after {cfg.retries + 1} attempt(s); "
                       f"last error: {last}")

    def _opener(self) -> urllib.request.OpenerDirector:
        host = (urllib.parse.urlsplit(self.url).hostname or "").lower()
        if host in ("localhost", "::1") or host.startswith("127."):
            # A local server (vLLM, llama.cpp, ...) must not be sent through HTTP(S)_PROXY.
            return urllib.request.build_opener(urllib.request.ProxyHandler({}))
        return urllib.request.build_opener()

    def _post(self, data: bytes, headers: dict) -> tuple[int, bytes, float | None]:
        req = urllib.request.Request(self.url, data=data, headers=headers, method="POST")
        limit = self.config.max_reply_bytes
        try:
            with self._opener().open(req, timeout=self.config.timeout) as resp:
                return resp.status, _read_capped(resp, limit), None
        except urllib.error.HTTPError as exc:
            try:
                raw = exc.read(4096)
            except Exception:  # the error body is only used for the message
                raw = b""
            return exc.code, raw, _retry_after(exc.headers.get("Retry-After"))
        except (socket.timeout, TimeoutError):
            raise _Transient(f"timed out after {self.config.timeout:g} s") from None
        except urllib.error.URLError as exc:
            reason = exc.reason
            if isinstance(reason, (socket.timeout, TimeoutError)):
                raise _Transient(f"timed out after {self.config.timeout:g} s") from None
            raise _Transient(f"cannot connect ({reason})") from None
        except (ConnectionError, OSError) as exc:
            raise _Transient(f"connection failed ({exc})") from None


class _Transient(Exception):
    """A network failure worth another try."""


def _read_capped(resp, limit: int) -> bytes:
    length = resp.headers.get("Content-Length")
    if length and length.isdigit() and int(length) > limit:
        raise LLMError(f"LLM reply is {int(length):,} bytes, over the limit of {limit:,} bytes")
    raw = resp.read(limit + 1)
    if len(raw) > limit:
        raise LLMError(f"LLM reply is over the limit of {limit:,} bytes")
    return raw


def _retry_after(value: str | None) -> float | None:
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:   # HTTP-date form: fall back to our own backoff
        return None


def _error_detail(raw: bytes) -> str:
    text = raw[:2048].decode("utf-8", "replace")
    try:
        err = json.loads(text).get("error")
        text = err.get("message", "") if isinstance(err, dict) else str(err or "")
    except (ValueError, AttributeError):
        pass
    text = " ".join(text.split())
    return text[:200]


def _content(raw: bytes, limit: int) -> str:
    """The first choice's message text from an OpenAI chat-completions body."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LLMError(f"LLM reply is not valid UTF-8 (byte 0x{raw[exc.start]:02x} at offset "
                       f"{exc.start})") from None
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise LLMError(f"LLM reply is not JSON ({exc.msg} at char {exc.pos})") from None
    try:
        content = doc["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise LLMError("LLM reply has no choices[0].message.content (not an OpenAI "
                       "chat-completions response)") from None
    if content is None:
        content = ""
    if isinstance(content, list):  # some servers return content parts
        content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
    if not isinstance(content, str):
        raise LLMError(f"LLM reply content is a {type(content).__name__}, not text")
    try:
        content.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise LLMError(f"LLM reply is not valid UTF-8 (unpaired surrogate at offset "
                       f"{exc.start})") from None
    return content


def make_client(llm: "ChatClient | LLMConfig | None" = None, **overrides) -> ChatClient:
    """A `ChatClient` from a client, a config, or the environment (plus overrides)."""
    if isinstance(llm, ChatClient):
        return llm
    if isinstance(llm, LLMConfig):
        return ChatClient(replace(llm, **{k: v for k, v in overrides.items() if v is not None}))
    if llm is not None:
        raise LLMError(f"llm must be a ChatClient or LLMConfig, got {type(llm).__name__}")
    return ChatClient(LLMConfig.from_env(**overrides))
