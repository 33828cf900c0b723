"""``detact mcp``: serve DetACT's screen tools to MCP clients (stdio, or streamable HTTP)."""
from __future__ import annotations

import argparse

from ..commands.options import add_parser_options, parser_options
from ..errors import DetactError

INSTALL_HINT = 'detact mcp needs the MCP SDK: pip install "detact[mcp]"'


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "mcp", help="serve the screen tools to MCP clients (Claude Desktop, IDE agents, ...)",
        description="Model Context Protocol server with the tools parse_screenshot, locate, build_prompt and "
                    "validate_script. Over stdio by default (what desktop clients launch); --http serves "
                    "streamable HTTP instead. The tools never perform actions.")
    p.add_argument("--http", action="store_true", help="serve streamable HTTP instead of stdio")
    p.add_argument("--host", default="127.0.0.1", help="with --http: interface (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="with --http: port (default 8765)")
    add_parser_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        import mcp  # noqa: F401
    except ImportError:
        raise DetactError(INSTALL_HINT) from None
    from .server import ScreenTools, build_server

    options = parser_options(args)
    options.check()
    if args.http and not 0 < args.port < 65536:
        raise DetactError(f"--port must be 1-65535, got {args.port}")
    server = build_server(ScreenTools(options))
    if args.http:
        server.run("streamable-http", host=args.host, port=args.port)
    else:
        server.run("stdio")
    return 0
