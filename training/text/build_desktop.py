#!/usr/bin/env python3
"""Recognizer training crops from real desktop screenshots whose text is known (captures made by
`training/controls/desktop`, labelled from AT-SPI: ``CAPTURE/screenshot.png`` + ``CAPTURE/gt.json``).

    python training/text/build_desktop.py CAPTURE_DIR [CAPTURE_DIR ...] --out /work/gen/text/desk

Chromium's pages teach the recognizer fonts and characters; they never show what a desktop
puts beside its words (GTK frame rules, check boxes, the edge of a tab, an icon one pixel away)
or how GTK and Qt hint at 1x and 2x. Here every element that draws one line of text gives one
example when DetACT's own run finder (`FastTextEngine.runs`) finds exactly one run centred in
the element's box: the run as inference reads it (`boxes_to_read`) at screen resolution (the
trainer makes the crop, as for `build_data.py --native`) and the element's text as its label.

AT-SPI's text is what the widget holds, not always what it draws (ellipsised labels, a
mnemonic's underscore, a field scrolled sideways), so an example is kept only when the shipped
recognizer's read is within a small edit distance of it (`--max-distance`, a share of its
length, and always one character: a key's "ln" read "|n" is kept): close enough that the
label is what is drawn, so its wrong characters are the recognizer's, the ones worth learning.
Output: ``OUT/data/shard-NNN.npz`` and ``OUT/data/manifest.json`` in `build_data.py --native`'s
format (each capture is one "page").

With ``--icons`` the examples are icons instead, each labelled with the empty string: the one
run inside an icon-only button (an AT-SPI push or toggle button, icon or image, or a web page's
button or img, that holds no text and is at most 44 px a side at scale 1, about square), whose
box holds no text element. The shipped recognizer reads many of them as one confident
character ("X" for a stop icon, "+C" for two toolbar icons), and a run read that way is taken
as text; trained to read them as nothing (all blanks), a model leaves them to the icon stage.

Never give it `../shared/eval/dev` or `dev2`, or captures set aside for measuring.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from common import DEFAULT_OUT, benchmarks_on_path

benchmarks_on_path()
from build_data import _save  # noqa: E402
from text_quality import distance as edit_distance  # noqa: E402  (Levenshtein, as the benchmark counts it)

#: Longest label kept (longer ones are paragraphs or paths a field scrolls).
MAX_LENGTH = 60


def leaf_texts(elements: list[dict], characters: set[str]) -> list[tuple[np.ndarray, str]]:
    """(box, text) of the elements that draw one line of text the recognizer can spell, one per
    box: where a button and the label inside it carry the same text, the smaller box. An
    ellipsis character is spelled "..." (the engine's charset has no "\u2026"; GTK's "New\u2026"
    menu items were dropped, and a model trained without them read "New..." as "Nework")."""
    found = []
    for el in elements:
        text = (el.get("text") or "").strip().replace("\u2026", "...")
        if not text or "\n" in text or len(text) > MAX_LENGTH or not set(text) <= characters:
            continue
        found.append((np.asarray(el["bbox"], np.float64), text))
    keep = []
    for i, (box, text) in enumerate(found):
        area = (box[2] - box[0]) * (box[3] - box[1])
        inner = any(j != i and t == text and b[0] >= box[0] and b[1] >= box[1] and b[2] <= box[2]
                    and b[3] <= box[3] and (b[2] - b[0]) * (b[3] - b[1]) < area for j, (b, t) in enumerate(found))
        if not inner:
            keep.append((box, text))
    return keep


def centred_in(cx: np.ndarray, cy: np.ndarray, box) -> np.ndarray:
    """Indices of the points (cx (N,), cy (N,)) inside ``box`` (x0, y0, x1, y1), edges included."""
    return np.flatnonzero((cx >= box[0]) & (cx <= box[2]) & (cy >= box[1]) & (cy <= box[3]))


def capture_runs(engine, capture: Path):
    """A capture's ground truth (gt.json), the image its runs are cut from (`FastTextEngine.runs`),
    the (N, 4) runs, the (N, 4) boxes inference reads for them (`boxes_to_read`) and the runs'
    centres (cx (N,), cy (N,))."""
    from PIL import Image

    from detact.text.fast import boxes_to_read, to_gray

    gt = json.loads((capture / "gt.json").read_text())
    rgb = np.asarray(Image.open(capture / "screenshot.png").convert("RGB"))
    runs, _, source = engine.runs(rgb)
    read_at = boxes_to_read(to_gray(rgb), runs) if len(runs) else runs
    return gt, source, runs, read_at, ((runs[:, 0] + runs[:, 2]) / 2, (runs[:, 1] + runs[:, 3]) / 2)


#: AT-SPI roles an icon-only control has (`icon_boxes`).
ICON_ROLES = ("push button", "toggle button", "icon", "image", "button", "img")  # AT-SPI and web (ARIA) names


#: Icon-only buttons that draw a letter ("B" for bold): text, not icons.
LETTER_BUTTONS = {"bold", "italic", "underline", "strikethrough", "strike"}


def icon_boxes(elements: list[dict], scale: float) -> list[np.ndarray]:
    """Boxes of the icon-only controls: an `ICON_ROLES` element with no text, at most 44 px a
    side (times the capture's scale), width 0.6-1.7 times its height, whose box holds no
    element that has text (a button whose label is a child of its own) and which is not a
    formatting button that draws a letter (`LETTER_BUTTONS`)."""
    texts = np.array([e["bbox"] for e in elements if (e.get("text") or "").strip()], np.float64).reshape(-1, 4)
    tx, ty = (texts[:, 0] + texts[:, 2]) / 2, (texts[:, 1] + texts[:, 3]) / 2
    boxes = []
    for el in elements:
        box = np.asarray(el["bbox"], np.float64)
        w, h = box[2] - box[0], box[3] - box[1]
        if (el["role"] not in ICON_ROLES or (el.get("text") or "").strip() or h <= 0
                or (el.get("name") or "").strip().lower() in LETTER_BUTTONS
                or max(w, h) > 44 * scale or not 0.6 <= w / h <= 1.7):
            continue
        if not len(centred_in(tx, ty, box)):  # no text element inside
            boxes.append(box)
    return boxes


def capture_icons(engine, capture: Path) -> tuple[list[tuple[np.ndarray, str, dict]], dict]:
    """One capture's icon examples (`icon_boxes`): the run as the screenshot has it, label "",
    when the icon's box holds exactly one run, lying wholly inside it (2 px of slack), at least 8 px
    high and at most twice as wide as high, and not read by the shipped recognizer as a word of
    letters; none on a calculator; and its counts (labels, paired, examples, misread:
    runs the shipped recognizer reads as something)."""
    gt, source, runs, read_at, (cx, cy) = capture_runs(engine, capture)
    # a calculator's keys draw their names ("x²", "a") with no AT-SPI text: not icons
    calculator = any(word in str(gt.get("app", capture.name)) for word in ("calc", "qalculate"))
    boxes = [] if calculator else icon_boxes(gt["elements"], gt.get("scale", 1))
    counts = {"labels": len(boxes), "paired": 0, "examples": 0, "misread": 0}
    if not len(runs) or not boxes:
        return [], counts
    picked = []
    for box in boxes:
        inside = centred_in(cx, cy, box)
        if len(inside) != 1:
            continue
        x0, y0, x1, y1 = runs[inside[0]]
        if (x0 >= box[0] - 2 and y0 >= box[1] - 2 and x1 <= box[2] + 2 and y1 <= box[3] + 2
                and y1 - y0 >= 8 and x1 - x0 <= 2 * (y1 - y0)):
            picked.append(int(inside[0]))
    picked = sorted(set(picked))
    counts["paired"] = len(picked)
    if not picked:
        return [], counts
    reads, _, _ = engine.recognizer.recognize(source, read_at[picked])
    examples = []
    for r, read in zip(picked, reads):
        if sum(ch.isalpha() for ch in read) >= 2 and read.strip().isalpha():
            continue  # a word read well ("Add"): a button whose label AT-SPI does not hold
        x0, y0, x1, y1 = (int(v) for v in read_at[r])
        examples.append((np.ascontiguousarray(source[y0:y1, x0:x1]), "",
                         {"capture": capture.name, "scale": gt.get("scale", 1), "toolkit": gt.get("toolkit", ""),
                          "size": y1 - y0, "read": read.strip(), "icon_theme": gt.get("icon_theme", "")}))
        counts["misread"] += int(bool(read.strip()))
    counts["examples"] = len(examples)
    return examples, counts


def capture_examples(engine, capture: Path, characters: set[str], max_distance: float
                     ) -> tuple[list[tuple[np.ndarray, str, dict]], dict]:
    """One capture's examples, each (run as the screenshot has it (h, w, 3) RGB, label, record),
    and its counts (labels, paired, examples, misread)."""
    gt, source, runs, read_at, (cx, cy) = capture_runs(engine, capture)
    labelled = leaf_texts(gt["elements"], characters)
    counts = {"labels": len(labelled), "paired": 0, "examples": 0, "misread": 0}
    if not len(runs) or not labelled:
        return [], counts
    pairs = []
    for box, text in labelled:
        inside = centred_in(cx, cy, box)
        if len(inside) == 1:
            pairs.append((int(inside[0]), text))
    # a run claimed by two labels (a row and its cell) is ambiguous: dropped
    claimed = np.bincount([r for r, _ in pairs], minlength=len(runs))
    pairs = [(r, t) for r, t in pairs if claimed[r] == 1]
    counts["paired"] = len(pairs)
    if not pairs:
        return [], counts
    reads, _, _ = engine.recognizer.recognize(source, read_at[[r for r, _ in pairs]])
    examples = []
    for (r, text), read in zip(pairs, reads):
        distance = edit_distance(read.strip(), text)
        if distance > max(1.0, max_distance * len(text)):
            continue
        x0, y0, x1, y1 = (int(v) for v in read_at[r])
        examples.append((np.ascontiguousarray(source[y0:y1, x0:x1]), text,
                         {"capture": capture.name, "scale": gt.get("scale", 1), "toolkit": gt.get("toolkit", ""),
                          "size": y1 - y0, "read": read.strip()}))
        counts["misread"] += int(distance > 0)
    counts["examples"] = len(examples)
    return examples, counts


def build(captures: list[Path], out: Path, max_distance: float = 0.34, icons: bool = False) -> dict:
    """Crops and labels of every capture (with ``icons``, its icons labelled "",
    `capture_icons`), 50 captures to a shard; returns the manifest."""
    import cv2

    from detact.text.fast import FastTextEngine
    from detact.text.recognize import SCREEN_CHARACTERS

    characters = set(SCREEN_CHARACTERS) - {""}
    engine = FastTextEngine(device="cpu")
    data = out / "data"
    data.mkdir(parents=True, exist_ok=True)
    shard = {"png": [], "text": [], "meta": []}
    stats = {"captures": len(captures), "labels": 0, "paired": 0, "examples": 0, "misread": 0}
    t0 = time.time()
    for page, capture in enumerate(captures):
        examples, counts = (capture_icons(engine, capture) if icons else
                            capture_examples(engine, capture, characters, max_distance))
        for key, value in counts.items():
            stats[key] += value
        for crop, text, record in examples:
            shard["png"].append(cv2.imencode(".png", crop)[1].tobytes())
            shard["text"].append(text)
            shard["meta"].append({"page": page, **record})
        if (page + 1) % 50 == 0 or page + 1 == len(captures):
            _save(data / f"shard-{page // 50:03d}.npz", shard)
            shard = {"png": [], "text": [], "meta": []}
            print(f"capture {page + 1}/{len(captures)}: {stats['examples']} examples "
                  f"({stats['misread']} misread now), {time.time() - t0:.0f} s", file=sys.stderr)
    manifest = {"source": "desktop-icons" if icons else "desktop", "crops": "native", "capture_names": [c.name for c in captures],
                "max_distance": max_distance, **stats, "seconds": round(time.time() - t0, 1)}
    (data / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("captures", type=Path, nargs="+",
                    help="capture folders (screenshot.png + gt.json), or folders of them")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT / "desktop")
    ap.add_argument("--max-distance", type=float, default=0.34,
                    help="largest edit distance, as a share of the label's length, between the "
                         "shipped recognizer's read and the label for the example to be kept")
    ap.add_argument("--icons", action="store_true",
                    help="icon-only controls, labelled with the empty string, instead of text")
    a = ap.parse_args(argv)
    captures = []
    for path in a.captures:
        if (path / "gt.json").exists():
            captures.append(path)
        elif path.is_dir():
            captures += sorted(p for p in path.iterdir() if (p / "gt.json").exists())
        else:
            ap.error(f"{path}: not a capture folder (screenshot.png + gt.json) or a folder of them")
    if not captures:
        ap.error("no captures found")
    for shared in ("eval/dev", "eval/dev2"):
        if any(shared in str(c.resolve()) for c in captures):
            ap.error(f"{shared} is a test set: never train on it")
    print(json.dumps(build(captures, a.out, a.max_distance, a.icons)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
