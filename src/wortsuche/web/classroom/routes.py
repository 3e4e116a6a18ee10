"""The classroom's API: a teacher makes an assignment, pupils join and play, the teacher reads results.

Every route that acts for a pupil or a teacher takes its token as ``Authorization: Bearer``;
without it the answer is 401, with a wrong one (another class's included) 403, never a result.
The class's own routes (``GET /api/assignments/{code}``, joining, the QR code) show no other
pupil's progress and no answer. See :mod:`wortsuche.web.classroom.assignments` for the tokens
and codes.
"""

from __future__ import annotations

import io
import json
import statistics
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal
from urllib.parse import quote

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from wortsuche.errors import InputError, MissingExtraError
from wortsuche.levels import LEVELS
from wortsuche.notes import Note
from wortsuche.puzzle_json import dumps
from wortsuche.rand import new_seed
from wortsuche.spec import PuzzleSpec
from wortsuche.web.checks import (
    checked_language,
    checked_size,
    checked_title,
    is_puzzle_id,
    split_words,
)
from wortsuche.web.classroom import assignments
from wortsuche.web.classroom.assignments import open_assignment
from wortsuche.web.classroom.context import (
    TOKEN_ERRORS,
    Authorization,
    Classroom,
    Context,
    TeacherDownload,
    address,
    base_url,
    pdf_file,
    reader,
    teacher_assignment,
)
from wortsuche.web.classroom.schemas import (
    ClassPuzzle,
    CreatedAssignment,
    JoinedPupil,
    NewAssignment,
    NewPupil,
    PublicAssignment,
    PupilProgress,
    Results,
    WordRow,
)
from wortsuche.web.errors import ApiError
from wortsuche.web.generation import Generator
from wortsuche.web.making import level_refused, make_puzzle
from wortsuche.web.rates import refuse_when_over
from wortsuche.web.schemas import BUSY, ERRORS, Answers, CheckResult, Hint, HintRequest, Selection
from wortsuche.web.selection import answers, check
from wortsuche.web.storage import Storage
from wortsuche.web.storage.classroom import Assigning, Assignment
from wortsuche.words.themes import THEME_LANGUAGES, draw, load_theme, theme_names

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
"""The media type of an Excel workbook."""

router = APIRouter(prefix="/api/assignments", responses=ERRORS, tags=["classroom"])
"""The classroom endpoints under ``/api/assignments``."""


@router.post("", status_code=201, responses=BUSY)
async def create_assignment(
    room: Context, new: NewAssignment, request: Request
) -> CreatedAssignment:
    """Make an assignment from saved puzzles or new ones; the teacher token is shown once.

    The puzzles are copied, so their answers stay locked until the teacher shows them.
    """
    refuse_when_over(room.rates, "assign", address(request))
    now = datetime.now(UTC)
    ends = assignments.checked_end(new.ends, now)
    most = assignments.checked_max_pupils(new.max_pupils)
    title = checked_title(new.title)
    await run_in_threadpool(assignments.sweep, room.storage, now)
    sources = await assignment_puzzles(room.storage, room.generator, new, title)
    title = title or sources[0].title  # a saved puzzle's title names its assignment
    token = assignments.new_token()

    def store() -> tuple[str, list[str]]:
        copies = [
            room.storage.add(title=p.title, request=p.request, puzzle=p.puzzle).id for p in sources
        ]
        made = Assigning(
            teacher_hash=assignments.token_hash(token),
            created=assignments.now_iso(now),
            ends=assignments.now_iso(ends),
            title=title,
            puzzles=tuple(copies),
            max_pupils=most,
        )
        code = room.storage.add_assignment(made, new_code=assignments.new_code)
        return code, copies

    code, copies = await run_in_threadpool(store)
    base = base_url(request)
    return CreatedAssignment(
        code=code,
        class_url=f"{base}/c/{code}",
        teacher_url=f"{base}/t/{code}#{token}",
        teacher_token=token,
        puzzles=copies,
        ends=assignments.now_iso(ends),
    )


@router.get("/{code}")
def class_view(room: Context, code: str, request: Request) -> PublicAssignment:
    """What the class link shows: the title and the puzzles to choose from."""
    assignment = assignments.looked_up(room.storage, code, room.rates, address(request))
    shown = []
    for puzzle_id in assignment.puzzles:
        puzzle = room.puzzles.get(puzzle_id).puzzle
        stored = room.storage.get(puzzle_id)
        shown.append(
            ClassPuzzle(
                id=puzzle_id,
                title=stored.title if stored else "",
                level=puzzle.level,
                rows=puzzle.rows,
                cols=puzzle.cols,
                words=len(puzzle.words),
            )
        )
    return PublicAssignment(
        code=assignment.code,
        title=assignment.title,
        ends=assignment.ends,
        answers_shown=assignment.answers_shown,
        puzzles=shown,
    )


@router.post("/{code}/pupils", status_code=201)
def add_pupil(room: Context, code: str, new: NewPupil, request: Request) -> JoinedPupil:
    """A pupil joins under a pseudonym; the answer's token is their key to play.

    Limited per address and class, and per class; a full class (409) or a pseudonym taken
    (409, with another to choose) is refused."""
    assignment = assignments.looked_up(room.storage, code, room.rates, address(request))
    whence = f"{address(request)} {assignment.code}"
    refuse_when_over(room.rates, "join-address", whence, said="api.too-many-requests")
    refuse_when_over(room.rates, "join", assignment.code)
    token, pupil = assignments.join(room.storage, assignment, new.pseudonym, new.puzzle)
    return JoinedPupil(pupil_token=token, puzzle=pupil.puzzle)


@router.get("/{code}/me", responses=TOKEN_ERRORS)
def own_progress(room: Context, code: str, authorization: Authorization = None) -> PupilProgress:
    """A pupil's own progress (their token): the words the server recorded."""
    assignment = open_assignment(room.storage, code)
    pupil = assignments.pupil_of(room.storage, assignment, authorization)
    mine = assignments.finds_of(room.storage, pupil)
    return PupilProgress(
        pseudonym=pupil.pseudonym,
        puzzle=pupil.puzzle,
        words=[find.word for find in mine],
        finished=pupil.finished is not None,
        answers_shown=assignment.answers_shown,
    )


@router.post("/{code}/found", responses=TOKEN_ERRORS)
def found(
    room: Context, code: str, selection: Selection, authorization: Authorization = None
) -> CheckResult:
    """Check a pupil's selection (0-based cells) and record a find: ``word`` is null if none."""
    pupil = assignments.playing(room.storage, code, authorization)
    refuse_when_over(room.rates, "play", pupil.id)
    played = room.puzzles.get(pupil.puzzle)
    result = check(played.puzzle, selection.start, selection.end, selection.step, played.accepted)
    now = time.time()
    listed = [i for i in result.indices if i < len(played.puzzle.words)]
    if not result.found:
        room.storage.record_wrong(pupil.id, now)
    if listed:
        entries = [played.puzzle.words[index].entry for index in listed]
        count = len(played.puzzle.words)
        room.storage.record_finds(pupil.id, entries, now, count, len(result.cells or []))
    return result


@router.post("/{code}/hint", responses=TOKEN_ERRORS)
def hint(room: Context, code: str, asked: HintRequest, authorization: Authorization = None) -> Hint:
    """Where one word begins (counted in the pupil's hints)."""
    pupil = assignments.playing(room.storage, code, authorization)
    refuse_when_over(room.rates, "play", pupil.id)
    puzzle = room.puzzles.get(pupil.puzzle).puzzle
    if not 0 <= asked.index < len(puzzle.words):
        raise ApiError(422, f"there is no word number {asked.index}", "index")
    placement = puzzle.placements.get(puzzle.words[asked.index].letters)
    if placement is None:
        raise ApiError(404, Note("that word is not in the grid", key="api.word-not-in-grid"))
    room.storage.record_hint(pupil.id, time.time())
    return Hint.of(asked.index, puzzle.cells_of(placement))


@router.post("/{code}/answers", responses=TOKEN_ERRORS)
def class_answers(room: Context, code: str, authorization: Authorization = None) -> Answers:
    """The answers of a pupil's puzzle, once the teacher has shown them to the class."""
    assignment = open_assignment(room.storage, code)
    pupil = assignments.pupil_of(room.storage, assignment, authorization)
    if not assignment.answers_shown:
        raise ApiError(
            403, Note("the teacher has not shown the answers yet", key="api.answers-locked")
        )
    return answers(room.puzzles.get(pupil.puzzle).puzzle)


@router.get(
    "/{code}/results",
    response_model=Results,
    responses={
        **TOKEN_ERRORS,
        200: {"content": {"text/csv": {}, XLSX: {}}},
    },
)
def results(
    room: Context,
    code: str,
    request: Request,
    format: Literal["json", "csv", "xlsx"] = "json",
    lang: str | None = None,
    authorization: Authorization = None,
) -> Any:
    """One row per pupil (pseudonym, found, words, seconds, hints, finished) and the words
    the class struggled with; ``?format=csv`` or ``xlsx`` for a spreadsheet, in the reader's
    language (``lang``, else ``Accept-Language``). Teacher token only."""
    from wortsuche.web.classroom.export import results_csv, results_xlsx

    assignment = teacher_assignment(room, code, authorization)
    table = results_of(room, assignment)
    if format == "json":
        return table
    texts = reader(request, lang)
    name = f"wortsuche-{assignment.code}.{format}"
    return Response(
        results_csv(table, texts) if format == "csv" else results_xlsx(table, texts),
        media_type="text/csv; charset=utf-8" if format == "csv" else XLSX,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get(
    "/{code}/results.pdf",
    response_class=Response,
    responses={**TOKEN_ERRORS, 200: {"content": {"application/pdf": {}}}},
)
def results_pdf(room: Context, download: TeacherDownload) -> Response:
    """The results as a PDF to print (teacher token only)."""
    from wortsuche.web.classroom.pdf import results_pdf

    results = results_of(room, download.assignment)
    pdf = results_pdf(results, download.texts, download.title)
    return pdf_file(pdf, f"wortsuche-{download.assignment.code}.pdf")


@router.get(
    "/{code}/qr.svg",
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}}},
)
def class_qr(room: Context, code: str, request: Request, name: str = "") -> Response:
    """The QR code of the class link (with ``name``: the link that fills in that name)."""
    assignment = assignments.open_assignment(room.storage, code)
    url = f"{base_url(request)}/c/{assignment.code}"
    if name:
        url += "#name=" + quote(assignments.checked_pseudonym(name), safe="")
    return Response(
        qr_svg(url[:QR_URL_LENGTH]),
        media_type="image/svg+xml",
        headers={"Cache-Control": "private, max-age=3600"},
    )


@router.post("/{code}/show-answers", status_code=204, responses=TOKEN_ERRORS)
def show_answers(room: Context, code: str, authorization: Authorization = None) -> Response:
    """Let every pupil of the assignment see the answers."""
    assignment = open_assignment(room.storage, code)
    assignments.teacher_of(assignment, authorization)
    room.storage.show_answers(assignment.code)
    return Response(status_code=204)


@router.delete("/{code}/pupils/{pupil_id}", status_code=204, responses=TOKEN_ERRORS)
def remove_pupil(
    room: Context, code: str, pupil_id: str, authorization: Authorization = None
) -> Response:
    """Remove one pupil and every find of theirs (teacher token only); their token stops
    working. 404 if the class has no pupil with this id."""
    assignment = open_assignment(room.storage, code)
    assignments.teacher_of(assignment, authorization)
    if not room.storage.delete_pupil(assignment.code, pupil_id[:64]):
        raise ApiError(
            404, Note("this class has no pupil with this id", key="api.no-pupil"), "pupil"
        )
    return Response(status_code=204)


@router.delete("/{code}", status_code=204, responses=TOKEN_ERRORS)
def delete_assignment(room: Context, code: str, authorization: Authorization = None) -> Response:
    """Delete the assignment now, with every pupil, find and puzzle copy of it."""
    assignment = open_assignment(room.storage, code)
    assignments.teacher_of(assignment, authorization)
    assignments.delete(room.storage, assignment.code)
    return Response(status_code=204)


async def assignment_puzzles(
    storage: Storage, generator: Generator, new: NewAssignment, title: str
) -> list[StoredCopy]:
    """The puzzles an assignment is made of: saved ones, or new ones made now."""
    ids = [new.puzzle] if new.puzzle else list(new.puzzles or [])
    if ids and (new.words or new.theme):
        raise ApiError(
            422, Note("give either puzzles or words, not both", key="api.invalid"), "words"
        )
    if ids:
        return await run_in_threadpool(saved_puzzles, storage, ids, title)
    return await new_puzzles(generator, new, title)


def saved_puzzles(storage: Storage, ids: list[str], title: str) -> list[StoredCopy]:
    """Saved puzzles to copy, in the order given (404 for one that does not exist)."""
    if len(ids) > assignments.MAX_PUZZLES:
        raise ApiError(
            422, Note(f"at most {assignments.MAX_PUZZLES} puzzles", key="api.invalid"), "puzzles"
        )
    found = []
    for puzzle_id in ids:
        stored = storage.get(puzzle_id) if is_puzzle_id(puzzle_id) else None
        if stored is None:
            raise ApiError(
                404, Note("there is no puzzle with this id (check the link)", key="api.no-puzzle")
            )
        found.append(StoredCopy(stored.title or title, stored.request, stored.puzzle))
    return found


async def new_puzzles(generator: Generator, new: NewAssignment, title: str) -> list[StoredCopy]:
    """New puzzles of the words or theme asked for, one per level."""
    words = theme_words(new) if new.theme else new.words
    if not words:
        raise ApiError(422, Note("type at least one word", key="api.no-words"), "words")
    entries, _ = split_words(words)
    rows, cols = checked_size(new.rows, new.cols)
    levels = new.levels or [new.level or "medium"]
    if len(levels) > assignments.MAX_PUZZLES or any(level not in LEVELS for level in levels):
        raise level_refused()
    made = []
    for level in levels:
        spec = PuzzleSpec(entries, rows, cols, level=level)
        puzzle = await make_puzzle(generator, spec, time.monotonic())
        request: dict[str, object] = {"rows": rows, "cols": cols, "level": level, "options": {}}
        made.append(StoredCopy(title, json.dumps(request), dumps(puzzle, indent=None)))
    return made


@dataclass(frozen=True)
class StoredCopy:
    """A puzzle to copy into an assignment: its title, request and JSON."""

    title: str
    request: str
    puzzle: str


def theme_words(new: NewAssignment) -> list[str]:
    """The words of the theme asked for (``count`` of them, drawn at random)."""
    language = checked_language(new.lang, THEME_LANGUAGES)
    if new.theme not in theme_names():
        raise ApiError(
            404, Note(f"there is no theme {str(new.theme)[:40]!r}", key="api.no-theme"), "theme"
        )
    try:
        return draw(load_theme(new.theme, language), new.count, new_seed())
    except InputError as error:
        raise ApiError(422, str(error), "count") from None


def results_of(room: Classroom, assignment: Assignment) -> Results:
    """The teacher's results of an assignment."""
    pupils = room.storage.pupils_of(assignment.code)
    words_of = {
        puzzle_id: [word.entry for word in room.puzzles.get(puzzle_id).puzzle.words]
        for puzzle_id in assignment.puzzles
    }
    rows = [
        assignments.pupil_result(pupil, finds, len(words_of.get(pupil.puzzle, [])))
        for pupil, finds in pupils
    ]
    words = [
        WordRow(
            word=w.word,
            pupils=w.pupils,
            found_by=w.found_by,
            hints=w.hints,
            wrong=w.wrong,
            median_seconds=round(statistics.median(w.times), 1) if w.times else None,
        )
        for w in assignments.word_results(pupils, words_of)
    ]
    return Results(
        code=assignment.code,
        title=assignment.title,
        ends=assignment.ends,
        answers_shown=assignment.answers_shown,
        pupils=rows,
        words=words,
    )


QR_URL_LENGTH = 200
"""The longest text put in a QR code (a class link with a name is far shorter)."""


def qr_svg(text: str) -> bytes:
    """A QR code of ``text`` as SVG (error correction M: readable from the back of a classroom)."""
    try:
        import segno
    except ImportError as error:
        raise MissingExtraError(f"QR codes ({error.name} is missing)", "web") from None
    out = io.BytesIO()
    segno.make(text, error="m", micro=False).save(out, kind="svg", scale=8, border=2, xmldecl=False)
    return out.getvalue()
