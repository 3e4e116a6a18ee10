"""A stored puzzle to take away: its worksheet as PDF, DOCX or ODT, and its game as a SCORM
package for a learning platform (``/api/puzzles/{id}/sheet.pdf``, ``…/scorm.zip``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Response
from pydantic import BaseModel

from wortsuche.errors import InputError, MissingExtraError
from wortsuche.i18n import LANGUAGES
from wortsuche.notes import Note
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


class Sheet(BaseModel):
    """A worksheet asked for in a download's query: with or without the answer key, in a
    language (None: the puzzle's), with a name line, in a font, for readers of an age."""

    answers: bool = False
    lang: str | None = None
    name_line: bool = True
    font: Literal["standard", "school"] = "standard"
    age: Literal["6-8", "9-12", "13+"] | None = None

    def options(self) -> dict[str, Any]:
        """The renderer's options of this kind of sheet beside the ones every sheet has."""
        return {"age": self.age}


class PrintedSheet(Sheet):
    """A worksheet to print (PDF), which may also be lower case, in large print, or several
    copies on a page."""

    lowercase: bool = False
    large_print: bool = False
    per_page: Literal["1", "2", "4"] = "1"

    def options(self) -> dict[str, Any]:
        """The renderer's options of a printed sheet beside the ones every sheet has."""
        return {
            **super().options(),
            "lowercase": self.lowercase,
            "large_print": self.large_print,
            "per_page": int(self.per_page),
        }


@router.get(
    "/{puzzle_id}/sheet.pdf",
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}}},
    dependencies=[Depends(within_rate("reveal"))],
)
def worksheet_pdf(
    puzzle_id: str, storage: Stored, sheet: Annotated[PrintedSheet, Query()]
) -> Response:
    """The worksheet as a PDF to print; with ``answers=true`` the answer key follows it.
    ``per_page=2`` prints two copies as A5 halves of one page, ``4`` four quarters; ``age``
    sizes it for its readers (an easy puzzle's is for 6 to 8 unless asked otherwise)."""
    return worksheet(storage, puzzle_id, "pdf", sheet)


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
    sheet: Annotated[Sheet, Query()],
) -> Response:
    """The worksheet as a document to change in Word (``docx``) or LibreOffice (``odt``)."""
    return worksheet(storage, puzzle_id, kind, sheet)


def worksheet(storage: Storage, puzzle_id: str, kind: str, sheet: Sheet) -> Response:
    """The stored puzzle's worksheet as a download of ``kind`` (pdf, docx, odt)."""
    stored = find(storage, puzzle_id)
    if sheet.answers:
        answers_locked(storage, puzzle_id)
    puzzle = loads(stored.puzzle)
    if sheet.lang is not None:
        checked_language(sheet.lang, LANGUAGES)
    from wortsuche.render import render
    from wortsuche.render.options import sheet_age

    options = {**sheet.options(), "age": sheet_age(sheet.age, puzzle)}
    try:
        content = render(
            puzzle,
            kind,
            answers=sheet.answers,
            title=stored.title or None,
            language=sheet.lang,
            name_line=sheet.name_line,
            font=sheet.font,
            **options,
        )
    except MissingExtraError as error:
        raise ApiError(
            501, Note(str(error), key="api.missing-extra", values={"extra": error.extra})
        ) from None
    except InputError as error:
        raise format_refused(error) from None
    name = f"wortsuche-{stored.id}{'-answers' if sheet.answers else ''}.{kind}"
    return Response(
        content=content,
        media_type=DOCUMENTS[kind],
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
    return ApiError(422, Note(f"{error}.", key="api.hex-format", values={"error": error}))
