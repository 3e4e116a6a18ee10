"""A printed book's interior from made puzzles: the book rates them once and hands the numbers
to the renderer (:mod:`wortsuche.render.bookpages`), which lays out, draws and joins."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wortsuche.book.plan import scores
from wortsuche.model import Puzzle
from wortsuche.render import bookpages
from wortsuche.render.bookpages import BookDesign, DrawnBook
from wortsuche.render.options import RenderOptions
from wortsuche.render.preflight import Parts


def draw_print_book(
    puzzles: Sequence[tuple[str, Puzzle]],
    options: RenderOptions,
    design: BookDesign,
    *,
    order: str = "as-given",
    on_part: Callable[[int], None] | None = None,
    parts: Parts | None = None,
) -> DrawnBook:
    """The interior of ``(title, puzzle)`` pairs drawn in parts, not yet joined
    (:func:`wortsuche.render.bookpages.draw_print_book` with the puzzles' scores)."""
    rated = scores([puzzle for _, puzzle in puzzles], parts)
    return bookpages.draw_print_book(
        puzzles, options, design, scores=rated, order=order, on_part=on_part, parts=parts
    )


def render_print_book(
    puzzles: Sequence[tuple[str, Puzzle]],
    options: RenderOptions,
    design: BookDesign,
    *,
    order: str = "as-given",
    on_part: Callable[[int], None] | None = None,
    parts: Parts | None = None,
) -> tuple[bytes, int]:
    """The interior PDF of ``(title, puzzle)`` pairs and its page count."""
    drawn = draw_print_book(puzzles, options, design, order=order, on_part=on_part, parts=parts)
    return bookpages.join_parts(drawn.parts, drawn.title, drawn.language), drawn.pages
