"""``detact models list|pull NAME|verify [NAME]``: manage downloadable weights."""
from __future__ import annotations

import argparse
import sys

from ..errors import DetactError
from .registry import load_registry, model_state, models_dir


def _size(n: int | None) -> str:
    return "?" if n is None else f"{n / 1e6:,.1f} MB"


def _state_text(spec) -> str:
    state = model_state(spec)
    if state == "partial" and spec.size:
        return f"partial {100 * spec.part_path.stat().st_size / spec.size:.0f}%"
    return state


def cmd_list(args: argparse.Namespace) -> int:
    specs = load_registry()
    rows = [(s.name, "bundled" if s.bundled else "download", _size(s.size), _state_text(s),
             s.licence or "?", str(s.path) if s.bundled else s.file) for s in specs.values()]
    header = ("NAME", "KIND", "SIZE", "STATE", "LICENCE", "FILE")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    print(f"models folder: {models_dir()}")
    return 0


def cmd_pull(args: argparse.Namespace) -> int:
    from .download import pull  # keeps `models list` free of download machinery

    spec = load_registry().get(args.name)
    if spec is None:
        raise DetactError(f"unknown model {args.name!r}; see `detact models list`")
    if spec.bundled:
        raise DetactError(f"{spec.name} ships inside the detact package ({spec.path}); nothing to "
                          f"download (`detact models verify {spec.name}` checks it)")
    path = pull(spec, url=args.url, sha256=args.sha256, force=args.force,
                progress=not args.quiet, timeout=args.timeout)
    print(f"{spec.name}: verified {path}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from .download import verify

    specs = load_registry()
    if args.name:
        if args.name not in specs:
            raise DetactError(f"unknown model {args.name!r}; see `detact models list`")
        chosen = [specs[args.name]]
    else:
        chosen = [s for s in specs.values() if s.bundled or s.path.is_file()]
        if not chosen:
            print(f"no models installed in {models_dir()}")
            return 0
    bad = []
    for spec in chosen:
        ok, got = verify(spec, expected=args.sha256 if args.name else None)
        print(f"{spec.name}: {'ok' if ok else 'MISMATCH'} sha256 {got}")
        if not ok:
            bad.append(spec.name)
    if bad:
        raise DetactError(f"checksum mismatch for {', '.join(bad)}; delete the file(s) and pull again")
    return 0


def register(subparsers) -> None:
    """Add the ``models`` command and its ``list``/``pull``/``verify`` actions."""
    ap = subparsers.add_parser("models", help="list, download and verify model weights",
                               description="Manage model weights in DETACT_HOME/models "
                                           f"(now {models_dir()}).")
    sub = ap.add_subparsers(dest="models_command", metavar="ACTION")
    sub.required = True

    p = sub.add_parser("list", help="show known models and whether they are installed")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("pull", help="download a model (resumable) and check its sha256")
    p.add_argument("name", metavar="NAME", help="model name, e.g. sam_vit_b")
    p.add_argument("--url", help="download from this URL instead (a mirror)")
    p.add_argument("--sha256", help="expected sha256 where the registry has none")
    p.add_argument("--force", action="store_true", help="download again even if installed")
    p.add_argument("--timeout", type=float, default=30.0, help="network timeout in seconds")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_pull)

    p = sub.add_parser("verify", help="re-hash installed models against the registry")
    p.add_argument("name", metavar="NAME", nargs="?", help="one model (default: all installed)")
    p.add_argument("--sha256", help="expected sha256 (with NAME) where the registry has none")
    p.set_defaults(func=cmd_verify)


def main(argv: list[str] | None = None) -> int:
    """Run ``models`` on its own (``python -m detact.models.commands list``)."""
    from ..cli import main as cli_main

    return cli_main(["models", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
