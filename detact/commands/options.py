"""Options every command that builds a `Parser` shares: one definition, one reader."""
from __future__ import annotations

import argparse

from ..build import DEVICES, OCR_ENGINES, SEGMENTERS, ParserOptions


def add_parser_options(p: argparse.ArgumentParser) -> None:
    """``--device``, ``--segmenter``, ``--ocr`` and ``--no-icons``, with the same choices and
    defaults for every command."""
    g = p.add_argument_group("parser")
    g.add_argument("--device", default="auto", choices=DEVICES, help="default: auto")
    g.add_argument("--segmenter", default="auto", choices=SEGMENTERS,
                   help="auto = SAM with a checkpoint and a GPU, else cv (default: auto)")
    g.add_argument("--ocr", default="fast", choices=OCR_ENGINES, help="text engine (default: fast)")
    g.add_argument("--no-icons", action="store_true", help="skip icon labelling")
    g.add_argument("--no-semantics", action="store_true",
                   help="skip roles, states, names and containers (the parse@1 fields only)")


def add_server_command(subparsers, name: str, help: str, description: str, port: int,
                       when: str = "") -> argparse.ArgumentParser:
    """The sub-command ``name`` of a server (``serve``, ``mcp``) with ``--host`` (default
    127.0.0.1: this machine only) and ``--port``; ``when`` prefixes their help (e.g. "with
    --http: "). Returns its parser for the server's own flags."""
    p = subparsers.add_parser(name, help=help, description=description)
    p.add_argument("--host", default="127.0.0.1", help=f"{when}interface to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=port, help=f"{when}port (default: {port})")
    return p


def parser_options(args: argparse.Namespace) -> ParserOptions:
    """The `ParserOptions` the command line asked for."""
    return ParserOptions(ocr=args.ocr, segmenter=args.segmenter, device=args.device,
                         icons=not args.no_icons, semantics=not args.no_semantics)


def parser_from_args(args: argparse.Namespace):
    """A `Parser` built from the command line's options."""
    from ..parser import Parser

    return Parser.from_options(parser_options(args))


def add_screen_scale(p: argparse.ArgumentParser) -> None:
    """``--screen-scale S``: coordinates in the logical units of a HiDPI screen."""
    p.add_argument("--screen-scale", type=float, default=None, metavar="S",
                   help="the screen's scale factor (2 for Retina, 1.5 for Windows at 150%%): every "
                        "coordinate is given in the logical units PyAutoGUI clicks in")


def with_screen_scale(result, args: argparse.Namespace):
    """``result`` in logical coordinates when ``--screen-scale`` asks for it; else as it is,
    with a note on stderr when the screenshot looks taken at another UI scale."""
    import sys

    from ..errors import DetactError
    from ..scale import to_logical

    scale = getattr(args, "screen_scale", None)
    if scale is None:
        if result.ui_scale != 1.0 and result.screen_scale == 1.0:
            print(f"detact: note: this screenshot looks taken at UI scale {result.ui_scale:g} (its text is "
                  f"large); add --screen-scale {result.ui_scale:g} for the coordinates PyAutoGUI clicks at",
                  file=sys.stderr)
        return result
    if not 0.25 <= scale <= 8:
        raise DetactError(f"--screen-scale must be between 0.25 and 8, got {scale:g}")
    return to_logical(result, scale)
