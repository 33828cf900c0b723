"""Reading the files users hand us: regular files only, never more than a byte cap, every
problem one line in the caller's error type.

A FIFO, a device such as ``/dev/zero`` or a directory is refused before it is opened (reading
one would hang or never end), and a file larger than the cap is refused unread."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import DetactError

#: Default cap: far above any screenshot, parse document or script we read.
MAX_FILE_BYTES = 256 * 1024 * 1024


def read_bytes(path: str | os.PathLike, *, max_bytes: int = MAX_FILE_BYTES,
               error: type[DetactError] = DetactError, what: str = "file", empty_ok: bool = False) -> bytes:
    """The bytes of the regular file ``path`` (symlinks followed), at most ``max_bytes``.

    The file is opened without blocking and checked through its open descriptor, so nothing
    can swap a FIFO in between the check and the read (opening a FIFO for reading would
    otherwise wait for a writer forever)."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | _NONBLOCK | _CLOEXEC)
    except FileNotFoundError:
        raise error(f"{p}: no such file") from None
    except IsADirectoryError:     # Windows cannot open a folder at all
        raise error(f"{p}: is a directory, not {_a(what)}") from None
    except OSError as exc:
        raise error(f"{p}: cannot read ({exc.strerror or exc})") from None
    try:
        _check_regular(p, os.fstat(fd), max_bytes, error, what)
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb", buffering=0) as fh:
        if _NONBLOCK:
            os.set_blocking(fd, True)   # a regular file: reads never wait anyway
        try:
            data = _read_capped(fh, max_bytes)
        except OSError as exc:
            raise error(f"{p}: cannot read ({exc.strerror or exc})") from None
    if len(data) > max_bytes:   # it grew while we looked
        raise error(f"{p}: {what} is over the limit of {max_bytes:,} bytes")
    if not data and not empty_ok:
        raise error(f"{p}: empty file (0 bytes)")
    return data


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def _check_regular(p: Path, st: os.stat_result, max_bytes: int, error: type[DetactError], what: str) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise error(f"{p}: is a directory, not {_a(what)}")
    if not stat.S_ISREG(st.st_mode):
        raise error(f"{p}: not a regular file (a pipe, socket or device), not {_a(what)}")
    if st.st_size > max_bytes:
        raise error(f"{p}: {what} of {st.st_size:,} bytes is over the limit of {max_bytes:,}")


def _a(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def _read_capped(fh, max_bytes: int) -> bytes:
    """Up to ``max_bytes + 1`` bytes (one more tells that the file is over the cap)."""
    chunks, left = [], max_bytes + 1
    while left > 0:
        chunk = fh.read(min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_stream(stream, *, max_bytes: int = MAX_FILE_BYTES, error: type[DetactError] = DetactError,
                what: str = "input", name: str = "stdin") -> bytes:
    """All of a binary ``stream`` (standard input), refused past ``max_bytes`` instead of read
    to the end (``detact parse - < /dev/zero`` would never end)."""
    data = _read_capped(stream, max_bytes)
    if len(data) > max_bytes:
        raise error(f"{name}: {what} is over the limit of {max_bytes:,} bytes")
    return data


def is_regular_file(path: str | os.PathLike) -> bool:
    """Whether ``path`` is a regular file (symlinks followed): not a folder, FIFO, socket or
    device, which walks over folders skip."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def read_text(path: str | os.PathLike, *, max_bytes: int = MAX_FILE_BYTES,
              error: type[DetactError] = DetactError, what: str = "file") -> str:
    """The UTF-8 text of the regular file ``path`` (see `read_bytes`)."""
    data = read_bytes(path, max_bytes=max_bytes, error=error, what=what, empty_ok=True)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (byte offset {exc.start})") from None
