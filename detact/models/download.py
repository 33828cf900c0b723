"""Resumable, verified downloads of registry models.

Bytes accumulate in ``<file>.part`` (an HTTP Range request continues it after an
interruption). Only when the whole file has the expected size and sha256 is it renamed, in one
atomic step, to its final name, so a partial or corrupt download can never be mistaken for a
good model. Everything a user can fix (offline, HTTP error, mismatch) is a one-line
`DetactError`.
"""
from __future__ import annotations

import hashlib
import http.client
import os
import socket
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from ..errors import DetactError
from ..home import sha256_file
from .registry import ModelSpec, models_dir, normalize_sha256, read_record, write_record

CHUNK = 1 << 20  # 1 MiB reads keep memory flat and the progress bar lively
USER_AGENT = "detact-models/1"



def _hash_prefix(path: Path) -> tuple["hashlib._Hash", int]:
    """Hash of the bytes already in a ``.part`` file, so a resumed download verifies the
    whole file without reading it twice at the end."""
    digest = hashlib.sha256()
    n = 0
    with open(path, "rb") as fh:
        while block := fh.read(8 * CHUNK):
            digest.update(block)
            n += len(block)
    return digest, n


def _open(url: str, start: int, timeout: float):
    headers = {"User-Agent": USER_AGENT}
    if start:
        headers["Range"] = f"bytes={start}-"
    request = urllib.request.Request(url, headers=headers)
    try:
        return urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as exc:
        if exc.code == 416 and start:
            return exc  # the .part already holds every byte; the caller checks it
        raise DetactError(f"download of {url} failed: HTTP {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        host = urllib.parse.urlsplit(url).netloc or url
        raise DetactError(f"cannot reach {host} ({exc.reason}); are you offline? "
                          f"(--url can point at a mirror)") from None
    except (TimeoutError, socket.timeout):
        raise DetactError(f"no answer from {url} within {timeout:g} s; are you offline?") from None
    except ValueError as exc:  # e.g. a URL without a scheme
        raise DetactError(f"bad download URL {url!r}: {exc}") from None


def _progress(total: int | None, initial: int, name: str, enabled: bool):
    from tqdm import tqdm  # imported late: only downloads need it

    return tqdm(total=total, initial=initial, unit="B", unit_scale=True, unit_divisor=1024,
                desc=name, file=sys.stderr, disable=not enabled, leave=False)


def download(url: str, dest: Path, *, sha256: str | None, size: int | None = None,
             progress: bool = True, timeout: float = 30.0) -> str:
    """Download ``url`` to ``dest`` via ``dest.part``, resuming a previous partial download.

    The file is renamed to ``dest`` only if its size equals ``size`` (when given) and its
    sha256 equals ``sha256`` (when given). A mismatching file is deleted; an interrupted
    transfer keeps its ``.part`` for the next call to resume. Returns the hex sha256.
    """
    dest = Path(dest)
    part = dest.with_name(dest.name + ".part")
    dest.parent.mkdir(parents=True, exist_ok=True)
    if size is not None and part.is_file() and part.stat().st_size > size:
        part.unlink()  # longer than the real file: cannot be a prefix of it
    digest, have = _hash_prefix(part) if part.is_file() else (hashlib.sha256(), 0)

    response = _open(url, have, timeout)
    status = getattr(response, "status", None) or response.getcode()
    with response:
        if status == 416:
            total = have
        else:
            if status != 206 and have:
                # The server ignored the Range header and sends everything: start over.
                digest, have = hashlib.sha256(), 0
            if status == 206 and not response.headers.get("Content-Range", "").startswith(f"bytes {have}-"):
                raise DetactError(f"{url} answered a resume request with the wrong byte range "
                                  f"({response.headers.get('Content-Range')!r}); delete {part} to "
                                  f"start over")
            length = response.headers.get("Content-Length")
            total = have + int(length) if length and length.isdigit() else size
            if size is not None and total is not None and total != size:
                raise DetactError(f"{url} serves {total:,} bytes but {dest.name} has {size:,}; "
                                  f"wrong file or mirror")
            mode = "ab" if have else "wb"
            bar = _progress(total, have, dest.name, progress)
            try:
                with open(part, mode) as out:
                    while True:
                        try:
                            block = response.read(CHUNK)
                        except http.client.IncompleteRead as exc:
                            block = exc.partial
                            if block:
                                out.write(block)
                                digest.update(block)
                                have += len(block)
                                bar.update(len(block))
                            raise ConnectionError("connection closed early") from None
                        if not block:
                            break
                        out.write(block)
                        digest.update(block)
                        have += len(block)
                        bar.update(len(block))
            except (OSError, http.client.HTTPException) as exc:
                raise DetactError(f"download of {dest.name} interrupted after {have:,} bytes "
                                  f"({exc.__class__.__name__}); run the same command again to "
                                  f"resume") from None
            finally:
                bar.close()
            if total is not None and have < total:
                raise DetactError(f"download of {dest.name} interrupted after {have:,} of "
                                  f"{total:,} bytes; run the same command again to resume")

    got = digest.hexdigest()
    if size is not None and have != size:
        part.unlink(missing_ok=True)
        raise DetactError(f"{dest.name}: got {have:,} bytes, expected {size:,}; the download was "
                          f"discarded")
    if sha256 is not None and got != sha256:
        part.unlink(missing_ok=True)
        raise DetactError(f"checksum mismatch for {dest.name}: expected sha256 {sha256}, got {got}; "
                          f"the download was discarded")
    os.replace(part, dest)
    return got


def pull(spec: ModelSpec, *, url: str | None = None, sha256: str | None = None,
         force: bool = False, progress: bool = True, timeout: float = 30.0) -> Path:
    """Download and verify one registry model into ``DETACT_HOME/models``; returns its path.

    ``url`` replaces the registry URL (a mirror); ``sha256`` supplies the digest where the
    registry has none. A model without any known digest is refused.
    """
    given = normalize_sha256(sha256, "--sha256")
    if given and spec.sha256 and given != spec.sha256:
        raise DetactError(f"--sha256 {given} differs from the registry's sha256 for {spec.name} "
                          f"({spec.sha256})")
    expected = given or spec.sha256
    if expected is None:
        raise DetactError(f"the registry has no sha256 for {spec.name}; pass --sha256 HEX (from a "
                          f"source you trust) to pull it")
    if spec.path.is_file() and not force:
        record = read_record(spec)
        if record and record.get("sha256") == expected:
            return spec.path  # already there and verified
        raise DetactError(f"{spec.path} exists but is not verified; run `detact models verify "
                          f"{spec.name}` or pull again with --force")
    models_dir().mkdir(parents=True, exist_ok=True)
    got = download(url or spec.url, spec.path, sha256=expected, size=spec.size,
                   progress=progress, timeout=timeout)
    write_record(spec, got)
    return spec.path


def verify(spec: ModelSpec, *, expected: str | None = None) -> tuple[bool, str]:
    """Re-hash an installed model. Returns (ok, actual sha256); ``ok`` is ``False`` when the
    digest differs from ``expected`` (default: the registry's). A match refreshes the
    verification record; a mismatch removes it."""
    if not spec.path.is_file():
        raise DetactError(f"{spec.name} is not installed; run `detact models pull {spec.name}`")
    want = normalize_sha256(expected, "--sha256") or spec.sha256
    if want is None:
        record = read_record(spec, allow_stale=True)  # pulled with --sha256: that digest rules
        want = record.get("sha256") if record else None
    got = sha256_file(spec.path)
    if want is None:
        raise DetactError(f"no sha256 known for {spec.name} (got {got}); pass --sha256 HEX to check it")
    ok = got == want
    if ok:
        write_record(spec, got)
    else:
        spec.record_path.unlink(missing_ok=True)
    return ok, got
