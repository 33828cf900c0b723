"""Settings (every DETACT_* variable), device resolution, onnxruntime sessions and the
export-once-and-verify cache of `detact.runtime`."""
from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import numpy as np
import pytest

from conftest import ROOT
from detact.errors import DetactError, ModelUnavailable
from detact.runtime import ensure_exported, ort_session, package_data, resolve_device, torch_threads
from detact.settings import VARIABLES, Settings


def test_settings_defaults_and_values(tmp_path):
    s = Settings.from_env({})
    assert s.home == Path.home() / ".cache" / "detact" and s.threads is None and s.api_key is None
    s = Settings.from_env({"DETACT_HOME": str(tmp_path), "DETACT_THREADS": "2", "DETACT_LLM_TIMEOUT": "1.5",
                           "DETACT_SAM_POINTS_PER_SIDE": "8", "DETACT_API_KEY": "k"})
    assert (s.home, s.threads, s.llm_timeout, s.sam_points_per_side, s.api_key) == (tmp_path, 2, 1.5, 8, "k")


@pytest.mark.parametrize("name, value", [
    ("DETACT_THREADS", "many"), ("DETACT_THREADS", "-1"), ("DETACT_LLM_RETRIES", "1.5"),
    ("DETACT_LLM_TIMEOUT", "soon"), ("DETACT_SAM_POINTS_PER_SIDE", "0"),
])
def test_malformed_variables_are_named(name, value):
    with pytest.raises(DetactError, match=name):
        Settings.from_env({name: value})


def test_readme_documents_every_variable_and_the_code_reads_no_other():
    readme = (ROOT / "README.md").read_text()
    documented = {name for name, _ in VARIABLES}
    for name in documented:
        assert f"`{name}`" in readme, f"{name} missing from the README"
    used = set()
    for path in (ROOT / "detact").rglob("*.py"):
        # every DETACT_ name, except prefixes written as a family ("DETACT_LLM_*")
        used |= set(re.findall(r"DETACT_[A-Z_]*[A-Z](?![A-Z_]*\*)", path.read_text()))
    assert used <= documented, used - documented


@pytest.mark.parametrize("asked, expected", [("cpu", "cpu"), ("auto", None)])
def test_resolve_device(asked, expected):
    got = resolve_device(asked)
    assert got == expected if expected else got in ("cpu", "cuda")


@pytest.mark.parametrize("asked, error", [("tpu", DetactError), ("cpu:1", DetactError), ("cuda:x", DetactError)])
def test_resolve_device_refuses_unknown_names(asked, error):
    with pytest.raises(error, match="unknown device"):
        resolve_device(asked)


def test_cuda_without_a_gpu_is_a_clear_error():
    if resolve_device("auto") == "cuda":
        pytest.skip("a CUDA device is present")
    with pytest.raises(ModelUnavailable, match="CUDA is not usable"):
        resolve_device("cuda")


def _tiny_onnx(path: Path) -> None:
    """A real one-node ONNX graph (y = x + 1)."""
    import onnx
    from onnx import TensorProto, helper

    one = helper.make_tensor("one", TensorProto.FLOAT, [1], [1.0])
    graph = helper.make_graph([helper.make_node("Add", ["x", "one"], ["y"])], "g",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [None])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [None])], [one])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), str(path))


def test_ort_session_honours_threads_and_runs(tmp_path, monkeypatch):
    _tiny_onnx(tmp_path / "add.onnx")
    monkeypatch.setenv("DETACT_THREADS", "1")
    session = ort_session(tmp_path / "add.onnx")
    assert session.get_session_options().intra_op_num_threads == 1
    assert ort_session(tmp_path / "add.onnx", threads=2).get_session_options().intra_op_num_threads == 2
    assert session.run(None, {"x": np.array([1.0, 2.0], np.float32)})[0].tolist() == [2.0, 3.0]
    (tmp_path / "bad.onnx").write_bytes(b"not a model")
    with pytest.raises(ModelUnavailable, match="cannot load ONNX model"):
        ort_session(tmp_path / "bad.onnx")


def test_ensure_exported_checks_caches_and_remakes(tmp_path):
    target = tmp_path / "m.onnx"
    calls = []

    def export(tmp):
        calls.append(tmp)
        _tiny_onnx(tmp)

    def verify(tmp):  # the export's deviation from its "source": y should be x + 1
        y = ort_session(tmp).run(None, {"x": np.zeros(3, np.float32)})[0]
        return float(np.abs(y - 1).max())

    assert ensure_exported(target, source_id="v1", export=export, verify=verify, tolerance=1e-6) == target
    assert len(calls) == 1 and json.loads(target.with_suffix(".json").read_text())["source_id"] == "v1"
    ensure_exported(target, source_id="v1", export=export, verify=verify)          # cached
    assert len(calls) == 1
    target.write_bytes(b"damaged")                                                  # remade
    ensure_exported(target, source_id="v1", export=export, verify=verify)
    assert len(calls) == 2
    ensure_exported(target, source_id="v2", export=export, verify=verify)          # source changed
    assert len(calls) == 3
    # an export that does not match its source is refused, and nothing is left behind
    with pytest.raises(ModelUnavailable, match="does not match"):
        ensure_exported(tmp_path / "off.onnx", source_id="v1", export=export, verify=lambda t: 0.5,
                        tolerance=1e-3, what="test model")
    assert not (tmp_path / "off.onnx").exists() and not list(tmp_path.glob("*tmp*"))


def test_torch_threads_is_scoped_and_serialised():
    torch = pytest.importorskip("torch")
    before = torch.get_num_threads()
    seen = []

    def work():
        with torch_threads(1):
            seen.append(torch.get_num_threads())

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == [1, 1, 1, 1] and torch.get_num_threads() == before


def test_package_data_holds_the_bank_and_the_registry():
    assert (package_data("icons") / "bank.npz").is_file()
    assert package_data("models", "registry.json").is_file()
