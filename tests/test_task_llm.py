"""The OpenAI-compatible chat client against a local server: retries, caps, clear errors."""
from __future__ import annotations

import json
import time

import pytest

from detact.errors import LLMError
from detact.task.llm import ChatClient, LLMConfig, make_client
from llm_server import ChatServer, Reply

MSG = [{"role": "user", "content": "hi"}]


def client(server, **kw) -> ChatClient:
    cfg = dict(base_url=server.url, model="m", api_key="k", timeout=5, retries=2, backoff=0.01)
    cfg.update(kw)
    return ChatClient(LLMConfig(**cfg))


def test_reply_text_and_request_shape():
    with ChatServer(["hello there"]) as server:
        c = client(server, api_key="sekrit", model="my-model")
        assert c.chat(MSG) == "hello there"
    req = server.requests[0]
    assert req["model"] == "my-model" and req["messages"] == MSG and req["temperature"] == 0.0
    assert server.headers[0]["Authorization"] == "Bearer sekrit"


def test_429_then_200_is_retried_with_retry_after():
    waits = []
    with ChatServer([Reply(status=429, headers={"Retry-After": "0.05"}), "ok"]) as server:
        c = ChatClient(LLMConfig(base_url=server.url, retries=3, backoff=5.0),
                       sleep=lambda s: (waits.append(s), time.sleep(s)))
        assert c.chat(MSG) == "ok"
    assert len(server.requests) == 2 and c.attempts == 2
    assert waits == [0.05]          # the server's Retry-After, not our 5 s backoff


def test_500_forever_fails_clearly_after_retries():
    with ChatServer([Reply(status=500)]) as server:
        c = client(server, retries=2)
        t = time.perf_counter()
        with pytest.raises(LLMError) as err:
            c.chat(MSG)
    msg = str(err.value)
    assert "failed after 3 attempt(s)" in msg and "HTTP 500" in msg and "scripted error" in msg
    assert len(server.requests) == 3 and time.perf_counter() - t < 3


def test_client_errors_are_not_retried():
    with ChatServer([Reply(status=401, body=b'{"error": {"message": "bad key"}}')]) as server:
        with pytest.raises(LLMError, match="answered HTTP 401: bad key"):
            client(server).chat(MSG)
        assert len(server.requests) == 1


def test_oversized_reply_refused():
    big = "x" * (10 * 1024 * 1024)
    with ChatServer([big]) as server:
        with pytest.raises(LLMError, match="over the limit of 2,000,000 bytes"):
            client(server).chat(MSG)


@pytest.mark.parametrize("body, reason", [
    (b'{"choices": [{"message": {"content": "caf\xe9 \xff"}}]}', "not valid UTF-8"),
    (json.dumps({"choices": [{"message": {"content": "x\udcff"}}]}).encode(), "unpaired surrogate"),
    (b"<html>gateway</html>", "not JSON"),
    (b'{"result": "no choices"}', r"no choices\[0\]\.message\.content"),
    (b'{"choices": [{"message": {"content": 42}}]}', "not text"),
])
def test_unusable_bodies(body, reason):
    with ChatServer([Reply(body=body)]) as server:
        with pytest.raises(LLMError, match=reason):
            client(server).chat(MSG)


def test_timeout_is_reported():
    with ChatServer([Reply(content="late", delay=1.5)]) as server:
        with pytest.raises(LLMError, match="timed out after 0.3 s"):
            client(server, timeout=0.3, retries=1).chat(MSG)


def test_unreachable_and_unconfigured(monkeypatch):
    with ChatServer(["x"]) as server:
        url = server.url
    with pytest.raises(LLMError, match="cannot connect"):
        ChatClient(LLMConfig(base_url=url, retries=0)).chat(MSG)
    monkeypatch.delenv("DETACT_LLM_BASE_URL", raising=False)
    with pytest.raises(LLMError, match="no LLM endpoint configured"):
        make_client()
    with pytest.raises(LLMError, match="must start with http"):
        make_client(LLMConfig(base_url="ftp://x"))
    monkeypatch.setenv("DETACT_LLM_TIMEOUT", "soon")
    with pytest.raises(LLMError, match="DETACT_LLM_TIMEOUT"):
        LLMConfig.from_env()


def test_env_config_and_overrides(monkeypatch):
    monkeypatch.setenv("DETACT_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("DETACT_LLM_MODEL", "env-model")
    monkeypatch.setenv("DETACT_LLM_RETRIES", "5")
    cfg = LLMConfig.from_env(model="flag-model", api_key=None)
    assert (cfg.base_url, cfg.model, cfg.retries) == ("http://127.0.0.1:9/v1", "flag-model", 5)


def test_local_endpoint_bypasses_proxy_settings(monkeypatch):
    # a proxy that does not exist: the request only succeeds if it goes straight to 127.0.0.1
    monkeypatch.setenv("HTTP_PROXY", "http://127.0.0.1:9")
    monkeypatch.setenv("http_proxy", "http://127.0.0.1:9")
    with ChatServer(["direct"]) as server:
        assert client(server, retries=0).chat(MSG) == "direct"
