"""The encoder's training data: screen-like renders of corpus icons as inference glyphs, with
their function, name and set; plus 'not an icon' text crops.

``build(index, out, ...)`` writes ``OUT/renders.npz``:

* ``glyphs``   uint8 ``(N, 32, 32)`` -- ``region_glyph`` of each rendered crop (255 = ink)
* ``function`` int16 ``(N,)`` -- index into the vocabulary's ids; ``-1`` no function known
  (the icon still teaches its name); ``len(vocabulary)`` = not an icon (text)
* ``name``     int32 ``(N,)`` -- index into ``names`` (the icon's name in words), -1 for text
* ``icon``     int32 ``(N,)`` -- index of the corpus record the render came from (-1 for text)
* ``set``      int16 ``(N,)`` -- index into ``sets``
* ``val``      bool ``(N,)``  -- validation icon (never trained on; calibrates abstention)

and ``OUT/renders.json`` (``names``, ``sets``, ``functions``, the options used). Held-out sets
(``heldout.py``) are never read. The split is by icon: every render of a validation icon is a
validation render.
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing as mp
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from functions import split_name, strip_set_affixes
from heldout import HELD_OUT_SETS
from render import load_rgba, screen_glyphs, system_fonts, text_crop, glyph

#: Name tokens that describe a style or a size, not what the icon shows.
STYLE_WORDS = {"outline", "outlined", "fill", "filled", "regular", "solid", "bold", "light",
               "thin", "duotone", "twotone", "sharp", "rounded", "round", "line", "linear",
               "symbolic", "alt", "o", "sm", "lg", "md", "xs", "xl", "mini", "micro", "small",
               "large", "broken", "bulk", "stroke", "rtl", "ltr", "cmd", "sc", "lc", "res"}


def name_text(icon_set: str, name: str) -> str:
    """An icon name in plain words: ``content-save-outline`` -> ``content save``,
    ``go-previous-symbolic`` -> ``go previous``, ``cmd/lc_insertgraphic`` -> ``insertgraphic``."""
    tokens = split_name(strip_set_affixes(name.rsplit("/", 1)[-1], icon_set))
    words = [t for t in tokens if t not in STYLE_WORDS and not t.isdigit()]
    return " ".join(words) or " ".join(tokens)


def _bucket(key: str, seed: int) -> int:
    """A stable pseudo-random number 0-99 per key (independent of Python's hash seed)."""
    return int(hashlib.sha1(f"{seed}:{key}".encode()).hexdigest()[:8], 16) % 100


def select(index: Path, seed: int, cap: int, unlabelled: int, val_percent: int
           ) -> list[dict]:
    """The corpus records to render: labelled icons of every set that is not held out (at
    most ``cap`` per set and function, so one big set cannot flood a function; which ones is
    drawn per group, so a change to one group leaves the others alone), plus up to
    ``unlabelled`` icons without a function, spread over the sets. Each record gains
    ``val`` (validation icon) and ``_id`` (line number in the index)."""
    labelled: dict[tuple[str, str], list[dict]] = defaultdict(list)
    others: list[dict] = []
    with open(index, encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            rec = json.loads(line)
            if rec["set"] in HELD_OUT_SETS:
                continue
            rec["_id"] = i
            rec["val"] = _bucket(f"{rec['set']}/{rec['name']}", seed) < val_percent
            (labelled[(rec["set"], rec["function"])] if rec["function"] else others).append(rec)
    chosen = []
    for key in sorted(labelled):
        group = labelled[key]
        rng = np.random.default_rng([seed, _bucket("/".join(key), seed)])
        pick = rng.permutation(len(group))[:cap]
        chosen.extend(group[j] for j in sorted(pick))
    if unlabelled and others:
        pick = np.random.default_rng(seed).permutation(len(others))[:unlabelled]
        chosen.extend(others[j] for j in sorted(pick))
    return chosen


def _render_one(job: tuple[dict, int, int]) -> tuple[int, list[np.ndarray]]:
    rec, looks, seed = job
    rgba = load_rgba(rec)
    if rgba is None:
        return rec["_id"], []
    rng = np.random.default_rng([seed, rec["_id"]])
    return rec["_id"], screen_glyphs(rgba, looks, rng)


def _text_glyphs(n: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng([seed, 7])
    fonts = system_fonts()
    out = []
    while len(out) < n:
        g = glyph(text_crop(rng, fonts))
        if g is not None:
            out.append(g)
    return out


def build(index: Path, out: Path, *, seed: int = 0, looks: int = 2, cap: int = 24,
          unlabelled: int = 16000, negatives: int = 8000, val_percent: int = 4,
          workers: int = 2) -> Path:
    """Render the training set into ``out`` (see the module docstring); returns the npz path."""
    from detact.icons.vocabulary import load_vocabulary

    t0 = time.time()
    fids = {f: i for i, f in enumerate(load_vocabulary().ids)}
    records = select(index, seed, cap, unlabelled, val_percent)
    by_id = {r["_id"]: r for r in records}
    # Labelled training icons get ``looks`` renders; validation and unlabelled icons one.
    jobs = [(r, looks if (r["function"] and not r["val"]) else 1, seed) for r in records]
    print(f"rendering {len(jobs)} icons ({sum(j[1] for j in jobs)} looks) with {workers} workers",
          flush=True)
    names: dict[str, int] = {}
    sets: dict[str, int] = {}
    rows: dict[str, list] = defaultdict(list)
    with mp.get_context("fork").Pool(workers) as pool:
        for k, (rid, gs) in enumerate(pool.imap(_render_one, jobs, chunksize=64)):
            rec = by_id[rid]
            text = name_text(rec["set"], rec["name"])
            for g in gs:
                rows["glyphs"].append(g)
                rows["function"].append(fids.get(rec["function"], -1) if rec["function"] else -1)
                rows["name"].append(names.setdefault(text, len(names)))
                rows["icon"].append(rid)
                rows["set"].append(sets.setdefault(rec["set"], len(sets)))
                rows["val"].append(rec["val"])
            if (k + 1) % 10000 == 0:
                print(f"  {k + 1}/{len(jobs)} icons, {len(rows['glyphs'])} renders, "
                      f"{time.time() - t0:.0f} s", flush=True)
    text_set = sets.setdefault("text", len(sets))
    for i, g in enumerate(_text_glyphs(negatives, seed)):
        rows["glyphs"].append(g)
        rows["function"].append(len(fids))
        rows["name"].append(-1)
        rows["icon"].append(-1)
        rows["set"].append(text_set)
        rows["val"].append(i % 100 < val_percent)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "renders.npz"
    np.savez(path, glyphs=np.stack(rows["glyphs"]), function=np.array(rows["function"], np.int16),
             name=np.array(rows["name"], np.int32), icon=np.array(rows["icon"], np.int32),
             set=np.array(rows["set"], np.int16), val=np.array(rows["val"], bool))
    meta = {"index": str(index), "seed": seed, "looks": looks, "cap": cap, "unlabelled": unlabelled,
            "negatives": negatives, "val_percent": val_percent, "held_out": sorted(HELD_OUT_SETS),
            "functions": list(fids), "names": list(names), "sets": list(sets),
            "seconds": round(time.time() - t0, 1)}
    (out / "renders.json").write_text(json.dumps(meta), encoding="utf-8")
    n_lab = sum(f >= 0 for f in rows["function"])
    print(f"{len(rows['glyphs'])} renders ({n_lab} with a function or text) from "
          f"{len(sets) - 1} sets, {len(names)} names, {time.time() - t0:.0f} s", flush=True)
    return path

