"""Pure ASGI middleware: the API key check and the request body size cap. They run before
any route reads the body, so refused requests cost no parsing and little reading."""
from __future__ import annotations

import hmac
import json

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


class BodyLimitMiddleware:
    """413 for bodies over ``limit`` bytes: at once from Content-Length, else while streaming."""

    def __init__(self, app, limit: int):
        self.app = app
        self.limit = limit

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
        seen = 0
        started = False

        async def capped_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge()
            return message

        async def tracking_send(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, capped_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await send_json(send, 413, self._message())
