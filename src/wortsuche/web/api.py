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

from wortsuche.errors import (
    DoesNotFitError,
    GenerationTimeout,
    InputError,
    MissingExtraError,
    VerificationError,
    WortsucheError,
)
from wortsuche.filling.message import message_letters, message_shape
from wortsuche.grid.topology import TORUS_LEAST_SIDE, Topology
from wortsuche.i18n import LANGUAGES, Translator, translator
from wortsuche.levels import LEVEL_DESCRIPTIONS, LEVELS
from wortsuche.model import Cell, Puzzle, Word
from wortsuche.notes import Note
from wortsuche.puzzle_json import dumps, loads
from wortsuche.rating.difficulty import rate_puzzle
from wortsuche.spec import default
from wortsuche.verification.verifier import verify_puzzle
from wortsuche.web import limits
from wortsuche.web.errors import ApiError, server_failed
from wortsuche.web.generation import BusyError, Generator
from wortsuche.web.pages import page_language
from wortsuche.web.rates import RateLimiter, limited
from wortsuche.web.schemas import (
    BUSY,
    ERRORS,
    Answer,
    Answers,
    CheckResult,
    Hint,
    HintRequest,
    MessageShape,
    NewPuzzle,
    PublicPuzzle,
    Selection,
)
from wortsuche.web.storage import Storage, StoredPuzzle
from wortsuche.words.clues import has_clue, listed
from wortsuche.words.source import parse_words
from wortsuche.words.vocabulary import unpictured_note, with_clues
from wortsuche.words.wordset import prepare_words

ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")

DOCUMENTS = {
    "pdf": "application/pdf",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "odt": "application/vnd.oasis.opendocument.text",
}
"""The worksheet's downloads and their media types."""


def is_puzzle_id(text: str) -> bool:
    """Whether ``text`` has the shape of a puzzle id (anything else is never looked up)."""
    return ID_PATTERN.fullmatch(text) is not None


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
        entries, header_size, split = read_words(new.words, phrases=phrases)
        unpictured: list[str] = []
        words = entries if clues is None else clued_words(entries, clues, options, unpictured)
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
    ) -> Response:
        """The worksheet as a PDF to print; with ``answers=true`` the answer key follows it.
        ``per_page=2`` prints two copies as A5 halves of one page, ``4`` four quarters."""
        options = {"lowercase": lowercase, "large_print": large_print, "per_page": int(per_page)}
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
    ) -> Response:
        """The worksheet as a document to change in Word (``docx``) or LibreOffice (``odt``)."""
        return worksheet(puzzle_id, kind, answers, lang, name_line, font, {})

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
        return Hint.of(asked.index, puzzle.cells_of(placement))

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
    entries: list[str], clues: str, options: dict[str, Any], unpictured: list[str] | None = None
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


def split_words(
    words: str | list[str], *, phrases: bool = False
) -> tuple[list[str], tuple[int, int] | None]:
    """The entries of a word list and the size its header gives (competition format), if any
    (:func:`read_words`, without its notes)."""
    entries, size, _ = read_words(words, phrases=phrases)
    return entries, size


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


def read_words(
    words: str | list[str], *, phrases: bool = False
) -> tuple[list[str], tuple[int, int] | None, tuple[Note, ...]]:
    """The entries of a word list, the size its header gives (competition format), if any,
    and the reader's notes (a line split into several words).

    Text is read by the core's reader (entries separated by spaces, commas, semicolons or
    lines, ``"quoted"`` entries kept whole, ``#`` comments, or the competition format with its
    size header); with ``phrases`` only lines, commas and semicolons separate entries. The
    items of a list are entries, also separated by commas or semicolons.
    """
    size = None
    notes: tuple[Note, ...] = ()
    for text in [words] if isinstance(words, str) else words:
        checked_text(text, "words")
    if isinstance(words, str):
        if not words.strip():
            raise ApiError(422, "type at least one word", "words", key="api.no-words")
        try:
            source = parse_words(words, name="the word list", phrases=phrases)
        except InputError as error:
            raise words_refused(error) from None
        lines, size = list(source.entries), source.size
        notes = tuple(note for note in source.notes if isinstance(note, Note))
    else:
        lines = list(words)
    # A line with a clue is one entry: its clue may hold commas.
    entries = [
        part.strip()
        for line in lines
        for part in ([line] if has_clue(line) else re.split(r"[,;]", line))
    ]
    entries = [entry for entry in entries if entry]
    if not entries:
        raise ApiError(422, "type at least one word", "words", key="api.no-words")
    if len(entries) > limits.MAX_WORDS:
        raise ApiError(
            422,
            f"too many words: {len(entries)} (at most {limits.MAX_WORDS} per puzzle)",
            "words",
            key="api.too-many-words",
            values={"count": len(entries), "most": limits.MAX_WORDS},
        )
    for entry in entries:
        if len(entry.partition("=")[0].strip()) > limits.MAX_WORD_LENGTH:
            raise ApiError(
                422,
                f"the word {entry[:20]!r}… is too long ({len(entry)} characters, "
                f"at most {limits.MAX_WORD_LENGTH})",
                "words",
                key="api.word-too-long",
                values={
                    "start": entry[:20],
                    "length": len(entry),
                    "most": limits.MAX_WORD_LENGTH,
                },
            )
    return entries, size, notes


WRAP_REFUSALS = {
    "error.wrap-shape": (
        "words over the edge need the whole rectangle: choose Rectangle as the shape",
        "shape",
    ),
    "error.wrap-size": (
        f"words over the edge need at least {TORUS_LEAST_SIDE} rows and {TORUS_LEAST_SIDE} columns",
        "size",
    ),
}
"""The core's refusals of a torus, said for the form (no command-line options), and the field
each belongs to."""


def words_refused(error: InputError) -> ApiError:
    """The refusal of words the core cannot use, with the core's reason."""
    return ApiError(
        422,
        f"Please check the list: {error}.",
        "words",
        key="api.check-words",
        values={"error": error},
    )


def checked_seed(seed: int | None) -> int | None:
    """``seed`` if it is one the web accepts (None: a fresh one is drawn)."""
    if seed is not None and not 0 <= seed <= limits.MAX_SEED:
        raise ApiError(
            422,
            f"the seed must be a whole number from 0 to {limits.MAX_SEED}",
            "seed",
            key="api.seed",
            values={"most": limits.MAX_SEED},
        )
    return seed


def checked_language(lang: str, languages: Sequence[str]) -> str:
    """``lang`` if it is one of ``languages``."""
    if lang not in languages:
        raise ApiError(
            422,
            f"lang must be one of {', '.join(languages)}",
            "lang",
            key="api.lang",
            values={"languages": ", ".join(languages)},
        )
    return lang


def checked_size(rows: int | None, cols: int | None) -> tuple[int | None, int | None]:
    """Rows and columns within the web's limits; both None (auto) if either is None."""
    if rows is None or cols is None:
        return None, None
    for field, value, name in (("rows", rows, "rows"), ("cols", cols, "columns")):
        if not 1 <= value <= limits.MAX_SIDE:
            raise ApiError(
                422,
                f"the number of {name} must be from 1 to {limits.MAX_SIDE}, not {value}",
                field,
                key=f"api.{field}-range",
                values={"most": limits.MAX_SIDE, "value": value},
            )
    return rows, cols


def checked_text(text: str, field: str) -> str:
    """``text`` if it can be stored and sent (JSON allows lone surrogates such as ``\\ud800``)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ApiError(
            422,
            f"{field}: character {error.start + 1} is not a letter or sign of any script "
            f"(a lone surrogate, {text[error.start]!a})",
            field,
            key="api.lone-surrogate",
            values={"position": error.start + 1},
        ) from None
    return text


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


def checked_title(title: str | None) -> str:
    """The title without surrounding blanks, within the length limit."""
    title = checked_text(title or "", "title").strip()
    if len(title) > limits.MAX_TITLE_LENGTH:
        raise ApiError(
            422,
            f"the title is too long (at most {limits.MAX_TITLE_LENGTH} characters)",
            "title",
            key="api.title-too-long",
            values={"most": limits.MAX_TITLE_LENGTH},
        )
    return title


async def make_puzzle(
    generator: Generator,
    words: list[str] | list[Word],
    rows: int | None,
    cols: int | None,
    level: str,
    seed: int | None,
    arrived: float,
    options: dict[str, Any] | None = None,
) -> Puzzle:
    """Generate within the time limit and verify; an automatic size beyond the web's is capped."""
    from wortsuche.rand import new_seed

    seed = new_seed() if seed is None else seed
    try:
        puzzle = await generator.generate(
            words, rows, cols, level, seed, arrived=arrived, options=options
        )
        if puzzle.rows > limits.MAX_SIDE or puzzle.cols > limits.MAX_SIDE:
            side = limits.MAX_SIDE
            puzzle = await generator.generate(
                words, side, side, level, seed, arrived=arrived, options=options
            )
    except WortsucheError as error:
        raise generation_refused(error, sized=rows is not None) from None
    # the puzzle crossed a pipe: prove it again before saving (in a thread: the loop serves GETs)
    report = await run_in_threadpool(verify_puzzle, puzzle)
    if not report.ok:
        failed = VerificationError(
            "the puzzle from the worker failed the check: " + "; ".join(report.problems)
        )
        raise server_failed(failed)
    return puzzle


def generation_refused(error: WortsucheError, *, sized: bool) -> ApiError:
    """The answer to an error of generation: a user's mistake said for the form, else a bug.

    ``sized`` tells whether the user chose the size (a layout that does not fit is then the
    size's fault) or left it to the generator.
    """
    if isinstance(error, BusyError):
        return ApiError(
            503, f"{error}.", retry_after=error.retry_after, key=error.key, values=error.values
        )
    if isinstance(error, GenerationTimeout):
        message = f"The words could not be arranged: {error}."
        return ApiError(
            422, message, "size", key=error.key, values=error.values, number=error.number
        )
    if isinstance(error, DoesNotFitError):
        return does_not_fit(error, sized=sized)
    if isinstance(error, InputError):
        if error.key in WRAP_REFUSALS:
            message, field = WRAP_REFUSALS[error.key]
            return ApiError(422, message, field, key=error.key.replace("error.", "api."))
        option = error.values.get("option")
        if isinstance(option, str) and option in NewPuzzle.model_fields:
            said: dict[str, object] = {"field": option}
            return ApiError(422, f"{error}.", option, key="api.invalid-field", values=said)
        return words_refused(error)
    return server_failed(error)


def does_not_fit(error: DoesNotFitError, *, sized: bool) -> ApiError:
    """The refusal of words that found no layout (or of a message that found no room)."""
    if error.key is not None and error.key.startswith("error.message"):
        return ApiError(422, f"{error}.", "message", key="api.message", values={"error": error})
    where = "this grid" if sized else f"a grid of at most {limits.MAX_SIDE}x{limits.MAX_SIDE}"
    fix = "Make the grid larger, or use" if sized else "Use"
    return ApiError(
        422,
        f"The words do not fit in {where}: {error}. {fix} fewer or shorter words.",
        "size" if sized else "words",
        key="api.does-not-fit" if sized else "api.does-not-fit-auto",
        values={"most": limits.MAX_SIDE, "words": ", ".join(error.words) or "–", "error": error},
    )


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


def check(
    puzzle: Puzzle,
    start: tuple[int, int],
    end: tuple[int, int],
    step: tuple[int, int] | None = None,
) -> CheckResult:
    """Compare a selection with the placements; a word matches read from either end.

    On a torus (``wrap``) two cells are the ends of several runs (straight across, or over the
    edge): the one going ``step`` from ``start`` if given, else each, the shortest first.
    """
    for name, cell in (("start", start), ("end", end)):
        if cell not in puzzle.grid:
            raise ApiError(
                422,
                f"{name} {list(cell)} is outside the {puzzle.rows}x{puzzle.cols} grid",
                name,
            )
    runs = selected_runs(puzzle, start, end, step)
    if not runs:
        return CheckResult(found=False)
    everything = puzzle.words + puzzle.secret_words  # secret words are numbered after the listed
    accepted = accepted_places(puzzle)
    for cells in runs:
        indices = words_along(cells, accepted)
        if indices:
            entries = [everything[i].entry for i in indices]
            return CheckResult(
                found=True, word=entries[0], words=entries, indices=indices, cells=list(cells)
            )
    return CheckResult(found=False)


def selected_runs(
    puzzle: Puzzle, start: Cell, end: Cell, step: tuple[int, int] | None
) -> list[tuple[Cell, ...]]:
    """The runs of cells a selection from ``start`` to ``end`` may mean, the likeliest first.

    The puzzle's topology says which runs join them (:meth:`Topology.runs_between`): on a flat
    or hexagonal grid the straight line between them, if there is one; on a torus each run
    between them, or only the one going ``step`` from ``start``.
    """
    if start == end:
        return [(start,)]
    topology = Topology.of_puzzle(puzzle)
    runs = topology.runs_between(start, end)
    if step is not None:
        runs = [run for run in runs if topology.offset(run[0], step, 1) == run[1]]
    return runs


def accepted_places(puzzle: Puzzle) -> list[list[tuple[Cell, ...]]]:
    """For each word, listed then secret, the runs of cells that find it.

    That is its placement, and for a word inside longer words each of those places too; a word
    that was not placed has none.
    """
    report = verify_puzzle(puzzle)
    accepted: list[list[tuple[Cell, ...]]] = []
    for word in puzzle.words + puzzle.secret_words:
        places = [o.cells for o in (report[word.letters].own,) if o is not None]
        places += [o.cells for o, _ in report[word.letters].inside_longer]
        accepted.append(places if word.letters in puzzle.placements else [])
    return accepted


def words_along(cells: tuple[Cell, ...], accepted: list[list[tuple[Cell, ...]]]) -> list[int]:
    """The numbers of the words ``cells`` find: read the way the player dragged first, then
    read backwards."""
    forward = [i for i, places in enumerate(accepted) if cells in places]
    backward = [i for i, places in enumerate(accepted) if cells[::-1] in places]
    return forward + [i for i in backward if i not in forward]


def answers(puzzle: Puzzle) -> Answers:
    """Every placed word, in word-list order, then the secret words."""
    found = []
    for index, word in enumerate(puzzle.words + puzzle.secret_words):
        placement = puzzle.placements.get(word.letters)
        if placement is None:
            continue
        found.append(
            Answer(
                index=index,
                word=word.entry,
                letters=word.letters,
                direction=placement.direction.name,
                start=placement.start,
                end=puzzle.cells_of(placement)[-1],
                cells=list(puzzle.cells_of(placement)),
            )
        )
    return Answers(answers=found)


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
