"""A stored puzzle to take away: its worksheet as PDF, DOCX or ODT, and its game as a SCORM
package for a learning platform (``/api/puzzles/{id}/sheet.pdf``, ``…/scorm.zip``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from fastapi import APIRouter, Depends, Response

from wortsuche.errors import InputError, MissingExtraError
from wortsuche.i18n import LANGUAGES
from wortsuche.puzzle_json import loads
from wortsuche.web.checks import checked_language
from wortsuche.web.errors import ApiError
from wortsuche.web.puzzles.dependencies import Stored, within_rate
from wortsuche.web.puzzles.stored import answers_locked, find
from wortsuche.web.schemas import ERRORS
from wortsuche.web.storage import Storage

DOCUMENTS = {
    "pdf": "application/pdf",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "odt": "application/vnd.oasis.opendocument.text",
}
"""The worksheet's downloads and their media types."""

router = APIRouter(prefix="/api/puzzles", responses=ERRORS)


@dataclass(frozen=True)
class Sheet:
    """A worksheet asked for: its kind (pdf, docx, odt), with or without the answer key, in a
    language (None: the puzzle's), with a name line, in a font, and the PDF's own options."""

    kind: str
    answers: bool
    lang: str | None
    name_line: bool
    font: str
    options: dict[str, Any] = field(default_factory=dict)


@router.get(
    "/{puzzle_id}/sheet.pdf",
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}}},
    dependencies=[Depends(within_rate("reveal"))],
)
def worksheet_pdf(
    puzzle_id: str,
    storage: Stored,
    *,
    answers: bool = False,
    lang: str | None = None,
    lowercase: bool = False,
    large_print: bool = False,
    name_line: bool = True,
    font: Literal["standard", "school"] = "standard",
    per_page: Literal["1", "2", "4"] = "1",
    age: Literal["6-8", "9-12", "13+"] | None = None,
) -> Response:
    """The worksheet as a PDF to print; with ``answers=true`` the answer key follows it.
    ``per_page=2`` prints two copies as A5 halves of one page, ``4`` four quarters; ``age``
    sizes it for its readers (an easy puzzle's is for 6 to 8 unless asked otherwise)."""
    options: dict[str, Any] = {"lowercase": lowercase, "large_print": large_print}
    options.update(per_page=int(per_page), age=age)
    return worksheet(storage, puzzle_id, Sheet("pdf", answers, lang, name_line, font, options))


@router.get(
    "/{puzzle_id}/sheet.{kind}",
    response_class=Response,
    responses={200: {"content": {media: {} for media in DOCUMENTS.values()}}},
    dependencies=[Depends(within_rate("reveal"))],
)
def worksheet_document(
    puzzle_id: str,
    kind: Literal["docx", "odt"],
    storage: Stored,
    *,
    answers: bool = False,
    lang: str | None = None,
    name_line: bool = True,
    font: Literal["standard", "school"] = "standard",
    age: Literal["6-8", "9-12", "13+"] | None = None,
) -> Response:
    """The worksheet as a document to change in Word (``docx``) or LibreOffice (``odt``)."""
    return worksheet(storage, puzzle_id, Sheet(kind, answers, lang, name_line, font, {"age": age}))


def worksheet(storage: Storage, puzzle_id: str, sheet: Sheet) -> Response:
    """The stored puzzle's worksheet as a download of ``sheet.kind`` (pdf, docx, odt)."""
    stored = find(storage, puzzle_id)
    if sheet.answers:
        answers_locked(storage, puzzle_id)
    puzzle = loads(stored.puzzle)
    if sheet.lang is not None:
        checked_language(sheet.lang, LANGUAGES)
    from wortsuche.render import render
    from wortsuche.render.options import sheet_age

    options = {**sheet.options, "age": sheet_age(sheet.options.get("age"), puzzle)}
    try:
        content = render(
            puzzle,
            sheet.kind,
            answers=sheet.answers,
            title=stored.title or None,
            language=sheet.lang,
            name_line=sheet.name_line,
            font=sheet.font,
            **options,
        )
    except MissingExtraError as error:
        raise ApiError(
            501, str(error), key="api.missing-extra", values={"extra": error.extra}
        ) from None
    except InputError as error:
        raise format_refused(error) from None
    name = f"wortsuche-{stored.id}{'-answers' if sheet.answers else ''}.{sheet.kind}"
    return Response(
        content=content,
        media_type=DOCUMENTS[sheet.kind],
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get(
    "/{puzzle_id}/scorm.zip",
    response_class=Response,
    responses={200: {"content": {"application/zip": {}}}},
    dependencies=[Depends(within_rate("reveal"))],
)
def scorm_package(puzzle_id: str, storage: Stored, lang: str | None = None) -> Response:
    """The game as a SCORM 1.2 package to upload to a learning platform (Moodle, ILIAS,
    itslearning): it plays without this server and reports completion, score and time."""
    stored = find(storage, puzzle_id)
    answers_locked(storage, puzzle_id)  # a class's copy: its hints point at answers
    if lang is not None:
        checked_language(lang, LANGUAGES)
    from wortsuche.render import render

    try:
        content = render(loads(stored.puzzle), "scorm", title=stored.title or None, language=lang)
    except InputError as error:
        raise format_refused(error) from None
    return Response(
        content=content,
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="wortsuche-{stored.id}-scorm.zip"'},
    )


def format_refused(error: InputError) -> ApiError:
    """A format that cannot show this puzzle (a grid of hexagons in a document, which sets
    squares in a table): refused as such, not as a failure of the server."""
    if error.key != "error.hex-format":
        raise error
    return ApiError(422, f"{error}.", key="api.hex-format", values={"error": error})
