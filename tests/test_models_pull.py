"""`detact models list|pull|verify` against a real local HTTP server (Range support, cut
connections, wrong content), with a registry manifest written for the test."""
from __future__ import annotations

import hashlib
import json
import os
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from detact.cli import main as cli

ROOT = Path(__file__).resolve().parents[1]
PAYLOAD = os.urandom(3 * 1024 * 1024 + 12345)  # several read chunks, not a round number
SHA = hashlib.sha256(PAYLOAD).hexdigest()


class _Handler(BaseHTTPRequestHandler):
    """Serves ``server.files`` with HTTP Range; ``server.cut_after`` cuts the next transfer
    after that many body bytes; ``server.ignore_range`` answers 200 to Range requests."""

    def log_message(self, *args):  # keep pytest output clean
        pass

    def do_GET(self):
        srv = self.server
        srv.requests.append({"path": self.path, "range": self.headers.get("Range")})
        body = srv.files.get(self.path)
        if body is None:
            self.send_error(404, "Not Found")
            return
        start = 0
        rng = self.headers.get("Range")
        if rng and not srv.ignore_range:
            start = int(rng.split("=")[1].split("-")[0])
            if start >= len(body):
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{len(body)}")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
        else:
            self.send_response(200)
        self.send_header("Content-Length", str(len(body) - start))
        self.send_header("Accept-Ranges", "bytes")
        self.end_headers()
        data = body[start:]
        if srv.cut_after is not None:
            cut, srv.cut_after = srv.cut_after, None
            self.wfile.write(data[:cut])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)  # the peer sees the transfer end early
            return
        self.wfile.write(data)


@pytest.fixture()
def server():
    srv = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    srv.files = {"/sam_test.pth": PAYLOAD, "/other.pth": PAYLOAD[::-1]}
    srv.requests, srv.cut_after, srv.ignore_range = [], None, False
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    srv.url = f"http://127.0.0.1:{srv.server_address[1]}"
    yield srv
    srv.shutdown()
    srv.server_close()


def _write_registry(path: Path, url: str, sha256: str | None = SHA, size: int | None = len(PAYLOAD)) -> Path:
    path.write_text(json.dumps({"schema": "detact/models@1", "models": [
        {"name": "sam_test", "family": "sam", "model_type": "vit_b", "file": "sam_test.pth",
         "url": url, "sha256": sha256, "size": size, "licence": "Apache-2.0"}]}))
    return path


@pytest.fixture()
def home(tmp_path, monkeypatch, server):
    monkeypatch.setenv("DETACT_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("DETACT_REGISTRY", str(_write_registry(tmp_path / "registry.json",
                                                              server.url + "/sam_test.pth")))
    return tmp_path / "home" / "models"


def _run(capsys, *argv):
    code = cli(["models", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_shipped_registry_lists_official_sam_checkpoints():
    from detact.models.registry import load_registry, registry_path

    assert registry_path() == ROOT / "detact" / "data" / "models" / "registry.json"
    specs = {name: s for name, s in load_registry().items() if not s.bundled}
    assert list(specs) == ["sam_vit_b", "sam_vit_l", "sam_vit_h"]
    for spec in specs.values():
        assert spec.url == f"https://dl.fbaipublicfiles.com/segment_anything/{spec.file}"
        assert spec.licence == "Apache-2.0" and spec.size > 300_000_000
        assert len(spec.sha256) == 64 and int(spec.sha256, 16) >= 0
    assert specs["sam_vit_b"].file == "sam_vit_b_01ec64.pth" and specs["sam_vit_b"].size == 375042383


def test_good_download_lands_verified(home, server, capsys):
    code, out, err = _run(capsys, "pull", "sam_test")
    assert code == 0, err
    final = home / "sam_test.pth"
    assert final.read_bytes() == PAYLOAD
    assert not (home / "sam_test.pth.part").exists()
    assert "verified" in out
    code, out, _ = _run(capsys, "list")
    assert code == 0 and "sam_test" in out and "verified" in out and "3.2 MB" in out
    # A second pull finds the verified file and does not touch the network.
    n = len(server.requests)
    assert _run(capsys, "pull", "sam_test")[0] == 0
    assert len(server.requests) == n
    code, out, _ = _run(capsys, "verify")
    assert code == 0 and f"sam_test: ok sha256 {SHA}" in out


def test_wrong_checksum_exits_2_and_leaves_nothing(home, server, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DETACT_REGISTRY", str(_write_registry(tmp_path / "bad.json", server.url + "/sam_test.pth",
                                                              sha256="0" * 64)))
    code, out, err = _run(capsys, "pull", "sam_test", "-q")
    assert code == 2
    assert err.count("\n") == 1 and "checksum mismatch for sam_test.pth" in err and SHA in err
    assert not (home / "sam_test.pth").exists() and not (home / "sam_test.pth.part").exists()
    code, out, _ = _run(capsys, "list")
    assert "missing" in out


def test_interrupted_transfer_resumes_from_part(home, server, capsys):
    server.cut_after = 1_000_000
    code, _, err = _run(capsys, "pull", "sam_test")
    assert code == 2 and "interrupted" in err and "again to resume" in err and err.count("\n") == 1
    part = home / "sam_test.pth.part"
    assert not (home / "sam_test.pth").exists()
    assert 0 < part.stat().st_size <= 1_000_000 and part.read_bytes() == PAYLOAD[:part.stat().st_size]
    have = part.stat().st_size
    code, out, _ = _run(capsys, "list")
    assert "partial" in out
    code, _, err = _run(capsys, "pull", "sam_test")
    assert code == 0, err
    assert server.requests[-1]["range"] == f"bytes={have}-"
    assert (home / "sam_test.pth").read_bytes() == PAYLOAD and not part.exists()


def test_server_ignoring_range_restarts_cleanly(home, server, capsys):
    part = home / "sam_test.pth.part"
    part.parent.mkdir(parents=True)
    part.write_bytes(b"x" * 5000)  # junk that a resume must not keep
    server.ignore_range = True
    code, _, err = _run(capsys, "pull", "sam_test")
    assert code == 0, err
    assert server.requests[-1]["range"] == "bytes=5000-"
    assert (home / "sam_test.pth").read_bytes() == PAYLOAD


def test_corrupt_part_is_discarded_after_resume(home, server, capsys):
    part = home / "sam_test.pth.part"
    part.parent.mkdir(parents=True)
    part.write_bytes(b"\0" * 1000)  # wrong prefix: the resumed whole fails its checksum
    code, _, err = _run(capsys, "pull", "sam_test")
    assert code == 2 and "checksum mismatch" in err
    assert not part.exists() and not (home / "sam_test.pth").exists()
    assert _run(capsys, "pull", "sam_test")[0] == 0  # the next pull starts from scratch


def test_offline_and_http_errors_are_one_line(home, server, capsys):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code, _, err = _run(capsys, "pull", "sam_test", "--url", f"http://127.0.0.1:{port}/x")
    assert code == 2 and err.startswith("detact: error: cannot reach 127.0.0.1") and err.count("\n") == 1
    code, _, err = _run(capsys, "pull", "sam_test", "--url", server.url + "/missing.pth")
    assert code == 2 and "HTTP 404" in err and err.count("\n") == 1
    code, _, err = _run(capsys, "pull", "sam_test", "--url", server.url + "/other.pth")
    assert code == 2 and "checksum mismatch" in err  # a mirror serving other bytes
    code, _, err = _run(capsys, "pull", "nope")
    assert code == 2 and "unknown model 'nope'" in err
    assert not any(home.glob("sam_test.pth*"))


def test_unknown_sha_requires_explicit_digest(home, server, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DETACT_REGISTRY", str(_write_registry(tmp_path / "nosha.json", server.url + "/sam_test.pth",
                                                              sha256=None, size=None)))
    code, _, err = _run(capsys, "pull", "sam_test")
    assert code == 2 and "--sha256" in err and not server.requests
    code, _, err = _run(capsys, "pull", "sam_test", "--sha256", "not-hex")
    assert code == 2 and "not a sha256" in err
    code, _, err = _run(capsys, "pull", "sam_test", "--sha256", SHA.upper())
    assert code == 0, err
    code, out, _ = _run(capsys, "list")
    assert "verified" in out
    assert _run(capsys, "verify", "sam_test")[0] == 0


def test_verify_detects_a_changed_file(home, server, capsys):
    assert _run(capsys, "pull", "sam_test", "-q")[0] == 0
    final = home / "sam_test.pth"
    data = bytearray(final.read_bytes())
    data[len(data) // 2] ^= 0xFF
    final.write_bytes(bytes(data))
    code, out, _ = _run(capsys, "list")
    assert "installed" in out and "verified" not in out  # the record is stale now
    code, out, err = _run(capsys, "verify", "sam_test")
    assert code == 2 and "MISMATCH" in out and "checksum mismatch for sam_test" in err
    code, _, err = _run(capsys, "pull", "sam_test")
    assert code == 2 and "--force" in err  # never silently trusted or overwritten
    assert _run(capsys, "pull", "sam_test", "--force", "-q")[0] == 0
    assert final.read_bytes() == PAYLOAD


def test_bundled_files_are_listed_and_verified(capsys):
    """The icon bank ships inside the package: listed with its path, checked against the
    registry's sha256, and never downloaded."""
    from detact.models.registry import load_registry

    bundled = [s for s in load_registry().values() if s.bundled]
    assert {"icon_bank", "icon_bank_manifest"} <= {s.name for s in bundled}
    code, out, _ = _run(capsys, "list")
    assert code == 0
    for spec in bundled:
        row = next(line for line in out.splitlines() if line.startswith(spec.name + " "))
        assert "bundled" in row and str(spec.path) in row
    code, out, _ = _run(capsys, "verify", "icon_bank")
    assert code == 0 and "icon_bank: ok sha256" in out
    code, _, err = _run(capsys, "pull", "icon_bank")
    assert code == 2 and "ships inside the detact package" in err and err.count("\n") == 1


def test_models_command_through_the_entry_point(home):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, "-m", "detact.cli", "models", "list"], capture_output=True,
                          text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0].split() == ["NAME", "KIND", "SIZE", "STATE", "LICENCE", "FILE"]
    assert "sam_test" in proc.stdout and "missing" in proc.stdout
