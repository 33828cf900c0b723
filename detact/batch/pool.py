"""Multi-process engine: N spawned worker processes, each building one `Parser` when it
starts (models load once per worker) and then parsing the groups of images it is handed.

Every worker has its own pipes, so the parent always knows which groups a worker holds:
a worker that dies (crash, OOM kill) fails exactly those groups and a fresh worker replaces
it. Workers never see Ctrl-C (SIGINT is held back while they boot, then ignored); the parent
stops them with SIGTERM, so an interrupted run ends at once, without hanging on locks.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections import deque
from contextlib import contextmanager
from multiprocessing.connection import wait as mp_wait
from typing import Iterator, Sequence

from ..errors import DetactError
from .work import Outcome, describe_error, parse_group

#: Groups queued per worker: one in hand, one waiting, so no worker idles between groups.
PREFETCH = 2
#: Workers that may die before the run is declared broken.
MAX_DEATHS = 3


def _worker_main(wid: int, tasks, results, parser_kwargs: dict, threads: int) -> None:
    """Body of a worker process: build the parser, then parse groups until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):   # started with SIGINT blocked (`_sigint_held`)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    # Share the cores between workers instead of every worker using all of them.
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "DETACT_THREADS"):
        os.environ.setdefault(var, str(threads))
    try:
        import torch
        torch.set_num_threads(threads)
    except Exception:  # torch is optional for the ONNX path; threads are only a hint
        pass
    try:
        from ..parser import Parser
        parser = Parser(**parser_kwargs)
    except Exception as exc:
        results.send(("fatal", describe_error(exc)))
        return
    while True:
        try:
            item = tasks.recv()
        except EOFError:  # the parent is gone
            return
        if item is None:
            return
        gid, group = item
        results.send(("done", (gid, parse_group(parser, group))))


@contextmanager
def _sigint_held():
    """Start children with SIGINT blocked (the signal mask survives fork and exec; a worker
    ignores SIGINT and unblocks it first thing), so a Ctrl-C that reaches the whole process
    group cannot interrupt a worker while Python boots. In the parent a Ctrl-C that arrives
    meanwhile is recorded and raised as KeyboardInterrupt once the child has started: ignoring
    SIGINT here, as before, lost a Ctrl-C pressed while a dead worker was being replaced."""
    if threading.current_thread() is not threading.main_thread():
        yield                            # signals can only be handled in the main thread
        return
    caught = []
    old = signal.signal(signal.SIGINT, lambda *_: caught.append(True))
    block = hasattr(signal, "pthread_sigmask")
    if block:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if block:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        signal.signal(signal.SIGINT, old)
    if caught:
        raise KeyboardInterrupt


class _Worker:
    """A worker process with its own pipes: tasks in, results out. Nothing is shared between
    workers, so one dying (even mid-write) cannot block the others."""

    def __init__(self, ctx, wid: int, parser_kwargs: dict, threads: int):
        self.wid = wid
        task_r, self.tasks = ctx.Pipe(duplex=False)
        self.results, res_w = ctx.Pipe(duplex=False)
        self.held: deque = deque()      # (gid, group) handed over and not yet answered
        self.proc = ctx.Process(target=_worker_main, name=f"detact-batch-{wid}", daemon=True,
                                args=(wid, task_r, res_w, parser_kwargs, threads))
        with _sigint_held():
            self.proc.start()
        task_r.close()  # the child's ends: closing ours lets EOF tell us the child is gone
        res_w.close()

    def give(self, gid: int, group) -> None:
        self.held.append((gid, group))
        self.tasks.send((gid, group))

    def stop(self, graceful: bool) -> None:
        if graceful and self.proc.is_alive():
            try:
                self.tasks.send(None)
            except OSError:
                pass
            self.proc.join(10)
        if self.proc.is_alive():
            self.proc.terminate()
            self.proc.join(5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join(5)
        self.tasks.close()
        self.results.close()


def _died(group, exitcode) -> list[Outcome]:
    why = f"signal {-exitcode}" if exitcode is not None and exitcode < 0 else f"exit code {exitcode}"
    return [Outcome(pos, False, f"worker process died while parsing ({why}); rerun to retry")
            for pos, _ in group]


class _Pool:
    """The live workers of one run and what is left to hand out. ``ordered``: hold finished
    groups until every earlier group is out."""

    def __init__(self, groups: Sequence[list[tuple[int, str]]], parser_kwargs: dict, workers: int,
                 ordered: bool):
        self.ctx = multiprocessing.get_context("spawn")  # fork would copy a parent's threads and locks
        self.threads = max(1, (os.cpu_count() or 1) // workers)
        self.parser_kwargs, self.ordered = parser_kwargs, ordered
        self.todo = deque(enumerate(groups))
        self.workers: list[_Worker] = []
        self.started = self.deaths = self.next_gid = 0
        self.waiting: dict[int, list[Outcome]] = {}   # ordered mode: groups waiting their turn

    def spawn(self) -> _Worker:
        self.started += 1
        return _Worker(self.ctx, self.started, self.parser_kwargs, self.threads)

    def finished(self, gid: int, outcomes: list[Outcome]) -> Iterator[Outcome]:
        if not self.ordered:
            yield from outcomes
            return
        self.waiting[gid] = outcomes
        while self.next_gid in self.waiting:
            yield from self.waiting.pop(self.next_gid)
            self.next_gid += 1

    def receive(self, w: _Worker) -> Iterator[Outcome]:
        """Everything ``w`` has sent so far."""
        while w.results.poll():
            try:
                kind, value = w.results.recv()
            except (EOFError, OSError):
                return
            if kind == "fatal":
                raise DetactError(f"cannot start the parser in a worker: {value}")
            gid, outcomes = value
            w.held = deque((g, grp) for g, grp in w.held if g != gid)
            yield from self.finished(gid, outcomes)

    def bury(self, w: _Worker) -> Iterator[Outcome]:
        """Outcomes for every group a dead worker held (each image fails, none is lost)."""
        w.proc.join()
        self.deaths += 1
        for gid, group in w.held:
            yield from self.finished(gid, _died(group, w.proc.exitcode))
        w.held.clear()
        w.stop(False)
        if self.deaths > MAX_DEATHS:
            raise DetactError(f"{self.deaths} worker processes died (last: exit code "
                              f"{w.proc.exitcode}); try fewer --workers")

    def run(self, n_workers: int) -> Iterator[Outcome]:
        self.workers = [self.spawn() for _ in range(n_workers)]
        while self.todo or any(w.held for w in self.workers):
            for w in self.workers:
                while self.todo and len(w.held) < PREFETCH:
                    w.give(*self.todo.popleft())
            ready = set(mp_wait([w.results for w in self.workers] +
                                [w.proc.sentinel for w in self.workers], 0.5))
            for i, w in enumerate(self.workers):
                if w.results in ready or w.proc.sentinel in ready:
                    yield from self.receive(w)
                if w.proc.sentinel in ready:   # it died: fail what it held, start another
                    yield from self.bury(w)
                    self.workers[i] = self.spawn()

    def stop(self, graceful: bool) -> None:
        for w in self.workers:
            w.stop(graceful)


def run_pool(groups: Sequence[list[tuple[int, str]]], parser_kwargs: dict, workers: int,
             ordered: bool = False) -> Iterator[Outcome]:
    """Yield an `Outcome` per image from ``workers`` processes; ``ordered``: in input order
    (results wait for slower earlier ones), else as they finish."""
    pool = _Pool(groups, parser_kwargs, workers, ordered)
    graceful = False
    try:
        yield from pool.run(min(workers, len(groups)))
        graceful = True
    finally:
        pool.stop(graceful)
