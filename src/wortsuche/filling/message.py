"""A hidden message: its letters fill the cells no word covers, read row by row.

The step runs between placing the words and planting decoys (place → message → decoys → fill):
the message takes the first free cells in reading order, the filler the rest. With ``exact``
the message must use every free cell (a layout whose free cells number exactly its letters is
searched for). The message never spells a listed word a second time: each letter is checked as
it is written, and the filler keeps the promise for the cells after it.

>>> message_letters("Gut gemacht!")
'GUTGEMACHT'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wortsuche.errors import InputError, MessageError
from wortsuche.grid.board import Board
from wortsuche.model import Placement
from wortsuche.words.normalise import normalise_entry

MAX_MESSAGE_LENGTH = 500
"""Characters a message may have as typed (a sentence or two; the grid limits it further)."""


def message_letters(message: str, *, transliterate: bool = False, eszett: str = "keep") -> str:
    """The grid letters of a message: its letters in upper case, blanks and punctuation dropped.

    Letters are written as the words' are (ß as ẞ, Ä kept unless ``transliterate``).
    """
    if not isinstance(message, str):
        raise InputError(
            f"the message must be text, not {message!r}",
            key="error.message-text",
            values={"value": repr(message)},
        )
    if len(message) > MAX_MESSAGE_LENGTH:
        raise InputError(
            f"the message is too long ({len(message)} characters, at most {MAX_MESSAGE_LENGTH})",
            key="error.message-too-long",
            values={"length": len(message), "most": MAX_MESSAGE_LENGTH},
        )
    kept = "".join(char for char in message if char.isalpha() or char in "\u200c\u200d")
    if not kept:
        raise InputError(
            f"the message {message.strip()!r} has no letters",
            key="error.message-no-letters",
            values={"message": message.strip()},
        )
    return normalise_entry(kept, transliterate=transliterate, eszett=eszett).letters


def message_shape(text: str) -> str:
    """The message with each letter as ``A`` (upper case) or ``a``, the rest as typed: what a
    game may show of it before it is found.

    >>> message_shape("Gut gemacht!")
    'Aaa aaaaaaa!'
    """
    return "".join("A" if ch.isupper() else "a" if ch.isalpha() else ch for ch in text)


def free_cells(
    rows: int,
    cols: int,
    placements: Sequence[Placement],
    cells_of: Callable[[Placement], Sequence[tuple[int, int]]],
) -> list[tuple[int, int]]:
    """The cells no placed word covers (``cells_of`` a placement), in reading order (row by row,
    left to right)."""
    covered = {cell for placement in placements for cell in cells_of(placement)}
    return [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in covered]


def write_message(board: Board, letters: str, *, exact: bool = False) -> list[int]:
    """Write ``letters`` into the first free cells in reading order; return their indexes.

    The cells are marked fixed, so the filler never clears them. Raise :class:`MessageError`
    (the board unchanged) when too few cells are free, when ``exact`` and the count differs, or
    when a letter would complete a listed word outside its placement.
    """
    placed = [p for p in board.placements if p is not None]
    free = [
        index
        for index in (
            board.index(cell)
            for cell in free_cells(board.rows, board.cols, placed, board.topology.cells_of)
        )
        if not board.cells[index]  # a hole is no cell
    ]
    if len(letters) > len(free) or (exact and len(letters) != len(free)):
        raise MessageError(
            f"the message has {len(letters)} letters and {len(free)} cells are free",
        )
    written: list[int] = []
    for index, letter in zip(free, letters, strict=False):
        board.budget.spend()
        written += board.write([index], letter)
        if board.strays_through([index]):
            board.erase(written)
            raise MessageError("the message would spell a listed word a second time")
    board.fixed.update(written)
    return written
