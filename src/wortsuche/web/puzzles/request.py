"""A create request read into one :class:`~wortsuche.spec.PuzzleSpec`, under the web's limits.

:func:`puzzle_spec` is the one place the body becomes a spec: the words read (a pasted
competition file brings its size), the clues given, the size, seed, title and secret words held
to the web's limits (smaller than the core's: a server shares its time). Every option is checked
by the spec itself, where the puzzle is made; its refusal comes back at the option's field
(:func:`~wortsuche.web.puzzles.making.generation_refused`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wortsuche.errors import InputError
from wortsuche.grid.topology import TORUS_LEAST_SIDE
from wortsuche.i18n import Translator
from wortsuche.levels import LEVELS
from wortsuche.model import Word
from wortsuche.notes import Note
from wortsuche.spec import PuzzleSpec
from wortsuche.web import limits
from wortsuche.web.errors import ApiError
from wortsuche.web.schemas import NewPuzzle
from wortsuche.words.clues import has_clue
from wortsuche.words.source import parse_words
from wortsuche.words.vocabulary import with_clues
from wortsuche.words.wordset import prepare_words


@dataclass(frozen=True)
class Asked:
    """A create request, read: the spec to make, a difficulty to come nearest (the search
    varies the level for it), and what the reader is told of how the words were read."""

    spec: PuzzleSpec
    target: float | None = None
    split: tuple[Note, ...] = ()
    """The notes of lines read as several words (or kept one entry, or numbered)."""
    unpictured: tuple[str, ...] = ()
    """Words no picture stands for, shown as themselves."""

    def stored(self) -> dict[str, Any]:
        """The request as the store keeps it, to make another grid of it ("again"): the size as
        asked (null: automatic), the level and the options set."""
        options = {
            name: value
            for name, value in self.spec.given.items()
            if name not in ("level", "seed", "title", "sheet_language")
        }
        if self.target is not None:
            options["difficulty"] = self.target
        spec = self.spec
        return {"rows": spec.rows, "cols": spec.cols, "level": spec.level, "options": options}


def puzzle_spec(new: NewPuzzle) -> Asked:
    """The spec a create request asks for; an :class:`ApiError` at the field that breaks one
    of the web's limits (the spec's own checks run where the puzzle is made)."""
    options = new.options()
    phrases = bool(options.pop("phrases", False))  # how the words text is read
    clues = options.pop("clues", None)  # what the list shows: given to the words here
    target = options.pop("difficulty", None)  # a search over levels, not an option of one
    entries, header_size, split = read_words(new.words, phrases=phrases)
    unpictured: list[str] = []
    words = entries if clues is None else clued_words(entries, clues, options, unpictured)
    asked = (new.rows, new.cols)
    if None in asked and header_size is not None:
        asked = header_size  # a pasted competition file brings its size
    rows, cols = checked_size(*asked)
    seed = checked_seed(options.pop("seed", None))
    title = checked_title(new.title)
    if "message" in options:
        checked_text(options["message"], "message")
    if secret := checked_secret(options.pop("secret", None)):
        options["secret"] = secret
    spec = PuzzleSpec(words, rows, cols, seed=seed, title=title or None, **options)
    return Asked(checked_spec(spec), target, split, tuple(unpictured))


def checked_spec(spec: PuzzleSpec) -> PuzzleSpec:
    """``spec`` once its own check passes (before it waits for a worker), else its refusal at
    the field it belongs to."""
    try:
        spec.checked()
    except InputError as error:
        raise spec_refused(error) from None
    return spec


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


def spec_refused(error: InputError) -> ApiError:
    """A refusal of the spec (or of the words, when made) said for the form, at its field: the
    level as a choice of levels, a message and a torus in the form's words, any other option at
    its own field; what names no field is the words'."""
    if error.key in WRAP_REFUSALS:
        message, field = WRAP_REFUSALS[error.key]
        return ApiError(422, message, field, key=error.key.replace("error.", "api."))
    if error.key is not None and error.key.startswith("error.message"):
        return ApiError(422, f"{error}.", "message", key="api.message", values={"error": error})
    option = error.values.get("option")
    if option == "level":
        return level_refused()
    if isinstance(option, str) and option in NewPuzzle.model_fields:
        said: dict[str, object] = {"field": option}
        return ApiError(422, f"{error}.", option, key="api.invalid-field", values=said)
    return words_refused(error)


def level_refused() -> ApiError:
    """The refusal of a level that is none: the levels to choose from."""
    return ApiError(
        422,
        f"choose a level: {', '.join(LEVELS)}",
        "level",
        key="api.level",
        values={"levels": ", ".join(LEVELS)},
    )


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
