"""Read what a client sent: an image (multipart ``file``, JSON ``image_base64``, or a raw
``image/*`` body) or a parse JSON, plus option fields from the body and the query string.
Every problem is an `HTTPException` with a one-line reason."""
from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass, field

from fastapi import HTTPException, Request

from ..errors import InputTooLarge
from ..task.filter import ELEMENT_TEXT_FIELDS
from ..task.textmatch import MAX_ELEMENT_TEXT, check_task_length

_DATA_URL = re.compile(r"^data:[\w.+-]+/[\w.+-]+;base64,", re.IGNORECASE)
#: Form fields besides the file; bounds what a multipart body may make the server keep.
MAX_FORM_FIELDS = 32


@dataclass
class ClientInput:
    """An image's encoded bytes or a parse document, and the request's options."""

    image: bytes | None = None
    parse: dict | None = None
    options: dict = field(default_factory=dict)

    def text(self, name: str, default: str | None = None, choices: tuple[str, ...] | None = None) -> str | None:
        value = self.options.get(name, default)
        if value is None:
            return None
        if not isinstance(value, str):
            raise HTTPException(422, f"'{name}' must be a string")
        if choices and value not in choices:
            raise HTTPException(422, f"'{name}' must be one of {', '.join(choices)}; got {value!r}")
        return value

    def integer(self, name: str, default: int | None = None, lo: int = 1, hi: int = 1_000_000) -> int | None:
        value = self.options.get(name, default)
        if value is None:
            return None
        if isinstance(value, bool):
            raise HTTPException(422, f"'{name}' must be an integer")
        try:
            number = int(value)
        except (TypeError, ValueError, OverflowError):   # OverflowError: 1e400 is inf
            raise HTTPException(422, f"'{name}' must be an integer, got {str(value)[:40]!r}") from None
        if not lo <= number <= hi:
            raise HTTPException(422, f"'{name}' must be between {lo} and {hi}, got {number}")
        return number

    def number(self, name: str, default: float | None = None, lo: float = 0.0, hi: float = 1e6) -> float | None:
        value = self.options.get(name, default)
        if value is None:
            return None
        if isinstance(value, bool):
            raise HTTPException(422, f"'{name}' must be a number")
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise HTTPException(422, f"'{name}' must be a number, got {str(value)[:40]!r}") from None
        if not lo <= number <= hi:   # also refuses NaN and infinities
            raise HTTPException(422, f"'{name}' must be between {lo:g} and {hi:g}, got {str(value)[:40]}")
        return number

    def flag(self, name: str) -> bool:
        value = self.options.get(name, False)
        if isinstance(value, bool):
            return value
        return str(value).strip().lower() in ("1", "true", "yes", "on")

    def need_task(self) -> str:
        """The task, within `textmatch.MAX_TASK_CHARS` (`InputTooLarge`, 413, beyond)."""
        task = self.text("task")
        if not task or not task.strip():
            raise HTTPException(422, "'task' is required, e.g. \"Click on 'Save'\"")
        return check_task_length(task)

    def check_document(self, max_elements: int) -> None:
        """The work budget of a parse document: at most ``max_elements`` elements, text fields
        of at most `MAX_ELEMENT_TEXT` characters. Checked before the request queues for a
        slot, so an oversized document costs no model work (`InputTooLarge`, 413)."""
        if self.parse is None:
            return
        elements = self.parse.get("elements")
        if not isinstance(elements, list):
            return                        # ParseResult.from_dict says what is wrong
        if len(elements) > max_elements:
            raise InputTooLarge(f"'parse' has {len(elements):,} elements, over this server's limit "
                                f"of {max_elements:,}")
        for pos, el in enumerate(elements):
            if not isinstance(el, dict):
                continue
            for key in ELEMENT_TEXT_FIELDS:
                value = el.get(key)
                if isinstance(value, str) and len(value) > MAX_ELEMENT_TEXT:
                    raise InputTooLarge(f"'parse' element {pos}: {key} of {len(value):,} characters "
                                        f"is over the limit of {MAX_ELEMENT_TEXT:,}")


def _decode_base64(value) -> bytes:
    if not isinstance(value, str):
        raise HTTPException(400, "'image_base64' must be a string")
    text = _DATA_URL.sub("", value.strip(), count=1)
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise HTTPException(400, "'image_base64' is not valid base64") from None


async def _read_multipart(request: Request) -> ClientInput:
    form = await request.form(max_files=1, max_fields=MAX_FORM_FIELDS)
    options = {k: v for k, v in form.multi_items() if k != "file" and isinstance(v, str)}
    upload = form.get("file")
    if upload is None:
        if "parse" in options:
            return ClientInput(parse=_parse_doc(options.pop("parse")), options=options)
        raise HTTPException(400, "multipart body has no 'file' field (the image to parse)")
    if isinstance(upload, str):
        raise HTTPException(400, "'file' must be a file upload, not a text field")
    return ClientInput(image=await upload.read(), options=options)


def _json(raw: bytes | str, what: str):
    """``raw`` decoded as JSON; a 400 with one line for anything else. A document nested
    deeper than Python's recursion limit is a client error too, not a crash."""
    try:
        return json.loads(raw)
    except RecursionError:
        raise HTTPException(400, f"{what} is nested too deeply") from None
    except (ValueError, UnicodeDecodeError):
        raise HTTPException(400, f"{what} is not valid JSON") from None


def content_type(request: Request) -> str:
    """The request's media type, lower case, parameters dropped ("" when none is sent)."""
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


async def json_object(request: Request, example: str) -> dict:
    """The request body as a JSON object; a 400 with one line (``example`` says what to send)
    for invalid JSON or anything but an object."""
    doc = _json(await request.body(), "body")
    if not isinstance(doc, dict):
        raise HTTPException(400, f"JSON body must be an object{example}")
    return doc


def _parse_doc(value) -> dict:
    if isinstance(value, str):
        value = _json(value, "'parse'")
    if not isinstance(value, dict):
        raise HTTPException(422, "'parse' must be a detact/parse@2 (or @1) object")
    return value


async def read_input(request: Request, allow_parse: bool = False) -> ClientInput:
    """The image (or, with ``allow_parse``, a parse document) and options of ``request``.
    Query parameters are options too; body fields win over them."""
    ctype = content_type(request)
    query = dict(request.query_params)
    if ctype == "multipart/form-data":
        got = await _read_multipart(request)
    elif ctype == "application/json" or ctype.endswith("+json"):
        doc = await json_object(request, ", e.g. {\"image_base64\": \"...\"}")
        image = _decode_base64(doc.pop("image_base64")) if "image_base64" in doc else None
        parse = _parse_doc(doc.pop("parse")) if "parse" in doc else None
        got = ClientInput(image=image, parse=parse, options=doc)
    elif ctype.startswith("image/") or ctype == "application/octet-stream":
        got = ClientInput(image=await request.body())
    elif not ctype:
        raise HTTPException(415, "no Content-Type: send multipart/form-data with 'file', or "
                                 "application/json with 'image_base64'")
    else:
        raise HTTPException(415, f"unsupported Content-Type {ctype!r}: send multipart/form-data "
                                 "with 'file', or application/json with 'image_base64'")
    got.options = {**query, **got.options}
    if got.parse is not None and not allow_parse:
        raise HTTPException(422, "this route takes an image, not a parse document")
    if got.image is None and got.parse is None:
        what = "an image ('file' upload or 'image_base64')" + (" or a 'parse' document" if allow_parse else "")
        raise HTTPException(400, f"no input: send {what}")
    if got.image is not None and not got.image:
        raise HTTPException(422, "the image is empty (0 bytes)")
    return got
