"""Build ``detact/data/text/words.txt.gz``: the English word list the text stage uses to mend
two recognizer slips (`detact.text.lexicon.repaired_words`).

Source: SCOWL through Debian's ``wamerican`` package (``/usr/share/dict/american-english``,
about 100k entries; SCOWL's permissive licence, see the README's Licence section). Kept: words of
ASCII letters only (no possessives), as the list writes them (names and abbreviations capitalised:
"Samuel", "LP"), sorted, one per line: about 75k words, 200 KB gzipped. Deterministic (gzip
without a timestamp), so a rebuild gives the same file.

    sudo apt-get install wamerican
    python training/text/build_words.py            # a second, takes under a second
"""
from __future__ import annotations

import argparse
import gzip
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", type=Path, default=Path("/usr/share/dict/american-english"))
    ap.add_argument("--out", type=Path, default=ROOT / "detact" / "data" / "text" / "words.txt.gz")
    a = ap.parse_args(argv)
    if not a.source.is_file():
        print(f"error: {a.source} not found (sudo apt-get install wamerican)", file=sys.stderr)
        return 2
    words = sorted({w for w in a.source.read_text(encoding="utf-8").split() if re.fullmatch(r"[A-Za-z]+", w)})
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_bytes(gzip.compress("\n".join(words).encode("ascii") + b"\n", compresslevel=9, mtime=0))
    print(f"{len(words)} words -> {a.out} ({a.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
