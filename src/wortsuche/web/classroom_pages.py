"""The classroom's pages: the code entry, the class page (pseudonym, privacy note, the game), the
teacher's page (live results, exports, name cards) and the QR code of a class link.

The QR codes are drawn on the server (:func:`~wortsuche.web.classroom_api.qr_svg`).
"""

from __future__ import annotations

import html
from datetime import UTC, datetime, timedelta

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from wortsuche.i18n import Translator, translator
from wortsuche.levels import LEVELS
from wortsuche.puzzle_json import loads
from wortsuche.web import classroom
from wortsuche.web.api import is_puzzle_id
from wortsuche.web.errors import ApiError
from wortsuche.web.pages import missing_page, page, page_language
from wortsuche.web.rates import RateLimiter
from wortsuche.web.storage import Storage
from wortsuche.web.storage.classroom import Assignment


def classroom_page_routes(storage: Storage, rates: RateLimiter | None = None) -> APIRouter:
    """The classroom's pages, reading assignments from ``storage``; a class code is looked up
    within the ``lookup`` rate of the reader's address."""
    router = APIRouter(include_in_schema=False)

    @router.get("/c", response_class=HTMLResponse, response_model=None)
    def code_page(request: Request, code: str = "") -> HTMLResponse | RedirectResponse:
        texts = translator(page_language(request))
        if code:
            found = class_looked_up(storage, code, rates, request, texts)
            if isinstance(found, HTMLResponse):
                return found
            return RedirectResponse(with_language(f"/c/{found.code}", request), status_code=303)
        return HTMLResponse(page("code.html", texts, request, problem=""))

    @router.get("/c/{code}", response_class=HTMLResponse)
    def class_page(code: str, request: Request) -> HTMLResponse:
        texts = translator(page_language(request))
        assignment = class_looked_up(storage, code, rates, request, texts)
        if isinstance(assignment, HTMLResponse):
            return assignment
        title = assignment.title or texts.t("sheet.default-title")
        return HTMLResponse(
            page(
                "class.html",
                texts,
                request,
                code=html.escape(assignment.code),
                title=html.escape(title),
                wrap_help="",
                count="0",  # the game counts the words of the puzzle the pupil plays
                choices=puzzle_choices(storage, assignment, texts),
            )
        )

    @router.get("/c/{code}/projector", response_class=HTMLResponse)
    def projector_page(code: str, request: Request) -> HTMLResponse:
        # for the whole class to see: the way in, in large type; no results, no secret
        texts = translator(page_language(request))
        try:
            assignment = classroom.open_assignment(storage, code)
        except ApiError:
            return missing_page(texts, request)
        host = request.base_url.netloc  # what a pupil types: no scheme, no slash at the end
        return HTMLResponse(
            page(
                "projector.html",
                texts,
                request,
                code=html.escape(assignment.code),
                title=html.escape(assignment.title or texts.t("sheet.default-title")),
                address=html.escape(f"{host}/c/{assignment.code}"),
            )
        )

    @router.get("/t/new", response_class=HTMLResponse)
    def new_assignment_page(request: Request, puzzle: str = "") -> HTMLResponse:
        texts = translator(page_language(request))
        stored = storage.get(puzzle) if is_puzzle_id(puzzle) else None
        if stored is None:
            return missing_page(texts, request)
        today = datetime.now(UTC).date()
        return HTMLResponse(
            page(
                "teacher-new.html",
                texts,
                request,
                id=html.escape(stored.id),
                title=html.escape(stored.title or texts.t("sheet.default-title")),
                ends=(today + timedelta(days=classroom.DEFAULT_DAYS)).isoformat(),
                tomorrow=(today + timedelta(days=1)).isoformat(),
                latest=(today + timedelta(days=classroom.MAX_DAYS - 1)).isoformat(),
                max_pupils=str(classroom.DEFAULT_PUPILS),
                most_pupils=str(classroom.MAX_PUPILS),
            )
        )

    @router.get("/t/{code}", response_class=HTMLResponse)
    def teacher_page(code: str, request: Request) -> HTMLResponse:
        # the token stays after the "#": the page's script sends it, the server never sees the URL
        texts = translator(page_language(request))
        try:
            assignment = classroom.open_assignment(storage, code)
        except ApiError:
            return missing_page(texts, request)
        class_url = str(request.base_url).rstrip("/") + f"/c/{assignment.code}"
        return HTMLResponse(
            page(
                "teacher.html",
                texts,
                request,
                code=html.escape(assignment.code),
                title=html.escape(assignment.title or texts.t("sheet.default-title")),
                class_url=html.escape(class_url),
                ends=html.escape(shown_date(assignment.ends, texts.language)),
            )
        )

    return router


def class_looked_up(
    storage: Storage, code: str, rates: RateLimiter | None, request: Request, texts: Translator
) -> Assignment | HTMLResponse:
    """The class with this code, or the code page saying why not: no such class (404), or too
    many codes not found from this address (429, see :func:`classroom.looked_up`)."""
    where = request.client.host if request.client else "unknown"
    try:
        return classroom.looked_up(storage, code, rates, where)
    except ApiError as error:
        status = 429 if error.status == 429 else 404
        said = texts.error(error) if status == 429 else texts.t("web.class-missing")
        headers = {"Retry-After": str(error.retry_after)} if error.retry_after else None
        return HTMLResponse(
            page("code.html", texts, request, problem=html.escape(said)), status, headers
        )


def puzzle_choices(storage: Storage, assignment: Assignment, texts: Translator) -> str:
    """The puzzles a pupil may choose from, as radio buttons (nothing if there is one)."""
    if len(assignment.puzzles) < 2:
        return ""
    items = []
    for number, puzzle_id in enumerate(assignment.puzzles):
        stored = storage.get(puzzle_id)
        if stored is None:
            continue
        puzzle = loads(stored.puzzle)
        level = texts.t(f"level.{puzzle.level}") if puzzle.level in LEVELS else puzzle.level
        size = texts.t("web.grid-of", size=f"{puzzle.rows}×{puzzle.cols}")
        checked = " checked" if number == 0 else ""
        items.append(
            f'<label><input type="radio" name="puzzle" value="{html.escape(puzzle_id)}"{checked}>'
            f" {html.escape(level[:1].upper() + level[1:])} · {html.escape(size)}</label>"
        )
    legend = html.escape(texts.t("web.class-choose"))
    return f'<fieldset class="choices"><legend>{legend}</legend>{"".join(items)}</fieldset>'


def shown_date(moment: str, language: str) -> str:
    """The day of an ISO 8601 moment as a reader writes it.

    >>> shown_date("2026-12-09T14:00:00+00:00", "de"), shown_date("2026-12-09T14:00:00+00:00", "en")
    ('9.12.2026', '9 Dec 2026')
    """
    day = datetime.fromisoformat(moment)
    if language == "de":
        return f"{day.day}.{day.month}.{day.year}"
    return f"{day.day} {day:%b} {day.year}"


def with_language(path: str, request: Request) -> str:
    """``path`` keeping the ``?lang=`` the reader chose."""
    lang = request.query_params.get("lang")
    return f"{path}?lang={lang}" if lang in ("de", "en") else path
