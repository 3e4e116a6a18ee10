"""The sentences on a sheet and in a book, each from the catalogue of the sheet's language.

Layout decides where a text goes; this module decides what it says.

>>> from wortsuche.i18n import translator
>>> from wortsuche.model import Direction
>>> directions_sentence(translator("de"), (Direction.E, Direction.S))
'Die Wörter stehen waagerecht und senkrecht.'
"""

from __future__ import annotations

from collections.abc import Sequence

from wortsuche.difficulty.simulated import Difficulty, rate_puzzle
from wortsuche.grid.topology import Topology
from wortsuche.i18n import Translator, words_language
from wortsuche.levels import LEVELS
from wortsuche.model import Direction, Puzzle
from wortsuche.render.options import words_language_of
from wortsuche.words.clues import is_picture
from wortsuche.words.themes import THEME_LANGUAGES

FOOTER_SEPARATOR = " · "
"""Between the parts of a sheet's footer."""


def level_name(texts: Translator, level: str) -> str:
    """A level's name in the sheet's language (``hard`` → ``schwer``)."""
    return texts.t(f"level.{level}") if level in LEVELS else level


def default_title(texts: Translator) -> str:
    """The title of a sheet nobody gave a title."""
    return texts.t("sheet.default-title")


def directions_sentence(
    texts: Translator,
    directions: Sequence[Direction],
    count: int = 2,
    topology: Topology | None = None,
) -> str:
    """How the ``count`` words run, in plain words for the instruction line (one word runs
    one way: "across or down").

    >>> from wortsuche.i18n import translator
    >>> directions_sentence(translator("en"), (Direction.E, Direction.S), 1)
    'The word runs across or down.'
    """
    found = set(directions)
    across_down = {Direction.E, Direction.S}
    diagonal = {Direction.SE, Direction.NE}
    if topology is not None and topology.directions != tuple(Direction):
        # hexagons: as drawn (their S runs ↘, no "down")
        return texts.n(
            "sheet.directions.arrows",
            count,
            arrows=" ".join(topology.arrow(d) for d in topology.directions if d in found),
        )
    if found == set(Direction):
        return texts.n("sheet.directions.all", count)
    if found == across_down:
        return texts.n("sheet.directions.across-down", count)
    if found == across_down | diagonal:
        return texts.n("sheet.directions.across-down-diagonal", count)
    arrows = " ".join(d.arrow for d in Direction if d in found)
    return texts.n("sheet.directions.arrows", count, arrows=arrows)


def instruction(
    puzzle: Puzzle, texts: Translator, *, word_list: bool, list_follows: bool = False
) -> tuple[str, ...]:
    """The short lines under the title: what to find, how the words run, and where a hidden
    message is."""
    count = len(puzzle.words)
    # secret words run as the listed ones do: "the word" only where one word hides in all
    how = directions_sentence(
        texts,
        puzzle.options.directions,
        count + len(puzzle.secret_words),
        Topology.of_puzzle(puzzle),
    )
    if word_list and list_follows:
        what = texts.n("sheet.find-list-follows", count)
    elif word_list:
        what = texts.n(find_below_key(puzzle, texts), count)
    else:
        what = texts.n("sheet.hidden", count)
    wrap = (texts.t("sheet.wrap-hint"),) if puzzle.options.wrap else ()
    return (what, how, *wrap, *secret_hint(puzzle, texts), *message_hint(puzzle, texts))


def find_below_key(puzzle: Puzzle, texts: Translator) -> str:
    """The message saying what to find above a word list: the words, the words for the clues
    or pictures, or the words in another language than the sheet's (a vocabulary sheet)."""
    if not any(word.clue is not None for word in puzzle.words):
        return "sheet.find-below"
    if all(is_picture(word.clue) for word in puzzle.words):
        return "sheet.find-pictures"
    language = words_language_of(puzzle)
    if language != texts.language and language in THEME_LANGUAGES:
        return f"sheet.find-in-{language}"
    if two_languages(puzzle) is not None:  # the sheet's own words for clues of the other language
        return f"sheet.find-in-{language}"
    return "sheet.find-clues"


def secret_hint(puzzle: Puzzle, texts: Translator) -> tuple[str, ...]:
    """The worksheet's line saying how many secret words hide in the grid (if any)."""
    if not puzzle.secret_words:
        return ()
    return (texts.n("sheet.secret-hint", len(puzzle.secret_words)),)


def secret_answer(puzzle: Puzzle, texts: Translator) -> tuple[str, ...]:
    """The answer key's line naming the secret words (if any)."""
    if not puzzle.secret_words:
        return ()
    entries = ", ".join(w.entry for w in puzzle.secret_words)
    return (texts.n("sheet.secret-answer", len(puzzle.secret_words), words=entries),)


def message_hint(puzzle: Puzzle, texts: Translator) -> tuple[str, ...]:
    """The worksheet's lines on a hidden message (if one is hidden): how many of the letters
    left over spell it, and a blank for each letter to write it in."""
    if puzzle.message is None:
        return ()
    count = len(puzzle.message.letters)
    # Secret words stand among the letters left over until they are found: the hint says to find
    # them first, or a child reads TOLLGEMAREHCHT where the message is TOLL GEMACHT.
    secret = "-secret" if puzzle.secret_words else ""
    if puzzle.message.exact:
        hint = texts.t(f"sheet.message-hint-exact{secret}")
    else:
        hint = texts.n(f"sheet.message-first{secret}", count)
    return (hint, message_blanks(puzzle.message.text, puzzle.message.letters))


MESSAGE_BLANK = "___"
"""One letter of the hidden message to fill in."""


def message_blanks(text: str, letters: str) -> str:
    """A blank for each of the message's ``letters`` (wide enough to write in), grouped as its words are, where
    they can be told (``Gut`` → ``___ ___ ___``); else one group."""
    groups = [sum(ch.isalpha() for ch in word) for word in text.split()]
    if sum(groups) != len(letters) or not all(groups):
        groups = [len(letters)]  # ß written SS, Ä as AE: the words' letters no longer count up
    return "     ".join(" ".join([MESSAGE_BLANK] * n) for n in groups)


def message_answer(puzzle: Puzzle, texts: Translator) -> tuple[str, ...]:
    """The answer key's line with the hidden message (if one is hidden)."""
    if puzzle.message is None:
        return ()
    return (texts.t("sheet.message-answer", message=puzzle.message.text),)


def answers_heading(texts: Translator) -> str:
    """The line under the title of an answer key."""
    return texts.t("sheet.answers")


def word_list_heading(texts: Translator, title: str) -> str:
    """The heading of the pages holding a word list too long for the puzzle's page."""
    return texts.t("sheet.words-heading", title=title)


def solving_time(texts: Translator, minutes: float) -> str:
    """The model's expected solving time in words: "about 6 min", "under a minute"."""
    if minutes < 1:
        return texts.t("difficulty.under-a-minute")
    return texts.t("difficulty.minutes", minutes=round(minutes))


def footer(
    puzzle: Puzzle,
    texts: Translator,
    extra: Sequence[str] = (),
    rating: Difficulty | None = None,
    *,
    score: float | None = None,
) -> str:
    """The faint line at the foot of a sheet: size, level and seed (to make it again), the
    difficulty score (``score``, else the ``rating``'s, else the puzzle rated), then any
    ``extra`` parts."""
    if score is None:
        score = (rating or rate_puzzle(puzzle)).score
    made = texts.t(
        "sheet.footer",
        rows=Topology.of_puzzle(puzzle).asked_size[0],
        cols=Topology.of_puzzle(puzzle).asked_size[1],
        level=level_name(texts, puzzle.level),
        seed=puzzle.seed,
        score=texts.decimal(score),
    )
    return FOOTER_SEPARATOR.join([made, *extra])


def pupil_footer(puzzle: Puzzle, texts: Translator) -> str:
    """The faint line at the foot of a pupil's sheet: size and level, nothing a child need not
    read (the seed and the score are on the answer key, and with ``--footer technical``)."""
    rows, cols = Topology.of_puzzle(puzzle).asked_size
    return texts.t(
        "sheet.footer-pupil",
        rows=rows,
        cols=cols,
        level=level_name(texts, puzzle.level),
    )


def two_languages(puzzle: Puzzle) -> str | None:
    """The language of a vocabulary puzzle's words, whose clues are words of the other
    language (``Hund`` for DOG); None for any other puzzle."""
    clues = [w.clue for w in puzzle.words if w.clue is not None and not is_picture(w.clue)]
    if not clues:
        return None
    language = words_language_of(puzzle)
    told = words_language(clues)
    if told is None or told == language or language not in THEME_LANGUAGES:
        return None
    return language


def find_in_language(puzzle: Puzzle, texts: Translator) -> str | None:
    """On a screen beside a vocabulary puzzle's list: which language's words to find, in the
    reader's language ("Finde die englischen Wörter im Gitter."); None for any other puzzle."""
    language = two_languages(puzzle)
    return None if language is None else texts.t(f"screen.find-in-{language}")
