"""``detact serve``: run the HTTP API with uvicorn."""
from __future__ import annotations

import argparse
import errno
import socket

from ..errors import DetactError
from ..imageio import MAX_PIXELS

INSTALL_HINT = 'detact serve needs FastAPI and uvicorn: pip install "detact[serve]"'


def register(subparsers) -> None:
    from ..commands.options import add_parser_options

    p = subparsers.add_parser(
        "serve", help="serve the parser and task layer over HTTP",
        description="HTTP API: POST /v1/parse, /v1/filter, /v1/prompt, /v1/script; GET /healthz; "
                    "docs at /docs. Set DETACT_API_KEY to require 'Authorization: Bearer KEY' "
                    "(or 'X-API-Key: KEY'); DETACT_LLM_BASE_URL/MODEL/API_KEY for /v1/script.")
    p.add_argument("--host", default="127.0.0.1", help="interface to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="default: 8000")
    p.add_argument("--max-concurrency", type=int, default=4, metavar="N",
                   help="requests doing model work at once; more get 503 at once (default: 4)")
    p.add_argument("--timeout", type=float, default=60.0, metavar="S",
                   help="seconds per request before 504 (default: 60)")
    p.add_argument("--max-body-mb", type=float, default=20.0, metavar="M",
                   help="largest request body in MB; larger get 413 (default: 20)")
    p.add_argument("--max-pixels", type=int, default=MAX_PIXELS, metavar="P",
                   help=f"largest image in pixels; larger get 413 (default: {MAX_PIXELS:,})")
    p.add_argument("--parsers", type=int, default=1, metavar="K",
                   help="parser instances (models loaded K times; default: 1)")
    add_parser_options(p)
    p.add_argument("--lazy-task-models", action="store_true",
                   help="load MiniLM on the first filter/prompt/script request, not at start")
    p.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"))
    p.set_defaults(func=run)


def _check_port(host: str, port: int) -> None:
    """Fail with one line when the address is taken (uvicorn would log and exit)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise DetactError(f"--host {host}: cannot resolve ({exc.strerror})") from None
    family, _, _, _, addr = infos[0]
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(addr)
        except OSError as exc:
            why = "address already in use" if exc.errno == errno.EADDRINUSE else (exc.strerror or str(exc))
            raise DetactError(f"cannot listen on {host}:{port}: {why}") from None


def run(args: argparse.Namespace) -> int:
    from ..commands.options import parser_options
    try:
        import fastapi  # noqa: F401
        import uvicorn
    except ImportError:
        raise DetactError(INSTALL_HINT) from None
    from .app import create_app
    from .settings import ServiceSettings

    settings = ServiceSettings(host=args.host, port=args.port, max_concurrency=args.max_concurrency,
                               timeout=args.timeout, max_body_mb=args.max_body_mb,
                               max_pixels=args.max_pixels, api_key=ServiceSettings.api_key_from_env(),
                               **parser_options(args).as_kwargs(), parsers=args.parsers,
                               preload_task_models=not args.lazy_task_models)
    settings.check()
    _check_port(args.host, args.port)
    app = create_app(settings)
    # On SIGTERM/SIGINT uvicorn stops accepting, lets in-flight requests finish (up to the
    # request timeout plus a margin), then runs the lifespan shutdown.
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                timeout_graceful_shutdown=int(settings.timeout) + 5, access_log=args.log_level == "debug")
    return 0
