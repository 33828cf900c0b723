"""The ast-based PyAutoGUI validator: what it accepts, normalises and rejects (never runs)."""
from __future__ import annotations

import json

import pytest

from detact.errors import DetactError, RiskyScript, ScriptRejected
from detact.task.examples import load_builtin
from detact.task.keys import KEYBOARD_KEYS, normalize_key
from detact.task.script import (ALLOWED_ACTIONS, extract_code, render_script,
                                validate_script)

W, H = 1920, 1080


def test_good_script_becomes_actions_and_normalised_script():
    reply = """Sure! Here is the script:
```python
import pyautogui
pyautogui.click(100, 200)
pyautogui.click(x=5, y=6, clicks=2, button='right')
pyautogui.rightClick(300, 400)
pyautogui.doubleClick((7, 8))
pyautogui.moveTo(10.6, 20)
pyautogui.dragTo(812, 799, 'left')
pyautogui.scroll(-5)
pyautogui.hscroll(10, x=50, y=60)
pyautogui.write("Hello world", 0.1)
pyautogui.typewrite('abc')
pyautogui.typewrite(['a', 'Enter'])
pyautogui.press("ENTER")
pyautogui.press(["tab", "tab"], presses=1)
pyautogui.hotkey("Control", "shift", "T")
```
Let me know if you need anything else."""
    v = validate_script(reply, width=W, height=H)
    names = [a["action"] for a in v.actions]
    assert names == ["click", "click", "rightClick", "doubleClick", "moveTo", "dragTo", "scroll",
                     "hscroll", "write", "write", "press", "press", "press", "hotkey"]
    assert v.actions[0] == {"action": "click", "x": 100, "y": 200, "line": 2}
    assert v.actions[1]["clicks"] == 2 and v.actions[1]["button"] == "right"
    assert v.actions[4]["x"] == 11                      # floats rounded to pixels
    assert v.actions[5]["button"] == "left"             # the paper's dragTo(x, y, 'left')
    assert v.actions[8] == {"action": "write", "text": "Hello world", "interval": 0.1, "line": 10}
    assert v.actions[10]["keys"] == ["a", "enter"]
    assert v.actions[13]["keys"] == ["ctrl", "shift", "t"]
    script = v.script
    assert script.splitlines()[0] == "import pyautogui"
    assert 'pyautogui.dragTo(812, 799, button="left")' in script
    assert 'pyautogui.hotkey("ctrl", "shift", "t")' in script
    assert "pyautogui.hscroll(10, x=50, y=60)" in script
    json.dumps(v.to_dict())                             # JSON-able
    # the normalised script validates to the same actions (idempotent)
    again = validate_script(script, width=W, height=H)
    strip = lambda acts: [{k: x for k, x in a.items() if k != "line"} for a in acts]  # noqa: E731
    assert strip(again.actions) == strip(v.actions)
    assert again.script == script


def test_portable_rewrites():
    v = validate_script('pyautogui.write("Grüße")\npyautogui.write("plain")\n'
                        'pyautogui.scroll(-3, x=100, y=200)', width=W, height=H)
    p = v.portable()
    assert [a["action"] for a in p.actions] == ["paste", "write", "moveTo", "scroll"]
    lines = p.script.splitlines()
    assert 'pyperclip.copy("Grüße")' in lines and 'pyautogui.hotkey("ctrl", "v")' in lines
    assert lines[lines.index("pyautogui.moveTo(100, 200)") + 1] == "pyautogui.scroll(-3)"
    assert validate_script('pyautogui.write("x")').portable().script == v.portable().script.split(
        "\n")[0] + '\npyautogui.write("x")\n'


def test_fences_and_preamble_are_stripped():
    assert extract_code("```py\nimport pyautogui\npyautogui.press('a')\n```") == \
        "import pyautogui\npyautogui.press('a')"
    assert extract_code("Output Script:\npyautogui.press('a')") == "pyautogui.press('a')"
    # the block that mentions pyautogui wins over an explanation block
    reply = "```text\nsteps\n```\n```python\npyautogui.click(1, 2)\n```"
    assert validate_script(reply).actions[0]["x"] == 1
    # an unclosed fence still yields the code
    assert validate_script("```python\npyautogui.click(3, 4)\n").actions[0]["y"] == 4


MARKER_NOTE = "none of these may run; they are only parsed"


@pytest.mark.parametrize("source, reason", [
    ("import os\nos.system('touch /tmp/x')", "only `import pyautogui`"),
    ("__import__('os').system('id')", "only direct pyautogui"),
    ("__import__('os')", "call to __import__()"),
    ("exec('print(1)')", "call to exec()"),
    ("eval('1+1')", "call to eval()"),
    ("open('/tmp/x', 'w')", "call to open()"),
    ("pyautogui.__dict__['click'](1, 2)", "only direct pyautogui"),
    ("pyautogui.__dict__.get('click')(1, 2)", "only direct pyautogui"),
    ("pyautogui.click.__globals__", "attribute access"),
    ("'just text'", "bare expressions"),
    ("for i in range(3):\n    pyautogui.click(1, 2)", "loops"),
    ("while True:\n    pass", "loops"),
    ("pyautogui.click(*[1, 2])", "unpacking"),
    ("f = lambda: 0", "assignments"),
    ("pyautogui.click((lambda: 1)(), 2)", "nested calls"),
    ("pyautogui.press(lambda: 'a')", "lambdas"),
    ("pyautogui.write(f'{1+1}')", "f-strings"),
    ("x = 10\npyautogui.click(x, 10)", "assignments"),
    ("pyautogui.click(x, 10)", "variables"),
    ("pyautogui.click(1 + 2, 10)", "arithmetic"),
    ("pyautogui.click(5000, 10)", "outside the 1920x1080 screen"),
    ("pyautogui.click(10, -1)", "outside"),
    ("pyautogui.click(1e309, 10)", "not finite"),
    ("pyautogui.moveTo(10**9, 10)", "arithmetic"),
    ("pyautogui.scroll(99999999)", "outside"),
    ("pyautogui.click(10, 10, clicks=1000)", "clicks"),
    ("pyautogui.click(10, 10, duration=3600)", "duration"),
    ("pyautogui.press('launchmissiles')", "unknown key"),
    ("pyautogui.hotkey('ctrl', 'alt', 'kaboom')", "unknown key"),
    ("pyautogui.screenshot('x.png')", "not an allowed action"),
    ("pyautogui.click(10, 10, tween=1)", "no argument 'tween'"),
    ("pyautogui.click(10, 10, button='sideways')", "button must be"),
    ("import pyautogui as p\np.click(1, 2)", "only `import pyautogui`"),
    ("from pyautogui import click", "only `import pyautogui`"),
    ("if True:\n    pyautogui.click(1, 2)", "conditionals"),
    ("try:\n    pass\nexcept: pass", "try"),
    ("def f():\n    pass", "function definitions"),
    ("class A: pass", "class"),
    ("with open('x') as f: pass", "with"),
    ("pyautogui.click(True, 5)", "must be a number"),
    ("pyautogui.write(b'bytes')", "bytes literals"),
    ("pyautogui.write(None)", "NoneType"),
    ("pyautogui.click(x=1)", "both x and y"),
    ("pyautogui.click(1, 2, 3, 4, 'left', 0, 9)", "at most 6 positional"),
    ("pyautogui.click(1, 2, x=3)", "given twice"),
    ("pyautogui.click(**{'x': 1})", "**kwargs"),
    ("pyautogui.write('" + "a" * 6000 + "')", "over the limit"),
    ("pyautogui.click(1, 2", "not valid Python"),
    ("(" * 300 + ")" * 300, "not valid Python"),
    ("pyautogui.click(" + "9" * 5000 + ", 1)", "not valid Python"),
    ("import pyautogui", "no pyautogui actions"),
    ("", "empty"),
    ("x" * 10_000_000, "over the limit"),
    ("pyautogui.click(1, 2)\n" * 300, "lines"),
    ("pyautogui.write('\ud800')", "not valid UTF-8"),
    ("pyautogui.write('a\x00b')", "NUL"),
    # malformed values found by the hardening review (issue 16): one safe, printable line each
    ("import pyautogui\npyautogui.click(0x" + "f" * 4000 + ", 1)", "integer of about 4,817 digits> is too large"),
    ("pyautogui.click(1, 2, clicks=" + "9" * 200 + ")", "is too large (over 100 digits)"),
    ("pyautogui.click(1e999, -1e999)", "not finite"),
    ("pyautogui.write('\\ud800')", "unpaired surrogate (U+D800)"),
    ("pyautogui.press('\\udfff')", "unpaired surrogate"),
    ("pyautogui.press('" + "\u202e" * 100 + "')", "unknown key '\\u202e\\u202e"),
    ("pyautogui.click('" + "9" * 5000 + "', 1)", "x must be a number, got '9999"),
    ("pyautogui.click(\"\\u202eabc\", 1)", "got '\\u202eabc'"),
    ("# -*- coding: utf-7 -*-\npyautogui.click(1, 2)\n+AAo-import os", "declares source encoding 'utf-7'"),
    ("#!/usr/bin/env python\n# vim: set fileencoding=latin-1 :\npyautogui.click(1, 2)", "'latin-1'"),
    ("# coding: no-such-codec\npyautogui.click(1, 2)", "unknown source encoding"),
    ("```python\nimport os\nos.system('id')\n```\n```python\npyautogui.click(1, 2)\n```", "2 code blocks"),
    ("pyautogui.click(\u202e1, 2)", "not valid Python (invalid non-printable character U+202E)"),
])
def test_rejections_name_line_and_reason(source, reason):
    with pytest.raises(ScriptRejected) as err:
        validate_script(source, width=W, height=H)
    message = str(err.value)
    assert reason in message, message
    assert message.isprintable() and message.startswith("script rejected:") and len(message) < 400
    assert isinstance(err.value, DetactError) and not isinstance(err.value, RiskyScript)


def test_rejection_names_the_offending_line():
    with pytest.raises(ScriptRejected, match=r"line 3: call to eval\(\)"):
        validate_script("import pyautogui\npyautogui.click(1, 2)\neval('0')\n")


def test_invalid_utf8_bytes_rejected():
    with pytest.raises(ScriptRejected, match=r"not valid UTF-8 \(byte 0xff at offset 17\)"):
        validate_script(b"pyautogui.write('\xff\xfe')")


def test_screen_bounds_without_size_and_size_errors():
    assert validate_script("pyautogui.click(5000, 3000)").actions[0]["x"] == 5000
    with pytest.raises(ScriptRejected, match="outside 0..16384"):
        validate_script("pyautogui.click(20000, 3000)")
    with pytest.raises(ScriptRejected, match="both screen width and height"):
        validate_script("pyautogui.click(1, 1)", width=100)
    # the last pixel is inside, one past it is not (x1 exclusive)
    validate_script("pyautogui.click(1919, 1079)", width=W, height=H)
    with pytest.raises(ScriptRejected, match="x=1920"):
        validate_script("pyautogui.click(1920, 5)", width=W, height=H)


def test_key_list_matches_pyautogui_and_aliases():
    assert len(KEYBOARD_KEYS) == len(set(KEYBOARD_KEYS)) == 194
    for key in ("enter", "f12", "pagedown", "command", "option", "\t", "a", "9", "+"):
        assert normalize_key(key) == key
    assert normalize_key("Enter") == "enter" and normalize_key("Control") == "ctrl"
    assert normalize_key("cmd") == "command" and normalize_key("Q") == "q"
    assert normalize_key("hyperspace") is None and normalize_key("é") is None


def test_builtin_examples_are_valid_scripts_covering_every_action():
    examples = load_builtin()
    assert len(examples) >= 40
    used = {"desktop": set(), "web": set()}
    for ex in examples:
        v = validate_script(ex.script, width=W, height=H)
        for line in ex.script.splitlines()[1:]:
            used[ex.platform].add(line.split("(")[0].split(".")[1])
        assert v.actions
    for platform in ("desktop", "web"):
        missing = set(ALLOWED_ACTIONS) - used[platform] - {"typewrite"}
        assert not missing, f"{platform} examples lack {missing}"
    assert "typewrite" in used["desktop"] | used["web"]


def test_render_script_of_empty_list_is_just_the_import():
    assert render_script([]) == "import pyautogui\n"
