"""Two puzzles a page: each in its half of the live area, its title above, its grid on the left
and its word list beside it on the right, the way a half page (wider than tall) has room.

Pure geometry, like :mod:`.layout`: a half is laid out in its own coordinates (top left 0, 0);
a puzzle that cannot keep its letters and list readable in its half is refused, naming what helps.
"""

from __future__ import annotations

from dataclasses import dataclass

from wortsuche.errors import InputError
from wortsuche.model import Puzzle
from wortsuche.render.layout import (
    Box,
    GridDrawing,
    Style,
    Text,
    WordColumns,
    grid_drawing,
    sorted_entries,
    title_lines,
    word_columns,
)
from wortsuche.render.options import RenderOptions

PUZZLES_PER_PAGE = (1, 2)
"""How many puzzles a printed book's page may hold."""

GAP = 18.0
"""The empty band between the two halves of a page, in points."""

SIDE_GAP = 12.0
"""Between a half's grid and its word list, in points."""

FOOTER_ROOM = 12.0
"""The height of a half's faint footer line (size, level, seed), when scores are printed."""

LIST_SHARES = (0.3, 0.36, 0.42, 0.5)
"""The shares of a half's width its word list may take: the one that leaves the largest grid."""

TITLE_PT = (16.0, 24.0)
"""A half's title in normal and large print, in points."""

LEAST_LETTER = (7.0, 16.0)
"""The smallest grid letter in normal and large print, in points (KDP prints nothing under 7)."""

LIST_SIZES = ((12.0, 7.0), (17.0, 14.0))
"""A half's word list in normal and large print: as large as the first, never below the second."""


@dataclass(frozen=True)
class Half:
    """One puzzle laid out in its half: its texts (title, list) and its grid."""

    texts: list[Text]
    grid: GridDrawing


def half_height(height: float) -> float:
    """The height of each half of a live area ``height`` high (the folio's room taken off)."""
    return (height - GAP) / 2


def _title(label: str, width: float, large_print: bool) -> tuple[list[Text], float]:
    """The puzzle's title centred at the top of its half, and the top of what follows."""
    lines, size = title_lines(label, TITLE_PT[large_print], width)
    texts = [
        Text(line, width / 2, size * 0.85 + k * size * 1.15, size, bold=True, anchor="middle")
        for k, line in enumerate(lines)
    ]
    return texts, len(lines) * size * 1.15 + size * 0.4


def _list_fitting(
    entries: list[str], width: float, room: float, large_print: bool
) -> WordColumns | None:
    """The word list in ``width`` at the largest size that keeps it within ``room`` high (None:
    not even at the smallest)."""
    size, least = LIST_SIZES[large_print]
    while size >= least:
        columns = word_columns(entries, size, width)
        if columns.height <= room and columns.width <= width:
            return columns
        size -= 0.5
    return None


def _cell(rows: int, cols: int, width: float, height: float, max_cell: float) -> float:
    """The cell of a ``rows`` x ``cols`` grid in ``width`` x ``height`` (a quarter-cell frame)."""
    return min(width / (cols + 0.5), height / (rows + 0.5), max_cell)


def _arranged(
    rows: int, cols: int, entries: list[str], width: float, room: float, large_print: bool
) -> tuple[float, float, WordColumns] | None:
    """The list's share of the width, the grid's cell and the list's columns that give the
    largest cell (None: the list fits in no share)."""
    style = Style.for_print(large_print)
    best: tuple[float, float, WordColumns] | None = None
    for share in LIST_SHARES:
        list_width = width * share
        columns = _list_fitting(entries, list_width, room, large_print)
        if columns is None:
            continue
        cell = _cell(rows, cols, width - list_width - SIDE_GAP, room, style.max_cell)
        if best is None or cell > best[1]:
            best = (share, cell, columns)
    return best


def half(
    puzzle: Puzzle,
    label: str,
    options: RenderOptions,
    width: float,
    height: float,
) -> Half:
    """``puzzle`` in a half ``width`` x ``height``: title, grid on the left, list on the right;
    refused in one line if its list does not fit beside the grid or its letters would be under
    :data:`LEAST_LETTER` (16 pt in large print)."""
    large = options.large_print
    texts, top = _title(label, width, large)
    room = height - top
    entries = sorted_entries(puzzle) if options.word_list else []
    arranged = _arranged(puzzle.rows, puzzle.cols, entries, width, room, large)
    if arranged is None:
        raise _list_too_long(label, len(entries), large)
    share, cell, columns = arranged
    style = Style.for_print(large)
    # large print lets a letter take up to three quarters of its cell to stay 16 pt
    scale = min(max(style.letter_scale, LEAST_LETTER[large] / cell), 0.75) if large else None
    letters = cell * (scale or style.letter_scale)
    if letters < LEAST_LETTER[large] - 1e-9:
        raise _letters_too_small(label, puzzle, letters, large)
    list_width = width * share if entries else 0.0
    grid = grid_drawing(
        puzzle,
        Box(0, top, width - list_width - (SIDE_GAP if entries else 0.0), room),
        lowercase=options.lowercase,
        max_cell=style.max_cell,
        letter_scale=scale or style.letter_scale,
        centre_vertically=True,
    )
    if entries:
        list_top = grid.frame.y + max(0.0, (grid.frame.height - columns.height) / 2)
        texts += columns.texts(width - list_width / 2, list_top)
    return Half(texts, grid)


def largest_half_grid(
    width: float, height: float, entries: list[str], label: str, *, large_print: bool
) -> tuple[int, int]:
    """The most rows and columns a puzzle of ``entries`` may have in a half ``width`` x
    ``height`` with its letters at least :data:`LEAST_LETTER` ((0, 0): its list fits in no
    share of the half)."""
    _, top = _title(label, width, large_print)
    room = height - top
    style = Style.for_print(large_print)
    scale = 0.75 if large_print else style.letter_scale
    cell = LEAST_LETTER[large_print] / scale
    best = (0, 0)
    for share in LIST_SHARES:
        if _list_fitting(sorted(entries, key=str.casefold), width * share, room, large_print):
            across = width * (1 - share) - SIDE_GAP
            found = (max(0, int(room / cell - 0.5)), max(0, int(across / cell - 0.5)))
            best = max(best, found, key=lambda rc: min(rc))
    return best


def _list_too_long(label: str, count: int, large_print: bool) -> InputError:
    """The refusal of a word list that does not fit beside its grid in half a page."""
    if large_print:
        return InputError(
            f"{label}: two puzzles a page cannot be large print on this trim: its {count} words "
            "do not fit beside its grid at 14 pt; --puzzles-per-page 1, a larger --trim "
            "(8.5x11) or fewer --words-per-puzzle",
            key="error.pair-large-print-list",
            values={"label": label},
            number=count,
        )
    return InputError(
        f"{label}: its {count} words do not fit beside its grid on half a page; "
        "--puzzles-per-page 1, a larger --trim or fewer --words-per-puzzle",
        key="error.pair-list",
        values={"label": label},
        number=count,
    )


def _letters_too_small(label: str, puzzle: Puzzle, letters: float, large_print: bool) -> InputError:
    """The refusal of a grid whose letters would be under the least size in half a page."""
    least = LEAST_LETTER[large_print]
    size = f"{puzzle.rows}x{puzzle.cols}"
    return InputError(
        f"{label}: two puzzles a page set its {size} grid's letters at {letters:.1f} pt, under "
        f"{least:g} pt{' in large print' if large_print else ''}; --puzzles-per-page 1, a "
        "smaller --size or a larger --trim",
        key="error.pair-large-print-letters" if large_print else "error.pair-letters",
        values={"label": label, "size": size, "letters": round(letters, 1), "least": least},
    )
