"""A create request read into one :class:`~wortsuche.spec.PuzzleSpec`, under the web's limits.

:func:`puzzle_spec` is the one place the body becomes a spec: the words read (a pasted
competition file brings its size), the clues given, the size, seed, title and secret words held
to the web's limits (:mod:`wortsuche.web.checks`). Every option is checked
by the spec itself, where the puzzle is made; its refusal comes back at the option's field
(:func:`~wortsuche.web.puzzles.making.generation_refused`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from wortsuche.errors import InputError
from wortsuche.i18n import Translator
from wortsuche.model import Word
from wortsuche.notes import Note
from wortsuche.rand import version_seed
from wortsuche.spec import PuzzleSpec
from wortsuche.web.checks import (
    checked_secret,
    checked_seed,
    checked_size,
    checked_text,
    checked_title,
    read_words,
    words_refused,
)
from wortsuche.web.errors import ApiError
from wortsuche.web.making import spec_refused
from wortsuche.web.puzzles.pictures import picture_clues
from wortsuche.web.schemas import NewPuzzle
from wortsuche.words.letters import with_letter_counts
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
    letter_count = bool(options.pop("letter_count", False))  # written into the clues here
    entries, header_size, split = read_words(new.words, phrases=phrases)
    pictures = picture_clues(new.pictures)  # the teacher's own, drawn again: pixels only
    unpictured: list[str] = []
    words: list[str] | list[Word] = entries
    if clues is not None or letter_count or pictures:
        clued = clued_words(entries, clues, options, unpictured, pictures)
        words = list(with_letter_counts(clued)) if letter_count else clued
    asked = (new.rows, new.cols)
    if None in asked and header_size is not None:
        asked = header_size  # a pasted competition file brings its size
    rows, cols = checked_size(*asked)
    seed = checked_seed(options.pop("seed", None))
    if new.version:  # version B of the sheet made with the seed: the command line's seed for it
        if seed is None:
            raise ApiError(
                422,
                Note(
                    "a version of a sheet is made from the first version's seed; give the seed",
                    key="api.version-seed",
                ),
                "seed",
            )
        seed = version_seed(seed, new.version)
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


def clued_words(
    entries: list[str],
    clues: str | None,
    options: dict[str, Any],
    unpictured: list[str] | None = None,
    pictures: Mapping[str, str] | None = None,
) -> list[Word]:
    """The entries as words with the teacher's own ``pictures`` (by the word, in any case) and the clues ``clues`` asks for (the form's "list shows"); a word no theme knows is
    refused at the words field (with pictures and ``unpictured``, it is shown as itself and
    named there), a picture of no word of the list at the pictures field."""
    try:
        words, _ = prepare_words(
            entries,
            transliterate=bool(options.get("transliterate", False)),
            eszett=options.get("eszett") or "keep",
        )
    except InputError as error:
        raise words_refused(error) from None
    if pictures:
        named = {word.entry.strip().casefold() for word in words}
        if stray := next((word for word in pictures if word.strip().casefold() not in named), None):
            raise ApiError(
                422,
                Note(
                    f"the picture for {stray[:20]!r} belongs to no word of the list",
                    key="api.picture-no-word",
                    values={"word": stray[:20]},
                ),
                "pictures",
            )
        by_word = {word.strip().casefold(): picture for word, picture in pictures.items()}
        words = tuple(
            replace(word, clue=by_word.get(word.entry.strip().casefold(), word.clue))
            for word in words
        )
    try:
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
