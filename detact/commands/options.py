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


def parser_options(args: argparse.Namespace) -> ParserOptions:
    """The `ParserOptions` the command line asked for."""
    return ParserOptions(ocr=args.ocr, segmenter=args.segmenter, device=args.device,
                         icons=not args.no_icons, semantics=not args.no_semantics)


def parser_from_args(args: argparse.Namespace):
    """A `Parser` built from the command line's options."""
    from ..parser import Parser

    return Parser.from_options(parser_options(args))
