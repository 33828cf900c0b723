"""``detact serve`` in-process (TestClient, real models) and as a real uvicorn subprocess:
parsing, bad input, limits, API key, concurrency, timeout, task routes, graceful SIGTERM."""
from __future__ import annotations

import base64
import io
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from types import SimpleNamespace

import httpx
import pytest
from PIL import Image

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from conftest import ROOT, draw_screen, find_text  # noqa: E402
from detact.service import ServiceSettings, create_app  # noqa: E402
from llm_server import ChatServer  # noqa: E402

WORDS = [("Settings", (40, 40)), ("Submit", (300, 220))]


def _png(items=None, size=(480, 300), fmt="PNG") -> bytes:
    items = items if items is not None else [
        {"kind": "text", "xy": xy, "text": t, "size": 22} for t, xy in WORDS]
    buf = io.BytesIO()
    Image.fromarray(draw_screen(items, size=size)).save(buf, fmt)
    return buf.getvalue()


def _busy_png() -> bytes:
    """A large, text-heavy screen: parsing it takes a good fraction of a second or more."""
    items = [{"kind": "text", "xy": (20 + 300 * (i % 4), 20 + 60 * (i // 4)), "text": f"Item {i} label",
              "size": 18} for i in range(4 * 8)]
    return _png(items, size=(1200, 700))


@pytest.fixture(scope="module")
def good_png() -> bytes:
    return _png()


@contextmanager
def serve(parser, **settings):
    """The app in-process with the session's parser (models loaded once for all tests)."""
    settings.setdefault("preload_task_models", False)
    app = create_app(ServiceSettings(**settings), parsers=[parser])
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def _assert_error(r, status: int | tuple, needle: str = "") -> None:
    statuses = status if isinstance(status, tuple) else (status,)
    assert r.status_code in statuses, (r.status_code, r.text)
    body = r.json()
    assert set(body) == {"error"} and isinstance(body["error"], str)
    assert "\n" not in body["error"] and needle.lower() in body["error"].lower(), body


def _check_words(doc: dict) -> None:
    from detact import ParseResult

    els = ParseResult.from_dict(doc).elements
    for text, (x, y) in WORDS:
        hits = find_text(els, text)
        assert hits, f"{text!r} not found"
        x0, y0, _, _ = hits[0].bbox
        assert abs(x0 - x) < 15 and abs(y0 - y) < 15, (text, hits[0].bbox)


def test_parse_multipart_base64_and_raw(parser, good_png):
    with serve(parser) as c:
        r = c.post("/v1/parse", files={"file": ("shot.png", good_png, "image/png")})
        assert r.status_code == 200, r.text
        doc = r.json()
        assert doc["schema"] == "detact/parse@2" and doc["image"] == {**doc["image"], "width": 480, "height": 300}
        _check_words(doc)

        b64 = base64.b64encode(good_png).decode()
        for body in ({"image_base64": b64}, {"image_base64": "data:image/png;base64," + b64, "format": "json"}):
            r = c.post("/v1/parse", json=body)
            assert r.status_code == 200 and r.json()["elements"] == doc["elements"]
        r = c.post("/v1/parse", content=good_png, headers={"content-type": "image/png"})
        assert r.status_code == 200 and r.json()["image"]["sha256"] == doc["image"]["sha256"]

        r = c.post("/v1/parse?format=prompt", files={"file": ("shot.png", good_png, "image/png")})
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
        assert '"Submit"' in r.text and "Settings" in r.text

        health = c.get("/healthz").json()
        assert health["status"] == "ok" and health["busy"] == 0 and health["served"] >= 4
        spec = c.get("/openapi.json").json()
        assert {"/v1/parse", "/v1/filter", "/v1/prompt", "/v1/script", "/healthz"} <= set(spec["paths"])
        assert "multipart/form-data" in spec["paths"]["/v1/parse"]["post"]["requestBody"]["content"]
        assert c.get("/docs").status_code == 200


def test_bad_input_answers_4xx_json(parser, good_png):
    truncated = good_png[: len(good_png) // 2]
    with serve(parser) as c:
        cases = [
            (c.post("/v1/parse", files={"file": ("x.png", b"hello, I am text", "image/png")}), 422, "not an image"),
            (c.post("/v1/parse", files={"file": ("x.png", truncated, "image/png")}), 422, "truncated"),
            (c.post("/v1/parse", files={"file": ("x.png", b"", "image/png")}), 422, "empty"),
            (c.post("/v1/parse", files={"file": ("x.png", os.urandom(3000), "image/png")}), 422, "image"),
            (c.post("/v1/parse", json={"image_base64": "%%%not base64"}), 400, "base64"),
            (c.post("/v1/parse", json={"image_base64": base64.b64encode(b"GIF89a junk").decode()}), 422, "upload"),
            (c.post("/v1/parse", json=[1, 2]), 400, "object"),
            (c.post("/v1/parse", json={"file": "x"}), 400, "no input"),
            (c.post("/v1/parse", content=b"{not json", headers={"content-type": "application/json"}), 400, "not valid json"),
            (c.post("/v1/parse", data={"format": "json"}, files={"other": ("x.png", good_png, "image/png")}), 400, "no 'file'"),
            (c.post("/v1/parse", content=b"abc", headers={"content-type": "text/plain"}), 415, "content-type"),
            (c.post("/v1/parse?format=xml", files={"file": ("x.png", good_png, "image/png")}), 422, "format"),
            (c.post("/v1/parse", json={"image_base64": base64.b64encode(good_png).decode(), "format": "xml"}), 422, "format"),
            (c.post("/v1/filter", json={"image_base64": base64.b64encode(good_png).decode()}), 422, "task"),
            (c.post("/v1/filter", json={"parse": {"schema": "nope"}, "task": "x"}), 400, "parse@1 or @2"),
            (c.post("/v1/filter", json={"parse": {"schema": "detact/parse@1"}, "task": "x", "top_k": "many"}), 422, "top_k"),
            (c.get("/v1/parse"), 405, ""),
            (c.get("/nowhere"), 404, ""),
        ]
        for r, status, needle in cases:
            _assert_error(r, status, needle)
        assert c.get("/healthz").json()["busy"] == 0


def test_limits_answer_413(parser, good_png):
    big = _png(size=(900, 600), fmt="BMP")  # ~1.6 MB uncompressed
    with serve(parser, max_body_mb=1.0, max_pixels=200_000) as c:
        r = c.post("/v1/parse", files={"file": ("big.bmp", big, "image/bmp")})
        _assert_error(r, 413, "body over the limit of 1 MB")

        def chunks():  # no Content-Length: the cap applies while streaming
            for i in range(0, len(big), 65536):
                yield big[i:i + 65536]

        r = c.post("/v1/parse", content=chunks(), headers={"content-type": "image/bmp"})
        _assert_error(r, 413, "body over the limit")
        wide = _png(size=(1000, 300))  # small file, 300,000 pixels
        r = c.post("/v1/parse", files={"file": ("wide.png", wide, "image/png")})
        _assert_error(r, 413, "upload: image is 1000x300 = 300,000 pixels, too large (limit 200,000)")
        assert c.post("/v1/parse", files={"file": ("ok.png", good_png, "image/png")}).status_code == 200


def test_api_key_401(parser, good_png):
    files = {"file": ("shot.png", good_png, "image/png")}
    with serve(parser, api_key="s3cret-key") as c:
        _assert_error(c.post("/v1/parse", files=files), 401, "api key")
        _assert_error(c.post("/v1/parse", files=files, headers={"Authorization": "Bearer wrong"}), 401)
        _assert_error(c.post("/v1/parse", files=files, headers={"X-API-Key": "s3cret-ke"}), 401)
        assert c.post("/v1/parse", files=files, headers={"Authorization": "Bearer s3cret-key"}).status_code == 200
        assert c.post("/v1/parse", files=files, headers={"X-API-Key": "s3cret-key"}).status_code == 200
        assert c.get("/healthz").status_code == 200  # probes need no key


def _burst(c, files, n: int) -> list:
    start = threading.Barrier(n)
    results = []

    def hit():
        start.wait()
        results.append(c.post("/v1/parse", files=files))

    threads = [threading.Thread(target=hit) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_concurrency_queue_503_and_timeout_504(parser):
    """A burst beyond the slots waits in the queue and is answered (issue 16: it used to get
    503 at once); without a queue, or past the wait deadline, the extra requests get 503 with
    a Retry-After."""
    busy = _busy_png()
    files = {"file": ("busy.png", busy, "image/png")}
    with serve(parser, max_concurrency=1) as c:
        results = _burst(c, files, 4)
        assert [r.status_code for r in results] == [200] * 4, [r.text for r in results]
        assert all(any("Item" in e["text"] for e in r.json()["elements"]) for r in results)
        assert c.get("/healthz").json()["queued"] == 0

    for limits in ({"queue_size": 0}, {"queue_wait": 0.01}):
        with serve(parser, max_concurrency=1, **limits) as c:
            codes = sorted(r.status_code for r in _burst(c, files, 4))
            assert codes.count(200) >= 1 and codes.count(503) >= 1 and set(codes) <= {200, 503}, codes
            r = next(r for r in _burst(c, files, 3) if r.status_code == 503)
            _assert_error(r, 503, "busy")
            assert 1 <= int(r.headers["retry-after"]) <= 60

    with serve(parser, timeout=0.05, max_concurrency=2) as c:
        _assert_error(c.post("/v1/parse", files=files), 504, "longer than 0.05 s")
        # the parse still finishes in its thread and only then frees its slot
        deadline = time.time() + 60
        while c.get("/healthz").json()["busy"] and time.time() < deadline:
            time.sleep(0.1)
        assert c.get("/healthz").json()["busy"] == 0


@pytest.fixture()
def fake_llm(monkeypatch):
    """The local chat server (tests/llm_server.py) answering whatever ``.reply`` holds at the
    time; ``.prompts`` records the last user message of each request."""
    state = SimpleNamespace(reply="", prompts=[])

    def answer(request: dict) -> str:
        state.prompts.append(request["messages"][-1]["content"])
        return state.reply

    with ChatServer(answer) as server:
        monkeypatch.setenv("DETACT_LLM_BASE_URL", server.url)
        monkeypatch.setenv("DETACT_LLM_MODEL", "fake")
        monkeypatch.setenv("DETACT_LLM_RETRIES", "0")
        yield state


def test_task_routes_filter_prompt_script(parser, good_png, fake_llm, monkeypatch):
    b64 = base64.b64encode(good_png).decode()
    with serve(parser, preload_task_models=True) as c:
        r = c.post("/v1/filter", files={"file": ("s.png", good_png, "image/png")},
                   data={"task": "Click on 'Submit'", "top_k": "1"})
        assert r.status_code == 200, r.text
        f = r.json()
        assert f["kept"] == 1 and f["elements"][0]["text"] == "Submit"
        sx, sy = f["elements"][0]["center"]
        assert 300 <= sx <= 380 and 220 <= sy <= 250

        parse_doc = c.post("/v1/parse", json={"image_base64": b64}).json()
        r = c.post("/v1/prompt", json={"parse": parse_doc, "task": "Click on Submit", "top_k": 5})
        assert r.status_code == 200, r.text
        p = r.json()
        assert "Task: Click on Submit" in p["prompt"] and f', {sx}, {sy})' in p["prompt"] and '("Submit", ' in p["prompt"]
        assert len(p["examples"]) == 5 and p["tokens"] > 100

        fake_llm.reply = f"```python\nimport pyautogui\npyautogui.click({sx}, {sy})\n```"
        r = c.post("/v1/script", json={"image_base64": b64, "task": "Click on Submit"})
        assert r.status_code == 200, r.text
        s = r.json()
        assert s["script"].strip().endswith(f"pyautogui.click({sx}, {sy})")
        assert s["actions"][0]["x"] == sx and "Click on Submit" in fake_llm.prompts[-1]
        r = c.post("/v1/script", json={"parse": parse_doc, "task": "Click on Submit", "format": "screenagent"})
        assert r.status_code == 200 and r.json()["screenagent"][0]["mouse_position"] == {"width": sx, "height": sy}
        _assert_error(c.post("/v1/script", json={"parse": parse_doc, "task": "Click on Submit", "format": "xml"}),
                      422, "'format' must be one of")

        fake_llm.reply = "import os\nos.system('rm -rf /')"
        _assert_error(c.post("/v1/script", json={"parse": parse_doc, "task": "Click on Submit"}), 422)
        fake_llm.reply = "pyautogui.click(5000, 10)"  # off the 480x300 screen
        _assert_error(c.post("/v1/script", json={"parse": parse_doc, "task": "Click on Submit"}), 422)

    monkeypatch.delenv("DETACT_LLM_BASE_URL")
    with serve(parser) as c:
        _assert_error(c.post("/v1/script", json={"image_base64": b64, "task": "Click on Submit"}),
                      501, "no llm endpoint")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_subprocess_finishes_in_flight_on_sigterm(tmp_path):
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "DETACT_API_KEY": ""}
    proc = subprocess.Popen([sys.executable, "-m", "detact.cli", "serve", "--port", str(port),
                             "--device", "cpu", "--lazy-task-models", "--log-level", "warning"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                assert proc.poll() is None, proc.communicate()[0]
                time.sleep(0.2)
        # a second server on the same port: one-line error, exit 2
        again = subprocess.run([sys.executable, "-m", "detact.cli", "serve", "--port", str(port)],
                               cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert again.returncode == 2 and "address already in use" in again.stderr
        assert len(again.stderr.strip().splitlines()) == 1

        result = {}

        def slow_request():
            result["r"] = httpx.post(f"{base}/v1/parse", files={"file": ("b.png", _busy_png(), "image/png")},
                                     timeout=60)

        t = threading.Thread(target=slow_request)
        t.start()
        deadline = time.time() + 30  # SIGTERM once the parse is in progress
        while httpx.get(f"{base}/healthz", timeout=5).json()["busy"] == 0:
            assert time.time() < deadline and t.is_alive(), "the parse never showed as in flight"
            time.sleep(0.02)
        proc.send_signal(signal.SIGTERM)
        t.join(60)
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert result["r"].status_code == 200, result["r"].text
    assert any("Item 0 label" in e["text"] or "Item" in e["text"] for e in result["r"].json()["elements"])
    # uvicorn re-raises the signal after its graceful shutdown, as supervisors expect
    assert proc.returncode in (0, -signal.SIGTERM), out
    assert "Traceback" not in out


@pytest.mark.parametrize("task", ["Click on 'Send now'", "Delete the draft", "open the search field"])
def test_filter_route_and_cli_agree_on_ids_and_order(parser, capsys, task):
    """One task pipeline: `detact filter` and `POST /v1/filter` keep the same elements, with
    the same ids, in the same order, for the same screenshot and task."""
    from conftest import SAMPLE
    from detact.cli import main

    assert main(["filter", str(SAMPLE), "--task", task, "--top-k", "8", "--format", "json",
                 "--segmenter", "cv", "--device", "cpu"]) == 0
    cli = json.loads(capsys.readouterr().out)
    with serve(parser) as c:
        r = c.post("/v1/filter", json={"image_base64": base64.b64encode(SAMPLE.read_bytes()).decode(),
                                       "task": task, "top_k": 8})
    assert r.status_code == 200, r.text
    served = r.json()
    assert [e["id"] for e in served["elements"]] == [e["id"] for e in cli["elements"]]
    assert [e["relevance"] for e in served["elements"]] == [e["relevance"] for e in cli["elements"]]
    assert len(cli["elements"]) == 8 and cli["task"] == served["task"] == task


def test_locate_route_and_logical_coordinates(parser):
    """POST /v1/locate finds what it is asked for; screen_scale answers in logical units."""
    from conftest import SAMPLE

    b64 = base64.b64encode(SAMPLE.read_bytes()).decode()
    with serve(parser) as c:
        r = c.post("/v1/locate", json={"image_base64": b64, "query": "Send now", "k": 3})
        assert r.status_code == 200, r.text
        best = r.json()["matches"][0]
        assert best["name"] == "Send now" and r.json()["screen"] == {"width": 1280, "height": 800}
        half = c.post("/v1/locate", json={"image_base64": b64, "query": "Send now", "screen_scale": 2}).json()
        assert half["screen"] == {"width": 640, "height": 400}
        assert abs(half["matches"][0]["center"][0] - best["center"][0] / 2) <= 1
        for body, status, needle in (({"image_base64": b64}, 422, "query"),
                                     ({"image_base64": b64, "query": "x", "k": 0}, 422, "'k'"),
                                     ({"image_base64": b64, "query": "x", "screen_scale": "big"}, 422, "screen_scale")):
            _assert_error(c.post("/v1/locate", json=body), status, needle)
