"""Turn ``detact batch`` inputs (directories, globs, ``@list`` files, files) into image jobs,
each with a stable, collision-safe output name."""
from __future__ import annotations

import glob
import hashlib
import os
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from ..errors import DetactError

#: Extensions picked up when walking a directory or expanding a glob (explicit files are
#: always taken, whatever their name).
IMAGE_EXTENSIONS = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp", ".tif", ".tiff"})

#: Longest output file name kept readable; longer names are shortened and hashed.
_MAX_NAME = 200


@dataclass(frozen=True)
class ImageJob:
    """One image to parse: ``path`` as found, ``name`` of its JSON inside the output folder."""

    path: str
    name: str


def _is_image(path: Path) -> bool:
    return path.suffix.lower() in IMAGE_EXTENSIONS


def _walk(root: Path, exclude: Path | None) -> Iterable[Path]:
    """Image files under ``root``, sorted, skipping hidden folders and the output folder."""
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        here = Path(dirpath)
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".")
                             and (exclude is None or _resolved(here / d) != exclude))
        for f in sorted(filenames):
            p = here / f
            if _is_image(p) and not f.startswith("."):
                yield p


def _resolved(path: Path) -> Path:
    return Path(os.path.abspath(path))


def _glob_root(pattern: str) -> Path:
    """The leading part of ``pattern`` without wildcards: output names are relative to it."""
    parts = Path(pattern).parts
    fixed = []
    for part in parts:
        if glob.has_magic(part):
            break
        fixed.append(part)
    return Path(*fixed) if fixed else Path(".")


def _expand(spec: str, exclude: Path | None) -> list[tuple[Path, Path]]:
    """(image path, root) pairs for one command-line input."""
    if spec.startswith("@"):
        return _read_list(Path(spec[1:]), exclude)
    if glob.has_magic(spec):
        matches = sorted(glob.glob(spec, recursive=True))
        if not matches:
            raise DetactError(f"{spec}: the pattern matches no file")
        root = _glob_root(spec)
        out: list[tuple[Path, Path]] = []
        for m in map(Path, matches):
            if m.is_dir():
                out += [(p, root) for p in _walk(m, exclude)]
            elif _is_image(m):
                out.append((m, root))
        return out
    path = Path(spec)
    if path.is_dir():
        return [(p, path) for p in _walk(path, exclude)]
    if path.exists():
        return [(path, path.parent)]
    raise DetactError(f"{spec}: no such file or directory")


def _read_list(list_path: Path, exclude: Path | None) -> list[tuple[Path, Path]]:
    """Entries of a list file (one path per line, relative to the current folder; blank lines
    and ``#`` comments ignored). Missing entries stay in: they are reported in the index."""
    try:
        lines = list_path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise DetactError(f"@{list_path}: list file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DetactError(f"@{list_path}: cannot read list file ({exc})") from None
    paths = [Path(s) for s in (line.strip() for line in lines) if s and not s.startswith("#")]
    if not paths:
        return []
    # Names keep the structure below the deepest folder the entries share.
    root = Path(os.path.commonpath([str(_resolved(p).parent) for p in paths]))
    out: list[tuple[Path, Path]] = []
    for p in paths:
        if p.is_dir():
            out += [(q, p) for q in _walk(p, exclude)]
        else:
            out.append((p, root))
    return out


def _base_name(path: Path, root: Path) -> str:
    rel = Path(os.path.relpath(_resolved(path), _resolved(root)))
    parts = [p for p in rel.with_suffix("").parts if p not in ("", ".", "..")] or [path.stem or "image"]
    return "__".join(parts)


def _digest(path: Path) -> str:
    return hashlib.sha1(str(_resolved(path)).encode("utf-8", "surrogateescape")).hexdigest()[:10]


def output_names(pairs: Sequence[tuple[Path, Path]]) -> list[str]:
    """JSON file name per (path, root): the path below its root with ``/`` -> ``__`` and the
    extension dropped (``shots/app/main.png`` under ``shots`` -> ``app__main.json``).

    Names that would clash (``a.png`` and ``a.jpg``; the same relative path under two roots;
    names differing only in case, for case-insensitive file systems) all get a hash of their
    absolute path appended, so no output overwrites another and reruns find the same names.
    """
    bases = []
    for path, root in pairs:
        base = _base_name(path, root)
        if len(base.encode("utf-8", "surrogateescape")) > _MAX_NAME:
            base = base[-(_MAX_NAME // 2):].lstrip("_") + "-" + _digest(path)
        bases.append(base)
    groups: dict[str, list[int]] = defaultdict(list)
    for i, base in enumerate(bases):
        groups[base.casefold()].append(i)
    names = list(bases)
    for members in groups.values():
        if len(members) > 1:
            for i in members:
                names[i] = f"{bases[i]}-{_digest(pairs[i][0])}"
    return [f"{n}.json" for n in names]


def collect_inputs(inputs: Sequence[str], exclude: str | os.PathLike | None = None) -> list[ImageJob]:
    """Image jobs for the given inputs, in input order, each file once.

    inputs: directories (walked recursively for image extensions), glob patterns (``**``
    allowed), ``@list.txt`` files or image files. ``exclude``: a folder never walked into (the
    output folder). Raises `DetactError` for an input that names nothing.
    """
    if not inputs:
        raise DetactError("give at least one INPUT (a folder, a glob or @list.txt)")
    skip = _resolved(Path(exclude)) if exclude is not None else None
    pairs: list[tuple[Path, Path]] = []
    seen: set[Path] = set()
    for spec in inputs:
        for path, root in _expand(str(spec), skip):
            key = _resolved(path)
            if key not in seen:
                seen.add(key)
                pairs.append((path, root))
    names = output_names(pairs)
    return [ImageJob(str(path), name) for (path, _), name in zip(pairs, names)]
