"""Action formats of the validator (issue 15): PyAutoGUI with the meta actions WAIT / DONE / FAIL /
CALL_USER, and ScreenAgent's JSON action list read into and written from the same checked actions;
every bad input is one clear error (library, CLI exit 2, HTTP 4xx), never a crash, never run."""
from __future__ import annotations

import json

import pytest

from detact.cli import main
from detact.errors import RiskyScript, ScriptRejected
from detact.task.screenagent import dumps, to_screenagent
from detact.task.script import validate_script

# Every action of ScreenAgent's acting-phase prompt (its appendix), with numbers filled in.
SCREENAGENT = [
    {"action_type": "MouseAction", "mouse_action_type": "click", "mouse_button": "left",
     "mouse_position": {"width": 10, "height": 760}},
    {"action_type": "MouseAction", "mouse_action_type": "double_click", "mouse_button": "left",
     "mouse_position": {"width": 60, "height": 135}},
    {"action_type": "MouseAction", "mouse_action_type": "click", "mouse_button": "right",
     "mouse_position": {"width": 300, "height": 200}},
    {"action_type": "MouseAction", "mouse_action_type": "scroll_up", "scroll_repeat": 3},
    {"action_type": "MouseAction", "mouse_action_type": "scroll_down", "scroll_repeat": 2},
    {"action_type": "MouseAction", "mouse_action_type": "move", "mouse_position": {"width": 5, "height": 6}},
    {"action_type": "MouseAction", "mouse_action_type": "drag", "mouse_button": "left",
     "mouse_position": {"width": 700, "height": 500}},
    {"action_type": "KeyboardAction", "keyboard_action_type": "press", "keyboard_key": "Return"},
    {"action_type": "KeyboardAction", "keyboard_action_type": "press", "keyboard_key": "Ctrl+A"},
    {"action_type": "KeyboardAction", "keyboard_action_type": "text", "keyboard_text": "Hello, world!"},
    {"action_type": "WaitAction", "wait_time": 1.5},
]
SCRIPT = """import pyautogui
pyautogui.click(10, 760)
pyautogui.doubleClick(60, 135)
pyautogui.rightClick(300, 200)
pyautogui.scroll(3)
pyautogui.scroll(-2)
pyautogui.moveTo(5, 6)
pyautogui.dragTo(700, 500, button="left")
pyautogui.press("enter")
pyautogui.hotkey("ctrl", "a")
pyautogui.write("Hello, world!")
WAIT(1.5)
"""


def test_screenagent_round_trip_both_ways():
    checked = validate_script(json.dumps(SCREENAGENT), format="screenagent", width=1024, height=768)
    assert checked.script == SCRIPT                           # ScreenAgent -> PyAutoGUI
    assert checked.screenagent() == SCREENAGENT               # ... and back, unchanged
    again = validate_script(SCRIPT, width=1024, height=768)   # PyAutoGUI -> ScreenAgent -> PyAutoGUI
    assert again.screenagent() == SCREENAGENT
    back = validate_script(dumps(again.screenagent()), format="screenagent", width=1024, height=768)
    strip = lambda acts: [{k: v for k, v in a.items() if k != "line"} for a in acts]  # noqa: E731
    assert strip(back.actions) == strip(again.actions)
    assert [a["line"] for a in checked.actions] == list(range(1, len(SCREENAGENT) + 1))


def test_screenagent_reply_in_a_fence_keysyms_and_single_object():
    reply = ("My plan is to open the menu, so my action will be:\n```json\n"
             '[{"action_type":"KeyboardAction","keyboard_action_type":"press","keyboard_key":"Control_L+Shift_L+T"},'
             '{"action_type":"KeyboardAction","keyboard_action_type":"press","keyboard_key":"Page_Down"},'
             '{"action_type":"KeyboardAction","keyboard_action_type":"press","keyboard_key":"Ctrl+plus"}]\n```')
    acts = validate_script(reply, format="screenagent").actions
    assert [a["keys"] for a in acts] == [["ctrlleft", "shiftleft", "t"], ["pagedown"], ["ctrl", "+"]]
    one = validate_script('{"action_type":"WaitAction","wait_time":2}', format="screenagent")
    assert one.actions == [{"action": "WAIT", "seconds": 2, "line": 1}]


def test_to_screenagent_rewrites_and_refusals():
    acts = validate_script("import pyautogui\npyautogui.scroll(-4, x=10, y=20)\n"
                           "pyautogui.press(['a', 'tab'], presses=2)\npyautogui.click(1, 2, clicks=2)").actions
    out = to_screenagent(acts)
    assert out[0]["mouse_action_type"] == "move" and out[1] == {
        "action_type": "MouseAction", "mouse_action_type": "scroll_down", "scroll_repeat": 4}
    assert [o["keyboard_key"] for o in out[2:6]] == ["a", "Tab", "a", "Tab"]
    assert out[6]["mouse_action_type"] == "double_click"
    for script, needle in (("pyautogui.click()", "name a position"), ("pyautogui.hscroll(3)", "up and down"),
                           ("pyautogui.click(1, 1, clicks=3)", "clicks=3"), ("DONE", "no ScreenAgent form")):
        checked = validate_script("import pyautogui\n" + script)
        with pytest.raises(ScriptRejected, match=needle):
            checked.screenagent()


def _sa(*items) -> str:
    return json.dumps(list(items))


CLICK = {"action_type": "MouseAction", "mouse_action_type": "click", "mouse_button": "left",
         "mouse_position": {"width": 10, "height": 10}}


@pytest.mark.parametrize("text, needle", [
    ("", "empty input"),
    ("[{", "not valid JSON"),
    ('{"action_type": "MouseAction", "mouse_action_type": "click"', "not valid JSON"),
    ("[]", "the action list is empty"),
    ('"click"', "expected a list of actions"),
    ("[1]", "action 1: each action must be a JSON object"),
    (_sa({"mouse_action_type": "click"}), "missing 'action_type'"),
    (_sa({"action_type": "PlanAction", "element": "Open the browser"}), "not a screen action"),
    (_sa(CLICK, {"action_type": "MouseAction"}), "action 2: MouseAction is missing 'mouse_action_type'"),
    (_sa({"action_type": "MouseAction", "mouse_action_type": "click"}), "missing 'mouse_position'"),
    (_sa({**CLICK, "mouse_position": {"width": 10}}), "'mouse_position' is missing 'height'"),
    (_sa({**CLICK, "mouse_position": [10, 10]}), "'mouse_position' must be an object"),
    (_sa({**CLICK, "mouse_position": {"width": "ten", "height": 1}}), "must be a number"),
    (_sa({**CLICK, "mouse_position": {"width": 5000, "height": 1}}), "outside the 1024x768 screen"),
    (_sa({**CLICK, "mouse_button": "fourth"}), "'mouse_button' must be one of"),
    (_sa({**CLICK, "mouse_action_type": "triple_click"}), "unknown mouse_action_type"),
    (_sa({"action_type": "MouseAction", "mouse_action_type": "scroll_up"}), "missing 'scroll_repeat'"),
    (_sa({"action_type": "MouseAction", "mouse_action_type": "scroll_up", "scroll_repeat": 0}), "at least 1"),
    (_sa({"action_type": "KeyboardAction", "keyboard_action_type": "press"}), "missing 'keyboard_key'"),
    (_sa({"action_type": "KeyboardAction", "keyboard_action_type": "press", "keyboard_key": "Hyper_Q"}),
     "unknown key"),
    (_sa({"action_type": "KeyboardAction", "keyboard_action_type": "press", "keyboard_key": "Ctrl+"}),
     "empty key name"),
    (_sa({"action_type": "KeyboardAction", "keyboard_action_type": "text"}), "missing 'keyboard_text'"),
    (_sa({"action_type": "KeyboardAction", "keyboard_action_type": "type", "keyboard_text": "x"}),
     "unknown keyboard_action_type"),
    (_sa({"action_type": "WaitAction"}), "missing 'wait_time'"),
    (_sa({"action_type": "WaitAction", "wait_time": 1e9}), "outside"),
    ("[" * 5000 + "]" * 5000, "not valid JSON"),
    ('[{"action_type":"WaitAction","wait_time":' + "9" * 5000 + "}]", "not valid JSON"),
])
def test_bad_screenagent_json_is_one_clear_error(text, needle):
    with pytest.raises(ScriptRejected) as info:
        validate_script(text, format="screenagent", width=1024, height=768)
    message = str(info.value)
    assert needle in message and "\n" not in message and message.startswith("script rejected")


def test_screenagent_risks_are_the_validators():
    risky = _sa({"action_type": "KeyboardAction", "keyboard_action_type": "press", "keyboard_key": "Super+R"},
                {"action_type": "KeyboardAction", "keyboard_action_type": "text", "keyboard_text": "cmd"},
                {"action_type": "KeyboardAction", "keyboard_action_type": "press", "keyboard_key": "Return"})
    with pytest.raises(RiskyScript):
        validate_script(risky, format="screenagent")
    assert validate_script(risky, format="screenagent", allow_risky=True).risks


def test_meta_actions_validated_and_kept():
    checked = validate_script("```python\nimport pyautogui\npyautogui.click(5, 5)\nWAIT\nWAIT(2.5)\n"
                              "CALL_USER('Which file should I open?')\n```")
    assert [a["action"] for a in checked.actions] == ["click", "WAIT", "WAIT", "CALL_USER"]
    assert checked.actions[3]["text"] == "Which file should I open?"
    assert checked.script.splitlines()[2:] == ["WAIT", "WAIT(2.5)", 'CALL_USER("Which file should I open?")']
    assert validate_script("DONE").actions == [{"action": "DONE", "line": 1}]
    assert validate_script("```\nFAIL\n```").actions[0]["action"] == "FAIL"
    # waiting does not move the focus: text typed into a run dialog is still caught
    with pytest.raises(RiskyScript):
        validate_script("import pyautogui\npyautogui.hotkey('win', 'r')\nWAIT\npyautogui.write('cmd')\n"
                        "WAIT\npyautogui.press('enter')")


@pytest.mark.parametrize("script, needle", [
    ("DONE\npyautogui.click(1, 1)", "line 3: DONE ends the step"),
    ("FAIL\nDONE", "FAIL ends the step"),
    ("WAIT(100)", "seconds=100 is outside"),
    ("WAIT('soon')", "seconds must be a number"),
    ("DONE(1)", "DONE takes no arguments"),
    ("CALL_USER(1)", "CALL_USER needs a string"),
    ("CALL_USER('a', 'b')", "at most one argument"),
    ("WAIT(secs=1)", "WAIT has no argument 'secs'"),
    ("done", "bare expressions are not allowed"),
    ("DONE = 1", "assignments are not allowed"),
])
def test_bad_meta_actions(script, needle):
    with pytest.raises(ScriptRejected, match=needle):
        validate_script("import pyautogui\n" + script)


def test_unknown_format_name():
    with pytest.raises(ScriptRejected, match="unknown action format 'xml'; use pyautogui or screenagent"):
        validate_script("DONE", format="xml")


def test_cli_validate_formats(tmp_path, capsys):
    sa = tmp_path / "reply.json"
    sa.write_text(json.dumps(SCREENAGENT))
    base = ["script", "--validate", str(sa), "--width", "1024", "--height", "768"]
    assert main([*base, "--input-format", "screenagent"]) == 0
    assert capsys.readouterr().out == SCRIPT
    assert main([*base, "--input-format", "screenagent", "--format", "screenagent"]) == 0
    assert json.loads(capsys.readouterr().out) == SCREENAGENT
    assert main([*base, "--input-format", "screenagent", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["screenagent"] == SCREENAGENT and doc["actions"][0]["action"] == "click"
    py = tmp_path / "s.py"
    py.write_text(SCRIPT + "DONE\n")
    assert main(["script", "--validate", str(py), "--format", "pyautogui"]) == 0
    assert capsys.readouterr().out == SCRIPT + "DONE\n"

    sa.write_text('[{"action_type": "MouseAction", "mouse_action_type": "click"}]')
    assert main([*base, "--input-format", "screenagent"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "missing 'mouse_position'" in err
    assert main(["script", "--validate", str(py), "--format", "screenagent"]) == 2   # DONE has no form
    assert "DONE has no ScreenAgent form" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        main([*base, "--input-format", "xml"])
    assert info.value.code == 2 and "invalid choice: 'xml'" in capsys.readouterr().err


def test_http_validate_route(parser):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from detact.service import ServiceSettings, create_app

    app = create_app(ServiceSettings(preload_task_models=False), parsers=[parser])
    with TestClient(app, raise_server_exceptions=False) as client:
        r = client.post("/v1/validate", json={"script": json.dumps(SCREENAGENT), "format": "screenagent",
                                              "width": 1024, "height": 768})
        assert r.status_code == 200 and r.json()["script"] == SCRIPT and r.json()["screenagent"] == SCREENAGENT
        r = client.post("/v1/validate", json={"script": "import pyautogui\npyautogui.click(1, 1)\nDONE"})
        assert r.status_code == 200 and r.json()["actions"][-1]["action"] == "DONE"
        for body, status, needle in (
                ({"script": '[{"action_type": "WaitAction"}]', "format": "screenagent"}, 422, "wait_time"),
                ({"script": "[", "format": "screenagent"}, 422, "not valid JSON"),
                ({"script": "DONE", "format": "xml"}, 422, "'format' must be one of"),
                ({"format": "pyautogui"}, 422, "'script' is required"),
                ({"script": "import os\nos.system('x')"}, 422, "only `import pyautogui`")):
            r = client.post("/v1/validate", json=body)
            assert r.status_code == status and needle in r.json()["error"], (body, r.text)
        r = client.post("/v1/validate", content=b"{not json", headers={"content-type": "application/json"})
        assert r.status_code == 400
        r = client.post("/v1/validate", content=b"DONE", headers={"content-type": "text/plain"})
        assert r.status_code == 415
