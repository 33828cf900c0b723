"""The service's working parts: parsers (each used by one request at a time), the thread pool
that runs model work off the event loop, the concurrency slots and the per-request timeout."""
from __future__ import annotations

import asyncio
import io
import queue
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Callable, Iterator, Sequence

from ..elements import ParseResult
from ..errors import DetactError, ImageError


class Busy(Exception):
    """Every concurrency slot is taken (answered 503)."""


class TimedOut(Exception):
    """The request ran past the service timeout (answered 504)."""


class TooManyPixels(DetactError):
    """The image is larger than the service accepts (answered 413)."""


class LockedEmbedder:
    """An `Embedder` shared by request threads: its memo and model are used under a lock."""

    def __init__(self, inner):
        self._inner = inner
        self._lock = threading.Lock()

    def encode(self, texts):
        with self._lock:
            return self._inner.encode(texts)

    def __getattr__(self, name):
        return getattr(self._inner, name)


def image_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from the image header alone (None when PIL cannot tell)."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as img:
            return img.size
    except Exception:  # not an image: `load_image` gives the precise error
        return None


class Runtime:
    """Owns the models and the pool. ``busy`` is only touched on the event loop thread."""

    def __init__(self, parsers: Sequence, max_concurrency: int, timeout: float, max_pixels: int,
                 task_context=None):
        if not parsers:
            raise ValueError("need at least one parser")
        self.parsers = list(parsers)
        self._free: queue.Queue = queue.Queue()
        for p in self.parsers:
            self._free.put(p)
        self.max_concurrency = max_concurrency
        self.timeout = timeout
        self.max_pixels = max_pixels
        self.task_context = task_context
        self._task_lock = threading.Lock()
        self.busy = 0
        self.served = 0
        self.executor = ThreadPoolExecutor(max_workers=max_concurrency, thread_name_prefix="detact")

    @property
    def backends(self) -> dict:
        return dict(self.parsers[0].backends)

    # --- slots and timeout --------------------------------------------------------------
    async def run(self, fn: Callable, *args):
        """Run ``fn(*args)`` in the pool, holding a slot until the thread is done.

        Raises `Busy` at once when all slots are taken (no queueing), `TimedOut` after
        ``timeout`` s. A timed-out call still finishes in its thread and keeps its slot until
        then, so the limit always counts the model work really in progress.
        """
        if self.busy >= self.max_concurrency:
            raise Busy()
        self.busy += 1
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self.executor, fn, *args)
        except RuntimeError:  # the pool is shut down: the server is stopping
            self.busy -= 1
            raise Busy() from None

        def release(_):
            self.busy -= 1
            self.served += 1

        future.add_done_callback(release)
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.timeout)
        except asyncio.TimeoutError:
            raise TimedOut() from None

    # --- model work (runs in pool threads) ----------------------------------------------
    @contextmanager
    def parser(self) -> Iterator:
        """Borrow a parser; waits if all are in use (the request timeout still applies)."""
        p = self._free.get()
        try:
            yield p
        finally:
            self._free.put(p)

    def decode(self, data: bytes):
        """Check the pixel limit from the header, then decode (raises `ImageError`)."""
        from ..imageio import load_image

        size = image_size(data)
        if size is not None and size[0] * size[1] > self.max_pixels:
            raise TooManyPixels(f"image is {size[0]}x{size[1]} = {size[0] * size[1]:,} pixels, "
                                f"over this server's limit of {self.max_pixels:,}")
        try:
            return load_image(data, max_pixels=self.max_pixels)
        except ImageError as exc:
            # imageio names the source "bytes"; say "upload" to the client instead
            msg = str(exc)
            raise ImageError("upload" + msg[5:] if msg.startswith("bytes") else msg) from None

    def parse_bytes(self, data: bytes) -> ParseResult:
        rgb = self.decode(data)
        with self.parser() as p:
            return p.parse(rgb)

    @contextmanager
    def task(self):
        """The shared `TaskContext`, built on first use if it was not preloaded."""
        with self._task_lock:
            if self.task_context is None:
                self.task_context = make_task_context(self.parsers[0].device)
        yield self.task_context

    def shutdown(self) -> None:
        self.executor.shutdown(wait=True)


def make_task_context(device: str, preload: bool = False):
    """A `TaskContext` whose MiniLM is safe to share between request threads."""
    from ..task.embedding import Embedder
    from ..task.pipeline import TaskContext

    ctx = TaskContext(embedder=LockedEmbedder(Embedder(device)))
    if preload:
        ctx.embedder.encode(["warm up"])
        ctx.examples_for(None).vectors  # builds (or loads the cached) example embeddings
    return ctx
