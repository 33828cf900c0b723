"""``detact parse IMAGE``: parse one screenshot and print a table, JSON or prompt lists."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import DetactError, InputTooLarge
from ..files import read_stream
from .options import add_parser_options, add_screen_scale, parser_from_args, with_screen_scale


def register(subparsers) -> None:
    p = subparsers.add_parser("parse", help="parse one screenshot into UI elements",
                              description="Parse a screenshot into text, icon and region elements "
                                          "with pixel coordinates.")
    p.add_argument("image", help="image file (PNG, JPEG, ...); '-' reads standard input")
    p.add_argument("--format", default="table", choices=("table", "json", "prompt", "a11y"),
                   help="table (people), json (detact/parse@2), prompt (the LLM lists) or a11y "
                        "(OSWorld's accessibility-tree table, tab-separated); default: table")
    p.add_argument("--schema", default="2", choices=("1", "2"),
                   help="JSON schema: 2 (roles, states, names, parents, containers; default) or 1")
    p.add_argument("-o", "--output", help="write the result here instead of standard output")
    p.add_argument("--annotate", metavar="OUT.png", help="also save the screenshot with numbered boxes")
    add_parser_options(p)
    add_screen_scale(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..annotate import annotate
    from ..elements import SCHEMA, SCHEMA_V1
    from ..formats import format_a11y, format_prompt, format_table
    from ..imageio import load_image

    source = read_stream(sys.stdin.buffer, error=InputTooLarge, what="image") if args.image == "-" else args.image
    rgb = load_image(source)  # fail fast on a bad image, before any model loads
    if args.annotate and Path(args.annotate).suffix.lower() not in (".png", ".jpg", ".jpeg", ".webp"):
        raise DetactError(f"--annotate {args.annotate}: give a .png, .jpg or .webp file name")
    parser = parser_from_args(args)
    for note in parser.notes:  # what this install parses without (e.g. no icon bank)
        print(f"detact: warning: {note}", file=sys.stderr)
    result = with_screen_scale(parser.parse(rgb), args)
    if args.format == "json":
        text = result.to_json(indent=1, schema=SCHEMA if args.schema == "2" else SCHEMA_V1)
    elif args.format == "prompt":
        text = format_prompt(result)
    elif args.format == "a11y":
        text = format_a11y(result)
    else:
        text = format_table(result)
    if args.output:
        _write(Path(args.output), lambda p: p.write_text(text + "\n"))
    else:
        print(text)
    if args.annotate:
        _write(Path(args.annotate), lambda p: annotate(rgb, result.elements).save(p))
        print(f"annotated image: {args.annotate}", file=sys.stderr)
    return 0


def _write(path: Path, write) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write(path)
    except OSError as exc:
        raise DetactError(f"cannot write {path}: {exc.strerror or exc}") from None
