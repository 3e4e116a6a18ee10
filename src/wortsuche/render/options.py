"""What every renderer is given: the puzzle and one typed, frozen :class:`RenderOptions`.

>>> RenderOptions(answers=True).large_print
False
>>> RenderOptions.from_keywords(answer=True)
Traceback (most recent call last):
...
wortsuche.errors.InputError: unknown render option 'answer'; the options are answers, title, paper, lowercase, large_print, word_list, dpi, language, name_line, font, per_page, age, footer
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, Protocol

from wortsuche.errors import InputError
from wortsuche.i18n import LANGUAGES, Translator, resolve_language, translator
from wortsuche.model import Puzzle
from wortsuche.notes import Note

PAPERS = ("a4", "letter")
"""Paper sizes a PDF can have (their sizes are in :data:`wortsuche.render.metrics.PAPER`)."""

FONTS = ("standard", "school")
"""Typefaces of a sheet: DejaVu Sans, or Andika for young readers (see
:data:`wortsuche.render.metrics.FONT_FILES`)."""

PER_PAGE = (1, 2, 4)
"""Puzzles on one PDF page: a whole page, halves (A5 on A4) or quarters."""

AGES = ("6-8", "9-12", "13+")
"""The ages a sheet can be sized for: its list, instruction and grid (see
:data:`wortsuche.render.layout.AGE_STYLES`)."""

YOUNGEST = AGES[0]
"""The age an easy puzzle's sheet is sized for when no age is asked (:func:`sheet_age`)."""

FOOTERS = ("pupil", "technical")
"""What a worksheet's footer says: size and level (for the pupil), or also the seed and the
model's score (for the teacher who makes it again); an answer key always says all of it."""

DPI_RANGE = (10, 1200)
"""The resolutions a PNG may have, in dots per inch."""


@dataclass(frozen=True)
class RenderOptions:
    """How to render a puzzle; each format uses the options that mean something for it."""

    answers: bool = False
    """Add the answer key (a second page, a key image, or the answer table)."""
    title: str | None = None
    """The title above the puzzle; None for the puzzle's own title, else the default one."""
    paper: str = "a4"
    """PDF page size: ``a4`` or ``letter``."""
    lowercase: bool = False
    """Print the letters and words in lower case."""
    large_print: bool = False
    """Bigger text and grid cells for low vision."""
    word_list: bool = True
    """Print the word list (without it: find the hidden words)."""
    dpi: int | None = None
    """Resolution of a PNG image (None: 150)."""
    language: str | None = None
    """The language of the sheet's texts (``de``, ``en``); None for the puzzle's own."""
    name_line: bool = True
    """A line for the pupil's name, the date and the class at the top of the worksheet."""
    font: str = "standard"
    """The typeface: ``standard`` (DejaVu Sans) or ``school`` (Andika)."""
    per_page: int = 1
    """Puzzles on one page (1, 2 or 4), each with its own word list, with cut marks."""
    age: str | None = None
    """The age the sheet is sized for (one of :data:`AGES`); None for the sizes of old."""
    footer: str = "pupil"
    """The worksheet's footer: ``pupil`` (size and level) or ``technical`` (also seed and score)."""

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise _unknown("paper", self.paper, PAPERS)
        low, high = DPI_RANGE
        if self.dpi is not None and not low <= self.dpi <= high:
            raise InputError(
                f"dpi must be between {low} and {high}, not {self.dpi}",
                key="error.dpi-range",
                values={"low": low, "high": high, "value": self.dpi},
            )
        if self.font not in FONTS:
            raise _unknown("font", self.font, FONTS)
        if self.per_page not in PER_PAGE:
            counts = ", ".join(map(str, PER_PAGE))
            raise InputError(
                f"puzzles per page are {counts}, not {self.per_page}",
                key="error.per-page",
                values={"counts": counts, "value": self.per_page},
            )
        if self.age is not None and self.age not in AGES:
            raise _unknown("age", self.age, AGES)
        if self.footer not in FOOTERS:
            raise _unknown("footer", self.footer, FOOTERS)
        if self.language is not None and self.language not in LANGUAGES:
            raise _unknown("sheet language", self.language, LANGUAGES)

    @classmethod
    def from_keywords(cls, **values: Any) -> RenderOptions:
        """Options from keyword arguments; an unknown name is an error, not silently ignored."""
        names = [f.name for f in fields(cls)]
        for name in values:
            if name not in names:
                choices = ", ".join(names)
                raise InputError(
                    f"unknown render option {name!r}; the options are {choices}",
                    key="error.unknown-render-option",
                    values={"name": name, "choices": choices},
                )
        return cls(**values)

    def sheet_language(self, puzzle: Puzzle) -> str:
        """The language of the texts: these options', else the puzzle's, else its words'."""
        if self.language is not None:
            return self.language
        return puzzle_language(puzzle)

    def texts(self, puzzle: Puzzle) -> Translator:
        """The catalogue of the sheet's language."""
        return translator(self.sheet_language(puzzle))


def sheet_age(asked: str | None, puzzle: Puzzle) -> str | None:
    """The age a sheet is sized for: the one asked, else the youngest for an easy puzzle (a
    sheet for six- to eight-year-olds), else none.

    >>> from wortsuche import generate
    >>> easy = generate(["TORF", "RAD"], rows=5, cols=5, level="easy", seed=1)
    >>> sheet_age(None, easy), sheet_age("13+", easy)
    ('6-8', '13+')
    """
    if asked is not None:
        return asked
    return YOUNGEST if puzzle.level == "easy" else None


def puzzle_language(puzzle: Puzzle) -> str:
    """The language a puzzle's sheet is in: its own, else its words' (:func:`words_language_of`)."""
    if puzzle.sheet_language in LANGUAGES:
        return str(puzzle.sheet_language)
    return words_language_of(puzzle)


def words_language_of(puzzle: Puzzle) -> str:
    """The language of a puzzle's words: its ``options.language``, else as the words show it
    (:func:`wortsuche.i18n.resolve_language`, the one reading of a language from words)."""
    return resolve_language(puzzle.options.language, [w.entry for w in puzzle.words])


class Renderer(Protocol):
    """A format's ``render`` function: the puzzle and the options in, text or bytes out."""

    def __call__(self, puzzle: Puzzle, options: RenderOptions, /) -> str | bytes:
        """Render ``puzzle``."""
        ...


def display_letter(letter: str, lowercase: bool) -> str:
    """A grid letter as printed (``ẞ`` becomes ``ß`` in lower case)."""
    return letter.lower() if lowercase else letter


def _unknown(what: str, value: object, choices: Iterable[str]) -> InputError:
    """The error for a ``what`` (paper, font, …) that is none of ``choices``."""
    known = ", ".join(choices)
    label = Note(what, key=f"option.{what.replace(' ', '-')}")
    return InputError(
        f"unknown {what} {value!r}; choose one of {known}",
        key="error.option-choice",
        values={"label": label, "value": value, "choices": known},
    )
