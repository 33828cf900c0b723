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
    """The bytes of the regular file ``path`` (symlinks followed), at most ``max_bytes``."""
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise error(f"{p}: no such file") from None
    except OSError as exc:
        raise error(f"{p}: cannot read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(st.st_mode):
        raise error(f"{p}: is a directory, not a {what}")
    if not stat.S_ISREG(st.st_mode):
        raise error(f"{p}: not a regular file (a pipe, socket or device), not a {what}")
    if st.st_size > max_bytes:
        raise error(f"{p}: {what} of {st.st_size:,} bytes is over the limit of {max_bytes:,}")
    try:
        with open(p, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise error(f"{p}: cannot read ({exc.strerror or exc})") from None
    if len(data) > max_bytes:   # it grew while we looked
        raise error(f"{p}: {what} is over the limit of {max_bytes:,} bytes")
    if not data and not empty_ok:
        raise error(f"{p}: empty file (0 bytes)")
    return data


def read_text(path: str | os.PathLike, *, max_bytes: int = MAX_FILE_BYTES,
              error: type[DetactError] = DetactError, what: str = "file") -> str:
    """The UTF-8 text of the regular file ``path`` (see `read_bytes`)."""
    data = read_bytes(path, max_bytes=max_bytes, error=error, what=what, empty_ok=True)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (byte offset {exc.start})") from None
