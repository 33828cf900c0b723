"""The FastAPI application: routes, error mapping and the lifespan that loads models once."""
from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from typing import Literal, Sequence

import numpy as np
from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel
from starlette.requests import ClientDisconnect

from .. import __version__
from ..elements import ParseResult
from ..errors import (DetactError, DocumentError, ImageError, ImageTooLarge, InputTooLarge, LLMError,
                      ModelUnavailable, RiskyScript, ScriptRejected)
from .middleware import ApiKeyMiddleware, BodyLimitMiddleware
from .requests import ClientInput, content_type, json_object, read_input
from .runtime import Busy, Runtime, TimedOut, make_task_context
from .settings import ServiceSettings

log = logging.getLogger("detact.service")

PARSE_FORMATS = ("json", "prompt", "table")


class ErrorBody(BaseModel):
    """Every error answer: one line saying what is wrong."""

    error: str


_ERRORS = {status: {"model": ErrorBody, "description": text} for status, text in (
    (400, "malformed request (no image, bad JSON or base64)"),
    (401, "missing or wrong API key (when DETACT_API_KEY is set)"),
    (408, "the request head or body was not received in time (slow client)"),
    (413, "body, image, task or parse document over the server's limits"),
    (415, "unsupported Content-Type"),
    (422, "the image cannot be decoded, an option is invalid, or a script was rejected "
          "(risky scripts also list their \"risks\")"),
    (503, "the wait queue is full or no slot came free in time (retry later; see Retry-After)"),
    (504, "the request ran past the server's timeout"),
)}


def _body_doc(fields: dict, allow_parse: bool) -> dict:
    """OpenAPI request body for routes that read the body themselves (multipart or JSON)."""
    image = {"image_base64": {"type": "string", "description": "the image file, base64 "
                              "(a data: URL prefix is accepted)"}}
    if allow_parse:
        image["parse"] = {"type": "object", "description": "a detact/parse@2 (or @1) document "
                          "instead of an image"}
    return {"requestBody": {"required": True, "content": {
        "multipart/form-data": {"schema": {"type": "object", "required": ["file"], "properties": {
            "file": {"type": "string", "format": "binary"}, **fields}}},
        "application/json": {"schema": {"type": "object", "properties": {**image, **fields}}},
        "image/png": {"schema": {"type": "string", "format": "binary"}},
    }}}


_TASK_FIELDS = {"task": {"type": "string", "description": "what to do on the screen"},
                "top_k": {"type": "integer", "default": 15, "description": "elements kept"}}


def error_status(exc: DetactError) -> int:
    """HTTP status for a DetACT error: the client's fault is 4xx, upstream trouble 5xx."""
    if isinstance(exc, (ImageTooLarge, InputTooLarge)):
        return 413
    if isinstance(exc, (ImageError, ScriptRejected)):
        return 422
    if isinstance(exc, LLMError):
        return 502
    if isinstance(exc, ModelUnavailable):
        return 503
    return 400


def _one_line(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text[:limit]


def _build_parsers(settings: ServiceSettings) -> list:
    from ..parser import Parser

    parsers = [Parser.from_options(settings.parser_options()) for _ in range(settings.parsers)]
    warm = np.full((64, 64, 3), 255, np.uint8)   # first calls initialise lazy model state
    for p in parsers:
        p.parse(warm)
    return parsers


def _llm_config():
    from ..task.llm import LLMConfig

    try:
        return LLMConfig.from_env()
    except LLMError as exc:
        log.warning("LLM configuration ignored: %s", exc)
        return LLMConfig()


def create_app(settings: ServiceSettings | None = None, *, parsers: Sequence | None = None,
               task_context=None) -> FastAPI:
    """The DetACT HTTP API. Models load in the lifespan (once per process) unless
    ``parsers`` (and ``task_context``) are given, e.g. to share them between several apps."""
    settings = settings or ServiceSettings()
    settings.check()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        ps = list(parsers) if parsers else await asyncio.to_thread(_build_parsers, settings)
        ctx = task_context
        if ctx is None and settings.preload_task_models:
            try:
                ctx = await asyncio.to_thread(make_task_context, ps[0].device, True)
            except DetactError as exc:  # parsing still works without the task models
                log.warning("task models not loaded: %s", exc)
        runtime = Runtime(ps, settings.max_concurrency, settings.timeout, settings.max_pixels, ctx,
                          queue_size=settings.queue_size, queue_wait=settings.queue_wait)
        app.state.runtime = runtime
        app.state.llm = _llm_config()
        log.info("detact serve ready: %s", runtime.backends)
        try:
            yield
        finally:
            # uvicorn has already waited for in-flight requests; let their threads finish
            await asyncio.to_thread(runtime.shutdown)

    app = FastAPI(title="DetACT", version=__version__, lifespan=lifespan,
                  description="Screen parsing for computer-use agents: screenshot -> UI elements "
                              "(text, icons, regions, colours, pixel boxes), task filter, few-shot "
                              "prompt and validated PyAutoGUI script. Errors answer "
                              "`{\"error\": \"one line\"}`.")
    app.state.settings = settings
    app.add_middleware(BodyLimitMiddleware, limit=settings.max_body_bytes, timeout=settings.body_timeout)
    api_key = settings.api_key
    if api_key:
        app.add_middleware(ApiKeyMiddleware, api_key=api_key)  # outermost: checked first
    _install_error_handlers(app)
    _install_routes(app)
    _install_validate_route(app)
    return app


def _install_error_handlers(app: FastAPI) -> None:
    def err(status: int, message: str, headers: dict | None = None) -> JSONResponse:
        return JSONResponse({"error": _one_line(message)}, status_code=status, headers=headers)

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException):
        return err(exc.status_code, str(exc.detail), getattr(exc, "headers", None))

    from starlette.exceptions import HTTPException as StarletteHTTPException

    @app.exception_handler(StarletteHTTPException)
    async def _starlette_http(request: Request, exc: StarletteHTTPException):
        return err(exc.status_code, str(exc.detail), getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError):
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()) if x not in ("query", "body"))
        return err(422, f"{where}: {first.get('msg', 'invalid request')}" if where else
                   first.get("msg", "invalid request"))

    @app.exception_handler(DetactError)
    async def _detact(request: Request, exc: DetactError):
        if isinstance(exc, RiskyScript):   # the risks are listed in the answer either way
            return JSONResponse({"error": _one_line(exc), "risks": [r.to_dict() for r in exc.risks]},
                                status_code=422)
        return err(error_status(exc), str(exc))

    @app.exception_handler(ClientDisconnect)
    async def _gone(request: Request, exc: ClientDisconnect):
        # The client hung up while sending: nobody to answer, nothing went wrong here.
        log.info("client disconnected during %s %s", request.method, request.url.path)
        return Response(status_code=400)

    @app.exception_handler(Busy)
    async def _busy(request: Request, exc: Busy):
        return err(503, f"server busy: {exc}; retry in {exc.retry_after} s",
                   {"Retry-After": str(exc.retry_after)})

    @app.exception_handler(TimedOut)
    async def _timeout(request: Request, exc: TimedOut):
        return err(504, f"request took longer than {request.app.state.runtime.timeout:g} s")

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception):
        log.exception("internal error on %s", request.url.path)
        return err(500, f"internal error ({type(exc).__name__}); see the server log")


async def _read_task_input(request: Request) -> ClientInput:
    """What a task route reads: the input with its task, both checked against the work budget
    before the request waits for a slot."""
    got = await read_input(request, allow_parse=True)
    got.need_task()
    got.check_document(request.app.state.settings.max_elements)
    return got


def _screen_parse(runtime: Runtime, got: ClientInput) -> ParseResult:
    """The parse for a task route: parse the image, or read the client's parse document."""
    if got.parse is not None:
        try:
            return ParseResult.from_dict(got.parse)
        except DocumentError as exc:
            raise DocumentError(f"'parse' is not a valid parse document: {_one_line(exc, 160)}") from None
    return runtime.parse_bytes(got.image)


def _need_llm(request: Request):
    cfg = request.app.state.llm
    if not cfg.base_url:
        raise HTTPException(501, "no LLM endpoint configured on this server (set "
                                 "DETACT_LLM_BASE_URL, DETACT_LLM_MODEL before `detact serve`)")
    return cfg


def _install_validate_route(app: FastAPI) -> None:
    @app.post("/v1/validate", summary="validate a PyAutoGUI script or ScreenAgent action list (never run)",
              responses=_ERRORS,
              openapi_extra={"requestBody": {"required": True, "content": {"application/json": {"schema": {
                  "type": "object", "required": ["script"], "properties": {
                      "script": {"type": "string", "description": "the script, an LLM reply holding one, "
                                 "or (format=screenagent) a ScreenAgent JSON action list"},
                      "format": {"type": "string", "enum": ["pyautogui", "screenagent"], "default": "pyautogui"},
                      "width": {"type": "integer"}, "height": {"type": "integer"},
                      "portable": {"type": "boolean"}, "allow_risky": {"type": "boolean", "default": False}}}}}}})
    async def validate_route(request: Request):
        if content_type(request) != "application/json":
            raise HTTPException(415, "send application/json: {\"script\": \"...\", \"format\": \"pyautogui\"}")
        doc = await json_object(request, " with 'script'")
        got = ClientInput(options={**dict(request.query_params), **doc})
        script = got.options.get("script")
        if not isinstance(script, str):
            raise HTTPException(422, "'script' is required and must be a string")
        fmt = got.text("format", "pyautogui", ("pyautogui", "screenagent"))
        width, height = got.integer("width", None, 1, 100_000), got.integer("height", None, 1, 100_000)
        from ..task.script import validate_script

        checked = validate_script(script, width=width, height=height, format=fmt,
                                  allow_risky=got.flag("allow_risky"))
        checked = checked.portable() if got.flag("portable") else checked
        return {**checked.to_dict(), **({"screenagent": checked.screenagent()} if fmt == "screenagent" else {})}


def _install_routes(app: FastAPI) -> None:
    @app.get("/healthz", summary="liveness and readiness")
    async def healthz(request: Request) -> dict:
        rt: Runtime = request.app.state.runtime
        return {"status": "ok", "version": __version__, "backends": rt.backends,
                "busy": rt.busy, "queued": rt.queued, "max_concurrency": rt.max_concurrency,
                "served": rt.served}

    @app.post("/v1/parse", summary="parse a screenshot into UI elements",
              responses={200: {"description": "a detact/parse@2 document (format=json), or text "
                                              "(format=prompt|table)"}, **_ERRORS},
              openapi_extra=_body_doc({"format": {"type": "string", "enum": list(PARSE_FORMATS)}},
                                      allow_parse=False))
    async def parse(request: Request,
                    format: Literal["json", "prompt", "table"] | None = Query(
                        None, description="json (default), prompt or table")):
        got = await read_input(request)
        fmt = got.text("format", format or "json", PARSE_FORMATS)
        rt: Runtime = request.app.state.runtime
        result = await rt.run(rt.parse_bytes, got.image)
        if fmt == "json":
            return JSONResponse(result.to_dict())
        from ..formats import format_prompt, format_table

        return PlainTextResponse((format_prompt if fmt == "prompt" else format_table)(result) + "\n")

    @app.post("/v1/filter", summary="keep the elements a task needs (offline MiniLM + lexical, or LLM)",
              responses=_ERRORS,
              openapi_extra=_body_doc({**_TASK_FIELDS, "mode": {"type": "string", "enum": ["offline", "llm"]}},
                                      allow_parse=True))
    async def filter_route(request: Request):
        got = await _read_task_input(request)
        task = got.need_task()
        top_k = got.integer("top_k", 15, 1, 1000)
        mode = got.text("mode", "offline", ("offline", "llm"))
        llm = _need_llm(request) if mode == "llm" else None
        rt: Runtime = request.app.state.runtime

        def work():
            from ..task.llm import ChatClient
            from ..task.pipeline import TaskPipeline, filter_response

            screen = _screen_parse(rt, got)
            with rt.task() as ctx:
                res = TaskPipeline(ctx).filter(screen, task, top_k=top_k, mode=mode,
                                               llm=ChatClient(llm) if llm is not None else None)
            return filter_response(task, screen, res)

        return await rt.run(work)

    @app.post("/v1/locate", summary="find the elements a phrase refers to ('the Save button', 'the trash icon')",
              responses=_ERRORS,
              openapi_extra=_body_doc({"query": {"type": "string", "description": "what to find"},
                                       "k": {"type": "integer", "default": 5},
                                       "screen_scale": {"type": "number", "description": "HiDPI factor: answer "
                                                        "in logical coordinates"}}, allow_parse=True))
    async def locate_route(request: Request):
        got = await read_input(request, allow_parse=True)
        got.check_document(request.app.state.settings.max_elements)
        query = got.text("query")
        if not query or not query.strip():
            raise HTTPException(422, "'query' is required, e.g. \"the Save button\"")
        k = got.integer("k", 5, 1, 100)
        scale = got.number("screen_scale", None, 0.25, 8.0)
        rt: Runtime = request.app.state.runtime

        def work():
            from ..scale import to_logical

            screen = _screen_parse(rt, got)
            if scale is not None and screen.screen_scale == 1.0:
                screen = to_logical(screen, scale)
            with rt.task() as ctx:
                from ..task.pipeline import TaskPipeline

                found = TaskPipeline(ctx).locate(screen, query, k)
            width, height = screen.screen_size
            return {**found.to_dict(), "screen": {"width": width, "height": height}}

        return await rt.run(work)

    @app.post("/v1/prompt", summary="build the few-shot script prompt for a task",
              responses=_ERRORS,
              openapi_extra=_body_doc({**_TASK_FIELDS, "max_tokens": {"type": "integer"}}, allow_parse=True))
    async def prompt_route(request: Request):
        got = await _read_task_input(request)
        task = got.need_task()
        top_k = got.integer("top_k", 15, 1, 1000)
        max_tokens = got.integer("max_tokens", None, 1, 1_000_000)
        rt: Runtime = request.app.state.runtime

        def work():
            from ..task.pipeline import TaskPipeline, prompt_response

            screen = _screen_parse(rt, got)
            with rt.task() as ctx:
                prompt, _ = TaskPipeline(ctx).prompt(screen, task, top_k=top_k, max_tokens=max_tokens)
            return prompt_response(task, prompt)

        return await rt.run(work)

    @app.post("/v1/script", summary="write a validated PyAutoGUI script for a task (needs an LLM)",
              responses={**_ERRORS, 501: {"model": ErrorBody, "description": "no LLM configured"},
                         502: {"model": ErrorBody, "description": "the LLM endpoint failed"}},
              openapi_extra=_body_doc({**_TASK_FIELDS, "max_tokens": {"type": "integer"},
                                       "filter": {"type": "string", "enum": ["offline", "llm"]},
                                       "portable": {"type": "boolean"},
                                       "format": {"type": "string", "enum": ["pyautogui", "screenagent"],
                                                  "description": "screenagent: the answer also holds "
                                                  "the actions as ScreenAgent's JSON list"},
                                       "allow_risky": {"type": "boolean", "default": False,
                                                       "description": "accept a script with risky "
                                                       "actions (listed in \"risks\" either way)"}},
                                      allow_parse=True))
    async def script_route(request: Request):
        got = await _read_task_input(request)
        task = got.need_task()
        top_k = got.integer("top_k", 15, 1, 1000)
        max_tokens = got.integer("max_tokens", None, 1, 1_000_000)
        filter_mode = got.text("filter", "offline", ("offline", "llm"))
        portable = got.flag("portable")
        allow_risky = got.flag("allow_risky")
        fmt = got.text("format", "pyautogui", ("pyautogui", "screenagent"))
        llm = _need_llm(request)
        rt: Runtime = request.app.state.runtime

        def work():
            from ..task.pipeline import TaskPipeline

            screen = _screen_parse(rt, got)
            with rt.task() as ctx:
                result = TaskPipeline(ctx).script(screen, task, llm=llm, top_k=top_k,
                                                  max_tokens=max_tokens, filter_mode=filter_mode,
                                                  portable=portable, allow_risky=allow_risky)
            risks = result.validated.risks
            extra = {"screenagent": result.validated.screenagent()} if fmt == "screenagent" else {}
            return {**result.to_dict(), "risky": bool(risks), "risks": [r.to_dict() for r in risks], **extra}

        return await rt.run(work)
