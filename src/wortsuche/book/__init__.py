"""Puzzle books: plan many puzzles from word lists, make them in parallel, keep runs as JSON
Lines, and decide what the cover shows; the pages are laid out, drawn and joined by
:mod:`wortsuche.render.bookpages`.

- :mod:`~wortsuche.book.plan`: which puzzles, from which lists, words, seeds, levels; ratings
- :mod:`~wortsuche.book.workers`: the process pool, signals, the puzzles back in order
- :mod:`~wortsuche.book.files`: a run's JSON Lines, written and read back
- :mod:`~wortsuche.book.cover`: the cover's own grid
- :mod:`~wortsuche.book.printing`: a printed book's interior from made puzzles
"""

from wortsuche.book.cover import COVER_TRIES, cover_artwork, cover_seed
from wortsuche.book.files import book_line, read_book_lines
from wortsuche.book.plan import (
    DEFAULT_WORDS_PER_PUZZLE,
    MAX_NUMBER,
    MAX_PUZZLES,
    MAX_RUN,
    BookSettings,
    PlannedPuzzle,
    Stretch,
    distinct,
    make_puzzle,
    plan_book,
    puzzle_seed,
    repeated_puzzles,
    scores,
    short_lists,
)
from wortsuche.book.workers import (
    Workers,
    build_book,
    end_with_parent,
    in_order,
    in_parallel,
)

__all__ = [
    "COVER_TRIES",
    "DEFAULT_WORDS_PER_PUZZLE",
    "MAX_NUMBER",
    "MAX_PUZZLES",
    "MAX_RUN",
    "BookSettings",
    "PlannedPuzzle",
    "Stretch",
    "Workers",
    "book_line",
    "build_book",
    "cover_artwork",
    "cover_seed",
    "distinct",
    "end_with_parent",
    "in_order",
    "in_parallel",
    "make_puzzle",
    "plan_book",
    "puzzle_seed",
    "read_book_lines",
    "repeated_puzzles",
    "scores",
    "short_lists",
]
