"""Build the labelled corpus for the DetACT control classifier (roles and states).

Ground truth comes from the DOM/ARIA tree (Chromium) or the AT-SPI tree (desktop apps under
Xvfb), never from a parser.  One command:

    .venv/bin/python training/controls/build_data.py --out DIR [--seed 0] [--limit N] \
        [--sources web,gtk3,qt]
    .venv/bin/python training/controls/build_data.py --check DIR     # counts + drawn GT boxes

Writes DIR/<train|heldout>/<source>-<kit-or-app>-<n>/{screenshot.png,gt.json}; see README.md.
"""
from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import CaseWriter  # noqa: E402

SOURCES = ("web", "gtk3", "gtk4", "qt", "apps", "apps2", "apps3", "apps4")
DEFAULT_OUT = HERE / "out"
# screenshot budgets of a full build (web pages give 1-2 shots each)
WEB_PAGES = 820
DESKTOP_SHOTS = {"gtk3": 230, "qt": 130, "apps": 240, "apps2": 160, "apps3": 120, "apps4": 120}

log = logging.getLogger("controls")


def parse_args(argv=None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})")
    ap.add_argument("--seed", type=int, default=0, help="seed for every random choice (default 0)")
    ap.add_argument("--limit", type=int, default=None, help="at most N screenshots per source (quick runs)")
    ap.add_argument("--sources", default="web,gtk3,qt",
                    help=f"comma list from {','.join(SOURCES)} (default web,gtk3,qt; gtk4 is skipped, see README; "
                         "apps, apps2, apps3, apps4 = four sets of real GTK3/Qt5 applications)")
    ap.add_argument("--web-pages", type=int, default=WEB_PAGES, help=f"web pages to render (default {WEB_PAGES})")
    ap.add_argument("--check", type=Path, default=None, metavar="DIR",
                    help="print counts for a built corpus and draw GT boxes into DIR/_check/")
    ap.add_argument("--draw", type=int, default=16, help="cases to draw with --check (default 16)")
    ap.add_argument("--jobs", type=int, default=2,
                    help="2 (default): desktop sources run in a second process beside the web pages; 1: one after the other")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    bad = [s for s in args.sources.split(",") if s not in SOURCES]
    if bad:
        ap.error(f"unknown sources {bad}; choose from {SOURCES}")
    return args


def build_web(writer: CaseWriter, args, tqdm) -> int:
    from webgen.render import WebBuilder
    pages = args.web_pages if args.limit is None else min(args.web_pages, args.limit)
    with tqdm(total=pages, desc="web pages", unit="page") as bar:
        return WebBuilder(writer, args.seed).run(pages, args.limit, bar)


def build_desktop(writer: CaseWriter, args, sources: list[str], tqdm, position: int = 0) -> int:
    from desktop.run import DesktopBuilder
    from webgen.assets import NODE_MODULES
    budgets = {s: DESKTOP_SHOTS[s] if args.limit is None else min(DESKTOP_SHOTS[s], args.limit) for s in sources}
    total = 0
    builder = DesktopBuilder(writer, args.seed, NODE_MODULES)
    for src, budget in budgets.items():
        with tqdm(total=budget, desc=f"{src} shots", unit="shot", position=position) as bar:
            total += builder.run({src: budget}, args.limit, bar)
    return total


def _desktop_worker(args, sources: list[str]) -> int:
    """Entry point of the second process (--jobs 2)."""
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    from tqdm import tqdm
    return build_desktop(CaseWriter(args.out), args, sources, tqdm, position=1)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    if args.check is not None:
        from check import check
        check(args.check, args.draw, args.seed)
        return 0
    from tqdm import tqdm
    sources = args.sources.split(",")
    writer = CaseWriter(args.out)
    t0 = time.time()
    done = {}
    if "gtk4" in sources:
        msg = ("gtk4: skipped - gtk4-widget-factory (GTK 4.8) never registers with the AT-SPI registry "
               "under Xvfb here, so it has no ground truth (see README)")
        print(msg)
        writer.log(msg)
    desktop = [s for s in ("gtk3", "qt", "apps", "apps2", "apps3", "apps4") if s in sources]
    pending = None
    pool = None
    if desktop and "web" in sources and args.jobs > 1:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(max_workers=1, mp_context=mp.get_context("spawn"))
        pending = pool.submit(_desktop_worker, args, desktop)
    try:
        if "web" in sources:
            done["web"] = build_web(writer, args, tqdm)
        if desktop:
            done["desktop"] = pending.result() if pending else build_desktop(writer, args, desktop, tqdm)
    finally:
        if pool:
            pool.shutdown(wait=True)
    took = time.time() - t0
    summary = f"built {sum(done.values())} cases {done} into {args.out} in {took / 60:.1f} min"
    print(summary)
    writer.log(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
