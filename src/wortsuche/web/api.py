"""The JSON API: create, fetch, check, reveal, again.

Answers never leave the server before "reveal": the play page gets the grid and the word list,
and asks the server whether a selection is a word. The endpoints are thin; the steps behind them
are plain functions below, so tests and readers can follow them.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Coroutine, Sequence
from contextlib import suppress
from typing import Any, Literal

from fastapi import APIRouter, Depends, Request, Response
from starlette.concurrency import run_in_threadpool

from wortsuche.difficulty.simulated import rate_puzzle
from wortsuche.errors import (
    InputError,
    MissingExtraError,
)
from wortsuche.filling.message import message_letters, message_shape
from wortsuche.i18n import LANGUAGES, Translator, translator
from wortsuche.levels import LEVEL_DESCRIPTIONS, LEVELS
from wortsuche.model import Puzzle, Word
from wortsuche.notes import Note
from wortsuche.puzzle_json import dumps, loads
from wortsuche.spec import default
from wortsuche.web import limits
from wortsuche.web.checks import (
    checked_language,
    checked_seed,
    checked_size,
    checked_text,
    checked_title,
    is_puzzle_id,
    read_words,
    words_refused,
)
from wortsuche.web.errors import ApiError
from wortsuche.web.generation import Generator
from wortsuche.web.making import make_puzzle
from wortsuche.web.pages import page_language
from wortsuche.web.rates import RateLimiter, limited
from wortsuche.web.schemas import (
    BUSY,
    ERRORS,
    Answers,
    CheckResult,
    Hint,
    HintRequest,
    MessageShape,
    NewPuzzle,
    PublicPuzzle,
    Selection,
)
from wortsuche.web.selection import answers, check
from wortsuche.web.storage import Storage, StoredPuzzle
from wortsuche.words.clues import listed
from wortsuche.words.letters import with_letter_counts
from wortsuche.words.vocabulary import unpictured_note, with_clues
from wortsuche.words.wordset import prepare_words

DOCUMENTS = {
    "pdf": "application/pdf",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "odt": "application/vnd.oasis.opendocument.text",
}
"""The worksheet's downloads and their media types."""


def api_routes(
    storage: Storage,
    settings: limits.Limits,
    generator: Generator | None = None,
    rates: RateLimiter | None = None,
) -> APIRouter:
    """The API endpoints, storing puzzles in ``storage`` under the limits of ``settings``.

    The endpoints that generate are ``async``: they wait for a generation slot without holding
    one of the server's threads, so reading puzzles never waits behind generation. The ones
    that only read are plain functions (run in the thread pool, SQLite blocks).
    """
    router = APIRouter(prefix="/api/puzzles", responses=ERRORS)
    generator = generator or new_generator(settings)
    rates = rates or RateLimiter(settings.rates, settings.rate_storage)

    @router.post(
        "", status_code=201, responses=BUSY, dependencies=[Depends(limited(rates, "create"))]
    )
    async def create_puzzle(new: NewPuzzle, request: Request) -> PublicPuzzle:
        """Make a puzzle from a word list and save it under a new short id."""
        arrived = time.monotonic()
        options = new.options()
        phrases = bool(options.pop("phrases", False))  # how the words text is read
        clues = options.pop("clues", None)  # what the list shows: given to the words here
        letter_count = bool(options.pop("letter_count", False))  # written into the clues here
        entries, header_size, split = read_words(new.words, phrases=phrases)
        unpictured: list[str] = []
        words: list[str] | list[Word] = entries
        if clues is not None or letter_count:
            clued = clued_words(entries, clues, options, unpictured)
            words = list(with_letter_counts(clued)) if letter_count else clued
        asked = (new.rows, new.cols)
        if None in asked and header_size is not None:
            asked = header_size  # a pasted competition file brings its size
        rows, cols = checked_size(*asked)
        level = checked_level(options.pop("level", default("level")))
        seed = checked_seed(options.pop("seed", None))
        title = checked_title(new.title)
        if "message" in options:
            checked_message(options["message"])
        if secret := checked_secret(options.pop("secret", None)):
            options["secret"] = secret
        work = make_puzzle(generator, words, rows, cols, level, seed, arrived, options)
        puzzle = await unless_disconnected(request, work)
        request_json = {"rows": rows, "cols": cols, "level": level, "options": options}
        stored = await run_in_threadpool(save, storage, puzzle, title, request_json)
        texts = translator(page_language(request))
        # the fresh puzzle's notes still name their catalogue entries; the stored copy is English
        said = [*said_split(split, texts), *(texts.say(note) for note in puzzle.notes)]
        if unpictured:
            said.append(texts.say(unpictured_note(unpictured)))
        return public(stored).model_copy(update={"notes": said})

    @router.get("/{puzzle_id}")
    def get_puzzle(puzzle_id: str) -> PublicPuzzle:
        """The grid and the word list of a puzzle, without the answers (nor, for a class's
        copy, the seed)."""
        shown = public(find(storage, puzzle_id))
        if storage.assignment_of_puzzle(puzzle_id) is not None:
            shown = shown.model_copy(update={"seed": None})
        return shown

    @router.get(
        "/{puzzle_id}/sheet.pdf",
        response_class=Response,
        responses={200: {"content": {"application/pdf": {}}}},
        dependencies=[Depends(limited(rates, "reveal"))],
    )
    def worksheet_pdf(
        puzzle_id: str,
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
        return worksheet(puzzle_id, "pdf", answers, lang, name_line, font, options)

    @router.get(
        "/{puzzle_id}/sheet.{kind}",
        response_class=Response,
        responses={200: {"content": {media: {} for media in DOCUMENTS.values()}}},
        dependencies=[Depends(limited(rates, "reveal"))],
    )
    def worksheet_document(
        puzzle_id: str,
        kind: Literal["docx", "odt"],
        answers: bool = False,
        lang: str | None = None,
        name_line: bool = True,
        font: Literal["standard", "school"] = "standard",
        age: Literal["6-8", "9-12", "13+"] | None = None,
    ) -> Response:
        """The worksheet as a document to change in Word (``docx``) or LibreOffice (``odt``)."""
        return worksheet(puzzle_id, kind, answers, lang, name_line, font, {"age": age})

    def worksheet(
        puzzle_id: str,
        kind: str,
        answers: bool,
        lang: str | None,
        name_line: bool,
        font: str,
        options: dict[str, Any],
    ) -> Response:
        """The stored puzzle's worksheet as a download of ``kind`` (pdf, docx, odt)."""
        stored = find(storage, puzzle_id)
        if answers:
            answers_locked(storage, puzzle_id)
        puzzle = loads(stored.puzzle)
        if lang is not None:
            checked_language(lang, LANGUAGES)
        from wortsuche.render import render
        from wortsuche.render.options import sheet_age

        options = {**options, "age": sheet_age(options.get("age"), puzzle)}

        try:
            content = render(
                puzzle,
                kind,
                answers=answers,
                title=stored.title or None,
                language=lang,
                name_line=name_line,
                font=font,
                **options,
            )
        except MissingExtraError as error:
            raise ApiError(
                501, str(error), key="api.missing-extra", values={"extra": error.extra}
            ) from None
        name = f"wortsuche-{stored.id}{'-answers' if answers else ''}.{kind}"
        return Response(
            content=content,
            media_type=DOCUMENTS[kind],
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @router.get(
        "/{puzzle_id}/scorm.zip",
        response_class=Response,
        responses={200: {"content": {"application/zip": {}}}},
        dependencies=[Depends(limited(rates, "reveal"))],
    )
    def scorm_package(puzzle_id: str, lang: str | None = None) -> Response:
        """The game as a SCORM 1.2 package to upload to a learning platform (Moodle, ILIAS,
        itslearning): it plays without this server and reports completion, score and time."""
        stored = find(storage, puzzle_id)
        answers_locked(storage, puzzle_id)  # a class's copy: its hints point at answers
        if lang is not None:
            checked_language(lang, LANGUAGES)
        from wortsuche.render import render

        content = render(loads(stored.puzzle), "scorm", title=stored.title or None, language=lang)
        return Response(
            content=content,
            media_type="application/zip",
            headers={
                "Content-Disposition": f'attachment; filename="wortsuche-{stored.id}-scorm.zip"'
            },
        )

    @router.post("/{puzzle_id}/hint", dependencies=[Depends(limited(rates, "reveal"))])
    def hint(puzzle_id: str, asked: HintRequest) -> Hint:
        """Where one word begins: the first letter's cell, for a player who is stuck."""
        puzzle = loads(find(storage, puzzle_id).puzzle)
        answers_locked(storage, puzzle_id)
        if not 0 <= asked.index < len(puzzle.words):
            raise ApiError(
                422,
                f"there is no word number {asked.index}",
                "index",
                key="api.no-word-number",
                values={"index": asked.index},
            )
        placement = puzzle.placements.get(puzzle.words[asked.index].letters)
        if placement is None:
            raise ApiError(404, "that word is not in the grid", key="api.word-not-in-grid")
        return Hint.of(asked.index, placement.cells)

    @router.post("/{puzzle_id}/check", dependencies=[Depends(limited(rates, "check"))])
    def check_selection(puzzle_id: str, selection: Selection) -> CheckResult:
        """Whether the straight line from ``start`` to ``end`` covers a hidden word (either way).

        A class's copy is checked only through the class (which records each find), until its
        teacher shows the answers: an unrecorded check would let a script test every line."""
        puzzle = loads(find(storage, puzzle_id).puzzle)
        class_checks_only(storage, puzzle_id)
        return check(puzzle, selection.start, selection.end, selection.step)

    @router.post("/{puzzle_id}/reveal", dependencies=[Depends(limited(rates, "reveal"))])
    def reveal(puzzle_id: str) -> Answers:
        """Every word's position, in word-list order."""
        puzzle = loads(find(storage, puzzle_id).puzzle)
        answers_locked(storage, puzzle_id)
        return answers(puzzle)

    @router.post(
        "/{puzzle_id}/again",
        status_code=201,
        responses=BUSY,
        dependencies=[Depends(limited(rates, "create"))],
    )
    async def again(puzzle_id: str, request: Request, level: str | None = None) -> PublicPuzzle:
        """A new grid with the same words, size request and level (a new id; the old one stays).

        ``?level=`` asks for another level (the "harder" and "easier" of the finished game).
        """
        arrived = time.monotonic()
        if level is not None:
            checked_level(level)
        stored = await run_in_threadpool(find, storage, puzzle_id)
        old = loads(stored.puzzle)
        asked = json.loads(stored.request)  # rows and cols as asked: numbers, or null for auto
        rows, cols = asked["rows"], asked["cols"]
        options = asked.get("options") or {}  # older puzzles were stored without options
        if level is not None:
            asked["level"] = level
        work = make_puzzle(
            generator, list(old.words), rows, cols, level or old.level, None, arrived, options
        )
        puzzle = await unless_disconnected(request, work)
        return public(await run_in_threadpool(save, storage, puzzle, stored.title, asked))

    return router


def new_generator(settings: limits.Limits) -> Generator:
    """The generation slots and queue of one server, as ``settings`` allow."""
    return Generator(
        slots=settings.generation_slots,
        queue_length=settings.queue_length,
        seconds=settings.generation_seconds,
        in_process=not settings.worker_processes,
    )


async def unless_disconnected(request: Request, work: Coroutine[Any, Any, Puzzle]) -> Puzzle:
    """The result of ``work``, which is cancelled (its worker stopped) if the client goes away."""
    task = asyncio.ensure_future(work)
    watcher = asyncio.ensure_future(_disconnected(request))
    try:
        await asyncio.wait({task, watcher}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        if not task.done():
            task.cancel()
        watcher.cancel()
    if task.cancelled() or not task.done():
        with suppress(asyncio.CancelledError):
            await task
        raise ApiError(499, "the client closed the connection")  # nobody reads this answer
    return task.result()


async def _disconnected(request: Request) -> None:
    """Return once the client has closed the connection (the request body is already read)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def clued_words(
    entries: list[str],
    clues: str | None,
    options: dict[str, Any],
    unpictured: list[str] | None = None,
) -> list[Word]:
    """The entries as words with the clues ``clues`` asks for (the form's "list shows");
    a word no theme knows is refused at the words field (with pictures and ``unpictured``, it
    is shown as itself and named there)."""
    try:
        words, _ = prepare_words(
            entries,
            transliterate=bool(options.get("transliterate", False)),
            eszett=options.get("eszett") or "keep",
        )
        return list(with_clues(words, clues, unpictured=unpictured))
    except InputError as error:
        raise words_refused(error) from None


def said_split(notes: Sequence[Note], texts: Translator) -> list[str]:
    """The reader's notes of lines split into several words (or kept one entry, or numbered),
    in the reader's language: the command line's notes, with the form's box in place of
    ``--phrases``."""
    said = []
    for note in notes:
        values = note.values
        also = texts.say(values.get("also")) if values.get("also") else ""
        if note.key == "note.kept-line":  # a line of a few words in a list of one a line
            said.append(
                texts.t("api.kept-line", number=values["number"], entry=values["entry"], also=also)
            )
            continue
        if note.key == "note.numbering":
            said.append(texts.t("api.numbering", shown=values["shown"]))
            continue
        if note.key != "note.split-line" or note.number is None:
            continue
        said.append(
            texts.n(
                "api.split-line",
                note.number,
                number=values["number"],
                shown=values["shown"],
                also=also,
            )
        )
    return said


MAX_SECRET_WORDS = 20
"""Secret words a web puzzle may have (they are a bonus, not a second list)."""


def checked_secret(secret: str | list[str] | None) -> list[str]:
    """The secret words as entries (comma, semicolon or line separated), within the limits."""
    if secret is None:
        return []
    texts = [secret] if isinstance(secret, str) else secret
    entries = [
        part.strip()
        for text in texts
        for part in re.split(r"[,;\n]", checked_text(text, "secret"))
        if part.strip()
    ]
    if len(entries) > MAX_SECRET_WORDS:
        raise ApiError(
            422,
            f"too many secret words: {len(entries)} (at most {MAX_SECRET_WORDS})",
            "secret",
            key="api.too-many-secret",
            values={"count": len(entries), "most": MAX_SECRET_WORDS},
        )
    for entry in entries:
        if len(entry) > limits.MAX_WORD_LENGTH:
            raise ApiError(
                422,
                f"the secret word {entry[:20]!r}… is too long",
                "secret",
                key="api.secret-too-long",
                values={"start": entry[:20], "most": limits.MAX_WORD_LENGTH},
            )
    return entries


def checked_message(message: str) -> str:
    """A hidden message that can be written in a grid (letters in it, not too long)."""
    checked_text(message, "message")
    try:
        message_letters(message)
    except InputError as error:
        raise ApiError(
            422, f"{error}.", "message", key="api.message", values={"error": error}
        ) from None
    return message


def save(storage: Storage, puzzle: Puzzle, title: str, request: dict[str, Any]) -> StoredPuzzle:
    """Store a new puzzle."""
    return storage.add(title=title, request=json.dumps(request), puzzle=dumps(puzzle, indent=None))


def answers_locked(storage: Storage, puzzle_id: str) -> None:
    """Refuse with 403 the answers of a class's puzzle until its teacher shows them."""
    if storage.keeps_answers(puzzle_id):
        raise ApiError(403, "the teacher has not shown the answers yet", key="api.answers-locked")


def class_checks_only(storage: Storage, puzzle_id: str) -> None:
    """Refuse with 403 a check of a class's puzzle outside its class, until the answers are shown."""
    if storage.keeps_answers(puzzle_id):
        raise ApiError(
            403,
            "this puzzle belongs to a class: play it on the class page, where the server checks"
            " every find",
            key="api.class-checks",
        )


def find(storage: Storage, puzzle_id: str) -> StoredPuzzle:
    """The stored puzzle with this id, or a 404."""
    stored = storage.get(puzzle_id) if is_puzzle_id(puzzle_id) else None
    if stored is None:
        raise ApiError(404, "there is no puzzle with this id (check the link)", key="api.no-puzzle")
    return stored


def public(stored: StoredPuzzle) -> PublicPuzzle:
    """What a player may see of a stored puzzle."""
    puzzle = loads(stored.puzzle)
    return PublicPuzzle(
        id=stored.id,
        url=f"/p/{stored.id}",
        title=stored.title,
        level=puzzle.level,
        level_description=LEVEL_DESCRIPTIONS.get(puzzle.level, ""),
        rows=puzzle.rows,
        cols=puzzle.cols,
        seed=puzzle.seed,
        grid=list(puzzle.grid.rows),
        # a word with a clue is listed by its clue: the player finds the word
        words=[listed(word) for word in puzzle.words],
        notes=list(puzzle.notes),
        created=stored.created,
        difficulty=rate_puzzle(puzzle).score,
        secret_count=len(puzzle.secret_words),
        wrap=puzzle.options.wrap,
        message=None
        if puzzle.message is None
        else MessageShape(
            shape=message_shape(puzzle.message.text), length=len(puzzle.message.letters)
        ),
    )


def checked_level(level: object) -> str:
    """``level`` if it names a level; else a 422 that lists the levels."""
    if level not in LEVELS:
        raise ApiError(
            422,
            f"choose a level: {', '.join(LEVELS)}",
            "level",
            key="api.level",
            values={"levels": ", ".join(LEVELS)},
        )
    return str(level)
