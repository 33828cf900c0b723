"""``detact batch INPUT... --out DIR``: parse many screenshots, one JSON each plus an index."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import DetactError


def register(subparsers) -> None:
    from ..commands.options import add_parser_options

    p = subparsers.add_parser(
        "batch", help="parse many screenshots (folders, globs, @list files) into JSON files",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Parse every image given into OUT/<name>.json (detact/parse@2) and record "
                    "each one in OUT/index.jsonl (path, output, status, error, elements, ms).\n"
                    "Images whose JSON already exists and is valid are skipped (resume), unless "
                    "--overwrite.\nA bad image is recorded as an error and the rest go on. "
                    "Exit status: 0 all parsed, 1 some failed, 2 usage error.",
        epilog="INPUT: a folder (walked recursively for .png/.jpg/.jpeg/.bmp/.gif/.webp/.tif), "
               "a quoted glob ('shots/**/*.png'), @list.txt (one path per line, relative to the "
               "current folder) or an image file.\nOutput names are the path below the input "
               "root with '/' -> '__' (shots/app/main.png -> app__main.json); names that would "
               "clash get a short hash.")
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="folders, globs, @list files or images")
    p.add_argument("--out", required=True, metavar="DIR", help="output folder (created if needed)")
    add_parser_options(p)
    p.add_argument("--batch-size", type=int, default=None, metavar="N",
                   help="images per Parser.parse_batch call (default: 1 on CPU, 8 on CUDA)")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="worker processes (local engine) or Ray actors (default: 1)")
    p.add_argument("--overwrite", action="store_true", help="parse again even if a valid JSON exists")
    p.add_argument("--engine", default="local", choices=("local", "ray"),
                   help="local processes, or a Ray cluster (RAY_ADDRESS / --ray-address; "
                        "default: a local Ray instance)")
    p.add_argument("--ray-address", default=None, metavar="ADDR", help="Ray cluster to join")
    p.add_argument("--ordered", action="store_true",
                   help="handle results in input order (default: as they finish)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..commands.options import parser_options
    from .inputs import collect_inputs
    from .runner import BatchInterrupted, BatchOptions, run_batch, summarize

    options = BatchOptions(out=Path(args.out), **parser_options(args).as_kwargs(),
                           batch_size=args.batch_size, workers=args.workers,
                           overwrite=args.overwrite, engine=args.engine,
                           ordered=args.ordered, progress=not args.no_progress,
                           ray_address=args.ray_address)
    options.check()
    if options.engine == "ray":
        from .ray_engine import _import_ray
        _import_ray()  # fail before walking a large tree when Ray is missing
    jobs = collect_inputs(args.inputs, exclude=options.out)
    if not jobs:
        raise DetactError("no images found in the inputs (extensions: .png .jpg .jpeg .bmp .gif "
                          ".webp .tif .tiff)")
    try:
        summary = run_batch(jobs, options)
    except BatchInterrupted as exc:
        summarize(exc.summary)
        print("detact batch: rerun the same command to resume", file=sys.stderr)
        raise
    summarize(summary)
    return summary.exit_code
