"""``detact serve``: run the HTTP API with uvicorn."""
from __future__ import annotations

import argparse
import errno
import socket

from ..errors import DetactError
from .settings import SERVICE_MAX_PIXELS, ServiceSettings

INSTALL_HINT = 'detact serve needs FastAPI and uvicorn: pip install "detact[serve]"'


def register(subparsers) -> None:
    from ..commands.options import add_parser_options, add_server_command

    p = add_server_command(
        subparsers, "serve", help="serve the parser and task layer over HTTP",
        description="HTTP API: POST /v1/parse, /v1/filter, /v1/locate, /v1/prompt, /v1/script, /v1/validate; "
                    "GET /healthz; docs at /docs. Set DETACT_API_KEY to require 'Authorization: Bearer KEY' "
                    "(or 'X-API-Key: KEY'); DETACT_LLM_BASE_URL/MODEL/API_KEY for /v1/script.",
        port=ServiceSettings.port)
    d = ServiceSettings()
    p.add_argument("--max-concurrency", type=int, default=d.max_concurrency, metavar="N",
                   help=f"requests doing model work at once (default: {d.max_concurrency})")
    p.add_argument("--queue-size", type=int, default=d.queue_size, metavar="Q",
                   help="requests that may wait for a slot; beyond them 503 at once "
                        f"(default: {d.queue_size})")
    p.add_argument("--queue-wait", type=float, default=d.queue_wait, metavar="S",
                   help=f"seconds a request may wait for a slot before 503 (default: {d.queue_wait:g})")
    p.add_argument("--timeout", type=float, default=d.timeout, metavar="S",
                   help=f"seconds of model work per request before 504 (default: {d.timeout:g})")
    p.add_argument("--header-timeout", type=float, default=d.header_timeout, metavar="S",
                   help=f"seconds to receive a request's head before 408 (default: {d.header_timeout:g})")
    p.add_argument("--body-timeout", type=float, default=d.body_timeout, metavar="S",
                   help=f"seconds to receive a request's body before 408 (default: {d.body_timeout:g})")
    p.add_argument("--max-body-mb", type=float, default=d.max_body_mb, metavar="M",
                   help=f"largest request body in MB; larger get 413 (default: {d.max_body_mb:g})")
    p.add_argument("--max-pixels", type=int, default=SERVICE_MAX_PIXELS, metavar="P",
                   help=f"largest image in pixels; larger get 413 (default: {SERVICE_MAX_PIXELS:,})")
    p.add_argument("--max-elements", type=int, default=d.max_elements, metavar="E",
                   help="largest parse document (elements) the task routes take; larger get 413 "
                        f"(default: {d.max_elements:,})")
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
    from .timeouts import protocol_with_head_timeout

    settings = ServiceSettings(host=args.host, port=args.port, max_concurrency=args.max_concurrency,
                               queue_size=args.queue_size, queue_wait=args.queue_wait,
                               timeout=args.timeout, header_timeout=args.header_timeout,
                               body_timeout=args.body_timeout, max_body_mb=args.max_body_mb,
                               max_pixels=args.max_pixels, max_elements=args.max_elements,
                               api_key=ServiceSettings.api_key_from_env(),
                               **parser_options(args).as_kwargs(), parsers=args.parsers,
                               preload_task_models=not args.lazy_task_models)
    settings.check()
    _check_port(args.host, args.port)
    app = create_app(settings)
    # On SIGTERM/SIGINT uvicorn stops accepting, lets in-flight requests finish (up to the
    # request timeout plus a margin), then runs the lifespan shutdown. The h11 protocol adds a
    # deadline for request heads (slow clients); the body deadline is in the app's middleware.
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, log_config=_log_config(args.log_level),
                http=protocol_with_head_timeout(settings.header_timeout),
                timeout_graceful_shutdown=int(settings.timeout) + 5, access_log=args.log_level == "debug")
    return 0


def _log_config(level: str) -> dict:
    """uvicorn's logging setup, with DetACT's own loggers ("detact serve ready", clients that
    hung up, LLM configuration warnings) printed the same way at the same level."""
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["detact"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    return config
