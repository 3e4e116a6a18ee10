"""What the classroom's routes share in one app, handed to each route as a FastAPI dependency.

``create_app`` puts one :class:`Classroom` in ``app.state.classroom``; a route asks for it with
a parameter typed :data:`Context`. The teacher's and the reader's checks that several routes
make are here too, each said once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header, Request, Response

from wortsuche.i18n import LANGUAGES, Translator, translator
from wortsuche.web import limits
from wortsuche.web.checks import checked_language
from wortsuche.web.classroom import assignments
from wortsuche.web.classroom.assignments import PuzzleCache, open_assignment
from wortsuche.web.generation import Generator
from wortsuche.web.pages import page_language
from wortsuche.web.rates import RateLimiter, refuse_when_over
from wortsuche.web.storage import Storage
from wortsuche.web.storage.classroom import Assignment


@dataclass(frozen=True)
class Classroom:
    """The classroom of one app: its storage, limits, puzzle queue, request rates and parsed
    puzzles (one cache for every route)."""

    storage: Storage
    settings: limits.Limits
    generator: Generator
    rates: RateLimiter
    puzzles: PuzzleCache

    @classmethod
    def of(
        cls,
        storage: Storage,
        settings: limits.Limits,
        generator: Generator,
        rates: RateLimiter,
    ) -> Classroom:
        """The classroom on ``storage``, with a new cache of parsed puzzles."""
        return cls(storage, settings, generator, rates, PuzzleCache(storage))


def classroom_of(request: Request) -> Classroom:
    """The classroom of the app that serves ``request``."""
    found: Classroom = request.app.state.classroom
    return found


Context = Annotated[Classroom, Depends(classroom_of)]
"""A route's parameter for the app's :class:`Classroom`."""

Authorization = Annotated[str | None, Header(description="Bearer TOKEN (teacher or pupil)")]

TOKEN_ERRORS: dict[int | str, dict[str, object]] = {
    401: {"description": "No token"},
    403: {"description": "A token that does not open this assignment"},
}


def teacher_assignment(room: Classroom, code: str, authorization: str | None) -> Assignment:
    """The assignment ``code`` for its teacher (403 for any other token), counted against the
    teacher's rate: the files a teacher downloads are each made anew."""
    assignment = open_assignment(room.storage, code)
    assignments.teacher_of(assignment, authorization)
    refuse_when_over(room.rates, "teacher", assignment.code)
    return assignment


@dataclass(frozen=True)
class Download:
    """A file a teacher downloads: their class (token checked, counted against their rate),
    their token, the reader's catalogue and the title to print."""

    assignment: Assignment
    token: str | None
    texts: Translator
    title: str


def teacher_download(
    room: Context,
    code: str,
    request: Request,
    lang: str | None = None,
    authorization: Authorization = None,
) -> Download:
    """The class ``code`` for a file its teacher downloads, in the reader's language (``lang``,
    else ``Accept-Language``)."""
    assignment = teacher_assignment(room, code, authorization)
    texts = reader(request, lang)
    title = assignment.title or texts.t("sheet.default-title")
    return Download(assignment, assignments.bearer(authorization), texts, title)


TeacherDownload = Annotated[Download, Depends(teacher_download)]
"""A route's parameter for a file only the class's teacher may download."""


def pdf_file(pdf: bytes, name: str) -> Response:
    """A PDF to download as ``name``."""
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def reader(request: Request, lang: str | None) -> Translator:
    """The reader's catalogue: ``lang`` if given (a 422 if unknown), else the page's."""
    return translator(checked_language(lang, LANGUAGES) if lang else page_language(request))


def address(request: Request) -> str:
    """The client's address, as the rate limits count it."""
    return request.client.host if request.client else "unknown"


def base_url(request: Request) -> str:
    """The server's address as the reader reached it, without a trailing slash."""
    return str(request.base_url).rstrip("/")
