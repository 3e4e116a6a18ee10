"""An independent, deliberately naive oracle for the tests: read every cell in all 8 directions.

It shares no code with the generator or the verifier, so a bug in either cannot hide itself.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

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


def torus_occurrences(rows: Sequence[str], word: str) -> set[tuple[tuple[int, int], ...]]:
    """Every run of cells that reads ``word`` when the grid is a torus (``--wrap``): from every
    cell, in all 8 directions, stepping over an edge to the other side, for words no longer
    than the line (the steps it takes to come back to the first cell). A run read backwards
    is the same run."""
    height, width = len(rows), len(rows[0])
    found: set[tuple[tuple[int, int], ...]] = set()
    for r in range(height):
        for c in range(width):
            for dr, dc in STEPS:
                cells = [(r, c)]
                while len(cells) < len(word):
                    rr, cc = (cells[-1][0] + dr) % height, (cells[-1][1] + dc) % width
                    if (rr, cc) == (r, c):
                        break  # round once: the word is longer than this line
                    cells.append((rr, cc))
                if len(cells) == len(word) and "".join(rows[a][b] for a, b in cells) == word:
                    run = tuple(cells)
                    found.add(min(run, run[::-1]) if len(run) > 1 else run)
    return found


def _in_a_row(run: Sequence[tuple[int, int]], host: Sequence[tuple[int, int]]) -> bool:
    """True if ``run`` stands in ``host`` as consecutive cells, either way round."""
    n = len(run)
    slices = [tuple(host[i : i + n]) for i in range(len(host) - n + 1)]
    return tuple(run) in slices or tuple(run[::-1]) in slices


def unexplained_occurrences(
    rows: Sequence[str],
    words: Iterable[str],
    placed: Mapping[str, Iterable[tuple[int, int]]],
    *,
    wrap: bool = False,
) -> dict[str, list[Cells]]:
    """Per word, occurrences that are neither its placement nor inside a longer placed word."""
    if wrap:
        return _unexplained_on_torus(rows, words, placed)
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


def _unexplained_on_torus(
    rows: Sequence[str], words: Iterable[str], placed: Mapping[str, Iterable[tuple[int, int]]]
) -> dict[str, list[Cells]]:
    runs = {w: tuple(cells) for w, cells in placed.items()}
    result: dict[str, list[Cells]] = {}
    for word in words:
        own = runs.get(word)
        extra = [
            frozenset(run)
            for run in torus_occurrences(rows, word)
            if (own is None or run not in (own, own[::-1]))
            and not any(len(other) > len(word) and _in_a_row(run, r) for other, r in runs.items())
        ]
        if extra:
            result[word] = extra
    return result


def run_of(placement: Any, rows: int, cols: int, wrap: bool) -> tuple[tuple[int, int], ...]:
    """The cells of a placement, counted here from its start and direction (taken round a torus)."""
    (r, c), (dr, dc) = placement.start, placement.direction.value
    cells = [(r + i * dr, c + i * dc) for i in range(len(placement.letters))]
    return tuple((x % rows, y % cols) for x, y in cells) if wrap else tuple(cells)


def assert_exactly_once(puzzle: object) -> None:
    """Every placed word reads its placement, and no other copy stands outside a longer word."""
    rows = puzzle.grid.rows  # type: ignore[attr-defined]
    secret = getattr(puzzle, "secret_words", ())  # hidden like the others, on no list
    words = [w.letters for w in (*puzzle.words, *secret)]  # type: ignore[attr-defined]
    placements = puzzle.placements  # type: ignore[attr-defined]
    wrap = getattr(puzzle.options, "wrap", False)  # type: ignore[attr-defined]
    cells = {w: run_of(p, len(rows), len(rows[0]), wrap) for w, p in placements.items()}
    for word, run in cells.items():
        text = "".join(rows[r][c] for r, c in run)
        assert text == word, f"{word} placed at {run} reads {text}"
    if not puzzle.absent:  # type: ignore[attr-defined]
        assert set(placements) == set(words), f"missing: {set(words) - set(placements)}"
    assert unexplained_occurrences(rows, words, cells, wrap=wrap) == {}
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
