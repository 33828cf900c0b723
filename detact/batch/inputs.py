"""Turn ``detact batch`` inputs (directories, globs, ``@list`` files, files) into image jobs,
each with a stable, collision-safe output name.

Folder walks and globs take regular files only (a FIFO named ``x.png`` would stall the batch),
globs enter every real folder at most once per pattern position (``**`` over a symlink loop
would otherwise never end), and a file reached by several paths is parsed once (real-path
de-duplication). Files named explicitly are always taken; one that is not a regular file is
reported as that image's error.
"""
from __future__ import annotations

import fnmatch
import glob
import hashlib
import os
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from ..errors import DetactError
from ..files import is_regular_file, read_text

#: Extensions picked up when walking a directory or expanding a glob (explicit files are
#: always taken, whatever their name).
IMAGE_EXTENSIONS = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp", ".tif", ".tiff"})

#: Longest output file name kept readable; longer names are shortened and hashed.
_MAX_NAME = 200
#: Largest ``@list`` file read (about a million paths).
MAX_LIST_BYTES = 256 * 1024 * 1024


@dataclass(frozen=True)
class ImageJob:
    """One image to parse: ``path`` as found, ``name`` of its JSON inside the output folder."""

    path: str
    name: str


def _is_image(path: Path) -> bool:
    return path.suffix.lower() in IMAGE_EXTENSIONS


def _is_image_file(path: Path) -> bool:
    """An image extension on a regular file (not a FIFO, socket, device or folder)."""
    return _is_image(path) and is_regular_file(path)


def _walk(root: Path, exclude: Path | None) -> Iterable[Path]:
    """Image files under ``root``, sorted, skipping hidden folders and the output folder."""
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        here = Path(dirpath)
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".")
                             and (exclude is None or _resolved(here / d) != exclude))
        for f in sorted(filenames):
            p = here / f
            if not f.startswith(".") and _is_image_file(p):
                yield p


def _resolved(path: Path) -> Path:
    return Path(os.path.abspath(path))


def _split_pattern(pattern: str) -> tuple[list[str], list[str]]:
    """``pattern``'s leading parts without wildcards, and the rest."""
    parts = list(Path(pattern).parts)
    n = next((i for i, part in enumerate(parts) if glob.has_magic(part)), len(parts))
    return parts[:n], parts[n:]


def _glob_root(pattern: str) -> Path:
    """The leading part of ``pattern`` without wildcards: output names are relative to it."""
    fixed, _ = _split_pattern(pattern)
    return Path(*fixed) if fixed else Path(".")


def _folder_key(path: str) -> tuple[int, int] | None:
    """The real folder behind ``path`` (device, inode), None when it is not a folder."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino) if os.path.isdir(path) else None


def _names(folder: str) -> list[str]:
    try:
        return sorted(os.listdir(folder))
    except (OSError, ValueError):    # not a folder, gone, or unreadable: nothing below it
        return []


def loop_safe_glob(pattern: str) -> list[str]:
    """What ``glob.glob(pattern, recursive=True)`` matches, without its failure modes: ``**``
    enters each real folder at most once per position in the pattern, so symlink loops add
    nothing instead of adding copies until the path gets too long (or, with two loops, never
    ending), and a file reached by several paths is listed once. Like glob, wildcards skip
    hidden names unless the pattern part starts with a dot."""
    fixed, parts = _split_pattern(pattern)
    start = os.path.join(*fixed) if fixed else os.curdir
    found: set[str] = set()
    entered: set[tuple] = set()          # (real folder, pattern position) already expanded
    stack = [(start, 0)]
    while stack:
        path, i = stack.pop()
        if i == len(parts):
            found.add(path)
            continue
        part = parts[i]
        if part == "**":
            stack.append((path, i + 1))                      # ** matching no folder
            key = _folder_key(path)
            if key is None or (key, i) in entered:
                continue
            entered.add((key, i))
            stack += [(os.path.join(path, n), i) for n in _names(path)
                      if not n.startswith(".") and os.path.isdir(os.path.join(path, n))]
        elif glob.has_magic(part):
            hidden_ok = part.startswith(".")
            stack += [(os.path.join(path, n), i + 1) for n in _names(path)
                      if (hidden_ok or not n.startswith(".")) and fnmatch.fnmatch(n, part)]
        elif os.path.lexists(os.path.join(path, part)):
            stack.append((os.path.join(path, part), i + 1))
    if not fixed:   # glob gives "a.png", not "./a.png", for a relative pattern
        found = {os.path.relpath(f) if f.startswith(os.curdir + os.sep) else f for f in found}
    # A file reached through a symlinked folder too is named by its shortest path.
    shortest: dict[str, str] = {}
    for f in sorted(found, key=lambda f: (f.count(os.sep), f)):
        shortest.setdefault(os.path.realpath(f), f)
    return sorted(shortest.values())


def _expand(spec: str, exclude: Path | None) -> list[tuple[Path, Path]]:
    """(image path, root) pairs for one command-line input."""
    if spec.startswith("@"):
        return _read_list(Path(spec[1:]), exclude)
    if glob.has_magic(spec):
        matches = loop_safe_glob(spec)
        if not matches:
            raise DetactError(f"{spec}: the pattern matches no file")
        root = _glob_root(spec)
        out: list[tuple[Path, Path]] = []
        for m in map(Path, matches):
            if m.is_dir():
                out += [(p, root) for p in _walk(m, exclude)]
            elif _is_image_file(m):
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
    if not os.path.lexists(list_path):
        raise DetactError(f"@{list_path}: list file not found")
    try:
        lines = read_text(list_path, max_bytes=MAX_LIST_BYTES, what="list file").splitlines()
    except DetactError as exc:
        raise DetactError(f"@{exc}") from None
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
    seen: set[str] = set()
    for spec in inputs:
        for path, root in _expand(str(spec), skip):
            key = os.path.realpath(path)   # one job per file, whatever path reached it
            if key not in seen:
                seen.add(key)
                pairs.append((path, root))
    names = output_names(pairs)
    return [ImageJob(str(path), name) for (path, _), name in zip(pairs, names)]
