"""An independent, deliberately naive oracle for the tests: read every cell in all 8 directions.

It shares no code with the generator or the verifier, so a bug in either cannot hide itself.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping, Sequence

STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]

Cells = frozenset[tuple[int, int]]


def _lines(rows: Sequence[str]) -> tuple[str, list[tuple[int, int, int, int]]]:
    """Every line in all 8 directions as one text, lines separated by a newline.

    Each character position of the text maps back to a cell through ``index``: for
    each line, ``(offset, row, col, step)`` says where it starts in the text and in the
    grid and which of :data:`STEPS` it walks.
    """
    height, width = len(rows), len(rows[0])
    parts: list[str] = []
    index: list[tuple[int, int, int, int]] = []
    offset = 0
    for step, (dr, dc) in enumerate(STEPS):
        for r in range(height):
            for c in range(width):
                if 0 <= r - dr < height and 0 <= c - dc < width:
                    continue  # (r, c) is not where a line in this direction begins
                letters = []
                rr, cc = r, c
                while 0 <= rr < height and 0 <= cc < width:
                    letters.append(rows[rr][cc])
                    rr, cc = rr + dr, cc + dc
                parts.append("".join(letters))
                index.append((offset, r, c, step))
                offset += len(letters) + 1
    return "\n".join(parts), index


def occurrences(rows: Sequence[str], word: str, lines: object = None) -> set[Cells]:
    """Every set of cells that reads ``word`` in some direction.

    One regular-expression pass over the 8-direction text; the lookahead finds
    overlapping matches too (AA twice in AAA).
    """
    text, index = lines if lines is not None else _lines(rows)  # type: ignore[misc]
    offsets = [entry[0] for entry in index]
    found: set[Cells] = set()
    for match in re.finditer(f"(?={re.escape(word)})", text):
        at = match.start()
        offset, r, c, step = index[bisect.bisect_right(offsets, at) - 1]
        dr, dc = STEPS[step]
        k = at - offset
        found.add(frozenset((r + (k + i) * dr, c + (k + i) * dc) for i in range(len(word))))
    return found


def unexplained_occurrences(
    rows: Sequence[str], words: Iterable[str], placed: Mapping[str, Iterable[tuple[int, int]]]
) -> dict[str, list[Cells]]:
    """Per word, occurrences that are neither its placement nor inside a longer placed word."""
    placed_cells = {w: frozenset(cells) for w, cells in placed.items()}
    result: dict[str, list[Cells]] = {}
    lines = _lines(rows)
    for word in words:
        own = placed_cells.get(word)
        extra = [
            cells
            for cells in occurrences(rows, word, lines)
            if cells != own
            and not any(
                len(other) > len(word) and cells <= pc for other, pc in placed_cells.items()
            )
        ]
        if extra:
            result[word] = extra
    return result


def assert_exactly_once(puzzle: object) -> None:
    """Every placed word reads its placement, and no other copy stands outside a longer word."""
    rows = puzzle.grid.rows  # type: ignore[attr-defined]
    secret = getattr(puzzle, "secret_words", ())  # hidden like the others, on no list
    words = [w.letters for w in (*puzzle.words, *secret)]  # type: ignore[attr-defined]
    placements = puzzle.placements  # type: ignore[attr-defined]
    for word, placement in placements.items():
        text = "".join(rows[r][c] for r, c in placement.cells)
        assert text == word, f"{word} placed at {placement.cells} reads {text}"
    if not puzzle.absent:  # type: ignore[attr-defined]
        assert set(placements) == set(words), f"missing: {set(words) - set(placements)}"
    cells = {w: p.cells for w, p in placements.items()}
    assert unexplained_occurrences(rows, words, cells) == {}
    assert apart_from_longer_words(words, cells) == {}


def apart_from_longer_words(
    words: Sequence[str], placed: Mapping[str, Iterable[tuple[int, int]]]
) -> dict[str, list[str]]:
    """Words inside a longer listed word (either way) whose placement lies inside none of them.

    Such a word has its place inside the longer word: placed apart, its letters stand twice.
    """
    placed_cells = {w: frozenset(cells) for w, cells in placed.items()}
    result: dict[str, list[str]] = {}
    for word in placed_cells:
        hosts = [
            other
            for other in words
            if len(other) > len(word) and (word in other or word[::-1] in other)
        ]
        if hosts and not any(placed_cells[word] <= placed_cells.get(h, frozenset()) for h in hosts):
            result[word] = hosts
    return result
