"""Malformed parse documents (parse@2 and @1) handed to the task commands and the service:
one clear line and exit 2, or a 4xx JSON error; never a traceback."""
from __future__ import annotations

import json

import pytest

from detact.cli import main

GOOD = {"schema": "detact/parse@2", "image": {"width": 800, "height": 600, "sha256": ""},
        "elements": [{"id": 0, "kind": "text", "text": "Save", "bbox": [10, 10, 60, 30], "role": "button",
                      "states": [], "name": "Save", "parent": None}],
        "containers": []}


def _with(**changes):
    doc = json.loads(json.dumps(GOOD))
    for key, value in changes.items():
        if key == "element":
            doc["elements"][0].update(value)
        else:
            doc[key] = value
    return doc


BAD = [
    (_with(element={"states": ["checked", "on fire"]}), "unknown state"),
    (_with(element={"states": "checked"}), "states must be a list"),
    (_with(element={"parent": "toolbar"}), "element 0"),
    (_with(element={"bbox": [10, 10, 5, 5]}), "inverted"),
    (_with(containers=[{"id": 0, "bbox": [0, 0, 100, 100], "role": "toolbar"}]), "container ids"),
    (_with(containers={"id": 5}), "'containers' must be a list"),
    (_with(image={"width": 800, "height": 600, "screen_scale": 1e9}), "screen_scale"),
    (_with(schema="detact/parse@3"), "not a detact/parse@1 or @2"),
]


@pytest.mark.parametrize("doc, needle", BAD)
def test_prompt_command_refuses_malformed_documents(tmp_path, capsys, doc, needle):
    path = tmp_path / "parse.json"
    path.write_text(json.dumps(doc))
    assert main(["prompt", str(path), "--task", "Click on 'Save'"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err and "Traceback" not in err


def test_prompt_command_refuses_text_that_is_not_json(tmp_path, capsys):
    path = tmp_path / "parse.json"
    path.write_text("{not json")
    assert main(["prompt", str(path), "--task", "Click on 'Save'"]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_good_document_builds_a_prompt(tmp_path, capsys):
    path = tmp_path / "parse.json"
    path.write_text(json.dumps(GOOD))
    assert main(["prompt", str(path), "--task", "Click on 'Save'"]) == 0
    assert '("Save", button, 35, 20)' in capsys.readouterr().out


def test_service_answers_400_for_malformed_documents(parser):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from detact.service import ServiceSettings, create_app

    app = create_app(ServiceSettings(preload_task_models=False), parsers=[parser])
    with TestClient(app, raise_server_exceptions=False) as c:
        for doc, needle in BAD:
            r = c.post("/v1/prompt", json={"parse": doc, "task": "Click on 'Save'"})
            assert 400 <= r.status_code < 500, (needle, r.status_code, r.text)
            body = r.json()
            assert set(body) == {"error"} and needle in body["error"] and "\n" not in body["error"]
