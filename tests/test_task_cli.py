"""`detact filter|prompt|script` end to end, against a local OpenAI-compatible chat server.

Hostile or broken LLM replies must be rejected with a one-line reason and exit 2 — and must
never run: several replies would create a marker file if executed, and the tests check that it
does not exist.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from detact.cli import main
from detact.elements import ParseResult
from detact.task.prompt import SECTION_COLOR, SECTION_ICON, SECTION_TEXT, estimate_tokens
from conftest import ROOT, draw_screen
from llm_server import ChatServer, Reply
from test_task_filter import MAIL_SCREEN

GOOD = "```python\nimport pyautogui\npyautogui.click(540, 441)\npyautogui.write('Thanks!')\n```"
TASK = "Click on 'Send'"


@pytest.fixture(autouse=True)
def _clean_llm_env(monkeypatch):
    for name in ("DETACT_LLM_BASE_URL", "DETACT_LLM_MODEL", "DETACT_LLM_API_KEY",
                 "DETACT_LLM_TIMEOUT", "DETACT_LLM_RETRIES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DETACT_LLM_BACKOFF", "0.01")   # keep retry tests fast


@pytest.fixture(scope="module")
def screen(tmp_path_factory, parser):
    """The drawn mail screen as PNG and as its parse JSON (800x500)."""
    folder = tmp_path_factory.mktemp("task_cli")
    rgb = draw_screen(MAIL_SCREEN, (800, 500))
    png = folder / "mail.png"
    Image.fromarray(rgb).save(png)
    parsed = folder / "mail.json"
    parsed.write_text(parser.parse(rgb).to_json())
    return {"png": png, "json": parsed, "dir": folder}


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = main([str(a) for a in argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_script_good_reply_gives_validated_script(screen, capsys):
    with ChatServer([GOOD]) as server:
        rc, out, err = run(capsys, "script", screen["json"], "--task", TASK,
                           "--llm-base-url", server.url, "--llm-model", "tiny")
    assert rc == 0, err
    assert out == 'import pyautogui\npyautogui.click(540, 441)\npyautogui.write("Thanks!")\n'
    prompt = server.requests[0]["messages"][0]["content"]
    assert server.requests[0]["model"] == "tiny"
    assert f"Task: {TASK}" in prompt and prompt.count("\nExample ") == 5
    assert '("Send", ' in prompt and "800x500 screen" in prompt


def test_script_json_format_from_a_real_image(screen, capsys):
    # IMAGE is a PNG here: the CLI parses it itself
    with ChatServer([GOOD]) as server:
        rc, out, err = run(capsys, "script", screen["png"], "--task", TASK, "--format", "json",
                           "--llm-base-url", server.url, "--device", "cpu")
    assert rc == 0, err
    doc = json.loads(out)
    assert [a["action"] for a in doc["actions"]] == ["click", "write"]
    assert doc["screen"] == {"width": 800, "height": 500}
    assert any(e["text"] == "Send" for e in doc["elements"])


def _marker(screen) -> Path:
    return screen["dir"] / "EXECUTED"


HOSTILE = [
    ("import os\nos.system('touch {m}')", "only `import pyautogui` is allowed"),
    ("import pyautogui\n__import__('os').system('touch {m}')", "only direct pyautogui"),
    ("exec(\"open('{m}', 'w')\")", "call to exec()"),
    ("eval(\"open('{m}', 'w')\")", "call to eval()"),
    ("open('{m}', 'w').write('x')", "only direct pyautogui"),
    ("open('{m}', 'w')", "call to open()"),
    ("pyautogui.__dict__['click'](10, 10)", "only direct pyautogui"),
    ("pyautogui.__dict__.get('os').system('touch {m}')", "only direct pyautogui"),
    ("for i in range(3):\n    pyautogui.click(10, 10)", "loops are not allowed"),
    ("go = lambda: open('{m}', 'w')\ngo()", "assignments are not allowed"),
    ("pyautogui.write(f\"{{open('{m}', 'w')}}\")", "f-strings are not allowed"),
    ("x = 540\npyautogui.click(x, 441)", "assignments are not allowed"),
    ("pyautogui.click(900, 441)", "x=900 is outside the 800x500 screen"),
    ("pyautogui.click(540, 99999999999)", "outside the 800x500 screen"),
    ("pyautogui.click(1e999, 10)", "not finite"),
    ("pyautogui.press('selfdestruct')", "unknown key 'selfdestruct'"),
    ("pyautogui.hotkey('ctrl', 'shift', 'nuke')", "unknown key 'nuke'"),
    ("Sorry, I cannot help with that.", "not valid Python"),
    ("", "empty reply"),
]


@pytest.mark.parametrize("reply, reason", HOSTILE)
def test_script_rejects_hostile_replies_without_running_them(screen, capsys, reply, reason):
    marker = _marker(screen)
    with ChatServer([reply.format(m=marker)]) as server:
        rc, out, err = run(capsys, "script", screen["json"], "--task", TASK,
                           "--llm-base-url", server.url)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("detact: error: script rejected:"), err
    assert reason in err, err
    assert not marker.exists()


@pytest.mark.parametrize("reply, reason", [
    (Reply(content="pyautogui.write('" + "A" * (10 * 1024 * 1024) + "')"), "over the limit"),
    (Reply(body=b'{"choices": [{"message": {"content": "pyautogui.write(\'\xff\')"}}]}'),
     "not valid UTF-8"),
    (Reply(body=json.dumps({"choices": [{"message": {"content": "pyautogui.write('\udcff')"}}]})
           .encode()), "not valid UTF-8"),
    (Reply(body=b"<html>502 bad gateway</html>"), "not JSON"),
])
def test_script_rejects_unusable_replies(screen, capsys, reply, reason):
    with ChatServer([reply]) as server:
        rc, out, err = run(capsys, "script", screen["json"], "--task", TASK,
                           "--llm-base-url", server.url)
    assert rc == 2 and out == "" and err.count("\n") == 1 and reason in err, err


def test_script_retries_429_then_succeeds(screen, capsys):
    with ChatServer([Reply(status=429, headers={"Retry-After": "0"}), GOOD]) as server:
        rc, out, err = run(capsys, "script", screen["json"], "--task", TASK,
                           "--llm-base-url", server.url)
    assert rc == 0, err
    assert len(server.requests) == 2 and out.startswith("import pyautogui\n")


def test_script_500_forever_errors_clearly(screen, capsys):
    with ChatServer([Reply(status=500)]) as server:
        rc, out, err = run(capsys, "script", screen["json"], "--task", TASK,
                           "--llm-base-url", server.url, "--llm-retries", "2")
    assert rc == 2 and len(server.requests) == 3
    assert "failed after 3 attempt(s); last error: HTTP 500" in err and err.count("\n") == 1


def test_script_timeout_errors_clearly(screen, capsys):
    with ChatServer([Reply(content=GOOD, delay=2.0)]) as server:
        rc, out, err = run(capsys, "script", screen["json"], "--task", TASK,
                           "--llm-base-url", server.url, "--llm-timeout", "0.3",
                           "--llm-retries", "0")
    assert rc == 2 and out == "" and "timed out after 0.3 s" in err and err.count("\n") == 1


def test_script_needs_an_endpoint_and_a_task(screen, capsys):
    rc, _, err = run(capsys, "script", screen["json"], "--task", TASK)
    assert rc == 2 and "no LLM endpoint configured" in err
    rc, _, err = run(capsys, "script", screen["json"], "--llm-base-url", "http://127.0.0.1:9/v1")
    assert rc == 2 and "--task is required" in err
    rc, _, err = run(capsys, "script")
    assert rc == 2 and "give an IMAGE" in err


def test_validate_files(screen, capsys, tmp_path):
    good = tmp_path / "good.py"
    good.write_text("import pyautogui\npyautogui.click(790, 10)\npyautogui.hotkey('Ctrl', 'S')\n")
    rc, out, _ = run(capsys, "script", "--validate", good, "--width", 800, "--height", 500)
    assert rc == 0 and out.splitlines()[-1] == 'pyautogui.hotkey("ctrl", "s")'
    rc, out, _ = run(capsys, "script", "--validate", good, "--format", "json")
    assert rc == 0 and json.loads(out)["actions"][0]["x"] == 790
    # the image's size bounds the coordinates when IMAGE is given
    wide = tmp_path / "wide.py"
    wide.write_text("pyautogui.click(1000, 10)\n")
    rc, _, err = run(capsys, "script", screen["json"], "--validate", wide)
    assert rc == 2 and "x=1000 is outside the 800x500 screen" in err
    huge = tmp_path / "huge.py"
    huge.write_bytes(b"#" * (10 * 1024 * 1024))
    rc, _, err = run(capsys, "script", "--validate", huge)
    assert rc == 2 and "is over the limit of 400,000" in err
    bad_utf8 = tmp_path / "bad.py"
    bad_utf8.write_bytes(b"pyautogui.write('\xc3\x28')\n")
    rc, _, err = run(capsys, "script", "--validate", bad_utf8)
    assert rc == 2 and "not valid UTF-8 (byte 0xc3 at offset 17)" in err
    rc, _, err = run(capsys, "script", "--validate", tmp_path / "missing.py")
    assert rc == 2 and "no such file" in err


def test_prompt_command_sections_examples_and_budget(screen, capsys):
    rc, out, err = run(capsys, "prompt", screen["json"], "--task", TASK)
    assert rc == 0, err
    assert out.count("\nExample ") == 5 and "Example 5:\nTask: " in out
    for section in (SECTION_TEXT, SECTION_ICON, SECTION_COLOR):
        assert out.count(section) == 1
    assert f"Task: {TASK}\nOutput Script:" in out and '("Send", ' in out
    full = estimate_tokens(out)
    budget = full - 40
    rc, small, err = run(capsys, "prompt", screen["json"], "--task", TASK, "--max-tokens", budget)
    assert rc == 0 and estimate_tokens(small) <= budget
    assert "dropped" in err and small.count("\nExample ") == 5 and f"Task: {TASK}" in small
    assert '("Send", ' in small                       # the most relevant element survives
    rc, _, err = run(capsys, "prompt", screen["json"], "--task", TASK, "--max-tokens", 50)
    assert rc == 2 and "too small" in err


def test_filter_command(screen, capsys):
    rc, out, err = run(capsys, "filter", screen["json"], "--task", "Click the blue button",
                       "--top-k", 3, "--format", "json")
    assert rc == 0, err
    doc = json.loads(out)
    assert doc["kept"] == 3 and doc["elements"][0]["text"] == "Send"
    rc, out, _ = run(capsys, "filter", screen["json"], "--task", "Click on 'Reply'")
    assert rc == 0 and out.splitlines()[1].rstrip().endswith("Reply")
    rc, _, err = run(capsys, "filter", screen["dir"] / "nope.png", "--task", "x")
    assert rc == 2 and "no such file" in err


def test_filter_command_llm_mode(screen, capsys):
    els = ParseResult.from_json(screen["json"].read_text()).elements
    i = next(n for n, e in enumerate(els) if e.text == "Reply")
    (x, y) = els[i].center
    with ChatServer([f"[{i}] (Reply, {x}, {y})\n[77] (Forward, 5, 5)"]) as server:
        rc, out, err = run(capsys, "filter", screen["json"], "--task", "Answer the mail", "--llm",
                           "--format", "json", "--llm-base-url", server.url)
    assert rc == 0, err
    doc = json.loads(out)
    assert doc["mode"] == "llm" and doc["hallucinated"] == 1
    assert [e["id"] for e in doc["elements"]] == [i]
    assert "dropped 1 element(s)" in err


def test_cli_subprocess_hostile_reply_is_not_executed(screen):
    """The real entry point in its own process, as an agent would call it (on the parse JSON;
    the in-process test above parses the PNG)."""
    marker = _marker(screen)
    reply = f"import pyautogui\nimport os\nos.system('touch {marker}')\npyautogui.click(10, 10)"
    with ChatServer([reply]) as server:
        proc = subprocess.run(
            [sys.executable, "-m", "detact.cli", "script", str(screen["json"]), "--task", TASK,
             "--device", "cpu"],
            capture_output=True, text=True, timeout=300, cwd=ROOT,
            env={**os.environ, "DETACT_LLM_BASE_URL": server.url})
    assert proc.returncode == 2, proc.stderr
    err = proc.stderr.strip().splitlines()
    assert err[-1] == "detact: error: script rejected: line 2: only `import pyautogui` is " \
                      "allowed, got `import os`"
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    assert not marker.exists()
