"""Batch parsing: many screenshots to one parse JSON each plus an ``index.jsonl``.

Inputs are collected and named by `inputs`, planned (resume) and recorded by `runner`, and
parsed by an engine: in-process (`local`), a pool of worker processes (`pool`) or a Ray
cluster (`ray_engine`). Heavy imports happen only when a run starts.
"""
from .inputs import IMAGE_EXTENSIONS, ImageJob, collect_inputs
from .runner import BatchInterrupted, BatchOptions, BatchSummary, run_batch

__all__ = ["IMAGE_EXTENSIONS", "ImageJob", "collect_inputs", "BatchInterrupted", "BatchOptions", "BatchSummary",
           "run_batch"]
