"""``detact locate IMAGE QUERY``: the elements a reference such as "the Save button" means."""
from __future__ import annotations

import argparse
import json
import sys

from ..errors import DetactError
from .options import add_parser_options, add_screen_scale, parser_from_args, with_screen_scale


def register(subparsers) -> None:
    p = subparsers.add_parser("locate", help="find the element a phrase refers to",
                              description="Rank a screenshot's elements against a reference such as "
                                          "\"Save button\", \"the trash icon\", \"the red button\" or \"top "
                                          "right\", and print the best K with scores and click points.")
    p.add_argument("image", help="screenshot, or a parse JSON from `detact parse --format json`")
    p.add_argument("query", help="what to find, e.g. \"the search field\"")
    p.add_argument("-k", "--top-k", type=int, default=5, help="how many candidates (default 5)")
    p.add_argument("--format", choices=("table", "json"), default="table")
    add_parser_options(p)
    add_screen_scale(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..imageio import load_image

    if args.top_k < 1:
        raise DetactError(f"--top-k must be at least 1, got {args.top_k}")
    parser = parser_from_args(args)
    if Path(args.image).suffix.lower() == ".json":
        from ..task.pipeline import read_parse_json

        screen = read_parse_json(args.image)
    else:
        screen = parser.parse(load_image(args.image))
    result = parser.locate(with_screen_scale(screen, args), args.query, args.top_k)
    if args.format == "json":
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=1))
        return 0
    print(f"{'rank':>4} {'id':>4} {'score':>6} {'center':<11} {'role':<10} name")
    for rank, m in enumerate(result.matches, 1):
        print(f"{rank:>4} {m.id:>4} {m.score:>6.3f} {m.center[0]},{m.center[1]:<6} {m.role:<10} {m.name}")
    if not result.matches:
        print("detact: no elements on this screen", file=sys.stderr)
    return 0
