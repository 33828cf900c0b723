"""The service's working parts: parsers (each used by one request at a time), the thread pool
that runs model work off the event loop, the concurrency slots with their bounded wait queue,
and the per-request timeout.

Bursts are queued, not refused: a request that finds every slot busy waits its turn in a FIFO
queue of at most ``queue_size`` requests, for at most ``queue_wait`` seconds; only a full queue
or a wait past that deadline is answered 503 (with a Retry-After estimated from recent work).
"""
from __future__ import annotations

import asyncio
import math
import queue
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Callable, Iterator, Sequence

from ..elements import ParseResult
from ..errors import ImageError


class Busy(Exception):
    """No slot could be had: the wait queue is full, or the wait passed its deadline (503).
    ``retry_after``: seconds after which a slot is likely free."""

    def __init__(self, reason: str, retry_after: int = 1):
        super().__init__(reason)
        self.retry_after = retry_after


class TimedOut(Exception):
    """The request ran past the service timeout (answered 504)."""


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


class Slots:
    """``size`` concurrency slots and a FIFO queue of waiters. Used only on the event loop
    thread, so plain counters need no lock. A freed slot goes straight to the first waiter."""

    def __init__(self, size: int, queue_size: int, wait: float):
        self.size, self.queue_size, self.wait = size, queue_size, wait
        self.busy = 0
        self._waiters: deque[asyncio.Future] = deque()

    @property
    def queued(self) -> int:
        return len(self._waiters)

    async def acquire(self, retry_after: Callable[[], int]) -> None:
        """Take a slot, waiting in the queue if need be; `Busy` when the queue is full or the
        wait passes ``wait`` seconds."""
        if self.busy < self.size and not self._waiters:
            self.busy += 1
            return
        if len(self._waiters) >= self.queue_size:
            raise Busy(f"all {self.size} slots busy and {self.queue_size} requests already waiting",
                       retry_after())
        ticket = asyncio.get_running_loop().create_future()
        self._waiters.append(ticket)
        try:
            done, _ = await asyncio.wait({ticket}, timeout=self.wait)
        except asyncio.CancelledError:
            self._abandon(ticket)
            raise
        if not done:
            self._abandon(ticket)
            raise Busy(f"no slot came free within {self.wait:g} s", retry_after())

    def _abandon(self, ticket: asyncio.Future) -> None:
        if ticket.done() and not ticket.cancelled():
            self.release()          # a slot was handed over at the last moment: pass it on
            return
        ticket.cancel()
        try:
            self._waiters.remove(ticket)
        except ValueError:
            pass

    def release(self) -> None:
        while self._waiters:
            ticket = self._waiters.popleft()
            if not ticket.done():
                ticket.set_result(None)     # the slot changes hands; ``busy`` stays the same
                return
        self.busy -= 1


class Runtime:
    """Owns the models, the pool and the slots."""

    def __init__(self, parsers: Sequence, max_concurrency: int, timeout: float, max_pixels: int,
                 task_context=None, *, queue_size: int = 32, queue_wait: float = 100.0):
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
        self.slots = Slots(max_concurrency, queue_size, queue_wait)
        self.served = 0
        self._mean_s = 1.0          # moving average of a request's model work, for Retry-After
        self.executor = ThreadPoolExecutor(max_workers=max_concurrency, thread_name_prefix="detact")

    @property
    def backends(self) -> dict:
        return dict(self.parsers[0].backends)

    @property
    def busy(self) -> int:
        return self.slots.busy

    @property
    def queued(self) -> int:
        return self.slots.queued

    def retry_after(self) -> int:
        """Seconds until the queue ahead has likely drained, from recent request times."""
        ahead = self.slots.queued + self.slots.busy
        return max(1, min(60, math.ceil(self._mean_s * ahead / self.max_concurrency)))

    # --- slots and timeout --------------------------------------------------------------
    async def run(self, fn: Callable, *args):
        """Run ``fn(*args)`` in the pool, holding a slot until the thread is done.

        Waits for a slot in the queue (`Busy` when it is full or the wait passes its
        deadline), then `TimedOut` after ``timeout`` s of work. A timed-out call still finishes
        in its thread and keeps its slot until then, so the limit always counts the model work
        really in progress.
        """
        await self.slots.acquire(self.retry_after)
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        try:
            future = loop.run_in_executor(self.executor, fn, *args)
        except RuntimeError:  # the pool is shut down: the server is stopping
            self.slots.release()
            raise Busy("the server is shutting down") from None

        def release(_):
            self._mean_s = 0.8 * self._mean_s + 0.2 * (time.monotonic() - started)
            self.served += 1
            self.slots.release()

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
        """Decode an upload within the pixel limit (checked from the header, before any pixel
        is decoded). Raises `ImageError`, or `ImageTooLarge` over the limit."""
        from ..imageio import load_image

        try:
            return load_image(data, max_pixels=self.max_pixels)
        except ImageError as exc:
            # imageio names the source "bytes"; say "upload" to the client instead
            msg = str(exc)
            if msg.startswith("bytes"):
                raise type(exc)("upload" + msg[5:]) from None
            raise

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
