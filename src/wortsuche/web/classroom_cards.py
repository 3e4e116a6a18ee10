"""The classroom's cards: the teacher's card, with the link that opens the class again, and the
pupils' name cards, each with a personal link that opens that pupil's progress on any device
(``/me/finds`` gives that device the words found so far, with their cells).

Both links keep their secret after ``#``, so opening them never sends it to the server's log.
A name card's secret is a second key of the pupil (:func:`~wortsuche.web.classroom.issue_cards`),
drawn anew at every print: the cards printed before stop working, the pupil's own key does not.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from wortsuche.web import classroom
from wortsuche.web.classroom import open_assignment
from wortsuche.web.classroom_api import TOKEN_ERRORS, Authorization, reader, teacher_assignment
from wortsuche.web.rates import RateLimiter, refuse_when_over
from wortsuche.web.schemas import ERRORS
from wortsuche.web.storage import Storage

PDF: dict[int | str, dict[str, Any]] = {200: {"content": {"application/pdf": {}}}}


def card_routes(storage: Storage, rates: RateLimiter) -> APIRouter:
    """The cards' endpoints under ``/api/assignments``: the teacher's (their token only) and a
    pupil's own finds (their token or their card's)."""
    router = APIRouter(prefix="/api/assignments", responses=ERRORS, tags=["classroom"])
    puzzles = classroom.PuzzleCache(storage)

    @router.get(
        "/{code}/teacher-card.pdf", response_class=Response, responses={**TOKEN_ERRORS, **PDF}
    )
    def teacher_card(
        code: str, request: Request, lang: str | None = None, authorization: Authorization = None
    ) -> Response:
        """The teacher's card to keep: the class code, the teacher link and its QR code."""
        from wortsuche.web.classroom_pdf import teacher_card_pdf

        assignment = teacher_assignment(storage, rates, code, authorization)
        texts = reader(request, lang)
        link = f"{base_url(request)}/t/{assignment.code}#{classroom.bearer(authorization)}"
        title = assignment.title or texts.t("sheet.default-title")
        return pdf_file(
            teacher_card_pdf(texts, title, assignment.code, link), assignment.code, "teacher"
        )

    @router.post("/{code}/cards.pdf", response_class=Response, responses={**TOKEN_ERRORS, **PDF})
    def name_cards(
        code: str, request: Request, lang: str | None = None, authorization: Authorization = None
    ) -> Response:
        """New name cards for every pupil who has joined (the cards printed before stop working)."""
        from wortsuche.web.classroom_pdf import name_cards_pdf

        assignment = teacher_assignment(storage, rates, code, authorization)
        texts = reader(request, lang)
        cards = classroom.issue_cards(storage, assignment)
        base = f"{base_url(request)}/c/{assignment.code}#card="
        named = [(pupil.pseudonym, base + card) for pupil, card in cards]
        title = assignment.title or texts.t("sheet.default-title")
        return pdf_file(
            name_cards_pdf(texts, title, assignment.code, named), assignment.code, "cards"
        )

    @router.get("/{code}/me/finds", responses=TOKEN_ERRORS)
    def own_finds(code: str, authorization: Authorization = None) -> list[OwnFind]:
        """The words a pupil (their token or their card's) has found, with their cells: what a
        device the pupil has not played on needs to show their progress. No other word's cells."""
        assignment = open_assignment(storage, code)
        pupil = classroom.pupil_of(storage, assignment, authorization)
        refuse_when_over(rates, "play", pupil.id)
        puzzle = puzzles.get(pupil.puzzle).puzzle
        index_of = {word.entry: number for number, word in enumerate(puzzle.words)}
        finds = next(
            finds for who, finds in storage.pupils_of(assignment.code) if who.id == pupil.id
        )
        shown = []
        for find in finds:
            number = index_of.get(find.word)
            if number is None:
                continue  # recorded for a word the puzzle no longer lists: nothing to draw
            placement = puzzle.placements.get(puzzle.words[number].letters)
            if placement is not None:
                cells = [list(cell) for cell in puzzle.cells_of(placement)]
                shown.append(OwnFind(indices=[number], words=[find.word], cells=cells))
        return shown

    return router


class OwnFind(BaseModel):
    """A word a pupil found, as the game keeps it: its index, its text and its cells."""

    indices: list[int]
    words: list[str]
    cells: list[list[int]]


def base_url(request: Request) -> str:
    """The server's address as the reader reached it, without a trailing slash."""
    return str(request.base_url).rstrip("/")


def pdf_file(pdf: bytes, code: str, kind: str) -> Response:
    """A PDF to download, named after the class."""
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="wortsuche-{code}-{kind}.pdf"'},
    )
