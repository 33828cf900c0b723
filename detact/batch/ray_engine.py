"""Ray engine: the same batch job on a Ray cluster (or a local Ray instance).

Ray Data streams ``(pos, path)`` rows through ``map_batches`` into a fixed pool of actors;
each actor builds one `Parser` (models load once per actor) and holds a GPU as a Ray resource
when ``--device cuda``. The driver writes the JSONs and the index, so only the *inputs* must
be readable from every node (a shared file system); outputs stay on the driver's machine.
Ray is optional: ``pip install "ray[data]"``.
"""
from __future__ import annotations

import logging
import os
import socket
from pathlib import Path
from typing import Iterator, Sequence

import numpy as np

from ..errors import DetactError
from .work import Outcome, describe_error, parse_group

INSTALL_HINT = '--engine ray needs Ray Data: pip install "ray[data]"'


def _import_ray():
    try:
        import ray
        import ray.data  # noqa: F401  (Ray Data is a separate extra)
    except ImportError:
        raise DetactError(INSTALL_HINT) from None
    return ray


class ParseActor:
    """A Ray Data callable class: one `Parser` per actor, a batch of rows per call."""

    def __init__(self, parser_kwargs: dict):
        from ..parser import Parser

        self.parser = Parser(**parser_kwargs)

    def __call__(self, batch: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        items = list(zip((int(p) for p in batch["pos"]), (str(p) for p in batch["path"])))
        outs = parse_group(self.parser, items)
        # Fixed column types (no None) so that Arrow never has to guess them.
        return {"pos": np.array([o.pos for o in outs], np.int64),
                "ok": np.array([o.ok for o in outs], bool),
                "error": np.array([o.error or "" for o in outs], object),
                "payload": np.array([o.payload or "" for o in outs], object),
                "elements": np.array([-1 if o.elements is None else o.elements for o in outs], np.int64),
                "ms": np.array([o.ms for o in outs], np.float64)}


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast on a cluster address nobody answers at (``ray.init`` would retry for minutes)."""
    host_port = address.split("://", 1)[-1].rsplit("/", 1)[0]
    if address == "auto" or ":" not in host_port:
        return
    host, _, port = host_port.rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except (OSError, ValueError) as exc:
        raise DetactError(f"Ray cluster {address}: cannot connect ({exc})") from None


def _init(ray, address: str | None) -> bool:
    """Connect to ``address`` (or ``RAY_ADDRESS``), else start a local instance. True when
    this call started Ray (and so must shut it down)."""
    if ray.is_initialized():
        return False
    address = address or os.environ.get("RAY_ADDRESS")
    quiet = dict(include_dashboard=False, log_to_driver=False, logging_level="ERROR",
                 configure_logging=True)
    try:
        if address:
            _check_reachable(address)
            ray.init(address=address, **quiet)
        else:
            # Local workers import detact from wherever this process did (a source checkout
            # is not necessarily installed).
            pkg_root = str(Path(__file__).resolve().parents[2])
            path = os.pathsep.join(p for p in (pkg_root, os.environ.get("PYTHONPATH", "")) if p)
            ray.init(num_cpus=os.cpu_count() or 1, runtime_env={"env_vars": {"PYTHONPATH": path}},
                     **quiet)
    except DetactError:
        raise
    except Exception as exc:
        raise DetactError(f"cannot start or reach Ray ({address or 'local'}): {describe_error(exc)}") from None
    return True


def run_ray(groups: Sequence[Sequence[tuple[int, str]]], options) -> Iterator[Outcome]:
    """Yield an `Outcome` per image, parsed by ``options.workers`` Ray actors."""
    ray = _import_ray()
    started = _init(ray, options.ray_address)
    try:
        ctx = ray.data.DataContext.get_current()
        ctx.enable_progress_bars = False          # the batch command draws its own
        ctx.print_on_execution_start = False
        ctx.enable_auto_log_stats = False
        logging.getLogger("ray.data").setLevel(logging.ERROR)  # keep stderr for our progress bar
        ctx.execution_options.preserve_order = bool(options.ordered)
        rows = [{"pos": pos, "path": path} for group in groups for pos, path in group]
        batch_size = max(len(g) for g in groups)
        gpu = options.device == "cuda"
        ds = ray.data.from_items(rows).map_batches(
            ParseActor,
            fn_constructor_kwargs={"parser_kwargs": options.parser_kwargs()},
            batch_size=batch_size,
            batch_format="numpy",
            compute=ray.data.ActorPoolStrategy(size=options.workers),
            num_cpus=1,
            num_gpus=1 if gpu else 0,
        )
        try:
            for batch in ds.iter_batches(batch_size=None, batch_format="numpy"):
                for pos, ok, err, payload, n, ms in zip(batch["pos"], batch["ok"], batch["error"],
                                                        batch["payload"], batch["elements"], batch["ms"]):
                    yield Outcome(int(pos), bool(ok), str(err) or None, str(payload) or None,
                                  None if n < 0 else int(n), float(ms))
        except (KeyboardInterrupt, GeneratorExit):
            raise
        except Exception as exc:
            # A failure of the job itself (an actor could not build its Parser, a node died):
            # per-image problems never get here, parse_group reports them as outcomes.
            raise DetactError(f"Ray job failed: {describe_error(exc)}") from None
    finally:
        if started:
            ray.shutdown()
