"""Local HTTP server for generated pages and the npm packages they load.

Static files come from the controls folder (``/node_modules/...``, ``/build/...``);
generated pages are registered in memory and served under ``/gen/<name>.html``.
"""
from __future__ import annotations

import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Self


class _Handler(SimpleHTTPRequestHandler):
    """Serves registered pages from memory, everything else from the static root."""

    pages: dict[str, bytes] = {}

    def do_GET(self):  # noqa: N802 (http.server API)
        path = self.path.split("?", 1)[0]
        if path.startswith("/gen/"):
            body = self.pages.get(path[len("/gen/"):])
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def end_headers(self):
        if not self.path.startswith("/gen/"):
            self.send_header("Cache-Control", "max-age=3600")
        super().end_headers()

    def log_message(self, *args):  # keep the progress bar clean
        pass


class PageServer:
    """A background ThreadingHTTPServer on 127.0.0.1 with an in-memory page table."""

    def __init__(self, root: Path):
        handler = partial(_Handler, directory=str(root))
        self.pages: dict[str, bytes] = {}
        _Handler.pages = self.pages
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self) -> Self:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def publish(self, name: str, html: str) -> str:
        """Register a page and return its URL."""
        self.pages.clear()  # one page at a time: keep memory flat
        self.pages[name] = html.encode("utf-8")
        return f"{self.base}/gen/{name}"
