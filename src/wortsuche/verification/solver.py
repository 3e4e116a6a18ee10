"""Find the words in any grid, for example one typed in from a magazine.

>>> report = solve(["DASX", "YZQW"], ["das", "sad", "zy"])
>>> [(r.word.letters, r.own.start if r.own else None) for r in report.words]
[('DAS', (0, 0)), ('SAD', (0, 2)), ('ZY', (1, 1))]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from wortsuche.errors import InputError
from wortsuche.grid.topology import Topology
from wortsuche.model import Grid, Word
from wortsuche.verification.verifier import Report, grid_refused, verify
from wortsuche.words.normalise import normalise_entry
from wortsuche.words.wordset import prepare_words


def read_grid(rows: Sequence[str]) -> Grid:
    """A grid from typed rows: blanks between letters and blank lines are ignored, case folded."""
    cleaned = []
    for number, row in enumerate(rows, start=1):
        text = "".join(unicodedata.normalize("NFC", row).split())
        if not text:
            continue
        cleaned.append(normalise_entry(text, line=number).letters)
    if not cleaned:
        raise InputError("the grid is empty", key="error.grid-empty")
    widths = sorted({len(row) for row in cleaned})
    if len(widths) > 1:
        lengths = ", ".join(map(str, widths))
        raise InputError(
            f"grid rows differ in length ({lengths} letters)",
            key="error.grid-ragged",
            values={"lengths": lengths},
        )
    return Grid.from_rows(cleaned)


def solve(
    grid: Grid | Sequence[str], words: Iterable[str | Word], *, topology: Topology | None = None
) -> Report:
    """Where each word stands in ``grid``: once, several times (stray copies) or not at all.

    ``topology`` says how its cells line up (:mod:`wortsuche.grid.topology`; by default flat).
    A word with ß is looked for as the grid writes it: with the capital ẞ if the grid has one,
    else with SS (as :func:`~wortsuche.generate` writes it by default)."""
    if not isinstance(grid, Grid):
        rows = [grid] if isinstance(grid, str) else grid
        if not isinstance(rows, Sequence) or not all(isinstance(row, str) for row in rows):
            raise grid_refused(grid)
        grid = read_grid(list(rows))
    if topology is not None and (topology.rows, topology.cols) != (grid.height, grid.width):
        size, grid_size = f"{topology.rows}x{topology.cols}", f"{grid.height}x{grid.width}"
        raise InputError(
            f"the topology is {size}, the grid {grid_size}",
            key="error.topology-size",
            values={"size": size, "grid": grid_size},
        )
    prepared, _ = prepare_words(words, eszett=grid_eszett(grid))
    return verify(grid, prepared, topology=topology)


def grid_eszett(grid: Grid) -> str:
    """How ß stands in ``grid``: as the capital ẞ (``keep``) if it has one, else as SS (as
    :func:`~wortsuche.generate` writes it by default)."""
    return "keep" if any("ẞ" in row for row in grid.rows) else "ss"
