"""A deadline for the request head, which uvicorn lacks: a client that opens a connection and
sends its headers one byte every few seconds would otherwise hold the connection forever
(slowloris). The body has its own deadline (`middleware.BodyLimitMiddleware`); an idle
keep-alive connection is closed by uvicorn's ``timeout_keep_alive``."""
from __future__ import annotations

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

_TIMEOUT_BODY = b'{"error": "request head not received in time"}'
_TIMEOUT_RESPONSE = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                     b"connection: close\r\ncontent-length: " + str(len(_TIMEOUT_BODY)).encode() +
                     b"\r\n\r\n" + _TIMEOUT_BODY)


class HeadTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline from a connection's first byte (or its opening)
    to the end of the request head; past it the client gets 408 and the connection closes."""

    head_timeout = 10.0
    _head_timer = None

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._head_timer is None and self.conn.their_state is h11.IDLE:
            self._arm()                       # the next request on a kept-alive connection
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._disarm()                    # the head is complete

    def connection_lost(self, exc) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(self.head_timeout, self._head_timed_out)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.write(_TIMEOUT_RESPONSE)
            self.transport.close()


def protocol_with_head_timeout(seconds: float) -> type[HeadTimeoutProtocol]:
    """The protocol class for ``uvicorn.run(http=...)`` with this head deadline."""
    return type("HeadTimeoutProtocol", (HeadTimeoutProtocol,), {"head_timeout": float(seconds)})
