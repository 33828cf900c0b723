"""A local HTTP server speaking the OpenAI chat-completions API, for tests.

It stands in for a hosted LLM (the one thing tests cannot run here): it answers
``POST <url>/chat/completions`` with replies the test scripts — plain assistant text, or a raw
status/body/headers for error cases — and records every request it got.

    with ChatServer(["import pyautogui\\npyautogui.click(10, 20)"]) as server:
        os.environ["DETACT_LLM_BASE_URL"] = server.url     # http://127.0.0.1:PORT/v1
        ...
        server.requests[0]["messages"]
"""
from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Sequence, Union


@dataclass
class Reply:
    """One scripted answer. ``content``: assistant text wrapped in a chat-completions body;
    ``body``: raw bytes sent as is (overrides content); ``delay``: seconds before answering."""

    content: str | None = None
    status: int = 200
    body: bytes | None = None
    headers: dict = field(default_factory=dict)
    delay: float = 0.0

    def payload(self, model: str) -> bytes:
        if self.body is not None:
            return self.body
        if self.status != 200:
            return json.dumps({"error": {"message": f"scripted error {self.status}",
                                         "type": "test"}}).encode()
        return json.dumps({
            "id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()),
            "model": model or "test-model",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": self.content or ""}}],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        }).encode()


ReplySpec = Union[str, Reply]


class ChatServer:
    """Threaded server on 127.0.0.1 (free port). ``replies``: a list used in order (the last
    one repeats), or a function ``(request_json) -> Reply | str``."""

    def __init__(self, replies: Sequence[ReplySpec] | Callable[[dict], ReplySpec]):
        self._replies = replies
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # keep test output clean
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, b'{"error": {"message": "not found"}}', {})
                    return
                try:
                    request = json.loads(raw)
                except ValueError:
                    self._send(400, b'{"error": {"message": "bad json"}}', {})
                    return
                reply = server._next(request, dict(self.headers))
                if reply.delay:
                    time.sleep(reply.delay)
                self._send(reply.status, reply.payload(request.get("model", "")), reply.headers)

            def _send(self, status, body, headers):
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    for k, v in headers.items():
                        self.send_header(k, str(v))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (e.g. its timeout or size cap): fine

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def _next(self, request: dict, headers: dict) -> Reply:
        with self._lock:
            self.requests.append(request)
            self.headers.append(headers)
            if callable(self._replies):
                spec = self._replies(request)
            else:
                i = min(len(self.requests), len(self._replies)) - 1
                spec = self._replies[i]
        return Reply(content=spec) if isinstance(spec, str) else spec

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> "ChatServer":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)
