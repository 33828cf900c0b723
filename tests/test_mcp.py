"""``detact mcp`` driven by the MCP SDK's own client over stdio: the four tools are listed, a
parse of the bundled sample comes back (with its Set-of-Mark picture), locate finds what it is
asked for, scripts are validated (never run), and bad calls get one clear error each while the
server keeps serving."""
from __future__ import annotations

import base64
import json
import os
import sys

import pytest

from conftest import ROOT, SAMPLE

mcp = pytest.importorskip("mcp")

pytestmark = pytest.mark.slow


def _server():
    from mcp.client.stdio import StdioServerParameters

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return StdioServerParameters(command=sys.executable, args=["-m", "detact.cli", "mcp", "--segmenter", "cv",
                                                                "--device", "cpu"], env=env, cwd=str(ROOT))


def _text(result) -> str:
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


def test_mcp_client_over_stdio(tmp_path):
    import anyio
    from mcp import Client

    marker = tmp_path / "EXECUTED"

    async def session():
        async with Client(_server(), read_timeout_seconds=240) as client:
            tools = {t.name for t in (await client.list_tools()).tools}
            assert tools == {"parse_screenshot", "locate", "build_prompt", "validate_script"}

            parsed = await client.call_tool("parse_screenshot", {"path": str(SAMPLE), "set_of_mark": True})
            assert not parsed.is_error, _text(parsed)
            rows = [r.split("\t") for r in _text(parsed).splitlines()]
            assert rows[0][:3] == ["index", "tag", "name"] and any(r[2] == "Send now" for r in rows[1:])
            images = [c for c in parsed.content if getattr(c, "type", "") == "image"]
            assert len(images) == 1 and base64.b64decode(images[0].data)[:8] == b"\x89PNG\r\n\x1a\n"

            b64 = base64.b64encode(SAMPLE.read_bytes()).decode()
            found = await client.call_tool("locate", {"query": "Send now", "image_base64": b64, "k": 3})
            best = json.loads(_text(found))["matches"][0]
            assert best["name"] == "Send now" and 240 <= best["center"][0] <= 340 and 380 <= best["center"][1] <= 420

            prompt = await client.call_tool("build_prompt", {"task": "Click on 'Send now'", "path": str(SAMPLE)})
            assert "Task: Click on 'Send now'" in _text(prompt)

            ok = await client.call_tool("validate_script", {"script": "import pyautogui\npyautogui.click(10, 20)",
                                                            "width": 100, "height": 100})
            action = json.loads(_text(ok))["actions"][0]
            assert (action["action"], action["x"], action["y"]) == ("click", 10, 20)
            sa = ('[{"action_type":"MouseAction","mouse_action_type":"click","mouse_button":"left",'
                  '"mouse_position":{"width":10,"height":20}}]')
            conv = await client.call_tool("validate_script", {"script": sa, "format": "screenagent"})
            doc = json.loads(_text(conv))
            assert doc["script"].endswith("pyautogui.click(10, 20)\n") and json.loads(sa) == doc["screenagent"]
            hostile = f"import os\nos.system('touch {marker}')"
            bad = await client.call_tool("validate_script", {"script": hostile})
            assert bad.is_error and "\n" not in _text(bad).strip()

            # malformed calls: one clear error each, and the server still answers afterwards
            for name, args, needle in (
                    ("parse_screenshot", {}, "exactly one"),
                    ("parse_screenshot", {"path": str(tmp_path / "missing.png")}, "no such file"),
                    ("parse_screenshot", {"image_base64": "!!!"}, "not valid base64"),
                    ("parse_screenshot", {"path": str(SAMPLE), "format": "xml"}, "unknown format"),
                    ("locate", {"query": "", "path": str(SAMPLE)}, "empty"),
                    ("validate_script", {"script": "DONE", "format": "xml"}, "unknown action format"),
                    ("validate_script", {"script": '[{"action_type": "MouseAction", "mouse_action_type": '
                                                   '"click"}]', "format": "screenagent"}, "missing 'mouse_position'"),
                    ("validate_script", {"script": "[", "format": "screenagent"}, "not valid JSON"),
                    ("validate_script", {"script": 5}, ""),
                    ("no_such_tool", {}, "")):
                r = await client.call_tool(name, args)
                assert r.is_error and needle.lower() in _text(r).lower(), (name, _text(r))
            again = await client.call_tool("locate", {"query": "Cancel", "path": str(SAMPLE)})
            assert json.loads(_text(again))["matches"][0]["name"] == "Cancel"

    anyio.run(session)
    assert not marker.exists()
