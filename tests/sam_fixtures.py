"""Reusable SAM test fixtures: a randomly initialised ViT-B checkpoint saved like a real one.

Real SAM weights cannot be downloaded here, so tests drive the real loader and pipeline with
random weights (same architecture, same file format, ~375 MB). Use it from any test module:

    from sam_fixtures import random_sam_checkpoint  # noqa: F401  (registers the fixture)

or ``pytest_plugins = ["sam_fixtures"]`` in a conftest.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest


def save_random_sam(path: Path, model_type: str = "vit_b", seed: int = 0) -> Path:
    """Write the state dict of a randomly initialised SAM to ``path`` (torch.save format)."""
    import torch
    from segment_anything import sam_model_registry

    torch.manual_seed(seed)
    model = sam_model_registry[model_type]()
    torch.save(model.state_dict(), path)
    return path


@pytest.fixture(scope="session")
def random_sam_checkpoint(tmp_path_factory) -> Path:
    """Path of a random-weight SAM ViT-B checkpoint named like the official file (built once
    per session: ~1 s to initialise, ~1 s to write on 2 cores)."""
    start = time.perf_counter()
    path = save_random_sam(tmp_path_factory.mktemp("sam") / "sam_vit_b_01ec64.pth")
    print(f"random SAM ViT-B checkpoint: {path.stat().st_size / 1e6:.0f} MB in "
          f"{time.perf_counter() - start:.1f} s")
    return path
