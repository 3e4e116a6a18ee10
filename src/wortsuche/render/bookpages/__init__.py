"""A puzzle book for print on demand: trimmed pages with mirrored margins, front matter,
sections that open on right-hand pages, numbered puzzle and answer pages.

Three steps, a module each: :mod:`.layout` places everything (pure geometry, no PDF library),
:mod:`.drawing` draws the laid-out pages in parts (fpdf), :mod:`.joining` joins the parts
(pypdf). The puzzles' scores come from the book (:func:`wortsuche.book.scores`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from wortsuche.model import Puzzle
from wortsuche.render.bookpages.drawing import draw_book, draw_page, draw_part
from wortsuche.render.bookpages.joining import join_parts
from wortsuche.render.bookpages.layout import (
    ANSWER_GRIDS,
    BOOK_ORDERS,
    KEY_LETTERS,
    LARGE_KEY_LETTERS,
    LARGE_LETTERS,
    SAFETY,
    BookDesign,
    Page,
    compose_book,
    drawing_work,
    largest_large_print_grids,
    largest_pair_grid,
    likely_pages,
)
from wortsuche.render.options import RenderOptions
from wortsuche.render.preflight import PART, Parts

__all__ = [
    "ANSWER_GRIDS",
    "BOOK_ORDERS",
    "KEY_LETTERS",
    "LARGE_KEY_LETTERS",
    "LARGE_LETTERS",
    "PART",
    "SAFETY",
    "BookDesign",
    "DrawnBook",
    "Page",
    "compose_book",
    "draw_book",
    "draw_page",
    "draw_part",
    "draw_print_book",
    "join_parts",
    "largest_large_print_grids",
    "largest_pair_grid",
    "likely_pages",
]


@dataclass(frozen=True)
class DrawnBook:
    """A book's interior drawn in parts of :data:`PART` pages, not yet joined."""

    parts: list[bytes]
    pages: int
    title: str
    language: str


def draw_print_book(
    puzzles: Sequence[tuple[str, Puzzle]],
    options: RenderOptions,
    design: BookDesign,
    *,
    scores: Sequence[float],
    order: str = "as-given",
    on_part: Callable[[int], None] | None = None,
    parts: Parts | None = None,
) -> DrawnBook:
    """The book's interior in parts, to check before :func:`join_parts` joins them;
    ``scores`` are the puzzles' difficulty scores, in their order (:func:`wortsuche.book.scores`).

    The pages are drawn :data:`PART` at a time by ``parts`` (default: one after another; the
    same bytes either way); ``on_part`` is told how many puzzles each part drew.
    """
    pages, language, title = compose_book(puzzles, options, design, scores=scores, order=order)
    jobs = [
        (pages[start : start + PART], design.format, language, title, start + 1, len(pages))
        for start in range(0, len(pages), PART)
    ]
    run = parts or (lambda function, jobs: [function(*job) for job in jobs])
    # the most to draw first (the answer keys' capsules), so that no worker is left with it
    # at the end while the other waits
    slowest = sorted(range(len(jobs)), key=lambda j: -drawing_work(jobs[j][0]))
    done = dict(zip(slowest, run(draw_part, [jobs[j] for j in slowest]), strict=True))
    drawn = []
    for index, job in enumerate(jobs):
        drawn.append(done[index])
        if on_part:
            on_part(sum(page.puzzle for page in job[0]))
    return DrawnBook(drawn, len(pages), title, language)
