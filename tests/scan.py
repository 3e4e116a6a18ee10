"""An independent, deliberately naive oracle for the tests: read every cell in all 8 directions.

It shares no code with the generator or the verifier, so a bug in either cannot hide itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]

Cells = frozenset[tuple[int, int]]


def occurrences(rows: Sequence[str], word: str) -> set[Cells]:
    """Every set of cells that reads ``word`` in some direction."""
    found: set[Cells] = set()
    height, width = len(rows), len(rows[0])
    for r in range(height):
        for c in range(width):
            for dr, dc in STEPS:
                cells = [(r + i * dr, c + i * dc) for i in range(len(word))]
                if all(0 <= rr < height and 0 <= cc < width for rr, cc in cells) and all(
                    rows[rr][cc] == word[i] for i, (rr, cc) in enumerate(cells)
                ):
                    found.add(frozenset(cells))
    return found


def unexplained_occurrences(
    rows: Sequence[str], words: Iterable[str], placed: Mapping[str, Iterable[tuple[int, int]]]
) -> dict[str, list[Cells]]:
    """Per word, occurrences that are neither its placement nor inside a longer placed word."""
    placed_cells = {w: frozenset(cells) for w, cells in placed.items()}
    result: dict[str, list[Cells]] = {}
    for word in words:
        own = placed_cells.get(word)
        extra = [
            cells
            for cells in occurrences(rows, word)
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
    words = [w.letters for w in puzzle.words]  # type: ignore[attr-defined]
    placements = puzzle.placements  # type: ignore[attr-defined]
    for word, placement in placements.items():
        text = "".join(rows[r][c] for r, c in placement.cells)
        assert text == word, f"{word} placed at {placement.cells} reads {text}"
    if not puzzle.absent:  # type: ignore[attr-defined]
        assert set(placements) == set(words), f"missing: {set(words) - set(placements)}"
    cells = {w: p.cells for w, p in placements.items()}
    assert unexplained_occurrences(rows, words, cells) == {}
