"""The classroom's pages: the code entry, the class page (pseudonym, privacy note, the game), the
teacher's page (live results, exports, name cards) and the QR code of a class link.

The QR codes are drawn on the server (:func:`~wortsuche.web.classroom.routes.qr_svg`).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from wortsuche.i18n import Translator, translator
from wortsuche.levels import LEVELS
from wortsuche.puzzle_json import loads
from wortsuche.web.checks import is_puzzle_id
from wortsuche.web.classroom import assignments
from wortsuche.web.classroom.context import Classroom, Context, address, base_url
from wortsuche.web.errors import ApiError
from wortsuche.web.pages import missing_page, page, page_language
from wortsuche.web.storage import Storage
from wortsuche.web.storage.classroom import Assignment

router = APIRouter(include_in_schema=False)
"""The classroom's pages; a class code is looked up within the ``lookup`` rate of the reader's
address."""


@router.get("/c", response_class=HTMLResponse, response_model=None)
def code_page(room: Context, request: Request, code: str = "") -> HTMLResponse | RedirectResponse:
    texts = translator(page_language(request))
    if code:
        found = class_looked_up(room, code, request, texts)
        if isinstance(found, HTMLResponse):
            return found
        return RedirectResponse(with_language(f"/c/{found.code}", request), status_code=303)
    return HTMLResponse(page("code.html", texts, request, problem=""))


@router.get("/c/{code}", response_class=HTMLResponse)
def class_page(room: Context, code: str, request: Request) -> HTMLResponse:
    texts = translator(page_language(request))
    assignment = class_looked_up(room, code, request, texts)
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
            choices=puzzle_choices(room.storage, assignment, texts),
        )
    )


@router.get("/c/{code}/projector", response_class=HTMLResponse)
def projector_page(room: Context, code: str, request: Request) -> HTMLResponse:
    # for the whole class to see: the way in, in large type; no results, no secret
    host = request.base_url.netloc  # what a pupil types: no scheme, no slash at the end
    return assignment_page(
        room, code, request, "projector.html", lambda a, _: {"address": f"{host}/c/{a.code}"}
    )


@router.get("/t/new", response_class=HTMLResponse)
def new_assignment_page(room: Context, request: Request, puzzle: str = "") -> HTMLResponse:
    texts = translator(page_language(request))
    stored = room.storage.get(puzzle) if is_puzzle_id(puzzle) else None
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
            ends=(today + timedelta(days=assignments.DEFAULT_DAYS)).isoformat(),
            tomorrow=(today + timedelta(days=1)).isoformat(),
            latest=(today + timedelta(days=assignments.MAX_DAYS - 1)).isoformat(),
            max_pupils=str(assignments.DEFAULT_PUPILS),
            most_pupils=str(assignments.MAX_PUPILS),
        )
    )


@router.get("/t/{code}", response_class=HTMLResponse)
def teacher_page(room: Context, code: str, request: Request) -> HTMLResponse:
    # the token stays after the "#": the page's script sends it, the server never sees the URL
    return assignment_page(
        room,
        code,
        request,
        "teacher.html",
        lambda a, texts: {
            "class_url": f"{base_url(request)}/c/{a.code}",
            "ends": shown_date(a.ends, texts.language),
        },
    )


def assignment_page(
    room: Classroom,
    code: str,
    request: Request,
    template: str,
    values: Callable[[Assignment, Translator], dict[str, str]],
) -> HTMLResponse:
    """The page ``template`` of the running class ``code``, with its code, its title and
    ``values`` (each escaped); the page of a missing link if there is no such class."""
    texts = translator(page_language(request))
    try:
        assignment = assignments.open_assignment(room.storage, code)
    except ApiError:
        return missing_page(texts, request)
    shown = {
        "code": assignment.code,
        "title": assignment.title or texts.t("sheet.default-title"),
        **values(assignment, texts),
    }
    return HTMLResponse(
        page(template, texts, request, **{name: html.escape(text) for name, text in shown.items()})
    )


def class_looked_up(
    room: Classroom, code: str, request: Request, texts: Translator
) -> Assignment | HTMLResponse:
    """The class with this code, or the code page saying why not: no such class (404), or too
    many codes not found from this address (429, see :func:`.assignments.looked_up`)."""
    try:
        return assignments.looked_up(room.storage, code, room.rates, address(request))
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
