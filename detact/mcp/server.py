"""DetACT as a Model Context Protocol server (the official ``mcp`` SDK): the tools an agent
calls to see a screen. Tools read screenshots and return text, JSON and pictures; none of them
performs an action.

Tools:

* ``parse_screenshot``: the screen's elements as a table (OSWorld's accessibility-tree columns,
  or DetACT's JSON), and optionally the Set-of-Mark picture whose numbers are the ids;
* ``locate``: the elements a reference such as "the Save button" means, with click points;
* ``build_prompt``: the few-shot PyAutoGUI prompt for a task on the screen;
* ``validate_script``: check a PyAutoGUI script or a ScreenAgent JSON action list (never run it)
  and return its actions.

A screenshot is given as a file path or as base64 PNG/JPEG bytes. The last few parses are kept
(by the image's hash), so locating several things on one screen parses it once.
"""
from __future__ import annotations

import base64
import binascii
import io
import json
from collections import OrderedDict
from typing import Any

from ..build import ParserOptions
from ..errors import DetactError

#: Parses kept for follow-up calls on the same screenshot.
CACHE_SIZE = 4
#: Largest base64 screenshot accepted, in characters (about 30 MB of image).
MAX_BASE64_CHARS = 40_000_000


class ScreenTools:
    """What the tools do, without the protocol: one parser and task pipeline, loaded on first
    use and kept; parses cached by image hash."""

    def __init__(self, options: ParserOptions | None = None):
        self.options = options or ParserOptions()
        self._parser = None
        self._pipeline = None
        self._cache: OrderedDict[str, Any] = OrderedDict()

    @property
    def parser(self):
        if self._parser is None:
            from ..parser import Parser

            self._parser = Parser.from_options(self.options)
        return self._parser

    @property
    def pipeline(self):
        if self._pipeline is None:
            from ..task.pipeline import TaskPipeline

            self._pipeline = TaskPipeline(parser=self.parser)
        return self._pipeline

    def image(self, path: str | None, image_base64: str | None):
        """The RGB screenshot from exactly one of a path and base64 bytes."""
        from ..imageio import load_image

        if bool(path) == bool(image_base64):
            raise DetactError("give the screenshot as either 'path' or 'image_base64' (exactly one)")
        if path:
            return load_image(path)
        if len(image_base64) > MAX_BASE64_CHARS:
            raise DetactError(f"image_base64 is over {MAX_BASE64_CHARS:,} characters")
        text = image_base64.split(",", 1)[1] if image_base64.startswith("data:") else image_base64
        try:
            data = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise DetactError("image_base64 is not valid base64") from None
        return load_image(data)

    def parse(self, path: str | None, image_base64: str | None):
        """The parse of a screenshot, from the cache when the same image was parsed lately."""
        from ..imageio import image_sha256

        rgb = self.image(path, image_base64)
        key = image_sha256(rgb)
        if key in self._cache:
            self._cache.move_to_end(key)
            return rgb, self._cache[key]
        result = self.parser.parse(rgb)
        self._cache[key] = result
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return rgb, result


def _png(image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return buf.getvalue()


def build_server(tools: ScreenTools | None = None):
    """The MCP server with DetACT's four tools (an ``mcp.server.mcpserver.MCPServer``)."""
    from mcp.server.mcpserver import Image, MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    tools = tools or ScreenTools()
    server = MCPServer("detact", instructions=(
        "Screen perception for computer-use agents: parse a screenshot into UI elements (role, name, "
        "states, box, click point), locate an element by description, build a PyAutoGUI prompt, and "
        "validate a PyAutoGUI script. The tools never click or type; they only read."))

    def fail(exc: DetactError):
        raise ToolError(" ".join(str(exc).split())[:500]) from None

    @server.tool(description="Parse a screenshot (a file path or base64 PNG/JPEG) into its UI elements. "
                             "format: 'a11y' (tab-separated index, tag, name, text, x, y, w, h; the index is "
                             "the element id), 'table' or 'json' (detact/parse@2). With set_of_mark, also "
                             "returns the screenshot with each element's id drawn on it.")
    def parse_screenshot(path: str | None = None, image_base64: str | None = None, format: str = "a11y",
                         set_of_mark: bool = False) -> list:
        from ..annotate import annotate
        from ..formats import format_a11y, format_table

        if format not in ("a11y", "table", "json"):
            raise ToolError(f"unknown format {format!r}; use a11y, table or json")
        try:
            rgb, result = tools.parse(path, image_base64)
        except DetactError as exc:
            fail(exc)
        text = {"a11y": format_a11y, "table": format_table, "json": lambda r: r.to_json()}[format](result)
        out: list = [text]
        if set_of_mark:
            out.append(Image(data=_png(annotate(rgb, result.elements)), format="png"))
        return out

    @server.tool(description="Find the elements a phrase refers to ('the Save button', 'the trash icon', "
                             "'the search field', 'the red button', 'top right') on a screenshot; returns "
                             "the best k with scores, ids and click points (JSON).")
    def locate(query: str, path: str | None = None, image_base64: str | None = None, k: int = 5) -> str:
        try:
            _, result = tools.parse(path, image_base64)
            return json.dumps(tools.parser.locate(result, query, k).to_dict(), ensure_ascii=False)
        except DetactError as exc:
            fail(exc)

    @server.tool(description="Build the few-shot PyAutoGUI prompt for a task on a screenshot (the elements "
                             "the task needs, with click points, and similar solved examples).")
    def build_prompt(task: str, path: str | None = None, image_base64: str | None = None, top_k: int = 15,
                     max_tokens: int | None = None) -> str:
        try:
            _, result = tools.parse(path, image_base64)
            prompt, _ = tools.pipeline.prompt(result, task, top_k=top_k, max_tokens=max_tokens)
            return prompt.text
        except DetactError as exc:
            fail(exc)

    @server.tool(description="Validate a script without running it: only whitelisted pyautogui calls with "
                             "literal arguments pass (plus the meta actions WAIT, DONE, FAIL, CALL_USER), "
                             "coordinates must lie on the screen. format: 'pyautogui' (default) or "
                             "'screenagent' (ScreenAgent's JSON action list). Returns the normalised script, "
                             "its actions and, for screenagent, the normalised action list (JSON), or why it "
                             "was rejected.")
    def validate_script(script: str, width: int | None = None, height: int | None = None,
                        format: str = "pyautogui") -> str:
        from ..task.script import validate_script as validate

        try:
            checked = validate(script, width=width, height=height, format=format)
            doc = checked.to_dict()
            if format == "screenagent":
                doc["screenagent"] = checked.screenagent()
        except DetactError as exc:
            fail(exc)
        return json.dumps(doc, ensure_ascii=False)

    return server
