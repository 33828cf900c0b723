"""The default parse on real application screenshots of the dev corpus (../shared/eval), scored
with the corpus's own scorer. Skipped where ../shared is not beside the checkout."""
from __future__ import annotations

import importlib.util

import pytest

CASES = ["galculator-1", "mousepad-3", "chromium-flags-3"]


@pytest.fixture(scope="module")
def score_module(shared_eval):
    spec = importlib.util.spec_from_file_location("dev_score", shared_eval / "score.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("case", CASES)
def test_dev_case_quality(parser, shared_eval, score_module, case):
    import json

    gt = json.loads((shared_eval / "dev" / case / "gt.json").read_text())
    result = parser.parse(shared_eval / "dev" / case / "screenshot.png")
    preds = result.to_dict()["elements"]
    metrics, _ = score_module.score_case(gt, preds, None)
    rate = {k: hit / n for k, (hit, n) in metrics.items() if n}
    assert rate["text_recall"] >= 0.85, rate
    assert rate["elem_recall"] >= 0.85, rate  # corpus-wide 0.95+ is checked by benchmarks/quality.py
    assert rate["precision"] >= 0.9, rate
