"""Verified downloads of registry models: pooch fetches, checks the sha256 and moves the file
into place atomically; our downloader adds what pooch lacks, resuming an interrupted transfer.

Bytes accumulate in ``<file>.part`` (an HTTP Range request continues it after an
interruption). Only when the whole file has the expected size does the downloader hand it to
pooch, which checks its sha256 and renames it to its final name, so a partial or corrupt
download can never be mistaken for a good model. Everything a user can fix (offline, HTTP
error, mismatch) is a one-line `DetactError`.
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
from ..runtime import quiet_logger, sha256_file
from .registry import ModelSpec, models_dir, normalize_sha256, read_record, write_record

CHUNK = 1 << 20  # 1 MiB reads keep memory flat and the progress bar lively
USER_AGENT = "detact-models/1"


def _hash_prefix(path: Path) -> tuple["hashlib._Hash", int]:
    """Hash of the bytes already in a ``.part`` file, so a resumed download knows the whole
    file's digest without reading it twice at the end."""
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


class ResumableDownloader:
    """A pooch downloader that keeps unfinished bytes in ``part`` and resumes them with an
    HTTP Range request. ``sha256`` is the digest of what it delivered (set when it returns)."""

    def __init__(self, part: Path, size: int | None, progress: bool, timeout: float):
        self.part, self.size, self.progress, self.timeout = Path(part), size, progress, timeout
        self.sha256: str | None = None

    def __call__(self, url: str, output_file, pooch=None) -> None:
        part, size = self.part, self.size
        if size is not None and part.is_file() and part.stat().st_size > size:
            part.unlink()  # longer than the real file: cannot be a prefix of it
        digest, have = _hash_prefix(part) if part.is_file() else (hashlib.sha256(), 0)
        response = _open(url, have, self.timeout)
        status = getattr(response, "status", None) or response.getcode()
        with response:
            if status != 416:
                if status != 206 and have:
                    # The server ignored the Range header and sends everything: start over.
                    digest, have = hashlib.sha256(), 0
                digest, have = self._receive(url, response, status, digest, have)
        if size is not None and have != size:
            part.unlink(missing_ok=True)
            raise DetactError(f"{part.name.removesuffix('.part')}: got {have:,} bytes, expected "
                              f"{size:,}; the download was discarded")
        self.sha256 = digest.hexdigest()
        os.replace(part, output_file)  # pooch checks the digest, then moves it into place

    def _receive(self, url: str, response, status: int, digest, have: int):
        """Append the response body to the .part file; returns the digest and byte count."""
        name = self.part.name.removesuffix(".part")
        if status == 206 and not response.headers.get("Content-Range", "").startswith(f"bytes {have}-"):
            raise DetactError(f"{url} answered a resume request with the wrong byte range "
                              f"({response.headers.get('Content-Range')!r}); delete {self.part} to "
                              f"start over")
        length = response.headers.get("Content-Length")
        total = have + int(length) if length and length.isdigit() else self.size
        if self.size is not None and total is not None and total != self.size:
            raise DetactError(f"{url} serves {total:,} bytes but {name} has {self.size:,}; "
                              f"wrong file or mirror")
        bar = _progress(total, have, name, self.progress)
        try:
            with open(self.part, "ab" if have else "wb") as out:
                while True:
                    try:
                        block = response.read(CHUNK)
                    except http.client.IncompleteRead as exc:
                        block = exc.partial
                        out.write(block)
                        digest.update(block)
                        have += len(block)
                        raise ConnectionError("connection closed early") from None
                    if not block:
                        break
                    out.write(block)
                    digest.update(block)
                    have += len(block)
                    bar.update(len(block))
        except (OSError, http.client.HTTPException) as exc:
            raise DetactError(f"download of {name} interrupted after {have:,} bytes "
                              f"({exc.__class__.__name__}); run the same command again to "
                              f"resume") from None
        finally:
            bar.close()
        if total is not None and have < total:
            raise DetactError(f"download of {name} interrupted after {have:,} of {total:,} bytes; "
                              f"run the same command again to resume")
        return digest, have


def download(url: str, dest: Path, *, sha256: str, size: int | None = None,
             progress: bool = True, timeout: float = 30.0) -> str:
    """Download ``url`` to ``dest`` via ``dest.part``, resuming a previous partial download.

    The file gets its final name only if its size equals ``size`` (when given) and its sha256
    equals ``sha256``. A mismatching file is deleted; an interrupted transfer keeps its
    ``.part`` for the next call to resume. Returns the hex sha256.
    """
    import pooch

    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    fetch = ResumableDownloader(dest.with_name(dest.name + ".part"), size, progress, timeout)
    try:
        with quiet_logger(pooch.get_logger()):  # pooch logs every download at INFO on stderr
            pooch.retrieve(url, known_hash=f"sha256:{sha256}", fname=dest.name, path=dest.parent,
                           downloader=fetch)
    except ValueError:  # pooch: the downloaded file's hash is not the known one (it was deleted)
        raise DetactError(f"checksum mismatch for {dest.name}: expected sha256 {sha256}, got "
                          f"{fetch.sha256}; the download was discarded") from None
    return sha256


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
    digest differs from ``expected`` (default: the registry's). For downloaded models a match
    refreshes the verification record and a mismatch removes it."""
    if spec.bundled:
        if not spec.path.is_file():
            raise DetactError(f"{spec.name} is missing from this install ({spec.path}); reinstall detact")
        got = sha256_file(spec.path)
        return got == (normalize_sha256(expected, "--sha256") or spec.sha256), got
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
