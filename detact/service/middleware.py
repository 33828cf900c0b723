"""Pure ASGI middleware: the API key check and the request body limits (size and time).
They run before any route reads the body, so refused requests cost no parsing and little
reading."""
from __future__ import annotations

import asyncio
import hmac
import json
import time

#: Paths open without the API key: health checks and the API's own documentation.
PUBLIC_PATHS = frozenset({"/healthz", "/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})


async def send_json(send, status: int, body: dict, headers: dict | None = None) -> None:
    """Send a whole JSON response from middleware."""
    raw = json.dumps(body).encode()
    hdrs = [(b"content-type", b"application/json"), (b"content-length", str(len(raw)).encode())]
    hdrs += [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": hdrs})
    await send({"type": "http.response.body", "body": raw})


class ApiKeyMiddleware:
    """401 unless the request carries ``Authorization: Bearer KEY`` or ``X-API-Key: KEY``."""

    def __init__(self, app, api_key: str):
        self.app = app
        self.key = api_key.encode()

    def _allowed(self, headers: dict[bytes, bytes]) -> bool:
        given = headers.get(b"x-api-key")
        auth = headers.get(b"authorization", b"")
        if given is None and auth[:7].lower() == b"bearer ":
            given = auth[7:].strip()
        # constant-time comparison: the key must not leak through response timing
        return given is not None and hmac.compare_digest(given, self.key)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["path"] in PUBLIC_PATHS:
            return await self.app(scope, receive, send)
        if not self._allowed(dict(scope["headers"])):
            return await send_json(send, 401, {"error": "missing or wrong API key: send "
                                               "'Authorization: Bearer KEY' or 'X-API-Key: KEY'"},
                                   {"WWW-Authenticate": "Bearer"})
        return await self.app(scope, receive, send)


class BodyTooLarge(Exception):
    """Raised from ``receive`` when a streamed body passes the cap."""


class BodyTimeout(Exception):
    """Raised from ``receive`` when the body is still incomplete ``timeout`` seconds after
    the route first asked for it (a client sending one byte every few seconds)."""


class _LimitedReceive:
    """``receive`` for one request, raising `BodyTooLarge` past ``limit`` bytes and
    `BodyTimeout` when the body is incomplete ``timeout`` s after it was first asked for."""

    def __init__(self, receive, limit: int, timeout: float):
        self.receive, self.limit, self.timeout = receive, limit, timeout
        self.seen = 0
        self.deadline: float | None = None
        self.complete = False

    async def __call__(self):
        if self.complete:              # after the body only a disconnect can come: no deadline
            return await self.receive()
        if self.deadline is None:
            self.deadline = time.monotonic() + self.timeout
        try:
            message = await asyncio.wait_for(self.receive(), max(0.0, self.deadline - time.monotonic()))
        except asyncio.TimeoutError:
            raise BodyTimeout() from None
        if message["type"] == "http.request":
            self.seen += len(message.get("body", b""))
            if self.seen > self.limit:
                raise BodyTooLarge()
            self.complete = not message.get("more_body", False)
        return message


class BodyLimitMiddleware:
    """413 for bodies over ``limit`` bytes: at once from Content-Length, else while streaming;
    408 (and the connection closed) for bodies not complete within ``timeout`` seconds."""

    def __init__(self, app, limit: int, timeout: float = 60.0):
        self.app = app
        self.limit = limit
        self.timeout = timeout

    def _message(self) -> dict:
        return {"error": f"request body over the limit of {self.limit / 1048576:g} MB"}

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None:
            try:
                too_big = int(length) > self.limit
            except ValueError:
                return await send_json(send, 400, {"error": "bad Content-Length header"})
            if too_big:
                return await send_json(send, 413, self._message())
        started = False

        async def tracking_send(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, _LimitedReceive(receive, self.limit, self.timeout), tracking_send)
        except BodyTooLarge:
            if not started:
                await send_json(send, 413, self._message())
        except BodyTimeout:
            if not started:
                await send_json(send, 408, {"error": f"request body not received within {self.timeout:g} s"},
                                {"Connection": "close"})
