"""``detact mcp``: serve DetACT's screen tools to MCP clients (stdio, or streamable HTTP)."""
from __future__ import annotations

import argparse

from ..commands.options import add_parser_options, add_server_command, parser_options
from ..errors import DetactError

INSTALL_HINT = 'detact mcp needs the MCP SDK: pip install "detact[mcp]"'


def register(subparsers) -> None:
    p = add_server_command(
        subparsers, "mcp", help="serve the screen tools to MCP clients (Claude Desktop, IDE agents, ...)",
        description="Model Context Protocol server with the tools parse_screenshot, locate, build_prompt and "
                    "validate_script. Over stdio by default (what desktop clients launch); --http serves "
                    "streamable HTTP instead. The tools never perform actions.",
        port=8765, when="with --http: ")
    p.add_argument("--http", action="store_true", help="serve streamable HTTP instead of stdio")
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
