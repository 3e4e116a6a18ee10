"""The classroom's cards: the teacher's card, with the link that opens the class again, and the
pupils' name cards, each with a personal link that opens that pupil's progress on any device
(``/me/finds`` gives that device the words found so far, with their cells).

Both links keep their secret after ``#``, so opening them never sends it to the server's log.
A name card's secret is a second key of the pupil (:func:`~wortsuche.web.classroom.assignments.issue_cards`),
drawn anew at every print: the cards printed before stop working, the pupil's own key does not.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from wortsuche.web.classroom import assignments
from wortsuche.web.classroom.assignments import open_assignment
from wortsuche.web.classroom.context import (
    TOKEN_ERRORS,
    Authorization,
    Context,
    TeacherDownload,
    base_url,
    pdf_file,
)
from wortsuche.web.rates import refuse_when_over
from wortsuche.web.schemas import ERRORS

PDF: dict[int | str, dict[str, Any]] = {200: {"content": {"application/pdf": {}}}}


class OwnFind(BaseModel):
    """A word a pupil found, as the game keeps it: its index, its text and its cells."""

    indices: list[int]
    words: list[str]
    cells: list[list[int]]


router = APIRouter(prefix="/api/assignments", responses=ERRORS, tags=["classroom"])
"""The cards' endpoints under ``/api/assignments``: the teacher's (their token only) and a
pupil's own finds (their token or their card's)."""


@router.get("/{code}/teacher-card.pdf", response_class=Response, responses={**TOKEN_ERRORS, **PDF})
def teacher_card(download: TeacherDownload, request: Request) -> Response:
    """The teacher's card to keep: the class code, the teacher link and its QR code."""
    from wortsuche.web.classroom.pdf import teacher_card_pdf

    code = download.assignment.code
    link = f"{base_url(request)}/t/{code}#{download.token}"
    card = teacher_card_pdf(download.texts, download.title, code, link)
    return pdf_file(card, f"wortsuche-{code}-teacher.pdf")


@router.post("/{code}/cards.pdf", response_class=Response, responses={**TOKEN_ERRORS, **PDF})
def name_cards(room: Context, download: TeacherDownload, request: Request) -> Response:
    """New name cards for every pupil who has joined (the cards printed before stop working)."""
    from wortsuche.web.classroom.pdf import name_cards_pdf

    code = download.assignment.code
    cards = assignments.issue_cards(room.storage, download.assignment)
    base = f"{base_url(request)}/c/{code}#card="
    named = [(pupil.pseudonym, base + card) for pupil, card in cards]
    sheet = name_cards_pdf(download.texts, download.title, code, named)
    return pdf_file(sheet, f"wortsuche-{code}-cards.pdf")


@router.get("/{code}/me/finds", responses=TOKEN_ERRORS)
def own_finds(room: Context, code: str, authorization: Authorization = None) -> list[OwnFind]:
    """The words a pupil (their token or their card's) has found, with their cells: what a
    device the pupil has not played on needs to show their progress. No other word's cells."""
    assignment = open_assignment(room.storage, code)
    pupil = assignments.pupil_of(room.storage, assignment, authorization)
    refuse_when_over(room.rates, "play", pupil.id)
    puzzle = room.puzzles.get(pupil.puzzle).puzzle
    index_of = {word.entry: number for number, word in enumerate(puzzle.words)}
    finds = assignments.finds_of(room.storage, pupil)
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
