"""The built wheel works as users install it: not editable, outside the source tree, with the
icon bank, the model registry and the sample inside the package.

The wheel goes into a fresh virtual environment with ``--no-deps``; its dependencies come
from this test environment's site-packages through a ``.pth`` line (a fresh copy of torch
would cost minutes and gigabytes and tests nothing about our packaging). ``.pth`` lines of a
directory added that way are not executed, so the editable install of this checkout stays
invisible: ``import detact`` can only find the wheel's copy."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from conftest import ROOT

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel_python(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps",
                            "--no-build-isolation", "-q", "-w", str(tmp / "dist")],
                           capture_output=True, text=True, cwd=tmp, timeout=300)
    assert build.returncode == 0, build.stderr[-2000:]
    wheel = next((tmp / "dist").glob("detact-*.whl"))
    venv.EnvBuilder(with_pip=False).create(tmp / "venv")
    python = tmp / "venv" / "bin" / "python"
    site = Path(subprocess.check_output([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                        text=True).strip())
    # install the wheel with this environment's pip (the fresh venv has none)
    install = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site),
                              str(wheel)], capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr[-2000:]
    (site / "_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def _run(python: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([str(python), *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=300)


def test_wheel_parses_the_sample_with_icons(wheel_python, tmp_path):
    where = _run(wheel_python, "-c", "import detact; print(detact.__file__)", cwd=tmp_path)
    assert where.returncode == 0, where.stderr
    assert str(wheel_python.parents[1]) in where.stdout, f"not the wheel's copy: {where.stdout}"
    sample = _run(wheel_python, "-c", "from detact.runtime import package_data; print(package_data('sample.png'))",
                  cwd=tmp_path).stdout.strip()
    parsed = _run(wheel_python, "-m", "detact.cli", "parse", sample, "--format", "json", "--device", "cpu",
                  "--segmenter", "cv", cwd=tmp_path)
    assert parsed.returncode == 0, parsed.stderr[-2000:]
    doc = json.loads(parsed.stdout)
    assert doc["backends"]["icons"] == "ssim+encoder", doc["backends"]  # bank and encoder both shipped
    assert any(e["kind"] == "icon" and e["label"] for e in doc["elements"])
    assert "warning" not in parsed.stderr


def test_wheel_models_list_shows_bundled_files_verified(wheel_python, tmp_path):
    listed = _run(wheel_python, "-m", "detact.cli", "models", "list", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    rows = {line.split()[0]: line for line in listed.stdout.splitlines()[1:] if line.strip()}
    for name in ("icon_bank", "icon_bank_manifest"):
        assert " bundled " in rows[name] and str(wheel_python.parents[1]) in rows[name], rows[name]
    verified = _run(wheel_python, "-m", "detact.cli", "models", "verify", "icon_bank", cwd=tmp_path)
    assert verified.returncode == 0 and "icon_bank: ok" in verified.stdout, verified.stdout + verified.stderr
