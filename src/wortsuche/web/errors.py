"""Refusals: :class:`ApiError` and the handlers that turn every refusal into ``{"error", "field"}``."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException


class ApiError(Exception):
    """A request the server refuses: ``message`` is shown next to ``field`` in the form.

    ``retry_after`` (seconds) is sent as the ``Retry-After`` header of a 429 or 503.
    """

    def __init__(
        self, status: int, message: str, field: str | None = None, retry_after: int | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field
        self.retry_after = retry_after


def add_error_handlers(app: FastAPI) -> None:
    """Answer refusals, invalid bodies and HTTP errors with the same JSON shape."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        headers = None if error.retry_after is None else {"Retry-After": str(error.retry_after)}
        return JSONResponse({"error": error.message, "field": error.field}, error.status, headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = error.errors()
        first = problems[0] if problems else {"loc": (), "msg": "invalid request"}
        field = next((str(p) for p in first["loc"][1:2]), None)
        message = f"{field}: {first['msg']}" if field else str(first["msg"])
        details = [{"loc": p["loc"], "msg": p["msg"], "type": p["type"]} for p in problems]
        return JSONResponse(
            {"error": message, "field": field, "detail": jsonable_encoder(details)}, 422
        )

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        if error.status_code == 400:  # FastAPI's answer to a body json cannot read (huge numbers)
            return JSONResponse(
                {"error": "the request body is not readable JSON", "field": None}, 422
            )
        return JSONResponse(
            {"error": str(error.detail), "field": None}, error.status_code, headers=error.headers
        )
