"""What the screen-text recipe's data builder and trainer share: where things go, which fonts
train and which stay unseen, and how strings are kept apart from the benchmark's."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Generated data and checkpoints (never committed; training/*/out/ is gitignored).
DEFAULT_OUT = ROOT / "training" / "text" / "out"
BUNDLED = ROOT / "detact" / "data" / "models" / "recognizer.onnx"
REGISTRY = ROOT / "detact" / "data" / "models" / "registry.json"

#: Benchmark fonts never rendered for training, so the benchmark can report unseen fonts apart.
HELD_OUT_FONTS = ("Inter", "Fira Code", "Source Sans 3")
#: Benchmark fonts that train (the other 11 of `benchmarks/text_pages.FONTS`).
SEEN_FONTS = ("DejaVu Sans", "DejaVu Sans Mono", "Liberation Sans", "Liberation Serif", "Liberation Mono",
              "Noto Sans", "Cantarell", "Roboto", "Open Sans", "Hack", "Ubuntu")
#: More fonts from Debian (fonts-dejavu-extra, fonts-noto-core, fonts-urw-base35, fonts-lato,
#: fonts-jetbrains-mono, fonts-freefont-ttf, fonts-croscore, fonts-crosextra-*, fonts-oxygen,
#: fonts-comic-neue, fonts-roboto, fonts-liberation2): used when installed, skipped otherwise.
EXTRA_FONTS = ("DejaVu Serif", "Noto Serif", "Noto Mono", "Roboto Condensed", "Liberation Sans Narrow",
               "Nimbus Sans", "Nimbus Roman", "Nimbus Mono PS", "URW Gothic", "P052", "C059", "Lato",
               "JetBrains Mono", "FreeSans", "FreeSerif", "FreeMono", "Arimo", "Tinos", "Cousine",
               "Carlito", "Caladea", "Oxygen", "Oxygen Mono", "Comic Neue")
#: Pool size of the benchmark's seed-0 strings (`text_pages.build_pages` for 50 pages): every
#: string of that pool is kept out of training, used or not.
BENCHMARK_POOL = 50 * 140 // 2 + 140


def benchmarks_on_path() -> None:
    """Make ``benchmarks/text_strings.py`` and ``text_pages.py`` importable (the string
    generator and Chromium page tools the benchmark uses)."""
    path = str(ROOT / "benchmarks")
    if path not in sys.path:
        sys.path.insert(0, path)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
