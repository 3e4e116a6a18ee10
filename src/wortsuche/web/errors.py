"""Refusals: :class:`ApiError` and the handlers that turn every refusal into ``{"error", "field"}``.

``error`` is said in the reader's language (``?lang=``, else ``Accept-Language``, as the pages
choose it): the message as raised is English, and a refusal that names its catalogue entry
(``key``, ``values``) is said from the catalogue in German. ``code`` carries that key for
programs that want to tell refusals apart.

Errors keep their kind: a user's mistake (:class:`~wortsuche.errors.UserError`) is a 422 in the
reader's language; a bug (:class:`~wortsuche.errors.InternalError`) is a 500 that says only
that the server failed, and goes to the log with its traceback (:func:`server_failed`).
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from wortsuche.errors import InternalError
from wortsuche.i18n import DEFAULT_LANGUAGE, translator
from wortsuche.notes import Note
from wortsuche.web.pages import missing_page, page_language

logger = logging.getLogger("wortsuche.web")


class ApiError(Exception):
    """A request the server refuses: ``message`` is shown next to ``field`` in the form.

    ``retry_after`` (seconds) is sent as the ``Retry-After`` header of a 429 or 503. A
    ``message`` that is a :class:`~wortsuche.notes.Note` names itself in the catalogue (an
    ``api.*`` id): the refusal takes over its ``key`` and ``values`` (a value that is an error is
    said in the reader's language too) and its ``number``, which picks a plural form.
    """

    def __init__(
        self,
        status: int,
        message: str,
        field: str | None = None,
        retry_after: int | None = None,
    ) -> None:
        note = message if isinstance(message, Note) else Note(message)
        super().__init__(str(note))
        self.status = status
        self.message = str(note)
        self.field = field
        self.retry_after = retry_after
        self.key = note.key
        self.values = dict(note.values)
        self.number = note.number


def server_failed(error: BaseException) -> ApiError:
    """The 500 for a bug: ``error`` is logged with its traceback, the player reads an apology.

    The traceback is the one of the worker process where the error happened, if it came from
    one (:attr:`~wortsuche.errors.InternalError.details`), else the error's own.
    """
    details = getattr(error, "details", "")
    if details:
        logger.error("%s: %s\n%s", type(error).__name__, error, details.rstrip())
    else:
        logger.error("%s: %s", type(error).__name__, error, exc_info=error)
    return ApiError(
        500,
        Note(
            "the server failed (a bug in wortsuche, written to its log); please try again",
            key="api.bug",
        ),
    )


def reads_pages(request: Request) -> bool:
    """Whether a request comes from a browser opening a page (not the API, not a file)."""
    accepts = request.headers.get("accept", "")
    return not request.url.path.startswith(("/api/", "/static/")) and "text/html" in accepts


def add_error_handlers(app: FastAPI) -> None:
    """Answer refusals, invalid bodies and HTTP errors with the same JSON shape."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        headers = None if error.retry_after is None else {"Retry-After": str(error.retry_after)}
        message = translator(page_language(request)).error(error)
        body = {"error": message, "field": error.field, "code": error.key}
        return JSONResponse(body, error.status, headers)

    @app.exception_handler(InternalError)
    async def internal_error(request: Request, error: InternalError) -> JSONResponse:
        return await api_error(request, server_failed(error))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = error.errors()
        first = problems[0] if problems else {"loc": (), "msg": "invalid request"}
        field = next((str(p) for p in first["loc"][1:2]), None)
        message = f"{field}: {first['msg']}" if field else str(first["msg"])
        texts = translator(page_language(request))
        if texts.language != DEFAULT_LANGUAGE:  # the validator's own words are English
            message = texts.t("api.invalid-field", field=field) if field else texts.t("api.invalid")
        details = [{"loc": p["loc"], "msg": p["msg"], "type": p["type"]} for p in problems]
        body = {"error": message, "field": field, "code": "api.invalid", "detail": details}
        return JSONResponse(jsonable_encoder(body), 422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        if error.status_code == 400:  # FastAPI's answer to a body json cannot read (huge numbers)
            error_ = ApiError(
                422, Note("the request body is not readable JSON", key="api.unreadable")
            )
            return await api_error(request, error_)
        if error.status_code == 404 and reads_pages(request):
            # a mistyped address in a browser: the page that says so, with the way back
            texts = translator(page_language(request))
            return missing_page(texts, request, puzzle=False)
        return JSONResponse(
            {"error": str(error.detail), "field": None}, error.status_code, headers=error.headers
        )
